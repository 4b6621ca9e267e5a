//! Counting by SAT enumeration, the method that shares no code with the row counter: every
//! placement of exactly so many queens enumerated and checked.

use crate::board::{Board, Symmetry};
use crate::engine::{EnumOptions, Target, count, upper_bound};
use crate::run::interrupt::check_stop;
use anyhow::ensure;

/// The placements of exactly `queens` queens on `board` (those that `fixed_by` maps onto
/// themselves, where given), by SAT enumeration; an interrupt on a stop signal.
pub(super) fn sat_count(board: &Board, queens: usize, fixed_by: Option<Symmetry>) -> anyhow::Result<u64> {
    if upper_bound(board).bound < queens {
        return Ok(0);
    }
    let opts = EnumOptions {
        target: Target::Exactly(queens),
        fixed_by,
        ..EnumOptions::default()
    };
    let report = count(board, &opts)?;
    // The enumeration ends early on a stop signal only.
    check_stop()?;
    ensure!(
        report.complete,
        "internal error: the enumeration on {board:?} stopped early"
    );
    Ok(report.total)
}
