//! Files in and out: whole-or-nothing writes, and (later) DIMACS/WCNF/OPB formats.

mod atomic;
mod csplib;
mod svg;

pub use atomic::write_atomic;
pub use csplib::{BlockedInstance, parse_blocked_queens};
pub use svg::board_svg;
