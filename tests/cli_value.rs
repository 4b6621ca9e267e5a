//! `queensat value` as a user runs it: answers, formats, and one-line errors on bad input.

use crate::common;
use common::{assert_bad_input, ok, run, stdout};
use std::io::Write;
use std::process::Command;

fn grid_file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

#[test]
fn record_boards_from_the_seed_article() {
    let o = run(&["value", "--size", "8", "--walls", "1,3 2,5"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("value 10 "), "{}", stdout(&o));
    let o = run(&["value", "--size", "8", "--walls", "1,4 3,1 4,3"]);
    assert!(stdout(&o).contains("value 11 "), "{}", stdout(&o));
    let o = run(&["value", "--size", "8"]);
    assert!(stdout(&o).contains("value 8 "), "{}", stdout(&o));
}

#[test]
fn json_output_and_bits_layout() {
    let o = run(&[
        "value",
        "--size",
        "8",
        "--bits",
        "0x0010040000000000",
        "--format",
        "json",
    ]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["value"], 10);
    assert_eq!(v["board"]["walls"], serde_json::json!([[1, 3], [2, 5]]));
    assert_eq!(v["placement"].as_array().unwrap().len(), 10);
    assert!(
        v["calls"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["answer"] == "unsat" || c["answer"] == "bound")
    );
    for key in [
        "proof",
        "solver",
        "amo",
        "count",
        "search",
        "seconds",
        "upper_bound",
        "greedy_lower_bound",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
}

#[test]
fn the_printed_grid_reads_back_as_a_board() {
    let f = grid_file(
        "% the 2-wall record\n........\n...#....\n.....#..\n\n........\n........\n........\n........\n........\n",
    );
    let o = run(&["value", f.path().to_str().unwrap()]);
    let out = ok(&o);
    assert!(out.contains("value 10 "), "{out}");
    // The drawn board (lines 2..=9) is itself a valid grid with 10 queens.
    let grid: String = out.lines().skip(1).take(8).map(|l| format!("{l}\n")).collect();
    assert_eq!(grid.matches('Q').count(), 10);
    let g = queensat::board::parse_grid(&grid).unwrap();
    assert!(queensat::check::check_placement(&g.board, &g.queens).is_ok());
}

#[test]
fn every_option_combination_runs() {
    for search in ["up", "down", "binary"] {
        for count in ["cells", "segments"] {
            let o = run(&[
                "value",
                "--size",
                "6",
                "--walls",
                "2,2",
                "--search",
                search,
                "--counter",
                count,
                "--amo",
                "ladder",
            ]);
            assert!(o.status.success());
        }
    }
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    assert_bad_input(
        &["value", "--size", "8", "--walls", "8,0"],
        "cell 8,0 is off the 8x8 board",
    );
    assert_bad_input(
        &["value", "--size", "8", "--walls", "1,1 1,1"],
        "cell 1,1 is given twice",
    );
    assert_bad_input(
        &["value", "--size", "8", "--walls", "1,1", "--holes", "1,1"],
        "given twice",
    );
    assert_bad_input(
        &["value", "--size", "8", "--walls", "1,x"],
        "\"x\" is not a non-negative whole number",
    );
    assert_bad_input(
        &["value", "--size", "65"],
        "a side is a whole number from 1 to 64",
    );
    assert_bad_input(&["value", "--size", "0"], "a side is a whole number from 1 to 64");
    assert_bad_input(&["value", "--size", "8", "--bits", "12z"], "not a 64-bit number");
    assert_bad_input(&["value", "--size", "7", "--bits", "1"], "outside the 7x7 board");
    assert_bad_input(
        &["value", "--rows", "3", "--cols", "4", "--holes", "diagonals"],
        "square board",
    );
    assert_bad_input(
        &["value", "/nonexistent/board.txt"],
        "cannot read board file /nonexistent/board.txt",
    );
    assert_bad_input(&["value"], "no board given");
    let f = grid_file("....\n..?.\n");
    let name = f.path().to_str().unwrap().to_string();
    assert_bad_input(
        &["value", &name],
        &format!("{name}:2:3: unexpected character '?'"),
    );
    let f = grid_file("....\n...\n");
    let name = f.path().to_str().unwrap().to_string();
    assert_bad_input(&["value", &name], &format!("{name}:2:1: row has 3 cells"));
    let f = grid_file("% only a comment\n");
    assert_bad_input(&["value", f.path().to_str().unwrap()], "the grid has no rows");
}

/// `--batch -`: JSON lines in, one JSON result per line out, in one process; each value
/// agrees with brute force; a bad line gives an error object naming it and exit 2 at the end.
#[test]
fn batch_answers_json_lines_in_one_process() {
    use queensat::board::Board;
    use queensat::check::brute_value;
    let mut input = String::new();
    let mut want = Vec::new();
    for i in 0..60usize {
        let walls = vec![(i % 6, (i * 7) % 6), ((i / 6) % 6, (i * 5 + 1) % 6)];
        let b = Board::with_walls(6, 6, &walls).unwrap();
        want.push(brute_value(&b));
        input.push_str(&serde_json::json!({"rows": 6, "cols": 6, "walls": b.walls(), "id": i}).to_string());
        input.push('\n');
    }
    input.push_str("{\"rows\":3,\"cols\":3,\"walls\":[[3,0]]}\n\n{\"size\":8}\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(["value", "--batch", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 62);
    for (i, j) in lines[..60].iter().enumerate() {
        assert_eq!(
            (j["id"].as_u64(), j["value"].as_u64()),
            (Some(i as u64), Some(want[i] as u64))
        );
    }
    assert_eq!(lines[60]["line"], 61);
    assert!(lines[60]["error"].as_str().unwrap().starts_with("line 61: "));
    assert_eq!(
        (lines[61]["line"].as_u64(), lines[61]["value"].as_u64()),
        (Some(63), Some(8))
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("1 bad line"));
}

#[test]
fn without_solver_large_boards_go_to_cadical() {
    let solver = |args: &[&str]| {
        let o = run(args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["solver"].as_str().unwrap().to_string()
    };
    // 17×17 has 289 free cells, 18×18 has 324: the choice switches at 300.
    assert_eq!(solver(&["value", "--size", "17", "--format", "json"]), "varisat");
    let large = solver(&["value", "--size", "18", "--format", "json"]);
    assert_eq!(
        large,
        if cfg!(feature = "cadical") {
            "cadical"
        } else {
            "varisat"
        }
    );
    // A named solver is always the one used.
    assert_eq!(
        solver(&["value", "--size", "18", "--solver", "varisat", "--format", "json"]),
        "varisat"
    );
}

/// `--cadical-config`: CaDiCaL answers with the preset named (`sat` by default), the report
/// names it, every preset gives the same value, and other solvers report none.
#[test]
fn cadical_presets_keep_the_value_and_are_reported() {
    let report = |args: &[&str]| -> serde_json::Value {
        let o = run(args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let walls = "1,3 2,5";
    let v = report(&["value", "--size", "8", "--walls", walls, "--format", "json"]);
    assert_eq!(v["solver"], "varisat");
    assert!(v.get("solver_config").is_none(), "{v}");
    if !common::has_cadical() {
        return;
    }
    let base = [
        "value", "--size", "8", "--walls", walls, "--solver", "cadical", "--format", "json",
    ];
    let v = report(&base);
    assert_eq!(
        (v["value"].as_u64(), v["solver_config"].as_str()),
        (Some(10), Some("sat"))
    );
    for preset in ["default", "sat", "unsat", "plain"] {
        let v = report(&[&base[..], &["--cadical-config", preset]].concat());
        assert_eq!(v["value"], 10, "{preset}");
        assert_eq!(v["solver_config"], preset);
        assert_eq!(v["proved"], true);
    }
    assert_bad_input(
        &["value", "--size", "8", "--cadical-config", "fast"],
        "invalid value 'fast' for '--cadical-config",
    );
}
