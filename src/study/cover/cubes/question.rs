//! Packing and covering of one size as a question split into cubes (`CoverCubes`, the
//! [`CubeQuestion`] the shared cube run drives, its own [`CubePlan`]): its cubes and their
//! count, a worker's answer to each (certified on demand), the check of an answer read back,
//! and the report once every cube is answered. Invariant: an optimum is reported only when every cube of its question
//! refutes one beyond it.

use super::check::check_cover;
use super::climb::{CoverCubeAnswer, CoverCubeSolver, GoalSolver, climb};
use super::cut::{CoverCube, holders, split_squares, square_choices};
use super::report::{CoverCubesReport, CubeOptimum};
use super::spec::{CoverCubeSpec, beyond, goal_word};
use crate::board::Placement;
use crate::encode::{Goal, SelectionModel};
use crate::run::deadline::Deadline;
use crate::run::interrupt::{Interrupted, stop_requested};
use crate::solve::{Backend, ProofDir};
use crate::study::chunked_run::RunKind;
use crate::study::cover::refute::{Asked, refute_selection};
use crate::study::cover::selection::{fits, listed_and_fits, selection_solver};
use crate::study::cover::solutions::{nqueens_solutions, seed_line};
use crate::study::cubes::rows::cube_count;
use crate::study::cubes::{Answered, CubeChunk, CubePlan, CubeQuestion, CubeTotals, best_beyond};
use anyhow::ensure;

/// Packing and covering of one board as a question split into cubes.
pub(super) struct CoverCubes {
    pub spec: CoverCubeSpec,
    pub sols: Vec<Placement>,
    pub holders: Vec<Vec<usize>>,
    backend: Backend,
}

impl CoverCubes {
    /// The question of `spec` (read back from a folder, so checked like user input) over the
    /// solution list `sols`.
    pub fn new(spec: CoverCubeSpec, sols: Vec<Placement>, backend: Backend) -> anyhow::Result<CoverCubes> {
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
        listed_and_fits(self.spec.n, &self.sols, goal, sel)
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

    /// One question's optimum from its cubes' answers: the best of the start and the cubes',
    /// proved when every cube of the question refutes one beyond it.
    fn optimum(
        &self,
        all: &[CubeChunk<CoverCube, CoverCubeAnswer>],
        goal: Goal,
    ) -> anyhow::Result<CubeOptimum> {
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
    }
}

/// The cubes need the solution list beyond the spec: the question is its own plan.
impl CubePlan for CoverCubes {
    type Spec = CoverCubeSpec;
    type Cube = CoverCube;
    const KIND: RunKind = RunKind::CoverCubes;

    fn spec(&self) -> &CoverCubeSpec {
        &self.spec
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

    fn check_cover(&self, cubes: &[&CoverCube]) -> Result<(), String> {
        check_cover(&self.spec, &self.holders, cubes)
    }
}

impl CubeQuestion for CoverCubes {
    type Plan = CoverCubes;
    type Answer = CoverCubeAnswer;
    type Solver = CoverCubeSolver;
    type Report = CoverCubesReport;

    fn plan(&self) -> &CoverCubes {
        self
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
        let sols = nqueens_solutions(spec.n, &Backend::default(), Deadline::thread(None))?;
        CoverCubes::new(spec, sols, Backend::default())
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
            solver.set_deadline(Deadline::thread(None));
            *slot = Some(GoalSolver { model, solver });
        }
        let gs = slot.as_mut().expect("made above");
        let start = self.spec.start(goal).map_or(0, Vec::len);
        let ((a, mut verdict), by_solver) = climb(gs, cube, self.spec.n, &self.sols, start, &self.backend)?;
        if self.spec.certify && by_solver {
            let dir = ProofDir::new(None)?;
            let asked = self.asked(goal);
            let clauses = |m: &SelectionModel| cube.clauses(m);
            match refute_selection(
                &asked,
                a.refuted,
                &self.backend,
                dir.path(),
                Deadline::thread(None),
                clauses,
            )? {
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

    fn report(
        &self,
        all: &[CubeChunk<CoverCube, CoverCubeAnswer>],
        totals: CubeTotals,
    ) -> anyhow::Result<CoverCubesReport> {
        let pack = self.optimum(all, Goal::Pack)?;
        let cover = match self.spec.cover_start {
            Some(_) => Some(self.optimum(all, Goal::Cover)?),
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
