//! Search trees as certificates: a branch-and-bound search that found no placement of `target`
//! queens, recorded so that it can be replayed and checked without trusting the search.
//!
//! The tree is written in depth-first preorder. A node is either a *leaf*, where the queens
//! placed so far plus the segment bound of the cells still allowed stay below `target`, or a
//! *branch* on a row segment `s` (numbered in reading order), whose children are, in order,
//! "a queen on `c`" for each allowed cell `c` of `s`, ascending, and then "no queen on `s`".
//! Those children cover every placement below the node (a placement either has a queen on one
//! of those cells or on none), so if every leaf's bound holds, no placement reaches `target`.
//! The replay checks exactly that; it does not need to know how the search chose its branches.
//!
//! The same trees also count: where every leaf either stays below `target` or holds exactly
//! `target` queens placed, the placements of exactly `target` queens are one per leaf of the
//! second kind (below such a leaf the only one is the leaf's own: any other adds a queen), so
//! [`count_by_search_tree`] replays a counting search and returns its count.

use super::attack_graph::AttackGraph;
use super::stop::{StopPoll, never};
use queensat_board::with_cell_width;
use queensat_board::{Board, CellSet};
use std::fmt;

/// The step that marks a leaf; any other step names the row segment branched on.
const LEAF: u32 = u32::MAX;

/// A recorded search tree (see the module documentation for what it proves).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchTree {
    steps: Vec<u32>,
}

impl SearchTree {
    /// An empty tree in the room of `steps` (emptied), with room for `nodes` steps.
    pub(super) fn reusing(mut steps: Vec<u32>, nodes: usize) -> SearchTree {
        steps.clear();
        steps.reserve(nodes);
        SearchTree { steps }
    }

    /// The tree's room, for [`SearchTree::reusing`].
    pub(super) fn into_room(self) -> Vec<u32> {
        self.steps
    }

    pub(super) fn leaf(&mut self) {
        self.steps.push(LEAF);
    }

    pub(super) fn branch(&mut self, segment: usize) {
        self.steps.push(segment as u32);
    }

    /// [`SearchTree::branch`], returning where the branch's step is.
    pub(super) fn branch_at(&mut self, segment: usize) -> usize {
        self.branch(segment);
        self.steps.len() - 1
    }

    /// Makes the branch at step `at`, the last still open, a leaf: its subtree is dropped.
    pub(super) fn cut_to_leaf(&mut self, at: usize) {
        self.steps.truncate(at);
        self.leaf();
    }

    /// How many steps the tree has.
    pub(super) fn len(&self) -> usize {
        self.steps.len()
    }

    /// Makes the branches at `subtrees` leaves, each `(step, one past its subtree's last step)`,
    /// in ascending order of step; a subtree inside one cut before it goes with it.
    pub(super) fn cut_subtrees(&mut self, subtrees: impl Iterator<Item = (usize, usize)>) {
        // Steps `..kept` are final; `read..` are still to move down.
        let (mut kept, mut read) = (0, 0);
        for (at, end) in subtrees {
            if at < read {
                continue;
            }
            self.steps.copy_within(read..at, kept);
            kept += at - read;
            self.steps[kept] = LEAF;
            kept += 1;
            read = end;
        }
        let n = self.steps.len();
        self.steps.copy_within(read..n, kept);
        self.steps.truncate(kept + n - read);
    }

    /// The tree from its steps: a segment number per branch, `None` per leaf, in preorder.
    pub fn from_steps(steps: impl IntoIterator<Item = Option<usize>>) -> SearchTree {
        SearchTree {
            steps: steps
                .into_iter()
                // A segment number too large for a step stays a branch, on no segment.
                .map(|s| {
                    s.map_or(LEAF, |s| {
                        u32::try_from(s).ok().filter(|&s| s != LEAF).unwrap_or(LEAF - 1)
                    })
                })
                .collect(),
        }
    }
}

