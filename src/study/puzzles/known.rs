//! What the levels below tell a class: what is kept of each class for its supersets
//! (`ClassInfo`, under its class key), and what a class's subsets and symmetries show without
//! a search (`cheap_facts`). Invariant: when a class of `k` walls is looked at, every class of
//! fewer walls is known (levels run in order), so every proper subset is found by its key.

use crate::board::{CellSet, WallClasses};
use std::collections::HashMap;

/// What is kept of a class for its supersets.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClassInfo<const W: usize> {
    /// The value, or `None` when below `min_value` (not solved, or solved and too small).
    pub value: Option<u8>,
    /// The optimum found, as a set of cells on the class key's frame.
    pub optimum: CellSet<W>,
    /// This board or a subset of it with the same value has a unique optimum.
    pub holds_unique: bool,
}

/// Every class of the levels finished, by class key.
pub(super) type Known<const W: usize> = HashMap<CellSet<W>, ClassInfo<W>>;

/// What the classes of one level tell their supersets, gathered while the level's chunks read
/// the levels below and added to [`Known`] once the level is whole.
pub(super) type Learnt<const W: usize> = Vec<(CellSet<W>, ClassInfo<W>)>;

/// What a class's subsets and symmetries show without a search, given its value and the
/// optimum found (`opt_mask`): whether a proper subset of the same value holds a unique
/// optimum (the class then contains a puzzle), whether no proper subset has the value at all,
/// and a second optimum when one is known (a subset's optimum that avoids the new walls, which
/// stays legal when walls are added, or an image of the optimum under the stabiliser). The one
/// derivation for a class computed and for a class read back from a chunk.
pub(super) struct CheapFacts<const W: usize> {
    pub contains_puzzle: bool,
    pub strictly_minimal: bool,
    pub second: Option<CellSet<W>>,
}

pub(super) fn cheap_facts<const W: usize>(
    sets: &WallClasses<W>,
    m: CellSet<W>,
    value: u8,
    opt_mask: CellSet<W>,
    known: &Known<W>,
) -> CheapFacts<W> {
    let mut facts = CheapFacts {
        contains_puzzle: false,
        strictly_minimal: true,
        second: None,
    };
    // Minimality: every proper subset, looked up by class key.
    for sub in m.proper_subsets() {
        let (key, g) = sets.greatest_image(&sub);
        let s = known.get(&key).expect("every smaller class was processed before");
        if s.value != Some(value) {
            continue;
        }
        facts.strictly_minimal = false;
        if s.holds_unique {
            facts.contains_puzzle = true;
            return facts;
        }
        // The subset's optimum, moved back onto `sub` (hence onto this board's frame).
        let p = sets.preimage(&s.optimum, g);
        if facts.second.is_none() && !p.intersects(&m) && p != opt_mask {
            facts.second = Some(p);
        }
    }
    // Second optimum by symmetry: an image of the optimum under the stabiliser.
    for g in 0..sets.group().len() {
        if sets.image(&m, g) == m && sets.image(&opt_mask, g) != opt_mask {
            facts.second = Some(sets.image(&opt_mask, g));
            break;
        }
    }
    facts
}
