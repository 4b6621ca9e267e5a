//! Exact counting row by row, without listing placements: the counter behind N+k queens.
//!
//! A row segment holds at most one queen, so no placement on a board has more queens than the
//! board has occupiable row segments `R`; a placement of exactly `R` queens puts one queen in
//! every row segment ("row-perfect"). The counter walks the rows top to bottom with the attack
//! state of the rows above as three bit masks, as in the classic bitwise n-queens count: the
//! columns and the two diagonals that a queen above still sees. A wall clears its bit in all
//! three (it blocks what comes from above), so segments below a wall start fresh. When the
//! board has as many occupiable column segments as row segments, every column segment must
//! hold a queen too, so a wall whose column segment above is still empty ends the branch.
//!
//! Two entry points share that row step:
//! - [`count_row_perfect`]: one board, fixed walls (and holes);
//! - [`NkCounter`]: every board at once for N+k queens (n + k queens and k walls on n × n,
//!   OEIS A103330, A129551, A129553): the walls are chosen row by row as the search goes. With
//!   n + k queens every row segment and every column segment holds exactly one queen, so a
//!   wall stands off the border, has a queen above it in its column (in the state already)
//!   and a queen on both sides in its row. The search is split into independent prefixes
//!   (tasks) so that runs can be parallel, resumable and sharded; the left-right mirror halves
//!   the work.
//!
//! Nothing here comes from the SAT encoders, so the counts cross-check SAT enumeration.

use queensat_board::{Board, Cell};

/// What the rows above leave for the rest of the board: queens' lines still open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RowState {
    /// The next row to fill.
    pub row: usize,
    /// Columns whose current segment already holds a queen.
    pub cols: u64,
    /// Cells of the next row that a queen above sees along a down-right diagonal.
    pub down_right: u64,
    /// Cells of the next row that a queen above sees along a down-left diagonal.
    pub down_left: u64,
    /// Walls still to place (N+k counting; 0 for a fixed board).
    pub walls_left: usize,
}

impl RowState {
    fn start(walls: usize) -> RowState {
        RowState {
            row: 0,
            cols: 0,
            down_right: 0,
            down_left: 0,
            walls_left: walls,
        }
    }

    /// The state below a row holding `queens` and `walls` (column bit masks) on `full`.
    fn next(&self, queens: u64, walls: u64, full: u64, walls_used: usize) -> RowState {
        RowState {
            row: self.row + 1,
            cols: (self.cols | queens) & !walls,
            down_right: (((self.down_right | queens) & !walls) << 1) & full,
            down_left: ((self.down_left | queens) & !walls) >> 1,
            walls_left: self.walls_left - walls_used,
        }
    }

    /// Free of attack from above in this row.
    fn open(&self, full: u64) -> u64 {
        full & !(self.cols | self.down_right | self.down_left)
    }
}

fn full_mask(cols: usize) -> u64 {
    if cols == 64 { u64::MAX } else { (1u64 << cols) - 1 }
}

/// Calls `f` with every set holding exactly one bit of `open` in each of `segments`.
fn one_per_segment(segments: &[u64], open: u64, chosen: u64, f: &mut impl FnMut(u64)) {
    let Some((&seg, rest)) = segments.split_first() else {
        f(chosen);
        return;
    };
    let mut cand = seg & open;
    while cand != 0 {
        let bit = cand & cand.wrapping_neg();
        cand ^= bit;
        one_per_segment(rest, open, chosen | bit, f);
    }
}

/// A board as row masks: walls, the occupiable row segments, the walls that close a column
/// segment that must hold a queen.
struct FixedRows {
    full: u64,
    walls: Vec<u64>,
    segments: Vec<Vec<u64>>,
    /// Walls whose column segment above holds a free cell (checked when there are as many
    /// column segments as row segments).
    closing: Vec<u64>,
    row_segments: usize,
    column_segments: usize,
}

fn fixed_rows(board: &Board) -> FixedRows {
    let (nr, nc) = (board.rows(), board.cols());
    let mut walls = vec![0u64; nr];
    let mut free = vec![0u64; nr];
    for (r, c) in board.coords() {
        match board.cell((r, c)) {
            Cell::Wall => walls[r] |= 1 << c,
            Cell::Free => free[r] |= 1 << c,
            Cell::Hole => {}
        }
    }
    let mut segments = vec![Vec::new(); nr];
    let mut n_rows = 0;
    for r in 0..nr {
        let mut seg = 0u64;
        for c in 0..=nc {
            if c == nc || walls[r] >> c & 1 == 1 {
                if seg & free[r] != 0 {
                    segments[r].push(seg & free[r]);
                    n_rows += 1;
                }
                seg = 0;
            } else {
                seg |= 1 << c;
            }
        }
    }
    // Column segments: which walls close a segment with a free cell, and how many there are.
    let mut closing = vec![0u64; nr];
    let mut n_cols = 0;
    for c in 0..nc {
        let mut has_free = false;
        for r in 0..=nr {
            if r == nr || walls[r] >> c & 1 == 1 {
                if has_free {
                    n_cols += 1;
                    if r < nr {
                        closing[r] |= 1 << c;
                    }
                }
                has_free = false;
            } else if free[r] >> c & 1 == 1 {
                has_free = true;
            }
        }
    }
    FixedRows {
        full: full_mask(nc),
        walls,
        segments,
        closing,
        row_segments: n_rows,
        column_segments: n_cols,
    }
}

impl FixedRows {
    fn count(&self, s: RowState) -> u64 {
        if s.row == self.walls.len() {
            return 1;
        }
        let walls = self.walls[s.row];
        if self.column_segments == self.row_segments && self.closing[s.row] & !s.cols != 0 {
            return 0;
        }
        let mut total = 0;
        one_per_segment(&self.segments[s.row], s.open(self.full), 0, &mut |q| {
            total += self.count(s.next(q, walls, self.full, 0));
        });
        total
    }
}

/// The number of placements with one queen in every occupiable row segment of `board`: the
/// number of placements of `R` queens, `R` the number of row segments holding a free cell
/// (no placement has more). Columns up to 64.
pub fn count_row_perfect(board: &Board) -> u64 {
    assert!(board.cols() <= 64, "the row counter takes at most 64 columns");
    let rows = fixed_rows(board);
    // As many queens as row segments need as many column segments.
    if rows.column_segments < rows.row_segments {
        return 0;
    }
    rows.count(RowState::start(0))
}

