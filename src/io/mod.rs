//! Files in and out: whole-or-nothing writes, and (later) DIMACS/WCNF/OPB formats.

mod atomic;
mod columns;

pub use atomic::{write_atomic, write_atomic_with};
pub use columns::{ColumnStyle, ColumnsError, read_column_lists, write_columns};
