//! Stop signals (issue 50, item 6): SIGTERM and SIGHUP stop a long run as SIGINT does. The
//! run reports the best it has, keeps what a rerun resumes from, and exits 143 / 129 (130
//! for SIGINT). Each test signals the real binary once it has used some CPU time, so that it
//! is searching however loaded the machine is.

use crate::common;
use common::{
    file_names, queensat, signalled_after_cpu, signalled_after_cpu_timed, signalled_when, signalled_when_in,
    stderr, stdout,
};
use libc::{SIGHUP, SIGINT, SIGTERM};

/// A resumable run stopped by a signal, the same command again, and an uninterrupted run.
struct Resumed {
    _tmp: tempfile::TempDir,
    /// The folder of the stopped run and its rerun, and that of the uninterrupted run.
    stopped: std::path::PathBuf,
    whole: std::path::PathBuf,
    /// What the stopped run printed on stdout and stderr.
    stop: (String, String),
    /// What the rerun and the uninterrupted run printed on stdout.
    rerun: String,
    uninterrupted: String,
}

/// Runs `args -o stopped` in a scratch folder until it has used 300 ms of CPU, sends it
/// `signal`, checks its exit status `code`, lets `check` look at its stdout and stderr and at
/// the folder, then pastes the command its stop line gives into a shell in another folder
/// (`/`: the relative `-o` must still mean the scratch folder's) to run it to the end, and runs
/// `args` once more into another folder without a signal.
fn stop_and_resume(
    args: &[&str],
    signal: libc::c_int,
    code: i32,
    check: impl FnOnce(&str, &str, &std::path::Path),
) -> Resumed {
    let tmp = tempfile::tempdir().unwrap();
    let (stopped, whole) = (tmp.path().join("stopped"), tmp.path().join("whole"));
    let again = [args, &["-o", "stopped"]].concat();
    let (out, _) = signalled_when_in(Some(tmp.path()), &again, signal, |ms| ms >= 300);
    let stop = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(code), "{}{}", stop.0, stop.1);
    check(&stop.0, &stop.1, &stopped);
    let pasted = resume_command(&stop.1);
    let rerun = std::process::Command::new("bash")
        .args(["-c", &pasted])
        .current_dir("/")
        .output()
        .unwrap();
    assert!(rerun.status.success(), "{pasted}: {}", stderr(&rerun));
    let (code, uninterrupted, err) = queensat(&[args, &["-o", whole.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    Resumed {
        _tmp: tmp,
        stopped,
        whole,
        stop,
        rerun: stdout(&rerun),
        uninterrupted,
    }
}

/// The command a stop line tells the user to paste, after `to resume: `.
fn resume_command(err: &str) -> String {
    let tail = "; run the same command again to resume: ";
    let line = err.lines().find(|l| l.contains(tail));
    let line = line.unwrap_or_else(|| panic!("no resume command in {err:?}"));
    line.split_once(tail).unwrap().1.to_string()
}

/// The one line a stopped chunked run prints, and the number of chunks it says it finished.
fn finished_chunks(out: &str, what: &str, signal: &str, of: usize) -> usize {
    let head = format!("{what} interrupted ({signal}): ");
    let line = out
        .lines()
        .find(|l| l.contains(&head))
        .unwrap_or_else(|| panic!("no stop line in {out:?}"));
    assert!(
        line.contains("; run the same command again to resume: cd "),
        "{line}"
    );
    let (_, rest) = line.split_once(&head).unwrap();
    let (n, rest) = rest.split_once(" of ").unwrap();
    assert!(
        rest.starts_with(&format!(
            "{of} chunk{} finished, kept in ",
            if of == 1 { "" } else { "s" }
        )),
        "{line}"
    );
    n.parse().unwrap()
}

/// `value` on SIGTERM (what `timeout` and Slurm send) prints the best checked placement and
/// the bound known, labelled NOT proved, and exits 143, as Ctrl-C does with 130 (issue 14,
/// case 11); SIGTERM used to end it with nothing printed.
#[test]
fn value_on_sigterm_or_ctrl_c_reports_the_best_found_unproved() {
    // CaDiCaL stops inside a call; the board's last call is long enough to be signalled in.
    if !common::has_cadical() {
        return;
    }
    let walls = common::SLOW_24X24_WALLS;
    for (signal, code, name) in [(SIGTERM, 143, "SIGTERM"), (SIGINT, 130, "Ctrl-C")] {
        let out = signalled_after_cpu(&["value", "--size", "24", "--walls", walls], signal, 1500);
        let (text, err) = (stdout(&out), stderr(&out));
        assert_eq!(out.status.code(), Some(code), "{text}{err}");
        assert!(text.contains("best found "), "{text}");
        assert!(
            text.contains(&format!("NOT proved: interrupted ({name})")),
            "{text}"
        );
        assert!(text.contains('Q'), "the placement is drawn: {text}");
    }
}

/// `solutions` on SIGHUP prints the placements it found and counts that say they are lower
/// bounds, and exits 129.
#[test]
fn solutions_on_sighup_reports_lower_bounds() {
    // 14200 placements of 12 queens on 12×12, one solver call each: many seconds.
    let out = signalled_after_cpu(&["solutions", "--size", "12", "--count"], SIGHUP, 300);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(129), "{text}{err}");
    let total: u64 = text
        .strip_prefix("total >= ")
        .and_then(|t| t.lines().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(total < 14200, "{text}");
    assert!(
        text.contains("classes unknown (run interrupted (SIGHUP))"),
        "{text}"
    );
}

/// `sweep` on SIGHUP keeps its finished chunks and exits 129; the same command again resumes
/// from them and writes the database an uninterrupted run writes.
#[test]
fn a_sweep_stopped_by_sighup_resumes_to_the_same_database() {
    // 239,511 classes of 5 walls on 7×7: 400 chunks, over half a second of CPU (the 79,920 of
    // 4 walls on 8×8 took about a second once, and now less than the 300 ms the signal waits for).
    let args: Vec<&str> = "sweep --size 7 --walls 5 --chunk 600 --threads 1 --quiet"
        .split(' ')
        .collect();
    let mut finished = 0;
    // The stop and how to resume are said on stderr, under --quiet too (it silences progress,
    // not this), as a cube run says it; stdout has no answer to give.
    let r = stop_and_resume(&args, SIGHUP, 129, |out, err, dir| {
        assert_eq!(out, "");
        assert_eq!(err.lines().count(), 1, "{err}");
        finished = finished_chunks(err, "sweep", "SIGHUP", 400);
        assert!(finished > 0 && finished < 400, "{err}");
        let kept = std::fs::read_dir(dir.join("chunks")).unwrap().count();
        assert_eq!(kept, finished, "every finished chunk is kept, and no other");
        assert!(
            !dir.join("7x7-5w.jsonl").exists(),
            "a stopped sweep writes no database"
        );
    });
    assert_eq!(r.rerun, r.uninterrupted);
    let read = |d: &std::path::Path, f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    assert_eq!(read(&r.stopped, "7x7-5w.jsonl"), read(&r.whole, "7x7-5w.jsonl"));
    let run: serde_json::Value = serde_json::from_str(&read(&r.stopped, "run.json")).unwrap();
    assert_eq!(run["chunks_resumed"], finished, "{run}");
}

/// A sweep stopped under `--format json --quiet` prints its state on stdout and says on stderr
/// that it stopped and how to resume, as a cube run does; stderr used to stay empty.
#[test]
fn a_stopped_json_sweep_says_so_on_stderr_too() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let args = "sweep --size 7 --walls 5 --chunk 600 --threads 1 --quiet --format json";
    let args: Vec<&str> = args.split(' ').chain(["-o", out.to_str().unwrap()]).collect();
    let o = signalled_after_cpu(&args, SIGTERM, 300);
    let (text, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(143), "{text}{err}");
    let state: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(state["state"], "stopped", "{text}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let finished = finished_chunks(&err, "sweep", "SIGTERM", 400);
    assert_eq!(state["stopped"], err.trim_end(), "{finished}");
}

/// `nk` on SIGTERM keeps its finished chunks, says so on stderr (under `--quiet` too, as a sweep
/// does) and exits 143; the same command again resumes and counts what an uninterrupted run
/// counts.
#[test]
fn an_nk_count_stopped_by_sigterm_resumes_to_the_same_count() {
    // 843 chunks of four prefix tasks (the mirror's): over a second of CPU.
    let args: Vec<&str> = "nk --size 13 --walls 2 --mirror --chunk 4 --threads 1 --quiet"
        .split(' ')
        .collect();
    let mut finished = 0;
    let r = stop_and_resume(&args, SIGTERM, 143, |out, err, _| {
        assert!(out.is_empty(), "{out}");
        assert!(err.starts_with("n=13 k=2 rows: "), "{err}");
        finished = finished_chunks(err, "N+k count", "SIGTERM", 843);
        assert!(finished > 0 && finished < 843, "{err}");
    });
    assert!(
        r.rerun.contains(&format!("843 chunks, {finished} resumed")),
        "{}",
        r.rerun
    );
    let count = |d: &std::path::Path| -> serde_json::Value {
        let text = std::fs::read_to_string(d.join("13x13-2w-rows").join("count.json")).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap()["placements"].clone()
    };
    assert_eq!(count(&r.stopped), count(&r.whole), "{}", r.uninterrupted);
    assert_eq!(count(&r.whole), 977664, "{}", r.uninterrupted);
}

/// A stop ends an `nk` count inside a prefix task, not only between tasks: with `--depth 1`
/// and the mirror, 16x16 with 2 walls is 8 tasks of over a minute each, which a count used to
/// finish before it stopped. Now the search asks for a stop on the way, and the run ends
/// within moments of the signal, its chunk unfinished and nothing kept but the run's spec.
#[test]
fn a_stop_ends_an_nk_count_inside_a_task() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap();
    let args = ["nk", "--size", "16", "--walls", "2", "--mirror", "--depth", "1"];
    let args = [&args[..], &["--threads", "1", "--quiet", "-o", dir]].concat();
    let (out, after) = signalled_after_cpu_timed(&args, SIGINT, 500);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(after.as_secs_f64() < 1.0, "{after:?} of CPU after the signal");
    assert_eq!(finished_chunks(&err, "N+k count", "Ctrl-C", 1), 0, "{err}");
}

/// A stop while `nk --up-to-symmetry` counts the configurations each symmetry fixes (after
/// the placements, here read from a count file) ends it within moments, exit 130, with a line
/// that says what was left undone; it used to run its orbit searches on for seconds (13.7 s
/// on 18x18 with 2 walls) and then say it had nothing to report.
#[test]
fn a_stop_ends_the_count_up_to_symmetry() {
    let tmp = tempfile::tempdir().unwrap();
    let count = tmp.path().join("count.json");
    // A129551(15), as an earlier queensat wrote it (no seal, no chunks: taken with a note).
    let text = r#"{"n": 15, "k": 2, "queens": 17, "method": "rows", "mirror": true, "sides": true,
        "placements": 90776620, "classes_with_placements": null, "boards_with_placements": null,
        "classes_examined": null, "items": 7478, "chunks": 117, "chunks_resumed": 0,
        "cpu_seconds": 33.4, "elapsed_seconds": 34.7, "command": "queensat nk --size 15 --walls 2",
        "date": "2026-12-01 05:03 UTC", "host": "a test"}"#;
    std::fs::write(&count, text).unwrap();
    let out_dir = tmp.path().join("out");
    let (count, out_dir) = (count.to_str().unwrap(), out_dir.to_str().unwrap());
    let asked = "nk --size 15 --walls 2 --up-to-symmetry --threads 1 --quiet --placements-from";
    let args = [&asked.split(' ').collect::<Vec<_>>()[..], &[count, "-o", out_dir]].concat();
    let (out, after) = signalled_after_cpu_timed(&args, SIGINT, 300);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(after.as_secs_f64() < 0.3, "{after:?} of CPU after the signal");
    assert!(
        err.contains(
            "queensat: interrupted (Ctrl-C): n=15 k=2: the configurations up to symmetry were not \
             counted (the placements are whole and kept; the same command again counts them)"
        ),
        "{err}"
    );
}

