//! The segment LP bound: the covering LP (the dual of "most queens, at most one per segment,
//! 0 ≤ x ≤ 1") solved with microlp, rounded to an integer certificate and checked by
//! [`check_dual`]. Only the checked certificate is used: the LP's floats never decide anything.
//!
//! The LP: minimise `Σ_s y_s + Σ_c z_c` with `Σ_{s ∋ c} y_s + z_c ≥ 1` on every free cell,
//! `y, z ≥ 0`. Rounding: each `y_s` scaled by [`SCALE`] and rounded up, then each cell's `z_c`
//! tops its cover up to the scale, so the certificate is feasible by construction.

use crate::board::{Board, Coord};
use crate::check::{CheckedDual, DualCertificate, Forced, SegmentWeight, check_dual};
use crate::encode::{BaseModel, ValueQuestion};
use microlp::{ComparisonOp, LinearExpr, OptimizationDirection, Problem, SolveOutcome};
use rustsat::types::Clause;
use std::collections::HashMap;
use std::time::Instant;

/// The common denominator of the certificate's weights.
pub const SCALE: u64 = 1_000_000;

/// Boards with at least this many free cells get the segment-LP bound when it is asked for.
/// On 12×12 boards (at most 144 free cells) the LP takes 1–2 ms against values of 1–30 ms: it
/// saves 4–9 ms on a wall lattice and costs 1–2 ms on random walls, a wash; from 16×16 on it
/// saves seconds on lattices (docs/bench.md).
pub const LP_MIN_FREE_CELLS: usize = 150;

/// The checked LP bound of `board` when `wanted` and the board is large enough to pay.
pub fn lp_bound_if(board: &Board, wanted: bool) -> anyhow::Result<Option<LpBound>> {
    if wanted && board.free_cells().len() >= LP_MIN_FREE_CELLS {
        lp_bound(board).map(Some)
    } else {
        Ok(None)
    }
}

/// A checked LP bound.
#[derive(Clone, Debug)]
pub struct LpBound {
    pub certificate: DualCertificate,
    pub checked: CheckedDual,
    /// The LP optimum as the solver found it (floats; for reports only).
    pub lp_value: f64,
    pub seconds: f64,
}

