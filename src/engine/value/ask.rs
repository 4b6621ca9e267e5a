//! The questions of one value search: "at least k queens?" asked of one session, with the
//! checked LP bound, the clauses it implies, the probe at the bound, the alternating guesses
//! and dives; each asked, timed and logged by [`logged`].

use super::call::{FIRST_SLICE, probe, solve_alternating};
use super::options::Search;
use super::start::{Start, barred};
use crate::board::{Board, Coord, Placement};
use crate::engine::cube::Cube;
use crate::engine::lp::bound::{LpBound, implied_clauses};
use crate::engine::lp::dive::Dives;
use crate::engine::search::{Answer, Finder, Refutation, Reply, SolverCall, logged};
use crate::engine::session::{BoardSession, Hold, Interrupted};
use crate::run::deadline::Deadline;
use crate::run::progress::Reporter;
use crate::solve::Backend;
use rustsat::types::Lit;
use std::collections::HashSet;

/// One value search's session and what its questions share.
pub(super) struct Asker<'a> {
    pub session: BoardSession,
    pub lp: Option<LpBound>,
    /// The solver's guesses: the best placement's phases, then the packing LP's point.
    guesses: Vec<Vec<Lit>>,
    pub dives: Option<Dives<'a>>,
    hold: Hold,
    /// Whether the calls alternate the guesses (and the dives) in slices of conflicts.
    alternate: bool,
    limits_conflicts: bool,
    deadline: Deadline,
    progress: &'a Reporter,
    /// Whether the deadline passed (inside a call, or between calls): the answers of
    /// [`ask`](Asker::ask) then mean nothing, only `calls` counts.
    pub stopped: bool,
    pub calls: Vec<SolverCall>,
    /// Symmetries of the board broken by lex-leader constraints.
    pub symmetries_broken: usize,
    /// Whether the solver took a first guess as decision phases, and where the guesses came from.
    pub phases: bool,
    pub phases_from: &'static str,
}

