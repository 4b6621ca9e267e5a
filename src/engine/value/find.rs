//! A board's value found: the start (heuristics and bounds), the ladder of questions "at least
//! k queens?" between them, and the proof at the value.

use super::ask::Asker;
use super::ladder::ladder;
use super::options::ValueOptions;
use super::report::{DiveReport, LpReport, ValueReport};
use super::start::Start;
use super::{proof, start};
use crate::board::{Board, Placement};
use crate::engine::lp::bound::LpBound;
use crate::engine::search::stopped_call_took;
use crate::engine::search::{Answer, SolverCall};
use crate::engine::session::Interrupted;
use crate::run::deadline::{Deadline, Kept, Why};
use crate::run::progress::Reporter;
use crate::solve::Backend;
use std::time::{Duration, Instant};

/// Finds the value of a board, proved: [`Interrupted`] when a stop signal ends the search
/// first, so that no caller mistakes the best placement found for the value.
pub fn value(board: &Board, opts: &ValueOptions) -> anyhow::Result<ValueReport> {
    let r = value_within(board, opts, None, &Reporter::silent())?;
    anyhow::ensure!(r.proved, Interrupted);
    Ok(r)
}

/// Finds the value of a board, or within `limit` (CPU time of the calling thread, which runs
/// the in-process solver), or until [`stop_requested`](crate::run::interrupt::stop_requested) (Ctrl-C),
/// the best checked placement and the best upper bound known (`proved` false). An external
/// solver's own CPU time is not counted. Each solver call is noted to `progress`.
pub fn value_within(
    board: &Board,
    opts: &ValueOptions,
    limit: Option<Duration>,
    progress: &Reporter,
) -> anyhow::Result<ValueReport> {
    Ok(value_with_lp(board, opts, limit, progress)?.0)
}

/// [`value_within`], and the checked LP bound the search used, where it used one: a
/// certificate of the value reuses it rather than solve the LP again.
pub(crate) fn value_with_lp(
    board: &Board,
    opts: &ValueOptions,
    limit: Option<Duration>,
    progress: &Reporter,
) -> anyhow::Result<(ValueReport, Option<LpBound>)> {
    value_until(board, opts, Deadline::thread(limit), progress, None)
}

/// The value of a board, proved, whatever Ctrl-C asks: for what a finished search still owes
/// its answer (the value of a least-walls witness), on boards small enough to take seconds.
pub fn value_to_the_end(board: &Board, opts: &ValueOptions) -> anyhow::Result<ValueReport> {
    Ok(value_until(board, opts, Deadline::never(), &Reporter::silent(), None)?.0)
}

/// A search's report as if stopped in its current call, its upper bound before any call
/// being `ub`: kept before each call where the waiting thread of [`value_answering_signals`]
/// can take it, and no longer once the ladder's last call answered.
struct StoppedNow {
    report: ValueReport,
    ub: usize,
    started: Instant,
}

impl StoppedNow {
    /// The report of a search stopped now for `why`, its current call `call_seconds` old.
    fn report(mut self, why: Why, call_seconds: f64) -> ValueReport {
        let r = &mut self.report;
        stopped_call_took(&mut r.calls, call_seconds);
        r.seconds = self.started.elapsed().as_secs_f64();
        r.proof = proof::stopped(&r.calls, &r.placement, self.ub, why);
        self.report
    }
}

/// [`value_with_lp`] for a caller that must stop at once at a signal or at `limit` (the command
/// line's one board). Where the board's solver can be stopped only between calls (varisat),
/// the search runs on a thread of its own, and a stop during a call is answered with what the
/// search knew when the call began, the call itself left to end with the process. The limit
/// is read on the search's thread's clock both between calls and, from the waiting thread,
/// inside one ([`Deadline::outrun_with`]).
pub(crate) fn value_answering_signals(
    board: &Board,
    opts: &ValueOptions,
    limit: Option<Duration>,
    progress: &Reporter,
) -> anyhow::Result<(ValueReport, Option<LpBound>)> {
    let backend = opts.backend_for(board);
    if !backend.outrun_in_a_call() {
        return value_with_lp(board, opts, limit, progress);
    }
    let kept = Kept::default();
    let (b, o, p, k) = (board.clone(), opts.clone(), progress.clone(), kept.clone());
    let work = move || value_until(&b, &o, Deadline::thread(limit), &p, Some(&k));
    let give_up = |waiting: &Deadline| {
        let (stopped, call_seconds) = kept.take()?;
        Some(Ok((stopped.report(waiting.why(), call_seconds), None)))
    };
    Deadline::thread(limit).outrun_with(work, give_up)?
}

