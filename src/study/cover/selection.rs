//! A selection of solutions (indices into the list) and how it is judged: counted per square
//! (disjoint for packing, covering for covering), and the SAT model whose variables select.

use crate::board::{Board, Placement};
use crate::encode::{Amo, Goal, SelectionModel};
use crate::solve::{AnySolver, Backend};

/// Re-checks a selection by counting, per square, how many selected solutions hold it.
pub(super) fn coverage(n: usize, sols: &[Placement], sel: &[usize]) -> Vec<usize> {
    let mut count = vec![0; n * n];
    for &i in sel {
        for &(r, c) in sols[i].queens() {
            count[r * n + c] += 1;
        }
    }
    count
}

/// Whether `sel` (indices into `sols`) is disjoint (packing) or covers the n×n board
/// (covering), by counting, per square, the selected solutions that hold it.
pub(super) fn fits(n: usize, sols: &[Placement], goal: Goal, sel: &[usize]) -> bool {
    let cov = coverage(n, sols, sel);
    match goal {
        Goal::Pack => cov.iter().all(|&c| c <= 1),
        Goal::Cover => cov.iter().all(|&c| c >= 1),
    }
}

/// Whether `sel` names distinct listed solutions, ascending, and fits `goal` ([`fits`]): how a
/// selection read back (a start, a cube's answer) is judged.
pub(super) fn listed_and_fits(n: usize, sols: &[Placement], goal: Goal, sel: &[usize]) -> bool {
    sel.windows(2).all(|w| w[0] < w[1])
        && sel.last().is_none_or(|&i| i < sols.len())
        && fits(n, sols, goal, sel)
}

/// The model of `goal` over `sols` on the n×n board in a new solver of `backend`, able to
/// bound the number selected up to `bound` (see [`SelectionModel::encode`]), with lex-leader
/// symmetry breaking when asked.
pub(super) fn selection_solver(
    n: usize,
    sols: &[Placement],
    goal: Goal,
    amo: Amo,
    bound: usize,
    symmetry_breaking: bool,
    backend: &Backend,
) -> anyhow::Result<(SelectionModel, AnySolver)> {
    let board = Board::square(n)?;
    let mut solver = backend.make();
    let mut model = SelectionModel::encode(&board, sols, goal, amo, bound, &mut solver);
    if symmetry_breaking {
        model.break_symmetries(&board, sols, &mut solver);
    }
    Ok((model, solver))
}

/// The goal's name in messages and file names.
pub(super) fn goal_name(g: Goal) -> &'static str {
    match g {
        Goal::Pack => "pack",
        Goal::Cover => "cover",
    }
}
