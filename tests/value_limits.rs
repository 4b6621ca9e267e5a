//! `value --time-limit`: when the limit runs out, the best checked placement and the best upper
//! bound known, labelled NOT proved, exit 3; within the limit, the proved value as usual.

mod common;
use common::queensat;

#[test]
fn a_time_limit_reports_the_best_found_unproved() {
    for solver in ["varisat", "cadical"] {
        if !queensat::solve::Backend::available()
            .iter()
            .any(|b| b.name() == solver)
        {
            continue;
        }
        // A limit that has passed before the first solver call: the greedy start is all.
        let (code, out, err) = queensat(&[
            "value",
            "--size",
            "12",
            "--walls",
            "3,3 8,8",
            "--solver",
            solver,
            "--time-limit",
            "1e-9",
        ]);
        assert_eq!(code, 3, "{solver}: {out}{err}");
        assert!(out.contains("best found") && out.contains("NOT proved"), "{out}");
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
    }
    let (code, _, err) = queensat(&["value", "--size", "8", "--time-limit=-1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("queensat: error:") && err.contains("--time-limit"),
        "{err}"
    );
}
