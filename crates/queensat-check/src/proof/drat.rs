//! The forward DRAT checker: every lemma in order, against the clauses alive at that point.
//!
//! A lemma C is checked by reverse unit propagation (RUP: assume the negation of C, propagate
//! with two watched literals, expect a conflict), else as RAT on its first literal p: every
//! clause D alive that holds -p must give a resolvent C ∪ (D \ {-p}) that is RUP. Clauses
//! alive are the CNF's and the checked lemmas, less the deleted ones; unit propagation of
//! them at the top level is kept between lemmas, and a conflict there refutes the formula.
//!
//! Deletions: a deletion names a clause by its literals (in any order); one copy alive is
//! removed. Two kinds are ignored, as drat-trim does by default: a clause that is not alive,
//! and a clause that is the reason of a top-level assignment (undoing that assignment would
//! need the top level propagated anew). Ignoring a deletion stays sound: the invariant is that
//! if the CNF is satisfiable, so are the clauses alive (a RUP lemma is implied by them, a RAT
//! lemma keeps them satisfiable, and keeping a clause instead of dropping it only makes each
//! check run against a set whose satisfiability follows from the CNF's); so a conflict among
//! them proves the CNF unsatisfiable. Kept clauses can only make a later RAT check fail, never
//! make a wrong lemma pass.

use super::arena::{Arena, ClauseRef};
use super::assignment::{Assignment, FALSE, TRUE};
use super::budget::Budget;
use super::checker::{Checker, Failure, Tally};
use super::hash::NumberMap;
use super::lits::{Lit, VarMap};
use super::steps::{Kind, Step};

/// A clause watching a literal; `blocker` is one of its literals (true: the clause needs no
/// visit).
#[derive(Clone, Copy)]
struct Watch {
    clause: ClauseRef,
    blocker: Lit,
}

#[derive(Default)]
pub(super) struct DratChecker {
    vars: VarMap,
    /// Invariant: literals 0 and 1 of every clause alive with two or more literals are its
    /// watches, listed in `watches`; at the top level a false watch has a true partner.
    arena: Arena,
    watches: Vec<Vec<Watch>>,
    assignment: Assignment,
    /// How much of the assignment is the top level (propagated to the end between lemmas).
    top: usize,
    /// A fingerprint of each literal set → one clause alive with it; the rest chained through
    /// the arena's links.
    by_fingerprint: NumberMap<u64, ClauseRef>,
    lemma: Vec<Lit>,
    resolvent: Vec<Lit>,
    seen: Vec<bool>,
    tally: Tally,
}

/// Independent of literal order.
fn fingerprint(lits: &[Lit]) -> u64 {
    lits.iter().fold(lits.len() as u64, |acc, l| {
        let mut x = u64::from(l.code()).wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        acc.wrapping_add(x ^ (x >> 31))
    })
}

impl DratChecker {
    /// Maps DIMACS literals into `self.lemma`, without repeats (the first literal stays first).
    fn read_lits(&mut self, lits: &[i64]) {
        self.vars.read(lits, &mut self.lemma, &mut self.seen);
        let n = self.vars.len();
        self.assignment.grow(n);
        if self.watches.len() < 2 * n {
            self.watches.resize_with(2 * n, Vec::new);
            // Deletions mark the literals of any clause alive.
            self.seen.resize(2 * n, false);
        }
    }

    fn value(&self, l: Lit) -> i8 {
        self.assignment.value(l)
    }

