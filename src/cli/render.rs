//! `queensat render`: an SVG picture of a board and, optionally, a placement.

use super::args::{FormatArgs, OutputArgs};
use super::board_args::BoardArgs;
use clap::Args;
use queensat::engine::{ValueOptions, value};
use queensat::io::parse_placement;
use queensat::study::report::{render_board, render_json};

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Queens to draw as "r,c r,c ..." (default: the queens of the grid file, if any).
    #[arg(long, value_name = "CELLS", conflicts_with = "solve")]
    pub placement: Option<String>,
    /// Draw an optimal placement found by `queensat value`.
    #[arg(long)]
    pub solve: bool,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

/// Exit code 1 when the drawn placement is not legal (it is still drawn, wrong queens red).
pub fn run(a: RenderArgs) -> anyhow::Result<i32> {
    let spec = a.board.load_to_draw()?;
    let board = &spec.board;
    let placement = match &a.placement {
        Some(list) => Some(parse_placement(board, list)?),
        None if a.solve => Some(value(board, &ValueOptions::default())?.placement),
        None => Some(spec.shown).filter(|p| !p.is_empty()),
    };
    let r = render_board(board, placement.as_ref());
    if let Some(v) = &r.violation {
        eprintln!("queensat: warning: the placement is not legal: {v}");
    }
    let json = a.format.json();
    let report = |written: Option<&std::path::Path>| render_json(board, placement.as_ref(), &r, written);
    a.output.emit_reported(&r.svg, json, report)?;
    Ok(i32::from(r.violation.is_some()))
}
