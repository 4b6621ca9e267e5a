//! Packing and covering of one n×n board split into cubes, for many workers: cube-and-conquer on
//! how chosen squares are covered.
//!
//! The holders of a square are the solutions with a queen on it, in list order. A selection's
//! first selected holder of a square lies in one range of its holders (cut, in list order, into
//! runs of `width`), or there is none. A cube chooses, for each split square, such a range (the
//! holders before it unselected, one of it selected) or, for packing only, none (no holder
//! selected): each selection lies in exactly one packing cube, and each cover in exactly one
//! covering cube, since a cover selects a holder of every square. [`check_cover`] rebuilds each
//! cube's choice from its clauses and counts the cubes without trusting the plan.
//!
//! Each cube is asked of the whole question's formula, lex-leader symmetry breaking included
//! where the run breaks symmetries: a symmetry of the board maps disjoint selections to disjoint
//! ones and covers to covers of the same size, so every selection has an image the constraints
//! keep (the lex-least of its orbit), and that image lies in some cube; the best over the cubes
//! is the board's. Both starts are found once ([`cover_starts`]: the partition, greedy, local and
//! exact searches and a solver climb cut at a count of conflicts, the same in every run) and
//! stored in the spec. A worker keeps one solver per question across its cubes; in each cube it
//! asks one beyond the start (packing: at least one more selected; covering: at most one
//! fewer) and moves on while the answer is yes, each selection re-checked by counting squares.
//! An optimum is proved when every cube refutes one beyond it.

use super::options::CoverOptions;
use super::refute::{Asked, refute_selection};
use super::run::SEARCH_TESTS;
use super::search::{CoverSearch, search_cover};
use super::selection::{fits, selection_solver};
use super::solutions::{nqueens_solutions, seed_line};
use super::start::{squares, start_selection};
use crate::board::{Board, Coord, Placement};
use crate::encode::{Amo, Goal, SelectionModel, VarRole};
use crate::engine::assume_cube;
use crate::run::deadline::Deadline;
use crate::run::interrupt::{Interrupted, stop_requested};
use crate::run::{Reporter, Shard};
use crate::solve::{AnySolver, Backend, ProofDir, Solve as _, SolveIncremental as _, SolverResult};
use crate::study::chunk_store::ChunkRun;
use crate::study::chunked_run::RunKind;
use crate::study::cubes::rows::{cube_count, narrowest_width, split_rows};
use crate::study::cubes::{
    Answered, CubeChunk, CubeCut, CubeQuestion, CubeTotals, CubeVerdict, answer_cubes, best_beyond,
    merge_cubes,
};
use anyhow::ensure;
use rustsat::types::{Clause, Lit};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// What a cover cube run answers (kept in its folder: a resumed run or a shard must ask the
/// same).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverCubeSpec {
    pub n: usize,
    /// The squares whose first selected holder makes the cubes.
    pub squares: Vec<Coord>,
    /// The most holders of a range: each split square's holders are cut, in list order, into
    /// runs of `width` (the last shorter).
    pub width: usize,
    /// The at-most-one encoding of the packing model.
    pub amo: Amo,
    pub symmetry_breaking: bool,
    /// The start's packing (indices into the solution list): every packing cube refutes one
    /// more, or holds more and finds its most.
    pub pack_start: Vec<usize>,
    /// The start's cover: every covering cube refutes one fewer, or holds fewer and finds its
    /// fewest. `None`: a square lies in no solution, so nothing covers the board (and there
    /// are no covering cubes).
    pub cover_start: Option<Vec<usize>>,
    /// Whether each cube's refutation is certified by a checked proof.
    pub certify: bool,
}

/// How a cube covers one split square: none of `unselected` (the holders before `first_in`,
/// in list order) is selected, and at least one of `first_in` (a run of the holders right after
/// them) is; an empty `first_in` (packing only): no holder is selected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstHolder {
    pub square: Coord,
    pub unselected: Vec<usize>,
    pub first_in: Vec<usize>,
}

/// A part of one question's selections: those that cover each split square as said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverCube {
    pub goal: Goal,
    pub squares: Vec<FirstHolder>,
}

impl CoverCube {
    /// Whether `selection` (indices into the solution list) lies in the cube.
    pub fn holds(&self, selection: &[usize]) -> bool {
        self.squares.iter().all(|f| {
            !f.unselected.iter().any(|i| selection.contains(i))
                && (f.first_in.is_empty() || f.first_in.iter().any(|i| selection.contains(i)))
        })
    }

    /// The cube as clauses over `model`'s selection variables; an index off the list (a cube
    /// read back is checked before it is asked) is left out.
    fn clauses(&self, model: &SelectionModel) -> Vec<Clause> {
        let lit = |i: &usize| model.select.get(*i).copied();
        let mut out = Vec::new();
        for f in &self.squares {
            out.extend(
                f.unselected
                    .iter()
                    .filter_map(lit)
                    .map(|l: Lit| Clause::from_iter([!l])),
            );
            if !f.first_in.is_empty() {
                out.push(f.first_in.iter().filter_map(lit).collect());
            }
        }
        out
    }
}

