//! An exact branch and bound over the attack graph of a board, on bit sets of cells: the sweep's
//! tree engine (with its search tree kept, [`bnb_proof`], for `check_search_tree` to replay)
//! and the SAT engines' cross-check; and the same search counting the placements of a given
//! size ([`bnb_count`], whose tree `count_by_search_tree` replays). It shares no code with the
//! SAT path: the attack relation is found by walking the board, as the checker does.
//!
//! Search: branch on the row segment with the fewest remaining candidate cells: one branch
//! per candidate cell (a queen there, its attacked cells removed) and one branch with the
//! segment left empty. Bound: a segment holds at most one queen, so the queens still to come
//! are at most the number of row segments, and of column segments, that keep a candidate.

use super::attack_graph::AttackGraph;
use super::search_tree::{SearchTree, TreeError, replay_on};
use super::stop::{StopPoll, never};
use queensat_board::with_cell_width;
use queensat_board::{Board, CellSet, Coord, Placement};

struct Search<'a, const W: usize, A, R> {
    g: &'a AttackGraph<W>,
    /// The search's own segment arithmetic.
    arith: A,
    best: CellSet<W>,
    best_count: usize,
    /// The search so far, when it is kept as a certificate ([`Record`]; else `()`).
    record: R,
    /// Whether to give up, asked every so many branching nodes ([`never`] by default).
    poll: StopPoll,
    /// `stop` said yes: every node left is a leaf, and the result means nothing.
    stopped: bool,
}

impl<const W: usize, A: Arithmetic<W>, R: Recorder> Search<'_, W, A, R> {
    /// The search from the root, with the popcount instruction where the processor has it
    /// (the release build targets baseline x86-64, without it) unless `plain`: the same search
    /// either way.
    fn run(&mut self, plain: bool) {
        let root = (self.g.free, CellSet::EMPTY, 0);
        #[cfg(target_arch = "x86_64")]
        if !plain && std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the feature `root_popcnt` is compiled for.
            return unsafe { self.root_popcnt(root.0, root.1, root.2) };
        }
        self.child::<false>(root.0, root.1, root.2)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn root_popcnt(&mut self, cand: CellSet<W>, placed: CellSet<W>, count: usize) {
        self.child::<true>(cand, placed, count)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn go_popcnt(&mut self, cand: CellSet<W>, placed: CellSet<W>, count: usize, rows: (usize, u64)) {
        self.go::<true>(cand, placed, count, rows)
    }

    /// A node, reached by `child`, whose candidates are not empty and whose row segments
    /// (`rows`: the queens placed and the row segments that keep a candidate, with what
    /// [`Arithmetic::fewest`] needs of that count) rise above the best: its children through
    /// [`Search::go_popcnt`] when `POPCNT`, else through itself.
    #[inline(always)]
    fn go<const POPCNT: bool>(
        &mut self,
        cand: CellSet<W>,
        placed: CellSet<W>,
        count: usize,
        rows: (usize, u64),
    ) {
        if self.poll.stops() {
            self.give_up();
        }
        let reach = rows.0.min(count + self.arith.live_columns(self.g, &cand));
        if reach <= self.best_count {
            return self.leaf();
        }
        let (index, seg) = self.arith.fewest(self.g, &cand, rows.1);
        let at = self.record.branch(index);
        // Once a child lifts the best to this node's reach, its other children cannot beat it:
        // they are skipped, and so is their record, since the node itself becomes a leaf of the
        // certificate (its reach stays within the value).
        for i in seg.iter() {
            self.child::<POPCNT>(self.g.after_queen(&cand, i), placed.with(i), count + 1);
            if reach <= self.best_count {
                break;
            }
        }
        if reach > self.best_count {
            self.child::<POPCNT>(cand.difference(&seg), placed, count);
        }
        self.record.close(at, reach, self.best_count);
    }

    /// A child: a leaf where it is one (no candidate left, or the row segments alone stay at
    /// or below the best: both stay within the final best, a complete placement by the update,
    /// a pruned node by its bound), else a node. The row segments prune most nodes, so they are
    /// counted here, before any call, and the column segments only in the node.
    #[inline(always)]
    fn child<const POPCNT: bool>(&mut self, cand: CellSet<W>, placed: CellSet<W>, count: usize) {
        if cand.is_empty() {
            if count > self.best_count {
                self.best_count = count;
                self.best = placed;
            }
            return self.leaf();
        }
        let (live, reached) = self.arith.live_rows(self.g, &cand);
        let rows = (count + live, reached);
        if rows.0 <= self.best_count {
            return self.leaf();
        }
        #[cfg(target_arch = "x86_64")]
        if POPCNT {
            // SAFETY: `POPCNT` is true only below `run`'s check that the processor has it.
            return unsafe { self.go_popcnt(cand, placed, count, rows) };
        }
        self.go_plain(cand, placed, count, rows)
    }

    #[inline(never)]
    fn go_plain(&mut self, cand: CellSet<W>, placed: CellSet<W>, count: usize, rows: (usize, u64)) {
        self.go::<false>(cand, placed, count, rows)
    }

    fn leaf(&mut self) {
        self.record.leaf();
    }

    /// After `stop` said yes: a best no node can beat makes every node left a leaf at once.
    #[cold]
    #[inline(never)]
    fn give_up(&mut self) {
        self.stopped = true;
        self.best_count = usize::MAX;
    }
}

