//! CPU time of this process, for reports on a shared machine where wall-clock time says more
//! about the neighbours than about the solver.

/// User + system CPU seconds used by this process so far, from `/proc/self/stat` (Linux; clock
/// ticks of 1/100 s, the kernel's fixed USER_HZ). `None` where that file is unavailable.
pub fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name may hold spaces; the fields after its closing parenthesis do not.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Fields 14 and 15 of the whole line (utime, stime) are 11 and 12 after the name.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// CPU seconds spent since `start` (a reading of [`process_cpu_seconds`]), or 0 if unknown.
pub fn cpu_since(start: Option<f64>) -> f64 {
    match (start, process_cpu_seconds()) {
        (Some(a), Some(b)) => (b - a).max(0.0),
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_grows() {
        let a = process_cpu_seconds();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        if a.is_some() {
            assert!(cpu_since(a) >= 0.0);
        }
    }
}
