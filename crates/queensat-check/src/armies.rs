//! The independent checker for peaceable armies, and exhaustive search on tiny boards.
//!
//! Like [`check_placement`](crate::placement::check_placement) it walks the board square by square in the eight queen
//! directions, stopping only at walls and edges (queens do not block: the rule is about sharing
//! a line segment), and shares no code with the armies encoder.

use super::sight::{seen_from, sight_masks};
use crate::placement::{Misplaced, free_square};
use queensat_board::{Armies, Board, Coord};
use std::fmt;

/// Why two armies are not a legal peaceable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArmyViolation {
    Misplaced(Misplaced),
    /// A white and a black queen on the same square.
    Shared(Coord),
    /// A white queen (first) and a black queen (second) on one wall-free line.
    Attack(Coord, Coord),
}

impl fmt::Display for ArmyViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArmyViolation::Misplaced(m) => m.fmt(f),
            ArmyViolation::Shared((r, c)) => write!(f, "square {r},{c} holds a white and a black queen"),
            ArmyViolation::Attack((a, b), (c, d)) => {
                write!(
                    f,
                    "white queen at {a},{b} and black queen at {c},{d} share a line"
                )
            }
        }
    }
}

/// Checks that every queen stands on a free square of the board, that no square holds both
/// colours, and that no white queen sees a black one. Army sizes are not checked.
pub fn check_armies(board: &Board, armies: &Armies) -> Result<(), ArmyViolation> {
    // 0 empty, 1 white, 2 black.
    let mut colour = vec![0u8; board.rows() * board.cols()];
    for (army, mark) in [(&armies.white, 1u8), (&armies.black, 2u8)] {
        for &q in army.queens() {
            let slot = &mut colour[free_square(board, q).map_err(ArmyViolation::Misplaced)?];
            if *slot != 0 && *slot != mark {
                return Err(ArmyViolation::Shared(q));
            }
            *slot = mark;
        }
    }
    for &w in armies.white.queens() {
        if let Some(b) = seen_from(board, w).find(|&(r, c)| colour[r * board.cols() + c] == 2) {
            return Err(ArmyViolation::Attack(w, b));
        }
    }
    Ok(())
}

/// The free squares, and for each a bit mask (bit `i` = `free[i]`) of itself and every free
/// square it sees. Boards with more than 128 free squares are refused.
fn covers(board: &Board) -> (Vec<Coord>, Vec<u128>) {
    let (free, mut masks) = sight_masks(board);
    for (i, m) in masks.iter_mut().enumerate() {
        *m |= 1 << i;
    }
    (free, masks)
}

/// What exhaustive search says about a tiny board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BruteArmies {
    /// The largest `m` with two peaceable armies of `m` queens each (0 if none).
    pub m: usize,
    /// Ordered positions `(white, black)` with both armies of exactly `m` queens (1 when m = 0).
    pub positions: u64,
}

/// `C(n, k)` black armies on `n` squares left; boards small enough to search exhaustively keep
/// it within `u64`.
fn binomial(n: u64, k: u64) -> u64 {
    queensat_board::binomial(n, k).expect("a count of armies past u64 on a board searched exhaustively")
}

/// Exhaustive search over every black army (at most 24 free squares): the squares a black
/// army leaves to white are the free squares none of its queens sees or stands on, and any
/// `m` of them make a white army.
pub fn brute_armies(board: &Board) -> BruteArmies {
    let (free, covers) = covers(board);
    assert!(
        free.len() <= 24,
        "brute force is for boards with at most 24 free cells"
    );
    let covers: Vec<u32> = covers.into_iter().map(|c| c as u32).collect();
    let all: u32 = (1u32 << free.len()) - 1;
    // left[k] = for each black army of size k, how many squares it leaves to white.
    let mut left_by_size: Vec<Vec<u32>> = vec![Vec::new(); free.len() + 1];
    for black in 0..=all {
        let mut seen = 0u32;
        let mut rest = black;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            seen |= covers[i];
            rest &= rest - 1;
        }
        left_by_size[black.count_ones() as usize].push((all & !seen).count_ones());
    }
    let m = (0..=free.len())
        .rev()
        .find(|&k| left_by_size[k].iter().any(|&l| l as usize >= k))
        .unwrap_or(0);
    let positions = left_by_size[m]
        .iter()
        .map(|&l| binomial(l as u64, m as u64))
        .sum();
    BruteArmies { m, positions }
}

