//! The primal heuristic of a value search below 700 free cells: iterated local search for many
//! non-attacking queens.
//!
//! Two queens attack exactly when they share a segment, so a legal placement is a packing of
//! cells, at most one queen per segment. The search keeps a legal placement and grows it by
//! *(1,2)-swaps*: one queen out, two in, both seen by that queen only (the move of Andrade,
//! Resende and Werneck's local search for maximum independent sets, J. Heuristics 18, 2012).
//! When no swap is left it perturbs: a queen forced onto an empty cell that has been empty
//! long, the queens that see it taken out, the freed cells refilled at random. A worse result
//! is kept only now and then, the more rarely the further it falls below the best.
//!
//! Aiming at `k` queens the search leaves out the cells that hold no queen in any placement of
//! `k` (the value search passes those the checked LP certificate forces empty): the swaps run
//! first on the cells open for the target, where the optimum lies when the target is the value,
//! then on every cell, since the target may be out of reach.

use super::nqueens::rng::Rng;
use super::segment_index::SegmentIndex;
use crate::board::{Board, Coord, Placement};

/// Perturbations per free cell without a better placement before a pass of the value search's
/// local search gives up (about 3 µs each on a 24×24 board).
const VALUE_PATIENCE_PER_CELL: usize = 10;
/// Independent runs of the value search's local search (seeds 1, 2, …): on the tight wall
/// lattices of `make bench-large` one run's result depends on its random path (24×24, step 4:
/// with 5,000 perturbations 32 queens from 2 seeds of 8, with 20,000 from 5 of 6 but not from
/// seed 1), so the start does not rest on one seed.
pub const VALUE_RUNS: u64 = 4;

/// Runs that end one queen short of the target after which the value search's local search
/// stops: where the LP bound is one above the value, every run ends there, and the runs after
/// the second only repeated it (16×16 with a step-4 wall lattice: 4 runs of 17 ms each, all at
/// 20 of 21, in a value search of 0.10 s).
const SHORT_RUNS_ENOUGH: usize = 2;

/// The value search's start: the best of `runs` local searches (seeds 1, 2, …; the value
/// search asks for [`VALUE_RUNS`] where it runs them) from the greedy placement
/// `greedy`, aimed at `target` (the best upper bound known), with `barred` cells left out at
/// first (those the checked LP certificate forces empty in every placement of `target`
/// queens), or of fewer once `SHORT_RUNS_ENOUGH` runs have ended one short of the target.
/// It ends early, with the best placement so far, once `stop` says so (the value search's time
/// limit or Ctrl-C).
pub fn value_start(
    board: &Board,
    greedy: &Placement,
    target: usize,
    barred: &[Coord],
    runs: u64,
    stop: &dyn Fn() -> bool,
) -> Placement {
    let mut best = greedy.clone();
    let mut short_runs = 0;
    for seed in 1..=runs {
        if best.len() >= target || short_runs >= SHORT_RUNS_ENOUGH || stop() {
            break;
        }
        let p = value_run(board, greedy, seed, target, barred, stop);
        short_runs += usize::from(p.len() + 1 == target);
        if p.len() > best.len() {
            best = p;
        }
    }
    best
}

/// One run of the value search's local search from `start` (its patience, [`VALUE_PATIENCE_PER_CELL`]
/// perturbations per free cell), aimed at `target` with `barred` cells left out at first.
pub fn value_run(
    board: &Board,
    start: &Placement,
    seed: u64,
    target: usize,
    barred: &[Coord],
    stop: &dyn Fn() -> bool,
) -> Placement {
    let opts = LocalSearch {
        seed,
        patience: VALUE_PATIENCE_PER_CELL * board.free_cells().len(),
        target,
    };
    local_search(board, barred, start, opts, stop)
}

/// What the local search may spend, and when it may stop early.
#[derive(Clone, Copy, Debug)]
pub struct LocalSearch {
    pub seed: u64,
    /// Perturbations without a new best placement before a pass of swaps gives up.
    pub patience: usize,
    /// A placement of this many queens ends the search (no larger one exists).
    pub target: usize,
}

/// No queen on the segment.
const EMPTY: u32 = u32::MAX;

