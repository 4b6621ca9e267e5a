//! The N+k count's vocabulary: which placements it searches, its tasks, what they stand for
//! and what they count.

use super::state::RowState;

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
    /// search ([`Corner`]). Above 0 another second key (`keys` in the source) takes the
    /// placements whose last column's queen stands in row `p` only when four keys tie in a
    /// turn of the square ([`TaskWeight::Sides`]' `right`); `t` then counts the images left.
    Sides,
}

/// What a task's placements stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskWeight {
    /// Each placement found stands for this many (1, or 2 with its mirror image).
    Times(u64),
    /// [`Reduction::Sides`]: the row-0 queen's column `key` (the least key), the other keys
    /// that the rows placed so far tie with it (how many for a corner queen, `key` 0; which,
    /// as bits, above 0), for a corner queen which part of the corner's placements the task
    /// lies in, and above 0 whether the last column's queen stands in row `key` (`right`).
    Sides {
        key: usize,
        ties: usize,
        corner: Corner,
        right: bool,
    },
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
/// placement of the sides reduction that the search finds as `t` of its images (`t` keys at
/// the least, or those of them a second key leaves), a whole number only over whole symmetry
/// classes (see [`NkCount::total`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NkCount {
    /// Placements times their whole weight ([`TaskWeight::Times`]).
    pub placements: u64,
    /// [`Reduction::Sides`]: canonical placements found as `t` of their images, at `t - 1`.
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
