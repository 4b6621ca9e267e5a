//! The least walls for q queens split into cubes, for many workers: cube-and-conquer on the
//! queens and walls of chosen rows ([`super::cube_plan`]).
//!
//! The start is found once ([`wall_start`]): a board that holds q queens by construction,
//! then a descent whose calls are cut at a count of conflicts, the same in every run and every
//! shard. Each worker keeps one solver across its cubes; in each cube it asks for a board with
//! one wall fewer than the start's, and descends while the answer is yes: a cube ends with the
//! count of walls it needs and, where that is fewer than the start's, its board. The least
//! walls are the fewest of the start's and the cubes', proved when every cube needs at least
//! that many (it always does: a cube needs what it found, or the start's count).
//!
//! Each cube is asked of the whole question's formula, with the lex-leader constraints and
//! the necessary-walls rule where the run has them: each keeps an image, or a board with no
//! more walls, of every board that holds q queens, and that board lies in some cube. A cube's
//! certificate (`certify`) is the plain question (no lex-leader, no necessary walls) with the
//! cube's clauses, so its refutation speaks of every board in the cube.

use super::bounds::{beyond_the_block_bound, block_board, wall_lower_bound};
use super::cube_plan::{WallCube, WallCubeSpec};
use super::options::LeastWallsOptions;
use super::report::FoundBoard;
use super::start::start_board;
use crate::board::Board;
use crate::check::check_placement;
use crate::encode::{VarRole, WallModel, WallOptions};
use crate::engine::search::{Answer, Session};
use crate::engine::{BoundAnswer, WallBoundQuestion, ask_wall_bound, assume_cube};
use crate::io::plural;
use crate::run::deadline::Deadline;
use crate::run::interrupt::{Interrupted, stop_requested};
use crate::run::{Reporter, Shard};
use crate::solve::{Backend, Certificate, ProofDir, Solve as _, certify_unsat};
use crate::study::chunk_store::ChunkRun;
use crate::study::chunked_run::RunKind;
use crate::study::cubes::{
    Answered, CubeChunk, CubeCut, CubeQuestion, CubeTotals, CubeVerdict, answer_cubes, best_beyond,
    kept_or_found, merge_cubes,
};
use anyhow::ensure;
use rustsat::types::{Clause, Lit};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Annealing runs of a cube run's start when none are asked for: a start above the least walls
/// makes every cube without a better board refute a loose bound (11×11, 22 queens: one cube
/// spent more than 390 s on 15 walls after a start of 16, where 2 runs start at 13 and every
/// cube took at most 32 s; docs/cluster.md).
pub const CUBE_START_RUNS: u64 = 2;

/// Conflicts each call of the start's descent may take: it stops at the first call that does
/// not answer yes within them.
const START_CONFLICTS: u32 = 20_000;

/// The checks every board of a cube run passes: its size, at least `queens` queens, and the
/// independent checker.
fn check_found(found: &FoundBoard, (rows, cols, queens): (usize, usize, usize)) -> Result<(), String> {
    if (found.board.rows(), found.board.cols()) != (rows, cols) {
        return Err(format!("a board of another size than {rows}x{cols}"));
    }
    if found.placement.len() < queens {
        return Err(format!("{} queens, fewer than {queens}", found.placement.len()));
    }
    check_placement(&found.board, &found.placement).map_err(|v| v.to_string())
}

/// One incremental solver with the least-walls model and "at least q queens".
struct WallSession {
    session: Session<WallModel>,
    queens: usize,
}

impl WallSession {
    fn new(
        rows: usize,
        cols: usize,
        queens: usize,
        model: WallOptions,
        backend: &Backend,
    ) -> anyhow::Result<Self> {
        let mut solver = backend.make();
        let model = WallModel::encode(rows, cols, model, &mut solver)?;
        solver.set_deadline(Deadline::thread(None));
        let board = Board::new(rows, cols)?;
        Ok(WallSession {
            session: Session { board, model, solver },
            queens,
        })
    }

