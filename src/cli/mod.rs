//! The command line: a thin layer over [`crate::analysis`].

mod armies;
mod board_args;
mod cover;
mod value;

pub use board_args::BoardArgs;

use clap::{Parser, Subcommand};

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
    /// Peaceable queen armies: two colours of m queens, no queen sharing a line with the other colour.
    Armies(armies::ArmiesArgs),
    /// Packing and covering the n x n board with n-queens solutions, each optimum proved.
    Cover(cover::CoverArgs),
}

/// Output format of a command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Json,
}

/// Runs the command line and returns the process exit code: 0 on success, 2 on bad input or
/// any other error (one line on stderr), 1 where a command reports a refuted claim.
pub fn main() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Value(a) => value::run(a),
        Command::Armies(a) => armies::run(a),
        Command::Cover(a) => cover::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("queensat: error: {}", one_line(&e));
            2
        }
    }
}

/// An error and its causes on one line.
fn one_line(e: &anyhow::Error) -> String {
    e.chain()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(": ")
        .replace('\n', " ")
}
