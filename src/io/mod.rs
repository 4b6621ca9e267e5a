//! Files in and out: whole-or-nothing writes, and (later) DIMACS/WCNF/OPB formats.

mod atomic;

pub use atomic::write_atomic;
mod svg_chart;
mod sweep_db;

pub use svg_chart::{Series, render_distribution_svg};
pub use sweep_db::{ClassRow, PublishedRow, parse_published_csv, render_jsonl, render_published_csv};
