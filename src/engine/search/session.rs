//! One model in one incremental solver, and the one way a question is asked of it: encode
//! "at least k", solve, decode the solver's model and pass it through the independent checker
//! before anything sees it.

use super::answer::{Answer, Refutation};
use crate::board::{Armies, Board, Placement};
use crate::check::{check_armies, check_placement};
use crate::encode::{ArmyModel, BaseModel, WallModel};
use crate::run::interrupt::Interrupted;
use crate::solve::{AnySolver, SolveIncremental as _, SolverResult};
use rustsat::types::Lit;

/// A question family encoded as CNF: its "at least k" (queens, queens per army), how a model
/// of the solver decodes, and the independent checker's verdict on what it decodes to.
pub trait Model {
    /// What a "yes" is: a placement, two armies, a board with its queens.
    type Found;
    /// What it is called in an internal error.
    const NAME: &'static str;
    /// The assumptions of "at least `k`", `None` when `k` is beyond what the counter reaches.
    fn at_least(&mut self, k: usize, solver: &mut AnySolver) -> Option<Vec<Lit>>;
    /// What the solver's model (`is_true`) encodes.
    fn decode(&self, is_true: &dyn Fn(Lit) -> bool) -> Self::Found;
    /// The independent checker on `found`, on the session's `board`.
    fn check(board: &Board, found: &Self::Found) -> Result<(), String>;
    /// The count `found` reaches, for "at least k" and for the logs.
    fn size(found: &Self::Found) -> usize;
}

/// What one question came back with: its answer and, on a "yes", what was found (checked).
#[derive(Clone, Debug)]
pub struct Reply<T> {
    pub answer: Answer,
    pub found: Option<T>,
}

impl<T> Reply<T> {
    /// A "no" or "stopped", with nothing found.
    pub fn no(answer: Answer) -> Reply<T> {
        Reply { answer, found: None }
    }
}

/// Solves `model` in `solver` under `assumps`: on SAT what the model decodes to, after the
/// independent check on `board` (its failure is an internal error); `None` on UNSAT;
/// [`Interrupted`] when the solver's stop test ended the call.
pub fn solve_checked<M: Model>(
    solver: &mut AnySolver,
    model: &M,
    board: &Board,
    assumps: &[Lit],
) -> anyhow::Result<Option<M::Found>> {
    match solver.solve_assumps(assumps)? {
        SolverResult::Sat => {
            let found = model.decode(&|l| solver.is_true(l));
            if let Err(v) = M::check(board, &found) {
                anyhow::bail!("internal error: the solver's {} fails the checker: {v}", M::NAME);
            }
            Ok(Some(found))
        }
        SolverResult::Unsat => Ok(None),
        SolverResult::Interrupted => Err(Interrupted.into()),
    }
}

/// A board's model loaded into one incremental solver.
pub struct Session<M: Model> {
    pub board: Board,
    pub model: M,
    pub solver: AnySolver,
}

impl<M: Model> Session<M> {
    /// Solves under assumptions ([`solve_checked`]).
    pub fn solve_with(&mut self, assumps: &[Lit]) -> anyhow::Result<Option<M::Found>> {
        solve_checked(&mut self.solver, &self.model, &self.board, assumps)
    }

    /// "At least `k`?" with `extra` assumptions: a checked "yes", the solver's "no", the
    /// counter's "no" beyond its reach, or "stopped" once `stopped()` says so (before the call)
    /// or the solver's stop test ends it.
    pub fn ask(
        &mut self,
        k: usize,
        extra: &[Lit],
        stopped: impl Fn() -> bool,
    ) -> anyhow::Result<Reply<M::Found>> {
        let Some(mut assumps) = self.model.at_least(k, &mut self.solver) else {
            return Ok(Reply::no(Answer::Refuted(Refutation::Counter)));
        };
        if stopped() {
            return Ok(Reply::no(Answer::STOPPED));
        }
        assumps.extend_from_slice(extra);
        match self.solve_with(&assumps) {
            Ok(found) => Ok(Reply {
                answer: Answer::of_solver(found.is_some()),
                found,
            }),
            Err(e) if e.is::<Interrupted>() => Ok(Reply::no(Answer::STOPPED)),
            Err(e) => Err(e),
        }
    }
}

/// A [`Model`] whose own `at_least` and `decode` answer, checked by the independent `$check`
/// and sized by `$size`.
macro_rules! model_of {
    ($model:ty, $found:ty, $name:literal, $check:path, $size:expr) => {
        impl Model for $model {
            type Found = $found;
            const NAME: &'static str = $name;

            fn at_least(&mut self, k: usize, solver: &mut AnySolver) -> Option<Vec<Lit>> {
                <$model>::at_least(self, k, solver)
            }

            fn decode(&self, is_true: &dyn Fn(Lit) -> bool) -> $found {
                <$model>::decode(self, is_true)
            }

            fn check(board: &Board, found: &$found) -> Result<(), String> {
                $check(board, found).map_err(|v| v.to_string())
            }

            fn size(found: &$found) -> usize {
                $size(found)
            }
        }
    };
}

model_of!(BaseModel, Placement, "placement", check_placement, Placement::len);
model_of!(ArmyModel, Armies, "armies", check_armies, Armies::size);

/// The walls are part of the answer: the board decoded, and the queens checked on it.
impl Model for WallModel {
    type Found = (Board, Placement);
    const NAME: &'static str = "board";

    fn at_least(&mut self, k: usize, solver: &mut AnySolver) -> Option<Vec<Lit>> {
        self.at_least_queens(k, solver)
    }

    fn decode(&self, is_true: &dyn Fn(Lit) -> bool) -> (Board, Placement) {
        (self.decode_board(is_true), self.decode_placement(is_true))
    }

    fn check(_shape: &Board, (board, p): &(Board, Placement)) -> Result<(), String> {
        check_placement(board, p).map_err(|v| v.to_string())
    }

    fn size((_, p): &(Board, Placement)) -> usize {
        p.len()
    }
}
