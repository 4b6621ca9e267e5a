//! queensat: queen-placement puzzles (blocked queens and relatives) answered with SAT.
//!
//! Layers import only downward:
//! [`board`] (geometry, formats) → [`check`] (independent checker) → [`encode`] (CNF) →
//! [`solve`] (solvers) → [`analysis`] (questions) → [`cli`]. [`io`] holds file formats.

pub mod analysis;
pub mod board;
pub mod check;
pub mod cli;
pub mod encode;
pub mod io;
pub mod solve;
