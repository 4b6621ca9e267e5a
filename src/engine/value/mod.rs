//! A board's value: the most non-attacking queens, with an optimal placement and the proof.
//!
//! The search starts from a greedy placement (lower bound) and the combinatorial upper bound,
//! and asks one incremental solver "at least k queens?". The answer rests on a SAT answer at
//! the value (the placement, re-checked) and an UNSAT answer at value + 1, unless value + 1
//! exceeds what the counter's inputs can reach at all or the bound of the segment LP's dual
//! certificate (checked by [`check_dual`](crate::check::check_dual)). Each call "at least k"
//! also gets the clauses that the certificate implies for k. Upwards the count and those
//! clauses stay in the solver for good, since every later call asks for more queens
//! ([`Hold::Imposed`]), after a short [`probe`](call::probe) at the LP bound
//! with them assumed; down and by bisection they are assumptions of that call only. How one
//! call is answered is in [`value_call`](call).

mod ask;
mod call;
mod certified;
mod cube;
mod ladder;
mod proof;
mod start;

use ask::Asker;
pub use certified::{CertifiedValue, value_certified};
pub use cube::{CubeSolver, CubeStart, CubeValue, value_in_cube};
use ladder::ladder;

use crate::board::{Board, Placement};
use crate::encode::BaseOptions;
use crate::engine::bounds::UpperBound;
use crate::engine::lp::bound::LpBound;
use crate::engine::lp::dive::Dives;
use crate::engine::search::SolverCall;
use crate::engine::session::Interrupted;
use crate::run::deadline::Deadline;
use crate::run::progress::Reporter;
use crate::solve::{Backend, CadicalConfig};
use serde::Serialize;
use std::time::{Duration, Instant};

crate::choices! {
/// How the search moves between bounds.
pub enum Search {
    /// From the greedy placement upwards: after each SAT answer ask for one more queen.
    #[default]
    Up = "up",
    /// From the upper bound downwards until the first SAT answer.
    Down = "down",
    /// Bisection between the bounds.
    Binary = "binary",
}
}

/// Free cells from which a value search with [`ValueOptions::cadical_on_large`] goes to
/// CaDiCaL. Measured (`make bench-large`, process CPU): varisat answers the 12×12 and 16×16
/// boards (up to 256 free cells) in 0.00–0.41 s, faster than CaDiCaL's 0.01–0.55 s on 11 of
/// the 12 (CaDiCaL's set-up dominates such short searches); from 20×20 (340 free cells and
/// up) CaDiCaL takes the hard boards (20×20 with 60 walls: 0.89 s against 7.0 s; 24×24 with
/// 36: 18 s against 95 s) and stops inside a call at `--time-limit`, while varisat stays a
/// little faster on the easy wall lattices (docs/bench.md, "Solver by size").
pub const CADICAL_MIN_FREE_CELLS: usize = 300;

/// Options of a value query.
#[derive(Clone, Debug)]
pub struct ValueOptions {
    pub base: BaseOptions,
    pub search: Search,
    pub backend: Backend,
    /// No solver was named: boards of at least [`CADICAL_MIN_FREE_CELLS`] free cells are
    /// answered by CaDiCaL (in a build with it), smaller ones by `backend`.
    pub cadical_on_large: bool,
    /// Use the checked segment-LP bound and the clauses it implies (on boards of at least
    /// `engine::lp_bound::LP_MIN_FREE_CELLS`, 150, free cells).
    pub lp: bool,
    /// CaDiCaL's option preset, where CaDiCaL answers ([`VALUE_CADICAL_CONFIG`] by default).
    pub cadical_config: CadicalConfig,
}

/// CaDiCaL's preset for value searches: `sat` (stable mode only). On the large boards the hard
/// call is often the one that finds the value, and there it was up to 4× faster (32×32 step-5
/// lattice 11.9 -> 2.8 s, 28×28 step-4 lattice 4.5 -> 1.4 s); the hard UNSAT calls of the
/// random 24×24 boards were faster too (24.4 -> 18.3 s), and the worst loss was 20×20 random
/// dense (0.9 -> 2.0 s). Table: docs/bench.md, "CaDiCaL's presets".
pub const VALUE_CADICAL_CONFIG: CadicalConfig = CadicalConfig::Sat;

impl Default for ValueOptions {
    fn default() -> Self {
        ValueOptions {
            base: BaseOptions::default(),
            search: Search::default(),
            backend: Backend::default(),
            cadical_on_large: false,
            lp: true,
            cadical_config: VALUE_CADICAL_CONFIG,
        }
    }
}

impl ValueOptions {
    /// The solver that answers for `board`.
    pub fn backend_for(&self, board: &Board) -> Backend {
        let large = self.cadical_on_large && board.free_cells().len() >= CADICAL_MIN_FREE_CELLS;
        #[cfg(feature = "cadical")]
        if large {
            return Backend::Cadical;
        }
        let _ = large; // a build without CaDiCaL keeps `backend`
        self.backend.clone()
    }
}

