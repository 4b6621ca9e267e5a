//! Peak memory of this process, and the estimate that refuses boards beyond a
//! budget.

/// The process's peak resident set (`VmHWM` in `/proc/self/status`), in bytes, where the
/// platform reports it.
pub fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Bytes a run on side `n` needs at its peak: the column list (4 bytes a row), then either the search's
/// diagonal bits (min-conflicts) or the checker's bits (5n/8), whichever is larger, and the
/// output buffer.
pub fn estimate_bytes(n: usize, min_conflicts: bool) -> u64 {
    let n64 = n as u64;
    let search = if min_conflicts {
        super::minconflicts::min_conflicts_bytes(n) as u64
    } else {
        4 * n64
    };
    search.max(4 * n64 + 5 * n64 / 8) + (1 << 20)
}

#[cfg(test)]
mod tests {
    #[test]
    fn peak_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(super::peak_memory_bytes().unwrap() > 0);
        }
        assert!(super::estimate_bytes(100_000_000, true) < 2 << 30);
    }
}
