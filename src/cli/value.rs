//! `queensat value`.

use super::args::{CertifyArgs, ExternalArgs, ReportArgs, ValueSearchArgs};
use super::board_args::BoardArgs;
use super::cubes::{RowCubeArgs, run_cubes};
use super::run_args::{ShardArgs, TimeLimitArgs};
use clap::Args;
use clap::builder::ArgPredicate;
use queensat::engine::{Batch, value_certified};
use queensat::run::Reporter;
use queensat::study::report::{print_batch, print_value};
use queensat::study::value_cubes::{CubeAsk, value_in_cubes};
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(
    mut_arg("time_limit", |a| a.conflicts_with("certify")),
    mut_arg("shard", |a| a.requires("cube_dir")),
    // A batch writes JSON lines, so `--format json` is what it does anyway: accepted, and the
    // default there; `--format text` is refused when the run starts.
    mut_arg("format", |a| a.default_value_if("batch", ArgPredicate::IsPresent, Some("json")))
)]
pub struct ValueArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub value: ValueSearchArgs,
    #[command(flatten)]
    pub external: ExternalArgs,
    #[command(flatten)]
    pub certify: CertifyArgs,
    #[command(flatten)]
    pub time_limit: TimeLimitArgs,
    /// Answer many boards in one process: JSON lines in, JSON lines out.
    ///
    /// Answer many boards in one process: read JSON lines (`{"rows":8,"cols":8,"walls":[[1,3]]}`,
    /// optional `holes`, `size`, `id`) from FILE or `-` (stdin), gzip, xz or bzip2 compressed
    /// or not, and write one JSON result per line (`--format json`'s, envelope first, with
    /// `line`); a bad line gives `{"command":"value",...,"line":N,"error":...}` and, at the
    /// end, exit 2 (else 3 when --time-limit, which applies to each board, stopped
    /// a search). Always JSON (`--format json` may be given; `text` is refused).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["certify", "file", "csplib", "walls", "holes", "bits", "size", "rows", "cols"])]
    pub batch: Option<std::path::PathBuf>,
    /// Split the question into cubes, answered into DIR (resumable).
    ///
    /// Split the question into cubes (for each segment of the middle row, a queen in one of its
    /// ranges of cells, or none), find the whole board's start once, refute one queen more in
    /// each cube into DIR (resumable; a run with a built-in solver asks again the cubes an
    /// external solver answered), and give the value from them: proved when every cube's
    /// refutation is and the cubes are counted to cover every choice (docs/cluster.md).
    /// `--cube-dir DIR`, as in `armies`, `cover` and `least-walls`, is the same flag.
    #[arg(id = "cube_dir", short = 'o', long = "output", visible_alias = "cube-dir", value_name = "DIR", conflicts_with_all = ["batch", "time_limit"], value_parser = queensat::io::output_folder_path)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub shard: ShardArgs,
    #[command(flatten)]
    pub split: RowCubeArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

pub fn run(a: ValueArgs) -> anyhow::Result<i32> {
    let opts = a.value.options_with(&a.external)?;
    let time_limit = a.time_limit.time_limit;
    let require_proof = a.report.proof.require_proof;
    if let Some(path) = &a.batch {
        anyhow::ensure!(
            a.report.json(),
            "--format text: --batch writes one JSON line per board (--format json, its default)"
        );
        // One board's search stops at the limit inside any call; a batch's, between calls.
        a.value.solver.note_limit(time_limit);
        let batch = Batch {
            opts: &opts,
            time_limit,
            require_proof,
        };
        return print_batch(path, &batch);
    }
    let board = a.board.load()?.board;
    let progress = a.report.progress.reporter();
    if let Some(dir) = &a.output {
        let ask = CubeAsk {
            board,
            cut: a.split.cut(&a.certify)?,
        };
        let run = |shard, progress: &Reporter| value_in_cubes(&ask, &opts, dir, shard, progress);
        return run_cubes(&a.split.cubes, &a.shard, &a.report, "value", dir, run);
    }
    let certify = a.certify.certify.then_some(a.certify.certify_dir.as_deref());
    let v = value_certified(&board, &opts, time_limit, certify, &progress)?;
    print_value(&v, a.certify.certify, a.report.printing())
}