/// `puzzles` on SIGTERM prints the puzzles found before it (each one a puzzle, the levels
/// marked incomplete), writes no result files, keeps its chunks, and exits 143; the same
/// command again finishes with the list an uninterrupted run finds.
#[test]
fn puzzles_stopped_by_sigterm_resume_to_the_same_list() {
    // About a second and a half of CPU (7×7 with 2..4 walls, 0.3 s, ended before the signal).
    let args: Vec<&str> = "puzzles --size 8 --walls 2..4 --chunk 256 --quiet"
        .split(' ')
        .collect();
    let r = stop_and_resume(&args, SIGTERM, 143, |out, _, dir| {
        assert!(
            out.contains("Stopped early, interrupted (SIGTERM)")
                && out.contains("| no, interrupted (SIGTERM) |"),
            "{out}"
        );
        assert!(!dir.join("puzzles.csv").exists());
    });
    // The words of every chunked run's stop line (sweep's, nk's, a cube run's).
    let line = r
        .stop
        .1
        .lines()
        .find(|l| l.starts_with("puzzles interrupted (SIGTERM): "));
    assert!(
        line.is_some_and(
            |l| l.contains(" finished, kept in stopped; run the same command again to resume: cd ")
        ),
        "{}",
        r.stop.1
    );
    // Every column but the last, the proof's seconds.
    let list = |d: &std::path::Path| -> Vec<String> {
        std::fs::read_to_string(d.join("puzzles.csv"))
            .unwrap()
            .lines()
            .map(|l| l.rsplit_once(',').unwrap().0.to_string())
            .collect()
    };
    assert_eq!(list(&r.stopped), list(&r.whole));
}

