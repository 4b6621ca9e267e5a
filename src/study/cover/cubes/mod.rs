//! Packing and covering of one n×n board split into cubes, for many workers: cube-and-conquer on
//! how chosen squares are covered.
//!
//! The holders of a square are the solutions with a queen on it, in list order. A selection's
//! first selected holder of a square lies in one range of its holders (cut, in list order, into
//! runs of `width`), or there is none. A cube chooses, for each split square, such a range (the
//! holders before it unselected, one of it selected) or, for packing only, none (no holder
//! selected): each selection lies in exactly one packing cube, and each cover in exactly one
//! covering cube, since a cover selects a holder of every square. [`check_cover`] rebuilds each
//! cube's choice from its clauses and counts the cubes without trusting the plan.
//!
//! Each cube is asked of the whole question's formula, lex-leader symmetry breaking included
//! where the run breaks symmetries: a symmetry of the board maps disjoint selections to disjoint
//! ones and covers to covers of the same size, so every selection has an image the constraints
//! keep (the lex-least of its orbit), and that image lies in some cube; the best over the cubes
//! is the board's. Both starts are found once (`starts::cover_starts`: the partition, greedy, local and
//! exact searches and a solver climb cut at a count of conflicts, the same in every run) and
//! stored in the spec. A worker keeps one solver per question across its cubes; in each cube it
//! asks one beyond the start (packing: at least one more selected; covering: at most one
//! fewer) and moves on while the answer is yes, each selection re-checked by counting squares.
//! An optimum is proved when every cube refutes one beyond it.
//!
//! # Where each part lives
//! `spec` (what a run answers), `cut` (the cubes of a spec), `check` (the cubes counted
//! against every selection), `starts` (both starts, found once), `climb` (a worker's answer to
//! one cube), `question` (the size as a question the shared cube run drives), `report`, and
//! `run` ([`cover_in_cubes`], [`merge_cover_cubes`]).

mod check;
mod climb;
mod cut;
mod question;
mod report;
mod run;
mod spec;
mod starts;

pub use check::check_cover;
pub use climb::{CoverCubeAnswer, CoverCubeSolver};
pub use cut::{CoverCube, FirstHolder};
pub use report::{CoverCubesReport, CubeOptimum};
pub use run::{CoverCubeAsk, cover_in_cubes, merge_cover_cubes};
pub use spec::CoverCubeSpec;
