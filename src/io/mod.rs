//! Files in and out: whole-or-nothing writes, DIMACS/WCNF/OPB/LP export, solver output, and
//! the published result files.

mod atomic;
mod dimacs;
mod header;
mod lp;
mod opb;
mod published;
mod summary;
mod wcnf;

pub use atomic::write_atomic;
pub use dimacs::{
    DimacsCnf, SolverAnswer, check_model, parse_competition_output, parse_dimacs, parse_minisat_result,
    push_clause, write_dimacs,
};
pub use header::{ExportHeader, ReadHeader, dimacs_map, read_header};
pub use lp::{lp_map, write_lp};
pub use opb::{opb_map, write_opb};
pub use published::{CellSet, ClaimRow, PublishedFile, PublishedFormat, parse_published};
pub use summary::{SummaryClaim, parse_summary};
pub use wcnf::write_wcnf;