    /// Unit propagation of the trail from `head`; true on a conflict. At the top level
    /// (`lock`), each clause that assigns a literal is marked as its reason.
    fn propagate(&mut self, mut head: usize, lock: bool) -> bool {
        while head < self.assignment.len() {
            let falsified = !self.assignment.nth(head);
            head += 1;
            let mut ws = std::mem::take(&mut self.watches[falsified.index()]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = false;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                if self.assignment.value(w.blocker) == TRUE {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                let lits = self.arena.lits_mut(w.clause);
                if lits[0] == falsified {
                    lits.swap(0, 1);
                }
                let other = lits[0];
                if self.assignment.value(other) == TRUE {
                    ws[j] = Watch {
                        clause: w.clause,
                        blocker: other,
                    };
                    j += 1;
                    continue;
                }
                if let Some(k) = (2..lits.len()).find(|&k| self.assignment.value(lits[k]) != FALSE) {
                    lits.swap(1, k);
                    let moved = lits[1];
                    self.watches[moved.index()].push(Watch {
                        clause: w.clause,
                        blocker: other,
                    });
                    continue;
                }
                ws[j] = w;
                j += 1;
                if self.assignment.value(other) == FALSE {
                    conflict = true;
                    break;
                }
                if lock {
                    self.arena.lock(w.clause);
                }
                self.assignment.assign(other);
            }
            // Keep the watches not yet visited (after a conflict).
            while i < ws.len() {
                ws[j] = ws[i];
                i += 1;
                j += 1;
            }
            ws.truncate(j);
            self.watches[falsified.index()] = ws;
            if conflict {
                return true;
            }
        }
        false
    }

    /// Whether `lits` is RUP: assuming each literal false leads to a conflict. From and back
    /// to the top level.
    fn rup(&mut self, lits: &[Lit]) -> bool {
        debug_assert_eq!(self.assignment.len(), self.top);
        let mut conflict = false;
        for &l in lits {
            match self.value(l) {
                TRUE => {
                    conflict = true;
                    break;
                }
                FALSE => {}
                _ => self.assignment.assign(!l),
            }
        }
        let conflict = conflict || self.propagate(self.top, false);
        self.assignment.undo(self.top);
        conflict
    }

    /// Whether the lemma is RAT on its first literal.
    fn rat(&mut self, lemma: &[Lit], budget: &mut Budget) -> Result<bool, Failure> {
        let Some(&pivot) = lemma.first() else {
            return Ok(false);
        };
        let against = !pivot;
        let candidates: Vec<ClauseRef> = self.arena.live().collect();
        let mut resolvent = std::mem::take(&mut self.resolvent);
        let mut all = true;
        for d in candidates {
            budget.tick()?;
            if !self.arena.lits(d).contains(&against) {
                continue;
            }
            resolvent.clear();
            resolvent.extend_from_slice(lemma);
            resolvent.extend(self.arena.lits(d).iter().filter(|&&l| l != against));
            if !self.rup(&resolvent) {
                all = false;
                break;
            }
        }
        self.resolvent = resolvent;
        Ok(all)
    }

    /// Adds the clause in `self.lemma` to the clauses alive and propagates the top level.
    fn insert(&mut self) -> Result<(), String> {
        let lits = &mut self.lemma;
        if lits.is_empty() {
            self.tally.refuted = true;
            return Ok(());
        }
        // Watches first: true literals, then unassigned, then false ones.
        let rank = |v: i8| -> u8 {
            match v {
                TRUE => 0,
                FALSE => 2,
                _ => 1,
            }
        };
        let assignment = &self.assignment;
        for slot in 0..lits.len().min(2) {
            let best = (slot..lits.len())
                .min_by_key(|&k| rank(assignment.value(lits[k])))
                .unwrap_or(slot);
            lits.swap(slot, best);
        }
        let c = self
            .arena
            .push(lits)
            .ok_or("more clauses than the checker can hold")?;
        let fp = fingerprint(lits);
        if let Some(&next) = self.by_fingerprint.get(&fp) {
            self.arena.set_link(c, next);
        }
        self.by_fingerprint.insert(fp, c);
        let first = self.arena.lits(c)[0];
        if let Some(&second) = self.arena.lits(c).get(1) {
            self.watches[first.index()].push(Watch {
                clause: c,
                blocker: second,
            });
            self.watches[second.index()].push(Watch {
                clause: c,
                blocker: first,
            });
            if self.value(second) != FALSE {
                return Ok(());
            }
        }
        // Unit or falsified at the top level.
        match self.value(first) {
            TRUE => {}
            FALSE => self.tally.refuted = true,
            _ => {
                self.arena.lock(c);
                self.assignment.assign(first);
                if self.propagate(self.top, true) {
                    self.tally.refuted = true;
                }
                self.top = self.assignment.len();
            }
        }
        Ok(())
    }

    /// Deletes one clause alive with the literals of `self.lemma` (in any order).
    fn delete(&mut self) {
        self.tally.stats.deletions += 1;
        let fp = fingerprint(&self.lemma);
        for &l in &self.lemma {
            self.seen[l.index()] = true;
        }
        let mut prev = None;
        let mut at = self.by_fingerprint.get(&fp).copied().unwrap_or(ClauseRef::NONE);
        while at != ClauseRef::NONE {
            let lits = self.arena.lits(at);
            if lits.len() == self.lemma.len() && lits.iter().all(|l| self.seen[l.index()]) {
                break;
            }
            prev = Some(at);
            at = self.arena.link(at);
        }
        for &l in &self.lemma {
            self.seen[l.index()] = false;
        }
        if at == ClauseRef::NONE || self.arena.locked(at) {
            self.tally.stats.ignored_deletions += 1;
            self.tally.stats.absent_deletions += u64::from(at == ClauseRef::NONE);
            return;
        }
        let next = self.arena.link(at);
        match prev {
            Some(p) => self.arena.set_link(p, next),
            None if next == ClauseRef::NONE => {
                self.by_fingerprint.remove(&fp);
            }
            None => {
                self.by_fingerprint.insert(fp, next);
            }
        }
        let lits = self.arena.lits(at);
        if lits.len() >= 2 {
            for w in [lits[0], lits[1]] {
                self.watches[w.index()].retain(|x| x.clause != at);
            }
        }
        self.arena.free(at);
    }
}

impl Checker for DratChecker {
    fn original(&mut self, lits: &[i64]) -> Result<(), String> {
        self.tally.stats.original_clauses += 1;
        if self.tally.refuted {
            return Ok(());
        }
        self.read_lits(lits);
        self.insert()
    }

