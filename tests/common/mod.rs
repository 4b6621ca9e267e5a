//! Helpers shared by the integration tests: run the real binary, read what it printed, and
//! assert the two outcomes every command shares (success, and bad input as one line, exit 2).
// Each test crate includes this module and uses only some of it.
#![allow(dead_code)]

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
