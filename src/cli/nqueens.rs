//! `queensat nqueens`: one solution of n-queens for huge n, or the check of a solution file.

use super::Format;
use crate::analysis::nqueens::{
    Method, NQueensAnswer, cpu_seconds, estimate_bytes, peak_memory_bytes, solve_nqueens,
};
use crate::check::check_columns;
use crate::io::{ColumnStyle, read_column_lists, write_atomic_with, write_columns};
use clap::Args;
use serde::Serialize;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["n", "check"])))]
pub struct NQueensArgs {
    /// Side of the board: digits (`_` allowed), `1e7` or `10^7`.
    #[arg(value_parser = parse_side)]
    pub n: Option<usize>,
    #[arg(long, value_enum, default_value_t = Method::default())]
    pub method: Method,
    /// Seed of the min-conflicts search: the same seed gives the same solution.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the solution here (whole or not at all), `-` for stdout; otherwise a summary only.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Style of the written column list.
    #[arg(long, value_enum, default_value_t = ColumnStyle::default())]
    pub style: ColumnStyle,
    /// Columns numbered from 1 (default 0), in the output and in `--check` files.
    #[arg(long)]
    pub one_based: bool,
    /// Refuse boards whose estimated peak memory exceeds this many MiB.
    #[arg(long, default_value_t = 2048)]
    pub max_memory: u64,
    /// Re-verify the solutions in FILE (one column list a line), with the O(n) checker.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["n", "output"])]
    pub check: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

/// `10000000`, `10_000_000`, `1e7` and `10^7` all name ten million.
fn parse_side(s: &str) -> Result<usize, String> {
    let bad = || format!("'{s}' is not a board side (digits, 1e7 or 10^7)");
    let t = s.replace('_', "");
    let power = |base: &str, exp: &str| -> Result<usize, String> {
        let (b, e): (usize, u32) = (base.parse().map_err(|_| bad())?, exp.parse().map_err(|_| bad())?);
        let p = 10usize
            .checked_pow(e)
            .ok_or_else(|| format!("'{s}' is absurdly large"))?;
        if base == "10" {
            Ok(p)
        } else {
            b.checked_mul(p).ok_or_else(|| format!("'{s}' is absurdly large"))
        }
    };
    if let Some((b, e)) = t.split_once('^') {
        if b != "10" {
            return Err(bad());
        }
        return power(b, e);
    }
    if let Some((b, e)) = t.split_once(['e', 'E']) {
        return power(b, e);
    }
    t.parse().map_err(|_| bad())
}

/// What one run did, for `--format json`.
#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    answer: NQueensAnswer,
    output: Option<String>,
    style: Option<&'static str>,
    one_based: bool,
    write_seconds: f64,
    total_seconds: f64,
    /// User + system CPU time of the whole process.
    cpu_seconds: Option<f64>,
    peak_memory_bytes: Option<u64>,
}

pub fn run(a: NQueensArgs) -> anyhow::Result<i32> {
    if let Some(path) = &a.check {
        return check_file(path, a.one_based, a.format);
    }
    let start = Instant::now();
    let n = a.n.expect("clap requires n or --check");
    anyhow::ensure!(n >= 1, "n must be at least 1 (got 0)");
    let need = estimate_bytes(n, a.method == Method::MinConflicts);
    anyhow::ensure!(
        need <= a.max_memory << 20,
        "n = {n} needs about {} MiB, above the budget of {} MiB (--max-memory)",
        need >> 20,
        a.max_memory
    );
    // Runs of ten million queens and more take seconds to minutes: say how far they got.
    let verbose = n >= 10_000_000;
    let mut progress = |what: &str| {
        if verbose {
            eprintln!(
                "queensat: nqueens {n}: {what} ({:.1} s)",
                start.elapsed().as_secs_f64()
            );
        }
    };
    let answer = solve_nqueens(n, a.method, a.seed, &mut progress)?;
    let t = Instant::now();
    let mut written = None;
    if let (Some(path), Some(col)) = (&a.output, &answer.solution) {
        progress(&format!("writing {}", path.display()));
        let fill = |w: &mut dyn std::io::Write| write_columns(w, col, a.style, a.one_based);
        if path.as_os_str() == "-" {
            let stdout = std::io::stdout();
            let mut lock = std::io::BufWriter::with_capacity(1 << 20, stdout.lock());
            fill(&mut lock)?;
            std::io::Write::flush(&mut lock)?;
        } else {
            write_atomic_with(path, fill)?;
        }
        written = Some(path.display().to_string());
    }
    let report = Report {
        output: written,
        style: a.output.as_ref().map(|_| match a.style {
            ColumnStyle::Plain => "plain",
            ColumnStyle::Python => "python",
        }),
        one_based: a.one_based,
        write_seconds: t.elapsed().as_secs_f64(),
        total_seconds: start.elapsed().as_secs_f64(),
        cpu_seconds: cpu_seconds(),
        peak_memory_bytes: peak_memory_bytes(),
        answer,
    };
    // The summary goes to stderr when the solution itself goes to stdout.
    let summary = match a.format {
        Format::Json => serde_json::to_string(&report)? + "\n",
        Format::Text => text(&report),
    };
    if a.output.as_deref() == Some(std::path::Path::new("-")) {
        eprint!("{summary}");
    } else {
        print!("{summary}");
    }
    Ok(if report.answer.solved { 0 } else { 1 })
}

fn mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

fn cpu(seconds: Option<f64>) -> String {
    seconds.map_or_else(|| "unknown".into(), |c| format!("{c:.3} s"))
}

fn text(r: &Report) -> String {
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
struct Verdict {
    line: usize,
    n: usize,
    valid: bool,
    violation: Option<String>,
    seconds: f64,
}

fn check_file(path: &std::path::Path, one_based: bool, format: Format) -> anyhow::Result<i32> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| anyhow::anyhow!("cannot open {name}: {e}"))?;
    let mut verdicts = Vec::new();
    read_column_lists(
        std::io::BufReader::with_capacity(1 << 20, file),
        one_based,
        |line, col| {
            let t = Instant::now();
            let violation = check_columns(&col).err().map(|v| v.to_string());
            verdicts.push(Verdict {
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
    match format {
        Format::Json => println!("{}", serde_json::to_string(&verdicts)?),
        Format::Text => {
            for v in &verdicts {
                match &v.violation {
                    None => println!("{name}:{}: n = {}: a solution ({:.3} s)", v.line, v.n, v.seconds),
                    Some(why) => println!("{name}:{}: n = {}: NOT a solution: {why}", v.line, v.n),
                }
            }
        }
    }
    Ok(if verdicts.iter().all(|v| v.valid) { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::parse_side;

    #[test]
    fn sides_in_several_spellings() {
        assert_eq!(parse_side("10_000_000"), Ok(10_000_000));
        assert_eq!(parse_side("1e7"), Ok(10_000_000));
        assert_eq!(parse_side("10^8"), Ok(100_000_000));
        assert_eq!(parse_side("5e3"), Ok(5000));
        assert!(parse_side("ten").is_err());
        assert!(parse_side("10^99").is_err());
        assert!(parse_side("3^4").is_err());
    }
}
