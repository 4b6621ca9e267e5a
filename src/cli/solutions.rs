//! `queensat solutions`: count and list placements, all or one per symmetry class.

use super::args::{BaseArgs, Format, ProofArgs, SolverArgs};
use super::choice::choice;
use super::instance::InstanceArgs;
use super::progress::ProgressArgs;
use clap::Args;
use queensat::board::render_grid;
use queensat::engine::{Breaking, EnumOptions, Found, Shard, Target, enumerate};
use queensat::study::report::command_json;
use queensat::study::report::{count_text, summary_text};
use std::io::Write;

#[derive(Args, Debug)]
pub struct SolutionsArgs {
    #[command(flatten)]
    pub instance: InstanceArgs,
    /// Placements of exactly K queens (default: the board's value, or n for a CSPLib instance).
    #[arg(long, value_name = "K", conflicts_with = "at_least")]
    pub queens: Option<usize>,
    /// Placements of at least K queens.
    #[arg(long, value_name = "K")]
    pub at_least: Option<usize>,
    /// One placement per symmetry class of the board (its stabiliser), with the class size.
    #[arg(long)]
    pub unique: bool,
    /// With --unique: block every image of each placement found, or add lex-leader
    /// constraints for the stabiliser up front.
    #[arg(long = "break", value_parser = choice::<Breaking>(), default_value_t = Breaking::default())]
    pub breaking: Breaking,
    /// Stop after N placements (N classes with --unique); `--limit 2` asks "is it unique?".
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Run only shard I of N (1-based), split by the first queen in row-major order; the
    /// shards' totals and classes add up to the whole. Needs --break lex-leader with --unique.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Print only the numbers: total placements and symmetry classes.
    #[arg(long)]
    pub count: bool,
    #[command(flatten)]
    pub base: BaseArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// text, or json (one JSON object per line: placements, then a summary).
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
    #[command(flatten)]
    pub proof: ProofArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// A closed stdout (`| head`) ends the listing quietly, as it ends every command
/// (`cli::main`).
pub fn run(a: SolutionsArgs) -> anyhow::Result<i32> {
    let loaded = a.instance.load()?;
    let board = loaded.board;
    let target = match (a.queens, a.at_least, loaded.wanted) {
        (Some(k), _, _) => Target::Exactly(k),
        (None, Some(k), _) => Target::AtLeast(k),
        (None, None, Some(n)) => Target::Exactly(n),
        (None, None, None) => Target::Value,
    };
    let opts = EnumOptions {
        base: a.base.options(),
        backend: a.solver.backend(),
        target,
        unique: a.unique,
        breaking: a.breaking,
        limit: a.limit,
        shard: a.shard.map(|s| s.zero_based()),
    };
    let mut out = std::io::BufWriter::new(super::stdout::Stdout::lock());
    if a.format == Format::Text && !a.count {
        writeln!(out, "board {}", board.describe())?;
    }
    let progress = a.progress.reporter();
    progress.start("placements", 0);
    let report = enumerate(&board, &opts, |f: &Found| {
        if !a.count {
            match a.format {
                Format::Json => {
                    let line = PlacementLine {
                        index: f.index,
                        orbit_size: f.orbit_size,
                        queens: &f.placement,
                        kind: "placement",
                    };
                    writeln!(out, "{}", command_json("solutions", &line)?)?;
                }
                Format::Text => {
                    let class = if a.unique {
                        format!(" (class of {})", f.orbit_size)
                    } else {
                        String::new()
                    };
                    writeln!(out, "placement {}{class}", f.index)?;
                    out.write_all(render_grid(&board, Some(&f.placement)).as_bytes())?;
                }
            }
        }
        progress.advance(1);
        Ok(())
    })?;
    progress.finish();
    a.proof.check(report.certified || !report.complete)?;
    match a.format {
        Format::Json => {
            let mut summary = serde_json::to_value(&report)?;
            summary["type"] = "summary".into();
            writeln!(out, "{}", command_json("solutions", &summary)?)?;
        }
        Format::Text if a.count => out.write_all(count_text(&report).as_bytes())?,
        Format::Text => out.write_all(summary_text(&report).as_bytes())?,
    }
    out.flush()?;
    // After a stop signal the placements listed are real, but not all of them.
    Ok(queensat::engine::interrupt::stopped_exit_code(
        report.interrupted.is_some(),
    ))
}

/// One placement's JSON line (inside the envelope).
#[derive(serde::Serialize)]
struct PlacementLine<'a> {
    // In the order the lines always had (alphabetical).
    index: u64,
    orbit_size: usize,
    queens: &'a queensat::board::Placement,
    #[serde(rename = "type")]
    kind: &'static str,
}
