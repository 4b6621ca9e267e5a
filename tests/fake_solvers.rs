//! Fault tests with fake external solvers (shell scripts written into a temporary directory):
//! a false SAT model, a false UNSAT, a crash after UNSAT, an exit code that contradicts the
//! answer, a hang with children, garbage, huge output; and strict time limits.

use crate::common;

use common::hostile::fake_solver as fake;
use common::queensat;
use itertools::Itertools as _;
use std::process::Command;
use std::time::{Duration, Instant};

fn one_error_line(code: i32, err: &str, want: &str) {
    assert_eq!(code, 2, "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("queensat: error: "), "{err}");
    assert!(err.contains(want), "wanted {want:?} in {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// An honest external solver in `dir`: queensat's own `solve`, which speaks DIMACS; its
/// `--solver` argument.
fn honest(dir: &std::path::Path) -> String {
    fake(
        dir,
        "honest",
        &format!("exec {} solve \"$@\"", env!("CARGO_BIN_EXE_queensat")),
    )
}

/// Case 1: a solver that always answers UNSAT is not believed silently.
#[test]
fn a_false_unsat_is_labelled_and_refused_with_require_proof() {
    let dir = tempfile::tempdir().unwrap();
    let liar = fake(dir.path(), "liar", "echo 's UNSATISFIABLE'\nexit 20");
    let args = ["value", "--size", "8", "--walls", "1,3 2,5", "--solver", &liar];
    let (code, out, err) = queensat(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("proof: unchecked (external solver's word)"), "{out}");
    let (code, out, _) = queensat(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["certified"], false, "{out}");
    let (code, _, err) = queensat(&[&args[..], &["--require-proof"]].concat());
    one_error_line(code, &err, "--require-proof");
    assert!(
        err.contains("use a built-in solver, or --certify where the command has it"),
        "{err}"
    );
    // In a batch the same answer is an error line, and exit 2 at the end.
    let lines = dir.path().join("b.jsonl");
    std::fs::write(&lines, "{\"size\":8,\"walls\":[[1,3],[2,5]]}\n").unwrap();
    let batch = ["value", "--batch", lines.to_str().unwrap(), "--solver", &liar];
    let (code, out, _) = queensat(&batch);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"certified\":false"), "{out}");
    let (code, out, err) = queensat(&[&batch[..], &["--require-proof"]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(out.contains("line 1: --require-proof"), "{out}");
    // It names no flag the batch refuses (`--certify`), but the way the board gets a proof.
    assert!(
        out.contains(
            "use a built-in solver, or `value --certify` on that board alone (a batch cannot certify)"
        ),
        "{out}"
    );
    assert!(!out.contains("or --certify"), "{out}");
    // The honest in-process solver's answer is certified.
    let (code, out, _) = queensat(&["value", "--size", "8", "--walls", "1,3 2,5", "--format", "json"]);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (j["value"].as_u64(), j["certified"].as_bool()),
        (Some(10), Some(true))
    );
}

/// Case 1: counts that rest on a lying solver say so.
#[test]
fn counts_on_an_external_unsat_are_labelled() {
    let dir = tempfile::tempdir().unwrap();
    let liar = fake(dir.path(), "liar", "echo 's UNSATISFIABLE'\nexit 20");
    let args = [
        "solutions",
        "--size",
        "6",
        "--queens",
        "6",
        "--count",
        "--solver",
        &liar,
    ];
    let (code, out, err) = queensat(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("proof: unchecked (external solver's word)"), "{out}");
    let (code, _, err) = queensat(&[&args[..], &["--require-proof"]].concat());
    one_error_line(code, &err, "--require-proof");
    // A sweep from a greedy start: its values rest on the solver's UNSAT answers, so the
    // branch and bound checks each as it is found and the lie stops the run (it was printed,
    // labelled, and refused on reading as a damaged chunk).
    let out = dir.path().join("sweep");
    let o = out.to_str().unwrap();
    let sweep = [
        "sweep", "--size", "4", "--walls", "1", "--quiet", "--engine", "reuse", "--solver", &liar, "--start",
        "greedy", "--output", o,
    ];
    let (code, _, err) = queensat(&sweep);
    one_error_line(code, &err, "cross-check failed");
    assert!(!out.join("summary.md").exists());
    // From the branch and bound's optimum the lie is the truth (nothing fits beyond it), and
    // every class is compared with the branch and bound: no label, the cross-check line.
    let third = dir.path().join("sweep3");
    let (code, text, err) = queensat(&[&sweep[..10], &["--output", third.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(!text.contains("unchecked"), "{text}");
    let md = std::fs::read_to_string(third.join("summary.md")).unwrap();
    assert!(md.contains("agrees on all") && !md.contains("unchecked"), "{md}");
    // The tree engine's values rest on its replayed trees, not on the solver: no label.
    let fourth = dir.path().join("sweep4");
    let tree = [
        &sweep[..6],
        &sweep[8..10],
        &["--output", fourth.to_str().unwrap()],
    ]
    .concat();
    let (code, text, err) = queensat(&tree);
    assert_eq!(code, 0, "{err}");
    assert!(!text.contains("unchecked"), "{text}");
}

/// Case 1 and 2 through `queensat solve`: every kind of bad solver is an error.
#[test]
fn bad_solvers_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("x.cnf");
    std::fs::write(&cnf, "p cnf 2 2\n1 2 0\n-1 0\n").unwrap();
    let cnf = cnf.to_str().unwrap();
    let cases = [
        (
            "false-model",
            "echo 's SATISFIABLE'\necho 'v -1 -2 0'\nexit 10",
            "falsifies clause 1",
        ),
        (
            "crash",
            "echo 's UNSATISFIABLE'\nkill -SEGV $$",
            "killed by signal 11",
        ),
        (
            "exit-0-unsat",
            "echo 's UNSATISFIABLE'\nexit 0",
            "exit code 0 contradicts",
        ),
        (
            "exit-10-unsat",
            "echo 's UNSATISFIABLE'\nexit 10",
            "exit code 10 contradicts",
        ),
        ("garbage", "echo 'hello'\nexit 10", "no `s` status line"),
        // Trial 53: a model that satisfies the formula beside an UNSAT answer refutes it.
        (
            "unsat-with-model",
            "echo 's UNSATISFIABLE'\necho 'v -1 2 0'\nexit 20",
            "a `v` line (a model) beside the status UNSATISFIABLE",
        ),
        ("binary", "head -c 3000 /dev/urandom\nexit 10", "external solver"),
        (
            "huge",
            "yes 'c chatter chatter chatter chatter'\n",
            "bytes of output (killed)",
        ),
    ];
    for (name, body, want) in cases {
        let solver = fake(dir.path(), name, body);
        let t = Instant::now();
        let (code, out, err) = queensat(&["solve", cnf, "--solver", &solver]);
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "{name} took {:?}",
            t.elapsed()
        );
        assert!(out.is_empty(), "{name}: {out}");
        one_error_line(code, &err, want);
    }
    // The same output read by `--check` is refused alike.
    let output = dir.path().join("unsat-with-model.out");
    std::fs::write(&output, "s UNSATISFIABLE\nv -1 2 0\n").unwrap();
    let (code, out, err) = queensat(&["solve", cnf, "--check", output.to_str().unwrap()]);
    assert!(out.is_empty(), "{out}");
    one_error_line(code, &err, "beside the status UNSATISFIABLE");
    // An honest solver's UNSAT is reported, labelled as its word.
    let honest = fake(dir.path(), "honest", "echo 's UNSATISFIABLE'\nexit 20");
    let (code, out, _) = queensat(&["solve", cnf, "--solver", &honest]);
    assert_eq!(code, 20, "the competition's UNSAT code");
    assert!(
        out.contains("s UNSATISFIABLE") && out.contains("proof: unchecked"),
        "{out}"
    );
    let (code, _, err) = queensat(&["solve", cnf, "--solver", &honest, "--require-proof"]);
    one_error_line(code, &err, "--require-proof");
}

/// Whether a process runs (a zombie waiting for a reaper does not).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
    })
}

