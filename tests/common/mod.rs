//! Helpers shared by the integration tests: run the real binary, read what it printed, and
//! assert the two outcomes every command shares (success, and bad input as one line, exit 2).
// Each test crate includes this module and uses only some of it.
#![allow(dead_code)]

pub mod hostile;

use std::process::{Command, Output};

/// Runs the real binary with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(args)
        .output()
        .expect("run queensat")
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

/// Runs the real binary with `args`, sends it SIGINT (Ctrl-C) after `millis` ms, and waits.
pub fn interrupted_after(args: &[&str], millis: u64) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run queensat");
    std::thread::sleep(std::time::Duration::from_millis(millis));
    // SAFETY: sends SIGINT to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    child.wait_with_output().expect("wait for queensat")
}

/// Whether this build has the in-process solver `name` (`cadical` is a default feature that
/// a pure-Rust build leaves out; tests that need it say they were skipped).
pub fn built_with(name: &str) -> bool {
    queensat::solve::Backend::available()
        .iter()
        .any(|b| b.name() == name)
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
