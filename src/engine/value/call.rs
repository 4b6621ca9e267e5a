//! One call "at least k queens" of the value search: the solver's phases from a placement, the
//! probe at the LP bound, and the call cut into counted slices that alternate guesses and LP
//! dives.

use crate::board::Placement;
use crate::check::check_placement;
use crate::engine::lp::dive::Dives;
use crate::engine::search::Finder;
use crate::engine::session::{BoardSession, Hold, Interrupted};
use rustsat::types::{Clause, Lit};

/// The conflicts of the probe at the LP bound ([`probe`]). Held for good, the waste inequality
/// shortens the proof where no placement reaches the bound (28×28 step-5 lattice, UNSAT at 39:
/// 104.8 → 58.0 s) but slows the search where one does (32×32 step-4 lattice, "at least 44":
/// 0.35 → 0.78 s). With a probe of 1,000 / 2,000 / 3,000 / 5,000 conflicts that lattice took
/// 1.68 / 1.42 / 1.41 / 1.42 s (against 1.96 s without; from 3,000 on the probe itself found
/// the 44), and each lattice whose call at the bound is UNSAT paid about 0.1–0.5 s more (24×24
/// step 5 1.57 → 1.84 s with 3,000; 34×34 step 5 6.79 → 7.21 s with 5,000; one run each,
/// process CPU s, docs/bench.md, "A probe at the bound").
pub(super) const PROBE_CONFLICTS: u32 = 5_000;

/// The call at the LP bound of a search upwards, first with the question and its implied
/// clauses only assumed, for [`PROBE_CONFLICTS`] conflicts from the best placement's phases:
/// `Some` answer when it came (a checked placement, or `None` for UNSAT), `None` when the
/// conflicts ran out. The backend must limit conflicts
/// ([`Backend::limits_conflicts`](crate::solve::Backend::limits_conflicts)).
pub(super) fn probe(
    session: &mut BoardSession,
    k: usize,
    implied: &[Clause],
    phases: &[Lit],
    over: &dyn Fn() -> bool,
) -> anyhow::Result<Option<Option<Placement>>> {
    let Some(assumps) = session.at_least_implied(k, implied, Hold::Assumed)? else {
        return Ok(Some(None));
    };
    session.solver.suggest_phases(phases)?;
    session.solver.limit_conflicts(PROBE_CONFLICTS)?;
    match session.solve_with(&assumps) {
        Err(e) if e.is::<Interrupted>() && !over() => Ok(None),
        answer => answer.map(Some),
    }
}

/// The first round of [`solve_alternating`]: 20,000 conflicts per guess (1.1–1.3 s of
/// CaDiCaL on a 40×40 lattice), then 4 LP dives. Measured on the boards whose calls alternate
/// (24×24 random medium, the 32×32 and 40×40 lattices, one run each, process CPU s): 10,000 /
/// 20,000 / 30,000 / 50,000 / 100,000 conflicts with 2 dives took 35.0 / 38.0 / 47.5 / 61.7 /
/// 102.8 s in all, 20,000 with 4 dives 29.5 s (the 40×40 step-5 lattice 20.3 → 10.2 s); at
/// 10,000 the 32×32 step-5 lattice's start slice ran out before its answer (2.2 → 4.2 s).
/// Calls that the first guess answers within it run as with that guess alone.
pub(super) const FIRST_SLICE: Slice = Slice {
    conflicts: 20_000,
    dives: 4,
};

/// A turn of each of [`solve_alternating`]'s guesses: the solver's conflicts, and the LP
/// dives. Counted, not timed, so that a search takes the same path on every machine and in
/// every run (with slices of CPU time, the 40×40 step-5 lattice took 10.6 s in one run and
/// 33.0 s in another).
#[derive(Clone, Copy, Debug)]
pub(super) struct Slice {
    conflicts: u32,
    dives: u64,
}