/// What a search keeps of itself as it goes: its certificate ([`Record`]), or nothing (`()`).
trait Recorder {
    /// A leaf.
    fn leaf(&mut self);
    /// A branch on row segment `index`: where its step is, for [`Recorder::close`].
    fn branch(&mut self, index: usize) -> usize;
    /// The branch at step `at`, of reach `reach`, closes with the best at `best`.
    fn close(&mut self, at: usize, reach: usize, best: usize);
}

impl Recorder for () {
    fn leaf(&mut self) {}

    fn branch(&mut self, _: usize) -> usize {
        0
    }

    fn close(&mut self, _: usize, _: usize, _: usize) {}
}

/// How the search counts the segments that keep a candidate and picks the row segment to
/// branch on: by bits on a board of one word ([`OneWord`]), by loops over the segments on any
/// board ([`Loops`]).
trait Arithmetic<const W: usize> {
    /// How many row segments keep a candidate of `cand`, and what [`Arithmetic::fewest`]
    /// needs of that count.
    fn live_rows(&self, g: &AttackGraph<W>, cand: &CellSet<W>) -> (usize, u64);
    /// How many column segments keep a candidate of `cand`.
    fn live_columns(&self, g: &AttackGraph<W>, cand: &CellSet<W>) -> usize;
    /// The row segment with the fewest candidates of `cand` (the first such), not empty:
    /// its number and its candidates; `reached` is what [`Arithmetic::live_rows`] gave.
    fn fewest(&self, g: &AttackGraph<W>, cand: &CellSet<W>, reached: u64) -> (usize, CellSet<W>);
}

/// The segments walked one by one, on a board of any size.
struct Loops;

impl<const W: usize> Arithmetic<W> for Loops {
    #[inline(always)]
    fn live_rows(&self, g: &AttackGraph<W>, cand: &CellSet<W>) -> (usize, u64) {
        (g.live_row_segments(cand), 0)
    }

    #[inline(always)]
    fn live_columns(&self, g: &AttackGraph<W>, cand: &CellSet<W>) -> usize {
        g.live_column_segments(cand)
    }

    #[inline(always)]
    fn fewest(&self, g: &AttackGraph<W>, cand: &CellSet<W>, _: u64) -> (usize, CellSet<W>) {
        fewest_candidates(g, cand)
    }
}

/// The search's segment arithmetic on a board of one word: the counters of the row and of the
/// column segments, and where each row segment starts.
struct OneWord {
    rows: SegmentCount,
    columns: SegmentCount,
    /// The first cell of every row segment.
    row_starts: u64,
}

/// On a board of one word (`W` = 1, the only width [`OneWord::of`] gives one for).
impl<const W: usize> Arithmetic<W> for OneWord {
    /// With the candidates smeared along the row segments.
    #[inline(always)]
    fn live_rows(&self, _: &AttackGraph<W>, cand: &CellSet<W>) -> (usize, u64) {
        let reached = self.rows.smear_rows(cand.words()[0]);
        ((reached & self.rows.last).count_ones() as usize, reached)
    }

    #[inline(always)]
    fn live_columns(&self, _: &AttackGraph<W>, cand: &CellSet<W>) -> usize {
        self.columns.count(cand.words()[0])
    }

