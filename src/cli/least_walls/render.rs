//! `least-walls table`, `chart` and `compare`: saved runs rendered.

use super::super::args::{Format, OutputArgs};
use anyhow::bail;
use clap::{Args, Subcommand};
use queensat::io::{plural, stdin_at_most_once};
use queensat::study::report::{LeastWallsRun, compare_runs, least_walls_chart, least_walls_tables};
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum Render {
    /// A Markdown table of saved runs (JSON files from --output), compared with claims.
    Table(TableArgs),
    /// An SVG chart of least walls against q, one line per board size, from saved runs.
    Chart(SavedRuns),
    /// Saved runs under different encodings side by side (CPU seconds per q).
    Compare(SavedRuns),
}

/// Saved runs (JSON from `least-walls --output`) and where the rendering goes.
#[derive(Args, Debug)]
pub struct SavedRuns {
    /// Saved runs (JSON from `least-walls --output`).
    ///
    /// A line of the chart, a column group of the comparison, rows of the table each.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
    /// text only: a rendering is Markdown or SVG.
    ///
    /// text only: a rendering is Markdown (`table`, `compare`) or SVG (`chart`), and the
    /// runs' JSON is the saved runs themselves (`least-walls --output FILE --format json`), so
    /// `json` is refused, saying so.
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

impl SavedRuns {
    /// Refuses `--format json` for the rendering `what`, saying why.
    fn text_only(&self, what: &str) -> anyhow::Result<()> {
        if self.format == Format::Json {
            bail!(
                "--format json: `least-walls {what}` renders saved runs as {}; their JSON is the saved \
                 runs themselves (least-walls --output FILE --format json)",
                if what == "chart" { "SVG" } else { "Markdown" }
            );
        }
        Ok(())
    }
}

#[derive(Args, Debug)]
pub struct TableArgs {
    #[command(flatten)]
    pub saved: SavedRuns,
    /// Claims to check, as CSV.
    ///
    /// Claims to check, CSV `rows,cols,queens,what,claimed,source` with `what` one of
    /// least_walls, boards, classes, boards_or_classes, impossible.
    #[arg(long, value_name = "CSV")]
    pub claims: Option<PathBuf>,
}

/// Renders saved runs as `r` asks.
pub fn run(r: Render) -> anyhow::Result<i32> {
    match r {
        Render::Table(t) => {
            t.saved.text_only("table")?;
            let runs = t.saved.runs.iter().map(|p| ("the saved runs", p.as_path()));
            stdin_at_most_once(runs.chain(t.claims.as_deref().map(|c| ("--claims", c))))?;
            let runs = LeastWallsRun::load_all(&t.saved.runs)?;
            let (text, refuted) = least_walls_tables(&runs, t.claims.as_deref())?;
            t.saved.output.emit(&text)?;
            // As `verify` does: a refuted claim is the answer a script tests.
            if refuted > 0 {
                eprintln!(
                    "queensat least-walls table: {} refuted",
                    plural(refuted, "claim", "claims")
                );
                return Ok(1);
            }
        }
        Render::Chart(c) => {
            c.text_only("chart")?;
            let runs = LeastWallsRun::load_all(&c.runs)?;
            let Some(svg) = least_walls_chart(&runs) else {
                bail!("the runs hold no minimum to draw");
            };
            c.output.emit(&svg)?;
        }
        Render::Compare(c) => {
            c.text_only("compare")?;
            let runs = LeastWallsRun::load_all(&c.runs)?;
            c.output.emit(&compare_runs(&runs, &c.runs))?;
        }
    }
    Ok(0)
}
