//! A tabu search over placements of exactly `k` queens that may attack each other: the value
//! search's primal heuristic on large boards.
//!
//! The local search of [`primal`](super::primal) keeps its placements legal and grows them. On
//! the wall lattices it stops short (32×32 step 5: 44 of 45 queens after a million
//! perturbations). This search fixes the count instead and removes attacks. Each move takes one
//! attacked queen to an empty cell that the fewest segments with a queen run through, worsening
//! moves allowed; the cell it left is tabu for a few moves. It is the tabu search of A. Hertz and
//! D. de Werra for graph colouring with `k` colours (*Computing* 39, 1987), with the tenure of
//! P. Galinier and J.-K. Hao (a constant plus a random share of the attacked queens,
//! *J. Comb. Optim.* 3, 1999), on the attack graph. The value search climbs with it a queen at
//! a time from the greedy placement, on boards of 700 free cells or more with the LP bound.

use super::nqueens::rng::Rng;
use super::segment_index::SegmentIndex;
use crate::board::{Board, Placement};

/// A moved queen's old cell may take a queen again from the move this many plus `r` after, `r`
/// random up to the attacked queens. With 1 or 3, 8 of 12 seeds reached the 32×32 step-5
/// lattice's 45 queens from the local search's 44 within 20,000 moves, with 10 none (from a
/// random start: 4, 1 and 0 of 12 with 3, 10 and 30); measured on a first, slower version of
/// this search (docs/bench.md, "A tabu search one queen further").
const TENURE: u64 = 2;

/// How many moves pass between two looks at the caller's `stop`.
const STOP_EVERY: u64 = 256;

/// No slot: the cell holds a queen.
const NONE: u32 = u32::MAX;

/// Exactly `k` queens on distinct free cells, kept with what each cell sees.
struct Attacks<'a> {
    index: &'a SegmentIndex,
    /// Queens on each segment.
    on: Vec<u32>,
    /// For each cell: its segments on which a queen other than one on the cell stands. For a
    /// queen, the segments on which it attacks; for an empty cell, what a queen there would.
    seen: Vec<u8>,
    queens: Vec<u32>,
    is_queen: Vec<bool>,
    /// The empty cells by what they see (0 to 4), and each empty cell's slot in its bucket.
    bucket: [Vec<u32>; 5],
    slot: Vec<u32>,
}

