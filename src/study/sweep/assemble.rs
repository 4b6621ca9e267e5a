//! The assembly of a sweep: its chunks, read back and checked in plan order, written as the
//! database (a `.jsonl` file per wall count, and the published `.csv` on boards of at most
//! 8 × 8), the summaries, the chart and the run's record. Invariant: the files depend only on
//! the chunks and their order, so sharded and unsharded runs give byte-identical databases.

use super::chunk::ChunkDoc;
use super::evaluate::Engine;
use super::plan::Plan;
use super::spec::SweepSpec;
use super::summary::{CrossCheck, RunRecord, Summariser, WallsSummary, markdown};
use crate::io::{
    PUBLISHED_CSV_HEADER, Series, plural, push_published_csv_row, render_distribution_svg, write_atomic,
    write_atomic_with, write_pair_atomic_with,
};
use crate::run::cpu::cpu_rounded;
use crate::run::{Provenance, process_cpu_seconds};
use crate::study::chunked_run::{Chunks, Tally};
use anyhow::bail;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Where a sweep's assembly writes, and what its record says of the run.
pub(super) struct Output<'a> {
    /// Where the database, summaries and chart go.
    pub out: &'a Path,
    pub command: &'a str,
    pub started: Instant,
    /// The cross-check of chunks read back that their run had not cross-checked (`--cross-check`
    /// on a resumed run), added up as the chunks are checked: classes, the branch and bound's
    /// seconds, SAT's.
    pub cross_on_reading: std::sync::Mutex<(u64, f64, f64)>,
}

/// Writes the database, summaries and chart of a sweep from its chunks, read back and checked
/// in plan order.
pub(super) fn assemble<const W: usize>(
    spec: &SweepSpec,
    plan: &Plan<W>,
    output: &Output<'_>,
    chunks: &mut Chunks<ChunkDoc>,
    tally: &Tally,
) -> anyhow::Result<(Vec<WallsSummary>, RunRecord)> {
    let out = output.out;
    let mut sums: Vec<WallsSummary> = Vec::new();
    let mut totals = Totals::default();
    let shape = format!("{}x{}", spec.rows, spec.cols);
    for (k, list) in &plan.classes {
        let chunks_of_k = plan.chunks.iter().filter(|c| c.walls == *k).count();
        sums.push(write_wall_count(
            spec,
            out,
            *k,
            list.len(),
            chunks_of_k,
            chunks,
            &mut totals,
        )?);
    }
    write_atomic(
        &out.join("summary.json"),
        format!("{}\n", serde_json::to_string_pretty(&sums)?).as_bytes(),
    )?;
    write_chart(out, &shape, &sums)?;
    let (classes, bnb, sat) = output.cross_on_reading.lock().map_or((0, 0.0, 0.0), |c| *c);
    if classes > 0 {
        totals.add_cross(classes, bnb, sat);
    }
    let prov = run_record(spec, output, tally, totals);
    write_atomic(
        &out.join("run.json"),
        format!("{}\n", serde_json::to_string_pretty(&prov)?).as_bytes(),
    )?;
    write_atomic(&out.join("summary.md"), markdown(&shape, &sums, &prov).as_bytes())?;
    Ok((sums, prov))
}

/// The chunks' seconds and solver calls, added up over the run.
#[derive(Default)]
struct Totals {
    sat_seconds: f64,
    calls: u64,
    /// Present when a chunk was cross-checked.
    cross: Option<CrossCheck>,
    /// Present when the tree engine made a chunk.
    tree_seconds: Option<f64>,
}

impl Totals {
    /// Adds a chunk's figures; the CPU seconds summed stay whole microseconds (`cpu_rounded`),
    /// as each chunk's are, so the run's record shows no float noise.
    fn add(&mut self, doc: &ChunkDoc) {
        let sum = |a: f64, b: f64| cpu_rounded(a + b);
        self.sat_seconds = sum(self.sat_seconds, doc.sat_seconds);
        self.calls += doc.sat_calls;
        if let Some(t) = doc.tree_seconds {
            let total = self.tree_seconds.get_or_insert(0.0);
            *total = sum(*total, t);
        }
        if let Some(b) = doc.bnb_seconds {
            self.add_cross(doc.rows.len() as u64, b, doc.sat_seconds);
        }
    }

    /// Adds the cross-check of `classes` classes: the branch and bound's seconds, SAT's.
    fn add_cross(&mut self, classes: u64, bnb_seconds: f64, sat_seconds: f64) {
        let sum = |a: f64, b: f64| cpu_rounded(a + b);
        let c = self.cross.get_or_insert(CrossCheck {
            classes: 0,
            bnb_seconds: 0.0,
            sat_seconds: 0.0,
        });
        c.classes += classes;
        c.bnb_seconds = sum(c.bnb_seconds, bnb_seconds);
        c.sat_seconds = sum(c.sat_seconds, sat_seconds);
    }
}

