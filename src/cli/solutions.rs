//! `queensat solutions`: count and list placements, all or one per symmetry class.

use super::{Format, InstanceArgs};
use crate::analysis::{Breaking, EnumOptions, EnumReport, Found, Target, enumerate};
use crate::board::render_grid;
use crate::encode::{Amo, BaseOptions, CountMode};
use crate::solve::Backend;
use clap::Args;
use std::io::Write;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct SolutionsArgs {
    #[command(flatten)]
    pub instance: InstanceArgs,
    /// Placements of exactly K queens (default: the board's value, or n for a CSPLib instance).
    #[arg(long, value_name = "K", conflicts_with = "at_least")]
    pub queens: Option<usize>,
    /// Placements of at least K queens.
    #[arg(long, value_name = "K")]
    pub at_least: Option<usize>,
    /// One placement per symmetry class of the board (its stabiliser), with the class size.
    #[arg(long)]
    pub unique: bool,
    /// With --unique: block every image of each placement found, or add lex-leader
    /// constraints for the stabiliser up front.
    #[arg(long = "break", value_enum, default_value_t = Breaking::default())]
    pub breaking: Breaking,
    /// Stop after N placements (N classes with --unique); `--limit 2` asks "is it unique?".
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Run only shard I of M (1-based), split by the first queen in row-major order; the
    /// shards' totals and classes add up to the whole. Needs --break lex-leader with --unique.
    #[arg(long, value_name = "I/M", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Print only the numbers: total placements and symmetry classes.
    #[arg(long)]
    pub count: bool,
    /// At-most-one encoding for each segment.
    #[arg(long, value_enum, default_value_t = Amo::default())]
    pub amo: Amo,
    /// What the cardinality totalisers count.
    #[arg(long, value_enum, default_value_t = CountMode::default())]
    pub counter: CountMode,
    /// SAT solver.
    #[arg(long, default_value = "varisat")]
    pub solver: Backend,
    /// text, or json (one JSON object per line: placements, then a summary).
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

/// A closed stdout (`| head`) ends the listing quietly, like other line-oriented tools.
pub fn run(a: SolutionsArgs) -> anyhow::Result<i32> {
    match list(a) {
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(0)
        }
        other => other,
    }
}

fn list(a: SolutionsArgs) -> anyhow::Result<i32> {
    let loaded = a.instance.load()?;
    let board = loaded.board;
    let target = match (a.queens, a.at_least, loaded.wanted) {
        (Some(k), _, _) => Target::Exactly(k),
        (None, Some(k), _) => Target::AtLeast(k),
        (None, None, Some(n)) => Target::Exactly(n),
        (None, None, None) => Target::Value,
    };
    let opts = EnumOptions {
        base: BaseOptions {
            amo: a.amo,
            count: a.counter,
        },
        backend: a.solver,
        target,
        unique: a.unique,
        breaking: a.breaking,
        limit: a.limit,
        shard: a.shard,
    };
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    if a.format == Format::Text && !a.count {
        writeln!(out, "board {}", board.describe())?;
    }
    let started = Instant::now();
    let mut last_note = started;
    let report = enumerate(&board, &opts, |f: &Found| {
        if !a.count {
            match a.format {
                Format::Json => {
                    let line = serde_json::json!({
                        "type": "placement",
                        "index": f.index,
                        "queens": f.placement,
                        "orbit_size": f.orbit_size,
                    });
                    writeln!(out, "{line}")?;
                }
                Format::Text => {
                    let class = if a.unique {
                        format!(" (class of {})", f.orbit_size)
                    } else {
                        String::new()
                    };
                    writeln!(out, "placement {}{class}", f.index)?;
                    out.write_all(render_grid(&board, Some(&f.placement)).as_bytes())?;
                }
            }
        }
        if last_note.elapsed() > Duration::from_secs(5) {
            last_note = Instant::now();
            eprintln!(
                "queensat: {} answers so far ({:.0} s)",
                f.index,
                started.elapsed().as_secs_f64()
            );
        }
        Ok(())
    })?;
    match a.format {
        Format::Json => {
            let mut summary = serde_json::to_value(&report)?;
            summary["type"] = "summary".into();
            writeln!(out, "{summary}")?;
        }
        Format::Text if a.count => out.write_all(count_text(&report).as_bytes())?,
        Format::Text => out.write_all(summary_text(&report).as_bytes())?,
    }
    out.flush()?;
    Ok(0)
}

/// `I/M` with 1 ≤ I ≤ M, returned 0-based.
fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{s:?} is not a shard I/M with 1 <= I <= M");
    let (i, m) = s.split_once('/').ok_or_else(bad)?;
    let (i, m): (usize, usize) = (
        i.trim().parse().map_err(|_| bad())?,
        m.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || i > m {
        return Err(bad());
    }
    Ok((i - 1, m))
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn target_text(r: &EnumReport) -> String {
    match r.target {
        Target::AtLeast(k) => format!("at least {k} queens"),
        _ => format!("exactly {} queens", r.queens),
    }
}

/// `--count`: the two numbers, marked as lower bounds when a limit cut the run.
fn count_text(r: &EnumReport) -> String {
    let at_least = if r.complete { "" } else { ">= " };
    let classes = match (r.classes, r.unique) {
        (Some(c), true) => format!("{at_least}{c}"),
        (Some(c), false) => c.to_string(),
        (None, _) => "unknown (run stopped at --limit)".to_string(),
    };
    format!("total {at_least}{}\nclasses {classes}\n", r.total)
}

fn summary_text(r: &EnumReport) -> String {
    let mut s = String::new();
    if let Some(v) = &r.value_proof {
        s.push_str(&format!("{v}\n"));
    }
    let what = target_text(r);
    let shard = r
        .shard
        .map_or(String::new(), |(i, m)| format!("shard {} of {m}: ", i + 1));
    let how = if r.complete {
        format!("complete: UNSAT after {} solver calls", r.solver_calls)
    } else {
        format!(
            "stopped at --limit after {} answers: counts are lower bounds",
            r.answers
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
        if r.unique {
            format!("symmetry breaking {}", r.breaking)
        } else {
            "each placement blocked".to_string()
        },
        r.seconds
    ));
    s
}
