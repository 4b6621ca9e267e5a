//! The built-in proof checker on real proofs. varisat refutes random small unsatisfiable
//! formulas (pigeonholes, random 3-SAT) writing DRAT; every such proof is accepted, and the same
//! proof is rejected against a satisfiable weakening of the formula (a clause replaced by a
//! tautology, satisfiability found by brute force) and without its last lemma when nothing
//! before it refutes the formula. The same refutations as LRAT, with hints re-derived here by
//! naive unit propagation, are accepted in text and in binary and rejected likewise.

use proptest::prelude::*;
use queensat::check::{Encoding, ProofFormat, check_proof, never};
use queensat::solve::{Solve, SolverResult, VarisatSolver};
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;

/// Clauses in DIMACS literals.
type Clauses = Vec<Vec<i64>>;

fn dimacs(n_vars: usize, clauses: &Clauses) -> String {
    let mut s = format!("p cnf {n_vars} {}\n", clauses.len());
    for c in clauses {
        for l in c {
            s += &format!("{l} ");
        }
        s += "0\n";
    }
    s
}

fn satisfiable(n_vars: usize, clauses: &Clauses) -> bool {
    (0u64..1 << n_vars).any(|bits| {
        clauses.iter().all(|c| {
            c.iter()
                .any(|&l| (bits >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0))
        })
    })
}

/// A writer whose bytes stay readable after the solver is done with it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// varisat's DRAT proof, or `None` when the formula is satisfiable.
fn varisat_drat(clauses: &Clauses) -> Option<String> {
    let out = Shared::default();
    let mut s = VarisatSolver::with_drat_proof(out.clone());
    for c in clauses {
        let lits = c
            .iter()
            .map(|&l| rustsat::types::Lit::new(l.unsigned_abs() as u32 - 1, l < 0));
        s.add_clause(lits.collect()).unwrap();
    }
    let answer = s.solve().unwrap();
    s.close_proof().unwrap();
    let text = String::from_utf8(out.0.borrow().clone()).unwrap();
    (answer == SolverResult::Unsat).then_some(text)
}

fn verified(cnf: &str, proof: &[u8], format: ProofFormat) -> bool {
    let v = check_proof(cnf.as_bytes(), proof, format, None, never).unwrap();
    v.verified
}

/// A DRAT step: deletion or addition of a clause.
type DratStep = (bool, Vec<i64>);

fn drat_steps(text: &str) -> Vec<DratStep> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let delete = words[0] == "d";
            let lits: Vec<i64> = words[usize::from(delete)..]
                .iter()
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(lits.last(), Some(&0), "{l}");
            (delete, lits[..lits.len() - 1].to_vec())
        })
        .collect()
}

fn drat_text(steps: &[DratStep]) -> String {
    let mut s = String::new();
    for (delete, lits) in steps {
        if *delete {
            s += "d ";
        }
        for l in lits {
            s += &format!("{l} ");
        }
        s += "0\n";
    }
    s
}

/// Naive unit propagation over the clauses alive (by id), from the literals assumed true:
/// the ids of the clauses that became unit, in order, and of the falsified one at the end;
/// `None` without a conflict.
fn propagate(alive: &HashMap<u64, Vec<i64>>, assumed: &[i64]) -> Option<Vec<u64>> {
    let mut value: HashMap<u64, bool> = HashMap::new();
    for &l in assumed {
        if value.insert(l.unsigned_abs(), l > 0) == Some(l <= 0) {
            return Some(vec![]);
        }
    }
    let mut ids: Vec<u64> = alive.keys().copied().collect();
    ids.sort_unstable();
    let mut chain = Vec::new();
    loop {
        let mut changed = false;
        for &id in &ids {
            let mut open = Vec::new();
            let mut sat = false;
            for &l in &alive[&id] {
                match value.get(&l.unsigned_abs()) {
                    Some(&v) if v == (l > 0) => sat = true,
                    Some(_) => {}
                    None if !open.contains(&l) => open.push(l),
                    None => {}
                }
            }
            if sat || open.len() > 1 {
                continue;
            }
            chain.push(id);
            match open.first() {
                None => return Some(chain),
                Some(&l) => {
                    value.insert(l.unsigned_abs(), l > 0);
                    changed = true;
                }
            }
        }
        if !changed {
            return None;
        }
    }
}

