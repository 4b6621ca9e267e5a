//! Every integration test in one binary, each file of tests/ a module of it: one link instead
//! of thirty (the cold build's largest avoidable cost), and the tests of all files share the
//! test threads. One file's tests: `cargo test --release --test integration sweep::`.
//! The docs' own harness (tests/docs/) is a binary of its own.

mod common;

mod armies;
mod bad_input;
mod board_formats;
mod charts;
mod cli_args;
mod cli_value;
mod cluster;
mod cover;
mod encodings;
mod export;
mod export_formats;
mod fake_solvers;
mod faults;
mod fuzz_parsers;
mod hostile;
mod least_walls;
mod lp_bound;
mod manual;
mod nk;
mod nqueens;
mod proof_checker;
mod prop_value;
mod puzzles;
mod schema;
mod signals;
mod solutions;
mod solve_conventions;
mod speech;
mod sweep;
mod value_limits;
mod verify;
