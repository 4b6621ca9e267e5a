//! Fault tests through the real binary: tampered chunks, two writers on one folder, kill -9
//! and resume, a failed merge, output paths that are links or pipes, a closed stdout, DIMACS
//! headers that lie, absurd thread counts, disk full.

use crate::common;

use common::queensat;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_queensat");

fn one_error_line(code: i32, err: &str, want: &[&str]) {
    assert_eq!(code, 2, "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("queensat: error: "), "{err}");
    for w in want {
        assert!(err.contains(w), "wanted {w:?} in {err}");
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

fn edit_json(path: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    edit(&mut v);
    std::fs::write(path, serde_json::to_string(&v).unwrap()).unwrap();
}

/// An edit of a chunk document; `TamperAt` also gets the index of the class to edit.
type Tamper = fn(&mut serde_json::Value);
type TamperAt = fn(&mut serde_json::Value, usize);

const SWEEP: [&str; 11] = [
    "sweep",
    "--size",
    "5",
    "--walls",
    "2",
    "--chunk",
    "20",
    "--count-optimal",
    "--engine",
    "reuse",
    "--quiet",
];

/// Case 3: a chunk edited by hand is refused on resume (and merge), naming the file and how
/// to recover; deleting it and re-running gives the original output.
#[test]
fn tampered_sweep_chunks_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let clean = dir.path().join("clean");
    let (code, _, err) = queensat(&[&SWEEP[..], &["--output", clean.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let tampers: [(&str, Tamper, &str); 7] = [
        (
            "a queen less, the value to match",
            |v| {
                let q = v["rows"][0]["queens"].as_array_mut().unwrap();
                q.pop();
                v["rows"][0]["value"] = q.len().into();
            },
            "branch and bound finds",
        ),
        (
            "value+3",
            |v| v["rows"][0]["value"] = (v["rows"][0]["value"].as_u64().unwrap() + 3).into(),
            "value",
        ),
        (
            "attacking queens",
            |v| {
                let q = v["rows"][0]["queens"].as_array_mut().unwrap();
                let first = q[0].clone();
                q.push(serde_json::json!([
                    first[0],
                    (first[1].as_u64().unwrap() + 1) % 5
                ]));
                v["rows"][0]["value"] = q.len().into();
            },
            "checker",
        ),
        ("orbit 999", |v| v["rows"][0]["orbit"] = 999.into(), "orbit 999"),
        (
            "no counts",
            |v| {
                v["rows"][0].as_object_mut().unwrap().remove("optimal");
            },
            "count of optimal placements",
        ),
        (
            "a count one more",
            |v| v["rows"][0]["optimal"] = (v["rows"][0]["optimal"].as_u64().unwrap() + 1).into(),
            "the branch and bound counts",
        ),
        (
            "a row less",
            |v| {
                v["rows"].as_array_mut().unwrap().pop();
            },
            "rows for",
        ),
    ];
    for (i, (name, tamper, want)) in tampers.into_iter().enumerate() {
        let out = dir.path().join(format!("t{i}"));
        copy_dir(&clean, &out);
        let chunk = out.join("chunks/2w-000000.json");
        edit_json(&chunk, tamper);
        let o = out.to_str().unwrap();
        // Edited: its seal no longer holds. Sealed again (a forger): the rows are re-derived.
        let (code, _, err) = queensat(&[&SWEEP[..], &["--output", o]].concat());
        one_error_line(code, &err, &["2w-000000.json", "seal", "delete it and re-run"]);
        common::reseal_chunk(&chunk);
        let (code, _, err) = queensat(&[&SWEEP[..], &["--output", o]].concat());
        one_error_line(code, &err, &["2w-000000.json", want, "delete it and re-run"]);
        let merged = dir.path().join(format!("m{i}"));
        let (code, _, err) = queensat(&["merge", "--output", merged.to_str().unwrap(), o]);
        one_error_line(code, &err, &["2w-000000.json", want]);
        assert!(
            !merged.exists(),
            "{name}: a failed merge left {}",
            merged.display()
        );
        std::fs::remove_file(&chunk).unwrap();
        let (code, _, err) = queensat(&[&SWEEP[..], &["--output", o]].concat());
        assert_eq!(code, 0, "{name}: {err}");
        for f in ["5x5-2w.jsonl", "summary.json"] {
            assert_eq!(
                std::fs::read(out.join(f)).unwrap(),
                std::fs::read(clean.join(f)).unwrap(),
                "{name}: {f}"
            );
        }
    }
}

/// The puzzle run the chunk tampers start from, and its arguments (the output folder last).
const PUZZLES: [&str; 7] = ["puzzles", "--size", "6", "--walls", "1..2", "--quiet", "--output"];

/// A clean puzzle run into `out`.
fn puzzle_run(out: &Path) {
    let (code, _, err) = queensat(&[&PUZZLES[..], &[out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
}

/// Case 3: puzzle chunks are re-checked the same way.
#[test]
fn tampered_puzzle_chunks_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let clean = dir.path().join("clean");
    let args = PUZZLES;
    puzzle_run(&clean);
    let unique = |v: &serde_json::Value| {
        v["classes"]
            .as_array()
            .unwrap()
            .iter()
            .position(|c| c["verdict"].get("unique").is_some())
            .expect("6x6 with 2 walls has a puzzle")
    };
    let tampers: [(TamperAt, &str); 6] = [
        (|v, _| v["classes"][0]["value"] = 9.into(), "value 9"),
        (
            |v, _| {
                let q = v["classes"][0]["optimum"].as_array_mut().unwrap();
                q.pop();
                v["classes"][0]["value"] = q.len().into();
            },
            "branch and bound finds",
        ),
        (
            |v, i| v["classes"][i]["verdict"]["unique"]["orbit"] = 999.into(),
            "orbit 999",
        ),
        (
            |v, i| v["classes"][i]["verdict"]["unique"]["walls"] = serde_json::json!([[0, 0], [9, 9]]),
            "walls",
        ),
        (
            |v, i| {
                let s = &mut v["classes"][i]["verdict"]["unique"]["solution"];
                s.as_array_mut().unwrap().push(serde_json::json!([0, 0]));
            },
            "solution",
        ),
        (
            |v, i| {
                let optimum = v["classes"][i]["optimum"].as_array_mut().unwrap();
                let first = optimum[0].clone();
                optimum.push(first);
            },
            "named twice",
        ),
    ];
    for (n, (tamper, want)) in tampers.into_iter().enumerate() {
        let out = dir.path().join(format!("t{n}"));
        copy_dir(&clean, &out);
        let chunk = out.join("chunks/2w-000000.json");
        edit_json(&chunk, |v| {
            let i = unique(v);
            tamper(v, i)
        });
        common::reseal_chunk(&chunk);
        let (code, _, err) = queensat(&[&args[..], &[out.to_str().unwrap()]].concat());
        one_error_line(code, &err, &["2w-000000.json", want, "delete it and re-run"]);
    }
}

/// Case 3: a class whose optimum is not unique, dressed up as a puzzle with everything else
/// consistent (its canonical walls, its optimum moved there, orbit and stabiliser), is refused
/// on resume: the stored uniqueness is counted again.
#[test]
fn a_forged_puzzle_is_refused() {
    use queensat::board::{Board, Placement};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p");
    puzzle_run(&out);
    let cells = |v: &serde_json::Value| -> Vec<(usize, usize)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as usize))
            .collect()
    };
    let chunk = out.join("chunks/2w-000000.json");
    edit_json(&chunk, |v| {
        let classes = v["classes"].as_array_mut().unwrap();
        let c = classes
            .iter_mut()
            .find(|c| c["verdict"].get("not_unique").is_some() && c["value"].is_u64())
            .expect("6x6 with 2 walls has a class with several optima");
        let board = Board::with_walls(6, 6, &cells(&c["key"])).unwrap();
        let (canon, sym) = board.canonical();
        let solution = Placement::new(cells(&c["optimum"])).image_on(sym, &board);
        c["holds_unique"] = true.into();
        c["verdict"] = serde_json::json!({"unique": {
            "rows": 6, "cols": 6, "walls": canon.walls(), "bits": null, "value": c["value"],
            "solution": solution.queens(), "orbit": canon.orbit_size(),
            "stabiliser": canon.stabiliser().len(), "strictly_minimal": false,
            "near_solutions": 0, "proof_seconds": 0.0,
        }});
    });
    common::reseal_chunk(&chunk);
    let (code, _, err) = queensat(&[&PUZZLES[..], &[out.to_str().unwrap()]].concat());
    one_error_line(
        code,
        &err,
        &["2w-000000.json", "not unique", "delete it and re-run"],
    );
}

fn hostname() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// Case 4: a second writer on one folder gets one line naming the first; a lock left by a
/// process that is gone is taken over; two different sweeps never mix in one folder.
#[test]
fn one_writer_per_output_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    let o = out.to_str().unwrap();
    std::fs::create_dir_all(&out).unwrap();
    // A live writer: this test process.
    let me = std::process::id();
    std::fs::write(
        out.join(".lock"),
        format!("pid {me}\nhost {}\ncommand queensat sweep\n", hostname()),
    )
    .unwrap();
    let (code, _, err) = queensat(&[&SWEEP[..], &["--output", o]].concat());
    one_error_line(
        code,
        &err,
        &["is in use by pid", &me.to_string(), "queensat sweep"],
    );
    // A writer that is gone.
    std::fs::write(
        out.join(".lock"),
        format!("pid 2147483646\nhost {}\ncommand x\n", hostname()),
    )
    .unwrap();
    let (code, _, err) = queensat(&[&SWEEP[..], &["--output", o]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(!out.join(".lock").exists());
    // A writer whose pid another process took since (after a restart, pids start again): the
    // lock names this test process, which did not start at the tick it records. It blocked
    // for ever, saying "wait for it to finish" of a process that was no queensat (trial 55).
    let lock = out.join(".lock");
    let reused = format!("pid {me}\nhost {}\ncommand x\nstarted 1\n", hostname());
    std::fs::write(&lock, reused).unwrap();
    let (code, _, err) = queensat(&[&SWEEP[..], &["--output", o]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(!lock.exists());
    // A different sweep on the same folder.
    let (code, _, err) = queensat(&[
        "sweep", "--size", "5", "--walls", "2", "--chunk", "20", "--quiet", "--output", o,
    ]);
    one_error_line(code, &err, &["holds a different sweep"]);
    // Two real writers at once: one of them is refused, or they ran one after the other.
    let started: Vec<_> = (0..2)
        .map(|_| {
            sweep7(&dir.path().join("both"))
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outs: Vec<_> = started
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    for o in &outs {
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success() || err.contains("is in use by pid"), "{err}");
    }
    assert!(outs.iter().any(|o| o.status.success()));
}

fn sweep7(out: &Path) -> Command {
    let mut c = Command::new(BIN);
    c.args([
        "sweep",
        "--size",
        "7",
        "--walls",
        "3",
        "--chunk",
        "50",
        "--threads",
        "1",
        "--quiet",
        "--output",
    ])
    .arg(out)
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    c
}

/// kill -9 in the middle of a sweep, then resume: byte-identical output, no temporary files
/// left, and the stale lock taken over.
#[test]
fn kill_9_and_resume_gives_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole");
    assert!(sweep7(&whole).status().unwrap().success());
    let killed = dir.path().join("killed");
    let mut child = sweep7(&killed).spawn().unwrap();
    let t = Instant::now();
    while std::fs::read_dir(killed.join("chunks")).map_or(0, |d| d.count()) < 5
        && t.elapsed() < Duration::from_secs(20)
    {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(sweep7(&killed).status().unwrap().success());
    for f in ["7x7-3w.jsonl", "7x7-3w.csv", "summary.json", "values.svg"] {
        assert!(
            std::fs::read(whole.join(f)).unwrap() == std::fs::read(killed.join(f)).unwrap(),
            "{f} differs"
        );
    }
    for d in [killed.clone(), killed.join("chunks")] {
        for e in std::fs::read_dir(d).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                !name.ends_with(".tmp") && !name.contains(".tmp-") && name != ".lock",
                "left over: {name}"
            );
        }
    }
}

/// kill -9 while a certificate's solver writes its proof: the proof stays under its hidden
/// name, never one that looks whole; the next proof begun in that folder removes it, and any
/// other whose run is gone (an older queensat's `.NAME.partial` too), so that the folder then
/// holds only whole files (leftovers 57: they stayed for good).
#[test]
fn kill_9_leaves_no_proof_past_the_next_run() {
    let tmp = tempfile::tempdir().unwrap();
    let certs = tmp.path().join("c");
    let c = certs.to_str().unwrap();
    let partial = |f: &String| f.starts_with(".pack-9-ge8.drat.") && f.ends_with(".partial");
    let args = ["cover", "--size", "9", "--certificates", c];
    let (out, _) = common::signalled_when(&args, libc::SIGKILL, |_| {
        common::file_names(&certs).iter().any(partial)
    });
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&out.status),
        Some(libc::SIGKILL)
    );
    let left = common::file_names(&certs);
    assert!(left.iter().any(partial), "{left:?}");
    assert!(!left.iter().any(|f| f.ends_with(".drat")), "{left:?}");
    std::fs::write(certs.join(".value-at-least-38.lrat.partial"), "1 2 0\n").unwrap();
    let (code, _, err) = queensat(&["cover", "--size", "7", "--certificates", c]);
    assert_eq!(code, 0, "{err}");
    let left = common::file_names(&certs);
    assert!(left.iter().all(|f| !f.starts_with('.')), "{left:?}");
    assert!(left.contains(&"cover-7-le6.drat".to_string()), "{left:?}");
}

/// Case 6: a closed stdout ends the command quietly.
#[test]
fn a_closed_pipe_is_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("big.cnf");
    let vars = 40_000;
    let mut text = format!("p cnf {vars} {vars}\n");
    for v in 1..=vars {
        text.push_str(&format!("{v} 0\n"));
    }
    std::fs::write(&cnf, text).unwrap();
    let runs: [&[&str]; 3] = [
        &["solve", cnf.to_str().unwrap()],
        &["render", "--size", "60"],
        &["solutions", "--size", "8"],
    ];
    for args in runs {
        let mut child = Command::new(BIN)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.is_empty(), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
}

/// Case 6: a DIMACS header is checked against what follows, without reserving memory for it.
#[test]
fn dimacs_headers_that_lie_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "p cnf 4294967296 1\n1 0\n",
            "4294967296 variables is more than a solver takes",
        ),
        ("p cnf 4294967295 1\n1 0\n", "more than a solver takes"),
        ("p cnf 2147483647 1\n1 0\n", "the clauses use 1"),
        ("p cnf 100000000 1\n1 0\n", "the clauses use 1"),
        ("p cnf 2 5\n1 0\n", "announces 5 clauses"),
        ("p cnf 2 1\n1 -3 0\n", "exceeds the 2 variables"),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let f = dir.path().join(format!("{i}.cnf"));
        std::fs::write(&f, text).unwrap();
        let t = Instant::now();
        let (code, _, err) = queensat(&["solve", f.to_str().unwrap()]);
        assert!(t.elapsed() < Duration::from_secs(5), "{text:?}");
        one_error_line(code, &err, &[want]);
    }
}

/// Case 8: `-o` follows a symbolic link (the link stays), writes through a pipe and a device.
#[test]
fn output_paths_keep_links_and_special_files() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.svg");
    let link = dir.path().join("link.svg");
    std::fs::write(&real, "old").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let (code, _, err) = queensat(&["render", "--size", "4", "-o", link.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&real).unwrap().starts_with("<svg"));
    // A FIFO: its reader gets the picture.
    let fifo = dir.path().join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo on a path of our own temporary directory.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let (code, _, err) = queensat(&["render", "--size", "4", "-o", fifo.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(reader.join().unwrap().starts_with("<svg"));
    use std::os::unix::fs::FileTypeExt as _;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    if std::fs::metadata("/dev/full").is_ok_and(|m| m.file_type().is_char_device()) {
        let (code, _, err) = queensat(&["render", "--size", "40", "-o", "/dev/full"]);
        one_error_line(code, &err, &["/dev/full"]);
        assert!(
            std::fs::metadata("/dev/full")
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
}

/// Case 9: a failed merge leaves no output folder; stale temporary files are cleaned.
#[test]
fn failed_merges_and_killed_writes_leave_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let shard = dir.path().join("shard");
    let s = shard.to_str().unwrap();
    let (code, _, err) = queensat(&[&SWEEP[..], &["--shard", "1/2", "--output", s]].concat());
    assert_eq!(code, 0, "{err}");
    let merged = dir.path().join("merged");
    let (code, _, err) = queensat(&["merge", "--output", merged.to_str().unwrap(), s]);
    one_error_line(code, &err, &["missing"]);
    assert!(!merged.exists());
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let stale = [
        ".summary.json.tmp-2147483646",
        ".summary.json.2147483646.Ab12Cd.tmp",
    ];
    for f in stale {
        std::fs::write(out.join(f), "x").unwrap();
    }
    let (code, _, err) = queensat(&[&SWEEP[..], &["--output", out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    for f in stale {
        assert!(!out.join(f).exists(), "{f} is still there");
    }
}

/// `merge` refuses a shard that a run is still writing, naming its folder: its lock names a
/// live process, or a draft lock is being taken. It merged what was there as if finished
/// (trial 50, leftovers). Once the writer is gone, the merge goes ahead.
#[test]
fn merge_refuses_a_shard_still_being_written() {
    let dir = tempfile::tempdir().unwrap();
    let shards: Vec<String> = (1..=2)
        .map(|i| dir.path().join(format!("s{i}")).to_str().unwrap().to_string())
        .collect();
    for (i, s) in shards.iter().enumerate() {
        let shard = format!("{}/2", i + 1);
        let (code, _, err) = queensat(&[&SWEEP[..], &["--shard", &shard, "--output", s]].concat());
        assert_eq!(code, 0, "{err}");
    }
    let merged = dir.path().join("merged");
    let merge = || {
        queensat(&[
            "merge",
            "--output",
            merged.to_str().unwrap(),
            &shards[0],
            &shards[1],
        ])
    };
    let running = Path::new(&shards[1]);
    // A live writer: this test process.
    let me = std::process::id().to_string();
    let lock = running.join(".lock");
    let held = format!(
        "pid {me}\nhost {}\ncommand queensat sweep --shard 2/2\n",
        hostname()
    );
    std::fs::write(&lock, held).unwrap();
    let (code, _, err) = merge();
    let writing = [
        &shards[1][..],
        "a run is still writing it",
        &me,
        "queensat sweep --shard 2/2",
    ];
    one_error_line(code, &err, &writing);
    assert!(!merged.exists());
    // A live process taking the lock now.
    std::fs::remove_file(&lock).unwrap();
    let draft = running.join(format!(".lock.{me}"));
    std::fs::write(&draft, "").unwrap();
    let (code, _, err) = merge();
    one_error_line(
        code,
        &err,
        &[&shards[1], "a run is still writing it", "taking its lock"],
    );
    assert!(!merged.exists());
    // A writer that is gone.
    std::fs::remove_file(&draft).unwrap();
    std::fs::write(&lock, format!("pid 2147483646\nhost {}\ncommand x\n", hostname())).unwrap();
    let (code, _, err) = merge();
    assert_eq!(code, 0, "{err}");
}

/// Case 11: an absurd thread count is refused at once.
#[test]
fn thread_counts_are_capped() {
    let t = Instant::now();
    let (code, _, err) = queensat(&[
        "sweep",
        "--size",
        "4",
        "--walls",
        "1",
        "--threads",
        "100000",
        "--quiet",
    ]);
    one_error_line(code, &err, &["'100000' for '--threads", "at most"]);
    assert!(t.elapsed() < Duration::from_secs(2));
}

/// Mounts a 64 KiB tmpfs at `mnt` (made here), or says why not: only root can.
fn small_tmpfs(mnt: &Path) -> bool {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: the test needs root to mount a small tmpfs");
        return false;
    }
    std::fs::create_dir(mnt).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(mnt)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a tmpfs here");
    }
    mounted
}

/// An `armies --cache` folder that cannot be written fails before the board's search, not
/// after it (hours on 10x10; trial 55): its parent a file, or a read-only file system, where a
/// cache only read still answers.
#[test]
fn an_unwritable_armies_cache_fails_before_its_search() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "").unwrap();
    let armies = |cache: &Path, size: &str| {
        queensat(&[
            "armies",
            "--size",
            size,
            "--table",
            "--quiet",
            "--cache",
            cache.to_str().unwrap(),
        ])
    };
    let under_file = file.join("cache");
    let (code, _, err) = armies(&under_file, "4");
    one_error_line(code, &err, &["cannot create", under_file.to_str().unwrap()]);
    assert!(!err.contains("4x4.json"), "{err}");
    let mnt = dir.path().join("small");
    if !small_tmpfs(&mnt) {
        return;
    }
    let cache = mnt.join("cache");
    let (code, _, err) = armies(&cache, "4");
    let remounted = Command::new("mount")
        .args(["-o", "remount,ro"])
        .arg(&mnt)
        .status()
        .is_ok_and(|s| s.success());
    let (read_code, table, read_err) = armies(&cache, "4");
    let (new_code, _, new_err) = armies(&cache, "5");
    let _ = Command::new("umount").arg(&mnt).status();
    assert_eq!(code, 0, "{err}");
    assert!(remounted);
    assert_eq!(read_code, 0, "{read_err}");
    assert!(table.contains("| 4 | 4 | 2 |"), "{table}");
    one_error_line(new_code, &new_err, &["cannot write in", cache.to_str().unwrap()]);
}

/// Disk full: only as root with a small tmpfs (mounted and removed here); skipped otherwise.
#[test]
fn a_full_disk_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("small");
    if !small_tmpfs(&mnt) {
        return;
    }
    let out = mnt.join("s");
    let mut args = common::SWEEP_6X6.to_vec();
    args.extend(["--quiet", "--output", out.to_str().unwrap()]);
    let (code, _, err) = queensat(&args);
    let _ = Command::new("umount").arg(&mnt).status();
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("No space left") || err.contains("cannot write"),
        "{err}"
    );
}

