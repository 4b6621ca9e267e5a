//! Least walls for q queens: the fewest walls that let q non-attacking queens fit on an
//! `r × c` board, a witness board, the proof, and optionally every board with that many walls.
//!
//! One incremental solver holds the [`WallModel`], "at least q queens" and an incremental
//! "at most w walls". The search either tightens w from a first board down until UNSAT
//! ([`WallSearch::Down`]) or raises it from a counting lower bound until SAT
//! ([`WallSearch::Up`]); the first board may come from the annealing of
//! `least_walls_start` instead (checked like a solver's answer, it only moves where the search
//! starts); either way the minimum rests on an UNSAT answer at minimum − 1, or on
//! the row bound [`wall_lower_bound`] when the minimum equals it (none is needed when no wall
//! is); with `certify` that UNSAT answer is backed by a DRAT proof an external checker accepted.
//! With the slack cuts, each wall bound is assumed together with its [`WallModel::slack_bounds`];
//! with `fresh_bounds`, each bound goes to a fresh solver instead (`engine::ask_wall_bound`).
//! The count of the least boards is `least_walls_count`. A search stopped by its time limit or Ctrl-C reports no minimum but the bounds it had
//! ([`Stopped`]): the fewest walls of a checked board, and the row bound or a refuted bound.

use super::least_walls_count::count_boards;
use super::least_walls_start::start_board;
use crate::board::{Board, Placement};
use crate::check::check_placement;
use crate::encode::{WallModel, WallOptions};
use crate::engine::interrupt::{cpu_deadline, stop_requested};
use crate::engine::{
    BoundAnswer, Reporter, ValueOptions, WallBoundQuestion, ask_wall_bound, certify_least_walls, cpu_since,
    process_cpu_seconds, value_to_the_end,
};
use crate::solve::{
    AnySolver, Backend, Certificate, PendingProof, ProofDir, SolveIncremental as _, SolveStats as _,
    SolverResult, drat_checker,
};
use anyhow::{bail, ensure};
use rustsat::types::Lit;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// How the wall bound moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum WallSearch {
    /// From a first board down: after each SAT answer ask for one wall fewer.
    #[default]
    Down,
    /// From the counting lower bound up until the first SAT answer.
    Up,
}

/// Options of a least-walls query.
#[derive(Clone, Debug, Default)]
pub struct LeastWallsOptions {
    pub model: WallOptions,
    pub search: WallSearch,
    pub backend: Backend,
    /// Also count the boards with the least number of walls that admit q queens.
    pub count: bool,
    /// Block every symmetric image of a found board, so each class is found once.
    pub unique: bool,
    /// Add the lex-leader constraints for the count (after the minimisation), so the solver
    /// meets each class once, as its canonical board.
    pub lex_leader_count: bool,
    /// Certify the minimum w (> 0): "at most w − 1 walls, at least q queens" as a standalone
    /// CNF (attack and slack cuts as in `model`; never the lex-leader or necessary walls, which
    /// remove boards) refuted by a fresh solver of `backend` with a DRAT proof, the proof checked
    /// by the external checker ([`certify_least_walls`]). A proof the checker rejects is an error.
    pub certify: bool,
    /// Keep the certificate files (CNF, proof) here; `None`: a temporary directory.
    pub certify_dir: Option<PathBuf>,
    /// Stop the count after this many CPU seconds (checked between solver calls); the count
    /// is then reported incomplete (a lower bound), never as the total.
    pub count_cpu_limit: Option<f64>,
    /// Annealing runs for a first board before any solver call (0: none, the solver finds
    /// the first board). The board found is checked and suggested to the solver as phases;
    /// searching down, the first call asks for one wall fewer; searching up, the calls stop
    /// at its wall count.
    pub start_runs: u64,
    /// Stop the search (annealing and solver calls) after this much CPU time of the calling
    /// thread and report the bounds it has ([`Stopped`]); Ctrl-C stops it likewise. CaDiCaL
    /// stops inside a call, the other solvers between calls. The certificate and the count
    /// of a finished search are not bounded by it.
    pub time_limit: Option<Duration>,
    /// Ask each wall bound of a fresh solver on the standalone CNF, both bounds as unit
    /// clauses ([`ask_wall_bound`]), instead of the incremental solver under assumptions. With
    /// `certify` each such solve writes a DRAT proof, and the one that refutes minimum − 1 is
    /// checked as the certificate instead of being solved again. Not with the lex-leader or
    /// necessary walls in the model (the fresh CNF has neither).
    pub fresh_bounds: bool,
    /// Hears one line per solver call.
    pub progress: Reporter,
}