/// [`value_within`] under `deadline` (polled between steps, and inside CaDiCaL's calls): the
/// start, the ladder of questions, and the proof; with the checked LP bound the search used.
/// With `kept`, what the search would report if stopped in each call is kept there first.
fn value_until(
    board: &Board,
    opts: &ValueOptions,
    deadline: Deadline,
    progress: &Reporter,
    kept: Option<&Kept<StoppedNow>>,
) -> anyhow::Result<(ValueReport, Option<LpBound>)> {
    let started = Instant::now();
    let backend = opts.backend_for(board);
    let mut start = start::start(board, opts, deadline, progress)?;
    let mut asker = Asker::new(board, opts, &backend, &mut start, deadline, progress, None)?;
    let ub = start.ub.bound;
    let searched = Searched {
        board,
        opts,
        backend: &backend,
        start: &start,
        started,
    };
    let mut before = |asker: &Asker, best: &Placement, k: usize| {
        let Some(kept) = kept else { return };
        let mut calls = asker.calls.clone();
        calls.push(SolverCall::instant(k, Answer::STOPPED));
        // The proof in words waits for the stop, which it names.
        let report = searched.report(asker, best.clone(), calls, String::new(), true);
        kept.keep(StoppedNow { report, ub, started });
    };
    let best = ladder(&mut asker, opts.search, start.best.clone(), ub, &mut before)?;
    // No call is left to stop in: from here the search owes its own report.
    if let Some(kept) = kept {
        kept.clear();
    }
    let proof = proof::proof(&asker, &best, ub, opts.base.count, &deadline);
    let calls = std::mem::take(&mut asker.calls);
    let report = searched.report(&asker, best, calls, proof, asker.stopped);
    Ok((report, asker.lp.take()))
}

/// What a value search's report is made from, beside its session.
struct Searched<'a> {
    board: &'a Board,
    opts: &'a ValueOptions,
    backend: &'a Backend,
    start: &'a Start,
    started: Instant,
}