    /// "A board with at most `walls` walls?" under the `extra` assumptions: its board (checked)
    /// or the answer that ended the call.
    fn ask(&mut self, walls: usize, extra: &[Lit]) -> anyhow::Result<Result<FoundBoard, Answer>> {
        let s = &mut self.session;
        let mut assumps = extra.to_vec();
        assumps.extend(s.model.at_most_walls(walls, &mut s.solver));
        assumps.extend(s.model.slack_bounds(walls, self.queens, &mut s.solver));
        let reply = s.ask(self.queens, &assumps, || false)?;
        Ok(match reply.found {
            Some((board, placement)) => Ok(FoundBoard { board, placement }),
            None => Err(reply.answer),
        })
    }
}

/// The start of a cube run: [`block_board`], or the annealing's board where `runs` runs find
/// one with fewer walls (seeded, so the same every time), then a descent in which every call is
/// cut at [`START_CONFLICTS`], by the first built-in solver that counts conflicts, so that every
/// run and every shard finds the same board (checked).
pub fn wall_start(
    (rows, cols, queens): (usize, usize, usize),
    model: WallOptions,
    runs: u64,
) -> anyhow::Result<FoundBoard> {
    let Some(mut best) = block_board(rows, cols, queens)? else {
        let why = beyond_the_block_bound(rows, cols, queens);
        anyhow::bail!("{}", why.unwrap_or_default());
    };
    let lower = wall_lower_bound(rows, cols, queens);
    if let Some((board, placement)) = start_board(rows, cols, queens, runs, lower, &stop_requested)
        && board.n_walls() < best.board.n_walls()
    {
        best = FoundBoard { board, placement };
    }
    let Some(backend) = Backend::available().into_iter().find(Backend::limits_conflicts) else {
        check_found(&best, (rows, cols, queens))
            .map_err(|v| anyhow::anyhow!("internal error: the start: {v}"))?;
        return Ok(best);
    };
    let mut s = WallSession::new(rows, cols, queens, model, &backend)?;
    while best.board.n_walls() > lower {
        s.session.solver.limit_conflicts(START_CONFLICTS)?;
        match s.ask(best.board.n_walls() - 1, &[])? {
            Ok(found) => best = found,
            Err(_) => break,
        }
    }
    // A start cut short by a stop signal is not the one a rerun would find.
    ensure!(!stop_requested(), Interrupted);
    check_found(&best, (rows, cols, queens))
        .map_err(|v| anyhow::anyhow!("internal error: the start: {v}"))?;
    Ok(best)
}

/// What one call in a cube gave: a board (checked), a refutation (by a solver's UNSAT or the
/// counter; a fresh solver's with its checked certificate under `certify`), or a stop.
enum Asked {
    Found(FoundBoard),
    Refuted {
        by_solver: bool,
        certificate: Option<Certificate>,
    },
    Stopped,
}

/// One worker's solver for the cubes of one question, each cube asked under an assumption of
/// its own so that what the solver learns in one cube serves the next; or, with
/// `fresh_bounds`, each bound of each cube asked of a fresh solver as unit clauses (its DRAT
/// proof, under `certify`, checked as the cube's certificate).
pub struct WallCubeSolver {
    s: WallSession,
    backend: Backend,
}

impl WallCubeSolver {
    /// "A board with at most `walls` walls in `cube`?" (`extra`: the cube's assumptions in the
    /// kept solver).
    fn ask(
        &mut self,
        spec: &WallCubeSpec,
        cube: &WallCube,
        walls: usize,
        extra: &[Lit],
        hint: Option<&FoundBoard>,
    ) -> anyhow::Result<Asked> {
        if !spec.fresh_bounds {
            return Ok(match self.s.ask(walls, extra)? {
                Ok(found) => Asked::Found(found),
                Err(a) if a.is_stopped() => Asked::Stopped,
                Err(a) => Asked::Refuted {
                    by_solver: a.is_solver_unsat(),
                    certificate: None,
                },
            });
        }
        let q = WallBoundQuestion::new(spec.rows, spec.cols, spec.queens, walls, spec.model)?;
        let q = q.in_cube(|m| cube.clauses(m));
        let dir = spec.certify.then(|| ProofDir::new(None)).transpose()?;
        let hint = hint.map(|f| (&f.board, &f.placement));
        Ok(
            match ask_wall_bound(
                &q,
                &self.backend,
                dir.as_ref().map(ProofDir::path),
                Deadline::thread(None),
                hint,
            )? {
                BoundAnswer::Found(board, placement) => Asked::Found(FoundBoard { board, placement }),
                BoundAnswer::Refuted(proof) => Asked::Refuted {
                    by_solver: true,
                    certificate: proof.map(|p| p.check(crate::check::never)).transpose()?,
                },
                BoundAnswer::Stopped => Asked::Stopped,
            },
        )
    }

