//! The one clock of every limit and every figure: CPU seconds, of the process or of the
//! calling thread. On a shared machine the wall clock says more about the neighbours than
//! about the solver.

/// User + system CPU seconds of this process, all its threads, plus the children it has
/// reaped (external solvers, proof checkers). 0 where the platform does not report it.
pub fn process_cpu_seconds() -> f64 {
    rusage_seconds(libc::RUSAGE_SELF) + rusage_seconds(libc::RUSAGE_CHILDREN)
}

/// CPU seconds the calling thread has used (0 where the clock is unavailable): the work of one
/// rayon task, apart from what the other threads do meanwhile, with what work it waited for
/// spent on threads of its own (`lend_to_this_thread`).
pub fn thread_cpu_seconds() -> f64 {
    clock_cpu_seconds(libc::CLOCK_THREAD_CPUTIME_ID) + own_thread_clock().map_or(0.0, lent_to)
}

/// [`thread_cpu_seconds`] of the thread whose CPU clock is `id`, read from any thread.
pub(crate) fn thread_clock_seconds(id: libc::clockid_t) -> f64 {
    clock_cpu_seconds(id) + lent_to(id)
}

/// CPU seconds that work spent for a thread on threads of its own (a solver call that cannot
/// be stopped inside, run where a deadline can give up on it), by that thread's CPU clock id:
/// the thread waited meanwhile, so its time limits and its figures count them as its own.
static LENT: std::sync::Mutex<Vec<(libc::clockid_t, f64)>> = std::sync::Mutex::new(Vec::new());

fn lent_to(id: libc::clockid_t) -> f64 {
    let lent = LENT.lock().unwrap_or_else(|e| e.into_inner());
    lent.iter().find(|(i, _)| *i == id).map_or(0.0, |(_, s)| *s)
}

/// Counts `seconds` of work done for the calling thread on another thread as its own.
pub(crate) fn lend_to_this_thread(seconds: f64) {
    let Some(id) = own_thread_clock() else {
        return;
    };
    let mut lent = LENT.lock().unwrap_or_else(|e| e.into_inner());
    match lent.iter_mut().find(|(i, _)| *i == id) {
        Some((_, s)) => *s += seconds,
        None => lent.push((id, seconds)),
    }
}

/// The seconds the CPU clock `id` reads (0 where it cannot be read, as once its thread ended).
pub(crate) fn clock_cpu_seconds(id: libc::clockid_t) -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes into it.
    let rc = unsafe { libc::clock_gettime(id, &mut ts) };
    if rc != 0 {
        return 0.0;
    }
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// The id of the CPU clock of `thread`, a thread not yet joined, which any thread can read
/// ([`clock_cpu_seconds`]); `None` where the platform gives none.
pub(crate) fn thread_clock<T>(thread: &std::thread::JoinHandle<T>) -> Option<libc::clockid_t> {
    use std::os::unix::thread::JoinHandleExt as _;
    let mut id: libc::clockid_t = 0;
    // SAFETY: the handle keeps the thread joinable, so its pthread_t is valid; `id` is a
    // valid, writable clockid_t, the only thing the call writes.
    let rc = unsafe { libc::pthread_getcpuclockid(thread.as_pthread_t() as libc::pthread_t, &mut id) };
    (rc == 0).then_some(id)
}

/// The id of the calling thread's CPU clock, as [`thread_clock`] gives it to other threads.
fn own_thread_clock() -> Option<libc::clockid_t> {
    let mut id: libc::clockid_t = 0;
    // SAFETY: pthread_self is the calling thread, valid while it runs; `id` is a valid,
    // writable clockid_t, the only thing the call writes.
    let rc = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
    (rc == 0).then_some(id)
}

/// Process CPU seconds spent since `start`, a reading of [`process_cpu_seconds`], rounded as
/// [`cpu_rounded`] says.
pub fn cpu_since(start: f64) -> f64 {
    cpu_rounded(process_cpu_seconds() - start)
}

/// The calling thread's CPU seconds since `start`, a reading of [`thread_cpu_seconds`],
/// rounded as [`cpu_rounded`] says.
pub fn thread_cpu_since(start: f64) -> f64 {
    cpu_rounded(thread_cpu_seconds() - start)
}

/// The one rounding of every CPU time a report gives (through [`cpu_since`] and
/// [`thread_cpu_since`]): whole microseconds, the clock's resolution (getrusage counts them),
/// never below zero. The difference of two readings then prints as `5e-6` in JSON, not as
/// `5.00000000000023e-6`.
pub fn cpu_rounded(seconds: f64) -> f64 {
    (seconds.max(0.0) * 1e6).round() / 1e6
}

/// Seconds in words: whole seconds from one on (`5 s`, `37 s`), two decimals below (`0.32 s`:
/// whole seconds said `0 s` of a search that a 0.3 s limit stopped).
pub fn seconds_text(seconds: f64) -> String {
    match seconds {
        s if s < 1.0 => format!("{s:.2} s"),
        s => format!("{s:.0} s"),
    }
}

fn rusage_seconds(who: libc::c_int) -> f64 {
    // SAFETY: an all-zero rusage is a valid value of the plain C struct.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `u` is a valid, writable rusage; the call only writes into it.
    if unsafe { libc::getrusage(who, &mut u) } != 0 {
        return 0.0;
    }
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    tv(u.ru_utime) + tv(u.ru_stime)
}

#[cfg(test)]
mod tests {
    use super::{cpu_rounded, seconds_text};

    #[test]
    fn seconds_are_said_with_a_precision_below_one_second() {
        let said: Vec<String> = [0.3, 0.004, 4.06, 37.4].map(seconds_text).into();
        assert_eq!(said, ["0.30 s", "0.00 s", "4 s", "37 s"]);
    }

    #[test]
    fn cpu_seconds_round_to_whole_microseconds() {
        assert_eq!(cpu_rounded(5.00000000000023e-6), 5e-6);
        assert_eq!(serde_json::to_string(&cpu_rounded(0.1 + 0.2)).unwrap(), "0.3");
        assert_eq!(cpu_rounded(-1e-9), 0.0);
        assert_eq!(cpu_rounded(12.3456789), 12.345679);
    }
}
