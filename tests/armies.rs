//! `queensat armies`: the real binary on the seed's boards, bad input, and the SAT engine
//! against brute force on random small boards with walls and holes.

use crate::common;
use common::queensat;
use proptest::prelude::*;
use queensat::board::{Board, Cell};
use queensat::check::{brute_armies, brute_positions, check_armies};
use queensat::encode::ArmyEncoding;
use queensat::study::{ArmyOptions, largest_armies};

#[test]
fn five_by_five_has_three_classes_of_armies_of_four() {
    let (code, out, _) = queensat(&["armies", "--size", "5", "--unique"]);
    assert_eq!(code, 0);
    assert!(out.contains("largest armies: m = 4"), "{out}");
    assert!(out.contains("UNSAT for two armies of 5"), "{out}");
    assert!(
        out.contains("up to symmetry and colour swap: 3; up to symmetry alone: 6 "),
        "{out}"
    );
}

#[test]
fn a_cached_proof_is_counted_later_without_proving_m_again() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (code, _, err) = queensat(&["armies", "--size", "6", "--cache", d, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let cached = dir.path().join("6x6.json");
    let before: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&cached).unwrap()).unwrap();
    assert!(before["classes"].is_null());
    // The count reuses the proof of the cache (its calls are unchanged) and adds the classes.
    let (code, out, err) = queensat(&["armies", "--size", "6", "--unique", "--cache", d, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("colour swap: 35; up to symmetry alone: 70 "),
        "{out}"
    );
    let after: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&cached).unwrap()).unwrap();
    assert_eq!(after["calls"], before["calls"]);
    assert_eq!(after["classes"]["isometry_classes"], 70);
    assert_eq!(after["classes"]["classes"].as_array().unwrap().len(), 35);
    // A cache from before the count under isometries (no field) still gives it, derived.
    let mut old = after.clone();
    old["classes"].as_object_mut().unwrap().remove("isometry_classes");
    common::write_sealed(&cached, &old, &common::armies_binding(6, 6));
    let (code, out, err) = queensat(&["armies", "--size", "6", "--unique", "--cache", d, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("colour swap: 35; up to symmetry alone: 70 "),
        "{out}"
    );
}

/// A search stopped by --time-limit reports the largest checked position it has, labelled NOT
/// proved, exits 3, enumerates nothing and leaves the cache alone (a stopped board is searched
/// again next time); a board proved within the limit is unaffected.
#[test]
fn a_stopped_search_reports_a_lower_bound_and_is_not_cached() {
    if !common::has_cadical() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    // 10x10 needs minutes for the UNSAT at m + 1 = 15.
    let args = [
        "armies", "--size", "10", "--solver", "cadical", "--unique", "--cache", d,
    ];
    let (code, out, err) = queensat(&[&args[..], &["--time-limit", "0.2"]].concat());
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("largest armies found: m >= "), "{out}");
    assert!(out.contains("NOT proved: stopped after"), "{out}");
    assert!(!out.contains("optimal positions up to symmetry"), "{out}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    let (code, out, err) = queensat(&[&args[..], &["--time-limit", "0.2", "--table", "--no-count"]].concat());
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("| 10 | 10 | ≥ "), "{out}");
    let (code, out, err) = queensat(&[
        "armies",
        "--size",
        "5",
        "--solver",
        "cadical",
        "--time-limit",
        "60",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("largest armies: m = 4"), "{out}");
}

/// A limit that ends a varisat call, which cannot be stopped inside: the search runs on a
/// thread of its own, and its answer is what it knew when the call began, one board or a
/// table's, with no note that a call may run past the limit (8x9's UNSAT for 11 takes 11 s of
/// CPU, which it used to run to its end).
#[test]
fn a_time_limit_ends_a_varisat_call_too() {
    let board = [
        "armies",
        "--rows",
        "8",
        "--cols",
        "9",
        "--solver",
        "varisat",
        "--time-limit",
        "1",
    ];
    let (out, err) = common::queensat_within(&[&board[..], &["--format", "json"]].concat(), 3, 4);
    assert!(!err.contains("queensat: note:"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["m"].as_u64(), v["proved"].as_bool()),
        (Some(10), Some(false)),
        "{v}"
    );
    let proof = v["proof"].as_str().unwrap();
    assert!(
        proof.starts_with("NOT proved: stopped after ")
            && proof.ends_with(" of CPU while asking for two armies of 11; the upper bound is open"),
        "{proof}"
    );
    let (out, _) = common::queensat_within(&[&board[..], &["--table"]].concat(), 3, 4);
    assert!(out.contains("| 8 | 9 | ≥ 10 | "), "{out}");
}

