//! What a value search's log shows, in words: the call that refuted one queen more (the
//! solver's UNSAT, the checked LP certificate, or the counter's reach), or, for a stopped
//! search, the best placement and the best upper bound known.

use super::ask::Asker;
use crate::board::Placement;
use crate::encode::CountMode;
use crate::engine::search::{Answer, Refutation, SolverCall};
use crate::io::{noun, plural};
use crate::run::deadline::{Deadline, Why};

/// The proof of `asker`'s search, whose best placement is `best` and whose upper bound before
/// any call was `ub`; `count` names the queen counter.
pub(super) fn proof(
    asker: &Asker,
    best: &Placement,
    ub: usize,
    count: CountMode,
    deadline: &Deadline,
) -> String {
    let calls = &asker.calls;
    let n_implied = asker.session.implied_added();
    if asker.stopped {
        return stopped(calls, best, ub, deadline.why());
    }
    let Some(last) = refuting(calls) else {
        unreachable!("a search that was not stopped refuted a count")
    };
    let queens = queens_exceed(last.question);
    let solver_calls = plural(calls.len(), "solver call", "solver calls");
    match last.answer {
        Answer::Unsat(_) if n_implied > 0 => format!(
            "UNSAT with at least {} ({solver_calls}; with {n_implied} clauses implied by the \
             checked LP dual certificate for the counts asked)",
            plural(last.question, "queen", "queens"),
        ),
        Answer::Unsat(_) => format!(
            "UNSAT with at least {} ({solver_calls})",
            plural(last.question, "queen", "queens"),
        ),
        Answer::Refuted(Refutation::LpCertificate) => format!(
            "{queens} the bound {} of the LP dual certificate (checked: every free cell \
             covered by weighted segments and cliques, total {:.3}), so no solver call was needed for it",
            asker.lp.as_ref().map_or(0, |l| l.checked.bound()),
            asker.lp.as_ref().map_or(0.0, |l| l.checked.value())
        ),
        _ => format!(
            "{queens} the {} of the queen counter (count {}: each input is a \
             cell or a segment that holds at most one queen), so no search was needed",
            plural(asker.session.model.max_count(), "input", "inputs"),
            count.name()
        ),
    }
}

/// The proof of a search stopped (`why`) after `calls`, whose best placement is `best` and
/// whose upper bound before any call was `ub`: none, and the bounds known.
pub(super) fn stopped(calls: &[SolverCall], best: &Placement, ub: usize, why: Why) -> String {
    let known = calls
        .iter()
        .filter(|c| c.answer.refutes())
        .map(|c| c.question - 1)
        .fold(ub, usize::min);
    format!(
        "NOT proved: {why}; best placement {} (checked), upper bound {known}",
        plural(best.len(), "queen", "queens")
    )
}

/// "1 queen exceeds", "7 queens exceed": the subject of a count's refutation by counting.
pub(super) fn queens_exceed(queens: usize) -> String {
    let verb = noun(queens, "exceeds", "exceed");
    format!("{} {verb}", plural(queens, "queen", "queens"))
}

/// The call optimality rests on, among a search's `calls`: the last that refuted a count (a
/// search downwards or by bisection may end on a SAT answer below it).
pub(super) fn refuting(calls: &[SolverCall]) -> Option<&SolverCall> {
    calls.iter().rev().find(|c| c.found.is_none())
}
