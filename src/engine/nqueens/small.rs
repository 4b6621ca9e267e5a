//! Exhaustive backtracking for small n: settles the boards (n < 4) where neither the local
//! search nor the construction applies, so "no solution" rests on a complete search.

/// The lexicographically first solution (`col[r]` 0-based) and how many full placements
/// the search visited, or `None` when the board of side `n` has no solution.
pub fn first_solution(n: usize) -> (Option<Vec<u32>>, u64) {
    fn go(r: usize, n: usize, col: &mut Vec<u32>, visited: &mut u64) -> bool {
        if r == n {
            return true;
        }
        for c in 0..n {
            let safe = col
                .iter()
                .enumerate()
                .all(|(q, &cq)| cq as usize != c && (cq as usize).abs_diff(c) != r - q);
            *visited += 1;
            if safe {
                col.push(c as u32);
                if go(r + 1, n, col, visited) {
                    return true;
                }
                col.pop();
            }
        }
        false
    }
    assert!(n <= 16, "exhaustive search is for small boards");
    let (mut col, mut visited) = (Vec::new(), 0);
    let found = go(0, n, &mut col, &mut visited);
    (found.then_some(col), visited)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Placement};
    use crate::check::{brute_count, check_placement};

    #[test]
    fn agrees_with_brute_force_on_which_boards_have_solutions() {
        for n in 1..=8 {
            let (found, _) = first_solution(n);
            let board = Board::square(n).unwrap();
            assert_eq!(found.is_some(), brute_count(&board, n) > 0, "n = {n}");
            if let Some(col) = found {
                let p = Placement::new(col.iter().enumerate().map(|(r, &c)| (r, c as usize)).collect());
                assert_eq!(check_placement(&board, &p), Ok(()));
            }
        }
    }
}