    #[inline(always)]
    fn fewest(&self, g: &AttackGraph<W>, cand: &CellSet<W>, reached: u64) -> (usize, CellSet<W>) {
        match self.first_fewest(cand.words()[0], reached) {
            Some(index) => (index, g.rows[index].intersection(cand)),
            None => fewest_candidates(g, cand),
        }
    }
}

impl OneWord {
    fn of<const W: usize>(g: &AttackGraph<W>) -> Option<OneWord> {
        let [rows, columns] = SegmentCount::of_board(g)?;
        // A segment's first cell is its highest bit.
        let row_starts = g.rows.iter().fold(0u64, |a, s| a | leading_bit(s.words()[0]));
        Some(OneWord {
            rows,
            columns,
            row_starts,
        })
    }

    /// The number of the row segment [`fewest_candidates`] picks for `cand` (the first, in
    /// reading order, of those that keep the fewest candidates), where `reached` is `cand`
    /// smeared along the row segments ([`SegmentCount::smear_rows`]). The `k`-th candidates
    /// of the segments, and every cell after one, are smeared from the candidates with a cell
    /// reached by the `k − 1`-th before them: the segments that keep exactly `k` are those whose
    /// last cell the `k`-th reach and the `k + 1`-th do not, found for `k` = 1, 2, ... in turn.
    #[inline(always)]
    fn first_fewest(&self, cand: u64, reached: u64) -> Option<usize> {
        let r = &self.rows;
        let mut kth = reached;
        while kth & r.last != 0 {
            let next = r.smear_rows(cand & kth >> 1 & r.within[0]);
            let exactly = kth & r.last & !next;
            if exactly != 0 {
                // Segments follow each other in reading order: the first is the highest bit,
                // and its number is how many segments start at or before its last cell, less one.
                let end = 63 - exactly.leading_zeros();
                return Some((self.row_starts >> end).count_ones() as usize - 1);
            }
            kth = next;
        }
        None
    }
}

/// The highest bit of `x` (0 for 0).
fn leading_bit(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        1u64 << (63 - x.leading_zeros())
    }
}

/// The number of segments of one family (rows or columns) that hold a candidate, without a
/// loop over the segments, on a board of one word: each candidate is smeared along its
/// segment to the segment's last cell, whose bits are then counted. The search's own count:
/// the replay counts segments its own way (`AttackGraph::live_row_segments` and columns).
struct SegmentCount {
    /// The last cell of every segment.
    last: u64,
    /// Cells one step apart along a line are `step` bits apart.
    step: u32,
    /// `within[r]`: the cells whose cell `step · 2^r` back lies in their segment's span (from
    /// its first cell to its last along the line); none for `r` from `rounds` on.
    within: [u64; 6],
    /// Smearing rounds: `2^rounds` reaches the longest segment.
    rounds: u32,
}

impl SegmentCount {
    /// The counter for `segments`, when the board is one word: along their lines, cells are
    /// `step` apart, `line` cells long, and `not_first` holds every cell that has a predecessor.
    fn new<const W: usize>(
        segments: &[CellSet<W>],
        step: usize,
        line: usize,
        not_first: u64,
    ) -> Option<SegmentCount> {
        if W != 1 {
            return None;
        }
        // Cell `i` is bit `63 - i`: a later cell is a lower bit. Where no hole sits inside a
        // segment, its cells are consecutive free cells: the whole family at once.
        let free = segments.iter().fold(0u64, |a, s| a | s.words()[0]);
        // A line of one board word is at most 64 cells: a shift by `step` may clear the word.
        let (back, ahead) = (
            |x: u64| x.checked_shr(step as u32).unwrap_or(0),
            |x: u64| x.checked_shl(step as u32).unwrap_or(0),
        );
        let mut one_back = free & back(free) & not_first;
        let mut last = free & !ahead(free & not_first);
        if last.count_ones() as usize != segments.len() {
            // Holes do not cut a segment: the smear runs over its whole span, holes included.
            (one_back, last) = (0, 0);
            for s in segments {
                let (Some(first), Some(end)) = (s.first(), s.last()) else {
                    continue;
                };
                let m = s.words()[0];
                let span = (first..=end)
                    .step_by(step)
                    .fold(0u64, |a, i| a | 1u64 << (63 - i));
                last |= m & m.wrapping_neg();
                one_back |= span & back(span);
            }
        }
        let step = step as u32;
        let mut within = [0u64; 6];
        within[0] = one_back;
        let mut rounds = 0;
        while (1usize << rounds) < line {
            rounds += 1;
            if (rounds as usize) < within.len() {
                let w = within[rounds as usize - 1];
                within[rounds as usize] = w & (w >> (step << (rounds - 1)));
            }
        }
        Some(SegmentCount {
            last,
            step,
            within,
            rounds,
        })
    }

