//! Interesting puzzles (the seed article's Objective 3): boards of `k` walls whose optimum is
//! unique, minimal in their walls, one per symmetry class.
//!
//! # Definition
//! A board `W` of `k` walls with value `v` is an *interesting puzzle* when
//! 1. **unique**: exactly one placement of `v` queens exists on `W` (proved: the query "exactly
//!    `v` queens, other than the one found" is UNSAT);
//! 2. **minimal**: no board formed by a proper subset `S ⊊ W` of its walls (the empty set
//!    included) is itself a board of value `v` with a unique optimum. The article's edge case,
//!    an extra wall that forces uniqueness, is thereby kept: if `S` has value `v` but several
//!    optima and `W = S + wall` has value `v` and one optimum, `W` is the puzzle. Boards that
//!    also meet the stricter reading "no proper subset has value `v` at all" are flagged
//!    `strictly_minimal`. Value is not monotone in the walls (a wall removes a cell but also
//!    blocks lines), so *every* proper subset is checked, not only those of `k − 1` walls;
//! 3. **one per symmetry class**: classes of the board's symmetry group (8 on a square, 4 on a
//!    rectangle), represented by [`crate::board::Board::canonical`] (the least row-major list
//!    of cells, a free cell before a wall; on 8×8, the least published 64-bit number).
//!
//! # Symmetric wall sets
//! If a symmetry `g ≠ id` maps the walls onto themselves, it maps every optimum onto an
//! optimum. So a board whose stabiliser is larger than `{id}` can have a unique optimum only if
//! that optimum is itself invariant under the stabiliser; an optimum that is not invariant
//! comes with its distinct images, and the board fails condition 1 (this is the article's
//! "note on symmetry": such boards are excluded because they are not unique, not because they
//! are symmetric). Such boards are refuted without a solver call: the image is the witness.
//!
//! # How no board is solved twice
//! Levels `k = 0, 1, …` are processed in order. Each class's value is found once
//! ([`crate::engine::value`]) and kept under its class key, with the optimum found and a
//! flag "this board, or a subset with the same value, has a unique optimum". A board's subsets
//! are looked up by key. A second optimum is often known without a solver: an image of the
//! optimum under the stabiliser, or a subset's optimum (same value) that avoids the new walls,
//! which stays legal when walls are added. Both are re-checked by the independent checker.
//!
//! # Where each part lives
//! [`find_puzzles`] (`run`) takes the levels in order; each level is a chunked run (`level`)
//! whose classes get their verdict (`verdict`) from what the levels below tell them (`known`).
//! A chunk is stored as `chunk` says and re-checked when read back (`check`); a merge reads
//! the shards' chunks back (`merge`). `spec` is what a run is asked for, `definition` the words
//! the reports print, `puzzle` what they hold, `compare` the published list against it.

mod check;
mod chunk;
mod compare;
mod definition;
mod known;
mod level;
mod merge;
mod puzzle;
mod run;
mod spec;
mod verdict;

pub use compare::{ClassesListed, Comparison, EntryCheck, compare_published, duplicate_detail};
pub use definition::{DEFINITION, DEFINITION_ANY_SIZE, definition};
pub use merge::merge_puzzles;
pub use puzzle::{LevelStats, Puzzle, PuzzleReport, ValueCounts};
pub use run::{PuzzleRun, find_puzzles};
pub use spec::{DEFAULT_CHUNK, ENGINES, PuzzleOptions, PuzzleSpec};