/// The first board the annealing found ([`LeastWallsOptions::start_runs`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StartBoard {
    pub walls: usize,
    pub runs: u64,
    pub seconds: f64,
    pub cpu_seconds: f64,
}

/// Where a search stopped before the minimum was shown (time limit or Ctrl-C) had got to.
/// Both bounds hold: `lower` by the row bound or an UNSAT answer, the upper one by `best`,
/// a board the independent checker accepted.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Stopped {
    /// Why it stopped, in words.
    pub why: String,
    /// q queens need at least this many walls: the row bound [`wall_lower_bound`], or one
    /// more than the largest wall bound an UNSAT answer refuted (in `calls`).
    pub lower: usize,
    /// The board with the fewest walls found, with its queens; `None` when none was found.
    pub best: Option<FoundBoard>,
}

/// A board that admits q queens, and the queens (checked).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FoundBoard {
    pub board: Board,
    pub placement: Placement,
}

/// One solver call of the minimisation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WallCall {
    /// The wall bound assumed, `None` for the first call without one.
    pub at_most_walls: Option<usize>,
    pub answer: String,
    /// Walls of the board found, on SAT.
    pub walls: Option<usize>,
    pub seconds: f64,
    /// Process CPU seconds of the call (0 in runs saved before it was recorded).
    #[serde(default)]
    pub cpu_seconds: f64,
}

/// A board found by the solver, its queens (checked) and its value (recomputed).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Witness {
    pub board: Board,
    pub placement: Placement,
    pub value: usize,
}

/// One symmetry class of counted boards: its canonical board, how many boards the class
/// holds, the value, and a placement of at least q queens on the canonical board.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CountedClass {
    pub board: Board,
    pub orbit: usize,
    pub value: usize,
    pub placement: Placement,
}

/// How many boards with the least number of walls admit q queens.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BoardCount {
    pub walls: usize,
    /// Boards (every image counted).
    pub boards: usize,
    /// Symmetry classes.
    pub classes: usize,
    /// `(value, classes, boards)` for each value met among the counted boards.
    pub by_value: Vec<(usize, usize, usize)>,
    /// Wall sets the solver returned (boards, or classes with `unique` or the lex-leader).
    pub found: usize,
    /// False when the count stopped at its CPU limit or at Ctrl-C: the figures are then lower bounds.
    #[serde(default = "complete_by_default")]
    pub complete: bool,
    pub unique: bool,
    /// Whether the lex-leader constraints were in during the count.
    #[serde(default)]
    pub lex_leader: bool,
    pub seconds: f64,
    pub cpu_seconds: f64,
    /// The classes in the order found.
    pub list: Vec<CountedClass>,
}

/// Counts saved before the CPU limit existed ran to the end.
fn complete_by_default() -> bool {
    true
}

/// Solver statistics of a query.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SolverFigures {
    pub n_vars: usize,
    pub n_clauses: usize,
    pub n_sat: usize,
    pub n_unsat: usize,
    pub solve_seconds: f64,
}