#[test]
fn four_by_four_json_has_ten_classes() {
    let (code, out, _) = queensat(&[
        "armies", "--rows", "4", "--cols", "4", "--unique", "--format", "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["m"], 2);
    assert_eq!(v["classes"]["classes"].as_array().unwrap().len(), 10);
    assert_eq!(v["classes"]["complete"], true);
}

#[test]
fn table_of_small_sizes_and_the_smallest_board() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.md");
    let (code, _, err) = queensat(&[
        "armies",
        "--rows",
        "2..3",
        "--cols",
        "2..3",
        "--table",
        "--brute",
        "--output",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let t = std::fs::read_to_string(&out).unwrap();
    assert!(t.contains("| 2 | 2 | 0 |"), "{t}");
    assert!(t.contains("| 3 | 2 | 1 | 1 | 1 | 4 |"), "{t}");
    assert!(t.contains("| 4 / 0 |"), "{t}");
}

#[test]
fn walls_block_lines_between_armies() {
    // A wall in the middle of a 1x3 row lets the two ends hold opposite colours.
    let (code, out, _) = queensat(&["armies", "--rows", "1", "--cols", "3", "--walls", "0,1"]);
    assert_eq!(code, 0);
    assert!(out.contains("m = 1"), "{out}");
}

#[test]
fn armies_split_into_cubes_are_certified_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("cubes");
    let d = d.to_str().unwrap();
    let args = [
        "armies",
        "--size",
        "6",
        "--walls",
        "2,2",
        "--cube-dir",
        d,
        "--cubes",
        "8",
        "--quiet",
    ];
    let (code, out, err) = queensat(&[&args[..], &["--certify"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("largest armies: m = 7"), "{out}");
    assert!(
        out.contains("(UNSAT certified by a checked proof, or the free squares)"),
        "{out}"
    );
    // A rerun computes nothing; a rerun that asks another question is refused.
    let (code, out, err) = queensat(&[&args[..], &["--certify"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("cubes: 7 (7 resumed)"), "{out}");
    let (code, _, err) = queensat(&args);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("queensat: error:") && err.lines().count() == 1,
        "{err}"
    );
    let (code, _, err) = queensat(&[&args[..], &["--certify", "--certify-dir", d]].concat());
    assert_eq!(code, 2);
    assert!(err.contains("a cube run keeps no certificates"), "{err}");
}

/// The shards of a table share one `--cache` folder; `--table --cached-only` reads the whole
/// table from it, as `--shard`'s help says.
#[test]
fn table_shards_are_assembled_from_their_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let table = [
        "armies",
        "--size",
        "2..5",
        "--table",
        "--no-count",
        "--cache",
        cache.to_str().unwrap(),
    ];
    for shard in ["1/2", "2/2"] {
        let (code, _, err) = queensat(&[&table[..], &["--shard", shard]].concat());
        assert_eq!(code, 0, "{shard}: {err}");
    }
    let (code, out, err) = queensat(&[&table[..], &["--cached-only"]].concat());
    assert_eq!(code, 0, "{err}");
    for (n, m) in [(2, 0), (3, 1), (4, 2), (5, 4)] {
        assert!(out.contains(&format!("| {n} | {n} | {m} |")), "{n}x{n}: {out}");
    }
    assert!(!out.contains("not computed"), "{out}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["armies", "--size", "9..3", "--table"][..],
        &["armies", "--size", "0"],
        &["armies", "--size", "65"],
        &["armies", "--size", "3..4"],
        &["armies", "--size", "3", "--walls", "7,7"],
        &["armies", "--size", "3..4", "--table", "--shard", "3/2"],
        &["armies", "--size", "4", "--shard", "1/2"],
    ] {
        let (code, out, err) = queensat(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("queensat: error: "), "{err}");
    }
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (1usize..=4, 1usize..=5)
        .prop_flat_map(|(r, c)| (Just(r), Just(c), proptest::collection::vec(0u8..10, r * c)))
        .prop_map(|(r, c, kinds)| {
            let mut b = Board::new(r, c).unwrap();
            for (i, k) in kinds.into_iter().enumerate() {
                // Mostly free squares, some walls, a few holes.
                let cell = match k {
                    0 | 1 => Cell::Wall,
                    2 => Cell::Hole,
                    _ => Cell::Free,
                };
                b.set(b.coord(i), cell);
            }
            b
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn sat_agrees_with_brute_force(board in board_strategy()) {
        let brute = brute_armies(&board);
        // The solver-free lower bound that every proved m is held to.
        let greedy = queensat::engine::greedy_armies(&board);
        prop_assert!(check_armies(&board, &greedy).is_ok());
        prop_assert!(greedy.size() <= brute.m, "{:?}: greedy {}", board, greedy.size());
        for encoding in [ArmyEncoding::Segments, ArmyEncoding::Pairs] {
            let opts = ArmyOptions { encoding, unique: true, ..Default::default() };
            let r = largest_armies(&board, &opts).unwrap();
            prop_assert_eq!(r.m, brute.m, "{:?} {:?}", board, encoding);
            prop_assert!(check_armies(&board, &r.example).is_ok());
            if let Some(cl) = &r.classes {
                prop_assert_eq!(cl.positions, brute.positions);
                prop_assert_eq!(cl.positions, brute_positions(&board, r.m));
                for a in &cl.classes {
                    prop_assert!(check_armies(&board, a).is_ok());
                    prop_assert_eq!((a.white.len(), a.black.len()), (r.m, r.m));
                }
            }
        }
    }
}

/// One cache holds one model's proofs: a run with another --encoding or without symmetry
/// breaking is refused with one line naming the setting (the entries are left as they were),
/// --cached-only included, rather than overwriting entries or calling them not computed.
#[test]
fn a_cache_made_with_other_settings_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let table = ["armies", "--size", "4..5", "--table", "--cache", d, "--quiet"];
    let (code, _, err) = queensat(&table);
    assert_eq!(code, 0, "{err}");
    let before = std::fs::read_to_string(dir.path().join("4x4.json")).unwrap();
    for (extra, want) in [
        (&["--encoding", "pairs"][..], "--encoding segments, not pairs"),
        (&["--no-symmetry-breaking"][..], "not --no-symmetry-breaking"),
        (
            &["--encoding", "pairs", "--cached-only"][..],
            "--encoding segments",
        ),
    ] {
        let (code, out, err) = queensat(&[&table[..], extra].concat());
        assert_eq!(code, 2, "{extra:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("queensat: error: ") && err.contains(want),
            "{extra:?}: {err}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("4x4.json")).unwrap(),
        before
    );
}

/// A cached report whose `m` is below the greedy construction's armies is false, however
/// well formed and sealed: read back, it is not believed.
#[test]
fn a_cached_m_below_the_greedy_armies_is_not_believed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (code, _, err) = queensat(&["armies", "--size", "6", "--cache", d, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let cached = dir.path().join("6x6.json");
    let mut forged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cached).unwrap()).unwrap();
    forged["m"] = 4.into();
    for army in ["white", "black"] {
        forged["example"][army].as_array_mut().unwrap().truncate(4);
    }
    let calls = forged["calls"].as_array_mut().unwrap();
    calls.retain(|c| c["at_least"].as_u64() < Some(5));
    calls.push(serde_json::json!({"at_least": 5, "answer": "unsat", "seconds": 0.01}));
    forged["proof"] = "UNSAT for two armies of 5 (3 solver calls)".into();
    common::write_sealed(&cached, &forged, &common::armies_binding(6, 6));
    let (code, out, err) = queensat(&["armies", "--size", "6", "--cache", d, "--quiet"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("m = 4 is false: a checked position of two armies of 5 exists"),
        "{err}"
    );
}
