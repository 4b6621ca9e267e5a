//! `value --time-limit`: when the limit runs out, the best checked placement and the best upper
//! bound known, labelled NOT proved, exit 3; within the limit, the proved value as usual.

use crate::common;
use common::queensat;

fn err_of(args: &[&str]) -> String {
    let (code, _, err) = queensat(args);
    assert_eq!(code, 0, "{err}");
    err
}

#[test]
fn a_time_limit_reports_the_best_found_unproved() {
    for solver in ["varisat", "cadical"] {
        if !common::built_with(solver) {
            continue;
        }
        // A limit that has passed before the first solver call: the greedy start is all.
        let stopped = [
            "value",
            "--size",
            "12",
            "--walls",
            "3,3 8,8",
            "--solver",
            solver,
            "--time-limit",
            "1e-9",
        ];
        let (code, out, err) = queensat(&stopped);
        assert_eq!(code, 3, "{solver}: {out}{err}");
        assert!(out.contains("best found") && out.contains("NOT proved"), "{out}");
        // In JSON: neither proved nor certified; --require-proof asks nothing of it (no
        // optimality is claimed), and the exit code still says the limit ran out.
        let (code, out, _) = queensat(&[&stopped[..], &["--format", "json"]].concat());
        let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(
            (code, &j["proved"], &j["certified"]),
            (3, &false.into(), &false.into()),
            "{out}"
        );
        let (code, _, err) = queensat(&[&stopped[..], &["--require-proof"]].concat());
        assert_eq!(code, 3, "{err}");
        let (code, out, _) = queensat(&[
            "value",
            "--size",
            "8",
            "--walls",
            "1,3 2,5",
            "--solver",
            solver,
            "--time-limit",
            "60",
        ]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("value 10"), "{out}");
        // One board's search stops at the limit whatever the solver; a batch's searches stop
        // between calls where the solver named stops nowhere else: say so, once.
        let one = ["value", "--size", "8", "--solver", solver, "--time-limit", "60"];
        assert_eq!(err_of(&one).matches("queensat: note:").count(), 0, "{solver}");
        let dir = tempfile::tempdir().unwrap();
        let batch = dir.path().join("b.jsonl");
        std::fs::write(&batch, "{\"size\":8}\n").unwrap();
        let batch = [
            "value",
            "--batch",
            batch.to_str().unwrap(),
            "--solver",
            solver,
            "--time-limit",
            "60",
        ];
        let noted = err_of(&batch).matches("queensat: note:").count();
        assert_eq!(noted, usize::from(solver == "varisat"), "{solver}");
    }
    let (code, _, err) = queensat(&["value", "--size", "8", "--time-limit=-1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("queensat: error:") && err.contains("--time-limit"),
        "{err}"
    );
}

/// A limit that ends a varisat call, which cannot be stopped inside: the search runs on a
/// thread of its own, and its answer is what it knew when the call began (the 16x16 step-4
/// lattice's one call takes 21 s of CPU without the LP; it used to run them all).
#[test]
fn a_time_limit_ends_one_boards_varisat_call_too() {
    let walls = "2,2 2,6 2,10 2,14 6,2 6,6 6,10 6,14 10,2 10,6 10,10 10,14 14,2 14,6 14,10 14,14";
    let args = [
        "value",
        "--size",
        "16",
        "--walls",
        walls,
        "--no-lp",
        "--time-limit",
        "1",
    ];
    let (out, _) = common::queensat_within(&[&args[..], &["--format", "json"]].concat(), 3, 10);
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (&j["solver"], &j["proved"]),
        (&"varisat".into(), &false.into()),
        "{j}"
    );
    let proof = j["proof"].as_str().unwrap();
    assert!(
        proof.starts_with("NOT proved: the time limit of 1 CPU s ran out"),
        "{proof}"
    );
}

/// A limit that ends a solver call: the call is in the report as `stopped`, with its time, and
/// the upper bound is not lowered by it.
#[test]
fn a_call_the_limit_ends_is_reported_stopped() {
    if !common::has_cadical() {
        return;
    }
    let walls = common::SLOW_24X24_WALLS;
    let (code, out, err) = queensat(&[
        "value",
        "--size",
        "24",
        "--walls",
        walls,
        "--time-limit",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3, "{out}{err}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let last = j["calls"]
        .as_array()
        .and_then(|c| c.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        (&last["answer"], &last["queens"]),
        (&"stopped".into(), &serde_json::Value::Null),
        "{out}"
    );
    assert!(last["seconds"].as_f64().is_some_and(|s| s > 0.0), "{out}");
    let bound = j["upper_bound"]["bound"].as_u64().unwrap();
    assert_eq!(Some(bound), j["lp"]["bound"].as_u64(), "{out}");
    assert!(
        j["proof"]
            .as_str()
            .unwrap()
            .ends_with(&format!("upper bound {bound}")),
        "{out}"
    );
}

/// `value --batch` honours `--time-limit` for each board (a stopped line says `proved: false`,
/// exit 3 at the end) and refuses `--format`, since it always writes JSON lines.
#[test]
fn a_batch_applies_the_time_limit_to_each_board() {
    let dir = tempfile::tempdir().unwrap();
    let lines = dir.path().join("b.jsonl");
    std::fs::write(&lines, "{\"size\":12,\"walls\":[[3,3],[8,8]]}\n{\"size\":4}\n").unwrap();
    let path = lines.to_str().unwrap();
    let (code, out, err) = queensat(&["value", "--batch", path, "--time-limit", "1e-9"]);
    assert_eq!(code, 3, "{out}{err}");
    let answers: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), 2, "{out}");
    assert!(answers.iter().all(|j| j["proved"] == false), "{out}");
    let (code, out, err) = queensat(&["value", "--batch", path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().all(|l| l.contains("\"proved\":true")), "{out}");
    common::assert_bad_input(&["value", "--batch", path, "--format", "text"], "--format");
}
