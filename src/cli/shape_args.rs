//! A board shape without contents: `--size N` or `--rows R --cols C`. Commands that make a
//! table over several shapes take the same flags with `A..B` or `a,b` in place of a number.

use anyhow::bail;
use clap::Args;
use queensat::study::Counts;

#[derive(Args, Debug, Clone, Default)]
pub struct ShapeArgs {
    /// Side of a square board (`A..B` or `a,b`: several, where a command makes a table).
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"])]
    pub size: Option<Counts>,
    /// Rows of a rectangular board (with --cols).
    #[arg(long, value_name = "R", requires = "cols")]
    pub rows: Option<Counts>,
    /// Columns of a rectangular board (with --rows).
    #[arg(long, value_name = "C", requires = "rows")]
    pub cols: Option<Counts>,
}

impl ShapeArgs {
    /// Whether any shape flag was given.
    pub fn given(&self) -> bool {
        self.size.is_some() || self.rows.is_some() || self.cols.is_some()
    }

    /// Every `(rows, cols)` asked for, in order; bounds are checked by whoever builds boards.
    pub fn shapes(&self) -> anyhow::Result<Vec<(usize, usize)>> {
        match (&self.size, &self.rows, &self.cols) {
            (Some(n), None, None) => Ok(n.iter().map(|n| (n, n)).collect()),
            (None, Some(r), Some(c)) => Ok(r.iter().flat_map(|r| c.iter().map(move |c| (r, c))).collect()),
            _ => bail!("no board shape given: pass --size N or --rows R --cols C"),
        }
    }

    /// The one `(rows, cols)` asked for.
    pub fn shape(&self) -> anyhow::Result<(usize, usize)> {
        match self.shapes()?[..] {
            [one] => Ok(one),
            _ => bail!("one board shape is wanted here, not a range or list of sizes"),
        }
    }
}

/// `--walls K` of the commands that go through boards by their number of walls (`sweep`,
/// `puzzles`, `nk`).
#[derive(Args, Debug, Clone)]
pub struct WallCountsArgs {
    /// Numbers of walls: `K`, an inclusive range `A..B`, or a list `a,b`.
    #[arg(long, value_name = "K")]
    pub walls: Counts,
}
