//! CNF for peaceable armies: a white and a black queen variable per free square.
//!
//! Invariant: a model of the clauses is exactly a legal position: no square holds both
//! colours, and no segment (maximal wall-free run of a line) holds queens of both colours.
//! Two encodings of the second rule:
//! - [`ArmyEncoding::Segments`] (linear): per segment with two or more free squares, a variable
//!   "holds white" `W` and "holds black" `B`, with `w → W`, `b → B` for its squares and
//!   `¬W ∨ ¬B`. Size is linear in the total length of the segments.
//! - [`ArmyEncoding::Pairs`]: `¬w_p ∨ ¬b_q` for every ordered pair of distinct squares on a
//!   common segment. Quadratic, kept for comparison.
//!
//! The army sizes are counted by one totaliser per colour ([`Counter`]).

use super::count::Counter;
use super::varmap::VarMap;
use crate::board::{Armies, Board, Cell, Coord, Placement};
use rustsat::encodings::CollectClauses;
use rustsat::instances::ManageVars as _;
use rustsat::types::{Clause, Lit};

crate::choices! {
/// How "no queen sees a queen of the other colour" is encoded.
pub enum ArmyEncoding {
    /// Per segment a "holds white" and a "holds black" variable (linear size).
    #[default]
    Segments = "segments",
    /// A binary clause for every attacking white/black pair (quadratic size).
    Pairs = "pairs",
}
}

/// The encoded armies model of one board.
#[derive(Debug)]
pub struct ArmyModel {
    pub vars: VarMap,
    cols: usize,
    /// White and black literal of each square by row-major index; `None` off free squares.
    white: Vec<Option<Lit>>,
    black: Vec<Option<Lit>>,
    white_count: Counter,
    black_count: Counter,
    /// Clauses of the model itself (not counting totalisers added later).
    pub n_clauses: usize,
}

fn add<C: CollectClauses>(col: &mut C, clause: Clause, n: &mut usize) {
    col.extend_clauses([clause])
        .expect("out of memory while encoding armies");
    *n += 1;
}