/// The number of row segments of `board` that hold a free cell: the most queens it can take.
pub fn row_segment_count(board: &Board) -> usize {
    fixed_rows(board).row_segments
}

/// Which placements the N+k counter searches, and how many placements each one stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// Every placement, standing for itself.
    Off,
    /// Those whose row-0 queen lies in the left half of the row (or on the middle), the ones
    /// off the middle standing for their mirror images too.
    Left,
    /// The same on the right half.
    Right,
    /// The 8 symmetries of the square. Every side holds exactly one queen, so each of the 8
    /// (side, direction) pairs has a key: that side's queen's distance from the corner it
    /// starts at. The 8 images of a placement have these 8 keys as their top-left-to-right
    /// key, so the search takes the placements whose row-0 queen's column `p` is the least of
    /// their 8 keys: `p <= (n - 1) / 2`, the bottom row's queen and the border columns' queens
    /// in `p..=n-1-p`. Each stands for `8 / t` placements, `t` the number of its keys equal to
    /// `p` (a placement has `t` canonical images among its 8, each `t` ways), counted exactly
    /// by `t` ([`NkCount::by_ties`]). With a corner queen (`p` 0) a second key halves the
    /// search ([`Corner`]). Above 0 another second key (`keys` in the source) takes the
    /// placements whose last column's queen stands in row `p` only when four keys tie in a
    /// turn of the square ([`TaskWeight::Sides`]' `right`); `t` then counts the images left.
    Sides,
}

/// What a task's placements stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskWeight {
    /// Each placement found stands for this many (1, or 2 with its mirror image).
    Times(u64),
    /// [`Reduction::Sides`]: the row-0 queen's column `key` (the least key), the other keys
    /// that the rows placed so far tie with it (how many for a corner queen, `key` 0; which,
    /// as bits, above 0), for a corner queen which part of the corner's placements the task
    /// lies in, and above 0 whether the last column's queen stands in row `key` (`right`).
    Sides {
        key: usize,
        ties: usize,
        corner: Corner,
        right: bool,
    },
}

/// The placements with a queen in the top-left corner (`key` 0 of [`Reduction::Sides`]), in
/// two parts. The corner's queen gives two keys 0, the top row's read from the left and the
/// first column's read from the top, swapped by the mirror in the main diagonal; a second
/// key decides between the two images unless the opposite corner holds a queen too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// Not a corner's task (`key` above 0), or a board too small to split (side below 3).
    No,
    /// The bottom-right corner holds a queen too: four keys 0, each image counted `8 / t`
    /// without a second key.
    Opposite,
    /// No queen in the bottom-right corner; row 1's first queen stands in this column and
    /// column 1's first queen no higher than this row (the second key: row 1's first queen's
    /// column read on both images, the least taken, tied when the two are equal).
    Row1(usize),
}

/// A piece of the N+k count: a state after some rows, and what its placements stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NkTask {
    pub state: RowState,
    pub weight: TaskWeight,
}

/// What some tasks count. The placements are `placements` plus `8 / t` for each canonical
/// placement of the sides reduction that the search finds as `t` of its images (`t` keys at
/// the least, or those of them a second key leaves), a whole number only over whole symmetry
/// classes (see [`NkCount::total`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NkCount {
    /// Placements times their whole weight ([`TaskWeight::Times`]).
    pub placements: u64,
    /// [`Reduction::Sides`]: canonical placements found as `t` of their images, at `t - 1`.
    pub by_ties: [u64; 8],
}

impl NkCount {
    /// The sum, `None` on overflow.
    pub fn checked_add(&self, other: &NkCount) -> Option<NkCount> {
        let mut by_ties = self.by_ties;
        for (a, b) in by_ties.iter_mut().zip(other.by_ties) {
            *a = a.checked_add(b)?;
        }
        Some(NkCount {
            placements: self.placements.checked_add(other.placements)?,
            by_ties,
        })
    }

    /// The placements these counts stand for: `None` when the weights `8 / t` do not add up to
    /// a whole number (they do over every task of a count) or the total overflows. Exact:
    /// summed in units of 1/105 (840 / t is whole for every t from 1 to 8).
    pub fn total(&self) -> Option<u64> {
        let sides: u128 = (1..=8u128)
            .zip(self.by_ties)
            .map(|(t, c)| 840 / t * u128::from(c))
            .sum();
        if !sides.is_multiple_of(105) {
            return None;
        }
        u64::try_from(sides / 105).ok()?.checked_add(self.placements)
    }
}

/// What the search below one task's first row may do: the cells a queen may not take, the
/// border columns that must hold their queen before each row, and the cells whose queen ties
/// keys with the least one, with what each adds to the task's ties: a number of keys
/// ([`Corner`]'s parts), or the keys' bits ([`keys`]: the parts with `p` above 0). For the
/// mirror reductions it forbids nothing.
#[derive(Clone, Debug)]
struct Rules {
    banned: [u64; 64],
    /// Indexed by the next row, up to `n`.
    must: [u64; 65],
    tied: [u64; 64],
    adds: [[u8; 64]; 64],
}

impl Rules {
    fn free() -> Rules {
        Rules {
            banned: [0; 64],
            must: [0; 65],
            tied: [0; 64],
            adds: [[0; 64]; 64],
        }
    }

    /// A queen on `(row, c)` adds `adds` to the ties.
    fn tie_cell(&mut self, row: usize, c: usize, adds: u8) {
        self.tied[row] |= 1 << c;
        self.adds[row][c] = adds;
    }

    /// [`Reduction::Sides`] with the row-0 queen in column `p` (at most `(n - 1) / 2`): ties
    /// as key bits when `p` is above 0, as numbers of keys for the corner.
    fn sides(n: usize, p: usize) -> Rules {
        let mut r = Rules::free();
        let (lo, hi) = (p, n - 1 - p);
        let borders = 1 | 1u64 << (n - 1);
        for row in 0..n {
            if row < lo || row > hi {
                r.banned[row] |= borders;
            }
            for c in 0..n {
                let bits = keys::of_cell(n, p, row, c);
                if bits != 0 {
                    let adds = if p == 0 { bits.count_ones() as u8 } else { bits };
                    r.tie_cell(row, c, adds);
                }
            }
        }
        r.banned[n - 1] |= full_mask(n) & !(low(hi + 1) & !low(lo));
        for must in &mut r.must[hi + 1..=n] {
            *must = borders;
        }
        r
    }

