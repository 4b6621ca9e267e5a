//! `queensat solutions` and `queensat render`: oracles, brute-force agreement, file formats.

use crate::common;
use common::{ok, run, stderr};
use proptest::prelude::*;
use queensat::board::{Board, Cell, Placement};
use queensat::check::{brute_count, check_placement};
use queensat::engine::{Breaking, EnumOptions, Target, count, enumerate};
use std::collections::HashSet;
use std::process::Command;

/// The summary line of a JSON-lines run.
fn summary(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = ok(&run(&all));
    let last = out.lines().last().expect("a summary line");
    let v: serde_json::Value = serde_json::from_str(last).unwrap();
    assert_eq!(v["type"], "summary");
    v
}

/// Every legal placement of exactly `k` queens, by depth-first search over free cells in
/// row-major order, pruned by the checker (a subset of a legal placement is legal).
fn brute_placements(board: &Board, k: usize) -> Vec<Placement> {
    fn go(
        board: &Board,
        free: &[(usize, usize)],
        from: usize,
        k: usize,
        cur: &mut Vec<(usize, usize)>,
        out: &mut Vec<Placement>,
    ) {
        if cur.len() == k {
            out.push(Placement::new(cur.clone()));
            return;
        }
        for i in from..free.len() {
            cur.push(free[i]);
            if check_placement(board, &Placement::new(cur.clone())).is_ok() {
                go(board, free, i + 1, k, cur, out);
            }
            cur.pop();
        }
    }
    let free = board.free_cells();
    let mut out = Vec::new();
    go(board, &free, 0, k, &mut Vec::new(), &mut out);
    out
}

/// Symmetry classes by brute force: distinct least images under the board's stabiliser.
fn brute_classes(board: &Board, placements: &[Placement]) -> usize {
    let stab = board.stabiliser();
    let canon: HashSet<Placement> = placements
        .iter()
        .map(|p| stab.iter().map(|&s| p.image_on(s, board)).min().unwrap())
        .collect();
    canon.len()
}

#[test]
fn empty_boards_4_to_10_totals_and_classes() {
    let want = [
        (4, 2, 1),
        (5, 10, 2),
        (6, 4, 1),
        (7, 40, 6),
        (8, 92, 12),
        (9, 352, 46),
        (10, 724, 92),
    ];
    for (n, total, classes) in want {
        let size = n.to_string();
        // --break chooses how --unique keeps one placement per class; alone it is refused.
        for breaking in [None, Some("images"), Some("lex-leader")] {
            let unique = breaking.is_some();
            let mut args = vec!["solutions", "--size", &size, "--count"];
            if let Some(b) = breaking {
                args.extend(["--unique", "--break", b]);
            }
            let s = summary(&args);
            assert_eq!(s["queens"], n, "n={n}");
            assert_eq!(s["total"], total, "n={n} unique={unique}");
            assert_eq!(s["classes"], classes, "n={n} unique={unique}");
            assert_eq!(s["complete"], true);
        }
    }
}

#[test]
fn record_wall_boards_have_one_optimal_placement() {
    for walls in ["1,3 2,5", "1,4 3,1 4,3"] {
        let out = ok(&run(&[
            "solutions",
            "--size",
            "8",
            "--walls",
            walls,
            "--limit",
            "2",
            "--count",
        ]));
        assert_eq!(out, "total 1\nclasses 1\n", "walls {walls}");
    }
}

#[test]
fn json_lines_are_legal_distinct_and_add_up() {
    let out = ok(&run(&[
        "solutions",
        "--size",
        "8",
        "--unique",
        "--format",
        "json",
    ]));
    let board = Board::square(8).unwrap();
    let mut seen = HashSet::new();
    let mut orbit_sum = 0;
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["type"] == "placement" {
            let p: Placement = serde_json::from_value(v["queens"].clone()).unwrap();
            assert_eq!(check_placement(&board, &p), Ok(()));
            assert_eq!(p.len(), 8);
            // No two answers in one class.
            let canon = board
                .group()
                .iter()
                .map(|&s| p.image_on(s, &board))
                .min()
                .unwrap();
            assert!(seen.insert(canon));
            orbit_sum += v["orbit_size"].as_u64().unwrap();
        }
    }
    assert_eq!(seen.len(), 12);
    assert_eq!(orbit_sum, 92);
}

#[test]
fn text_listing_shows_boards_and_the_summary() {
    let out = ok(&run(&["solutions", "--size", "6", "--unique"]));
    assert!(
        out.starts_with("board 6x6, no walls\nplacement 1 (class of 4)\n"),
        "{out}"
    );
    assert!(
        out.contains("4 placements of exactly 6 queens, 1 symmetry class under"),
        "{out}"
    );
    let out = ok(&run(&["solutions", "--size", "8", "--limit", "2", "--count"]));
    assert_eq!(
        out,
        "total > 2\nclasses unknown (run stopped at --limit, more answers exist)\n"
    );
}