/// The answer to a least-walls query.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LeastWallsReport {
    pub rows: usize,
    pub cols: usize,
    pub queens: usize,
    /// Why no board admits q queens, when none does.
    pub impossible: Option<String>,
    pub least_walls: Option<usize>,
    pub witness: Option<Witness>,
    /// How the minimum was shown, in words (or, when stopped, what is known).
    pub proof: String,
    /// Set when the search stopped before the minimum was shown; `least_walls` and
    /// `witness` are then `None` (runs before it have none).
    #[serde(default)]
    pub stopped: Option<Stopped>,
    /// The annealing's first board, when asked for and found (runs before it have none).
    #[serde(default)]
    pub start: Option<StartBoard>,
    pub calls: Vec<WallCall>,
    pub count: Option<BoardCount>,
    pub solver: String,
    pub attack: String,
    pub queen_count: String,
    pub lex_leader: bool,
    pub necessary_walls: bool,
    /// Whether the segment-slack cuts were in (runs before them have none).
    #[serde(default)]
    pub slack_cuts: bool,
    /// Whether each wall bound went to a fresh solver ([`LeastWallsOptions::fresh_bounds`]).
    #[serde(default)]
    pub fresh_bounds: bool,
    pub search: WallSearch,
    pub stats: Option<SolverFigures>,
    /// The minimum (> 0) equals the row bound [`wall_lower_bound`], which proves it without a
    /// solver: no UNSAT call and no DRAT certificate are needed.
    #[serde(default)]
    pub row_bound: bool,
    /// The checked DRAT certificate of the minimum (with `certify`, when the minimum is > 0
    /// and above the row bound).
    #[serde(default)]
    pub certificate: Option<Certificate>,
    /// Process CPU seconds of the certificate (the fresh solve and the checker process).
    #[serde(default)]
    pub certify_cpu_seconds: f64,
    /// Time of the minimisation alone, and of everything: wall clock and process CPU.
    pub minimise_seconds: f64,
    pub seconds: f64,
    pub minimise_cpu_seconds: f64,
    pub cpu_seconds: f64,
}

/// The most queens any `rows × cols` board admits: one per 2x2 block (cells of a block are
/// pairwise adjacent, and nothing blocks adjacent cells), reached by queens on the cells with
/// two even coordinates and walls everywhere else.
pub fn most_queens_any_board(rows: usize, cols: usize) -> usize {
    rows.div_ceil(2) * cols.div_ceil(2)
}

/// A lower bound on the walls q queens need: a row with m queens needs m − 1 walls in it, so
/// the walls are at least q − rows; likewise for columns. A witness with this many walls is
/// optimal without a solver (tests/least_walls.rs checks the bound against brute force).
pub fn wall_lower_bound(rows: usize, cols: usize, queens: usize) -> usize {
    queens.saturating_sub(rows.min(cols))
}

/// The lower bound on the walls that a search's calls show, and how: one more than the
/// largest wall bound an UNSAT answer refuted, or the row bound [`wall_lower_bound`] when that
/// is more. The same rule makes a stopped report and checks one read back.
pub fn proved_lower_bound(rows: usize, cols: usize, queens: usize, calls: &[WallCall]) -> (usize, String) {
    let lb = wall_lower_bound(rows, cols, queens);
    let refuted = calls
        .iter()
        .filter(|c| c.answer == "unsat")
        .filter_map(|c| c.at_most_walls)
        .max();
    match refuted {
        Some(k) if k >= lb => (k + 1, format!("UNSAT with at most {k} walls")),
        _ => (lb, format!("the row bound: q - min(rows, cols) = {lb}")),
    }
}

/// The proof of a minimum that equals the row bound, in words.
fn row_bound_proof(rows: usize, cols: usize, queens: usize) -> String {
    let lines = if rows <= cols { "row" } else { "column" };
    format!(
        "the row bound: a {lines} with m queens holds at least m - 1 walls between them, so {queens} \
         queens on {rows}x{cols} need at least {} walls (no solver call)",
        wall_lower_bound(rows, cols, queens)
    )
}

