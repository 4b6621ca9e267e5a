//! The one rule for answers that rest on a solver's UNSAT, on every command that takes
//! `--solver`: an answer is *certified* unless it rests on an UNSAT answer of a backend whose
//! UNSAT queensat does not check (an external solver: its word, see
//! [`Backend::checks_its_unsat`]) and nothing replaced that answer: no DRAT proof that a checker
//! accepted, no independent search that agreed. An uncertified answer says so in text (its
//! proof line starts with [`UNCHECKED_UNSAT`]) and in JSON (`"certified": false`), and
//! `--require-proof` refuses it. An UNSAT answer that a checked "yes" contradicts is false, and
//! [`contradicted_unsat`] is the one error for it.

use crate::solve::{Backend, UNCHECKED_UNSAT};

/// Whether an answer is certified: `rests_on_unsat`, it uses at least one UNSAT answer of
/// `backend`; `checked`, a checked proof or an independent search stands in for those answers.
pub fn certified(backend: &Backend, rests_on_unsat: bool, checked: bool) -> bool {
    !rests_on_unsat || checked || backend.checks_its_unsat()
}

/// What else gives a proof where `--require-proof` refuses an answer: named in its message, so
/// that it never suggests a flag the command refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofRemedy {
    /// A built-in solver, or `--certify` where the command has it.
    SolverOrCertify,
    /// A built-in solver, or `value --certify` on the board alone: `value --batch` refuses
    /// `--certify`.
    SolverOrBoardAlone,
}

/// `--require-proof`: an error when `required` and the answer is not `certified` (it rests on
/// an UNSAT answer of an external solver that nothing checked), which names `remedy`.
pub fn require_proof(required: bool, certified: bool, remedy: ProofRemedy) -> anyhow::Result<()> {
    let remedy = match remedy {
        ProofRemedy::SolverOrCertify => "use a built-in solver, or --certify where the command has it",
        ProofRemedy::SolverOrBoardAlone => {
            "use a built-in solver, or `value --certify` on that board alone (a batch cannot certify)"
        }
    };
    anyhow::ensure!(
        !required || certified,
        "--require-proof: the answer rests on an UNSAT answer of an external solver that nothing \
         checked; {remedy}"
    );
    Ok(())
}

/// What a proof line starts with: nothing for a certified answer, else the label.
pub fn unchecked_prefix(certified: bool) -> String {
    if certified {
        String::new()
    } else {
        format!("{UNCHECKED_UNSAT}: ")
    }
}

/// The error for a solver's UNSAT answer to `question` ("at least 7 queens") that a checked
/// "yes" contradicts (`evidence`: "a checked placement of 8 queens exists (the row's
/// placement)"): the answer is false. An external solver's false UNSAT is its error, named by
/// its command; a built-in solver's is queensat's internal error.
pub fn contradicted_unsat(backend: &Backend, question: &str, evidence: &str) -> anyhow::Error {
    match backend {
        Backend::External(cmd) => anyhow::anyhow!(
            "external solver {:?} answered UNSAT for {question}, but {evidence}",
            cmd.split_whitespace().collect::<Vec<_>>().join(" ")
        ),
        built_in => {
            anyhow::anyhow!("internal error: {built_in} answered UNSAT for {question}, but {evidence}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_external_unsat_that_nothing_checked_is_uncertified() {
        let ext = Backend::External("cadical".into());
        assert!(!certified(&ext, true, false));
        assert!(certified(&ext, true, true));
        assert!(certified(&ext, false, false));
        assert!(certified(&Backend::Varisat, true, false));
        assert_eq!(unchecked_prefix(true), "");
        assert!(unchecked_prefix(false).starts_with("unchecked"));
    }

    #[test]
    fn a_contradicted_unsat_blames_an_external_solver_and_is_ours_otherwise() {
        let ext = Backend::External(" ./liar.sh  -q ".into());
        let e = contradicted_unsat(
            &ext,
            "at least 7 queens",
            "a checked placement of 8 queens exists",
        );
        assert_eq!(
            e.to_string(),
            "external solver \"./liar.sh -q\" answered UNSAT for at least 7 queens, but a checked \
             placement of 8 queens exists"
        );
        let e = contradicted_unsat(&Backend::Varisat, "at least 7 queens", "one exists");
        assert_eq!(
            e.to_string(),
            "internal error: varisat answered UNSAT for at least 7 queens, but one exists"
        );
    }
}
