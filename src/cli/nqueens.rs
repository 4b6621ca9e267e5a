//! `queensat nqueens`: one solution of n-queens for huge n, or the check of a solution file.

use super::args::Format;
use super::choice::choice;
use super::progress::ProgressArgs;
use clap::Args;
use queensat::engine::nqueens::{Method, estimate_bytes, peak_memory_bytes, solve_nqueens};
use queensat::engine::{Reporter, process_cpu_seconds};
use queensat::io::{ColumnStyle, write_atomic_with, write_columns};
use queensat::study::report::command_json;
use queensat::study::report::{NQueensRun, check_column_file, nqueens_text};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["n", "check"])))]
pub struct NQueensArgs {
    /// Side of the board: digits (`_` allowed), `1e7` or `10^7`.
    #[arg(value_parser = parse_side)]
    pub n: Option<usize>,
    #[arg(long, value_parser = choice::<Method>(), default_value_t = Method::default())]
    pub method: Method,
    /// Seed of the min-conflicts search: the same seed gives the same solution.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the solution here (whole or not at all), `-` for stdout; otherwise a summary only.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Style of the written column list.
    #[arg(long, value_parser = choice::<ColumnStyle>(), default_value_t = ColumnStyle::default())]
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
    #[command(flatten)]
    pub progress: ProgressArgs,
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

pub fn run(a: NQueensArgs) -> anyhow::Result<i32> {
    if let Some(path) = &a.check {
        return check_file(path, a.one_based, a.format);
    }
    let start = Instant::now();
    let n = a.n.expect("clap requires n or --check");
    anyhow::ensure!(n >= 1, "n must be at least 1 (got 0)");
    let need = estimate_bytes(n, a.method == Method::MinConflicts);
    anyhow::ensure!(
        need <= a.max_memory.saturating_mul(1 << 20),
        "n = {n} needs about {} MiB, above the budget of {} MiB (--max-memory)",
        need >> 20,
        a.max_memory
    );
    // Runs of ten million queens and more take seconds to minutes: say how far they got.
    let progress = if n >= 10_000_000 {
        a.progress.reporter()
    } else {
        Reporter::silent()
    };
    progress.start(&format!("nqueens {n}"), 0);
    let answer = solve_nqueens(n, a.method, a.seed, &progress)?;
    let t = Instant::now();
    let mut written = None;
    if let (Some(path), Some(col)) = (&a.output, &answer.solution) {
        progress.note(|| format!("writing {}", path.display()));
        let fill = |w: &mut dyn std::io::Write| write_columns(w, col, a.style, a.one_based);
        if path.as_os_str() == "-" {
            let mut lock = std::io::BufWriter::with_capacity(1 << 20, super::stdout::Stdout::lock());
            fill(&mut lock)?;
            std::io::Write::flush(&mut lock)?;
        } else {
            write_atomic_with(path, fill)?;
        }
        written = Some(path.display().to_string());
    }
    progress.finish();
    let report = NQueensRun {
        output: written,
        style: a.output.as_ref().map(|_| match a.style {
            ColumnStyle::Plain => "plain",
            ColumnStyle::Python => "python",
        }),
        one_based: a.one_based,
        write_seconds: t.elapsed().as_secs_f64(),
        total_seconds: start.elapsed().as_secs_f64(),
        cpu_seconds: Some(process_cpu_seconds()),
        peak_memory_bytes: peak_memory_bytes(),
        answer,
    };
    // The summary goes to stderr when the solution itself goes to stdout.
    let summary = match a.format {
        Format::Json => command_json("nqueens", &report)? + "\n",
        Format::Text => nqueens_text(&report),
    };
    if a.output.as_deref() == Some(std::path::Path::new("-")) {
        eprint!("{summary}");
    } else {
        out!("{summary}")?;
    }
    Ok(if report.answer.solved { 0 } else { 1 })
}

fn check_file(path: &std::path::Path, one_based: bool, format: Format) -> anyhow::Result<i32> {
    let verdicts = check_column_file(path, one_based)?;
    let name = path.display();
    match format {
        Format::Json => outln!(
            "{}",
            command_json("nqueens", &serde_json::json!({ "verdicts": verdicts }))?
        )?,
        Format::Text => {
            for v in &verdicts {
                match &v.violation {
                    None => outln!("{name}:{}: n = {}: a solution ({:.3} s)", v.line, v.n, v.seconds)?,
                    Some(why) => outln!("{name}:{}: n = {}: NOT a solution: {why}", v.line, v.n)?,
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