impl<'a> Attacks<'a> {
    fn new(index: &'a SegmentIndex) -> Attacks<'a> {
        let n = index.cells.len();
        let mut bucket: [Vec<u32>; 5] = Default::default();
        bucket[0] = (0..n as u32).collect();
        Attacks {
            index,
            on: vec![0; index.members.len()],
            seen: vec![0; n],
            queens: Vec::new(),
            is_queen: vec![false; n],
            bucket,
            slot: (0..n as u32).collect(),
        }
    }

    fn unfile(&mut self, c: u32) {
        let b = &mut self.bucket[self.seen[c as usize] as usize];
        let at = self.slot[c as usize];
        let last = *b.last().expect("a filed cell");
        b.swap_remove(at as usize);
        if last != c {
            self.slot[last as usize] = at;
        }
        self.slot[c as usize] = NONE;
    }

    fn file(&mut self, c: u32) {
        let b = &mut self.bucket[self.seen[c as usize] as usize];
        self.slot[c as usize] = b.len() as u32;
        b.push(c);
    }

    /// `seen[u]` moves by `by`, and an empty `u` to its new bucket.
    fn see(&mut self, u: u32, by: i8) {
        let empty = !self.is_queen[u as usize];
        if empty {
            self.unfile(u);
        }
        self.seen[u as usize] = self.seen[u as usize].wrapping_add_signed(by);
        debug_assert!(
            self.seen[u as usize] <= 4,
            "a cell sees at most its four segments"
        );
        if empty {
            self.file(u);
        }
    }

    /// A queen on the empty cell `c`. A segment's queens see each other, so a cell on it
    /// newly sees one when the segment held none but the cell's own.
    fn place(&mut self, c: u32) {
        self.unfile(c);
        self.is_queen[c as usize] = true;
        self.queens.push(c);
        let index = self.index;
        for &s in &index.segs[c as usize] {
            let before = self.on[s as usize];
            self.on[s as usize] += 1;
            for &u in &index.members[s as usize] {
                let own = u32::from(self.is_queen[u as usize]);
                if u != c && before == own {
                    self.see(u, 1);
                }
            }
        }
    }

    /// The queen on `c` off.
    fn lift(&mut self, c: u32) {
        let at = self.queens.iter().position(|&q| q == c).expect("a queen");
        self.queens.swap_remove(at);
        self.is_queen[c as usize] = false;
        self.file(c);
        let index = self.index;
        for &s in &index.segs[c as usize] {
            self.on[s as usize] -= 1;
            let after = self.on[s as usize];
            for &u in &index.members[s as usize] {
                let own = u32::from(self.is_queen[u as usize]);
                if u != c && after == own {
                    self.see(u, -1);
                }
            }
        }
    }

    /// A random cell among the empty ones that see the fewest segments with a queen and are
    /// not tabu at move `now`, with what it sees and how many cells share that: `None` if
    /// every empty cell is tabu.
    fn least_seen(&self, tabu: &[u64], now: u64, rng: &mut Rng) -> Option<(u32, u8, u64)> {
        for (m, b) in self.bucket.iter().enumerate() {
            if b.is_empty() {
                continue;
            }
            // Few cells are tabu at a time: a few random draws nearly always find one that
            // is not, and a scan settles the rest.
            let free = |&c: &u32| tabu[c as usize] <= now;
            let drawn = (0..4).map(|_| b[rng.below(b.len() as u64) as usize]).find(free);
            if let Some(c) = drawn.or_else(|| b.iter().copied().find(free)) {
                return Some((c, m as u8, b.len() as u64));
            }
        }
        None
    }
}

/// A legal placement of `k` queens, reached from the legal placement `start` (fewer queens: the
/// others go on the cells that see the fewest) within `moves` moves, or `None` (also once
/// `stop` says so). Deterministic for a given seed.
fn reach(
    index: &SegmentIndex,
    start: &Placement,
    k: usize,
    seed: u64,
    moves: u64,
    stop: &dyn Fn() -> bool,
) -> Option<Placement> {
    let n = index.cells.len();
    if k > n || stop() {
        return None;
    }
    let mut rng = Rng::new(seed);
    let mut a = Attacks::new(index);
    for c in start.queens().iter().filter_map(|&p| index.index_of(p)) {
        a.place(c as u32);
    }
    let mut tabu = vec![0u64; n];
    while a.queens.len() < k {
        let (c, _, _) = a.least_seen(&tabu, 0, &mut rng).expect("an empty cell");
        a.place(c);
    }
    let mut attacked = Vec::new();
    for now in 1..=moves {
        attacked.clear();
        attacked.extend(a.queens.iter().copied().filter(|&q| a.seen[q as usize] > 0));
        if attacked.is_empty() {
            break;
        }
        if now % STOP_EVERY == 0 && stop() {
            return None;
        }
        // The best move by the change in attacked segments: a queen to the least-seen cell, or
        // to a cell it alone was seen from (which then sees one segment less).
        let least = a.least_seen(&tabu, now, &mut rng);
        let mut best: Option<(i32, u32, u32)> = None;
        let mut ties = 0u64;
        let mut offer = |delta: i32, q: u32, c: u32, weight: u64, rng: &mut Rng| match best {
            Some((d, _, _)) if delta > d => {}
            Some((d, _, _)) if delta == d => {
                ties += weight;
                if rng.below(ties) < weight {
                    best = Some((delta, q, c));
                }
            }
            _ => {
                ties = weight;
                best = Some((delta, q, c));
            }
        };
        for &q in &attacked {
            let cost = i32::from(a.seen[q as usize]);
            if let Some((c, m, count)) = least {
                offer(i32::from(m) - cost, q, c, count, &mut rng);
            }
            for &s in &index.segs[q as usize] {
                if a.on[s as usize] != 1 {
                    continue;
                }
                for &u in &index.members[s as usize] {
                    if u != q && tabu[u as usize] <= now {
                        offer(i32::from(a.seen[u as usize]) - 1 - cost, q, u, 1, &mut rng);
                    }
                }
            }
        }
        // Every empty cell tabu: nowhere to go.
        let (_, q, c) = best?;
        a.lift(q);
        a.place(c);
        tabu[q as usize] = now + TENURE + rng.below(attacked.len() as u64 + 1);
    }
    let legal = a.queens.iter().all(|&q| a.seen[q as usize] == 0);
    legal.then(|| Placement::new(a.queens.iter().map(|&q| index.cells[q as usize]).collect()))
}

/// Climbs of the value search's start ([`climb`]): the later ones start from the best placement
/// of the ones before with seeds 2, 3, …; climbs after the first that reaches the target do not
/// run. On the wall lattices of `make bench-large` with 700 free cells or more, one climb of
/// [`MOVES_PER_QUEEN`] from a local-search placement reached the value from 8 of 8 seeds on
/// 32×32 step 5, 7 on 40×40 step 4, 4 on 40×40 step 5, 2 on 32×32 step 4 (docs/bench.md, "A
/// tabu search one queen further").
pub const CLIMBS: u64 = 4;

/// The moves a climb may spend on each queen it adds: 0.17 s on the 32×32 and 0.24 s on the
/// 40×40 lattices. With 50,000 one climb reached the 32×32 step-4 lattice's value from 2 seeds
/// of 16 and the value search took 1.50 s, with 200,000 from 2 of 8 and 0.70 s; a queen that
/// a climb cannot add costs the whole budget (34×34 step-5 lattice, whose value is one below
/// the LP bound: 0.93 s for 4 climbs, in a search of 9.35 s).
pub const MOVES_PER_QUEEN: u64 = 200_000;

/// The value search's tabu start: [`CLIMBS`] climbs of up to [`MOVES_PER_QUEEN`] moves per queen
/// from the legal placement `start` towards `target` queens; the best placement reached
/// (`start` if none is larger). Stops early once `stop` says so. Deterministic.
pub fn climb(board: &Board, start: &Placement, target: usize, stop: &dyn Fn() -> bool) -> Placement {
    let index = SegmentIndex::of(board);
    let mut best = start.clone();
    for seed in 1..=CLIMBS {
        if best.len() >= target || stop() {
            break;
        }
        best = climb_once(&index, &best, target, seed, MOVES_PER_QUEEN, stop);
    }
    best
}

/// From the legal placement `start`, legal placements of one queen more at a time, each within
/// `moves` moves, until `target` queens or the first that none reaches: the last reached
/// (`start` if none).
fn climb_once(
    index: &SegmentIndex,
    start: &Placement,
    target: usize,
    seed: u64,
    moves: u64,
    stop: &dyn Fn() -> bool,
) -> Placement {
    let mut best = start.clone();
    while best.len() < target {
        match reach(index, &best, best.len() + 1, seed, moves, stop) {
            Some(p) => best = p,
            None => break,
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{brute_value, check_placement};
    use crate::engine::bounds::greedy_placement;

    #[test]
    fn reaches_the_value_of_small_boards_from_nothing() {
        let boards = [
            Board::square(8).unwrap(),
            Board::with_walls(7, 7, &[(1, 3), (2, 5)]).unwrap(),
            Board::with_walls(8, 8, &[(1, 4), (3, 1), (4, 3)]).unwrap(),
        ];
        for b in &boards {
            let v = brute_value(b);
            let index = SegmentIndex::of(b);
            for seed in 0..4 {
                let p = reach(&index, &Placement::new(Vec::new()), v, seed, 100_000, &|| false)
                    .unwrap_or_else(|| panic!("{b:?} seed {seed}"));
                assert_eq!((p.len(), check_placement(b, &p)), (v, Ok(())));
            }
            // One more than the value: the moves run out, no placement.
            assert!(reach(&index, &greedy_placement(b), v + 1, 1, 2_000, &|| false).is_none());
        }
    }

    #[test]
    fn climbs_from_a_start_and_keeps_it_when_stopped() {
        let b = Board::with_walls(9, 9, &[(4, 4), (2, 6)]).unwrap();
        let v = brute_value(&b);
        let start = greedy_placement(&b);
        let p = climb_once(&SegmentIndex::of(&b), &start, v, 3, 50_000, &|| false);
        assert_eq!((p.len(), check_placement(&b, &p)), (v, Ok(())));
        // Aimed past the value, a climb keeps the best it reached.
        let p = climb_once(&SegmentIndex::of(&b), &start, v + 1, 3, 20_000, &|| false);
        assert_eq!((p.len(), check_placement(&b, &p)), (v, Ok(())));
        let p = climb(&b, &start, v, &|| false);
        assert_eq!((p.len(), check_placement(&b, &p)), (v, Ok(())));
        let big = Board::square(40).unwrap();
        let start = greedy_placement(&big);
        assert_eq!(climb(&big, &start, 40, &|| true), start);
    }
}
