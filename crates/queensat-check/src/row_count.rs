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
    /// search ([`Corner`]).
    Sides,
}

/// What a task's placements stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskWeight {
    /// Each placement found stands for this many (1, or 2 with its mirror image).
    Times(u64),
    /// [`Reduction::Sides`]: the row-0 queen's column `key` (the least key), how many of the
    /// other keys the rows placed so far tie with it, and for a corner queen (`key` 0) which
    /// part of the corner's placements the task lies in.
    Sides { key: usize, ties: usize, corner: Corner },
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
/// placement of the sides reduction with `t` keys at the least, a whole number only over whole
/// symmetry classes (see [`NkCount::total`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NkCount {
    /// Placements times their whole weight ([`TaskWeight::Times`]).
    pub placements: u64,
    /// [`Reduction::Sides`]: canonical placements with `t` keys at the least, at `t - 1`.
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

/// What the search below one task's first row may do: the cells a queen may not take, the row
/// from which both border columns must hold their queen, and the cells whose queen ties a key
/// with the least one (once, or twice). For the mirror reductions it forbids nothing.
#[derive(Clone, Debug)]
struct Rules {
    banned: [u64; 64],
    borders_by: usize,
    once: [u64; 64],
    twice: [u64; 64],
}

impl Rules {
    fn free(n: usize) -> Rules {
        Rules {
            banned: [0; 64],
            borders_by: n + 1,
            once: [0; 64],
            twice: [0; 64],
        }
    }

    /// [`Reduction::Sides`] with the row-0 queen in column `p` (at most `(n - 1) / 2`).
    fn sides(n: usize, p: usize) -> Rules {
        let mut r = Rules::free(n);
        let (lo, hi) = (p, n - 1 - p);
        let borders = 1 | 1u64 << (n - 1);
        for row in 0..n {
            if row < lo || row > hi {
                r.banned[row] |= borders;
            }
            for c in 0..n {
                match key_ties(n, p, row, c) {
                    0 => {}
                    1 => r.once[row] |= 1 << c,
                    _ => {
                        r.once[row] |= 1 << c;
                        r.twice[row] |= 1 << c;
                    }
                }
            }
        }
        r.banned[n - 1] |= full_mask(n) & !(low(hi + 1) & !low(lo));
        r.borders_by = hi + 1;
        r
    }

