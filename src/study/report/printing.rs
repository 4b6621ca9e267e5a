//! How a command prints its answer, the same two choices in every printer.

use crate::engine::{ProofRemedy, require_proof};

/// How a command reports: as JSON or in words, and whether an answer that rests on an external
/// solver's unchecked UNSAT is refused (`--require-proof`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Printing {
    pub json: bool,
    pub require_proof: bool,
}

impl Printing {
    /// `--require-proof`'s refusal of an answer that is not `certified`.
    pub fn check(&self, certified: bool) -> anyhow::Result<()> {
        require_proof(self.require_proof, certified, ProofRemedy::SolverOrCertify)
    }
}
