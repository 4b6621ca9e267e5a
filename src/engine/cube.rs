//! A cube: a part of a board's placements, named by the cells that hold no queen and the sets
//! of cells that each hold one, and asked of a solver as clauses. Cube-and-conquer splits a
//! question into cubes that together hold every placement (a value, armies, least walls).

use crate::board::{Coord, Placement};
use crate::encode::BaseModel;
use crate::solve::{AnySolver, Solve as _};
use rustsat::types::{Clause, Lit};
use serde::{Deserialize, Serialize};

/// A part of a board's placements: those with no queen on `empty` and a queen on some cell of
/// each set of `queen_in`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cube {
    pub empty: Vec<Coord>,
    pub queen_in: Vec<Vec<Coord>>,
}

impl Cube {
    /// The cube as clauses over `model`'s queen variables (a cell that is not free holds no
    /// queen already: it has no literal, and drops out).
    pub fn clauses(&self, model: &BaseModel) -> Vec<Clause> {
        self.clauses_over(|p| model.queen_lit(p))
    }

    /// The cube as clauses over the queen variables `lit` gives (`None`: no queen can stand
    /// there).
    pub fn clauses_over(&self, lit: impl Fn(Coord) -> Option<Lit>) -> Vec<Clause> {
        let lit = |p: &Coord| lit(*p);
        let empty = (self.empty.iter().filter_map(lit)).map(|l: Lit| Clause::from_iter([!l]));
        let some = self
            .queen_in
            .iter()
            .map(|set| set.iter().filter_map(lit).collect());
        empty.chain(some).collect()
    }

    /// Whether `placement` lies in the cube: no queen on its empty cells, one or more in each
    /// of its sets.
    pub fn holds(&self, placement: &Placement) -> bool {
        self.holds_cells(placement.queens())
    }

    /// Whether the cells `on` (queens, or whatever the cube's variables stand for) lie in the
    /// cube: none on its empty cells, one or more in each of its sets.
    pub fn holds_cells(&self, on: &[Coord]) -> bool {
        !self.empty.iter().any(|p| on.contains(p))
            && (self.queen_in.iter()).all(|set| on.iter().any(|q| set.contains(q)))
    }

    /// What the cube says of `cells`: its empty cells among them, and its sets that meet them,
    /// each sorted (the sets in order), so that two cubes that say the same compare equal.
    pub fn on(&self, cells: &[Coord]) -> (Vec<Coord>, Vec<Vec<Coord>>) {
        let mut empty: Vec<Coord> = (self.empty.iter().copied())
            .filter(|p| cells.contains(p))
            .collect();
        empty.sort_unstable();
        let mut sets: Vec<Vec<Coord>> = (self.queen_in.iter())
            .filter(|s| s.iter().any(|p| cells.contains(p)))
            .map(|s| {
                let mut s = s.clone();
                s.sort_unstable();
                s
            })
            .collect();
        sets.sort_unstable();
        (empty, sets)
    }
}

/// A cube's `clauses` in `solver` under the activation literal `on`: its unit clauses as
/// assumptions (returned, `on` first), the others added with `¬on`, so that the unit `¬on`
/// added after the cube's calls takes them out again.
pub fn assume_cube(solver: &mut AnySolver, on: Lit, clauses: Vec<Clause>) -> anyhow::Result<Vec<Lit>> {
    let mut assumps = vec![on];
    for mut clause in clauses {
        match clause.len() {
            1 => assumps.push(clause[0]),
            _ => {
                clause.add(!on);
                solver.add_clause(clause)?;
            }
        }
    }
    Ok(assumps)
}
