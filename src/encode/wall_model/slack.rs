//! Segment-slack cuts: clauses implied by the model that tell the solver how few of the walls
//! it may "waste".
//!
//! Along one full line with `W` walls the number of runs of non-wall cells is
//! `W + 1 − e`, where `e` counts a wall on the first cell, a wall on the last cell and each
//! pair of adjacent walls (a one-cell line holding a wall counts 2). A run holds at most one
//! queen, so the line holds `W + 1 − e − z` queens, `z` its runs without a queen. Summed over
//! the `L` lines of one family (rows, columns, or a diagonal direction), every wall and queen
//! counted once: `Q = L + W − Σ(e + z)`. So with at least `q` queens and at most `k` walls,
//! `Σ(e + z) ≤ L + k − q` in every family: the "slack". For rows and columns at the least
//! number of walls minus one the slack is tiny (often 0: no wall on the border, no two walls
//! side by side, a queen in every run), which the solver cannot see through two separate
//! totalisers.
//!
//! Each event gets an indicator literal that is FORCED true when the event happens (the
//! cardinality bound is an upper bound, so an indicator set true without its event only
//! forbids more); every legal board and placement extends to the indicators, so the cuts keep
//! every solution (tests/least_walls.rs compares the models with and without them).

use super::clauses::{CellLits, Line, add, clause, full_lines};
use crate::board::{Board, Family};
use crate::encode::varmap::{VarMap, VarRole};
use rustsat::encodings::CollectClauses;
use rustsat::types::Lit;

/// The indicator literals of one family, and its number of lines `L`.
pub struct FamilySlack {
    pub lines: usize,
    pub events: Vec<Lit>,
}

/// The indicators of every family of `shape` (an empty board: its segments are full lines).
pub fn encode<C: CollectClauses>(
    shape: &Board,
    cells: CellLits,
    col: &mut C,
    vars: &mut VarMap,
) -> Vec<FamilySlack> {
    Family::ALL
        .iter()
        .map(|&f| {
            let lines = full_lines(shape, f);
            let events = lines
                .iter()
                .flat_map(|l| line_events(cells.line(l), col, vars))
                .collect();
            FamilySlack {
                lines: lines.len(),
                events,
            }
        })
        .collect()
}

/// The event indicators of one line (cell indices in order).
fn line_events<C: CollectClauses>(line: Line, col: &mut C, vars: &mut VarMap) -> Vec<Lit> {
    let n = line.n();
    let mut out = Vec::new();
    let (w, q) = (|k| line.wall(k), |k| line.queen(k));
    // Walls on the two ends (the same literal twice on a one-cell line).
    out.push(w(0));
    out.push(w(n - 1));
    // Adjacent walls: p ← w[k] ∧ w[k+1].
    for k in 0..n - 1 {
        let p = vars.named(VarRole::Aux("slack wall pair")).pos_lit();
        add(col, [clause(&[!w(k), !w(k + 1), p])]);
        out.push(p);
    }
    // h[k]: "a queen in the run up to cell k", allowed only if true: h[k] → ¬w[k],
    // h[k] → q[k] ∨ h[k-1]. A run ending at k (k free, k+1 a wall or beyond the line) without
    // a queen forces its indicator: w[k] ∨ h[k] ∨ ¬w[k+1] ∨ z.
    let mut prev: Option<Lit> = None;
    for k in 0..n {
        let h = vars.named(VarRole::Aux("slack run has a queen")).pos_lit();
        let mut cls = vec![clause(&[!h, !w(k)])];
        cls.push(match prev {
            Some(p) => clause(&[!h, q(k), p]),
            None => clause(&[!h, q(k)]),
        });
        let z = vars.named(VarRole::Aux("slack empty run")).pos_lit();
        cls.push(if k + 1 < n {
            clause(&[w(k), h, !w(k + 1), z])
        } else {
            clause(&[w(k), h, z])
        });
        add(col, cls);
        out.push(z);
        prev = Some(h);
    }
    out
}