/// The segment-LP bound of a value search, as reported.
#[derive(Clone, Debug, Serialize)]
pub struct LpReport {
    /// `⌊total / scale⌋` of the checked certificate.
    pub bound: usize,
    /// The LP optimum (floats, as the LP solver found it).
    pub lp_value: f64,
    pub seconds: f64,
    /// Clauses implied by the certificate that went into the solver: each held one once, and
    /// the assumed ones once per question that had them (the probe at the bound among them).
    pub implied_clauses: usize,
}

/// The answer to a value query.
#[derive(Clone, Debug, Serialize)]
pub struct ValueReport {
    pub board: Board,
    pub value: usize,
    pub placement: Placement,
    pub greedy_lower_bound: usize,
    /// Queens of the local search's placement, where it ran (boards of 150 free cells or more,
    /// below 700 or without the LP bound).
    pub local_search_lower_bound: Option<usize>,
    /// Queens after the tabu search's climbs from the start, where they ran (boards of 700 free
    /// cells or more whose start fell short of the LP bound).
    pub tabu_search_lower_bound: Option<usize>,
    pub upper_bound: UpperBound,
    /// The checked segment-LP bound, where it was computed.
    pub lp: Option<LpReport>,
    pub calls: Vec<SolverCall>,
    /// How optimality was shown, in words.
    pub proof: String,
    /// True when optimality was shown by a counting argument, a checked bound, or an UNSAT
    /// answer of a solver queensat runs (or a checked proof); false when it rests on an
    /// external solver's word, and when the search was stopped (no optimality is claimed).
    pub certified: bool,
    pub solver: String,
    /// CaDiCaL's option preset, when CaDiCaL answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solver_config: Option<&'static str>,
    pub amo: &'static str,
    pub count: &'static str,
    pub search: Search,
    pub seconds: f64,
    /// False when the time limit or Ctrl-C stopped the search: `value` is then the best
    /// checked placement found, and `proof` gives the best upper bound known.
    pub proved: bool,
    /// Whether an UNSAT answer behind the report (the refuting call's, or a stopped search's
    /// upper bound) is an external solver's word that nothing checked.
    #[serde(skip)]
    pub unchecked_unsat: bool,
    /// Whether the solver took a first guess as decision phases.
    pub phases: bool,
    /// Where the guesses came from: `start placement`, or `best placement and packing LP
    /// point, alternating` (the best placement: the start's, then each call's answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phases_from: Option<&'static str>,
    /// Symmetries of the board broken by lex-leader constraints (one placement per class).
    pub symmetries_broken: usize,
    /// The LP dives, where they took turns in the solver calls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp_dives: Option<DiveReport>,
}

/// What the LP dives of a value search did.
#[derive(Clone, Debug, Serialize)]
pub struct DiveReport {
    /// Dives run (seeds 0, 1, …), each that fell short of its call's count polished by the
    /// local search.
    pub dives: u64,
    /// The most queens a dive reached (polished where short).
    pub best_queens: usize,
    pub seconds: f64,
    /// The LP's error that ended the dives early (the search went on without them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp_error: Option<String>,
}

impl DiveReport {
    /// What `dives` did; `None` if none ran or failed.
    fn of(dives: &Dives) -> Option<DiveReport> {
        (dives.tried() > 0 || dives.lp_error.is_some()).then(|| DiveReport {
            dives: dives.tried(),
            best_queens: dives.best,
            seconds: dives.seconds,
            lp_error: dives.lp_error.clone(),
        })
    }
}

impl ValueReport {
    /// Whether the answer rests on an external solver's UNSAT that nothing checked: a proved
    /// value not certified, or a stopped search whose upper bound came from such an answer.
    pub fn rests_on_unchecked_unsat(&self) -> bool {
        !self.certified && (self.proved || self.unchecked_unsat)
    }
}

/// Boards with at least this many free cells also start from the local search's placement:
/// below, the SAT calls it would save take milliseconds.
const LOCAL_SEARCH_MIN_FREE_CELLS: usize = 150;

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
    value_until(board, opts, Deadline::thread(limit), progress)
}

/// The value of a board, proved, whatever Ctrl-C asks: for what a finished search still owes
/// its answer (the value of a least-walls witness), on boards small enough to take seconds.
pub fn value_to_the_end(board: &Board, opts: &ValueOptions) -> anyhow::Result<ValueReport> {
    Ok(value_until(board, opts, Deadline::never(), &Reporter::silent())?.0)
}

