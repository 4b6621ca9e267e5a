//! Helpers shared by the integration tests: run the real binary, read what it printed, and
//! assert the two outcomes every command shares (success, and bad input as one line, exit 2).
// Each test crate includes this module and uses only some of it.
#![allow(dead_code)]

pub mod chart;
pub mod hostile;
pub mod programs;

use std::process::{Command, Output};

/// The small sweep several tests run (6x6, 2 and 3 walls, chunks of 40); add `--output DIR`.
pub const SWEEP_6X6: [&str; 7] = ["sweep", "--size", "6", "--walls", "2..3", "--chunk", "40"];

/// The files of [`SWEEP_6X6`]'s folder that are byte-identical between runs of it.
pub const SWEEP_6X6_OUTPUTS: [&str; 6] = [
    "6x6-2w.jsonl",
    "6x6-3w.jsonl",
    "6x6-2w.csv",
    "6x6-3w.csv",
    "summary.json",
    "values.svg",
];

/// A 24×24 board with 18 walls whose `value` takes long with CaDiCaL: value 37, LP bound 38,
/// and the call at 38 is UNSAT in about 12 s (a search to stop, by a limit or a signal).
pub const SLOW_24X24_WALLS: &str = "5,2 7,10 7,13 7,23 11,5 11,16 12,6 13,21 14,16 17,17 18,23 19,19 \
                                    19,22 20,13 21,5 22,3 22,9 22,11";

/// Runs the real binary with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(args)
        .output()
        .expect("run queensat")
}

/// Writes the shell script `body` as the executable file `dir/name` (a program to name in
/// `QUEENSAT_DRAT_CHECKER`, say) and returns its path.
pub fn script(dir: &std::path::Path, name: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt as _;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// What a run printed on stdout, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What a run printed on stderr, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The stdout of a run that must have succeeded (its stderr in the message if not).
pub fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{:?}: {}", o.status, stderr(o));
    stdout(o)
}

/// The names of the files in `dir`, sorted (none when it does not exist).
pub fn file_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs the real binary; returns exit code, stdout and stderr.
pub fn queensat(args: &[&str]) -> (i32, String, String) {
    let o = run(args);
    (o.status.code().unwrap_or(-1), stdout(&o), stderr(&o))
}

/// A failed run: exit code 2, one line on stderr that contains `want`, no panic.
pub fn assert_bad_input(args: &[&str], want: &str) {
    let o = run(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: expected {want:?} in {err:?}");
    assert!(!err.contains("panicked"));
}

/// The stdout and stderr of the real binary with `args`, which exits with `code` having used
/// less than `cpu_seconds` of CPU time (user and system, all its threads): a bound that holds
/// however loaded the machine, where the wall clock's would not.
pub fn queensat_within(args: &[&str], code: i32, cpu_seconds: u64) -> (String, String) {
    let child = spawn_catching(args, libc::SIGINT);
    let (out, cpu) = wait_with_cpu(child);
    let (text, err) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(code), "{args:?}: {text}{err}");
    assert!(cpu.as_secs() < cpu_seconds, "{args:?}: {cpu:?} of CPU");
    (text, err)
}

/// Waits for `child` to end, reading its output meanwhile: its output, and the CPU time it
/// used in all, read from /proc once it ended and before it is reaped.
pub fn wait_with_cpu(mut child: std::process::Child) -> (Output, std::time::Duration) {
    fn drain(from: Option<impl std::io::Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut from) = from {
                let _ = from.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    drop(child.stdin.take());
    let (out, err) = (drain(child.stdout.take()), drain(child.stderr.take()));
    // SAFETY: waits for our own child to end without reaping it (WNOWAIT), so that its /proc
    // entry, with its CPU times, stays until `wait` below; `info` is a valid, writable struct.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let pid = child.id() as libc::id_t;
        libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOWAIT);
    }
    let cpu = std::time::Duration::from_millis(cpu_millis(child.id()).unwrap_or(0));
    let status = child.wait().expect("wait for queensat");
    let (stdout, stderr) = (out.join().unwrap(), err.join().unwrap());
    (
        Output {
            status,
            stdout,
            stderr,
        },
        cpu,
    )
}

/// Runs the real binary with `args`, sends it `signal` once it has used `cpu_ms` of CPU time
/// (so it is searching, however loaded the machine), and waits. A run that ends first is
/// not signalled: the caller sees its exit status 0.
pub fn signalled_after_cpu(args: &[&str], signal: libc::c_int, cpu_ms: u64) -> Output {
    signalled_after_cpu_timed(args, signal, cpu_ms).0
}

/// [`signalled_after_cpu`], and the CPU time the run used from the signal to its end (zero
/// when it ended unsignalled): how long the signal took to stop it, however loaded the machine.
pub fn signalled_after_cpu_timed(
    args: &[&str],
    signal: libc::c_int,
    cpu_ms: u64,
) -> (Output, std::time::Duration) {
    signalled_when(args, signal, |ms| ms >= cpu_ms)
}

/// [`signalled_after_cpu_timed`], the signal sent once `ready` says so, shown the CPU time
/// used so far in ms (a file the run writes has appeared, say).
pub fn signalled_when(
    args: &[&str],
    signal: libc::c_int,
    ready: impl FnMut(u64) -> bool,
) -> (Output, std::time::Duration) {
    signalled_when_in(None, args, signal, ready)
}

