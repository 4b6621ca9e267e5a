//! What packing and covering one size found, as reported and read back: each optimum with
//! its log, proof and certificate, and the re-check of a report read back from a file, apart
//! from the engine that wrote it.

use super::refute::{Asked, question_cnf_text};
use super::selection::{coverage, goal_name};
use crate::board::{Board, Placement};
use crate::encode::Goal;
use crate::engine::search::{Answer, BoundCall, Refutation, Unsat};
use crate::solve::Certificate;
use serde::{Deserialize, Serialize};

/// An optimum of packing or covering.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Optimum {
    pub goal: Goal,
    /// `None` when no selection works at all (a square lies in no solution, for covering).
    pub value: Option<usize>,
    /// Indices into the solution list of an optimal selection.
    pub selection: Vec<usize>,
    pub calls: Vec<BoundCall>,
    pub proof: String,
    pub certificate: Option<Certificate>,
    pub seconds: f64,
    /// False when the search stopped at the time limit: `value` is then the best selection
    /// found, and `bound` the best bound on the other side (proved as `proof` says).
    #[serde(default = "yes")]
    pub optimal: bool,
    /// For a search that stopped: covering, the least size not ruled out; packing, the largest.
    #[serde(default)]
    pub bound: Option<usize>,
    /// False when the optimum (or a stopped search's bound) rests on an external solver's
    /// UNSAT answer that nothing checked ([`crate::engine::certified`]); a checked
    /// `certificate` makes it true.
    #[serde(default = "yes")]
    pub certified: bool,
}

impl Optimum {
    /// The optimum's consistency with its own log and certificate, for a report read back:
    /// an optimal value is the one its last step refuted beyond, and a certificate refutes
    /// that very bound.
    fn recheck(&self, n: usize) -> Result<(), String> {
        let name = goal_name(self.goal);
        let last = self.calls.last().ok_or(format!("the {name} search has no log"))?;
        let refuted = |bound: String| -> Result<(), String> {
            let by = matches!(
                last.answer,
                Answer::Unsat(Unsat::Solver) | Answer::Refuted(Refutation::Counter)
            );
            if last.question != bound || !by {
                return Err(format!(
                    "the {name} optimum {} is not what its last step refuted ({} {})",
                    self.value.map_or("none".into(), |v| v.to_string()),
                    last.question,
                    last.answer
                ));
            }
            match &self.certificate {
                Some(c)
                    if !c
                        .refuted
                        .starts_with(&bound.replace(">=", "at least").replace("<=", "at most")) =>
                {
                    Err(format!(
                        "the {name} certificate refutes {}, not the bound {bound}",
                        c.refuted
                    ))
                }
                _ => Ok(()),
            }
        };
        match (self.goal, self.value, self.optimal) {
            (Goal::Pack, Some(v), true) if v > n => Err(format!("{v} disjoint solutions on {n}x{n}")),
            (Goal::Cover, Some(v), _) if v < n => Err(format!("{v} solutions cover {n}x{n}")),
            (Goal::Pack, Some(v), true) => refuted(format!(">= {}", v + 1)),
            (Goal::Cover, Some(v), true) => refuted(format!("<= {}", v - 1)),
            _ => Ok(()),
        }
    }
}

fn yes() -> bool {
    true
}

/// Packing and covering for one n.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CoverReport {
    pub n: usize,
    pub solutions: Vec<Placement>,
    pub enumerate_seconds: f64,
    pub pack: Optimum,
    pub cover: Optimum,
    pub solver: String,
    #[serde(default)]
    pub symmetry_breaking: bool,
    /// CPU seconds of the whole size: enumeration, searches, certificates and their checks.
    #[serde(default)]
    pub cpu_seconds: f64,
}

