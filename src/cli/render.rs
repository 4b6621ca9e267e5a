//! `queensat render`: an SVG picture of a board and, optionally, a placement.

use super::args::OutputArgs;
use super::instance::InstanceArgs;
use anyhow::Context;
use clap::Args;
use queensat::board::{Placement, parse_cell_list};
use queensat::check::check_placement;
use queensat::engine::{ValueOptions, value};
use queensat::io::board_svg;

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    pub instance: InstanceArgs,
    /// Queens to draw as "r,c r,c ..." (default: the queens of the grid file, if any).
    #[arg(long, value_name = "CELLS", conflicts_with = "solve")]
    pub placement: Option<String>,
    /// Draw an optimal placement found by `queensat value`.
    #[arg(long)]
    pub solve: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Exit code 1 when the drawn placement is not legal (it is still drawn, wrong queens red).
pub fn run(a: RenderArgs) -> anyhow::Result<i32> {
    let loaded = a.instance.load()?;
    let board = loaded.board;
    let placement = if let Some(list) = &a.placement {
        let queens = parse_cell_list(list).context("--placement")?;
        if let Some(q) = queens.iter().find(|&&q| !board.contains(q)) {
            anyhow::bail!(
                "--placement: queen {},{} is off the {}x{} board",
                q.0,
                q.1,
                board.rows(),
                board.cols()
            );
        }
        Some(Placement::from_list(queens).context("--placement")?)
    } else if a.solve {
        Some(value(&board, &ValueOptions::default())?.placement)
    } else if !loaded.shown.is_empty() {
        Some(loaded.shown)
    } else {
        None
    };
    let mut code = 0;
    if let Some(Err(v)) = placement.as_ref().map(|p| check_placement(&board, p)) {
        eprintln!("queensat: warning: the placement is not legal: {v}");
        code = 1;
    }
    let svg = board_svg(&board, placement.as_ref());
    a.output.emit(&svg)?;
    Ok(code)
}
