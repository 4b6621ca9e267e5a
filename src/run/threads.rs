//! `--threads`: the worker pool of a long run that works in parallel.

use anyhow::bail;

/// More threads than this only costs time spawning them.
fn max_threads() -> usize {
    4 * std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `f` on a pool of `threads` workers (`--threads`), or on rayon's default pool (one
/// per CPU) when `None`.
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> anyhow::Result<T> + Send,
) -> anyhow::Result<T> {
    match threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(n) if n > max_threads() => bail!(
            "--threads {n}: at most {} (4 per CPU of this machine)",
            max_threads()
        ),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| anyhow::anyhow!("cannot start {n} threads: {e}"))?
            .install(f),
        None => f(),
    }
}
