//! What the two checkers (DRAT and LRAT) share with the driver that feeds them: the steps they
//! take, why one stops early, and what it has found so far.

use super::budget::{Budget, Cut};
use super::steps::Step;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProofStats {
    pub original_clauses: u64,
    /// Clauses added by the proof and checked.
    pub lemmas: u64,
    /// Of those, the ones that needed a RAT check.
    pub rat_lemmas: u64,
    pub deletions: u64,
    /// Deletions not carried out: of a clause not present, or (DRAT) of the reason of a
    /// top-level assignment.
    pub ignored_deletions: u64,
    /// Of those, the deletions of a clause not present.
    pub absent_deletions: u64,
}

/// Why a checker stopped early.
pub(super) enum Failure {
    /// The proof is wrong here (the message says why).
    Rejected(String),
    /// The budget ran out (its deadline or its stop test).
    Cut(Cut),
}

impl From<Cut> for Failure {
    fn from(cut: Cut) -> Self {
        Failure::Cut(cut)
    }
}

/// What a checker has found so far.
#[derive(Default)]
pub(super) struct Tally {
    /// The clauses alive are contradictory (an empty clause, or a top-level conflict).
    pub(super) refuted: bool,
    pub(super) stats: ProofStats,
}

/// What the two checkers share with the driver.
pub(super) trait Checker {
    /// One clause of the CNF, in file order; an error ends the check (too many clauses).
    fn original(&mut self, lits: &[i64]) -> Result<(), String>;
    /// One proof step, checked and carried out.
    fn step(&mut self, step: &Step, budget: &mut Budget) -> Result<(), Failure>;
    fn tally(&self) -> &Tally;
}