/// `nqueens` on SIGTERM, before a solution: one line on stderr naming the signal, exit 143.
#[test]
fn nqueens_on_sigterm_exits_143() {
    // Thirty million queens: seconds of greedy start.
    let out = signalled_after_cpu(&["nqueens", "3e7", "--quiet"], SIGTERM, 300);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(143), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("interrupted (SIGTERM)"), "{err}");
    assert!(stdout(&out).is_empty());
}

/// `timeout` signals the command and then its whole process group: the second SIGTERM, a
/// moment after the first, must not kill the report the first asked for.
#[test]
fn sigterm_twice_as_timeout_sends_it_still_reports() {
    let mut child = common::spawn_catching(&["solutions", "--size", "12", "--count"], SIGTERM);
    drop(child.stdin.take());
    std::thread::sleep(std::time::Duration::from_millis(300));
    common::send(&child, SIGTERM);
    common::send(&child, SIGTERM);
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(143), "{text}{}", stderr(&out));
    assert!(
        text.contains("classes unknown (run interrupted (SIGTERM))"),
        "{text}"
    );
    // And the real thing, where the machine has it.
    let Ok(o) = std::process::Command::new("timeout")
        .args([
            "2",
            env!("CARGO_BIN_EXE_queensat"),
            "solutions",
            "--size",
            "12",
            "--count",
        ])
        .output()
    else {
        return;
    };
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(124), "{text}{}", stderr(&o));
    assert!(text.starts_with("total >= "), "{text}");
}