/// Case 7: a time limit stops the solver and every process it started.
#[test]
fn a_time_limit_kills_the_whole_process_group() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("child.pid");
    let body = format!(
        "sh -c 'echo $$ > {}; exec sleep 60' &\nsleep 60\n",
        pidfile.display()
    );
    let solver = fake(dir.path(), "hang", &body);
    let cnf = dir.path().join("x.cnf");
    std::fs::write(&cnf, "p cnf 1 1\n1 0\n").unwrap();
    let t = Instant::now();
    let (code, out, _) = queensat(&[
        "solve",
        cnf.to_str().unwrap(),
        "--solver",
        &solver,
        "--time-limit",
        "0.5",
    ]);
    assert!(t.elapsed() < Duration::from_secs(10));
    // `solve` reports a time limit that ran out as the competition's unknown answer (exit 0).
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("s UNKNOWN") && out.contains("no answer within 0.5 s (killed)"),
        "{out}"
    );
    let pid = std::fs::read_to_string(&pidfile).unwrap();
    let pid = pid.trim();
    let gone = (0..50).any(|_| {
        std::thread::sleep(Duration::from_millis(20));
        !alive(pid)
    });
    assert!(gone, "the solver's child {pid} outlived the time limit");
}

/// Cases 6 and 7: every time limit is parsed strictly.
#[test]
fn time_limits_are_parsed_strictly() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("x.cnf");
    std::fs::write(&cnf, "p cnf 1 1\n1 0\n").unwrap();
    let cnf = cnf.to_str().unwrap();
    for bad in ["nan", "inf", "-1", "0", "1e300", "abc", ""] {
        let arg = format!("--time-limit={bad}");
        let (code, _, err) = queensat(&["solve", cnf, "--solver", "external:true", &arg]);
        one_error_line(code, &err, "time-limit");
    }
    let (code, _, err) = queensat(&["armies", "--size", "4", "--count-seconds=nan"]);
    one_error_line(code, &err, "count-seconds");
    for bad in ["abc", "-1", "nan", "inf"] {
        let out = Command::new(env!("CARGO_BIN_EXE_queensat"))
            .args(["solve", cnf, "--solver", "external:true"])
            .env("QUEENSAT_SOLVER_TIMEOUT", bad)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        one_error_line(out.status.code().unwrap(), &err, "QUEENSAT_SOLVER_TIMEOUT");
    }
}