/// A legal placement, kept with what each cell sees.
struct Packing {
    /// The segment of each free cell in each family (dense ids).
    segs: Vec<[u32; 4]>,
    /// The free cells of each segment.
    members: Vec<Vec<u32>>,
    /// The queen on each segment, or `EMPTY`.
    occupant: Vec<u32>,
    /// For each cell: how many queens other than one standing there see it.
    seen: Vec<u8>,
    /// The queens, and each cell's slot in `queens` (or `EMPTY`).
    queens: Vec<u32>,
    slot: Vec<u32>,
    /// Empty cells no queen sees, and each cell's slot in `open` (or `EMPTY`); never barred.
    open: Vec<u32>,
    open_slot: Vec<u32>,
    /// Cells the search may not use (see [`local_search`]).
    barred: Vec<bool>,
}

impl Packing {
    fn new(index: SegmentIndex) -> Packing {
        let SegmentIndex { segs, members, .. } = index;
        let (n, n_segs) = (segs.len(), members.len());
        Packing {
            segs,
            members,
            occupant: vec![EMPTY; n_segs],
            seen: vec![0; n],
            queens: Vec::new(),
            slot: vec![EMPTY; n],
            open: (0..n as u32).collect(),
            open_slot: (0..n as u32).collect(),
            barred: vec![false; n],
        }
    }

    /// Bars the cells marked in `bar` (their queens come off) and frees the others.
    fn set_barred(&mut self, bar: Vec<bool>) {
        self.barred = bar;
        for c in 0..self.segs.len() as u32 {
            if self.barred[c as usize] && self.is_queen(c) {
                self.lift(c);
            }
        }
        for c in 0..self.segs.len() as u32 {
            let open = !self.is_queen(c) && self.seen[c as usize] == 0;
            self.set_open(c, open);
        }
    }

    fn is_queen(&self, c: u32) -> bool {
        self.slot[c as usize] != EMPTY
    }

    fn set_open(&mut self, c: u32, open: bool) {
        let open = open && !self.barred[c as usize];
        let at = self.open_slot[c as usize];
        if open && at == EMPTY {
            self.open_slot[c as usize] = self.open.len() as u32;
            self.open.push(c);
        } else if !open && at != EMPTY {
            let last = *self.open.last().expect("an open cell");
            self.open.swap_remove(at as usize);
            if last != c {
                self.open_slot[last as usize] = at;
            }
            self.open_slot[c as usize] = EMPTY;
        }
    }

    /// Puts a queen on `c`, which no queen sees.
    fn place(&mut self, c: u32) {
        debug_assert!(self.seen[c as usize] == 0 && !self.is_queen(c));
        self.slot[c as usize] = self.queens.len() as u32;
        self.queens.push(c);
        self.set_open(c, false);
        self.lines_through(c, true);
    }

    /// The four segments through `c` gain (`placed`) or lose their queen `c`: every other
    /// cell on them is seen by one queen more or less, and closes or opens when that count
    /// leaves or reaches 0.
    #[inline]
    fn lines_through(&mut self, c: u32, placed: bool) {
        for f in 0..4 {
            let s = self.segs[c as usize][f] as usize;
            self.occupant[s] = if placed { c } else { EMPTY };
            for k in 0..self.members[s].len() {
                let u = self.members[s][k];
                if u == c {
                    continue;
                }
                let seen = &mut self.seen[u as usize];
                if placed {
                    *seen += 1;
                    if *seen == 1 {
                        self.set_open(u, false);
                    }
                } else {
                    *seen -= 1;
                    if *seen == 0 && !self.is_queen(u) {
                        self.set_open(u, true);
                    }
                }
            }
        }
    }

    /// Takes the queen off `c`.
    fn lift(&mut self, c: u32) {
        let at = self.slot[c as usize] as usize;
        let last = *self.queens.last().expect("a queen");
        self.queens.swap_remove(at);
        if last != c {
            self.slot[last as usize] = at as u32;
        }
        self.slot[c as usize] = EMPTY;
        self.lines_through(c, false);
        if self.seen[c as usize] == 0 {
            self.set_open(c, true);
        }
    }

    /// Fills open cells at random until none is left.
    fn fill(&mut self, rng: &mut Rng) {
        while !self.open.is_empty() {
            let c = self.open[rng.below(self.open.len() as u64) as usize];
            self.place(c);
        }
    }

    fn share_segment(&self, u: u32, w: u32) -> bool {
        let (a, b) = (self.segs[u as usize], self.segs[w as usize]);
        (0..4).any(|f| a[f] == b[f])
    }