/// Solves under `assumps` ("at least `k` queens") in slices of `first.conflicts` conflicts, each
/// with the next of `guesses` as the solver's phases, and after the first guess's slice a turn
/// of `first.dives` of `dives`, a round of turns twice as long as the round before, so that no
/// guess that misleads holds the call for long. If solver state carried nothing over between
/// slices, a call that guess `g` alone answers in `T` conflicts would take less than
/// about `(2g + 5)·T` for `T` beyond the first slice, and `g·first + T` below it, plus the
/// dives (at most [`MAX_DIVES`](crate::engine::lp::dive::MAX_DIVES)); a heuristic, since learned
/// clauses and the solver's scores do carry over. The placement found, checked, with who found
/// it. Interrupted only when the solver's stop test or `over`
/// says so (the end of a slice is not a stop). The backend must limit conflicts
/// ([`Backend::limits_conflicts`](crate::solve::Backend::limits_conflicts)), else the first slice runs to the answer.
pub(super) fn solve_alternating(
    session: &mut BoardSession,
    assumps: &[Lit],
    guesses: &[Vec<Lit>],
    mut dives: Option<&mut Dives>,
    k: usize,
    over: &dyn Fn() -> bool,
    first: Slice,
) -> anyhow::Result<Option<(Placement, Finder)>> {
    // A zero slice would stay zero when doubled.
    let mut slice = Slice {
        conflicts: first.conflicts.max(1),
        dives: first.dives.max(1),
    };
    // A turn of `n` dives: a checked placement of `k` queens, or `None` to go on.
    let dive = |dives: &mut Option<&mut Dives>,
                session: &BoardSession,
                n: u64|
     -> anyhow::Result<Option<Placement>> {
        let Some(d) = dives.as_deref_mut() else {
            return Ok(None);
        };
        if let Some(p) = d.reach(k, n, over) {
            check_placement(&session.board, &p).map_err(|v| {
                anyhow::anyhow!("internal error: an LP dive's placement fails the checker: {v}")
            })?;
            return Ok(Some(p));
        }
        if over() {
            return Err(Interrupted.into());
        }
        Ok(None)
    };
    let mut round: u32 = 0;
    loop {
        for (turn, guess) in guesses.iter().enumerate() {
            session.solver.suggest_phases(guess)?;
            session.solver.limit_conflicts(slice.conflicts)?;
            match session.solve_with(assumps) {
                Err(e) if e.is::<Interrupted>() && !over() => {}
                answer => return answer.map(|p| p.map(|p| (p, Finder::Solver))),
            }
            if turn == 0
                && let Some(p) = dive(&mut dives, session, slice.dives)?
            {
                return Ok(Some((p, Finder::LpDive)));
            }
        }
        slice.conflicts = slice.conflicts.saturating_mul(2);
        slice.dives = slice.dives.saturating_mul(2);
        // After rounds 2, 4, 8, … the dives that gained nothing are forgotten, so that their
        // share falls as the call grows: the 28×28 step-5 lattice's "at least 38", where the
        // first 4 dives fell one short and the 5th reached it, took 34 s of CaDiCaL without
        // this and 7.0 s with it; forgetting after every round answered it in 3.4 s but added
        // 0.6–1.6 s to the random 20×20 and 24×24 boards, whose last, UNSAT calls the dives
        // cannot help, where this adds at most 0.4 s (docs/bench.md, "Dives in long calls").
        round = round.saturating_add(1);
        if let Some(d) = dives.as_deref_mut()
            && round >= 2
            && round.is_power_of_two()
        {
            d.forget_futile();
        }
    }
}

#[cfg(all(test, feature = "cadical"))]
mod tests {
    use super::*;
    use crate::encode::BaseOptions;
    use crate::solve::Backend;

