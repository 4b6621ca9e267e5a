//! Helpers shared by the integration tests of the relatives (armies, cover).

use std::process::Command;

/// Runs the real binary; returns exit code, stdout and stderr.
pub fn queensat(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(args)
        .output()
        .expect("run queensat");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
