//! One board, its base model, and one incremental solver: the unit that value search and
//! enumeration share, so learned clauses carry over between their queries.

use crate::board::{Board, Coord, Placement, Symmetry};
use crate::encode::{BaseModel, BaseOptions, Carry, Keep, VarRole, lex_leader};
use crate::solve::{AnySolver, Backend};
use rustsat::types::{Clause, Lit};
use std::collections::{HashMap, HashSet};

pub use crate::run::interrupt::Interrupted;

/// How the clauses of a question enter the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// Under assumptions (the implied clauses behind an activation literal among them), so
    /// that a later question about fewer queens is not cut.
    Assumed,
    /// As clauses for good, for a search whose later questions all ask for at least k queens:
    /// "at least k' ≥ k" implies "at least k" and the clauses the certificate implies for k
    /// (their slack only shrinks as k grows). The session then answers no question about
    /// fewer queens ([`at_least_implied`](BoardSession::at_least_implied) refuses one). The
    /// solver may simplify with them at its root, where it can do nothing with an assumption:
    /// the 28×28 step-5 lattice, whose last call is UNSAT at 39 with 292 cells forced empty by
    /// the LP certificate, 104.8 → 58.0 s of CPU (docs/bench.md, "Counts and implied clauses
    /// for good").
    Imposed,
}

/// A board loaded into a solver.
pub struct BoardSession {
    pub board: Board,
    pub model: BaseModel,
    pub solver: AnySolver,
    /// The most queens held for good ([`Hold::Imposed`]): every model has at least this many.
    floor: usize,
    /// The implied clauses held for good: a search upwards asks for the forced facts of each
    /// count again with the next, and each goes in once.
    held: HashSet<Clause>,
    /// The implied clauses added to the solver so far, each held one once and the assumed
    /// ones once per question (behind that question's activation literal).
    implied_added: usize,
}

impl BoardSession {
    pub fn new(board: &Board, opts: BaseOptions, backend: &Backend) -> BoardSession {
        BoardSession::with_solver(board, opts, backend.make())
    }

    /// The same, encoded into `solver` (a fresh one, configured by the caller).
    pub fn with_solver(board: &Board, opts: BaseOptions, mut solver: AnySolver) -> BoardSession {
        let model = BaseModel::encode(board, opts, &mut solver);
        BoardSession {
            board: board.clone(),
            model,
            solver,
            floor: 0,
            held: HashSet::new(),
            implied_added: 0,
        }
    }

    /// Solves under assumptions; on SAT, the decoded placement after the independent check.
    pub fn solve_with(&mut self, assumps: &[Lit]) -> anyhow::Result<Option<Placement>> {
        super::search::solve_checked(&mut self.solver, &self.model, &self.board, assumps)
    }

    /// A placement of at least `k` queens, or `None` when none exists (an UNSAT answer, or
    /// `k` beyond what the counter's inputs can reach).
    pub fn at_least(&mut self, k: usize) -> anyhow::Result<Option<Placement>> {
        self.check_floor(k)?;
        match self.model.at_least(k, &mut self.solver) {
            Some(a) => self.solve_with(&a),
            None => Ok(None),
        }
    }

    /// "At least `k` queens" (`None` if out of reach) with `implied` (clauses every placement
    /// of at least `k` queens satisfies), held as `hold` says; the assumptions to pass to
    /// [`solve_with`](Self::solve_with), once or more.
    pub fn at_least_implied(
        &mut self,
        k: usize,
        implied: &[Clause],
        hold: Hold,
    ) -> anyhow::Result<Option<Vec<Lit>>> {
        use crate::solve::Solve as _;
        self.check_floor(k)?;
        let Some(mut assumps) = self.model.at_least(k, &mut self.solver) else {
            return Ok(None);
        };
        match hold {
            Hold::Assumed if !implied.is_empty() => {
                let on = self.model.vars.named(VarRole::Aux("implied-cuts")).pos_lit();
                for cl in implied {
                    let mut cl = cl.clone();
                    cl.add(!on);
                    self.solver.add_clause(cl)?;
                }
                self.implied_added += implied.len();
                assumps.push(on);
            }
            Hold::Assumed => {}
            Hold::Imposed => {
                self.floor = k;
                for lit in assumps.drain(..) {
                    self.solver.add_clause(Clause::from_iter([lit]))?;
                }
                for cl in implied {
                    if self.held.insert(cl.clone()) {
                        self.solver.add_clause(cl.clone())?;
                        self.implied_added += 1;
                    }
                }
            }
        }
        Ok(Some(assumps))
    }

    /// The implied clauses added to the solver so far ([`at_least_implied`](Self::at_least_implied)).
    pub fn implied_added(&self) -> usize {
        self.implied_added
    }

