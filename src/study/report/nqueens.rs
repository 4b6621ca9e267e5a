//! A huge n-queens run as a record and in words, and the check of a file of solutions.

use crate::check::check_columns;
use crate::engine::nqueens::NQueensAnswer;
use crate::io::read_column_lists;
use serde::Serialize;
use std::path::Path;
use std::time::Instant;

/// What one run did, for `--format json`.
#[derive(Serialize)]
pub struct NQueensRun {
    #[serde(flatten)]
    pub answer: NQueensAnswer,
    pub output: Option<String>,
    pub style: Option<&'static str>,
    pub one_based: bool,
    pub write_seconds: f64,
    pub total_seconds: f64,
    /// User + system CPU time of the whole process.
    pub cpu_seconds: Option<f64>,
    pub peak_memory_bytes: Option<u64>,
}

fn mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

fn cpu(seconds: Option<f64>) -> String {
    seconds.map_or_else(|| "unknown".into(), |c| format!("{c:.3} s"))
}

/// One run in words.
pub fn nqueens_text(r: &NQueensRun) -> String {
    let a = &r.answer;
    let mut s = String::new();
    match &a.solution {
        None => s.push_str(&format!("n = {}: no solution (exhaustive search)\n", a.n)),
        Some(_) => s.push_str(&format!(
            "n = {}: solved by {} in {:.3} s ({} CPU)\n",
            a.n,
            a.method,
            a.solve_seconds,
            cpu(a.solve_cpu_seconds)
        )),
    }
    if let Some(st) = &a.stats {
        s.push_str(&format!(
            "  seed {}, restarts {}; greedy start {:.3} s ({} 64-column words examined, {} rows \
             left in conflict, {} queens attacked); repair {:.3} s ({} partner draws, {} swaps)\n",
            st.seed,
            st.restarts,
            st.greedy_seconds,
            st.greedy_tries,
            st.greedy_conflicted_rows,
            st.attacked_after_greedy,
            st.repair_seconds,
            st.repair_tries,
            st.repair_swaps
        ));
    }
    if a.solved {
        s.push_str(&format!(
            "  checked by {} in {:.3} s ({} CPU)\n",
            a.checked_by,
            a.check_seconds,
            cpu(a.check_cpu_seconds)
        ));
    }
    if let (Some(out), Some(style)) = (&r.output, r.style) {
        s.push_str(&format!(
            "  written to {out} ({style} column list, {}-based) in {:.3} s\n",
            u8::from(r.one_based),
            r.write_seconds
        ));
    }
    s.push_str(&format!(
        "  total {:.3} s wall, {} CPU, peak memory {} (VmHWM)\n",
        r.total_seconds,
        cpu(r.cpu_seconds),
        r.peak_memory_bytes.map(mb).unwrap_or_else(|| "unknown".into())
    ));
    s
}

/// One verdict of `--check`.
#[derive(Serialize)]
pub struct ColumnVerdict {
    pub line: usize,
    pub n: usize,
    pub valid: bool,
    pub violation: Option<String>,
    pub seconds: f64,
}

/// Re-checks every column list of the file at `path` (one a line) with the O(n) checker.
pub fn check_column_file(path: &Path, one_based: bool) -> anyhow::Result<Vec<ColumnVerdict>> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| anyhow::anyhow!("cannot open {name}: {e}"))?;
    anyhow::ensure!(
        !path.is_dir(),
        "cannot read {name}: a directory, not a file of column lists"
    );
    let mut verdicts = Vec::new();
    read_column_lists(
        std::io::BufReader::with_capacity(1 << 20, file),
        one_based,
        |line, col| {
            let t = Instant::now();
            let violation = check_columns(&col).err().map(|v| v.to_string());
            verdicts.push(ColumnVerdict {
                line,
                n: col.len(),
                valid: violation.is_none(),
                violation,
                seconds: t.elapsed().as_secs_f64(),
            });
            Ok(())
        },
    )
    .map_err(|e| anyhow::anyhow!("{name}:{e}"))?;
    anyhow::ensure!(!verdicts.is_empty(), "{name}: no column list in the file");
    Ok(verdicts)
}
