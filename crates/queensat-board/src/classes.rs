//! Symmetry classes of wall sets on a board of any size: the one class enumerator.
//!
//! A wall set is a [`CellSet`]; the board's symmetry group (8 on a square, 4 on a rectangle)
//! acts on it by permuting cell indices. Two extremes of an orbit are used:
//! - the *least image* is the class representative shown to users (sweep rows, puzzles); it
//!   equals [`Board::canonical`](super::grid::Board::canonical) for wall-only boards;
//! - the *greatest image* is the key of orderly generation: if a set is the greatest of its
//!   orbit, so is the set without its last cell. Proof: the greatest set is the one whose
//!   ascending cell list is lexicographically least (see [`CellSet`]'s order); drop the largest
//!   cell `s` of `S` to get `T`; were some image `g(T)` below `T` in that list order, merging
//!   `g(s)` into `g(T)` could only lower each order statistic, so `g(S)` would be below `S`.
//!
//! So the greatest sets with `k` walls are the children `T ∪ {x}`, `x` after the last cell of
//! `T`, of the greatest sets with `k − 1` walls that are themselves greatest: every class is
//! generated exactly once, from its parent, and no board is visited that is not one cell away
//! from a class of the level below.

use super::cellset::CellSet;
use super::grid::{Board, BoardError, Coord};
use super::symmetry::Symmetry;
use rayon::prelude::*;

/// The most memory the wall sets of the classes [`WallClasses::classes_within_limit`] lists
/// take: each is held in memory (with its parent layers and, in a sweep, its row), and the 8×8
/// sweep with 7 walls has 77.7 million of 8 bytes. 200 million sets of one word; a wider board's
/// sets are larger, so fewer of them fit ([`WallClasses::max_classes`]).
pub const MAX_CLASS_BYTES: u128 = 200_000_000 * 8;