    /// An internal error for a question about fewer queens than the session holds for good.
    fn check_floor(&self, k: usize) -> anyhow::Result<()> {
        anyhow::ensure!(
            k >= self.floor,
            "internal error: \"at least {k} queens\" asked of a session that holds at least {}",
            self.floor
        );
        Ok(())
    }

    /// Assumptions for exactly `k` queens (`None` if out of reach).
    pub fn exactly(&mut self, k: usize) -> Option<Vec<Lit>> {
        debug_assert!(k >= self.floor, "fewer queens than the session holds");
        self.model.exactly(k, &mut self.solver)
    }

    /// Keeps, of each class of placements under the board's own symmetries, only the least
    /// (lex-leader constraints over the queen indicators of the free cells, row-major;
    /// `Keep::Greatest` keeps the least sorted queen list). Counts are unchanged, so value
    /// questions keep their answers; enumeration then lists one placement per class. Returns
    /// the number of symmetries broken (0 on an asymmetric board).
    pub fn break_symmetries(&mut self) -> usize {
        let stabiliser = self.board.stabiliser();
        let free: Vec<(Coord, Lit)> = self.model.queen_lits().collect();
        let slot: HashMap<Coord, usize> = free.iter().enumerate().map(|(i, &(p, _))| (p, i)).collect();
        let x: Vec<Lit> = free.iter().map(|&(_, l)| l).collect();
        let mut broken = 0;
        for &s in stabiliser.iter().filter(|&&s| s != Symmetry::Identity) {
            // The image holds at each cell the indicator of the cell `s` sends there.
            let mut image = vec![0; x.len()];
            for (i, &(p, _)) in free.iter().enumerate() {
                image[slot[&s.apply(p, self.board.rows(), self.board.cols())]] = i;
            }
            lex_leader(
                &x,
                &image,
                Keep::Greatest,
                Carry::Full,
                &mut self.solver,
                &mut self.model.vars,
            );
            broken += 1;
        }
        broken
    }

    /// Keeps only the placements that `g` maps onto themselves: a queen on a cell puts one on
    /// its image (around an orbit, so on every cell of it). The board must be one `g` maps
    /// onto itself.
    pub fn keep_fixed_by(&mut self, g: Symmetry) -> anyhow::Result<()> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        anyhow::ensure!(
            self.board.group().contains(&g) && self.board.image(g) == self.board,
            "{} does not map the board onto itself",
            g.name()
        );
        let lits: Vec<(Coord, Lit)> = self.model.queen_lits().collect();
        for (at, q) in lits {
            let image = (self.model.queen_lit(g.apply(at, rows, cols)))
                .expect("a symmetry of the board maps a free cell to a free cell");
            self.add_clause(Clause::from_iter([!q, image]))?;
        }
        Ok(())
    }

    /// Adds a clause permanently.
    pub fn add_clause(&mut self, clause: Clause) -> anyhow::Result<()> {
        use crate::solve::Solve as _;
        self.solver.add_clause(clause)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_held_for_good_refuses_fewer_queens() {
        let board = Board::square(5).unwrap();
        let mut s = BoardSession::new(&board, BaseOptions::default(), &Backend::Varisat);
        let a = s.at_least_implied(3, &[], Hold::Assumed).unwrap().unwrap();
        assert!(!a.is_empty());
        let a = s.at_least_implied(5, &[], Hold::Imposed).unwrap().unwrap();
        assert!(a.is_empty(), "the count went in as clauses");
        assert!(s.solve_with(&a).unwrap().is_some_and(|p| p.len() == 5));
        assert!(s.at_least_implied(4, &[], Hold::Assumed).is_err());
        assert!(s.at_least(4).is_err());
        // Asking the held count again, or more, is fine: 6 queens do not fit on 5×5.
        assert!(s.at_least_implied(5, &[], Hold::Imposed).unwrap().is_some());
        assert_eq!(s.at_least(6).unwrap(), None);
    }

    #[test]
    fn a_held_clause_goes_in_once_and_an_assumed_one_per_question() {
        let board = Board::square(5).unwrap();
        let mut s = BoardSession::new(&board, BaseOptions::default(), &Backend::Varisat);
        let corner = s.model.queen_lit((0, 0)).unwrap();
        let empty = [Clause::from_iter([!corner])];
        for _ in 0..2 {
            s.at_least_implied(3, &empty, Hold::Assumed).unwrap().unwrap();
        }
        assert_eq!(s.implied_added(), 2);
        for k in [4, 5] {
            let a = s.at_least_implied(k, &empty, Hold::Imposed).unwrap().unwrap();
            let p = s.solve_with(&a).unwrap().unwrap();
            assert!(p.len() >= k && !p.contains((0, 0)), "{p:?}");
        }
        assert_eq!(s.implied_added(), 3);
    }
}
