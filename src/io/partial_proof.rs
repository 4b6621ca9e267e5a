//! The hidden name a proof is written under while its solver writes it, and the removal of
//! those a killed run left.
//!
//! A proof is the one output the solver writes as it goes, so it cannot be staged whole like
//! the others ([`super::write_atomic`]): it is written as `.NAME.PID@HOST.partial` beside its place
//! and renamed there once whole (`solve::certify`). A run killed mid-solve (SIGKILL, a power
//! cut) cannot remove its own; the next proof begun in that folder removes every one whose
//! writer is gone, so a rerun leaves only whole files there.

use std::path::{Path, PathBuf};

use super::writer::{writer_gone, writer_tag};

/// The proof formats a partial proof may be of (its NAME ends with one).
const PROOF_EXTENSIONS: [&str; 2] = ["drat", "lrat"];

/// The hidden name `proof` (a path ending `.drat` or `.lrat`) is written under by this
/// process until it is whole; partial proofs of runs that are gone are removed from its folder
/// first.
pub fn partial_proof_path(proof: &Path) -> PathBuf {
    let dir = proof.parent().unwrap_or(Path::new("."));
    let name = proof.file_name().unwrap_or_default().to_string_lossy();
    remove_stale_partial_proofs(dir);
    dir.join(format!(".{name}.{}.partial", writer_tag()))
}

/// Removes from `dir` the partial proofs whose writer is gone: `.NAME.PID@HOST.partial` (or an
/// older queensat's `.NAME.PID.partial`) whose process no longer exists on this host, and
/// `.NAME.partial`, the name a still older queensat gave every partial proof (a rerun of it
/// wrote over it, as this one cannot know to).
fn remove_stale_partial_proofs(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        if is_stale_partial_proof(&file) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Whether `file` (a name in a folder) is a partial proof whose writer is gone.
fn is_stale_partial_proof(file: &str) -> bool {
    let Some(rest) = file.strip_prefix('.').and_then(|f| f.strip_suffix(".partial")) else {
        return false;
    };
    let is_proof = |name: &str| {
        PROOF_EXTENSIONS.iter().any(|ext| {
            name.strip_suffix(ext)
                .is_some_and(|n| n.ends_with('.') && n.len() > 1)
        })
    };
    match rest
        .rsplit_once('.')
        .and_then(|(name, tag)| Some((name, writer_gone(tag)?)))
    {
        Some((name, gone)) => is_proof(name) && gone,
        None => is_proof(rest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_partial_proofs_of_runs_gone_are_stale() {
        let mine = std::process::id();
        // No process has a pid above the kernel's limit (at most 2^22).
        let gone = i32::MAX - 1;
        assert!(is_stale_partial_proof(&format!(".q.lrat.{gone}.partial")));
        assert!(is_stale_partial_proof(&format!(
            ".value-at-least-38.drat.{gone}.partial"
        )));
        assert!(is_stale_partial_proof(".pack-9-ge8.drat.partial"));
        assert!(!is_stale_partial_proof(&format!(".q.lrat.{mine}.partial")));
        let tag = writer_tag();
        let host = tag.split_once('@').unwrap().1;
        assert!(is_stale_partial_proof(&format!(".q.lrat.{gone}@{host}.partial")));
        assert!(!is_stale_partial_proof(&format!(".q.lrat.{tag}.partial")));
        // Another host's writer on a shared folder is never taken for gone.
        assert!(!is_stale_partial_proof(&format!(
            ".q.lrat.{gone}@elsewhere.partial"
        )));
        for other in [
            format!(".q.cnf.{gone}.partial"),
            format!(".lrat.{gone}.partial"),
            ".q.txt.partial".into(),
            "q.lrat.partial".into(),
            format!(".q.lrat.{gone}.tmp"),
            "q.lrat".into(),
        ] {
            assert!(!is_stale_partial_proof(&other), "{other}");
        }
    }

    #[test]
    fn a_proofs_partial_name_is_hidden_and_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(format!(".old.drat.{}.partial", i32::MAX - 1));
        let legacy = dir.path().join(".q.lrat.partial");
        let whole = dir.path().join("q.cnf");
        for f in [&stale, &legacy, &whole] {
            std::fs::write(f, "x").unwrap();
        }
        let p = partial_proof_path(&dir.path().join("q.lrat"));
        let want = format!(".q.lrat.{}.partial", writer_tag());
        assert_eq!(p, dir.path().join(want));
        assert!(!stale.exists() && !legacy.exists() && whole.exists());
    }
}