/// Why a search tree does not prove its claim. `node` counts from 0 in preorder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// A leaf where the queens placed plus the bound reach the target.
    LeafBound {
        node: usize,
        placed: usize,
        bound: usize,
        target: usize,
    },
    /// A branch on a segment the board does not have.
    NoSuchSegment { node: usize, segment: usize },
    /// A branch on a segment with no allowed cell left (it would not shrink anything).
    EmptyBranch { node: usize, segment: usize },
    /// The steps run out before the tree is complete.
    EndsEarly { nodes: usize },
    /// Steps left over after the tree is complete.
    Trailing { nodes: usize, steps: usize },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::LeafBound {
                node,
                placed,
                bound,
                target,
            } => write!(
                f,
                "leaf at node {node}: {placed} queens placed and room for {bound} more reach {target}"
            ),
            TreeError::NoSuchSegment { node, segment } => {
                write!(
                    f,
                    "node {node} branches on row segment {segment}, which the board does not have"
                )
            }
            TreeError::EmptyBranch { node, segment } => {
                write!(
                    f,
                    "node {node} branches on row segment {segment}, which has no cell left"
                )
            }
            TreeError::EndsEarly { nodes } => write!(f, "the tree ends after {nodes} nodes, incomplete"),
            TreeError::Trailing { nodes, steps } => {
                write!(
                    f,
                    "the tree is complete after {nodes} nodes but has {steps} steps"
                )
            }
        }
    }
}

/// Checks that `tree` proves that no legal placement on `board` has `target` queens.
pub fn check_search_tree(board: &Board, target: usize, tree: &SearchTree) -> Result<(), TreeError> {
    check_search_tree_until(board, target, tree, never).map(|r| r.expect("a replay that never stops"))
}

/// [`check_search_tree`] that gives up, with `Ok(None)`, once `stop` says so (asked every so
/// many branches, as the search that made the tree asks it).
pub fn check_search_tree_until(
    board: &Board,
    target: usize,
    tree: &SearchTree,
    stop: fn() -> bool,
) -> Result<Option<()>, TreeError> {
    replay(board, target, tree, false, stop).map(|r| r.map(|_| ()))
}

/// The number of legal placements of exactly `target` queens on `board`, counted by replaying
/// `tree` (see the module documentation): an error unless each leaf holds `target` queens or
/// stays below it.
pub fn count_by_search_tree(board: &Board, target: usize, tree: &SearchTree) -> Result<u64, TreeError> {
    count_by_search_tree_until(board, target, tree, never).map(|r| r.expect("a replay that never stops"))
}

/// [`count_by_search_tree`] that gives up, with `Ok(None)`, once `stop` says so.
pub fn count_by_search_tree_until(
    board: &Board,
    target: usize,
    tree: &SearchTree,
    stop: fn() -> bool,
) -> Result<Option<u64>, TreeError> {
    replay(board, target, tree, true, stop)
}

/// The replay of `tree` from the whole board; with `counting`, leaves of `target` queens
/// count one placement each, without they are refused; `Ok(None)` once `stop` said yes.
fn replay(
    board: &Board,
    target: usize,
    tree: &SearchTree,
    counting: bool,
    stop: fn() -> bool,
) -> Result<Option<u64>, TreeError> {
    with_cell_width!(board.n_cells(), W => AttackGraph::<W>::with(board, |g| replay_on(g, target, tree, counting, stop)))
}

/// [`replay`] on the board's attack graph, built by the caller (the search that made the tree
/// may hand over its own: the graph depends on the board alone); `Ok(None)` once `stop` said
/// yes (asked every so many branches).
pub(super) fn replay_on<const W: usize>(
    g: &AttackGraph<W>,
    target: usize,
    tree: &SearchTree,
    counting: bool,
    stop: fn() -> bool,
) -> Result<Option<u64>, TreeError> {
    let mut replay = Replay {
        g,
        rows: RowSpans::of(g),
        steps: &tree.steps,
        next: 0,
        target,
        counting,
        why: None,
        poll: StopPoll::new(stop),
    };
    let count = match replay.run(g.free) {
        Ok(count) => count,
        Err(Rejected) => return replay.why.take().map_or(Ok(None), Err),
    };
    if replay.next != tree.steps.len() {
        return Err(TreeError::Trailing {
            nodes: replay.next,
            steps: tree.steps.len(),
        });
    }
    Ok(Some(count))
}

struct Replay<'a, const W: usize> {
    g: &'a AttackGraph<W>,
    /// The row segments as bit fields, on a board of one word.
    rows: Option<RowSpans>,
    steps: &'a [u32],
    next: usize,
    target: usize,
    counting: bool,
    /// Why the tree is rejected, once it is; `None` on a rejection when `stop` said yes.
    why: Option<TreeError>,
    poll: StopPoll,
}

/// A rejection on its way up the replay, the error itself kept in [`Replay::why`] (a small
/// result returns in registers, and every node returns one).
struct Rejected;

