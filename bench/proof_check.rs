//! The built-in proof checker against an outside one (`rate`) on the committed certificates:
//! every `results/cover/*.drat` (or the proofs named on the command line) with the `.cnf`
//! beside it, CPU seconds each, as a Markdown table (`make bench-proof RATE=path/to/rate`;
//! without RATE only the built-in checker runs). `cargo test` never runs it.

use queensat::check::{ProofFormat, check_proof, never};
use queensat::run::thread_cpu_seconds;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() -> anyhow::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let rate = match args.iter().position(|a| a == "--rate") {
        Some(i) if i + 1 < args.len() => {
            let r = PathBuf::from(args.remove(i + 1));
            args.remove(i);
            Some(r)
        }
        _ => None,
    };
    let mut proofs: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    if proofs.is_empty() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/cover");
        for e in std::fs::read_dir(&dir)? {
            let p = e?.path();
            if ProofFormat::of_path(&p).is_some() && p.with_extension("cnf").is_file() {
                proofs.push(p);
            }
        }
        proofs.sort();
    }
    println!(
        "| proof | bytes | lemmas | RAT | deletions (of reasons, of absent clauses: ignored) \
         | built-in (CPU s) | verdict | rate (CPU s) | verdict | built-in / rate |"
    );
    println!("|---|---:|---:|---:|---:|---:|---|---:|---|---:|");
    for proof in proofs {
        let cnf = proof.with_extension("cnf");
        let format = ProofFormat::of_path(&proof).unwrap_or(ProofFormat::Drat);
        let start = thread_cpu_seconds();
        let v = check_proof(
            std::fs::File::open(&cnf)?,
            std::fs::File::open(&proof)?,
            format,
            None,
            never,
        )?;
        let ours = thread_cpu_seconds() - start;
        let (theirs, their_verdict) = match &rate {
            Some(r) => {
                let before = children_cpu_seconds();
                let out = Command::new(r).arg(&cnf).arg(&proof).output()?;
                let spent = children_cpu_seconds() - before;
                let text = String::from_utf8_lossy(&out.stdout);
                let status = text
                    .lines()
                    .rev()
                    .find(|l| l.starts_with("s "))
                    .unwrap_or("?")
                    .to_string();
                (Some(spent), status)
            }
            None => (None, "-".to_string()),
        };
        println!(
            "| {} | {} | {} | {} | {} ({}, {}) | {:.2} | {} | {} | {} | {} |",
            proof.file_name().unwrap_or_default().to_string_lossy(),
            std::fs::metadata(&proof)?.len(),
            v.stats.lemmas,
            v.stats.rat_lemmas,
            v.stats.deletions,
            v.stats.ignored_deletions - v.stats.absent_deletions,
            v.stats.absent_deletions,
            ours,
            if v.verified {
                "verified".into()
            } else {
                format!("rejected: {}", v.detail)
            },
            theirs.map_or("-".into(), |t| format!("{t:.2}")),
            their_verdict,
            theirs.map_or("-".into(), |t| format!("{:.1}x", ours / t.max(1e-3))),
        );
    }
    Ok(())
}

/// User + system CPU seconds of the reaped children.
fn children_cpu_seconds() -> f64 {
    // SAFETY: `u` is a valid, writable rusage; the call only writes into it.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}
