//! A stop signal (SIGINT, SIGTERM, SIGHUP) as a request to stop: a long search polls it, as it
//! polls a time limit, and reports the best it has instead of dying with nothing. Only the
//! flag lives here (which signal asked); the command line decides which commands catch them.
//! Beside the process's flag, a [`StopScope`] stops one caller's work only (a Python call whose
//! progress callback raised), leaving the calls of other threads running.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};

/// The signal that asked to stop, 0 while none has.
static STOP: AtomicI32 = AtomicI32::new(0);

/// Asks every search that polls [`stop_requested`] to stop, on behalf of `signal` (safe in a
/// signal handler: one atomic store). The first signal is the one reported.
pub fn request_stop(signal: i32) {
    let _ = STOP.compare_exchange(0, signal, Ordering::Relaxed, Ordering::Relaxed);
}

/// The "signal" of a stop the calling program asked for ([`StopScope::stop`]): no signal's
/// number.
const CALLER: i32 = -1;

/// Forgets a stop request, for a process that runs one search after another and stops each
/// alone (the Python module: a Ctrl-C stops the calls under way, not the next one). Call it
/// only when no search is running.
pub fn clear_stop() {
    STOP.store(0, Ordering::Relaxed);
}

/// The stop of one caller's work: what [`stop_requested`] also answers on the threads that
/// work runs on ([`StopScope::enter`] on the caller's, [`StopScope::adopt`] on each thread
/// started for it: [`with_threads`](super::with_threads)' workers, a
/// [`Deadline::outrun`](super::deadline::Deadline::outrun) thread). Invariant: every thread
/// that computes for a scope's work has adopted it, so stopping the scope reaches all of that
/// work and nothing else.
#[derive(Clone, Debug, Default)]
pub struct StopScope(Arc<AtomicI32>);

thread_local! {
    /// The scope whose work this thread computes, if any.
    static SCOPE: RefCell<Option<StopScope>> = const { RefCell::new(None) };
}

impl StopScope {
    /// A scope no one has stopped.
    pub fn new() -> StopScope {
        StopScope::default()
    }

    /// Asks the scope's work to stop, on behalf of the program that called the library (worded
    /// as such rather than as a signal).
    pub fn stop(&self) {
        let _ = self
            .0
            .compare_exchange(0, CALLER, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The scope in force on this thread.
    pub fn current() -> Option<StopScope> {
        SCOPE.with(|s| s.borrow().clone())
    }

    /// Runs `work` on this thread with this scope in force, the one before restored after
    /// (a panic too).
    pub fn enter<T>(&self, work: impl FnOnce() -> T) -> T {
        struct Restore(Option<StopScope>);
        impl Drop for Restore {
            fn drop(&mut self) {
                SCOPE.with(|s| *s.borrow_mut() = self.0.take());
            }
        }
        let _restore = Restore(SCOPE.with(|s| s.borrow_mut().replace(self.clone())));
        work()
    }

    /// Puts this scope in force on this thread for the rest of its life: for a thread started
    /// to compute the scope's work.
    pub fn adopt(&self) {
        SCOPE.with(|s| *s.borrow_mut() = Some(self.clone()));
    }
}

/// The stop in force on this thread: the process's signal, else its scope's, else 0.
fn stop_signal() -> i32 {
    match STOP.load(Ordering::Relaxed) {
        // `try_with`: a thread-local's destructor may poll after this one is gone.
        0 => SCOPE
            .try_with(|s| s.borrow().as_ref().map_or(0, |t| t.0.load(Ordering::Relaxed)))
            .unwrap_or(0),
        signal => signal,
    }
}

/// Whether a stop was asked for: a stop signal, or this thread's [`StopScope`] was stopped.
pub fn stop_requested() -> bool {
    stop_signal() != 0
}

/// What asked to stop, for messages: `Ctrl-C` (SIGINT), `SIGTERM`, `SIGHUP`; `None` before any.
pub fn stop_cause() -> Option<&'static str> {
    cause_of(stop_signal())
}

fn cause_of(signal: i32) -> Option<&'static str> {
    match signal {
        0 => None,
        libc::SIGINT => Some("Ctrl-C"),
        libc::SIGTERM => Some("SIGTERM"),
        libc::SIGHUP => Some("SIGHUP"),
        CALLER => Some("by the caller"),
        _ => Some("a signal"),
    }
}

/// The error of a search stopped by a stop signal or a deadline ([`Deadline`](super::deadline::Deadline)),
/// inside a solver call ([`AnySolver::set_stop`](crate::solve::AnySolver::set_stop)) or between steps.
#[derive(Debug, thiserror::Error)]
#[error("the solver was interrupted")]
pub struct Interrupted;

/// Whether `e` is a stop signal's doing: a signal came and [`Interrupted`] is among its causes
/// (an error a stop caused, not one that merely came after it).
pub fn stopped_by_signal(e: &anyhow::Error) -> bool {
    stop_requested() && e.chain().any(|c| c.is::<Interrupted>())
}

/// The line on stderr of a command that a stop signal ended with the error `e`: before it had
/// anything to report, or with what `e` says it left undone.
pub fn stopped_error_line(e: &anyhow::Error) -> String {
    match e.is::<Interrupted>() && e.chain().len() == 1 {
        true => format!("queensat: {} before there was anything to report", interrupted()),
        false => format!("queensat: {}: {e}", interrupted()),
    }
}

