//! The LRAT checker: every added clause is checked by its hints alone, in linear time.
//!
//! For an added clause C with hints h1 h2 ...: the negation of C is assumed, then each hint
//! must name a clause alive that is unit under the assignment so far (its literal is assigned)
//! or falsified (the check succeeds); one satisfied already is passed over: it assigns nothing,
//! so it cannot make a wrong clause pass, and CaDiCaL writes such hints (a unit clause hinted
//! for a lemma that holds its negation). A first negative hint -j starts the RAT part (Cruz-Filipe
//! et al. 2017): with p the first literal of C, every clause D alive that holds -p needs its
//! group `-id(D) hints...`, under which C ∪ (D \ {-p}) must be refuted the same way; a D
//! without a group passes only if it holds a literal (other than -p) true already, which makes
//! that resolvent a tautology under the assumptions.
//!
//! Invariant: `ids` maps exactly the clauses alive (the CNF's, numbered 1.. in file order,
//! and the proof's added ones not deleted since) to their place in the arena; the assignment
//! is empty between steps.

use super::arena::{Arena, ClauseRef};
use super::assignment::{Assignment, FALSE, TRUE};
use super::budget::Budget;
use super::checker::{Checker, Failure, Tally};
use super::hash::NumberMap;
use super::lits::{Lit, VarMap};
use super::steps::{Kind, Step};

#[derive(Default)]
pub(super) struct LratChecker {
    vars: VarMap,
    arena: Arena,
    ids: NumberMap<i64, ClauseRef>,
    assignment: Assignment,
    lemma: Vec<Lit>,
    seen: Vec<bool>,
    /// RAT groups of the current step: candidate id → index into `groups`.
    group_of: NumberMap<i64, usize>,
    groups: Vec<(i64, std::ops::Range<usize>)>,
    tally: Tally,
}

fn reject<T>(why: String) -> Result<T, Failure> {
    Err(Failure::Rejected(why))
}

impl LratChecker {
    /// Maps DIMACS literals into `self.lemma`, without repeats.
    fn read_lits(&mut self, lits: &[i64]) {
        self.vars.read(lits, &mut self.lemma, &mut self.seen);
        self.assignment.grow(self.vars.len());
    }

    fn store(&mut self, id: i64) -> Result<(), String> {
        let c = self
            .arena
            .push(&self.lemma)
            .ok_or("more clauses than the checker can hold")?;
        self.ids.insert(id, c);
        if self.lemma.is_empty() {
            self.tally.refuted = true;
        }
        Ok(())
    }

    /// Assumes the negation of each literal; true when that is contradictory already (the
    /// literals hold a literal true under the assignment).
    fn assume_not(&mut self, lits: impl IntoIterator<Item = Lit>) -> bool {
        for l in lits {
            match self.assignment.value(l) {
                TRUE => return true,
                FALSE => {}
                _ => self.assignment.assign(!l),
            }
        }
        false
    }

