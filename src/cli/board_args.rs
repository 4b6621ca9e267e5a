//! How a board is given on the command line: a board file, a CSPLib instance or a size, with
//! wall, hole and bit lists on top ([`queensat::io::BoardSpec`] checks them).

use clap::Args;
use queensat::io::{BoardRequest, BoardSpec, CellLists};
use std::path::PathBuf;

/// Board selection shared by the commands.
#[derive(Args, Debug, Clone, Default)]
pub struct BoardArgs {
    /// A board file (ASCII grid or JSON); `-` for stdin.
    ///
    /// A board file: an ASCII grid (`.` free, `#` wall, `x` hole, `Q` queen) or JSON
    /// (`{"rows":8,"cols":8,"walls":[[1,3]],"holes":[]}`, `"size":8` for both sides); `-` for
    /// stdin.
    pub file: Option<PathBuf>,
    /// A CSPLib blocked n-queens instance (prob080).
    ///
    /// A CSPLib blocked n-queens instance (prob080: n and blocked squares, 1-based text or
    /// 0-based XCSP JSON); blocked squares become holes and n queens are wanted.
    #[arg(long, value_name = "FILE")]
    pub csplib: Option<PathBuf>,
    #[command(flatten)]
    pub shape: super::shape_args::ShapeArgs,
    /// Walls as "r,c r,c ..." (0-based, row 0 at the top).
    #[arg(long, value_name = "CELLS")]
    pub walls: Option<String>,
    /// Holes (forbidden squares that do not block), or `diagonals`.
    ///
    /// Holes (forbidden squares that do not block) as "r,c ...", or `diagonals` for both main
    /// diagonals of a square board.
    #[arg(long, value_name = "CELLS")]
    pub holes: Option<String>,
    /// Walls as a 64-bit number in the published layout.
    ///
    /// Walls as a 64-bit number in the published layout (cell (r,c) is bit 63-(8r+c)),
    /// decimal or 0x-hex; without a board, on 8x8.
    #[arg(long, value_name = "U64")]
    pub bits: Option<String>,
}

impl BoardArgs {
    /// Whether anything but a shape was given (a file, an instance, walls, holes or bits).
    pub fn has_cells(&self) -> bool {
        self.file.is_some()
            || self.csplib.is_some()
            || self.walls.is_some()
            || self.holes.is_some()
            || self.bits.is_some()
    }

    /// The board given, checked once, with the queens of a grid file legal (an error if
    /// they attack each other; the commands that answer about the board leave them aside).
    pub fn load(&self) -> anyhow::Result<BoardSpec> {
        self.load_to_draw()?.queens_checked()
    }

    /// The board given, checked once; the queens of a grid file as they stand, legal or not
    /// (`render` draws them, and warns when they are not legal).
    pub fn load_to_draw(&self) -> anyhow::Result<BoardSpec> {
        BoardSpec::load(BoardRequest {
            file: self.file.as_deref(),
            csplib: self.csplib.as_deref(),
            shape: self.shape.given().then(|| self.shape.shape()),
            cells: CellLists {
                walls: self.walls.as_deref(),
                bits: self.bits.as_deref(),
                holes: self.holes.as_deref(),
            },
        })
    }
}
