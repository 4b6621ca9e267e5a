//! Checking DRAT proofs of unsatisfiability with an independent checker process.
//!
//! The checker is `rate` (crates.io, `cargo install rate`): `$QUEENSAT_DRAT_CHECKER` if set,
//! else `rate` on `PATH`, else the repo-local `.tools/bin/rate` that `.ci/setup.d/export.sh`
//! installs. A proof counts only when the checker prints `s VERIFIED` and exits 0.

use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The outcome of one check.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct DratCheck {
    pub checker: String,
    pub verified: bool,
    /// The checker's status line (`s VERIFIED`, `s NOT VERIFIED`, ...).
    pub status: String,
    pub seconds: f64,
}

/// The DRAT checker to run, if one can be found.
pub fn drat_checker() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("QUEENSAT_DRAT_CHECKER") {
        return Some(PathBuf::from(p));
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("rate"))
        .find(|p| p.is_file());
    if on_path.is_some() {
        return on_path;
    }
    // The repo-local install, found from the working directory or from the binary
    // (target/release/queensat → repo root).
    let mut roots = vec![std::env::current_dir().ok()];
    roots.push(
        std::env::current_exe()
            .ok()
            .and_then(|e| Some(e.parent()?.parent()?.parent()?.to_path_buf())),
    );
    roots
        .into_iter()
        .flatten()
        .map(|r| r.join(".tools/bin/rate"))
        .find(|p| p.is_file())
}

/// The DRAT checker, or the error that says how to get one (for commands that check before
/// they start work that would need it).
pub fn require_drat_checker() -> anyhow::Result<PathBuf> {
    drat_checker().context(
        "no DRAT checker: install `rate` (cargo install rate, or bash .ci/setup.d/export.sh) or set QUEENSAT_DRAT_CHECKER",
    )
}

/// Runs the checker on a DIMACS formula and a DRAT proof (file name ending in `.drat`).
pub fn check_drat(cnf: &Path, proof: &Path) -> anyhow::Result<DratCheck> {
    let checker = require_drat_checker()?;
    let start = Instant::now();
    // Bounded like an external solver: a time limit (QUEENSAT_DRAT_TIMEOUT seconds, default
    // one hour) and its own process group.
    let limit = match std::env::var("QUEENSAT_DRAT_TIMEOUT") {
        Ok(t) => {
            super::external::parse_seconds(&t).map_err(|e| anyhow::anyhow!("QUEENSAT_DRAT_TIMEOUT: {e}"))?
        }
        Err(_) => Duration::from_secs(3600),
    };
    let dir = crate::io::scratch_dir(crate::io::Scratch::Drat)?;
    let out = super::external::run_bounded(
        Command::new(&checker).arg(cnf).arg(proof),
        dir.path(),
        &format!("the DRAT checker {}", checker.display()),
        Some(limit),
        64 << 20,
    )?;
    let status = status_line(&out.stdout);
    if status.is_empty() {
        bail!(
            "the DRAT checker {} printed no status line ({})",
            checker.display(),
            out.status
        );
    }
    Ok(DratCheck {
        // Relative to the working directory when inside it, so records name no machine paths.
        checker: std::env::current_dir()
            .ok()
            .and_then(|d| checker.strip_prefix(d).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| checker.clone())
            .display()
            .to_string(),
        verified: status == "s VERIFIED" && out.status.success(),
        status,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The last `s ...` line of a checker's output. Checkers that redraw progress lines (drat-trim)
/// start lines with carriage returns, so a carriage return also ends a line.
fn status_line(stdout: &str) -> String {
    stdout
        .split(['\n', '\r'])
        .map(str::trim_end)
        .rev()
        .find(|l| l.starts_with("s "))
        .unwrap_or("")
        .to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn status_line_after_carriage_returns() {
        let out = "c parsing\n\rc 10% done\rs VERIFIED\r\nc end\n";
        assert_eq!(super::status_line(out), "s VERIFIED");
        let out = "c parsing\n\rc 10% done\n\rs VERIFIED\n";
        assert_eq!(super::status_line(out), "s VERIFIED");
        assert_eq!(super::status_line("s NOT VERIFIED\n"), "s NOT VERIFIED");
        assert_eq!(super::status_line("c nothing\n"), "");
    }

    proptest::proptest! {
        /// Any bytes a checker prints: never a panic, and a status only from a line that says
        /// `s `; the verdict needs the exact line `s VERIFIED`.
        #[test]
        fn any_output_is_read_without_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400),
                                            status in proptest::sample::select(vec!["s VERIFIED", "s NOT VERIFIED", "c s VERIFIED", ""])) {
            let mut text = String::from_utf8_lossy(&bytes).into_owned();
            text.push_str("\r\n");
            text.push_str(status);
            let line = super::status_line(&text);
            proptest::prop_assert!(line.is_empty() || line.starts_with("s "));
            if status.starts_with("s ") {
                proptest::prop_assert_eq!(line, status);
            }
        }
    }
}