impl<const W: usize> Replay<'_, W> {
    /// The replay from the root, with the popcount instruction where the processor has it
    /// (the release build targets baseline x86-64, without it): the same replay either way.
    fn run(&mut self, cand: CellSet<W>) -> Result<u64, Rejected> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the feature `walk_popcnt` is compiled for.
            return unsafe { self.walk_popcnt(cand) };
        }
        self.walk(cand)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn walk_popcnt(&mut self, cand: CellSet<W>) -> Result<u64, Rejected> {
        self.walk(cand)
    }

    /// Checks the tree from the root, for the placements on `cand`; the placements of exactly
    /// `target` queens in it (0 unless counting). Depth first, in the steps' order: the
    /// branches whose children are not all checked yet wait on a stack, so one loop checks
    /// every node. A branch's children are its segment's cells in ascending order, then the
    /// segment left empty; each branch empties a segment for all its children, so the stack
    /// holds at most one branch per row segment.
    #[inline(always)]
    fn walk(&mut self, root: CellSet<W>) -> Result<u64, Rejected> {
        let mut open: Vec<Open<W>> = Vec::with_capacity(self.g.rows.len());
        let (mut cand, mut placed, mut count) = (root, 0, 0);
        loop {
            let node = self.next;
            let Some(&step) = self.steps.get(node) else {
                return self.reject(TreeError::EndsEarly { nodes: node });
            };
            self.next += 1;
            if step != LEAF {
                if self.poll.stops() {
                    return Err(Rejected);
                }
                let segment = step as usize;
                let Some(seg) = self.g.rows.get(segment).map(|s| s.intersection(&cand)) else {
                    return self.reject(TreeError::NoSuchSegment { node, segment });
                };
                let Some(first) = seg.first() else {
                    return self.reject(TreeError::EmptyBranch { node, segment });
                };
                let mut cells = seg;
                cells.remove(first);
                open.push(Open {
                    cand,
                    placed,
                    seg,
                    cells,
                });
                (cand, placed) = (self.g.after_queen(&cand, first), placed + 1);
                continue;
            }
            count += self.leaf(node, &cand, placed)?;
            // On to the next child of the last open branch: its next cell, else its segment
            // left empty (its last child, so it closes).
            let Some(last) = open.last_mut() else {
                return Ok(count);
            };
            match last.cells.first() {
                Some(c) => {
                    last.cells.remove(c);
                    (cand, placed) = (self.g.after_queen(&last.cand, c), last.placed + 1);
                }
                None => {
                    (cand, placed) = (last.cand.difference(&last.seg), last.placed);
                    open.pop();
                }
            }
        }
    }

    /// Checks the leaf at step `node`: the placements of exactly `target` queens it holds (1
    /// for a leaf of a counting tree with `target` placed, else 0), or why it is rejected.
    #[inline(always)]
    fn leaf(&mut self, node: usize, cand: &CellSet<W>, placed: usize) -> Result<u64, Rejected> {
        if self.counting && placed == self.target {
            return Ok(1);
        }
        // The row segments alone bound most leaves; the columns are counted only where they
        // do not.
        let rows = match &self.rows {
            Some(spans) => spans.live(cand.words()[0]),
            None => self.g.live_row_segments(cand),
        };
        if placed + rows < self.target {
            return Ok(0);
        }
        let bound = rows.min(self.g.live_column_segments(cand));
        if placed + bound >= self.target {
            return self.reject(TreeError::LeafBound {
                node,
                placed,
                bound,
                target: self.target,
            });
        }
        Ok(0)
    }

    #[cold]
    fn reject(&mut self, why: TreeError) -> Result<u64, Rejected> {
        self.why = Some(why);
        Err(Rejected)
    }
}

/// A branch whose children are not all checked: its node's candidates and queens, its
/// segment's candidates, and those of its cells still to check.
struct Open<const W: usize> {
    cand: CellSet<W>,
    placed: usize,
    seg: CellSet<W>,
    cells: CellSet<W>,
}

/// The row segments of a board of one word as bit fields, for counting those that keep a
/// candidate with one addition (the replay's own count; the search counts its way). A row
/// segment's span, from its first cell to its last, is a run of consecutive bits (cell `i` is
/// bit `63 - i`), its first cell the highest: adding the span's other bits to the candidates
/// among them carries into the first cell's bit exactly when there is one, and stays within
/// the span.
struct RowSpans {
    /// The first cell of every row segment.
    first: u64,
    /// Every other cell of each segment's span (holes included: they are never candidates).
    rest: u64,
}

