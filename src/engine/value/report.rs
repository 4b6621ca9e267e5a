//! What a value search reports: the value and an optimal placement, the bounds, how
//! optimality was shown, and every solver call.

use super::options::Search;
use crate::board::{Board, Placement};
use crate::engine::bounds::UpperBound;
use crate::engine::lp::dive::Dives;
use crate::engine::search::SolverCall;
use crate::solve::Backend;
use serde::Serialize;

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
    /// The solver that answered; in JSON `solver`, named as the command line names it
    /// (`varisat`, `external:CMD`).
    #[serde(rename = "solver", serialize_with = "named")]
    pub backend: Backend,
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
    /// Whether the report rests on an external solver's UNSAT that nothing checked (the refuting
    /// call's, or a stopped search's upper bound): never with `certified`. In JSON only when
    /// true, where a stopped search's `certified: false` would not tell it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
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
    pub(super) fn of(dives: &Dives) -> Option<DiveReport> {
        (dives.tried() > 0 || dives.lp_error.is_some()).then(|| DiveReport {
            dives: dives.tried(),
            best_queens: dives.best,
            seconds: dives.seconds,
            lp_error: dives.lp_error.clone(),
        })
    }
}

/// A backend as the command line names it.
fn named<S: serde::Serializer>(b: &Backend, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(b)
}

impl ValueReport {
    /// Whether the answer rests on an external solver's UNSAT that nothing checked: a proved
    /// value not certified, or a stopped search whose upper bound came from such an answer.
    pub fn rests_on_unchecked_unsat(&self) -> bool {
        self.unchecked_unsat
    }

    /// A checked proof stands in for the UNSAT answer the value rests on.
    pub fn mark_certified(&mut self) {
        self.certified = true;
        self.unchecked_unsat = false;
    }

    /// Refuses a proved value below `held`, a placement on the report's board that passed the
    /// checker (`whose` names it: "the row's placement"): the answer that refuted one queen more
    /// than the value is then false. A solver's UNSAT is blamed on the solver
    /// (`engine::contradicted_unsat`); a bound's refutation is
    /// queensat's internal error. A stopped search claims no value, so nothing contradicts it.
    pub fn holds(&self, held: &Placement, whose: &str) -> anyhow::Result<()> {
        if !self.proved || held.len() <= self.value {
            return Ok(());
        }
        crate::check::check_placement(&self.board, held)
            .map_err(|v| anyhow::anyhow!("internal error: {whose} fails the checker: {v}"))?;
        let k = self.value + 1;
        let evidence = format!("a checked placement of {} queens exists ({whose})", held.len());
        match self.refuted_by_solver() {
            true => Err(crate::engine::unchecked::contradicted_unsat(
                &self.backend,
                &format!("at least {k} queens"),
                &evidence,
            )),
            false => anyhow::bail!(
                "internal error: {} refutes {k} queens, but {evidence}",
                self.proof
            ),
        }
    }

    /// Whether one queen more than the value was refuted by the solver's UNSAT answer (not by
    /// a bound; a stopped search refuted nothing).
    pub fn refuted_by_solver(&self) -> bool {
        self.proved && super::proof::refuting(&self.calls).is_some_and(|c| c.answer.is_solver_unsat())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_below_a_checked_placement_is_refused_and_blamed() {
        use crate::engine::search::{Answer, Refutation};
        let opts = crate::engine::ValueOptions::default();
        let mut r = crate::engine::value(&Board::square(4).unwrap(), &opts).unwrap();
        let held = r.placement.clone();
        assert!(r.holds(&held, "the held placement").is_ok());
        // A false "at least 4 queens: UNSAT", as a lying solver would answer.
        r.value = 3;
        r.calls = vec![SolverCall::instant(4, Answer::UNSAT)];
        r.backend = Backend::External("./liar.sh".into());
        let j = serde_json::to_value(&r).unwrap();
        assert_eq!(
            j["solver"], "external:./liar.sh",
            "the solver by its command-line name"
        );
        let e = r.holds(&held, "the held placement").unwrap_err().to_string();
        assert_eq!(
            e,
            "external solver \"./liar.sh\" answered UNSAT for at least 4 queens, but a checked \
             placement of 4 queens exists (the held placement)"
        );
        r.backend = Backend::Varisat;
        let e = r.holds(&held, "the held placement").unwrap_err().to_string();
        assert!(e.starts_with("internal error: varisat answered UNSAT"), "{e}");
        r.calls = vec![SolverCall::instant(4, Answer::Refuted(Refutation::Counter))];
        let e = r.holds(&held, "the held placement").unwrap_err().to_string();
        assert!(
            e.starts_with("internal error: ") && e.contains("refutes 4 queens"),
            "{e}"
        );
        // A stopped search claims no value; an illegal placement proves nothing.
        r.proved = false;
        assert!(r.holds(&held, "the held placement").is_ok());
        r.proved = true;
        let illegal = Placement::new(vec![(0, 0), (1, 1), (2, 3), (3, 2)]);
        let e = r.holds(&illegal, "the bad placement").unwrap_err().to_string();
        assert!(e.contains("the bad placement fails the checker"), "{e}");
    }

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
}
