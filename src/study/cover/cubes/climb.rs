//! A worker's answer to one cube: in the question's solver (one per question, kept across the
//! worker's cubes), the cube's clauses assumed, one beyond the start asked and the climb
//! continued while the answer is yes, each selection re-checked by counting squares; then the
//! cube's clauses leave the solver and what it learnt stays.

use super::cut::CoverCube;
use super::spec::{beyond, goal_word};
use crate::board::Placement;
use crate::encode::{Goal, SelectionModel, VarRole};
use crate::engine::assume_cube;
use crate::io::plural;
use crate::run::interrupt::Interrupted;
use crate::solve::{AnySolver, Backend, Solve as _, SolveIncremental as _, SolverResult};
use crate::study::cover::selection::fits;
use crate::study::cubes::{Answered, CubeVerdict};
use anyhow::ensure;
use rustsat::types::Clause;
use serde::{Deserialize, Serialize};

/// One question's model in a worker's solver, each cube asked under an assumption of its own.
pub(super) struct GoalSolver {
    pub model: SelectionModel,
    pub solver: AnySolver,
}

/// One worker's solvers for the cubes of one board: a question's, made at its first cube.
#[derive(Default)]
pub struct CoverCubeSolver {
    pub(super) pack: Option<GoalSolver>,
    pub(super) cover: Option<GoalSolver>,
}

/// One cube's answer, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CoverCubeAnswer {
    /// The best selection's size in the cube, where better than the start's (packing more,
    /// covering fewer): one short of the bound refuted.
    pub best: Option<usize>,
    /// A selection of `best` in the cube (indices into the solution list, ascending; checked
    /// by counting squares); empty for `None`.
    pub selection: Vec<usize>,
    /// The bound refuted in the cube: at least this many (packing), at most (covering).
    pub refuted: usize,
}

/// `cube`'s best selection beyond the start (of size `start`), climbing in `gs` over the
/// solutions `sols` of the n×n board, and whether a solver's UNSAT refuted the bound beyond
/// it (the verdict says whose word it is: `backend`'s).
pub(super) fn climb(
    gs: &mut GoalSolver,
    cube: &CoverCube,
    n: usize,
    sols: &[Placement],
    start: usize,
    backend: &Backend,
) -> anyhow::Result<(Answered<CoverCubeAnswer>, bool)> {
    let goal = cube.goal;
    let on = gs.model.vars.named(VarRole::Aux("cube")).pos_lit();
    let extra = assume_cube(&mut gs.solver, on, cube.clauses(&gs.model))?;
    let mut k = beyond(goal, start);
    let mut best: Option<Vec<usize>> = None;
    let mut calls = 0;
    let by_solver = loop {
        let bound = match (goal, k) {
            (Goal::Pack, Some(k)) => gs.model.at_least(k),
            (Goal::Cover, Some(k)) => Some(gs.model.at_most(k)),
            (_, None) => None,
        };
        let Some(mut assumps) = bound else {
            break false;
        };
        assumps.extend(&extra);
        calls += 1;
        match gs.solver.solve_assumps(&assumps)? {
            SolverResult::Sat => {
                let sel = gs.model.decode(|l| gs.solver.is_true(l));
                ensure!(
                    cube.holds(&sel) && fits(n, sols, goal, &sel),
                    "internal error: a selection fails the {} check in its cube",
                    goal_word(goal)
                );
                k = beyond(goal, sel.len());
                best = Some(sel);
            }
            SolverResult::Unsat => break true,
            SolverResult::Interrupted => {
                gs.solver.add_clause(Clause::from_iter([!on]))?;
                // A stop signal ends the climb unproved: the cube is not written.
                return Err(Interrupted.into());
            }
        }
    };
    // The cube's clauses leave the solver; what it learnt stays.
    gs.solver.add_clause(Clause::from_iter([!on]))?;
    let k = k.unwrap_or(0);
    let proof = cube_proof(goal, k, by_solver, calls, n, sols.len());
    let a = CoverCubeAnswer {
        best: best.as_ref().map(Vec::len),
        selection: best.unwrap_or_default(),
        refuted: k,
    };
    Ok(((a, CubeVerdict::of_call(proof, backend, by_solver)), by_solver))
}

/// Why a cube holds nothing beyond its answer, in words: the bound `k` refuted by the solver
/// (`by_solver`, in `calls` calls) or by counting the n×n board's `n_sols` solutions.
fn cube_proof(goal: Goal, k: usize, by_solver: bool, calls: usize, n: usize, n_sols: usize) -> String {
    match (by_solver, goal) {
        (true, Goal::Pack) => format!(
            "UNSAT with at least {k} selected in the cube ({})",
            plural(calls, "solver call", "solver calls")
        ),
        (true, Goal::Cover) => format!(
            "UNSAT with at most {k} selected in the cube ({})",
            plural(calls, "solver call", "solver calls")
        ),
        // The counter holds no "at least k": k exceeds the solutions, or their squares.
        (false, _) if k > n_sols => format!("{k} selected exceed the {n_sols} solutions"),
        (false, _) => format!("{k} disjoint solutions would need {} > {} squares", k * n, n * n),
    }
}
