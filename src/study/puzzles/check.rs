//! The re-check of a class read back from a chunk, so that a chunk edited or damaged (its
//! seal matched anyway) cannot change the answer: every stored fact is derived again, as the
//! run would have found it, from the class's board and its subsets (themselves re-checked).

use super::chunk::ClassDoc;
use super::known::{Known, cheap_facts};
use super::puzzle::Puzzle;
use super::spec::PuzzleOptions;
use super::verdict::Verdict;
use crate::board::{Board, CellSet, Placement, WallClasses};
use crate::check::{bnb_count, bnb_count_at_most, bnb_value, check_placement};
use crate::io::to_bits64;
use crate::run::interrupt::{cut_short, stop_requested};

/// Re-checks a class read back from a chunk, as the run would have found it: its optimum
/// legal (the independent checker) and as large as its value, the value the branch and
/// bound's (below the run's minimum exactly when it has none), and the verdict the one the
/// class's subsets (`known`, themselves re-checked) and the branch and bound's count of its
/// optima give; a puzzle's board the class's canonical one, its solution legal and of the
/// puzzle's value, its orbit, stabiliser, minimality and near solutions counted again.
pub(super) fn check_class<const W: usize>(
    sets: &WallClasses<W>,
    m: &CellSet<W>,
    c: &ClassDoc,
    known: &Known<W>,
    opts: &PuzzleOptions,
) -> Result<(), String> {
    let board = sets.board(m);
    // A list read back: a cell named twice is refused, not merged into a smaller placement.
    let optimum = Placement::from_list(c.optimum.clone()).map_err(|e| format!("the optimum: {e}"))?;
    let Some(v) = c.value else {
        return check_below_min(&board, &optimum, c, opts);
    };
    check_placement(&board, &optimum).map_err(|e| format!("the optimum fails the checker: {e}"))?;
    if usize::from(v) != optimum.len() {
        return Err(format!("value {v} but an optimum of {} queens", optimum.len()));
    }
    // An edited value with an optimum to match passes the checks above.
    let (bnb, _) = bnb_value(&board, stop_requested).ok_or_else(cut_short)?;
    if bnb != usize::from(v) {
        return Err(format!("value {v} but the branch and bound finds {bnb}"));
    }
    if usize::from(v) < opts.min_value {
        return Err(format!(
            "value {v}, below the run's minimum {}, kept as a value",
            opts.min_value
        ));
    }
    let facts = cheap_facts(sets, *m, v, sets.set_of(optimum.queens()), known);
    check_verdict(&board, v, c, facts.contains_puzzle, facts.second.is_some())?;
    if let Verdict::Unique(p) = &c.verdict {
        check_puzzle(p, &board, m, sets, opts, facts.strictly_minimal)?;
    }
    Ok(())
}

/// A class stored without a value: nothing else stored, and the branch and bound's value below
/// the run's minimum.
fn check_below_min(
    board: &Board,
    optimum: &Placement,
    c: &ClassDoc,
    opts: &PuzzleOptions,
) -> Result<(), String> {
    if !optimum.is_empty() {
        return Err("an optimum without a value".into());
    }
    if c.holds_unique || !matches!(c.verdict, Verdict::BelowMin) {
        return Err("no value, but a verdict other than below the minimum".into());
    }
    let (bnb, _) = bnb_value(board, stop_requested).ok_or_else(cut_short)?;
    if bnb >= opts.min_value {
        return Err(format!(
            "no value, but the branch and bound finds {bnb} (the run's minimum is {})",
            opts.min_value
        ));
    }
    Ok(())
}