/// What a solver call answered.
pub(super) enum Answer {
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
    stop: Rc<dyn Fn() -> bool>,
    /// With `fresh_bounds` and `certify`: where the fresh solvers write their proofs, and the
    /// largest bound refuted so far with its proof (not yet checked).
    proofs: Option<ProofDir>,
    refuted: Option<(usize, PendingProof)>,
    /// The best board so far and its queens: the fresh solvers' first guess.
    hint: Option<(Board, Placement)>,
    pub(super) queens: usize,
    rows: usize,
    cols: usize,
}

impl Run<'_> {
    /// Solves under assumptions; on SAT the board and placement after the independent check.
    pub(super) fn ask(&mut self, assumps: &[Lit]) -> anyhow::Result<Answer> {
        if (self.stop)() {
            return Ok(Answer::Stopped);
        }
        match self.solver.solve_assumps(assumps)? {
            SolverResult::Sat => {
                let board = self.model.decode_board(|l| self.solver.is_true(l));
                let p = self.model.decode_placement(|l| self.solver.is_true(l));
                self.check_answer("the solver", &board, &p)?;
                Ok(Answer::Found(board, p))
            }
            SolverResult::Unsat => Ok(Answer::Refuted),
            SolverResult::Interrupted => Ok(Answer::Stopped),
        }
    }

    /// From now on only Ctrl-C stops (the time limit bounds the search alone).
    fn stop_on_ctrl_c_only(&mut self) {
        self.stop = Rc::new(stop_requested);
        self.solver.set_stop(stop_requested);
    }

    /// Asks the bound `k` of a fresh solver ([`LeastWallsOptions::fresh_bounds`]); a refuting
    /// proof replaces the one of a smaller bound.
    fn ask_fresh(&mut self, k: usize) -> anyhow::Result<Answer> {
        if (self.stop)() {
            return Ok(Answer::Stopped);
        }
        let q = WallBoundQuestion::new(self.rows, self.cols, self.queens, k, self.opts.model)?;
        let dir = self.proofs.as_ref().map(|d| d.path());
        let hint = self.hint.as_ref().map(|(b, p)| (b, p));
        Ok(
            match ask_wall_bound(&q, &self.opts.backend, dir, self.stop.clone(), hint)? {
                BoundAnswer::Found(board, p) => {
                    self.check_answer("the solver", &board, &p)?;
                    Answer::Found(board, p)
                }
                BoundAnswer::Refuted(proof) => {
                    if let Some(p) = proof
                        && let Some((_, old)) = self.refuted.replace((k, p))
                    {
                        old.discard();
                    }
                    Answer::Refuted
                }
                BoundAnswer::Stopped => Answer::Stopped,
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
    fn start(
        &mut self,
        enough: usize,
        report: &mut LeastWallsReport,
    ) -> anyhow::Result<Option<(Board, Placement)>> {
        let t = Instant::now();
        let cpu = process_cpu_seconds();
        let runs = self.opts.start_runs;
        self.note(format_args!("annealing for a first board ({runs} runs)"));
        // A stopped annealing still returns the best board it met, an upper bound.
        let found = start_board(self.rows, self.cols, self.queens, runs, enough, &*self.stop);
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
            "annealing ({runs} runs): {} walls ({seconds:.2} s)",
            board.n_walls()
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
    fn figures(&self, calls: &[WallCall]) -> SolverFigures {
        let st = self.solver.stats();
        let mut f = SolverFigures {
            n_vars: self.model.vars.len(),
            n_clauses: st.n_clauses,
            n_sat: st.n_sat,
            n_unsat: st.n_unsat,
            solve_seconds: st.cpu_solve_time.as_secs_f64(),
        };
        if self.opts.fresh_bounds {
            for c in calls.iter().filter(|c| c.at_most_walls.is_some()) {
                match c.answer.as_str() {
                    "sat" => f.n_sat += 1,
                    _ => f.n_unsat += 1,
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
    fn call(
        &mut self,
        base: &[Lit],
        bound: Option<usize>,
        calls: &mut Vec<WallCall>,
    ) -> anyhow::Result<Answer> {
        let t = Instant::now();
        let cpu = process_cpu_seconds();
        let found = match bound {
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
        let seconds = t.elapsed().as_secs_f64();
        let bound_text = bound.map_or("no bound".to_string(), |k| format!("walls <= {k}"));
        let (answer, walls) = match &found {
            Answer::Found(b, p) => {
                self.hint = Some((b.clone(), p.clone()));
                ("sat", Some(b.n_walls()))
            }
            Answer::Refuted => ("unsat", None),
            Answer::Stopped => {
                self.note(format_args!("{bound_text}: stopped ({seconds:.2} s)"));
                return Ok(found);
            }
        };
        match walls {
            Some(w) => self.note(format_args!("{bound_text}: SAT, {w} walls ({seconds:.2} s)")),
            None => self.note(format_args!("{bound_text}: UNSAT ({seconds:.2} s)")),
        }
        calls.push(WallCall {
            at_most_walls: bound,
            answer: answer.to_string(),
            walls,
            seconds,
            cpu_seconds: cpu_since(cpu),
        });
        Ok(found)
    }
}

/// Finds the least number of walls for `queens` queens on a `rows × cols` board.
pub fn least_walls(
    rows: usize,
    cols: usize,
    queens: usize,
    opts: &LeastWallsOptions,
) -> anyhow::Result<LeastWallsReport> {
    let start = Instant::now();
    let cpu_start = process_cpu_seconds();
    let mut report = LeastWallsReport {
        rows,
        cols,
        queens,
        impossible: None,
        least_walls: None,
        witness: None,
        proof: String::new(),
        stopped: None,
        start: None,
        calls: Vec::new(),
        count: None,
        solver: opts.backend.name().to_string(),
        attack: opts.model.attack.name().to_string(),
        queen_count: opts.model.count.name().to_string(),
        lex_leader: opts.model.lex_leader,
        necessary_walls: opts.model.necessary_walls,
        slack_cuts: opts.model.slack_cuts,
        fresh_bounds: opts.fresh_bounds,
        search: opts.search,
        stats: None,
        row_bound: false,
        certificate: None,
        certify_cpu_seconds: 0.0,
        minimise_seconds: 0.0,
        seconds: 0.0,
        minimise_cpu_seconds: 0.0,
        cpu_seconds: 0.0,
    };
    let most = most_queens_any_board(rows, cols);
    if queens > most {
        report.impossible = Some(format!(
            "no {rows}x{cols} board admits {queens} queens: its {most} 2x2 blocks hold at most \
             one queen each (the cells of a block are adjacent, and no wall fits between)"
        ));
        report.proof = "impossible by the 2x2 block bound".into();
        report.seconds = start.elapsed().as_secs_f64();
        report.cpu_seconds = cpu_since(cpu_start);
        return Ok(report);
    }
    ensure!(
        !opts.fresh_bounds || !(opts.model.lex_leader || opts.model.necessary_walls),
        "--fresh-bounds asks the certificate's CNF, which has neither the lex-leader nor the \
         necessary-walls rule: drop --lex-leader on / --necessary-walls true, or --fresh-bounds"
    );
    if opts.certify {
        // Fail before the search, not after it.
        ensure!(
            drat_checker().is_some(),
            "--certify needs a DRAT checker: install `rate` (cargo install rate, or bash \
             .ci/setup.d/export.sh) or set QUEENSAT_DRAT_CHECKER"
        );
    }
    let mut solver = opts.backend.make();
    let model = WallModel::encode(rows, cols, opts.model, &mut solver)?;
    let deadline = cpu_deadline(opts.time_limit);
    solver.set_stop(deadline);
    let proofs = if opts.fresh_bounds && opts.certify {
        Some(ProofDir::new(opts.certify_dir.as_deref())?)
    } else {
        None
    };
    let mut run = Run {
        model,
        solver,
        opts,
        stop: Rc::new(deadline),
        proofs,
        refuted: None,
        hint: None,
        queens,
        rows,
        cols,
    };
    let base = run
        .model
        .at_least_queens(queens, &mut run.solver)
        .expect("q is within the 2x2 block bound, which the counter's inputs reach");
    let mut calls = Vec::new();
    let lb = wall_lower_bound(rows, cols, queens);
    let start_board = if opts.start_runs > 0 {
        run.start(lb, &mut report)?
    } else {
        None
    };
    let no_board = || {
        anyhow::anyhow!(
            "internal error: no board admits {queens} queens, although the 2x2 block bound allows it"
        )
    };
    // The search ends with the best board found and, unless stopped, the proof of its minimum.
    let (best, proof): (Option<(Board, Placement)>, Option<String>) = match opts.search {
        WallSearch::Down => {
            let first = match start_board {
                Some(b) => Some(b),
                None => match run.call(&base, None, &mut calls)? {
                    Answer::Found(b, p) => Some((b, p)),
                    Answer::Refuted => return Err(no_board()),
                    Answer::Stopped => None,
                },
            };
            match first {
                None => (None, None),
                Some(mut best) => loop {
                    let w = best.0.n_walls();
                    if w == 0 {
                        break (Some(best), Some("no wall is needed".to_string()));
                    }
                    ensure!(
                        w >= lb,
                        "internal error: {w} walls, fewer than the row bound {lb}"
                    );
                    if w == lb {
                        break (Some(best), Some(row_bound_proof(rows, cols, queens)));
                    }
                    match run.call(&base, Some(w - 1), &mut calls)? {
                        Answer::Found(b, p) => {
                            ensure!(b.n_walls() < w, "internal error: the wall bound was not kept");
                            best = (b, p);
                        }
                        Answer::Refuted => {
                            break (Some(best), Some(format!("UNSAT with at most {} walls", w - 1)));
                        }
                        Answer::Stopped => break (Some(best), None),
                    }
                },
            }
        }
        WallSearch::Up => {
            let mut k = lb;
            let found = loop {
                if let Some(b) = start_board.as_ref().filter(|b| b.0.n_walls() <= k) {
                    break Some(b.clone());
                }
                if k > rows * cols {
                    return Err(no_board());
                }
                match run.call(&base, Some(k), &mut calls)? {
                    Answer::Found(b, p) => {
                        ensure!(b.n_walls() <= k, "internal error: the wall bound was not kept");
                        break Some((b, p));
                    }
                    Answer::Refuted => k += 1,
                    Answer::Stopped => break None,
                }
            };
            match found {
                Some(best) => {
                    let w = best.0.n_walls();
                    ensure!(
                        w >= lb,
                        "internal error: {w} walls, fewer than the row bound {lb}"
                    );
                    let proof = if w == 0 {
                        "no wall is needed".to_string()
                    } else if w == lb {
                        row_bound_proof(rows, cols, queens)
                    } else {
                        format!("UNSAT with at most {} walls", w - 1)
                    };
                    (Some(best), Some(proof))
                }
                // Stopped: the annealing's board, if any, is still an upper bound.
                None => (start_board, None),
            }
        }
    };
    let found_by = |w: usize| {
        if calls.iter().any(|c| c.walls == Some(w)) {
            "SAT"
        } else {
            "the annealing's board"
        }
    };
    let Some(proof) = proof else {
        // Stopped: the bounds that hold, and no minimum.
        let (lower, lower_why) = proved_lower_bound(rows, cols, queens, &calls);
        let why = if stop_requested() {
            "interrupted (Ctrl-C)".to_string()
        } else {
            format!(
                "the time limit of {} CPU s ran out",
                opts.time_limit.unwrap_or_default().as_secs_f64()
            )
        };
        let upper = best.as_ref().map_or("no board found yet".to_string(), |(b, _)| {
            let w = b.n_walls();
            format!("at most {w} ({} with {w} walls, board checked)", found_by(w))
        });
        report.proof = format!(
            "NOT proved: {why}; at least {lower} walls ({lower_why}), {upper} ({} solver calls)",
            calls.len()
        );
        run.note(format_args!("{}", report.proof));
        // Not checked, so not kept: the lower bound rests on the solver's word (or the row bound).
        if let Some((_, p)) = run.refuted.take() {
            p.discard();
        }
        report.stopped = Some(Stopped {
            why,
            lower,
            best: best.map(|(board, placement)| FoundBoard { board, placement }),
        });
        report.calls = calls;
        report.minimise_seconds = start.elapsed().as_secs_f64();
        report.minimise_cpu_seconds = cpu_since(cpu_start);
        report.stats = Some(run.figures(&report.calls));
        report.seconds = report.minimise_seconds;
        report.cpu_seconds = report.minimise_cpu_seconds;
        return Ok(report);
    };
    let (board, placement) = best.expect("a proved minimum has its board");
    run.stop_on_ctrl_c_only();
    let w = board.n_walls();
    // The minimum is shown; the witness's value is owed even after a Ctrl-C.
    let v = value_to_the_end(
        &board,
        &ValueOptions {
            backend: opts.backend.clone(),
            ..Default::default()
        },
    )?;
    ensure!(
        v.proved,
        "internal error: the witness board's value was not proved"
    );
    let v = v.value;
    ensure!(
        v >= queens,
        "internal error: the witness board's value {v} is below {queens}"
    );
    report.proof = format!(
        "{} with {w} walls (board checked, value {v}); {proof} ({} solver calls)",
        found_by(w),
        calls.len()
    );
    report.least_walls = Some(w);
    report.row_bound = w > 0 && w == wall_lower_bound(rows, cols, queens);
    report.witness = Some(Witness {
        board,
        placement,
        value: v,
    });
    report.calls = calls;
    report.minimise_seconds = start.elapsed().as_secs_f64();
    report.minimise_cpu_seconds = cpu_since(cpu_start);
    if opts.certify && w > 0 && !report.row_bound {
        let cpu = process_cpu_seconds();
        // A fresh solve that refuted w - 1 wrote the proof already: check it, do not solve again.
        let c = match run.refuted.take() {
            Some((k, proof)) if k + 1 == w => {
                run.note(format_args!(
                    "certifying: checking the DRAT proof of the UNSAT at {k} walls"
                ));
                let kept = run.proofs.as_ref().is_some_and(|d| d.kept());
                let c = proof.check()?;
                Certificate {
                    proof_kept: kept,
                    ..c
                }
            }
            other => {
                if let Some((_, p)) = other {
                    p.discard();
                }
                run.note(format_args!(
                    "certifying: at most {} walls refuted with a DRAT proof",
                    w - 1
                ));
                certify_least_walls(
                    rows,
                    cols,
                    queens,
                    w,
                    opts.model,
                    &opts.backend,
                    opts.certify_dir.as_deref(),
                )?
            }
        };
        ensure!(
            c.certified,
            "the DRAT checker rejected the proof that {} walls are too few for {queens} queens",
            w - 1
        );
        report.certify_cpu_seconds = cpu_since(cpu);
        report.certificate = Some(c);
    }
    if let Some((_, p)) = run.refuted.take() {
        p.discard(); // a proof the certificate did not need
    }
    if opts.count {
        report.count = Some(count_boards(&mut run, &base, w)?);
    }
    report.stats = Some(run.figures(&report.calls));
    report.seconds = start.elapsed().as_secs_f64();
    report.cpu_seconds = cpu_since(cpu_start);
    Ok(report)
}