    /// [`Reduction::Sides`] with `p` above 0, the placements whose right side's queen stands
    /// in row `p` or not (`right`). Such a queen ties the right side's key read from the top,
    /// which makes the placement's second key 1: it loses to any tied image whose second key
    /// is 0 ([`keys::images`]), so it is searched only when every tied key's successor ties
    /// too (four keys in a turn): the first column's queen in row `n - 1 - p`, the bottom
    /// row's in that column.
    fn sides_part(n: usize, p: usize, right: bool) -> Rules {
        let mut r = Rules::sides(n, p);
        let last = 1u64 << (n - 1);
        if !right {
            r.banned[p] |= last;
            return r;
        }
        for row in 0..n {
            if row != p {
                r.banned[row] |= last;
            }
            if row != n - 1 - p {
                r.banned[row] |= 1;
            }
        }
        r.banned[n - 1] |= full_mask(n) & !(1 << (n - 1 - p));
        for must in &mut r.must[p + 1..=n] {
            *must |= last;
        }
        r
    }

    /// [`Corner::Row1`] with row 1's first queen in column `c1`: column 1 holds no queen above
    /// row `c1` (a queen on `(c1, 1)` ties the second key), the bottom-right corner none.
    fn row1(n: usize, c1: usize) -> Rules {
        let mut r = Rules::free();
        for row in 2..c1.min(n) {
            r.banned[row] |= 0b10;
        }
        if c1 < n {
            r.tie_cell(c1, 1, 1);
        }
        r.banned[n - 1] |= 1 << (n - 1);
        r
    }

    /// [`Corner::Opposite`]: the last column's one queen in the last row.
    fn opposite(n: usize) -> Rules {
        let mut r = Rules::sides(n, 0);
        let last = 1u64 << (n - 1);
        for row in 0..n - 1 {
            r.banned[row] |= last;
        }
        r.banned[n - 1] |= full_mask(n) & !last;
        r
    }

    /// Whether the state `s` still lacks a border column's queen it must have by now.
    #[inline(always)]
    fn short(&self, s: &RowState) -> bool {
        self.must[s.row] & !s.cols != 0
    }

    /// What the queens `q` of row `row` add to the ties.
    fn ties(&self, row: usize, q: u64) -> usize {
        let mut tied = q & self.tied[row];
        let mut sum = 0;
        while tied != 0 {
            sum += usize::from(self.adds[row][tied.trailing_zeros() as usize]);
            tied &= tied - 1;
        }
        sum
    }

    /// [`ties`](Self::ties) for one queen `bit` (the hot loop's: a table read, no branch).
    #[inline(always)]
    fn tie(&self, row: usize, bit: u64) -> usize {
        usize::from(self.adds[row][bit.trailing_zeros() as usize])
    }

    /// Adds the placements ending with one queen on a cell of `open` in the last row `row`.
    #[inline(always)]
    fn last_row(&self, row: usize, open: u64, ties: usize, acc: &mut Acc) {
        let tied = open & self.tied[row];
        acc[ties] += u64::from((open ^ tied).count_ones());
        if tied != 0 {
            self.last_row_ties(row, tied, ties, acc);
        }
    }

    #[inline(never)]
    fn last_row_ties(&self, row: usize, mut tied: u64, ties: usize, acc: &mut Acc) {
        while tied != 0 {
            acc[ties + usize::from(self.adds[row][tied.trailing_zeros() as usize])] += 1;
            tied &= tied - 1;
        }
    }
}

/// The second key of [`Reduction::Sides`] when the least key `p` is above 0. Every side holds
/// one queen, so each of the 8 (side, direction) pairs has a key, and each pair has a
/// successor: the pair that goes on along the next side from the corner where it ends (the top
/// read from the left is followed by the right side read from the top). A symmetry keeps that
/// relation, so the image taking a pair to the top read from the left has its successor as
/// its right side read from the top. The second key of an image is whether its right side's
/// key read from the top ties its least one: 0 before 1. A task tracks the tied keys as bits
/// (the top read from the left, tied by definition, left out).
mod keys {
    pub const TOP_FROM_RIGHT: u8 = 1;
    pub const LEFT_FROM_TOP: u8 = 2;
    pub const LEFT_FROM_BOTTOM: u8 = 4;
    pub const RIGHT_FROM_TOP: u8 = 8;
    pub const RIGHT_FROM_BOTTOM: u8 = 16;
    pub const BOTTOM_FROM_LEFT: u8 = 32;
    pub const BOTTOM_FROM_RIGHT: u8 = 64;
    const TOP_FROM_LEFT: u8 = 128;

    /// Each pair with its successor: clockwise, then counterclockwise.
    const SUCCESSORS: [(u8, u8); 8] = [
        (TOP_FROM_LEFT, RIGHT_FROM_TOP),
        (RIGHT_FROM_TOP, BOTTOM_FROM_RIGHT),
        (BOTTOM_FROM_RIGHT, LEFT_FROM_BOTTOM),
        (LEFT_FROM_BOTTOM, TOP_FROM_LEFT),
        (TOP_FROM_RIGHT, LEFT_FROM_TOP),
        (LEFT_FROM_TOP, BOTTOM_FROM_LEFT),
        (BOTTOM_FROM_LEFT, RIGHT_FROM_BOTTOM),
        (RIGHT_FROM_BOTTOM, TOP_FROM_RIGHT),
    ];

    /// The keys other than the top's read from the left that a queen on `(row, c)` makes
    /// equal to the least key `p`: the border columns' keys are their queen's row read from
    /// either end, the bottom row's its queen's column read from either end.
    pub fn of_cell(n: usize, p: usize, row: usize, c: usize) -> u8 {
        let bit = |on: bool, key: u8| if on { key } else { 0 };
        let (first, last, bottom) = (c == 0, c == n - 1, row == n - 1);
        bit(first && row == p, LEFT_FROM_TOP)
            | bit(first && row == n - 1 - p, LEFT_FROM_BOTTOM)
            | bit(last && row == p, RIGHT_FROM_TOP)
            | bit(last && row == n - 1 - p, RIGHT_FROM_BOTTOM)
            | bit(bottom && c == p, BOTTOM_FROM_LEFT)
            | bit(bottom && c == n - 1 - p, BOTTOM_FROM_RIGHT)
    }