/// A second Ctrl-C ends the process at once, when the first could not stop it (a batch
/// waiting for its next line); a second SIGTERM changes nothing, and the batch then ends with
/// exit 143 when its input does.
#[test]
fn a_second_ctrl_c_ends_the_process_and_a_second_sigterm_does_not() {
    let pause = || std::thread::sleep(std::time::Duration::from_millis(400));
    let child = common::spawn_catching(&["value", "--batch", "-"], SIGINT);
    pause();
    common::send(&child, SIGINT);
    pause();
    common::send(&child, SIGINT);
    pause();
    let out = child.wait_with_output().unwrap();
    use std::os::unix::process::ExitStatusExt as _;
    assert_eq!(out.status.signal(), Some(SIGINT), "{:?}", out.status);

    let mut child = common::spawn_catching(&["value", "--batch", "-"], SIGTERM);
    pause();
    common::send(&child, SIGTERM);
    pause();
    common::send(&child, SIGTERM);
    pause();
    assert!(
        child.try_wait().unwrap().is_none(),
        "a second SIGTERM ended the process"
    );
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143), "{}", stderr(&out));
}

/// Pigeons into one hole fewer, as DIMACS: no CDCL solver refutes 12 into 11 in minutes.
fn pigeonhole_cnf(pigeons: usize) -> String {
    let holes = pigeons - 1;
    let var = |p: usize, h: usize| p * holes + h + 1;
    let mut clauses: Vec<String> = (0..pigeons)
        .map(|p| (0..holes).map(|h| format!("{} ", var(p, h))).collect::<String>() + "0")
        .collect();
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(format!("-{} -{} 0", var(p, h), var(q, h)));
            }
        }
    }
    format!(
        "p cnf {} {}\n{}\n",
        pigeons * holes,
        clauses.len(),
        clauses.join("\n")
    )
}

/// `solve` stops on Ctrl-C like the searches: CaDiCaL inside its call, the answer unknown
/// (`s UNKNOWN`, saying why), exit 130.
#[test]
fn solve_on_ctrl_c_answers_unknown_and_exits_130() {
    if !common::has_cadical() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("php12.cnf");
    std::fs::write(&cnf, pigeonhole_cnf(12)).unwrap();
    let out = signalled_after_cpu(
        &["solve", cnf.to_str().unwrap(), "--solver", "cadical"],
        SIGINT,
        300,
    );
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(130), "{text}{err}");
    assert!(text.contains("s UNKNOWN"), "{text}");
    assert!(text.contains("interrupted (Ctrl-C)"), "{text}");
}

/// An external solver runs in a process group of its own, which a terminal's Ctrl-C does not
/// reach: queensat kills it on the signal and answers unknown at once.
#[test]
fn solve_kills_an_external_solver_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("php12.cnf");
    std::fs::write(&cnf, pigeonhole_cnf(12)).unwrap();
    let sleeper = common::hostile::fake_solver(dir.path(), "sleeper", "sleep 60");
    let child = common::spawn_catching(&["solve", cnf.to_str().unwrap(), "--solver", &sleeper], SIGTERM);
    std::thread::sleep(std::time::Duration::from_millis(500));
    let start = std::time::Instant::now();
    common::send(&child, SIGTERM);
    let out = child.wait_with_output().unwrap();
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(143), "{text}{err}");
    assert!(text.contains("s UNKNOWN"), "{text}");
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}

/// The stdout of queensat `args` sent `signal` after 0.3 s of CPU, which exits with `code`
/// within seconds of it.
fn stopped_within_moments(args: &[&str], signal: i32, code: i32) -> String {
    let start = std::time::Instant::now();
    let out = signalled_after_cpu(args, signal, 300);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(code), "{text}{err}");
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
    text
}

/// `solve` with varisat, which cannot be stopped inside its one call, stops on a signal all the
/// same (trial 48, finding 4): the call runs on a thread of its own, and the answer is unknown
/// within moments of the signal, text or JSON. It used to run the whole call (minutes).
#[test]
fn solve_with_varisat_stops_on_a_signal_within_moments() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("php12.cnf");
    std::fs::write(&cnf, pigeonhole_cnf(12)).unwrap();
    let cnf = cnf.to_str().unwrap();
    let text: &[&str] = &["solve", cnf];
    let json: &[&str] = &["solve", cnf, "--solver", "varisat", "--format", "json"];
    for (args, signal, code, name) in [(text, SIGINT, 130, "Ctrl-C"), (json, SIGTERM, 143, "SIGTERM")] {
        let text = stopped_within_moments(args, signal, code);
        let stopped = format!("stopped: interrupted ({name})");
        match args.contains(&"json") {
            false => assert!(
                text.starts_with("s UNKNOWN\n") && text.contains(&stopped),
                "{text}"
            ),
            true => {
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                assert_eq!(
                    (v["status"].as_str(), v["note"].as_str()),
                    (Some("unknown"), Some(&*stopped))
                );
            }
        }
    }
}

