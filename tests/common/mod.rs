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
