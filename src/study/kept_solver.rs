//! The solver a worker thread keeps across the items of one run, so that what it learns on one
//! item serves the next. It stays on the thread that made it (CaDiCaL's and varisat's solvers
//! are not `Send`), keyed by the run's number, and leaves every thread when the run ends.

use std::any::Any;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Runs made so far in this process: each has its own number.
static RUNS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's kept solver, with its run's number.
    static KEPT: RefCell<Option<(u64, Box<dyn Any>)>> = const { RefCell::new(None) };
}

/// A number no other run of this process has.
pub fn new_run() -> u64 {
    RUNS.fetch_add(1, Ordering::Relaxed)
}

/// Calls `f` with this thread's solver of run `run`, made by `make` where the thread keeps none
/// of that run. The solver is kept for the thread's next item when `f` succeeds; an item
/// stopped or failed leaves it behind.
pub fn with_kept<T: 'static, R>(
    run: u64,
    make: impl FnOnce() -> anyhow::Result<T>,
    f: impl FnOnce(&mut T) -> anyhow::Result<R>,
) -> anyhow::Result<R> {
    let kept = KEPT
        .with_borrow_mut(Option::take)
        .filter(|(r, _)| *r == run)
        .and_then(|(_, s)| s.downcast::<T>().ok());
    let mut solver = match kept {
        Some(s) => s,
        None => Box::new(make()?),
    };
    let out = f(&mut solver)?;
    KEPT.set(Some((run, solver)));
    Ok(out)
}

/// Drops the kept solvers of every thread of the pool and of this one (a pool's threads
/// outlive the run).
pub fn release() {
    rayon::broadcast(|_| drop(KEPT.take()));
    drop(KEPT.take());
}
