//! A board shape without contents: `--size N` or `--rows R --cols C`, for commands whose
//! walls are unknowns or enumerated (sweeps, least-walls questions).

use anyhow::bail;
use clap::Args;

#[derive(Args, Debug, Clone, Default)]
pub struct ShapeArgs {
    /// Side of a square board.
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    pub size: Option<usize>,
    /// Rows of a rectangular board (with --cols).
    #[arg(long, requires = "cols")]
    pub rows: Option<usize>,
    /// Columns of a rectangular board (with --rows).
    #[arg(long, requires = "rows")]
    pub cols: Option<usize>,
}

impl ShapeArgs {
    /// `(rows, cols)`; bounds are checked by whoever builds the board.
    pub fn shape(&self) -> anyhow::Result<(usize, usize)> {
        match (self.size, self.rows, self.cols) {
            (Some(n), None, None) => Ok((n, n)),
            (None, Some(r), Some(c)) => Ok((r, c)),
            _ => bail!("no board shape given: pass --size N or --rows R --cols C"),
        }
    }
}
