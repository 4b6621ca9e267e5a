//! One library call made for Python: it runs on a worker thread with the GIL released, while
//! the calling thread waits for it, passes what the library reports ([`Reporter`]) to a Python
//! callback (the progress bar) and checks Python's signals: a Ctrl-C asks the library to stop
//! ([`request_stop`]), and once the call has returned what it had, the KeyboardInterrupt is
//! raised, carrying that partial answer (labelled by the library as stopped) as `partial`. A
//! Ctrl-C is the process's, as a signal is: a call in another thread that it reached raises a
//! [`QueensatError`] with its own. An exception of the progress callback stops its own call
//! only ([`StopScope`]).

use pyo3::prelude::*;
use queensat::run::interrupt::{Interrupted, StopScope, clear_stop, request_stop, stop_requested};
use queensat::run::{Progress, Reporter, one_line};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

// Named as `queensat.QueensatError`, where the package exports it: pickle finds a class by its
// module and name, and `_queensat` is no module of its own (a multiprocessing worker's error
// could not be sent back).
pyo3::create_exception!(
    queensat,
    QueensatError,
    pyo3::exceptions::PyValueError,
    "A bad input or a failed check: the message is what the command line prints after `queensat: error: `."
);

/// How often the waiting thread looks at Python's signals and passes progress on.
const POLL: Duration = Duration::from_millis(100);

/// What the library reported since the waiting thread last looked.
#[derive(Default)]
struct Heard {
    what: String,
    done: u64,
    total: u64,
    notes: Vec<String>,
    changed: bool,
}

/// The [`Progress`] listener of a call: it only records, the waiting thread passes it on.
#[derive(Clone, Default)]
struct Listener(Arc<Mutex<Heard>>);

impl Listener {
    fn with(&self, f: impl FnOnce(&mut Heard)) {
        let mut h = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut h);
        h.changed = true;
    }
}

impl Progress for Listener {
    fn start(&self, what: &str, total: u64) {
        self.with(|h| {
            h.what = what.to_string();
            h.done = 0;
            h.total = total;
        });
    }

    fn advance(&self, steps: u64) {
        self.with(|h| h.done += steps);
    }

    fn note(&self, line: &str) {
        self.with(|h| h.notes.push(line.to_string()));
    }
}

/// The library's calls under way in this process. A Ctrl-C's stop is the process's (every search
/// polls one flag), so it is forgotten only once every call it reached has ended, and a call
/// that would start meanwhile waits: none is stopped by a request made before it began, and
/// none misses one made while it ran.
struct Calls {
    running: usize,
    stopping: bool,
    /// The process these counts are of: a child forked while calls ran in other threads
    /// inherits their counts but not the threads, so it starts again from none.
    pid: u32,
}

static CALLS: Mutex<Calls> = Mutex::new(Calls {
    running: 0,
    stopping: false,
    pid: 0,
});
static CALLS_CHANGED: Condvar = Condvar::new();

fn calls() -> std::sync::MutexGuard<'static, Calls> {
    let mut c = CALLS.lock().unwrap_or_else(|e| e.into_inner());
    if c.pid != std::process::id() {
        clear_stop();
        *c = Calls {
            running: 0,
            stopping: false,
            pid: std::process::id(),
        };
    }
    c
}