    /// `cube`'s least walls below the start's, what it needs, and whether a solver's UNSAT
    /// showed that (the row bound needs no call), with the certificate a fresh solver's proof
    /// gave.
    fn answer(
        &mut self,
        spec: &WallCubeSpec,
        cube: &WallCube,
    ) -> anyhow::Result<(Answered<WallCubeAnswer>, bool, Option<Certificate>)> {
        let (start, q) = (spec.start.board.n_walls(), spec.queens);
        let lower = wall_lower_bound(spec.rows, spec.cols, q);
        let model = &mut self.s.session.model;
        let on = model.vars.named(VarRole::Aux("cube")).pos_lit();
        let clauses = cube.clauses(model);
        let extra = assume_cube(&mut self.s.session.solver, on, clauses)?;
        let mut best: Option<FoundBoard> = None;
        let mut calls = 0;
        let mut needs = start;
        let mut refuted = None;
        while needs > lower {
            calls += 1;
            match self.ask(spec, cube, needs - 1, &extra, best.as_ref().or(Some(&spec.start)))? {
                Asked::Found(found) => {
                    check_found(&found, (spec.rows, spec.cols, q))
                        .map_err(|v| anyhow::anyhow!("internal error: the solver's board: {v}"))?;
                    ensure!(
                        found.board.n_walls() < needs,
                        "internal error: the wall bound was not kept"
                    );
                    needs = found.board.n_walls();
                    best = Some(found);
                }
                Asked::Refuted {
                    by_solver,
                    certificate,
                } => {
                    refuted = Some((by_solver, certificate));
                    break;
                }
                Asked::Stopped => break,
            }
        }
        // The cube's clauses leave the solver; what it learnt stays.
        self.s.session.solver.add_clause(Clause::from_iter([!on]))?;
        // A stop signal ends the descent unproved: the cube is not written.
        ensure!(needs == lower || refuted.is_some(), Interrupted);
        let fresh = if spec.fresh_bounds { "fresh " } else { "" };
        let proof = match &refuted {
            None => format!(
                "the row bound: {q} queens need at least {}",
                plural(lower, "wall", "walls")
            ),
            Some((false, _)) => format!("{q} queens exceed what the counter reaches"),
            Some(_) => format!(
                "UNSAT with at most {} in the cube ({})",
                plural(needs - 1, "wall", "walls"),
                plural(
                    calls,
                    &format!("{fresh}solver call"),
                    &format!("{fresh}solver calls")
                )
            ),
        };
        let (by_solver, certificate) = refuted.unwrap_or((false, None));
        let a = WallCubeAnswer {
            least: best.as_ref().map(|b| b.board.n_walls()),
            board: best,
            needs,
        };
        let verdict = CubeVerdict::of_call(proof, &self.backend, by_solver);
        Ok(((a, verdict), by_solver, certificate))
    }
}

/// One cube's answer, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WallCubeAnswer {
    /// The fewest walls of a board in the cube that holds q queens, where fewer than the
    /// start's.
    pub least: Option<usize>,
    /// Such a board with its queens (checked); `None` with `least`.
    pub board: Option<FoundBoard>,
    /// Every board in the cube that holds q queens has at least this many walls (shown by the
    /// chunk's verdict: a solver's UNSAT, a checked proof, or the row bound).
    pub needs: usize,
}

/// The least walls for q queens as a question split into cubes.
struct WallCubes {
    spec: WallCubeSpec,
    backend: Backend,
}

impl WallCubes {
    fn shape(&self) -> (usize, usize, usize) {
        (self.spec.rows, self.spec.cols, self.spec.queens)
    }

    fn lower(&self) -> usize {
        wall_lower_bound(self.spec.rows, self.spec.cols, self.spec.queens)
    }
}

