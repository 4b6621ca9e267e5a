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
