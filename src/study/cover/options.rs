//! What a packing/covering run is asked: the solver, the encoding, certificates, symmetry
//! breaking, progress and the time limit.

use crate::encode::Amo;
use crate::run::Reporter;
use crate::solve::Backend;
use std::path::PathBuf;

/// The at-most-one encoding packing uses unless told otherwise: a square lies in hundreds of
/// solutions, where pairwise clauses would run to millions.
pub const DEFAULT_AMO: Amo = Amo::Ladder;

/// Options of a packing/covering run.
#[derive(Clone, Debug, Default)]
pub struct CoverOptions {
    pub backend: Backend,
    /// At-most-one encoding of "one solution per square" when packing.
    pub amo: Amo,
    /// Where to write the CNF and checked proof of each final UNSAT answer.
    pub certificates: Option<PathBuf>,
    /// Add lex-leader constraints for the board's symmetries acting on the solution list.
    pub symmetry_breaking: bool,
    /// Where each solver call is noted.
    pub progress: Reporter,
    /// CPU seconds each search (packing, covering) may take; past it the search stops with
    /// the best selection found and the bound proved so far.
    pub time_limit: Option<std::time::Duration>,
}