/// [`Interrupted`] once a stop signal came: for a long computation that
/// polls between its steps and keeps nothing of a step cut short (a chunk of a sweep).
pub fn check_stop() -> anyhow::Result<()> {
    match stop_requested() {
        true => Err(Interrupted.into()),
        false => Ok(()),
    }
}

/// What a search that polls [`stop_requested`] found, or [`Interrupted`] where it gave up
/// (`None`): how the branch and bound's searches (`check::bnb_value`, `check::bnb_count`)
/// answer a computation that keeps nothing of a step cut short.
pub fn unless_stopped<T>(found: Option<T>) -> anyhow::Result<T> {
    found.ok_or_else(|| Interrupted.into())
}

/// Why a check of something read back failed when a search it needed gave up on a stop
/// signal; the caller reports [`refused_unless_stopped`], which makes it an interrupt.
pub fn cut_short() -> String {
    format!("the check was {}", interrupted())
}

/// The error of a check of something read back that failed with `why`: [`Interrupted`] once a
/// stop signal came, since a check that a stop cut short says nothing of what it read (a
/// rerun checks it again), else `refused(why)`.
pub fn refused_unless_stopped(why: String, refused: impl FnOnce(String) -> anyhow::Error) -> anyhow::Error {
    match stop_requested() {
        true => Interrupted.into(),
        false => refused(why),
    }
}

/// `interrupted (Ctrl-C)`, `interrupted (SIGTERM)`, ...: why a stopped search stopped, in
/// the words every report uses.
pub fn interrupted() -> String {
    format!("interrupted ({})", stop_cause().unwrap_or("no signal"))
}

/// The exit code of a command whose searches may stop early: 0 when none did, 128 + the
/// signal's number when a stop signal stopped one (the shell's code for a process that
/// signal ends: 130 SIGINT, 143 SIGTERM, 129 SIGHUP, so scripts see the signal), 3 when a
/// time limit did. The one place that rule lives, so every command answers alike.
pub fn stopped_exit_code(stopped: bool) -> i32 {
    exit_code(stopped, stop_signal())
}

/// For a command that finished its work whole although a stop signal came while it ran a step
/// that cannot be stopped (`step`: "the last solver call (varisat stops only between
/// calls)"), the note that says so, for stderr, and the exit code the signal still gives (128
/// + its number), so that a script sees the signal; `None` when no signal came.
pub fn finished_despite_stop(step: &str) -> Option<(String, i32)> {
    stop_requested().then(|| {
        let note = format!(
            "queensat: note: {} came during {step}, which cannot be stopped: it ran to its end, \
             and the answer printed is whole",
            interrupted()
        );
        (note, stopped_exit_code(true))
    })
}

/// The exit code of a command that finished whole: 0, or, when a stop signal came during
/// `step`, which cannot be stopped, the signal's, with [`finished_despite_stop`]'s note on
/// stderr.
pub fn finished_exit_code(step: &str) -> i32 {
    match finished_despite_stop(step) {
        Some((note, code)) => {
            eprintln!("{note}");
            code
        }
        None => 0,
    }
}

fn exit_code(stopped: bool, signal: i32) -> i32 {
    match (stopped, signal) {
        (false, _) => 0,
        (true, signal) if signal > 0 => 128 + signal,
        (true, _) => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scope's stop is in force inside it, on this thread, until the scope is left; a scope
    /// entered inside another is the one in force there.
    #[test]
    fn a_scope_s_stop_holds_inside_it_only() {
        let (stopped, other) = (StopScope::new(), StopScope::new());
        stopped.stop();
        assert!(!stop_requested());
        stopped.enter(|| {
            assert!(stop_requested());
            assert_eq!(stop_cause(), Some("by the caller"));
            assert_eq!(stopped_exit_code(true), 3);
            other.enter(|| assert!(!stop_requested()));
            assert!(stop_requested());
        });
        assert!(!stop_requested() && StopScope::current().is_none());
        let caught = std::panic::catch_unwind(|| stopped.enter(|| panic!("inside")));
        assert!(caught.is_err() && StopScope::current().is_none());
    }

    // The flag itself is process-wide: setting it here would stop the other tests' searches.
    #[test]
    fn each_signal_has_its_name_and_exit_code() {
        assert_eq!(
            (cause_of(0), exit_code(false, 0), exit_code(true, 0)),
            (None, 0, 3)
        );
        assert_eq!(
            (cause_of(libc::SIGINT), exit_code(true, libc::SIGINT)),
            (Some("Ctrl-C"), 130)
        );
        assert_eq!(
            (cause_of(libc::SIGTERM), exit_code(true, libc::SIGTERM)),
            (Some("SIGTERM"), 143)
        );
        assert_eq!(
            (cause_of(libc::SIGHUP), exit_code(true, libc::SIGHUP)),
            (Some("SIGHUP"), 129)
        );
        assert_eq!(exit_code(false, libc::SIGTERM), 0);
        assert_eq!(
            (cause_of(CALLER), exit_code(true, CALLER)),
            (Some("by the caller"), 3)
        );
    }
}
