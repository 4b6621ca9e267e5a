//! Scratch directories in the system temp directory: CNF and proof files of a certified run,
//! an external solver's input and output, a DRAT checker's output.
//!
//! Each is named `queensat-KIND-PID-XXXXXX` and removed when dropped. A process killed by
//! SIGKILL drops nothing, and its proof files can be gigabytes, so the first scratch directory
//! a process makes also removes those of the same kinds whose process is gone.

use std::path::Path;

use anyhow::Context as _;

/// What a scratch directory holds; its name says which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scratch {
    /// CNF and DRAT proof of a certified UNSAT answer (`--certify` without `--certificates`).
    Certify,
    /// An external solver's CNF, answer and proof.
    Solver,
    /// A DRAT checker's output.
    Drat,
}

impl Scratch {
    const ALL: [Scratch; 3] = [Scratch::Certify, Scratch::Solver, Scratch::Drat];

    fn kind(self) -> &'static str {
        match self {
            Scratch::Certify => "certify",
            Scratch::Solver => "solver",
            Scratch::Drat => "drat",
        }
    }
}

/// A new scratch directory of `what`, removed when the value is dropped.
pub fn scratch_dir(what: Scratch) -> anyhow::Result<tempfile::TempDir> {
    let temp = std::env::temp_dir();
    remove_stale_once(&temp);
    tempfile::Builder::new()
        .prefix(&format!("queensat-{}-{}-", what.kind(), std::process::id()))
        .tempdir_in(&temp)
        .with_context(|| {
            format!(
                "cannot create a temporary directory for {} files in {}",
                what.kind(),
                temp.display()
            )
        })
}

fn remove_stale_once(dir: &Path) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| remove_stale(dir));
}

/// Removes the scratch entries in `dir` whose process is gone: `queensat-KIND-PID-XXXXXX`, and
/// `queensat-PID-N.EXT` files of older versions. A name without a process id (older
/// `queensat-certify-XXXXXX` directories) is left alone: its owner may still run.
fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if owner(&name).is_some_and(|p| !super::atomic::pid_alive(p)) {
            let path = e.path();
            let _ = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
        }
    }
}

/// The process that made the scratch entry `name`, when the name says.
fn owner(name: &str) -> Option<i32> {
    let rest = name.strip_prefix("queensat-")?;
    let mut parts = rest.splitn(3, '-');
    let first = parts.next()?;
    if let Ok(pid) = first.parse::<i32>() {
        // queensat-PID-N.EXT
        return parts.next().is_some().then_some(pid);
    }
    Scratch::ALL.iter().find(|s| s.kind() == first)?;
    let pid = parts.next()?.parse::<i32>().ok()?;
    // The random suffix must follow, or this is not our name.
    parts.next().filter(|s| !s.is_empty()).map(|_| pid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owner_reads_only_our_names() {
        assert_eq!(owner("queensat-certify-123-aB9xYz"), Some(123));
        assert_eq!(owner("queensat-solver-7-q1w2e3"), Some(7));
        assert_eq!(owner("queensat-drat-42-zzzzzz"), Some(42));
        assert_eq!(owner("queensat-99-3.cnf"), Some(99));
        // Older certify directories carry no process id: never removed.
        assert_eq!(owner("queensat-certify-123456"), None);
        assert_eq!(owner("queensat-certify-test-5"), None);
        assert_eq!(owner("queensat-other-5-abc"), None);
        assert_eq!(owner("queensat-certify-5-"), None);
        assert_eq!(owner("other-certify-5-abc"), None);
        assert_eq!(owner("queensat-"), None);
    }

    #[test]
    fn stale_entries_of_gone_processes_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        // A process id that cannot exist (above the kernel's pid_max limit of 2^22).
        let gone = dir.path().join("queensat-certify-9999999-abcdef");
        std::fs::create_dir(&gone).unwrap();
        std::fs::write(gone.join("proof.drat"), "0\n").unwrap();
        let mine = dir
            .path()
            .join(format!("queensat-certify-{}-abcdef", std::process::id()));
        std::fs::create_dir(&mine).unwrap();
        let old = dir.path().join("queensat-certify-abcdef");
        std::fs::create_dir(&old).unwrap();
        let file = dir.path().join("queensat-9999999-1.cnf");
        std::fs::write(&file, "p cnf 0 0\n").unwrap();
        remove_stale(dir.path());
        assert!(!gone.exists());
        assert!(!file.exists());
        assert!(mine.exists());
        assert!(old.exists());
    }

    #[test]
    fn scratch_dir_is_named_by_kind_and_process() {
        let d = scratch_dir(Scratch::Drat).unwrap();
        let name = d.path().file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(owner(&name), Some(std::process::id() as i32));
        assert!(name.starts_with("queensat-drat-"));
    }
}
