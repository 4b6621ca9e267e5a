//! The value of one wall set, in one of three ways the sweep can compare:
//! - [`Engine::Tree`] (default): the branch and bound (`check::bnb_proof`), with its search tree
//!   as the refutation of one queen more, replayed by `check::check_search_tree`; no SAT (and
//!   its optimal placements counted the same way, [`count_optimal_by_tree`]);
//! - [`Engine::Reuse`]: one solver per chunk holds the [`WallModel`] of the board
//!   shape, counting queens by segments ([`QueenCount::Segments`]); each board is selected by
//!   assuming its wall literals, so clauses learned on one board help the next and nothing is
//!   re-encoded;
//! - [`Engine::Rebuild`]: a fresh [`value`](crate::engine::value) query (new base model, new
//!   solver) per board, the plain way.
//!
//! Every way gives a placement with `value` queens, checked by the independent checker, and a
//! refutation of `value + 1` queens: the replayed search tree, or the solver's UNSAT answer
//! (except where `value + 1` exceeds what the counter can count at all: every cell, or for
//! `Rebuild` every segment, is used).
//!
//! Puzzles (`study::puzzles`) evaluate their classes with this [`Evaluator`] (the reuse
//! engine, one per worker), whose solver then also decides whether an optimum is unique.

use crate::board::{Board, Cell, Coord, Placement};
use crate::check::{
    bnb_count, bnb_count_at_most, bnb_value_proved_until, check_placement, check_search_tree_until,
    count_by_search_tree_until,
};
use crate::encode::{QueenCount, VarRole, WallModel, WallOptions};
use crate::engine::search::{Answer, Session};
use crate::engine::{ValueOptions, greedy_placement, value};
use crate::run::interrupt::{Interrupted, stop_requested, unless_stopped};
use crate::solve::{Backend, Solve as _};
use rustsat::types::Clause;

crate::choices! {
/// How the sweep finds and proves each class's value.
pub enum Engine {
    /// The branch and bound; its search tree, replayed by the checker, refutes one queen more.
    #[default]
    Tree = "tree",
    /// SAT: one solver per chunk, walls given as assumptions.
    Reuse = "reuse",
    /// SAT: a new model and solver per board (`queensat value`).
    Rebuild = "rebuild",
}
}

impl Engine {
    /// The encoding, in words, for the provenance of results.
    pub fn encoding(self) -> &'static str {
        match self {
            Engine::Reuse => {
                "fixed-walls model: queen and wall variable per cell, walls as assumptions, \
                 pairwise line clauses guarded by the walls between, row- and column-segment \
                 totalisers; one solver per chunk"
            }
            Engine::Rebuild => {
                "base model per board (pairwise amo per segment, segment totalisers), new solver \
                 per board, search up from greedy"
            }
            Engine::Tree => {
                "no CNF: branch and bound over row segments on the attack graph; its search tree \
                 (branches on row segments, leaves bounded by the row and column segments left) \
                 replayed by check::check_search_tree"
            }
        }
    }
}

crate::choices! {
/// Where a sweep's upward search starts. The start is only a placement (checked like any
/// other); the value still rests on the solver's UNSAT answer for one queen more.
///
/// From the branch and bound's optimum the search needs one solver call, the UNSAT one, where
/// a greedy start needs about 1.4 and twice the CPU (`make bench-sweep`, 8x8 with 4 and 5
/// walls). The branch and bound is exponential in the worst case; it is meant for the board
/// sizes a sweep can enumerate.
pub enum Start {
    /// A greedy placement, or the previous board's optimum where it is legal and larger.
    Greedy = "greedy",
    /// The optimum of the branch and bound (`check::bnb_value`), also compared with the value.
    #[default]
    Bnb = "bnb",
}
}

impl Start {
    /// The start in words, for directory names and provenance ("branch-and-bound", where the
    /// option is `bnb`).
    pub fn long_name(self) -> &'static str {
        match self {
            Start::Greedy => "greedy",
            Start::Bnb => "branch-and-bound",
        }
    }

    /// The start of a spec written before the choice existed.
    pub fn legacy() -> Start {
        Start::Greedy
    }
}

/// The cross-check: the value SAT proved (or a placement it found) against the branch and
/// bound's value for the same board; any difference stops the study with both.
pub fn compare_with_bnb(board: &Board, sat: usize, bnb: usize) -> anyhow::Result<()> {
    anyhow::ensure!(
        sat == bnb,
        "cross-check failed on {board:?}: SAT says {sat}, branch and bound says {bnb}"
    );
    Ok(())
}

/// A proved value.
#[derive(Clone, Debug)]
pub struct Evaluated {
    pub value: usize,
    pub placement: Placement,
    pub sat_calls: usize,
}

