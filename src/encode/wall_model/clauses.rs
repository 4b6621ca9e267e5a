//! What every part of the least-walls model writes its clauses with: the cell literals, the
//! lines of the empty shape, and the two clause helpers.

use crate::board::{Board, Family};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// The wall and the queen literal of every cell of the shape, by cell index.
#[derive(Clone, Copy)]
pub struct CellLits<'a> {
    pub wall: &'a [Lit],
    pub queen: &'a [Lit],
}

impl<'a> CellLits<'a> {
    /// The line through `cells` (indices in order).
    pub fn line(self, cells: &'a [usize]) -> Line<'a> {
        Line { cells, lits: self }
    }
}

/// One full line: its cells' indices in order, read by position.
#[derive(Clone, Copy)]
pub struct Line<'a> {
    pub cells: &'a [usize],
    pub lits: CellLits<'a>,
}

impl Line<'_> {
    /// The number of cells.
    pub fn n(&self) -> usize {
        self.cells.len()
    }

    /// The wall literal of the `k`-th cell.
    pub fn wall(&self, k: usize) -> Lit {
        self.lits.wall[self.cells[k]]
    }

    /// The queen literal of the `k`-th cell.
    pub fn queen(&self, k: usize) -> Lit {
        self.lits.queen[self.cells[k]]
    }
}

/// The cell indices, in order, of every full line of `family` on `shape` (an empty board, so
/// its segments are full lines).
pub fn full_lines(shape: &Board, family: Family) -> Vec<Vec<usize>> {
    shape
        .segments_of(family)
        .iter()
        .map(|s| s.cells.iter().map(|&p| shape.index(p)).collect())
        .collect()
}

/// A clause of these literals.
pub fn clause(lits: &[Lit]) -> Clause {
    lits.iter().copied().collect()
}

/// Adds clauses, treating running out of memory as fatal (as the other encoders do).
pub fn add<C: CollectClauses>(col: &mut C, clauses: impl IntoIterator<Item = Clause>) {
    col.extend_clauses(clauses)
        .expect("out of memory while encoding the least-walls model");
}
