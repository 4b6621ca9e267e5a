//! One wall bound asked of a fresh solver: "at most w walls, at least q queens" as the
//! standalone CNF that a least-walls certificate refutes, both bounds as unit clauses.
//!
//! Why a fresh solver: CaDiCaL simplifies the unit bounds far better than the incremental
//! solver's assumptions (the final UNSAT of 12x12 q = 25 took 1,857 s of CPU under assumptions,
//! and 214 s of wall clock as this CNF while writing its proof; 11x11 q = 21: 368.5 against
//! 147.6 s of CPU, docs/least-walls.md), and with a proof the UNSAT answer that ends a
//! least-walls search is already its certificate, so it is solved once.

use crate::board::{Board, Placement};
use crate::encode::{Attack, LeastWallsQuestion, WallModel, WallOptions};
use crate::io::{ExportHeader, dimacs_map, plural};
use crate::run::deadline::Deadline;
use crate::solve::{
    Backend, PendingProof, ProofAnswer, Solve as _, SolverResult, UnsatQuestion, solve_with_proof,
};
use rustsat::types::{Clause, TernaryVal};
use std::path::Path;

/// "At most `walls` walls, at least `queens` queens" on a `rows × cols` board as a standalone
/// CNF with its self-describing header. The CNF takes the attack and the slack cuts (implied
/// clauses) of the model options, never the lex-leader or necessary walls: they remove
/// boards, so a refutation would rest on an argument no checker sees.
pub struct WallBoundQuestion {
    pub question: LeastWallsQuestion,
    header: String,
    rows: usize,
    cols: usize,
    queens: usize,
    walls: usize,
    /// Empty, or " in the cube" for a question within one cube ([`WallBoundQuestion::in_cube`]).
    within: &'static str,
}

impl WallBoundQuestion {
    pub fn new(
        rows: usize,
        cols: usize,
        queens: usize,
        walls: usize,
        model: WallOptions,
    ) -> anyhow::Result<WallBoundQuestion> {
        let (attack, slack_cuts) = (model.attack, model.slack_cuts);
        let question = LeastWallsQuestion::new(rows, cols, queens, walls, attack, slack_cuts)?;
        let header = least_walls_header(rows, cols, queens, walls, attack, slack_cuts, &question)?;
        Ok(WallBoundQuestion {
            question,
            header,
            rows,
            cols,
            queens,
            walls,
            within: "",
        })
    }

    /// The question within one cube: `clauses` (over the question's model) added last and
    /// named in the header, so that refuting it proves the bound for the boards in the cube.
    pub fn in_cube(mut self, clauses: impl FnOnce(&WallModel) -> Vec<Clause>) -> WallBoundQuestion {
        let clauses = clauses(&self.question.model);
        self.header += &format!(
            "c in one cube of the question: its {} clauses last\n",
            clauses.len()
        );
        self.within = " in the cube";
        for clause in clauses {
            self.question.cnf.add_clause(clause);
        }
        self
    }

    /// The question as the one proof path takes it: refuting it proves that q queens need
    /// more than `walls` walls (in its cube, for a question in a cube).
    pub fn unsat(&self) -> UnsatQuestion<'_> {
        UnsatQuestion {
            refuted: format!(
                "at most {}, at least {} queens{}",
                plural(self.walls, "wall", "walls"),
                self.queens,
                self.within
            ),
            proves: format!(
                "{} queens need at least {}{}",
                self.queens,
                plural(self.walls + 1, "wall", "walls"),
                self.within
            ),
            header: self.header.clone(),
            n_vars: self.question.n_vars(),
            cnf: &self.question.cnf,
            implied: None,
        }
    }

    /// The file name (without extension) of the CNF and its proof.
    pub fn name(&self) -> String {
        format!(
            "least-walls-{}x{}-q{}-at-most-{}",
            self.rows, self.cols, self.queens, self.walls
        )
    }
}

/// What a fresh solver answered to a wall bound.
pub enum BoundAnswer {
    /// A board and placement as the solver's model decodes them (not yet checked).
    Found(Board, Placement),
    /// UNSAT; with a proof directory, the DRAT proof that still awaits the checker.
    Refuted(Option<PendingProof>),
    /// `stop` said so (CaDiCaL inside the solve; the others are only stopped between calls).
    Stopped,
}

/// Asks `q` of a fresh solver of `backend`, `hint` (a board and its queens, typically the
/// best so far) as its first guess. With `proof_dir` the solver writes a DRAT proof there
/// (through [`solve_with_proof`], the one proof path), which an UNSAT answer returns; a SAT
/// answer leaves no file behind.
pub fn ask_wall_bound(
    q: &WallBoundQuestion,
    backend: &Backend,
    proof_dir: Option<&Path>,
    deadline: Deadline,
    hint: Option<(&Board, &Placement)>,
) -> anyhow::Result<BoundAnswer> {
    let model = &q.question.model;
    let phases = hint.map_or(Vec::new(), |(b, p)| model.phases_of(b, p));
    if let Some(dir) = proof_dir {
        return Ok(
            match solve_with_proof(&q.unsat(), backend, dir, &q.name(), deadline, &phases)? {
                ProofAnswer::Sat(a) => {
                    let _ = std::fs::remove_file(dir.join(format!("{}.cnf", q.name())));
                    let is_true = |l| a.lit_value(l) == TernaryVal::True;
                    BoundAnswer::Found(model.decode_board(is_true), model.decode_placement(is_true))
                }
                ProofAnswer::Unsat(p) => BoundAnswer::Refuted(Some(p)),
                ProofAnswer::Interrupted => BoundAnswer::Stopped,
            },
        );
    }
    let mut solver = backend.make();
    solver.set_deadline(deadline);
    solver.suggest_phases(&phases)?;
    for cl in q.question.cnf.iter() {
        solver.add_clause_ref(cl)?;
    }
    Ok(match solver.solve()? {
        SolverResult::Sat => {
            let is_true = |l| solver.is_true(l);
            BoundAnswer::Found(model.decode_board(is_true), model.decode_placement(is_true))
        }
        SolverResult::Unsat => BoundAnswer::Refuted(None),
        SolverResult::Interrupted => BoundAnswer::Stopped,
    })
}

/// The self-describing `c` header of a least-walls question.
pub fn least_walls_header(
    rows: usize,
    cols: usize,
    q: usize,
    w: usize,
    attack: Attack,
    slack_cuts: bool,
    question: &LeastWallsQuestion,
) -> anyhow::Result<String> {
    Ok(ExportHeader {
        question: format!(
            "does some {rows}x{cols} board with at most {walls} hold at least {q} non-attacking queens? \
             SAT: yes, the wall and queen variables give the board and a placement; UNSAT: {q} queens need more than {walls}",
            walls = plural(w, "wall", "walls")
        ),
        board: Board::new(rows, cols)?,
        encoding: format!(
            "least-walls model: a wall and a queen variable per cell, no queen on a wall, {} non-attack \
             (a wall strictly between two queens on a line lifts their conflict); totalisers over the \
             queens (at least {q}) and the walls (at most {w}), bounds as unit clauses{}",
            attack.name(),
            if slack_cuts {
                "; segment-slack cuts (implied: in each line family, walls on the border + adjacent walls \
                 + runs without a queen <= lines + walls - queens, a totaliser bound as unit clauses)"
            } else {
                ""
            }
        ),
        map: dimacs_map(&question.model.vars),
    }
    .render("c"))
}