impl CubeQuestion for WallCubes {
    type Plan = WallCubeSpec;
    type Answer = WallCubeAnswer;
    type Solver = WallCubeSolver;
    type Report = WallCubesReport;

    fn merging(spec: WallCubeSpec) -> anyhow::Result<WallCubes> {
        spec.check_split()?;
        Ok(WallCubes {
            spec,
            backend: Backend::default(),
        })
    }

    fn solver(&self) -> anyhow::Result<WallCubeSolver> {
        let (rows, cols, queens) = self.shape();
        Ok(WallCubeSolver {
            s: WallSession::new(rows, cols, queens, self.spec.model, &self.backend)?,
            backend: self.backend.clone(),
        })
    }

    /// With `certify`, a solver's UNSAT is certified by a checked proof: the plain question
    /// "at most `needs - 1` walls" with the cube's clauses (a fresh solver's proof of it where
    /// it wrote one), no files kept.
    fn answer(
        &self,
        solver: &mut WallCubeSolver,
        cube: &WallCube,
    ) -> anyhow::Result<Answered<WallCubeAnswer>> {
        let ((a, mut verdict), by_solver, certificate) = solver.answer(&self.spec, cube)?;
        if self.spec.certify && by_solver {
            let c = match certificate {
                Some(c) => c,
                None => {
                    let (rows, cols, queens) = self.shape();
                    let q = WallBoundQuestion::new(rows, cols, queens, a.needs - 1, self.spec.model)?;
                    let q = q.in_cube(|m| cube.clauses(m));
                    certify_unsat(&q.unsat(), &self.backend, None, &q.name())?
                }
            };
            verdict.certify_with(&c);
        }
        Ok((a, verdict))
    }

    /// The cube needs the start's walls, or holds a board with fewer: it then needs exactly
    /// the board's walls, and the board lies in the cube and passes the checks.
    fn check(&self, cube: &WallCube, a: &WallCubeAnswer) -> Result<(), String> {
        let start = self.spec.start.board.n_walls();
        match (a.least, &a.board) {
            (None, None) if a.needs == start => Ok(()),
            (None, None) => Err(format!("it needs {}, not the start's {start} walls", a.needs)),
            (Some(w), Some(b)) if w >= start || w != b.board.n_walls() || a.needs != w => Err(format!(
                "least {w} walls, a board of {}, needs {}, the start {start}",
                b.board.n_walls(),
                a.needs
            )),
            (Some(_), Some(b)) if !cube.holds(b) => Err("its board lies outside its cube".into()),
            (Some(_), Some(b)) => check_found(b, self.shape()).map_err(|v| format!("its board: {v}")),
            _ => Err("it holds a count but no board, or a board but no count".into()),
        }
    }

    fn report(
        &self,
        all: &[CubeChunk<WallCube, WallCubeAnswer>],
        totals: CubeTotals,
    ) -> anyhow::Result<WallCubesReport> {
        // The start's board is read back from the spec like any chunk's.
        let start = &self.spec.start;
        check_found(start, self.shape()).map_err(|v| anyhow::anyhow!("the start's board: {v}"))?;
        let (best, beyond_start) = best_beyond(all, |a| a.least);
        let found = best.and_then(|c| c.answer.board.as_ref()).unwrap_or(start);
        let least = found.board.n_walls();
        if let Some(c) = all.iter().find(|c| c.answer.needs < least) {
            anyhow::bail!(
                "cube {} needs only {} walls, and no cube holds a board with fewer than {least}: \
                 the least walls are not proved",
                c.chunk,
                c.answer.needs
            );
        }
        Ok(WallCubesReport {
            rows: self.spec.rows,
            cols: self.spec.cols,
            queens: self.spec.queens,
            split_rows: self.spec.split_rows.clone(),
            width: self.spec.width,
            cubes: all.len(),
            model: self.spec.model,
            certify: self.spec.certify,
            start: start.board.n_walls(),
            row_bound: self.lower(),
            beyond_start,
            least_walls: least,
            proved: true,
            witness: found.clone(),
            totals,
        })
    }

    fn plan(&self) -> &WallCubeSpec {
        &self.spec
    }
}

