//! Files in and out: whole-or-nothing writes, result databases, pictures and instance formats.

mod atomic;
mod columns;
mod csplib;
mod svg;
mod svg_chart;
mod sweep_db;

pub use atomic::{write_atomic, write_atomic_with};
pub use columns::{ColumnStyle, ColumnsError, read_column_lists, write_columns};
pub use csplib::{BlockedInstance, parse_blocked_queens};
pub use svg::board_svg;
pub use svg_chart::{Series, render_distribution_svg};
pub use sweep_db::{ClassRow, PublishedRow, parse_published_csv, render_jsonl, render_published_csv};
