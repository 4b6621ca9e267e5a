//! Two armies of queens (white and black) on one board, for the peaceable-armies puzzle.

use super::grid::Board;
use super::placement::Placement;
use super::symmetry::Symmetry;
use serde::{Deserialize, Serialize};

/// A white and a black army. Each list is sorted (a [`Placement`]), so equal positions compare
/// equal; the armies' legality is the checker's business, not this type's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Armies {
    pub white: Placement,
    pub black: Placement,
}

impl Armies {
    pub fn new(white: Placement, black: Placement) -> Armies {
        Armies { white, black }
    }

    /// The smaller army's size: the `m` that this position achieves.
    pub fn size(&self) -> usize {
        self.white.len().min(self.black.len())
    }

    /// The same position with the colours exchanged.
    pub fn swapped(&self) -> Armies {
        Armies::new(self.black.clone(), self.white.clone())
    }

    /// The position moved by a symmetry of the board's shape.
    pub fn image_on(&self, sym: Symmetry, board: &Board) -> Armies {
        Armies::new(self.white.image_on(sym, board), self.black.image_on(sym, board))
    }

    /// Whether an isometry of the board maps this position to its colour swap: then its class
    /// under isometries and colour swap is one class under isometries alone, else two.
    pub fn swap_is_isometric(&self, board: &Board) -> bool {
        let swapped = self.swapped();
        board
            .stabiliser()
            .into_iter()
            .any(|s| self.image_on(s, board) == swapped)
    }

    /// Every image under the board's stabiliser combined with swapping colours, deduplicated
    /// and sorted; the first is the canonical representative of the class.
    pub fn images(&self, board: &Board) -> Vec<Armies> {
        let mut out: Vec<Armies> = board
            .stabiliser()
            .into_iter()
            .flat_map(|s| {
                let a = self.image_on(s, board);
                let b = a.swapped();
                [a, b]
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Draws the board with `W` and `B` for the armies (`#` wall, `x` hole, `.` empty).
    pub fn render(&self, board: &Board) -> String {
        let mut s = String::new();
        for r in 0..board.rows() {
            for c in 0..board.cols() {
                s.push(match board.cell((r, c)) {
                    super::grid::Cell::Wall => '#',
                    super::grid::Cell::Hole => 'x',
                    _ if self.white.contains((r, c)) => 'W',
                    _ if self.black.contains((r, c)) => 'B',
                    _ => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_include_the_colour_swap() {
        let b = Board::new(3, 2).unwrap();
        let a = Armies::new(Placement::new(vec![(0, 0)]), Placement::new(vec![(2, 1)]));
        let imgs = a.images(&b);
        // Rot180 maps (0,0)<->(2,1): the position equals its own swapped image.
        assert!(imgs.contains(&a.swapped()));
        assert!(a.swap_is_isometric(&b));
        let c = Armies::new(Placement::new(vec![(0, 0)]), Placement::new(vec![(1, 1)]));
        assert!(!c.swap_is_isometric(&b));
        assert_eq!(imgs.len(), 4);
        assert_eq!(a.render(&b), "W.\n..\n.B\n");
    }
}