/// A sweep's database and its CSV, filled by one pass, are both written or neither, and a
/// failed write names its own file: each in turn a link to /dev/full (every write to it fails
/// for want of space, the database's only at its last flush). The CSV stayed when the database
/// failed, and the error named the CSV for a failed write of the database (trial 55).
#[test]
fn a_full_disk_under_a_database_or_its_csv_leaves_neither() {
    let dir = tempfile::tempdir().unwrap();
    for (full, other) in [("5x5-2w.jsonl", "5x5-2w.csv"), ("5x5-2w.csv", "5x5-2w.jsonl")] {
        let out = dir.path().join(full);
        std::fs::create_dir(&out).unwrap();
        std::os::unix::fs::symlink("/dev/full", out.join(full)).unwrap();
        let (code, _, err) = queensat(&[&SWEEP[..], &["--output", out.to_str().unwrap()]].concat());
        one_error_line(code, &err, &["cannot write /dev/full", "No space left"]);
        assert!(!err.contains(other), "{err}");
        assert!(!out.join(other).exists(), "{other} was written without {full}");
    }
}

/// A run's spec file that does not read (cut short, emptied) says what to do, and doing it
/// resumes the run from its chunks (trial 55: the error said only "EOF while parsing").
#[test]
fn a_damaged_spec_file_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    let args = [&SWEEP[..], &["--output", out.to_str().unwrap()]].concat();
    let (code, _, err) = queensat(&args);
    assert_eq!(code, 0, "{err}");
    let spec = out.join("sweep.json");
    std::fs::write(&spec, "").unwrap();
    let (code, _, err) = queensat(&args);
    one_error_line(code, &err, &["sweep.json", "delete it and re-run"]);
    std::fs::remove_file(&spec).unwrap();
    let (code, again, err) = queensat(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(json["run"]["chunks_resumed"], json["run"]["chunks"], "{again}");
}

