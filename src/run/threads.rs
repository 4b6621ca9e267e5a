//! `--threads`: the worker pool of a long run that works in parallel.

use super::interrupt::StopScope;
use anyhow::bail;

/// More threads than this only costs time spawning them.
fn max_threads() -> usize {
    4 * std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What `--threads` takes.
fn threads_wanted() -> String {
    format!(
        "at least 1 and at most {} (4 per CPU of this machine)",
        max_threads()
    )
}

/// `--threads N` as the command line gives it: a whole number from 1 to 4 per CPU; an error
/// says so, for a number too large for any count too.
pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=max_threads()).contains(&n) => Ok(n),
        Err(_)
            if !s
                .trim()
                .trim_start_matches('-')
                .bytes()
                .all(|b| b.is_ascii_digit()) =>
        {
            Err(format!("not a whole number: {}", threads_wanted()))
        }
        _ => Err(threads_wanted()),
    }
}

/// Runs `f` on a pool of `threads` workers (`--threads`), or where [`parallel`] runs it when
/// `None` (rayon's default pool, one worker per CPU, outside a [`StopScope`]).
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> anyhow::Result<T> + Send,
) -> anyhow::Result<T> {
    match threads {
        Some(n) if !(1..=max_threads()).contains(&n) => bail!("--threads {n}: {}", threads_wanted()),
        Some(n) => pool(Some(n))?.install(f),
        None => parallel(f)?,
    }
}

/// Runs `f`, work that goes parallel (a `par_iter`), where the caller's [`StopScope`] reaches
/// every worker: on the pool it runs on already, or, under a scope on a thread of no pool, on
/// a pool of its own whose workers adopt that scope (the default pool's workers serve every
/// caller). Every parallel site of the library runs through it or [`with_threads`], so a
/// Python call's stop reaches all of its work and no other call's; without a scope (the
/// command line) it only calls `f`.
pub fn parallel<T: Send>(f: impl FnOnce() -> T + Send) -> anyhow::Result<T> {
    match StopScope::current().is_some() && rayon::current_thread_index().is_none() {
        true => Ok(pool(None)?.install(f)),
        false => Ok(f()),
    }
}

/// A pool of `threads` workers (default: one per CPU) that adopt the caller's [`StopScope`].
fn pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        pool = pool.num_threads(n);
    }
    if let Some(scope) = StopScope::current() {
        pool = pool.start_handler(move |_| scope.adopt());
    }
    pool.build().map_err(|e| match threads {
        Some(n) => anyhow::anyhow!("cannot start {n} threads: {e}"),
        None => anyhow::anyhow!("cannot start the worker threads: {e}"),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn threads_are_one_to_four_per_cpu() {
        let most = super::max_threads();
        assert_eq!(super::parse_threads("1"), Ok(1));
        assert_eq!(super::parse_threads(&most.to_string()), Ok(most));
        for bad in ["0", "-2", "x", "99999999999999999999", &(most + 1).to_string()] {
            let e = super::parse_threads(bad).unwrap_err();
            assert!(e.contains(&format!("at most {most}")), "{bad}: {e}");
        }
        assert!(super::with_threads(Some(0), || Ok(())).is_err());
    }

    /// A scope's stop reaches every worker of its pool, the default one too, and no thread
    /// outside it (the process's flag, which every test shares, is never set here).
    #[test]
    fn a_scope_s_stop_reaches_its_workers_and_no_one_else() {
        use super::StopScope;
        use crate::run::interrupt::stop_requested;
        use rayon::prelude::*;
        let scope = StopScope::new();
        scope.stop();
        for threads in [Some(2), None] {
            let seen = scope.enter(|| {
                super::with_threads(threads, || {
                    Ok((0..64)
                        .into_par_iter()
                        .map(|_| stop_requested())
                        .collect::<Vec<_>>())
                })
            });
            assert!(seen.unwrap().iter().all(|&s| s), "{threads:?}");
        }
        let outside = super::with_threads(Some(2), || Ok((0..64).into_par_iter().any(|_| stop_requested())));
        assert!(!outside.unwrap() && !stop_requested());
    }
}