/// The DRAT proof as LRAT: each lemma with the chain naive propagation finds, deletions by id
/// (but not of a clause that is unit at the top level, as the DRAT checker ignores them), and
/// the empty clause once the top level conflicts. `None` when a lemma is not RUP.
fn to_lrat(clauses: &Clauses, steps: &[DratStep]) -> Option<String> {
    let mut alive: HashMap<u64, Vec<i64>> = HashMap::new();
    for (i, c) in clauses.iter().enumerate() {
        alive.insert(i as u64 + 1, c.clone());
    }
    let mut next = clauses.len() as u64 + 1;
    let mut out = String::new();
    let same = |a: &[i64], b: &[i64]| {
        let (mut a, mut b) = (a.to_vec(), b.to_vec());
        a.sort_unstable();
        a.dedup();
        b.sort_unstable();
        b.dedup();
        a == b
    };
    for (delete, lits) in steps {
        if let Some(chain) = propagate(&alive, &[]) {
            out += &format!("{next} 0 ");
            for h in chain {
                out += &format!("{h} ");
            }
            out += "0\n";
            return Some(out);
        }
        if *delete {
            let mut ids: Vec<u64> = alive.keys().copied().collect();
            ids.sort_unstable();
            let Some(id) = ids.into_iter().find(|id| same(&alive[id], lits)) else {
                continue;
            };
            let mut without = alive.clone();
            without.remove(&id);
            // A reason at the top level stays: the units without it must be the same.
            let unit = lits.len() == 1 || units(&alive) != units(&without);
            if !unit {
                alive.remove(&id);
                out += &format!("{} d {id} 0\n", next - 1);
            }
            continue;
        }
        let negated: Vec<i64> = lits.iter().map(|&l| -l).collect();
        let chain = propagate(&alive, &negated)?;
        out += &format!("{next} ");
        for l in lits {
            out += &format!("{l} ");
        }
        out += "0 ";
        for h in chain {
            out += &format!("{h} ");
        }
        out += "0\n";
        alive.insert(next, lits.clone());
        next += 1;
    }
    let chain = propagate(&alive, &[])?;
    out += &format!("{next} 0 ");
    for h in chain {
        out += &format!("{h} ");
    }
    out += "0\n";
    Some(out)
}

/// The literals unit propagation sets at the top level (sorted).
fn units(alive: &HashMap<u64, Vec<i64>>) -> Vec<i64> {
    let mut value: HashMap<u64, bool> = HashMap::new();
    loop {
        let mut changed = false;
        for c in alive.values() {
            let mut open: Vec<i64> = c
                .iter()
                .copied()
                .filter(|l| !value.contains_key(&l.unsigned_abs()))
                .collect();
            open.sort_unstable();
            open.dedup();
            let sat = c.iter().any(|l| value.get(&l.unsigned_abs()) == Some(&(*l > 0)));
            if !sat && open.len() == 1 {
                value.insert(open[0].unsigned_abs(), open[0] > 0);
                changed = true;
            }
        }
        if !changed {
            let mut set: Vec<i64> = value
                .iter()
                .map(|(&v, &b)| if b { v as i64 } else { -(v as i64) })
                .collect();
            set.sort_unstable();
            return set;
        }
    }
}