    #[test]
    fn a_probe_answers_small_questions_and_leaves_the_session_usable() {
        // The seed's 2-wall record board: value 10, and 11 within the counter's reach, so the
        // solver must refute it; 5,000 conflicts are plenty on 8×8.
        let b = crate::board::Board::with_walls(8, 8, &[(1, 3), (2, 5)]).unwrap();
        let mut s = BoardSession::new(&b, BaseOptions::default(), &Backend::Cadical);
        let off = s.model.phases_of(&|_| false);
        let corner = s.model.queen_lit((0, 0)).unwrap();
        let no_corner = [Clause::from_iter([!corner])];
        let p = probe(&mut s, 10, &no_corner, &off, &|| false)
            .unwrap()
            .unwrap()
            .unwrap();
        assert!(p.len() >= 10 && !p.contains((0, 0)), "{p:?}");
        assert_eq!(probe(&mut s, 11, &[], &off, &|| false).unwrap(), Some(None));
        // The probe's clauses were only assumed: the corner may hold a queen again.
        let p = s.solve_with(&[corner]).unwrap().unwrap();
        assert!(p.contains((0, 0)), "{p:?}");
        // A stop is a stop, not conflicts run out.
        s.solver.set_stop(|| true);
        let stopped = probe(&mut s, 10, &[], &off, &|| true);
        assert!(stopped.unwrap_err().is::<Interrupted>());
    }

    #[test]
    fn alternating_guesses_answer_as_one_call_does() {
        use crate::engine::lp::bound::{tests::lattice, tighten};
        let b = lattice(14, 4, 1);
        // The value, from plain calls upwards.
        let mut plain = BoardSession::new(&b, BaseOptions::default(), &Backend::Cadical);
        let want = (1..).find(|&k| plain.at_least(k).unwrap().is_none()).unwrap() - 1;
        let packing = tighten(&b, &|| false).unwrap().unwrap().packing;
        let mut s = BoardSession::new(&b, BaseOptions::default(), &Backend::Cadical);
        let lits: Vec<Lit> = s.model.queen_lits().map(|(_, l)| l).collect();
        let guesses = [lits.iter().map(|&l| !l).collect(), lits.clone()];
        // Slices far too short to answer: the rounds double until one does, with dives
        // between them or without.
        let tiny = Slice {
            conflicts: 1,
            dives: 1,
        };
        for with_dives in [false, true] {
            let mut dives = Dives::new(&b, packing.clone(), 0, want + 1, Vec::new());
            let mut by_dive = 0;
            for k in want - 2..=want + 1 {
                let a = s.at_least_implied(k, &[], Hold::Assumed).unwrap().unwrap();
                let d = Some(&mut dives).filter(|_| with_dives);
                let found = solve_alternating(&mut s, &a, &guesses, d, k, &|| false, tiny).unwrap();
                let by = found.as_ref().map(|(_, by)| *by);
                assert!(
                    by.is_none() || by == Some(Finder::Solver) || with_dives && by == Some(Finder::LpDive)
                );
                by_dive += usize::from(by == Some(Finder::LpDive));
                assert_eq!(
                    found.map(|(p, _)| p.len() >= k),
                    (k <= want).then_some(true),
                    "{k}"
                );
            }
            assert!(dives.tried() <= crate::engine::lp::dive::MAX_DIVES);
            // A dive after the first, tiny slice answers the easy counts.
            assert_eq!(by_dive > 0, with_dives, "{by_dive}");
        }
        // Counted slices: two fresh searches take the same path to the same placement.
        let path = || {
            let mut s = BoardSession::new(&b, BaseOptions::default(), &Backend::Cadical);
            let mut dives = Dives::new(&b, packing.clone(), 0, want + 1, Vec::new());
            let a = s.at_least_implied(want, &[], Hold::Assumed).unwrap().unwrap();
            let found = solve_alternating(&mut s, &a, &guesses, Some(&mut dives), want, &|| false, tiny);
            (found.unwrap(), dives.tried())
        };
        assert_eq!(path(), path());
        // A stop is still a stop, inside a call, and before the first dive.
        s.solver.set_stop(|| true);
        let a = s.at_least_implied(want, &[], Hold::Assumed).unwrap().unwrap();
        let stopped = solve_alternating(&mut s, &a, &guesses, None, want, &|| true, tiny);
        assert!(stopped.unwrap_err().is::<Interrupted>());
        let mut dives = Dives::new(&b, packing.clone(), 0, want + 1, Vec::new());
        let stopped = solve_alternating(&mut s, &a, &guesses, Some(&mut dives), want, &|| true, tiny);
        assert!(stopped.unwrap_err().is::<Interrupted>());
        assert_eq!(dives.tried(), 0);
    }
}
