//! Argument groups of how a run goes, spelled and meant the same in every command that has
//! them: the shard, the threads, the time limit, and a chunked run's folder and chunk size. A
//! command that takes a flag only with another says so with `mut_arg` (`--shard` with a cube
//! folder).

use super::args::at_least_one;
use clap::Args;
use queensat::run::Shard;
use queensat::solve::parse_seconds;
use std::path::PathBuf;
use std::time::Duration;

/// `--shard I/N`: this run's share of the work.
#[derive(Args, Debug, Clone, Default)]
pub struct ShardArgs {
    /// Do only shard I of N (1-based) of the run's items.
    ///
    /// The items g with g mod N = I-1, where the items are the chunks of a sweep, of a puzzle run's
    /// last wall count (each shard computes the counts below) or of an `nk` count, the cubes of a
    /// cube run, the sizes of an `armies` table, or for `solutions` the placements by their first
    /// queen in row-major order. The shards together give the whole: `queensat merge` assembles
    /// their folders (an `nk` table: `nk --merge-from`; an `armies` table: one `--cache` folder
    /// that every shard writes, read by `--table --cached-only`), `solutions` adds up their totals
    /// and classes.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
}

impl ShardArgs {
    /// The shard asked for, or the whole run.
    pub fn or_all(&self) -> Shard {
        self.shard.unwrap_or(Shard::ALL)
    }
}

/// `--threads`: how many workers answer.
#[derive(Args, Debug, Clone, Default)]
pub struct ThreadsArgs {
    /// Worker threads, each taking one item (chunk or cube) at a time (default: all cores).
    #[arg(long, value_parser = queensat::run::parse_threads)]
    pub threads: Option<usize>,
}

/// A chunked run (`sweep`, `puzzles`, `nk`): its folder, its shard, and its chunk size.
#[derive(Args, Debug, Clone, Default)]
pub struct ChunkedRunArgs {
    /// The run's folder: its chunks (rerun into it to resume) and results.
    ///
    /// The run's folder: its finished chunks, kept as they finish so that re-running into it
    /// resumes, and its results (`puzzles`: puzzles.json, puzzles.csv, summary.md and the
    /// comparison). Default: `sweep-RxC-Kw` (with the options that change the rows appended)
    /// for `sweep`, `nk-runs` for `nk` (a folder `NxN-Kw-METHOD` per count in it); `puzzles`
    /// without it keeps nothing (its summary goes to stdout).
    #[arg(short = 'o', long, alias = "out", value_name = "DIR", value_parser = queensat::io::output_folder_path)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub shard: ShardArgs,
    /// Items per chunk: the unit of work, of resuming and of sharding.
    ///
    /// Items per chunk: the unit of work, of resuming and of sharding (and of solver reuse in
    /// a sweep). The items are board classes (default: 1000 for `sweep`, 4096 for `puzzles`)
    /// or, for `nk`, prefix tasks or wall classes (default: 64).
    #[arg(long, value_parser = at_least_one)]
    pub chunk: Option<usize>,
}

impl ChunkedRunArgs {
    /// The chunk size asked for, or the command's `default`.
    pub fn chunk_or(&self, default: usize) -> usize {
        self.chunk.unwrap_or(default)
    }
}

/// `--time-limit`: CPU seconds, in every command.
#[derive(Args, Debug, Clone, Default)]
pub struct TimeLimitArgs {
    /// Stop each search after this many CPU seconds, with the best checked answer.
    ///
    /// Stop each search after this many CPU seconds (of the thread that runs it, from its
    /// start; `solve`: of queensat's process) and report the best checked answer with the bound
    /// proved so far, labelled NOT proved (exit 3; `solve`: the answer unknown, exit 0); a stop
    /// signal stops the same way (exit 128 + its number). CaDiCaL and external solvers stop
    /// inside a call, varisat only between calls (`solve`: inside its one call too; `--solver`
    /// says which answers by default); one board's `value`, `least-walls`, `armies` and
    /// `cover` stop at once in a varisat call too, with what they knew when the call began. An
    /// external solver's own CPU is not queensat's to read while it runs: each of its calls
    /// gets what is left of the limit as wall-clock seconds and is killed then (or at a stop
    /// signal; the call's answer is unknown, never UNSAT), and its wall-clock seconds count as
    /// the search's CPU seconds (`solve --external`: killed after this many wall-clock seconds).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

/// The defaults spelled out in help text, checked against the library's constants.
#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

    #[derive(clap::Parser)]
    struct Probe {
        #[command(flatten)]
        run: super::ChunkedRunArgs,
    }

    #[test]
    fn the_help_names_each_commands_defaults() {
        let help = Probe::command().render_long_help().to_string();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        use queensat::study::{nk, puzzles, sweep};
        for said in [
            format!("{} for `sweep`", sweep::DEFAULT_CHUNK),
            format!("{} for `puzzles`", puzzles::DEFAULT_CHUNK),
            format!("(default: {})", nk::DEFAULT_CHUNK),
            format!("`{}` for `nk`", nk::DEFAULT_ROOT),
        ] {
            assert!(help.contains(&said), "{said}");
        }
    }
}
