//! `queensat verify`: re-check every claim of a published result file.

use super::Format;
use crate::analysis::{BoardClaim, RefutedKind, ValueOptions, Verdict, verify_claim};
use crate::board::{Board, Coord, Placement, from_bits64, render_cell_list, render_grid};
use crate::encode::{Amo, BaseOptions, CountMode};
use crate::io::{CellSet, ClaimRow, PublishedFile, parse_published, write_atomic};
use crate::solve::Backend;
use anyhow::{Context, bail};
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// What the rows of a file claim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// The value is optimal (and any placement given is legal and of that size).
    #[default]
    Optimal,
    /// As `optimal`, and the optimal placement is unique.
    UniqueOptimum,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// A published result file: boards CSV, puzzle list, or SCIP solutions.
    pub file: PathBuf,
    /// Side of the boards. Default: from a SCIP file's variable names, else from an `NxN`
    /// directory in the path, else 8. Files in the 64-bit layout keep 8 bits per row whatever
    /// the side; a set bit outside the board refutes its row (`off-board`).
    #[arg(long)]
    pub size: Option<usize>,
    /// What each row claims.
    #[arg(long, value_enum, default_value_t = ClaimKind::default())]
    pub claim: ClaimKind,
    /// Write the report (Markdown) to this file and exit 0 even when claims are refuted.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Write every row's verdict, tab-separated, to this file.
    #[arg(long, value_name = "FILE")]
    pub rows: Option<PathBuf>,
    /// For an author's summary (`*W_summary.txt`): the boards CSV whose values it summarises.
    #[arg(long, value_name = "CSV")]
    pub boards: Option<PathBuf>,
    /// How the file is named in the report (default: the path given).
    #[arg(long)]
    pub name: Option<String>,
    #[arg(long, value_enum, default_value_t = Amo::default())]
    pub amo: Amo,
    #[arg(long, value_enum, default_value_t = CountMode::default())]
    pub count: CountMode,
    /// SAT solver.
    #[arg(long, default_value = "varisat")]
    pub solver: Backend,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

/// One checked row.
#[derive(Debug, Serialize)]
pub struct RowResult {
    pub label: String,
    pub line: usize,
    /// The walls as read (cell list), or the raw number when they do not fit the board.
    pub walls: String,
    pub claimed_value: usize,
    pub claimed_placement: Option<Placement>,
    pub verdict: Verdict,
}

/// The verification of one file.
#[derive(Debug, Serialize)]
pub struct FileReport {
    pub file: String,
    pub format: &'static str,
    pub side: usize,
    pub side_from: String,
    pub claim: ClaimKind,
    pub rows: Vec<RowResult>,
    pub confirmed: usize,
    pub refuted: Vec<(RefutedKind, usize)>,
    pub command: String,
    pub solver: String,
    pub amo: &'static str,
    pub count: &'static str,
    pub threads: usize,
    pub host: String,
    pub seconds: f64,
}