/// Case 7: a DRAT checker that hangs (with a child) is stopped by its time limit.
#[test]
fn a_hanging_drat_checker_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let checker = common::script(dir.path(), "rate", "sleep 60 &\nsleep 60");
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(["value", "--size", "4", "--certify"])
        .env("QUEENSAT_DRAT_CHECKER", &checker)
        .env("QUEENSAT_DRAT_TIMEOUT", "0.5")
        .output()
        .unwrap();
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    let err = String::from_utf8_lossy(&out.stderr);
    one_error_line(
        out.status.code().unwrap(),
        &err,
        "no answer within 0.5 s (killed)",
    );
}

/// Case 9: temporary files of killed runs (solver input, proofs of `--certify`) are removed by
/// the next run; a run leaves none; a directory whose name carries no process id is kept.
#[test]
fn stale_solver_files_are_cleaned() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let stale_dir = tmp.join("queensat-solver-2147483646-AbCdEf");
    std::fs::create_dir(&stale_dir).unwrap();
    std::fs::write(stale_dir.join("in.cnf"), "p cnf 0 0\n").unwrap();
    std::fs::write(tmp.join("queensat-2147483646-0.cnf"), "p cnf 0 0\n").unwrap();
    let stale_proof = tmp.join("queensat-certify-2147483646-GhIjKl");
    std::fs::create_dir(&stale_proof).unwrap();
    std::fs::write(stale_proof.join("proof.drat"), "0\n").unwrap();
    std::fs::create_dir(tmp.join("queensat-certify-MnOpQr")).unwrap();
    std::fs::write(tmp.join("unrelated-2147483646-0.cnf"), "").unwrap();
    let honest = fake(
        dir.path(),
        "honest",
        "echo 's SATISFIABLE'\necho 'v 1 0'\nexit 10",
    );
    let cnf = dir.path().join("x.cnf");
    std::fs::write(&cnf, "p cnf 1 1\n1 0\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(["solve", cnf.to_str().unwrap(), "--solver", &honest])
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(10),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let left: Vec<String> = std::fs::read_dir(&tmp)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .sorted()
        .collect();
    assert_eq!(left, ["queensat-certify-MnOpQr", "unrelated-2147483646-0.cnf"]);
}

