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
        // A solver that stops only between calls is named under a limit: say so, once.
        let noted = err_of(&["value", "--size", "8", "--solver", solver, "--time-limit", "60"])
            .matches("queensat: note:")
            .count();
        assert_eq!(noted, usize::from(solver == "varisat"), "{solver}");
    }
    let (code, _, err) = queensat(&["value", "--size", "8", "--time-limit=-1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("queensat: error:") && err.contains("--time-limit"),
        "{err}"
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
