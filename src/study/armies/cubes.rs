//! The largest peaceable armies of one board split into cubes, for many workers:
//! cube-and-conquer on the colours of chosen rows.
//!
//! No queen shares a segment with a queen of the other colour, so each segment of a split row
//! holds no queen, or queens of one colour only. Each such segment is cut into ranges of at
//! most `width` free cells; a cube chooses, for each segment, no queen, or a colour and the
//! non-empty set of ranges that hold queens of that colour (the others hold none of it).
//! Every legal position lies in exactly one cube ([`RowPlan`] counts them without trusting the
//! plan).
//!
//! Each cube is asked of the whole board's formula, lex-leader symmetry breaking included
//! where the run breaks symmetries: every position has an image that the constraints keep,
//! and that image lies in some cube, so the largest armies over the cubes are the board's.
//! The whole board's start is found once ([`army_start`]: a climb whose calls are cut at a
//! count of conflicts, the same in every run). A worker keeps one solver across its cubes; in
//! each cube it asks for one army more than the start's, and climbs while the answer is yes: a
//! cube ends with the count it refutes and, where it holds more than the start, its largest
//! armies. The board's `m` is the largest of the start and the cubes', proved when every cube
//! refutes at most `m + 1`.
//!
//! The cubes are the items of the one chunked run ([`crate::study::chunked_run`]): a run
//! resumes, `--shard I/N` answers the cubes `g` with `g mod N = I - 1`, and `queensat merge`
//! assembles the shards.

use super::{ArmyOptions, ArmySession, open_session, queens_per_army_exceed, refute_armies, trim};
use crate::board::{Armies, Board, Coord};
use crate::check::check_armies;
use crate::encode::{ArmyEncoding, ArmyModel, VarRole};
use crate::engine::search::Answer;
use crate::engine::{Cube, assume_cube};
use crate::io::plural;
use crate::run::deadline::Deadline;
use crate::run::interrupt::{Interrupted, stop_requested};
use crate::run::{Reporter, Shard};
use crate::solve::{Backend, Solve as _};
use crate::study::chunk_store::ChunkRun;
use crate::study::chunked_run::RunKind;
use crate::study::cubes::cover::Choice;
/// What an armies cube run splits: `board`, cut on rows.
pub use crate::study::cubes::rows::CubeAsk as ArmyCubeAsk;
use crate::study::cubes::rows::{RowPlan, check_split, cut_rows, row_segments};
use crate::study::cubes::{
    Answered, CubeChunk, CubeQuestion, CubeTotals, CubeVerdict, answer_cubes, best_beyond, kept_or_found,
    merge_cubes,
};
use anyhow::ensure;
use rustsat::types::Clause;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What an armies cube run answers (kept in its folder: a resumed run or a shard must ask the
/// same).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyCubeSpec {
    pub board: Board,
    /// The rows whose segments' colours make the cubes.
    pub rows: Vec<usize>,
    /// The most free cells of a range: each segment of the split rows is cut, in order, into
    /// runs of `width` free cells (the last shorter).
    pub width: usize,
    pub encoding: ArmyEncoding,
    pub symmetry_breaking: bool,
    /// The start's position on the whole board: every cube refutes one army more, or holds
    /// more and finds its largest.
    pub start: Armies,
    /// Whether each cube's refutation is certified by a checked proof.
    pub certify: bool,
}

/// A part of the positions: the white queens as `white` allows, the black ones as `black`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyCube {
    pub white: Cube,
    pub black: Cube,
}

impl ArmyCube {
    /// Whether `armies` lie in the cube.
    pub fn holds(&self, armies: &Armies) -> bool {
        self.white.holds(&armies.white) && self.black.holds(&armies.black)
    }

    /// The cube as clauses over `model`'s queen variables.
    fn clauses(&self, model: &ArmyModel) -> Vec<Clause> {
        let white = self.white.clauses_over(|p| model.queen_lit(true, p));
        let black = self.black.clauses_over(|p| model.queen_lit(false, p));
        white.into_iter().chain(black).collect()
    }