    /// A (1,2)-swap around the queen on `x`: two empty cells seen by `x` only, not by each
    /// other. Returns them, or `None`.
    fn swap_pair(&self, x: u32, scratch: &mut Vec<u32>) -> Option<(u32, u32)> {
        scratch.clear();
        for &s in &self.segs[x as usize] {
            for &u in &self.members[s as usize] {
                if u != x && self.seen[u as usize] == 1 && !self.barred[u as usize] {
                    scratch.push(u);
                }
            }
        }
        for (i, &u) in scratch.iter().enumerate() {
            for &w in &scratch[i + 1..] {
                if !self.share_segment(u, w) {
                    return Some((u, w));
                }
            }
        }
        None
    }

    /// Applies (1,2)-swaps until none is left (then fills any open cell).
    fn improve(&mut self, rng: &mut Rng, scratch: &mut Vec<u32>) {
        self.fill(rng);
        let mut todo: Vec<u32> = self.queens.clone();
        while let Some(x) = todo.pop() {
            if !self.is_queen(x) {
                continue;
            }
            if let Some((u, w)) = self.swap_pair(x, scratch) {
                self.lift(x);
                self.place(u);
                self.place(w);
                self.fill(rng);
                // The swap changed what the queens around it see: look at all of them again.
                todo.clear();
                todo.extend_from_slice(&self.queens);
            }
        }
    }

    /// Forces a queen onto the empty cell `v`: the queens that see it come off.
    fn force(&mut self, v: u32) {
        for f in 0..4 {
            let q = self.occupant[self.segs[v as usize][f] as usize];
            if q != EMPTY {
                self.lift(q);
            }
        }
        self.place(v);
    }

    fn reset_to(&mut self, cells: &[u32]) {
        while let Some(&q) = self.queens.last() {
            self.lift(q);
        }
        for &c in cells {
            self.place(c);
        }
    }
}

/// How many perturbations pass between two looks at the caller's `stop`.
const STOP_EVERY: usize = 64;

/// Iterated (1,2)-swaps from the packing's placement until the target, `patience`
/// perturbations without a better placement, or `stop`; returns the best placement met.
fn swaps(pack: &mut Packing, rng: &mut Rng, opts: LocalSearch, stop: &dyn Fn() -> bool) -> Vec<u32> {
    let n = pack.segs.len();
    let mut scratch = Vec::new();
    pack.improve(rng, &mut scratch);
    let mut best = pack.queens.clone();
    let mut current = best.clone();
    // When each cell last lost or gained a queen: the perturbation prefers old empty cells.
    let mut changed = vec![0usize; n];
    let mut since_best = 0;
    let mut round = 0;
    while best.len() < opts.target && since_best < opts.patience && pack.queens.len() < n {
        round += 1;
        since_best += 1;
        if round % STOP_EVERY == 0 && stop() {
            break;
        }
        // The oldest of four random empty cells that are not barred.
        let mut v = EMPTY;
        for _ in 0..4 {
            let c = rng.below(n as u64) as u32;
            let usable = !pack.is_queen(c) && !pack.barred[c as usize];
            if usable && (v == EMPTY || changed[c as usize] < changed[v as usize]) {
                v = c;
            }
        }
        if v == EMPTY {
            continue;
        }
        for f in 0..4 {
            let q = pack.occupant[pack.segs[v as usize][f] as usize];
            if q != EMPTY {
                changed[q as usize] = round;
            }
        }
        changed[v as usize] = round;
        pack.force(v);
        pack.improve(rng, &mut scratch);
        let (now, was) = (pack.queens.len(), current.len());
        if now > best.len() {
            best = pack.queens.clone();
            since_best = 0;
        }
        if now >= was {
            current = pack.queens.clone();
        } else {
            // Keep the worse placement with probability 1 / (1 + δ·δ*), δ below the current one
            // and δ* below the best.
            let odds = 1 + ((was - now) * (best.len() - now)) as u64;
            if rng.below(odds) == 0 {
                current = pack.queens.clone();
            } else {
                pack.reset_to(&current);
            }
        }
    }
    best
}

