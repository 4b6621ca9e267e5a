//! Files in and out: whole-or-nothing writes, and (later) DIMACS/WCNF/OPB formats.

mod atomic;
mod csplib;
mod svg;

pub use csplib::{BlockedInstance, parse_blocked_queens};
pub use svg::board_svg;
mod columns;

pub use atomic::{write_atomic, write_atomic_with};
pub use columns::{ColumnStyle, ColumnsError, read_column_lists, write_columns};