    /// How many of a placement's images the search finds, each standing for `8 / t` placements,
    /// given its tied keys `ties`: 0 when it is not canonical. The images of the tied keys
    /// whose successor does not tie have the least second key, if there are any; then the
    /// placement itself is canonical when its right side's key read from the top does not tie.
    pub fn images(ties: usize) -> usize {
        let tied = u8::try_from(ties).expect("7 key bits") | TOP_FROM_LEFT;
        let open = SUCCESSORS
            .iter()
            .filter(|&&(a, b)| tied & a != 0 && tied & b == 0)
            .count();
        match open {
            0 => tied.count_ones() as usize,
            _ if tied & RIGHT_FROM_TOP == 0 => open,
            _ => 0,
        }
    }
}

/// A row being filled with queens and walls: its open cells, the columns a wall may take, the
/// walls left to place.
#[derive(Clone, Copy)]
struct RowFill {
    open: u64,
    cand: u64,
    left: usize,
}

/// What a row holds so far, left to right: its rightmost queen, its queens, walls and how
/// many walls.
#[derive(Clone, Copy)]
struct RowSoFar {
    last: u64,
    queens: u64,
    walls: u64,
    used: usize,
}

impl RowFill {
    /// Right of the queen `so_far.last`: each wall, leaving room for a queen right of it, with
    /// each such queen, passed to `f` as the row's queens, walls and how many, then the same
    /// again right of that queen while walls are left. Inlined for a row's first wall (most
    /// rows with a wall have one), through [`more_walls`](Self::more_walls) past it.
    #[inline(always)]
    fn walls_right(self, so_far: RowSoFar, f: &mut impl FnMut(u64, u64, usize)) {
        let mut next_walls = self.cand & above(so_far.last);
        while next_walls != 0 {
            let wall = next_walls & next_walls.wrapping_neg();
            next_walls ^= wall;
            let mut qs = self.open & above(wall);
            while qs != 0 {
                let q = qs & qs.wrapping_neg();
                qs ^= q;
                let next = RowSoFar {
                    last: q,
                    queens: so_far.queens | q,
                    walls: so_far.walls | wall,
                    used: so_far.used + 1,
                };
                f(next.queens, next.walls, next.used);
                if next.used < self.left {
                    self.more_walls(next, f);
                }
            }
        }
    }

    /// [`walls_right`](Self::walls_right) as a call of its own (it recurses).
    #[inline(never)]
    fn more_walls(self, so_far: RowSoFar, f: &mut impl FnMut(u64, u64, usize)) {
        self.walls_right(so_far, f);
    }
}

/// Placements found, by their ties with the least key beyond the first: a number of keys, or
/// the keys' bits ([`keys`]).
type Acc = [u64; 128];

/// The N+k queens counter for one `n` and `k`.
#[derive(Clone, Debug)]
pub struct NkCounter {
    n: usize,
    full: u64,
    /// Columns a wall may stand in (not the first or last).
    inner: u64,
    /// The mirror reductions' rules, then [`Reduction::Sides`]' for each row-0 column `p`
    /// (above 0: without a queen in row `p` of the last column).
    rules: Vec<Rules>,
    /// [`Reduction::Sides`]' for each row-0 column `p` above 0 with a queen in row `p` of the
    /// last column, at `p - 1`.
    right: Vec<Rules>,
    /// The corner's rules by row 1's first queen's column ([`Corner::Row1`]; the first two
    /// are not used), then with the opposite corner ([`Corner::Opposite`]).
    corner: Vec<Rules>,
}

impl NkCounter {
    /// `n` from 1 to 64.
    pub fn new(n: usize) -> NkCounter {
        assert!((1..=64).contains(&n), "N+k counting takes sides 1 to 64");
        let full = full_mask(n);
        let borders = 1 | 1u64 << (n - 1);
        let mut rules = vec![Rules::free(), Rules::sides(n, 0)];
        rules.extend((1..n.div_ceil(2)).map(|p| Rules::sides_part(n, p, false)));
        let right = (1..n.div_ceil(2))
            .map(|p| Rules::sides_part(n, p, true))
            .collect();
        let mut corner: Vec<Rules> = (0..n).map(|c1| Rules::row1(n, c1)).collect();
        corner.push(Rules::opposite(n));
        NkCounter {
            n,
            full,
            inner: full & !borders,
            rules,
            right,
            corner,
        }
    }

    /// Every placement of one row below `s` with its queens on `open`: the row's queens, its
    /// walls and how many, each passed to `f`.
    /// The order is the search's (tasks are numbered by it): each queen of the first segment
    /// alone, then with every wall and segment right of it, left to right. Inlined into its
    /// callers, the hot loop of a count while walls are left.
    #[inline(always)]
    fn each_row(&self, s: &RowState, open: u64, f: &mut impl FnMut(u64, u64, usize)) {
        // A wall needs a queen above it (the column segment above is full), one below (so not
        // in the last row) and queens on both sides (so left of the row's last open cell).
        let cand = if s.walls_left > 0 && s.row + 1 < self.n {
            s.cols & self.inner & (1u64 << (63 - (open | 1).leading_zeros())).wrapping_sub(1)
        } else {
            0
        };
        let mut firsts = open;
        while firsts != 0 {
            let first = firsts & firsts.wrapping_neg();
            firsts ^= first;
            f(first, 0, 0);
            if cand != 0 {
                let fill = RowFill {
                    open,
                    cand,
                    left: s.walls_left,
                };
                let so_far = RowSoFar {
                    last: first,
                    queens: first,
                    walls: 0,
                    used: 0,
                };
                fill.walls_right(so_far, f);
            }
        }
    }

