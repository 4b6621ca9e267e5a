//! Scratch directories in the system temp directory: CNF and proof files of a certified run,
//! an external solver's input and output, a DRAT checker's output.
//!
//! Each is named `queensat-KIND-PID@HOST-XXXXXX` and removed when dropped. A process killed by
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
        .prefix(&format!(
            "queensat-{}-{}-",
            what.kind(),
            super::writer::writer_tag()
        ))
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

/// Removes the scratch entries in `dir` whose writer is gone: `queensat-KIND-PID@HOST-XXXXXX`
/// (a temp directory may be a cluster's shared one), and the older `queensat-KIND-PID-XXXXXX`
/// and `queensat-PID-N.EXT`. A name without a process id (older
/// `queensat-certify-XXXXXX` directories) is left alone: its owner may still run.
fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if owner(&name).and_then(super::writer::writer_gone) == Some(true) {
            let path = e.path();
            let _ = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
        }
    }
}

/// The writer's tag (`PID@HOST`, or an older name's `PID`) of the scratch entry `name`, when the
/// name is ours and says.
fn owner(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("queensat-")?;
    let mut parts = rest.splitn(3, '-');
    let first = parts.next()?;
    if first.parse::<i32>().is_ok() {
        // queensat-PID-N.EXT
        return parts.next().is_some().then_some(first);
    }
    Scratch::ALL.iter().find(|s| s.kind() == first)?;
    let tag = parts.next().filter(|t| super::writer::writer_gone(t).is_some())?;
    // The random suffix must follow, or this is not our name.
    parts.next().filter(|s| !s.is_empty()).map(|_| tag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owner_reads_only_our_names() {
        assert_eq!(owner("queensat-certify-123@node_1-aB9xYz"), Some("123@node_1"));
        assert_eq!(owner("queensat-certify-123-aB9xYz"), Some("123"));
        assert_eq!(owner("queensat-solver-7-q1w2e3"), Some("7"));
        assert_eq!(owner("queensat-drat-42-zzzzzz"), Some("42"));
        assert_eq!(owner("queensat-99-3.cnf"), Some("99"));
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
        let host = super::super::writer::writer_tag()
            .split_once('@')
            .unwrap()
            .1
            .to_string();
        let gone_here = dir.path().join(format!("queensat-solver-9999999@{host}-abcdef"));
        // Another host's, in a temp directory the hosts share: its pid says nothing here.
        let elsewhere = dir.path().join("queensat-solver-9999999@another_host-abcdef");
        std::fs::create_dir(&gone_here).unwrap();
        std::fs::create_dir(&elsewhere).unwrap();
        let old = dir.path().join("queensat-certify-abcdef");
        std::fs::create_dir(&old).unwrap();
        let file = dir.path().join("queensat-9999999-1.cnf");
        std::fs::write(&file, "p cnf 0 0\n").unwrap();
        remove_stale(dir.path());
        assert!(!gone.exists());
        assert!(!file.exists());
        assert!(mine.exists());
        assert!(old.exists());
        assert!(!gone_here.exists() && elsewhere.exists());
    }

    #[test]
    fn scratch_dir_is_named_by_kind_and_process() {
        let d = scratch_dir(Scratch::Drat).unwrap();
        let name = d.path().file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(owner(&name), Some(super::super::writer::writer_tag().as_str()));
        assert!(name.starts_with("queensat-drat-"));
    }
}
