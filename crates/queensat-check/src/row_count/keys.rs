//! The second key of [`Reduction::Sides`] when the least key `p` is above 0. Every side holds
//! one queen, so each of the 8 (side, direction) pairs has a key, and each pair has a
//! successor: the pair that goes on along the next side from the corner where it ends (the top
//! read from the left is followed by the right side read from the top). A symmetry keeps that
//! relation, so the image taking a pair to the top read from the left has its successor as
//! its right side read from the top. The second key of an image is whether its right side's
//! key read from the top ties its least one: 0 before 1. A task tracks the tied keys as bits
//! (the top read from the left, tied by definition, left out).
//!
//! [`Reduction::Sides`]: super::task::Reduction::Sides

pub(super) const TOP_FROM_RIGHT: u8 = 1;
pub(super) const LEFT_FROM_TOP: u8 = 2;
pub(super) const LEFT_FROM_BOTTOM: u8 = 4;
pub(super) const RIGHT_FROM_TOP: u8 = 8;
pub(super) const RIGHT_FROM_BOTTOM: u8 = 16;
pub(super) const BOTTOM_FROM_LEFT: u8 = 32;
pub(super) const BOTTOM_FROM_RIGHT: u8 = 64;
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
pub(super) fn of_cell(n: usize, p: usize, row: usize, c: usize) -> u8 {
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
pub(super) fn images(ties: usize) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The images the second key above 0 keeps: those whose successor does not tie, the
    /// placement itself only if its right side's key read from the top does not.
    #[test]
    fn the_second_key_keeps_the_images_whose_successor_does_not_tie() {
        let images = |ties: u8| super::images(usize::from(ties));
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
}
