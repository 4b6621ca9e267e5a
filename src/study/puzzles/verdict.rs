//! The verdict on one symmetry class of `k` walls, given every class of fewer walls: below the
//! run's minimum value, containing a puzzle (a proper subset of the same value holds a unique
//! optimum), not unique (a second optimum, found cheaply or by a search), or a puzzle. Every
//! value and every optimum found is re-checked by the independent checker before it is used.

use super::known::{ClassInfo, Known, cheap_facts};
use super::puzzle::Puzzle;
use super::spec::PuzzleOptions;
use crate::board::{Board, CellSet, Placement, WallClasses};
use crate::check::{bnb_count, bnb_value, check_placement};
use crate::engine::{second_optimum, upper_bound};
use crate::io::to_bits64;
use crate::run::interrupt::{stop_requested, unless_stopped};
use crate::study::sweep::{Engine, Evaluator, compare_with_bnb, refuted_by_tree, second_optimum_by_tree};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// What processing one class gave.
pub(super) struct Outcome<const W: usize> {
    pub info: ClassInfo<W>,
    pub verdict: Verdict,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Verdict {
    BelowMin,
    ContainsPuzzle,
    NotUnique { cheaply: bool },
    Unique(Box<Puzzle>),
}

/// Value, minimality and uniqueness of one class (its key `m`), given every smaller class.
pub(super) fn process<const W: usize>(
    sets: &WallClasses<W>,
    m: CellSet<W>,
    known: &Known<W>,
    opts: &PuzzleOptions,
    ev: &mut Evaluator,
) -> anyhow::Result<Outcome<W>> {
    let board = sets.board(&m);
    let Some((v, optimum)) = class_value(&board, opts, ev)? else {
        return Ok(Outcome {
            info: ClassInfo {
                value: None,
                optimum: CellSet::EMPTY,
                holds_unique: false,
            },
            verdict: Verdict::BelowMin,
        });
    };
    let opt_mask = sets.set_of(optimum.queens());
    let mut info = ClassInfo {
        value: Some(v as u8),
        optimum: opt_mask,
        holds_unique: false,
    };

    let cheap = cheap_facts(sets, m, v as u8, opt_mask, known);
    if cheap.contains_puzzle {
        info.holds_unique = true;
        return Ok(Outcome {
            info,
            verdict: Verdict::ContainsPuzzle,
        });
    }
    if let Some(p) = cheap.second {
        let second = Placement::new(sets.cells(&p));
        if let Err(e) = check_placement(&board, &second) {
            anyhow::bail!("internal error: second optimum of {board:?} fails the checker: {e}");
        }
        return Ok(Outcome {
            info,
            verdict: Verdict::NotUnique { cheaply: true },
        });
    }

    let t = Instant::now();
    let unique = optimum_is_unique(&board, v, &optimum, opts)?;
    let proof_seconds = t.elapsed().as_secs_f64();
    if !unique {
        return Ok(Outcome {
            info,
            verdict: Verdict::NotUnique { cheaply: false },
        });
    }
    info.holds_unique = true;
    let puzzle = puzzle_on_representative(&board, v, &optimum, opts, cheap.strictly_minimal, proof_seconds)?;
    Ok(Outcome {
        info,
        verdict: Verdict::Unique(Box::new(puzzle)),
    })
}

/// The board's value and the optimum found (legal by the checker), or `None` when the value is
/// below the run's minimum: then a bound or one refutation at the minimum suffices, cheaper
/// than the value itself, and supersets of the same value are below the minimum too.
fn class_value(
    board: &Board,
    opts: &PuzzleOptions,
    ev: &mut Evaluator,
) -> anyhow::Result<Option<(usize, Placement)>> {
    if upper_bound(board).bound < opts.min_value {
        return Ok(None);
    }
    let report = if opts.engine == Engine::Tree {
        // Below the minimum: a tree that refutes it, cheaper than the value's.
        if opts.min_value > 0 && refuted_by_tree(board, opts.min_value)? {
            return Ok(None);
        }
        // The branch and bound's value, its tree replayed as the refutation of one queen more.
        ev.evaluate(board, None)?
    } else {
        // The value as the sweep's SAT engine proves it: the branch and bound's optimum as
        // the start, then the solver's UNSAT answer for one queen more; the two must agree.
        let (bnb, start) = unless_stopped(bnb_value(board, stop_requested))?;
        if bnb < opts.min_value {
            // Below the minimum by the branch and bound: one UNSAT answer at the minimum
            // proves it, cheaper than the value itself.
            if let Some(p) = ev.holds(board, opts.min_value)? {
                compare_with_bnb(board, p.len(), bnb)?;
            }
            return Ok(None);
        }
        let report = ev.evaluate(board, Some(start))?;
        compare_with_bnb(board, report.value, bnb)?;
        report
    };
    let v = report.value;
    let optimum = report.placement;
    if let Err(e) = check_placement(board, &optimum) {
        anyhow::bail!("internal error: optimum of {board:?} fails the checker: {e}");
    }
    Ok((v >= opts.min_value).then_some((v, optimum)))
}

/// Whether `optimum` is the board's only placement of `v` queens: the branch and bound's
/// counting tree (replayed) says, and with the SAT engine the solver's answer must agree.
fn optimum_is_unique(
    board: &Board,
    v: usize,
    optimum: &Placement,
    opts: &PuzzleOptions,
) -> anyhow::Result<bool> {
    let by_tree = second_optimum_by_tree(board, v, optimum)?;
    let second = match opts.engine {
        Engine::Tree => by_tree,
        _ => {
            // The solver's "unique" is an UNSAT answer, an external solver's word: the
            // branch and bound's counting tree (replayed) must say the same.
            let sat = second_optimum(board, v, optimum, &opts.value)?.second;
            anyhow::ensure!(
                sat.is_some() == by_tree.is_some(),
                "cross-check failed on {board:?}: SAT says the optimum of {v} queens is {}, the \
                 branch and bound's counting tree says it is {}",
                if sat.is_some() { "not unique" } else { "unique" },
                if by_tree.is_some() { "not unique" } else { "unique" }
            );
            sat
        }
    };
    Ok(second.is_none())
}

/// The puzzle as reported: its symmetry class's representative (the canonical board), the
/// unique optimum moved onto it and re-checked, and its difficulty signals.
fn puzzle_on_representative(
    board: &Board,
    v: usize,
    optimum: &Placement,
    opts: &PuzzleOptions,
    strictly_minimal: bool,
    proof_seconds: f64,
) -> anyhow::Result<Puzzle> {
    let (canon, sym) = board.canonical();
    let solution = optimum.image_on(sym, board);
    if let Err(e) = check_placement(&canon, &solution) {
        anyhow::bail!("internal error: puzzle solution on {canon:?} fails the checker: {e}");
    }
    let walls = canon.walls();
    let near_solutions = match v {
        0 => 0,
        _ => unless_stopped(bnb_count(&canon, v - 1, stop_requested))?.0,
    };
    Ok(Puzzle {
        rows: opts.rows,
        cols: opts.cols,
        bits: (opts.rows <= 8 && opts.cols <= 8)
            .then(|| to_bits64(&walls).ok())
            .flatten(),
        walls,
        value: v,
        solution,
        orbit: canon.orbit_size(),
        stabiliser: canon.stabiliser().len(),
        strictly_minimal,
        near_solutions,
        proof_seconds,
    })
}
