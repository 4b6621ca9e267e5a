//! Min-conflicts on boards with walls and holes: a quick lower bound on a board's value.
//!
//! Queens stand on free cells; two attack each other exactly when they share a segment
//! (a wall-free run of a row, column or diagonal). Starting from the legal greedy placement,
//! the search adds one queen where it sees fewest queens, then repairs: a random attacked
//! queen moves to the free cell whose segments hold the fewest other queens (ties broken at
//! random; with probability 1/10 to a random cell instead, to leave plateaus). A legal
//! placement with one more queen is the new bound; the search stops after `steps` moves
//! without one.

use super::rng::Rng;
use crate::board::{Board, Placement};
use crate::engine::greedy_placement;

/// A legal placement found by min-conflicts within `steps` repair moves per added queen.
/// It never has fewer queens than [`greedy_placement`].
pub fn segment_min_conflicts(board: &Board, seed: u64, steps: usize) -> Placement {
    let free = board.free_cells();
    let index_of = |p| free.binary_search(&p).expect("a free cell");
    // The segments of each free cell (one per family), by dense id.
    let mut segs = vec![[0u32; 4]; free.len()];
    let mut n_segs = 0;
    for (family_slot, family) in crate::board::Family::ALL.into_iter().enumerate() {
        for seg in board.segments_of(family) {
            let mut any = false;
            for p in seg.free_cells(board) {
                segs[index_of(p)][family_slot] = n_segs;
                any = true;
            }
            n_segs += u32::from(any);
        }
    }
    let greedy = greedy_placement(board);
    let mut best = greedy.clone();
    if free.is_empty() {
        return best;
    }
    let mut rng = Rng::new(seed);
    let mut count = vec![0u32; n_segs as usize];
    let mut queen = vec![false; free.len()];
    let mut queens: Vec<usize> = greedy.queens().iter().map(|&p| index_of(p)).collect();
    for &q in &queens {
        queen[q] = true;
        for s in segs[q] {
            count[s as usize] += 1;
        }
    }
    // Queens a queen at `i` would see (besides itself when it stands there).
    let seen = |count: &[u32], i: usize, here: bool| -> u32 {
        segs[i].iter().map(|&s| count[s as usize]).sum::<u32>() - if here { 4 } else { 0 }
    };
    let best_cell = |count: &[u32], queen: &[bool], rng: &mut Rng| -> usize {
        let (mut pick, mut low, mut ties) = (0, u32::MAX, 0u64);
        for (i, _) in queen.iter().enumerate().filter(|(_, q)| !**q) {
            let c = seen(count, i, false);
            if c < low {
                (pick, low, ties) = (i, c, 1);
            } else if c == low {
                ties += 1;
                if rng.below(ties) == 0 {
                    pick = i;
                }
            }
        }
        pick
    };
    while queens.len() < free.len() {
        let c = best_cell(&count, &queen, &mut rng);
        queen[c] = true;
        queens.push(c);
        for s in segs[c] {
            count[s as usize] += 1;
        }
        let mut legal = false;
        for _ in 0..steps {
            let attacked: Vec<usize> = (0..queens.len())
                .filter(|&k| seen(&count, queens[k], true) > 0)
                .collect();
            if attacked.is_empty() {
                legal = true;
                break;
            }
            let k = attacked[rng.below(attacked.len() as u64) as usize];
            let from = queens[k];
            queen[from] = false;
            for s in segs[from] {
                count[s as usize] -= 1;
            }
            let to = if rng.below(10) == 0 {
                let empty: Vec<usize> = (0..free.len()).filter(|&i| !queen[i]).collect();
                empty[rng.below(empty.len() as u64) as usize]
            } else {
                best_cell(&count, &queen, &mut rng)
            };
            queen[to] = true;
            queens[k] = to;
            for s in segs[to] {
                count[s as usize] += 1;
            }
        }
        if !legal && queens.iter().all(|&q| seen(&count, q, true) == 0) {
            legal = true;
        }
        if !legal {
            break;
        }
        best = Placement::new(queens.iter().map(|&q| free[q]).collect());
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{brute_value, check_placement};

    #[test]
    fn legal_and_never_above_the_value() {
        let boards = [
            Board::square(6).unwrap(),
            Board::with_walls(7, 7, &[(1, 3), (2, 5)]).unwrap(),
            Board::with_walls(6, 7, &[(0, 0), (2, 3), (4, 1), (5, 5)]).unwrap(),
        ];
        for b in &boards {
            let v = brute_value(b);
            for seed in 0..3 {
                let p = segment_min_conflicts(b, seed, 2000);
                assert_eq!(check_placement(b, &p), Ok(()));
                assert!(p.len() <= v && p.len() >= greedy_placement(b).len());
            }
        }
    }
}