    /// The first rows' placements, as weighted states at `depth` rows (or fewer where the
    /// board ends): row 0 holds one queen and no wall. With a mirror half, only queens in that
    /// half of row 0 (and the middle), those off the middle standing for themselves and their
    /// mirror images; the two halves search disjoint placements apart from the middle column,
    /// so counting with each is a recount on a second symmetry reduction. With the sides
    /// reduction, row 0's queen in each column `p` up to the middle, each under its rules.
    pub fn tasks(&self, k: usize, depth: usize, reduction: Reduction) -> Vec<NkTask> {
        let mut out = Vec::new();
        let start = RowState::start(k);
        let n = self.n;
        if reduction == Reduction::Sides {
            for p in 0..n.div_ceil(2) {
                let bits = if n - 1 - p == p { keys::TOP_FROM_RIGHT } else { 0 } | keys::of_cell(n, p, 0, p);
                let s = start.next(1 << p, 0, self.full, 0);
                if p == 0 && n >= 3 {
                    self.corner_tasks(s, depth, &mut out);
                    continue;
                }
                let ties = if p == 0 {
                    bits.count_ones()
                } else {
                    u32::from(bits)
                } as usize;
                for right in [false, true] {
                    let weight = |ties| TaskWeight::Sides {
                        key: p,
                        ties,
                        corner: Corner::No,
                        right,
                    };
                    let Some(rules) = self.sides_rules(p, right) else {
                        continue;
                    };
                    self.expand(rules, s, ties, depth.max(1), &mut |state, ties| {
                        out.push(NkTask {
                            state,
                            weight: weight(ties),
                        })
                    });
                }
            }
            return out;
        }
        let firsts = match reduction {
            Reduction::Left => 0..n.div_ceil(2),
            Reduction::Right => n / 2..n,
            _ => 0..n,
        };
        for c in firsts {
            let times = if reduction == Reduction::Off || 2 * c + 1 == n {
                1
            } else {
                2
            };
            let s = start.next(1 << c, 0, self.full, 0);
            self.expand(&self.rules[0], s, 0, depth.max(1), &mut |state, _| {
                out.push(NkTask {
                    state,
                    weight: TaskWeight::Times(times),
                })
            });
        }
        out
    }

    /// The corner's tasks below row 0's queen on `(0, 0)` (state `s`): with the opposite
    /// corner (the corner's key tied once), then by row 1's queens (no tie yet).
    fn corner_tasks(&self, s: RowState, depth: usize, out: &mut Vec<NkTask>) {
        let push = |out: &mut Vec<NkTask>, state, ties, corner| {
            out.push(NkTask {
                state,
                weight: TaskWeight::Sides {
                    key: 0,
                    ties,
                    corner,
                    right: false,
                },
            })
        };
        let opposite = &self.corner[self.n];
        self.expand(opposite, s, 1, depth.max(1), &mut |state, ties| {
            push(out, state, ties, Corner::Opposite)
        });
        // Row 1 takes no wall (no column but the first holds a queen above it).
        self.each_row(&s, s.open(self.full), &mut |q, w, used| {
            let c1 = q.trailing_zeros() as usize;
            let r = &self.corner[c1];
            let t = s.next(q, w, self.full, used);
            self.expand(r, t, r.ties(1, q), depth.max(2), &mut |state, ties| {
                push(out, state, ties, Corner::Row1(c1))
            });
        });
    }

    /// The rules a task's search runs under.
    fn task_rules(&self, weight: TaskWeight) -> (&Rules, usize) {
        match weight {
            TaskWeight::Times(_) => (&self.rules[0], 0),
            TaskWeight::Sides {
                key,
                ties,
                corner,
                right,
            } => match corner {
                Corner::No => (self.sides_rules(key, right).expect("a part"), ties),
                Corner::Opposite => (&self.corner[self.n], ties),
                Corner::Row1(c1) => (&self.corner[c1], ties),
            },
        }
    }

    /// The rules of the sides' tasks with row 0's queen in column `p`, with or without the
    /// last column's queen in row `p` (`right`; one part only for the corner).
    fn sides_rules(&self, p: usize, right: bool) -> Option<&Rules> {
        match (p, right) {
            (0, true) => None,
            (_, false) => Some(&self.rules[1 + p]),
            (_, true) => Some(&self.right[p - 1]),
        }
    }

    fn expand(
        &self,
        r: &Rules,
        s: RowState,
        ties: usize,
        depth: usize,
        out: &mut impl FnMut(RowState, usize),
    ) {
        if s.row >= depth || s.row == self.n {
            out(s, ties);
            return;
        }
        if r.short(&s) {
            return;
        }
        let row = s.row;
        let open = s.open(self.full) & !r.banned[row];
        self.each_row(&s, open, &mut |q, w, used| {
            let t = s.next(q, w, self.full, used);
            self.expand(r, t, ties + r.ties(row, q), depth, out)
        });
    }

    /// The placements below a task's state, with what they stand for.
    pub fn count_task(&self, t: &NkTask) -> NkCount {
        let (rules, ties) = self.task_rules(t.weight);
        let mut acc = [0; 128];
        self.count(rules, t.state, ties, &mut acc);
        match t.weight {
            TaskWeight::Times(times) => NkCount {
                placements: times * acc[0],
                by_ties: [0; 8],
            },
            TaskWeight::Sides { key: 0, .. } => {
                // A placement has 8 keys, so at most 7 ties: the slots past 7 hold nothing.
                assert!(
                    acc[8..].iter().all(|&c| c == 0),
                    "internal error: more than 8 keys tie"
                );
                NkCount {
                    placements: 0,
                    by_ties: acc[..8].try_into().expect("8 slots"),
                }
            }
            TaskWeight::Sides { .. } => {
                let mut by_ties = [0; 8];
                for (tied, &found) in acc.iter().enumerate() {
                    match keys::images(tied) {
                        0 => assert_eq!(found, 0, "internal error: not canonical, ties {tied:#b}"),
                        t => by_ties[t - 1] += found,
                    }
                }
                NkCount {
                    placements: 0,
                    by_ties,
                }
            }
        }
    }

