//! The shared arguments as a user meets them: one spelling everywhere, clap's own errors in
//! the one-line `queensat: error: ...` form, and no progress on a stderr that is not a terminal.

use crate::common;
use common::{run, stderr, stdout};

/// A usage error is one line, exit 2, and ends on the help to see as a command to paste.
#[test]
fn usage_errors_are_one_line_and_exit_2() {
    for args in [
        &["value", "--size", "8", "--no-such-flag"][..],
        &["sweep", "--size", "4", "--walls", "3..1"],
        &["puzzles", "--size", "4", "--walls", "x"],
        &["solutions", "--size", "6", "--shard", "0/2"],
        &["armies", "--size", "3..4", "--table", "--shard", "3/2"],
        &["least-walls", "--size", "5", "--queens", "7..5"],
        &["no-such-command"],
    ] {
        let o = run(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("queensat: error: "), "{args:?}: {err}");
        // The help it points to is a command that runs: `queensat sweep --help`, not `--help`.
        let (_, see) = err.trim_end().rsplit_once(" (see ").unwrap();
        let words: Vec<&str> = see.strip_suffix(')').unwrap().split(' ').collect();
        assert_eq!(words[0], "queensat", "{err}");
        let help = run(&words[1..]);
        assert!(help.status.success(), "{args:?}: {see}: {}", stderr(&help));
        if args[0] != "no-such-command" {
            assert_eq!(words[1], args[0], "{err}");
        }
    }
}

#[test]
fn help_goes_to_stdout_with_exit_0() {
    let o = run(&["sweep", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("--output"));
}

#[test]
fn one_shape_spelling_for_every_command() {
    // least-walls takes --rows/--cols like every other command.
    let o = run(&[
        "least-walls",
        "--rows",
        "3",
        "--cols",
        "4",
        "--queens",
        "4",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let saved: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(saved["reports"][0]["rows"], 3);
    assert_eq!(saved["reports"][0]["cols"], 4);
    assert!(
        saved["command_line"]
            .as_str()
            .unwrap()
            .starts_with("queensat least-walls")
    );
    // A range of sizes is for tables only.
    let o = run(&["value", "--size", "4..5"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn puzzles_take_a_list_of_wall_counts_like_sweep() {
    let o = run(&["puzzles", "--size", "4", "--walls", "1,3", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let levels: Vec<u64> = r["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["walls"].as_u64().unwrap())
        .collect();
    assert_eq!(levels, vec![1, 3]);
    assert!(r["puzzles"].as_array().unwrap().iter().all(|p| {
        let k = p["walls"].as_array().unwrap().len();
        k == 1 || k == 3
    }));
}

#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    let o = run(&["least-walls", "--size", "5", "--queens", "5..6", "--count"]);
    assert!(o.status.success());
    assert_eq!(stderr(&o), "");
}

#[test]
fn count_has_one_meaning() {
    // `--count` counts (solutions, least-walls); what a totaliser counts is `--counter`.
    let o = run(&["value", "--size", "6", "--counter", "cells"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["solutions", "--size", "6", "--count", "--counter", "cells"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "total 4\nclasses 1\n");
}

#[test]
fn old_spellings_still_work() {
    // `--out DIR` is `--output DIR`, kept as a hidden alias where make targets used it.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p");
    let o = run(&[
        "puzzles",
        "--size",
        "3",
        "--walls",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.join("summary.md").exists());
}

/// Completions for bash, zsh and fish, and man pages, all from the clap definitions.
#[test]
fn completions_and_man_pages_come_from_the_clap_definitions() {
    let exe = env!("CARGO_BIN_EXE_queensat");
    for (shell, marker) in [
        ("bash", "_queensat()"),
        ("zsh", "#compdef queensat"),
        ("fish", "complete -c queensat"),
    ] {
        let o = std::process::Command::new(exe)
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(o.status.success(), "{shell}");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(text.contains(marker), "{shell}: {}", &text[..200.min(text.len())]);
        assert!(
            text.contains("least-walls") && text.contains("time-limit"),
            "{shell}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let o = std::process::Command::new(exe)
        .arg("man")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success());
    let page = std::fs::read_to_string(dir.path().join("queensat-solve.1")).unwrap();
    assert!(page.starts_with(".ie") || page.contains(".TH"), "{page}");
    assert!(
        page.contains("queensat\\-solve") && page.contains("time\\-limit"),
        "{page}"
    );
    assert!(dir.path().join("queensat.1").is_file());
    let o = std::process::Command::new(exe)
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

/// Every board format README lists is accepted where a board file is: a JSON board as well as
/// a grid, the same board giving the same value; a malformed JSON board is one error line.
#[test]
fn a_json_board_is_a_board_file() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("b.json");
    std::fs::write(&json, r#"{"rows":4,"cols":4,"walls":[[1,1]],"holes":[]}"#).unwrap();
    let grid = dir.path().join("b.txt");
    std::fs::write(&grid, "....\n.#..\n....\n....\n").unwrap();
    let from_json = run(&["value", json.to_str().unwrap()]);
    assert!(from_json.status.success(), "{}", stderr(&from_json));
    let from_grid = run(&["value", grid.to_str().unwrap()]);
    let value = |o: &std::process::Output| {
        stdout(o)
            .lines()
            .find(|l| l.starts_with("value"))
            .map(str::to_string)
    };
    assert_eq!(value(&from_json), value(&from_grid));
    std::fs::write(&json, r#"{"rows":4,"cols":4,"walls":[[9,9]]}"#).unwrap();
    let o = run(&["value", json.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not a JSON board: walls[0] (column 29): cell 9,9 is off the 4x4 board"),
        "{}",
        stderr(&o)
    );
}

/// The command a result file records is the one to paste to make it again: an argument with a
/// space or a quote in it is quoted for the shell (`-o 'a b'` was recorded as `-o a b`, which
/// a shell splits), and the line, pasted, reruns the run into the same folder.
#[test]
fn a_recorded_command_pastes_back_as_the_same_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("it's a sweep");
    let mut args: Vec<&str> = "sweep --size 5 --walls 1 --quiet -o".split(' ').collect();
    args.push(out.to_str().unwrap());
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    let command = record["command"].as_str().unwrap();
    let quoted = format!("-o '{}'", out.to_str().unwrap().replace('\'', r"'\''"));
    assert!(command.ends_with(&quoted), "{command}");
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_queensat"))
        .parent()
        .unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let again = std::process::Command::new("bash")
        .args(["-c", command])
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(again.status.success(), "{command}: {}", stderr(&again));
    assert_eq!(stdout(&again), stdout(&o), "{command}");
}

/// An argument that is not UTF-8 is bad input like any other: one line, exit 2, no panic (the
/// usage error's help and the recorded command read the arguments lossily): a flag's value
/// clap refuses, a folder `merge` does not find.
#[test]
fn an_argument_that_is_not_utf8_is_no_panic() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join(std::ffi::OsStr::from_bytes(b"shard-\xff"));
    for args in [
        vec!["value".into(), "--size".into(), bad.clone().into_os_string()],
        vec![
            "sweep".into(),
            "--size".into(),
            "4".into(),
            "-o".into(),
            bad.clone().into_os_string(),
        ],
        vec![
            "merge".into(),
            bad.clone().into_os_string(),
            "-o".into(),
            dir.path().join("m").into_os_string(),
        ],
    ] {
        let args: Vec<std::ffi::OsString> = args;
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_queensat"))
            .args(&args)
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("queensat: error: ") && err.lines().count() == 1,
            "{err}"
        );
    }
}
