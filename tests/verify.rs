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

#[test]
fn a_summary_listing_that_repeats_one_board_and_leaves_out_another_is_refuted() {
    // The listing keeps its length (38 lines for 38 boards of value 10) but names one board
    // twice and leaves (1, 3), (3, 6) out: only the set of boards tells.
    let text = std::fs::read_to_string(format!("{PUBLISHED}/8x8/2W_summary.txt")).unwrap();
    let mut lines: Vec<&str> = text.lines().filter(|l| l.trim() != "(1, 3), (3, 6)").collect();
    lines.push("(2, 5), (1, 3)");
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("2W_summary.txt");
    std::fs::write(&summary, lines.join("\n") + "\n").unwrap();
    let boards = format!("{PUBLISHED}/8x8/2-W_boards.csv");
    let o = run(&["verify", summary.to_str().unwrap(), "--boards", &boards]);
    let s = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    let last = lines.len();
    assert!(
        s.contains(&format!(
            "| {last} | listed board 1,3 2,5 is listed once (it is also on line 9) | listed again | once | **refuted** (listing) |"
        )),
        "{s}"
    );
    assert!(
        s.contains("| - | the listing of value-10 boards names board 1,3 3,6 | not listed | value 10 | **refuted** (listing) |"),
        "{s}"
    );
    assert!(
        s.contains(
            "| - | the listing of value-10 boards is complete | 37 (38 lines) | 38 | **refuted** (listing) |"
        ),
        "{s}"
    );
}

#[test]
fn a_puzzle_list_that_repeats_a_class_is_refuted_as_a_duplicate() {
    // The published list's first 3 items, then the first again and the second in another
    // orientation (mirrored left to right): a puzzle list claims one entry per class.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(format!("{PUBLISHED}/interesting/interesting_puzzles.txt")).unwrap();
    let first: Vec<&str> = text.trim_start_matches('[').split("],[").take(3).collect();
    let (bits, value) = first[1].split_once(',').unwrap();
    let bits: u64 = bits.trim().parse().unwrap();
    let mirrored: u64 = (0..64)
        .filter(|i| bits >> (63 - i) & 1 == 1)
        .map(|i| 1u64 << (63 - (8 * (i / 8) + 7 - i % 8)))
        .sum();
    let list = dir.path().join("list.txt");
    let again = format!("{mirrored},{value}");
    let entries = [first.clone(), vec![first[0], &again]].concat();
    std::fs::write(&list, format!("[[{}]]", entries.join("],["))).unwrap();
    let o = run(&[
        "verify",
        list.to_str().unwrap(),
        "--claim",
        "unique-optimum",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let verdicts: Vec<(&str, &str)> = j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let v = &r["verdict"];
            (
                v["refuted"].as_str().unwrap_or("confirmed"),
                v["reason"].as_str().unwrap(),
            )
        })
        .collect();
    let kinds: Vec<&str> = verdicts.iter().map(|v| v.0).collect();
    assert_eq!(
        kinds,
        ["confirmed", "confirmed", "confirmed", "duplicate", "duplicate"],
        "{j}"
    );
    assert!(verdicts[3].1.starts_with("same symmetry class as entry 1"), "{j}");
    assert!(verdicts[4].1.starts_with("same symmetry class as entry 2"), "{j}");
}

/// Trial 52: a count's share of all boards, `(P%)` on its line, was not read: a summary whose
/// counts held but whose shares were false was confirmed line by line, exit 0. Each share is
/// now a claim of its own, checked against the engine's share rounded as the summary rounds it.
#[test]
fn a_summary_share_of_boards_is_checked_too() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(format!("{PUBLISHED}/8x8/1W_summary.txt")).unwrap();
    let summary = dir.path().join("1W_summary.txt");
    let boards = format!("{PUBLISHED}/8x8/1-W_boards.csv");
    let args = ["verify", summary.to_str().unwrap(), "--boards", &boards];
    // The summary, edited, gives this exit code and this line of the report.
    let report = |edited: String, code: i32, says: &str| {
        std::fs::write(&summary, edited).unwrap();
        let o = run(&args);
        let s = stdout(&o);
        assert_eq!(o.status.code(), Some(code), "{s}");
        assert!(s.contains(says), "{s}");
    };
    let share = "| 4 | share of all boards with value 8 |";
    report(text.clone(), 0, &format!("{share} 50.00% | 50.00% | confirmed |"));
    let false_share = text.replacen("(50.00%)", "(60.00%)", 1);
    report(
        false_share,
        1,
        &format!("{share} 60.00% | 50.00% | **refuted** (share) |"),
    );
    std::fs::write(&summary, text.replacen("(50.00%)", "(fifty%)", 1)).unwrap();
    common::assert_bad_input(&args, "line 4: \"fifty%\" is not a percentage");
}

/// A summary that counts a value twice, or leaves out a value the boards reach, was confirmed
/// by `verify` though `sweep-compare` refuted it: both now judge a summary by one judgement.
#[test]
fn a_summary_counting_a_value_twice_or_not_at_all_is_refuted() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(format!("{PUBLISHED}/8x8/1W_summary.txt")).unwrap();
    let count = text.lines().find(|l| l.contains("value 8")).unwrap();
    let summary = dir.path().join("1W_summary.txt");
    let boards = format!("{PUBLISHED}/8x8/1-W_boards.csv");
    let args = ["verify", summary.to_str().unwrap(), "--boards", &boards];
    for (edited, says) in [
        (
            text.replacen(count, &format!("{count}\n{count}"), 1),
            "| boards with value 8 are counted once (first on line 4) | counted again | once | **refuted** (count) |",
        ),
        (
            text.replacen(count, "", 1),
            "| boards with value 8 are counted | no count | 32 | **refuted** (count) |",
        ),
    ] {
        std::fs::write(&summary, edited).unwrap();
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
        assert!(stdout(&o).contains(says), "{}", stdout(&o));
    }
}

/// A boards CSV with every row given twice was confirmed with no word that it holds half the
/// boards it seems to: each row is a true claim, so the file still holds, and the report now
/// says how many rows repeat an earlier row's walls (in the JSON too).
#[test]
fn a_file_whose_rows_repeat_says_how_many_boards_it_holds() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(format!("{PUBLISHED}/8x8/1-W_boards.csv")).unwrap();
    let body: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let twice = dir.path().join("twice.csv");
    std::fs::write(&twice, format!("{text}{body}")).unwrap();
    let o = run(&["verify", twice.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("- repeats: 16 of the 32 rows give the walls of an earlier row (the first: line 18 repeats line 2)"),
        "{}",
        stdout(&o)
    );
    let o = run(&["verify", twice.to_str().unwrap(), "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["repeated_boards"][0], serde_json::json!([18, 2]), "{doc}");
    assert_eq!(doc["repeated_boards"].as_array().unwrap().len(), 16);
}