/// The solutions through each of the `split` squares, in list order.
fn holders(n: usize, sols: &[Placement], split: &[Coord]) -> Vec<Vec<usize>> {
    let sq = squares(n, sols);
    split
        .iter()
        .map(|&(r, c)| {
            (0..sols.len())
                .filter(|&i| sq[i].contains(&(r * n + c)))
                .collect()
        })
        .collect()
}

/// The first `split` squares of the n×n board, the middle row's first (its middle square,
/// then alternately left and right of it), then the other rows' alike, in the order of
/// [`split_rows`].
fn split_squares(n: usize, split: usize) -> anyhow::Result<Vec<Coord>> {
    ensure!(
        (1..=n * n).contains(&split),
        "--split-squares {split}: the board has {} squares",
        n * n
    );
    let order = split_rows(&Board::square(n)?, n)?;
    let all = order.iter().flat_map(|&r| order.iter().map(move |&c| (r, c)));
    Ok(all.take(split).collect())
}

/// How many choices a square whose holders are cut into `ranges` ranges gives to `goal`: a
/// range each, and for packing none.
fn square_choices(goal: Goal, ranges: usize) -> usize {
    ranges + usize::from(goal == Goal::Pack)
}

impl CoverCubeSpec {
    /// The goals that have cubes: packing, and covering where a cover exists.
    fn goals(&self) -> Vec<Goal> {
        match self.cover_start {
            Some(_) => vec![Goal::Pack, Goal::Cover],
            None => vec![Goal::Pack],
        }
    }

    fn start(&self, goal: Goal) -> Option<&Vec<usize>> {
        match goal {
            Goal::Pack => Some(&self.pack_start),
            Goal::Cover => self.cover_start.as_ref(),
        }
    }

    /// Every cube, in order: the packing cubes, then the covering ones; for each split square
    /// in turn, its ranges in list order, then (packing) none.
    fn cubes(&self, holders: &[Vec<usize>]) -> Vec<CoverCube> {
        let mut all = Vec::new();
        for goal in self.goals() {
            let start = vec![CoverCube {
                goal,
                squares: Vec::new(),
            }];
            let cubes = self
                .squares
                .iter()
                .zip(holders)
                .fold(start, |cubes, (&square, h)| {
                    let mut choices: Vec<FirstHolder> = (0..h.len())
                        .step_by(self.width)
                        .map(|a| FirstHolder {
                            square,
                            unselected: h[..a].to_vec(),
                            first_in: h[a..(a + self.width).min(h.len())].to_vec(),
                        })
                        .collect();
                    if goal == Goal::Pack {
                        choices.push(FirstHolder {
                            square,
                            unselected: h.clone(),
                            first_in: Vec::new(),
                        });
                    }
                    let mut out = Vec::with_capacity(cubes.len() * choices.len());
                    for c in &cubes {
                        for f in &choices {
                            let mut with = c.clone();
                            with.squares.push(f.clone());
                            out.push(with);
                        }
                    }
                    out
                });
            all.extend(cubes);
        }
        all
    }
}

/// The choice `f` makes among the holders `h` of its square: the range `a..b` of positions in
/// `h` its first selected holder lies in, or `None` for none selected; or why it makes none.
fn choice_on(f: &FirstHolder, h: &[usize]) -> Result<Option<(usize, usize)>, String> {
    let a = f.unselected.len();
    let b = a + f.first_in.len();
    if b > h.len() || f.unselected != h[..a] || f.first_in != h[a..b] {
        return Err(format!(
            "does not split the solutions through {},{} into the unselected ones before a run of them",
            f.square.0, f.square.1
        ));
    }
    match f.first_in.is_empty() {
        true if a == h.len() => Ok(None),
        true => Err(format!(
            "leaves solutions through {},{} unsaid",
            f.square.0, f.square.1
        )),
        false => Ok(Some((a, b))),
    }
}

/// Checks that `cubes` cover every selection of each question with cubes, each once: each cube
/// speaks of the split squares, in order, and of nothing else; on each it leaves unselected the
/// holders before a run of them of which one is selected, or (packing) every holder; the runs
/// each square is given tile its holders; no two cubes of a question choose alike; and each
/// question has as many cubes as choices (the product over the squares of the runs, plus one
/// for none when packing), so by counting they are all of them. A cover selects some holder of
/// every square, so the covering cubes need no "none".
pub fn check_cover(spec: &CoverCubeSpec, holders: &[Vec<usize>], cubes: &[&CoverCube]) -> Result<(), String> {
    let goals = spec.goals();
    let mut ranges: Vec<Vec<HashSet<(usize, usize)>>> = vec![vec![HashSet::new(); holders.len()]; 2];
    let mut counted = [0usize; 2];
    let mut seen = HashSet::new();
    for (g, cube) in cubes.iter().enumerate() {
        if !goals.contains(&cube.goal) {
            return Err(format!("cube {g} asks a question the run has no cubes for"));
        }
        let named: Vec<Coord> = cube.squares.iter().map(|f| f.square).collect();
        if named != spec.squares {
            return Err(format!("cube {g} speaks of other squares than the split squares"));
        }
        let q = usize::from(cube.goal == Goal::Cover);
        let mut choice = Vec::with_capacity(holders.len());
        for (s, (f, h)) in cube.squares.iter().zip(holders).enumerate() {
            let c = choice_on(f, h).map_err(|why| format!("cube {g} {why}"))?;
            match c {
                Some(r) => _ = ranges[q][s].insert(r),
                None if cube.goal == Goal::Cover => {
                    return Err(format!(
                        "cube {g} covers {},{} by no solution: no cover lies there",
                        f.square.0, f.square.1
                    ));
                }
                None => {}
            }
            choice.push(c);
        }
        if !seen.insert((q, choice)) {
            return Err(format!("cube {g} is another cube again"));
        }
        counted[q] += 1;
    }
    for goal in goals {
        let q = usize::from(goal == Goal::Cover);
        let mut choices = 1usize;
        for (s, h) in holders.iter().enumerate() {
            let mut runs: Vec<(usize, usize)> = ranges[q][s].iter().copied().collect();
            runs.sort_unstable();
            let tiled = runs.iter().try_fold(0, |at, &(a, b)| (a == at).then_some(b));
            if tiled != Some(h.len()) {
                let (r, c) = spec.squares[s];
                return Err(format!("the runs of solutions through {r},{c} do not split them"));
            }
            choices =
                (choices.checked_mul(square_choices(goal, runs.len()))).ok_or("too many cubes to count")?;
        }
        if counted[q] != choices {
            return Err(format!(
                "{} {} cubes where the split squares allow {choices} choices",
                counted[q],
                goal_word(goal)
            ));
        }
    }
    Ok(())
}