impl RowSpans {
    fn of<const W: usize>(g: &AttackGraph<W>) -> Option<RowSpans> {
        if W != 1 {
            return None;
        }
        let (mut first, mut rest) = (0u64, 0u64);
        for s in &g.rows {
            let (Some(a), Some(b)) = (s.first(), s.last()) else {
                continue;
            };
            // Cells `a..=b`: bits `63 - b ..= 63 - a`.
            let high = 1u64 << (63 - a);
            first |= high;
            rest |= (high - 1) & !((1u64 << (63 - b)) - 1);
        }
        Some(RowSpans { first, rest })
    }

    /// How many row segments keep a candidate of `cand`.
    fn live(&self, cand: u64) -> usize {
        let carried = (cand & self.rest).wrapping_add(self.rest);
        ((carried | cand) & self.first).count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bnb::bnb_proof;
    use crate::brute::brute_value;
    use proptest::prelude::*;

    #[test]
    fn the_eight_queens_tree_refutes_nine_and_not_eight() {
        let b = Board::square(8).unwrap();
        let (v, _, tree) = bnb_proof(&b);
        assert_eq!(v, 8);
        assert_eq!(check_search_tree(&b, 9, &tree), Ok(()));
        assert!(matches!(
            check_search_tree(&b, 8, &tree),
            Err(TreeError::LeafBound { .. })
        ));
    }

    #[test]
    fn a_replay_gives_up_when_asked() {
        // The counting tree of the 14,200 twelve-queens solutions: more branches than one poll.
        let b = Board::square(12).unwrap();
        let (n, tree) = crate::bnb::bnb_count(&b, 12, never).unwrap();
        assert!(tree.steps.iter().filter(|&&s| s != LEAF).count() > 1 << 16);
        with_cell_width!(b.n_cells(), W => AttackGraph::<W>::with(&b, |g| {
            assert_eq!(replay_on(g, 12, &tree, true, || true), Ok(None));
            assert_eq!(replay_on(g, 12, &tree, true, never), Ok(Some(n)));
        }));
        assert_eq!(n, 14200);
        // The public replays take the same `stop`.
        assert_eq!(count_by_search_tree_until(&b, 12, &tree, || true), Ok(None));
        assert_eq!(count_by_search_tree_until(&b, 12, &tree, never), Ok(Some(n)));
        assert_eq!(check_search_tree_until(&b, 13, &tree, || true), Ok(None));
    }

    #[test]
    fn counting_trees_count_and_refute_nothing() {
        let b = Board::with_walls(6, 6, &[(2, 3)]).unwrap();
        let v = brute_value(&b);
        let (n, tree) = crate::bnb::bnb_count(&b, v, never).unwrap();
        assert_eq!(count_by_search_tree(&b, v, &tree), Ok(n));
        assert!(n > 0);
        // Its leaves hold the placements: as a refutation of the value it fails.
        assert!(matches!(
            check_search_tree(&b, v, &tree),
            Err(TreeError::LeafBound { .. })
        ));
        // A refutation counts nothing, and a counting tree asked of another size fails.
        let (_, _, refutation) = bnb_proof(&b);
        assert_eq!(count_by_search_tree(&b, v + 1, &refutation), Ok(0));
        assert!(count_by_search_tree(&b, v - 1, &tree).is_err());
        // Cut short or padded, it counts nothing.
        let mut short = tree.clone();
        short.steps.pop();
        assert!(matches!(
            count_by_search_tree(&b, v, &short),
            Err(TreeError::EndsEarly { .. })
        ));
        let mut long = tree.clone();
        long.steps.push(LEAF);
        assert!(matches!(
            count_by_search_tree(&b, v, &long),
            Err(TreeError::Trailing { .. })
        ));
    }

    #[test]
    fn subtrees_are_cut_to_leaves_in_place() {
        let mut tree = SearchTree::from_steps([0, 1, 2, 3, 4, 5, 6, 7].map(Some));
        // Steps 1..5 (with 2..3 inside) and 6..8 become leaves.
        tree.cut_subtrees([(1, 5), (2, 3), (6, 8)].into_iter());
        assert_eq!(tree.steps, vec![0, LEAF, 5, LEAF]);
        let mut tree = SearchTree::from_steps([0, 1, 2].map(Some));
        tree.cut_subtrees(std::iter::empty());
        assert_eq!(tree.steps, vec![0, 1, 2]);
        tree.cut_to_leaf(1);
        assert_eq!((tree.steps.clone(), tree.len()), (vec![0, LEAF], 2));
    }

    #[test]
    fn damaged_trees_are_rejected() {
        let b = Board::with_walls(5, 5, &[(2, 2)]).unwrap();
        let (v, _, tree) = bnb_proof(&b);
        let steps: Vec<u32> = tree.steps.clone();
        let mut short = tree.clone();
        short.steps.pop();
        assert!(matches!(
            check_search_tree(&b, v + 1, &short),
            Err(TreeError::EndsEarly { .. })
        ));
        let mut long = tree.clone();
        long.steps.push(LEAF);
        assert!(matches!(
            check_search_tree(&b, v + 1, &long),
            Err(TreeError::Trailing { .. })
        ));
        let first_branch = steps.iter().position(|&s| s != LEAF).unwrap();
        let mut bad = tree.clone();
        bad.steps[first_branch] = 99;
        assert_eq!(
            check_search_tree(&b, v + 1, &bad),
            Err(TreeError::NoSuchSegment {
                node: first_branch,
                segment: 99
            })
        );
        // A lone leaf claims the whole board's segment bound, which is above the value here.
        let leaf = SearchTree::from_steps([None]);
        assert!(matches!(
            check_search_tree(&b, v + 1, &leaf),
            Err(TreeError::LeafBound { .. })
        ));
        assert!(matches!(
            check_search_tree(&b, v + 1, &SearchTree::default()),
            Err(TreeError::EndsEarly { nodes: 0 })
        ));
        // A branch on a segment already emptied.
        let again = SearchTree::from_steps([Some(0), None, None, None, None, None, Some(0)]);
        assert!(check_search_tree(&b, v + 1, &again).is_err());
        // A segment number as large as the leaf marker is still a branch, on no segment.
        let huge = SearchTree::from_steps([Some(u32::MAX as usize)]);
        assert!(matches!(
            check_search_tree(&b, v + 1, &huge),
            Err(TreeError::NoSuchSegment { node: 0, .. })
        ));
        for e in [
            TreeError::EndsEarly { nodes: 3 },
            TreeError::EmptyBranch { node: 1, segment: 0 },
        ] {
            assert!(!e.to_string().is_empty());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// Walls and holes at random, candidates at random: the row spans count the live row
        /// segments as the attack graph's loop does.
        #[test]
        fn row_spans_count_the_live_segments(rows in 1usize..9, cols in 1usize..9, long in prop::sample::select(vec![(1, 64), (64, 1), (2, 32), (32, 2)]),
                                              pick_long: bool, cells in proptest::collection::vec(0u8..8, 64), cand: u64) {
            let (rows, cols) = if pick_long { long } else { (rows, cols) };
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let g = AttackGraph::<1>::new(&b);
            let cand = CellSet::of((0..64).filter(|i| cand >> i & 1 == 1)).intersection(&g.free);
            let spans = RowSpans::of(&g).unwrap();
            prop_assert_eq!(spans.live(cand.words()[0]), g.live_row_segments(&cand));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Walls and holes at random: the branch and bound's tree refutes one queen more than
        /// the true value and never the value itself.
        #[test]
        fn trees_refute_exactly_past_the_value(rows in 1usize..7, cols in 1usize..7, cells in proptest::collection::vec(0u8..6, 36)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let (v, _, tree) = bnb_proof(&b);
            prop_assert_eq!(v, brute_value(&b));
            prop_assert_eq!(check_search_tree(&b, v + 1, &tree), Ok(()));
            prop_assert!(check_search_tree(&b, v, &tree).is_err());
        }

        /// Arbitrary steps never panic, and a count they are accepted for is the true one.
        #[test]
        fn random_trees_count_right_or_not_at_all(rows in 1usize..5, cols in 1usize..5, cells in proptest::collection::vec(0u8..6, 16),
                                            steps in proptest::collection::vec(proptest::option::of(0usize..6), 0..40)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let tree = SearchTree::from_steps(steps);
            for target in 0..=brute_value(&b) {
                if let Ok(n) = count_by_search_tree(&b, target, &tree) {
                    prop_assert_eq!(n, crate::brute::brute_count(&b, target));
                }
            }
        }

        /// Arbitrary steps never panic and never refute a target the board reaches.
        #[test]
        fn random_trees_prove_nothing_false(rows in 1usize..5, cols in 1usize..5, cells in proptest::collection::vec(0u8..6, 16),
                                            steps in proptest::collection::vec(proptest::option::of(0usize..6), 0..40)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let v = brute_value(&b);
            let tree = SearchTree::from_steps(steps);
            for target in 0..=v {
                prop_assert!(check_search_tree(&b, target, &tree).is_err());
            }
        }
    }
}
