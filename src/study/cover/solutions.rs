//! The n-queens solutions of the empty n×n board, the list both questions select from: one
//! per symmetry class enumerated by SAT (lex-leader constraints), each class's images checked,
//! and the list's length held equal to the branch and bound's count, so the list is complete
//! whoever answered the last UNSAT.

use crate::board::{Board, Placement};
use crate::engine::{EnumOptions, Target, enumerate};
use crate::run::deadline::{Deadline, OutOfTime, Why};
use crate::run::interrupt::{Interrupted, stop_requested, unless_stopped};
use crate::solve::Backend;

/// Every n-queens solution of the empty n×n board, each checked, sorted, listed within
/// `deadline` (a stop signal, or `--time-limit`: the listing is a search of its own). A list
/// cut short is an error, [`Interrupted`] or [`OutOfTime`]: a cover needs it whole. One class
/// at a time, since a class's images are found without a solver (12x12: 1,787 calls, not
/// 14,200; 1.9 s of CPU against 7.2 s).
pub fn nqueens_solutions(n: usize, backend: &Backend, deadline: Deadline) -> anyhow::Result<Vec<Placement>> {
    let board = Board::square(n)?;
    let opts = EnumOptions {
        backend: backend.clone(),
        target: Target::Exactly(n),
        unique: true,
        deadline: Some(deadline),
        ..EnumOptions::default()
    };
    let mut out = Vec::new();
    let listed = enumerate(&board, &opts, |found| {
        out.extend_from_slice(&found.images);
        Ok(())
    })?;
    if !listed.complete {
        return Err(cut_short(&deadline, n, out.len()));
    }
    out.sort();
    // The enumeration ends with an UNSAT answer (an external solver's word, perhaps): the
    // branch and bound's count must agree, so the list is complete whoever answered.
    // Only a stop signal ends it: the checker's search takes no clock (and it is short: the
    // whole listing of 12x12, this count included, took 1.9 s of CPU).
    let (count, _) = unless_stopped(crate::check::bnb_count(&board, n, stop_requested))?;
    anyhow::ensure!(
        out.len() as u64 == count,
        "cross-check failed on {n}x{n}: the solver's enumeration found {} n-queens solutions, the \
         branch and bound counts {count}",
        out.len()
    );
    Ok(out)
}

/// The error of a listing `deadline` stopped with `found` solutions listed.
fn cut_short(deadline: &Deadline, n: usize, found: usize) -> anyhow::Error {
    match deadline.why() {
        Why::Signal => Interrupted.into(),
        why => OutOfTime {
            why,
            during: format!(
                "while listing the {n}x{n} board's n-queens solutions ({found} so far), which a \
                 cover selects from: nothing to report"
            ),
        }
        .into(),
    }
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
            let sols = nqueens_solutions(n, &Backend::default(), Deadline::thread(None)).unwrap();
            assert_eq!(
                sols.len() as u64,
                brute_count(&Board::square(n).unwrap(), n),
                "n = {n}"
            );
        }
    }
}
