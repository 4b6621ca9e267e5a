//! What every cube run's report shares: whether its answer is certified and what it prints
//! ([`CubeOutcome`]), and the words and figures all of them print alike.

use super::sweep::RunState;
use crate::io::{command_json, noun, plural};
use crate::run::Shard;
use crate::study::cubes::CubeTotals;
use crate::study::cubes::rows::makespan;
use serde::Serialize;
use std::path::Path;

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