    /// Runs a chain of positive hints: true when a hinted clause is falsified.
    fn unit_chain(&mut self, hints: &[i64]) -> Result<bool, Failure> {
        'hints: for &h in hints {
            let Some(&c) = self.ids.get(&h) else {
                return reject(format!("hint {h} names no clause alive"));
            };
            let (mut unit, mut unassigned) = (None, 0);
            for &l in self.arena.lits(c) {
                match self.assignment.value(l) {
                    FALSE => {}
                    // Satisfied: it assigns nothing (see the module's comment), wherever its
                    // true literal stands among the unassigned ones.
                    TRUE => continue 'hints,
                    _ => (unit, unassigned) = (Some(l), unassigned + 1),
                }
            }
            match unit {
                None => return Ok(true),
                Some(_) if unassigned > 1 => {
                    return reject(format!("hint {h} names a clause with two unassigned literals"));
                }
                Some(l) => self.assignment.assign(l),
            }
        }
        Ok(false)
    }

    /// Checks the clause in `self.lemma` against its hints.
    fn check(&mut self, id: i64, hints: &[i64], budget: &mut Budget) -> Result<(), Failure> {
        let lemma = std::mem::take(&mut self.lemma);
        let result = self.check_lemma(id, &lemma, hints, budget);
        self.lemma = lemma;
        self.assignment.undo(0);
        result
    }

    fn check_lemma(
        &mut self,
        id: i64,
        lemma: &[Lit],
        hints: &[i64],
        budget: &mut Budget,
    ) -> Result<(), Failure> {
        if self.assume_not(lemma.iter().copied()) {
            return Ok(()); // a tautology
        }
        let rat_from = hints.iter().position(|&h| h < 0).unwrap_or(hints.len());
        if self.unit_chain(&hints[..rat_from])? {
            return Ok(());
        }
        // Not RUP by these hints: RAT on the first literal, with a group per candidate (a clause
        // that is RAT for want of candidates has no groups at all).
        let no_groups = rat_from == hints.len();
        let Some(&pivot) = lemma.first() else {
            return reject(format!("the hints of clause {id} (empty) end without a conflict"));
        };
        self.tally.stats.rat_lemmas += 1;
        self.read_groups(&hints[rat_from..])?;
        let against = !pivot;
        let shown = self.vars.dimacs(against);
        for &(j, _) in &self.groups {
            match self.ids.get(&j) {
                Some(&d) if self.arena.lits(d).contains(&against) => {}
                _ => return reject(format!("RAT hint -{j} names no clause alive that holds {shown}")),
            }
        }
        let base = self.assignment.len();
        let candidates: Vec<(i64, ClauseRef)> = self.ids.iter().map(|(&j, &d)| (j, d)).collect();
        for (j, d) in candidates {
            budget.tick()?;
            if !self.arena.lits(d).contains(&against) {
                continue;
            }
            let Some(&g) = self.group_of.get(&j) else {
                let blocked = self
                    .arena
                    .lits(d)
                    .iter()
                    .any(|&l| l != against && self.assignment.value(l) == TRUE);
                if blocked {
                    continue;
                }
                return reject(if no_groups {
                    format!(
                        "the hints of clause {id} end without a conflict (and clause {j} holds {shown}, against RAT)"
                    )
                } else {
                    format!("clause {j} holds {shown} but has no RAT hint group")
                });
            };
            let range = self.groups[g].1.clone();
            let others: Vec<Lit> = self
                .arena
                .lits(d)
                .iter()
                .copied()
                .filter(|&l| l != against)
                .collect();
            let refuted = self.assume_not(others) || self.unit_chain(&hints[rat_from..][range])?;
            self.assignment.undo(base);
            if !refuted {
                return reject(format!(
                    "the RAT hints of clause {id} for candidate {j} end without a conflict"
                ));
            }
        }
        Ok(())
    }

    /// Splits `-j h... -k h...` into groups; each candidate at most once.
    fn read_groups(&mut self, rat: &[i64]) -> Result<(), Failure> {
        self.groups.clear();
        self.group_of.clear();
        for (i, &h) in rat.iter().enumerate() {
            if h < 0 {
                let j = -h;
                if self.group_of.insert(j, self.groups.len()).is_some() {
                    return reject(format!("RAT hint -{j} given twice"));
                }
                self.groups.push((j, i + 1..i + 1));
            } else if let Some(last) = self.groups.last_mut() {
                last.1.end = i + 1;
            }
        }
        Ok(())
    }
}

impl Checker for LratChecker {
    fn original(&mut self, lits: &[i64]) -> Result<(), String> {
        self.tally.stats.original_clauses += 1;
        self.read_lits(lits);
        self.store(self.tally.stats.original_clauses as i64)
    }

    fn step(&mut self, step: &Step, budget: &mut Budget) -> Result<(), Failure> {
        budget.tick()?;
        match step.kind {
            Kind::Delete => {
                for id in &step.hints {
                    self.tally.stats.deletions += 1;
                    match self.ids.remove(id) {
                        Some(c) => self.arena.free(c),
                        None => {
                            self.tally.stats.ignored_deletions += 1;
                            self.tally.stats.absent_deletions += 1;
                        }
                    }
                }
                Ok(())
            }
            Kind::Add => {
                if self.ids.contains_key(&step.id) {
                    return reject(format!("clause id {} is in use", step.id));
                }
                self.read_lits(&step.lits);
                self.check(step.id, &step.hints, budget)?;
                self.tally.stats.lemmas += 1;
                self.store(step.id).map_err(Failure::Rejected)
            }
        }
    }

    fn tally(&self) -> &Tally {
        &self.tally
    }
}

