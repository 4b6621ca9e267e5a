//! Least walls against brute force over all wall sets of small boards, the wall model's
//! fixed-board invariant against brute force, and the command line.

use crate::common;
use common::queensat;
use proptest::prelude::*;
use queensat::board::{Board, Coord};
use queensat::check::brute_value;
use queensat::encode::{Attack, QueenCount, WallModel, WallOptions};
use queensat::solve::{SolveIncremental, SolverResult, VarisatSolver};
use queensat::study::{LeastWallsOptions, WallSearch, least_walls, wall_lower_bound};
use std::collections::HashSet;

/// Calls `f` on every `n × n` board with exactly `k` walls.
fn each_board(n: usize, k: usize, f: &mut impl FnMut(Board)) {
    fn go(n: usize, k: usize, from: usize, chosen: &mut Vec<Coord>, f: &mut impl FnMut(Board)) {
        if chosen.len() == k {
            f(Board::with_walls(n, n, chosen).unwrap());
            return;
        }
        for i in from..n * n {
            chosen.push((i / n, i % n));
            go(n, k, i + 1, chosen, f);
            chosen.pop();
        }
    }
    go(n, k, 0, &mut Vec::new(), f);
}

/// For each q: (least walls, boards, classes) among `n × n` boards with at most `max_walls`
/// walls, by brute force; `None` when no such board admits q queens.
fn brute_table(n: usize, max_walls: usize) -> Vec<Option<(usize, usize, usize)>> {
    let most = n.div_ceil(2) * n.div_ceil(2);
    let mut out = vec![None; most + 1];
    for k in 0..=max_walls {
        let mut boards_by_q = vec![Vec::new(); most + 1];
        each_board(n, k, &mut |b| {
            let v = brute_value(&b);
            for list in boards_by_q.iter_mut().take(v + 1) {
                list.push(b.clone());
            }
        });
        for (q, boards) in boards_by_q.iter().enumerate() {
            if out[q].is_none() && !boards.is_empty() {
                let classes: HashSet<Board> = boards.iter().map(|b| b.canonical().0).collect();
                out[q] = Some((k, boards.len(), classes.len()));
            }
        }
    }
    out
}

fn options(
    attack: Attack,
    lex: bool,
    necessary: bool,
    unique: bool,
    count: QueenCount,
    slack_cuts: bool,
) -> LeastWallsOptions {
    LeastWallsOptions {
        // Without the lex-leader in the minimisation, add it for the count when not `unique`.
        lex_leader_count: !lex && !unique && necessary,
        model: WallOptions {
            attack,
            count,
            lex_leader: lex,
            necessary_walls: necessary,
            slack_cuts,
        },
        count: true,
        unique,
        ..Default::default()
    }
}

fn agree_with_brute_force(n: usize, max_walls: usize) {
    let brute = brute_table(n, max_walls);
    for attack in [Attack::Linear, Attack::Pairwise] {
        for (lex, necessary, unique, count, slack) in [
            (false, true, true, QueenCount::Blocks, false),
            (false, false, false, QueenCount::Cells, false),
            (true, true, false, QueenCount::Blocks, false),
            (true, false, true, QueenCount::Cells, false),
            (false, true, false, QueenCount::Cells, false),
            (false, false, false, QueenCount::Cells, true),
            (true, true, true, QueenCount::Blocks, true),
            (false, true, true, QueenCount::Segments, false),
            (true, false, false, QueenCount::Segments, true),
        ] {
            let opts = options(attack, lex, necessary, unique, count, slack);
            for (q, want) in brute.iter().enumerate().skip(n) {
                let r = least_walls(n, n, q, &opts).unwrap();
                let w = r.least_walls.unwrap();
                let c = r.count.as_ref().unwrap();
                match *want {
                    Some(expected) => {
                        assert_eq!((w, c.boards, c.classes), expected, "{n}x{n} q={q} {opts:?}")
                    }
                    None => assert!(
                        w > max_walls,
                        "{n}x{n} q={q}: engine {w}, brute force none ≤ {max_walls}"
                    ),
                }
                let wit = r.witness.unwrap();
                assert_eq!(wit.board.n_walls(), w);
                assert_eq!(brute_value(&wit.board), wit.value);
                assert!(wit.value >= q);
            }
            let beyond = least_walls(n, n, brute.len(), &opts).unwrap();
            assert!(beyond.impossible.is_some());
        }
    }
}

