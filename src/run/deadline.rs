//! The one deadline of a search: a stop signal, or a limit of CPU seconds. Every `--time-limit`
//! is CPU time (of the thread that runs the search, or of the whole process), so that a limit
//! means the same on a busy machine as on an idle one; and why a search stopped is worded here
//! once.

use super::cpu::{
    lend_to_this_thread, process_cpu_seconds, thread_clock, thread_clock_seconds, thread_cpu_seconds,
};
use crate::run::interrupt::{StopScope, interrupted, stop_requested};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Whose CPU time a [`Deadline`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The calling thread's: the search that runs the in-process solver, apart from whatever
    /// other threads do meanwhile.
    Thread,
    /// The whole process's, with the children it has reaped.
    Process,
    /// One given thread's, read from any thread by its CPU clock's id: the worker of
    /// [`Deadline::outrun_with`], as its own [`Clock::Thread`] reads it.
    OfThread(libc::clockid_t),
}

impl Clock {
    /// CPU seconds so far on this clock; a thread's include what the work it waited for in
    /// [`Deadline::outrun_with`] spent on threads of its own.
    pub fn read(self) -> f64 {
        match self {
            Clock::Thread => thread_cpu_seconds(),
            Clock::Process => process_cpu_seconds(),
            Clock::OfThread(id) => thread_clock_seconds(id),
        }
    }
}

/// When a search must stop: once a stop signal came, or once `limit` of CPU time on `clock` has
/// passed since the deadline was set (never by time without a limit). It is `Copy`, so one
/// deadline serves a local search, a solver's terminate callback and the loop between calls.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    limit: Option<Duration>,
    clock: Clock,
    start: f64,
    /// False for a search that owes its answer whatever a signal asks ([`Deadline::never`]).
    signals: bool,
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Why {
    /// A stop signal, named as [`interrupted`] names it.
    Signal,
    /// The time limit, in CPU seconds.
    TimeLimit(Option<Duration>),
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::Signal => f.write_str(&interrupted()),
            Why::TimeLimit(l) => write!(
                f,
                "the time limit of {} CPU s ran out",
                l.unwrap_or_default().as_secs_f64()
            ),
        }
    }
}

/// The error of a step that a time limit cut short before the command had anything to report
/// from it (`during`: the step, in words, such as the list a cover selects from): reported as
/// any search stopped at its limit is, with exit 3, not as a failure.
#[derive(Debug, thiserror::Error)]
#[error("{why} {during}")]
pub struct OutOfTime {
    pub why: Why,
    pub during: String,
}

impl Deadline {
    /// `limit` of `clock`'s CPU time from now, or a stop signal.
    pub fn new(limit: Option<Duration>, clock: Clock) -> Deadline {
        Deadline {
            limit,
            clock,
            start: clock.read(),
            signals: true,
        }
    }

    /// `limit` of the calling thread's CPU time from now, or a stop signal.
    pub fn thread(limit: Option<Duration>) -> Deadline {
        Deadline::new(limit, Clock::Thread)
    }

    /// `limit` of the process's CPU time from now, or a stop signal.
    pub fn process(limit: Option<Duration>) -> Deadline {
        Deadline::new(limit, Clock::Process)
    }

    /// No deadline at all, not even a stop signal: for what a finished search still owes.
    pub fn never() -> Deadline {
        Deadline {
            limit: None,
            clock: Clock::Thread,
            start: 0.0,
            signals: false,
        }
    }

