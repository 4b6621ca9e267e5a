//! The least-walls model: walls and queens are both unknowns, one of each per cell.
//!
//! Invariant (the contract other commands may rely on): with [`WallOptions::lex_leader`] and
//! [`WallOptions::necessary_walls`] off, for every assignment of the wall literals the clauses
//! admit exactly the legal placements of the board whose walls are the true wall literals
//! (auxiliary variables extend every legal placement, and no illegal one). So a board can be
//! FIXED by assuming its wall literals ([`WallModel::fix_board`]) and many boards can be asked
//! about in one incremental solver. The two options only remove wall sets: the lex-leader keeps
//! the least wall set of each symmetry class, and "necessary walls" keeps only wall sets in
//! which every wall separates two queens (true of every board with the fewest walls). The
//! slack cuts ([`WallOptions::slack_cuts`]) keep the invariant: their indicators extend every
//! legal placement, and their bounds bind only when assumed ([`WallModel::slack_bounds`]).

mod attack;
mod clauses;
mod necessary;
mod segment_count;
mod slack;

use super::count::Counter;
use super::lex_leader::{Carry, Keep, lex_leader};
use super::varmap::{VarMap, VarRole};
use crate::board::{Board, BoardError, Cell, Coord, Family, Placement};
use clauses::{CellLits, add, clause, full_lines};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};
use serde::{Deserialize, Serialize};

crate::choices! {
/// How "no two queens see each other unless a wall stands between" is written.
pub enum Attack {
    /// Per line, an auxiliary "a queen is visible from here" carried forward through cells
    /// without a wall: three clauses and one variable per cell and line family.
    Linear = "linear",
    /// The seed's ILP rule as clauses: for each pair of cells on a line, not both queens
    /// unless some cell strictly between them is a wall. Cubic size, but the default: it was
    /// measured faster on the 8x8 table (encodings/README.md).
    #[default]
    Pairwise = "pairwise",
}
}

crate::choices! {
/// What the "at least q queens" totaliser counts.
pub enum QueenCount {
    /// One indicator per 2x2 block (a block holds at most one queen, since its cells are
    /// pairwise adjacent and nothing fits between adjacent cells): ⌈r/2⌉·⌈c/2⌉ inputs.
    Blocks = "blocks",
    /// One input per cell (the default: blocks measured slower, encodings/README.md).
    #[default]
    Cells = "cells",
    /// Two counts, each a lower bound on the queens: the row segments that hold a queen, and
    /// the column segments (`segment_count.rs`). With the walls fixed, more queens than row or
    /// column segments is refuted by propagation, so the sweep counts this way; with the walls
    /// unknown it is slower (8x8, 13 queens: 13.4 s against 0.6 s of CPU with cells).
    Segments = "segments",
}
}

/// Choices of encoding for the least-walls model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallOptions {
    pub attack: Attack,
    pub count: QueenCount,
    /// Keep only the lexicographically least wall set of each symmetry class.
    pub lex_leader: bool,
    /// Every wall must separate two queens that would otherwise see each other.
    pub necessary_walls: bool,
    /// The segment-slack cuts (implied clauses, no solution lost): in each line family the
    /// walls on the border, adjacent walls and runs without a queen number at most
    /// `lines + walls − queens` ([`WallModel::slack_bounds`]).
    #[serde(default)]
    pub slack_cuts: bool,
}

/// The encoded least-walls model of a `rows × cols` board.
#[derive(Debug)]
pub struct WallModel {
    pub vars: VarMap,
    rows: usize,
    cols: usize,
    /// Wall and queen literal of each cell, by row-major index.
    wall: Vec<Lit>,
    queen: Vec<Lit>,
    queens: Counter,
    walls: Counter,
    /// Per line family with the slack cuts: its number of lines and the counter of its events.
    slack: Vec<(usize, Counter)>,
    lex_leader: bool,
}

impl WallModel {
    /// Encodes the model of an empty `rows × cols` board into `col`.
    pub fn encode<C: CollectClauses>(
        rows: usize,
        cols: usize,
        opts: WallOptions,
        col: &mut C,
    ) -> Result<WallModel, BoardError> {
        Ok(WallModel::for_shape(&Board::new(rows, cols)?, opts, col))
    }

