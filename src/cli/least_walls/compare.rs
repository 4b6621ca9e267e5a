//! `least-walls compare`: saved runs of the same questions under different encodings, side by
//! side (CPU seconds of the minimisation and of the count, per q).

use super::LeastWallsRun;
use crate::analysis::LeastWallsReport;
use crate::io::write_atomic;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Saved runs (JSON from `least-walls --output`), one column group each.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// Write the Markdown here (whole or not at all) instead of stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Where the lex-leader applied in a report: `on`, `count` or `off`.
pub fn lex_mode(r: &LeastWallsReport) -> &'static str {
    match (r.lex_leader, r.count.as_ref().is_some_and(|c| c.lex_leader)) {
        (true, _) => "on",
        (false, true) => "count",
        (false, false) => "off",
    }
}

/// The encoding choices of a report, as a column label.
pub fn label(r: &LeastWallsReport) -> String {
    let lex = lex_mode(r);
    format!(
        "{} / {} / lex {lex} / necessary {} / {:?}",
        r.attack, r.queen_count, r.necessary_walls, r.search
    )
    .to_lowercase()
}

pub fn run(a: CompareArgs) -> anyhow::Result<i32> {
    let runs = LeastWallsRun::load_all(&a.runs)?;
    let mut qs: Vec<(usize, usize, usize)> = runs
        .iter()
        .flat_map(|r| r.reports.iter().map(|x| (x.rows, x.cols, x.queens)))
        .collect();
    qs.sort_unstable();
    qs.dedup();
    let mut s = String::from(
        "CPU seconds: minimisation (with its UNSAT proof) + board count.\n\n| board | q | least walls |",
    );
    for (run, path) in runs.iter().zip(&a.runs) {
        let name = run
            .reports
            .first()
            .map_or_else(|| path.display().to_string(), label);
        s.push_str(&format!(" {name} |"));
    }
    s.push_str(&format!("\n|---|---|---|{}\n", "---|".repeat(runs.len())));
    let mut totals = vec![(0.0, 0.0); runs.len()];
    for &(r, c, q) in &qs {
        let found: Vec<Option<&LeastWallsReport>> = runs
            .iter()
            .map(|run| {
                run.reports
                    .iter()
                    .find(|x| (x.rows, x.cols, x.queens) == (r, c, q))
            })
            .collect();
        let walls: Vec<String> = found
            .iter()
            .flatten()
            .map(|x| x.least_walls.map_or("impossible".into(), |w| w.to_string()))
            .collect();
        let mut w = walls.first().cloned().unwrap_or_default();
        if walls.iter().any(|x| *x != w) {
            w = format!("**DISAGREE** {}", walls.join("/"));
        }
        s.push_str(&format!("| {r}x{c} | {q} | {w} |"));
        for (i, f) in found.iter().enumerate() {
            match f {
                Some(x) => {
                    let cnt = x.count.as_ref().map_or(0.0, |k| k.cpu_seconds);
                    totals[i].0 += x.minimise_cpu_seconds;
                    totals[i].1 += cnt;
                    s.push_str(&format!(" {:.2} + {:.2} |", x.minimise_cpu_seconds, cnt));
                }
                None => s.push_str(" - |"),
            }
        }
        s.push('\n');
    }
    s.push_str("| total | | |");
    for (m, c) in totals {
        s.push_str(&format!(" {m:.2} + {c:.2} = **{:.2}** |", m + c));
    }
    s.push('\n');
    match &a.output {
        Some(p) => write_atomic(p, s.as_bytes())?,
        None => print!("{s}"),
    }
    Ok(0)
}