/// The least walls for q queens from its cubes.
#[derive(Clone, Debug, Serialize)]
pub struct WallCubesReport {
    pub rows: usize,
    pub cols: usize,
    pub queens: usize,
    pub split_rows: Vec<usize>,
    /// The most cells of a range of a split row.
    pub width: usize,
    pub cubes: usize,
    pub model: WallOptions,
    /// Whether each cube's refutation was certified by a checked proof (`--certify`).
    pub certify: bool,
    /// Walls of the start's board.
    pub start: usize,
    /// The row bound: q queens need at least this many walls.
    pub row_bound: usize,
    /// Cubes that hold a board with fewer walls than the start's.
    pub beyond_start: usize,
    /// The fewest walls of the start's board and the cubes'.
    pub least_walls: usize,
    /// True: every cube needs at least `least_walls` (a report is only made of every cube).
    pub proved: bool,
    /// A board with `least_walls` walls and its queens (the first cube's, in plan order, or
    /// the start's), checked.
    pub witness: FoundBoard,
    #[serde(flatten)]
    pub totals: CubeTotals,
}

/// What a least-walls cube run splits: `queens` on `rows × cols`, cut on rows.
#[derive(Clone, Debug)]
pub struct WallCubeAsk {
    pub rows: usize,
    pub cols: usize,
    pub queens: usize,
    pub cut: CubeCut,
}

/// Answers (or resumes) the cubes of `ask` into `dir`, this shard's share of them, with the
/// model and the solver of `opts`; the whole report when this run holds every cube.
pub fn least_walls_in_cubes(
    ask: &WallCubeAsk,
    opts: &LeastWallsOptions,
    dir: &Path,
    shard: Shard,
    progress: &Reporter,
) -> anyhow::Result<ChunkRun<WallCubesReport>> {
    let shape = (ask.rows, ask.cols, ask.queens);
    // A cube's certificate is the plain question with the cube's clauses. The lex-leader and
    // the necessary-walls rule keep only some boards of a cube (the others' images lie in other
    // cubes), so a cube they refute may hold boards the plain question has: no proof of it.
    let removes = opts.model.lex_leader || opts.model.necessary_walls;
    ensure!(
        !opts.fresh_bounds || !removes,
        "--fresh-bounds asks the certificate's CNF, which has neither the lex-leader nor the \
         necessary-walls rule: drop --lex-leader on / --necessary-walls true, or --fresh-bounds"
    );
    ensure!(
        !ask.cut.certify || !removes,
        "--certify checks each cube's refutation on the plain question, which has neither the \
         lex-leader nor the necessary-walls rule (a cube they refute may still hold other boards): \
         drop --lex-leader on / --necessary-walls true, or --certify"
    );
    let cut = &ask.cut;
    let spec_with = |start| {
        let spec = WallCubeSpec::new(shape, cut, opts.model, start)?;
        Ok(WallCubeSpec {
            fresh_bounds: opts.fresh_bounds,
            ..spec
        })
    };
    // A resumed run takes the start its folder keeps, checked.
    let (spec, _) = kept_or_found(
        RunKind::WallCubes,
        dir,
        (spec_with, |s: WallCubeSpec| s.start),
        |start| check_found(start, shape),
        || wall_start(shape, opts.model, opts.start_runs),
    )?;
    let question = WallCubes {
        spec,
        backend: opts.backend.clone(),
    };
    answer_cubes(question, dir, shard, progress)
}

