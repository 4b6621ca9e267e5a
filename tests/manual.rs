//! What `--help` and the man pages say beyond the arguments (src/cli/manual.rs): every
//! example runs as shown, and the man pages have their EXIT STATUS, ENVIRONMENT and EXAMPLES.

use crate::common;
use std::path::Path;
use std::process::Command;

/// The examples that `queensat NAME --help` shows: (command line, what it shows).
fn examples(name: &str) -> Vec<(String, String)> {
    let help = common::ok(&common::run(&[name, "--help"]));
    let Some((_, section)) = help.split_once("\nExamples:\n") else {
        return Vec::new();
    };
    let mut found: Vec<(String, String)> = Vec::new();
    for line in section.lines() {
        match (line.strip_prefix("      "), line.strip_prefix("  ")) {
            (Some(what), _) => found.last_mut().expect("a command before its text").1 = what.to_string(),
            (None, Some(command)) => found.push((command.to_string(), String::new())),
            (None, None) => break,
        }
    }
    found
}

fn subcommands() -> Vec<String> {
    let help = common::ok(&common::run(&["--help"]));
    let (_, list) = help.split_once("Commands:\n").unwrap();
    list.lines()
        .map_while(|l| l.strip_prefix("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&n| n != "help")
        .map(String::from)
        .collect()
}

/// The status an example's text promises: `exit N` in it, else 0.
fn promised_status(what: &str) -> i32 {
    what.split("exit ")
        .skip(1)
        .find_map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .unwrap_or(0)
}

/// Each subcommand's `--help` shows two or three examples, and each runs as shown from the
/// checkout's root (here a scratch folder that sees the checkout's docs/ and results/, so
/// that what the examples write lands in it) with the status its text promises.
#[test]
fn every_example_in_help_runs_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = tempfile::tempdir().unwrap();
    for dir in ["docs", "results", "data"] {
        std::os::unix::fs::symlink(root.join(dir), scratch.path().join(dir)).unwrap();
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_queensat")).parent().unwrap();
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let names = subcommands();
    assert!(names.len() >= 15, "{names:?}");
    for name in names {
        let examples = examples(&name);
        assert!((2..=3).contains(&examples.len()), "{name}: {examples:?}");
        for (command, what) in examples {
            assert!(!what.is_empty(), "{command}: no text");
            let o = Command::new("sh")
                .args(["-c", &command])
                .current_dir(scratch.path())
                .env("PATH", &path)
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let err = common::stderr(&o);
            assert_eq!(o.status.code(), Some(promised_status(&what)), "{command}\n{err}");
            assert!(!err.contains("error"), "{command}\n{err}");
        }
    }
}

/// Every man page ends on EXIT STATUS, ENVIRONMENT (every `QUEENSAT_*` variable the source
/// reads) and EXAMPLES, in that order.
#[test]
fn man_pages_have_exit_status_environment_and_examples() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man");
    common::ok(&common::run(&["man", out.to_str().unwrap()]));
    let mut variables = std::collections::BTreeSet::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                for (i, _) in text.match_indices("QUEENSAT_") {
                    let name: String = text[i..]
                        .chars()
                        .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                        .collect();
                    variables.insert(name);
                }
            }
        }
    }
    assert!(variables.len() >= 3, "{variables:?}");
    let pages: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(pages.len() >= 16, "{pages:?}");
    for page in pages {
        let roff = std::fs::read_to_string(&page).unwrap();
        let at = |section: &str| {
            roff.find(&format!(".SH {section}\n"))
                .unwrap_or_else(|| panic!("{}: no {section}", page.display()))
        };
        let (status, env, examples) = (at("\"EXIT STATUS\""), at("ENVIRONMENT"), at("EXAMPLES"));
        assert!(status < env && env < examples, "{}", page.display());
        let environment = &roff[env..examples];
        for v in &variables {
            assert!(
                environment.contains(&format!("\\fB{v}\\fR")),
                "{}: {v}",
                page.display()
            );
        }
        assert!(roff[status..env].contains("\\fB2\\fR"), "{}", page.display());
    }
}

/// Exit status 1 where a command gives it is on the command's man page: `render` drawing an
/// illegal placement, `armies --certify` whose proof the checker rejects.
#[test]
fn exit_status_one_is_on_the_man_page() {
    let dir = tempfile::tempdir().unwrap();
    let rejecting = common::script(dir.path(), "checker", "echo 's NOT VERIFIED'\nexit 1");
    let runs: [(&str, &[&str]); 2] = [
        ("render", &["render", "--size", "4", "--placement", "0,0 1,1"]),
        ("armies", &["armies", "--size", "4", "--certify"]),
    ];
    let man = dir.path().join("man");
    common::ok(&common::run(&["man", man.to_str().unwrap()]));
    for (name, args) in runs {
        let out = Command::new(env!("CARGO_BIN_EXE_queensat"))
            .args(args)
            .env("QUEENSAT_DRAT_CHECKER", &rejecting)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}: {}", common::stderr(&out));
        let roff = std::fs::read_to_string(man.join(format!("queensat-{name}.1"))).unwrap();
        let status = roff.find(".SH \"EXIT STATUS\"\n").unwrap();
        let env = roff.find(".SH ENVIRONMENT\n").unwrap();
        assert!(
            roff[status..env].contains("\\fB1\\fR"),
            "{name}: {}",
            &roff[status..env]
        );
    }
}

/// `verify` exits 1 on a refuted claim whether it prints its report or `-o` writes it (then a
/// line on stderr says where it went and how it came out), and its man page says so.
#[test]
fn verify_exit_status_is_the_same_with_or_without_output_and_on_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let file = "results/published/walled-n-queens/8x8/0-W_boards.csv";
    let report = dir.path().join("report.md");
    assert_eq!(common::run(&["verify", file]).status.code(), Some(1));
    let written = common::run(&["verify", file, "-o", report.to_str().unwrap()]);
    assert_eq!(written.status.code(), Some(1), "{}", common::stderr(&written));
    assert!(
        common::stderr(&written).contains(": 1 row checked, 0 confirmed, 1 refuted, "),
        "{}",
        common::stderr(&written)
    );
    let man = dir.path().join("man");
    common::ok(&common::run(&["man", man.to_str().unwrap()]));
    let roff = std::fs::read_to_string(man.join("queensat-verify.1")).unwrap();
    assert!(roff.contains("refuted (wherever the report goes)"), "{roff}");
}
