//! The symmetries of the rectangle (4) and of the square (8), acting on cells and boards.
//!
//! Canonical form: of all images of a board under its group, the one whose row-major list of
//! cells is smallest, with `Free < Wall < Hole`. For wall-only boards of at most 8 columns this
//! is the image with the smallest published 64-bit wall number.

use super::grid::{Board, Coord};
use serde::{Deserialize, Serialize};

/// An element of the dihedral group of the square. On a non-square board only the four
/// that keep the sides in place apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    Identity,
    /// Quarter turn clockwise.
    Rot90,
    Rot180,
    Rot270,
    /// Mirror left to right (vertical axis).
    FlipColumns,
    /// Mirror top to bottom (horizontal axis).
    FlipRows,
    /// Reflection in the main diagonal: (r, c) -> (c, r).
    Transpose,
    /// Reflection in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rot90,
        Symmetry::Rot180,
        Symmetry::Rot270,
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];
    const RECTANGLE: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::Rot180,
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
    ];

    /// The symmetry group of a `rows × cols` board.
    pub fn group(rows: usize, cols: usize) -> &'static [Symmetry] {
        if rows == cols {
            &Symmetry::ALL
        } else {
            &Symmetry::RECTANGLE
        }
    }

    /// Where the cell `(r, c)` of a `rows × cols` board goes. The caller keeps to the group of
    /// the board: quarter turns and diagonal reflections need a square.
    pub fn apply(self, (r, c): Coord, rows: usize, cols: usize) -> Coord {
        let (lr, lc) = (rows - 1, cols - 1);
        match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rot90 => (c, lr - r),
            Symmetry::Rot180 => (lr - r, lc - c),
            Symmetry::Rot270 => (lc - c, r),
            Symmetry::FlipColumns => (r, lc - c),
            Symmetry::FlipRows => (lr - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (lc - c, lr - r),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rot90 => "rot90",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot270 => "rot270",
            Symmetry::FlipColumns => "flip-columns",
            Symmetry::FlipRows => "flip-rows",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti-transpose",
        }
    }
}

impl Board {
    /// The symmetries of this board's shape.
    pub fn group(&self) -> &'static [Symmetry] {
        Symmetry::group(self.rows(), self.cols())
    }

    /// The board moved by a symmetry of its group.
    pub fn image(&self, sym: Symmetry) -> Board {
        let mut out = self.clone();
        for p in self.coords() {
            out.set(sym.apply(p, self.rows(), self.cols()), self.cell(p));
        }
        out
    }

    /// The canonical representative of the board's symmetry class, and a symmetry that maps
    /// this board onto it.
    pub fn canonical(&self) -> (Board, Symmetry) {
        self.group()
            .iter()
            .map(|&s| (self.image(s), s))
            .min_by(|a, b| a.0.cells().cmp(b.0.cells()))
            .expect("the group is never empty")
    }

    /// Symmetries that map the walls onto walls and the holes onto holes.
    pub fn stabiliser(&self) -> Vec<Symmetry> {
        self.group()
            .iter()
            .copied()
            .filter(|&s| self.image(s) == *self)
            .collect()
    }

    /// How many distinct boards the class of this board holds.
    pub fn orbit_size(&self) -> usize {
        self.group().len() / self.stabiliser().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_is_a_bijection_and_the_group_closes() {
        let n = 5;
        for &s in &Symmetry::ALL {
            let mut seen = std::collections::HashSet::new();
            for r in 0..n {
                for c in 0..n {
                    assert!(seen.insert(s.apply((r, c), n, n)));
                }
            }
            for &t in &Symmetry::ALL {
                let composed: Vec<_> = (0..n * n)
                    .map(|i| t.apply(s.apply((i / n, i % n), n, n), n, n))
                    .collect();
                assert!(
                    Symmetry::ALL
                        .iter()
                        .any(|&u| (0..n * n).all(|i| u.apply((i / n, i % n), n, n) == composed[i]))
                );
            }
        }
    }

    #[test]
    fn rot90_turns_clockwise() {
        // Top-left corner goes to top-right.
        assert_eq!(Symmetry::Rot90.apply((0, 0), 8, 8), (0, 7));
    }

    #[test]
    fn canonical_form_is_a_class_invariant() {
        let b = Board::with_walls(6, 6, &[(0, 1), (2, 5), (3, 3)]).unwrap();
        let (canon, s) = b.canonical();
        assert_eq!(b.image(s), canon);
        for &t in b.group() {
            assert_eq!(b.image(t).canonical().0, canon);
        }
    }

    #[test]
    fn stabiliser_of_a_diagonal_pair() {
        let b = Board::with_walls(8, 8, &[(1, 2), (2, 1)]).unwrap();
        let st = b.stabiliser();
        assert!(st.contains(&Symmetry::Transpose));
        assert_eq!(b.orbit_size(), 8 / st.len());
        assert_eq!(Board::square(8).unwrap().orbit_size(), 1);
        assert_eq!(Board::new(3, 4).unwrap().stabiliser().len(), 4);
    }
}