/// Case 1: a sweep names what rests on an external solver's word: nothing of the tree
/// engine's values or counts (its trees are replayed), but a SAT engine's counts, whose
/// enumeration ends with an UNSAT answer.
#[test]
fn a_sweep_labels_what_rests_on_an_external_solver() {
    let dir = tempfile::tempdir().unwrap();
    let honest = honest(dir.path());
    let out = |name: &str| dir.path().join(name);
    let base = [
        "sweep", "--size", "4", "--walls", "1", "--quiet", "--solver", &honest,
    ];
    let cases: [(&str, &[&str], Option<&str>); 4] = [
        ("tree", &[], None),
        ("tree-counts", &["--count-optimal"], None),
        (
            "reuse-counts",
            &["--engine", "reuse", "--count-optimal"],
            Some("for the counts"),
        ),
        // Values from SAT are checked by the branch and bound as they are found: no label.
        ("greedy", &["--engine", "reuse", "--start", "greedy"], None),
    ];
    for (name, extra, label) in cases {
        let o = out(name);
        let args = [&base[..], extra, &["--output", o.to_str().unwrap()]].concat();
        let (code, text, err) = queensat(&args);
        assert_eq!(code, 0, "{name}: {err}");
        let md = std::fs::read_to_string(o.join("summary.md")).unwrap();
        match label {
            None => assert!(
                !text.contains("unchecked") && !md.contains("unchecked"),
                "{name}: {text}{md}"
            ),
            Some(l) => {
                assert!(
                    text.contains(&format!("proof: unchecked (external solver's word) {l}")),
                    "{name}: {text}"
                );
                let what = l.trim_start_matches("for the ");
                assert!(
                    md.contains(&format!("the {what} rest on its UNSAT answers")),
                    "{name}: {md}"
                );
            }
        }
    }
    // Sharded, the shards print nothing of it and the merge prints the same label.
    let greedy = [
        &base[..],
        &["--engine", "reuse", "--count-optimal", "--chunk", "2"],
    ]
    .concat();
    let shards: Vec<String> = (1..=2)
        .map(|i| {
            let o = out(&format!("shard{i}"));
            let shard = format!("{i}/2");
            let args = [&greedy[..], &["--shard", &shard, "--output", o.to_str().unwrap()]].concat();
            let (code, text, err) = queensat(&args);
            assert_eq!(code, 0, "{err}");
            assert!(!text.contains("unchecked"), "{text}");
            o.to_str().unwrap().to_string()
        })
        .collect();
    let merged = out("merged");
    let (code, text, err) = queensat(&[
        "merge",
        &shards[0],
        &shards[1],
        "--output",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("proof: unchecked (external solver's word) for the counts"),
        "{text}"
    );
}

/// A solver that says UNSAT and writes no proof cannot be certified: `--certify` says so in
/// one line, and leaves no CNF behind in the certificate folder.
#[test]
fn an_unsat_without_a_proof_is_refused_by_certify() {
    let dir = tempfile::tempdir().unwrap();
    let liar = fake(dir.path(), "liar", "echo 's UNSATISFIABLE'\nexit 20");
    let keep = dir.path().join("certificate");
    std::fs::create_dir(&keep).unwrap();
    let args = [
        "value",
        "--size",
        "8",
        "--walls",
        "1,3 2,5",
        "--solver",
        &liar,
        "--certify",
        "--certify-dir",
        keep.to_str().unwrap(),
    ];
    let (code, _, err) = queensat(&args);
    one_error_line(code, &err, "wrote no proof, so the answer cannot be checked");
    assert_eq!(std::fs::read_dir(&keep).unwrap().count(), 0);
}

/// Trial 53: a solver told where its proof goes knows the certificate folder; one that swaps
/// the question's CNF there for a trivial contradiction, with a one-line proof of that, is
/// refused (the value is 10, not 8), in `value`, `armies` and `verify` alike, not certified.
#[test]
fn a_solver_that_swaps_the_certificate_cnf_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let swap = fake(
        dir.path(),
        "swap",
        // Only where it is told a proof path (a certificate's solve), and only files that are
        // there: a search's own call has no `$2`, and the glob would name the tests' folder.
        "if [ -n \"$2\" ]; then\n\
         for f in \"$(dirname \"$2\")\"/*.cnf; do [ -f \"$f\" ] && printf 'p cnf 1 2\\n1 0\\n-1 0\\n' > \"$f\"; done\n\
         printf '0\\n' > \"$2\"\nfi\necho 's UNSATISFIABLE'\nexit 20",
    );
    let keep = dir.path().join("certificate");
    let keep = keep.to_str().unwrap();
    // Armies on 2x2, where the lie (m = 0) is the truth: on a larger board the greedy armies
    // refute the search's own UNSAT before any certificate is asked for.
    let value_board = ["--size", "8", "--walls", "1,3 2,5"];
    let armies_board = ["--size", "2", "--walls", ""];
    for (command, cnf) in [("value", "value-at-least-9.cnf"), ("armies", "armies-2x2-ge")] {
        let mut args = vec![command];
        args.extend(if command == "value" {
            value_board
        } else {
            armies_board
        });
        args.extend(["--solver", &swap, "--certify"]);
        let (code, out, err) = queensat(&args);
        assert!(!out.contains("certified:"), "{command}: {out}");
        one_error_line(code, &err, "not the CNF queensat wrote for");
        args.extend(["--certify-dir", keep]);
        let (code, _, err) = queensat(&args);
        one_error_line(code, &err, &format!("{keep}/{cnf}"));
    }
    // `verify --certify` confirmed the published 8x8 row that claims value 5 (it is 8).
    let published = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8/0-W_boards.csv"
    );
    let (code, out, err) = queensat(&["verify", published, "--solver", &swap, "--certify"]);
    assert!(!out.contains("| 1 | 1 | 0 |"), "{out}");
    one_error_line(code, &err, "not the CNF queensat wrote for 'at least 6 queens'");
}

