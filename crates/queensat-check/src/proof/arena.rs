//! Clause storage for both checkers: literals in one vector, a header per clause.
//!
//! Invariants: a [`ClauseRef`] names a live clause until [`Arena::free`] is called on it; its
//! number may then be reused, so whoever holds references (watch lists, id maps) drops them
//! first. Freed literals are reclaimed by compaction once they outweigh the live ones, so
//! memory follows the clauses alive, not the length of the proof.

use super::lits::Lit;

/// A clause's number in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct ClauseRef(u32);

impl ClauseRef {
    pub(super) const NONE: ClauseRef = ClauseRef(u32::MAX);

    pub(super) fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy)]
struct Header {
    start: usize,
    len: u32,
    /// A clause number kept for the owner (the DRAT checker chains equal fingerprints).
    link: u32,
    live: bool,
    /// The owner's mark (the DRAT checker: the reason of a top-level assignment).
    locked: bool,
}

#[derive(Default)]
pub(super) struct Arena {
    lits: Vec<Lit>,
    headers: Vec<Header>,
    free: Vec<u32>,
    garbage: usize,
}

/// Literal slots freed before compaction is worth its pass.
const COMPACT_AFTER: usize = 1 << 20;

impl Arena {
    /// Stores a clause; `None` when the arena already holds 2^32 - 1 clause numbers.
    pub(super) fn push(&mut self, lits: &[Lit]) -> Option<ClauseRef> {
        if self.garbage > COMPACT_AFTER && self.garbage > self.lits.len() - self.garbage {
            self.compact();
        }
        let header = Header {
            start: self.lits.len(),
            len: u32::try_from(lits.len()).ok()?,
            link: u32::MAX,
            live: true,
            locked: false,
        };
        self.lits.extend_from_slice(lits);
        let c = match self.free.pop() {
            Some(c) => {
                self.headers[c as usize] = header;
                c
            }
            None => {
                let c = u32::try_from(self.headers.len())
                    .ok()
                    .filter(|&c| c != u32::MAX)?;
                self.headers.push(header);
                c
            }
        };
        Some(ClauseRef(c))
    }

    pub(super) fn lits(&self, c: ClauseRef) -> &[Lit] {
        let h = &self.headers[c.index()];
        &self.lits[h.start..h.start + h.len as usize]
    }

    pub(super) fn lits_mut(&mut self, c: ClauseRef) -> &mut [Lit] {
        let h = &self.headers[c.index()];
        &mut self.lits[h.start..h.start + h.len as usize]
    }

    pub(super) fn free(&mut self, c: ClauseRef) {
        let h = &mut self.headers[c.index()];
        debug_assert!(h.live);
        h.live = false;
        self.garbage += h.len as usize;
        self.free.push(c.0);
    }

    pub(super) fn link(&self, c: ClauseRef) -> ClauseRef {
        ClauseRef(self.headers[c.index()].link)
    }

    pub(super) fn set_link(&mut self, c: ClauseRef, to: ClauseRef) {
        self.headers[c.index()].link = to.0;
    }

    pub(super) fn locked(&self, c: ClauseRef) -> bool {
        self.headers[c.index()].locked
    }

    pub(super) fn lock(&mut self, c: ClauseRef) {
        self.headers[c.index()].locked = true;
    }

    /// Every live clause, in number order.
    pub(super) fn live(&self) -> impl Iterator<Item = ClauseRef> + '_ {
        self.headers
            .iter()
            .enumerate()
            .filter(|(_, h)| h.live)
            .map(|(i, _)| ClauseRef(i as u32))
    }

    /// Moves the live clauses' literals together, in order (clause numbers stay).
    fn compact(&mut self) {
        let mut order: Vec<u32> = (0..self.headers.len() as u32)
            .filter(|&c| self.headers[c as usize].live)
            .collect();
        order.sort_by_key(|&c| self.headers[c as usize].start);
        let mut to = 0;
        for c in order {
            let h = &mut self.headers[c as usize];
            let len = h.len as usize;
            self.lits.copy_within(h.start..h.start + len, to);
            h.start = to;
            to += len;
        }
        self.lits.truncate(to);
        self.lits.shrink_to(2 * to);
        self.garbage = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::lits::VarMap;

    #[test]
    fn freed_space_is_reclaimed_and_numbers_reused() {
        let mut m = VarMap::default();
        let lits: Vec<Lit> = (1..=4).map(|v| m.signed(v)).collect();
        let mut a = Arena::default();
        let keep = a.push(&lits[..2]).unwrap();
        for _ in 0..3 * COMPACT_AFTER / 4 {
            let c = a.push(&lits).unwrap();
            a.free(c);
        }
        assert!(a.lits.len() < COMPACT_AFTER, "compacted: {}", a.lits.len());
        assert_eq!(a.lits(keep), &lits[..2]);
        assert_eq!(a.headers.len(), 2, "numbers reused");
        assert_eq!(a.live().collect::<Vec<_>>(), [keep]);
    }
}