    /// One colour's side: `white` or black.
    fn side(&mut self, white: bool) -> &mut Cube {
        if white { &mut self.white } else { &mut self.black }
    }
}

impl ArmyCubeSpec {
    /// The spec that splits `ask.board` on rows into at most `ask.cut.cubes` cubes where the
    /// rows allow (the narrowest ranges that do; whole segments when even those make more).
    pub fn new(ask: &ArmyCubeAsk, opts: &ArmyOptions, start: Armies) -> anyhow::Result<ArmyCubeSpec> {
        let (rows, width) = cut_rows(&ask.board, &ask.cut, ArmyCubeSpec::choices)?;
        Ok(ArmyCubeSpec {
            board: ask.board.clone(),
            rows,
            width,
            encoding: opts.encoding,
            symmetry_breaking: opts.symmetry_breaking,
            start,
            certify: ask.cut.certify,
        })
    }
}

/// A cube makes a choice on every segment of the split rows (no queen on any of its cells; or
/// one colour's queens in each of some sets of its cells and in none of the rest, the other
/// colour left to the model) and says nothing elsewhere; the sets each segment is given are
/// disjoint and cover its free cells; no two cubes choose alike; and there are as many cubes
/// as choices (the product over the segments of 1 + 2 (2^ranges − 1)), so by counting they
/// are all of them.
impl RowPlan for ArmyCubeSpec {
    type Cube = ArmyCube;
    type Choice = SegmentChoice;
    const KIND: RunKind = RunKind::ArmyCubes;

    /// For each segment no queen, then white in each non-empty set of ranges, then black
    /// likewise.
    fn choose(c: &ArmyCube, seg: &[Coord], ranges: &[&[Coord]]) -> Vec<ArmyCube> {
        let mut none = c.clone();
        none.white.empty.extend(seg);
        none.black.empty.extend(seg);
        let mut out = vec![none];
        for white in [true, false] {
            for set in 1..1usize << ranges.len() {
                let mut with = c.clone();
                let side = with.side(white);
                for (i, range) in ranges.iter().enumerate() {
                    match set >> i & 1 {
                        1 => side.queen_in.push(range.to_vec()),
                        _ => side.empty.extend(*range),
                    }
                }
                out.push(with);
            }
        }
        out
    }

    /// No queen, or one colour's queens in a non-empty set of the ranges.
    fn choices(ranges: usize) -> Option<usize> {
        let sets = 1usize.checked_shl(u32::try_from(ranges).ok()?)?;
        (sets - 1).checked_mul(2)?.checked_add(1)
    }

    fn segments(&self) -> (Vec<Vec<Coord>>, usize) {
        (row_segments(&self.board, &self.rows), self.width)
    }

    fn layers(c: &ArmyCube) -> Vec<&Cube> {
        vec![&c.white, &c.black]
    }

    fn choice(cube: &ArmyCube, seg: &[Coord]) -> Choice<SegmentChoice> {
        let c = choice_on(cube, seg)?;
        let sets = c.as_ref().map_or(Vec::new(), |(_, sets)| sets.clone());
        Ok((c, sets))
    }
}

/// What a cube chooses on one segment: no queen, or a colour (true: white) and its sets of
/// cells there, sorted.
type SegmentChoice = Option<(bool, Vec<Vec<Coord>>)>;

/// The choice `cube` makes on `seg` (its free cells, sorted), or why it makes none.
fn choice_on(cube: &ArmyCube, seg: &[Coord]) -> Result<SegmentChoice, String> {
    let (white, black) = (cube.white.on(seg), cube.black.on(seg));
    if white.1.is_empty() && black.1.is_empty() && white.0 == seg && black.0 == seg {
        return Ok(None);
    }
    let (colour, (empty, sets), other) = match (white.1.is_empty(), black.1.is_empty()) {
        (false, true) => (true, white, black),
        (true, false) => (false, black, white),
        _ => return Err("leaves a segment neither empty nor to one colour".into()),
    };
    if !other.0.is_empty() {
        return Err("speaks of both colours on a segment with queens".into());
    }
    let mut cells: Vec<Coord> = empty.iter().chain(sets.iter().flatten()).copied().collect();
    cells.sort_unstable();
    if cells != seg {
        return Err("does not split a segment into its empty cells and its sets".into());
    }
    Ok(Some((colour, sets)))
}