fn goal_word(goal: Goal) -> &'static str {
    match goal {
        Goal::Pack => "packing",
        Goal::Cover => "covering",
    }
}

/// The bound one beyond `size`: packing one more selected, covering one fewer (`None` below
/// none).
fn beyond(goal: Goal, size: usize) -> Option<usize> {
    match goal {
        Goal::Pack => Some(size + 1),
        Goal::Cover => size.checked_sub(1),
    }
}

/// Conflicts each call of the packing start's climb may take: it stops at the first call that
/// does not answer yes within them. (10×10, CaDiCaL: greedy 6, the climb finds 8 = the optimum
/// in about 0.4 s of CPU.)
const START_CONFLICTS: u32 = 20_000;

/// Both starts of the n×n board, each checked: the partition into n solutions where the exact
/// search finds one (the best of both); else packing, the greedy one climbed by the first
/// built-in solver that counts conflicts, each call cut at [`START_CONFLICTS`]; covering, the
/// greedy cover shrunk by local search and then by the exact search while it finds covers. The
/// same in every run and shard; a stop signal leaves none.
fn cover_starts(
    n: usize,
    sols: &[Placement],
    opts: &CoverOptions,
) -> anyhow::Result<(Vec<usize>, Option<Vec<usize>>)> {
    let stop = stop_requested;
    let sq = squares(n, sols);
    let exact = |k: usize| match search_cover(n, &sq, k, SEARCH_TESTS, &stop) {
        CoverSearch::Found { selection, .. } => Some(selection),
        _ => None,
    };
    let (pack, cover) = match exact(n) {
        Some(p) => (p.clone(), Some(p)),
        None => {
            let mut cover = start_selection(n, sols, Goal::Cover, &stop);
            while let Some(k) = cover.as_ref().map(Vec::len).filter(|&l| l > n + 1) {
                match exact(k - 1) {
                    Some(c) => cover = Some(c),
                    None => break,
                }
            }
            let greedy = start_selection(n, sols, Goal::Pack, &stop).unwrap_or_default();
            (pack_climb(n, sols, opts, greedy)?, cover)
        }
    };
    // A start cut short by a stop signal is not the one a rerun would find.
    ensure!(!stop_requested(), Interrupted);
    ensure!(
        fits(n, sols, Goal::Pack, &pack),
        "internal error: the start's packing overlaps"
    );
    if let Some(c) = &cover {
        ensure!(
            fits(n, sols, Goal::Cover, c),
            "internal error: the start's cover misses a square"
        );
    }
    Ok((pack, cover))
}

/// `from` climbed by a solver that counts conflicts, each call cut at [`START_CONFLICTS`]
/// (`from` itself without such a solver).
fn pack_climb(
    n: usize,
    sols: &[Placement],
    opts: &CoverOptions,
    from: Vec<usize>,
) -> anyhow::Result<Vec<usize>> {
    let Some(backend) = Backend::available().into_iter().find(Backend::limits_conflicts) else {
        return Ok(from);
    };
    let (model, mut solver) =
        selection_solver(n, sols, Goal::Pack, opts.amo, 0, opts.symmetry_breaking, &backend)?;
    solver.set_stop(stop_requested);
    let mut best = from;
    while let Some(assumps) = model.at_least(best.len() + 1) {
        solver.limit_conflicts(START_CONFLICTS)?;
        match solver.solve_assumps(&assumps)? {
            SolverResult::Sat => best = model.decode(|l| solver.is_true(l)),
            SolverResult::Unsat | SolverResult::Interrupted => break,
        }
        ensure!(
            fits(n, sols, Goal::Pack, &best),
            "internal error: a packing overlaps"
        );
    }
    Ok(best)
}

/// One question's model in a worker's solver, each cube asked under an assumption of its own.
struct GoalSolver {
    model: SelectionModel,
    solver: AnySolver,
}

