//! Files in and out: whole-or-nothing writes, DIMACS/WCNF/OPB/LP export, solver output, the
//! published result files, result databases, pictures and instance formats.

mod atomic;
mod columns;
mod csplib;
mod dimacs;
mod header;
mod lp;
mod opb;
mod published;
mod published_puzzles;
mod puzzle_page;
mod summary;
mod svg;
mod svg_chart;
mod sweep_db;
mod wcnf;

pub use atomic::{write_atomic, write_atomic_with};
pub use columns::{ColumnStyle, ColumnsError, read_column_lists, write_columns};
pub use csplib::{BlockedInstance, parse_blocked_queens};
pub use dimacs::{
    DimacsCnf, SolverAnswer, check_model, parse_competition_output, parse_dimacs, parse_minisat_result,
    push_clause, write_dimacs,
};
pub use header::{ExportHeader, ReadHeader, dimacs_map, read_header};
pub use lp::{lp_map, write_lp};
pub use opb::{opb_map, write_opb};
pub use published::{CellSet, ClaimRow, PublishedFile, PublishedFormat, parse_published};
pub use published_puzzles::{PublishedPuzzle, parse_published_puzzles};
pub use puzzle_page::{puzzle_page, puzzle_page_from_report};
pub use summary::{SummaryClaim, parse_summary};
pub use svg::board_svg;
pub use svg_chart::{Series, render_distribution_svg};
pub use sweep_db::{ClassRow, PublishedRow, parse_published_csv, render_jsonl, render_published_csv};
pub use wcnf::write_wcnf;
