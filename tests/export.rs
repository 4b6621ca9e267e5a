//! Export formats, external solvers and certificates, through the real binary.
//! Needs the solvers and the DRAT checker that `.ci/setup.d/export.sh` installs.

use crate::common;
use common::{ok, run, stderr};
use queensat::board::{Board, Placement, render_cell_list};
use queensat::check::{brute_value, check_placement};
use std::path::Path;
use std::process::{Command, Output};

/// The stdout of `solve`, which exits 10 on SAT and 20 on UNSAT.
fn answered(o: &Output) -> String {
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let want = if out.starts_with("s SATISFIABLE") { 10 } else { 20 };
    assert_eq!(
        o.status.code(),
        Some(want),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// Small boards with walls, and their values by brute force.
fn boards() -> Vec<(Board, usize)> {
    type Spec = (usize, usize, &'static [(usize, usize)]);
    let specs: [Spec; 5] = [
        (4, 4, &[]),
        (5, 5, &[(2, 2)]),
        (3, 5, &[(1, 1), (1, 3)]),
        (5, 4, &[(0, 1), (3, 2), (4, 0)]),
        (6, 6, &[(1, 3), (4, 2)]),
    ];
    specs
        .iter()
        .map(|&(r, c, w)| {
            let b = Board::with_walls(r, c, w).unwrap();
            let v = brute_value(&b);
            (b, v)
        })
        .collect()
}

fn board_args(b: &Board) -> Vec<String> {
    let mut a = vec![
        "--rows".into(),
        b.rows().to_string(),
        "--cols".into(),
        b.cols().to_string(),
    ];
    if !b.walls().is_empty() {
        a.push("--walls".into());
        a.push(render_cell_list(&b.walls()));
    }
    a
}

fn encode(b: &Board, extra: &[&str], out: &Path) {
    let mut args: Vec<String> = vec!["encode".into(), "value".into()];
    args.extend(board_args(b));
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push("-o".into());
    args.push(out.display().to_string());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    ok(&run(&refs));
}

#[test]
fn dimacs_round_trips_through_external_solvers() {
    let solvers = ["cadical", "minisat", "picosat", "cryptominisat5"];
    if !solvers.iter().all(|s| common::programs::needs(s, "export.sh")) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (i, (b, v)) in boards().into_iter().enumerate() {
        for (k, count) in [(v, "segments"), (v + 1, "cells"), (v + 1, "segments")] {
            let f = dir.path().join(format!("b{i}-{k}-{count}.cnf"));
            encode(&b, &["--at-least", &k.to_string(), "--counter", count], &f);
            for s in solvers {
                let out = answered(&run(&["solve", "--external", s, f.to_str().unwrap()]));
                if k <= v {
                    assert!(out.starts_with("s SATISFIABLE"), "{s} {b:?} k={k}: {out}");
                    assert!(out.contains(&format!("{k} queens, placement checked")), "{out}");
                } else {
                    assert!(out.starts_with("s UNSATISFIABLE"), "{s} {b:?} k={k}: {out}");
                }
            }
        }
    }
}

#[test]
fn value_with_an_external_backend_matches_brute_force() {
    if !(common::programs::needs("cadical", "export.sh") && common::programs::needs("minisat", "export.sh")) {
        return;
    }
    for (b, v) in boards() {
        for solver in ["external:cadical", "external:minisat"] {
            let mut args: Vec<String> = vec![
                "value".into(),
                "--solver".into(),
                solver.into(),
                "--format".into(),
                "json".into(),
            ];
            args.extend(board_args(&b));
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let j: serde_json::Value = serde_json::from_str(&ok(&run(&refs))).unwrap();
            assert_eq!(j["value"], v, "{solver} {b:?}");
            assert_eq!(j["solver"], solver);
            let p: Placement = serde_json::from_value(j["placement"].clone()).unwrap();
            assert!(check_placement(&b, &p).is_ok());
        }
    }
}

#[test]
fn a_missing_or_failing_solver_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("q.cnf");
    encode(&Board::square(4).unwrap(), &["--at-least", "4"], &f);
    let o = run(&["solve", "--external", "/nonexistent/solver", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot start"));
    // `false` prints nothing and exits 1: no answer, so an error and not UNSAT.
    let o = run(&["solve", "--external", "false", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no `s` status line"));
    let slow = dir.path().join("slow.sh");
    std::fs::write(&slow, "#!/bin/sh\nsleep 10\n").unwrap();
    let cmd = format!("sh {}", slow.display());
    let o = run(&[
        "solve",
        "--external",
        &cmd,
        "--time-limit",
        "0.2",
        f.to_str().unwrap(),
    ]);
    // No answer within the time limit: unknown, exit 0 (the competition's code for it).
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("s UNKNOWN"));
}

/// `solve --time-limit` holds for the built-in solver too: without `--solver` CaDiCaL answers,
/// and it stops inside its call. The question: 38 queens on a 20×20 board with 30 walls (value
/// 37), whose UNSAT answer takes CaDiCaL about 20 s.
#[test]
fn solve_stops_a_built_in_solver_at_the_time_limit() {
    if !common::has_cadical() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("hard.cnf");
    let walls = "0,7 2,3 2,14 3,7 3,9 3,16 4,1 5,0 5,14 7,8 7,16 9,12 9,19 10,10 10,13 12,2 12,11 \
                 12,18 12,19 13,6 13,19 14,14 15,0 15,1 15,6 17,2 17,13 17,14 18,8 19,13";
    let o = run(&[
        "encode",
        "value",
        "--size",
        "20",
        "--walls",
        walls,
        "--at-least",
        "38",
        "-o",
        f.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let t = std::time::Instant::now();
    let o = run(&[
        "solve",
        f.to_str().unwrap(),
        "--time-limit",
        "0.5",
        "--format",
        "json",
    ]);
    assert!(t.elapsed().as_secs_f64() < 10.0, "{:?}", t.elapsed());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (&j["status"], &j["solver"]),
        (&"unknown".into(), &"cadical".into()),
        "{j}"
    );
    assert!(
        j["note"].as_str().unwrap().contains("time limit (0.5 CPU s)"),
        "{j}"
    );
}

#[test]
fn certify_checks_a_drat_proof_and_rejects_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = ok(&run(&[
        "value",
        "--size",
        "8",
        "--walls",
        "1,3 2,5",
        "--certify",
        "--certify-dir",
        dir.path().to_str().unwrap(),
    ]));
    assert!(out.contains("value 10"), "{out}");
    assert!(
        out.contains("s VERIFIED") && out.contains("certified: 11 queens do not fit"),
        "{out}"
    );
    let cnf = dir.path().join("value-at-least-11.cnf");
    let proof = dir.path().join("value-at-least-11.drat");
    assert!(
        queensat::solve::check_proof(&cnf, &proof, queensat::solve::ProofFormat::Drat)
            .unwrap()
            .verified
    );
    // The proof was written under a hidden name and moved once whole: nothing else is left.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.') || n.ends_with(".drat"))
        .collect();
    names.sort();
    assert_eq!(names, ["value-at-least-11.drat"]);
    // Only the final empty clause kept: not a proof.
    let broken = dir.path().join("broken.drat");
    std::fs::write(&broken, "0\n").unwrap();
    let c = queensat::solve::check_proof(&cnf, &broken, queensat::solve::ProofFormat::Drat).unwrap();
    assert!(!c.verified, "{c:?}");
}

/// `--certify` takes the proof from the solver that answered: CaDiCaL in-process writes the
/// DRAT proof itself, and an external solver gets the proof file after the CNF.
#[test]
fn certify_takes_the_proof_from_the_answering_solver() {
    let mut solvers = vec![];
    if common::built_with("cadical") {
        solvers.push(("cadical", "by cadical-"));
    }
    if common::programs::on_path("cadical") {
        solvers.push(("external:cadical", "external solver `cadical`"));
    }
    for (solver, who) in solvers {
        let out = ok(&run(&[
            "value",
            "--size",
            "8",
            "--walls",
            "1,4 3,1 4,3",
            "--solver",
            solver,
            "--certify",
        ]));
        assert!(out.contains("value 11"), "{solver}: {out}");
        assert!(out.contains(who) && out.contains("s VERIFIED"), "{solver}: {out}");
        assert!(out.contains("certified: 12 queens do not fit"), "{solver}: {out}");
    }
}

/// Evaluates an OPB file's constraints (`Σ a x >= b ;`) on a placement.
fn opb_holds(opb: &str, free: &[(usize, usize)], p: &Placement) -> bool {
    let x = |name: &str| {
        let i: usize = name[1..].parse().unwrap();
        i64::from(p.contains(free[i - 1]))
    };
    opb.lines()
        .filter(|l| !l.starts_with('*') && !l.starts_with("min:"))
        .all(|l| {
            let (lhs, rhs) = l.trim_end_matches(';').split_once(">=").unwrap();
            let t: Vec<&str> = lhs.split_whitespace().collect();
            let sum: i64 = t.chunks(2).map(|c| c[0].parse::<i64>().unwrap() * x(c[1])).sum();
            sum >= rhs.trim().parse::<i64>().unwrap()
        })
}

#[test]
fn opb_lp_and_wcnf_describe_the_same_model() {
    let dir = tempfile::tempdir().unwrap();
    let b = Board::with_walls(5, 5, &[(2, 2)]).unwrap();
    let free = b.free_cells();
    let (opb, lp, wcnf) = (
        dir.path().join("q.opb"),
        dir.path().join("q.lp"),
        dir.path().join("q.wcnf"),
    );
    encode(&b, &["--opb"], &opb);
    encode(&b, &["--lp"], &lp);
    encode(&b, &["--wcnf"], &wcnf);
    let opb = std::fs::read_to_string(opb).unwrap();
    let lp = std::fs::read_to_string(lp).unwrap();
    let wcnf = std::fs::read_to_string(wcnf).unwrap();
    assert!(opb.starts_with(&format!("* #variable= {} #constraint=", free.len())));
    // An optimal placement satisfies every constraint; two attacking queens violate one.
    let j: serde_json::Value = serde_json::from_str(&ok(&run(&[
        "value", "--size", "5", "--walls", "2,2", "--format", "json",
    ])))
    .unwrap();
    let best: Placement = serde_json::from_value(j["placement"].clone()).unwrap();
    assert!(opb_holds(&opb, &free, &best));
    assert!(!opb_holds(&opb, &free, &Placement::new(vec![(0, 0), (0, 4)])));
    assert!(
        opb_holds(&opb, &free, &Placement::new(vec![(2, 0), (2, 4)])),
        "the wall separates them"
    );
    // LP: one `<= 1` row per segment, as many as OPB's `>= -1` rows; every cell binary.
    let n_opb = opb.lines().filter(|l| l.ends_with(">= -1 ;")).count();
    assert_eq!(lp.lines().filter(|l| l.contains("<= 1")).count(), n_opb);
    assert!(lp.contains("Maximize\n") && lp.contains("Binary\n") && lp.ends_with("End\n"));
    // WCNF: one weight-1 soft unit per free cell, every other clause hard, no p line.
    let soft = wcnf.lines().filter(|l| l.starts_with("1 ")).count();
    assert_eq!(soft, free.len());
    assert!(
        wcnf.lines()
            .all(|l| l.starts_with('c') || l.starts_with("h ") || l.starts_with("1 "))
    );
}

#[test]
fn encode_writes_stdout_and_rejects_bad_requests() {
    let out = ok(&run(&[
        "encode",
        "value",
        "--size",
        "4",
        "--at-least",
        "4",
        "-o",
        "-",
    ]));
    assert!(out.contains("c question: at least 4 non-attacking queens"));
    assert!(out.contains("c map 1 queen 0,0\n"));
    assert!(out.lines().any(|l| l.starts_with("p cnf ")));
    let o = run(&["encode", "value", "--size", "4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--at-least"));
}

/// `encode least-walls` writes a closed question that the embedded solver answers as the seed
/// article's minimum says (16 queens on 8×8 need 12 walls), and `solve` decodes the model into
/// a board with walls whose placement passes the checker.
#[test]
fn least_walls_questions_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    for (w, want) in [("11", "s UNSATISFIABLE"), ("12", "s SATISFIABLE")] {
        let f = dir.path().join(format!("lw{w}.cnf"));
        let f = f.to_str().unwrap();
        let o = run(&[
            "encode",
            "least-walls",
            "--size",
            "8",
            "--queens",
            "16",
            "--max-walls",
            w,
            "-o",
            f,
        ]);
        ok(&o);
        let out = answered(&run(&["solve", f]));
        assert!(out.contains(want), "{w} walls: {out}");
        if want == "s SATISFIABLE" {
            assert!(out.contains("16 queens, placement checked"), "{out}");
            // The board comes as `c` comment lines, as every line but `s` and `v` does.
            let grid: String = out
                .lines()
                .filter_map(|l| l.strip_prefix("c "))
                .filter(|l| l.chars().all(|c| ".#Q".contains(c)) && !l.is_empty())
                .map(|l| format!("{l}\n"))
                .collect();
            let g = queensat::board::parse_grid(&grid).unwrap();
            assert!(g.board.n_walls() <= 12);
            assert!(queensat::check::check_placement(&g.board, &g.queens).is_ok());
        }
    }
    let o = run(&["encode", "least-walls", "--queens", "3", "--max-walls", "1"]);
    assert_eq!(o.status.code(), Some(2));
}

/// A bound of one wall is "at most 1 wall" in the question (it read "1 walls"), and `solve`
/// still reads the bound from it and holds the model to it.
#[test]
fn a_one_wall_question_reads_in_the_singular_and_is_held() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("one.cnf");
    let f = f.to_str().unwrap();
    let encode = "encode least-walls --size 8 --queens 9 --max-walls 1 -o";
    ok(&run(&encode.split(' ').chain([f]).collect::<Vec<_>>()));
    let text = std::fs::read_to_string(f).unwrap();
    let question = text.lines().find(|l| l.starts_with("c question: ")).unwrap();
    assert!(
        question.contains("with at most 1 wall hold at least 9")
            && question.ends_with("need more than 1 wall"),
        "{question}"
    );
    let out = answered(&run(&["solve", f]));
    assert!(
        out.contains("s SATISFIABLE") && out.contains("9 queens, placement checked"),
        "{out}"
    );
    assert!(!out.contains("states no count"), "{out}");
}

/// `least-walls --certify` backs the minimum with a DRAT refutation of one wall fewer that the
/// independent checker accepts (12 queens on 8×8 need 5 walls, as the seed article says); a
/// minimum on the row bound (11 queens, 3 walls) needs no solver.
#[test]
fn least_walls_minimum_is_certified() {
    let out = ok(&run(&[
        "least-walls",
        "--size",
        "8",
        "--queens",
        "12",
        "--certify",
        "--quiet",
    ]));
    assert!(out.contains("least walls 5"), "{out}");
    assert!(out.contains("s VERIFIED"), "{out}");
    assert!(
        out.contains("certified: 12 queens need at least 5 walls"),
        "{out}"
    );
    // CaDiCaL with the slack cuts: the certificate (of the CNF with the cuts) is in the JSON
    // with the count, which agrees with the seed article (8 boards in 1 class for 11 and 12).
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("r.json");
    let fs = f.to_str().unwrap();
    #[rustfmt::skip]
    ok(&run(&[
        "least-walls", "--size", "8", "--queens", "11,12", "--solver", "cadical", "--slack-cuts", "true",
        "--certify", "--count", "--unique", "--count-cpu-limit", "60", "--quiet", "--format", "json", "-o", fs,
    ]));
    let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
    let (r11, r12) = (&j["reports"][0], &j["reports"][1]);
    assert_eq!(
        (r11["least_walls"].clone(), r12["least_walls"].clone()),
        (3.into(), 5.into())
    );
    assert_eq!(r11["row_bound"], true, "{r11}");
    assert!(r11["certificate"].is_null(), "{r11}");
    assert_eq!(r12["row_bound"], false);
    assert_eq!(r12["slack_cuts"], true);
    assert_eq!(r12["certificate"]["certified"], true, "{r12}");
    assert!(
        r12["certificate"]["proof_format"]
            .as_str()
            .unwrap()
            .contains("cadical"),
        "{r12}"
    );
    for r in [r11, r12] {
        assert_eq!(
            (r["count"]["boards"].clone(), r["count"]["classes"].clone()),
            (8.into(), 1.into())
        );
        assert_eq!(r["count"]["complete"], true);
    }
}

/// `--fresh-bounds true --certify`: each wall bound goes to a fresh solver writing a proof;
/// the proof of the call that refuted minimum − 1 becomes the certificate, and the directory
/// keeps exactly its CNF and proof (no file of a SAT call, nor of a smaller refuted bound
/// when searching up).
#[test]
fn least_walls_fresh_bounds_certify_with_the_refuting_proof() {
    for search in ["down", "up"] {
        let dir = tempfile::tempdir().unwrap();
        let proofs = dir.path().join("proofs");
        let f = dir.path().join("r.json");
        #[rustfmt::skip]
        let out = ok(&run(&[
            "least-walls", "--size", "8", "--queens", "13", "--solver", "cadical", "--slack-cuts", "true",
            "--fresh-bounds", "true", "--search", search, "--certify", "--certify-dir",
            proofs.to_str().unwrap(), "--quiet", "-o", f.to_str().unwrap(),
        ]));
        let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let r = &j["reports"][0];
        let w = r["least_walls"].as_u64().unwrap();
        assert_eq!(r["fresh_bounds"], true);
        assert_eq!(r["certificate"]["certified"], true, "{search}: {r}");
        assert_eq!(r["certificate"]["proof_kept"], true, "{search}: {r}");
        assert!(
            out.contains(&format!("certified: 13 queens need at least {w} walls")),
            "{out}"
        );
        let mut files: Vec<String> = std::fs::read_dir(&proofs)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let name = format!("least-walls-8x8-q13-at-most-{}", w - 1);
        // CaDiCaL writes LRAT for the built-in checker.
        assert_eq!(files, [format!("{name}.cnf"), format!("{name}.lrat")], "{search}");
        // The incremental search agrees on the minimum.
        let plain = ok(&run(&[
            "least-walls",
            "--size",
            "8",
            "--queens",
            "13",
            "--search",
            search,
            "--quiet",
        ]));
        assert!(plain.contains(&format!("least walls {w}\n")), "{plain}");
    }
}

/// `solve --check` reads a solver's own output and checks it against the CNF and the board of
/// the header; `--format json` gives the status, exit 10/20 the answer.
#[test]
fn solve_checks_a_solvers_output_against_the_cnf_and_the_board() {
    if !common::programs::needs("cadical", "export.sh") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let b = Board::with_walls(8, 8, &[(1, 3), (2, 5)]).unwrap();
    for (k, code) in [(10, 10), (11, 20)] {
        let f = dir.path().join(format!("q{k}.cnf"));
        encode(&b, &["--at-least", &k.to_string(), "--counter", "cells"], &f);
        let out = Command::new("cadical").arg(&f).output().unwrap();
        assert_eq!(out.status.code(), Some(code));
        let o = dir.path().join(format!("q{k}.out"));
        std::fs::write(&o, &out.stdout).unwrap();
        let r = run(&[
            "solve",
            f.to_str().unwrap(),
            "--check",
            o.to_str().unwrap(),
            "--format",
            "json",
        ]);
        assert_eq!(
            r.status.code(),
            Some(code),
            "{}",
            String::from_utf8_lossy(&r.stderr)
        );
        let j: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
        if code == 10 {
            assert_eq!(j["status"], "sat");
            assert_eq!(j["model_checked"], true);
            let p: Placement = serde_json::from_value(j["placement"].clone()).unwrap();
            assert_eq!(p.len(), 10);
            assert!(check_placement(&b, &p).is_ok());
            // A model that falsifies a clause is refuted, exit 2.
            let lie = String::from_utf8_lossy(&out.stdout).replace("v ", "v 1 2 ");
            std::fs::write(&o, lie).unwrap();
            let r = run(&["solve", f.to_str().unwrap(), "--check", o.to_str().unwrap()]);
            assert_eq!(r.status.code(), Some(2), "{}", String::from_utf8_lossy(&r.stdout));
        } else {
            assert_eq!(j["status"], "unsat");
        }
    }
}

/// An external solver's UNSAT behind a value: `"unchecked_unsat": true` in JSON, and gone once
/// `--certify` replaced the answer by a checked proof (it said both `"certified": true` and
/// `"unchecked_unsat": true` at first).
#[test]
fn an_external_unsat_is_named_in_json_until_a_checked_proof_replaces_it() {
    if !common::programs::needs("cadical", "export.sh") {
        return;
    }
    let args = [
        "value",
        "--size",
        "7",
        "--walls",
        "1,3 2,5 4,4",
        "--no-lp",
        "--solver",
        "external:cadical",
        "--format",
        "json",
    ];
    for (certify, certified, unchecked) in [(false, false, Some(true)), (true, true, None)] {
        let mut a = args.to_vec();
        if certify {
            a.push("--certify");
        }
        let r = run(&a);
        assert_eq!(r.status.code(), Some(0), "{}", String::from_utf8_lossy(&r.stderr));
        let j: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
        let v = if certify { &j["value"] } else { &j };
        assert_eq!(v["certified"].as_bool(), Some(certified), "{v}");
        assert_eq!(v["unchecked_unsat"].as_bool(), unchecked, "{v}");
    }
}