/// One worker's solvers for the cubes of one board: a question's, made at its first cube.
#[derive(Default)]
pub struct CoverCubeSolver {
    pack: Option<GoalSolver>,
    cover: Option<GoalSolver>,
}

/// One cube's answer, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CoverCubeAnswer {
    /// The best selection's size in the cube, where better than the start's (packing more,
    /// covering fewer): one short of the bound refuted.
    pub best: Option<usize>,
    /// A selection of `best` in the cube (indices into the solution list, ascending; checked
    /// by counting squares); empty for `None`.
    pub selection: Vec<usize>,
    /// The bound refuted in the cube: at least this many (packing), at most (covering).
    pub refuted: usize,
}

/// Packing and covering of one board as a question split into cubes.
struct CoverCubes {
    spec: CoverCubeSpec,
    sols: Vec<Placement>,
    holders: Vec<Vec<usize>>,
    backend: Backend,
}

impl CoverCubes {
    /// The question of `spec` (read back from a folder, so checked like user input) over the
    /// solution list `sols`.
    fn new(spec: CoverCubeSpec, sols: Vec<Placement>, backend: Backend) -> anyhow::Result<CoverCubes> {
        let n = spec.n;
        ensure!(
            spec.width >= 1,
            "a cover cube run with ranges of {} solutions",
            spec.width
        );
        let off = spec.squares.iter().find(|&&(r, c)| r >= n || c >= n);
        if let Some((r, c)) = off {
            anyhow::bail!("a cover cube run split on {r},{c}, off the {n}x{n} board");
        }
        let holders = holders(n, &sols, &spec.squares);
        Ok(CoverCubes {
            spec,
            sols,
            holders,
            backend,
        })
    }

    fn asked(&self, goal: Goal) -> Asked<'_> {
        Asked {
            n: self.spec.n,
            sols: &self.sols,
            goal,
            symmetry_breaking: self.spec.symmetry_breaking,
        }
    }

    /// Whether `sel` names distinct listed solutions, ascending, and fits `goal`.
    fn valid(&self, goal: Goal, sel: &[usize]) -> bool {
        sel.windows(2).all(|w| w[0] < w[1])
            && sel.last().is_none_or(|&i| i < self.sols.len())
            && fits(self.spec.n, &self.sols, goal, sel)
    }

    /// The start of `goal`, checked like any chunk (it is read back from the spec); its size.
    fn checked_start(&self, goal: Goal) -> anyhow::Result<usize> {
        let s = self.spec.start(goal).ok_or_else(|| anyhow::anyhow!("no start"))?;
        ensure!(
            self.valid(goal, s),
            "the start's {} fails its check",
            goal_word(goal)
        );
        Ok(s.len())
    }

    /// `cube`'s best selection beyond the start, climbing in `gs`, and whether a solver's UNSAT
    /// refuted the bound beyond it.
    fn climb(
        &self,
        gs: &mut GoalSolver,
        cube: &CoverCube,
    ) -> anyhow::Result<(Answered<CoverCubeAnswer>, bool)> {
        let goal = cube.goal;
        let n = self.spec.n;
        let on = gs.model.vars.named(VarRole::Aux("cube")).pos_lit();
        let extra = assume_cube(&mut gs.solver, on, cube.clauses(&gs.model))?;
        let start = self.spec.start(goal).map_or(0, Vec::len);
        let mut k = beyond(goal, start);
        let mut best: Option<Vec<usize>> = None;
        let mut calls = 0;
        let by_solver = loop {
            let bound = match (goal, k) {
                (Goal::Pack, Some(k)) => gs.model.at_least(k),
                (Goal::Cover, Some(k)) => Some(gs.model.at_most(k)),
                (_, None) => None,
            };
            let Some(mut assumps) = bound else {
                break false;
            };
            assumps.extend(&extra);
            calls += 1;
            match gs.solver.solve_assumps(&assumps)? {
                SolverResult::Sat => {
                    let sel = gs.model.decode(|l| gs.solver.is_true(l));
                    ensure!(
                        cube.holds(&sel) && fits(n, &self.sols, goal, &sel),
                        "internal error: a selection fails the {} check in its cube",
                        goal_word(goal)
                    );
                    k = beyond(goal, sel.len());
                    best = Some(sel);
                }
                SolverResult::Unsat => break true,
                SolverResult::Interrupted => {
                    gs.solver.add_clause(Clause::from_iter([!on]))?;
                    // A stop signal ends the climb unproved: the cube is not written.
                    return Err(Interrupted.into());
                }
            }
        };
        // The cube's clauses leave the solver; what it learnt stays.
        gs.solver.add_clause(Clause::from_iter([!on]))?;
        let k = k.unwrap_or(0);
        let proof = match (by_solver, goal) {
            (true, Goal::Pack) => {
                format!("UNSAT with at least {k} selected in the cube ({calls} solver calls)")
            }
            (true, Goal::Cover) => {
                format!("UNSAT with at most {k} selected in the cube ({calls} solver calls)")
            }
            // The counter holds no "at least k": k exceeds the solutions, or their squares.
            (false, _) if k > self.sols.len() => {
                format!("{k} selected exceed the {} solutions", self.sols.len())
            }
            (false, _) => format!("{k} disjoint solutions would need {} > {} squares", k * n, n * n),
        };
        let a = CoverCubeAnswer {
            best: best.as_ref().map(Vec::len),
            selection: best.unwrap_or_default(),
            refuted: k,
        };
        Ok((
            (a, CubeVerdict::of_call(proof, &self.backend, by_solver)),
            by_solver,
        ))
    }
}