    fn count(&self, r: &Rules, s: RowState, ties: usize, acc: &mut Acc) {
        if r.short(&s) {
            return;
        }
        if s.row == self.n {
            acc[ties] += u64::from(s.walls_left == 0);
            return;
        }
        let row = s.row;
        let open = s.open(self.full) & !r.banned[row];
        if row + 1 == self.n {
            // The last row takes no wall: one queen on any open cell.
            if s.walls_left == 0 {
                r.last_row(row, open, ties, acc);
            }
            return;
        }
        if s.walls_left == 0 {
            return self.complete(r, row, s.cols, s.down_right, s.down_left, ties, acc);
        }
        if row + 2 == self.n {
            return self.wall_above_last(r, &s, open, ties, acc);
        }
        self.each_row(&s, open, &mut |q, w, used| {
            let t = s.next(q, w, self.full, used);
            let ties = ties + r.ties(row, q);
            if t.walls_left == 0 {
                self.complete(r, t.row, t.cols, t.down_right, t.down_left, ties, acc)
            } else {
                self.count(r, t, ties, acc)
            }
        });
    }

    /// [`count`](Self::count) on the row above the last with walls left. The last row takes
    /// no wall, so every wall left goes in this row, and at most one fits: its column segment
    /// below needs the last row's one queen. Every column but two holds its queen (each row
    /// above filled one column segment more than its walls closed), so the row's two queens
    /// stand on those two, the wall between them, and the last row's queen below the wall,
    /// which leaves its diagonals open.
    fn wall_above_last(&self, r: &Rules, s: &RowState, open: u64, ties: usize, acc: &mut Acc) {
        let empty = self.full & !s.cols;
        if s.walls_left > 1 || open != empty || empty.count_ones() != 2 {
            return;
        }
        let left = empty & empty.wrapping_neg();
        let right = empty ^ left;
        let walls = s.cols & self.inner & above(left) & (right - 1);
        let seen = ((s.down_right | empty) << 1) | ((s.down_left | empty) >> 1);
        let last = s.row + 1;
        let free = walls & !(seen | r.banned[last]);
        r.last_row(last, free, ties + r.ties(s.row, empty), acc);
    }

    /// [`count`](Self::count) once every wall is placed: the rows left take one queen each and
    /// nothing else, the classic bitwise n-queens completion (the hot loop of a count, so
    /// written out on the bare masks), which looks two rows ahead: a queen of this row after
    /// which the next row, or the one after it whatever the next row's queen, has no cell left
    /// is not tried ([`blocks_next`], [`blocks_after_next`]; all at once, on the masks). Most
    /// completions end without a placement a row or two down, so this saves more calls than
    /// it costs; looking three rows ahead, or every row at a completion's first row, costs
    /// more than it saves.
    #[allow(clippy::too_many_arguments)]
    fn complete(
        &self,
        r: &Rules,
        row: usize,
        cols: u64,
        down_right: u64,
        down_left: u64,
        ties: usize,
        acc: &mut Acc,
    ) {
        if r.must[row] & !cols != 0 {
            return;
        }
        let mut open = self.full & !(cols | down_right | down_left | r.banned[row]);
        if row + 1 == self.n {
            return r.last_row(row, open, ties, acc);
        }
        if open == 0 {
            return;
        }
        // Look ahead, for every queen of this row at once: leave out those after which the next
        // row, or the one after it, has no cell left.
        let next = self.full & !(cols | (down_right << 1) | (down_left >> 1) | r.banned[row + 1]);
        if next == 0 {
            return;
        }
        open &= !blocks_next(next);
        if row + 2 < self.n {
            let after = self.full & !(cols | (down_right << 2) | (down_left >> 2) | r.banned[row + 2]);
            if after == 0 {
                return;
            }
            open &= !blocks_after_next(after);
        }
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.complete(
                r,
                row + 1,
                cols | bit,
                ((down_right | bit) << 1) & self.full,
                (down_left | bit) >> 1,
                ties + r.tie(row, bit),
                acc,
            );
        }
    }

    /// The whole count under `reduction`, in one thread (tests and small sizes).
    pub fn count_all(&self, k: usize, reduction: Reduction) -> u64 {
        let total = self
            .tasks(k, 1, reduction)
            .iter()
            .try_fold(NkCount::default(), |sum, t| sum.checked_add(&self.count_task(t)));
        total.and_then(|t| t.total()).expect("a whole count adds up")
    }
}

/// The cells of a row whose queen leaves the next row no cell, given that row's cells `next`
/// (not empty) open before it: a queen takes the cell below it and its two diagonal
/// neighbours, so those within one column of every cell of `next`, the columns from its last
/// cell's left neighbour to its first cell's right neighbour (none when they lie further
/// apart).
fn blocks_next(next: u64) -> u64 {
    let first = next & next.wrapping_neg();
    let last = 1u64 << (63 - next.leading_zeros());
    !(last.wrapping_sub(1) >> 1) & (first << 2).wrapping_sub(1)
}

/// The cells of a row whose queen leaves the row after the next no cell, given that row's
/// cells `after` (not empty) open before it, whatever the next row's queen: a queen takes the
/// cell two rows below it and the two cells two columns either side, so those within two
/// columns of every cell of `after` and on the same parity as all of them.
fn blocks_after_next(after: u64) -> u64 {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    let first = after & after.wrapping_neg();
    let last = 1u64 << (63 - after.leading_zeros());
    let range = !(last.wrapping_sub(1) >> 2) & (first << 3).wrapping_sub(1);
    let parity = (u64::from(after & !EVEN == 0).wrapping_neg() & EVEN)
        | (u64::from(after & EVEN == 0).wrapping_neg() & !EVEN);
    range & parity
}

/// The bits of the columns left of column `c` (`c` below 64).
fn low(c: usize) -> u64 {
    (1u64 << c) - 1
}