/// Evaluates boards of one shape with the chosen engine.
pub struct Evaluator {
    engine: Engine,
    backend: Backend,
    /// The reused session of the board shape's model (engine `Reuse` only).
    shared: Option<Session<WallModel>>,
    /// The placement found for the previous board, a candidate start for the next one.
    last: Option<Placement>,
    /// The tree engine's optimum of the previous board, which starts its next search higher.
    near: Vec<Coord>,
}

impl Evaluator {
    /// An evaluator for boards of the size of `shape`.
    pub fn new(shape: &Board, engine: Engine, backend: &Backend) -> Evaluator {
        let shared = (engine == Engine::Reuse).then(|| {
            let mut solver = backend.make();
            let opts = WallOptions {
                count: QueenCount::Segments,
                ..WallOptions::default()
            };
            let model = WallModel::for_shape(shape, opts, &mut solver);
            Session {
                board: shape.clone(),
                model,
                solver,
            }
        });
        Evaluator {
            engine,
            backend: backend.clone(),
            shared,
            last: None,
            near: Vec::new(),
        }
    }

    /// The value of a wall-only board, with a checked optimal placement. `start`, a legal
    /// placement, replaces the greedy start of the reuse engine.
    pub fn evaluate(&mut self, board: &Board, start: Option<Placement>) -> anyhow::Result<Evaluated> {
        match self.engine {
            Engine::Rebuild => {
                let opts = ValueOptions {
                    backend: self.backend.clone(),
                    ..ValueOptions::default()
                };
                let r = value(board, &opts)?;
                // `bound`: one queen more exceeds the segments the base model's counter counts;
                // `lp`: the checked LP dual certificate refutes it.
                anyhow::ensure!(
                    r.calls.last().is_some_and(|c| c.answer.refutes()),
                    "internal error: the value of {board:?} is not proved"
                );
                Ok(Evaluated {
                    value: r.value,
                    placement: r.placement,
                    sat_calls: r.calls.len(),
                })
            }
            Engine::Reuse => self.evaluate_reused(board, start),
            Engine::Tree => {
                let e = evaluate_by_tree(board, &self.near)?;
                self.near.clear();
                self.near.extend_from_slice(e.placement.queens());
                Ok(e)
            }
        }
    }

    /// Search upwards from the start (or a greedy placement): ask for one queen more than the
    /// best so far until the solver says UNSAT. Bounds the segments give are refuted by
    /// propagation, so the last call is cheap whenever the value meets the segment bound.
    fn evaluate_reused(&mut self, board: &Board, start: Option<Placement>) -> anyhow::Result<Evaluated> {
        let mut best = match start {
            Some(p) => {
                ensure_legal(board, &p, "the start placement")?;
                p
            }
            None => greedy_placement(board),
        };
        // Neighbouring classes in a chunk differ in few walls: the previous optimum, without
        // queens on the new walls, is often legal here and better than the greedy start.
        if let Some(prev) = self.last.take() {
            let kept: Placement = prev
                .queens()
                .iter()
                .copied()
                .filter(|&p| board.cell(p) == Cell::Free)
                .collect();
            if kept.len() > best.len() && check_placement(board, &kept).is_ok() {
                best = kept;
            }
        }
        let mut calls = 0;
        loop {
            let k = best.len() + 1;
            if k <= board.n_cells() {
                calls += 1;
            }
            match self.holds(board, k)? {
                Some(p) => best = p,
                None => {
                    self.last = Some(best.clone());
                    return Ok(Evaluated {
                        value: best.len(),
                        placement: best,
                        sat_calls: calls,
                    });
                }
            }
        }
    }

    /// A checked placement of at least `k` queens, or `None` when the solver answers UNSAT
    /// (or `k` exceeds the cells, without a call). Reuse engine only.
    pub fn holds(&mut self, board: &Board, k: usize) -> anyhow::Result<Option<Placement>> {
        let Some(session) = self.shared.as_mut() else {
            anyhow::bail!("internal error: `holds` needs the reuse engine");
        };
        let walls = session.model.fix_board(board);
        let reply = session.ask(k, &walls, || false)?;
        match (reply.answer, reply.found) {
            (Answer::Refuted(_), _) => {
                anyhow::ensure!(
                    k > board.n_cells(),
                    "internal error: the counter cannot reach {k}"
                );
                Ok(None)
            }
            (Answer::Stopped(_), _) => anyhow::bail!("the solver was interrupted"),
            (_, Some((_, p))) => {
                // Checked on the board the solver decoded; and on the board asked, whose walls
                // the assumptions fixed.
                ensure_legal(board, &p, "the solver's placement")?;
                anyhow::ensure!(
                    p.len() >= k,
                    "internal error: the counter let {} < {k} queens through",
                    p.len()
                );
                Ok(Some(p))
            }
            (_, None) => Ok(None),
        }
    }
}