/// Conflicts each call of the start's climb may take: it stops at the first call that does
/// not answer yes within them. (9×9, CaDiCaL: the climb finds 12 = m in 0.3 s of CPU.)
const START_CONFLICTS: u32 = 20_000;

/// The whole board's start: armies as large as a climb finds whose every call is cut at
/// [`START_CONFLICTS`] (checked), by the first built-in solver that counts conflicts, so that
/// every run and every shard finds the same; at least the greedy armies (which a build without
/// such a solver starts from).
pub fn army_start(board: &Board, opts: &ArmyOptions) -> anyhow::Result<Armies> {
    let greedy = crate::engine::greedy_armies(board);
    let Some(backend) = Backend::available().into_iter().find(Backend::limits_conflicts) else {
        return Ok(greedy);
    };
    let (mut session, _) = open_session(
        board,
        &ArmyOptions {
            backend,
            ..opts.clone()
        },
    );
    session.solver.set_deadline(Deadline::thread(None));
    let mut best = Armies::default();
    while let Some(assumps) = session.model.at_least(best.size() + 1, &mut session.solver) {
        session.solver.limit_conflicts(START_CONFLICTS)?;
        match session.solve_with(&assumps) {
            Ok(Some(a)) => best = a,
            Ok(None) => break,
            Err(e) if e.is::<Interrupted>() && !stop_requested() => break,
            Err(e) => return Err(e),
        }
    }
    // A start cut short by a stop signal is not the one a rerun would find.
    ensure!(!stop_requested(), Interrupted);
    Ok(if greedy.size() > best.size() { greedy } else { best })
}

/// One worker's solver for the cubes of one board: the board's armies model (with its
/// symmetry breaking), each cube asked under an assumption of its own.
pub struct ArmyCubeSolver {
    session: ArmySession,
    backend: Backend,
}

impl ArmyCubeSolver {
    fn new(board: &Board, opts: &ArmyOptions) -> ArmyCubeSolver {
        let (mut session, _) = open_session(board, opts);
        session.solver.set_deadline(Deadline::thread(None));
        ArmyCubeSolver {
            session,
            backend: opts.backend.clone(),
        }
    }

    /// `cube`'s largest armies beyond `start`, and the count refuted; whether a solver's
    /// UNSAT refuted it.
    fn answer(&mut self, cube: &ArmyCube, start: usize) -> anyhow::Result<(Answered<ArmyCubeAnswer>, bool)> {
        let on = self.session.model.vars.named(VarRole::Aux("cube")).pos_lit();
        let clauses = cube.clauses(&self.session.model);
        let extra = assume_cube(&mut self.session.solver, on, clauses)?;
        let mut k = start + 1;
        let mut most = None;
        let mut calls = 0;
        let answer = loop {
            let reply = self.session.ask(k, &extra, || false)?;
            calls += 1;
            match reply.found {
                Some(a) => {
                    k = a.size() + 1;
                    most = Some(a);
                }
                None => break reply.answer,
            }
        };
        // The cube's clauses leave the solver; what it learnt stays.
        self.session.solver.add_clause(Clause::from_iter([!on]))?;
        // A stop signal ends the climb unproved: the cube is not written.
        ensure!(!answer.is_stopped(), Interrupted);
        let proof = match answer {
            Answer::Refuted(_) => queens_per_army_exceed(k),
            _ => format!(
                "UNSAT for two armies of {k} in the cube ({})",
                plural(calls, "solver call", "solver calls")
            ),
        };
        let a = ArmyCubeAnswer {
            most: most.as_ref().map(|_| k - 1),
            position: most.unwrap_or_default(),
            refuted: k,
        };
        let by_solver = answer.is_solver_unsat();
        Ok((
            (a, CubeVerdict::of_call(proof, &self.backend, by_solver)),
            by_solver,
        ))
    }
}

