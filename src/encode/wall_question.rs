//! A least-walls question as a standalone CNF: "does some `rows × cols` board with at most `w`
//! walls hold at least `q` queens?", both bounds as unit clauses.
//!
//! Invariant: the CNF is satisfiable iff the least walls for `q` queens is at most `w`; its
//! models decode to a board and a placement through `model`. The segment-slack cuts
//! (`slack_cuts`) are implied clauses: with or without them the CNF has the same boards and
//! placements.

use super::wall_model::{Attack, WallModel, WallOptions};
use crate::board::BoardError;
use rustsat::instances::Cnf;
use rustsat::types::Clause;

/// The CNF of one least-walls question and the model that decodes it.
pub struct LeastWallsQuestion {
    pub cnf: Cnf,
    pub model: WallModel,
}

impl LeastWallsQuestion {
    pub fn new(
        rows: usize,
        cols: usize,
        queens: usize,
        max_walls: usize,
        attack: Attack,
        slack_cuts: bool,
    ) -> Result<LeastWallsQuestion, BoardError> {
        Self::bounded(rows, cols, queens, Some(max_walls), attack, slack_cuts)
    }

    /// As [`LeastWallsQuestion::new`]; without a wall bound (`None`) the walls are left free,
    /// for a MaxSAT file that minimises them.
    pub fn bounded(
        rows: usize,
        cols: usize,
        queens: usize,
        max_walls: Option<usize>,
        attack: Attack,
        slack_cuts: bool,
    ) -> Result<LeastWallsQuestion, BoardError> {
        let mut cnf = Cnf::new();
        let opts = WallOptions {
            attack,
            slack_cuts,
            ..WallOptions::default()
        };
        let mut model = WallModel::encode(rows, cols, opts, &mut cnf)?;
        match model.at_least_queens(queens, &mut cnf) {
            Some(units) => units.into_iter().for_each(|l| cnf.add_unit(l)),
            // More queens than cells: unsatisfiable by counting alone.
            None => cnf.add_clause(Clause::new()),
        }
        if let Some(w) = max_walls {
            for l in model.at_most_walls(w, &mut cnf) {
                cnf.add_unit(l);
            }
            for l in model.slack_bounds(w, queens, &mut cnf) {
                cnf.add_unit(l);
            }
        }
        Ok(LeastWallsQuestion { cnf, model })
    }

    /// The number of variables (DIMACS `p cnf` count).
    pub fn n_vars(&self) -> u32 {
        self.model.vars.len() as u32
    }
}