pub fn run(a: VerifyArgs) -> anyhow::Result<i32> {
    let start = Instant::now();
    let text =
        std::fs::read_to_string(&a.file).with_context(|| format!("cannot read {}", a.file.display()))?;
    if text.lines().take(5).any(|l| l.trim_start().starts_with("Total ")) {
        return super::verify_summary::run(&a, &text);
    }
    let name = a.name.clone().unwrap_or_else(|| a.file.display().to_string());
    let parsed = parse_published(&name, &text)?;
    let (side, side_from) = board_side(&a, &parsed)?;
    let opts = ValueOptions {
        base: BaseOptions {
            amo: a.amo,
            count: a.count,
        },
        backend: a.solver.clone(),
        ..ValueOptions::default()
    };
    let done = AtomicUsize::new(0);
    let total = parsed.rows.len();
    let rows = parsed
        .rows
        .par_iter()
        .map(|row| {
            let r = check_row(row, side, a.claim, &opts);
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if total >= 10_000 && n.is_multiple_of(10_000) {
                eprintln!("queensat verify: {n}/{total} rows");
            }
            r
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let confirmed = rows.iter().filter(|r| r.verdict.is_confirmed()).count();
    let refuted = RefutedKind::ALL
        .iter()
        .map(|&k| (k, rows.iter().filter(|r| r.verdict.refuted == Some(k)).count()))
        .filter(|&(_, n)| n > 0)
        .collect();
    let report = FileReport {
        file: name,
        format: parsed.format.name(),
        side,
        side_from,
        claim: a.claim,
        rows,
        confirmed,
        refuted,
        command: command_line(),
        solver: a.solver.name().to_string(),
        amo: a.amo.name(),
        count: a.count.name(),
        threads: rayon::current_num_threads(),
        host: host(),
        seconds: start.elapsed().as_secs_f64(),
    };
    let out = match a.format {
        Format::Json => serde_json::to_string(&report)? + "\n",
        Format::Text => markdown(&report),
    };
    if let Some(path) = &a.rows {
        write_atomic(path, rows_tsv(&report).as_bytes())?;
    }
    let any_refuted = report.confirmed < report.rows.len();
    match &a.report {
        Some(path) => {
            write_atomic(path, out.as_bytes())?;
            eprintln!("{}", summary_line(&report));
            Ok(0)
        }
        None => {
            print!("{out}");
            Ok(if any_refuted { 1 } else { 0 })
        }
    }
}

/// The board side and where it came from; a contradiction between sources is an error.
fn board_side(a: &VerifyArgs, parsed: &PublishedFile) -> anyhow::Result<(usize, String)> {
    let from_path = side_in_path(&a.file);
    match (a.size, parsed.named_side) {
        (Some(n), Some(m)) if n != m => {
            bail!("--size {n} contradicts the file's variable names, which cover {m}x{m}")
        }
        (_, Some(m)) => Ok((m, "the SCIP variable names".into())),
        (Some(n), None) => {
            if n > 8 {
                bail!("--size {n}: the 64-bit layout holds boards up to 8x8");
            }
            match from_path {
                Some(m) if m != n => {
                    eprintln!("queensat verify: warning: --size {n} overrides the directory name {m}x{m}");
                    Ok((n, format!("--size (overriding the directory name {m}x{m})")))
                }
                _ => Ok((n, "--size".into())),
            }
        }
        (None, None) => match from_path {
            Some(n) => Ok((n, format!("the directory name {n}x{n}"))),
            None => Ok((8, "the default (8x8, the layout's own size)".into())),
        },
    }
}

/// `N` when a path component is `NxN` with N in 1..=8.
pub(super) fn side_in_path(path: &Path) -> Option<usize> {
    path.components().rev().find_map(|c| {
        let s = c.as_os_str().to_str()?;
        let (a, b) = s.split_once('x')?;
        let n: usize = a.parse().ok()?;
        (a == b && (1..=8).contains(&n)).then_some(n)
    })
}

fn cells(set: &CellSet, side: usize) -> Result<Vec<Coord>, String> {
    match set {
        CellSet::Bits64(bits) => from_bits64(*bits, side, side).map_err(|e| e.to_string()),
        CellSet::Cells(v) => match v.iter().find(|&&(r, c)| r >= side || c >= side) {
            Some(&(r, c)) => Err(format!("cell {r},{c} is off the {side}x{side} board")),
            None => Ok(v.clone()),
        },
    }
}

fn raw(set: &CellSet) -> String {
    match set {
        CellSet::Bits64(b) => b.to_string(),
        CellSet::Cells(v) => render_cell_list(v),
    }
}

fn check_row(row: &ClaimRow, side: usize, kind: ClaimKind, opts: &ValueOptions) -> anyhow::Result<RowResult> {
    let mut result = RowResult {
        label: row.label.clone(),
        line: row.line,
        walls: raw(&row.walls),
        claimed_value: row.value,
        claimed_placement: None,
        verdict: Verdict::refuted(RefutedKind::OffBoard, String::new()),
    };
    let walls = match cells(&row.walls, side) {
        Ok(w) => w,
        Err(e) => {
            result.verdict.reason = format!("walls: {e}");
            return Ok(result);
        }
    };
    result.walls = render_cell_list(&walls);
    let placement = match row.queens.as_ref().map(|q| cells(q, side)).transpose() {
        Ok(p) => p.map(Placement::new),
        Err(e) => {
            result.verdict.reason = format!("queens: {e}");
            return Ok(result);
        }
    };
    result.claimed_placement = placement.clone();
    let board = Board::with_walls(side, side, &walls)?;
    let claim = BoardClaim {
        value: row.value,
        placement,
        walls: row.objective,
        unique: kind == ClaimKind::UniqueOptimum,
    };
    result.verdict = verify_claim(&board, &claim, opts)
        .with_context(|| format!("{} (walls {})", row.label, result.walls))?;
    Ok(result)
}

pub(super) fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    format!("queensat {}", args.join(" "))
}

fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "unknown".into())
}

