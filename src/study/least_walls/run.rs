//! One least-walls query under way: the incremental solver with its model, the options, and
//! what the fresh solvers left. The search (`search`) and the count
//! (`count`) both ask through it, so every board a solver returns is checked in
//! one place.

use super::options::LeastWallsOptions;
use super::report::{LeastWallsReport, SolverFigures, StartBoard};
use super::start::start_board;
use crate::board::{Board, Placement};
use crate::check::check_placement;
use crate::encode::WallModel;
use crate::engine::WallCall;
use crate::engine::search::{self, Reply, logged, solve_checked};
use crate::engine::{BoundAnswer, WallBoundQuestion, ask_wall_bound};
use crate::io::plural;
use crate::run::deadline::Deadline;
use crate::run::interrupt::Interrupted;
use crate::run::{cpu_since, process_cpu_seconds};
use crate::solve::{AnySolver, PendingProof, ProofDir, SolveStats as _};
use anyhow::{bail, ensure};
use rustsat::types::Lit;
use std::time::Instant;

/// What asking for a board within the current wall bound gave, by the incremental solver or a
/// fresh one: a board and placement that passed the independent checker, a refutation, or a
/// stop. (Not the search loop's typed [`crate::engine::search::Answer`]: this is the query's
/// own reply, the board already checked.)
pub(super) enum BoundReply {
    Found(Board, Placement),
    Refuted,
    /// The time limit or Ctrl-C stopped it (or came before it).
    Stopped,
}

/// One least-walls query under way: the incremental solver with its model, the options, and
/// what the fresh solvers left (their proof directory, the largest refuted bound's proof).
pub(super) struct Run<'a> {
    pub(super) model: WallModel,
    pub(super) solver: AnySolver,
    pub(super) opts: &'a LeastWallsOptions,
    /// Whether the search must stop (its time limit, Ctrl-C); polled between calls, and
    /// inside a call by the solvers that can.
    pub(super) deadline: Deadline,
    /// With `fresh_bounds` and `certify`: where the fresh solvers write their proofs, and the
    /// largest bound refuted so far with its proof (not yet checked).
    pub(super) proofs: Option<ProofDir>,
    pub(super) refuted: Option<(usize, PendingProof)>,
    /// The best board so far and its queens: the fresh solvers' first guess.
    pub(super) hint: Option<(Board, Placement)>,
    pub(super) queens: usize,
    pub(super) rows: usize,
    pub(super) cols: usize,
}