/// Ordered positions with both armies of exactly `m`, by depth-first search over white
/// armies (any board with at most 128 free squares; exponential, for cross-checks): a white
/// army is extended only while the squares it leaves to black still number `m` or more, and a
/// complete one contributes `C(left, m)` black armies.
pub fn brute_positions(board: &Board, m: usize) -> u64 {
    let (free, covers) = covers(board);
    fn go(from: usize, left_white: usize, open: u128, m: usize, covers: &[u128]) -> u64 {
        if left_white == 0 {
            return binomial(open.count_ones() as u64, m as u64);
        }
        let mut total = 0;
        for i in from..=covers.len().saturating_sub(left_white) {
            let next = open & !covers[i];
            if next.count_ones() as usize >= m {
                total += go(i + 1, left_white - 1, next, m, covers);
            }
        }
        total
    }
    let all = if free.len() == 128 {
        u128::MAX
    } else {
        (1u128 << free.len()) - 1
    };
    if m == 0 {
        return 1;
    }
    go(0, m, all, m, &covers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use queensat_board::Placement;

    fn armies(w: &[Coord], b: &[Coord]) -> Armies {
        Armies::new(Placement::new(w.to_vec()), Placement::new(b.to_vec()))
    }

    #[test]
    fn lines_walls_and_shared_squares() {
        let b = Board::new(3, 3).unwrap();
        assert_eq!(check_armies(&b, &armies(&[(0, 0)], &[(1, 2)])), Ok(()));
        assert_eq!(
            check_armies(&b, &armies(&[(0, 0)], &[(2, 2)])),
            Err(ArmyViolation::Attack((0, 0), (2, 2)))
        );
        assert_eq!(
            check_armies(&b, &armies(&[(1, 1)], &[(1, 1)])),
            Err(ArmyViolation::Shared((1, 1)))
        );
        // Same colour may share a line; a queen between does not shield.
        assert!(check_armies(&b, &armies(&[(0, 0), (0, 1)], &[(2, 2)])).is_err());
        let walled = Board::with_walls(1, 3, &[(0, 1)]).unwrap();
        assert_eq!(check_armies(&walled, &armies(&[(0, 0)], &[(0, 2)])), Ok(()));
        assert_eq!(
            check_armies(&walled, &armies(&[(0, 1)], &[])),
            Err(ArmyViolation::Misplaced(Misplaced::OnWall((0, 1))))
        );
    }

    #[test]
    fn brute_force_on_the_smallest_boards() {
        assert_eq!(brute_armies(&Board::new(2, 2).unwrap()).m, 0);
        let r = brute_armies(&Board::new(3, 2).unwrap());
        assert_eq!(r.m, 1);
        // (0,0)/(2,1) and (0,1)/(2,0), each in both colourings.
        assert_eq!(r.positions, 4);
        assert_eq!(brute_positions(&Board::new(3, 2).unwrap(), 1), 4);
    }

    #[test]
    fn both_brute_forces_agree() {
        for (r, c) in [(3, 3), (4, 4), (3, 5), (4, 5)] {
            let b = Board::new(r, c).unwrap();
            let e = brute_armies(&b);
            assert_eq!(brute_positions(&b, e.m), e.positions, "{r}x{c}");
            assert_eq!(brute_positions(&b, e.m + 1), 0, "{r}x{c}");
        }
    }
}
