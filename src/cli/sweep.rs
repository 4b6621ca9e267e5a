//! `queensat sweep` and `queensat merge`.

use crate::analysis::sweep::{Engine, RunOptions, Shard, SweepSpec, merge, run_sweep};
use anyhow::bail;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct SweepArgs {
    #[command(flatten)]
    pub shape: super::ShapeArgs,
    /// Wall counts: `3`, an inclusive range `0..4`, or a list `2,5`.
    #[arg(long, value_name = "K")]
    pub walls: String,
    /// Output directory (default `results/sweeps/RxC`). Re-running into it resumes.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Compute only shard i of n (chunks j with j mod n = i-1); merge with `queensat merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Classes per chunk: the unit of work, of resuming and of solver reuse.
    #[arg(long, default_value_t = 1000)]
    pub chunk: usize,
    /// How the SAT solver is used.
    #[arg(long, value_enum, default_value_t = Engine::default())]
    pub engine: Engine,
    /// SAT solver.
    #[arg(long, default_value = "varisat")]
    pub solver: String,
    /// Also count each class's optimal placements (SAT enumeration; slow on big sweeps).
    #[arg(long)]
    pub count_optimal: bool,
    /// Compare every class's value with the independent branch-and-bound engine.
    #[arg(long)]
    pub cross_check: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Parses `3`, `0..4` (inclusive) or `2,5`.
pub fn parse_wall_counts(s: &str) -> anyhow::Result<Vec<usize>> {
    let num = |t: &str| -> anyhow::Result<usize> {
        t.trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("--walls: {t:?} is not a whole number"))
    };
    let mut out = Vec::new();
    for part in s.split(',') {
        if let Some((a, b)) = part.split_once("..") {
            let (a, b) = (num(a)?, num(b.trim_start_matches('='))?);
            if a > b {
                bail!("--walls: empty range {part:?}");
            }
            out.extend(a..=b);
        } else {
            out.push(num(part)?);
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

fn command_line() -> String {
    let mut args: Vec<String> = std::env::args().collect();
    if let Some(first) = args.first_mut() {
        *first = "queensat".into();
    }
    args.join(" ")
}

pub fn run(a: SweepArgs) -> anyhow::Result<i32> {
    let (rows, cols) = a.shape.shape()?;
    crate::board::Board::new(rows, cols)?;
    let walls = parse_wall_counts(&a.walls)?;
    if let Some(&k) = walls.iter().find(|&&k| k > rows * cols) {
        bail!("--walls: {k} walls do not fit a {rows}x{cols} board");
    }
    if a.chunk == 0 {
        bail!("--chunk must be at least 1");
    }
    a.solver
        .parse::<crate::solve::Backend>()
        .map_err(|e| anyhow::anyhow!("--solver: {e}"))?;
    let spec = SweepSpec {
        rows,
        cols,
        walls,
        chunk_size: a.chunk,
        engine: a.engine,
        solver: a.solver,
        count_optimal: a.count_optimal,
    };
    if spec.count_optimal && spec.engine != Engine::Reuse {
        bail!("--count-optimal needs --engine reuse");
    }
    let out = a
        .out
        .unwrap_or_else(|| PathBuf::from(format!("results/sweeps/{rows}x{cols}")));
    let opts = RunOptions {
        shard: a.shard,
        cross_check: a.cross_check,
        progress: !a.quiet,
        command: command_line(),
    };
    let sums = with_threads(a.threads, || run_sweep(&spec, &opts, &out))?;
    print_summaries(sums.as_deref().unwrap_or_default());
    Ok(0)
}

/// One line per wall count: classes, boards, the value distribution per board, the maximum.
fn print_summaries(sums: &[crate::analysis::sweep::WallsSummary]) {
    for w in sums {
        let values: Vec<String> = w
            .values
            .iter()
            .map(|v| format!("{}:{}", v.value, v.boards))
            .collect();
        let mut line = format!(
            "{} walls: {} classes, {} boards, boards by value {}, max value {}",
            w.walls,
            w.classes,
            w.boards,
            values.join(" "),
            w.max_value
        );
        if let Some(n) = w.max_value_placements {
            line.push_str(&format!(
                ", {n} placements of {} queens over all boards",
                w.max_value
            ));
        }
        println!("{line}");
    }
}

fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> anyhow::Result<T> + Send,
) -> anyhow::Result<T> {
    match threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| anyhow::anyhow!("cannot start {n} threads: {e}"))?
            .install(f),
        None => f(),
    }
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard output directories of one sweep.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Where to write the merged database and summaries.
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run_merge(a: MergeArgs) -> anyhow::Result<i32> {
    print_summaries(&merge(&a.dirs, &a.out, &command_line())?);
    Ok(0)
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Directory of an 8x8 sweep (with 8x8-Kw.jsonl files).
    pub sweep: PathBuf,
    /// Directory of the published files (K-W_boards.csv, KW_summary.txt).
    pub published: PathBuf,
    /// Markdown report to write (default: stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Compares every wall count that both directories hold.
pub fn run_compare(a: CompareArgs) -> anyhow::Result<i32> {
    use crate::analysis::sweep::{compare_k, render_comparison};
    let mut items = Vec::new();
    for k in 0..=64 {
        let ours_path = a.sweep.join(format!("8x8-{k}w.jsonl"));
        let csv_path = a.published.join(format!("{k}-W_boards.csv"));
        if !ours_path.exists() || !csv_path.exists() {
            continue;
        }
        let read = |p: &PathBuf| {
            std::fs::read_to_string(p).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", p.display()))
        };
        let ours: Vec<crate::io::ClassRow> = read(&ours_path)?
            .lines()
            .enumerate()
            .map(|(i, l)| {
                serde_json::from_str(l).map_err(|e| anyhow::anyhow!("{}:{}: {e}", ours_path.display(), i + 1))
            })
            .collect::<anyhow::Result<_>>()?;
        let summary_path = a.published.join(format!("{k}W_summary.txt"));
        let summary = if summary_path.exists() {
            Some((summary_path.display().to_string(), read(&summary_path)?))
        } else {
            None
        };
        items.push(compare_k(
            k,
            &ours,
            &read(&csv_path)?,
            &csv_path.display().to_string(),
            summary.as_ref().map(|(n, t)| (n.as_str(), t.as_str())),
        )?);
    }
    if items.is_empty() {
        bail!(
            "no wall count has both {}/8x8-Kw.jsonl and {}/K-W_boards.csv",
            a.sweep.display(),
            a.published.display()
        );
    }
    let report = render_comparison(&a.sweep, &a.published, &items);
    match &a.out {
        Some(p) => crate::io::write_atomic(p, report.as_bytes())?,
        None => print!("{report}"),
    }
    let disagreements: usize = items
        .iter()
        .map(|c| c.value_disagreements.len() + c.placement_problems.len())
        .sum();
    Ok(if disagreements > 0 { 1 } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_counts() {
        assert_eq!(parse_wall_counts("3").unwrap(), vec![3]);
        assert_eq!(parse_wall_counts("0..4").unwrap(), vec![0, 1, 2, 3, 4]);
        assert_eq!(parse_wall_counts("5,2,2").unwrap(), vec![2, 5]);
        assert!(parse_wall_counts("4..1").is_err());
        assert!(parse_wall_counts("x").is_err());
    }
}