/// The bits above the one bit `bit`.
fn above(bit: u64) -> u64 {
    bit.wrapping_neg() ^ bit
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute::brute_count;
    use itertools::Itertools;
    use proptest::prelude::*;

    #[test]
    fn n_queens_counts() {
        // OEIS A000170, as an oracle for the row step on boards without walls.
        let want = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (i, &w) in want.iter().enumerate() {
            assert_eq!(
                count_row_perfect(&Board::square(i + 1).unwrap()),
                w,
                "n={}",
                i + 1
            );
            assert_eq!(
                NkCounter::new(i + 1).count_all(0, Reduction::Left),
                w,
                "n={} k=0",
                i + 1
            );
            assert_eq!(
                NkCounter::new(i + 1).count_all(0, Reduction::Sides),
                w,
                "n={} k=0 sides",
                i + 1
            );
        }
    }

    #[test]
    fn n_plus_one_queens_a103330() {
        // OEIS A103330, n = 1..11, as a test oracle.
        let want = [0, 0, 0, 0, 0, 16, 20, 128, 396, 2288, 11152];
        for (i, &w) in want.iter().enumerate() {
            for reduction in [Reduction::Left, Reduction::Sides] {
                assert_eq!(
                    NkCounter::new(i + 1).count_all(1, reduction),
                    w,
                    "n={} {reduction:?}",
                    i + 1
                );
            }
        }
    }

    /// The N+k count as the sum over every k-wall board of its row-perfect placements of
    /// n + k queens: the fixed-board counter on each board, no symmetry. Those with a queen on
    /// a cell of `barred` left out: each such cell made a hole on every board, the boards on
    /// which that takes a row segment away holding none of the others.
    fn by_boards(n: usize, k: usize, barred: &[(usize, usize)]) -> u64 {
        with_queens(n, k, barred, &[])
    }

    /// [`by_boards`] of the placements with a queen on every cell of `queens`: the other cells
    /// of each one's row segment made holes too.
    fn with_queens(n: usize, k: usize, barred: &[(usize, usize)], queens: &[(usize, usize)]) -> u64 {
        (0..n * n)
            .combinations(k)
            .map(|cells| {
                let walls: Vec<_> = cells.iter().map(|&i| (i / n, i % n)).collect();
                let mut b = Board::with_walls(n, n, &walls).unwrap();
                let on_wall = |cells: &[(usize, usize)]| walls.iter().any(|w| cells.contains(w));
                if row_segment_count(&b) != n + k || on_wall(barred) || on_wall(queens) {
                    return 0;
                }
                for &h in barred {
                    b.set(h, Cell::Hole);
                }
                for &(r, c) in queens {
                    let segment = |step: &dyn Fn(usize) -> Option<usize>| {
                        std::iter::successors(step(c), |&x| step(x))
                            .take_while(|&x| b.cell((r, x)) != Cell::Wall)
                            .collect::<Vec<_>>()
                    };
                    let others = [
                        segment(&|x| x.checked_sub(1)),
                        segment(&|x| (x + 1 < n).then_some(x + 1)),
                    ];
                    for x in others.concat() {
                        b.set((r, x), Cell::Hole);
                    }
                }
                if queens.iter().any(|&q| b.cell(q) == Cell::Hole) {
                    return 0;
                }
                if row_segment_count(&b) == n + k {
                    count_row_perfect(&b)
                } else {
                    0
                }
            })
            .sum()
    }

    /// The sides reduction's three parts, each against placements counted on every board by the
    /// fixed-board counter: the corner's tasks with the opposite corner count the placements
    /// with queens on two opposite corners, the corner's other tasks (by row 1's first queen)
    /// those with a queen on one corner, the other tasks those with no corner queen.
    #[test]
    fn the_corner_parts_count_the_placements_with_corner_queens() {
        let part = |c: &NkCounter, k: usize, which: &dyn Fn(Corner) -> bool| {
            let sum = c
                .tasks(k, 2, Reduction::Sides)
                .iter()
                .filter(|t| matches!(t.weight, TaskWeight::Sides { corner, .. } if which(corner)))
                .fold(NkCount::default(), |s, t| {
                    s.checked_add(&c.count_task(t)).unwrap()
                });
            sum.total().expect("each part holds whole classes")
        };
        let mut seen_opposite = false;
        // No board below 9×9 with at most 3 walls has queens on two opposite corners.
        let cases = (4..=8).flat_map(|n| (0..=3).map(move |k| (n, k)));
        for (n, k) in cases.chain([(9, 1), (9, 2)]) {
            let c = NkCounter::new(n);
            let (a, b, d, e) = ((0, 0), (n - 1, n - 1), (0, n - 1), (n - 1, 0));
            let all = by_boards(n, k, &[]);
            let no_corner = by_boards(n, k, &[a, b, d, e]);
            // Queens on both ends of a diagonal, by inclusion and exclusion.
            let both = |x, y| all + by_boards(n, k, &[x, y]) - by_boards(n, k, &[x]) - by_boards(n, k, &[y]);
            let opposite = both(a, b) + both(d, e);
            seen_opposite |= opposite > 0;
            let key = format!("n={n} k={k}");
            assert_eq!(part(&c, k, &|x| x == Corner::Opposite), opposite, "{key}");
            let row1 = part(&c, k, &|x| matches!(x, Corner::Row1(_)));
            assert_eq!(row1, all - no_corner - opposite, "{key}");
            assert_eq!(part(&c, k, &|x| x == Corner::No), no_corner, "{key}");
        }
        assert!(
            seen_opposite,
            "no placement with two opposite corner queens was counted"
        );
    }

    /// The sides reduction's parts above the corner, each against placements counted on every
    /// board by the fixed-board counter: the tasks with row 0's queen in column `p` count the
    /// placements whose least key is `p` (no queen on a border cell nearer a corner), those
    /// with the last column's queen in row `p` the ones with four keys `p` in a turn of the
    /// square (queens on `(0, p)`, `(p, n - 1)`, `(n - 1, n - 1 - p)`, `(n - 1 - p, 0)`, or the
    /// mirror image).
    #[test]
    fn the_right_parts_count_the_placements_with_four_keys_in_a_turn() {
        let mut seen_turn = false;
        let cases = (4..=7).flat_map(|n| (0..=3).map(move |k| (n, k)));
        for (n, k) in cases.chain([(8, 1), (8, 2), (8, 3), (9, 1), (9, 2)]) {
            let c = NkCounter::new(n);
            let tasks = c.tasks(k, 2, Reduction::Sides);
            let part = |p: usize, right: bool| {
                let sum = tasks
                    .iter()
                    .filter(|t| {
                        matches!(t.weight, TaskWeight::Sides { key, corner: Corner::No, right: r, .. }
                            if key == p && r == right)
                    })
                    .fold(NkCount::default(), |s, t| {
                        s.checked_add(&c.count_task(t)).unwrap()
                    });
                sum.total().expect("each part holds whole classes")
            };
            // The border cells whose key is below `p`.
            let nearer = |p: usize| -> Vec<(usize, usize)> {
                let ends = (0..p).flat_map(|d| [d, n - 1 - d]).collect::<Vec<_>>();
                ends.iter()
                    .flat_map(|&e| [(0, e), (n - 1, e), (e, 0), (e, n - 1)])
                    .collect()
            };
            for p in 1..n.div_ceil(2) {
                let key = format!("n={n} k={k} p={p}");
                let least = by_boards(n, k, &nearer(p)) - by_boards(n, k, &nearer(p + 1));
                let q = n - 1 - p;
                let turn = [(0, p), (p, n - 1), (n - 1, q), (q, 0)];
                let other = [(0, q), (q, n - 1), (n - 1, p), (p, 0)];
                let mut turns = with_queens(n, k, &nearer(p), &turn);
                if p != q {
                    turns += with_queens(n, k, &nearer(p), &other);
                }
                seen_turn |= turns > 0;
                assert_eq!(part(p, true), turns, "{key}");
                assert_eq!(part(p, false), least - turns, "{key}");
            }
        }
        assert!(seen_turn, "no placement with four keys in a turn was counted");
    }

    /// The images the second key above 0 keeps: those whose successor does not tie, the
    /// placement itself only if its right side's key read from the top does not.
    #[test]
    fn the_second_key_keeps_the_images_whose_successor_does_not_tie() {
        use keys::*;
        let images = |ties: u8| keys::images(usize::from(ties));
        assert_eq!(images(0), 1);
        // Two keys in a quarter turn: only the image whose successor does not tie.
        assert_eq!(images(RIGHT_FROM_TOP), 0);
        assert_eq!(images(LEFT_FROM_BOTTOM), 1);
        // Mirror images in the diagonal: the second key cannot tell them apart.
        assert_eq!(images(LEFT_FROM_TOP), 2);
        assert_eq!(images(LEFT_FROM_TOP | RIGHT_FROM_TOP), 0);
        // Every key of a turn ties: all four images, as without the second key.
        assert_eq!(images(RIGHT_FROM_TOP | BOTTOM_FROM_RIGHT | LEFT_FROM_BOTTOM), 4);
        // The other turn's four keys: only the placement itself has no successor tied.
        assert_eq!(
            images(TOP_FROM_RIGHT | LEFT_FROM_TOP | BOTTOM_FROM_LEFT | RIGHT_FROM_BOTTOM),
            1
        );
        assert_eq!(images(127), 8);
    }

    #[test]
    fn walls_chosen_on_the_fly_equal_every_board_counted() {
        for (n, k) in [(5, 1), (6, 2), (7, 2), (6, 3), (7, 3)] {
            let want = by_boards(n, k, &[]);
            for reduction in [
                Reduction::Off,
                Reduction::Left,
                Reduction::Right,
                Reduction::Sides,
            ] {
                assert_eq!(
                    NkCounter::new(n).count_all(k, reduction),
                    want,
                    "n={n} k={k} {reduction:?}"
                );
            }
        }
    }

    #[test]
    fn sides_agree_with_the_mirror() {
        for n in 1..=10 {
            let c = NkCounter::new(n);
            for k in 0..=3 {
                assert_eq!(
                    c.count_all(k, Reduction::Sides),
                    c.count_all(k, Reduction::Left),
                    "n={n} k={k}"
                );
            }
        }
    }

    /// The look-ahead of the completion against the cells each queen takes, one by one: every
    /// row of up to 12 cells, and rows of 64 cells at random (the ends included).
    #[test]
    fn the_look_ahead_skips_exactly_the_queens_that_empty_a_row_below() {
        let takes = |b: u64, d: u32| b | b << d | b >> d;
        let check = |cells: u64, width: u32| {
            for c in 0..width {
                let b = 1u64 << c;
                assert_eq!(
                    blocks_next(cells) & b != 0,
                    cells & !takes(b, 1) == 0,
                    "{cells:#b} {c}"
                );
                assert_eq!(
                    blocks_after_next(cells) & b != 0,
                    cells & !takes(b, 2) == 0,
                    "{cells:#b} {c}"
                );
            }
        };
        for cells in 1..1u64 << 12 {
            check(cells, 12);
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Few cells, so that some queens empty the row.
            let spread = x & x.rotate_left(11) & x.rotate_left(29);
            for cells in [spread, spread & 0xf << 60, spread & 0xf, 1 << (x % 64)] {
                if cells != 0 {
                    check(cells, 64);
                }
            }
        }
    }

    #[test]
    fn weights_add_up_exactly() {
        // Only over whole classes: a third of 8 is no whole number.
        let third = NkCount {
            placements: 5,
            by_ties: [0, 0, 3, 0, 0, 0, 0, 0],
        };
        assert_eq!(third.total(), Some(13));
        let odd = NkCount {
            by_ties: [0, 0, 1, 0, 0, 0, 0, 0],
            ..third
        };
        assert_eq!(odd.total(), None);
        let every = NkCount {
            placements: 0,
            by_ties: [1, 2, 3, 4, 5, 6, 7, 8],
        };
        assert_eq!(every.total(), Some(8 + 8 + 8 + 8 + 8 + 8 + 8 + 8));
    }

    #[test]
    fn tasks_at_any_depth_sum_to_the_count() {
        let c = NkCounter::new(8);
        let all = c.count_all(2, Reduction::Off);
        for depth in 1..=4 {
            for reduction in [
                Reduction::Left,
                Reduction::Right,
                Reduction::Off,
                Reduction::Sides,
            ] {
                let tasks = c.tasks(2, depth, reduction);
                let sum = tasks.iter().fold(NkCount::default(), |s, t| {
                    s.checked_add(&c.count_task(t)).unwrap()
                });
                assert_eq!(sum.total(), Some(all), "depth {depth} {reduction:?}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        /// Walls and holes at random: the row-perfect count is the number of placements of as
        /// many queens as row segments, by exhaustive search.
        #[test]
        fn row_perfect_agrees_with_brute_force(rows in 1usize..6, cols in 1usize..7, cells in proptest::collection::vec(0u8..8, 36)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let r = row_segment_count(&b);
            prop_assert_eq!(count_row_perfect(&b), brute_count(&b, r));
        }
    }
}
