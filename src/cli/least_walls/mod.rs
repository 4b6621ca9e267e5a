//! `queensat least-walls`: the fewest walls for q queens, witnesses, proofs and board counts;
//! `least-walls table`, `chart` and `compare` render saved runs.

use super::args::{Format, OutputArgs, ProofArgs, SolverArgs};
use super::progress::ProgressArgs;
use super::shape_args::ShapeArgs;
use crate::cli::choice::choice;
use anyhow::bail;
use clap::{Args, Subcommand};
use queensat::board::Board;
use queensat::encode::{Attack, QueenCount, WallOptions};
use queensat::engine::interrupt::{stop_requested, stopped_exit_code};
use queensat::io::write_atomic;
use queensat::study::report::command_json;
use queensat::study::report::{
    LeastWallsRun, certificate_line, compare_runs, least_walls_chart, least_walls_summary,
    least_walls_tables, least_walls_text,
};
use queensat::study::{Counts, LeastWallsOptions, WallSearch, least_walls};
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
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
    /// The segment-slack cuts (true|false): implied clauses (no board lost) bounding, per line
    /// family, the walls on the border, adjacent walls and empty runs by lines + walls − queens.
    #[arg(long, action = clap::ArgAction::Set, default_value_t = false, value_name = "BOOL")]
    pub slack_cuts: bool,
    /// Ask each wall bound of a fresh solver, the bounds as unit clauses (true|false), not the
    /// incremental solver under assumptions; with --certify, the proof of the refuting call is
    /// checked as the certificate, not solved again.
    #[arg(long, action = clap::ArgAction::Set, default_value_t = false, value_name = "BOOL")]
    pub fresh_bounds: bool,
    /// How the wall bound moves.
    #[arg(long, value_parser = choice::<WallSearch>(), default_value_t = WallSearch::default())]
    pub search: WallSearch,
    /// Simulated-annealing runs for a first board before any solver call (0: none). The board
    /// is checked, given to the solver as phases, and the search starts from its wall count.
    #[arg(long, default_value_t = 0, value_name = "RUNS")]
    pub start_runs: u64,
    /// Stop each q's search (annealing and solver calls) after this many CPU seconds, or at
    /// a stop signal, and report the checked bounds it has, labelled NOT proved (exit 3; 130,
    /// 143, 129 after Ctrl-C, SIGTERM, SIGHUP, which also skip the q not begun). CaDiCaL stops inside a call, so it answers
    /// when no --solver is named; the other solvers stop between calls; an external solver's
    /// own CPU is not counted; a finished search's certificate and count are not bounded by it.
    #[arg(long, value_name = "SECS", value_parser = queensat::solve::parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Count the boards with the least number of walls that admit q queens, and their classes.
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
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
    /// Also write the run as JSON to FILE (whole or not at all).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// Certify each minimum w: write the CNF "at most w-1 walls, at least q queens", have
    /// the solver (`--solver`) refute it with a DRAT proof, and check the proof with an independent checker.
    #[arg(long)]
    pub certify: bool,
    /// Keep the certificate files (CNF, DRAT proof) in DIR (default: a temporary directory).
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub certify_dir: Option<PathBuf>,
    #[command(flatten)]
    pub proof: ProofArgs,
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

#[derive(Subcommand, Debug)]
pub enum Render {
    /// A Markdown table of saved runs (JSON files from --output), compared with claims.
    Table(TableArgs),
    /// An SVG chart of least walls against q, one line per board size, from saved runs.
    Chart(ChartArgs),
    /// Saved runs under different encodings side by side (CPU seconds per q).
    Compare(CompareArgs),
}

#[derive(Args, Debug)]
pub struct TableArgs {
    /// Saved runs (JSON from `least-walls --output`).
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// Claims to check, CSV `rows,cols,queens,what,claimed,source` with `what` one of
    /// least_walls, boards, classes, boards_or_classes, impossible.
    #[arg(long, value_name = "CSV")]
    pub claims: Option<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct ChartArgs {
    /// Saved runs (JSON from `least-walls --output`), one line each.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Saved runs (JSON from `least-walls --output`), one column group each.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(a: LeastWallsArgs) -> anyhow::Result<i32> {
    match a.render {
        Some(Render::Table(t)) => {
            let runs = LeastWallsRun::load_all(&t.runs)?;
            t.output.emit(&least_walls_tables(&runs, t.claims.as_deref())?)?;
            return Ok(0);
        }
        Some(Render::Chart(c)) => {
            let runs = LeastWallsRun::load_all(&c.runs)?;
            let Some(svg) = least_walls_chart(&runs) else {
                bail!("the runs hold no minimum to draw");
            };
            c.output.emit(&svg)?;
            return Ok(0);
        }
        Some(Render::Compare(c)) => {
            let runs = LeastWallsRun::load_all(&c.runs)?;
            c.output.emit(&compare_runs(&runs, &c.runs))?;
            return Ok(0);
        }
        None => {}
    }
    let (rows, cols) = a.shape.shape()?;
    Board::new(rows, cols)?; // the size check, with its message
    let Some(qs) = &a.queens else {
        bail!("--queens is required")
    };
    let opts = LeastWallsOptions {
        model: WallOptions {
            attack: a.attack,
            count: a.queen_count,
            lex_leader: a.lex_leader == LexLeader::On,
            necessary_walls: a.necessary_walls,
            slack_cuts: a.slack_cuts,
        },
        search: a.search,
        backend: a.solver.backend_within(a.time_limit),
        count: a.count,
        unique: a.unique,
        lex_leader_count: a.lex_leader != LexLeader::Off,
        certify: a.certify,
        certify_dir: a.certify_dir.clone(),
        count_cpu_limit: a.count_cpu_limit.map(|d| d.as_secs_f64()),
        start_runs: a.start_runs,
        time_limit: a.time_limit,
        fresh_bounds: a.fresh_bounds,
        progress: a.progress.reporter(),
    };
    let mut run = LeastWallsRun::now();
    opts.progress.start(
        &format!("least-walls {rows}x{cols}: queens"),
        qs.as_slice().len() as u64,
    );
    for q in qs.iter() {
        if stop_requested() {
            break;
        }
        let r = least_walls(rows, cols, q, &opts)?;
        opts.progress.advance(1);
        a.proof.check(r.certified)?;
        if a.format == Format::Text {
            out!("{}", least_walls_text(&r, a.list))?;
        }
        if a.certify {
            let line = certificate_line(&r);
            if a.format == Format::Text {
                outln!("{line}\n")?;
            } else {
                eprintln!("{line}");
            }
        }
        run.reports.push(r);
    }
    opts.progress.finish();
    if a.format == Format::Text && qs.single().is_none() {
        out!("{}", least_walls_summary(&run.reports))?;
    }
    if a.format == Format::Json {
        outln!("{}", command_json("least-walls", &run.printed())?)?;
    }
    if let Some(path) = &a.output {
        let json = serde_json::to_string_pretty(&run)?;
        write_atomic(path, format!("{json}\n").as_bytes())?;
    }
    // A stop signal between two q stops none of them but skips the rest: still an interrupt.
    Ok(stopped_exit_code(
        stop_requested() || run.reports.iter().any(|r| r.stopped.is_some()),
    ))
}