#[test]
fn five_by_five_agrees_with_brute_force() {
    agree_with_brute_force(5, 4);
}

#[test]
fn six_by_six_agrees_with_brute_force() {
    agree_with_brute_force(6, 3);
}

/// Two ways to run the search that must never change its answer, both searches against brute
/// force: the annealing's first board (which moves where each search starts, and is
/// recorded), and each wall bound asked of a fresh solver (the bounds as unit clauses).
#[test]
fn annealing_start_and_fresh_bounds_keep_the_minimum() {
    for (n, max_walls) in [(5, 4), (6, 3)] {
        let brute = brute_table(n, max_walls);
        for search in [WallSearch::Down, WallSearch::Up] {
            for fresh in [false, true] {
                let opts = LeastWallsOptions {
                    model: WallOptions {
                        slack_cuts: search == WallSearch::Down || !fresh,
                        ..Default::default()
                    },
                    search,
                    start_runs: if fresh { 0 } else { 1 },
                    fresh_bounds: fresh,
                    ..Default::default()
                };
                for (q, want) in brute.iter().enumerate().skip(n) {
                    let r = least_walls(n, n, q, &opts).unwrap();
                    let w = r.least_walls.unwrap();
                    let here = format!("{n}x{n} q={q} {search:?} fresh {fresh}");
                    match want {
                        Some((expected, _, _)) => assert_eq!(w, *expected, "{here}"),
                        None => assert!(w > max_walls, "{here}"),
                    }
                    assert_eq!(r.fresh_bounds, fresh);
                    if !fresh {
                        let start = r.start.as_ref().expect("the annealing meets a board this small");
                        assert!(start.walls >= w && start.runs == 1);
                    }
                    let wit = r.witness.unwrap();
                    assert_eq!(wit.board.n_walls(), w);
                    assert!(brute_value(&wit.board) >= q);
                }
            }
        }
    }
}

/// A search stopped by its time limit, wherever that falls, reports bounds around the
/// brute-force minimum, and a best board that admits q queens; unstopped, the minimum.
#[test]
fn stopped_bounds_hold_the_minimum() {
    let (mut stopped, mut finished) = (0, 0);
    for (n, max_walls) in [(5, 4), (6, 3)] {
        let brute = brute_table(n, max_walls);
        for search in [WallSearch::Down, WallSearch::Up] {
            for micros in [50, 400, 3000] {
                let opts = LeastWallsOptions {
                    search,
                    time_limit: Some(std::time::Duration::from_micros(micros)),
                    ..Default::default()
                };
                for (q, want) in brute.iter().enumerate().skip(n) {
                    let r = least_walls(n, n, q, &opts).unwrap();
                    let here = format!("{n}x{n} q={q} {search:?} {micros} us");
                    let Some(st) = &r.stopped else {
                        finished += 1;
                        let w = r.least_walls.unwrap();
                        if let Some((expected, _, _)) = want {
                            assert_eq!(w, *expected, "{here}");
                        }
                        continue;
                    };
                    stopped += 1;
                    assert!(r.least_walls.is_none() && r.witness.is_none(), "{here}");
                    assert!(st.lower >= wall_lower_bound(n, n, q), "{here}");
                    let upper = st.best.as_ref().map(|b| {
                        assert!(brute_value(&b.board) >= q, "{here}");
                        b.board.n_walls()
                    });
                    match want {
                        Some((least, _, _)) => {
                            assert!(st.lower <= *least, "{here}: lower {}", st.lower);
                            assert!(upper.is_none_or(|u| u >= *least), "{here}: upper {upper:?}");
                        }
                        None => assert!(upper.is_none_or(|u| u > max_walls), "{here}"),
                    }
                }
            }
        }
    }
    eprintln!("{stopped} stopped, {finished} finished");
    assert!(
        stopped > 0 && finished > 0,
        "{stopped} stopped, {finished} finished"
    );
}

