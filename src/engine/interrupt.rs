//! Ctrl-C as a request to stop: a long search polls it, as it polls a time limit, and reports
//! the best it has instead of dying with nothing. Only the flag lives here; the command line
//! decides which commands catch the signal.

use std::sync::atomic::{AtomicBool, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);

/// Asks every search that polls [`stop_requested`] to stop (safe in a signal handler: one
/// atomic store).
pub fn request_stop() {
    STOP.store(true, Ordering::Relaxed);
}

/// Whether a stop was asked for.
pub fn stop_requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// A stop test for a search on the calling thread: true once Ctrl-C was asked for, or once
/// the thread has used `limit` of CPU time from now (never, without a limit). It is `Copy`,
/// so one deadline can serve a local search and a solver's terminate callback alike.
pub fn cpu_deadline(limit: Option<std::time::Duration>) -> impl Fn() -> bool + Copy + Send + 'static {
    let cpu_start = super::provenance::thread_cpu_seconds();
    let spent =
        move || limit.is_some_and(|l| super::provenance::thread_cpu_seconds() - cpu_start >= l.as_secs_f64());
    move || stop_requested() || spent()
}

/// The exit code of a command whose searches may stop early: 0 when none did, 130 when
/// Ctrl-C stopped one (the shell's code for SIGINT, so scripts see an interrupt), 3 when a
/// time limit did. The one place that rule lives, so every command answers alike.
pub fn stopped_exit_code(stopped: bool) -> i32 {
    match stopped {
        false => 0,
        true if stop_requested() => 130,
        true => 3,
    }
}