/// `least-walls` with varisat (the solver when no limit is named), which cannot be stopped
/// inside a call, stops on a signal within moments all the same, and at `--time-limit` with no
/// note that it may not: the search runs on a thread of its own, and the answer is the bounds
/// it had when the call began, NOT proved. 9x9 with 15 queens: its last call took the signal's
/// process 31 s before.
#[test]
fn least_walls_asking_varisat_stops_within_moments() {
    let args = ["least-walls", "--size", "9", "--queens", "15"];
    let text = stopped_within_moments(&args, SIGTERM, 143);
    assert!(
        text.contains("proof: NOT proved: interrupted (SIGTERM); at least "),
        "{text}"
    );
    let limited = [
        &args[..],
        &["--solver", "varisat", "--time-limit", "1", "--format", "json"],
    ]
    .concat();
    let (out, err) = common::queensat_within(&limited, 3, 10);
    assert!(!err.contains("queensat: note:"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let proof = v["reports"][0]["proof"].as_str().unwrap();
    assert!(
        proof.starts_with("NOT proved: the time limit of 1 CPU s ran out; at least "),
        "{proof}"
    );
}

/// `least-walls --queens A..B` stopped by a signal says which q it did not ask (trial 48,
/// finding 6): `not asked` rows in the table and a line on stderr, `not_asked` and `stopped`
/// in the JSON. Dropped without a word, they made a run stopped in its last call read as a
/// finished one. (9x9: q = 13 takes about 0.7 s of CPU, 14 and 15 many seconds more.)
#[test]
fn least_walls_over_a_range_says_which_q_a_signal_left_unasked() {
    let args = ["least-walls", "--size", "9", "--queens", "13..15"];
    let out = signalled_after_cpu(&args, SIGINT, 300);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(130), "{text}{err}");
    assert!(text.contains("\n15 not asked\n"), "{text}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("interrupted (Ctrl-C): q = ") && l.ends_with(", 15 not asked")),
        "{err}"
    );
    let json = [&args[..], &["--format", "json"]].concat();
    let out = signalled_after_cpu(&json, SIGTERM, 300);
    assert_eq!(out.status.code(), Some(143), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let asked = v["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["queens"].as_u64().unwrap());
    let not_asked = v["not_asked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q.as_u64().unwrap());
    let (asked, not_asked): (Vec<u64>, Vec<u64>) = (asked.collect(), not_asked.collect());
    assert_eq!([&asked[..], &not_asked[..]].concat(), [13, 14, 15], "{v}");
    assert_eq!(not_asked.last(), Some(&15), "{v}");
    let line = v["stopped"].as_str().unwrap();
    assert!(line.starts_with("interrupted (SIGTERM): q = "), "{line}");
}

/// The cube runs of `armies`, `least-walls` and `cover` stopped in their start, before any
/// cube, print the stopped object their schema describes (`output`, `shard`, `state`:
/// `stopped`) as `value -o` does (trial 48, finding 10); they used to print no JSON at all.
#[test]
fn cube_runs_stopped_in_their_start_print_their_stopped_json() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [(&[&str], libc::c_int, i32); 3] = [
        (&["armies", "--size", "8"], SIGINT, 130),
        (&["least-walls", "--size", "8", "--queens", "14"], SIGTERM, 143),
        (&["cover", "--size", "10"], SIGHUP, 129),
    ];
    for (i, (args, signal, code)) in runs.into_iter().enumerate() {
        let folder = dir.path().join(format!("cubes-{i}"));
        let json = ["--cube-dir", folder.to_str().unwrap(), "--format", "json"];
        let out = signalled_after_cpu(&[args, &json].concat(), signal, 100);
        let (text, err) = (stdout(&out), stderr(&out));
        assert_eq!(out.status.code(), Some(code), "{args:?}: {text}{err}");
        let v: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text:?}"));
        assert_eq!(v["command"], args[0], "{v}");
        assert_eq!(v["state"], "stopped", "{v}");
        assert_eq!(v["output"], folder.to_str().unwrap(), "{v}");
        let line = v["stopped"].as_str().unwrap();
        assert!(err.contains(line), "{err}");
    }
}

/// `value` on a board under 300 free cells asks varisat, which cannot stop inside a call, yet
/// a signal stops it within moments (trial 48, finding 5): the search runs on a thread of its
/// own, and the answer is what it knew when the call began, NOT proved, with the signal's exit
/// status, text or JSON. It used to finish the call (21 s on this 16x16 step-4 lattice) and exit 0.
#[test]
fn value_asking_varisat_stops_on_a_signal_within_moments() {
    let walls = "2,2 2,6 2,10 2,14 6,2 6,6 6,10 6,14 10,2 10,6 10,10 10,14 14,2 14,6 14,10 14,14";
    let text: &[&str] = &["value", "--size", "16", "--walls", walls, "--no-lp"];
    let json = &[text, &["--format", "json"]].concat();
    for (args, signal, code, name) in [
        (text, SIGTERM, 143, "SIGTERM"),
        (&json[..], SIGINT, 130, "Ctrl-C"),
    ] {
        let text = stopped_within_moments(args, signal, code);
        let stopped = format!("NOT proved: interrupted ({name}); best placement ");
        match args.contains(&"json") {
            false => assert!(
                text.contains(&stopped) && text.contains("solver varisat"),
                "{text}"
            ),
            true => {
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                assert!(v["proof"].as_str().unwrap().starts_with(&stopped), "{v}");
                assert_eq!(
                    (v["proved"].as_bool(), v["solver"].as_str()),
                    (Some(false), Some("varisat"))
                );
                let last = &v["calls"].as_array().unwrap().last().unwrap()["answer"];
                assert_eq!(last, "stopped", "{v}");
            }
        }
    }
}

/// The arguments of an 8×8 sweep of 4 walls with optimal counts (1,599 chunks) into `dir`,
/// whose resumed assembly, every chunk read back and re-checked, takes over a second of CPU.
fn sweep_8x8_4w(dir: &str) -> Vec<&str> {
    "sweep --size 8 --walls 4 --chunk 50 --count-optimal --quiet -o"
        .split(' ')
        .chain([dir])
        .collect()
}

/// Runs `args` to the end.
fn finished(args: &[&str]) -> String {
    let (code, text, err) = queensat(args);
    assert_eq!(code, 0, "{err}");
    text
}

/// A signal while a fully resumed sweep assembles (reads its chunks back and writes its
/// database) stops it (trial 50, F7): exit 130, the stop line saying every chunk is kept,
/// and a rerun assembles. It used to run on to the end and exit 0.
#[test]
fn a_signal_stops_a_resumed_sweep_in_its_assembly() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s");
    let args = sweep_8x8_4w(dir.to_str().unwrap());
    finished(&args);
    let out = signalled_after_cpu(&args, SIGINT, 300);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(130), "{text}{err}");
    assert_eq!(finished_chunks(&err, "sweep", "Ctrl-C", 1599), 1599, "{err}");
    assert_eq!(text, "");
    let text = finished(&args);
    assert!(text.starts_with("4 walls: 79920 classes"), "{text}");
}

