//! The re-check of a row read back from a chunk file (resumed, or from a shard), so that a
//! chunk edited behind its seal cannot change the database: every stored fact is derived again
//! from the class the row should describe.

use super::plan::Plan;
use super::spec::SweepSpec;
use crate::board::CellSet;
use crate::check::{bnb_count, bnb_value, check_placement};
use crate::io::ClassRow;
use crate::run::interrupt::{cut_short, stop_requested};

/// Re-checks a row read back from a chunk file (resumed, or from a shard) against the class it
/// should describe: the walls, a legal placement (the independent checker), the value its
/// size, the orbit the class's, and the counts present exactly when the sweep counts; its value
/// and count are also compared with the branch and bound's, so that an edited value with a
/// placement to match is caught too.
pub(super) fn check_row<const W: usize>(
    plan: &Plan<W>,
    spec: &SweepSpec,
    r: &ClassRow,
    m: &CellSet<W>,
) -> Result<(), String> {
    if r.walls != plan.ws.cells(m) {
        return Err("the walls are not those of the class list of this sweep".into());
    }
    let board = plan.ws.board(m);
    check_placement(&board, &r.queens).map_err(|v| format!("the placement fails the checker: {v}"))?;
    if r.value != r.queens.len() {
        return Err(format!("value {} but {} queens", r.value, r.queens.len()));
    }
    let (bnb, _) = bnb_value(&board, stop_requested).ok_or_else(cut_short)?;
    if bnb != r.value {
        return Err(format!("value {} but the branch and bound finds {bnb}", r.value));
    }
    let orbit = plan.ws.orbit_size(m);
    if r.orbit != orbit {
        return Err(format!("orbit {} but the class has {orbit} boards", r.orbit));
    }
    if r.optimal.is_some() != spec.count_optimal {
        return Err(if spec.count_optimal {
            "no count of optimal placements, which this sweep records".into()
        } else {
            "a count of optimal placements, which this sweep does not record".into()
        });
    }
    if r.optimal == Some(0) {
        return Err("zero optimal placements, though it has one".into());
    }
    // Counting is cheap next to reading a chunk that lies: a stored count is counted again.
    if let Some(n) = r.optimal {
        let (counted, _) = bnb_count(&board, r.value, stop_requested).ok_or_else(cut_short)?;
        if counted != n {
            return Err(format!(
                "{n} optimal placements but the branch and bound counts {counted}"
            ));
        }
    }
    Ok(())
}
