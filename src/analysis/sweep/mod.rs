//! Exhaustive sweeps: every `k`-wall board of a shape, one row per symmetry class, with its
//! proved value, a checked optimal placement and its orbit size.

mod compare;
mod cpu_time;
mod evaluate;
mod run;
mod summary;

pub use compare::{KComparison, compare_k, render_comparison};
pub use evaluate::{Engine, Evaluated, Evaluator};
pub use run::{RunOptions, Shard, SweepSpec, host_description, merge, run_sweep};
pub use summary::{CrossCheck, Provenance, ValueCount, WallsSummary, markdown, summarise};