/// Every placement this file hands on is re-checked by the independent checker; a failure is
/// an internal error that names where the placement came from.
fn ensure_legal(board: &Board, p: &Placement, source: &str) -> anyhow::Result<()> {
    check_placement(board, p)
        .map_err(|v| anyhow::anyhow!("internal error: {source} on {board:?} fails the checker: {v}"))
}

/// How many placements of `value` queens (its proved value) `board` has, by the branch and
/// bound's counting search, its tree replayed by the checker to the same count: the tree
/// engine's `--count-optimal`, no solver.
pub fn count_optimal_by_tree(board: &Board, value: usize) -> anyhow::Result<u64> {
    let (n, tree) = unless_stopped(bnb_count(board, value, stop_requested))?;
    // The replay is as long as the search: a stop signal ends it too.
    let replayed = count_by_search_tree_until(board, value, &tree, stop_requested)
        .map_err(|e| anyhow::anyhow!("internal error: the counting tree on {board:?} does not check: {e}"))?;
    let m = unless_stopped(replayed)?;
    anyhow::ensure!(
        m == n,
        "internal error: the counting search on {board:?} found {n} placements of {value} queens, its tree replays to {m}"
    );
    Ok(n)
}

/// Whether `board` holds no placement of `k` queens, by a search that stops at the first
/// placement of `k` and otherwise leaves a tree that the checker replays as the refutation:
/// cheaper than the value where only "below `k`" matters.
pub fn refuted_by_tree(board: &Board, k: usize) -> anyhow::Result<bool> {
    match unless_stopped(bnb_count_at_most(board, k, 0, stop_requested))? {
        Ok((_, tree)) => match check_search_tree_until(board, k, &tree, stop_requested) {
            Ok(replayed) => unless_stopped(replayed).map(|()| true),
            Err(e) => {
                anyhow::bail!("internal error: the search tree on {board:?} does not refute {k} queens: {e}")
            }
        },
        Err(_) => Ok(false),
    }
}

/// A placement of `value` queens (its proved value) on `board` other than `first`, checked, or
/// `None` when the counting tree, replayed by the checker, counts exactly one: the tree
/// engine's uniqueness proof for puzzles. The search stops at a second placement.
pub fn second_optimum_by_tree(
    board: &Board,
    value: usize,
    first: &Placement,
) -> anyhow::Result<Option<Placement>> {
    match unless_stopped(bnb_count_at_most(board, value, 1, stop_requested))? {
        Ok((n, tree)) => {
            let replayed = count_by_search_tree_until(board, value, &tree, stop_requested);
            anyhow::ensure!(replayed != Ok(None), Interrupted);
            anyhow::ensure!(
                n == 1 && replayed == Ok(Some(1)),
                "internal error: the counting tree on {board:?} does not prove {first:?} the only placement of {value} queens"
            );
            Ok(None)
        }
        Err(found) => {
            let second = found.into_iter().find(|p| p != first).ok_or_else(|| {
                anyhow::anyhow!(
                    "internal error: the counting search on {board:?} found the same placement twice"
                )
            })?;
            ensure_legal(board, &second, "the counting search's second placement")?;
            anyhow::ensure!(
                second.len() == value,
                "internal error: the counting search's second placement on {board:?} has {} queens, not {value}",
                second.len()
            );
            Ok(Some(second))
        }
    }
}

/// The branch and bound's value, proved by its checked placement and by replaying its search
/// tree as a refutation of one queen more.
fn evaluate_by_tree(board: &Board, near: &[Coord]) -> anyhow::Result<Evaluated> {
    // A stop signal ends the search inside the board: on large boards one search outlasts it.
    let proved = bnb_value_proved_until(board, near, stop_requested).map_err(|e| {
        anyhow::anyhow!(
            "internal error: the search tree on {board:?} does not refute one queen more than its value: {e}"
        )
    })?;
    let (value, placement) = unless_stopped(proved)?;
    ensure_legal(board, &placement, "the branch and bound's placement")?;
    anyhow::ensure!(
        placement.len() == value,
        "internal error: the branch and bound reports {value} queens but places {}",
        placement.len()
    );
    Ok(Evaluated {
        value,
        placement,
        sat_calls: 0,
    })
}