/// One cube's answer, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArmyCubeAnswer {
    /// The largest armies in the cube, where more than the start's: `refuted - 1`.
    pub most: Option<usize>,
    /// A position of `most` per army in the cube (checked on the whole board); empty for
    /// `None`.
    pub position: Armies,
    /// Two armies of this many are refuted in the cube.
    pub refuted: usize,
}

/// The largest armies of a board as a question split into cubes.
struct ArmyCubes {
    spec: ArmyCubeSpec,
    opts: ArmyOptions,
}

impl CubeQuestion for ArmyCubes {
    type Plan = ArmyCubeSpec;
    type Answer = ArmyCubeAnswer;
    type Solver = ArmyCubeSolver;
    type Report = ArmyCubesReport;

    fn solver(&self) -> anyhow::Result<ArmyCubeSolver> {
        Ok(ArmyCubeSolver::new(&self.spec.board, &self.opts))
    }

    fn merging(spec: ArmyCubeSpec) -> anyhow::Result<ArmyCubes> {
        check_split(&spec.board, &spec.rows, spec.width)?;
        Ok(ArmyCubes {
            spec,
            opts: ArmyOptions::default(),
        })
    }

    /// With `certify`, a solver's UNSAT is certified by a checked proof: a CNF of its own (the
    /// whole board's question with the cube's clauses, [`refute_armies`]), no files kept.
    fn answer(
        &self,
        solver: &mut ArmyCubeSolver,
        cube: &ArmyCube,
    ) -> anyhow::Result<Answered<ArmyCubeAnswer>> {
        let ((a, mut verdict), by_solver) = solver.answer(cube, self.spec.start.size())?;
        if self.spec.certify && by_solver {
            let clauses = |m: &ArmyModel| cube.clauses(m);
            if let Some(c) = refute_armies(&self.spec.board, &self.opts, a.refuted, clauses, None)? {
                verdict.certify_with(&c);
            }
        }
        Ok((a, verdict))
    }

    /// The cube refutes one more than the start's armies, or holds more: its armies are then
    /// of the size stated, one below the count refuted, lie in the cube and are legal on the
    /// whole board (the independent checker).
    fn check(&self, cube: &ArmyCube, c: &ArmyCubeAnswer) -> Result<(), String> {
        let empty = c.position.white.is_empty() && c.position.black.is_empty();
        let start = self.spec.start.size();
        match c.most {
            None if empty && c.refuted == start + 1 => Ok(()),
            None if empty => Err(format!("it refutes {}, not the start's {start} + 1", c.refuted)),
            None => Err("it holds a position but no count".into()),
            Some(m) if m <= start => Err(format!("most {m}, not more than the start's {start}")),
            Some(m) if m != c.position.size() || m + 1 != c.refuted => Err(format!(
                "most {m} with armies of {} and {} refuted",
                c.position.size(),
                c.refuted
            )),
            Some(_) if !cube.holds(&c.position) => Err("its position lies outside its cube".into()),
            Some(_) => check_armies(&self.spec.board, &c.position).map_err(|v| format!("its position: {v}")),
        }
    }

    fn report(
        &self,
        all: &[CubeChunk<ArmyCube, ArmyCubeAnswer>],
        totals: CubeTotals,
    ) -> anyhow::Result<ArmyCubesReport> {
        // The start's position is read back from the spec like any chunk's.
        let (board, start) = (&self.spec.board, &self.spec.start);
        check_armies(board, start).map_err(|v| anyhow::anyhow!("the start's position: {v}"))?;
        let (best, beyond_start) = best_beyond(all, |a| a.most.map(std::cmp::Reverse));
        let position = best.map_or(start, |c| &c.answer.position);
        let m = position.size();
        if let Some(c) = all.iter().find(|c| c.answer.refuted > m + 1) {
            anyhow::bail!(
                "cube {} refutes only armies of {}, and no cube holds more than {m}: m is not proved",
                c.chunk,
                c.answer.refuted
            );
        }
        let example = trim(position, m);
        check_armies(board, &example).map_err(|v| anyhow::anyhow!("the armies of {m}: {v}"))?;
        Ok(ArmyCubesReport {
            board: board.clone(),
            rows: self.spec.rows.clone(),
            width: self.spec.width,
            cubes: all.len(),
            encoding: self.spec.encoding,
            symmetry_breaking: self.spec.symmetry_breaking,
            certify: self.spec.certify,
            start: start.size(),
            beyond_start,
            m,
            proved: true,
            example,
            totals,
        })
    }

