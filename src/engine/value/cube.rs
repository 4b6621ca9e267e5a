//! A value question inside a cube, for cube-and-conquer: the whole board's start (its best
//! placement of `L` queens, its upper bound, its checked LP bound) is found once, and each cube
//! then only has to refute `L + 1` queens among its own placements, or find its most.
//!
//! Every cube is asked of the whole board's formula with the cube's clauses added, so the
//! clauses the LP certificate implies for `L + 1` hold in every cube as they do on the whole
//! board. The board's symmetries are not broken: a cube's UNSAT then speaks of every placement
//! in it, as the CNF of its certificate (which has no symmetry-breaking clauses) does.

use super::ask::Asker;
use super::ladder::ladder;
use super::options::{Search, ValueOptions};
use super::proof;
use super::start::{Start, start, start_from};
use crate::board::{Board, Placement};
use crate::encode::VarRole;
use crate::engine::certify::certify_value;
use crate::engine::cube::{Cube, assume_cube};
use crate::engine::lp::bound::implied_clauses;
use crate::engine::search::{Answer, Finder, Refutation};
use crate::engine::session::{BoardSession, Hold, Interrupted};
use crate::run::deadline::Deadline;
use crate::run::progress::Reporter;
use crate::solve::Backend;
use rustsat::types::Clause;

/// The whole board's start, found once for all its cubes.
pub struct CubeStart {
    start: Start,
}

impl CubeStart {
    /// The start of `board`'s value search: its heuristics and bounds, stopped only by a stop
    /// signal.
    pub fn new(board: &Board, opts: &ValueOptions, progress: &Reporter) -> anyhow::Result<CubeStart> {
        let deadline = Deadline::thread(None);
        CubeStart::whole(start(board, opts, deadline, progress)?, deadline)
    }

    /// The start of a run that kept `best`, the placement [`CubeStart::new`] found on `board`
    /// in an earlier run: its bounds found again (the same, from the same placement), not the
    /// heuristics that found it.
    pub fn resumed(board: &Board, opts: &ValueOptions, best: Placement) -> anyhow::Result<CubeStart> {
        let deadline = Deadline::thread(None);
        CubeStart::whole(
            start_from(board, opts, best, deadline, &Reporter::silent())?,
            deadline,
        )
    }

    /// `start`, unless a stop signal cut it short: such a start is not the one a rerun would
    /// find, so no run may be planned from it (its spec would refuse the rerun).
    fn whole(mut start: Start, deadline: Deadline) -> anyhow::Result<CubeStart> {
        anyhow::ensure!(!deadline.passed(), Interrupted);
        // The dives and the packing LP's guess aim at placements anywhere on the board, not in
        // one cube.
        start.packing = None;
        Ok(CubeStart { start })
    }

    /// The best placement the start found (checked).
    pub fn best(&self) -> &Placement {
        &self.start.best
    }

    /// The best upper bound known on the whole board.
    pub fn upper_bound(&self) -> usize {
        self.start.ub.bound
    }
}

/// One worker's solver for the cubes of one board: "at least `L + 1` queens" and the clauses
/// the LP certificate implies for it held for good, each cube asked under an assumption of its
/// own, so that what the solver learns in one cube serves the next (15 cubes of the 24×24
/// board `SLOW_24X24_WALLS`: docs/cluster.md, "Cubes").
pub struct CubeSolver {
    session: BoardSession,
    target: usize,
    /// What refutes every cube without a call: the LP certificate's bound, or the counter's
    /// reach, below the target.
    refuted: Option<Refutation>,
    backend: Backend,
    implied: usize,
}

impl CubeSolver {
    pub fn new(board: &Board, opts: &ValueOptions, start: &CubeStart) -> anyhow::Result<CubeSolver> {
        let target = start.best().len() + 1;
        let backend = opts.backend_for(board);
        let solver = backend.make_configured(opts.cadical_config)?;
        let mut session = BoardSession::with_solver(board, opts.base, solver);
        session.solver.set_deadline(Deadline::thread(None));
        let lp = start.start.lp.as_ref();
        let mut refuted = None;
        if lp.is_some_and(|l| target > l.checked.bound()) {
            refuted = Some(Refutation::LpCertificate);
        } else {
            let implied = lp
                .map(|l| implied_clauses(&mut session.model, l, target))
                .unwrap_or_default();
            if session
                .at_least_implied(target, &implied, Hold::Imposed)?
                .is_none()
            {
                refuted = Some(Refutation::Counter);
            }
        }
        let implied = session.implied_added();
        Ok(CubeSolver {
            session,
            target,
            refuted,
            backend,
            implied,
        })
    }