impl Run<'_> {
    /// Solves under assumptions; on SAT the board and placement after the independent check.
    pub(super) fn ask(&mut self, assumps: &[Lit]) -> anyhow::Result<BoundReply> {
        if self.deadline.passed() {
            return Ok(BoundReply::Stopped);
        }
        // The shape only sizes the check: the walls are part of what the solver answers.
        let shape = Board::new(self.rows, self.cols)?;
        match solve_checked(&mut self.solver, &self.model, &shape, assumps) {
            Ok(Some((board, p))) => {
                self.check_answer("the solver", &board, &p)?;
                Ok(BoundReply::Found(board, p))
            }
            Ok(None) => Ok(BoundReply::Refuted),
            Err(e) if e.is::<Interrupted>() => Ok(BoundReply::Stopped),
            Err(e) => Err(e),
        }
    }

    /// From now on only Ctrl-C stops (the time limit bounds the search alone).
    pub(super) fn stop_on_ctrl_c_only(&mut self) {
        self.deadline = Deadline::thread(None);
        self.solver.set_deadline(self.deadline);
    }

    /// Asks the bound `k` of a fresh solver ([`LeastWallsOptions::fresh_bounds`]); a refuting
    /// proof replaces the one of a smaller bound.
    fn ask_fresh(&mut self, k: usize) -> anyhow::Result<BoundReply> {
        if self.deadline.passed() {
            return Ok(BoundReply::Stopped);
        }
        let q = WallBoundQuestion::new(self.rows, self.cols, self.queens, k, self.opts.model)?;
        let dir = self.proofs.as_ref().map(|d| d.path());
        let hint = self.hint.as_ref().map(|(b, p)| (b, p));
        Ok(
            match ask_wall_bound(&q, &self.opts.backend, dir, self.deadline, hint)? {
                BoundAnswer::Found(board, p) => {
                    self.check_answer("the solver", &board, &p)?;
                    BoundReply::Found(board, p)
                }
                BoundAnswer::Refuted(proof) => {
                    if let Some(p) = proof
                        && let Some((_, old)) = self.refuted.replace((k, p))
                    {
                        old.discard();
                    }
                    BoundReply::Refuted
                }
                BoundAnswer::Stopped => BoundReply::Stopped,
            },
        )
    }

    /// A board and placement from `who` (the solver, the annealing) pass the independent
    /// checker and hold at least q queens, or it is an internal error.
    fn check_answer(&self, who: &str, board: &Board, p: &Placement) -> anyhow::Result<()> {
        if let Err(v) = check_placement(board, p) {
            bail!("internal error: {who}'s board fails the checker: {v}");
        }
        ensure!(
            p.len() >= self.queens,
            "internal error: {who} placed {} queens, fewer than {}",
            p.len(),
            self.queens
        );
        Ok(())
    }

    /// The annealing's first board (checked like a solver's answer, then suggested to the
    /// solver as phases), recorded in `report`; `None` when the annealing met none.
    pub(super) fn start(
        &mut self,
        enough: usize,
        report: &mut LeastWallsReport,
    ) -> anyhow::Result<Option<(Board, Placement)>> {
        let t = Instant::now();
        let cpu = process_cpu_seconds();
        let runs = self.opts.start_runs;
        let runs_text = plural(runs, "run", "runs");
        self.note(format_args!("annealing for a first board ({runs_text})"));
        // A stopped annealing still returns the best board it met, an upper bound.
        let found = start_board(
            self.rows,
            self.cols,
            self.queens,
            runs,
            enough,
            &self.deadline.stop_test(),
        );
        let Some((board, placement)) = found else {
            self.note("the annealing found no first board");
            return Ok(None);
        };
        self.check_answer("the annealing", &board, &placement)?;
        let phases = self.model.phases_of(&board, &placement);
        self.solver.suggest_phases(&phases)?;
        self.hint = Some((board.clone(), placement.clone()));
        let seconds = t.elapsed().as_secs_f64();
        self.note(format_args!(
            "annealing ({runs_text}): {} ({seconds:.2} s)",
            plural(board.n_walls(), "wall", "walls")
        ));
        report.start = Some(StartBoard {
            walls: board.n_walls(),
            runs,
            seconds,
            cpu_seconds: cpu_since(cpu),
        });
        Ok(Some((board, placement)))
    }

    /// The incremental solver's statistics, plus the calls fresh solvers answered.
    pub(super) fn figures(&self, calls: &[WallCall]) -> SolverFigures {
        let st = self.solver.stats();
        let mut f = SolverFigures {
            n_vars: self.model.vars.len(),
            n_clauses: st.n_clauses,
            n_sat: st.n_sat,
            n_unsat: st.n_unsat,
            solve_seconds: st.cpu_solve_time.as_secs_f64(),
        };
        if self.opts.fresh_bounds {
            for c in calls.iter().filter(|c| c.question.is_some()) {
                match c.answer.is_sat() {
                    true => f.n_sat += 1,
                    false => f.n_unsat += 1,
                }
                f.solve_seconds += c.seconds;
            }
        }
        f
    }

    pub(super) fn note(&self, msg: impl std::fmt::Display) {
        self.opts
            .progress
            .note(|| format!("least-walls {}x{} q={}: {msg}", self.rows, self.cols, self.queens));
    }

    /// One call with the wall bound `bound`, recorded (unless stopped).
    pub(super) fn call(
        &mut self,
        base: &[Lit],
        bound: Option<usize>,
        calls: &mut Vec<WallCall>,
    ) -> anyhow::Result<BoundReply> {
        let t = Instant::now();
        let mut found = None;
        let reply = logged(
            calls,
            bound,
            |b: &Board| b.n_walls(),
            || {
                let answer = match bound {
                    Some(k) if self.opts.fresh_bounds => self.ask_fresh(k)?,
                    _ => {
                        let mut assumps = base.to_vec();
                        if let Some(k) = bound {
                            assumps.extend(self.model.at_most_walls(k, &mut self.solver));
                            assumps.extend(self.model.slack_bounds(k, self.queens, &mut self.solver));
                        }
                        self.ask(&assumps)?
                    }
                };
                Ok(match answer {
                    BoundReply::Found(b, p) => {
                        found = Some(p);
                        Reply {
                            answer: search::Answer::SAT,
                            found: Some(b),
                        }
                    }
                    BoundReply::Refuted => Reply::no(search::Answer::UNSAT),
                    BoundReply::Stopped => Reply::no(search::Answer::STOPPED),
                })
            },
        )?;
        let seconds = t.elapsed().as_secs_f64();
        let bound_text = bound.map_or("no bound".to_string(), |k| format!("walls <= {k}"));
        let walls = |w: usize| plural(w, "wall", "walls");
        Ok(match (reply.found, found) {
            (Some(b), Some(p)) => {
                let w = b.n_walls();
                self.note(format_args!("{bound_text}: SAT, {} ({seconds:.2} s)", walls(w)));
                self.hint = Some((b.clone(), p.clone()));
                BoundReply::Found(b, p)
            }
            _ if reply.answer.is_stopped() => {
                self.note(format_args!("{bound_text}: stopped ({seconds:.2} s)"));
                BoundReply::Stopped
            }
            _ => {
                self.note(format_args!("{bound_text}: UNSAT ({seconds:.2} s)"));
                BoundReply::Refuted
            }
        })
    }
}