impl Evaluator {
    /// How many placements of `value` queens the board has (`value` must be its proved value),
    /// by enumeration in the reused solver: each placement found is checked and then blocked by
    /// a clause guarded with a fresh activation literal, which is retired (set false) at the
    /// end so that the next board sees none of these clauses. Engine `Reuse` only.
    pub fn count_optimal(&mut self, board: &Board, value: usize) -> anyhow::Result<(u64, usize)> {
        let Some(session) = self.shared.as_mut() else {
            anyhow::bail!("--count-optimal needs the reuse engine");
        };
        let act = session
            .model
            .vars
            .named(VarRole::Aux("count-optimal activation"))
            .pos_lit();
        let mut base = session.model.fix_board(board);
        match session.model.at_least_queens(value, &mut session.solver) {
            Some(a) => base.extend(a),
            // More queens than cells: only the empty placement of 0 queens counts.
            None => anyhow::bail!("internal error: the counter cannot reach {value}"),
        }
        base.push(act);
        let (mut count, mut calls) = (0u64, 0usize);
        loop {
            calls += 1;
            match session.solve_with(&base)? {
                Some((_, p)) => {
                    ensure_legal(board, &p, "an enumerated placement")?;
                    anyhow::ensure!(
                        p.len() == value,
                        "internal error: {} queens on {board:?}, whose value is {value}",
                        p.len()
                    );
                    count += 1;
                    let block: Clause = std::iter::once(!act)
                        .chain(p.queens().iter().map(|&q| !session.model.queen_lit(q)))
                        .collect();
                    session.solver.add_clause(block)?;
                }
                None => break,
            }
        }
        session.solver.add_clause([!act].into_iter().collect())?;
        Ok((count, calls))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{brute_count, brute_value};

    #[test]
    fn optimal_placements_are_counted() {
        let mut ev = Evaluator::new(&Board::square(8).unwrap(), Engine::Reuse, &Backend::default());
        let b = Board::square(8).unwrap();
        let v = ev.evaluate(&b, None).unwrap().value;
        assert_eq!(ev.count_optimal(&b, v).unwrap().0, 92);
        // Blocking clauses of one board do not leak into the next.
        assert_eq!(ev.count_optimal(&b, v).unwrap().0, 92);
        let mut ev = Evaluator::new(&Board::square(5).unwrap(), Engine::Reuse, &Backend::default());
        for walls in [vec![], vec![(2, 2)], vec![(0, 1), (1, 3), (3, 2)]] {
            let b = Board::with_walls(5, 5, &walls).unwrap();
            let v = ev.evaluate(&b, None).unwrap().value;
            assert_eq!(ev.count_optimal(&b, v).unwrap().0, brute_count(&b, v), "{b:?}");
            // The tree engine's count, by its checked counting tree, is the same.
            assert_eq!(count_optimal_by_tree(&b, v).unwrap(), brute_count(&b, v), "{b:?}");
        }
        assert_eq!(count_optimal_by_tree(&Board::square(8).unwrap(), 8).unwrap(), 92);
    }

    #[test]
    fn trees_refute_exactly_the_sizes_past_the_value() {
        for walls in [vec![], vec![(2, 2)], vec![(0, 1), (1, 3), (3, 2)]] {
            let b = Board::with_walls(5, 5, &walls).unwrap();
            let v = brute_value(&b);
            for k in 0..=v + 2 {
                assert_eq!(refuted_by_tree(&b, k).unwrap(), k > v, "{b:?}, {k}");
            }
        }
    }

    #[test]
    fn both_engines_agree_with_brute_force_on_5x5() {
        let mut reuse = Evaluator::new(&Board::square(5).unwrap(), Engine::Reuse, &Backend::default());
        let mut rebuild = Evaluator::new(&Board::square(5).unwrap(), Engine::Rebuild, &Backend::default());
        let mut seeded = Evaluator::new(&Board::square(5).unwrap(), Engine::Reuse, &Backend::default());
        for walls in [
            vec![],
            vec![(2, 2)],
            vec![(0, 1), (1, 3), (3, 2)],
            vec![(1, 1), (1, 3), (3, 1), (3, 3)],
        ] {
            let b = Board::with_walls(5, 5, &walls).unwrap();
            let want = brute_value(&b);
            let bnb = crate::check::bnb_value(&b, crate::check::never).unwrap().1;
            for (ev, start) in [(&mut reuse, None), (&mut rebuild, None), (&mut seeded, Some(bnb))] {
                let got = ev.evaluate(&b, start).unwrap();
                assert_eq!(got.value, want, "{b:?}");
                assert_eq!(got.placement.len(), want);
                assert_eq!(check_placement(&b, &got.placement), Ok(()));
            }
            // `holds`: a checked placement up to the value, UNSAT beyond it.
            let p = seeded.holds(&b, want).unwrap().expect("the value is reachable");
            assert!(p.len() >= want && check_placement(&b, &p).is_ok());
            assert!(seeded.holds(&b, want + 1).unwrap().is_none(), "{b:?}");
            assert!(seeded.holds(&b, b.n_cells() + 1).unwrap().is_none());
        }
    }
}
