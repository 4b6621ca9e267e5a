//! `queensat verify` on the published files and on small files made here.

use crate::common;
use common::{run, stderr, stdout};
use std::path::Path;

const PUBLISHED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/results/published/walled-n-queens");

#[test]
fn the_empty_board_claim_of_value_5_is_refuted_with_a_counter_example() {
    let f = format!("{PUBLISHED}/8x8/0-W_boards.csv");
    let o = run(&["verify", &f]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let s = stdout(&o);
    assert!(s.contains("| 1 | 0 | 1 | not-optimal 1 |"), "{s}");
    assert!(s.contains("the value is 8"), "{s}");
    assert!(s.contains("counter-example (8 queens, checked)"), "{s}");
    // -o writes the same report to a file, with the same exit.
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.md");
    let rows = dir.path().join("r.tsv");
    let o = run(&[
        "verify",
        &f,
        "-o",
        report.to_str().unwrap(),
        "--rows-tsv",
        rows.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(std::fs::read_to_string(&report).unwrap().contains("not-optimal"));
    let tsv = std::fs::read_to_string(&rows).unwrap();
    assert_eq!(tsv.lines().nth(1), Some("line 2\t5\trefuted\tnot-optimal\t8"));
}

#[test]
fn published_one_wall_file_and_scip_solutions_hold() {
    for f in [
        "8x8/1-W_boards.csv",
        "least_walls/sols_transposed.csv",
        "least_walls/solutions.sol",
    ] {
        let o = run(&["verify", &format!("{PUBLISHED}/{f}")]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", stdout(&o));
        assert!(stdout(&o).contains("Every claim holds."));
    }
}

#[test]
fn published_unique_optima_hold_on_a_slice() {
    // The published puzzle list's first 20 items (a slice, to stay fast).
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(format!("{PUBLISHED}/interesting/interesting_puzzles.txt")).unwrap();
    let first: Vec<&str> = text.trim_start_matches('[').split("],[").take(20).collect();
    let slice = dir.path().join("slice.txt");
    std::fs::write(&slice, format!("[[{}]]", first.join("],["))).unwrap();
    let o = run(&["verify", slice.to_str().unwrap(), "--claim", "unique-optimum"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("| 20 | 20 | 0 |"), "{}", stdout(&o));
}

#[test]
fn a_non_unique_optimum_is_refuted() {
    // The empty 4x4 board has value 4 with two (mirror) placements.
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("4x4").join("p.txt");
    std::fs::create_dir_all(list.parent().unwrap()).unwrap();
    std::fs::write(&list, "[[0, 4]]").unwrap();
    let o = run(&["verify", list.to_str().unwrap(), "--claim", "unique-optimum"]);
    assert_eq!(o.status.code(), Some(1));
    let s = stdout(&o);
    assert!(s.contains("boards: 4x4, side from the directory name 4x4"), "{s}");
    assert!(s.contains("**not-unique**"), "{s}");
}

#[test]
fn layout_misfits_are_verdicts_not_misreadings() {
    // The 7x7 files keep 8 bits per row; read as 6x6, walls in row or column 6 do not fit.
    let o = run(&[
        "verify",
        &format!("{PUBLISHED}/7x7/1-W_boards.csv"),
        "--size",
        "6",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let off = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["verdict"]["refuted"] == "off-board")
        .count();
    assert!(off > 0, "{v}");
    assert!(stderr(&o).contains("overrides the directory name 7x7"));
    let o = run(&[
        "verify",
        &format!("{PUBLISHED}/8x8/1-W_boards.csv"),
        "--size",
        "9",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn malformed_files_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, want) in [
        ("a.csv", "Walls,Value,Queens:\n1,2,3\n4,x,5\n", "line 3: value"),
        ("b.txt", "[[1,2],[3]]", "expected [walls, value]"),
        ("c.txt", "hello\n", "unrecognised layout"),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        let o = run(&["verify", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(e.contains(want) && e.contains(name), "{e}");
    }
    assert!(!Path::new("/nonexistent").exists());
    assert_eq!(run(&["verify", "/nonexistent/f.csv"]).status.code(), Some(2));
}

#[test]
fn the_authors_two_wall_summary_is_checked_against_the_engine() {
    let o = run(&[
        "verify",
        &format!("{PUBLISHED}/8x8/2W_summary.txt"),
        "--boards",
        &format!("{PUBLISHED}/8x8/2-W_boards.csv"),
    ]);
    let s = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    assert!(
        s.contains("| 6 | boards with value 10 | 38 | 38 | confirmed |"),
        "{s}"
    );
    assert!(
        s.contains("the listing of value-10 boards is complete | 38 | 38 | confirmed"),
        "{s}"
    );
    // Without the boards it cannot be checked.
    let o = run(&["verify", &format!("{PUBLISHED}/8x8/2W_summary.txt")]);
    assert_eq!(o.status.code(), Some(2));
    // In JSON the same verdicts; the flags that act on rows of boards are refused.
    let summary = format!("{PUBLISHED}/8x8/2W_summary.txt");
    let boards = format!("{PUBLISHED}/8x8/2-W_boards.csv");
    let args = ["verify", &summary, "--boards", &boards];
    let o = run(&[&args[..], &["--format", "json"]].concat());
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (o.status.code(), &j["total"], &j["walls"]),
        (Some(0), &2016.into(), &2.into())
    );
    assert_eq!(j["checked"], j["confirmed"], "{j}");
    let dir = tempfile::tempdir().unwrap();
    let tsv = dir.path().join("rows.tsv");
    for extra in [
        &["--rows-tsv", tsv.to_str().unwrap()][..],
        &["--claim", "unique-optimum"],
    ] {
        common::assert_bad_input(&[&args[..], extra].concat(), "an author's summary has no rows");
    }
    assert!(!tsv.exists());
}