impl CubeQuestion for CoverCubes {
    type Spec = CoverCubeSpec;
    type Cube = CoverCube;
    type Answer = CoverCubeAnswer;
    type Solver = CoverCubeSolver;
    type Report = CoverCubesReport;
    const KIND: RunKind = RunKind::CoverCubes;
    const WHAT: &'static str = "cover";

    fn spec(&self) -> &CoverCubeSpec {
        &self.spec
    }

    /// The solution list is computed again (the same in every run, and counted by the branch
    /// and bound); no cube is.
    fn merging(spec: CoverCubeSpec) -> anyhow::Result<CoverCubes> {
        ensure!(
            (1..=12).contains(&spec.n),
            "a cover of {}x{} is not a run queensat makes",
            spec.n,
            spec.n
        );
        ensure!(
            split_squares(spec.n, spec.squares.len()).is_ok_and(|want| want == spec.squares),
            "a cover cube run split on {} squares that are not the first {0} split squares of {}x{}",
            spec.squares.len(),
            spec.n,
            spec.n
        );
        let sols = nqueens_solutions(spec.n, &Backend::default())?;
        CoverCubes::new(spec, sols, Backend::default())
    }

    fn cubes(&self) -> Vec<CoverCube> {
        self.spec.cubes(&self.holders)
    }

    /// Each goal's product over the split squares of their choices, added.
    fn cube_count(&self) -> Option<usize> {
        (self.spec.goals().into_iter()).try_fold(0usize, |all, goal| {
            let choices = |ranges| Some(square_choices(goal, ranges));
            all.checked_add(cube_count(&self.holders, self.spec.width, choices)?)
        })
    }

    fn solver(&self) -> anyhow::Result<CoverCubeSolver> {
        Ok(CoverCubeSolver::default())
    }

    /// With `certify`, a solver's UNSAT is certified by a checked proof: a CNF of its own (the
    /// whole question with the cube's clauses, [`refute_selection`]), no files kept.
    fn answer(
        &self,
        solver: &mut CoverCubeSolver,
        cube: &CoverCube,
    ) -> anyhow::Result<Answered<CoverCubeAnswer>> {
        let goal = cube.goal;
        let slot = match goal {
            Goal::Pack => &mut solver.pack,
            Goal::Cover => &mut solver.cover,
        };
        if slot.is_none() {
            let s = &self.spec;
            let bound = s.start(goal).map_or(0, Vec::len);
            let (model, mut solver) = selection_solver(
                s.n,
                &self.sols,
                goal,
                s.amo,
                bound,
                s.symmetry_breaking,
                &self.backend,
            )?;
            solver.set_stop(Deadline::thread(None).stop_test());
            *slot = Some(GoalSolver { model, solver });
        }
        let gs = slot.as_mut().expect("made above");
        let ((a, mut verdict), by_solver) = self.climb(gs, cube)?;
        if self.spec.certify && by_solver {
            let dir = ProofDir::new(None)?;
            let stop: Rc<dyn Fn() -> bool> = Rc::new(stop_requested);
            let asked = self.asked(goal);
            let clauses = |m: &SelectionModel| cube.clauses(m);
            match refute_selection(&asked, a.refuted, &self.backend, dir.path(), stop, clauses)? {
                Some(c) => verdict.certify_with(&c),
                None => {
                    ensure!(!stop_requested(), Interrupted);
                    anyhow::bail!(
                        "a cube's certificate question is satisfiable, although the cube refuted it"
                    );
                }
            }
        }
        Ok((a, verdict))
    }

    /// The cube refutes one beyond its question's start, or holds a better selection: one of
    /// the size stated, one short of the bound refuted, in the cube, and disjoint or covering
    /// (counted square by square).
    fn check(&self, cube: &CoverCube, c: &CoverCubeAnswer) -> Result<(), String> {
        let goal = cube.goal;
        let start = self.spec.start(goal).map_or(0, Vec::len);
        let better = |v: usize| match goal {
            Goal::Pack => v > start,
            Goal::Cover => v < start,
        };
        match c.best {
            None if c.selection.is_empty() && Some(c.refuted) == beyond(goal, start) => Ok(()),
            None if c.selection.is_empty() => Err(format!(
                "it refutes {}, not one beyond the start's {start}",
                c.refuted
            )),
            None => Err("it holds a selection but no size".into()),
            Some(v) if !better(v) => Err(format!("{v} selected, not better than the start's {start}")),
            Some(v) if v != c.selection.len() || beyond(goal, v) != Some(c.refuted) => Err(format!(
                "{v} selected with a selection of {} and {} refuted",
                c.selection.len(),
                c.refuted
            )),
            Some(_) if !self.valid(goal, &c.selection) => {
                Err(format!("its selection fails the {} check", goal_word(goal)))
            }
            Some(_) if !cube.holds(&c.selection) => Err("its selection lies outside its cube".into()),
            Some(_) => Ok(()),
        }
    }

