//! CPU time, so that timings on a shared machine count the work, not the waiting.

/// CPU seconds the calling thread has used (0 where the clock is unavailable).
pub fn thread_cpu_seconds() -> f64 {
    clock(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// CPU seconds the whole process has used, all threads.
pub fn process_cpu_seconds() -> f64 {
    clock(libc::CLOCK_PROCESS_CPUTIME_ID)
}

fn clock(id: libc::clockid_t) -> f64 {
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

#[cfg(test)]
mod tests {
    #[test]
    fn clocks_do_not_run_backwards() {
        let a = super::thread_cpu_seconds();
        let b = super::thread_cpu_seconds();
        assert!(b >= a && a >= 0.0);
        assert!(super::process_cpu_seconds() >= 0.0);
    }
}