/// Sweep and puzzle chunks with random byte edits: each resume answers or refuses in one
/// line, never panics (a small deterministic fuzz through the binary).
#[test]
fn mutated_chunks_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [(&[&str], &str); 2] = [
        (&SWEEP[..], "chunks/2w-000000.json"),
        (
            &[
                "puzzles", "--size", "5", "--walls", "1..2", "--quiet", "--chunk", "50",
            ],
            "chunks/2w-000000.json",
        ),
    ];
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |m: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % m as u64) as usize
    };
    for (r, (args, chunk)) in runs.iter().enumerate() {
        let clean = dir.path().join(format!("clean{r}"));
        let (code, _, err) = queensat(&[args, &["--output", clean.to_str().unwrap()][..]].concat());
        assert_eq!(code, 0, "{err}");
        let original = std::fs::read(clean.join(chunk)).unwrap();
        for i in 0..15 {
            let mut bytes = original.clone();
            for _ in 0..1 + next(3) {
                let at = next(bytes.len());
                match next(3) {
                    0 => bytes[at] = b"0123456789,[]{}\"-"[next(17)],
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, b"0123456789,[]"[next(13)]),
                }
            }
            let out = dir.path().join(format!("m{r}-{i}"));
            copy_dir(&clean, &out);
            std::fs::write(out.join(chunk), &bytes).unwrap();
            let (code, _, err) = queensat(&[args, &["--output", out.to_str().unwrap()][..]].concat());
            assert!(
                code == 0 || (code == 2 && err.lines().count() == 1),
                "{code}: {err}"
            );
            assert!(!err.contains("panicked"), "{err}");
        }
    }
}