/// The header of the per-file summary table.
pub const SUMMARY_HEADER: &str =
    "| file | rows | confirmed | refuted | refuted by kind | seconds |\n|---|---:|---:|---:|---|---:|";

/// The file's row of the summary table.
pub fn summary_line(r: &FileReport) -> String {
    let kinds: Vec<String> = r
        .refuted
        .iter()
        .map(|(k, n)| format!("{} {n}", k.name()))
        .collect();
    format!(
        "| {} | {} | {} | {} | {} | {:.2} |",
        r.file,
        r.rows.len(),
        r.confirmed,
        r.rows.len() - r.confirmed,
        if kinds.is_empty() {
            "-".to_string()
        } else {
            kinds.join(", ")
        },
        r.seconds
    )
}

fn markdown(r: &FileReport) -> String {
    let mut s = format!("# Verification of `{}`\n\n", r.file);
    s.push_str(&format!("- layout: {}\n", r.format));
    s.push_str(&format!("- boards: {0}x{0}, side from {1}", r.side, r.side_from));
    if r.format.contains("boards CSV") || r.format.contains("puzzle list") {
        s.push_str("; 64-bit layout with 8 bits per row, cell (r,c) = bit 63-(8r+c)");
    }
    s.push('\n');
    let claim = match r.claim {
        ClaimKind::Optimal => "the value is optimal; a given placement is legal and has that many queens",
        ClaimKind::UniqueOptimum => "the value is optimal and its optimal placement is unique",
    };
    s.push_str(&format!("- claim checked per row: {claim}\n"));
    s.push_str(&format!(
        "- made by: `{}` (solver {}, amo {}, count {}, {} threads, host {}, {:.2} s)\n\n",
        r.command, r.solver, r.amo, r.count, r.threads, r.host, r.seconds
    ));
    s.push_str(SUMMARY_HEADER);
    s.push('\n');
    s.push_str(&summary_line(r));
    s.push_str("\n\n");
    let refuted: Vec<&RowResult> = r.rows.iter().filter(|x| !x.verdict.is_confirmed()).collect();
    if refuted.is_empty() {
        s.push_str("Every claim holds.\n");
        return s;
    }
    s.push_str("## Refuted claims\n\n");
    for row in refuted {
        let v = &row.verdict;
        let place = if row.label == format!("line {}", row.line) {
            row.label.clone()
        } else {
            format!("{} (line {})", row.label, row.line)
        };
        s.push_str(&format!(
            "### {}: walls {}, claimed value {}\n\n",
            place,
            if row.walls.is_empty() { "none" } else { &row.walls },
            row.claimed_value
        ));
        s.push_str(&format!(
            "**{}**: {}\n\n",
            v.refuted.map_or("", |k| k.name()),
            v.reason
        ));
        let board = cells_board(&row.walls, r.side);
        if let (Some(b), Some(p)) = (&board, &row.claimed_placement) {
            s.push_str(&format!(
                "claimed placement ({} queens):\n\n```\n{}```\n\n",
                p.len(),
                render_grid(b, Some(p))
            ));
        }
        let label = match v.refuted {
            Some(RefutedKind::NotOptimal | RefutedKind::NotUnique) => "counter-example",
            _ => "an optimal placement",
        };
        if let (Some(b), Some(p)) = (&board, &v.counterexample) {
            s.push_str(&format!(
                "{label} ({} queens, checked):\n\n```\n{}```\n\n",
                p.len(),
                render_grid(b, Some(p))
            ));
        }
    }
    s
}

/// The board of a row whose walls were read (a cell list), for drawing.
fn cells_board(walls: &str, side: usize) -> Option<Board> {
    let cells = crate::board::parse_cell_list(walls).ok()?;
    Board::with_walls(side, side, &cells).ok()
}

fn rows_tsv(r: &FileReport) -> String {
    let mut s = String::from("row\tclaimed\tverdict\tevidence\ttrue_value\n");
    for row in &r.rows {
        let v = &row.verdict;
        s.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            row.label,
            row.claimed_value,
            if v.is_confirmed() { "confirmed" } else { "refuted" },
            v.evidence,
            v.true_value.map_or(String::new(), |t| t.to_string())
        ));
    }
    s
}
