//! queensat: queen-placement puzzles (blocked queens and relatives) answered with SAT.
//!
//! Layers import only downward; each line may use the ones above it:
//! - [`board`]: geometry, cell sets of any board up to 64 × 64, symmetries, the symmetry
//!   classes of wall sets, the text formats of boards and cell lists;
//! - [`check`] (the independent checker, brute force, the branch-and-bound cross-check; it
//!   shares no code with [`encode`]) and [`encode`] (variable maps, at-most-one and cardinality
//!   encodings, the lex-leader, each model as CNF);
//! - [`io`]: file formats (DIMACS, WCNF, OPB, LP, the published study's files, SVG, pages);
//! - [`solve`]: solver backends and the one proof path (DRAT or LRAT, checked by the built-in
//!   checker or an outside one);
//! - [`engine`]: one board: value, enumeration, bounds, uniqueness, certificates, exports, and
//!   the one search loop ([`engine::search`]: a model, a session, a typed answer, a call log);
//! - [`study`]: many boards: sweeps, puzzles, least walls, armies, covers, verification, their
//!   reports, and the one chunked run (its chunk store) behind resume, shards and merge;
//! - the command line (the binary's own `cli` module, not part of this API): clap, thin:
//!   parse, call one library function, print;
//! - beside the layers, [`run`]: the CPU clock, stop signals, the one deadline behind every
//!   `--time-limit` (CPU seconds), provenance, progress reporter and shards every run uses
//!   (importable by every layer, importing none), and [`choice`]: the named options
//!   (encodings, searches, presets) every layer declares with [`choices!`], whose names the
//!   command line parses.

pub use queensat_board as board;
pub use queensat_board::with_cell_width;
pub use queensat_check as check;
pub mod choice;
pub mod encode;
pub mod engine;
pub mod io;
pub mod run;
pub mod solve;
pub mod study;