/// Trial 53: a solver that leaves a pipe, or a link to /dev/zero, where its proof goes is
/// refused in one line at once (the pipe held the checker for ever, deaf to SIGTERM; the link
/// kept it reading past its time limit).
#[test]
fn a_proof_that_is_no_file_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    for (name, make) in [("pipe", "mkfifo \"$2\""), ("zero", "ln -s /dev/zero \"$2\"")] {
        let body = format!("{make}\necho 's UNSATISFIABLE'\nexit 20");
        let solver = fake(dir.path(), name, &body);
        // Killed after a minute, should the check hang again.
        let out = Command::new("timeout")
            .args(["-s", "KILL", "60", env!("CARGO_BIN_EXE_queensat")])
            .args(["value", "--size", "8", "--walls", "1,3 2,5", "--certify"])
            .args(["--solver", &solver])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        one_error_line(out.status.code().unwrap_or(-1), &err, "left no proof file");
    }
    // A solver named minisat* is read from its result file: a pipe there is no answer either.
    std::fs::create_dir(dir.path().join("bin")).unwrap();
    let minisat = dir.path().join("bin/minisat-pipe");
    std::fs::write(&minisat, "#!/bin/sh\nmkfifo \"$2\"\nexit 20\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&minisat, mode).unwrap();
    let solver = format!("external:{}", minisat.display());
    let out = Command::new("timeout")
        .args(["-s", "KILL", "60", env!("CARGO_BIN_EXE_queensat")])
        .args(["value", "--size", "6", "--solver", &solver])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    one_error_line(out.status.code().unwrap_or(-1), &err, "minisat result");
}

/// Trial 53: a search stopped by a signal reports the upper bound it knows; where that bound
/// rests on an external solver's UNSAT (here a false one: the value is 10), the text says so,
/// as it does for a proved value.
#[test]
fn a_stopped_search_labels_an_upper_bound_from_an_external_unsat() {
    let dir = tempfile::tempdir().unwrap();
    let asked = dir.path().join("asked");
    let body = format!(
        "if [ -e {0}.first ]; then touch {0}; sleep 30; fi\ntouch {0}.first\n\
         echo 's UNSATISFIABLE'\nexit 20",
        asked.display()
    );
    let solver = fake(dir.path(), "unsat-then-hang", &body);
    let args = [
        "value", "--size", "8", "--walls", "1,3 2,5", "--search", "down", "--solver", &solver,
    ];
    let (out, _) = common::signalled_when(&args, libc::SIGTERM, |_| asked.exists());
    let text = common::stdout(&out);
    assert_eq!(out.status.code(), Some(143), "{text}");
    assert!(
        text.contains("proof: unchecked (external solver's word): NOT proved: interrupted (SIGTERM)")
            && text.contains("upper bound 9"),
        "{text}"
    );
    // JSON says it too, where `certified: false` alone would not (a stopped search is never
    // certified).
    for f in ["asked", "asked.first"] {
        std::fs::remove_file(dir.path().join(f)).unwrap();
    }
    let json = [&args[..], &["--format", "json"]].concat();
    let (out, _) = common::signalled_when(&json, libc::SIGTERM, |_| asked.exists());
    let j: serde_json::Value = serde_json::from_str(common::stdout(&out).trim()).unwrap();
    assert_eq!(
        (j["proved"].as_bool(), j["unchecked_unsat"].as_bool()),
        (Some(false), Some(true))
    );
}

