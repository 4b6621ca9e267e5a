//! What a least-walls query answers: the minimum with a witness board and its proof, or the
//! bounds of a stopped search, and the count of the least boards.

use super::options::WallSearch;
use crate::board::{Board, Placement};
use crate::engine::WallCall;
use crate::solve::Certificate;
use crate::study::value_count::ValueCount;
use serde::{Deserialize, Deserializer, Serialize};

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
    /// q queens need at least this many walls: the row bound [`wall_lower_bound`](crate::study::wall_lower_bound), or one
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
    /// The counted boards by value, one entry for each value met, by value (the sweep's
    /// entries: classes and boards of each value).
    #[serde(deserialize_with = "by_value_either")]
    pub by_value: Vec<ValueCount>,
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

/// `by_value` as JSON gives it: objects (`ValueCount`), or the `[value, classes, boards]`
/// that runs saved before the names wrote.
fn by_value_either<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<ValueCount>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Entry {
        Named(ValueCount),
        Triple(usize, u64, u64),
    }
    let entries = Vec::<Entry>::deserialize(d)?.into_iter();
    let named = entries.map(|e| match e {
        Entry::Named(v) => v,
        Entry::Triple(value, classes, boards) => ValueCount {
            value,
            classes,
            boards,
        },
    });
    Ok(named.collect())
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
    /// Whether each wall bound went to a fresh solver ([`LeastWallsOptions::fresh_bounds`](crate::study::LeastWallsOptions::fresh_bounds)).
    #[serde(default)]
    pub fresh_bounds: bool,
    pub search: WallSearch,
    pub stats: Option<SolverFigures>,
    /// The minimum (> 0) equals the row bound [`wall_lower_bound`](crate::study::wall_lower_bound), which proves it without a
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_by_value_names_its_fields_and_reads_the_old_triples() {
        let e = ValueCount {
            value: 7,
            classes: 1,
            boards: 2,
        };
        let j = serde_json::to_value([&e]).unwrap();
        assert_eq!(j, serde_json::json!([{"value": 7, "classes": 1, "boards": 2}]));
        let read = |j: serde_json::Value| by_value_either(j).unwrap();
        assert_eq!(read(j), vec![e.clone()]);
        // Runs saved before the names wrote [value, classes, boards].
        assert_eq!(read(serde_json::json!([[7, 1, 2]])), vec![e]);
    }
}
