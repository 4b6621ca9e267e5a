//! Is a board's optimum unique? One query: exactly `v` queens, the known optimum blocked.
//! UNSAT proves that no other placement of `v` queens exists. The one primitive behind
//! `verify --claim unique-optimum` and the puzzle search.

use super::session::BoardSession;
use super::value::ValueOptions;
use crate::board::{Board, Placement};
use serde::Serialize;
use std::time::Instant;

/// The answer to "is `first` the only placement of `value` queens?".
#[derive(Clone, Debug, Serialize)]
pub struct Uniqueness {
    /// A second optimum (checked), or `None` when the query was UNSAT.
    pub second: Option<Placement>,
    /// Wall-clock time of the query, encoding included: the difficulty signal of the proof.
    pub seconds: f64,
}

/// Asks `session` for a placement of exactly `value` queens other than `first`, a placement
/// of `value` queens on the session's board. `None` is an UNSAT answer: `first` is the only
/// one. The clause that blocks `first` stays in the session.
pub fn other_placement(
    session: &mut BoardSession,
    value: usize,
    first: &Placement,
) -> anyhow::Result<Option<Placement>> {
    anyhow::ensure!(
        first.len() == value,
        "internal error: the placement has {} queens, not {value}",
        first.len()
    );
    // The count cannot reach `value`: then `first` could not exist either.
    let Some(exactly) = session.exactly(value) else {
        anyhow::bail!("internal error: {value} queens are out of the counter's reach");
    };
    session.add_clause(session.model.blocking_clause_fixed_count(first))?;
    let second = session.solve_with(&exactly)?;
    if let Some(p) = &second {
        anyhow::ensure!(
            p.len() == value && p != first,
            "internal error: the second placement repeats the first or has the wrong size"
        );
    }
    Ok(second)
}

/// [`other_placement`] on a fresh session, timed: `first` is an optimum of `board`, so
/// `value` is the board's value and no placement has more.
pub fn second_optimum(
    board: &Board,
    value: usize,
    first: &Placement,
    opts: &ValueOptions,
) -> anyhow::Result<Uniqueness> {
    let start = Instant::now();
    let mut session = BoardSession::new(board, opts.base, &opts.backend);
    let second = other_placement(&mut session, value, first)?;
    Ok(Uniqueness {
        second,
        seconds: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::brute_count;
    use crate::engine::value::value;

    #[test]
    fn agrees_with_brute_force_counts() {
        let opts = ValueOptions::default();
        for walls in [
            vec![],
            vec![(1, 1)],
            vec![(0, 2), (3, 1)],
            vec![(1, 2), (2, 1)],
            vec![(2, 2)],
        ] {
            for n in [4, 5] {
                let b = Board::with_walls(n, n, &walls).unwrap();
                let r = value(&b, &opts).unwrap();
                let u = second_optimum(&b, r.value, &r.placement, &opts).unwrap();
                let count = brute_count(&b, r.value);
                assert_eq!(u.second.is_none(), count == 1, "{b:?}: {count} optima");
            }
        }
    }
}
