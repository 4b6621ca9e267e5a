//! A board's value: the most non-attacking queens, with an optimal placement and the proof.
//!
//! The search starts from a greedy placement (lower bound) and the combinatorial upper bound,
//! and asks one incremental solver "at least k queens?". The answer rests on a SAT answer at
//! the value (the placement, re-checked) and an UNSAT answer at value + 1, unless value + 1
//! exceeds what the counter's inputs can reach at all or the bound of the segment LP's dual
//! certificate (checked by [`check_dual`](crate::check::check_dual)). Each call "at least k"
//! also gets the clauses that the certificate implies for k. Upwards the count and those
//! clauses stay in the solver for good, since every later call asks for more queens
//! ([`Hold::Imposed`](crate::engine::session::Hold::Imposed)), after a short [`probe`](call::probe) at the LP bound
//! with them assumed; down and by bisection they are assumptions of that call only. How one
//! call is answered is in [`value_call`](call).

mod ask;
mod call;
mod certified;
mod cube;
mod find;
mod ladder;
mod options;
mod proof;
mod report;
mod start;

pub use certified::{CertifiedValue, value_certified};
pub use cube::{CubeSolver, CubeStart, CubeValue, value_in_cube};
pub use find::{value, value_to_the_end, value_within};
pub use options::{Search, VALUE_CADICAL_CONFIG, ValueOptions};
pub use report::ValueReport;
