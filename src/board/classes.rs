//! Symmetry classes of wall sets, as 64-bit masks, for boards of at most 64 cells.
//!
//! A wall set is a mask with cell `i` (row-major index) at bit `63 - i`, so on an 8 × 8 board
//! the mask is the published 64-bit layout, and comparing masks as numbers compares the
//! row-major cell lists (a wall at an earlier cell makes the number larger).
//!
//! Two canonical forms are used, both "extremes over the orbit":
//! - the *least image* (smallest mask) is the class representative everywhere outside this
//!   file; it equals [`Board::canonical`](super::Board::canonical) for wall-only boards;
//! - the *greatest image* drives orderly generation: if a set is the greatest of its orbit,
//!   so is the set without its last cell (its lowest set bit). Proof sketch: greatest mask =
//!   lexicographically least ascending cell tuple; dropping the largest cell `s` from `S`
//!   gives `T`; if some image `g(T)` had a smaller tuple, merging `g(s)` into it can only lower
//!   each order statistic, so `g(S)` would have a smaller tuple than `S`.
//!
//! So the classes with `k` walls are the children `T ∪ {x}`, `x` after the last cell of `T`,
//! of the classes with `k - 1` walls that are greatest in their orbits: no board is visited
//! that is not one cell away from a representative.

use super::{BoardError, Coord, Symmetry};
use rayon::prelude::*;

/// The bit of cell `i` in a wall mask.
pub fn cell_bit(i: usize) -> u64 {
    1u64 << (63 - i)
}

/// The cells of a mask, row-major, for a board with `cols` columns.
pub fn mask_cells(mask: u64, cols: usize) -> Vec<Coord> {
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    let mut m = mask;
    while m != 0 {
        let i = m.leading_zeros() as usize;
        out.push((i / cols, i % cols));
        m &= !cell_bit(i);
    }
    out
}

/// The symmetry group of a board shape, acting on wall masks by table lookup: the image of a
/// mask is the OR of one table entry per byte.
pub struct WallSymmetries {
    rows: usize,
    cols: usize,
    group: &'static [Symmetry],
    /// `tables[g][byte][value]`: the image under `group[g]` of the cells `value` marks in
    /// byte `byte` (byte 0 holds cells 0..8).
    tables: Vec<Vec<[u64; 256]>>,
}

