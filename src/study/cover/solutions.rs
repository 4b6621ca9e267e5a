//! The n-queens solutions of the empty n×n board, the list both questions select from: every
//! one enumerated and checked, and the list's length held equal to the branch and bound's
//! count, so the list is complete whoever answered the last UNSAT.

use crate::board::{Board, Placement};
use crate::encode::BaseOptions;
use crate::engine::BoardSession;
use crate::run::interrupt::stop_requested;
use crate::solve::Backend;

/// Every n-queens solution of the empty n×n board, each checked, in the order found.
pub fn nqueens_solutions(n: usize, backend: &Backend) -> anyhow::Result<Vec<Placement>> {
    let board = Board::square(n)?;
    let mut session = BoardSession::new(&board, BaseOptions::default(), backend);
    let Some(assumps) = session.exactly(n) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    // A stop signal ends the enumeration too, a call under way among it (on backends that can):
    // the list is the first stage of a cover, and there is nothing to report without it.
    session.solver.set_stop(stop_requested);
    loop {
        crate::run::interrupt::check_stop()?;
        let Some(p) = session.solve_with(&assumps)? else {
            break;
        };
        let clause = session.model.blocking_clause_fixed_count(&p);
        session.add_clause(clause)?;
        out.push(p);
    }
    out.sort();
    // The enumeration ends with an UNSAT answer (an external solver's word, perhaps): the
    // branch and bound's count must agree, so the list is complete whoever answered.
    let stop = crate::run::interrupt::stop_requested;
    let (count, _) = crate::run::interrupt::unless_stopped(crate::check::bnb_count(&board, n, stop))?;
    anyhow::ensure!(
        out.len() as u64 == count,
        "cross-check failed on {n}x{n}: the solver's enumeration found {} n-queens solutions, the \
         branch and bound counts {count}",
        out.len()
    );
    Ok(out)
}

/// A solution in the seed's format: the column of the queen in each row, 0-based.
pub fn seed_line(p: &Placement) -> String {
    p.queens()
        .iter()
        .map(|&(_, c)| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::brute_count;

    #[test]
    fn solution_counts_match_brute_force() {
        for n in 1..=7 {
            let sols = nqueens_solutions(n, &Backend::default()).unwrap();
            assert_eq!(
                sols.len() as u64,
                brute_count(&Board::square(n).unwrap(), n),
                "n = {n}"
            );
        }
    }
}
