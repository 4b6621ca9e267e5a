//! The command line: a thin layer over [`queensat::engine`] and [`queensat::study`].

// First: its `out!`/`outln!` macros serve every command below.
#[macro_use]
mod stdout;
mod args;
mod armies;
mod board_args;
mod choice;
mod cover;
mod cubes;
mod encode;
mod errors;
mod exit_status;
mod least_walls;
mod manual;
mod nk;
mod nqueens;
mod parse;
mod progress;
mod puzzles;
mod render;
mod report_args;
mod run_args;
mod shape_args;
mod shell;
mod solutions;
mod solve;
mod sweep;
mod value;
mod verify;

use clap::{CommandFactory as _, FromArgMatches as _, Parser, Subcommand};
use errors::clap_exit;
use exit_status::stops_on_signal;
use queensat::run::one_line;
use stdout::is_broken_pipe;

/// Queen-placement puzzles answered with a SAT solver.
#[derive(Parser, Debug)]
#[command(name = "queensat", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The most non-attacking queens a board admits, one optimal placement, and the proof.
    Value(value::ValueArgs),
    /// Count and list placements (optimal by default), all or one per symmetry class.
    Solutions(solutions::SolutionsArgs),
    /// The fewest walls that let q queens fit, a witness, the proof, and every such board.
    LeastWalls(least_walls::LeastWallsArgs),
    /// Interesting puzzles: unique optimum, minimal walls, one per symmetry class.
    Puzzles(puzzles::PuzzlesArgs),
    /// Every k-wall board of a shape by symmetry class: proved value, optimal placement, orbit.
    Sweep(sweep::SweepArgs),
    /// Merge the shard folders of one run into the unsharded run's output.
    ///
    /// Merge the shard directories of one sweep, puzzle run, N+k count or cube run into the same
    /// output as an unsharded run.
    Merge(sweep::MergeArgs),
    /// Compare an 8x8 sweep with the published tables (exit 1 on a disagreement).
    ///
    /// Compare an 8x8 sweep with the published per-class tables and summaries (exit 1 on any
    /// disagreement, or a published table left uncompared).
    SweepCompare(sweep::CompareArgs),
    /// Peaceable queen armies: two colours of m queens, no queen sharing a line with the other colour.
    Armies(armies::ArmiesArgs),
    /// Packing and covering the n x n board with n-queens solutions, each optimum proved.
    Cover(cover::CoverArgs),
    /// N+k queens: placements of n + k queens and k walls on n x n, counted without listing.
    Nk(nk::NkArgs),
    /// One solution of n-queens for huge n (min-conflicts or construction), or check one.
    Nqueens(nqueens::NQueensArgs),
    /// Re-check the claims of a published result file (values, placements, uniqueness).
    Verify(verify::VerifyArgs),
    /// Write a question as a file for other solvers: DIMACS, WCNF (MaxSAT), OPB, CPLEX LP.
    Encode(encode::EncodeArgs),
    /// Answer a DIMACS file with a built-in or external solver; decode and check placements.
    ///
    /// Exit status: 10 SATISFIABLE, 20 UNSATISFIABLE (the SAT competition's codes), 0 when the
    /// answer is unknown (no answer within --time-limit, or the solver said UNKNOWN), 2 on
    /// bad input or a model that fails a clause or the board, 130/143/129 after SIGINT,
    /// SIGTERM or SIGHUP (the answer unknown).
    Solve(solve::SolveArgs),
    /// An SVG picture of a board (walls, holes) and a placement.
    Render(render::RenderArgs),
    /// Shell completions on stdout.
    ///
    /// `queensat completions bash > ~/.local/share/bash-completion/completions/queensat`.
    Completions(shell::CompletionsArgs),
    /// Man pages generated from these definitions (`make man` writes them to target/man).
    Man(shell::ManArgs),
}

/// The whole command line's definition, each subcommand's help closing on its examples
/// ([`manual`]): what parses the arguments, and what completions and man pages are made from.
fn command() -> clap::Command {
    manual::with_examples(Cli::command())
}

/// Runs the command line and returns the process exit code: 0 on success, 2 on bad input or
/// any other error (one line on stderr), 1 where a command reports a refuted claim.
pub fn main() -> i32 {
    stdout::note_closed_stdout();
    queensat::io::protect_inputs();
    let parsed = parse::parse(command, std::env::args_os().collect())
        .and_then(|m| Ok((Cli::from_arg_matches(&m)?, m)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(e) => return clap_exit(e, &command()),
    };
    if matches.subcommand_name().is_some_and(stops_on_signal) {
        queensat::run::signals::catch_stop_signals();
    }
    let result = match cli.command {
        Command::Value(a) => value::run(a),
        Command::Solutions(a) => solutions::run(a),
        Command::LeastWalls(a) => least_walls::run(a),
        Command::Puzzles(a) => puzzles::run(a),
        Command::Sweep(a) => sweep::run(a),
        Command::Merge(a) => sweep::run_merge(a),
        Command::SweepCompare(a) => sweep::run_compare(a),
        Command::Armies(a) => armies::run(a),
        Command::Cover(a) => cover::run(a),
        Command::Nk(a) => nk::run(a),
        Command::Nqueens(a) => nqueens::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Encode(a) => encode::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Render(a) => render::run(a),
        Command::Completions(a) => shell::run_completions(a, command()),
        Command::Man(a) => shell::run_man(a, command()),
    };
    match result {
        Ok(code) => code,
        // A closed stdout (`| head`): stop quietly.
        Err(e) if is_broken_pipe(&e) => 0,
        // A stop signal that came before a command had anything to report (a value search
        // under way when `solutions` stopped), or where it says what it left undone: no
        // error, but the signal's exit status.
        Err(e) if queensat::run::interrupt::stopped_by_signal(&e) => {
            eprintln!("{}", queensat::run::interrupt::stopped_error_line(&e));
            queensat::run::interrupt::stopped_exit_code(true)
        }
        Err(e) => {
            eprintln!("queensat: error: {}", one_line(&e));
            2
        }
    }
}

#[cfg(test)]
mod definition_tests;