/// `merge` stops on a signal as the runs it merges do (trial 50, F7): one line on stderr
/// saying nothing was merged and the shards are untouched, no output folder, exit 143. It
/// used to die silently, leaving the output folder with only the spec in it.
#[test]
fn a_signal_stops_a_merge_and_it_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = ["a", "b"].map(|s| tmp.path().join(s).to_str().unwrap().to_string());
    for (i, dir) in shards.iter().enumerate() {
        let shard = format!("{}/2", i + 1);
        finished(&[&sweep_8x8_4w(dir)[..], &["--shard", &shard]].concat());
    }
    let [a, b] = &shards;
    let m = tmp.path().join("m");
    let out = signalled_after_cpu(&["merge", a, b, "-o", m.to_str().unwrap()], SIGTERM, 300);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(143), "{text}{err}");
    let line = format!(
        "merge interrupted (SIGTERM): nothing merged into {} (the shards are untouched); run the \
         same command again to resume: cd ",
        m.display()
    );
    assert!(err.starts_with(&line) && err.lines().count() == 1, "{err}");
    assert!(!m.exists(), "a stopped merge writes nothing");
}

/// `cover` stopped by a signal says so on stderr as every long run does (trial 50, F7): how
/// many sizes it proved and where they are kept. It used to say nothing there.
#[test]
fn a_stopped_cover_says_so_on_stderr() {
    let tmp = tempfile::tempdir().unwrap();
    let certs = tmp.path().join("c");
    let args = ["cover", "--size", "9", "--certificates", certs.to_str().unwrap()];
    let out = signalled_after_cpu(&args, SIGINT, 300);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(130), "{text}{err}");
    let line = format!(
        "cover interrupted (Ctrl-C): 0 of 1 size proved, each kept in {}; run the same command \
         again to resume",
        certs.display()
    );
    assert!(err.contains(&line), "{err}");
}

