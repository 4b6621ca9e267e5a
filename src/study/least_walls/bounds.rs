//! The bounds on the walls q queens need that take no solver, and the bound a search's calls
//! show.

use super::report::FoundBoard;
use crate::board::{Board, Placement};
use crate::engine::WallCall;
use crate::io::plural;

/// The most queens any `rows × cols` board admits: one per 2x2 block (cells of a block are
/// pairwise adjacent, and nothing blocks adjacent cells), reached by queens on the cells with
/// two even coordinates and walls everywhere else.
pub fn most_queens_any_board(rows: usize, cols: usize) -> usize {
    rows.div_ceil(2) * cols.div_ceil(2)
}

/// Why no `rows × cols` board admits `queens` queens, when the 2×2 blocks already say so: the
/// blocks named as a board of that shape has them (a board one cell wide has blocks of two
/// neighbouring cells, not 2x2 ones).
pub fn beyond_the_block_bound(rows: usize, cols: usize, queens: usize) -> Option<String> {
    let most = most_queens_any_board(rows, cols);
    let blocks = match rows.min(cols) {
        1 => format!(
            "{} form {} of at most two neighbouring cells, which hold",
            plural(rows * cols, "cell", "cells"),
            plural(most, "block", "blocks")
        ),
        _ => format!("{} hold", plural(most, "2x2 block", "2x2 blocks")),
    };
    (queens > most).then(|| {
        format!(
            "no {rows}x{cols} board admits {queens} queens: its {blocks} at most one queen each (the \
             cells of a block are adjacent, and no wall fits between)"
        )
    })
}

/// A `rows × cols` board that holds `queens` queens by construction: a queen on each cell of
/// even row and even column (row-major, the first `queens` of them), a wall on every cell of
/// an odd row or an odd column, so that a wall stands between any two queens on a line. `None`
/// above the 2×2 block bound.
pub(super) fn block_board(rows: usize, cols: usize, queens: usize) -> anyhow::Result<Option<FoundBoard>> {
    if queens > most_queens_any_board(rows, cols) {
        return Ok(None);
    }
    let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
    let walls: Vec<_> = cells.clone().filter(|(r, c)| r % 2 == 1 || c % 2 == 1).collect();
    let queens = cells
        .filter(|(r, c)| r % 2 == 0 && c % 2 == 0)
        .take(queens)
        .collect();
    Ok(Some(FoundBoard {
        board: Board::with_walls(rows, cols, &walls)?,
        placement: Placement::new(queens),
    }))
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
        Some(k) if k >= lb => (k + 1, unsat_at_most(k)),
        _ => (lb, format!("the row bound: q - min(rows, cols) = {lb}")),
    }
}

/// The refutation of `walls` walls by the solver: "UNSAT with at most 1 wall".
pub fn unsat_at_most(walls: usize) -> String {
    format!("UNSAT with at most {}", plural(walls, "wall", "walls"))
}

/// The proof of a minimum that equals the row bound, in words (it needs no solver call, which
/// the report's count of calls says).
pub(super) fn row_bound_proof(rows: usize, cols: usize, queens: usize) -> String {
    let lines = if rows <= cols { "row" } else { "column" };
    format!(
        "the row bound: a {lines} with m queens holds at least m - 1 walls between them, so {queens} \
         queens on {rows}x{cols} need at least {}",
        plural(wall_lower_bound(rows, cols, queens), "wall", "walls")
    )
}
