//! The curated instances in encodings/ are what the generator writes today, and their
//! expected answers (encodings/MANIFEST.tsv) are what the engine and an external solver say.

use std::process::Command;

use crate::common;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

struct Entry {
    name: String,
    expected: String,
    args: String,
}

fn manifest() -> Vec<Entry> {
    let text = std::fs::read_to_string(format!("{ROOT}/encodings/MANIFEST.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.splitn(3, '\t').collect();
            assert_eq!(f.len(), 3, "bad manifest line {l:?}");
            Entry {
                name: f[0].into(),
                expected: f[1].into(),
                args: f[2].into(),
            }
        })
        .collect()
}

/// Runs `queensat ARGS` through the shell (the manifest quotes like the Makefile does).
fn queensat_sh(args: &str) -> String {
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!("\"$Q\" {args}"))
        .env("Q", env!("CARGO_BIN_EXE_queensat"))
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "queensat {args}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn encodings_are_up_to_date_with_the_generator() {
    let entries = manifest();
    assert!(entries.len() >= 8);
    for e in &entries {
        let fresh = queensat_sh(&format!("encode {} -o -", e.args));
        let stored = std::fs::read_to_string(format!("{ROOT}/encodings/{}", e.name))
            .unwrap_or_else(|_| panic!("encodings/{} is missing: run make encodings", e.name));
        assert!(
            fresh == stored,
            "encodings/{} is stale: run make encodings",
            e.name
        );
    }
}

#[test]
fn expected_answers_hold() {
    for e in manifest() {
        let path = format!("{ROOT}/encodings/{}", e.name);
        if e.name.ends_with(".cnf") && (e.args.starts_with("value ") || e.args.starts_with("least-walls ")) {
            // The CaDiCaL binary where one is installed (a solver queensat did not build), else
            // the in-process one: a fresh machine has no solver binary.
            let solver = if common::programs::on_path("cadical") {
                "--external cadical"
            } else {
                ""
            };
            let out = queensat_sh(&format!("solve {solver} '{path}'; c=$?; test $c = 10 -o $c = 20"));
            let want = format!(
                "s {}",
                if e.expected == "SAT" {
                    "SATISFIABLE"
                } else {
                    "UNSATISFIABLE"
                }
            );
            assert!(out.starts_with(&want), "{}: {out}", e.name);
        } else if e.args.starts_with("value ") {
            // Optimisation files: the value that the expected answer names is the engine's.
            let board_args = e
                .args
                .trim_start_matches("value ")
                .replace(" --wcnf", "")
                .replace(" --opb", "")
                .replace(" --lp", "");
            let j: serde_json::Value =
                serde_json::from_str(&queensat_sh(&format!("value {board_args} --format json"))).unwrap();
            let v = j["value"].as_u64().unwrap();
            assert!(
                e.expected.contains(&format!("value {v}")),
                "{}: engine says value {v}",
                e.name
            );
            if e.name.ends_with(".wcnf") {
                // MaxSAT cost = falsified soft units = free cells without a queen.
                let text = std::fs::read_to_string(&path).unwrap();
                let free = text.lines().filter(|l| l.starts_with("1 ")).count() as u64;
                assert!(
                    e.expected.contains(&format!("cost {}", free - v)),
                    "{}: cost {}",
                    e.name,
                    free - v
                );
            }
        }
    }
}