/// Case 3: the armies and cover caches are re-checked when read back; a tampered one is refused
/// with one line naming it, and the untampered copy is accepted.
#[test]
fn tampered_armies_and_cover_caches_are_refused() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    // Cover: the committed 5x5 report, with one queen of one solution moved onto another's row.
    let certs = dir.path().join("cover");
    std::fs::create_dir(&certs).unwrap();
    let report = certs.join("cover-5.json");
    for file in ["cover-5.json", "cover-5-le4.cnf", "cover-5-le4.lrat"] {
        std::fs::copy(repo.join("results/cover").join(file), certs.join(file)).unwrap();
    }
    let cover = [
        "cover",
        "--size",
        "5",
        "--certificates",
        certs.to_str().unwrap(),
        "--cached-only",
        "--quiet",
    ];
    let (code, _, err) = queensat(&cover);
    assert_eq!(code, 0, "{err}");
    edit_json(&report, |v| v["solutions"][0][1] = serde_json::json!([0, 4]));
    let (code, _, err) = queensat(&cover);
    one_error_line(code, &err, &["cover-5.json", "delete it and re-run"]);
    // Armies: a fresh 4x4 report in a cache, then its example made illegal.
    let cache = dir.path().join("armies");
    let armies = [
        "armies",
        "--size",
        "4",
        "--cache",
        cache.to_str().unwrap(),
        "--quiet",
        "-o",
        "-",
    ];
    let (code, _, err) = queensat(&armies);
    assert_eq!(code, 0, "{err}");
    let file = cache.join("4x4.json");
    assert!(file.exists());
    edit_json(&file, |v| {
        let w = v["example"]["white"][0].clone();
        v["example"]["black"][0] = w;
    });
    let (code, _, err) = queensat(&armies);
    one_error_line(code, &err, &["4x4.json", "delete it and re-run"]);
}