    /// [`WallModel::encode`] for the size of `shape` (its walls and holes are ignored).
    pub fn for_shape<C: CollectClauses>(shape: &Board, opts: WallOptions, col: &mut C) -> WallModel {
        let (rows, cols) = (shape.rows(), shape.cols());
        let shape = Board::new(rows, cols).expect("the size of a board");
        let mut vars = VarMap::new();
        let wall: Vec<Lit> = shape
            .coords()
            .map(|p| vars.named(VarRole::Wall(p)).pos_lit())
            .collect();
        let queen: Vec<Lit> = shape
            .coords()
            .map(|p| vars.named(VarRole::Queen(p)).pos_lit())
            .collect();
        // A queen never stands on a wall.
        add(col, wall.iter().zip(&queen).map(|(&w, &q)| clause(&[!w, !q])));
        let cells = CellLits {
            wall: &wall,
            queen: &queen,
        };
        let lines: Vec<Vec<usize>> = Family::ALL.iter().flat_map(|&f| full_lines(&shape, f)).collect();
        for line in &lines {
            let w: Vec<Lit> = line.iter().map(|&i| wall[i]).collect();
            let q: Vec<Lit> = line.iter().map(|&i| queen[i]).collect();
            match opts.attack {
                Attack::Linear => attack::linear(&w, &q, col, &mut vars),
                Attack::Pairwise => attack::pairwise(&w, &q, col),
            }
        }
        if opts.necessary_walls {
            necessary::encode(&shape, &lines, cells, col, &mut vars);
        }
        if opts.lex_leader {
            break_symmetries(&shape, &wall, col, &mut vars);
        }
        let slack = if opts.slack_cuts {
            slack::encode(&shape, cells, col, &mut vars)
                .into_iter()
                .map(|f| (f.lines, Counter::new(vec![f.events])))
                .collect()
        } else {
            Vec::new()
        };
        let count_inputs = match opts.count {
            QueenCount::Cells => vec![queen.clone()],
            QueenCount::Blocks => vec![blocks(&shape, &queen, col, &mut vars)],
            QueenCount::Segments => segment_count::inputs(&shape, cells, col, &mut vars),
        };
        WallModel {
            vars,
            rows,
            cols,
            queens: Counter::new(count_inputs),
            walls: Counter::new(vec![wall.clone()]),
            slack,
            wall,
            queen,
            lex_leader: opts.lex_leader,
        }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The literal "cell `p` is a wall".
    pub fn wall_lit(&self, (r, c): Coord) -> Lit {
        self.wall[r * self.cols + c]
    }
    /// The literal "a queen stands on cell `p`".
    pub fn queen_lit(&self, (r, c): Coord) -> Lit {
        self.queen[r * self.cols + c]
    }
    /// Wall literals, row-major.
    pub fn wall_lits(&self) -> &[Lit] {
        &self.wall
    }
    /// Queen literals, row-major.
    pub fn queen_lits(&self) -> &[Lit] {
        &self.queen
    }

    /// Adds the lex-leader constraints now (e.g. after a minimisation, before counting
    /// classes); does nothing if the model already has them.
    pub fn add_lex_leader<C: CollectClauses>(&mut self, col: &mut C) {
        if !self.lex_leader {
            let shape = Board::new(self.rows, self.cols).expect("the size was checked when encoding");
            break_symmetries(&shape, &self.wall, col, &mut self.vars);
            self.lex_leader = true;
        }
    }

    /// Whether the lex-leader constraints are in.
    pub fn has_lex_leader(&self) -> bool {
        self.lex_leader
    }

    /// Assumptions that fix the walls to those of `board` (same size; holes are not modelled).
    pub fn fix_board(&self, board: &Board) -> Vec<Lit> {
        assert_eq!(
            (board.rows(), board.cols()),
            (self.rows, self.cols),
            "board size differs"
        );
        board
            .coords()
            .map(|p| {
                let w = self.wall_lit(p);
                if board.cell(p) == Cell::Wall { w } else { !w }
            })
            .collect()
    }

    /// Phases (first guesses) for a solver: the walls of `board` and the queens of
    /// `placement` true, every other wall and queen false.
    pub fn phases_of(&self, board: &Board, placement: &Placement) -> Vec<Lit> {
        let mut phases = Vec::with_capacity(2 * self.wall.len());
        for at in board.coords() {
            let (w, q) = (self.wall_lit(at), self.queen_lit(at));
            phases.push(if board.cell(at) == Cell::Wall { w } else { !w });
            phases.push(if placement.contains(at) { q } else { !q });
        }
        phases
    }

    /// Assumptions for "at least `k` queens"; `None` if the count cannot reach `k`.
    pub fn at_least_queens<C: CollectClauses>(&mut self, k: usize, col: &mut C) -> Option<Vec<Lit>> {
        self.queens.at_least(k, col, &mut self.vars)
    }

    /// Assumptions for "at most `k` walls".
    pub fn at_most_walls<C: CollectClauses>(&mut self, k: usize, col: &mut C) -> Vec<Lit> {
        self.walls.at_most(k, col, &mut self.vars)
    }

    /// Assumptions for the segment-slack cuts that hold whenever at least `queens` queens
    /// stand on a board with at most `walls` walls: in each family of `L` lines, at most
    /// `L + walls − queens` events (see `slack.rs`). Use them only together with the
    /// assumptions of [`WallModel::at_least_queens`]`(queens)` and
    /// [`WallModel::at_most_walls`]`(walls)`. Empty without the cuts, and for a family where
    /// the bound is negative (the row bound already refutes that question).
    pub fn slack_bounds<C: CollectClauses>(&mut self, walls: usize, queens: usize, col: &mut C) -> Vec<Lit> {
        let mut assumps = Vec::new();
        for (lines, counter) in &mut self.slack {
            if let Some(s) = (*lines + walls).checked_sub(queens) {
                assumps.extend(counter.at_most(s, col, &mut self.vars));
            }
        }
        assumps
    }

    /// The board (walls only) of a model.
    pub fn decode_board(&self, is_true: impl Fn(Lit) -> bool) -> Board {
        let mut b = Board::new(self.rows, self.cols).expect("the size was checked when encoding");
        for (i, &w) in self.wall.iter().enumerate() {
            if is_true(w) {
                b.set((i / self.cols, i % self.cols), Cell::Wall);
            }
        }
        b
    }

    /// The queens of a model.
    pub fn decode_placement(&self, is_true: impl Fn(Lit) -> bool) -> Placement {
        (0..self.queen.len())
            .filter(|&i| is_true(self.queen[i]))
            .map(|i| (i / self.cols, i % self.cols))
            .collect()
    }

    /// "Not all of these walls": forbids this wall set among wall sets of the same size
    /// (projection onto the wall variables: the queens are left free).
    pub fn block_walls(&self, board: &Board) -> Clause {
        board.walls().into_iter().map(|p| !self.wall_lit(p)).collect()
    }
}

/// One count input per 2x2 block: the queen literal of a one-cell block, else a new `o`
/// with `o ↔ OR(queens of the block)`. The sum of the inputs equals the number of queens
/// because no block holds two.
fn blocks<C: CollectClauses>(shape: &Board, queen: &[Lit], col: &mut C, vars: &mut VarMap) -> Vec<Lit> {
    let mut inputs = Vec::new();
    for r0 in (0..shape.rows()).step_by(2) {
        for c0 in (0..shape.cols()).step_by(2) {
            let cells: Vec<Lit> = [(r0, c0), (r0, c0 + 1), (r0 + 1, c0), (r0 + 1, c0 + 1)]
                .into_iter()
                .filter(|&p| shape.contains(p))
                .map(|p| queen[shape.index(p)])
                .collect();
            if cells.len() == 1 {
                inputs.push(cells[0]);
                continue;
            }
            let o = vars.named(VarRole::Aux("block occupied")).pos_lit();
            add(
                col,
                std::iter::once(std::iter::once(!o).chain(cells.iter().copied()).collect()),
            );
            add(col, cells.iter().map(|&q| clause(&[!q, o])));
            inputs.push(o);
        }
    }
    inputs
}

/// Lex-leader constraints on the row-major wall vector for every symmetry of the shape but the
/// identity ([`Keep::Least`]): exactly one wall set of each symmetry class survives, the one
/// [`Board::canonical`] picks.
fn break_symmetries<C: CollectClauses>(shape: &Board, wall: &[Lit], col: &mut C, vars: &mut VarMap) {
    for &sym in shape.group().iter().skip(1) {
        let image: Vec<usize> = shape
            .coords()
            .map(|p| shape.index(sym.apply(p, shape.rows(), shape.cols())))
            .collect();
        lex_leader(wall, &image, Keep::Least, Carry::Compact, col, vars);
    }
}