    fn check_cover(&self, cubes: &[&CoverCube]) -> Result<(), String> {
        check_cover(&self.spec, &self.holders, cubes)
    }

    fn report(
        &self,
        all: &[CubeChunk<CoverCube, CoverCubeAnswer>],
        totals: CubeTotals,
    ) -> anyhow::Result<CoverCubesReport> {
        let optimum = |goal: Goal| -> anyhow::Result<CubeOptimum> {
            // The start is read back from the spec like any chunk's.
            let start = self.checked_start(goal)?;
            let of: Vec<&CubeChunk<CoverCube, CoverCubeAnswer>> =
                all.iter().filter(|c| c.cube.goal == goal).collect();
            let (better, beyond_start) = best_beyond(of.iter().copied(), |a| {
                a.best
                    .map(|v| if goal == Goal::Pack { usize::MAX - v } else { v })
            });
            let selection = better.map_or_else(
                || self.spec.start(goal).cloned().unwrap_or_default(),
                |c| c.answer.selection.clone(),
            );
            let value = selection.len();
            let beyond_value = beyond(goal, value);
            let unproved = of.iter().find(|c| match goal {
                Goal::Pack => Some(c.answer.refuted) > beyond_value,
                Goal::Cover => Some(c.answer.refuted) < beyond_value,
            });
            if let Some(c) = unproved {
                anyhow::bail!(
                    "cube {} refutes only {} selected, and no cube does better than {value}: the {} optimum is not proved",
                    c.chunk,
                    c.answer.refuted,
                    goal_word(goal)
                );
            }
            ensure!(
                self.valid(goal, &selection),
                "the {} of {value} fails its check",
                goal_word(goal)
            );
            Ok(CubeOptimum {
                cubes: of.len(),
                start,
                beyond_start,
                value,
                selected: selection.iter().map(|&i| seed_line(&self.sols[i])).collect(),
                selection,
            })
        };
        let pack = optimum(Goal::Pack)?;
        let cover = match self.spec.cover_start {
            Some(_) => Some(optimum(Goal::Cover)?),
            None => {
                let all_sols: Vec<usize> = (0..self.sols.len()).collect();
                ensure!(
                    !fits(self.spec.n, &self.sols, Goal::Cover, &all_sols),
                    "the spec says nothing covers the board, but every square lies in a solution"
                );
                None
            }
        };
        Ok(CoverCubesReport {
            n: self.spec.n,
            solutions: self.sols.len(),
            squares: self.spec.squares.clone(),
            width: self.spec.width,
            cubes: all.len(),
            symmetry_breaking: self.spec.symmetry_breaking,
            certify: self.spec.certify,
            pack,
            cover,
            totals,
        })
    }
}

/// One question's optimum from its cubes.
#[derive(Clone, Debug, Serialize)]
pub struct CubeOptimum {
    /// The question's cubes.
    pub cubes: usize,
    /// The size of the start's selection.
    pub start: usize,
    /// Cubes that hold a better selection than the start.
    pub beyond_start: usize,
    /// The best of the start and the cubes': proved, as every cube refutes one beyond it (a
    /// report is only made of every cube).
    pub value: usize,
    /// A selection of `value` (indices into the solution list; the first cube's of that size,
    /// in plan order, or the start's).
    pub selection: Vec<usize>,
    /// The selected solutions, each as the column of the queen in each row.
    pub selected: Vec<String>,
}

/// Packing and covering of one board from its cubes.
#[derive(Clone, Debug, Serialize)]
pub struct CoverCubesReport {
    pub n: usize,
    /// The n-queens solutions listed.
    pub solutions: usize,
    /// The squares whose first selected holder makes the cubes.
    pub squares: Vec<Coord>,
    /// The most solutions of a range of a split square's holders.
    pub width: usize,
    pub cubes: usize,
    pub symmetry_breaking: bool,
    /// Whether each cube's refutation was certified by a checked proof (`--certify`).
    pub certify: bool,
    /// The most pairwise-disjoint solutions.
    pub pack: CubeOptimum,
    /// The fewest solutions covering the board; `None` when a square lies in no solution.
    pub cover: Option<CubeOptimum>,
    #[serde(flatten)]
    pub totals: CubeTotals,
}

/// What a cover cube run splits: the n×n board's questions, cut on squares (about `cubes`
/// cubes each).
#[derive(Clone, Debug)]
pub struct CoverCubeAsk {
    pub n: usize,
    pub cut: CubeCut,
}

impl CoverCubeAsk {
    /// The questions of the one size of `sizes`, cut by `cut` (an error for several sizes).
    pub fn new(sizes: &crate::study::counts::Counts, cut: CubeCut) -> anyhow::Result<CoverCubeAsk> {
        let Some(n) = sizes.single() else {
            anyhow::bail!(
                "--cube-dir splits the questions of one size, not {}",
                sizes.describe("..")
            );
        };
        Ok(CoverCubeAsk { n, cut })
    }
}

