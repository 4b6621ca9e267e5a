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

/// Runs `f` on a pool of `threads` workers (`--threads`), or on rayon's default pool (one
/// per CPU) when `None`. Under a [`StopScope`] (one caller's work, which its stop must reach
/// and no other's), the work runs on a pool of its own whose workers adopt that scope, by
/// default too: the default pool's workers serve every caller.
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> anyhow::Result<T> + Send,
) -> anyhow::Result<T> {
    let scope = StopScope::current();
    let pool = match threads {
        Some(n) if !(1..=max_threads()).contains(&n) => bail!("--threads {n}: {}", threads_wanted()),
        Some(n) => rayon::ThreadPoolBuilder::new().num_threads(n),
        // A worker of a pool that adopted the scope already: its pool serves.
        None if scope.is_some() && rayon::current_thread_index().is_none() => rayon::ThreadPoolBuilder::new(),
        None => return f(),
    };
    let pool = match scope {
        Some(scope) => pool.start_handler(move |_| scope.adopt()),
        None => pool,
    };
    pool.build()
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot start {} threads: {e}",
                threads.map_or("the".into(), |n| n.to_string())
            )
        })?
        .install(f)
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