    /// "At least `L + 1` queens in `cube`?", unchecked for a stop (an error).
    fn answer(&mut self, cube: &Cube) -> anyhow::Result<Answer> {
        if let Some(r) = self.refuted {
            return Ok(Answer::Refuted(r));
        }
        let on = self.session.model.vars.named(VarRole::Aux("cube")).pos_lit();
        let clauses = cube.clauses(&self.session.model);
        let assumps = assume_cube(&mut self.session.solver, on, clauses)?;
        let found = self.session.solve_with(&assumps)?;
        // The cube's clauses leave the solver; what it learnt stays.
        self.session.add_clause(Clause::from_iter([!on]))?;
        Ok(match found {
            Some(_) => Answer::Sat(Finder::Solver),
            None => Answer::UNSAT,
        })
    }

    /// The refutation in words.
    fn proof(&self, answer: Answer) -> String {
        match answer {
            Answer::Refuted(Refutation::LpCertificate) => format!(
                "{} the bound of the checked LP dual certificate",
                proof::queens_exceed(self.target)
            ),
            Answer::Refuted(_) => format!("{} the queen counter's inputs", proof::queens_exceed(self.target)),
            _ => format!(
                "UNSAT with at least {} in the cube ({} clauses implied by the checked LP dual \
                 certificate; one solver across this worker's cubes)",
                crate::io::plural(self.target, "queen", "queens"),
                self.implied
            ),
        }
    }
}

/// A cube's answer to "more queens than the start?".
#[derive(Debug)]
pub struct CubeValue {
    /// The most queens in the cube, where more than the start's: a placement (checked on the
    /// whole board) whose count one more was refuted. `None`: the start's count plus one was
    /// refuted in the cube.
    pub beyond: Option<Placement>,
    /// The refuting call, in words.
    pub proof: String,
    /// Whether the refutation rests on a solver queensat runs (or the counting or LP bound).
    pub certified: bool,
    /// False when a stop signal ended the search first: then nothing is claimed.
    pub proved: bool,
    /// With `certify`: whether the checker rejected the proof of the refuting UNSAT.
    pub rejected: bool,
}

/// Asks `cube` of `board` from `start`: refutes the start's count plus one in it (asked of
/// `solver`), or finds the cube's most queens in a session of its own, asking one more each
/// time from the last placement. With `certify`, the refutation is certified by a checked proof
/// ([`certify_value`], the cube's clauses in its CNF, no files kept).
pub fn value_in_cube(
    board: &Board,
    opts: &ValueOptions,
    start: &CubeStart,
    cube: &Cube,
    certify: bool,
    solver: &mut CubeSolver,
) -> anyhow::Result<CubeValue> {
    let answer = solver.answer(cube)?;
    if !answer.is_sat() {
        let certified = crate::engine::unchecked::certified(&solver.backend, answer.is_solver_unsat(), false);
        let (certified, rejected) = match certify {
            true => certified_in(
                board,
                opts,
                start,
                cube,
                solver.target - 1,
                &solver.backend,
                certified,
            )?,
            false => (certified, false),
        };
        return Ok(CubeValue {
            beyond: None,
            proof: solver.proof(answer),
            certified,
            proved: true,
            rejected,
        });
    }
    let backend = opts.backend_for(board);
    let deadline = Deadline::thread(None);
    let silent = Reporter::silent();
    let mut s = start.start.clone();
    let mut asker = Asker::new(board, opts, &backend, &mut s, deadline, &silent, Some(cube))?;
    let from = start.best().clone();
    let best = ladder(
        &mut asker,
        Search::Up,
        from.clone(),
        start.upper_bound(),
        &mut |_, _, _| {},
    )?;
    let proof = proof::proof(&asker, &best, start.upper_bound(), opts.base.count, &deadline);
    let by_unsat = proof::refuting(&asker.calls).is_some_and(|c| c.answer.is_solver_unsat());
    let certified = !asker.stopped && crate::engine::unchecked::certified(&backend, by_unsat, false);
    let (certified, rejected) = match certify && !asker.stopped {
        true => certified_in(board, opts, start, cube, best.len(), &backend, certified)?,
        false => (certified, false),
    };
    Ok(CubeValue {
        beyond: (best.len() > from.len()).then_some(best),
        proof,
        certified,
        proved: !asker.stopped,
        rejected,
    })
}

/// The checked proof that `cube` holds no `most + 1` queens ([`certify_value`], the cube's
/// clauses in its CNF, no files kept): whether the cube is now `certified` (as it was, or by
/// the proof), and whether the checker rejected the proof.
fn certified_in(
    board: &Board,
    opts: &ValueOptions,
    start: &CubeStart,
    cube: &Cube,
    most: usize,
    backend: &Backend,
    certified: bool,
) -> anyhow::Result<(bool, bool)> {
    let lp = start.start.lp.as_ref();
    let c = certify_value(board, opts.base.amo, most, backend, None, lp, Some(cube))?;
    Ok((certified || c.certified, !c.certified))
}