/// A cube run whose cubes rest on an external solver's UNSAT: `merge --require-proof` refuses
/// the merged answer as the one-process run refuses its own; without the flag it is labelled.
#[test]
fn a_merged_cube_run_on_an_external_solver_is_refused_with_require_proof() {
    let dir = tempfile::tempdir().unwrap();
    let honest = honest(dir.path());
    let out = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let board = [
        "value",
        "--size",
        "8",
        "--walls",
        "1,4 3,1 4,3",
        "--quiet",
        "--solver",
        &honest,
    ];
    let (code, _, err) = queensat(&[&board[..], &["--output", &out("whole"), "--require-proof"]].concat());
    one_error_line(code, &err, "--require-proof");
    for i in 1..=2 {
        let (shard, o) = (format!("{i}/2"), out(&format!("shard{i}")));
        let (code, _, err) = queensat(&[&board[..], &["--shard", &shard, "--output", &o]].concat());
        assert_eq!(code, 0, "{err}");
    }
    let merge = ["merge", &out("shard1"), &out("shard2"), "--output"];
    let (code, _, err) = queensat(&[&merge[..], &[&out("refused"), "--require-proof"]].concat());
    one_error_line(code, &err, "--require-proof");
    let (code, text, err) = queensat(&[&merge[..], &[&out("merged")]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("proof: unchecked (external solver's word)"),
        "{text}"
    );
}

/// A boards CSV in `dir` with one 3×3 row (the 64-bit layout, `--size 3`): no walls, a claimed
/// value 1 and a legal placement of 2 queens, (0,0) and (1,2), whose size refutes the claim.
fn three_by_three_rows(dir: &std::path::Path) -> String {
    let queens = (1u64 << 63) | (1u64 << (63 - 10));
    let csv = dir.join("3x3.csv");
    std::fs::write(&csv, format!("Walls,Value,Queens:\n0,1,{queens}\n")).unwrap();
    csv.to_str().unwrap().to_string()
}

/// Finding 2 (trial 48), the label: the true value `verify` gives a refuted row rests on the
/// external solver's UNSAT; it is labelled per row, counted in `unchecked`, and refused by
/// `--require-proof`.
#[test]
fn verify_labels_a_true_value_that_rests_on_an_external_unsat() {
    let dir = tempfile::tempdir().unwrap();
    let honest = honest(dir.path());
    let csv = three_by_three_rows(dir.path());
    let args = ["verify", &csv, "--size", "3", "--solver", &honest];
    let (code, out, err) = queensat(&args);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("the value is 2 (unchecked (external solver's word): UNSAT with at least 3 queens"),
        "{out}"
    );
    assert!(
        out.contains("- proof: unchecked (external solver's word): 1 of the 1 verdicts"),
        "{out}"
    );
    let (code, out, _) = queensat(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 1);
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["unchecked"], 1, "{out}");
    let verdict = &j["rows"][0]["verdict"];
    assert_eq!(
        (verdict["true_value"].as_u64(), verdict["certified"].as_bool()),
        (Some(2), Some(false)),
        "{out}"
    );
    let tsv = dir.path().join("rows.tsv");
    let (code, _, _) = queensat(&[&args[..], &["--rows-tsv", tsv.to_str().unwrap()]].concat());
    assert_eq!(code, 1);
    let tsv = std::fs::read_to_string(&tsv).unwrap();
    assert!(
        tsv.contains("size-mismatch (unchecked (external solver's word))\t2"),
        "{tsv}"
    );
    let (code, _, err) = queensat(&[&args[..], &["--require-proof"]].concat());
    one_error_line(code, &err, "--require-proof");
    // The in-process solver's true value is its own: no label.
    let (code, out, _) = queensat(&["verify", &csv, "--size", "3"]);
    assert_eq!(code, 1);
    assert!(out.contains("the value is 2 (UNSAT with at least 3 queens") && !out.contains("unchecked"));
}

/// Finding 2 (trial 48), the contradiction: a lying solver's UNSAT never gives a value below a
/// legal placement the row holds, or one the value search found; it is the solver's error.
#[test]
fn verify_refuses_an_unsat_that_a_checked_placement_contradicts() {
    let dir = tempfile::tempdir().unwrap();
    let liar = fake(dir.path(), "liar", "echo 's UNSATISFIABLE'\nexit 20");
    // The trial's row: 8 queens placed on an 8x8 board with three walls, value claimed 7.
    let rows = dir.path().join("v3low.csv");
    std::fs::write(&rows, "Walls,Value,Queens:\n7,7,2308165182134682240\n").unwrap();
    for extra in [&[][..], &["--require-proof"], &["--format", "json"]] {
        let args = ["verify", rows.to_str().unwrap(), "--solver", &liar];
        let (code, out, err) = queensat(&[&args[..], extra].concat());
        assert!(out.is_empty(), "{out}");
        one_error_line(
            code,
            &err,
            "answered UNSAT for at least 7 queens, but a checked placement of 8 queens exists \
             (the row's placement)",
        );
        assert!(
            err.starts_with("queensat: error: line 2 (walls 7,5 7,6 7,7): external solver \"sh "),
            "{err}"
        );
    }
    // Where the row's placement is no larger than the value, the value stands, labelled.
    let csv = three_by_three_rows(dir.path());
    let (code, out, err) = queensat(&["verify", &csv, "--size", "3", "--solver", &liar]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("the value is 2 (unchecked (external solver's word)"),
        "{out}"
    );
    // A summary's boards: each CSV row's legal placement holds the engine's value up (the
    // lie was "internal error: two boards of one symmetry class have values 7 and 9").
    let published = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8"
    );
    let (notes, boards) = (
        format!("{published}/1W_summary.txt"),
        format!("{published}/1-W_boards.csv"),
    );
    let (code, _, err) = queensat(&["verify", &notes, "--boards", &boards, "--solver", &liar]);
    one_error_line(code, &err, "1-W_boards.csv: line ");
    assert!(
        err.contains(": external solver \"sh ")
            && err.contains("answered UNSAT for at least ")
            && err.contains("exists (the row's placement)"),
        "{err}"
    );
    // Without the placements, two boards of one symmetry class whose values differ: the lower
    // one's UNSAT is refuted by the other's placement, whose image symmetry keeps legal.
    let text = std::fs::read_to_string(&boards).unwrap();
    let mut lines = text.lines();
    let mut bare = format!("{}\n", lines.next().unwrap());
    for line in lines {
        let (walls_and_value, _) = line.rsplit_once(',').unwrap();
        bare.push_str(&format!("{walls_and_value},0\n"));
    }
    let bare_csv = dir.path().join("1-W_bare.csv");
    std::fs::write(&bare_csv, bare).unwrap();
    let bare_csv = bare_csv.to_str().unwrap();
    let (code, _, err) = queensat(&["verify", &notes, "--boards", bare_csv, "--solver", &liar]);
    one_error_line(
        code,
        &err,
        "of the same symmetry class, has a checked placement of ",
    );
    assert!(
        err.starts_with("queensat: error: external solver \"sh ") && !err.contains("internal error"),
        "{err}"
    );
    // A row without a placement: "2 queens do not fit" is refuted by the value search's own.
    let list = dir.path().join("puzzles.txt");
    std::fs::write(&list, "[[0,2]]\n").unwrap();
    let (code, _, err) = queensat(&["verify", list.to_str().unwrap(), "--size", "3", "--solver", &liar]);
    one_error_line(
        code,
        &err,
        "answered UNSAT for at least 2 queens, but a checked placement of 2 queens exists (the \
         value search's)",
    );
}