/// `cover --size 9 --certificates DIR` sent SIGTERM once a file whose name begins with `file`
/// appears in DIR: it exits 143 within moments of CPU, says that the packing was stopped at its
/// certificate (the size open, nothing kept of it) and leaves neither the question's CNF nor
/// its proof, whole or not (a rerun writes both again).
fn cover_9_stopped_at_its_certificate(file: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let certs = tmp.path().join("c");
    let args = ["cover", "--size", "9", "--certificates", certs.to_str().unwrap()];
    let ready = |_| file_names(&certs).iter().any(|f| f.starts_with(file));
    let (out, after) = signalled_when(&args, SIGTERM, ready);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(143), "{text}{err}");
    assert!(after.as_secs_f64() < 0.3, "{after:?} of CPU after the signal");
    assert!(
        text.contains(
            "most pairwise-disjoint solutions: 7..9 (open) — proof: search stopped at the \
             certificate of >= 8 (interrupted (SIGTERM))"
        ),
        "{text}"
    );
    let line = format!(
        "cover interrupted (SIGTERM): 0 of 1 size proved, each kept in {}; run the same command \
         again to resume",
        certs.display()
    );
    assert!(err.contains(&line), "{err}");
    for f in file_names(&certs) {
        let kept = ["cover-9.json", "pack-9-ge8.cnf", "pack-9-ge8.drat"].contains(&f.as_str());
        assert!(!kept && !f.ends_with(".partial"), "{f} is kept");
    }
}

/// A stop during the check of a certificate's proof ends the check at once (the built-in
/// checker ran on to its verdict, a second of CPU on 9x9): the size is not proved, as the
/// certificate asked for is missing, and `cover` says so as it says any stop, keeping nothing
/// of the size for the rerun to trust (trial 50, leftovers). The proof takes its name once
/// whole, as its check begins.
#[test]
fn a_stop_during_a_proof_check_ends_it_at_once() {
    cover_9_stopped_at_its_certificate("pack-9-ge8.drat");
}

/// A stop during a certificate's solve ends it at once, with varisat too, which cannot be
/// stopped inside its call (the call is given up on; on 10x10 it ran on for 18 s). The proof
/// is written under a hidden name until the solve ends.
#[test]
fn a_stop_during_a_certificates_solve_ends_it_at_once() {
    cover_9_stopped_at_its_certificate(".pack-9-ge8.drat.");
}

/// A cube run keeps its start: a resumed run of a finished folder finds none (it used to take
/// the start's seconds again, so that a run stopped more often than that never got on), and a
/// signal in the start of a folder that keeps its cubes but not its start says how many it
/// keeps (it said "before any cube") (trial 50, F9).
#[test]
fn a_cube_run_keeps_its_start_and_a_stop_says_where_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("lw");
    let args = [
        "least-walls",
        "--size",
        "8",
        "--queens",
        "12",
        "--cubes",
        "32",
        "--quiet",
        "--cube-dir",
        dir.to_str().unwrap(),
    ];
    finished(&args);
    // The start took over a second of CPU; the resumed run answers before 300 ms.
    let out = signalled_after_cpu(&args, SIGINT, 300);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(0), "{text}{err}");
    assert!(text.contains("cubes: 16 (16 resumed)"), "{text}");
    // A folder that keeps no start (an older queensat's) finds it again.
    std::fs::remove_file(dir.join("start.json")).unwrap();
    let out = signalled_after_cpu(&args, SIGINT, 300);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(130), "{text}{err}");
    let line = format!(
        "least-walls in cubes interrupted (Ctrl-C): in its start (which {} does not keep), 16 \
         cubes finished there; run the same command again to resume",
        dir.display()
    );
    assert!(err.contains(&line), "{err}");
}

/// A signal while a fully resumed puzzle run reads its chunks back stops it as it stops one
/// that computes them (trial 50, F7): exit 143 and the stop line. It used to run on and exit 0.
#[test]
fn a_signal_stops_a_resumed_puzzle_run() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    // About 1.5 s of CPU; resumed, over half a second of chunks read back and checked.
    let args: Vec<&str> = "puzzles --size 8 --walls 2..4 --chunk 256 --quiet -o"
        .split(' ')
        .chain([dir.to_str().unwrap()])
        .collect();
    finished(&args);
    let out = signalled_after_cpu(&args, SIGTERM, 150);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(143), "{text}{err}");
    assert!(err.contains("puzzles interrupted (SIGTERM): "), "{err}");
}

/// The stdout of queensat `args` sent `signal` after 1 s of CPU, which exits with `code`
/// having used less than two seconds of CPU more (its call given up on runs on meanwhile).
fn stopped_within_seconds_of_it(args: &[&str], signal: i32, code: i32) -> String {
    let (out, after) = signalled_after_cpu_timed(args, signal, 1000);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(code), "{args:?}: {text}{err}");
    assert!(
        after.as_secs_f64() < 2.0,
        "{args:?}: {after:?} of CPU after the signal"
    );
    text
}

