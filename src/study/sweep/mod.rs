//! Exhaustive sweeps: every `k`-wall board of a shape, one row per symmetry class, with its
//! proved value, a checked optimal placement and its orbit size.

mod assemble;
mod check;
mod chunk;
mod compare;
mod compute;
mod evaluate;
mod packed;
mod plan;
mod run;
mod spec;
mod summary;
mod swept_boards;

pub use crate::study::value_count::ValueCount;
pub use compare::{Comparison, KComparison, NotCompared, compare_dirs, compare_k, render_comparison};
pub use evaluate::{
    Engine, Evaluated, Evaluator, Start, compare_with_bnb, refuted_by_tree, second_optimum_by_tree,
};
pub use run::{RunOptions, SweepRun, merge, run_sweep};
pub use spec::{DEFAULT_CHUNK, DEFAULT_SOLVER, SweepSpec};
pub use summary::{CrossCheck, RunRecord, WallsSummary, markdown, summarise};
