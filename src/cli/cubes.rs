//! Cube runs (docs/cluster.md): their flags, the same in `value`, `armies`, `cover` and
//! `least-walls`, and how their answer is printed.

use super::args::{CertifyArgs, ReportArgs, at_least_one};
use super::run_args::{ShardArgs, ThreadsArgs};
use clap::Args;
use queensat::run::{Reporter, Shard, with_threads};
use queensat::study::CubeCut;
use queensat::study::chunk_store::ChunkRun;
use queensat::study::report::{CubeOutcome, CubeRunPrint, print_cube_run};
use queensat::study::value_cubes::DEFAULT_CUBES;
use std::path::{Path, PathBuf};

/// How many cubes a cube run makes and how many threads answer them (docs/cluster.md); each
/// flag needs the command's cube folder (the arg `cube_dir`).
#[derive(Args, Debug, Clone)]
#[command(mut_arg("threads", |a| a.requires("cube_dir")))]
pub struct CubeArgs {
    /// With a cube folder: at most this many cubes.
    ///
    /// With a cube folder: at most this many cubes (for `cover`, per question) where the split
    /// rows or squares allow (the narrowest ranges that keep to it).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CUBES, requires = "cube_dir", value_parser = at_least_one)]
    pub cubes: usize,
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

impl CubeArgs {
    /// The cut on `split` rows or squares, each cube's refutation certified if `certify`.
    pub fn cut(&self, split: usize, certify: bool) -> CubeCut {
        CubeCut {
            split,
            cubes: self.cubes,
            certify,
        }
    }
}

/// A cube run cut on rows (`value`, `armies`, `least-walls`).
#[derive(Args, Debug, Clone)]
pub struct RowCubeArgs {
    /// With a cube folder: the rows whose cells make the cubes.
    ///
    /// With a cube folder: the rows whose cells make the cubes (the middle row, then
    /// alternately the rows below and above it).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "cube_dir")]
    pub split_rows: usize,
    #[command(flatten)]
    pub cubes: CubeArgs,
}

impl RowCubeArgs {
    /// The cut, each cube's refutation certified where `certify` asks it.
    pub fn cut(&self, certify: &CertifyArgs) -> anyhow::Result<CubeCut> {
        Ok(self.cubes.cut(self.split_rows, certify.for_cubes()?))
    }
}

/// `--cube-dir DIR`: split the question into cubes answered into DIR.
#[derive(Args, Debug, Clone, Default)]
pub struct CubeDirArgs {
    /// Split the question into cubes, answered into DIR (resumable).
    ///
    /// Split the question into cubes (what each command's cubes fix: docs/cluster.md), answer
    /// each into DIR (resumable), and give the answer from them: proved when every cube's
    /// refutation is and the cubes are counted to cover every choice. No time limit, no
    /// --output. CaDiCaL answers when no --solver is named.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["time_limit", "output"], value_parser = queensat::io::output_folder_path)]
    pub cube_dir: Option<PathBuf>,
}

/// A cube run of `command` into `dir`: `run` answers this shard's cubes on the threads `cubes`
/// asks; the report layer prints how it ended ([`print_cube_run`]).
pub fn run_cubes<R: CubeOutcome + Send>(
    cubes: &CubeArgs,
    shard: &ShardArgs,
    report: &ReportArgs,
    command: &str,
    dir: &Path,
    run: impl FnOnce(Shard, &Reporter) -> anyhow::Result<ChunkRun<R>> + Send,
) -> anyhow::Result<i32> {
    let progress = report.progress.reporter();
    let shard = shard.or_all();
    let ran = with_threads(cubes.threads.threads, || run(shard, &progress));
    let how = CubeRunPrint {
        command,
        dir,
        shard,
        printing: report.printing(),
    };
    print_cube_run(ran, &how)
}