    /// The counters of the row and of the column segments of `g`, when its board is one word.
    fn of_board<const W: usize>(g: &AttackGraph<W>) -> Option<[SegmentCount; 2]> {
        let (cells, cols) = (g.attacks.len(), g.cols);
        let rows = cells / cols;
        // The first `n` cells.
        let leading = |n: usize| u64::MAX.checked_shr(n as u32).map_or(u64::MAX, |m| !m);
        let all = leading(cells);
        let first_column = (0..rows).fold(0u64, |a, r| a | 1u64 << (63 - r * cols));
        let first_row = leading(cols);
        Some([
            SegmentCount::new(&g.rows, 1, cols, all & !first_column)?,
            SegmentCount::new(&g.cols_segs, cols, rows, all & !first_row)?,
        ])
    }

    /// `x` and every cell after one of its cells in the same segment's span. Three rounds
    /// cover lines of up to 8 cells (a round past `rounds` adds nothing: its `within` is
    /// empty, and so the shift, which may pass the word, is masked away); longer lines loop.
    #[inline(always)]
    fn smear_by(&self, x: u64, step: u32) -> u64 {
        let mut x = x | x.wrapping_shr(step) & self.within[0];
        x |= x.wrapping_shr(step << 1) & self.within[1];
        x |= x.wrapping_shr(step << 2) & self.within[2];
        for r in 3..self.rounds {
            x |= (x >> (step << r)) & self.within[r as usize];
        }
        x
    }

    /// [`SegmentCount::smear_by`] its step.
    #[inline(always)]
    fn smear(&self, x: u64) -> u64 {
        self.smear_by(x, self.step)
    }

    /// [`SegmentCount::smear`] of the row segments, whose step is 1, the shifts fixed.
    #[inline(always)]
    fn smear_rows(&self, x: u64) -> u64 {
        debug_assert_eq!(self.step, 1);
        self.smear_by(x, 1)
    }

    #[inline(always)]
    fn count(&self, cand: u64) -> usize {
        (self.smear(cand) & self.last).count_ones() as usize
    }
}

/// A search as it goes, kept as the certificate of its value: the search tree, less what a
/// search knowing the value would not have searched. A node whose reach the best meets as it
/// closes becomes a leaf there (the best only grows, so its bound stays within the value); a
/// node closed before the best met its reach waits in `pending`, and is cut at the end if the
/// value meets it. So the certificate is the tree a search knowing the value would have made,
/// built in one pass.
struct Record {
    tree: SearchTree,
    /// The branches closed above the best of their time, in the order they closed.
    pending: Vec<Closed>,
}

/// A closed branch: its step, one past its subtree's last step, and its reach.
#[derive(Clone, Copy)]
struct Closed {
    at: u32,
    end: u32,
    reach: u32,
}

impl Recorder for Record {
    #[inline(always)]
    fn leaf(&mut self) {
        self.tree.leaf();
    }

    #[inline(always)]
    fn branch(&mut self, index: usize) -> usize {
        self.tree.branch_at(index)
    }

    fn close(&mut self, at: usize, reach: usize, best: usize) {
        if reach <= best {
            self.tree.cut_to_leaf(at);
            // What waited inside the subtree is gone with it; it closed last.
            while self.pending.last().is_some_and(|c| c.at as usize > at) {
                self.pending.pop();
            }
        } else {
            self.pending.push(Closed {
                at: at as u32,
                end: self.tree.len() as u32,
                reach: reach as u32,
            });
        }
    }
}

impl Record {
    /// The certificate of `value`: the pending branches it meets cut to leaves. They closed in
    /// postorder: a branch closed later holds an earlier one in its subtree or comes after it.
    /// So from the last back, those the value meets that start before every one kept so far
    /// are the outermost, in descending order of step (each kept in place, moved back).
    fn finish(mut self, value: usize) -> SearchTree {
        let (mut kept, mut before) = (self.pending.len(), u32::MAX);
        for i in (0..self.pending.len()).rev() {
            let c = self.pending[i];
            if c.reach as usize <= value && c.at < before {
                before = c.at;
                kept -= 1;
                self.pending[kept] = c;
            }
        }
        if kept < self.pending.len() {
            self.tree.cut_subtrees(
                self.pending[kept..]
                    .iter()
                    .map(|c| (c.at as usize, c.end as usize)),
            );
        }
        self.pending.clear();
        PENDING_ROOM.set(self.pending);
        self.tree
    }
}