/// Solves the covering LP of `board` and checks the rounded certificate. An error when the LP
/// solver fails or the certificate does not check (a bug: the rounding makes it feasible).
pub fn lp_bound(board: &Board) -> anyhow::Result<LpBound> {
    let start = Instant::now();
    let free = board.free_cells();
    let slot: HashMap<Coord, usize> = free.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let segments: Vec<_> = board
        .segments()
        .into_iter()
        .map(|s| {
            let cells: Vec<usize> = s.free_cells(board).map(|p| slot[&p]).collect();
            (s, cells)
        })
        .filter(|(_, cells)| !cells.is_empty())
        .collect();
    let mut lp = Problem::new(OptimizationDirection::Minimize);
    let y: Vec<_> = segments
        .iter()
        .map(|_| lp.add_var(1.0, (0.0, f64::INFINITY)))
        .collect();
    let mut rows: Vec<LinearExpr> = free.iter().map(|_| LinearExpr::empty()).collect();
    for ((_, cells), &v) in segments.iter().zip(&y) {
        for &i in cells {
            rows[i].add(v, 1.0);
        }
    }
    // Every free cell lies in a row segment, so cell weights are never needed by the LP
    // itself; they only absorb the rounding below.
    for row in rows {
        lp.add_constraint(row, ComparisonOp::Ge, 1.0);
    }
    let solution = match lp.solve().map_err(|e| anyhow::anyhow!("the segment LP: {e}"))? {
        SolveOutcome::Solution(s) => s,
        SolveOutcome::Interrupted(_) => anyhow::bail!("the segment LP was interrupted"),
    };
    let mut cover = vec![0u64; free.len()];
    let mut weights = Vec::new();
    for ((s, cells), &v) in segments.iter().zip(&y) {
        let w = (solution.var_value(v).max(0.0) * SCALE as f64 - 1e-3)
            .ceil()
            .max(0.0) as u64;
        if w == 0 {
            continue;
        }
        for &i in cells {
            cover[i] += w;
        }
        weights.push(SegmentWeight {
            family: s.family,
            through: s.cells[0],
            weight: w,
        });
    }
    let cells = free
        .iter()
        .zip(&cover)
        .filter(|&(_, &c)| c < SCALE)
        .map(|(&p, &c)| (p, SCALE - c))
        .collect();
    let certificate = DualCertificate {
        scale: SCALE,
        segments: weights,
        cells,
    };
    let checked = check_dual(board, &certificate)
        .map_err(|e| anyhow::anyhow!("internal error: the rounded LP certificate fails the checker: {e}"))?;
    Ok(LpBound {
        certificate,
        checked,
        lp_value: solution.objective(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The clauses of what "at least `t` queens" forces, over `model`'s queen literals: a unit
/// `¬q` per empty cell, `q_1 ∨ … ∨ q_m` per full segment.
pub fn forced_clauses(model: &BaseModel, forced: &Forced) -> Vec<Clause> {
    let lit = |p: &Coord| model.queen_lit(*p).expect("the checker names free cells only");
    let empty = forced.empty.iter().map(|p| Clause::from_iter([!lit(p)]));
    let full = forced.full.iter().map(|s| s.iter().map(lit).collect::<Clause>());
    empty.chain(full).collect()
}

/// Adds to the standalone question `q` ("at least k queens", k given) the clauses that "at
/// least k" implies under the checked certificate of `lp`; returns their number and a line
/// that says where they come from (for the CNF's header and the certificate record).
pub fn add_implied_clauses(q: &mut ValueQuestion, lp: &LpBound) -> (usize, String) {
    let k = q.at_least.expect("a question with a bound");
    let forced = lp.checked.forced(k);
    let clauses = forced_clauses(&q.model, &forced);
    let n = clauses.len();
    for cl in clauses {
        q.cnf.add_clause(cl);
    }
    let note = format!(
        "{n} clauses implied by \"at least {k} queens\" ({} empty cells as units, {} segments that must \
         hold a queen) under the segment LP's dual certificate (weights over {}, total {}, bound {}), checked \
         by queensat's independent checker (every free cell covered, exact integers)",
        forced.empty.len(),
        forced.full.len(),
        lp.certificate.scale,
        lp.checked.total(),
        lp.checked.bound()
    );
    (n, note)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::check::brute_value;
    use crate::encode::BaseOptions;
    use crate::engine::{BoardSession, upper_bound};
    use crate::solve::Backend;
    use proptest::prelude::*;

    /// An `n × n` board with a wall at every `step`-th square of every `step`-th row from `off`.
    pub(crate) fn lattice(n: usize, step: usize, off: usize) -> Board {
        let walls: Vec<Coord> = (off..n)
            .step_by(step)
            .flat_map(|r| (off..n).step_by(step).map(move |c| (r, c)))
            .collect();
        Board::with_walls(n, n, &walls).unwrap()
    }

    #[test]
    fn the_plain_board_and_a_lattice() {
        let b = Board::square(8).unwrap();
        let lp = lp_bound(&b).unwrap();
        assert_eq!(lp.checked.bound(), 8);
        // 16x16, a wall every 4th square of every 4th row and column (bench/large-boards.json).
        let b = lattice(16, 4, 0);
        let lp = lp_bound(&b).unwrap();
        assert!(lp.checked.bound() < upper_bound(&b).bound, "{lp:?}");
    }

    #[test]
    fn never_below_the_value_on_small_boards() {
        let cases = [
            Board::with_walls(6, 6, &[(1, 1), (4, 2), (2, 4)]).unwrap(),
            Board::with_walls(5, 7, &[(0, 3), (2, 3), (4, 3)]).unwrap(),
            Board::square(3).unwrap(),
        ];
        for b in cases {
            let lp = lp_bound(&b).unwrap();
            assert!(lp.checked.bound() >= brute_value(&b), "{b:?}");
            assert!((lp.checked.value() - lp.lp_value).abs() < 1e-2, "{lp:?}");
            let f = lp.checked.forced(brute_value(&b));
            assert!(!f.refuted);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// The clauses of the LP certificate never cut a placement of `value` queens and, at
        /// `value + 1`, leave the solver nothing to find.
        #[test]
        fn implied_clauses_keep_every_answer(
            rows in 1usize..=6, cols in 1usize..=6, codes in prop::collection::vec(0u8..10, 36),
        ) {
            let board = crate::check::board_from_codes(rows, cols, &codes);
            let value = brute_value(&board);
            let lp = lp_bound(&board).unwrap();
            prop_assert!(lp.checked.bound() >= value);
            prop_assert!(lp.checked.bound() <= board.free_cells().len());
            let mut s = BoardSession::new(&board, BaseOptions::default(), &Backend::Varisat);
            for k in 1..=value + 1 {
                let implied = forced_clauses(&s.model, &lp.checked.forced(k));
                let found = s.at_least_implied(k, &implied).unwrap();
                prop_assert_eq!(found.is_some(), k <= value, "k = {}", k);
            }
        }
    }
}
