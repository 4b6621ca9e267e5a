//! Ctrl-C in a long run: stop the search and report what it has, not die mid-write.

/// The first Ctrl-C asks the search to stop and report the best placement and bound it has
/// (exit 130 where a command reports a stopped search); a second one ends the process at once.
pub fn catch_ctrl_c() {
    extern "C" fn on_interrupt(_: libc::c_int) {
        crate::engine::interrupt::request_stop();
        // SAFETY: `signal` is async-signal-safe; the default disposition ends the process.
        unsafe {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
        }
    }
    // SAFETY: installs a handler that only stores an atomic flag and resets the disposition.
    unsafe {
        libc::signal(libc::SIGINT, on_interrupt as *const () as libc::sighandler_t);
    }
}