/// A stdout that cannot be written (a full disk): one error line naming standard output,
/// exit 2, for printed reports, streamed output, help and completions alike.
#[test]
fn a_full_stdout_is_one_error_line() {
    if !std::fs::metadata("/dev/full").is_ok_and(|m| {
        use std::os::unix::fs::FileTypeExt as _;
        m.file_type().is_char_device()
    }) {
        return;
    }
    let cases: [&[&str]; 7] = [
        &["value", "--size", "4"],
        &["--help"],
        &["--version"],
        &["nqueens", "8"],
        &["completions", "bash"],
        &["solutions", "--size", "6"],
        &["value", "--batch", "-"],
    ];
    for args in cases {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = Command::new(BIN)
            .args(args)
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if args == ["value", "--batch", "-"] {
            // Nothing to write: an empty batch succeeds.
            assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
            continue;
        }
        one_error_line(out.status.code().unwrap_or(-1), &err, &["standard output"]);
    }
}

/// A merge reads each shard's spec back like user input: an edited spec (the same in every
/// shard, so that they agree) that the command line would refuse, or whose plan is more than
/// the shards hold, is one error line naming the spec file, never a panic, an exhausted
/// memory or an empty answer.
#[test]
fn edited_merge_specs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    type Spec = fn(&mut serde_json::Value);
    /// A run: its arguments before the folder, the flag naming the folder, its spec file, and
    /// the edits with what the refusal says.
    type Run<'a> = (&'a [&'a str], &'a str, &'a str, Vec<(Spec, &'a str)>);
    let runs: [Run; 6] = [
        (
            &["value", "--size", "8", "--walls", "3,3"],
            "-o",
            "cubes.json",
            vec![
                (|s| s["width"] = 0.into(), "ranges of 0 cells"),
                (
                    |s| s["rows"] = serde_json::json!([0, 1]),
                    "not the first 2 split rows",
                ),
                // Every row split into single cells: 9^7 * 8 cubes.
                (
                    |s| s["rows"] = serde_json::json!([4, 3, 5, 2, 6, 1, 7, 0]),
                    "but its shards hold",
                ),
            ],
        ),
        (
            &["armies", "--size", "5"],
            "--cube-dir",
            "army-cubes.json",
            vec![
                (|s| s["width"] = 0.into(), "ranges of 0 cells"),
                (
                    |s| s["rows"] = serde_json::json!([2, 1, 3, 0, 4]),
                    "but its shards hold",
                ),
            ],
        ),
        (
            &["least-walls", "--size", "6", "--queens", "8"],
            "--cube-dir",
            "wall-cubes.json",
            vec![
                (|s| s["width"] = 0.into(), "ranges of 0 cells"),
                (
                    |s| s["split_rows"] = serde_json::json!([9]),
                    "not the first 1 split rows",
                ),
                (
                    |s| s["split_rows"] = serde_json::json!([3, 2, 4, 1, 5, 0]),
                    "but its shards hold",
                ),
            ],
        ),
        (
            &["cover", "--size", "6"],
            "--cube-dir",
            "cover-cubes.json",
            vec![(
                |s| s["squares"] = serde_json::json!([[3, 3], [2, 2]]),
                "not the first 2 split squares",
            )],
        ),
        (
            &["puzzles", "--size", "5", "--walls", "1..2", "--chunk", "10"],
            "-o",
            "puzzles-run.json",
            vec![
                (|s| s["walls"] = serde_json::json!([]), "no counts"),
                (|s| s["walls"] = serde_json::json!([2, 1]), "not ascending"),
                (|s| s["chunk_size"] = 0.into(), "chunks of 0 classes"),
            ],
        ),
        (
            &["sweep", "--size", "5", "--walls", "1..2", "--chunk", "4"],
            "-o",
            "sweep.json",
            vec![(|s| s["walls"] = serde_json::json!([]), "ascending, each once")],
        ),
    ];
    for (i, (args, flag, spec_file, edits)) in runs.into_iter().enumerate() {
        let shards: Vec<_> = (1..=2).map(|s| dir.path().join(format!("run{i}-{s}"))).collect();
        for (s, shard) in shards.iter().enumerate() {
            let at = format!("{}/2", s + 1);
            let more = [flag, shard.to_str().unwrap(), "--shard", &at, "--quiet"];
            let (code, _, err) = queensat(&[args, &more].concat());
            assert_eq!(code, 0, "{args:?}: {err}");
        }
        for (j, (edit, says)) in edits.into_iter().enumerate() {
            let copies: Vec<_> = (0..2)
                .map(|s| dir.path().join(format!("edit{i}-{j}-{s}")))
                .collect();
            for (from, to) in shards.iter().zip(&copies) {
                copy_dir(from, to);
                edit_json(&to.join(spec_file), edit);
            }
            let out = dir.path().join(format!("merged{i}-{j}"));
            let (code, _, err) = queensat(&[
                "merge",
                copies[0].to_str().unwrap(),
                copies[1].to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
            ]);
            one_error_line(code, &err, &[spec_file, says]);
            assert!(!out.exists(), "{args:?}");
        }
    }
}