/// [`value_within`] under `deadline` (polled between steps, and inside CaDiCaL's calls): the
/// start, the ladder of questions, and the proof; with the checked LP bound the search used.
fn value_until(
    board: &Board,
    opts: &ValueOptions,
    deadline: Deadline,
    progress: &Reporter,
) -> anyhow::Result<(ValueReport, Option<LpBound>)> {
    let started = Instant::now();
    let backend = opts.backend_for(board);
    let mut start = start::start(board, opts, deadline, progress)?;
    let mut asker = Asker::new(board, opts, &backend, &mut start, deadline, progress, None)?;
    let ub = start.ub.bound;
    let best = ladder(&mut asker, opts.search, start.best.clone(), ub)?;
    let proof = proof::proof(&asker, &best, ub, opts.base.count, &deadline);
    // Optimality rests on the refuting call: the counting argument or an UNSAT answer, which
    // an external solver only asserts. A stopped search claims no optimality to certify.
    let by_unsat = proof::refuting(&asker).is_some_and(|c| c.answer.is_solver_unsat());
    let certified = !asker.stopped && crate::engine::unchecked::certified(&backend, by_unsat, false);
    let any_unsat = asker.calls.iter().any(|c| c.answer.is_solver_unsat());
    let unchecked_unsat = !crate::engine::unchecked::certified(&backend, any_unsat, false);
    let n_implied = asker.session.implied_added();
    let report = ValueReport {
        certified,
        board: board.clone(),
        value: best.len(),
        placement: best,
        greedy_lower_bound: start.greedy.len(),
        local_search_lower_bound: start.local.as_ref().map(|p| p.len()),
        tabu_search_lower_bound: start.tabu.as_ref().map(|p| p.len()),
        upper_bound: start.ub,
        lp: asker.lp.as_ref().map(|l| LpReport {
            bound: l.checked.bound(),
            lp_value: l.lp_value,
            seconds: l.seconds,
            implied_clauses: n_implied,
        }),
        proof,
        solver: backend.to_string(),
        solver_config: backend.has_presets().then(|| opts.cadical_config.name()),
        amo: opts.base.amo.name(),
        count: opts.base.count.name(),
        search: opts.search,
        seconds: started.elapsed().as_secs_f64(),
        proved: !asker.stopped,
        unchecked_unsat,
        phases: asker.phases,
        phases_from: asker.phases.then_some(asker.phases_from),
        symmetries_broken: asker.symmetries_broken,
        lp_dives: asker.dives.as_ref().and_then(DiveReport::of),
        calls: std::mem::take(&mut asker.calls),
    };
    Ok((report, asker.lp.take()))
}

/// From this many free cells on, where the LP bound is computed, the tabu search leads the
/// primal side: [`climb`] from the greedy placement towards the checked LP bound, and no local
/// search. Against climbs from the local search's placement (one run, 0.1–0.4 s), on 15
/// lattices of 27×27 to 40×40 (one run each, process CPU s): 31.64 → 30.46 s in all, 40×40
/// step-4 lattice 0.44 → 0.14 s, and the 32×32 step-4 lattice, whose climbs then end a queen
/// short, 0.72 → 1.34 s (docs/bench.md, "A tabu search one queen further"). Below it the
/// climbs cost more than they gain, since there the start falls short because the bound is
/// above the value, and solver calls are cheap: on the 12×12 to 24×24 boards of `make
/// bench-large` (one run each, process CPU s, four local-search runs, then the climbs) 16×16
/// step-4 lattice 0.05 → 0.48 s, 20×20 step 5 0.17 → 0.88 s, 24×24 step 5 2.00 → 2.81 s, 72.1
/// → 75.6 s in all. The 28×28 lattices have 735 and 748 free cells.
const TABU_MIN_FREE_CELLS: usize = 700;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{Amo, CountMode};

    #[test]
    fn the_dive_report_is_of_dives_that_ran() {
        use crate::engine::lp::bound::{tests::lattice, tighten};
        let b = lattice(16, 4, 0);
        let packing = tighten(&b, &|| false).unwrap().unwrap().packing;
        let mut failed = Dives::new(&b, packing.clone(), 0, 100, Vec::new());
        let mut dives = Dives::new(&b, packing, 0, 100, Vec::new());
        assert!(DiveReport::of(&dives).is_none());
        failed.lp_error = Some("the LP: failed".into());
        let r = DiveReport::of(&failed).unwrap();
        assert_eq!((r.dives, r.lp_error.as_deref()), (0, Some("the LP: failed")));
        assert!(dives.reach(usize::MAX, 2, &|| false).is_none());
        let r = DiveReport::of(&dives).unwrap();
        assert_eq!((r.dives, r.best_queens), (2, dives.best));
        assert!(r.seconds == dives.seconds && r.lp_error.is_none());
    }

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
                        let named = r.proof.starts_with(&format!("{n} queens "))
                            || r.proof.contains(&format!("at least {n} queens "));
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