impl ArmyModel {
    pub fn encode<C: CollectClauses>(board: &Board, enc: ArmyEncoding, col: &mut C) -> ArmyModel {
        let mut vars = VarMap::new();
        let mut colour_lits = |name: &'static str| -> Vec<Option<Lit>> {
            vars.owner(name);
            board
                .coords()
                .map(|p| (board.cell(p) == Cell::Free).then(|| vars.new_var().pos_lit()))
                .collect()
        };
        let white = colour_lits("white queen");
        let black = colour_lits("black queen");
        let mut n = 0;
        for (w, b) in white.iter().zip(&black) {
            if let (Some(w), Some(b)) = (w, b) {
                add(col, [!*w, !*b].into_iter().collect(), &mut n);
            }
        }
        let at = |v: &[Option<Lit>], p: Coord| v[board.index(p)];
        for seg in board.segments() {
            let cells: Vec<Coord> = seg.free_cells(board).collect();
            if cells.len() < 2 {
                continue;
            }
            match enc {
                ArmyEncoding::Segments => {
                    vars.owner("segment holds white");
                    let holds_w = vars.new_var().pos_lit();
                    vars.owner("segment holds black");
                    let holds_b = vars.new_var().pos_lit();
                    for &p in &cells {
                        add(
                            col,
                            [!at(&white, p).unwrap(), holds_w].into_iter().collect(),
                            &mut n,
                        );
                        add(
                            col,
                            [!at(&black, p).unwrap(), holds_b].into_iter().collect(),
                            &mut n,
                        );
                    }
                    add(col, [!holds_w, !holds_b].into_iter().collect(), &mut n);
                }
                ArmyEncoding::Pairs => {
                    for &p in &cells {
                        for &q in &cells {
                            if p != q {
                                let cl = [!at(&white, p).unwrap(), !at(&black, q).unwrap()];
                                add(col, cl.into_iter().collect(), &mut n);
                            }
                        }
                    }
                }
            }
        }
        // Two squares can share more than one segment only if they are the same square, so the
        // pair clauses above never repeat.
        let white_count = Counter::new(vec![white.iter().flatten().copied().collect()]);
        let black_count = Counter::new(vec![black.iter().flatten().copied().collect()]);
        ArmyModel {
            vars,
            cols: board.cols(),
            white,
            black,
            white_count,
            black_count,
            n_clauses: n,
        }
    }

    /// Lex-leader constraints for every symmetry of the board combined with swapping the
    /// colours, over the vector (white squares, black squares) in row-major order: of each
    /// class of positions only the lexicographically least remains. Returns the clauses added.
    pub fn break_symmetries<C: CollectClauses>(&mut self, board: &Board, col: &mut C) -> usize {
        let free = board.free_cells();
        let slot: std::collections::HashMap<Coord, usize> =
            free.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let lit = |v: &[Option<Lit>], p: Coord| v[board.index(p)].expect("free square");
        let x: Vec<Lit> = free
            .iter()
            .map(|&p| lit(&self.white, p))
            .chain(free.iter().map(|&p| lit(&self.black, p)))
            .collect();
        let k = free.len();
        let mut n = 0;
        for sym in board.stabiliser() {
            for swap in [false, true] {
                let perm: Vec<usize> = (0..2 * k)
                    .map(|j| {
                        let to = slot[&sym.apply(free[j % k], board.rows(), board.cols())];
                        let white = (j < k) != swap;
                        if white { to } else { to + k }
                    })
                    .collect();
                n += super::lex_leader::lex_leader(
                    &x,
                    &super::lex_leader::inverse(&perm),
                    super::lex_leader::Keep::Least,
                    super::lex_leader::Carry::Full,
                    col,
                    &mut self.vars,
                );
            }
        }
        n
    }

    /// Assumptions for "both armies have at least `m` queens"; `None` if out of reach.
    pub fn at_least<C: CollectClauses>(&mut self, m: usize, col: &mut C) -> Option<Vec<Lit>> {
        let mut a = self.white_count.at_least(m, col, &mut self.vars)?;
        a.extend(self.black_count.at_least(m, col, &mut self.vars)?);
        Some(a)
    }

    /// Assumptions for "both armies have exactly `m` queens" (equal sizes); `None` if out of
    /// reach.
    pub fn exactly<C: CollectClauses>(&mut self, m: usize, col: &mut C) -> Option<Vec<Lit>> {
        let mut a = self.white_count.exactly(m, col, &mut self.vars)?;
        a.extend(self.black_count.exactly(m, col, &mut self.vars)?);
        Some(a)
    }

    /// The literal of a white (`white`) or black queen on `p`; `None` off the free squares.
    pub fn queen_lit(&self, white: bool, (r, c): Coord) -> Option<Lit> {
        let v = if white { &self.white } else { &self.black };
        v.get(r * self.cols + c).copied().flatten()
    }

    /// The position a model describes.
    pub fn decode(&self, is_true: impl Fn(Lit) -> bool) -> Armies {
        let pick = |v: &[Option<Lit>]| -> Placement {
            v.iter()
                .enumerate()
                .filter(|(_, l)| l.is_some_and(&is_true))
                .map(|(i, _)| (i / self.cols, i % self.cols))
                .collect()
        };
        Armies::new(pick(&self.white), pick(&self.black))
    }

    /// "Not all of these queens": forbids exactly this position among positions with the same
    /// army sizes (any other such position lacks one of its queens).
    pub fn blocking_clause(&self, armies: &Armies) -> Clause {
        let lit = |v: &[Option<Lit>], (r, c): Coord| {
            !v[r * self.cols + c].expect("an army's queens stand on free squares")
        };
        armies
            .white
            .queens()
            .iter()
            .map(|&p| lit(&self.white, p))
            .chain(armies.black.queens().iter().map(|&p| lit(&self.black, p)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::instances::Cnf;

    #[test]
    fn linear_encoding_is_smaller_on_big_boards() {
        let b = Board::square(8).unwrap();
        let mut lin = Cnf::new();
        let mut pairs = Cnf::new();
        let l = ArmyModel::encode(&b, ArmyEncoding::Segments, &mut lin);
        let p = ArmyModel::encode(&b, ArmyEncoding::Pairs, &mut pairs);
        assert_eq!(l.n_clauses, lin.len());
        assert_eq!(p.n_clauses, pairs.len());
        assert!(lin.len() * 2 < pairs.len(), "{} vs {}", lin.len(), pairs.len());
    }
}
