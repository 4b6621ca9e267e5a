//! queensat: queen-placement puzzles (blocked queens and relatives) answered with SAT.
//!
//! Layers import only downward; each line may use the ones above it:
//! - [`board`]: geometry, cell sets of any board up to 64 × 64, symmetries, the symmetry
//!   classes of wall sets, the text formats of boards and cell lists;
//! - [`check`] (the independent checker, brute force, the branch-and-bound cross-check; it
//!   shares no code with [`encode`]) and [`encode`] (variable maps, at-most-one and cardinality
//!   encodings, the lex-leader, each model as CNF);
//! - [`io`]: file formats (DIMACS, WCNF, OPB, LP, the published study's files, SVG, pages);
//! - [`solve`]: solver backends and the one proof path (DRAT, checked by an external checker);
//! - [`run`], beside the layers: the CPU clock, stop signals and the one [`Deadline`](run::deadline::Deadline)
//!   behind every `--time-limit` (CPU seconds);
//! - [`engine`]: one board: value, enumeration, bounds, uniqueness, certificates, exports; the
//!   CPU clock, provenance, progress reporter and shards every run uses;
//! - [`study`]: many boards: sweeps, puzzles, least walls, armies, covers, verification, their
//!   reports, and the chunk store behind resume and shards;
//! - [`cli`]: clap, thin: parse, call one library function, print.

pub mod board;
pub mod check;
pub mod cli;
pub mod encode;
pub mod engine;
pub mod io;
pub mod run;
pub mod solve;
pub mod study;