/// `armies` with varisat (the solver when no limit is named), which cannot be stopped inside a
/// call, stops on a signal within moments all the same, one board or a table's: the search
/// runs on a thread of its own, and the answer is what it knew when the call began, m >= 10,
/// NOT proved, with the signal's exit status. 8x9: m = 10 in 0.05 s of CPU, then the UNSAT
/// for 11 takes 11 s, which it used to run to its end.
#[test]
fn armies_asking_varisat_stops_on_a_signal_within_moments() {
    let board: &[&str] = &["armies", "--rows", "8", "--cols", "9"];
    let text = stopped_within_seconds_of_it(board, SIGTERM, 143);
    assert!(
        text.contains("largest armies found: m >= 10 (W white, B black), NOT proved\n"),
        "{text}"
    );
    assert!(
        text.contains("NOT proved: stopped, interrupted (SIGTERM), after ")
            && text.contains(" while asking for two armies of 11; the upper bound is open"),
        "{text}"
    );
    let json = [board, &["--format", "json"]].concat();
    let v: serde_json::Value =
        serde_json::from_str(&stopped_within_seconds_of_it(&json, SIGINT, 130)).unwrap();
    assert_eq!(
        (v["m"].as_u64(), v["proved"].as_bool()),
        (Some(10), Some(false)),
        "{v}"
    );
    let last = v["calls"].as_array().unwrap().last().unwrap();
    assert_eq!(
        (last["at_least"].as_u64(), last["answer"].as_str()),
        (Some(11), Some("stopped"))
    );
    let table: &[&str] = &["armies", "--table", "--rows", "8", "--cols", "9"];
    let text = stopped_within_seconds_of_it(table, SIGHUP, 129);
    assert!(text.contains("| 8 | 9 | ≥ 10 | "), "{text}");
}

/// `cover` with varisat stops on a signal within moments too, in a packing call that runs for
/// minutes (10x10 with pairwise at-most-one clauses: "at least 9" begins after half a second
/// of CPU): the packing is reported open, 8..10, from what the search knew when the call
/// began, and the covering search, begun after the signal, stops at once.
#[test]
fn cover_asking_varisat_stops_on_a_signal_within_moments() {
    let args: &[&str] = &["cover", "--size", "10", "--amo", "pairwise"];
    let text = stopped_within_seconds_of_it(args, SIGTERM, 143);
    assert!(
        text.contains(
            "most pairwise-disjoint solutions: 8..10 (open) — proof: search stopped at >= 9 \
             (interrupted (SIGTERM))"
        ),
        "{text}"
    );
    assert!(
        text.contains("fewest solutions covering the board: 10.."),
        "{text}"
    );
    let json = [args, &["--format", "json"]].concat();
    let v: serde_json::Value =
        serde_json::from_str(&stopped_within_seconds_of_it(&json, SIGINT, 130)).unwrap();
    let report = &v["reports"][0];
    let last = report["pack"]["calls"].as_array().unwrap().last().unwrap();
    assert_eq!(
        (last["bound"].as_str(), last["answer"].as_str()),
        (Some(">= 9"), Some("stopped")),
        "{v}"
    );
    assert!(
        ["pack", "cover"].iter().all(|&g| report[g]["optimal"] == false),
        "{v}"
    );
}

/// A signal during the enumeration of the optimal classes (8x8: m proved after about 1.2 s of
/// CPU, the classes take 1.4 s more, over 72 varisat calls) reports the classes found so far as
/// a lower bound, `at least`, with the signal's exit status; it used to exit 0.
#[test]
fn a_signal_during_the_armies_enumeration_reports_at_least_and_its_status() {
    let args = ["armies", "--size", "8", "--unique"];
    // On a loaded machine the proof of m can outlast 1.8 s of CPU; the signal then comes
    // before the enumeration, so it is sent later again.
    let mut at = 1800;
    let text = loop {
        let (out, after) = signalled_after_cpu_timed(&args, SIGTERM, at);
        let (text, err) = (stdout(&out), stderr(&out));
        assert_eq!(out.status.code(), Some(143), "{text}{err}");
        assert!(after.as_secs_f64() < 2.0, "{after:?} of CPU after the signal");
        if !text.contains("largest armies found: m >= 9 ") || at > 6000 {
            break text;
        }
        at += 1500;
    };
    assert!(text.contains("largest armies: m = 9 "), "{text}");
    assert!(
        text.contains("optimal positions up to symmetry and colour swap: at least "),
        "{text}"
    );
}

/// A sweep stopped with standard output closed (`>&-`) has nothing to print in text, so it
/// writes nothing and exits with the signal's code (review of round 56: an empty write of the
/// report layer's printer made it exit 2 on the closed stdout).
#[test]
fn a_stopped_sweep_with_stdout_closed_exits_with_the_signal() {
    use std::os::unix::process::CommandExt as _;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("sw");
    let args = [
        "sweep",
        "--size",
        "8",
        "--walls",
        "5",
        "--threads",
        "1",
        "--quiet",
        "-o",
    ];
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_queensat"));
    cmd.args(args).arg(&dir).stderr(std::process::Stdio::piped());
    // SAFETY: only close(2) between fork and exec, which is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            libc::close(1);
            Ok(())
        });
    }
    let child = cmd.spawn().unwrap();
    // Signalled once a chunk is kept: the run is under way (its 955 chunks take seconds).
    let chunks = dir.join("chunks");
    while std::fs::read_dir(&chunks).map_or(true, |mut d| d.next().is_none()) {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    common::send(&child, SIGTERM);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{err}");
    assert!(err.contains("sweep interrupted (SIGTERM)"), "{err}");
}
