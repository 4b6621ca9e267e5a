//! Files in and out: whole-or-nothing writes, and (later) DIMACS/WCNF/OPB formats.

mod atomic;
mod published_puzzles;
mod puzzle_page;

pub use atomic::write_atomic;
pub use published_puzzles::{PublishedPuzzle, parse_published_puzzles};
pub use puzzle_page::puzzle_page;
