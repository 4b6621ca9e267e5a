//! Every export format round-trips through a real solver: SCIP (PySCIPOpt) reads the LP and
//! OPB files, RC2 (python-sat) both WCNF dialects, `queensat solve` the DIMACS files; each
//! optimum must be the engine's. The solvers live in the venv `.ci/setup.d/python-peers.sh`
//! makes (.venv, or QUEENSAT_PYTHON); without it the tests say so and pass, except under CI.

use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The venv's python, or `None` (with a message) when it is missing outside CI.
fn python() -> Option<PathBuf> {
    let p = std::env::var_os("QUEENSAT_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(ROOT).join(".venv/bin/python"));
    if p.is_file() {
        return Some(p);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing: .ci/setup.d/python-peers.sh should have made it",
        p.display()
    );
    eprintln!(
        "skipped: no {} (run bash .ci/setup.d/python-peers.sh)",
        p.display()
    );
    None
}

fn queensat(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(args)
        .output()
        .unwrap()
}

/// `queensat ARGS -o FILE`, then the optimum a real solver finds in FILE.
fn optimum(py: &Path, dir: &Path, name: &str, args: &[&str]) -> String {
    let f = dir.join(name);
    let mut all = args.to_vec();
    all.extend(["-o", f.to_str().unwrap()]);
    let o = queensat(&all);
    assert!(
        o.status.success(),
        "{all:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = Command::new(py)
        .arg(Path::new(ROOT).join("tests/tools/optimum.py"))
        .arg(&f)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

fn least_walls(size: &str, q: &str) -> usize {
    let o = queensat(&[
        "least-walls",
        "--size",
        size,
        "--queens",
        q,
        "--quiet",
        "--format",
        "json",
    ]);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("least-walls json");
    j["reports"][0]["least_walls"].as_u64().unwrap() as usize
}

#[test]
fn least_walls_files_give_the_engines_minimum_in_real_solvers() {
    let Some(py) = python() else { return };
    let dir = tempfile::tempdir().unwrap();
    for (size, q) in [("6", "8")] {
        let w = least_walls(size, q);
        let base = ["encode", "least-walls", "--size", size, "--queens", q];
        for (name, extra) in [
            ("lw.lp", &["--to", "lp"][..]),
            ("lw.opb", &["--to", "opb"]),
            ("lw.wcnf", &["--to", "wcnf"]),
            ("lwc.wcnf", &["--to", "wcnf", "--wcnf-format", "classic"]),
        ] {
            let args: Vec<&str> = base.iter().chain(extra).copied().collect();
            assert_eq!(
                optimum(&py, dir.path(), name, &args),
                format!("optimum {w}"),
                "{size} {q} {name}"
            );
            // One wall fewer allowed: no solution.
            let below = (w - 1).to_string();
            let mut args = args.clone();
            args.extend(["--max-walls", &below]);
            assert_eq!(
                optimum(&py, dir.path(), name, &args),
                "infeasible",
                "{size} {q} {name}"
            );
        }
        // DIMACS: SAT (10) at the minimum, UNSAT (20) one below.
        for (walls, code) in [(w, 10), (w - 1, 20)] {
            let f = dir.path().join("lw.cnf");
            let wa = walls.to_string();
            let args: Vec<&str> = base
                .iter()
                .copied()
                .chain(["--max-walls", &wa, "-o", f.to_str().unwrap()])
                .collect();
            assert!(queensat(&args).status.success());
            assert_eq!(
                queensat(&["solve", f.to_str().unwrap()]).status.code(),
                Some(code)
            );
        }
    }
    // The seed's least-walls ILP on 8x8: 11 queens need 3 walls (the seed article's claim).
    let args = [
        "encode",
        "least-walls",
        "--size",
        "8",
        "--queens",
        "11",
        "--to",
        "lp",
    ];
    assert_eq!(optimum(&py, dir.path(), "lw8.lp", &args), "optimum 3");
}

#[test]
fn value_files_give_the_engines_value_in_real_solvers() {
    let Some(py) = python() else { return };
    let dir = tempfile::tempdir().unwrap();
    for walls in ["1,3 2,5", "0,0 2,2 3,4"] {
        let o = queensat(&["value", "--size", "7", "--walls", walls, "--format", "json"]);
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let v = j["value"].as_i64().unwrap();
        let free = 49 - walls.split(' ').count() as i64;
        let base = ["encode", "value", "--size", "7", "--walls", walls];
        for (name, extra, want) in [
            ("v.lp", &["--to", "lp"][..], v),
            ("v.opb", &["--to", "opb"], -v),
            ("v.wcnf", &["--to", "wcnf"], free - v),
            ("vc.wcnf", &["--to", "wcnf", "--wcnf-format", "classic"], free - v),
        ] {
            let args: Vec<&str> = base.iter().chain(extra).copied().collect();
            assert_eq!(
                optimum(&py, dir.path(), name, &args),
                format!("optimum {want}"),
                "{walls} {name}"
            );
        }
    }
}

/// Trial 53: `solve` given a file `encode` wrote in another format said `clause before the
/// p cnf header` (OPB, LP) or asked for a `p cnf` header (WCNF); it now names the format.
#[test]
fn solve_names_the_format_of_a_file_that_is_not_cnf() {
    let dir = tempfile::tempdir().unwrap();
    for (to, format) in [
        ("wcnf", "a weighted MaxSAT (WCNF) file"),
        ("opb", "a pseudo-Boolean (OPB) file"),
        ("lp", "an LP file"),
    ] {
        let file = dir.path().join(format!("q.{to}"));
        let f = file.to_str().unwrap();
        let o = queensat(&["encode", "value", "--size", "4", "--to", to, "-o", f]);
        assert!(o.status.success(), "{o:?}");
        let o = queensat(&["solve", f]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(&format!("{format}, not a DIMACS CNF")), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