#[cfg(test)]
mod tests {
    use super::super::ProofFormat::Lrat;
    use super::super::testing::{UNSAT, XOR, assert_rejected, both};

    #[test]
    fn a_wrong_hint_chain_is_rejected() {
        for (proof, want) in [
            (
                "5 2 0 1 0\n6 0 5 3 4 0\n",
                "hints of clause 5 end without a conflict",
            ),
            // A satisfied hint (3: 1 -2 under -2) adds nothing.
            ("5 2 0 3 1 0\n", "hints of clause 5 end without a conflict"),
            ("5 2 0 9 0\n", "hint 9 names no clause alive"),
            (
                "5 0 1 2 0\n",
                "hint 1 names a clause with two unassigned literals",
            ),
            ("5 2 0 1 2 0\n5 0 5 3 4 0\n", "clause id 5 is in use"),
            (
                "5 2 0 1 2 0\n6 0 5 3 0\n",
                "hints of clause 6 (empty) end without a conflict",
            ),
        ] {
            let v = both(UNSAT, proof, Lrat);
            assert!(!v.verified && v.detail.contains(want), "{proof}: {v:?}");
        }
    }

    /// A hint satisfied already is passed over, not refused: CaDiCaL writes them (trial 55, a
    /// true proof of an 18x18 board's value was NOT VERIFIED).
    #[test]
    fn a_satisfied_hint_is_passed_over() {
        let v = both(UNSAT, "5 2 0 3 1 2 0\n6 0 5 3 4 0\n", Lrat);
        assert!(v.verified, "{v:?}");
        // Its true literal after two unassigned ones (clause 1: 2 3 1, under 1).
        let cnf = "p cnf 3 5\n2 3 1 0\n-1 2 0\n-1 -2 0\n1 2 0\n1 -2 0\n";
        let v = both(cnf, "6 -1 0 1 2 3 0\n7 0 6 4 5 0\n", Lrat);
        assert!(v.verified, "{v:?}");
    }

    #[test]
    fn rat_steps_with_candidate_groups() {
        // 3: 3 1 (3 is new: no candidates); 4: -3 2 with the group of candidate 3.
        let v = both(XOR, "3 3 1 0 0\n4 -3 2 0 -3 1 0\n", Lrat);
        assert_eq!((v.stats.lemmas, v.stats.rat_lemmas), (2, 2), "{v:?}");
        assert!(v.detail.contains("ends without deriving"), "{v:?}");
        // The group may rest on units of the common part (1 2 makes 1 true under -2).
        let v = both(XOR, "3 3 1 0 0\n4 -3 2 0 1 -3 0\n", Lrat);
        assert_eq!(v.stats.lemmas, 2, "{v:?}");
        for (proof, want) in [
            ("3 3 1 0 0\n4 -3 2 0 0\n", "clause 3 holds 3, against RAT"),
            (
                "3 3 1 0 0\n4 -3 2 0 -1 0\n",
                "RAT hint -1 names no clause alive that holds 3",
            ),
            (
                "3 3 1 0 0\n4 -3 2 0 -3 0\n",
                "for candidate 3 end without a conflict",
            ),
            ("3 3 1 0 0\n4 -3 2 0 -3 1 -3 1 0\n", "RAT hint -3 given twice"),
            ("3 -1 0 0\n", "clause 1 holds 1, against RAT"),
        ] {
            let v = both(XOR, proof, Lrat);
            assert!(!v.verified && v.detail.contains(want), "{proof}: {v:?}");
        }
    }

    #[test]
    fn a_deleted_clause_cannot_be_a_hint() {
        let v = both(UNSAT, "4 d 1 0\n5 2 0 1 2 0\n", Lrat);
        assert_rejected(&v, "hint 1 names no clause alive");
        let v = both(UNSAT, "4 d 7 0\n5 2 0 1 2 0\n6 0 5 3 4 0\n", Lrat);
        assert!(v.verified, "{v:?}");
        assert_eq!((v.stats.deletions, v.stats.ignored_deletions), (1, 1));
    }

    #[test]
    fn a_proof_without_the_empty_clause_is_rejected() {
        let v = both(UNSAT, "5 2 0 1 2 0\n", Lrat);
        assert_rejected(&v, "ends without deriving the empty clause");
    }
}
