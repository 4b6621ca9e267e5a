//! Packing and covering the n×n board with n-queens solutions.
//!
//! All solutions are enumerated with the base model (each re-checked by the independent
//! checker); then one variable per solution selects it. Packing: the most pairwise-disjoint
//! solutions, found by asking "at least k selected?" upwards until UNSAT. Covering: the fewest
//! solutions whose union is the board, found by asking "at most k?" downwards from a first
//! cover until UNSAT. Each optimum rests on a SAT answer (the selection re-checked here) and an
//! UNSAT answer one beyond, which can be certified by a checked proof.

use crate::board::{Board, Placement};
use crate::encode::{Amo, BaseOptions, Goal, SelectionModel};
use crate::engine::BoardSession;
use crate::solve::{
    AnySolver, Backend, Certificate, SolveIncremental, SolverResult, UnsatQuestion, certify_unsat,
};
use rustsat::instances::Cnf;
use rustsat::types::Lit;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Proofs larger than this are checked and then deleted rather than kept in `results/`.
const KEEP_PROOF_BYTES: u64 = 16 << 20;

/// Every n-queens solution of the empty n×n board, each checked, in the order found.
pub fn nqueens_solutions(n: usize, backend: &Backend) -> anyhow::Result<Vec<Placement>> {
    let board = Board::square(n)?;
    let mut session = BoardSession::new(&board, BaseOptions::default(), backend);
    let Some(assumps) = session.exactly(n) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    while let Some(p) = session.solve_with(&assumps)? {
        let clause = session.model.blocking_clause_fixed_count(&p);
        session.add_clause(clause)?;
        out.push(p);
    }
    out.sort();
    Ok(out)
}

/// One bound asked of the solver.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BoundCall {
    /// `>= k` (packing) or `<= k` (covering).
    pub bound: String,
    /// `sat`, `unsat`, or `bound` when the count cannot reach it by construction.
    pub answer: String,
    pub selected: Option<usize>,
    pub seconds: f64,
}

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
}

impl CoverReport {
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
        Ok(())
    }
}

/// Options of a packing/covering run.
#[derive(Clone, Debug, Default)]
pub struct CoverOptions {
    pub backend: Backend,
    /// At-most-one encoding of "one solution per square" when packing.
    pub amo: Amo,
    /// Where to write the CNF and checked proof of each final UNSAT answer.
    pub certificates: Option<PathBuf>,
    /// Add lex-leader constraints for the board's symmetries acting on the solution list.
    pub symmetry_breaking: bool,
}

/// Re-checks a selection by counting, per square, how many selected solutions hold it.
fn coverage(n: usize, sols: &[Placement], sel: &[usize]) -> Vec<usize> {
    let mut count = vec![0; n * n];
    for &i in sel {
        for &(r, c) in sols[i].queens() {
            count[r * n + c] += 1;
        }
    }
    count
}

struct Run<'a> {
    n: usize,
    board: Board,
    sols: &'a [Placement],
    goal: Goal,
    model: SelectionModel,
    solver: AnySolver,
    calls: Vec<BoundCall>,
    symmetry_breaking: bool,
}

