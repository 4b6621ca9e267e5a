//! Static symmetry breaking: lex-leader constraints for a group of board symmetries.
//!
//! Let `x` be the queen indicators of the free cells in row-major order and, for a symmetry
//! `s`, `x∘s⁻¹` the indicators of the image placement `s(x)`. Requiring `s(x) ≤lex x` for every
//! `s` of the board's stabiliser admits exactly the lex-greatest member of each orbit (the
//! group is closed, so that member satisfies every constraint; any other member has a greater
//! image and violates one). Hence the models, on the queen variables, are one per symmetry
//! class. Among placements of equal size the lex-greatest indicator vector is the least sorted
//! queen list, so the representative is the least image by [`Placement`]'s order: the one
//! whose first queen comes earliest.
//!
//! Encoding of `x ≤lex y` over positions `1..m`, with `a_1 = ⊤` and `a_i` meaning "equal on
//! the positions before i": `a_i → (x_i → y_i)` and `a_i ∧ (x_i = y_i) → a_{i+1}`. Only that
//! direction of `a_{i+1}` is needed: a solver free to set `a_{i+1}` false after a strict
//! difference loses no model, and the queen variables stay the only ones that count.

use super::{BaseModel, VarMap, VarRole};
#[cfg(doc)]
use crate::board::Placement;
use crate::board::{Board, Symmetry};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

/// Adds `s(x) ≤lex x` for each symmetry in `symmetries` (which must map the board onto itself).
pub fn encode_lex_leader<C: CollectClauses>(
    board: &Board,
    model: &mut BaseModel,
    symmetries: &[Symmetry],
    col: &mut C,
) {
    let free: Vec<_> = model.queen_lits().collect();
    for &s in symmetries {
        // y at cell c is x at the cell that s sends to c.
        let mut preimage = vec![0usize; board.n_cells()];
        for p in board.coords() {
            preimage[board.index(s.apply(p, board.rows(), board.cols()))] = board.index(p);
        }
        let pairs: Vec<(Lit, Lit)> = free
            .iter()
            .map(|&(p, x)| {
                let from = board.coord(preimage[board.index(p)]);
                let y = model
                    .queen_lit(from)
                    .expect("a stabiliser symmetry maps free cells onto free cells");
                (y, x)
            })
            .filter(|(x, y)| x != y)
            .collect();
        lex_less_or_equal(&pairs, &mut model.vars, col);
    }
}

/// `x ≤lex y` for the pairs `(x_i, y_i)` in order (false < true).
fn lex_less_or_equal<C: CollectClauses>(pairs: &[(Lit, Lit)], vars: &mut VarMap, col: &mut C) {
    let mut clauses: Vec<Clause> = Vec::new();
    // `None` stands for a_1 = ⊤.
    let mut equal_so_far: Option<Lit> = None;
    for (i, &(x, y)) in pairs.iter().enumerate() {
        let guard = |mut lits: Vec<Lit>| {
            if let Some(a) = equal_so_far {
                lits.insert(0, !a);
            }
            lits.into_iter().collect::<Clause>()
        };
        clauses.push(guard(vec![!x, y]));
        if i + 1 < pairs.len() {
            let next = vars.named(VarRole::Aux("lex-leader")).pos_lit();
            clauses.push(guard(vec![x, y, next]));
            clauses.push(guard(vec![!x, !y, next]));
            equal_so_far = Some(next);
        }
    }
    col.extend_clauses(clauses)
        .expect("out of memory while encoding lex-leader constraints");
}
