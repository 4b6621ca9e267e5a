//! `scripts/cluster.sh` on both engines: a sweep, a puzzle run and an N+k table split into
//! shards by GNU parallel, by xargs on this machine and by a real one-node Slurm cluster (tests/cluster/slurm.sh), merged,
//! and compared with the one-process run file by file; a task killed mid-run is reported, nothing
//! is merged, and the rerun resumes the finished shards instead of computing them again.

use crate::common::programs::needs;
use crate::common::{SWEEP_6X6, SWEEP_6X6_OUTPUTS};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_queensat");

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// `scripts/cluster.sh ENGINE N -- BIN ARGS...` with `env` set (as run; it may fail).
fn cluster(env: &[(&str, &Path)], engine: &str, shards: usize, bin: &Path, args: &[&str]) -> Output {
    let mut c = Command::new("bash");
    c.arg(repo("scripts/cluster.sh"))
        .args([
            engine,
            &shards.to_string(),
            "--poll",
            "0.5",
            "--timeout",
            "300",
            "--",
        ])
        .arg(bin)
        .args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn succeeded(o: Output) -> Output {
    assert!(o.status.success(), "{}", text(&o));
    o
}

fn queensat(args: &[&str]) -> Output {
    succeeded(Command::new(BIN).args(args).output().unwrap())
}

/// The runs split into shards, each as `ARGS --output DIR`, and the files of `DIR` that must be
/// the one-process run's byte for byte (provenance lines aside: command, date, CPU time).
fn runs() -> [(&'static str, Vec<&'static str>, Vec<String>); 3] {
    let mut sweep = SWEEP_6X6.to_vec();
    sweep.extend(["--threads", "1"]);
    let puzzles = "puzzles --rows 5 --cols 7 --walls 1..3 --chunk 25";
    let nk = "nk --size 7..8 --walls 1..2 --chunk 3 --threads 1";
    let counts = ["7x7-1w", "7x7-2w", "8x8-1w", "8x8-2w"].map(|c| format!("{c}-rows-sides/count.json"));
    [
        ("sweep", sweep, SWEEP_6X6_OUTPUTS.map(String::from).to_vec()),
        (
            "puzzles",
            puzzles.split(' ').collect(),
            vec!["puzzles.csv".into()],
        ),
        ("nk", nk.split(' ').collect(), counts.to_vec()),
    ]
}

/// A file with what says how and when it was made left out: the JSON lines of provenance and
/// timing (and a seal, which covers them), and puzzles.csv's last column (each puzzle's proof
/// seconds).
fn content(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if path.ends_with("puzzles.csv") {
        return text
            .lines()
            .map(|l| l.rsplit_once(',').unwrap().0.to_string())
            .collect();
    }
    let made = [
        "\"command\"",
        "\"date\"",
        "\"host\"",
        "seconds\"",
        "\"chunks_resumed\"",
        "\"threads\"",
        "\"seal\"",
    ];
    text.lines()
        .filter(|l| !made.iter().any(|m| l.contains(m)))
        .map(String::from)
        .collect()
}

/// `a` and `b` hold the same content; else the first line that differs.
fn same(a: &Path, b: &Path, what: &str) {
    let (x, y) = (content(a), content(b));
    if let Some((l, m)) = x.iter().zip(&y).find(|(l, m)| l != m) {
        panic!("{what}: {} and {} differ:\n{l}\n{m}", a.display(), b.display());
    }
    assert_eq!(
        x.len(),
        y.len(),
        "{what}: {} and {} differ in length",
        a.display(),
        b.display()
    );
}

/// Each run through `engine` in three shards equals the one-process run.
fn every_run_through(engine: &str, env: &[(&str, &Path)], dir: &Path) {
    for (name, args, files) in runs() {
        let one = dir.join(format!("{name}-one"));
        let mut a = args.to_vec();
        a.extend(["--quiet", "--output", one.to_str().unwrap()]);
        queensat(&a);
        let split = dir.join(format!("{name}-{engine}"));
        let mut a = args.to_vec();
        a.extend(["--output", split.to_str().unwrap()]);
        succeeded(cluster(env, engine, 3, Path::new(BIN), &a));
        for f in files {
            same(
                &one.join(&f),
                &split.join(&f),
                &format!("{name} through {engine}"),
            );
        }
    }
}

/// A wrapper of the binary that kills its task (SIGKILL to the task script, as a lost node or
/// an out-of-memory kill would) when it starts shard 2 of 3 and the file `mark` exists.
fn killing_wrapper(dir: &Path, mark: &Path) -> PathBuf {
    let path = dir.join("queensat-killed.sh");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\ncase \" $* \" in *' --shard 2/3 '*) if [ -e '{mark}' ]; then rm '{mark}'; \
             kill -9 $PPID; exit 137; fi ;; esac\nexec '{BIN}' \"$@\"\n",
            mark = mark.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// The modification times of a shard's chunk files: unchanged when a rerun resumes it.
fn chunk_times(shard: &Path) -> Vec<(PathBuf, std::time::SystemTime)> {
    let mut v: Vec<_> = std::fs::read_dir(shard.join("chunks"))
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (e.path(), e.metadata().unwrap().modified().unwrap())
        })
        .collect();
    v.sort();
    v
}