impl Run<'_> {
    /// Solves under a bound; on SAT, the selection after re-checking it.
    fn ask(&mut self, bound: String, assumps: Option<Vec<Lit>>) -> anyhow::Result<Option<Vec<usize>>> {
        let t = Instant::now();
        let Some(assumps) = assumps else {
            self.calls.push(BoundCall {
                bound,
                answer: "bound".into(),
                selected: None,
                seconds: 0.0,
            });
            return Ok(None);
        };
        let found = match self.solver.solve_assumps(&assumps)? {
            SolverResult::Sat => Some(self.model.decode(|l| self.solver.is_true(l))),
            SolverResult::Unsat => None,
            SolverResult::Interrupted => anyhow::bail!("the solver was interrupted"),
        };
        if let Some(sel) = &found {
            let cov = coverage(self.n, self.sols, sel);
            let ok = match self.goal {
                Goal::Pack => cov.iter().all(|&c| c <= 1),
                Goal::Cover => cov.iter().all(|&c| c >= 1),
            };
            anyhow::ensure!(
                ok,
                "internal error: the solver's selection fails the {:?} check",
                self.goal
            );
        }
        self.calls.push(BoundCall {
            bound,
            answer: if found.is_some() { "sat" } else { "unsat" }.into(),
            selected: found.as_ref().map(|s| s.len()),
            seconds: t.elapsed().as_secs_f64(),
        });
        Ok(found)
    }

    /// The final UNSAT question as a stand-alone CNF, refuted through the one proof path (a
    /// DRAT proof checked by the external checker); an error unless the checker accepts it.
    fn certify(&self, k: usize, backend: &Backend, dir: &Path) -> anyhow::Result<Certificate> {
        let mut cnf = Cnf::new();
        let mut model = SelectionModel::encode(&self.board, self.sols, self.goal, Amo::Pairwise, &mut cnf);
        if self.symmetry_breaking {
            model.break_symmetries(&self.board, self.sols, &mut cnf);
        }
        let (units, what, proves) = match self.goal {
            Goal::Pack => (
                model.at_least(k, &mut cnf).expect("bound within the list"),
                format!("at least {k} pairwise-disjoint"),
                format!("at most {} pairwise-disjoint solutions", k - 1),
            ),
            Goal::Cover => (
                model.at_most(k, &mut cnf),
                format!("at most {k} covering"),
                format!("no {k} solutions cover the board"),
            ),
        };
        for l in units {
            cnf.add_unit(l);
        }
        let name = format!(
            "{}-{}-{}{k}",
            goal_name(self.goal),
            self.n,
            if self.goal == Goal::Pack { "ge" } else { "le" }
        );
        let comments = [
            format!(
                "queensat cover: {what} {}-queens solutions on the {}x{} board (UNSAT)",
                self.n, self.n, self.n
            ),
            format!(
                "variable i (1..={}) selects solution i of solutions-{}.txt (line i)",
                self.sols.len(),
                self.n
            ),
            format!(
                "higher variables: {}a totaliser",
                if self.symmetry_breaking {
                    "lex-leader symmetry breaking over the board's 8 symmetries, "
                } else {
                    ""
                }
            ),
        ];
        let question = UnsatQuestion {
            refuted: format!("{what} {}-queens solutions", self.n),
            proves: proves.clone(),
            header: comments.iter().map(|c| format!("c {c}\n")).collect(),
            n_vars: model.vars.len() as u32,
            cnf: &cnf,
        };
        let mut cert = certify_unsat(&question, backend, Some(dir), &name)?;
        anyhow::ensure!(
            cert.certified,
            "the DRAT checker rejected the proof ({}) that {proves}: {}",
            cert.proof.display(),
            cert.check.status
        );
        if cert.proof_bytes > KEEP_PROOF_BYTES {
            std::fs::remove_file(&cert.proof)?;
            cert.proof_kept = false;
        }
        Ok(cert)
    }
}

fn goal_name(g: Goal) -> &'static str {
    match g {
        Goal::Pack => "pack",
        Goal::Cover => "cover",
    }
}