#[test]
fn a_limit_at_the_exact_count_gives_exact_counts() {
    // 92 placements in 12 classes: a limit of exactly that many asks once more, and the UNSAT
    // answer makes the counts exact; one short, the answer past the limit says more exist.
    let count = |limit: &str, unique: bool| {
        let args = [
            "solutions",
            "--size",
            "8",
            "--count",
            "--limit",
            limit,
            "--unique",
        ];
        ok(&run(&args[..args.len() - usize::from(!unique)]))
    };
    assert_eq!(count("92", false), "total 92\nclasses 12\n");
    assert_eq!(count("12", true), "total 92\nclasses 12\n");
    let out = count("11", true);
    assert!(
        out.starts_with("total > ") && out.contains("classes > 11\n"),
        "{out}"
    );
    let o = run(&[
        "solutions",
        "--size",
        "8",
        "--limit",
        "92",
        "--format",
        "json",
        "--count",
    ]);
    let j: serde_json::Value = serde_json::from_str(ok(&o).trim()).unwrap();
    let summary = (&j["complete"], &j["more"], &j["solver_calls"]);
    assert_eq!(summary, (&true.into(), &false.into(), &93.into()));
}

#[test]
fn shards_add_up() {
    let (mut total, mut classes) = (0, 0);
    for shard in ["1/3", "2/3", "3/3"] {
        let s = summary(&[
            "solutions",
            "--size",
            "8",
            "--unique",
            "--count",
            "--shard",
            shard,
        ]);
        total += s["total"].as_u64().unwrap();
        classes += s["classes"].as_u64().unwrap();
    }
    assert_eq!((total, classes), (92, 12));
    for bad in ["0/3", "4/3", "x"] {
        let o = run(&["solutions", "--size", "8", "--shard", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
    }
    let o = run(&[
        "solutions",
        "--size",
        "8",
        "--unique",
        "--break",
        "images",
        "--shard",
        "1/2",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn queens_and_at_least_targets() {
    let b = Board::with_walls(5, 5, &[(2, 2)]).unwrap();
    let board_args = ["solutions", "--size", "5", "--walls", "2,2", "--count"];
    let s = summary(&[&board_args[..], &["--queens", "4"]].concat());
    assert_eq!(s["total"], brute_count(&b, 4));
    let s = summary(&[&board_args[..], &["--at-least", "5"]].concat());
    let want: u64 = (5..=25).map(|k| brute_count(&b, k)).sum();
    assert_eq!(s["total"], want);
}

#[test]
fn eight_queens_plus_agrees_with_brute_force() {
    let s = summary(&[
        "solutions",
        "--size",
        "8",
        "--holes",
        "diagonals",
        "--unique",
        "--count",
    ]);
    let mut b = Board::square(8).unwrap();
    for i in 0..8 {
        b.set((i, i), Cell::Hole);
        b.set((i, 7 - i), Cell::Hole);
    }
    let all = brute_placements(&b, 8);
    assert_eq!(s["queens"], 8);
    assert_eq!(s["total"], all.len());
    assert_eq!(s["classes"], brute_classes(&b, &all));
}

#[test]
fn csplib_instances_want_n_queens_on_holes() {
    // Text form, 1-based: blocked (1,2) (2,4) (3,1) (6,5).
    let s = summary(&["solutions", "--csplib", "tests/data/blocked-6.param", "--count"]);
    let mut b = Board::square(6).unwrap();
    for p in [(0, 1), (1, 3), (2, 0), (5, 4)] {
        b.set(p, Cell::Hole);
    }
    assert_eq!(s["queens"], 6);
    assert_eq!(
        s["board"]["holes"],
        serde_json::json!([[0, 1], [1, 3], [2, 0], [5, 4]])
    );
    assert_eq!(s["total"], brute_count(&b, 6));
    // Extra holes on top, `diagonals` too, as on any board.
    let s = summary(&[
        "solutions",
        "--csplib",
        "tests/data/blocked-6.param",
        "--holes",
        "diagonals",
        "--count",
    ]);
    for i in 0..6 {
        b.set((i, i), Cell::Hole);
        b.set((i, 5 - i), Cell::Hole);
    }
    assert_eq!(s["board"]["holes"].as_array().unwrap().len(), 16);
    assert_eq!(s["total"], brute_count(&b, 6));
    // JSON form, 0-based.
    let s = summary(&["solutions", "--csplib", "tests/data/blocked-5.json", "--count"]);
    let mut b = Board::square(5).unwrap();
    for i in [0, 2, 4] {
        b.set((i, i), Cell::Hole);
    }
    assert_eq!(s["total"], brute_count(&b, 5));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.param");
    std::fs::write(&bad, "letting n be 4\nletting blocks be [[1,1],[9,2]]\n").unwrap();
    let o = run(&["solutions", "--csplib", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.param") && err.contains("(9,2) is off the 4x4 board"),
        "{err}"
    );
    let o = run(&["solutions", "--size", "8", "--csplib", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["render", "--size", "4", "--placement", "0,9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("off the 4x4 board"));
}

#[test]
fn render_writes_an_svg_and_flags_illegal_placements() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.svg");
    let o = run(&[
        "render",
        "--size",
        "8",
        "--walls",
        "1,3 2,5",
        "--holes",
        "0,0",
        "--solve",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches("<polygon").count(),
        10,
        "the value of this board is 10"
    );
    let o = run(&["render", "--size", "4", "--placement", "0,0 1,1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("attack each other"));
    assert!(String::from_utf8_lossy(&o.stdout).contains("<svg"));
}

/// A random board of at most 5×5 with walls and holes.
fn small_board() -> impl Strategy<Value = Board> {
    (1usize..=5, 1usize..=5)
        .prop_flat_map(|(r, c)| (Just(r), Just(c), proptest::collection::vec(0u8..10, r * c)))
        .prop_map(|(r, c, cells)| {
            let mut b = Board::new(r, c).unwrap();
            for (i, &x) in cells.iter().enumerate() {
                let kind = match x {
                    0 => Cell::Wall,
                    1 => Cell::Hole,
                    _ => Cell::Free,
                };
                b.set((i / c, i % c), kind);
            }
            b
        })
}

/// Boards symmetric under some of the group, so stabilisers other than {identity} occur.
fn symmetric_board() -> impl Strategy<Value = Board> {
    (small_board(), 0usize..8).prop_map(|(b, s)| {
        let sym = b.group()[s % b.group().len()];
        let mut out = b.clone();
        for p in b.coords() {
            let q = sym.apply(p, b.rows(), b.cols());
            // Keep the larger of the two cells so the result is invariant under `sym`.
            let kind = b.cell(p).max(b.cell(q));
            out.set(p, kind);
            out.set(q, kind);
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn sat_enumeration_matches_brute_force(b in prop_oneof![small_board(), symmetric_board()], dk in 0usize..3) {
        let v = queensat::check::brute_value(&b);
        let k = v.saturating_sub(dk).max(1);
        let all = brute_placements(&b, k);
        let classes = brute_classes(&b, &all) as u64;
        for (unique, breaking) in [(false, Breaking::Images), (true, Breaking::Images), (true, Breaking::LexLeader)] {
            let opts = EnumOptions { target: Target::Exactly(k), unique, breaking, ..EnumOptions::default() };
            let mut listed = Vec::new();
            let r = enumerate(&b, &opts, |f| { listed.push(f.placement.clone()); Ok(()) }).unwrap();
            prop_assert_eq!(r.total, all.len() as u64);
            prop_assert_eq!(r.total, brute_count(&b, k));
            prop_assert_eq!(r.classes, Some(classes));
            if !unique {
                listed.sort();
                let mut want = all.clone();
                want.sort();
                prop_assert_eq!(&listed, &want);
            }
        }
        // At least k: every size from k up to the value, one class at a time.
        let (mut total_up, mut classes_up) = (0u64, 0u64);
        for j in k..=v {
            let of_size_j = brute_placements(&b, j);
            total_up += of_size_j.len() as u64;
            classes_up += brute_classes(&b, &of_size_j) as u64;
        }
        for breaking in [Breaking::Images, Breaking::LexLeader] {
            let opts = EnumOptions { target: Target::AtLeast(k), unique: true, breaking, ..EnumOptions::default() };
            let r = count(&b, &opts).unwrap();
            prop_assert_eq!((r.total, r.classes), (total_up, Some(classes_up)));
        }
        // Shards partition placements (plain) and classes (lex-leader).
        for m in 2..=3 {
            for unique in [false, true] {
                let (mut t, mut c) = (0, 0);
                for s in 0..m {
                    let opts = EnumOptions {
                        target: Target::Exactly(k), unique, shard: Some((s, m)), ..EnumOptions::default()
                    };
                    let r = count(&b, &opts).unwrap();
                    t += r.total;
                    c += r.answers;
                }
                prop_assert_eq!(t, all.len() as u64);
                if unique {
                    prop_assert_eq!(c, classes);
                }
            }
        }
        let opts = EnumOptions { target: Target::Value, unique: true, ..EnumOptions::default() };
        let r = count(&b, &opts).unwrap();
        prop_assert_eq!(r.queens, v);
        prop_assert_eq!(r.total, brute_count(&b, v));
    }
}

#[test]
fn a_closed_pipe_ends_the_listing_quietly() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(["solutions", "--size", "10"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    // Quiet either way: done before the reader left (exit 0), or ended by SIGPIPE like other
    // command-line tools (`yes | head`); never an error message or a panic.
    use std::os::unix::process::ExitStatusExt as _;
    assert!(
        out.status.code() == Some(0) || out.status.signal() == Some(libc::SIGPIPE),
        "{:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
}
