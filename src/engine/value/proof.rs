//! What a value search's log shows, in words: the call that refuted one queen more (the
//! solver's UNSAT, the checked LP certificate, or the counter's reach), or, for a stopped
//! search, the best placement and the best upper bound known.

use super::ask::Asker;
use crate::board::Placement;
use crate::encode::CountMode;
use crate::engine::search::{Answer, Refutation, SolverCall};
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
    match last.answer {
        Answer::Unsat(_) if n_implied > 0 => format!(
            "UNSAT with at least {} queens ({} solver calls; with {n_implied} clauses implied by the \
             checked LP dual certificate for the counts asked)",
            last.question,
            calls.len()
        ),
        Answer::Unsat(_) => format!(
            "UNSAT with at least {} queens ({} solver calls)",
            last.question,
            calls.len()
        ),
        Answer::Refuted(Refutation::LpCertificate) => format!(
            "{} queens exceed the bound {} of the LP dual certificate (checked: every free cell \
             covered by weighted segments and cliques, total {:.3}), so no solver call was needed for it",
            last.question,
            asker.lp.as_ref().map_or(0, |l| l.checked.bound()),
            asker.lp.as_ref().map_or(0.0, |l| l.checked.value())
        ),
        _ => format!(
            "{} queens exceed the {} inputs of the queen counter (count {}: each input is a \
             cell or a segment that holds at most one queen), so no search was needed",
            last.question,
            asker.session.model.max_count(),
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
        "NOT proved: {why}; best placement {} queens (checked), upper bound {known}",
        best.len()
    )
}

/// The call optimality rests on, among a search's `calls`: the last that refuted a count (a
/// search downwards or by bisection may end on a SAT answer below it).
pub(super) fn refuting(calls: &[SolverCall]) -> Option<&SolverCall> {
    calls.iter().rev().find(|c| c.found.is_none())
}
