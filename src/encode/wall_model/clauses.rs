//! The two helpers every part of the least-walls model writes its clauses with.

use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// A clause of these literals.
pub fn clause(lits: &[Lit]) -> Clause {
    lits.iter().copied().collect()
}

/// Adds clauses, treating running out of memory as fatal (as the other encoders do).
pub fn add<C: CollectClauses>(col: &mut C, clauses: impl IntoIterator<Item = Clause>) {
    col.extend_clauses(clauses)
        .expect("out of memory while encoding the least-walls model");
}
