//! One library call made for Python: it runs on a worker thread with the GIL released, while
//! the calling thread waits for it, passes what the library reports ([`Reporter`]) to a Python
//! callback (the progress bar) and checks Python's signals: a Ctrl-C asks the library to stop
//! ([`request_stop`]), and once the call has returned what it had, the KeyboardInterrupt is
//! raised, carrying that partial answer (labelled by the library as stopped) as `partial`.

use pyo3::prelude::*;
use queensat::run::interrupt::{clear_stop, request_stop};
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

/// The worker's answer, once it has one.
type Slot = (Mutex<Option<anyhow::Result<String>>>, Condvar);

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
    let listener = Listener::default();
    let reporter = match progress {
        Some(_) => Reporter::new(listener.clone()),
        None => Reporter::silent(),
    };
    let slot: Slot = (Mutex::new(None), Condvar::new());
    let mut raised: Option<PyErr> = None;
    let answer = std::thread::scope(|s| {
        s.spawn(|| {
            let answer = work(&reporter);
            *slot.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
            slot.1.notify_one();
        });
        loop {
            if let Some(answer) = py.detach(|| wait(&slot)) {
                return answer;
            }
            let heard = py.check_signals().and_then(|()| match progress {
                Some(callback) => pass_on(callback, &listener),
                None => Ok(()),
            });
            if let Err(e) = heard
                && raised.is_none()
            {
                // The first exception stops the search; the call still ends as the library
                // ends it, with what it has.
                request_stop(libc::SIGINT);
                raised = Some(e);
            }
        }
    });
    // The last of the progress, unless the callback raised already: called again it would
    // raise again, and that exception would leave with no `partial` and the stop request set
    // (every later call answering "interrupted").
    if raised.is_none()
        && let Some(callback) = progress
    {
        raised = pass_on(callback, &listener).err();
    }
    let Some(e) = raised else {
        return answer.map_err(|e| QueensatError::new_err(one_line(&e)));
    };
    clear_stop();
    let partial = answer.ok();
    e.value(py).setattr("partial", partial)?;
    Err(e)
}

/// The worker's answer, or None after [`POLL`] without one.
fn wait(slot: &Slot) -> Option<anyhow::Result<String>> {
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
