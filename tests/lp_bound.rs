//! The segment-LP bound through the binary: a lattice board proved by the checked dual
//! certificate alone, one where its implied clauses make the final UNSAT call easy, `--no-lp`,
//! `--certify` with the clauses in the checked CNF, and `encode --lp-cuts`.

use crate::common;
use common::{assert_bad_input, ok, run};

/// Walls at every `step`-th square of every `step`-th row from `off`, as `--walls` text.
fn lattice(n: usize, step: usize, off: usize) -> String {
    let mut w = Vec::new();
    for r in (off..n).step_by(step) {
        for c in (off..n).step_by(step) {
            w.push(format!("{r},{c}"));
        }
    }
    w.join(" ")
}

/// The board and the LP certificate that `value --certify --certify-dir DIR` kept beside the
/// proof that `k` queens do not fit.
fn kept_certificate(
    dir: &std::path::Path,
    k: usize,
) -> (queensat::board::Board, queensat::check::DualCertificate) {
    let file = dir.join(format!("value-at-least-{k}.lp-dual.json"));
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    (
        serde_json::from_value(record["board"].clone()).unwrap(),
        serde_json::from_value(record["certificate"].clone()).unwrap(),
    )
}

fn value_json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(&run(args))).unwrap()
}

#[test]
fn the_checked_lp_bound_proves_a_lattice_without_a_final_solver_call() {
    let walls = lattice(13, 4, 0);
    let j = value_json(&["value", "--size", "13", "--walls", &walls, "--format", "json"]);
    assert_eq!(j["value"], 17, "{j}");
    assert_eq!(j["lp"]["bound"], 17, "{j}");
    assert!(
        j["upper_bound"]["reason"]
            .as_str()
            .unwrap()
            .starts_with("LP dual certificate (checked")
    );
    let last = j["calls"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["answer"], "lp", "{j}");
    assert_eq!(last["at_least"], 18, "{j}");
    assert_eq!(j["certified"], true, "{j}");
    assert!(
        j["proof"].as_str().unwrap().contains("LP dual certificate"),
        "{j}"
    );
    // Without the LP the same value rests on a solver's UNSAT answer.
    let j = value_json(&[
        "value", "--size", "13", "--walls", &walls, "--format", "json", "--no-lp",
    ]);
    assert_eq!(j["value"], 17, "{j}");
    assert!(j["lp"].is_null(), "{j}");
    assert_eq!(
        j["calls"].as_array().unwrap().last().unwrap()["answer"],
        "unsat",
        "{j}"
    );
}

#[test]
fn implied_clauses_settle_the_16x16_lattice_and_certify_with_them() {
    let walls = lattice(16, 4, 0);
    let out = ok(&run(&["value", "--size", "16", "--walls", &walls]));
    assert!(out.contains("value 20"), "{out}");
    assert!(
        out.contains("upper bound 21 by LP dual certificate (checked"),
        "{out}"
    );
    assert!(
        out.contains("clauses implied by the checked LP dual certificate"),
        "{out}"
    );
    let solver = if common::built_with("cadical") {
        "cadical"
    } else {
        "varisat"
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = ok(&run(&[
        "value",
        "--size",
        "16",
        "--walls",
        &walls,
        "--solver",
        solver,
        "--certify",
        "--certify-dir",
        d,
    ]));
    assert!(out.contains("s VERIFIED"), "{out}");
    assert!(
        out.contains("certified: 21 queens do not fit (the CNF includes")
            && out.contains("under the segment LP's dual certificate")
            && out.contains("the waste inequality rounded down to 8 steps"),
        "{out}"
    );
    let cnf = dir.path().join("value-at-least-21.cnf");
    // CaDiCaL writes LRAT for the built-in checker, varisat DRAT.
    let proof = ["lrat", "drat"]
        .map(|ext| dir.path().join(format!("value-at-least-21.{ext}")))
        .into_iter()
        .find(|p| p.exists())
        .expect("the proof is kept");
    let format = queensat::solve::ProofFormat::of_path(&proof).unwrap();
    assert!(
        queensat::solve::check_proof(&cnf, &proof, format)
            .unwrap()
            .verified
    );
    // The LP certificate kept beside the proof checks on its own.
    let (board, cert) = kept_certificate(dir.path(), 21);
    assert_eq!(queensat::check::check_dual(&board, &cert).unwrap().bound(), 21);
}

#[test]
fn encode_adds_the_implied_clauses_on_request() {
    let walls = lattice(16, 4, 0);
    let args = [
        "encode",
        "value",
        "--size",
        "16",
        "--walls",
        &walls,
        "--at-least",
        "21",
    ];
    let plain = ok(&run(&args));
    let cut = ok(&run(&[&args[..], &["--lp-cuts"]].concat()));
    let clauses = |s: &str| -> usize {
        let p = s.lines().find(|l| l.starts_with("p cnf")).unwrap();
        p.split_whitespace().nth(3).unwrap().parse().unwrap()
    };
    let header = cut.lines().find(|l| l.starts_with("c encoding:")).unwrap();
    assert!(
        header.contains("clauses implied by \"at least 21 queens\""),
        "{header}"
    );
    let n: usize = header
        .rsplit("; ")
        .find_map(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap();
    assert!(n > 0 && clauses(&cut) == clauses(&plain) + n, "{header}");
    assert_bad_input(
        &[
            "encode",
            "value",
            "--size",
            "16",
            "--lp-cuts",
            "--at-least",
            "3",
            "--to",
            "opb",
        ],
        "--lp-cuts",
    );
}

/// A random 14×14 board with 26 walls (value 25) whose LP over segments and 2×2 blocks is
/// 26.15: the cut rounds bring it to 25.84, so the checked bound settles the value alone.
const CUT_BOARD: &str = "10,5 1,2 4,9 2,2 9,0 8,3 8,8 11,12 6,13 3,11 1,10 8,12 0,7 7,1 7,12 \
                         11,1 0,0 12,10 8,2 4,12 4,2 10,11 1,12 5,11 13,1 0,5";

#[test]
fn clique_cuts_prove_a_board_that_segments_and_blocks_leave_one_above() {
    let j = value_json(&["value", "--size", "14", "--walls", CUT_BOARD, "--format", "json"]);
    assert_eq!(j["value"], 25, "{j}");
    assert_eq!(j["lp"]["bound"], 25, "{j}");
    let last = j["calls"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["answer"].as_str(), last["at_least"].as_u64()),
        (Some("lp"), Some(26)),
        "{j}"
    );
    // The certificate kept with `--certify` lists a clique no 2×2 block holds, and checks.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = ok(&run(&[
        "value",
        "--size",
        "14",
        "--walls",
        CUT_BOARD,
        "--certify",
        "--certify-dir",
        d,
    ]));
    assert!(out.contains("s VERIFIED"), "{out}");
    let (board, cert) = kept_certificate(dir.path(), 26);
    let spread = |cells: &[(usize, usize)]| {
        let span = |f: fn(&(usize, usize)) -> usize| {
            cells.iter().map(f).max().unwrap() - cells.iter().map(f).min().unwrap()
        };
        span(|p| p.0) > 1 || span(|p| p.1) > 1
    };
    assert!(cert.cliques.iter().any(|k| spread(&k.cells)), "{cert:?}");
    assert_eq!(queensat::check::check_dual(&board, &cert).unwrap().bound(), 25);
}
