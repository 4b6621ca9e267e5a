//! Verifying the published study's files: every row's claim re-checked on its own board
//! ([`verify_claim`]), the verdicts tallied per file ([`verify_file`]), the author's printed
//! summaries re-counted from the engine's own values ([`verify_summary`]), and the reports
//! ([`render`]).

mod claim;
mod file;
pub mod render;
mod run_info;
mod summary;

pub use crate::study::summary_claims::CheckedLine;
pub use claim::{BoardClaim, CertifyVerdicts, RefutedKind, Verdict, checked_value, verify_claim};
pub use file::{
    BoardSide, ClaimKind, FileOptions, FileReport, RowResult, board_side, side_in_path, verify_file,
};
pub use run_info::RunInfo;
pub use summary::{SummaryOptions, SummaryReport, is_summary, verify_summary};