    fn plan(&self) -> &ArmyCubeSpec {
        &self.spec
    }
}

/// A board's largest armies from its cubes.
#[derive(Clone, Debug, Serialize)]
pub struct ArmyCubesReport {
    pub board: Board,
    pub rows: Vec<usize>,
    /// The most free cells of a range of a split row's segment.
    pub width: usize,
    pub cubes: usize,
    pub encoding: ArmyEncoding,
    pub symmetry_breaking: bool,
    /// Whether each cube's refutation was certified by a checked proof (`--certify`).
    pub certify: bool,
    /// Armies of the start's position.
    pub start: usize,
    /// Cubes that hold more than the start.
    pub beyond_start: usize,
    /// The largest of the start's armies and the cubes'.
    pub m: usize,
    /// True: every cube refutes at most `m + 1` (a report is only made of every cube).
    pub proved: bool,
    /// Two armies of `m` (the first cube's of that size, in plan order, or the start's, trimmed
    /// to `m`).
    pub example: Armies,
    #[serde(flatten)]
    pub totals: CubeTotals,
}

/// Answers (or resumes) the cubes of `ask` into `dir`, this shard's share of them; the whole
/// report when this run holds every cube.
pub fn armies_in_cubes(
    ask: &ArmyCubeAsk,
    opts: &ArmyOptions,
    dir: &Path,
    shard: Shard,
    progress: &Reporter,
) -> anyhow::Result<ChunkRun<ArmyCubesReport>> {
    let spec_with = |start| ArmyCubeSpec::new(ask, opts, start);
    // A resumed run takes the start its folder keeps, checked.
    let (spec, _) = kept_or_found(
        RunKind::ArmyCubes,
        dir,
        (spec_with, |s: ArmyCubeSpec| s.start),
        |start| check_armies(&ask.board, start).map_err(|v| v.to_string()),
        || army_start(&ask.board, opts),
    )?;
    let question = ArmyCubes {
        spec,
        opts: opts.clone(),
    };
    answer_cubes(question, dir, shard, progress)
}

