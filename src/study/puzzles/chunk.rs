//! A finished chunk of a level as it is stored: each class's key, what its supersets need and
//! its verdict, on the key's frame (cells, not bits, so that the file reads on its own).

use super::known::ClassInfo;
use super::verdict::{Outcome, Verdict};
use crate::board::{CellSet, Coord, WallClasses};
use serde::{Deserialize, Serialize};

/// One class as a chunk keeps it: its key, what its supersets need, and its verdict.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct ClassDoc {
    /// The walls of the class key (its greatest image).
    pub key: Vec<Coord>,
    pub value: Option<u8>,
    /// The optimum found, on the key's frame (empty below `min_value`).
    pub optimum: Vec<Coord>,
    pub holds_unique: bool,
    pub verdict: Verdict,
}

impl ClassDoc {
    /// The class of key `m` as stored, from what processing it gave.
    pub fn new<const W: usize>(sets: &WallClasses<W>, m: &CellSet<W>, o: Outcome<W>) -> ClassDoc {
        ClassDoc {
            key: sets.cells(m),
            value: o.info.value,
            optimum: sets.cells(&o.info.optimum),
            holds_unique: o.info.holds_unique,
            verdict: o.verdict,
        }
    }

    /// What processing the class gave, read back (the key is the caller's to match).
    pub fn into_outcome<const W: usize>(self, sets: &WallClasses<W>) -> Outcome<W> {
        Outcome {
            info: ClassInfo {
                value: self.value,
                optimum: sets.set_of(&self.optimum),
                holds_unique: self.holds_unique,
            },
            verdict: self.verdict,
        }
    }
}

/// One finished chunk of a level, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct PuzzleChunk {
    pub walls: usize,
    pub chunk: usize,
    pub first_class: usize,
    /// Wall seconds of the chunk's work.
    pub seconds: f64,
    pub classes: Vec<ClassDoc>,
}