/// Answers (or resumes) the cubes of `ask` into `dir`, this shard's share of them; the whole
/// report when this run holds every cube.
pub fn cover_in_cubes(
    ask: &CoverCubeAsk,
    opts: &CoverOptions,
    dir: &Path,
    shard: Shard,
    progress: &Reporter,
) -> anyhow::Result<ChunkRun<CoverCubesReport>> {
    let n = ask.n;
    ensure!(
        (1..=12).contains(&n),
        "--size {n}: the side must lie within 1..12"
    );
    ensure!(ask.cut.cubes >= 1, "--cubes {}: at least one cube", ask.cut.cubes);
    if ask.cut.certify {
        crate::solve::proof_checker()?;
    }
    let squares = split_squares(n, ask.cut.split)?;
    let sols = nqueens_solutions(n, &opts.backend)?;
    let (pack_start, cover_start) = cover_starts(n, &sols, opts)?;
    // Squares that lie in no solution give ranges of none: width 1 then.
    let width = narrowest_width(&holders(n, &sols, &squares), ask.cut.cubes, |r| {
        Some(square_choices(Goal::Pack, r))
    })
    .max(1);
    let spec = CoverCubeSpec {
        n,
        squares,
        width,
        amo: opts.amo,
        symmetry_breaking: opts.symmetry_breaking,
        pack_start,
        cover_start,
        certify: ask.cut.certify,
    };
    answer_cubes(
        CoverCubes::new(spec, sols, opts.backend.clone())?,
        dir,
        shard,
        progress,
    )
}

