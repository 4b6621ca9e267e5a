//! `queensat solutions`: count and list placements, all or one per symmetry class.

use super::args::{BaseArgs, ReportArgs, SolverArgs};
use super::board_args::BoardArgs;
use super::choice::choice;
use super::run_args::ShardArgs;
use clap::Args;
use queensat::engine::{Breaking, EnumOptions, Target};
use queensat::run::interrupt::stopped_exit_code;
use queensat::study::report::SolutionsPrinter;
use std::io::Write;

#[derive(Args, Debug)]
#[command(mut_arg("solver", super::args::solver_without_limit))]
pub struct SolutionsArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Placements of exactly K queens (default: the board's value, or n for a CSPLib instance).
    #[arg(long, value_name = "K", conflicts_with = "at_least")]
    pub queens: Option<usize>,
    /// Placements of at least K queens.
    #[arg(long, value_name = "K")]
    pub at_least: Option<usize>,
    /// One placement per symmetry class of the board (its stabiliser), with the class size.
    #[arg(long)]
    pub unique: bool,
    /// With --unique: how each class is met once (block images, or lex-leader).
    ///
    /// With --unique (which it requires): block every image of each placement found, or add
    /// lex-leader constraints for the stabiliser up front (which --shard with --unique needs).
    #[arg(long = "break", requires = "unique", value_parser = choice::<Breaking>(), default_value_t = Breaking::default())]
    pub breaking: Breaking,
    /// Stop after N placements (N classes with --unique).
    ///
    /// After one solver call more that tells whether more exist (UNSAT: the counts are exact);
    /// `--limit 1` asks "is it unique?".
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub shard: ShardArgs,
    /// Print only the numbers: total placements and symmetry classes.
    #[arg(long)]
    pub count: bool,
    #[command(flatten)]
    pub base: BaseArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

/// A closed stdout (`| head`) ends the listing quietly, as it ends every command
/// (`cli::main`).
pub fn run(a: SolutionsArgs) -> anyhow::Result<i32> {
    let spec = a.board.load()?;
    let opts = EnumOptions {
        base: a.base.options(),
        backend: a.solver.backend(),
        target: Target::asked(a.queens, a.at_least, spec.wanted),
        unique: a.unique,
        breaking: a.breaking,
        limit: a.limit,
        shard: a.shard.shard.map(|s| s.zero_based()),
        fixed_by: None,
        deadline: None,
    };
    let print = SolutionsPrinter {
        board: &spec.board,
        json: a.report.json(),
        count: a.count,
        unique: a.unique,
    };
    let mut out = std::io::BufWriter::new(super::stdout::Stdout::lock());
    let report = print.list(&opts, &a.report.progress.reporter(), &mut out)?;
    a.report.proof.check(report.certified || !report.complete)?;
    out.write_all(print.summary(&report)?.as_bytes())?;
    out.flush()?;
    // After a stop signal the placements listed are real, but not all of them.
    Ok(stopped_exit_code(report.interrupted.is_some()))
}
