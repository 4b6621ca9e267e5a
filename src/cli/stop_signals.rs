//! Stop signals in a long run: SIGINT (Ctrl-C), SIGTERM (what `timeout`, Slurm and `kill`
//! send) and SIGHUP (a closed terminal) stop the search and have it report what it has, not
//! die mid-write.

use std::sync::atomic::{AtomicBool, Ordering};

/// The signals a long-running command catches.
const STOP_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Which of [`STOP_SIGNALS`] this process caught: one it found ignored (`nohup` ignores
/// SIGHUP, a shell's background job SIGINT) stays ignored.
static CAUGHT: [AtomicBool; 3] = [const { AtomicBool::new(false) }; 3];

/// The first stop signal asks the search to stop and report the best it has (exit 128 + the
/// signal's number where a command reports a stopped search: 130, 143, 129); a second one,
/// of any of the three, ends the process at once.
pub fn catch_stop_signals() {
    extern "C" fn on_stop_signal(signal: libc::c_int) {
        crate::engine::interrupt::request_stop(signal);
        for (s, caught) in STOP_SIGNALS.iter().zip(&CAUGHT) {
            if caught.load(Ordering::Relaxed) {
                // SAFETY: `signal` is async-signal-safe; the default disposition ends the process.
                unsafe {
                    libc::signal(*s, libc::SIG_DFL);
                }
            }
        }
    }
    for (s, caught) in STOP_SIGNALS.iter().zip(&CAUGHT) {
        // SAFETY: installs a handler that only stores atomics and resets the dispositions, or
        // puts back an ignored signal's disposition.
        unsafe {
            let before = libc::signal(*s, on_stop_signal as *const () as libc::sighandler_t);
            if before == libc::SIG_IGN {
                libc::signal(*s, libc::SIG_IGN);
            } else {
                caught.store(true, Ordering::Relaxed);
            }
        }
    }
}
