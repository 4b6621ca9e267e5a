//! `queensat value`.

use super::args::{CertifyArgs, CubeArgs, ReportArgs, ValueSearchArgs};
use super::board_args::BoardArgs;
use clap::Args;
use queensat::engine::{Batch, value_certified};
use queensat::run::interrupt::stopped_exit_code;
use queensat::run::{Reporter, Shard, with_threads};
use queensat::solve::Backend;
use queensat::study::chunk_store::ChunkRun;
use queensat::study::report::{CubeOutcome, command_json, value_output};
use queensat::study::value_cubes::{CubeAsk, value_in_cubes};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ValueArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub value: ValueSearchArgs,
    /// Shorthand for `--solver external:CMD`: a DIMACS solver binary run as a process.
    #[arg(long, value_name = "CMD", conflicts_with = "solver")]
    pub external: Option<String>,
    #[command(flatten)]
    pub certify: CertifyArgs,
    /// Stop after this many CPU seconds of the search and report the best checked placement
    /// and the best upper bound known, labelled NOT proved (exit 3); CaDiCaL stops inside a
    /// call, the other solvers between calls.
    #[arg(long, value_name = "SECS", conflicts_with = "certify", value_parser = queensat::solve::parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// Answer many boards in one process: read JSON lines (`{"rows":8,"cols":8,"walls":[[1,3]]}`,
    /// optional `holes`, `size`, `id`) from FILE or `-` (stdin), gzip, xz or bzip2 compressed
    /// or not, and write one JSON result per line; a bad line gives `{"line":N,"error":...}`
    /// and, at the end, exit 2 (else 3 when --time-limit, which applies to each board, stopped
    /// a search). Always JSON.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["certify", "file", "csplib", "walls", "holes", "bits", "size", "rows", "cols", "format"])]
    pub batch: Option<std::path::PathBuf>,
    /// Split the question into cubes (for each segment of the middle row, a queen in one of its
    /// ranges of cells, or none), find the whole board's start once, refute one queen more in
    /// each cube into DIR (resumable), and give the value from them: proved when every cube's
    /// refutation is and the cubes are counted to cover every choice (docs/cluster.md).
    #[arg(id = "cube_dir", short = 'o', long = "output", value_name = "DIR", conflicts_with_all = ["batch", "time_limit"])]
    pub output: Option<PathBuf>,
    /// With --output: answer only the cubes g with g mod N = I-1; `queensat merge` assembles
    /// the shards' folders.
    #[arg(long, value_name = "I/N", requires = "cube_dir")]
    pub shard: Option<Shard>,
    #[command(flatten)]
    pub split: CubeArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

pub fn run(a: ValueArgs) -> anyhow::Result<i32> {
    let mut opts = a.value.options();
    opts.cadical_on_large = a.value.solver.solver.is_none() && a.external.is_none();
    a.value.solver.note_limit(a.time_limit);
    if let Some(cmd) = &a.external {
        opts.backend = Backend::External(cmd.clone());
    }
    let require_proof = a.report.proof.require_proof;
    if let Some(path) = &a.batch {
        return run_batch(
            path,
            &Batch {
                opts: &opts,
                time_limit: a.time_limit,
                require_proof,
            },
        );
    }
    let board = a.board.load()?.board;
    let progress = a.report.progress.reporter();
    if let Some(dir) = &a.output {
        let ask = CubeAsk {
            board,
            split_rows: a.split.split_rows,
            cubes: a.split.cubes,
            certify: a.certify.for_cubes()?,
        };
        let run = |shard, progress: &Reporter| value_in_cubes(&ask, &opts, dir, shard, progress);
        return run_cubes(a.split.threads, a.shard, &a.report, "value", run);
    }
    let certify = a.certify.certify.then_some(a.certify.certify_dir.as_deref());
    let v = value_certified(&board, &opts, a.time_limit, certify, &progress)?;
    // A stopped search claims no optimality, but its upper bound may rest on an external
    // solver's UNSAT answers.
    a.report.proof.check(!v.value.rests_on_unchecked_unsat())?;
    out!("{}", value_output(&v, a.certify.certify, a.report.json())?)?;
    Ok(if v.refuted() {
        1
    } else {
        stopped_exit_code(!v.value.proved)
    })
}

/// A cube run of `command`: `run` answers this shard's cubes on `threads` threads; then
/// the answer from every cube (text or JSON), or nothing for a shard (`merge` prints the
/// whole), or what a stop signal left. Exit 1 when the checker rejected a cube's proof.
pub(super) fn run_cubes<R: CubeOutcome + Send>(
    threads: Option<usize>,
    shard: Option<Shard>,
    report: &ReportArgs,
    command: &str,
    run: impl FnOnce(Shard, &Reporter) -> anyhow::Result<ChunkRun<R>> + Send,
) -> anyhow::Result<i32> {
    let progress = report.progress.reporter();
    let shard = shard.unwrap_or(Shard::ALL);
    match with_threads(threads, || run(shard, &progress))? {
        ChunkRun::Whole(r) => {
            report.proof.check(r.certified())?;
            match report.json() {
                true => outln!("{}", command_json(command, &r)?)?,
                false => out!("{}", r.text())?,
            }
            Ok(i32::from(r.rejected() > 0))
        }
        ChunkRun::ShardFinished => Ok(0),
        ChunkRun::Stopped(s) => {
            eprintln!("{s}");
            Ok(stopped_exit_code(true))
        }
    }
}

/// `--batch`: one JSON line out per board line in.
fn run_batch(path: &Path, batch: &Batch) -> anyhow::Result<i32> {
    let mut input = queensat::io::open_input(path, "")?;
    let end = batch.run(
        &mut input,
        &path.display().to_string(),
        &mut super::stdout::Stdout::lock(),
    )?;
    if end.bad > 0 {
        eprintln!("queensat: error: {} bad line(s) in {}", end.bad, path.display());
        return Ok(2);
    }
    Ok(stopped_exit_code(end.stopped))
}
