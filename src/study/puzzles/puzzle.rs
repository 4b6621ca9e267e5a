//! One interesting puzzle, and what a search for them reports per number of walls and in all.

use crate::board::{Board, Coord, Placement};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One interesting puzzle.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Puzzle {
    /// The board's shape, that of the run.
    pub rows: usize,
    pub cols: usize,
    /// Walls of the class representative.
    pub walls: Vec<Coord>,
    /// The walls in the published 64-bit layout (boards of at most 8 × 8).
    pub bits: Option<u64>,
    /// The most queens the board holds: the size of `solution`.
    pub value: usize,
    /// The unique optimum on the representative, re-checked.
    pub solution: Placement,
    /// Boards in the symmetry class.
    pub orbit: usize,
    /// Symmetries that map the walls onto themselves (1 = none but the identity).
    pub stabiliser: usize,
    /// No proper subset of the walls has value `value` at all.
    pub strictly_minimal: bool,
    /// Difficulty signal 1: legal placements of `value − 1` queens (near misses).
    pub near_solutions: u64,
    /// Difficulty signal 2: seconds of the uniqueness proof (the counting tree's search and
    /// replay, or the SAT query's encoding and UNSAT answer).
    pub proof_seconds: f64,
}

impl Puzzle {
    pub fn k(&self) -> usize {
        self.walls.len()
    }
    pub fn board(&self) -> Board {
        Board::with_walls(self.rows, self.cols, &self.walls).expect("walls lie on the board")
    }
}

/// Counts for one value at one number of walls.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ValueCounts {
    /// Symmetry classes with this value.
    pub classes: usize,
    /// Boards (sum of class sizes).
    pub boards: usize,
    /// Classes skipped because a subset is already a puzzle of the same value.
    pub contain_a_puzzle: usize,
    /// Classes shown to have a second optimum.
    pub not_unique: usize,
    /// Interesting puzzles (classes).
    pub puzzles: usize,
}

/// What one number of walls gave.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LevelStats {
    pub walls: usize,
    /// Symmetry classes of `walls`-wall boards processed.
    pub classes: usize,
    /// Classes whose value is below `min_value` (by the upper bound, without a solver, or
    /// solved); their counts are not kept.
    pub below_min_value: usize,
    /// Value → counts (only values ≥ `min_value`).
    pub by_value: BTreeMap<usize, ValueCounts>,
    /// Second optima found without a solver (stabiliser image or a subset's optimum).
    pub refuted_without_solver: usize,
    /// Uniqueness queries put to the solver.
    pub uniqueness_queries: usize,
    /// False when `limit` or a stop signal stopped the level early.
    pub complete: bool,
    pub seconds: f64,
}

/// The whole answer.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleReport {
    pub definition: &'static str,
    pub rows: usize,
    pub cols: usize,
    pub walls_min: usize,
    pub walls_max: usize,
    pub min_value: usize,
    pub limit: Option<usize>,
    /// How values and uniqueness were proved: `tree` (replayed search trees) or `reuse` (SAT).
    pub engine: crate::study::sweep::Engine,
    pub solver: String,
    pub amo: &'static str,
    pub count: &'static str,
    pub levels: Vec<LevelStats>,
    pub puzzles: Vec<Puzzle>,
    pub seconds: f64,
    /// Why a stop signal ended the run early (`interrupted (SIGTERM)`): the puzzles are then
    /// those found before it, each a puzzle, but not all of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<String>,
}

impl PuzzleReport {
    /// The puzzles in the order every output lists them (walls, value, bit pattern, cells),
    /// each solution re-checked by the independent checker on the way out (a run's own and a
    /// merge's alike).
    pub fn for_output(mut self) -> anyhow::Result<PuzzleReport> {
        self.puzzles
            .sort_by(|x, y| (x.k(), x.value, x.bits, &x.walls).cmp(&(y.k(), y.value, y.bits, &y.walls)));
        for p in &self.puzzles {
            if let Err(e) = crate::check::check_placement(&p.board(), &p.solution) {
                anyhow::bail!(
                    "internal error: puzzle {:?} solution fails the checker: {e}",
                    p.walls
                );
            }
        }
        Ok(self)
    }
}