/// The stored verdict (and its `holds_unique`) against the truth: what the class's subsets show
/// (`contains_puzzle`, a second optimum `known_second`) or else the branch and bound's count of
/// the optima of value `v`.
fn check_verdict(
    board: &Board,
    v: u8,
    c: &ClassDoc,
    contains_puzzle: bool,
    known_second: bool,
) -> Result<(), String> {
    let (unique, cheaply) = if contains_puzzle {
        (None, false)
    } else if known_second {
        (Some(false), true)
    } else {
        // Cheap to count again, and an edited verdict would otherwise pass.
        let counted = bnb_count_at_most(board, usize::from(v), 1, stop_requested).ok_or_else(cut_short)?;
        let one = matches!(counted, Ok((1, _)));
        (Some(one), false)
    };
    let agrees = match (&c.verdict, unique) {
        (Verdict::ContainsPuzzle, None) => c.holds_unique,
        (Verdict::NotUnique { cheaply: stated }, Some(false)) => *stated == cheaply && !c.holds_unique,
        (Verdict::Unique(_), Some(true)) => c.holds_unique,
        _ => false,
    };
    if !agrees {
        let truth = match unique {
            None => "it contains a puzzle: a proper subset with the same value holds a unique optimum",
            Some(false) if cheaply => "not unique: a second optimum is known without a search",
            Some(false) => "not unique: the branch and bound counts a second optimum",
            Some(true) => "unique: the branch and bound counts one optimum and no subset holds a puzzle",
        };
        return Err(format!("the verdict does not hold: {truth}"));
    }
    Ok(())
}

/// Re-checks a puzzle read back (its class's uniqueness already confirmed): every field is the
/// one the run derives from the class's board `board` (key `m`): the puzzle itself here (its
/// representative, number, solution and value), its difficulty signals in [`check_signals`].
fn check_puzzle<const W: usize>(
    p: &Puzzle,
    board: &Board,
    m: &CellSet<W>,
    sets: &WallClasses<W>,
    opts: &PuzzleOptions,
    strictly_minimal: bool,
) -> Result<(), String> {
    if (p.rows, p.cols) != (opts.rows, opts.cols) {
        return Err(format!(
            "a {}x{} puzzle in a {}x{} run",
            p.rows, p.cols, opts.rows, opts.cols
        ));
    }
    let (canon, _) = board.canonical();
    let pb = Board::with_walls(p.rows, p.cols, &p.walls).map_err(|e| format!("puzzle walls: {e}"))?;
    if pb != canon {
        return Err("the puzzle's board is not its class's canonical board".into());
    }
    let bits = (p.rows <= 8 && p.cols <= 8)
        .then(|| to_bits64(&p.walls).ok())
        .flatten();
    if p.bits != bits {
        return Err("the puzzle's 64-bit number is not that of its walls".into());
    }
    check_placement(&pb, &p.solution).map_err(|e| format!("the puzzle's solution fails the checker: {e}"))?;
    if p.value != p.solution.len() || bnb_value(&pb, stop_requested).ok_or_else(cut_short)?.0 != p.value {
        return Err(format!(
            "puzzle value {} but a solution of {} queens",
            p.value,
            p.solution.len()
        ));
    }
    check_signals(p, &pb, m, sets, strictly_minimal)
}

/// The signals a puzzle `p` (on its board `pb`, class key `m`) carries, counted again: its
/// orbit and stabiliser, strict minimality and near solutions.
fn check_signals<const W: usize>(
    p: &Puzzle,
    pb: &Board,
    m: &CellSet<W>,
    sets: &WallClasses<W>,
    strictly_minimal: bool,
) -> Result<(), String> {
    let orbit = sets.orbit_size(m);
    if p.orbit != orbit || p.orbit * p.stabiliser != sets.group().len() {
        return Err(format!(
            "orbit {} and stabiliser {}, but the class has {orbit} boards under {} symmetries",
            p.orbit,
            p.stabiliser,
            sets.group().len()
        ));
    }
    if p.strictly_minimal != strictly_minimal {
        return Err(format!(
            "strictly_minimal {}, but {}",
            p.strictly_minimal,
            if strictly_minimal {
                "no proper subset has the same value"
            } else {
                "a proper subset has the same value"
            }
        ));
    }
    let near = if p.value > 0 {
        bnb_count(pb, p.value - 1, stop_requested)
            .ok_or_else(cut_short)?
            .0
    } else {
        0
    };
    if p.near_solutions != near {
        return Err(format!(
            "{} near solutions, but the branch and bound counts {near}",
            p.near_solutions
        ));
    }
    Ok(())
}
