//! Least walls over several queen counts on one shape: one search per q, in order, until a
//! stop signal.

use super::options::LeastWallsOptions;
use super::report::LeastWallsReport;
use super::search::least_walls_answering_signals;
use crate::board::Board;
use crate::run::interrupt::stop_requested;
use crate::study::counts::Counts;

/// The boards and queen counts a least-walls run asks about, checked: the shape is a board,
/// and some q is named.
#[derive(Clone, Debug)]
pub struct LeastWallsSpec {
    pub rows: usize,
    pub cols: usize,
    pub queens: Counts,
}

impl LeastWallsSpec {
    pub fn new(rows: usize, cols: usize, queens: Option<Counts>) -> anyhow::Result<LeastWallsSpec> {
        Board::new(rows, cols)?; // the size check, with its message
        let Some(queens) = queens else {
            anyhow::bail!("--queens is required")
        };
        Ok(LeastWallsSpec { rows, cols, queens })
    }

    /// The one q of a question split into cubes (an error for a range or a list).
    pub fn one_q(&self) -> anyhow::Result<usize> {
        let Some(q) = self.queens.single() else {
            anyhow::bail!("--cube-dir answers one q: give --queens Q, not a range or a list");
        };
        Ok(q)
    }
}

/// The least-walls report of each q of `spec` in order, each handed to `each` as it is
/// found; a stop signal between two q skips the rest.
pub fn least_walls_over(
    spec: &LeastWallsSpec,
    opts: &LeastWallsOptions,
    mut each: impl FnMut(&LeastWallsReport) -> anyhow::Result<()>,
) -> anyhow::Result<Vec<LeastWallsReport>> {
    let (rows, cols) = (spec.rows, spec.cols);
    let mut reports = Vec::new();
    opts.progress.start(
        &format!("least-walls {rows}x{cols}: queens"),
        spec.queens.as_slice().len() as u64,
    );
    for q in spec.queens.iter() {
        if stop_requested() {
            break;
        }
        let r = least_walls_answering_signals(rows, cols, q, opts)?;
        opts.progress.advance(1);
        each(&r)?;
        reports.push(r);
    }
    opts.progress.finish();
    Ok(reports)
}
