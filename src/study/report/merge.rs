//! `queensat merge`: the shard directories of one chunked run, of whatever kind their spec
//! files say, assembled into the output of an unsharded run.

use super::army_cubes::army_cubes_text;
use super::cover_cubes::cover_cubes_text;
use super::nk::nk_line;
use super::printing::Printing;
use super::publish_puzzles::published_text;
use super::publish_puzzles::{Published, merge_and_publish};
use super::sweep::{SweepAnswer, sweep_text};
use super::value_cubes::cubes_text;
use super::wall_cubes::wall_cubes_text;
use crate::io::command_json;
use crate::run::interrupt::{finished_exit_code, stopped_by_signal, stopped_exit_code};
use crate::run::stdout::write_stdout;
use crate::run::{Reporter, command_line};
use crate::study::armies::cubes::{ArmyCubesReport, merge_army_cubes};
use crate::study::chunk_store::stopped_line;
use crate::study::chunked_run::RunKind;
use crate::study::cover_cubes::{CoverCubesReport, merge_cover_cubes};
use crate::study::dir_lock::refuse_while_written;
use crate::study::least_walls::{WallCubesReport, merge_wall_cubes};
use crate::study::nk::{NkReport, merge_nk};
use crate::study::sweep::{RunRecord, SweepSpec, WallsSummary, merge};
use crate::study::value_cubes::{CubesReport, merge_value_cubes};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A merged run, by kind.
#[derive(Debug)]
pub enum Merged {
    Sweep(SweepSpec, Vec<WallsSummary>, RunRecord),
    Puzzles(Box<Published>),
    Nk(NkReport),
    Cubes(CubesReport),
    ArmyCubes(ArmyCubesReport),
    WallCubes(WallCubesReport),
    CoverCubes(CoverCubesReport),
}

impl Merged {
    /// Whether the merged answer rests on no external solver's UNSAT that nothing checked, as
    /// the unsharded command would say (what `--require-proof` asks). Puzzle runs and N+k
    /// counts rest on the branch and bound's trees and the row counter, never on such an answer.
    pub fn certified(&self) -> bool {
        use super::cube_report::CubeOutcome as _;
        match self {
            Merged::Sweep(_, sums, record) => record.unchecked_by_external(sums).is_none(),
            Merged::Puzzles(_) | Merged::Nk(_) => true,
            Merged::Cubes(r) => r.totals().certified,
            Merged::ArmyCubes(r) => r.totals().certified,
            Merged::WallCubes(r) => r.totals().certified,
            Merged::CoverCubes(r) => r.totals().certified,
        }
    }
}

/// Merges `dirs` (the shards of one run) into `out`, written whole or not at all. A shard that
/// a run is still writing is refused: what it holds so far is not its answer.
pub fn merge_run(dirs: &[PathBuf], out: &Path, progress: Reporter) -> anyhow::Result<Merged> {
    for dir in dirs {
        refuse_while_written(dir)?;
    }
    // The shards say what they are: each kind of run keeps its spec in its own file.
    Ok(match RunKind::of_dirs(dirs)? {
        RunKind::Puzzles => Merged::Puzzles(Box::new(merge_and_publish(dirs, out, progress)?)),
        RunKind::Nk => Merged::Nk(merge_nk(dirs, out)?),
        RunKind::Cubes => Merged::Cubes(merge_value_cubes(dirs, out)?),
        RunKind::ArmyCubes => Merged::ArmyCubes(merge_army_cubes(dirs, out)?),
        RunKind::WallCubes => Merged::WallCubes(merge_wall_cubes(dirs, out)?),
        RunKind::CoverCubes => Merged::CoverCubes(merge_cover_cubes(dirs, out)?),
        RunKind::Sweep => {
            let (spec, sums, record) = merge(dirs, out, &command_line())?;
            Merged::Sweep(spec, sums, record)
        }
    })
}