/// A search for every placement of exactly `target` queens, kept as a counting tree: a leaf
/// where `target` are placed (one placement) or where the segment bound stays below it. It
/// gives up once it has found more than `most` (keeping those it found when `most` is small).
struct Count<'a, const W: usize> {
    g: &'a AttackGraph<W>,
    target: usize,
    tree: SearchTree,
    count: u64,
    most: u64,
    found: Option<Vec<CellSet<W>>>,
    poll: StopPoll,
    /// `stop` said yes: every node left returns at once, and the count means nothing.
    stopped: bool,
}

impl<const W: usize> Count<'_, W> {
    fn go(&mut self, cand: CellSet<W>, placed: CellSet<W>, n: usize) {
        if self.count > self.most {
            return;
        }
        if n == self.target || n + self.g.segment_bound(&cand) < self.target {
            self.tree.leaf();
            if n == self.target {
                self.count += 1;
                if let Some(found) = self.found.as_mut() {
                    found.push(placed);
                }
            }
            return;
        }
        if self.poll.stops() {
            return self.give_up();
        }
        // Below the target with room for it, so some row segment keeps a candidate.
        let (index, seg) = fewest_candidates(self.g, &cand);
        self.tree.branch(index);
        for i in seg.iter() {
            self.go(self.g.after_queen(&cand, i), placed.with(i), n + 1);
        }
        self.go(cand.difference(&seg), placed, n);
    }

    /// After `stop` said yes: a count past `most` makes every node left return at once.
    #[cold]
    #[inline(never)]
    fn give_up(&mut self) {
        self.stopped = true;
        (self.count, self.most) = (1, 0);
    }
}

/// The row segment (its number and remaining candidates) with the fewest candidates left, of
/// those that keep one (the first such); `cand` is not empty.
fn fewest_candidates<const W: usize>(g: &AttackGraph<W>, cand: &CellSet<W>) -> (usize, CellSet<W>) {
    let mut pick = (usize::MAX, CellSet::EMPTY, usize::MAX);
    for (index, segment) in g.rows.iter().enumerate() {
        let left = segment.intersection(cand);
        if left.is_empty() {
            continue;
        }
        // One candidate is the fewest a segment can keep: no later segment beats it.
        if left.has_one() {
            return (index, left);
        }
        let n = left.len();
        if n < pick.2 {
            pick = (index, left, n);
        }
    }
    assert!(pick.2 < usize::MAX, "a candidate lies in some row segment");
    (pick.0, pick.1)
}

/// How many legal placements of exactly `target` queens `board` has, with the search's tree,
/// which `check::count_by_search_tree` replays to the same count; `None` once `stop` said yes
/// (it is asked every so many nodes; [`never`](crate::never) runs the search to its end).
pub fn bnb_count(board: &Board, target: usize, stop: fn() -> bool) -> Option<(u64, SearchTree)> {
    bnb_count_at_most(board, target, u64::MAX, stop).map(|r| r.expect("no count exceeds u64::MAX"))
}

/// [`bnb_count`] where it is at most `most` (small: the placements found are kept); else
/// `most + 1` placements of `target` queens (the search stops at the one past `most`).
pub fn bnb_count_at_most(
    board: &Board,
    target: usize,
    most: u64,
    stop: fn() -> bool,
) -> Option<Result<(u64, SearchTree), Vec<Placement>>> {
    with_cell_width!(board.n_cells(), W => AttackGraph::<W>::with(board, |g| {
        let mut c = Count {
            g,
            target,
            tree: SearchTree::default(),
            count: 0,
            most,
            found: (most < u64::MAX).then(Vec::new),
            poll: StopPoll::new(stop),
            stopped: false,
        };
        c.go(g.free, CellSet::EMPTY, 0);
        if c.stopped {
            return None;
        }
        if c.count <= most {
            return Some(Ok((c.count, c.tree)));
        }
        let cell = |i: usize| (i / g.cols, i % g.cols);
        Some(Err(c
            .found
            .unwrap_or_default()
            .iter()
            .map(|p| p.iter().map(cell).collect())
            .collect()))
    }))
}

