//! A huge n-queens run as a record and in words, and the check of a file of solutions.

use crate::check::check_columns;
use crate::engine::nqueens::{Method, NQueensAnswer, estimate_bytes, peak_memory_bytes, solve_nqueens};
use crate::io::command_json;
use crate::io::{ColumnStyle, input_name, open_input, read_column_lists, write_atomic_with, write_columns};
use crate::run::{Reporter, process_cpu_seconds};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Boards from this side on take seconds to minutes: their runs say how far they got.
pub const NQUEENS_PROGRESS_FROM: usize = 10_000_000;

/// One n-queens question: the side, how it is solved, and where the solution goes.
pub struct NQueensJob {
    pub n: usize,
    pub method: Method,
    pub seed: u64,
    /// Boards whose estimated peak memory exceeds this many MiB are refused.
    pub max_memory_mib: u64,
    /// Where the column list goes (`-`: the `stdout` given), or nowhere.
    pub output: Option<PathBuf>,
    pub style: ColumnStyle,
    pub one_based: bool,
}

/// Solves `job`, checks the solution, writes it (whole or not at all), and records the run.
pub fn nqueens_run(
    job: &NQueensJob,
    stdout: &mut dyn Write,
    progress: &Reporter,
) -> anyhow::Result<NQueensRun> {
    let start = Instant::now();
    let n = job.n;
    anyhow::ensure!(n >= 1, "n must be at least 1 (got 0)");
    let need = estimate_bytes(n, job.method == Method::MinConflicts);
    anyhow::ensure!(
        need <= job.max_memory_mib.saturating_mul(1 << 20),
        "n = {n} needs about {} MiB, above the budget of {} MiB (--max-memory)",
        need >> 20,
        job.max_memory_mib
    );
    progress.start(&format!("nqueens {n}"), 0);
    let answer = solve_nqueens(n, job.method, job.seed, progress)?;
    let t = Instant::now();
    let mut written = None;
    if let (Some(path), Some(col)) = (&job.output, &answer.solution) {
        progress.note(|| format!("writing {}", path.display()));
        let fill = |w: &mut dyn Write| write_columns(w, col, job.style, job.one_based);
        if path.as_os_str() == "-" {
            let mut lock = std::io::BufWriter::with_capacity(1 << 20, stdout);
            fill(&mut lock)?;
            lock.flush()?;
        } else {
            write_atomic_with(path, fill)?;
        }
        written = Some(path.display().to_string());
    }
    progress.finish();
    Ok(NQueensRun {
        output: written,
        style: job.output.as_ref().map(|_| match job.style {
            ColumnStyle::Plain => "plain",
            ColumnStyle::Python => "python",
        }),
        one_based: job.one_based,
        write_seconds: t.elapsed().as_secs_f64(),
        total_seconds: start.elapsed().as_secs_f64(),
        cpu_seconds: Some(process_cpu_seconds()),
        peak_memory_bytes: peak_memory_bytes(),
        answer,
    })
}

/// What a run prints: the record in the JSON envelope, or in words.
pub fn nqueens_output(r: &NQueensRun, json: bool) -> serde_json::Result<String> {
    Ok(if json {
        command_json("nqueens", r)? + "\n"
    } else {
        nqueens_text(r)
    })
}

/// What `--check` prints: the verdicts in the JSON envelope, or one line each naming the
/// file `name` and the line.
pub fn verdicts_output(verdicts: &[ColumnVerdict], name: &str, json: bool) -> serde_json::Result<String> {
    if json {
        return Ok(command_json("nqueens", &serde_json::json!({ "verdicts": verdicts }))? + "\n");
    }
    Ok(verdicts
        .iter()
        .map(|v| match &v.violation {
            None => format!(
                "{name}:{}: n = {}: a solution ({:.3} s)\n",
                v.line, v.n, v.seconds
            ),
            Some(why) => format!("{name}:{}: n = {}: NOT a solution: {why}\n", v.line, v.n),
        })
        .collect())
}

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
fn nqueens_text(r: &NQueensRun) -> String {
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

/// Re-checks every column list of the file at `path` (one a line; `-`: standard input; gzip,
/// xz or bzip2 compressed as its first bytes say) with the O(n) checker.
pub fn check_column_file(path: &Path, one_based: bool) -> anyhow::Result<Vec<ColumnVerdict>> {
    let name = input_name(path);
    anyhow::ensure!(
        path.as_os_str() == "-" || !path.is_dir(),
        "cannot read {name}: a directory, not a file of column lists"
    );
    let mut verdicts = Vec::new();
    read_column_lists(open_input(path, "")?, one_based, |line, col| {
        let t = Instant::now();
        // Named as the file numbers its rows and columns.
        let first = usize::from(one_based);
        let violation = check_columns(&col)
            .err()
            .map(|v| v.numbered_from(first).to_string());
        verdicts.push(ColumnVerdict {
            line,
            n: col.len(),
            valid: violation.is_none(),
            violation,
            seconds: t.elapsed().as_secs_f64(),
        });
        Ok(())
    })
    .map_err(|e| anyhow::anyhow!("{name}:{e}"))?;
    anyhow::ensure!(!verdicts.is_empty(), "{name}: no column list in the file");
    Ok(verdicts)
}
