//! Programs some tests need beyond the build (solver binaries, GNU parallel, a browser).
//!
//! A fresh machine has none of them, and `make test` must pass there: a test whose program is
//! missing says so and is skipped. CI installs each one (`.ci/setup.d/`) and sets `CI`, so
//! there a missing program fails the test instead of hiding it.

/// Whether `program` is an executable file in a folder of `PATH`.
pub fn on_path(program: &str) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            std::fs::metadata(dir.join(program))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
    })
}

/// Whether the test may run: `program` is installed. Where it is not, prints why the test
/// is skipped, or fails in CI, naming `setup` (the script in `.ci/setup.d/` that installs it).
pub fn needs(program: &str, setup: &str) -> bool {
    if on_path(program) {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but `{program}` is not installed: .ci/setup.d/{setup} installs it"
    );
    eprintln!("skipped: `{program}` is not installed (.ci/setup.d/{setup} installs it)");
    false
}

/// A C peer of the benchmarks (`bench/peers/NAME.c`) compiled by gcc (`-O2 -Wall -Werror`)
/// into `out`; `None` (the test skips its comparison) where gcc is missing outside CI.
pub fn gcc_peer(name: &str, out: &std::path::Path) -> Option<std::path::PathBuf> {
    if !needs("gcc", "sweep.sh") {
        return None;
    }
    let bin = out.join(name);
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("bench/peers/{name}.c"));
    let o = std::process::Command::new("gcc")
        .args(["-O2", "-Wall", "-Werror", "-o"])
        .arg(&bin)
        .arg(src)
        .output()
        .unwrap();
    assert!(o.status.success(), "gcc: {}", String::from_utf8_lossy(&o.stderr));
    Some(bin)
}

/// Runs the browser script `tests/browser/SCRIPT` with `args` and returns what it printed on
/// stdout; a failed run fails the test with both of its outputs.
pub fn browser_script(script: &str, args: &[&std::ffi::OsStr]) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/browser")
        .join(script);
    let run = std::process::Command::new("bash")
        .arg(path)
        .args(args)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "{script} failed: {out} {}",
        String::from_utf8_lossy(&run.stderr)
    );
    out
}