fn push_varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push((x & 0x7f) as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// Text LRAT in binary: `a`, 2 id, literals and hints as 2|x| + (x < 0); `d`, 2 id per id.
fn lrat_binary(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let signed = |out: &mut Vec<u8>, x: i64| push_varint(out, 2 * x.unsigned_abs() + u64::from(x < 0));
    for line in text.lines() {
        let words: Vec<i64> = line
            .split_whitespace()
            .filter(|&w| w != "d")
            .map(|w| w.parse().unwrap())
            .collect();
        if line.contains(" d ") {
            out.push(b'd');
        } else {
            out.push(b'a');
            signed(&mut out, words[0]);
        }
        for &x in &words[1..] {
            signed(&mut out, x);
        }
    }
    out
}

/// Pigeons into one hole fewer, variables renamed and clauses shuffled by `seed`.
fn pigeonhole(holes: usize, seed: u64) -> (usize, Clauses) {
    let pigeons = holes + 1;
    let n = pigeons * holes;
    let mut rng = Rng(seed | 1);
    let mut rename: Vec<i64> = (1..=n as i64).collect();
    for i in (1..n).rev() {
        rename.swap(i, rng.below(i + 1));
    }
    let v = |p: usize, h: usize| rename[p * holes + h];
    let mut clauses: Clauses = (0..pigeons)
        .map(|p| (0..holes).map(|h| v(p, h)).collect())
        .collect();
    for h in 0..holes {
        for a in 0..pigeons {
            for b in a + 1..pigeons {
                clauses.push(vec![-v(a, h), -v(b, h)]);
            }
        }
    }
    for i in (1..clauses.len()).rev() {
        clauses.swap(i, rng.below(i + 1));
    }
    (n, clauses)
}

/// Random 3-SAT with `ratio` tenths of a clause per variable (a clause may repeat a variable:
/// the checker must read repeated literals and tautologies too).
fn random_3sat(n: usize, ratio: usize, seed: u64) -> (usize, Clauses) {
    let mut rng = Rng(seed | 1);
    let clauses = (0..n * ratio / 10)
        .map(|_| {
            (0..3)
                .map(|_| {
                    let v = rng.below(n) as i64 + 1;
                    if rng.below(2) == 0 { v } else { -v }
                })
                .collect()
        })
        .collect();
    (n, clauses)
}

/// xorshift64: a reproducible stream from a proptest seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The formula with one clause replaced by the tautology 1 -1 (ids stay), satisfiable.
fn weakened(n_vars: usize, clauses: &Clauses) -> Option<Clauses> {
    (0..clauses.len()).find_map(|i| {
        let mut w = clauses.clone();
        w[i] = vec![1, -1];
        satisfiable(n_vars, &w).then_some(w)
    })
}

fn check_all(n_vars: usize, clauses: &Clauses) {
    let Some(drat) = varisat_drat(clauses) else {
        return; // satisfiable: nothing to refute
    };
    assert!(!satisfiable(n_vars, clauses));
    let cnf = dimacs(n_vars, clauses);
    let steps = drat_steps(&drat);
    assert!(
        verified(&cnf, drat.as_bytes(), ProofFormat::Drat),
        "{cnf}\n{drat}"
    );
    let lrat = to_lrat(clauses, &steps).expect("every varisat lemma is RUP");
    let lrat_bin = lrat_binary(&lrat);
    let v = check_proof(cnf.as_bytes(), &lrat_bin[..], ProofFormat::Lrat, None, never).unwrap();
    assert!(v.verified && v.encoding == Encoding::Binary, "{v:?}");
    assert!(
        verified(&cnf, lrat.as_bytes(), ProofFormat::Lrat),
        "{cnf}\n{lrat}"
    );

    // Soundness: no proof passes against a satisfiable formula.
    if let Some(w) = weakened(n_vars, clauses) {
        let weak = dimacs(n_vars, &w);
        assert!(
            !verified(&weak, drat.as_bytes(), ProofFormat::Drat),
            "{weak}\n{drat}"
        );
        assert!(
            !verified(&weak, lrat.as_bytes(), ProofFormat::Lrat),
            "{weak}\n{lrat}"
        );
        assert!(!verified(&weak, &lrat_bin, ProofFormat::Lrat));
    }

    // Without its last lemma the DRAT proof fails when even all lemmas together (no deletion)
    // do not refute the formula by unit propagation; LRAT without its empty clause always fails.
    if let Some(last) = steps.iter().rposition(|(delete, _)| !delete) {
        let mut cut = steps.clone();
        cut.truncate(last);
        let mut everything: HashMap<u64, Vec<i64>> = HashMap::new();
        for (i, c) in clauses
            .iter()
            .chain(cut.iter().filter(|s| !s.0).map(|s| &s.1))
            .enumerate()
        {
            everything.insert(i as u64 + 1, c.clone());
        }
        if propagate(&everything, &[]).is_none() {
            assert!(
                !verified(&cnf, drat_text(&cut).as_bytes(), ProofFormat::Drat),
                "{cnf}\n{drat}"
            );
        }
    }
    let lines: Vec<&str> = lrat.lines().collect();
    let cut = lines[..lines.len() - 1].join("\n");
    assert!(!verified(&cnf, cut.as_bytes(), ProofFormat::Lrat));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn pigeonhole_refutations(holes in 2usize..=4, seed in any::<u64>()) {
        let (n, clauses) = pigeonhole(holes, seed);
        check_all(n, &clauses);
    }

    #[test]
    fn random_3sat_refutations(n in 5usize..=12, ratio in 45usize..=80, seed in any::<u64>()) {
        let (n, clauses) = random_3sat(n, ratio, seed);
        check_all(n, &clauses);
    }
}