/// Finding 3 (trial 48): an enumeration that ends without the value's own checked placement
/// is the lying solver's error, not a complete count of zero; a shard is held to it only where
/// the placement lies.
#[test]
fn solutions_refuse_an_enumeration_that_misses_the_values_placement() {
    let dir = tempfile::tempdir().unwrap();
    let liar = fake(dir.path(), "liar", "echo 's UNSATISFIABLE'\nexit 20");
    let args = ["solutions", "--size", "6", "--solver", &liar];
    for (extra, what) in [
        (&[][..], "besides the 0 placements found"),
        (&["--count"], "besides the 0 placements found"),
        (&["--unique"], "besides the 0 classes found"),
        (&["--unique", "--break", "images"], "besides the 0 classes found"),
        (&["--format", "json"], "besides the 0 placements found"),
    ] {
        let (code, _, err) = queensat(&[&args[..], extra].concat());
        one_error_line(code, &err, what);
        assert!(
            err.contains("answered UNSAT for a placement of exactly 4 queens")
                && err.contains("but the value's placement (4 queens, checked) is"),
            "{err}"
        );
    }
    // Split in two, the shard that keeps the placement refuses; the other's empty count is
    // labelled as the solver's word.
    let shards: Vec<(i32, String, String)> = ["1/2", "2/2"]
        .iter()
        .map(|s| queensat(&[&args[..], &["--count", "--shard", s]].concat()))
        .collect();
    let refused: Vec<_> = shards.iter().filter(|(code, _, _)| *code == 2).collect();
    assert_eq!(refused.len(), 1, "{shards:?}");
    one_error_line(2, &refused[0].2, "besides the 0 placements found");
    let (_, out, _) = shards.iter().find(|(code, _, _)| *code == 0).unwrap();
    assert!(out.contains("unchecked (external solver's word)"), "{out}");
    // An honest external solver's enumeration meets it.
    let honest = honest(dir.path());
    let (code, out, err) = queensat(&["solutions", "--size", "6", "--count", "--solver", &honest]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("total 4\n"), "{out}");
}

/// Finding 14 (trial 48): least-walls blames a lying external solver by name, not itself.
#[test]
fn least_walls_blames_a_lying_external_solver() {
    let dir = tempfile::tempdir().unwrap();
    let liar = fake(dir.path(), "liar", "echo 's UNSATISFIABLE'\nexit 20");
    for search in ["down", "up"] {
        let args = [
            "least-walls",
            "--size",
            "5",
            "--queens",
            "6",
            "--search",
            search,
            "--solver",
            &liar,
        ];
        let (code, _, err) = queensat(&args);
        one_error_line(
            code,
            &err,
            "answered UNSAT for a 5x5 board with at least 6 queens",
        );
        assert!(
            err.starts_with("queensat: error: external solver \"sh ")
                && err.contains("but the 2x2 block bound's board holds 6 queens with 16 walls")
                && !err.contains("internal error"),
            "{search}: {err}"
        );
    }
}

/// A solver that answers UNSAT to every armies question would make `m = 0`; the greedy
/// construction's checked armies (no solver) show the answer false.
#[test]
fn armies_blame_a_lying_external_solver() {
    let dir = tempfile::tempdir().unwrap();
    let liar = fake(dir.path(), "liar", "echo 's UNSATISFIABLE'\nexit 20");
    let (code, _, err) = queensat(&["armies", "--size", "6", "--solver", &liar]);
    one_error_line(
        code,
        &err,
        "answered UNSAT for two armies of 1, but a checked position",
    );
    assert!(
        err.contains("two armies of 5 exists (a greedy construction)") && !err.contains("internal"),
        "{err}"
    );
}