fn optimise(n: usize, sols: &[Placement], goal: Goal, opts: &CoverOptions) -> anyhow::Result<Optimum> {
    let start = Instant::now();
    let board = Board::square(n)?;
    let mut solver = opts.backend.make();
    let mut model = SelectionModel::encode(&board, sols, goal, opts.amo, &mut solver);
    if opts.symmetry_breaking {
        model.break_symmetries(&board, sols, &mut solver);
    }
    let mut run = Run {
        n,
        board,
        sols,
        goal,
        model,
        solver,
        calls: Vec::new(),
        symmetry_breaking: opts.symmetry_breaking,
    };
    let mut best: Option<Vec<usize>> = None;
    let mut last_unsat = None;
    match goal {
        Goal::Pack => loop {
            let k = best.as_ref().map_or(0, |b| b.len()) + 1;
            let a = run.model.at_least(k, &mut run.solver);
            match run.ask(format!(">= {k}"), a)? {
                Some(sel) => best = Some(sel),
                None => {
                    last_unsat = (run.calls.last().unwrap().answer == "unsat").then_some(k);
                    break;
                }
            }
        },
        Goal::Cover => {
            let uncovered = coverage(n, sols, &(0..sols.len()).collect::<Vec<_>>())
                .iter()
                .filter(|&&c| c == 0)
                .count();
            if uncovered == 0 {
                // A first cover: all solutions, then ask for one fewer each time.
                best = Some((0..sols.len()).collect());
                while let Some(k) = best.as_ref().map(|b| b.len()).filter(|&l| l > 0).map(|l| l - 1) {
                    let a = run.model.at_most(k, &mut run.solver);
                    match run.ask(format!("<= {k}"), Some(a))? {
                        Some(sel) => best = Some(sel),
                        None => {
                            last_unsat = Some(k);
                            break;
                        }
                    }
                }
            } else {
                run.calls.push(BoundCall {
                    bound: "any".into(),
                    answer: format!("{uncovered} squares lie in no solution"),
                    selected: None,
                    seconds: 0.0,
                });
            }
        }
    }
    let proof = match (goal, &best, last_unsat) {
        (Goal::Cover, None, _) => "no cover: some squares lie in no solution".to_string(),
        (_, _, Some(k)) => format!(
            "UNSAT with {} {k} selected ({} solver calls)",
            if goal == Goal::Pack { "at least" } else { "at most" },
            run.calls.len()
        ),
        (_, Some(b), None) => format!("{} selected exhaust the {} solutions", b.len() + 1, sols.len()),
        (Goal::Pack, None, None) => "no solutions".to_string(),
    };
    let certificate = match (&opts.certificates, last_unsat) {
        (Some(dir), Some(k)) => Some(run.certify(k, &opts.backend, dir)?),
        _ => None,
    };
    Ok(Optimum {
        goal,
        value: best.as_ref().map(|b| b.len()),
        selection: best.unwrap_or_default(),
        calls: run.calls,
        proof,
        certificate,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Enumerates the n-queens solutions, then packs and covers.
pub fn pack_and_cover(n: usize, opts: &CoverOptions) -> anyhow::Result<CoverReport> {
    let t = Instant::now();
    let solutions = nqueens_solutions(n, &opts.backend)?;
    let enumerate_seconds = t.elapsed().as_secs_f64();
    if let Some(dir) = &opts.certificates {
        let text: String = solutions.iter().map(|p| seed_line(p) + "\n").collect();
        crate::io::write_atomic(&dir.join(format!("solutions-{n}.txt")), text.as_bytes())?;
    }
    let pack = optimise(n, &solutions, Goal::Pack, opts)?;
    let cover = optimise(n, &solutions, Goal::Cover, opts)?;
    Ok(CoverReport {
        n,
        solutions,
        enumerate_seconds,
        pack,
        cover,
        solver: opts.backend.name().into(),
        symmetry_breaking: opts.symmetry_breaking,
    })
}

/// A solution in the seed's format: the column of the queen in each row, 0-based.
pub fn seed_line(p: &Placement) -> String {
    p.queens()
        .iter()
        .map(|&(_, c)| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::brute_count;

    #[test]
    fn solution_counts_match_brute_force() {
        for n in 1..=7 {
            let sols = nqueens_solutions(n, &Backend::default()).unwrap();
            assert_eq!(
                sols.len() as u64,
                brute_count(&Board::square(n).unwrap(), n),
                "n = {n}"
            );
        }
    }

    #[test]
    fn small_boards_pack_and_cover() {
        for symmetry_breaking in [false, true] {
            small_boards_with(CoverOptions {
                symmetry_breaking,
                ..Default::default()
            });
        }
    }

    fn small_boards_with(opts: CoverOptions) {
        // 4x4: the two solutions are disjoint; together they miss 8 squares.
        let r = pack_and_cover(4, &opts).unwrap();
        assert_eq!(r.pack.value, Some(2));
        assert_eq!(r.cover.value, None);
        // 5x5: the ten solutions include a partition of the board into five.
        let r = pack_and_cover(5, &opts).unwrap();
        assert_eq!((r.pack.value, r.cover.value), (Some(5), Some(5)));
    }
}