/// `n` with a comma every three digits.
fn thousands(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The symmetry group of a board shape acting on wall sets of width `W`.
#[derive(Clone, Debug)]
pub struct WallClasses<const W: usize> {
    rows: usize,
    cols: usize,
    group: &'static [Symmetry],
    /// `perm[g][i]`: where the `g`-th symmetry sends cell `i`.
    perm: Vec<Vec<u16>>,
    /// `inverse[g]`: the index in the group of the inverse of the `g`-th symmetry.
    inverse: Vec<usize>,
    /// `cell_images[i][g]`: `perm[g][i]`, a cell's images side by side.
    cell_images: Vec<[u16; 8]>,
}

impl<const W: usize> WallClasses<W> {
    /// The group of a `rows × cols` board; errors when the board does not fit width `W`.
    pub fn new(rows: usize, cols: usize) -> Result<Self, BoardError> {
        let n = rows * cols;
        if rows == 0 || cols == 0 || n > CellSet::<W>::CAPACITY {
            return Err(BoardError::new(format!(
                "wall sets of width {W} hold boards of 1 to {} cells, not {rows}x{cols}",
                CellSet::<W>::CAPACITY
            )));
        }
        let group = Symmetry::group(rows, cols);
        let perm: Vec<Vec<u16>> = group
            .iter()
            .map(|&s| {
                (0..n)
                    .map(|i| {
                        let (r, c) = s.apply((i / cols, i % cols), rows, cols);
                        (r * cols + c) as u16
                    })
                    .collect()
            })
            .collect();
        let inverse = (0..group.len())
            .map(|g| {
                (0..group.len())
                    .find(|&h| (0..n).all(|i| perm[h][perm[g][i] as usize] as usize == i))
                    .expect("a group has inverses")
            })
            .collect();
        let cell_images = (0..n)
            .map(|i| std::array::from_fn(|g| perm.get(g).map_or(0, |p| p[i])))
            .collect();
        Ok(WallClasses {
            rows,
            cols,
            group,
            perm,
            inverse,
            cell_images,
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

    /// The set of the given cells (all on the board).
    pub fn set_of(&self, cells: &[Coord]) -> CellSet<W> {
        CellSet::of(cells.iter().map(|&(r, c)| r * self.cols + c))
    }

    /// The cells of a set, row-major.
    pub fn cells(&self, set: &CellSet<W>) -> Vec<Coord> {
        set.iter().map(|i| (i / self.cols, i % self.cols)).collect()
    }

    /// The board whose walls are the set.
    pub fn board(&self, walls: &CellSet<W>) -> Board {
        Board::with_walls(self.rows, self.cols, &self.cells(walls)).expect("sets hold cells of the board")
    }

    /// The image of a set under the `g`-th symmetry.
    pub fn image(&self, set: &CellSet<W>, g: usize) -> CellSet<W> {
        let perm = &self.perm[g];
        CellSet::of(set.iter().map(|i| perm[i] as usize))
    }

    /// The image under the inverse of the `g`-th symmetry.
    pub fn preimage(&self, set: &CellSet<W>, g: usize) -> CellSet<W> {
        self.image(set, self.inverse[g])
    }

    /// How many distinct sets the class of `set` holds (group order over stabiliser order).
    pub fn orbit_size(&self, set: &CellSet<W>) -> usize {
        // The identity (the first) fixes every set. Another symmetry that fixes the set sends
        // its first cell into it: most fail that at once.
        let first = set.first();
        let fixed = 1
            + (1..self.group.len())
                .filter(|&g| first.is_none_or(|i| set.contains(self.perm[g][i] as usize)))
                .filter(|&g| self.image(set, g) == *set)
                .count();
        self.group.len() / fixed
    }

    /// The class representative: the least image.
    pub fn least_image(&self, set: &CellSet<W>) -> CellSet<W> {
        (1..self.group.len()).fold(*set, |m, g| m.min(self.image(set, g)))
    }

    /// The orderly key of the class (its greatest image) and a symmetry that maps `set` onto it.
    pub fn greatest_image(&self, set: &CellSet<W>) -> (CellSet<W>, usize) {
        (0..self.group.len())
            .map(|g| (self.image(set, g), g))
            .max_by_key(|&(m, _)| m)
            .expect("the group is never empty")
    }

    /// Whether the set is the greatest of its orbit.
    pub fn is_greatest(&self, set: &CellSet<W>) -> bool {
        (1..self.group.len()).all(|g| self.image(set, g) <= *set)
    }

    /// The images of `set` under the group, in its order (the identity first), in the first
    /// [`group`](Self::group)`.len()` places.
    fn images(&self, set: &CellSet<W>) -> [CellSet<W>; 8] {
        let mut images = [*set; 8];
        for (g, image) in images.iter_mut().enumerate().take(self.group.len()).skip(1) {
            *image = self.image(set, g);
        }
        images
    }

    /// The children of the greatest set `parent` (itself with one cell after its last) that
    /// are greatest too, each with its least image: a child's images are its parent's with the
    /// image of the cell added, so each child costs one cell per symmetry.
    fn children(&self, parent: &CellSet<W>) -> impl Iterator<Item = (CellSet<W>, CellSet<W>)> + '_ {
        let images = self.images(parent);
        let order = self.group.len();
        let start = parent.last().map_or(0, |i| i + 1);
        (start..self.n_cells()).filter_map(move |x| {
            let child = images[0].with(x);
            let to = &self.cell_images[x];
            let mut least = child;
            for g in 1..order {
                let image = images[g].with(to[g] as usize);
                if image > child {
                    return None;
                }
                least = least.min(image);
            }
            Some((child, least))
        })
    }

    /// The greatest sets with one wall more than the greatest sets of `layer`, in generation
    /// order: parents in the order given, each parent's children by the cell added. The order
    /// does not depend on the threads (parallel over parents, collected in order).
    pub fn extend(&self, layer: &[CellSet<W>]) -> Vec<CellSet<W>> {
        layer
            .par_iter()
            .flat_map_iter(|parent| self.children(parent).map(|(child, _)| child))
            .collect()
    }

    /// One set per class of `k`-wall sets, as greatest images in generation order.
    pub fn layer(&self, k: usize) -> Vec<CellSet<W>> {
        if k > self.n_cells() {
            return Vec::new();
        }
        (0..k).fold(vec![CellSet::EMPTY], |layer, _| self.extend(&layer))
    }

    /// The most classes [`classes_within_limit`](Self::classes_within_limit) lists: as many
    /// wall sets of this width as `MAX_CLASS_BYTES` holds.
    pub fn max_classes() -> u128 {
        MAX_CLASS_BYTES / size_of::<CellSet<W>>() as u128
    }

    /// Every class of `k`-wall sets, as least images in ascending order; an error, before any
    /// is generated, when a layer on the way holds more than
    /// [`max_classes`](Self::max_classes) (counted by Burnside's lemma). The layers 0..=k are
    /// generated one from the other, and the number of classes of j-sets is unimodal in j with
    /// its peak at half the cells (Stanley, "Some aspects of groups acting on finite posets",
    /// JCTA 32, 1982), so the largest layer on the way is the one of min(k, cells / 2) walls.
    pub fn classes_within_limit(&self, k: usize) -> Result<Vec<CellSet<W>>, BoardError> {
        let peak = k.min(self.n_cells() / 2);
        let n = self.burnside_count(peak);
        if n > Self::max_classes() {
            let (r, c) = (self.rows, self.cols);
            let most = format!(
                "at most {} are held in memory ({} bytes each)",
                thousands(Self::max_classes()),
                size_of::<CellSet<W>>()
            );
            return Err(BoardError::new(if peak == k {
                format!(
                    "{r}x{c} with {k} walls has {} symmetry classes; {most}",
                    thousands(n)
                )
            } else {
                format!(
                    "{r}x{c} with {k} walls is generated through the {peak}-wall sets, which have {} symmetry \
                     classes; {most}",
                    thousands(n)
                )
            }));
        }
        Ok(self.classes(k))
    }

    /// Every class of `k`-wall sets, as least images in ascending order. The last layer's
    /// least images are the least of the images its generation made.
    pub fn classes(&self, k: usize) -> Vec<CellSet<W>> {
        if k == 0 || k > self.n_cells() {
            return self.layer(k);
        }
        let mut out: Vec<CellSet<W>> = self
            .layer(k - 1)
            .par_iter()
            .flat_map_iter(|parent| self.children(parent).map(|(_, least)| least))
            .collect();
        out.par_sort_unstable();
        out
    }

    /// The number of `k`-wall classes by Burnside's lemma: the average over the group of the
    /// number of `k`-sets each symmetry fixes (unions of its cycles). Independent of
    /// [`classes`](Self::classes), so it can check it.
    pub fn burnside_count(&self, k: usize) -> u128 {
        let n = self.n_cells();
        let mut total: u128 = 0;
        for perm in &self.perm {
            let mut seen = vec![false; n];
            // poly[j] = number of unions of cycles with j cells.
            let mut poly = vec![0u128; n + 1];
            poly[0] = 1;
            for start in 0..n {
                let mut len = 0;
                let mut i = start;
                while !seen[i] {
                    seen[i] = true;
                    len += 1;
                    i = perm[i] as usize;
                }
                if len > 0 {
                    // Saturating: on large boards the counts pass u128 (then they only mean
                    // "too many").
                    for j in (len..=n).rev() {
                        poly[j] = poly[j].saturating_add(poly[j - len]);
                    }
                }
            }
            total = total.saturating_add(poly.get(k).copied().unwrap_or(0));
        }
        total / self.group.len() as u128
    }
}

/// `n` choose `k`: how many boards of `n` cells have `k` walls; `None` past `u64`. The steps
/// run in `u128` and from the smaller side, so no step overflows before the result would.
pub fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        // C(n, i) · (n − i) is divisible by i + 1 (the result is C(n, i + 1)).
        acc = acc * u128::from(n - i) / u128::from(i + 1);
        if acc > u128::from(u64::MAX) {
            return None;
        }
    }
    Some(acc as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_classes_are_refused_before_generation() {
        let wc = WallClasses::<3>::new(12, 12).unwrap();
        let e = wc.classes_within_limit(6).unwrap_err().to_string();
        assert!(
            e.contains("12x12 with 6 walls has ") && e.contains("66,666,666"),
            "{e}"
        );
        assert_eq!(wc.classes_within_limit(1).unwrap().len(), 21);
        // Nearly full boards pass through the widest layer.
        let e = WallClasses::<1>::new(8, 8)
            .unwrap()
            .classes_within_limit(58)
            .unwrap_err()
            .to_string();
        assert!(e.contains("through the 32-wall sets"), "{e}");
        assert_eq!(thousands(1234567), "1,234,567");
        // Past u128 the count saturates instead of overflowing.
        assert!(
            WallClasses::<25>::new(40, 40).unwrap().burnside_count(800) > WallClasses::<25>::max_classes()
        );
    }

    #[test]
    fn the_limit_is_on_the_memory_of_the_wall_sets() {
        assert_eq!(WallClasses::<1>::max_classes(), 200_000_000);
        // 32x32 with 3 walls: 22 million classes of 128 bytes each, which took 12 GB.
        let e = WallClasses::<16>::new(32, 32)
            .unwrap()
            .classes_within_limit(3)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("at most 12,500,000 are held in memory (128 bytes each)"),
            "{e}"
        );
        assert_eq!(
            WallClasses::<16>::new(32, 32)
                .unwrap()
                .classes_within_limit(1)
                .unwrap()
                .len(),
            136
        );
    }
    use itertools::Itertools;

    #[test]
    fn images_agree_with_the_board_symmetries() {
        fn check<const W: usize>(rows: usize, cols: usize) {
            let wc = WallClasses::<W>::new(rows, cols).unwrap();
            let walls: Vec<Coord> = [(0, 1), (rows - 1, cols - 1), (rows / 2, 0)]
                .into_iter()
                .sorted()
                .dedup()
                .collect();
            let board = Board::with_walls(rows, cols, &walls).unwrap();
            let set = wc.set_of(&walls);
            assert_eq!(wc.cells(&set), walls);
            for (g, &s) in wc.group().iter().enumerate() {
                let image = wc.image(&set, g);
                assert_eq!(image, wc.set_of(&board.image(s).walls()));
                assert_eq!(wc.preimage(&image, g), set);
            }
            let (canon, _) = board.canonical();
            assert_eq!(wc.least_image(&set), wc.set_of(&canon.walls()));
            assert_eq!(wc.orbit_size(&set), board.orbit_size());
            let (key, g) = wc.greatest_image(&set);
            assert_eq!(wc.image(&set, g), key);
            assert!(wc.is_greatest(&key));
        }
        check::<1>(8, 8);
        check::<1>(5, 7);
        check::<1>(1, 6);
        check::<2>(9, 9);
        check::<2>(7, 9);
        check::<4>(12, 12);
        check::<64>(64, 64);
        check::<64>(3, 3);
    }

    #[test]
    fn class_counts_match_burnside_on_8x8() {
        let wc = WallClasses::<1>::new(8, 8).unwrap();
        // Class counts the seed article and the issue state for k = 0..5.
        let want = [1u128, 10, 278, 5278, 79_920];
        for (k, &w) in want.iter().enumerate() {
            assert_eq!(wc.burnside_count(k), w, "burnside k={k}");
            assert_eq!(wc.classes(k).len() as u128, w, "generated k={k}");
        }
        assert_eq!(wc.burnside_count(5), 954_226);
        assert_eq!(wc.burnside_count(6), 9_377_618);
    }

    #[test]
    fn class_counts_match_burnside_past_64_cells() {
        fn check<const W: usize>(rows: usize, cols: usize, kmax: usize) {
            let wc = WallClasses::<W>::new(rows, cols).unwrap();
            let n = rows * cols;
            for k in 0..=kmax {
                let classes = wc.classes(k);
                assert_eq!(classes.len() as u128, wc.burnside_count(k), "{rows}x{cols} k={k}");
                let boards: usize = classes.iter().map(|s| wc.orbit_size(s)).sum();
                assert_eq!(
                    Some(boards as u64),
                    binomial(n as u64, k as u64),
                    "{rows}x{cols} k={k}: orbits cover every board"
                );
                assert!(classes.iter().all(|s| s.len() == k && wc.least_image(s) == *s));
            }
        }
        check::<2>(9, 9, 3);
        check::<2>(10, 10, 3);
        check::<1>(7, 9, 3);
        check::<2>(9, 11, 2);
        check::<4>(12, 12, 2);
    }

    #[test]
    fn classes_equal_brute_force_canonical_forms_on_small_boards() {
        for (rows, cols) in [(4, 4), (3, 5), (5, 5)] {
            // The same boards at two widths: one word, and the multi-word path.
            let one = WallClasses::<1>::new(rows, cols).unwrap();
            let four = WallClasses::<4>::new(rows, cols).unwrap();
            let n = rows * cols;
            for k in 0..=4 {
                let mut brute: Vec<Vec<Coord>> = (0..n)
                    .combinations(k)
                    .map(|cells| {
                        let coords: Vec<Coord> = cells.iter().map(|&i| (i / cols, i % cols)).collect();
                        Board::with_walls(rows, cols, &coords)
                            .unwrap()
                            .canonical()
                            .0
                            .walls()
                    })
                    .collect();
                brute.sort_unstable_by_key(|w| std::cmp::Reverse(one.set_of(w)));
                brute.dedup();
                brute.reverse();
                let got: Vec<Vec<Coord>> = one.classes(k).iter().map(|s| one.cells(s)).collect();
                assert_eq!(got, brute, "{rows}x{cols} k={k}");
                let wide: Vec<Vec<Coord>> = four.classes(k).iter().map(|s| four.cells(s)).collect();
                assert_eq!(wide, got, "{rows}x{cols} k={k}: widths 1 and 4 agree");
                assert_eq!(one.layer(k).len() as u128, one.burnside_count(k));
            }
        }
    }

    #[test]
    fn binomials_up_to_u64() {
        assert_eq!(binomial(64, 2), Some(2016));
        assert_eq!(binomial(64, 4), Some(635_376));
        assert_eq!(
            (binomial(5, 0), binomial(5, 5), binomial(5, 6)),
            (Some(1), Some(1), Some(0))
        );
        assert_eq!(binomial(64, 32), Some(1_832_624_140_942_590_534));
        assert_eq!(binomial(67, 33), Some(14_226_520_737_620_288_370));
        assert_eq!((binomial(68, 34), binomial(68, 33)), (None, None));
        assert_eq!(binomial(4096, 40), None);
    }

    #[test]
    fn boards_past_the_width_are_errors() {
        assert!(WallClasses::<1>::new(9, 8).is_err());
        assert!(WallClasses::<1>::new(8, 8).is_ok());
        assert!(WallClasses::<2>::new(9, 9).is_ok());
    }
}