/// A solver that sleeps, with a child that sleeps too, each writing its pid into `dir`
/// (`solver.pid`, then `child.pid`) once started: its `--solver` argument. The solver writes its
/// pid before it starts the child, so a test that waits for `child.pid` finds both (the other
/// order lost the race once: the signal came before the solver had written its pid).
fn sleeper(dir: &std::path::Path) -> String {
    let (solver, child) = (dir.join("solver.pid"), dir.join("child.pid"));
    let body = format!(
        "echo $$ > {}\nsh -c 'echo $$ > {}; exec sleep 60' &\nsleep 60\n",
        solver.display(),
        child.display()
    );
    fake(dir, "sleeper", &body)
}

/// Whether the processes whose pids a [`sleeper`] wrote into `dir` have ended (within a second).
/// A pid not written is a process stopped before it could write it (a limit or a signal that
/// came at once): nothing of it to wait for.
fn sleeper_gone(dir: &std::path::Path) -> bool {
    let pids: Vec<String> = ["solver.pid", "child.pid"]
        .iter()
        .filter_map(|f| std::fs::read_to_string(dir.join(f)).ok())
        .map(|p| p.trim().to_string())
        .collect();
    (0..50).any(|_| {
        std::thread::sleep(Duration::from_millis(20));
        pids.iter().all(|p| !alive(p))
    })
}

/// A search's `--time-limit` reaches inside an external solver's call (trial 58: `value` ran
/// as long as the solver did, or for ever with one that slept): the call gets what is left of
/// the limit as wall-clock seconds and is killed then, with what it started; the search
/// reports as at its limit, NOT proved, exit 3, the killed call never taken for UNSAT.
#[test]
fn a_time_limit_kills_an_external_solver_inside_a_search() {
    let searches: [&[&str]; 3] = [
        &["value", "--size", "6"],
        &["least-walls", "--size", "6", "--queens", "8"],
        &["armies", "--size", "6"],
    ];
    for search in searches {
        let dir = tempfile::tempdir().unwrap();
        let solver = sleeper(dir.path());
        let args = [search, &["--solver", &solver, "--time-limit", "1"]].concat();
        let t = Instant::now();
        let (code, out, err) = queensat(&args);
        let took = t.elapsed();
        assert_eq!(code, 3, "{search:?}: {out}{err}");
        assert!(took < Duration::from_secs(8), "{search:?}: {took:?}");
        let limit = ["the time limit of 1 CPU s ran out", "stopped after 1 s of CPU"];
        assert!(
            out.contains("NOT proved: ")
                && limit.iter().any(|l| out.contains(l))
                && !out.contains("unchecked"),
            "{search:?}: {out}"
        );
        assert!(!err.contains("run past"), "{search:?}: {err}");
        assert!(
            sleeper_gone(dir.path()),
            "{search:?}: the solver outlived the limit"
        );
    }
}

/// `cover`'s first search, the list of n-queens solutions it selects from, is under the limit
/// too (trial 58: with a sleeping solver it ran until a signal): the size is reported as not
/// computed, with why, and the run exits 3; the next size gets the limit anew.
#[test]
fn a_time_limit_ends_the_listing_of_a_cover() {
    let dir = tempfile::tempdir().unwrap();
    let solver = sleeper(dir.path());
    let args = [
        "cover",
        "--size",
        "6",
        "--solver",
        &solver,
        "--time-limit",
        "1",
        "--format",
        "json",
    ];
    let t = Instant::now();
    let (code, out, err) = queensat(&args);
    assert_eq!(code, 3, "{out}{err}");
    assert!(t.elapsed() < Duration::from_secs(8), "{:?}", t.elapsed());
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["reports"], serde_json::json!([]), "{out}");
    let why = j["missing"][0]["why"].as_str().unwrap_or_default();
    assert!(
        why.starts_with("the time limit of 1 CPU s ran out while listing the 6x6 board's"),
        "{out}"
    );
    assert!(sleeper_gone(dir.path()), "the solver outlived the limit");
    // The text table says it in the size's row.
    let (code, out, _) = queensat(&["cover", "--size", "4..5", "--time-limit", "1e-9"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("| 4 | not computed (the time limit of"), "{out}");
}

/// A stop signal during an external solver's call in a search kills the solver and stops the
/// search at once, as at its time limit (exit 143 for SIGTERM).
#[test]
fn a_signal_kills_an_external_solver_inside_a_search() {
    let dir = tempfile::tempdir().unwrap();
    let solver = sleeper(dir.path());
    let started = dir.path().join("child.pid");
    let args = ["value", "--size", "6", "--solver", &solver];
    let t = Instant::now();
    let (out, _) = common::signalled_when(&args, libc::SIGTERM, |_| started.exists());
    let text = common::stdout(&out);
    assert_eq!(out.status.code(), Some(143), "{text}{}", common::stderr(&out));
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    assert!(text.contains("NOT proved: interrupted (SIGTERM)"), "{text}");
    assert!(sleeper_gone(dir.path()), "the solver outlived the signal");
}
