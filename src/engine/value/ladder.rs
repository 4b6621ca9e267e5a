//! The ladder of a value search: which counts it asks, up from the start, down from the upper
//! bound, or by bisection, until the count one above the best placement is refuted.

use super::ask::Asker;
use super::options::Search;
use crate::board::Placement;

/// Asks `asker` counts as `search` says, from `best` (checked) and the upper bound `ub`,
/// until one queen more than the best placement is refuted or the deadline stops it; the best
/// placement found. After a stop only the log counts ([`Asker::stopped`]). `before` hears of
/// each question before it is asked, with the best placement so far.
pub(super) fn ladder(
    asker: &mut Asker,
    search: Search,
    mut best: Placement,
    ub: usize,
    before: &mut dyn FnMut(&Asker, &Placement, usize),
) -> anyhow::Result<Placement> {
    let mut ask = |asker: &mut Asker, best: &Placement, k: usize| {
        before(asker, best, k);
        asker.ask(k)
    };
    // `refuted` is the least k shown impossible; the search ends when it is best + 1.
    let mut refuted = None;
    match search {
        Search::Up => loop {
            let k = best.len() + 1;
            match ask(asker, &best, k)? {
                Some(p) => best = p,
                None => {
                    refuted = Some(k);
                    break;
                }
            }
        },
        Search::Down => {
            let mut k = ub;
            while k > best.len() {
                match ask(asker, &best, k)? {
                    Some(p) => {
                        best = p;
                        break;
                    }
                    None => {
                        refuted = Some(k);
                        k -= 1;
                    }
                }
            }
        }
        Search::Binary => {
            let mut hi = ub + 1; // impossible, not yet shown by the solver
            while hi - best.len() > 1 {
                let mid = (best.len() + hi).div_ceil(2);
                match ask(asker, &best, mid)? {
                    Some(p) => best = p,
                    None => {
                        refuted = Some(mid);
                        hi = mid;
                    }
                }
            }
        }
    }
    // After a stop, `refuted` and the answers of `ask` mean nothing: only the log counts.
    if refuted != Some(best.len() + 1) && !asker.stopped {
        // The bound alone ended the search; get the solver's word on one more queen.
        let found = ask(asker, &best, best.len() + 1)?;
        anyhow::ensure!(
            asker.stopped || found.is_none(),
            "internal error: more queens fit than the upper bound allows"
        );
    }
    Ok(best)
}