/// Writes the files of wall count `k` (of `classes` classes) from its `n_chunks` chunks, the
/// next ones of `chunks`, and sums its rows up. The rows go to the files chunk by chunk and into the
/// summary row by row: a layer of tens of millions of classes is never held in memory at once.
fn write_wall_count(
    spec: &SweepSpec,
    out: &Path,
    k: usize,
    classes: usize,
    n_chunks: usize,
    chunks: &mut Chunks<ChunkDoc>,
    totals: &mut Totals,
) -> anyhow::Result<WallsSummary> {
    let mut acc = Summariser::new(k);
    let mut n_rows = 0;
    let mut failed: Option<anyhow::Error> = None;
    let with_csv = spec.rows <= 8 && spec.cols <= 8;
    let stem = format!("{}x{}-{k}w", spec.rows, spec.cols);
    let mut fill = |jsonl: &mut dyn Write, mut csv: Option<&mut dyn Write>| -> std::io::Result<()> {
        if let Some(csv) = csv.as_mut() {
            csv.write_all(PUBLISHED_CSV_HEADER.as_bytes())?;
        }
        for _ in 0..n_chunks {
            let next = chunks
                .next()
                .expect("the chunks come in plan order, one for each of the plan");
            let lines = next.and_then(|c| chunk_lines(&c.chunk, with_csv, &mut acc).map(|l| (c.chunk, l)));
            let (doc, (text, lines)) = match lines {
                Ok(x) => x,
                Err(e) => {
                    failed = Some(e);
                    return Err(std::io::Error::other("a chunk could not be assembled"));
                }
            };
            totals.add(&doc);
            jsonl.write_all(&text)?;
            if let Some(csv) = csv.as_mut() {
                csv.write_all(&lines)?;
            }
            n_rows += doc.rows.len();
        }
        Ok(())
    };
    let csv = with_csv.then(|| out.join(format!("{stem}.csv")));
    let written = write_jsonl_and_csv(&out.join(format!("{stem}.jsonl")), csv.as_deref(), &mut fill);
    if let Some(e) = failed {
        return Err(e);
    }
    written?;
    if n_rows != classes {
        bail!("the {k}-wall sweep has {n_rows} rows for {classes} classes");
    }
    Ok(acc.finish())
}

/// Writes the `.jsonl` file at `jsonl_path` and, when given, the `.csv` file at `csv_path`,
/// both filled by one pass of `fill`: both written whole, or neither.
fn write_jsonl_and_csv<F>(jsonl_path: &Path, csv_path: Option<&Path>, mut fill: F) -> anyhow::Result<()>
where
    F: FnMut(&mut dyn Write, Option<&mut dyn Write>) -> std::io::Result<()>,
{
    match csv_path {
        None => write_atomic_with(jsonl_path, |jsonl| fill(jsonl, None)),
        Some(csv_path) => write_pair_atomic_with(jsonl_path, csv_path, |jsonl, csv| fill(jsonl, Some(csv))),
    }
}

/// A chunk's rows, one at a time, as lines of the `.jsonl` file and (`with_csv`) of the
/// `.csv` file, each also added to the summary `acc`.
fn chunk_lines(doc: &ChunkDoc, with_csv: bool, acc: &mut Summariser) -> anyhow::Result<(Vec<u8>, Vec<u8>)> {
    let n = doc.rows.len();
    let (mut text, mut lines) = (Vec::with_capacity(128 * n), Vec::with_capacity(48 * n));
    let mut bad = None;
    doc.rows.packed().for_each(|r| {
        r.write_json(&mut text);
        text.push(b'\n');
        if with_csv && bad.is_none() {
            bad = push_published_csv_row(&mut lines, r).err();
        }
        acc.add_view(r);
    });
    match bad {
        Some(e) => Err(e),
        None => Ok((text, lines)),
    }
}

/// The chart of the values, a series of bars per wall count (`OUT/values.svg`).
fn write_chart(out: &Path, shape: &str, sums: &[WallsSummary]) -> anyhow::Result<()> {
    let series: Vec<Series> = sums
        .iter()
        .map(|w| Series {
            title: format!(
                "{}: {}, {}",
                plural(w.walls, "wall", "walls"),
                plural(w.boards, "board", "boards"),
                plural(w.classes, "class", "classes")
            ),
            bars: w.values.iter().map(|v| (v.value, v.boards, v.classes)).collect(),
        })
        .collect();
    write_atomic(
        &out.join("values.svg"),
        render_distribution_svg(&format!("Values of {shape} boards by number of walls"), &series).as_bytes(),
    )
}

/// The run's record: what ran it, how the values were proved, and what it cost.
fn run_record(spec: &SweepSpec, output: &Output<'_>, tally: &Tally, totals: Totals) -> RunRecord {
    let cross = totals.cross;
    RunRecord {
        provenance: Provenance {
            command: output.command.to_string(),
            ..Provenance::now()
        },
        // The tree engine calls a solver only to cross-check.
        solver: if spec.engine == Engine::Tree && cross.is_none() {
            "none".to_string()
        } else {
            spec.solver.clone()
        },
        engine: match spec.engine {
            Engine::Reuse => format!(
                "reuse, search starting from the {} placement",
                spec.start.long_name()
            ),
            Engine::Tree if cross.is_some() => "tree, cross-checked by SAT (reuse)".to_string(),
            Engine::Rebuild | Engine::Tree => spec.engine.name().to_string(),
        },
        encoding: {
            let counting = if spec.engine == Engine::Tree && spec.count_optimal {
                "; optimal placements counted by the same search's counting tree, replayed by \
                 check::count_by_search_tree"
            } else {
                ""
            };
            if spec.engine == Engine::Tree && cross.is_some() {
                format!(
                    "{}{counting}; cross-check: {}",
                    Engine::Tree.encoding(),
                    Engine::Reuse.encoding()
                )
            } else {
                format!("{}{counting}", spec.engine.encoding())
            }
        },
        threads: rayon::current_num_threads(),
        elapsed_seconds: output.started.elapsed().as_secs_f64(),
        cpu_seconds: process_cpu_seconds(),
        chunk_sat_seconds: totals.sat_seconds,
        cross_check: cross,
        sat_calls: totals.calls,
        chunk_tree_seconds: totals.tree_seconds,
        chunks: tally.chunks,
        chunks_resumed: tally.chunks - tally.fresh.len(),
    }
}