/// Task 2 of 3 dies without an exit status: the script names it and merges nothing; the rerun
/// it advises, pasted, computes shard 2 only and merges to the one-process sweep.
fn killed_task_is_rerun(engine: &str, env: &[(&str, &Path)], dir: &Path) {
    let [(_, args, files), ..] = runs();
    let one = dir.join("sweep-one");
    let split = dir.join(format!("killed-{engine}"));
    let mark = dir.join(format!("kill-{engine}"));
    std::fs::write(&mark, "").unwrap();
    let bin = killing_wrapper(dir, &mark);
    let mut a = args.to_vec();
    a.extend(["--output", split.to_str().unwrap()]);
    let o = cluster(env, engine, 3, &bin, &a);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = text(&o);
    assert!(
        err.contains("task 2: no exit status") && err.contains("not merged"),
        "{err}"
    );
    assert!(!split.exists(), "nothing merged");
    let done = chunk_times(&dir.join(format!("killed-{engine}.shard-1")));
    // The rerun the error advises, pasted as it stands from another folder.
    let (_, pasted) = err
        .split_once("to resume (finished chunks are kept): ")
        .unwrap_or_else(|| panic!("no command to resume in {err}"));
    let mut rerun = Command::new("bash");
    rerun
        .args(["-c", pasted.lines().next().unwrap()])
        .current_dir("/");
    for (k, v) in env {
        rerun.env(k, v);
    }
    succeeded(rerun.output().unwrap());
    assert_eq!(
        chunk_times(&dir.join(format!("killed-{engine}.shard-1"))),
        done,
        "shard 1 resumed"
    );
    for f in files {
        same(&one.join(&f), &split.join(&f), "after the rerun");
    }
}

#[test]
fn shards_run_locally_merge_to_the_one_process_runs() {
    let dir = tempfile::tempdir().unwrap();
    every_run_through("local", &[], dir.path());
    killed_task_is_rerun("local", &[], dir.path());
}

#[test]
fn shards_through_gnu_parallel_merge_to_the_one_process_runs() {
    if !needs("parallel", "sweep.sh") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    every_run_through("parallel", &[], dir.path());
    killed_task_is_rerun("parallel", &[], dir.path());
}

/// The cluster of tests/cluster/slurm.sh, stopped when dropped (a failed test included).
struct Slurm {
    state: PathBuf,
    conf: PathBuf,
}

impl Slurm {
    fn start(state: &Path) -> Slurm {
        let o = Command::new("bash")
            .arg(repo("tests/cluster/slurm.sh"))
            .arg("start")
            .arg(state)
            .output()
            .unwrap();
        let conf = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
        let cluster = Slurm {
            state: state.to_path_buf(),
            conf,
        };
        assert!(o.status.success(), "the cluster did not start: {}", text(&o));
        cluster
    }
}

impl Drop for Slurm {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(repo("tests/cluster/slurm.sh"))
            .arg("stop")
            .arg(&self.state)
            .output();
    }
}

#[test]
fn shards_through_a_slurm_job_array_merge_to_the_one_process_runs() {
    if !needs("slurmctld", "slurm.sh") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let slurm = Slurm::start(&dir.path().join("slurm"));
    let env = [("SLURM_CONF", slurm.conf.as_path())];
    every_run_through("slurm", &env, dir.path());
    killed_task_is_rerun("slurm", &env, dir.path());
}

#[test]
fn bad_usage_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o");
    let o = out.to_str().unwrap();
    for (args, want) in [
        (
            vec!["mpi", "2", "--", BIN, "sweep", "--output", o],
            "ENGINE is slurm, parallel or local",
        ),
        (
            vec!["parallel", "0", "--", BIN, "sweep", "--output", o],
            "N must be",
        ),
        (
            vec!["parallel", "2", "--", BIN, "solutions", "--size", "8"],
            "does not split",
        ),
        (
            vec!["parallel", "2", "--", BIN, "armies", "--size", "8", "--output", o],
            "needs --cube-dir",
        ),
        (
            vec!["parallel", "2", "--", BIN, "sweep", "--size", "5", "--walls", "1"],
            "needs --output",
        ),
        (
            vec![
                "parallel", "2", "--", BIN, "sweep", "--shard", "1/2", "--output", o,
            ],
            "--shard is the cluster script's",
        ),
        (
            vec!["parallel", "2", "--wat", "1", "--", BIN, "sweep"],
            "unknown option",
        ),
    ] {
        let r = Command::new("bash")
            .arg(repo("scripts/cluster.sh"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(
            err.starts_with("cluster.sh: error:") && err.contains(want) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

/// A value split into cubes (`value --output`) gives the plain value, in one process and as
/// shards through the script; the merged text says so.
#[test]
fn a_value_in_cubes_through_the_script_is_the_plain_value() {
    let dir = tempfile::tempdir().unwrap();
    let board = ["value", "--size", "9", "--walls", "1,4 3,1 4,3 6,6"];
    let plain = queensat(&board);
    let want = String::from_utf8_lossy(&plain.stdout)
        .lines()
        .find(|l| l.starts_with("value "))
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .to_string();
    let one = dir.path().join("one");
    let mut a = board.to_vec();
    a.extend(["--split-rows", "2", "--quiet", "--output", one.to_str().unwrap()]);
    let o = text(&queensat(&a));
    assert!(o.contains(&format!("value {want} from ")), "{o}");
    let split = dir.path().join("split");
    let mut a = board.to_vec();
    a.extend(["--split-rows", "2", "--output", split.to_str().unwrap()]);
    let o = text(&succeeded(cluster(&[], "local", 3, Path::new(BIN), &a)));
    assert!(
        o.contains(&format!("value {want} from ")) && o.contains("cover every choice"),
        "{o}"
    );
}
