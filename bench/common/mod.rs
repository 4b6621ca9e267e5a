//! What every benchmark report carries: the host it ran on and the versions it measured.

use serde_json::{Value, json};
use std::process::Command;

/// Host facts: name, CPU model, logical CPUs, load average when the run started.
pub fn host() -> Value {
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_default();
    json!({
        "hostname": read("/etc/hostname").trim(),
        "cpu": queensat::run::cpu_model(),
        "logical_cpus": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "loadavg_at_start": read("/proc/loadavg").split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    })
}

/// Versions of queensat, rustc and the solver crates (from Cargo.lock, as built).
pub fn versions() -> Value {
    let lock =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock")).unwrap_or_default();
    let locked = |name: &str| {
        let key = format!("name = \"{name}\"");
        let mut lines = lock.lines();
        while let Some(l) = lines.next() {
            if l.trim() == key {
                return lines
                    .next()
                    .and_then(|v| v.trim().strip_prefix("version = "))
                    .map(|v| v.trim_matches('"').to_string());
            }
        }
        None
    };
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    json!({
        "queensat": env!("CARGO_PKG_VERSION"),
        "rustc": rustc,
        "rustsat": locked("rustsat"),
        "varisat": locked("varisat"),
        "batsat": locked("batsat"),
    })
}

/// The `q`-quantile (0..=1) of sorted values, by nearest rank.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}
