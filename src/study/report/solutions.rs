//! `solutions`' output: each placement as it is found and the summary after them, in words
//! or as JSON lines (each in the envelope); the counts in words.

use crate::board::{Board, Placement, render_grid};
use crate::engine::{EnumOptions, EnumReport, Found, Target, enumerate};
use crate::io::{command_json, plural};
use crate::run::Reporter;

/// How `solutions` prints: JSON lines or text, every placement or the counts only.
pub struct SolutionsPrinter<'a> {
    pub board: &'a Board,
    pub json: bool,
    /// Only the counts (`--count`): no placement, no board.
    pub count: bool,
    /// One placement per symmetry class (`--unique`): each says its class's size.
    pub unique: bool,
}

/// One placement's JSON line (inside the envelope).
#[derive(serde::Serialize)]
struct PlacementLine<'a> {
    // In the order the lines always had (alphabetical).
    index: u64,
    orbit_size: usize,
    queens: &'a Placement,
    #[serde(rename = "type")]
    kind: &'static str,
}

impl SolutionsPrinter<'_> {
    /// What comes before the placements: the board, in a text listing.
    pub fn head(&self) -> String {
        if self.json || self.count {
            return String::new();
        }
        format!("board {}\n", self.board.describe())
    }

    /// One placement found.
    pub fn placement(&self, f: &Found) -> serde_json::Result<String> {
        Ok(match (self.count, self.json) {
            (true, _) => String::new(),
            (false, true) => {
                let line = PlacementLine {
                    index: f.index,
                    orbit_size: f.orbit_size,
                    queens: &f.placement,
                    kind: "placement",
                };
                command_json("solutions", &line)? + "\n"
            }
            (false, false) => {
                let class = if self.unique {
                    format!(" (class of {})", f.orbit_size)
                } else {
                    String::new()
                };
                let grid = render_grid(self.board, Some(&f.placement));
                format!("placement {}{class}\n{grid}", f.index)
            }
        })
    }

    /// The listing up to its summary: the head, then each placement as the enumeration with
    /// `opts` finds it, written to `out` at once (a long listing streams), `progress` told of
    /// each. The caller writes the [`summary`](Self::summary) of the report returned.
    pub fn list(
        &self,
        opts: &EnumOptions,
        progress: &Reporter,
        out: &mut impl std::io::Write,
    ) -> anyhow::Result<EnumReport> {
        out.write_all(self.head().as_bytes())?;
        progress.start("placements", 0);
        let report = enumerate(self.board, opts, |f: &Found| {
            out.write_all(self.placement(f)?.as_bytes())?;
            progress.advance(1);
            Ok(())
        })?;
        progress.finish();
        Ok(report)
    }

    /// The summary after the placements.
    pub fn summary(&self, r: &EnumReport) -> serde_json::Result<String> {
        Ok(match (self.json, self.count) {
            (true, _) => {
                let mut summary = serde_json::to_value(r)?;
                summary["type"] = "summary".into();
                command_json("solutions", &summary)? + "\n"
            }
            (false, true) => count_text(r),
            (false, false) => summary_text(r),
        })
    }
}

fn target_text(r: &EnumReport) -> String {
    match r.target {
        Target::AtLeast(k) => format!("at least {}", plural(k, "queen", "queens")),
        _ => format!("exactly {}", plural(r.queens, "queen", "queens")),
    }
}

/// What cut an incomplete run short: `stopped at --limit`, or `interrupted (SIGTERM)`.
fn stopped_by(r: &EnumReport) -> &str {
    match (&r.interrupted, r.more) {
        (Some(why), _) => why,
        (None, true) => "stopped at --limit, more answers exist",
        (None, false) => "stopped at --limit",
    }
}

/// `--count`: the two numbers, marked as lower bounds when a limit or a stop signal cut the
/// run; a shard without `--unique` sees no whole classes.
fn count_text(r: &EnumReport) -> String {
    let at_least = match (r.complete, r.more) {
        (true, _) => "",
        (false, true) => "> ",
        (false, false) => ">= ",
    };
    let classes = match (r.classes, r.unique, r.shard) {
        (Some(c), true, _) => format!("{at_least}{c}"),
        (Some(c), false, _) => c.to_string(),
        (None, _, Some((i, m))) if r.complete => format!(
            "unknown (shard {} of {m}: a shard counts classes only with --unique)",
            i + 1
        ),
        (None, _, _) => format!("unknown (run {})", stopped_by(r)),
    };
    let mut s = format!("total {at_least}{}\nclasses {classes}\n", r.total);
    if !r.certified {
        s.push_str(&format!("proof: {}\n", crate::solve::UNCHECKED_UNSAT));
    }
    s
}

/// The summary after a listing: the value proof, the counts, how they were made.
fn summary_text(r: &EnumReport) -> String {
    let mut s = String::new();
    if let Some(v) = &r.value_proof {
        s.push_str(&format!("{v}\n"));
    }
    let what = target_text(r);
    let shard = r
        .shard
        .map_or(String::new(), |(i, m)| format!("shard {} of {m}: ", i + 1));
    let calls = plural(r.solver_calls, "solver call", "solver calls");
    let how = if r.complete && r.solver_calls == 0 {
        // No call was made: the counter cannot reach the count asked.
        format!(
            "complete: no solver call needed, the queen counter cannot reach {}",
            plural(r.queens, "queen", "queens")
        )
    } else if r.complete && !r.certified {
        format!(
            "complete: UNSAT after {calls}, proof: {}",
            crate::solve::UNCHECKED_UNSAT
        )
    } else if r.complete {
        format!("complete: UNSAT after {calls}")
    } else if r.more && r.interrupted.is_none() {
        format!(
            "stopped at --limit after {}, and more exist: counts are lower bounds",
            plural(r.answers, "answer", "answers")
        )
    } else {
        format!(
            "{} after {}: counts are lower bounds",
            stopped_by(r),
            plural(r.answers, "answer", "answers")
        )
    };
    let classes = match r.classes {
        Some(c) => plural(c, "symmetry class", "symmetry classes"),
        None => "an unknown number of symmetry classes".to_string(),
    };
    s.push_str(&format!(
        "{shard}{} of {what}, {classes} under the stabiliser [{}] ({how})\n",
        plural(r.total, "placement", "placements"),
        r.stabiliser.join(" ")
    ));
    s.push_str(&format!(
        "every placement checked; solver {}, amo {}, count {}, {}, {:.3} s\n",
        r.solver,
        r.amo,
        r.count,
        // The JSON's `breaking` word, and without --unique how repeats are kept out.
        if r.unique {
            format!("symmetry breaking {}", r.breaking)
        } else {
            format!("symmetry breaking {} (each placement blocked)", r.breaking)
        },
        r.seconds
    ));
    s
}
