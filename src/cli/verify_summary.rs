//! `queensat verify SUMMARY.txt --boards BOARDS.csv`: re-check the author's printed totals
//! (boards per value, maximum, example board, listings) against the engine's own values of
//! the boards in the CSV, each weighted by its symmetry orbit when the CSV lists one board per
//! class.

use super::verify::{SUMMARY_HEADER, VerifyArgs};
use crate::analysis::{ValueOptions, value};
use crate::board::{Board, from_bits64, render_cell_list};
use crate::encode::BaseOptions;
use crate::io::{CellSet, PublishedFormat, SummaryClaim, parse_published, parse_summary, write_atomic};
use anyhow::{Context, bail};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

/// One checked summary line.
struct Checked {
    line: usize,
    what: String,
    stated: String,
    engine: String,
    /// `None`: holds; `Some(kind)`: refuted; unchecked lines have `engine` empty.
    refuted: Option<&'static str>,
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

pub fn run(a: &VerifyArgs, text: &str) -> anyhow::Result<i32> {
    let start = Instant::now();
    let name = a.name.clone().unwrap_or_else(|| a.file.display().to_string());
    let claims = parse_summary(&name, text)?;
    let boards_path = a
        .boards
        .as_ref()
        .context("a summary is checked against its boards: give --boards N-W_boards.csv")?;
    let boards_text = std::fs::read_to_string(boards_path)
        .with_context(|| format!("cannot read {}", boards_path.display()))?;
    let parsed = parse_published(&boards_path.display().to_string(), &boards_text)?;
    if parsed.format != PublishedFormat::BoardsCsv {
        bail!("--boards must be a boards CSV (Walls,Value,Queens)");
    }
    let side = a
        .size
        .or_else(|| super::verify::side_in_path(&a.file))
        .unwrap_or(8);
    let opts = ValueOptions {
        base: BaseOptions {
            amo: a.amo,
            count: a.count,
        },
        backend: a.solver.clone(),
        ..ValueOptions::default()
    };
    // The engine's value, the orbit size and the class of every board in the CSV.
    let rows = parsed
        .rows
        .par_iter()
        .map(|row| {
            let CellSet::Bits64(bits) = row.walls else {
                unreachable!("boards CSV rows are bits")
            };
            let walls = from_bits64(bits, side, side)
                .with_context(|| format!("{}: {}", boards_path.display(), row.label))?;
            let board = Board::with_walls(side, side, &walls)?;
            let v = value(&board, &opts)?.value;
            Ok((board.canonical().0, board.orbit_size() as u64, v, walls.len()))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let n_walls: HashSet<usize> = rows.iter().map(|r| r.3).collect();
    if n_walls.len() != 1 {
        bail!("the boards CSV mixes wall counts {n_walls:?}");
    }
    let walls = *n_walls.iter().next().expect("one wall count");
    let total = binomial((side * side) as u64, walls as u64);
    // One entry per symmetry class (values agree within a class: symmetry keeps the value).
    let mut classes: BTreeMap<&Board, (u64, usize)> = BTreeMap::new();
    for r in &rows {
        if let Some(&(_, v)) = classes.get(&r.0)
            && v != r.2
        {
            bail!(
                "internal error: two boards of one symmetry class have values {v} and {}",
                r.2
            );
        }
        classes.insert(&r.0, (r.1, r.2));
    }
    let orbit_sum: u64 = classes.values().map(|c| c.0).sum();
    if orbit_sum != total {
        bail!(
            "the boards CSV covers {} symmetry classes holding {orbit_sum} boards, not all {total}",
            classes.len()
        );
    }
    let weighting = format!(
        "its {} rows cover all {} symmetry classes; each class counted with its orbit size",
        rows.len(),
        classes.len()
    );
    let mut dist: BTreeMap<usize, u64> = BTreeMap::new();
    for &(orbit, v) in classes.values() {
        *dist.entry(v).or_default() += orbit;
    }
    let max = dist.keys().max().copied().unwrap_or(0);
    let stated_max = claims.iter().find_map(|(_, c)| match c {
        SummaryClaim::Max(m) => Some(*m),
        _ => None,
    });
    let value_of = |walls: &[(usize, usize)]| -> anyhow::Result<usize> {
        Ok(value(&Board::with_walls(side, side, walls)?, &opts)?.value)
    };
    let mut out = Vec::new();
    let mut listed: BTreeMap<usize, u64> = BTreeMap::new();
    let check = |ok: bool, kind: &'static str| if ok { None } else { Some(kind) };
    for (line, claim) in &claims {
        let c = match claim {
            SummaryClaim::Total(t) => Checked {
                line: *line,
                what: format!("number of {walls}-wall boards"),
                stated: t.to_string(),
                engine: format!("{total} (C({}, {walls}))", side * side),
                refuted: check(*t == total, "total"),
            },
            SummaryClaim::Max(m) => Checked {
                line: *line,
                what: "largest value".into(),
                stated: m.to_string(),
                engine: max.to_string(),
                refuted: check(*m == max, "max"),
            },
            SummaryClaim::Example(w) => {
                let v = value_of(w)?;
                Checked {
                    line: *line,
                    what: format!("example board {} reaches the largest value", render_cell_list(w)),
                    stated: stated_max.map_or("-".into(), |m| m.to_string()),
                    engine: v.to_string(),
                    refuted: check(w.len() == walls && Some(v) == stated_max, "example"),
                }
            }
            SummaryClaim::Count { value: v, count } => {
                let engine = dist.get(v).copied().unwrap_or(0);
                Checked {
                    line: *line,
                    what: format!("boards with value {v}"),
                    stated: count.to_string(),
                    engine: engine.to_string(),
                    refuted: check(*count == engine, "count"),
                }
            }
            SummaryClaim::Listed { value: v, walls: w } => {
                *listed.entry(*v).or_default() += 1;
                let got = value_of(w)?;
                Checked {
                    line: *line,
                    what: format!("listed board {} has value {v}", render_cell_list(w)),
                    stated: v.to_string(),
                    engine: got.to_string(),
                    refuted: check(got == *v, "listed"),
                }
            }
            SummaryClaim::Unchecked(t) => Checked {
                line: *line,
                what: t.clone(),
                stated: String::new(),
                engine: String::new(),
                refuted: None,
            },
        };
        out.push(c);
    }
    for (v, n) in listed {
        let engine = dist.get(&v).copied().unwrap_or(0);
        out.push(Checked {
            line: 0,
            what: format!("the listing of value-{v} boards is complete"),
            stated: n.to_string(),
            engine: engine.to_string(),
            refuted: check(n == engine, "listing"),
        });
    }
    let checked: Vec<&Checked> = out.iter().filter(|c| !c.engine.is_empty()).collect();
    let confirmed = checked.iter().filter(|c| c.refuted.is_none()).count();
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for c in &checked {
        if let Some(k) = c.refuted {
            *kinds.entry(k).or_default() += 1;
        }
    }
    let kinds_text: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    let seconds = start.elapsed().as_secs_f64();
    let summary = format!(
        "| {} | {} | {} | {} | {} | {seconds:.2} |",
        name,
        checked.len(),
        confirmed,
        checked.len() - confirmed,
        if kinds_text.is_empty() {
            "-".into()
        } else {
            kinds_text.join(", ")
        }
    );
    let mut s = format!("# Verification of `{name}`\n\n");
    s.push_str(
        "- layout: the author's printed summary; each number is checked against the engine's values\n",
    );
    s.push_str(&format!(
        "- boards: `{}` ({} rows, {side}x{side}, {walls} walls: {weighting}); every value recomputed by `queensat value` (not taken from the CSV)\n",
        boards_path.display(),
        rows.len()
    ));
    s.push_str(&format!(
        "- made by: `{}` (solver {}, amo {}, count {}, {:.2} s)\n\n",
        super::verify::command_line(),
        a.solver,
        a.amo.name(),
        a.count.name(),
        seconds
    ));
    s.push_str(&format!("{SUMMARY_HEADER}\n{summary}\n\n"));
    s.push_str("| line | claim | stated | engine | verdict |\n|---:|---|---:|---:|---|\n");
    for c in &out {
        let verdict = match (c.engine.is_empty(), c.refuted) {
            (true, _) => "not checked".to_string(),
            (false, None) => "confirmed".to_string(),
            (false, Some(k)) => format!("**refuted** ({k})"),
        };
        let line = if c.line == 0 {
            "-".to_string()
        } else {
            c.line.to_string()
        };
        s.push_str(&format!(
            "| {line} | {} | {} | {} | {verdict} |\n",
            c.what, c.stated, c.engine
        ));
    }
    let dist_text: Vec<String> = dist.iter().map(|(v, n)| format!("value {v}: {n}")).collect();
    s.push_str(&format!(
        "\nEngine distribution over all {total} boards: {}.\n",
        dist_text.join(", ")
    ));
    let any_refuted = confirmed < checked.len();
    match &a.report {
        Some(path) => {
            write_atomic(path, s.as_bytes())?;
            eprintln!("{summary}");
            Ok(0)
        }
        None => {
            print!("{s}");
            Ok(i32::from(any_refuted))
        }
    }
}