/// [`signalled_when`] run in the folder `dir` (this process's own when `None`), where `args`'
/// relative paths then point.
pub fn signalled_when_in(
    dir: Option<&std::path::Path>,
    args: &[&str],
    signal: libc::c_int,
    mut ready: impl FnMut(u64) -> bool,
) -> (Output, std::time::Duration) {
    let mut child = spawn_catching_in(dir, args, signal);
    let mut sent = None;
    while child.try_wait().expect("poll queensat").is_none() {
        if let Some(ms) = cpu_millis(child.id()).filter(|&ms| ready(ms)) {
            send(&child, signal);
            // The CPU at the signal is the reading before it (the CPU after it is then an upper
            // bound), unless this process was kept from sending it: on a loaded machine it may
            // wait tens of ms while the child runs on, CPU that came before the signal. Then
            // the reading just after it counts (a lower bound, off by this process's delay).
            let at = cpu_millis(child.id())
                .filter(|&after| after > ms + 20)
                .unwrap_or(ms);
            sent = Some(std::time::Duration::from_millis(at));
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let (out, cpu) = wait_with_cpu(child);
    (
        out,
        sent.map_or(std::time::Duration::ZERO, |at| cpu.saturating_sub(at)),
    )
}

/// The real binary with `args`, its input and output piped, and `signal` at its default disposition
/// (a test run under `nohup` would otherwise pass SIGHUP on ignored).
pub fn spawn_catching(args: &[&str], signal: libc::c_int) -> std::process::Child {
    spawn_catching_in(None, args, signal)
}

/// [`spawn_catching`] in the folder `dir` (this process's own when `None`).
fn spawn_catching_in(
    dir: Option<&std::path::Path>,
    args: &[&str],
    signal: libc::c_int,
) -> std::process::Child {
    use std::os::unix::process::CommandExt as _;
    let mut command = Command::new(env!("CARGO_BIN_EXE_queensat"));
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    command
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    // SAFETY: `signal` is async-signal-safe, as code between fork and exec must be.
    unsafe {
        command.pre_exec(move || {
            libc::signal(signal, libc::SIG_DFL);
            Ok(())
        });
    }
    command.spawn().expect("run queensat")
}

/// Sends `signal` to a child that has not been waited for.
pub fn send(child: &std::process::Child, signal: libc::c_int) {
    // SAFETY: sends a signal to our own child, which has not been waited for.
    unsafe {
        libc::kill(child.id() as libc::pid_t, signal);
    }
}

/// CPU time (user and system) a process has used, in ms, from /proc.
fn cpu_millis(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces): utime and stime are the
    // 12th and 13th, in clock ticks.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(ticks * 1000 / per_second)
}

/// Whether this build has the in-process solver `name` (`cadical` is a default feature that
/// a pure-Rust build leaves out; tests that need it say they were skipped).
pub fn built_with(name: &str) -> bool {
    queensat::solve::Backend::available()
        .iter()
        .any(|b| b.name() == name)
}

/// Whether the binary has CaDiCaL (the solver that stops inside a call), saying the test is
/// skipped when it has not (a build without the default `cadical` feature).
pub fn has_cadical() -> bool {
    let has = built_with("cadical");
    if !has {
        eprintln!("skipped: built without the cadical feature");
    }
    has
}

/// Writes `doc` to `path` sealed for `binding`, as queensat seals what it reads back: what a
/// forger who recomputes the seal would write (tests of the checks behind the seal).
pub fn write_sealed(path: &std::path::Path, doc: &serde_json::Value, binding: &str) {
    let mut doc = doc.clone();
    if let Some(o) = doc.as_object_mut() {
        o.remove("seal");
    }
    let text = queensat::io::sealed_json(&doc, binding, false).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The seal binding of an armies cache file of a `rows x cols` board.
pub fn armies_binding(rows: usize, cols: usize) -> String {
    format!("armies report of the {rows}x{cols} board")
}

/// The seal binding of a cover report of the `n x n` board.
pub fn cover_binding(n: usize) -> String {
    format!("cover report of the {n}x{n} board")
}

/// Seals again a chunk file of a study directory (`DIR/chunks/KW-JJJJJJ.json`) for its place
/// and its study's spec, after a test edited it: a forger's edit, which only the checks
/// behind the seal can catch.
pub fn reseal_chunk(chunk: &std::path::Path) {
    let name = chunk.file_stem().unwrap().to_str().unwrap().to_string();
    let dir = chunk.parent().unwrap().parent().unwrap();
    let (spec_file, what) = [
        ("sweep.json", "sweep"),
        ("puzzles-run.json", "puzzle run"),
        ("nk.json", "N+k count"),
        ("cubes.json", "value in cubes"),
    ]
    .into_iter()
    .find(|(f, _)| dir.join(f).exists())
    .expect("a study directory");
    let spec = std::fs::read_to_string(dir.join(spec_file)).unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(chunk).unwrap()).unwrap();
    write_sealed(
        chunk,
        &doc,
        &format!("chunk {name} of the {what} {}", spec.trim()),
    );
}