/// Assembles the shard folders of one armies cube run (`queensat merge`), computing nothing.
pub fn merge_army_cubes(dirs: &[PathBuf], out: &Path) -> anyhow::Result<ArmyCubesReport> {
    merge_cubes::<ArmyCubes>(dirs, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::cubes::CubePlan;
    use crate::study::cubes::rows::{ask, assert_counted_cover, board};
    use crate::study::cubes::{assert_certified, merge_after_edit, run_whole};
    use crate::study::largest_armies;

    fn opts(symmetry_breaking: bool) -> ArmyOptions {
        ArmyOptions {
            symmetry_breaking,
            ..Default::default()
        }
    }

    #[test]
    fn the_cubes_cover_every_choice_and_a_missing_or_doubled_cube_is_seen() {
        let b = board(6, "3,2");
        // Row 3: segments of 2 and 3 free cells, cells each: (1 + 2·3)(1 + 2·7) choices.
        let spec = ArmyCubeSpec::new(&ask(&b, 1, 1000), &opts(true), Armies::default()).unwrap();
        assert_eq!((spec.rows.clone(), spec.width), (vec![3], 1));
        // A cube that names a cell off the split rows, or leaves a cell of a segment unsaid.
        let off = |c: &mut ArmyCube| c.white.empty.push((0, 0));
        let cubes = assert_counted_cover(&spec, off);
        assert_eq!(cubes.len(), 7 * 15);
        let mut short = cubes[1].clone();
        short.white.empty.pop();
        let mut with: Vec<&ArmyCube> = cubes.iter().collect();
        with[1] = &short;
        assert!(spec.check_cover(&with).is_err());
        // Ranges on rows 3 and 2: at most 63 cubes gives ranges of 3 cells (row 2's segment
        // in two), at most 62 whole segments.
        let ranged = ArmyCubeSpec::new(&ask(&b, 2, 63), &opts(true), Armies::default()).unwrap();
        assert_eq!((ranged.width, ranged.cubes().len()), (3, 3 * 3 * 7));
        let whole = ArmyCubeSpec::new(&ask(&b, 2, 62), &opts(true), Armies::default()).unwrap();
        assert_eq!((whole.width, whole.cubes().len()), (6, 3 * 3 * 3));
        assert_counted_cover(&ranged, off);
        assert_counted_cover(&whole, off);
    }

    #[test]
    fn the_armies_from_cubes_are_the_boards() {
        for (n, walls, split, cubes, sym) in [
            (5, "", 1, 100, true),
            (6, "", 1, 8, true),
            (6, "", 2, 64, false),
            (6, "2,2 3,4", 1, 100, true),
            (7, "3,3", 2, 30, true),
        ] {
            let b = board(n, walls);
            let want = largest_armies(&b, &opts(true)).unwrap().m;
            let (ask, opts) = (ask(&b, split, cubes), opts(sym));
            let r = run_whole(|dir, shard, progress| armies_in_cubes(&ask, &opts, dir, shard, progress));
            assert_eq!((r.m, r.totals.certified), (want, true), "{n} {walls:?}");
            assert!(r.cubes <= cubes, "{n} {walls:?}: {} cubes", r.cubes);
            assert_eq!(r.example.size(), want);
            assert_eq!(check_armies(&b, &r.example), Ok(()));
        }
    }

    #[test]
    fn cubes_beyond_a_start_that_fell_short_climb_to_their_largest() {
        for (n, walls, start) in [(6, "", 0), (7, "3,3", 4)] {
            let b = board(n, walls);
            let want = largest_armies(&b, &opts(true)).unwrap().m;
            let mut spec = ArmyCubeSpec::new(&ask(&b, 1, 16), &opts(true), Armies::default()).unwrap();
            spec.start = trim(&largest_armies(&b, &opts(true)).unwrap().example, start);
            let question = ArmyCubes {
                spec,
                opts: opts(true),
            };
            let r = run_whole(|dir, shard, progress| answer_cubes(question, dir, shard, progress));
            assert_eq!((r.m, r.start), (want, start), "{n} {walls:?}");
            assert!(r.beyond_start > 0);
            assert_eq!(check_armies(&b, &r.example), Ok(()));
        }
    }

    #[test]
    fn shards_merge_to_the_whole_and_an_edited_cube_is_refused() {
        let b = board(6, "");
        let d = tempfile::tempdir().unwrap();
        let shards = crate::study::cubes::run_in_shards(d.path(), 2, |s, shard| {
            armies_in_cubes(&ask(&b, 1, 20), &opts(true), s, shard, &Reporter::silent())
        });
        let m = merge_army_cubes(&shards, &d.path().join("m")).unwrap();
        assert_eq!(m.m, 5);
        // A cube that refutes other armies than the start's and one is refused, its seal made
        // anew for the edit.
        let e = merge_after_edit::<ArmyCubes>(&shards, "0w-000000", |doc| {
            doc["refuted"] = (doc["refuted"].as_u64().unwrap() + 1).into();
        });
        assert!(e.contains("not the start's"), "{e}");
    }

    #[test]
    fn certified_cubes_carry_checked_proofs() {
        let b = board(6, "2,2");
        let opts = ArmyOptions {
            backend: Backend::for_time_limit(),
            ..opts(true)
        };
        let mut ask = ask(&b, 1, 8);
        ask.cut.certify = true;
        let r = run_whole(|dir, shard, progress| armies_in_cubes(&ask, &opts, dir, shard, progress));
        assert_certified(r.certify, &r.totals);
        assert_eq!(r.m, 7);
    }
}
