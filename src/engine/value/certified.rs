//! A board's value with the certificate of its optimum, when asked: the value search, then
//! its final UNSAT question refuted with a checked proof ([`certify_value`]).

use super::find::{value_answering_signals, value_with_lp};
use super::options::ValueOptions;
use super::report::ValueReport;
use crate::board::Board;
use crate::engine::certify::certify_value;
use crate::run::progress::Reporter;
use crate::solve::Certificate;
use serde::Serialize;
use std::path::Path;
use std::time::Duration;

/// A board's value and, when asked, the certificate of its optimum (field names as in
/// `value --certify --format json`).
#[derive(Debug, Serialize)]
pub struct CertifiedValue {
    pub value: ValueReport,
    /// `None` when not asked, or when the search stopped (it claims no optimality).
    pub certificate: Option<Certificate>,
}

impl CertifiedValue {
    /// Whether the checker rejected the certificate's proof.
    pub fn refuted(&self) -> bool {
        self.certificate.as_ref().is_some_and(|c| !c.certified)
    }
}

/// The value of `board` as [`value_within`](super::value_within) finds it, and, with
/// `certify` (`Some(dir)`, see [`certify_value`] for `dir`), the certificate of its optimum
/// from the solver that answered, its CNF holding the clauses implied by the LP bound the
/// search checked (the LP is solved once). A checked proof replaces an external solver's word:
/// the report is then `certified`.
pub fn value_certified(
    board: &Board,
    opts: &ValueOptions,
    limit: Option<Duration>,
    certify: Option<Option<&Path>>,
    progress: &Reporter,
) -> anyhow::Result<CertifiedValue> {
    if certify.is_some() {
        opts.backend_for(board).check_writes_proof()?;
    }
    // Certifying needs the search's own solver to the end; otherwise a stop signal is
    // answered at once, even during a call that cannot be stopped.
    let (mut value, lp) = match certify {
        Some(_) => value_with_lp(board, opts, limit, progress)?,
        None => value_answering_signals(board, opts, limit, progress)?,
    };
    let certificate = match certify {
        Some(dir) if value.proved => {
            let backend = opts.backend_for(board);
            let c = certify_value(
                board,
                opts.base.amo,
                value.value,
                &backend,
                dir,
                lp.as_ref(),
                None,
            )?;
            if c.certified {
                value.mark_certified();
            }
            Some(c)
        }
        _ => None,
    };
    Ok(CertifiedValue { value, certificate })
}