/// Assembles the shard folders of one cover cube run (`queensat merge`), computing nothing but
/// the solution list (the same in every run, and counted by the branch and bound).
pub fn merge_cover_cubes(dirs: &[PathBuf], out: &Path) -> anyhow::Result<CoverCubesReport> {
    merge_cubes::<CoverCubes>(dirs, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::cover::pack_and_cover;

    fn opts(symmetry_breaking: bool) -> CoverOptions {
        CoverOptions {
            backend: Backend::for_time_limit(),
            amo: super::super::DEFAULT_AMO,
            symmetry_breaking,
            ..Default::default()
        }
    }

    fn ask(n: usize, split_squares: usize, cubes: usize) -> CoverCubeAsk {
        CoverCubeAsk {
            n,
            cut: CubeCut {
                split: split_squares,
                cubes,
                certify: false,
            },
        }
    }

    fn whole(ask: &CoverCubeAsk, opts: &CoverOptions) -> CoverCubesReport {
        let dir = tempfile::tempdir().unwrap();
        cover_in_cubes(ask, opts, dir.path(), Shard::ALL, &Reporter::silent())
            .unwrap()
            .whole()
            .unwrap()
    }

    /// The spec and question of `n` split on `split` squares into at most `cubes` per question.
    fn question(n: usize, split: usize, cubes: usize) -> CoverCubes {
        let sols = nqueens_solutions(n, &Backend::default()).unwrap();
        let squares = split_squares(n, split).unwrap();
        let width = narrowest_width(&holders(n, &sols, &squares), cubes, |r| {
            Some(square_choices(Goal::Pack, r))
        });
        let cover = start_selection(n, &sols, Goal::Cover, &|| false);
        let spec = CoverCubeSpec {
            n,
            squares,
            width,
            amo: Amo::Ladder,
            symmetry_breaking: true,
            pack_start: start_selection(n, &sols, Goal::Pack, &|| false).unwrap(),
            cover_start: cover,
            certify: false,
        };
        CoverCubes::new(spec, sols, Backend::for_time_limit()).unwrap()
    }

    /// A cube refuted by counting says which count: 6x6 has 4 solutions, so 5 selected exceed
    /// them (their 30 squares would fit the 36).
    #[test]
    fn a_refutation_by_counting_names_its_count() {
        let dir = tempfile::tempdir().unwrap();
        let run = cover_in_cubes(
            &ask(6, 1, 64),
            &opts(true),
            dir.path(),
            Shard::ALL,
            &Reporter::silent(),
        );
        assert_eq!(run.unwrap().whole().unwrap().pack.value, 4);
        let chunk = std::fs::read_to_string(dir.path().join("chunks/0w-000000.json")).unwrap();
        let doc: serde_json::Value = serde_json::from_str(&chunk).unwrap();
        assert_eq!(doc["proof"], "5 selected exceed the 4 solutions");
    }

    /// A merge counts the plan of the spec it reads back before making it.
    #[test]
    fn the_cubes_are_counted_before_they_are_made() {
        for (n, split, cubes) in [(7, 2, 40), (8, 2, 40), (8, 1, 4), (9, 3, 200)] {
            let q = question(n, split, cubes);
            assert_eq!(q.cube_count(), Some(q.cubes().len()), "{n}");
        }
    }

    #[test]
    fn the_optima_from_cubes_are_the_plain_runs() {
        for (n, split, cubes, sym) in [
            (4, 1, 64, true),
            (5, 1, 64, true),
            (6, 2, 64, false),
            (7, 2, 30, true),
            (8, 1, 4, true),
            (9, 1, 64, true),
        ] {
            let plain = pack_and_cover(n, &opts(true)).unwrap();
            let r = whole(&ask(n, split, cubes), &opts(sym));
            let cover = r.cover.as_ref().map(|c| c.value);
            assert_eq!(
                (Some(r.pack.value), cover),
                (plain.pack.value, plain.cover.value),
                "n = {n}"
            );
            assert!(r.totals.certified, "n = {n}");
            assert!(
                r.pack.cubes <= cubes && r.cover.as_ref().is_none_or(|c| c.cubes <= cubes),
                "n = {n}"
            );
            assert_eq!(r.pack.selected.len(), r.pack.value);
        }
    }

    #[test]
    fn cubes_beyond_starts_that_fell_short_move_to_the_optima() {
        for n in [7, 8] {
            let mut q = question(n, 2, 40);
            let all: Vec<usize> = (0..q.sols.len()).collect();
            q.spec.cover_start = Some(all);
            q.spec.pack_start = q.spec.pack_start[..1].to_vec();
            let dir = tempfile::tempdir().unwrap();
            let r = answer_cubes(q, dir.path(), Shard::ALL, &Reporter::silent())
                .unwrap()
                .whole()
                .unwrap();
            let cover = r.cover.unwrap();
            assert_eq!(
                (r.pack.value, cover.value),
                [(0, 0), (7, 7), (6, 12)][n - 6],
                "n = {n}"
            );
            assert!(r.pack.beyond_start > 0 && cover.beyond_start > 0);
        }
    }

    #[test]
    fn the_cubes_cover_every_selection_and_a_missing_doubled_or_foreign_cube_is_seen() {
        let q = question(7, 2, 100);
        let cubes = q.cubes();
        let all: Vec<&CoverCube> = cubes.iter().collect();
        assert_eq!(q.check_cover(&all), Ok(()));
        let packing = all.iter().filter(|c| c.goal == Goal::Pack).count();
        let e = q.check_cover(&all[1..]).unwrap_err();
        assert!(e.contains(&format!("{} packing cubes", packing - 1)), "{e}");
        let mut twice = all.clone();
        twice[0] = all[1];
        assert!(q.check_cover(&twice).unwrap_err().contains("again"));
        // A cube of another split, a cube that skips a holder, a covering cube with none.
        let other = question(7, 1, 100);
        let foreign = other.cubes();
        let mut with = all.clone();
        with[0] = &foreign[0];
        assert!(q.check_cover(&with).unwrap_err().contains("other squares"));
        let mut skipped = (cubes.iter().find(|c| !c.squares[0].unselected.is_empty()))
            .unwrap()
            .clone();
        skipped.squares[0].unselected.pop();
        with[0] = &skipped;
        assert!(q.check_cover(&with).unwrap_err().contains("does not split"));
        let last = cubes.iter().rposition(|c| c.goal == Goal::Cover).unwrap();
        let mut none = cubes[last].clone();
        let f = &mut none.squares[0];
        let run = std::mem::take(&mut f.first_in);
        f.unselected.extend(run);
        f.unselected.sort_unstable();
        let mut with = all.clone();
        with[last] = &none;
        assert!(q.check_cover(&with).unwrap_err().contains("by no solution"));
        // Ranges that overlap: each cube well formed, the runs not a split of the holders.
        let mut wide = q.spec.clone();
        wide.width += 1;
        let wider = wide.cubes(&q.holders);
        let mut mixed = all.clone();
        mixed[0] = &wider[0];
        assert!(q.check_cover(&mixed).is_err());
    }

    #[test]
    fn certified_cubes_carry_checked_proofs() {
        let mut a = ask(6, 1, 8);
        a.cut.certify = true;
        let r = whole(&a, &opts(true));
        assert_eq!(
            (r.pack.value, r.totals.certified, r.totals.rejected, r.certify),
            (4, true, 0, true)
        );
        let mut a = ask(7, 1, 4);
        a.cut.certify = true;
        let r = whole(&a, &opts(true));
        assert_eq!(
            (r.pack.value, r.cover.unwrap().value, r.totals.certified),
            (7, 7, true)
        );
    }

    #[test]
    fn shards_merge_to_the_whole_and_an_edited_cube_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let shards: Vec<PathBuf> = (1..=2).map(|i| d.path().join(format!("s{i}"))).collect();
        for (i, s) in shards.iter().enumerate() {
            let shard = Shard {
                index: i + 1,
                count: 2,
            };
            let r = cover_in_cubes(&ask(8, 1, 64), &opts(true), s, shard, &Reporter::silent());
            assert!(matches!(r.unwrap(), ChunkRun::ShardFinished));
        }
        let m = merge_cover_cubes(&shards, &d.path().join("m")).unwrap();
        assert_eq!((m.pack.value, m.cover.map(|c| c.value)), (6, Some(12)));
        // A cube that refutes another bound than one beyond the start is refused, its seal made
        // anew for the edit.
        crate::study::cubes::reseal_edited_chunk(&shards[0], RunKind::CoverCubes, "0w-000000", |doc| {
            doc["refuted"] = (doc["refuted"].as_u64().unwrap() + 1).into();
        });
        let e = merge_cover_cubes(&shards, &d.path().join("m2")).unwrap_err();
        assert!(format!("{e:#}").contains("not one beyond the start"), "{e:#}");
    }

    #[test]
    fn bad_asks_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        for (a, want) in [
            (ask(13, 1, 64), "1..12"),
            (ask(5, 26, 64), "25 squares"),
            (ask(5, 0, 64), "--split-squares 0"),
        ] {
            let e = cover_in_cubes(&a, &opts(true), dir.path(), Shard::ALL, &Reporter::silent()).unwrap_err();
            assert!(e.to_string().contains(want), "{e}");
        }
    }
}