/// The kind's own fields of a merge's JSON: a sweep's as `sweep` prints them, a puzzle run's
/// report, an N+k count.
#[derive(Serialize)]
#[serde(untagged)]
enum MergedFields<'a> {
    Sweep(MergedSweep<'a>),
    Puzzles(&'a crate::study::puzzles::PuzzleReport),
    Nk(&'a NkReport),
    Cubes(&'a CubesReport),
    ArmyCubes(&'a ArmyCubesReport),
    WallCubes(&'a WallCubesReport),
    CoverCubes(&'a CoverCubesReport),
}

/// A merged sweep's fields: its spec and its answer.
#[derive(Serialize)]
struct MergedSweep<'a> {
    #[serde(flatten)]
    spec: &'a SweepSpec,
    #[serde(flatten)]
    answer: SweepAnswer<'a>,
}

/// `queensat merge`'s JSON: the kind of run, the shards and the folder merged into, then the
/// kind's own fields.
#[derive(Serialize)]
pub struct MergeJson<'a> {
    pub kind: &'static str,
    pub shards: &'a [PathBuf],
    pub output: &'a Path,
    #[serde(flatten)]
    fields: MergedFields<'a>,
}

/// The JSON of `merged`, merged from `shards` into `output`.
pub fn merge_json<'a>(merged: &'a Merged, shards: &'a [PathBuf], output: &'a Path) -> MergeJson<'a> {
    let (kind, fields) = match merged {
        Merged::Sweep(spec, sums, record) => (
            "sweep",
            MergedFields::Sweep(MergedSweep {
                spec,
                answer: SweepAnswer::whole(sums, record),
            }),
        ),
        Merged::Puzzles(p) => ("puzzles", MergedFields::Puzzles(&p.report)),
        Merged::Nk(r) => ("nk", MergedFields::Nk(r)),
        Merged::Cubes(r) => ("value", MergedFields::Cubes(r)),
        Merged::ArmyCubes(r) => ("armies", MergedFields::ArmyCubes(r)),
        Merged::WallCubes(r) => ("least-walls", MergedFields::WallCubes(r)),
        Merged::CoverCubes(r) => ("cover", MergedFields::CoverCubes(r)),
    };
    MergeJson {
        kind,
        shards,
        output,
        fields,
    }
}

/// What a merge prints as text: what the unsharded run prints.
pub fn merge_text(merged: &Merged) -> String {
    match merged {
        Merged::Sweep(_, sums, record) => sweep_text(sums, record),
        Merged::Puzzles(p) => published_text(p),
        Merged::Nk(r) => format!("{}\n", nk_line(r)),
        Merged::Cubes(r) => cubes_text(r),
        Merged::ArmyCubes(r) => army_cubes_text(r),
        Merged::WallCubes(r) => wall_cubes_text(r),
        Merged::CoverCubes(r) => cover_cubes_text(r),
    }
}

/// `queensat merge`: merges the shard folders `dirs` into `output`, prints the merged answer
/// (text or JSON) and gives the exit code. The output is written whole or not at all and the
/// shards are only read, so a stop signal during the merge leaves nothing to resume.
pub fn merge_and_print(
    dirs: &[PathBuf],
    output: &Path,
    progress: Reporter,
    how: Printing,
) -> anyhow::Result<i32> {
    let merged = match merge_run(dirs, output, progress) {
        Err(e) if stopped_by_signal(&e) => {
            let how_far = format!(
                "nothing merged into {} (the shards are untouched)",
                output.display()
            );
            eprintln!("{}", stopped_line("merge", &how_far));
            return Ok(stopped_exit_code(true));
        }
        merged => merged?,
    };
    how.check(merged.certified())?;
    let text = match how.json {
        true => format!("{}\n", command_json("merge", &merge_json(&merged, dirs, output))?),
        false => merge_text(&merged),
    };
    write_stdout(text.as_bytes())?;
    // A stop signal that came while a puzzle run's files were written, the last step.
    Ok(finished_exit_code("the writing of the merged files"))
}