/// The value of a board and one optimal placement, by branch and bound (any size; meant for
/// the boards a sweep enumerates); `None` once `stop` said yes (asked every so many nodes).
pub fn bnb_value(board: &Board, stop: fn() -> bool) -> Option<(usize, Placement)> {
    with_cell_width!(board.n_cells(), W => AttackGraph::<W>::with(board, |g| {
        search_by(g, false, 0, false, stop).map(|(v, p, _)| (v, p))
    }))
}

/// [`bnb_value`] with its search tree, which refutes one queen more than the value
/// (`check_search_tree(board, value + 1, &tree)`).
pub fn bnb_proof(board: &Board) -> (usize, Placement, SearchTree) {
    let (v, p, t) =
        with_cell_width!(board.n_cells(), W => AttackGraph::<W>::with(board, |g| search(g, true)));
    (v, p, t.unwrap_or_default())
}

/// [`bnb_proof`] with its tree replayed (as [`check_search_tree`](crate::search_tree::check_search_tree)
/// does) against one queen more than the value, on the one attack graph both need: the value
/// and an optimal placement, or why the tree does not prove it.
///
/// `near` (the queens of a similar board, such as a sweep's previous class) only speeds the
/// search: see `floor`. The value and placement are those of the search from nothing.
pub fn bnb_value_proved(board: &Board, near: &[Coord]) -> Result<(usize, Placement), TreeError> {
    bnb_value_proved_until(board, near, never).map(|r| r.expect("a search that never stops"))
}

/// [`bnb_value_proved`] that gives up, with `Ok(None)`, once `stop` says so (it is asked
/// every so many nodes of the search and of its tree's replay): a sweep's board whose search
/// would outlast a stop signal.
pub fn bnb_value_proved_until(
    board: &Board,
    near: &[Coord],
    stop: fn() -> bool,
) -> Result<Option<(usize, Placement)>, TreeError> {
    with_cell_width!(board.n_cells(), W => AttackGraph::<W>::with(board, |g| {
        let start = floor(g, near).saturating_sub(1);
        let Some((v, p, tree)) = search_by(g, true, start, false, stop) else {
            return Ok(None);
        };
        let tree = tree.unwrap_or_default();
        // The replay is as long as the search: it gives up on the same `stop`.
        let verdict = replay_on(g, v + 1, &tree, false, stop);
        TREE_ROOM.set(tree.into_room());
        verdict.map(|replayed| replayed.map(|_| (v, p)))
    }))
}

fn search<const W: usize>(g: &AttackGraph<W>, record: bool) -> (usize, Placement, Option<SearchTree>) {
    search_by(g, record, 0, false, never).expect("a search that never stops")
}

/// The size of a placement on `g` (so at most its value): the queens of `near` on free cells
/// that see no earlier one, completed greedily in reading order.
///
/// A search that starts as if it held a placement of `floor - 1` queens prunes every node
/// that cannot beat that, and still finds the search from nothing's optimum: the first leaf
/// of the value in their common order, since every node on its path reaches the value, above
/// both searches' best until then (so it is neither pruned nor skipped by either).
fn floor<const W: usize>(g: &AttackGraph<W>, near: &[Coord]) -> usize {
    let (mut cand, mut placed) = (g.free, 0);
    let rows = g.attacks.len() / g.cols;
    for &(r, c) in near {
        let i = r * g.cols + c;
        if r < rows && c < g.cols && cand.contains(i) {
            cand = g.after_queen(&cand, i);
            placed += 1;
        }
    }
    while let Some(i) = cand.first() {
        cand = g.after_queen(&cand, i);
        placed += 1;
    }
    placed
}

/// The search of `g` above `start` queens (below the value, or the search finds no
/// placement), by its bits where the board is one word; without the popcount instruction
/// when `plain`; `None` when `stop` ended it.
fn search_by<const W: usize>(
    g: &AttackGraph<W>,
    record: bool,
    start: usize,
    plain: bool,
    stop: fn() -> bool,
) -> Option<(usize, Placement, Option<SearchTree>)> {
    match OneWord::of(g) {
        Some(word) => search_with(g, word, record, start, plain, stop),
        None => search_with(g, Loops, record, start, plain, stop),
    }
}