/// Assembles the shard folders of one least-walls cube run (`queensat merge`), computing
/// nothing.
pub fn merge_wall_cubes(dirs: &[PathBuf], out: &Path) -> anyhow::Result<WallCubesReport> {
    merge_cubes::<WallCubes>(dirs, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::cubes::{assert_certified, merge_after_edit, run_whole};
    use crate::study::least_walls;

    fn ask(n: usize, queens: usize, split_rows: usize, cubes: usize) -> WallCubeAsk {
        WallCubeAsk {
            rows: n,
            cols: n,
            queens,
            cut: CubeCut::uncertified(split_rows, cubes),
        }
    }

    fn whole(ask: &WallCubeAsk, opts: &LeastWallsOptions) -> WallCubesReport {
        run_whole(|dir, shard, progress| least_walls_in_cubes(ask, opts, dir, shard, progress))
    }

    fn opts(lex_leader: bool) -> LeastWallsOptions {
        LeastWallsOptions {
            model: WallOptions {
                lex_leader,
                ..WallOptions::default()
            },
            backend: Backend::for_time_limit(),
            ..Default::default()
        }
    }

    #[test]
    fn the_block_board_holds_its_queens() {
        for (r, c, q) in [(1, 1, 1), (5, 4, 6), (6, 6, 9), (7, 3, 3)] {
            let b = block_board(r, c, q).unwrap().unwrap();
            assert_eq!(check_found(&b, (r, c, q)), Ok(()), "{r}x{c} q={q}");
        }
        assert!(block_board(6, 6, 10).unwrap().is_none());
    }

    #[test]
    fn the_least_walls_from_cubes_are_the_searchs() {
        for (n, q, split, cubes, lex) in [
            (5, 6, 1, 16, false),
            (6, 8, 1, 64, true),
            (6, 9, 2, 16, false),
            (7, 10, 1, 64, true),
        ] {
            let want = least_walls(n, n, q, &opts(false)).unwrap().least_walls.unwrap();
            let r = whole(&ask(n, q, split, cubes), &opts(lex));
            assert_eq!(
                (r.least_walls, r.totals.certified, r.proved),
                (want, true, true),
                "{n} q={q}"
            );
            assert!(r.cubes <= cubes);
            assert_eq!(r.witness.board.n_walls(), want);
            assert_eq!(check_found(&r.witness, (n, n, q)), Ok(()));
        }
    }

    #[test]
    fn cubes_below_a_poor_start_descend_to_their_least() {
        let (n, q) = (6, 8);
        let want = least_walls(n, n, q, &opts(false)).unwrap().least_walls.unwrap();
        let start = block_board(n, n, q).unwrap().unwrap();
        let spec =
            WallCubeSpec::new((n, n, q), &ask(n, q, 1, 16).cut, WallOptions::default(), start).unwrap();
        let question = WallCubes {
            spec,
            backend: Backend::for_time_limit(),
        };
        let r = run_whole(|dir, shard, progress| answer_cubes(question, dir, shard, progress));
        assert_eq!(r.least_walls, want);
        assert!(r.beyond_start > 0 && r.start > want);
    }

    #[test]
    fn certified_cubes_carry_checked_proofs_from_the_kept_or_fresh_solvers() {
        let mut a = ask(6, 8, 1, 4);
        a.cut.certify = true;
        let r = whole(&a, &opts(false));
        assert_certified(r.certify, &r.totals);
        assert_eq!(r.least_walls, 3);
        let dir = tempfile::tempdir().unwrap();
        let e =
            least_walls_in_cubes(&a, &opts(true), dir.path(), Shard::ALL, &Reporter::silent()).unwrap_err();
        assert!(
            e.to_string().contains("--certify checks each cube's refutation"),
            "{e}"
        );
        let fresh = LeastWallsOptions {
            fresh_bounds: true,
            ..opts(false)
        };
        let r = whole(&a, &fresh);
        assert_eq!(
            (r.totals.certified, r.totals.rejected, r.least_walls),
            (true, 0, 3)
        );
        assert!(whole(&ask(6, 9, 1, 16), &fresh).least_walls == 6);
    }

    #[test]
    fn shards_merge_to_the_whole_and_an_edited_cube_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let shards = crate::study::cubes::run_in_shards(d.path(), 2, |s, shard| {
            least_walls_in_cubes(&ask(6, 8, 1, 16), &opts(false), s, shard, &Reporter::silent())
        });
        let m = merge_wall_cubes(&shards, &d.path().join("m")).unwrap();
        assert_eq!(m.least_walls, whole(&ask(6, 8, 1, 16), &opts(false)).least_walls);
        // A cube that claims fewer walls needed than the start's is refused, its seal made anew
        // for the edit.
        let e = merge_after_edit::<WallCubes>(&shards, "0w-000000", |doc| {
            doc["needs"] = (doc["needs"].as_u64().unwrap() - 1).into();
        });
        assert!(e.contains("not the start's"), "{e}");
    }
}
