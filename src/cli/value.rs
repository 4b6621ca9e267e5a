//! `queensat value`.

use super::args::{CertifyArgs, ReportArgs, ValueSearchArgs};
use super::board_args::BoardArgs;
use clap::Args;
use queensat::engine::{Batch, value_certified};
use queensat::run::interrupt::stopped_exit_code;
use queensat::run::{Shard, with_threads};
use queensat::solve::Backend;
use queensat::study::chunk_store::ChunkRun;
use queensat::study::report::{command_json, cubes_text, value_output};
use queensat::study::value_cubes::{CubeAsk, CubesReport, DEFAULT_CUBES, value_in_cubes};
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
    #[arg(short = 'o', long, value_name = "DIR", conflicts_with_all = ["batch", "time_limit"])]
    pub output: Option<PathBuf>,
    /// With --output: answer only the cubes g with g mod N = I-1; `queensat merge` assembles
    /// the shards' folders.
    #[arg(long, value_name = "I/N", requires = "output")]
    pub shard: Option<Shard>,
    /// With --output: the rows whose queens make the cubes (the middle row, then alternately
    /// the rows below and above it).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "output")]
    pub split_rows: usize,
    /// With --output: at most this many cubes where the split rows allow (the narrowest
    /// ranges that keep to it).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CUBES, requires = "output", value_parser = super::args::at_least_one)]
    pub cubes: usize,
    /// With --output: worker threads, a cube each (default: all cores).
    #[arg(long, requires = "output")]
    pub threads: Option<usize>,
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
            split_rows: a.split_rows,
            cubes: a.cubes,
            certify: a.certify.for_cubes()?,
        };
        let shard = a.shard.unwrap_or(Shard::ALL);
        let ran = with_threads(a.threads, || value_in_cubes(&ask, &opts, dir, shard, &progress))?;
        let rejected = |r: &CubesReport| i32::from(r.rejected > 0);
        return cubes_output(&ran, &a.report, "value", |r| r.certified, cubes_text, rejected);
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

/// What a cube run of `command` prints: the answer from every cube (`text` or the JSON of the
/// report), or nothing for a shard (`merge` prints the whole), or what a stop signal left.
/// `certified` says whether every cube's refutation is, `code` the exit status of a whole run.
pub(super) fn cubes_output<R: serde::Serialize>(
    ran: &ChunkRun<R>,
    report: &ReportArgs,
    command: &str,
    certified: impl Fn(&R) -> bool,
    text: impl Fn(&R) -> String,
    code: impl Fn(&R) -> i32,
) -> anyhow::Result<i32> {
    match ran {
        ChunkRun::Whole(r) => {
            report.proof.check(certified(r))?;
            match report.json() {
                true => outln!("{}", command_json(command, r)?)?,
                false => out!("{}", text(r))?,
            }
            Ok(code(r))
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