fn search_with<const W: usize, A: Arithmetic<W>>(
    g: &AttackGraph<W>,
    arith: A,
    record: bool,
    start: usize,
    plain: bool,
    stop: fn() -> bool,
) -> Option<(usize, Placement, Option<SearchTree>)> {
    let placement = |best: CellSet<W>| best.iter().map(|i| (i / g.cols, i % g.cols)).collect();
    if !record {
        let mut s = Search::new(g, arith, start, (), stop);
        s.run(plain);
        return (!s.stopped).then(|| (s.best_count, placement(s.best), None));
    }
    // A sweep searches one board after another: the record's room is the thread's, kept from
    // one search to the next.
    let room = Record {
        tree: SearchTree::reusing(TREE_ROOM.take(), 0),
        pending: PENDING_ROOM.take(),
    };
    let mut s = Search::new(g, arith, start, room, stop);
    s.run(plain);
    let tree = s.record.finish(s.best_count);
    (!s.stopped).then(|| (s.best_count, placement(s.best), Some(tree)))
}

impl<'a, const W: usize, A, R> Search<'a, W, A, R> {
    fn new(g: &'a AttackGraph<W>, arith: A, start: usize, record: R, stop: fn() -> bool) -> Self {
        Search {
            g,
            arith,
            best: CellSet::EMPTY,
            best_count: start,
            record,
            poll: StopPoll::new(stop),
            stopped: false,
        }
    }
}

