//! A set of queens on a board.

use super::grid::{Board, Coord};
use super::symmetry::Symmetry;
use serde::{Deserialize, Deserializer, Serialize};

/// Queens on a board, kept sorted in row-major order so that equal placements compare equal,
/// each cell once. A placement read from a file keeps both: it is a list a user gave
/// ([`Placement::from_list`]), so a cell named twice is refused, not merged.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
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
    /// A placement from a list a user gave: a cell named twice is an error, not merged (the
    /// least such cell is named).
    pub fn from_list(mut queens: Vec<Coord>) -> Result<Placement, super::grid::BoardError> {
        if !queens.windows(2).all(|w| w[0] < w[1]) {
            queens.sort_unstable();
            if let Some(w) = queens.windows(2).find(|w| w[0] == w[1]) {
                let (r, c) = w[0];
                return Err(super::grid::BoardError::new(format!(
                    "cell {r},{c} is named twice"
                )));
            }
        }
        Ok(Placement { queens })
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

impl<'de> Deserialize<'de> for Placement {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Placement, D::Error> {
        Placement::from_list(Vec::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl FromIterator<Coord> for Placement {
    fn from_iter<I: IntoIterator<Item = Coord>>(iter: I) -> Self {
        Placement::new(iter.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::Placement;

    #[test]
    fn a_placement_read_back_is_sorted_and_names_each_cell_once() {
        let p: Placement = serde_json::from_str("[[2,0],[0,1]]").unwrap();
        assert_eq!(p.queens(), [(0, 1), (2, 0)]);
        assert!(p.contains((2, 0)));
        let e = serde_json::from_str::<Placement>("[[0,1],[3,3],[0,1]]").unwrap_err();
        assert!(e.to_string().contains("cell 0,1 is named twice"), "{e}");
        assert_eq!(serde_json::to_string(&p).unwrap(), "[[0,1],[2,0]]");
    }
}