impl WallSymmetries {
    /// The tables for a `rows × cols` board of at most 64 cells.
    pub fn new(rows: usize, cols: usize) -> Result<WallSymmetries, BoardError> {
        let n = rows * cols;
        if rows == 0 || cols == 0 || n > 64 {
            return Err(BoardError::new(format!(
                "wall masks hold boards of 1 to 64 cells, not {rows}x{cols} ({n} cells)"
            )));
        }
        let group = Symmetry::group(rows, cols);
        let tables = group
            .iter()
            .map(|&s| {
                let image_of = |i: usize| {
                    let (r, c) = s.apply((i / cols, i % cols), rows, cols);
                    r * cols + c
                };
                (0..8)
                    .map(|byte| {
                        let mut t = [0u64; 256];
                        for (value, slot) in t.iter_mut().enumerate() {
                            for b in 0..8 {
                                let i = 8 * byte + b;
                                if i < n && value & (0x80 >> b) != 0 {
                                    *slot |= cell_bit(image_of(i));
                                }
                            }
                        }
                        t
                    })
                    .collect()
            })
            .collect();
        Ok(WallSymmetries {
            rows,
            cols,
            group,
            tables,
        })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }
    pub fn n_cells(&self) -> usize {
        self.rows * self.cols
    }
    pub fn group(&self) -> &'static [Symmetry] {
        self.group
    }

    /// The image of a mask under the `g`-th element of the group.
    pub fn image(&self, g: usize, mask: u64) -> u64 {
        let t = &self.tables[g];
        (0..8).fold(0, |acc, byte| {
            acc | t[byte][((mask >> (56 - 8 * byte)) & 0xff) as usize]
        })
    }

    /// The class representative: the least image.
    pub fn least_image(&self, mask: u64) -> u64 {
        (1..self.group.len()).fold(mask, |m, g| m.min(self.image(g, mask)))
    }

    /// Whether the mask is the greatest of its orbit (the orderly form).
    fn is_greatest(&self, mask: u64) -> bool {
        (1..self.group.len()).all(|g| self.image(g, mask) <= mask)
    }

    /// How many distinct wall sets the class of `mask` holds.
    pub fn orbit_size(&self, mask: u64) -> usize {
        let fixed = (0..self.group.len())
            .filter(|&g| self.image(g, mask) == mask)
            .count();
        self.group.len() / fixed
    }

    /// Every class of `k`-wall sets, as least images in ascending order, by orderly
    /// generation layer by layer (parallel over parents).
    pub fn classes(&self, k: usize) -> Vec<u64> {
        let n = self.n_cells();
        let mut layer = vec![0u64];
        for _ in 0..k.min(n + 1) {
            layer = layer
                .par_iter()
                .flat_map_iter(|&t| {
                    // The cell after the last wall of `t` (its lowest set bit).
                    let start = if t == 0 {
                        0
                    } else {
                        64 - t.trailing_zeros() as usize
                    };
                    (start..n)
                        .map(move |x| t | cell_bit(x))
                        .filter(|&s| self.is_greatest(s))
                })
                .collect();
        }
        if k > n {
            return Vec::new();
        }
        let mut out: Vec<u64> = layer.par_iter().map(|&m| self.least_image(m)).collect();
        out.par_sort_unstable();
        out
    }

    /// The number of `k`-wall classes by Burnside's lemma: the average over the group of the
    /// number of `k`-sets each element fixes (unions of its cycles). Independent of
    /// [`classes`](Self::classes), so it can check it.
    pub fn burnside_count(&self, k: usize) -> u128 {
        let n = self.n_cells();
        let mut total: u128 = 0;
        for &s in self.group {
            let mut seen = vec![false; n];
            // poly[j] = number of unions of cycles with j cells.
            let mut poly = vec![0u128; n + 1];
            poly[0] = 1;
            for start in 0..n {
                if seen[start] {
                    continue;
                }
                let mut len = 0;
                let mut i = start;
                while !seen[i] {
                    seen[i] = true;
                    len += 1;
                    let (r, c) = s.apply((i / self.cols, i % self.cols), self.rows, self.cols);
                    i = r * self.cols + c;
                }
                for j in (len..=n).rev() {
                    poly[j] += poly[j - len];
                }
            }
            total += poly.get(k).copied().unwrap_or(0);
        }
        total / self.group.len() as u128
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, from_bits64, to_bits64};

    #[test]
    fn images_agree_with_the_board_symmetries() {
        for (rows, cols) in [(8, 8), (5, 7), (3, 3), (1, 6)] {
            let ws = WallSymmetries::new(rows, cols).unwrap();
            let walls = [(0, 1), (rows - 1, cols - 1), (rows / 2, 0)];
            let board = Board::with_walls(rows, cols, &dedup(&walls)).unwrap();
            let mask = mask_of(&board.walls(), cols);
            for (g, &s) in ws.group().iter().enumerate() {
                assert_eq!(ws.image(g, mask), mask_of(&board.image(s).walls(), cols));
            }
            let (canon, _) = board.canonical();
            assert_eq!(ws.least_image(mask), mask_of(&canon.walls(), cols));
            assert_eq!(ws.orbit_size(mask), board.orbit_size());
        }
    }

    fn dedup(cells: &[Coord]) -> Vec<Coord> {
        let mut v = cells.to_vec();
        v.sort_unstable();
        v.dedup();
        v
    }

    fn mask_of(cells: &[Coord], cols: usize) -> u64 {
        cells.iter().fold(0, |m, &(r, c)| m | cell_bit(r * cols + c))
    }

    #[test]
    fn mask_is_the_published_layout_on_8x8() {
        let cells = vec![(1, 3), (2, 5)];
        assert_eq!(mask_of(&cells, 8), to_bits64(&cells).unwrap());
        assert_eq!(mask_cells(mask_of(&cells, 8), 8), cells);
        assert_eq!(from_bits64(mask_of(&cells, 8), 8, 8).unwrap(), cells);
    }

    #[test]
    fn class_counts_match_burnside_on_8x8() {
        let ws = WallSymmetries::new(8, 8).unwrap();
        // Class counts the seed article and the issue state for k = 0..5.
        let want = [1u128, 10, 278, 5278, 79_920];
        for (k, &w) in want.iter().enumerate() {
            assert_eq!(ws.burnside_count(k), w, "burnside k={k}");
            assert_eq!(ws.classes(k).len() as u128, w, "generated k={k}");
        }
        assert_eq!(ws.burnside_count(5), 954_226);
        assert_eq!(ws.burnside_count(6), 9_377_618);
    }

    #[test]
    fn classes_equal_brute_force_canonical_forms_on_small_boards() {
        for (rows, cols) in [(4, 4), (3, 5), (5, 5)] {
            let ws = WallSymmetries::new(rows, cols).unwrap();
            let n = rows * cols;
            for k in 0..=4 {
                let mut brute: Vec<u64> = itertools::Itertools::combinations(0..n, k)
                    .map(|cells| {
                        let coords: Vec<Coord> = cells.iter().map(|&i| (i / cols, i % cols)).collect();
                        let b = Board::with_walls(rows, cols, &coords).unwrap();
                        mask_of(&b.canonical().0.walls(), cols)
                    })
                    .collect();
                brute.sort_unstable();
                brute.dedup();
                let got = ws.classes(k);
                assert_eq!(got, brute, "{rows}x{cols} k={k}");
                assert_eq!(got.len() as u128, ws.burnside_count(k));
                let boards: usize = got.iter().map(|&m| ws.orbit_size(m)).sum();
                assert_eq!(boards as u128, binomial(n, k), "orbits cover every board");
            }
        }
    }

    fn binomial(n: usize, k: usize) -> u128 {
        (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i as u128 + 1))
    }

    #[test]
    fn too_many_cells_is_an_error() {
        assert!(WallSymmetries::new(9, 8).is_err());
        assert!(WallSymmetries::new(8, 8).is_ok());
    }
}
