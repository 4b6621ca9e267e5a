//! Catching the stop signals of a long run: SIGINT (Ctrl-C), SIGTERM (what `timeout`, Slurm
//! and `kill` send) and SIGHUP (a closed terminal) stop the search and have it report what it
//! has, not die mid-write. A program that runs searches installs this once
//! ([`catch_stop_signals`]); the searches poll [`stop_requested`](crate::run::interrupt::stop_requested).

use std::sync::atomic::{AtomicI64, Ordering};

/// The signals a long-running command catches.
const STOP_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// When the first SIGINT came (ms on the monotonic clock), 0 before it.
static FIRST_SIGINT_MS: AtomicI64 = AtomicI64::new(0);

/// SIGINTs closer than this to the first are the same request: `timeout -s INT` signals the
/// command and then its whole process group, so the command gets the signal twice at once.
const SAME_SIGINT_MS: i64 = 250;

/// The first stop signal asks the search to stop and report the best it has (exit 128 + the
/// signal's number where a command reports a stopped search: 130, 143, 129). A second Ctrl-C
/// ends the process at once; SIGTERM and SIGHUP again change nothing, since their senders
/// send SIGKILL when they will not wait (`timeout` sends SIGTERM twice at once, to the
/// command and to its process group, and must not kill the report it asked for).
pub fn catch_stop_signals() {
    extern "C" fn on_stop_signal(signal: libc::c_int) {
        crate::run::interrupt::request_stop(signal);
        if signal != libc::SIGINT {
            return;
        }
        let now = monotonic_ms();
        let first = match FIRST_SIGINT_MS.compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return,
            Err(first) => first,
        };
        if now - first >= SAME_SIGINT_MS {
            // SAFETY: `signal` and `raise` are async-signal-safe; with the default disposition
            // the raised SIGINT ends the process once this handler returns.
            unsafe {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                libc::raise(libc::SIGINT);
            }
        }
    }
    for s in STOP_SIGNALS {
        // A signal the process started with ignored stays ignored: `nohup` ignores SIGHUP, a
        // shell's background job SIGINT.
        // SAFETY: installs a handler that only touches atomics, reads the clock and, for a
        // second Ctrl-C, restores the default disposition; or puts back an ignored signal's.
        unsafe {
            let before = libc::signal(s, on_stop_signal as *const () as libc::sighandler_t);
            if before == libc::SIG_IGN {
                libc::signal(s, libc::SIG_IGN);
            }
        }
    }
}

/// The monotonic clock in ms, at least 1 (safe in a signal handler: `clock_gettime` is
/// async-signal-safe).
fn monotonic_ms() -> i64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: writes into the timespec it is given.
    unsafe {
        libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t);
    }
    (t.tv_sec * 1000 + t.tv_nsec / 1_000_000).max(1)
}
