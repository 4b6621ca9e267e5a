//! `queensat cover`: packing and covering small boards with n-queens solutions, through the
//! real binary, with certificates checked and bad input refused.

use crate::common;
use common::queensat;

/// `queensat cover --size 8` with `solver`, certificates into `dir`, and `extra` options.
fn cover_8x8(solver: &str, dir: &str, extra: &[&str]) -> (i32, String, String) {
    let args = [
        &["cover", "--size", "8", "--solver", solver, "--certificates", dir],
        extra,
    ]
    .concat();
    queensat(&args)
}

#[test]
fn seven_by_seven_is_partitioned_by_seven_solutions() {
    let (code, out, err) = queensat(&["cover", "--size", "7"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("40 n-queens solutions"), "{out}");
    assert!(out.contains("most pairwise-disjoint solutions: 7"), "{out}");
    assert!(out.contains("fewest solutions covering the board: 7"), "{out}");
    assert!(out.contains("UNSAT with at most 6 selected"), "{out}");
}

/// Every packing and covering bound is certified through the one proof path: a DRAT proof
/// checked by the proof checker (the built-in one unless QUEENSAT_DRAT_CHECKER says), with the
/// per-square, per-row and per-column counts of the selection, for each built-in backend that
/// writes proofs itself.
#[test]
fn certificates_of_the_8x8_optima_per_backend() {
    let backends: Vec<String> = queensat::solve::Backend::available()
        .iter()
        .map(|b| b.name().to_string())
        .filter(|b| b == "varisat" || b == "cadical")
        .collect();
    for backend in backends {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        let (code, out, err) = cover_8x8(&backend, d, &["--no-symmetry-breaking"]);
        assert_eq!(code, 0, "{backend}: {err}");
        assert!(out.contains("most pairwise-disjoint solutions: 6"), "{out}");
        assert!(out.contains("fewest solutions covering the board: 12"), "{out}");
        // CaDiCaL writes LRAT for the built-in checker, varisat DRAT.
        let (ext, format) = match backend.as_str() {
            "cadical" => ("lrat", queensat::solve::ProofFormat::Lrat),
            _ => ("drat", queensat::solve::ProofFormat::Drat),
        };
        assert!(out.contains(&format!("`pack-8-ge7.{ext}` checked")), "{out}");
        assert!(out.contains(&format!("`cover-8-le11.{ext}` checked")), "{out}");
        let cnf = std::fs::read_to_string(dir.path().join("cover-8-le11.cnf")).unwrap();
        assert!(cnf.contains("per-row and per-column unary counts"), "{backend}");
        let check = queensat::solve::check_proof(
            &dir.path().join("pack-8-ge7.cnf"),
            &dir.path().join(format!("pack-8-ge7.{ext}")),
            format,
        )
        .unwrap();
        assert!(check.verified, "{backend}: {check:?}");
    }
}

#[test]
fn table_with_certificates_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let table = dir.path().join("table.md");
    let args = [
        "cover",
        "--size",
        "4..7",
        "--certificates",
        d,
        "--output",
        table.to_str().unwrap(),
    ];
    let (code, _, err) = queensat(&args);
    assert_eq!(code, 0, "{err}");
    let t = std::fs::read_to_string(&table).unwrap();
    assert!(t.contains("| 4 | 2 | 2 |"), "{t}");
    assert!(t.contains("| 6 | 4 | 4 |"), "{t}");
    // 7 x 7: a packing of 8 would need 56 > 49 squares; 6 cannot cover (a checked proof).
    assert!(
        t.contains("| 7 | 40 | 7 | 8 disjoint solutions would need 56 > 49 squares | - |"),
        "{t}"
    );
    assert!(t.contains("`cover-7-le6.drat` checked"), "{t}");
    // The proof stands on its own: the checker accepts it again, outside queensat's run.
    let check = queensat::solve::check_proof(
        &dir.path().join("cover-7-le6.cnf"),
        &dir.path().join("cover-7-le6.drat"),
        queensat::solve::ProofFormat::Drat,
    )
    .unwrap();
    assert!(check.verified, "{check:?}");
    let sols = std::fs::read_to_string(dir.path().join("solutions-7.txt")).unwrap();
    assert_eq!(sols.lines().count(), 40);
    // A second run reads the finished sizes back (and rewrites none of them).
    let report = dir.path().join("cover-7.json");
    let written = std::fs::metadata(&report).unwrap().modified().unwrap();
    let (code, _, err) = queensat(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::metadata(&report).unwrap().modified().unwrap(), written);
    assert_eq!(
        std::fs::read_to_string(&table).unwrap().lines().next(),
        t.lines().next()
    );
    // Only-cached mode names what is missing.
    let (code, out, _) = queensat(&["cover", "--size", "7..8", "--certificates", d, "--cached-only"]);
    assert_eq!(code, 0);
    assert!(out.contains("| 8 | not computed"), "{out}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("cubes");
    let d = d.to_str().unwrap();
    for (args, want) in [
        (&["cover", "--size", "13"][..], "1..12"),
        (&["cover", "--size", "8..4"], "8..4"),
        (&["cover", "--size", "x"], "x"),
        (
            &["cover", "--size", "7..8", "--cube-dir", d],
            "one size, not 7..8",
        ),
        (&["cover", "--size", "13", "--cube-dir", d], "1..12"),
        (
            &["cover", "--size", "5", "--cube-dir", d, "--split-squares", "26"],
            "25 squares",
        ),
        (
            &["cover", "--size", "5", "--cube-dir", d, "--cubes", "0"],
            "--cubes",
        ),
        (&["cover", "--size", "5", "--shard", "1/2"], "--cube-dir"),
        (
            &["cover", "--size", "5", "--cube-dir", d, "--shard", "3/2"],
            "3/2",
        ),
        (
            &["cover", "--size", "5", "--cube-dir", d, "--certificates", d],
            "--certificates",
        ),
    ] {
        common::assert_bad_input(args, want);
    }
}

/// Packing and covering split into cubes give the plain run's optima: three shards through the
/// real binary, merged; a rerun of a shard resumes; a rerun that asks another question is
/// refused.
#[test]
fn cubes_in_shards_merge_to_the_plain_optima() {
    let dir = tempfile::tempdir().unwrap();
    let (code, plain, err) = queensat(&["cover", "--size", "7"]);
    assert_eq!(code, 0, "{err}");
    assert!(plain.contains("most pairwise-disjoint solutions: 7"), "{plain}");
    let shards: Vec<String> = (1..=3)
        .map(|i| dir.path().join(format!("s{i}")).to_str().unwrap().to_string())
        .collect();
    let cube_args = |i: usize| {
        let part = format!("{}/3", i + 1);
        let args = [
            "cover",
            "--size",
            "7",
            "--split-squares",
            "2",
            "--cubes",
            "30",
            "--quiet",
        ];
        let mut v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        v.extend(["--shard".into(), part, "--cube-dir".into(), shards[i].clone()]);
        v
    };
    for i in 0..3 {
        let a = cube_args(i);
        let (code, out, err) = queensat(&a.iter().map(String::as_str).collect::<Vec<_>>());
        // A shard's answer is that it finished: merge gives the whole.
        assert_eq!(code, 0, "{err}");
        assert!(
            out.starts_with("cover in cubes: shard ") && out.lines().count() == 1,
            "{out}"
        );
    }
    let merged = dir.path().join("merged");
    let mut m = vec!["merge"];
    m.extend(shards.iter().map(String::as_str));
    m.extend(["-o", merged.to_str().unwrap()]);
    let (code, out, err) = queensat(&m);
    assert_eq!(code, 0, "{err}");
    for want in [
        "most pairwise-disjoint solutions: 7",
        "fewest solutions covering the board: 7",
        "the cubes cover every selection (counted)",
        "on squares 3,3 3,2",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    let a = cube_args(0);
    let (code, _, err) = queensat(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    let mut other = cube_args(0);
    other.push("--no-symmetry-breaking".into());
    let (code, _, err) = queensat(&other.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 2);
    assert!(
        err.starts_with("queensat: error:") && err.lines().count() == 1,
        "{err}"
    );
}

/// The packing optima against OEIS A171760 (the most pairwise-disjoint n-queens solutions:
/// a(8) = 6, a(9) = 7, a(10) = 8, a(11) = 11, a(12) = 12), the oracle, never an input: 8 and
/// 11 computed here (11 by the exact search's partition), 9, 10 and 12 read back from the
/// committed `results/cover` (re-checked on reading) that `make cover` made.
#[test]
fn packing_agrees_with_a171760() {
    let a171760 = [(8, 6), (9, 7), (10, 8), (11, 11), (12, 12)];
    let repo = env!("CARGO_MANIFEST_DIR");
    let committed = format!("{repo}/results/cover");
    for (n, published) in a171760 {
        let size = n.to_string();
        let mut args = vec!["cover", "--size", &size, "--format", "json", "--quiet"];
        if matches!(n, 9 | 10 | 12) {
            args.extend(["--certificates", &committed, "--cached-only"]);
        }
        let (code, out, err) = queensat(&args);
        assert_eq!(code, 0, "{err}");
        let reports: serde_json::Value = serde_json::from_str(&out).unwrap();
        let pack = &reports["reports"][0]["pack"];
        assert_eq!(pack["value"], published, "n = {n}: {pack}");
        assert_ne!(pack["optimal"], false, "n = {n}");
    }
}

/// A search stopped by --time-limit reports the bounds it has, labelled open: the best cover
/// found, and "at most n" (a partition) refuted with a checked certificate, asked under a
/// time limit of its own. A limit that has passed at once stops the first search, the list of
/// solutions (10-20 ms on 8x8): the size is not computed, says why, and nothing is kept.
#[test]
fn a_stopped_search_reports_open_bounds() {
    if !common::has_cadical() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (code, out, err) = cover_8x8("cadical", d, &["--time-limit", "0.000001"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        out.contains("| 8 | not computed (the time limit of 0.000001 CPU s ran out while listing"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a stopped listing keeps nothing"
    );
    // 0.2 s of CPU stop the search for a cover (it takes about 1 s) but not the partition
    // question (milliseconds).
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (code, out, err) = cover_8x8("cadical", d, &["--time-limit", "0.2"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        out.contains("fewest solutions covering the board: 9..") && out.contains("(open)"),
        "{out}"
    );
    assert!(
        out.contains("UNSAT with at most 8 selected (no partition)"),
        "{out}"
    );
    assert!(out.contains("`cover-8-le8.lrat` checked"), "{out}");
    // The open report is kept and read back as open: still exit 3.
    let (code, out, err) = queensat(&["cover", "--size", "8", "--certificates", d, "--cached-only"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        out.contains("fewest solutions covering the board: 9..") && out.contains("(open)"),
        "{out}"
    );
}

/// Under --time-limit with no --solver, the solver is CaDiCaL (it stops inside a call); a named
/// varisat is kept, without a note on stderr, since its calls are given up on at the limit.
/// Without a limit the default stays varisat.
#[test]
fn a_time_limit_picks_a_solver_that_stops_inside_a_call() {
    let solver = |extra: &[&str]| {
        let (code, out, err) = queensat(&[&["cover", "--size", "6", "--format", "json"], extra].concat());
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        (v["reports"][0]["solver"].as_str().unwrap().to_string(), err)
    };
    let (name, err) = solver(&["--time-limit", "60"]);
    let expected = if common::built_with("cadical") {
        "cadical"
    } else {
        "varisat"
    };
    assert_eq!(name, expected);
    assert!(!err.contains("note"), "{err}");
    let (name, err) = solver(&["--time-limit", "60", "--solver", "varisat"]);
    assert_eq!(name, "varisat");
    assert!(!err.contains("note"), "{err}");
    let (name, err) = solver(&[]);
    assert_eq!(name, "varisat");
    assert!(!err.contains("note"), "{err}");
}

/// A limit that ends a varisat call, which cannot be stopped inside: each search runs on a
/// thread of its own, and its answer is what it knew when the call began (10x10 with pairwise
/// at-most-one clauses: packing's "at least 9" runs for minutes, which it used to run to its
/// end). The covering search, under a limit of its own, stops too.
#[test]
fn a_time_limit_ends_a_varisat_call_too() {
    let args = [
        "cover",
        "--size",
        "10",
        "--amo",
        "pairwise",
        "--solver",
        "varisat",
        "--time-limit",
        "1",
        "--format",
        "json",
    ];
    let (out, err) = common::queensat_within(&args, 3, 8);
    assert!(!err.contains("queensat: note:"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (pack, cover) = (&v["reports"][0]["pack"], &v["reports"][0]["cover"]);
    assert_eq!(
        (pack["value"].as_u64(), pack["bound"].as_u64()),
        (Some(8), Some(10)),
        "{v}"
    );
    let proof = pack["proof"].as_str().unwrap();
    assert!(
        proof.starts_with("search stopped at >= 9 (time limit); "),
        "{proof}"
    );
    assert_eq!(
        (pack["optimal"].as_bool(), cover["optimal"].as_bool()),
        (Some(false), Some(false))
    );
}

/// Ctrl-C stops the search like a time limit (open bounds), exits 130 and keeps no report, so
/// a rerun tries again.
#[test]
fn ctrl_c_reports_open_bounds_and_caches_nothing() {
    if !common::has_cadical() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    // 10x10: its 724 solutions are listed in half a second and the optima take a minute and a
    // half, so after 1.5 s of CPU the search for them is under way, however loaded the machine.
    let out = common::signalled_after_cpu(
        &[
            "cover",
            "--size",
            "10",
            "--solver",
            "cadical",
            "--certificates",
            d,
        ],
        libc::SIGINT,
        1500,
    );
    let (stdout, stderr) = (common::stdout(&out), common::stderr(&out));
    assert_eq!(out.status.code(), Some(130), "{stdout}{stderr}");
    assert!(stdout.contains("(open)"), "{stdout}");
    assert!(!dir.path().join("cover-10.json").exists());
}

/// A stop signal while the n-queens solutions are listed (12×12's 14,200 take over ten seconds)
/// ends the run at once: nothing to report yet, the signal's exit status.
#[test]
fn sigterm_while_listing_solutions_stops_at_once() {
    if !common::has_cadical() {
        return;
    }
    let started = std::time::Instant::now();
    let out = common::signalled_after_cpu(
        &["cover", "--size", "12", "--solver", "cadical"],
        libc::SIGTERM,
        500,
    );
    let (stdout, stderr) = (common::stdout(&out), common::stderr(&out));
    assert_eq!(out.status.code(), Some(143), "{stdout}{stderr}");
    assert!(stderr.contains("before there was anything to report"), "{stderr}");
    assert!(started.elapsed().as_secs() < 8, "{:?}", started.elapsed());
}

/// A report a time limit stopped (open) is kept as open, not as final: a rerun with no larger
/// a limit reads it back (it would stop where it did), and a rerun without the limit computes
/// the size and keeps the proved optimum in its place.
#[test]
fn an_open_report_is_computed_again_without_the_limit() {
    if !common::has_cadical() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (code, out, err) = cover_8x8("cadical", d, &["--time-limit", "0.2"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("(open)"), "{out}");
    let (code, out, err) = cover_8x8("cadical", d, &["--time-limit", "0.1"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        out.contains("(open)") && !err.contains("computing it again"),
        "{out}{err}"
    );
    let (code, out, err) = cover_8x8("cadical", d, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("fewest solutions covering the board: 12 —"), "{out}");
    assert!(
        err.contains("is open (its search stopped at --time-limit 0.2); computing it again"),
        "{err}"
    );
    let (code, out, err) = queensat(&["cover", "--size", "8", "--certificates", d, "--cached-only"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("fewest solutions covering the board: 12 —") && !out.contains("(open)"),
        "{out}"
    );
}

/// What a resumed report says of its certificate files holds when it is printed: a proof
/// deleted or a CNF replaced makes the size computed again (files rewritten and checked), or,
/// with --cached-only, one error line naming the file; a solution list cut short is written
/// again from the report; --certify runs the proof checker on kept files again.
#[test]
fn changed_certificate_files_are_not_reported_as_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let run = |extra: &[&str]| queensat(&[&["cover", "--size", "7", "--certificates", d], extra].concat());
    let (code, _, err) = run(&[]);
    assert_eq!(code, 0, "{err}");
    let (cnf, drat) = (
        dir.path().join("cover-7-le6.cnf"),
        dir.path().join("cover-7-le6.drat"),
    );
    let proof_checks = || {
        queensat::solve::check_proof(&cnf, &drat, queensat::solve::ProofFormat::Drat)
            .is_ok_and(|c| c.verified)
    };
    std::fs::remove_file(&drat).unwrap();
    let (code, out, err) = run(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("cover-7-le6.drat") && err.contains("computing it again"),
        "{err}"
    );
    assert!(
        out.contains("`cover-7-le6.drat` checked") && proof_checks(),
        "{out}"
    );
    std::fs::write(&cnf, "garbage\n").unwrap();
    let (code, _, err) = run(&["--cached-only"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("queensat: error: ") && err.contains("cover-7-le6.cnf"),
        "{err}"
    );
    let (code, out, err) = run(&["--certify"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("`cover-7-le6.drat` checked") && proof_checks(),
        "{out}"
    );
    let sols = dir.path().join("solutions-7.txt");
    let whole = std::fs::read_to_string(&sols).unwrap();
    std::fs::write(
        &sols,
        whole
            .lines()
            .skip(1)
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
    )
    .unwrap();
    let (code, _, err) = run(&["--certify"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("solutions-7.txt"), "{err}");
    assert_eq!(std::fs::read_to_string(&sols).unwrap(), whole);
}

/// --no-symmetry-breaking asks for a proof without lex-leader constraints: a kept report
/// proved with them does not answer it (the size is computed again, and its report replaces
/// the kept one), and --cached-only says why it lists the size as not computed.
#[test]
fn no_symmetry_breaking_does_not_reuse_lex_leader_reports() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let run = |extra: &[&str]| queensat(&[&["cover", "--size", "7", "--certificates", d], extra].concat());
    let (code, _, err) = run(&["--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["--no-symmetry-breaking", "--cached-only"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| 7 | not computed (") && out.contains("lex-leader"),
        "{out}"
    );
    let (code, out, err) = run(&["--no-symmetry-breaking", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reports"][0]["symmetry_breaking"], false, "{out}");
    // The proof without symmetry breaking is kept, and answers a run with it as well.
    let (code, out, err) = run(&["--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reports"][0]["symmetry_breaking"], false, "{out}");
}

/// Trial 53: a kept record forged whole (its CNF swapped for a trivial contradiction, the
/// proof for a one-line refutation of that, the digests and the seal written to match) was
/// believed by `--certify`, which checked the proof against the kept CNF alone. The CNF is
/// now built again from the record's solutions and bound and must be the kept one.
#[test]
fn a_forged_certificate_record_is_not_believed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = ["cover", "--size", "8", "--certificates", d];
    let (code, out, err) = queensat(&args);
    assert_eq!(code, 0, "{out}{err}");
    let record = dir.path().join("cover-8.json");
    let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&record).unwrap()).unwrap();
    for goal in ["pack", "cover"] {
        let cert = &mut doc[goal]["certificate"];
        let (cnf, proof) = ("p cnf 1 2\n1 0\n-1 0\n", "0\n");
        let digest = |text: &str| queensat::io::sha256_hex(text.as_bytes());
        std::fs::write(cert["cnf"].as_str().unwrap(), cnf).unwrap();
        std::fs::write(cert["proof"].as_str().unwrap(), proof).unwrap();
        cert["sha256"] = serde_json::json!({"cnf": digest(cnf), "proof": digest(proof)});
        cert["proof_bytes"] = proof.len().into();
        cert["n_vars"] = 1.into();
        cert["n_clauses"] = 2.into();
    }
    common::write_sealed(&record, &doc, &common::cover_binding(8));
    // Without --certify the files are what the record says: the record is used as it is.
    let (code, _, err) = queensat(&[&args[..], &["--cached-only"]].concat());
    assert_eq!(code, 0, "{err}");
    let certify = [&args[..], &["--cached-only", "--certify"]].concat();
    common::assert_bad_input(&certify, "pack-8-ge7.cnf is not the CNF of its question");
    // Computed again, not believed, where it may compute.
    let (code, out, err) = queensat(&[&args[..], &["--certify"]].concat());
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("most pairwise-disjoint solutions: 6 — proof: UNSAT"),
        "{out}"
    );
}