    fn step(&mut self, step: &Step, budget: &mut Budget) -> Result<(), Failure> {
        budget.tick()?;
        self.read_lits(&step.lits);
        match step.kind {
            Kind::Delete => {
                self.delete();
                Ok(())
            }
            Kind::Add => {
                let lemma = std::mem::take(&mut self.lemma);
                let ok = if self.rup(&lemma) {
                    Ok(true)
                } else {
                    self.tally.stats.rat_lemmas += 1;
                    self.rat(&lemma, budget)
                };
                self.lemma = lemma;
                if !ok? {
                    let shown: Vec<String> = self
                        .lemma
                        .iter()
                        .map(|&l| self.vars.dimacs(l).to_string())
                        .collect();
                    return Err(Failure::Rejected(format!(
                        "lemma {} 0 is neither RUP nor RAT on its first literal",
                        shown.join(" ")
                    )));
                }
                self.tally.stats.lemmas += 1;
                self.insert().map_err(Failure::Rejected)
            }
        }
    }

    fn tally(&self) -> &Tally {
        &self.tally
    }
}

#[cfg(test)]
mod tests {
    use super::super::ProofFormat::Drat;
    use super::super::testing::{UNSAT, XOR, assert_rejected, both};

    #[test]
    fn rat_lemmas_on_their_first_literal() {
        // 3 is new: RAT for want of candidates; -3 2 resolves with 3 1 into a RUP clause.
        let v = both(XOR, "3 1 0\n-3 2 0\n", Drat);
        assert_rejected(&v, "ends without");
        assert_eq!((v.stats.lemmas, v.stats.rat_lemmas), (2, 2));
        // -1 keeps the formula satisfiable but is neither RUP nor RAT.
        let v = both(XOR, "3 1 0\n-1 0\n", Drat);
        assert!(v.detail.contains("lemma -1 0 is neither RUP nor RAT"), "{v:?}");
        // The pivot is the first literal as written: 1 3 is not RAT on 1.
        let v = both(XOR, "1 3 0\n", Drat);
        assert!(v.detail.contains("neither"), "{v:?}");
    }

    #[test]
    fn a_proof_without_the_empty_clause_is_rejected() {
        let v = both(UNSAT, "1 2 0\n", Drat);
        assert_rejected(&v, "ends without deriving the empty clause");
        let v = both(UNSAT, "", Drat);
        assert!(!v.verified, "{v:?}");
    }

    #[test]
    fn a_deleted_clause_no_longer_helps() {
        let more = "p cnf 3 5\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n1 3 0\n";
        assert!(both(more, "d 3 1 0\n2 0\n", Drat).verified, "a clause not needed");
        let v = both(UNSAT, "d 2 1 0\n2 0\n0\n", Drat);
        assert_rejected(&v, "lemma 2 0");
        assert_eq!(v.stats.deletions, 1);
        // Deleting what is not there, or the reason of a top-level unit, is ignored.
        let v = both(
            "p cnf 3 3\n1 0\n-1 2 0\n-2 3 1 0\n",
            "d 3 2 0\nd 2 -1 0\nd 1 0\n",
            Drat,
        );
        assert_eq!((v.stats.deletions, v.stats.ignored_deletions), (3, 3), "{v:?}");
        let v = both("p cnf 3 3\n1 0\n-1 2 0\n-2 3 1 0\n", "d -2 3 1 0\n-3 0\n", Drat);
        assert_eq!(v.stats.ignored_deletions, 0, "{v:?}");
        assert_eq!(v.stats.lemmas, 1, "{v:?}");
    }

    #[test]
    fn duplicate_clauses_are_deleted_one_copy_at_a_time() {
        let cnf = "p cnf 2 5\n1 2 0\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
        assert!(both(cnf, "d 1 2 0\n2 0\n", Drat).verified);
        assert!(!both(cnf, "d 1 2 0\nd 2 1 0\n2 0\n", Drat).verified);
    }
}
