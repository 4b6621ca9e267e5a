//! `--certify`: the checked DRAT certificate of a value's optimality, for the commands.

use crate::analysis::{Certificate, certify_unsat};
use crate::board::Board;
use crate::encode::Amo;
use std::path::Path;

/// Certifies "`value + 1` queens do not fit" in `dir` (or a temporary directory, removed
/// afterwards; the paths in the certificate then no longer exist).
pub fn certify_value(
    board: &Board,
    amo: Amo,
    value: usize,
    dir: Option<&Path>,
) -> anyhow::Result<Certificate> {
    let name = format!("value-at-least-{}", value + 1);
    match dir {
        Some(d) => certify_unsat(board, amo, value + 1, d, &name),
        None => {
            let tmp = std::env::temp_dir().join(format!("queensat-certify-{}", std::process::id()));
            let result = certify_unsat(board, amo, value + 1, &tmp, &name);
            let _ = std::fs::remove_dir_all(&tmp);
            result
        }
    }
}

/// The certificate in words.
pub fn text(c: &Certificate) -> String {
    format!(
        "certificate: CNF 'at least {} queens' ({} variables, {} clauses, cells totaliser), DRAT proof by varisat ({} bytes), checked by {}: {} ({:.3} s)\n{}\n",
        c.at_least,
        c.n_vars,
        c.n_clauses,
        c.proof_bytes,
        c.check.checker,
        c.check.status,
        c.check.seconds,
        if c.certified {
            format!("certified: {} queens do not fit", c.at_least)
        } else {
            "NOT certified: the checker rejected the proof".to_string()
        }
    )
}