    /// The time limit.
    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }

    /// CPU seconds on the deadline's clock since it was set.
    pub fn spent(&self) -> f64 {
        self.clock.read() - self.start
    }

    /// What is left of the time limit (zero once it ran out), `None` without one: the
    /// wall-clock seconds an external solver's call may take (its seconds are lent to the
    /// calling thread's clock when it ends).
    pub fn remaining(&self) -> Option<Duration> {
        self.limit
            .map(|l| Duration::from_secs_f64((l.as_secs_f64() - self.spent()).max(0.0)))
    }

    /// Whether the time limit has run out.
    pub fn timed_out(&self) -> bool {
        self.limit.is_some_and(|l| self.spent() >= l.as_secs_f64())
    }

    /// Whether the search must stop: a stop signal came or the time limit ran out.
    pub fn passed(&self) -> bool {
        (self.signals && stop_requested()) || self.timed_out()
    }

    /// The deadline as a stop test, for a solver's terminate callback or a local search.
    pub fn stop_test(self) -> impl Fn() -> bool + Copy + Send + 'static {
        move || self.passed()
    }

    /// Why a search under this deadline stopped: the signal, if one came, else the limit.
    pub fn why(&self) -> Why {
        match self.signals && stop_requested() {
            true => Why::Signal,
            false => Why::TimeLimit(self.limit),
        }
    }

    /// Runs `work` on a thread of its own and waits for its answer or for this deadline,
    /// whichever comes first: `None` when the deadline passed first. For work that cannot be
    /// stopped inside (one varisat call): the caller reports it stopped at once, and the
    /// thread, still computing, ends with the process. The deadline is polled every
    /// [`OUTRUN_POLL`] while the work runs. A deadline on the [`Clock::Thread`] is the work's:
    /// what is left of its limit is read on the work's thread's clock from that thread's start,
    /// so that no other thread, such as an earlier work still computing, counts; the waiting
    /// thread spends next to nothing. A
    /// panic of the work is the caller's.
    pub fn outrun<T: Send + 'static>(
        self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> anyhow::Result<Option<T>> {
        self.outrun_with(move || Some(work()), |_| Some(None))
    }

    /// [`outrun`](Deadline::outrun) for work that says, while it runs, what it would answer if
    /// stopped now: once the deadline passed, the first answer of `give_up` that is not `None`
    /// (else the work's own, when it comes first). `give_up` is shown the deadline that passed,
    /// on the work's clock, for why and after how much CPU.
    pub fn outrun_with<T: Send + 'static>(
        self,
        work: impl FnOnce() -> T + Send + 'static,
        mut give_up: impl FnMut(&Deadline) -> Option<T>,
    ) -> anyhow::Result<T> {
        use std::sync::mpsc::{RecvTimeoutError, channel};
        let (answer, answered) = channel();
        // The work computes for the caller's scope, if it has one: its stop must reach it.
        let scope = StopScope::current();
        let worker = std::thread::Builder::new()
            .name("queensat-call".into())
            .stack_size(OUTRUN_STACK)
            .spawn(move || {
                if let Some(scope) = scope {
                    scope.adopt();
                }
                // The waiting side may have given up; nothing is owed it then.
                let t = work();
                let _ = answer.send((t, Clock::Thread.read()));
            })
            .map_err(|e| anyhow::anyhow!("cannot start a thread for the solver: {e}"))?;
        // A new thread's CPU clock starts at zero; where it cannot be read, the caller's.
        let worker_clock = thread_clock(&worker);
        let waiting = match (self.clock, worker_clock) {
            // What the caller spent under the deadline counts: the work gets what is left.
            (Clock::Thread, Some(id)) => Deadline {
                clock: Clock::OfThread(id),
                start: -self.spent(),
                ..self
            },
            _ => self,
        };
        loop {
            match answered.recv_timeout(OUTRUN_POLL) {
                Ok((t, spent)) => {
                    lend_to_this_thread(spent);
                    return Ok(t);
                }
                Err(RecvTimeoutError::Timeout) if waiting.passed() => {
                    if let Some(t) = give_up(&waiting) {
                        // What the work spent until now; it goes on, for no one.
                        lend_to_this_thread(worker_clock.map_or(0.0, |id| Clock::OfThread(id).read()));
                        return Ok(t);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => match worker.join() {
                    Err(panic) => std::panic::resume_unwind(panic),
                    Ok(()) => unreachable!("the worker sends its answer before it ends"),
                },
            }
        }
    }
}

/// What work under [`Deadline::outrun_with`] would answer if stopped now: kept by the work
/// before each step it cannot stop inside, with the time the step began, and taken by the
/// waiting side when it gives up on the work.
pub struct Kept<T>(Arc<Mutex<Option<(T, Instant)>>>);

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Self {
        Kept(self.0.clone())
    }
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept(Arc::default())
    }
}

impl<T> Kept<T> {
    /// Keeps `answer`, for a step that begins now.
    pub fn keep(&self, answer: T) {
        if let Ok(mut kept) = self.0.lock() {
            *kept = Some((answer, Instant::now()));
        }
    }

    /// Keeps nothing: the work owes its own answer from here on.
    pub fn clear(&self) {
        if let Ok(mut kept) = self.0.lock() {
            *kept = None;
        }
    }