/// The largest k for which the model with the board's walls fixed admits k queens; with the
/// slack cuts, bounded by the board's own number of walls (the tightest bound it meets).
fn model_value(board: &Board, attack: Attack, count: QueenCount, slack_cuts: bool) -> usize {
    let mut s = VarisatSolver::default();
    let opts = WallOptions {
        attack,
        count,
        lex_leader: false,
        necessary_walls: false,
        slack_cuts,
    };
    let mut m = WallModel::encode(board.rows(), board.cols(), opts, &mut s).unwrap();
    let fixed = m.fix_board(board);
    let mut k = 0;
    loop {
        let Some(mut a) = m.at_least_queens(k + 1, &mut s) else {
            return k;
        };
        a.extend(&fixed);
        a.extend(m.slack_bounds(board.n_walls(), k + 1, &mut s));
        if s.solve_assumps(&a).unwrap() == SolverResult::Unsat {
            return k;
        }
        k += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// With walls fixed by assumptions, the model's value is the board's value.
    #[test]
    fn fixed_walls_give_the_board_value(rows in 1usize..6, cols in 1usize..6, bits in any::<u32>()) {
        let walls: Vec<Coord> = (0..rows * cols)
            .filter(|i| bits >> (i % 32) & 1 == 1 && i % 3 != 0)
            .map(|i| (i / cols, i % cols))
            .collect();
        let b = Board::with_walls(rows, cols, &walls).unwrap();
        let v = brute_value(&b);
        // The row bound that proves a minimum without a solver.
        prop_assert!(b.n_walls() >= wall_lower_bound(rows, cols, v));
        for count in [QueenCount::Cells, QueenCount::Blocks, QueenCount::Segments] {
            prop_assert_eq!(model_value(&b, Attack::Linear, count, false), v);
            prop_assert_eq!(model_value(&b, Attack::Pairwise, count, false), v);
            // The slack cuts are implied: they keep every placement of the board.
            prop_assert_eq!(model_value(&b, Attack::Pairwise, count, true), v);
            prop_assert_eq!(model_value(&b, Attack::Linear, count, true), v);
        }
    }
}

#[test]
fn cli_answers_counts_lists_and_renders() {
    let (code, out, _) = queensat(&[
        "least-walls",
        "--size",
        "6",
        "--queens",
        "8..10",
        "--count",
        "--unique",
        "--list",
        "--quiet",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("6x6, 9 queens: least walls 6"), "{out}");
    assert!(out.contains("6x6, 10 queens: impossible"), "{out}");
    assert!(out.contains("class 1:"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("6x6.json");
    let js = json.to_str().unwrap();
    let (code, _, _) = queensat(&[
        "least-walls",
        "--size",
        "6",
        "--queens",
        "6..9",
        "--count",
        "--quiet",
        "--format",
        "json",
        "-o",
        js,
    ]);
    assert_eq!(code, 0);
    let md = dir.path().join("t.md");
    let (code, _, err) = queensat(&["least-walls", "table", js, "-o", md.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let table = std::fs::read_to_string(&md).unwrap();
    assert!(table.contains("| 9 | 6 | UNSAT at ≤ 5 walls |"), "{table}");
    let svg = dir.path().join("c.svg");
    let (code, _, err) = queensat(&["least-walls", "chart", js, "-o", svg.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}

#[test]
fn a_row_bound_proof_counts_its_solver_calls_once() {
    // 9 queens on 8x8: the row bound shows 1 wall, which the search down reaches by SAT calls.
    let (code, out, err) = queensat(&["least-walls", "--size", "8", "--queens", "9", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let proof = out.lines().find(|l| l.starts_with("proof: ")).unwrap();
    let calls = proof
        .split("need at least 1 wall (no solver call for the bound, ")
        .nth(1);
    assert!(
        calls.is_some_and(|c| c.ends_with(" solver calls in all)") && !c.contains('(')),
        "{proof}"
    );
    // The annealing's board at the bound: no call at all.
    let args = [
        "least-walls",
        "--size",
        "8",
        "--queens",
        "9",
        "--start-runs",
        "1",
        "--quiet",
    ];
    let (code, out, err) = queensat(&args);
    assert_eq!(code, 0, "{err}");
    let proof = out.lines().find(|l| l.starts_with("proof: ")).unwrap();
    assert!(
        proof.ends_with("need at least 1 wall (no solver call)"),
        "{proof}"
    );
}

#[test]
fn cli_start_runs_report_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("7x7.json");
    let js = json.to_str().unwrap();
    let (code, out, err) = queensat(&[
        "least-walls",
        "--size",
        "7",
        "--queens",
        "11",
        "--start-runs",
        "1",
        "--quiet",
        "-o",
        js,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("7x7, 11 queens: least walls 6"), "{out}");
    assert!(out.contains("from 1 annealing run,"), "{out}");
    let md = dir.path().join("t.md");
    let (code, _, err) = queensat(&["least-walls", "table", js, "-o", md.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // A start board with fewer walls than the minimum contradicts the proof: refused.
    let text = std::fs::read_to_string(&json).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["reports"][0]["start"]["walls"] = serde_json::json!(2);
    std::fs::write(&json, v.to_string()).unwrap();
    let (code, _, err) = queensat(&["least-walls", "table", js]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("queensat: error:") && err.contains("annealing"),
        "{err}"
    );
}

#[test]
fn cli_rejects_bad_input_with_one_line() {
    let bad = dir_with_bad_json();
    for args in [
        vec!["least-walls", "--size", "6"],
        vec!["least-walls", "--size", "6", "--queens", "x"],
        vec!["least-walls", "--size", "0", "--queens", "3"],
        vec!["least-walls", "--size", "6", "--queens", "9..3"],
        vec!["least-walls", "--size", "60", "--queens", "3"],
        vec!["least-walls", "--size", "6", "--queens", "8", "--start-runs", "x"],
        vec!["least-walls", "--size", "6", "--queens", "8", "--start-runs=-1"],
    ]
    .into_iter()
    .chain(
        [
            ["--time-limit", "0"],
            ["--time-limit", "soon"],
            ["--fresh-bounds", "maybe"],
            ["--fresh-bounds", "true --lex-leader on"],
        ]
        .map(|extra| {
            let mut v = vec!["least-walls", "--size", "6", "--queens", "8"];
            v.extend(extra.iter().flat_map(|a| a.split(' ')));
            v
        }),
    )
    .chain([
        vec!["least-walls", "table", "/nonexistent/run.json"],
        vec!["least-walls", "table", bad.1.as_str()],
    ]) {
        let (code, _, err) = queensat(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("queensat: error:"), "{err}");
    }
}

fn dir_with_bad_json() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bad.json");
    std::fs::write(&p, "{\"command\": 3").unwrap();
    let s = p.to_str().unwrap().to_string();
    (dir, s)
}

/// `--time-limit`: a search stopped before the minimum reports bounds that hold (exit 3), and
/// a saved stopped run is read back with its bounds checked like any other input.
#[test]
fn cli_time_limit_reports_checked_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("12x12.json");
    let js = json.to_str().unwrap();
    // 12x12 with 30 queens takes hours; the first board comes in milliseconds.
    let twelve = [
        "least-walls",
        "--size",
        "12",
        "--queens",
        "30",
        "--solver",
        "cadical",
        "--quiet",
    ];
    let (code, out, err) = queensat(&[&twelve[..], &["--time-limit", "1", "-o", js]].concat());
    assert_eq!(code, 3, "{out}{err}");
    assert!(
        out.contains("(NOT proved)") && out.contains("the time limit of 1 CPU s ran out"),
        "{out}"
    );
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let r = &v["reports"][0];
    assert!(r["least_walls"].is_null() && r["witness"].is_null(), "{r}");
    let lower = r["stopped"]["lower"].as_u64().unwrap();
    assert_eq!(lower, wall_lower_bound(12, 12, 30) as u64);
    let upper = r["stopped"]["best"]["board"]["walls"].as_array().unwrap().len() as u64;
    assert!(upper > lower, "{r}");
    let (code, table, err) = queensat(&["least-walls", "table", js]);
    assert_eq!(code, 0, "{err}");
    assert!(
        table.contains(&format!("| 30 | {lower}..{upper} (stopped) |")),
        "{table}"
    );
    // Bounds that contradict the checker, the row bound or each other are refused.
    let tamper = |f: &dyn Fn(&mut serde_json::Value), what: &str| {
        let mut t = v.clone();
        f(&mut t["reports"][0]);
        let bad = dir.path().join("bad.json");
        std::fs::write(&bad, t.to_string()).unwrap();
        let (code, _, err) = queensat(&["least-walls", "table", bad.to_str().unwrap()]);
        assert_eq!(code, 2, "{what}: {err}");
        assert!(
            err.starts_with("queensat: error:") && err.lines().count() == 1,
            "{what}: {err}"
        );
    };
    tamper(
        &|r| r["stopped"]["lower"] = serde_json::json!(lower - 1),
        "below the row bound",
    );
    tamper(
        &|r| r["stopped"]["lower"] = serde_json::json!(lower + 1),
        "above what the calls show",
    );
    tamper(
        &|r| r["stopped"]["lower"] = serde_json::json!(upper),
        "bounds meet",
    );
    tamper(&|r| r["least_walls"] = serde_json::json!(upper), "a minimum too");
    tamper(
        &|r| r["stopped"]["best"]["board"]["walls"] = serde_json::json!([]),
        "a board the checker refuses",
    );
    // Searching up from the row bound, the first call (an UNSAT of hours) finds no board.
    let (code, out, err) = queensat(&[&twelve[..], &["--search", "up", "--time-limit", "0.5"]].concat());
    assert_eq!(code, 3, "{err}");
    assert!(
        out.contains("least walls >= 18 (NOT proved)") && out.contains("no board found yet"),
        "{out}"
    );
}

/// A stopped q's row in `table` also gives the bounds that the minima of the other q of its
/// size imply (the least walls do not decrease with q), and a claim within its bounds is open.
#[test]
fn stopped_rows_take_bounds_from_the_other_q() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("8x8.json");
    let js = json.to_str().unwrap();
    let (code, _, err) = queensat(&[
        "least-walls",
        "--size",
        "8",
        "--queens",
        "13,14",
        "--quiet",
        "-o",
        js,
    ]);
    assert_eq!(code, 0, "{err}");
    // Turn q = 14 (9 walls) into a search stopped before its UNSAT call at 8 walls: only the
    // row bound (6) and the board with 9 walls.
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let r = &mut v["reports"][1];
    assert_eq!(r["least_walls"], 9);
    let witness = r["witness"].take();
    r["least_walls"] = serde_json::Value::Null;
    let last = r["calls"].as_array_mut().unwrap().pop().unwrap();
    assert_eq!(
        (&last["answer"], &last["at_most_walls"]),
        (&"unsat".into(), &8.into())
    );
    r["stopped"] = serde_json::json!({
        "why": "a test", "lower": 6,
        "best": { "board": witness["board"], "placement": witness["placement"] },
    });
    std::fs::write(&json, v.to_string()).unwrap();
    let claims = dir.path().join("claims.csv");
    std::fs::write(
        &claims,
        "rows,cols,queens,what,claimed,source\n8,8,14,least_walls,8,x\n",
    )
    .unwrap();
    let (code, table, err) = queensat(&["least-walls", "table", js, "--claims", claims.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(table.contains("| 14 | 6..9 (stopped) |"), "{table}");
    assert!(
        table.contains("at least 7 (a smaller q needs at least 7)"),
        "{table}"
    );
    assert!(
        table.contains("| 8x8 | 14 | least_walls | 8 | 6..9 (stopped) | open | x |"),
        "{table}"
    );
}

#[test]
fn least_walls_split_into_cubes_are_the_searchs_certified_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("cubes");
    let d = d.to_str().unwrap();
    let (code, plain, err) = queensat(&["least-walls", "--size", "6", "--queens", "9", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(plain.contains("least walls 6"), "{plain}");
    let args = [
        "least-walls",
        "--size",
        "6",
        "--queens",
        "9",
        "--cube-dir",
        d,
        "--cubes",
        "16",
        "--quiet",
    ];
    let (code, out, err) = queensat(&[&args[..], &["--certify"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("6x6, 9 queens: least walls 6"), "{out}");
    assert!(out.contains("from 16 cubes on row 3"), "{out}");
    assert!(
        out.contains("(UNSAT certified by a checked proof, or the row bound)"),
        "{out}"
    );
    // A rerun computes nothing; a rerun that asks another question is refused.
    let (code, out, err) = queensat(&[&args[..], &["--certify"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("cubes: 16 (16 resumed)"), "{out}");
    let (code, _, err) = queensat(&args);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("queensat: error:") && err.lines().count() == 1,
        "{err}"
    );
    for (extra, why) in [
        (
            &["--certify", "--certify-dir", d][..],
            "a cube run keeps no certificates",
        ),
        (&["--count"], "cannot be used with"),
        (
            &["--certify", "--lex-leader", "on"],
            "--certify checks each cube's refutation",
        ),
    ] {
        let (code, _, err) = queensat(&[&args[..], extra].concat());
        assert_eq!(code, 2, "{extra:?}");
        assert!(err.contains(why), "{extra:?}: {err}");
    }
    let (code, _, err) = queensat(&["least-walls", "--size", "6", "--queens", "8..9", "--cube-dir", d]);
    assert_eq!(code, 2);
    assert!(err.contains("--cube-dir answers one q"), "{err}");
}

/// More queens than any wall set admits (the 2x2 block bound) is an answer, "impossible",
/// proved by counting before any search: a cube run gives it as the plain run does (it was
/// refused as bad input, exit 2, under --cube-dir), and makes no folder, having no cubes.
#[test]
fn an_impossible_q_is_answered_with_or_without_cubes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("cubes");
    let d = d.to_str().unwrap();
    let plain = ["least-walls", "--size", "6", "--queens", "10", "--quiet"];
    let cubes = [&plain[..], &["--cube-dir", d]].concat();
    for format in ["text", "json"] {
        let mut answers = Vec::new();
        for args in [&plain[..], &cubes] {
            let (code, out, err) = queensat(&[args, &["--format", format]].concat());
            assert_eq!(code, 0, "{args:?}: {err}");
            assert!(out.contains("no 6x6 board admits 10 queens"), "{out}");
            answers.push(out);
        }
        if format == "json" {
            let fields = |out: &str| {
                let mut v: serde_json::Value = serde_json::from_str(out).unwrap();
                v["reports"][0]["seconds"] = 0.into();
                v["reports"][0]["cpu_seconds"] = 0.into();
                (v["command"].clone(), v["reports"].clone())
            };
            assert_eq!(fields(&answers[0]), fields(&answers[1]));
            assert!(answers[1].contains("\"proof\":\"impossible by the 2x2 block bound\""));
        } else {
            assert_eq!(answers[0], answers[1]);
        }
    }
    assert!(!std::path::Path::new(d).exists());
}

/// A count cut short by its CPU limit without the lex-leader may have met a class's boards only
/// in part; its cross-check once failed such a count as an internal error.
#[test]
fn a_count_cut_short_reports_a_lower_bound() {
    let (code, out, err) = queensat(&[
        "least-walls",
        "--size",
        "7",
        "--queens",
        "10",
        "--count",
        "--lex-leader",
        "off",
        "--count-cpu-limit",
        "0.0001",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("count: INCOMPLETE (CPU limit), at least"), "{out}");
}

/// `--time-limit` with fresh bounds certified by varisat: each bound's proof is solved on a
/// thread of its own (so that a signal can give up on it), and that thread's CPU time was
/// counted by no deadline, so 9x9 with 14 queens ran past a 1 s limit to about 3 s. The limit
/// now counts every thread the search waited for.
#[test]
fn a_time_limit_counts_the_proof_solves_of_fresh_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().join("proofs");
    let flags = "--queens 14 --fresh-bounds true --certify --solver varisat --time-limit 1";
    let mut args = vec![
        "least-walls",
        "--size",
        "9",
        "--certify-dir",
        proofs.to_str().unwrap(),
    ];
    args.extend(flags.split(' '));
    let (out, _) = common::queensat_within(&args, 3, 2);
    assert!(out.contains("the time limit of 1 CPU s ran out"), "{out}");
}
