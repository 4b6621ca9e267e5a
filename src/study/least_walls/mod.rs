//! Least walls for q queens, what is asked and what is answered: the options of a query, its
//! report (the minimum, a witness board, the proof or the bounds of a stopped search, the
//! count of the least boards), and the bounds that need no solver. The search is
//! `search`; the solver state it shares with the count is `run`.

mod count;
mod cube_plan;
mod cubes;
mod queens;
mod run;
mod search;
mod start;

use crate::board::{Board, Placement};
use crate::encode::WallOptions;
use crate::engine::WallCall;
use crate::run::Reporter;
use crate::solve::{Backend, Certificate};
pub use cubes::{WallCubeAsk, WallCubesReport, least_walls_in_cubes, merge_wall_cubes};
pub use queens::{LeastWallsSpec, least_walls_over};
pub use search::least_walls;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::Duration;

crate::choices! {
/// How the wall bound moves.
pub enum WallSearch {
    /// From a first board down: after each SAT answer ask for one wall fewer.
    #[default]
    Down = "down",
    /// From the counting lower bound up until the first SAT answer.
    Up = "up",
}
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
    /// by the external checker ([`certify_least_walls`](crate::engine::certify_least_walls)). A proof the checker rejects is an error.
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
    /// clauses ([`ask_wall_bound`](crate::engine::ask_wall_bound)), instead of the incremental solver under assumptions. With
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoundBoard {
    pub board: Board,
    pub placement: Placement,
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
    /// False when the report rests on an external solver's UNSAT that nothing checked (runs
    /// saved before the label were all made with built-in solvers).
    #[serde(default = "certified_by_default")]
    pub certified: bool,
    /// Time of the minimisation alone, and of everything: wall clock and process CPU.
    pub minimise_seconds: f64,
    pub seconds: f64,
    pub minimise_cpu_seconds: f64,
    pub cpu_seconds: f64,
}

fn certified_by_default() -> bool {
    true
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
        .filter(|c| c.answer.is_solver_unsat())
        .filter_map(|c| c.question)
        .max();
    match refuted {
        Some(k) if k >= lb => (k + 1, format!("UNSAT with at most {k} walls")),
        _ => (lb, format!("the row bound: q - min(rows, cols) = {lb}")),
    }
}

/// The proof of a minimum that equals the row bound, in words.
pub(super) fn row_bound_proof(rows: usize, cols: usize, queens: usize) -> String {
    let lines = if rows <= cols { "row" } else { "column" };
    format!(
        "the row bound: a {lines} with m queens holds at least m - 1 walls between them, so {queens} \
         queens on {rows}x{cols} need at least {} walls (no solver call)",
        wall_lower_bound(rows, cols, queens)
    )
}
