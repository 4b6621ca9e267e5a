//! What a least-walls query asks and how: the wall model, the search of the wall bound, the
//! solver, the count of the least boards, certificates and limits.

use crate::encode::WallOptions;
use crate::run::Reporter;
use crate::solve::Backend;
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
    /// thread and report the bounds it has ([`Stopped`](crate::study::least_walls::Stopped)); Ctrl-C stops it likewise. CaDiCaL
    /// stops inside a call, the other solvers between calls (but
    /// the command line's search answers at once, `least_walls_answering_signals`). The certificate and the count
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