impl Searched<'_> {
    /// The report of `asker`'s search: its best placement `best`, its log `calls`, its `proof`
    /// in words, and whether it `stopped`.
    fn report(
        &self,
        asker: &Asker,
        best: Placement,
        calls: Vec<SolverCall>,
        proof: String,
        stopped: bool,
    ) -> ValueReport {
        let (backend, opts, start) = (self.backend, self.opts, self.start);
        // Optimality rests on the refuting call: the counting argument or an UNSAT answer,
        // which an external solver only asserts. A stopped search claims no optimality to
        // certify.
        let by_unsat = proof::refuting(&calls).is_some_and(|c| c.answer.is_solver_unsat());
        let certified = !stopped && crate::engine::unchecked::certified(backend, by_unsat, false);
        // A proved value uncertified rests on its refuting call; a stopped one's upper bound on
        // any UNSAT answer the search had.
        let any_unsat = calls.iter().any(|c| c.answer.is_solver_unsat());
        let unchecked_unsat =
            !certified && (!stopped || !crate::engine::unchecked::certified(backend, any_unsat, false));
        ValueReport {
            certified,
            board: self.board.clone(),
            value: best.len(),
            placement: best,
            greedy_lower_bound: start.greedy.len(),
            local_search_lower_bound: start.local.as_ref().map(|p| p.len()),
            tabu_search_lower_bound: start.tabu.as_ref().map(|p| p.len()),
            upper_bound: start.ub.clone(),
            lp: asker.lp.as_ref().map(|l| LpReport {
                bound: l.checked.bound(),
                lp_value: l.lp_value,
                seconds: l.seconds,
                implied_clauses: asker.session.implied_added(),
            }),
            proof,
            backend: backend.clone(),
            solver_config: backend.has_presets().then(|| opts.cadical_config.name()),
            amo: opts.base.amo.name(),
            count: opts.base.count.name(),
            search: opts.search,
            seconds: self.started.elapsed().as_secs_f64(),
            proved: !stopped,
            unchecked_unsat,
            phases: asker.phases,
            phases_from: asker.phases.then_some(asker.phases_from),
            symmetries_broken: asker.symmetries_broken,
            lp_dives: asker.dives.as_ref().and_then(DiveReport::of),
            calls,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::options::{CADICAL_MIN_FREE_CELLS, Search};
    use super::super::start::TABU_MIN_FREE_CELLS;
    use super::*;
    use crate::encode::{Amo, BaseOptions, CountMode};
    use crate::solve::Backend;

    #[test]
    fn known_values_under_every_option() {
        // Size, walls, value: the seed's record boards, corner cases, and a board whose greedy
        // start is 4, value 5 and row bound 6 (downwards, its last call is the SAT one).
        let seed = [
            (8, "", 8),
            (8, "1,3 2,5", 10),
            (8, "1,4 3,1 4,3", 11),
            (3, "", 2),
            (1, "", 1),
            (5, "1,3", 5),
        ];
        let cases = seed.map(|(n, walls, want)| {
            let walls = crate::board::parse_cell_list(walls).unwrap();
            (Board::with_walls(n, n, &walls).unwrap(), want)
        });
        // Whether some search ended on a SAT answer below the refuted count (downwards, or by
        // bisection), where the proof must not rest on the last call.
        let mut ended_on_sat = false;
        for search in [Search::Up, Search::Down, Search::Binary] {
            for count in [CountMode::Cells, CountMode::Segments] {
                for amo in [Amo::Pairwise, Amo::Ladder, Amo::Bitwise, Amo::Commander] {
                    let opts = ValueOptions {
                        base: BaseOptions { amo, count },
                        search,
                        lp: true,
                        ..ValueOptions::default()
                    };
                    for (b, want) in &cases {
                        let r = value(b, &opts).unwrap();
                        assert_eq!(r.value, *want, "{b:?} {opts:?}");
                        // The proof names the count refuted, whichever call came last.
                        let refuting = r.calls.iter().rev().find(|c| c.found.is_none());
                        assert_eq!(refuting.map(|c| c.question), Some(want + 1), "{b:?} {opts:?}");
                        let n = want + 1;
                        let queens = crate::io::plural(n, "queen", "queens");
                        let named = r.proof.starts_with(&format!("{queens} "))
                            || r.proof.contains(&format!("at least {queens} "));
                        assert!(named, "{b:?} {opts:?}: {}", r.proof);
                        ended_on_sat |= r.calls.last().is_some_and(|c| c.found.is_some());
                    }
                }
            }
        }
        assert!(ended_on_sat);
    }

    #[test]
    fn cadical_on_large_picks_by_free_cells() {
        let by_size = ValueOptions {
            cadical_on_large: true,
            ..ValueOptions::default()
        };
        let small = Board::square(16).unwrap();
        let large = Board::square(18).unwrap();
        assert!(small.free_cells().len() < CADICAL_MIN_FREE_CELLS);
        assert!(large.free_cells().len() >= CADICAL_MIN_FREE_CELLS);
        assert_eq!(by_size.backend_for(&small), Backend::Varisat);
        assert_eq!(ValueOptions::default().backend_for(&large), Backend::Varisat);
        #[cfg(feature = "cadical")]
        assert_eq!(by_size.backend_for(&large), Backend::Cadical);
    }

    #[test]
    fn the_lp_bound_changes_no_value() {
        use crate::engine::lp::bound::tests::lattice;
        for b in [lattice(13, 4, 0), lattice(13, 5, 1), Board::square(13).unwrap()] {
            for search in [Search::Up, Search::Down, Search::Binary] {
                let on = ValueOptions {
                    search,
                    ..ValueOptions::default()
                };
                let off = ValueOptions {
                    lp: false,
                    ..on.clone()
                };
                let (a, b2) = (value(&b, &on).unwrap(), value(&b, &off).unwrap());
                assert_eq!(a.value, b2.value, "{b:?} {search:?}");
                assert!(a.lp.is_some() && b2.lp.is_none());
                assert!(a.upper_bound.bound <= b2.upper_bound.bound && a.certified);
            }
        }
    }

    #[test]
    fn on_a_large_board_the_tabu_search_leads() {
        use crate::engine::lp::bound::tests::lattice;
        // 851 free cells: the tabu search's climbs from the greedy placement reach the value,
        // and the fixed cliques' bound settles it before any cut round, dive or solver call
        // but the LP's. The solver plays no part, so the default one will do.
        let b = lattice(30, 4, 2);
        assert!(b.free_cells().len() >= TABU_MIN_FREE_CELLS);
        let r = value(&b, &ValueOptions::default()).unwrap();
        assert_eq!((r.value, r.proved, r.certified), (40, true, true));
        assert_eq!(r.local_search_lower_bound, None);
        assert!(
            r.greedy_lower_bound < 40 && r.tabu_search_lower_bound == Some(40),
            "{r:?}"
        );
        assert!(r.lp_dives.is_none());
        assert_eq!(r.lp.as_ref().map(|l| l.bound), Some(40));
        use crate::engine::search::{Answer, Refutation};
        let answers: Vec<Answer> = r.calls.iter().map(|c| c.answer).collect();
        assert_eq!(
            answers,
            [Answer::Refuted(Refutation::LpCertificate)],
            "{:?}",
            r.calls
        );
        // Below TABU_MIN_FREE_CELLS the climbs do not run.
        let small = value(&lattice(16, 4, 0), &ValueOptions::default()).unwrap();
        assert_eq!(small.tabu_search_lower_bound, None);
    }

    #[test]
    fn every_search_agrees_between_the_start_and_the_lp_bound() {
        // 201 free cells, so the LP bound is computed: the local search starts at 25, the
        // value is 26 and the checked bound 27. Upwards a count and its implied clauses go in
        // for good, and at the bound a probe asks first (CaDiCaL); down and by bisection they
        // are assumed. Each way must find 26 and refute 27.
        let walls = "12,8 0,12 2,13 5,1 11,2 14,14 12,2 13,13 9,7 4,9 6,1 10,6 12,9 3,14 6,10 9,8 \
                     6,12 2,14 8,3 13,7 4,6 14,3 5,9 12,3";
        let walls = crate::board::parse_cell_list(walls).unwrap();
        let b = Board::with_walls(15, 15, &walls).unwrap();
        let backends = [
            Backend::Varisat,
            #[cfg(feature = "cadical")]
            Backend::Cadical,
        ];
        for (search, backend) in itertools::iproduct!([Search::Up, Search::Down, Search::Binary], backends) {
            let opts = ValueOptions {
                search,
                backend: backend.clone(),
                cadical_on_large: false,
                ..ValueOptions::default()
            };
            let r = value(&b, &opts).unwrap();
            let at = format!("{search:?} {backend}: {:?}", r.calls);
            assert_eq!((r.value, r.proved, r.certified), (26, true, true), "{at}");
            assert_eq!(r.local_search_lower_bound, Some(25), "{at}");
            assert_eq!(r.lp.as_ref().map(|l| l.bound), Some(27), "{at}");
            assert!(r.lp.as_ref().is_some_and(|l| l.implied_clauses > 0), "{at}");
            let refuted = r.calls.iter().filter(|c| c.found.is_none()).map(|c| c.question);
            assert_eq!(refuted.min(), Some(27), "{at}");
            assert!(r.calls.iter().any(|c| c.found == Some(26)), "{at}");
        }
    }

    #[cfg(feature = "cadical")]
    #[test]
    fn a_start_short_of_the_lp_bound_alternates_with_the_lp_point() {
        use crate::engine::lp::bound::tests::lattice;
        // The local search ends at 20 of the LP bound's 21 here.
        let b = lattice(16, 4, 0);
        let opts = ValueOptions {
            backend: Backend::Cadical,
            ..ValueOptions::default()
        };
        let r = value(&b, &opts).unwrap();
        assert_eq!(r.local_search_lower_bound, Some(20));
        assert_eq!(r.lp.as_ref().map(|l| l.bound), Some(21));
        assert_eq!(
            r.phases_from,
            Some("best placement and packing LP point, alternating")
        );
        assert_eq!((r.value, r.proved, r.certified), (20, true, true));
        let plain = ValueOptions::default();
        assert_eq!(value(&b, &plain).unwrap().phases_from, None);
    }
}
