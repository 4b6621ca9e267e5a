//! The flags of `queensat least-walls`.

use super::super::args::{CertifyArgs, ReportArgs, SolverArgs};
use super::super::cubes::{CubeDirArgs, RowCubeArgs};
use super::super::run_args::{ShardArgs, TimeLimitArgs};
use super::super::shape_args::ShapeArgs;
use super::render::Render;
use crate::cli::choice::choice;
use clap::Args;
use queensat::encode::{Attack, QueenCount, WallOptions};
use queensat::solve::Backend;
use queensat::study::{Counts, LeastWallsOptions, WallSearch};
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    mut_arg("cube_dir", |a| a.conflicts_with_all(["count", "search"])),
    mut_arg("shard", |a| a.requires("cube_dir"))
)]
pub struct LeastWallsArgs {
    #[command(subcommand)]
    pub render: Option<Render>,
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Queens: `Q`, an inclusive range such as `9..16`, or a list `9,12`.
    #[arg(long, value_name = "Q")]
    pub queens: Option<Counts>,
    /// Non-attack formulation.
    #[arg(long, value_parser = choice::<Attack>(), default_value_t = Attack::default())]
    pub attack: Attack,
    /// What the "at least q queens" totaliser counts.
    #[arg(long, value_parser = choice::<QueenCount>(), default_value_t = QueenCount::default())]
    pub queen_count: QueenCount,
    /// Lex-leader symmetry breaking on the walls: in the whole run, only while counting, or off.
    #[arg(long, value_enum, default_value_t = LexLeader::Count)]
    pub lex_leader: LexLeader,
    /// Require every wall to separate two queens (true|false); keeps every least board.
    #[arg(long, action = clap::ArgAction::Set, default_value_t = false, value_name = "BOOL")]
    pub necessary_walls: bool,
    /// Add the segment-slack cuts (true|false).
    ///
    /// The segment-slack cuts (true|false): implied clauses (no board lost) bounding, per line
    /// family, the walls on the border, adjacent walls and empty runs by lines + walls − queens.
    #[arg(long, action = clap::ArgAction::Set, default_value_t = false, value_name = "BOOL")]
    pub slack_cuts: bool,
    /// Ask each wall bound of a fresh solver (true|false).
    ///
    /// Ask each wall bound of a fresh solver, the bounds as unit clauses (true|false), not the
    /// incremental solver under assumptions; with --certify, the proof of the refuting call is
    /// checked as the certificate, not solved again.
    #[arg(long, action = clap::ArgAction::Set, default_value_t = false, value_name = "BOOL")]
    pub fresh_bounds: bool,
    /// How the wall bound moves.
    #[arg(long, value_parser = choice::<WallSearch>(), default_value_t = WallSearch::default())]
    pub search: WallSearch,
    /// Simulated-annealing runs for a first board before any solver call.
    ///
    /// Simulated-annealing runs for a first board before any solver call (0: none). The board
    /// is checked, given to the solver as phases, and the search starts from its wall count
    /// (with --cube-dir, every cube's) [default: 0; with --cube-dir, 2, since every cube
    /// refutes one wall fewer than the start's board: docs/cluster.md]
    #[arg(long, value_name = "RUNS")]
    pub start_runs: Option<u64>,
    #[command(flatten)]
    pub time_limit: TimeLimitArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Also count the boards with the least walls, and their classes.
    ///
    /// Count the boards with the least number of walls that admit q queens, and their classes
    /// (not bounded by --time-limit, which bounds each q's search: --count-cpu-limit).
    #[arg(long)]
    pub count: bool,
    /// Stop the count after this many CPU seconds and report it incomplete (a lower bound).
    #[arg(long, requires = "count", value_name = "SECONDS", value_parser = queensat::solve::parse_seconds)]
    pub count_cpu_limit: Option<std::time::Duration>,
    /// While counting, block every symmetric image of a found board (one solver call per class).
    #[arg(long, requires = "count")]
    pub unique: bool,
    /// Print every counted class (canonical board, a placement, class size, value).
    #[arg(long, requires = "count")]
    pub list: bool,
    /// Also write the run as JSON to FILE (whole or not at all).
    #[arg(long, short = 'o', value_name = "FILE", value_parser = queensat::io::output_file_path)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub cube_dir: CubeDirArgs,
    #[command(flatten)]
    pub shard: ShardArgs,
    #[command(flatten)]
    pub split: RowCubeArgs,
    /// Each minimum w certified: "at most w-1 walls, at least q queens" refuted with a checked proof.
    #[command(flatten)]
    pub certify: CertifyArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

/// Where the lex-leader constraints apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LexLeader {
    Off,
    /// Added after the minimisation, for the count only.
    Count,
    /// From the start: the minimisation too.
    On,
}

impl LeastWallsArgs {
    /// The options of each q's search.
    pub fn options(&self) -> LeastWallsOptions {
        LeastWallsOptions {
            model: WallOptions {
                attack: self.attack,
                count: self.queen_count,
                lex_leader: self.lex_leader == LexLeader::On,
                necessary_walls: self.necessary_walls,
                slack_cuts: self.slack_cuts,
            },
            search: self.search,
            // The search stops at the limit inside any solver's call, so no note is owed.
            backend: Backend::within(self.solver.solver.as_ref(), self.time_limit.time_limit),
            count: self.count,
            unique: self.unique,
            lex_leader_count: self.lex_leader != LexLeader::Off,
            certify: self.certify.certify,
            certify_dir: self.certify.certify_dir.clone(),
            count_cpu_limit: self.count_cpu_limit.map(|d| d.as_secs_f64()),
            start_runs: self.start_runs.unwrap_or(0),
            time_limit: self.time_limit.time_limit,
            fresh_bounds: self.fresh_bounds,
            progress: self.report.progress.reporter(),
        }
    }
}
