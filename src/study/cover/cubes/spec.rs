//! What a cover cube run answers (`CoverCubeSpec`, kept in its folder: a resumed run or a
//! shard must ask the same): the size, the split squares and the width of their ranges, the
//! encoding and both starts, and the two small rules every part uses: which goals have cubes,
//! and the bound one beyond a size.

use crate::board::Coord;
use crate::encode::{Amo, Goal};
use serde::{Deserialize, Serialize};

/// What a cover cube run answers (kept in its folder: a resumed run or a shard must ask the
/// same).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverCubeSpec {
    pub n: usize,
    /// The squares whose first selected holder makes the cubes.
    pub squares: Vec<Coord>,
    /// The most holders of a range: each split square's holders are cut, in list order, into
    /// runs of `width` (the last shorter).
    pub width: usize,
    /// The at-most-one encoding of the packing model.
    pub amo: Amo,
    pub symmetry_breaking: bool,
    /// The start's packing (indices into the solution list): every packing cube refutes one
    /// more, or holds more and finds its most.
    pub pack_start: Vec<usize>,
    /// The start's cover: every covering cube refutes one fewer, or holds fewer and finds its
    /// fewest. `None`: a square lies in no solution, so nothing covers the board (and there
    /// are no covering cubes).
    pub cover_start: Option<Vec<usize>>,
    /// Whether each cube's refutation is certified by a checked proof.
    pub certify: bool,
}

impl CoverCubeSpec {
    /// The goals that have cubes: packing, and covering where a cover exists.
    pub(super) fn goals(&self) -> Vec<Goal> {
        match self.cover_start {
            Some(_) => vec![Goal::Pack, Goal::Cover],
            None => vec![Goal::Pack],
        }
    }

    pub(super) fn start(&self, goal: Goal) -> Option<&Vec<usize>> {
        match goal {
            Goal::Pack => Some(&self.pack_start),
            Goal::Cover => self.cover_start.as_ref(),
        }
    }
}

/// The goal's name in messages.
pub(super) fn goal_word(goal: Goal) -> &'static str {
    match goal {
        Goal::Pack => "packing",
        Goal::Cover => "covering",
    }
}

/// The bound one beyond `size`: packing one more selected, covering one fewer (`None` below
/// none).
pub(super) fn beyond(goal: Goal, size: usize) -> Option<usize> {
    match goal {
        Goal::Pack => Some(size + 1),
        Goal::Cover => size.checked_sub(1),
    }
}
