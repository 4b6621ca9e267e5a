//! How a board is given on the command line: a grid file, or a size with wall, hole and bit
//! lists.

use anyhow::{Context, bail};
use clap::Args;
use queensat::board::{Board, Cell, Coord, Placement, parse_cell_list, parse_grid};
use queensat::io::from_bits64;
use std::path::PathBuf;

/// Board selection shared by the commands.
#[derive(Args, Debug, Clone, Default)]
pub struct BoardArgs {
    /// A board file: an ASCII grid (`.` free, `#` wall, `x` hole, `Q` queen) or JSON
    /// (`{"rows":8,"cols":8,"walls":[[1,3]],"holes":[]}`); `-` for stdin.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub shape: super::shape_args::ShapeArgs,
    /// Walls as "r,c r,c ..." (0-based, row 0 at the top).
    #[arg(long, value_name = "CELLS")]
    pub walls: Option<String>,
    /// Holes (forbidden squares that do not block) as "r,c ...", or `diagonals` for both main
    /// diagonals of a square board.
    #[arg(long, value_name = "CELLS")]
    pub holes: Option<String>,
    /// Walls as a 64-bit number in the published layout (cell (r,c) is bit 63-(8r+c)),
    /// decimal or 0x-hex; without a board, on 8x8.
    #[arg(long, value_name = "U64")]
    pub bits: Option<String>,
}

/// Parses a u64 given in decimal or with a 0x prefix.
pub fn parse_u64(s: &str) -> anyhow::Result<u64> {
    let t = s.trim();
    let r = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => t.replace('_', "").parse(),
    };
    r.map_err(|_| anyhow::anyhow!("{s:?} is not a 64-bit number (decimal or 0x-hex)"))
}

fn diagonals(n: usize) -> Vec<Coord> {
    let mut v: Vec<Coord> = (0..n)
        .map(|i| (i, i))
        .chain((0..n).map(|i| (i, n - 1 - i)))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

impl BoardArgs {
    /// The board, and the queens a grid file showed (empty otherwise).
    pub fn load(&self) -> anyhow::Result<(Board, Placement)> {
        let (mut board, queens) = match &self.file {
            Some(path) if !self.shape.given() => {
                let text = super::input::read_text(path, "board file")?;
                let name = super::input::input_name(path);
                // A JSON board (README, "Board formats") opens with `{`, which no grid does.
                if text.trim_start().starts_with('{') {
                    let board: Board =
                        serde_json::from_str(&text).with_context(|| format!("{name}: not a JSON board"))?;
                    (board, Placement::default())
                } else {
                    let g = parse_grid(&text).map_err(|e| e.in_file(&name))?;
                    (g.board, g.queens)
                }
            }
            Some(_) => bail!("give a board file or --size/--rows/--cols, not both"),
            // The published 64-bit layout is the 8x8 board's.
            None if !self.shape.given() && self.bits.is_some() => (Board::new(8, 8)?, Placement::default()),
            None if !self.shape.given() => {
                bail!("no board given: pass a grid file, --size N, or --rows R --cols C")
            }
            None => {
                let (r, c) = self.shape.shape()?;
                (Board::new(r, c)?, Placement::default())
            }
        };
        self.place_cells(&mut board)?;
        if let Some(&q) = queens.queens().iter().find(|&&q| board.cell(q) != Cell::Free) {
            bail!(
                "the grid's queen at {},{} stands on a {}",
                q.0,
                q.1,
                board.cell(q).name()
            );
        }
        Ok((board, queens))
    }

    /// Puts the cells of `--walls`, `--bits` and `--holes` on `board` (also on a board that
    /// came from elsewhere, such as an instance file).
    pub fn place_cells(&self, board: &mut Board) -> anyhow::Result<()> {
        if let Some(w) = &self.walls {
            for p in parse_cell_list(w).context("--walls")? {
                board.place(p, Cell::Wall).context("--walls")?;
            }
        }
        if let Some(bits) = &self.bits {
            let n = parse_u64(bits).context("--bits")?;
            for p in from_bits64(n, board.rows(), board.cols()).context("--bits")? {
                board.place(p, Cell::Wall).context("--bits")?;
            }
        }
        if let Some(h) = &self.holes {
            let cells = if h.trim() == "diagonals" {
                if !board.is_square() {
                    bail!("--holes diagonals needs a square board");
                }
                diagonals(board.rows())
            } else {
                parse_cell_list(h).context("--holes")?
            };
            for p in cells {
                board.place(p, Cell::Hole).context("--holes")?;
            }
        }
        Ok(())
    }
}