thread_local! {
    /// Whether this thread is in a call already (a progress callback that calls queensat).
    static IN_CALL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// One call under way, counted in [`CALLS`] until [`Running::end`] (or a panic) ends it.
struct Running {
    ended: bool,
    /// The thread's [`IN_CALL`] before this call.
    nested: bool,
}

impl Running {
    /// Waits, without the GIL, for a stop under way to be done with, then counts this call. A
    /// call made from inside another's callback does not wait: the call around it could not
    /// end while it did. A Ctrl-C while it waits raises before the call began.
    fn begin(py: Python<'_>) -> PyResult<Running> {
        let nested = IN_CALL.with(|c| c.get());
        loop {
            let counted = py.detach(|| {
                let mut c = calls();
                if c.stopping && !nested {
                    c = CALLS_CHANGED
                        .wait_timeout(c, POLL)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                    if c.stopping {
                        return false;
                    }
                }
                c.running += 1;
                true
            });
            if counted {
                break;
            }
            py.check_signals()?;
        }
        IN_CALL.with(|c| c.set(true));
        Ok(Running { ended: false, nested })
    }

    /// Stops every call under way on a Ctrl-C (`signal`), else this call alone (`scope`: the
    /// progress callback raised).
    fn stop(&self, signal: Option<i32>, scope: &StopScope) {
        match signal {
            Some(signal) => {
                calls().stopping = true;
                request_stop(signal);
            }
            None => scope.stop(),
        }
    }

    /// Ends the call; the last call a stop reached forgets it.
    fn end(mut self) {
        self.finish();
    }

    fn finish(&mut self) {
        self.ended = true;
        IN_CALL.with(|c| c.set(self.nested));
        let mut c = calls();
        c.running = c.running.saturating_sub(1);
        if c.running == 0 && c.stopping {
            clear_stop();
            c.stopping = false;
            CALLS_CHANGED.notify_all();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if !self.ended {
            self.finish();
        }
    }
}

/// The worker's answer, once it has one, and whether a stop had been asked for when its work
/// returned (a call that finished whole before a stop was not stopped by it).
type Slot = (Mutex<Option<(anyhow::Result<String>, bool)>>, Condvar);

/// Runs `work` (a library call that returns its JSON) with the GIL released; `progress`, if
/// given, is called as `progress(what, done, total, notes)` on this thread when something
/// changed. An error becomes a [`QueensatError`] with the command line's message; a Ctrl-C
/// (or any exception the callback raises) stops the library's search and is raised when the
/// call has returned, with what it returned as `partial` (JSON text, or None).
pub fn run_call(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&Reporter) -> anyhow::Result<String> + Send,
) -> PyResult<String> {
    let call = Running::begin(py)?;
    let listener = Listener::default();
    let reporter = match progress {
        Some(_) => Reporter::new(listener.clone()),
        None => Reporter::silent(),
    };
    let slot: Slot = (Mutex::new(None), Condvar::new());
    let mut raised: Option<PyErr> = None;
    // This call's own stop: its thread, and the pools its parallel work starts
    // (`run::parallel`), adopt it; no other call's do.
    let scope = StopScope::new();
    // A Ctrl-C came: even after the callback's exception it stops every call, and its
    // KeyboardInterrupt is the one raised.
    let mut signalled = false;
    let (answer, stopped) = std::thread::scope(|s| {
        s.spawn(|| {
            let (answer, stopped) = scope.enter(|| (work(&reporter), stop_requested()));
            *slot.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((answer, stopped));
            slot.1.notify_one();
        });
        loop {
            if let Some(answer) = py.detach(|| wait(&slot)) {
                return answer;
            }
            // A Ctrl-C is Python's signal exception; any other the callback raised. A callback
            // that raised is not called again: it would raise again.
            let heard = match py.check_signals() {
                Err(e) => Err((e, Some(libc::SIGINT))),
                Ok(()) => match progress {
                    Some(callback) if raised.is_none() => pass_on(callback, &listener).map_err(|e| (e, None)),
                    _ => Ok(()),
                },
            };
            // The first exception stops the search, and the first Ctrl-C every call; the call
            // still ends as the library ends it, with what it has.
            match heard {
                Err((e, Some(signal))) if !signalled => {
                    signalled = true;
                    call.stop(Some(signal), &scope);
                    e.set_cause(py, raised.take());
                    raised = Some(e);
                }
                Err((e, None)) if raised.is_none() => {
                    call.stop(None, &scope);
                    raised = Some(e);
                }
                _ => {}
            }
        }
    });
    // The call is over: what still computes for it (a solver call a deadline gave up on) stops
    // at its next poll.
    scope.stop();
    // The last of the progress, unless the callback raised already: called again it would
    // raise again, and that exception would leave with no `partial` and the stop request set
    // (every later call answering "interrupted").
    if raised.is_none()
        && let Some(callback) = progress
    {
        raised = pass_on(callback, &listener).err();
    }
    call.end();
    // An error of its own (a bad input) is the call's answer, stop or no stop.
    let own_error = matches!(&answer, Err(e) if !e.chain().any(|c| c.is::<Interrupted>()));
    let e = match raised {
        Some(e) => e,
        // A Ctrl-C that another call heard stopped this one too: what it has is no answer.
        None if stopped && !own_error => QueensatError::new_err(
            "stopped with what it had (`partial`): a Ctrl-C came while this call ran, heard by \
             a call in another thread or around this one, and a Ctrl-C stops every call under way",
        ),
        None => return answer.map_err(|e| QueensatError::new_err(one_line(&e))),
    };
    let partial = answer.ok();
    e.value(py).setattr("partial", partial)?;
    Err(e)
}

/// The worker's answer, or None after [`POLL`] without one.
fn wait(slot: &Slot) -> Option<(anyhow::Result<String>, bool)> {
    let guard = slot.0.lock().unwrap_or_else(|e| e.into_inner());
    let (mut guard, _) = slot
        .1
        .wait_timeout_while(guard, POLL, |a| a.is_none())
        .unwrap_or_else(|e| e.into_inner());
    guard.take()
}

/// Calls `callback` with what `listener` heard, if anything changed.
fn pass_on(callback: &Bound<'_, PyAny>, listener: &Listener) -> PyResult<()> {
    let (what, done, total, notes) = {
        let mut h = listener.0.lock().unwrap_or_else(|e| e.into_inner());
        if !std::mem::take(&mut h.changed) {
            return Ok(());
        }
        (h.what.clone(), h.done, h.total, std::mem::take(&mut h.notes))
    };
    callback.call1((what, done, total, notes))?;
    Ok(())
}