impl CoverReport {
    /// The text the CNF of `which`'s certificate (the packing's or the cover's) must have: its
    /// question built again from this report's solutions, bound and symmetry breaking; `None`
    /// for an optimum without a certificate. A kept certificate checked again is checked
    /// against a file of this text, else a forged record could pair a proof with any formula.
    pub fn certificate_cnf(&self, which: &Optimum) -> anyhow::Result<Option<String>> {
        if which.certificate.is_none() {
            return Ok(None);
        }
        let k = match (which.goal, which.value, which.optimal) {
            (Goal::Pack, Some(v), true) => v + 1,
            (Goal::Cover, Some(v), true) if v > 0 => v - 1,
            _ => return Ok(None),
        };
        let asked = Asked {
            n: self.n,
            sols: &self.solutions,
            goal: which.goal,
            symmetry_breaking: self.symmetry_breaking,
        };
        question_cnf_text(&asked, k).map(Some)
    }

    /// Re-checks a report read back from a file, apart from the engine that wrote it: every
    /// solution is a distinct legal n-queens placement (the independent checker), the packing
    /// is pairwise disjoint and the cover covers every square, each of the size it claims.
    pub fn recheck(&self) -> Result<(), String> {
        let n = self.n;
        let board = Board::square(n).map_err(|e| e.to_string())?;
        let mut seen = std::collections::HashSet::new();
        for p in &self.solutions {
            crate::check::check_placement(&board, p).map_err(|v| format!("a solution is illegal: {v}"))?;
            if p.len() != n || !seen.insert(p.queens().to_vec()) {
                return Err("a solution has fewer than n queens or is listed twice".into());
            }
        }
        // How many chosen solutions hold each square.
        let load = |o: &Optimum| -> Result<Vec<usize>, String> {
            let mut count = vec![0usize; n * n];
            for &i in &o.selection {
                let p = self.solutions.get(i).ok_or("a selection names no solution")?;
                for &(r, c) in p.queens() {
                    count[r * n + c] += 1;
                }
            }
            if o.value.is_some_and(|v| v != o.selection.len()) {
                return Err("a selection's size differs from its value".into());
            }
            Ok(count)
        };
        if load(&self.pack)?.iter().any(|&k| k > 1) {
            return Err("the packing is not pairwise disjoint".into());
        }
        if self.cover.value.is_some() && load(&self.cover)?.contains(&0) {
            return Err("the cover leaves a square uncovered".into());
        }
        // The list is every solution: the branch and bound counts them apart (cheap: 14,200
        // on 12x12), and a list with no repeats and the right length is then the whole list.
        let stop = crate::run::interrupt::stop_requested;
        let (count, _) =
            crate::check::bnb_count(&board, n, stop).ok_or_else(crate::run::interrupt::cut_short)?;
        if self.solutions.len() as u64 != count {
            return Err(format!(
                "{} solutions listed, but the branch and bound counts {count}",
                self.solutions.len()
            ));
        }
        if self.cover.value.is_none()
            && !coverage(n, &self.solutions, &(0..self.solutions.len()).collect::<Vec<_>>()).contains(&0)
        {
            return Err("no cover, though every square lies in a solution".into());
        }
        self.pack.recheck(n)?;
        self.cover.recheck(n)?;
        // A partition (n solutions) is the best packing and the best cover at once.
        let partition = |o: &Optimum| o.value == Some(n);
        let bounded = |o: &Optimum, want: usize| o.value == Some(want) || o.bound == Some(want);
        if (partition(&self.cover) && !bounded(&self.pack, n))
            || (partition(&self.pack) && self.cover.optimal && !partition(&self.cover))
        {
            return Err(format!(
                "packing {} and covering {} on {n}x{n}: a partition is both",
                self.pack.value.map_or("none".into(), |v| v.to_string()),
                self.cover.value.map_or("none".into(), |v| v.to_string())
            ));
        }
        Ok(())
    }

    /// Whether the report rests on an external solver's UNSAT that nothing checked.
    pub fn rests_on_unchecked_unsat(&self) -> bool {
        !(self.pack.certified && self.cover.certified)
    }
}
