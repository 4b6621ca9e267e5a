//! A set of queens on a board.

use super::grid::{Board, Coord};
use super::symmetry::Symmetry;
use serde::{Deserialize, Serialize};

/// Queens on a board, kept sorted in row-major order so that equal placements compare equal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Placement {
    queens: Vec<Coord>,
}

impl Placement {
    pub fn new(mut queens: Vec<Coord>) -> Placement {
        // Most come in order already (a search's cells, ascending).
        if !queens.windows(2).all(|w| w[0] < w[1]) {
            queens.sort_unstable();
            queens.dedup();
        }
        Placement { queens }
    }
    /// A placement from a list a user gave: a cell named twice is an error, not merged.
    pub fn from_list(queens: Vec<Coord>) -> Result<Placement, super::grid::BoardError> {
        let p = Placement::new(queens.clone());
        if p.len() != queens.len() {
            let twice = queens
                .iter()
                .enumerate()
                .find(|(i, q)| queens[..*i].contains(q))
                .map(|(_, q)| *q)
                .unwrap_or_default();
            return Err(super::grid::BoardError::new(format!(
                "cell {},{} is named twice",
                twice.0, twice.1
            )));
        }
        Ok(p)
    }
    /// The queens' vector, for a caller that refills it (see [`Placement::new`]).
    pub fn into_queens(self) -> Vec<Coord> {
        self.queens
    }
    pub fn queens(&self) -> &[Coord] {
        &self.queens
    }
    pub fn len(&self) -> usize {
        self.queens.len()
    }
    pub fn is_empty(&self) -> bool {
        self.queens.is_empty()
    }
    pub fn contains(&self, at: Coord) -> bool {
        self.queens.binary_search(&at).is_ok()
    }
    /// The placement moved by a symmetry of a `rows × cols` board.
    pub fn image(&self, sym: Symmetry, rows: usize, cols: usize) -> Placement {
        Placement::new(self.queens.iter().map(|&p| sym.apply(p, rows, cols)).collect())
    }
    /// The same, with the sizes taken from a board.
    pub fn image_on(&self, sym: Symmetry, board: &Board) -> Placement {
        self.image(sym, board.rows(), board.cols())
    }
}

impl FromIterator<Coord> for Placement {
    fn from_iter<I: IntoIterator<Item = Coord>>(iter: I) -> Self {
        Placement::new(iter.into_iter().collect())
    }
}