impl<'a> Asker<'a> {
    /// The session for `start`'s search on `board`, its solver stopped by `deadline`; with
    /// `cube`, of the placements in it (its clauses for good, the board's symmetries unbroken).
    pub fn new(
        board: &'a Board,
        opts: &super::options::ValueOptions,
        backend: &Backend,
        start: &mut Start,
        deadline: Deadline,
        progress: &'a Reporter,
        cube: Option<&Cube>,
    ) -> anyhow::Result<Asker<'a>> {
        let packing = start.packing.take();
        let (best, lp, ub) = (&start.best, &start.lp, &start.ub);
        let mut session =
            BoardSession::with_solver(board, opts.base, backend.make_configured(opts.cadical_config)?);
        // The board's own symmetries map placements to placements of the same size, so one
        // placement per class answers every "at least k" question; on symmetric boards this cuts
        // the final UNSAT call (16x16 lattice: 12.7 -> 5.6 s CPU with CaDiCaL, docs/bench.md).
        let symmetries_broken = match cube {
            Some(cube) => {
                for clause in cube.clauses(&session.model) {
                    session.add_clause(clause)?;
                }
                0
            }
            None => session.break_symmetries(),
        };
        session.solver.set_deadline(deadline);
        // The solver's first guesses, as decision phases: the best placement's queens on and
        // every other cell off (the start's, then each call's answer); and, where the cut rounds
        // ran, the cells the packing LP loads above half a queen on. Which one leads to the value
        // differs from board to board (40×40 lattice step 4: "at least 55" in 1.6 s from the LP's
        // point, none in 120 s from the local search's placement, a trap one queen short; 32×32
        // lattices the other way round; docs/bench.md, "Two guesses"), so a solver whose calls can
        // be cut into slices of conflicts alternates them.
        let mut guesses = vec![session.model.phases_of(&|cell| best.contains(cell))];
        if let Some(packing) = &packing {
            let loaded: HashSet<Coord> = packing
                .point()
                .into_iter()
                .filter(|&(_, x)| x > 0.5)
                .map(|(p, _)| p)
                .collect();
            guesses.push(session.model.phases_of(&|cell| loaded.contains(&cell)));
        }
        let phases = session.solver.suggest_phases(&guesses[0])?;
        let alternate = phases && guesses.len() > 1 && backend.limits_conflicts();
        // The dives take a turn of their own in the alternation, after each slice with the best
        // placement's phases (40×40 step-5 lattice before the tabu search: "at least 55" and "at
        // least 56" unanswered in 120 s from either guess, 56 queens from the 2nd to 12th dive;
        // docs/bench.md, "LP dives"). Where the tabu search leads they still run: on the lattices
        // whose value is below the bound they cost the last call up to 1.5 s, but on the random
        // 32×32 boards, which nobody proves, they found one queen more than the climbs (64 and 88
        // in 60 s, not 63 and 87; docs/bench.md, "A tabu search one queen further").
        let dives = packing
            .filter(|_| alternate)
            .map(|p| Dives::new(board, p, best.len(), ub.bound, barred(lp, ub.bound)));
        // Upwards, every later question asks for more queens, so each call's clauses stay for good
        // and the solver simplifies with them ([`Hold::Imposed`]); the other searches come back
        // down after an UNSAT answer.
        let hold = match opts.search {
            Search::Up => Hold::Imposed,
            Search::Down | Search::Binary => Hold::Assumed,
        };
        Ok(Asker {
            session,
            lp: lp.clone(),
            guesses,
            dives,
            hold,
            alternate,
            limits_conflicts: backend.limits_conflicts(),
            deadline,
            progress,
            stopped: false,
            calls: Vec::new(),
            symmetries_broken,
            phases,
            phases_from: match alternate {
                true => "best placement and packing LP point, alternating",
                false => "start placement",
            },
        })
    }

    /// "At least `k` queens?": a checked placement, or `None` for a "no" or once stopped
    /// ([`stopped`](Asker::stopped) says which). Logged in [`calls`](Asker::calls).
    pub fn ask(&mut self, k: usize) -> anyhow::Result<Option<Placement>> {
        if self.stopped || self.deadline.passed() {
            self.stopped = true;
            return Ok(None);
        }
        let mut calls = std::mem::take(&mut self.calls);
        let reply = logged(&mut calls, k, Placement::len, || self.answer(k));
        self.calls = calls;
        let reply = reply?;
        self.stopped |= reply.answer.is_stopped();
        let seconds = self.calls.last().map_or(0.0, |c| c.seconds);
        match reply.answer {
            Answer::Refuted(Refutation::LpCertificate) => self.progress.note(|| {
                format!(
                    "value: at least {k} queens: no (the LP bound {})",
                    self.lp.as_ref().map_or(0, |l| l.checked.bound())
                )
            }),
            Answer::Stopped(_) => {}
            answer => self.progress.note(|| {
                format!(
                    "value: at least {k} queens: {} ({seconds:.1} s)",
                    match answer {
                        Answer::Sat(Finder::LpDive) => "yes (an LP dive)",
                        Answer::Sat(_) => "yes",
                        _ => "no",
                    },
                )
            }),
        }
        Ok(reply.found)
    }

    /// The answer to "at least `k` queens?", unlogged.
    fn answer(&mut self, k: usize) -> anyhow::Result<Reply<Placement>> {
        if self.lp.as_ref().is_some_and(|l| k > l.checked.bound()) {
            return Ok(Reply::no(Answer::Refuted(Refutation::LpCertificate)));
        }
        let deadline = self.deadline;
        let over = move || deadline.passed();
        let session = &mut self.session;
        let reachable = k <= session.model.max_count();
        let implied = match &self.lp {
            Some(l) => implied_clauses(&mut session.model, l, k),
            None => Vec::new(),
        };
        // At the LP bound, where the waste inequality joins, a short probe asks with all of it
        // only assumed before it goes in for good (PROBE_CONFLICTS).
        let probed = match self.hold {
            Hold::Imposed
                if self.limits_conflicts && self.lp.as_ref().is_some_and(|l| k == l.checked.bound()) =>
            {
                probe(session, k, &implied, &self.guesses[0], &over)
            }
            _ => Ok(None),
        };
        let found = match probed {
            Ok(Some(answer)) => Ok(answer.map(|p| (p, Finder::Solver))),
            Ok(None) => match session.at_least_implied(k, &implied, self.hold)? {
                Some(assumps) if self.alternate => solve_alternating(
                    session,
                    &assumps,
                    &self.guesses,
                    self.dives.as_mut(),
                    k,
                    &over,
                    FIRST_SLICE,
                ),
                Some(assumps) => session
                    .solve_with(&assumps)
                    .map(|p| p.map(|p| (p, Finder::Solver))),
                None => Ok(None),
            },
            Err(e) => Err(e),
        };
        let found = match found {
            Err(e) if e.is::<Interrupted>() => return Ok(Reply::no(Answer::STOPPED)),
            other => other?,
        };
        // Upwards the count stays in the solver, so an answer short of it would let a later
        // UNSAT answer refute a count that has a placement.
        if let Some((p, by)) = &found {
            anyhow::ensure!(
                p.len() >= k,
                "internal error: {} answered \"at least {k} queens\" with {}",
                Answer::Sat(*by),
                p.len()
            );
        }
        // A dive's placement leaves the solver's phases where they were; the next call starts
        // from it (32×32 step-4 lattice: "at least 44" after a dive's 43 in 0.76 s, not 1.12 s).
        if let Some((p, _)) = &found
            && self.alternate
        {
            self.guesses[0] = session.model.phases_of(&|cell| p.contains(cell));
            if let Some(d) = self.dives.as_mut() {
                d.known(p.len());
            }
        }
        Ok(match (found, reachable) {
            (Some((p, by)), _) => Reply {
                answer: Answer::Sat(by),
                found: Some(p),
            },
            (None, true) => Reply::no(Answer::UNSAT),
            (None, false) => Reply::no(Answer::Refuted(Refutation::Counter)),
        })
    }
}
