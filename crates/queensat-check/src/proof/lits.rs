//! Literals over the checker's own variable numbers, and the renaming from DIMACS numbers.
//!
//! Invariant: variables are numbered densely in the order they are first read, so every
//! per-variable table is as long as the number of distinct variables actually read, never as
//! long as the largest number a (possibly hostile) file names.

use super::hash::NumberMap;

/// The largest DIMACS variable accepted (DIMACS literals are 32-bit signed numbers).
pub(super) const MAX_DIMACS_VAR: u64 = i32::MAX as u64;

/// A literal: `2 * variable + 1` when negative, `2 * variable` when positive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Lit(u32);

impl Lit {
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }

    pub(super) fn var(self) -> usize {
        (self.0 >> 1) as usize
    }

    pub(super) fn code(self) -> u32 {
        self.0
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// DIMACS variables to dense numbers.
#[derive(Default)]
pub(super) struct VarMap {
    dense: NumberMap<u32, u32>,
    dimacs: Vec<u32>,
}

impl VarMap {
    /// The literal for a DIMACS variable and sign, numbering the variable if it is new.
    /// `dimacs` is at least 1 and at most [`MAX_DIMACS_VAR`] (the readers check it).
    pub(super) fn lit(&mut self, dimacs: u32, negative: bool) -> Lit {
        let next = self.dimacs.len() as u32;
        let v = *self.dense.entry(dimacs).or_insert(next);
        if v == next {
            self.dimacs.push(dimacs);
        }
        Lit(2 * v + u32::from(negative))
    }

    /// The literal for a DIMACS literal (nonzero, magnitude at most [`MAX_DIMACS_VAR`]).
    pub(super) fn signed(&mut self, dimacs: i64) -> Lit {
        self.lit(dimacs.unsigned_abs() as u32, dimacs < 0)
    }

    /// A clause's DIMACS literals into `into`, renamed and without repeats (see [`dedup`]).
    pub(super) fn read(&mut self, dimacs: &[i64], into: &mut Vec<Lit>, seen: &mut Vec<bool>) {
        into.clear();
        into.extend(dimacs.iter().map(|&l| self.signed(l)));
        dedup(into, seen);
    }

    /// How many variables are numbered.
    pub(super) fn len(&self) -> usize {
        self.dimacs.len()
    }

    /// The DIMACS form of a literal, for messages.
    pub(super) fn dimacs(&self, l: Lit) -> i64 {
        let v = i64::from(self.dimacs[l.var()]);
        if l.0 & 1 == 1 { -v } else { v }
    }
}

/// Removes repeated literals, keeping the first of each (the first literal is the RAT pivot).
/// `seen` is indexed by literal and all false on entry and on return.
pub(super) fn dedup(lits: &mut Vec<Lit>, seen: &mut Vec<bool>) {
    if let Some(max) = lits.iter().map(|l| l.index()).max()
        && seen.len() <= max | 1
    {
        seen.resize((max | 1) + 1, false);
    }
    lits.retain(|l| !std::mem::replace(&mut seen[l.index()], true));
    for l in lits.iter() {
        seen[l.index()] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_numbers_in_order_of_first_use() {
        let mut m = VarMap::default();
        let a = m.signed(2_000_000_000);
        let b = m.signed(-7);
        assert_eq!((a.var(), b.var()), (0, 1));
        assert_eq!(m.signed(7), !b);
        assert_eq!(m.len(), 2);
        assert_eq!(m.dimacs(b), -7);
        assert_eq!(m.dimacs(a), 2_000_000_000);
        let mut lits = vec![b, a, b, !b, a];
        let mut seen = Vec::new();
        dedup(&mut lits, &mut seen);
        assert_eq!(lits, [b, a, !b]);
        assert!(seen.iter().all(|&s| !s));
    }
}