    /// [`Corner::Row1`] with row 1's first queen in column `c1`: column 1 holds no queen above
    /// row `c1` (a queen on `(c1, 1)` ties the second key), the bottom-right corner none.
    fn row1(n: usize, c1: usize) -> Rules {
        let mut r = Rules::free(n);
        for row in 2..c1.min(n) {
            r.banned[row] |= 0b10;
        }
        if c1 < n {
            r.once[c1] |= 0b10;
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

    /// The keys that the queens `q` of row `row` tie with the least one.
    fn ties(&self, row: usize, q: u64) -> usize {
        if q & self.once[row] == 0 {
            return 0;
        }
        ((q & self.once[row]).count_ones() + (q & self.twice[row]).count_ones()) as usize
    }

    /// [`ties`](Self::ties) for one queen `bit` (the hot loop's: no bit counting).
    fn tie(&self, row: usize, bit: u64) -> usize {
        usize::from(bit & self.once[row] != 0) + usize::from(bit & self.twice[row] != 0)
    }

    /// Adds the placements ending with one queen on a cell of `open` in the last row `row`.
    fn last_row(&self, row: usize, open: u64, ties: usize, acc: &mut Acc) {
        let (once, twice) = (self.once[row], self.twice[row]);
        if open & once == 0 {
            acc[ties] += u64::from(open.count_ones());
            return;
        }
        acc[ties] += u64::from((open & !once).count_ones());
        acc[ties + 1] += u64::from((open & once & !twice).count_ones());
        acc[ties + 2] += u64::from((open & twice).count_ones());
    }
}

/// How many of the keys other than row 0's left-to-right one a queen on `(row, c)` makes equal
/// to the least key `p`: the border columns' keys are their queen's row read from either end,
/// the bottom row's its queen's column read from either end.
fn key_ties(n: usize, p: usize, row: usize, c: usize) -> usize {
    let is = |a: usize, b: usize| usize::from(a == b);
    let border = is(c, 0) + is(c, n - 1);
    border * (is(row, p) + is(row, n - 1 - p)) + is(row, n - 1) * (is(c, p) + is(c, n - 1 - p))
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
            if qs == 0 {
                break;
            }
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

/// Placements found, by the number of keys tied with the least one beyond the first (slots
/// past 7 stay empty: room for [`Rules::last_row`]'s additions of nothing).
type Acc = [u64; 16];

/// The N+k queens counter for one `n` and `k`.
#[derive(Clone, Debug)]
pub struct NkCounter {
    n: usize,
    full: u64,
    /// Columns a wall may stand in (not the first or last).
    inner: u64,
    /// The first and last columns.
    borders: u64,
    /// The mirror reductions' rules, then [`Reduction::Sides`]' for each row-0 column `p`.
    rules: Vec<Rules>,
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
        let mut rules = vec![Rules::free(n)];
        rules.extend((0..n.div_ceil(2)).map(|p| Rules::sides(n, p)));
        let mut corner: Vec<Rules> = (0..n).map(|c1| Rules::row1(n, c1)).collect();
        corner.push(Rules::opposite(n));
        NkCounter {
            n,
            full,
            inner: full & !borders,
            borders,
            rules,
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
        // in the last row) and queens on both sides.
        let cand = if s.walls_left > 0 && s.row + 1 < self.n {
            s.cols & self.inner
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
                let ties = usize::from(n - 1 - p == p) + key_ties(n, p, 0, p);
                let s = start.next(1 << p, 0, self.full, 0);
                if p == 0 && n >= 3 {
                    self.corner_tasks(s, depth, &mut out);
                    continue;
                }
                self.expand(&self.rules[1 + p], s, ties, depth.max(1), &mut |state, ties| {
                    out.push(NkTask {
                        state,
                        weight: TaskWeight::Sides {
                            key: p,
                            ties,
                            corner: Corner::No,
                        },
                    })
                });
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
                weight: TaskWeight::Sides { key: 0, ties, corner },
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
            TaskWeight::Sides { key, ties, corner } => match corner {
                Corner::No => (&self.rules[1 + key], ties),
                Corner::Opposite => (&self.corner[self.n], ties),
                Corner::Row1(c1) => (&self.corner[c1], ties),
            },
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
        if s.row >= r.borders_by && s.cols & self.borders != self.borders {
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
        let mut acc = [0; 16];
        self.count(rules, t.state, ties, &mut acc);
        // A placement has 8 keys, so at most 7 ties: the slots past 7 hold nothing.
        assert!(
            acc[8..].iter().all(|&c| c == 0),
            "internal error: more than 8 keys tie"
        );
        match t.weight {
            TaskWeight::Times(times) => NkCount {
                placements: times * acc[0],
                by_ties: [0; 8],
            },
            TaskWeight::Sides { .. } => NkCount {
                placements: 0,
                by_ties: acc[..8].try_into().expect("8 slots"),
            },
        }
    }

    fn count(&self, r: &Rules, s: RowState, ties: usize, acc: &mut Acc) {
        if s.row >= r.borders_by && s.cols & self.borders != self.borders {
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
    /// written out on the bare masks).
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
        if row >= r.borders_by && cols & self.borders != self.borders {
            return;
        }
        let mut open = self.full & !(cols | down_right | down_left | r.banned[row]);
        if row + 1 == self.n {
            return r.last_row(row, open, ties, acc);
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
    use crate::brute_count;
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
        (0..n * n)
            .combinations(k)
            .map(|cells| {
                let walls: Vec<_> = cells.iter().map(|&i| (i / n, i % n)).collect();
                let mut b = Board::with_walls(n, n, &walls).unwrap();
                if row_segment_count(&b) != n + k || walls.iter().any(|w| barred.contains(w)) {
                    return 0;
                }
                for &h in barred {
                    b.set(h, Cell::Hole);
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
            let b = crate::board_from_codes(rows, cols, &cells);
            let r = row_segment_count(&b);
            prop_assert_eq!(count_row_perfect(&b), brute_count(&b, r));
        }
    }
}