    /// The answer kept, and the seconds since its step began.
    pub fn take(&self) -> Option<(T, f64)> {
        self.take_if(|_| true)
    }

    /// The answer kept if `wanted` says so of it (else it stays kept), and the seconds since
    /// its step began: for a step that some reasons to stop do not stop.
    pub fn take_if(&self, wanted: impl FnOnce(&T) -> bool) -> Option<(T, f64)> {
        let mut kept = self.0.lock().ok()?;
        let (answer, began) = kept.take_if(|(answer, _)| wanted(answer))?;
        Some((answer, began.elapsed().as_secs_f64()))
    }
}

/// How often [`Deadline::outrun`] looks at the deadline: a stop comes this late at most, and
/// the waiting thread wakes 50 times a second (it reads the work's CPU clock each time only
/// under a time limit).
pub const OUTRUN_POLL: Duration = Duration::from_millis(20);

/// The stack of [`Deadline::outrun`]'s thread: the main thread's usual 8 MiB, since the work
/// is what the main thread would otherwise run.
const OUTRUN_STACK: usize = 8 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_runs_out_on_cpu_time_and_says_so() {
        let none = Deadline::thread(None);
        assert!(!none.timed_out());
        let zero = Deadline::process(Some(Duration::ZERO));
        assert!(zero.timed_out() && zero.passed());
        let soon = Deadline::thread(Some(Duration::from_millis(20)));
        assert!(!soon.timed_out());
        // Spin the CPU; sleeping would not count.
        let mut x = 0u64;
        while !soon.timed_out() {
            x = x.wrapping_add(std::hint::black_box(1));
        }
        assert!(x > 0 && soon.spent() >= 0.02);
        assert_eq!(
            Why::TimeLimit(Some(Duration::from_secs(3600))).to_string(),
            "the time limit of 3600 CPU s ran out"
        );
        assert!(!Deadline::never().passed());
    }

    #[test]
    fn outrun_gives_the_answer_or_gives_up_at_the_deadline() {
        let none = Deadline::process(None);
        assert_eq!(none.outrun(|| 6 * 7).unwrap(), Some(42));
        // Work that does not end by itself: the limit (of its thread's CPU, which this
        // spinning worker spends) passes, and the waiting side gives up on it; then the
        // worker is told to end, so that it does not spin through the other tests.
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        let given_up = Arc::new(AtomicBool::new(false));
        let seen = given_up.clone();
        let spin = move || {
            while !seen.load(Ordering::Relaxed) {
                std::hint::black_box(0u64);
            }
        };
        let soon = Deadline::thread(Some(Duration::from_millis(50)));
        assert_eq!(soon.outrun(spin).unwrap(), None);
        // A limit on the thread's clock is the work's alone: the next work, which sleeps,
        // spends none of it while the one given up on spins on, and answers (the process's
        // clock, which counts the spinning, would give up).
        let limit = Deadline::thread(Some(Duration::from_millis(100)));
        let nap = limit.outrun(|| std::thread::sleep(Duration::from_millis(400)));
        given_up.store(true, Ordering::Relaxed);
        assert_eq!(nap.unwrap(), Some(()));
        let panicked = std::panic::catch_unwind(|| none.outrun(|| panic!("worker")));
        assert!(panicked.is_err());
    }

    #[test]
    fn outrun_with_waits_past_the_deadline_for_something_to_give() {
        // Passed from the start; the fallback has nothing for its first three looks, so the
        // answer is its fourth, and the work (which would say 1 much later) is given up on.
        let passed = Deadline::process(Some(Duration::ZERO));
        let mut looks = 0;
        let give_up = |_: &Deadline| {
            looks += 1;
            (looks > 3).then_some(2)
        };
        let slow = || {
            std::thread::sleep(Duration::from_secs(2));
            1
        };
        assert_eq!(passed.outrun_with(slow, give_up).unwrap(), 2);
        // Nothing to give: the work's own answer.
        assert_eq!(passed.outrun_with(|| 3, |_| None).unwrap(), 3);
        // The kept answer a reason does not want stays kept.
        let kept = Kept::default();
        kept.keep(5);
        assert!(kept.take_if(|&k| k > 5).is_none());
        assert_eq!(kept.take().map(|(k, _)| k), Some(5));
    }
}
