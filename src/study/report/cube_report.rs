//! What every cube run's report shares: whether its answer is certified and what it prints
//! ([`CubeOutcome`]), and the words and figures all of them print alike.

use super::printing::Printing;
use super::sweep::RunState;
use crate::io::{command_json, noun, plural};
use crate::run::Shard;
use crate::run::interrupt::{stopped_by_signal, stopped_exit_code};
use crate::run::stdout::write_stdout;
use crate::study::chunk_store::{ChunkRun, chunk_files, shard_finished_line, stopped_line};
use crate::study::cubes::CubeTotals;
use crate::study::cubes::rows::makespan;
use serde::Serialize;
use std::path::Path;

/// Which cube run is printed, and how: the command's name, its folder and this run's shard,
/// and the command's [`Printing`].
pub struct CubeRunPrint<'a> {
    pub command: &'a str,
    pub dir: &'a Path,
    pub shard: Shard,
    pub printing: Printing,
}

/// Prints how a cube run ended and gives its exit code: the answer from every cube (text or
/// JSON), or for a shard nothing but its state (`merge` prints the whole), or what a stop
/// signal left (one line on stderr in either format). Exit 1 when the checker rejected a
/// cube's proof.
pub fn print_cube_run<R: CubeOutcome>(
    ran: anyhow::Result<ChunkRun<R>>,
    how: &CubeRunPrint,
) -> anyhow::Result<i32> {
    let CubeRunPrint {
        command,
        dir,
        shard,
        printing,
    } = *how;
    let json = printing.json;
    let line = |text: String| write_stdout(format!("{text}\n").as_bytes());
    let ran = match ran {
        // A stop signal in the start (the whole question's bounds, before any cube is
        // planned) ends the run as a stopped one, which has finished no cube yet.
        Err(e) if stopped_by_signal(&e) => {
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
            if json {
                line(cube_state_json(
                    command,
                    dir,
                    shard,
                    RunState::stopped_before_any_chunk(why),
                )?)?;
            }
            return Ok(stopped_exit_code(true));
        }
        ran => ran?,
    };
    match ran {
        ChunkRun::Whole(r) => {
            printing.check(r.totals().certified)?;
            match json {
                true => line(command_json(command, &r)?)?,
                false => write_stdout(r.text().as_bytes())?,
            }
            Ok(i32::from(r.totals().rejected > 0))
        }
        ChunkRun::ShardFinished => {
            line(match json {
                true => cube_state_json(command, dir, shard, RunState::SHARD_FINISHED)?,
                false => shard_finished_line(&format!("{command} in cubes"), shard, dir),
            })?;
            Ok(0)
        }
        ChunkRun::Stopped(s) => {
            eprintln!("{s}");
            if json {
                line(cube_state_json(command, dir, shard, RunState::stopped(&s))?)?;
            }
            Ok(stopped_exit_code(true))
        }
    }
}

/// A cube run's JSON when it ends without the whole answer: a finished shard (`merge` gives
/// the whole) or a stopped run, with its folder and shard, as a sweep's JSON says it.
#[derive(Serialize)]
struct CubeRunState<'a> {
    output: &'a Path,
    shard: Shard,
    #[serde(flatten)]
    state: RunState,
}

/// `CubeRunState` in the envelope of `command`.
pub fn cube_state_json(
    command: &str,
    output: &Path,
    shard: Shard,
    state: RunState,
) -> serde_json::Result<String> {
    command_json(command, &CubeRunState { output, shard, state })
}

/// Workers for which the cubes' measured times are scheduled in the text.
const WORKERS: [usize; 3] = [2, 64, 1000];

/// A cube run's whole report, as a command prints it.
pub trait CubeOutcome: Serialize {
    /// How the cubes' refutations stand together, and what they cost.
    fn totals(&self) -> &CubeTotals;
    /// The report in words.
    fn text(&self) -> String;
}

/// `cube_outcome!(Report, text)`: `Report` (with its `totals`) is a [`CubeOutcome`] that
/// `text` puts in words; each report's text file says it of its own report.
macro_rules! cube_outcome {
    ($report:ty, $text:path) => {
        impl super::cube_report::CubeOutcome for $report {
            fn totals(&self) -> &crate::study::cubes::CubeTotals {
                &self.totals
            }
            fn text(&self) -> String {
                $text(self)
            }
        }
    };
}
pub(super) use cube_outcome;

/// What the text adds when the checker rejected the proofs of some cubes.
pub(super) fn rejected_text(t: &CubeTotals) -> String {
    match t.rejected {
        0 => String::new(),
        n => format!(
            "; the checker REJECTED the proof of {}",
            plural(n, "cube", "cubes")
        ),
    }
}

/// Which count each cube refuted: `above` (one beyond the start's, in words) in the cubes that
/// hold nothing beyond the start, and one `unit` beyond their `most` in the `beyond` others,
/// where beyond is `more` (or fewer, for a minimum).
pub(super) fn refuted_in_cubes(
    beyond: usize,
    cubes: usize,
    above: &str,
    (unit, more, most): (&str, &str, &str),
) -> String {
    match beyond {
        0 => format!("{above} refuted in every cube"),
        n if n == cubes => format!("one {unit} {more} than its {most} refuted in every cube"),
        n => format!(
            "{above} refuted in {}, and one {more} than their {most} in the {n} {}",
            plural(cubes - n, "cube", "cubes"),
            noun(n, "other", "others")
        ),
    }
}

/// What cubes cost: their count, their CPU seconds in all and the longest (after `start`,
/// what came before them), and the time they would take on more workers.
pub(super) fn cube_costs(t: &CubeTotals, start: &str) -> String {
    let (cube_seconds, resumed) = (&t.cube_seconds, t.chunks_resumed);
    let total: f64 = cube_seconds.iter().sum();
    let longest = cube_seconds.iter().copied().fold(0.0, f64::max);
    let on: Vec<String> = WORKERS
        .iter()
        .map(|&w| format!("{w} workers {:.2} s", makespan(cube_seconds, w)))
        .collect();
    format!(
        "cubes: {} ({resumed} resumed), {start}the cubes {total:.2} s CPU in all, the longest {longest:.2} s; \
         scheduled from these times on {}\n",
        cube_seconds.len(),
        on.join(", ")
    )
}
