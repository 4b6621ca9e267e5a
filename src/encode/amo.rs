//! At-most-one constraints, by one of rustsat's `encodings::am1` encodings. Each variant
//! names the paper of the encoding rustsat implements (rustsat's own references).

use super::varmap::VarMap;
use rustsat::encodings::{CollectClauses, am1, am1::Encode as _};
use rustsat::types::Lit;

crate::choices! {
/// Which at-most-one encoding to use for a segment.
pub enum Amo {
    /// All pairs: n(n-1)/2 binary clauses, no new variables. Best on short segments. The
    /// folklore encoding; see S. D. Prestwich, "CNF Encodings", Handbook of Satisfiability (2021).
    #[default]
    Pairwise = "pairwise",
    /// Sequential ("ladder") encoding: linear size, n-1 new variables. I. P. Gent and
    /// P. Nightingale, "A new encoding of AllDifferent into SAT", ModRef 2004.
    Ladder = "ladder",
    /// Binary ("bitwise") encoding: n log n clauses, log n new variables. S. D. Prestwich,
    /// "Finding large cliques using SAT local search", Trends in Constraint Programming (2007).
    Bitwise = "bitwise",
    /// Commander encoding: groups of 4 (pairwise inside) with a commander variable each.
    /// W. Klieber and G. Kwon, "Efficient CNF encoding for selecting 1 from N objects", CFV 2007.
    Commander = "commander",
}
}

impl Amo {
    /// Adds `at most one of lits`. Lists of length 0 or 1 add nothing.
    pub fn encode<C: CollectClauses>(self, lits: &[Lit], collector: &mut C, vm: &mut VarMap) {
        if lits.len() < 2 {
            return;
        }
        // Short lists are always pairwise: the other encodings only pay off when long.
        let kind = if lits.len() <= 3 { Amo::Pairwise } else { self };
        vm.owner(match kind {
            Amo::Pairwise => "amo pairwise",
            Amo::Ladder => "amo ladder",
            Amo::Bitwise => "amo bitwise",
            Amo::Commander => "amo commander",
        });
        let it = lits.iter().copied();
        let res = match kind {
            Amo::Pairwise => am1::Pairwise::from_iter(it).encode(collector, vm),
            Amo::Ladder => am1::Ladder::from_iter(it).encode(collector, vm),
            Amo::Bitwise => am1::Bitwise::from_iter(it).encode(collector, vm),
            Amo::Commander => am1::Commander::<4, am1::Pairwise>::from_iter(it).encode(collector, vm),
        };
        res.expect("out of memory while encoding an at-most-one");
    }
}
