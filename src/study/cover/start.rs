//! Starting selections for packing and covering without a solver: the first answer the
//! searches improve on. A greedy packing; a greedy cover, then a local search (swap one chosen
//! solution for another, the move that leaves fewest squares uncovered, with a tabu list and
//! a fixed-seed generator, so runs repeat) for covers of one fewer, as long as it finds them.
//!
//! Invariant: every selection returned is disjoint (packing) or covers the board (covering);
//! the caller re-checks it like a solver's answer, and nothing here is part of any proof.

use crate::board::Placement;
use crate::encode::Goal;

/// Local-search moves tried per target size before giving up on it, per listed solution
/// (n = 10: 1.4 million, a few seconds).
const STEPS_PER_SOLUTION: usize = 2_000;

/// Moves between two looks at the stop test (a time limit).
const STOP_EVERY: usize = 1024;

/// The squares (row-major indices) of each solution.
pub(super) fn squares(n: usize, sols: &[Placement]) -> Vec<Vec<usize>> {
    sols.iter()
        .map(|p| p.queens().iter().map(|&(r, c)| r * n + c).collect())
        .collect()
}

/// A first selection: packing takes each solution in list order that is disjoint from those
/// taken; covering takes, while a square is uncovered, the solution that covers most
/// uncovered squares (the first such), then shrinks it by local search until `stop` (a time
/// limit, Ctrl-C) says so. `None` when no cover exists.
pub fn start_selection(
    n: usize,
    sols: &[Placement],
    goal: Goal,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<usize>> {
    let sq = squares(n, sols);
    let mut used = vec![false; n * n];
    let mut sel = Vec::new();
    match goal {
        Goal::Pack => {
            for (i, s) in sq.iter().enumerate() {
                if s.iter().all(|&q| !used[q]) {
                    s.iter().for_each(|&q| used[q] = true);
                    sel.push(i);
                }
            }
        }
        Goal::Cover => {
            while used.contains(&false) {
                let gain = |i: usize| sq[i].iter().filter(|&&q| !used[q]).count();
                let best = (0..sq.len()).max_by_key(|&i| (gain(i), std::cmp::Reverse(i)))?;
                if gain(best) == 0 {
                    return None;
                }
                sq[best].iter().for_each(|&q| used[q] = true);
                sel.push(best);
            }
            let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
            while sel.len() > 1 && !stop() {
                match shrink(n * n, &sq, &sel, &mut rng, stop) {
                    Some(smaller) => sel = smaller,
                    None => break,
                }
            }
            sel.sort_unstable();
        }
    }
    Some(sel)
}

/// A cover with one solution fewer than `cover`, by local search from `cover` minus the
/// solution whose loss uncovers least; `None` if none is found within [`STEPS_PER_SOLUTION`] moves per solution.
fn shrink(
    cells: usize,
    sq: &[Vec<usize>],
    cover: &[usize],
    rng: &mut XorShift,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<usize>> {
    let mut count = vec![0usize; cells];
    for &i in cover {
        sq[i].iter().for_each(|&q| count[q] += 1);
    }
    let alone = |count: &[usize], i: usize| sq[i].iter().filter(|&&q| count[q] == 1).count();
    let drop = *cover.iter().min_by_key(|&&i| alone(&count, i))?;
    let mut sel: Vec<usize> = cover.iter().copied().filter(|&i| i != drop).collect();
    sq[drop].iter().for_each(|&q| count[q] -= 1);
    let mut holders: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (i, s) in sq.iter().enumerate() {
        s.iter().for_each(|&q| holders[q].push(i));
    }
    let mut chosen = vec![false; sq.len()];
    sel.iter().for_each(|&i| chosen[i] = true);
    // The step at which each solution may next be added or removed again.
    let mut tabu = vec![0usize; sq.len()];
    let tenure = 7;
    for step in 0..STEPS_PER_SOLUTION * sq.len() {
        if step % STOP_EVERY == 0 && stop() {
            return None;
        }
        let uncovered: Vec<usize> = (0..cells).filter(|&q| count[q] == 0).collect();
        if uncovered.is_empty() {
            return Some(sel);
        }
        // Bring in a solution holding a random uncovered square, take out a chosen one: the
        // pair that leaves fewest squares uncovered (ties at random), tabu moves excepted.
        let target = uncovered[rng.below(uncovered.len())];
        // What taking out each chosen solution uncovers, and which one alone covers a square.
        let mut alone = vec![0isize; sel.len()];
        let mut sole = vec![usize::MAX; cells];
        for (pos, &i) in sel.iter().enumerate() {
            for &q in &sq[i] {
                if count[q] == 1 {
                    alone[pos] += 1;
                    sole[q] = pos;
                }
            }
        }
        let mut best: Option<(isize, u64, usize, usize)> = None;
        let mut kept = vec![0isize; sel.len()];
        for &add in &holders[target] {
            if chosen[add] || tabu[add] > step {
                continue;
            }
            let gain = sq[add].iter().filter(|&&q| count[q] == 0).count() as isize;
            // Squares of `add` that only one chosen solution covers stay covered without it.
            kept.iter_mut().for_each(|k| *k = 0);
            sq[add]
                .iter()
                .filter(|&&q| count[q] == 1)
                .for_each(|&q| kept[sole[q]] += 1);
            for (pos, &out) in sel.iter().enumerate() {
                if tabu[out] > step {
                    continue;
                }
                let key = (alone[pos] - kept[pos] - gain, rng.next());
                if best.is_none_or(|b| key < (b.0, b.1)) {
                    best = Some((key.0, key.1, add, pos));
                }
            }
        }
        let Some((_, _, add, pos)) = best else {
            continue;
        };
        let out = sel[pos];
        sq[out].iter().for_each(|&q| count[q] -= 1);
        sq[add].iter().for_each(|&q| count[q] += 1);
        chosen[out] = false;
        chosen[add] = true;
        sel[pos] = add;
        tabu[out] = step + tenure;
        tabu[add] = step + tenure;
    }
    None
}

/// A small fixed-seed generator (xorshift64*): the search repeats run for run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::deadline::Deadline;
    use crate::solve::Backend;
    use crate::study::cover::nqueens_solutions;

    fn load(n: usize, sols: &[Placement], sel: &[usize]) -> Vec<usize> {
        let mut c = vec![0; n * n];
        for &i in sel {
            sols[i].queens().iter().for_each(|&(r, q)| c[r * n + q] += 1);
        }
        c
    }

    #[test]
    fn starts_are_packings_and_covers() {
        for n in [5, 7, 8] {
            let sols = nqueens_solutions(n, &Backend::default(), Deadline::thread(None)).unwrap();
            let p = start_selection(n, &sols, Goal::Pack, &|| false).unwrap();
            assert!(load(n, &sols, &p).iter().all(|&c| c <= 1));
            let c = start_selection(n, &sols, Goal::Cover, &|| false).unwrap();
            assert!(load(n, &sols, &c).iter().all(|&c| c >= 1));
            // The local search reaches the proved optimum on these boards.
            assert_eq!(c.len(), [0, 0, 0, 0, 0, 5, 0, 7, 12][n], "n = {n}");
        }
        let sols = nqueens_solutions(4, &Backend::default(), Deadline::thread(None)).unwrap();
        assert_eq!(start_selection(4, &sols, Goal::Cover, &|| false), None);
    }
}
