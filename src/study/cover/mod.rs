//! Packing and covering the n×n board with n-queens solutions.
//!
//! All solutions are enumerated with the base model, one per symmetry class (each class's
//! images re-checked by the independent checker, their number by the branch and bound); then one variable per solution selects it. Packing: the most pairwise-disjoint
//! solutions, found by asking "at least k selected?" upwards until UNSAT. Covering: the fewest
//! solutions whose union is the board, found by asking "at most k?" downwards from a first
//! cover until UNSAT. Each optimum rests on a SAT answer (the selection re-checked here) and an
//! UNSAT answer one beyond, which can be certified by a checked proof. [`cubes`] splits both
//! questions of one size into cubes for many workers.
//!
//! # Where each part lives
//! `solutions` (the list of n-queens solutions), `optimise` ([`pack_and_cover`]: the partition
//! searched once, then each optimum bound after bound), `run` (one search under way: its
//! solver and its log), `selection` (a selection judged by counting squares, and its SAT
//! model), `refute` (the one refutation of a bound, with a checked proof), `report` (what is
//! reported and its re-check when read back), `options`; `search` and `start` (the exact
//! search and the first selections); [`cubes`] (one size cut into cubes).

pub mod cubes;
mod optimise;
mod options;
mod refute;
mod report;
mod run;
mod search;
mod selection;
mod solutions;
mod start;

pub use optimise::pack_and_cover;
pub use options::{CoverOptions, DEFAULT_AMO};
pub use report::{CoverReport, Optimum};
pub use solutions::{nqueens_solutions, seed_line};
