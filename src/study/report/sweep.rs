//! What `queensat sweep`, `merge` (of a sweep) and `sweep-compare` print: the summary of each
//! wall count as text, and the same run as JSON (the spec, where the files went, how the run
//! ended, the summaries and the run's record).

use super::printing::Printing;
use crate::io::{command_json, plural};
use crate::run::Shard;
use crate::run::interrupt::stopped_exit_code;
use crate::run::stdout::write_stdout;
use crate::study::chunk_store::{ChunkRun, StoppedRun, shard_finished_line};
use crate::study::sweep::{KComparison, NotCompared, RunRecord, SweepRun, SweepSpec, WallsSummary};
use serde::Serialize;
use std::path::Path;

/// How a chunked run ended, as its JSON says it: `whole`, `shard_finished` or `stopped` (with
/// how far it got).
#[derive(Serialize)]
pub struct RunState {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl RunState {
    pub const WHOLE: RunState = RunState {
        state: "whole",
        stopped: None,
    };
    pub const SHARD_FINISHED: RunState = RunState {
        state: "shard_finished",
        stopped: None,
    };

    pub fn stopped(how_far: &StoppedRun) -> RunState {
        RunState {
            state: "stopped",
            stopped: Some(how_far.to_string()),
        }
    }

    /// A run that a stop signal ended before any chunk was planned (in its start), which
    /// `why` says.
    pub fn stopped_before_any_chunk(why: String) -> RunState {
        RunState {
            state: "stopped",
            stopped: Some(why),
        }
    }
}

/// A sweep's JSON: its spec, its folder and shard, then its answer.
#[derive(Serialize)]
pub struct SweepJson<'a> {
    #[serde(flatten)]
    pub spec: &'a SweepSpec,
    pub output: &'a Path,
    pub shard: Option<Shard>,
    #[serde(flatten)]
    pub answer: SweepAnswer<'a>,
}

/// How a sweep ended, and for a whole one (run or merged) the summaries, the record
/// (provenance, engine, times) and what rests on an external solver.
#[derive(Serialize)]
pub struct SweepAnswer<'a> {
    #[serde(flatten)]
    pub state: RunState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summaries: Option<&'a [WallsSummary]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<&'a RunRecord>,
    /// What of a whole run rests on an external solver's unchecked UNSAT answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unchecked: Option<&'static str>,
}

impl<'a> SweepAnswer<'a> {
    /// The answer of a whole sweep.
    pub fn whole(sums: &'a [WallsSummary], record: &'a RunRecord) -> SweepAnswer<'a> {
        SweepAnswer {
            state: RunState::WHOLE,
            summaries: Some(sums),
            run: Some(record),
            unchecked: record.unchecked_by_external(sums),
        }
    }

    /// The answer of a run that did not end whole.
    fn part(state: RunState) -> SweepAnswer<'a> {
        SweepAnswer {
            state,
            summaries: None,
            run: None,
            unchecked: None,
        }
    }
}

/// The sweep `spec` run into `output` as JSON.
pub fn sweep_json<'a>(
    spec: &'a SweepSpec,
    output: &'a Path,
    shard: Option<Shard>,
    run: &'a SweepRun,
) -> SweepJson<'a> {
    let answer = match run {
        ChunkRun::Whole((sums, record)) => SweepAnswer::whole(sums, record),
        ChunkRun::ShardFinished => SweepAnswer::part(RunState::SHARD_FINISHED),
        ChunkRun::Stopped(s) => SweepAnswer::part(RunState::stopped(s)),
    };
    SweepJson {
        spec,
        output,
        shard,
        answer,
    }
}

/// Prints how the sweep `spec` run into `output` (this run's `shard`) ended and gives its exit
/// code: the summaries (text or JSON); for a shard, that `merge` joins the shards; for a
/// stopped run, how far it got and how to resume, on stderr in either format (as a cube run
/// says it).
pub fn print_sweep_run(
    spec: &SweepSpec,
    output: &Path,
    shard: Option<Shard>,
    ran: &SweepRun,
    how: Printing,
) -> anyhow::Result<i32> {
    if let ChunkRun::Whole((sums, record)) = ran {
        how.check(record.unchecked_by_external(sums).is_none())?;
    }
    if let ChunkRun::Stopped(s) = ran {
        eprintln!("{s}");
    }
    let text = match (how.json, ran) {
        (true, _) => format!(
            "{}\n",
            command_json("sweep", &sweep_json(spec, output, shard, ran))?
        ),
        (false, ChunkRun::Whole((sums, record))) => sweep_text(sums, record),
        (false, ChunkRun::ShardFinished) => {
            format!(
                "{}\n",
                shard_finished_line("sweep", shard.unwrap_or(Shard::ALL), output)
            )
        }
        // A stopped run has no answer to print (stderr said how to resume).
        (false, ChunkRun::Stopped(_)) => String::new(),
    };
    // Nothing written when nothing is to be said: a closed stdout is no error then.
    if !text.is_empty() {
        write_stdout(text.as_bytes())?;
    }
    Ok(stopped_exit_code(matches!(ran, ChunkRun::Stopped(_))))
}

/// The text of a finished (or merged) sweep: one line per wall count (classes, boards, the
/// value distribution per board, the maximum), then what rests on an external solver's word.
pub fn sweep_text(sums: &[WallsSummary], record: &RunRecord) -> String {
    let mut s = String::new();
    for w in sums {
        let values: Vec<String> = w
            .values
            .iter()
            .map(|v| format!("{}:{}", v.value, v.boards))
            .collect();
        s.push_str(&format!(
            "{}: {}, {}, boards by value {}, max value {}",
            plural(w.walls, "wall", "walls"),
            plural(w.classes, "class", "classes"),
            plural(w.boards, "board", "boards"),
            values.join(" "),
            w.max_value
        ));
        if let Some(n) = w.max_value_placements {
            s.push_str(&format!(
                ", {} of {} over all boards",
                plural(n, "placement", "placements"),
                plural(w.max_value, "queen", "queens")
            ));
        }
        s.push('\n');
    }
    if let Some(what) = record.unchecked_by_external(sums) {
        s.push_str(&format!(
            "proof: {} for the {what} (--cross-check checks the values)\n",
            crate::solve::UNCHECKED_UNSAT
        ));
    }
    s
}

/// `sweep-compare`'s JSON: the two folders, each wall count's comparison, the published files
/// not compared, and whether they agree.
#[derive(Serialize)]
pub struct SweepCompareJson<'a> {
    pub sweep: &'a Path,
    pub published: &'a Path,
    pub agree: bool,
    pub comparisons: &'a [KComparison],
    pub not_compared: &'a [NotCompared],
}