std::thread_local! {
    /// The steps of this thread's last tree checked and dropped, for the next one.
    static TREE_ROOM: std::cell::Cell<Vec<u32>> = const { std::cell::Cell::new(Vec::new()) };
    /// This thread's last record's pending branches, emptied, for the next one.
    static PENDING_ROOM: std::cell::Cell<Vec<Closed>> = const { std::cell::Cell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute::brute_value;
    use crate::placement::check_placement;
    use proptest::prelude::*;

    #[test]
    fn classic_and_record_boards() {
        let cases = [
            (Board::square(8).unwrap(), 8),
            (Board::with_walls(8, 8, &[(1, 3), (2, 5)]).unwrap(), 10),
            (Board::with_walls(8, 8, &[(1, 4), (3, 1), (4, 3)]).unwrap(), 11),
            (Board::square(3).unwrap(), 2),
            (Board::new(1, 1).unwrap(), 1),
            // Past 64 cells (two words, four words).
            (Board::square(9).unwrap(), 9),
            (Board::new(7, 12).unwrap(), 7),
            (Board::square(12).unwrap(), 12),
        ];
        for (b, want) in cases {
            let (v, p) = bnb_value(&b, never).unwrap();
            assert_eq!(v, want, "{b:?}");
            assert_eq!(p.len(), v);
            assert_eq!(check_placement(&b, &p), Ok(()));
        }
    }

    #[test]
    fn a_search_gives_up_when_asked() {
        // 25 separate 3x3 rooms (walls every fourth row and column): each holds 2 queens
        // against a segment bound of 3, which no bound here sees across rooms, so the
        // refutation of one queen more is long; the first question to `stop` ends it.
        let lines: Vec<Coord> = (0..19 * 19)
            .map(|i| (i / 19, i % 19))
            .filter(|&(r, c)| r % 4 == 3 || c % 4 == 3)
            .collect();
        let hard = Board::with_walls(19, 19, &lines).unwrap();
        assert_eq!(bnb_value_proved_until(&hard, &[], || true), Ok(None));
        // The same poll in the plain search and the counting search (51 queens: one past the
        // value, which only a long search refutes).
        assert_eq!(bnb_value(&hard, || true), None);
        assert!(bnb_count(&hard, 51, || true).is_none());
        assert!(bnb_count_at_most(&hard, 51, 1, || true).is_none());
        // A search shorter than one poll never asks.
        let easy = Board::with_walls(8, 8, &[(1, 3), (2, 5)]).unwrap();
        let (v, _) = bnb_value_proved_until(&easy, &[], || true).unwrap().unwrap();
        assert_eq!(v, 10);
        assert_eq!(bnb_value(&easy, || true).map(|r| r.0), Some(10));
        let n = bnb_count(&easy, 10, never).unwrap().0;
        assert_eq!(bnb_count(&easy, 10, || true).map(|r| r.0), Some(n));
    }

    #[test]
    fn counts_the_classic_solutions() {
        let (n, tree) = bnb_count(&Board::square(8).unwrap(), 8, never).unwrap();
        assert_eq!(n, 92);
        assert_eq!(
            crate::search_tree::count_by_search_tree(&Board::square(8).unwrap(), 8, &tree),
            Ok(92)
        );
        // Past 64 cells, and a target past the value: none.
        assert_eq!(bnb_count(&Board::square(9).unwrap(), 9, never).unwrap().0, 352);
        assert_eq!(bnb_count(&Board::square(6).unwrap(), 7, never).unwrap().0, 0);
        // At most one: 6x6 has 4 solutions, so the search stops at the second, both legal.
        let b = Board::square(6).unwrap();
        let two = bnb_count_at_most(&b, 6, 1, never).unwrap().unwrap_err();
        assert_eq!(two.len(), 2);
        assert_ne!(two[0], two[1]);
        assert!(two.iter().all(|p| p.len() == 6 && check_placement(&b, p).is_ok()));
        let (n, tree) = bnb_count_at_most(&b, 6, 4, never).unwrap().unwrap();
        assert_eq!(
            (n, crate::search_tree::count_by_search_tree(&b, 6, &tree)),
            (4, Ok(4))
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Walls and holes at random: every count of placements, of every size up to one past the
        /// value, is exhaustive search's, and its tree replays to it.
        #[test]
        fn counts_agree_with_brute_force(rows in 1usize..6, cols in 1usize..6, cells in proptest::collection::vec(0u8..6, 25)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            for k in 0..=brute_value(&b) + 1 {
                let (n, tree) = bnb_count(&b, k, never).unwrap();
                prop_assert_eq!(n, crate::brute::brute_count(&b, k));
                prop_assert_eq!(crate::search_tree::count_by_search_tree(&b, k, &tree), Ok(n));
            }
        }

        /// Walls and holes at random, candidates at random: the smeared counts of live row and
        /// column segments are the attack graph's, and the row segment the bits pick to branch on
        /// is the one the loop over the segments picks.
        #[test]
        fn segment_arithmetic_is_the_graphs(small in (1usize..9, 1usize..9), long in prop::sample::select(vec![(1, 64), (64, 1), (2, 32), (32, 2), (3, 21), (7, 9)]),
                                            pick_long: bool, cells in proptest::collection::vec(0u8..8, 64), cand: u64) {
            let (rows, cols) = if pick_long { long } else { small };
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let g = AttackGraph::<1>::new(&b);
            let cand = CellSet::of((0..64).filter(|i| cand >> i & 1 == 1)).intersection(&g.free);
            let word = OneWord::of(&g).unwrap();
            let c = cand.words()[0];
            prop_assert_eq!(word.rows.count(c), g.live_row_segments(&cand));
            prop_assert_eq!(word.columns.count(c), g.live_column_segments(&cand));
            let loop_pick = (!cand.is_empty()).then(|| fewest_candidates(&g, &cand).0);
            prop_assert_eq!(word.first_fewest(c, word.rows.smear_rows(c)), loop_pick);
        }

        /// Walls and holes at random: without the popcount instruction, the same search.
        #[test]
        fn the_search_is_the_same_without_popcount(rows in 1usize..9, cols in 1usize..9, cells in proptest::collection::vec(0u8..8, 64)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let g = AttackGraph::<1>::new(&b);
            let plain = search_by(&g, true, 0, true, never).unwrap();
            prop_assert_eq!(plain, search(&g, true));
        }

        /// Walls and holes at random, queens of another board at random: the search that starts
        /// from their floor finds the search from nothing's value and placement.
        #[test]
        fn a_floor_changes_no_answer(rows in 1usize..9, cols in 1usize..9, cells in proptest::collection::vec(0u8..8, 64),
                                     near in proptest::collection::vec((0usize..10, 0usize..10), 0..12)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            prop_assert_eq!(bnb_value_proved(&b, &near), Ok(bnb_value(&b, never).unwrap()));
            let (v, p) = bnb_value(&b, never).unwrap();
            prop_assert_eq!(bnb_value_proved(&b, p.queens()), Ok((v, p)));
        }

        /// Walls and holes at random: the same value as exhaustive search.
        #[test]
        fn agrees_with_brute_force(rows in 1usize..7, cols in 1usize..7, cells in proptest::collection::vec(0u8..6, 36)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let (v, p) = bnb_value(&b, never).unwrap();
            prop_assert_eq!(v, brute_value(&b));
            prop_assert_eq!(check_placement(&b, &p), Ok(()));
        }
    }
}