/// A legal placement of many queens on `board`, starting from `start`; never fewer queens than
/// `start`, deterministic for a given seed. `barred` names cells that hold no queen in any
/// placement of `opts.target` queens (the value search passes those the checked LP certificate
/// forces empty): the first pass of swaps leaves them out. `stop` ends the search early.
pub fn local_search(
    board: &Board,
    barred: &[Coord],
    start: &Placement,
    opts: LocalSearch,
    stop: &dyn Fn() -> bool,
) -> Placement {
    let index = SegmentIndex::of(board);
    let cells = index.cells.clone();
    let index_of = |p: Coord| cells.binary_search(&p).ok();
    let mut pack = Packing::new(index);
    let mut rng = Rng::new(opts.seed);
    for i in start.queens().iter().filter_map(|&p| index_of(p)) {
        pack.place(i as u32);
    }
    pack.improve(&mut rng, &mut Vec::new());
    let from_start = pack.queens.clone();
    let mut bar = vec![false; cells.len()];
    for i in barred.iter().filter_map(|&p| index_of(p)) {
        bar[i] = true;
    }
    // First on the cells open for the target (where the optimum is, when the target is the
    // value), then on every cell (the target may be out of reach).
    pack.set_barred(bar);
    let mut best = swaps(&mut pack, &mut rng, opts, stop);
    if best.len() < opts.target && !stop() {
        pack.set_barred(vec![false; cells.len()]);
        pack.reset_to(if best.len() >= from_start.len() {
            &best
        } else {
            &from_start
        });
        best = swaps(&mut pack, &mut rng, opts, stop);
    }
    Placement::new(best.iter().map(|&i| cells[i as usize]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{brute_value, check_placement};
    use crate::engine::bounds::greedy_placement;

    fn opts(seed: u64, target: usize) -> LocalSearch {
        LocalSearch {
            seed,
            patience: 2000,
            target,
        }
    }

    #[test]
    fn legal_and_optimal_on_small_boards() {
        let boards = [
            Board::square(6).unwrap(),
            Board::square(8).unwrap(),
            Board::with_walls(7, 7, &[(1, 3), (2, 5)]).unwrap(),
            Board::with_walls(6, 7, &[(0, 0), (2, 3), (4, 1), (5, 5)]).unwrap(),
            Board::with_walls(8, 8, &[(1, 4), (3, 1), (4, 3)]).unwrap(),
        ];
        for b in &boards {
            let v = brute_value(b);
            for seed in 0..3 {
                let p = local_search(b, &[], &greedy_placement(b), opts(seed, usize::MAX), &|| false);
                assert_eq!(check_placement(b, &p), Ok(()));
                assert_eq!(p.len(), v, "{b:?} seed {seed}");
            }
        }
    }

    #[test]
    fn barred_cells_only_steer_the_first_pass() {
        use crate::engine::lp::bound::tests::lattice;
        let b = lattice(13, 4, 0);
        let v = crate::engine::value::value(&b, &Default::default())
            .unwrap()
            .value;
        let lp = crate::engine::lp::bound::lp_bound(&b).unwrap();
        // The cells the certificate forces empty for v hold no queen of an optimum.
        let open = local_search(
            &b,
            &lp.checked.forced(v).empty,
            &greedy_placement(&b),
            opts(3, v),
            &|| false,
        );
        assert_eq!((open.len(), check_placement(&b, &open)), (v, Ok(())));
        // With every cell barred the second pass, on every cell, still finds a legal optimum.
        let all = local_search(&b, &b.free_cells(), &greedy_placement(&b), opts(3, v), &|| false);
        assert_eq!((all.len(), check_placement(&b, &all)), (v, Ok(())));
        let start = greedy_placement(&b);
        let none = value_start(
            &b,
            &start,
            start.len(),
            &lp.checked.forced(start.len()).empty,
            VALUE_RUNS,
            &|| false,
        );
        assert_eq!(none, start, "a start at the target is kept");
    }

    #[test]
    fn a_stop_keeps_a_legal_placement_no_smaller_than_the_start() {
        let b = Board::with_walls(30, 30, &[(3, 4), (10, 10), (17, 2), (25, 21)]).unwrap();
        let start = greedy_placement(&b);
        let stopped = value_start(&b, &start, usize::MAX, &[], VALUE_RUNS, &|| true);
        assert_eq!(stopped, start, "stopped before the first run");
        let calls = std::cell::Cell::new(0);
        let soon = || {
            calls.set(calls.get() + 1);
            calls.get() > 2
        };
        let p = local_search(&b, &[], &start, opts(1, usize::MAX), &soon);
        assert!(p.len() >= start.len() && check_placement(&b, &p).is_ok());
    }
}
