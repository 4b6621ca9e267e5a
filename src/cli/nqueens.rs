//! `queensat nqueens`: one solution of n-queens for huge n, or the check of a solution file.

use super::args::{FormatArgs, OutputArgs};
use super::choice::choice;
use super::progress::ProgressArgs;
use clap::Args;
use queensat::engine::nqueens::Method;
use queensat::io::{ColumnStyle, parse_side};
use queensat::run::Reporter;
use queensat::study::report::{
    NQUEENS_PROGRESS_FROM, NQueensJob, check_column_file, nqueens_output, nqueens_run, verdicts_output,
};
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["size", "n", "check"])))]
pub struct NQueensArgs {
    /// Side of the board: digits (`_` allowed), `1e7` or `10^7`.
    #[arg(long, value_name = "N", value_parser = parse_side)]
    pub size: Option<usize>,
    /// The side as a positional argument, as older scripts give it (`--size` is the spelling
    /// every command shares).
    #[arg(value_parser = parse_side, hide = true, conflicts_with = "size")]
    pub n: Option<usize>,
    #[arg(long, value_parser = choice::<Method>(), default_value_t = Method::default())]
    pub method: Method,
    /// Seed of the min-conflicts search: the same seed gives the same solution.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Style of the written column list.
    #[arg(long, value_parser = choice::<ColumnStyle>(), default_value_t = ColumnStyle::default())]
    pub style: ColumnStyle,
    /// Columns numbered from 1 (default 0), in the output and in `--check` files.
    #[arg(long)]
    pub one_based: bool,
    /// Refuse boards whose estimated peak memory exceeds this many MiB.
    #[arg(long, default_value_t = 2048)]
    pub max_memory: u64,
    /// Re-verify the solutions in FILE (one column list a line; `-`: standard input), with the
    /// O(n) checker.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "n", "output"])]
    pub check: Option<PathBuf>,
    #[command(flatten)]
    pub format: FormatArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

pub fn run(a: NQueensArgs) -> anyhow::Result<i32> {
    let json = a.format.json();
    if let Some(path) = &a.check {
        let verdicts = check_column_file(path, a.one_based)?;
        out!(
            "{}",
            verdicts_output(&verdicts, &queensat::io::input_name(path), json)?
        )?;
        return Ok(i32::from(!verdicts.iter().all(|v| v.valid)));
    }
    let n = a.size.or(a.n).expect("clap requires --size or --check");
    let progress = if n >= NQUEENS_PROGRESS_FROM {
        a.progress.reporter()
    } else {
        Reporter::silent()
    };
    let job = NQueensJob {
        n,
        method: a.method,
        seed: a.seed,
        max_memory_mib: a.max_memory,
        output: a.output.output.clone(),
        style: a.style,
        one_based: a.one_based,
    };
    let report = nqueens_run(&job, &mut super::stdout::Stdout::lock(), &progress)?;
    // The summary goes to stderr when the solution itself goes to stdout.
    let summary = nqueens_output(&report, json)?;
    if a.output.output.is_some() && a.output.to_stdout() {
        eprint!("{summary}");
    } else {
        out!("{summary}")?;
    }
    if !report.answer.solved {
        return Ok(1);
    }
    // A signal after the solution was found: the check and the write ran to their end.
    Ok(queensat::run::interrupt::finished_exit_code(
        "the check and the write of the solution",
    ))
}