/// A saved least-walls run is read back like user input: a report that contradicts its own
/// calls, the 2x2 block bound or the row bound, a minimum without its proof, a question
/// answered twice in one file, and two
/// files that answer one question differently are each one error line naming the file.
#[test]
fn saved_least_walls_runs_that_contradict_themselves_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (code, _, err) = queensat(&[
        "least-walls",
        "--size",
        "6",
        "--queens",
        "7..9",
        "--output",
        &d("run.json"),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let run: serde_json::Value = serde_json::from_slice(&std::fs::read(d("run.json")).unwrap()).unwrap();
    // Reports 1, 2, 3 are q = 7 (the row bound, 1 wall), 8 (3 walls), 9.
    assert_eq!(run["reports"][1]["least_walls"], 3);
    // q = 8 said to need 4 walls: a witness with one wall more (on a cell no queen holds).
    let four = |v: &mut serde_json::Value| {
        let r = &mut v["reports"][1];
        r["least_walls"] = 4.into();
        let queens = r["witness"]["placement"].as_array().unwrap().clone();
        let walls = r["witness"]["board"]["walls"].as_array_mut().unwrap();
        let free = (0..36)
            .map(|i| serde_json::json!([i / 6, i % 6]))
            .find(|c| !walls.contains(c) && !queens.contains(c))
            .unwrap();
        walls.push(free);
    };
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let edits: Vec<(Edit, &str)> = vec![
        (Box::new(four), "a SAT call found a board with 3"),
        (
            Box::new(|v| {
                let calls = v["reports"][1]["calls"].as_array_mut().unwrap();
                let last = calls.len() - 1;
                calls[last]["at_most_walls"] = 3.into();
            }),
            "its calls show at least 4",
        ),
        (
            Box::new(|v| {
                let r = &mut v["reports"][0];
                for k in ["least_walls", "witness", "count"] {
                    r[k] = serde_json::Value::Null;
                }
                r["impossible"] = "no board admits them".into();
            }),
            "\"impossible\", but 7 queens fit",
        ),
        (
            Box::new(|v| v["reports"][1]["row_bound"] = true.into()),
            "said to be the row bound, which is 2",
        ),
        // The minimum without its proof, the UNSAT answer below it (trial 52: it was shown
        // "no UNSAT answer recorded", exit 0).
        (
            Box::new(|v| {
                let calls = v["reports"][1]["calls"].as_array_mut().unwrap();
                calls.retain(|c| c["answer"] != "unsat");
            }),
            "the minimum is 3 walls, but its calls prove only 2",
        ),
        (
            Box::new(|v| {
                let again = v["reports"][1].clone();
                v["reports"].as_array_mut().unwrap().push(again);
            }),
            "reports 2 and 4 both answer 8 queens",
        ),
    ];
    for (i, (edit, says)) in edits.into_iter().enumerate() {
        let mut v = run.clone();
        edit(&mut v);
        let file = d(&format!("edit{i}.json"));
        std::fs::write(&file, v.to_string()).unwrap();
        for cmd in ["table", "chart", "compare"] {
            let (code, _, err) = queensat(&["least-walls", cmd, &file, "-o", &d("out")]);
            one_error_line(code, &err, &[&format!("edit{i}.json"), says]);
        }
    }
    // Two files that each hold together but answer q = 8 differently: the second's calls
    // found boards down to 4 walls and (falsely) refuted 3.
    let mut v = run.clone();
    four(&mut v);
    let calls = v["reports"][1]["calls"].as_array_mut().unwrap();
    calls.retain(|c| c["walls"].as_u64().is_none_or(|w| w >= 4) && c["answer"] == "sat");
    let refuted =
        r#"{"at_most_walls": 3, "answer": "unsat", "walls": null, "seconds": 0.01, "cpu_seconds": 0.01}"#;
    calls.push(serde_json::from_str(refuted).unwrap());
    std::fs::write(d("other.json"), v.to_string()).unwrap();
    let (code, _, err) = queensat(&["least-walls", "table", &d("other.json"), "-o", &d("out")]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = queensat(&["least-walls", "table", &d("run.json"), &d("other.json")]);
    one_error_line(code, &err, &["other.json", "differently: 3 walls and 4 walls"]);
}

/// A draft lock `.lock.PID` left behind (a full disk cut its write short, and older queensats
/// left it there) is removed by a later run once its process is gone (trial 50, F8); it used
/// to stay for good.
#[test]
fn a_stale_draft_lock_is_removed_by_the_next_run() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s");
    std::fs::create_dir_all(&dir).unwrap();
    // A pid beyond any real one, and a draft an hour old (a young one may be another host's,
    // taking the lock now).
    let draft = dir.join(".lock.2147483646");
    let file = std::fs::File::create(&draft).unwrap();
    file.set_modified(std::time::SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    drop(file);
    let (code, _, err) = queensat(&[
        "sweep",
        "--size",
        "5",
        "--walls",
        "1",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!draft.exists(), "the stale draft lock is still there");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(".lock"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A cube run's kept start is read back like its cubes (trial 50, F9; a cover's starts since
/// round 51): edited, it is refused with the one line of a damaged file; whole, a resumed run
/// takes it.
#[test]
fn a_cube_runs_kept_start_is_sealed() {
    let tmp = tempfile::tempdir().unwrap();
    for question in ["armies", "cover"] {
        let dir = tmp.path().join(question);
        let args = [
            question,
            "--size",
            "6",
            "--quiet",
            "--cube-dir",
            dir.to_str().unwrap(),
        ];
        let (code, first, err) = queensat(&args);
        assert_eq!(code, 0, "{question}: {err}");
        let start = dir.join("start.json");
        let text = std::fs::read_to_string(&start).unwrap();
        assert!(text.contains("start\":") && text.contains("\"seal\":"), "{text}");
        std::fs::write(&start, text.replacen("\"width\":", "\"width\": ", 1)).unwrap();
        let (code, _, err) = queensat(&args);
        one_error_line(
            code,
            &err,
            &["start.json: its seal does not match", "damaged or edited"],
        );
        std::fs::write(&start, &text).unwrap();
        let (code, again, err) = queensat(&args);
        assert_eq!(code, 0, "{question}: {err}");
        // The same answer, from the cubes the first run answered.
        let answer = |t: &str| t.split("\ncubes: ").next().unwrap_or_default().to_string();
        assert_eq!(answer(&again), answer(&first), "{question}");
        assert!(again.contains(" resumed), "), "{again}");
    }
}

/// An output never replaces a file the command read (`verify x.csv -o x.csv` lost the file it
/// checked; `render b.txt -o b.txt` its board), by whatever path it is named, and two outputs
/// at one place are refused before either is written (`-o r.md --rows-tsv ./r.md` kept only
/// the second).
#[test]
fn an_output_never_replaces_an_input_or_another_output() {
    let tmp = tempfile::tempdir().unwrap();
    let board = tmp.path().join("b.txt");
    std::fs::write(&board, "....\n.#..\n....\n....\n").unwrap();
    let link = tmp.path().join("link.txt");
    std::os::unix::fs::symlink(&board, &link).unwrap();
    let b = board.to_str().unwrap();
    for out in [b, link.to_str().unwrap()] {
        let (code, _, err) = queensat(&["render", b, "-o", out]);
        one_error_line(code, &err, &["cannot write", "this command's input", "b.txt"]);
        assert_eq!(
            std::fs::read_to_string(&board).unwrap(),
            "....\n.#..\n....\n....\n"
        );
    }
    // The empty 4x4 board's value, claimed.
    let list = tmp.path().join("p.txt");
    std::fs::write(&list, "[[0, 4]]").unwrap();
    let c = list.to_str().unwrap();
    let report = tmp.path().join("r.md");
    let same = format!("{}/./r.md", tmp.path().display());
    let (code, _, err) = queensat(&[
        "verify",
        c,
        "--size",
        "4",
        "-o",
        report.to_str().unwrap(),
        "--rows-tsv",
        &same,
    ]);
    one_error_line(code, &err, &["are the same file"]);
    assert!(!report.exists());
    let (code, _, err) = queensat(&["verify", c, "--size", "4", "-o", c]);
    one_error_line(code, &err, &["this command's input"]);
    assert_eq!(std::fs::read_to_string(&list).unwrap(), "[[0, 4]]");
}

/// SIGTERM while `encode` builds or writes a large CNF: exit 143 and no file, not even a hidden
/// part of one (killed mid-write, 48 MB of temporary file stayed behind), or the whole file
/// when the signal came as it was written.
#[test]
fn an_encode_stopped_by_a_signal_leaves_no_file() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("b.cnf");
    let o = out.to_str().unwrap();
    let args = [
        "encode",
        "least-walls",
        "--size",
        "48",
        "--queens",
        "50",
        "--max-walls",
        "6",
        "-o",
        o,
    ];
    let (output, _) = common::signalled_after_cpu_timed(&args, libc::SIGTERM, 50);
    let left = common::file_names(tmp.path());
    match output.status.code() {
        Some(143) => assert!(left.is_empty(), "{left:?}"),
        code => {
            assert!(matches!(code, Some(0)), "{output:?}");
            assert_eq!(left, ["b.cnf"], "{left:?}");
        }
    }
}
