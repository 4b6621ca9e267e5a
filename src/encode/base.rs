//! The base model of a fixed board: one variable per free cell, at most one queen per segment.
//!
//! Invariant: a model of the clauses is exactly a legal placement (no two queens share a
//! segment; walls and holes carry no variable), and the [`Counter`] counts its queens.

use super::amo::Amo;
use super::count::{CountMode, Counter};
use super::varmap::{VarMap, VarRole};
use crate::board::{Board, Coord, Family, Placement};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};
use serde::{Deserialize, Serialize};

/// Choices of encoding for the base model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseOptions {
    pub amo: Amo,
    pub count: CountMode,
}

/// The encoded base model of one board.
#[derive(Debug)]
pub struct BaseModel {
    pub vars: VarMap,
    rows: usize,
    cols: usize,
    /// Queen literal of each cell, by row-major index; `None` on walls and holes.
    queen: Vec<Option<Lit>>,
    counter: Counter,
}

impl BaseModel {
    /// Encodes the board's non-attack constraints into `col`.
    pub fn encode<C: CollectClauses>(board: &Board, opts: BaseOptions, col: &mut C) -> BaseModel {
        let mut vars = VarMap::new();
        let queen: Vec<Option<Lit>> = board
            .coords()
            .map(|p| {
                (board.cell(p) == crate::board::Cell::Free).then(|| vars.named(VarRole::Queen(p)).pos_lit())
            })
            .collect();
        let lit_of = |p: Coord| queen[board.index(p)];
        let mut occupied: [Vec<Lit>; 2] = [Vec::new(), Vec::new()];
        for family in Family::ALL {
            for (i, seg) in board.segments_of(family).iter().enumerate() {
                let lits: Vec<Lit> = seg.cells.iter().filter_map(|&p| lit_of(p)).collect();
                opts.amo.encode(&lits, col, &mut vars);
                let slot = match family {
                    Family::Row => 0,
                    Family::Column => 1,
                    _ => continue,
                };
                if opts.count == CountMode::Segments && !lits.is_empty() {
                    occupied[slot].push(occupancy(&lits, family, i, col, &mut vars));
                }
            }
        }
        let inputs = match opts.count {
            CountMode::Cells => vec![queen.iter().flatten().copied().collect()],
            CountMode::Segments => occupied.into_iter().collect(),
        };
        BaseModel {
            vars,
            rows: board.rows(),
            cols: board.cols(),
            queen,
            counter: Counter::new(inputs),
        }
    }

    /// The literal "a queen stands on `at`", if the cell is free.
    pub fn queen_lit(&self, (r, c): Coord) -> Option<Lit> {
        self.queen[r * self.cols + c]
    }

    /// Every free cell with its queen literal, row-major.
    pub fn queen_lits(&self) -> impl Iterator<Item = (Coord, Lit)> + '_ {
        self.queen
            .iter()
            .enumerate()
            .filter_map(|(i, l)| l.map(|l| ((i / self.cols, i % self.cols), l)))
    }

    /// Phases (first guesses) for a solver: a queen on each free cell where `on` holds, none
    /// elsewhere.
    pub fn phases_of(&self, on: &dyn Fn(Coord) -> bool) -> Vec<Lit> {
        self.queen_lits()
            .map(|(cell, lit)| if on(cell) { lit } else { !lit })
            .collect()
    }

    /// An upper bound on the count that the counter's inputs give.
    pub fn max_count(&self) -> usize {
        self.counter.max_count()
    }

    /// Assumptions for "at least `k` queens"; `None` if the count cannot reach `k`.
    pub fn at_least<C: CollectClauses>(&mut self, k: usize, col: &mut C) -> Option<Vec<Lit>> {
        self.counter.at_least(k, col, &mut self.vars)
    }

    /// Assumptions for "at most `k` queens".
    pub fn at_most<C: CollectClauses>(&mut self, k: usize, col: &mut C) -> Vec<Lit> {
        self.counter.at_most(k, col, &mut self.vars)
    }

    /// Assumptions for "exactly `k` queens"; `None` if the count cannot reach `k`.
    pub fn exactly<C: CollectClauses>(&mut self, k: usize, col: &mut C) -> Option<Vec<Lit>> {
        self.counter.exactly(k, col, &mut self.vars)
    }

    /// The placement a model describes, given the truth value of each literal.
    pub fn decode(&self, is_true: impl Fn(Lit) -> bool) -> Placement {
        self.queen_lits()
            .filter(|&(_, l)| is_true(l))
            .map(|(p, _)| p)
            .collect()
    }

    /// The clause that forbids exactly this assignment of queens from recurring.
    pub fn blocking_clause(&self, placement: &Placement) -> Clause {
        self.queen_lits()
            .map(|(p, l)| if placement.contains(p) { !l } else { l })
            .collect()
    }

    /// A shorter blocking clause, "not all of these queens", which forbids exactly this
    /// placement when the number of queens is fixed (any other set of the same size differs).
    pub fn blocking_clause_fixed_count(&self, placement: &Placement) -> Clause {
        placement
            .queens()
            .iter()
            .map(|&p| {
                !self
                    .queen_lit(p)
                    .expect("a placement's queens stand on free cells")
            })
            .collect()
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }
}

/// A literal equivalent to "some of `lits` is true": the literal itself for one cell, else a
/// new variable `o` with `o → OR(lits)` and `lit → o` for each.
fn occupancy<C: CollectClauses>(
    lits: &[Lit],
    family: Family,
    index: usize,
    col: &mut C,
    vars: &mut VarMap,
) -> Lit {
    if lits.len() == 1 {
        return lits[0];
    }
    let o = vars.named(VarRole::Occupied(family, index)).pos_lit();
    let mut clauses = Vec::with_capacity(lits.len() + 1);
    clauses.push(
        std::iter::once(!o)
            .chain(lits.iter().copied())
            .collect::<Clause>(),
    );
    clauses.extend(lits.iter().map(|&l| [!l, o].into_iter().collect::<Clause>()));
    col.extend_clauses(clauses)
        .expect("out of memory while encoding occupancy");
    o
}
