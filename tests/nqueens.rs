//! `queensat nqueens` end to end, and the n-queens search and checker against brute force.

use crate::common;
use common::queensat;
use proptest::prelude::*;
use queensat::board::{Board, Placement};
use queensat::check::{brute_count, check_columns, check_placement};
use queensat::engine::nqueens::{Method, constructive, min_conflicts, solve_nqueens};

fn placement(col: &[u32]) -> Placement {
    Placement::new(col.iter().enumerate().map(|(r, &c)| (r, c as usize)).collect())
}

#[test]
fn small_n_agree_with_brute_force_for_both_methods() {
    for n in 1..=8 {
        let board = Board::square(n).unwrap();
        let has_solution = brute_count(&board, n) > 0;
        for method in [Method::MinConflicts, Method::Constructive] {
            for seed in 0..5 {
                let a = solve_nqueens(n, method, seed, &queensat::run::Reporter::silent()).unwrap();
                assert_eq!(a.solved, has_solution, "n = {n} {method:?}");
                if let Some(col) = &a.solution {
                    assert_eq!(check_placement(&board, &placement(col)), Ok(()));
                }
            }
        }
    }
}

#[test]
fn cli_answers_tiny_and_absurd_boards() {
    let (code, out, _) = queensat(&["nqueens", "1", "-o", "-"]);
    assert_eq!((code, out.as_str()), (0, "0\n"));
    for n in ["2", "3"] {
        let (code, out, _) = queensat(&["nqueens", n]);
        assert_eq!(code, 1, "no solution is exit 1");
        assert!(out.contains("no solution (exhaustive search)"), "{out}");
    }
    let (code, _, err) = queensat(&["nqueens", "0"]);
    assert_eq!(code, 2);
    assert_eq!(err, "queensat: error: n must be at least 1 (got 0)\n");
    let (code, _, err) = queensat(&["nqueens", "10^12"]);
    assert_eq!(code, 2);
    assert!(err.contains("above the budget of 2048 MiB"), "{err}");
    assert_eq!(err.lines().count(), 1);
    let (code, _, err) = queensat(&["nqueens", "1e6", "--max-memory", "1"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = queensat(&["nqueens", "many"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn written_solutions_pass_check_in_every_style() {
    let dir = tempfile::tempdir().unwrap();
    for (method, style, base) in [
        ("minconflicts", "plain", false),
        ("constructive", "python", true),
        ("minconflicts", "python", false),
    ] {
        let path = dir.path().join(format!("{method}-{style}-{base}.txt"));
        let p = path.to_str().unwrap();
        let mut args = vec!["nqueens", "1000", "--method", method, "--style", style, "-o", p];
        if base {
            args.push("--one-based");
        }
        let (code, out, err) = queensat(&args);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("checked by check_columns"), "{out}");
        let text = std::fs::read_to_string(&path).unwrap();
        let nums: Vec<u32> = text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse::<u32>().unwrap() - u32::from(base))
            .collect();
        assert_eq!(check_columns(&nums), Ok(()));
        assert_eq!(text.starts_with('['), style == "python");
        let mut check = vec!["nqueens", "--check", p];
        if base {
            check.push("--one-based");
        }
        let (code, out, err) = queensat(&check);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("n = 1000: a solution"), "{out}");
    }
}

#[test]
fn check_catches_broken_files() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("good.txt", "1 3 0 2\n[2, 0, 3, 1]\n", 0, "2: n = 4: a solution"),
        (
            "column.txt",
            "1 3 1 2\n",
            1,
            "rows 0 and 2 both hold a queen in column 1",
        ),
        (
            "diagonal.txt",
            "1 3 0 2\n0 2 3 1\n",
            1,
            "queens at row 1, column 2 and row 2, column 3",
        ),
        ("off.txt", "1 4 0 2\n", 1, "row 1: column 4 is off the board"),
    ];
    for (name, text, want, says) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let (code, out, err) = queensat(&["nqueens", "--check", path.to_str().unwrap()]);
        assert_eq!(code, want, "{name}: {out}{err}");
        assert!(out.contains(says), "{name}: {out}");
    }
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, "1 3\n0 two\n").unwrap();
    let (code, _, err) = queensat(&["nqueens", "--check", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.ends_with("bad.txt:2:3: unexpected 't' in a column list\n"),
        "{err}"
    );
    let (code, _, err) = queensat(&["nqueens", "--check", "/no/such/file"]);
    assert_eq!(code, 2, "{err}");
    // A file of one-based columns hears of its rows and columns as it numbers them.
    let path = dir.path().join("one-based.txt");
    std::fs::write(&path, "2 4 2 3\n2 5 1 3\n").unwrap();
    let (code, out, err) = queensat(&["nqueens", "--check", path.to_str().unwrap(), "--one-based"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("rows 1 and 3 both hold a queen in column 2"),
        "{out}"
    );
    assert!(out.contains("row 2: column 5 is off the board"), "{out}");
}

/// Trial 52: `--check` read every number on a line as one column list, whatever stood between
/// them: `[1, 3] [0, 2]` (two lists of 2, neither a solution), `1 3 [0 2]`, `[[1, 3, 0, 2]]`
/// and `1,,3,0,2` (an entry left empty) were each "n = 4: a solution", exit 0. A line holds
/// one list, with no empty entry, or the file is malformed (exit 2, naming line and column).
#[test]
fn check_reads_one_list_a_line_and_no_empty_entry() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("[1, 3] [0, 2]\n", "1:8: a second list on one line"),
        ("[1, 3][0, 2]\n", "1:7: a second list on one line"),
        ("1 3 [0, 2]\n", "1:5: columns before `[`"),
        ("[1, 3] 0 2\n", "1:8: columns after the list's `]`"),
        ("[[1, 3, 0, 2]]\n", "1:2: a list inside a list"),
        (
            "2 0 3 1\n1,,3,0,2\n",
            "2:3: an empty entry (no column before `,`)",
        ),
    ];
    for (i, (text, says)) in cases.into_iter().enumerate() {
        let path = dir.path().join(format!("lists{i}.txt"));
        std::fs::write(&path, text).unwrap();
        common::assert_bad_input(&["nqueens", "--check", path.to_str().unwrap()], says);
    }
    let path = dir.path().join("python.txt");
    std::fs::write(&path, "[1, 3, 0, 2,]\n2 , 0 , 3 , 1\n").unwrap();
    let (code, out, err) = queensat(&["nqueens", "--check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn no_file_is_left_when_nothing_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("three.txt");
    let (code, _, _) = queensat(&["nqueens", "3", "-o", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(!path.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// The plain definition: every pair of rows, O(n²).
fn pairwise_ok(col: &[u32]) -> bool {
    let n = col.len();
    col.iter().all(|&c| (c as usize) < n)
        && (0..n).all(|a| (a + 1..n).all(|b| col[a] != col[b] && col[a].abs_diff(col[b]) as usize != b - a))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn min_conflicts_solves_for_any_seed(n in 4usize..300, seed in any::<u64>()) {
        let (col, _) = min_conflicts(n, seed).unwrap();
        prop_assert!(pairwise_ok(&col));
        prop_assert_eq!(check_columns(&col), Ok(()));
    }

    #[test]
    fn checker_agrees_with_the_definition(col in prop::collection::vec(0u32..9, 0..9)) {
        let ok = check_columns(&col).is_ok();
        prop_assert_eq!(ok, pairwise_ok(&col));
        if !col.is_empty() && col.iter().all(|&c| (c as usize) < col.len()) {
            let board = Board::square(col.len()).unwrap();
            prop_assert_eq!(ok, check_placement(&board, &placement(&col)).is_ok());
        }
    }

    #[test]
    fn one_changed_row_breaks_a_solution(n in 4usize..2000, row in any::<prop::sample::Index>(), to in any::<prop::sample::Index>()) {
        let mut col = constructive(n).unwrap();
        let (r, c) = (row.index(n), to.index(n + 1) as u32);
        prop_assume!(col[r] != c);
        col[r] = c;
        prop_assert!(check_columns(&col).is_err());
    }
}

#[test]
fn value_starts_large_boards_from_a_primal_heuristic() {
    use queensat::engine::{ValueOptions, value};
    // 1600 free cells and the LP bound 40: the tabu search's climbs, not the local search.
    let board = Board::square(40).unwrap();
    let r = value(&board, &ValueOptions::default()).unwrap();
    assert_eq!(r.value, 40);
    assert_eq!(r.local_search_lower_bound, None);
    let tabu = r
        .tabu_search_lower_bound
        .expect("the greedy start falls short of 40");
    assert!(tabu > r.greedy_lower_bound && tabu <= 40);
    assert_eq!(check_placement(&board, &r.placement), Ok(()));
    // 240 free cells (a step-4 wall lattice): the local search.
    let walls: Vec<_> = (0..16)
        .step_by(4)
        .flat_map(|r| (0..16).step_by(4).map(move |c| (r, c)))
        .collect();
    let walled = Board::with_walls(16, 16, &walls).unwrap();
    let r = value(&walled, &ValueOptions::default()).unwrap();
    let local = r
        .local_search_lower_bound
        .expect("240 free cells run the local search");
    assert!(local >= r.greedy_lower_bound && r.tabu_search_lower_bound.is_none());
    let small = value(&Board::square(8).unwrap(), &ValueOptions::default()).unwrap();
    assert_eq!(small.local_search_lower_bound, None);
}
