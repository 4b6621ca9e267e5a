//! Cube runs (docs/cluster.md): their flags, the same in `value`, `armies`, `cover` and
//! `least-walls`, and how their answer is printed.

use super::args::{CertifyArgs, ReportArgs, at_least_one};
use super::run_args::{ShardArgs, ThreadsArgs, say_shard_finished};
use clap::Args;
use queensat::io::plural;
use queensat::run::interrupt::{Interrupted, stop_requested, stopped_exit_code};
use queensat::run::{Reporter, Shard, with_threads};
use queensat::study::CubeCut;
use queensat::study::chunk_store::{ChunkRun, chunk_files, stopped_line};
use queensat::study::report::{CubeOutcome, RunState, command_json, cube_state_json};
use queensat::study::value_cubes::DEFAULT_CUBES;
use std::path::{Path, PathBuf};

/// How many cubes a cube run makes and how many threads answer them (docs/cluster.md); each
/// flag needs the command's cube folder (the arg `cube_dir`).
#[derive(Args, Debug, Clone)]
#[command(mut_arg("threads", |a| a.requires("cube_dir")))]
pub struct CubeArgs {
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
    /// Split the question into cubes (what each command's cubes fix: docs/cluster.md), answer
    /// each into DIR (resumable), and give the answer from them: proved when every cube's
    /// refutation is and the cubes are counted to cover every choice. No time limit, no
    /// --output. CaDiCaL answers when no --solver is named.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["time_limit", "output"], value_parser = queensat::io::output_folder_path)]
    pub cube_dir: Option<PathBuf>,
}

/// A cube run of `command` into `dir`: `run` answers this shard's cubes on the threads `cubes`
/// asks; then the answer from every cube (text or JSON), or for a shard nothing but its state
/// in JSON (`merge` prints the whole), or what a stop signal left. Exit 1 when the checker
/// rejected a cube's proof.
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
    let ran = match with_threads(cubes.threads.threads, || run(shard, &progress)) {
        // A stop signal in the start (the whole question's bounds, before any cube is
        // planned) ends the run as a stopped one, which has finished no cube yet.
        Err(e) if stop_requested() && e.chain().any(|c| c.is::<Interrupted>()) => {
            // A folder of an older queensat keeps cubes but not its start.
            let how_far = match chunk_files(&[dir.to_path_buf()]) {
                0 => "in its start, before any cube".to_string(),
                n => format!(
                    "in its start (which {} does not keep), {} finished there",
                    dir.display(),
                    plural(n, "cube", "cubes")
                ),
            };
            let why = stopped_line(&format!("{command} in cubes"), &how_far);
            eprintln!("{why}");
            if report.json() {
                let state = RunState::stopped_before_any_chunk(why);
                outln!("{}", cube_state_json(command, dir, shard, state)?)?;
            }
            return Ok(stopped_exit_code(true));
        }
        ran => ran?,
    };
    match ran {
        ChunkRun::Whole(r) => {
            report.proof.check(r.totals().certified)?;
            match report.json() {
                true => outln!("{}", command_json(command, &r)?)?,
                false => out!("{}", r.text())?,
            }
            Ok(i32::from(r.totals().rejected > 0))
        }
        ChunkRun::ShardFinished => {
            match report.json() {
                true => outln!(
                    "{}",
                    cube_state_json(command, dir, shard, RunState::SHARD_FINISHED)?
                )?,
                false => say_shard_finished(&format!("{command} in cubes"), shard, dir)?,
            }
            Ok(0)
        }
        ChunkRun::Stopped(s) => {
            eprintln!("{s}");
            if report.json() {
                outln!("{}", cube_state_json(command, dir, shard, RunState::stopped(&s))?)?;
            }
            Ok(stopped_exit_code(true))
        }
    }
}
