//! The reports of a verification: Markdown with every refuted row drawn, the one-line summary
//! row shared by all files, and every row's verdict as TSV.

use super::claim::RefutedKind;
use super::file::{ClaimKind, FileReport, RowResult};
use super::run_info::RunInfo;
use super::summary::SummaryReport;
use crate::board::{Board, parse_cell_list, render_grid};

/// The header of the per-file summary table.
pub const SUMMARY_HEADER: &str =
    "| file | rows | confirmed | refuted | refuted by kind | seconds |\n|---|---:|---:|---:|---|---:|";

/// A row of the summary table: `kinds` names each refutation kind with its count.
fn table_line(file: &str, rows: usize, confirmed: usize, kinds: Vec<String>, seconds: f64) -> String {
    format!(
        "| {file} | {rows} | {confirmed} | {} | {} | {seconds:.2} |",
        rows - confirmed,
        if kinds.is_empty() {
            "-".to_string()
        } else {
            kinds.join(", ")
        }
    )
}

/// The file's row of the summary table.
pub fn file_line(r: &FileReport) -> String {
    let kinds = r
        .refuted
        .iter()
        .map(|(k, n)| format!("{} {n}", k.name()))
        .collect();
    table_line(&r.file, r.rows.len(), r.confirmed, kinds, r.run.seconds)
}

/// The summary's row of the summary table (its rows are its checked lines).
pub fn summary_line(r: &SummaryReport) -> String {
    let kinds = r.kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    table_line(&r.file, r.checked, r.confirmed, kinds, r.run.seconds)
}

/// The report's provenance line: the command, the options and threads it ran with, its CPU
/// time, when and where.
fn made_by(run: &RunInfo) -> String {
    format!(
        "- made by: `{}` (solver {}, amo {}, counter {}, {} threads, {:.2} CPU s) on {}; host: {}\n\n",
        run.provenance.command,
        run.solver,
        run.amo,
        run.count,
        run.threads,
        run.seconds,
        run.provenance.date,
        run.provenance.host
    )
}

/// The report of a file: how it was read and checked, then every refuted row with its boards.
pub fn file_markdown(r: &FileReport) -> String {
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
    s.push_str(&made_by(&r.run));
    if r.unchecked > 0 {
        s.push_str(&format!(
            "- proof: {}: {} of the {} verdicts rest on the external solver's UNSAT answers \
             (--certify checks them)\n\n",
            crate::solve::UNCHECKED_UNSAT,
            r.unchecked,
            r.rows.len()
        ));
    }
    if let Some((line, earlier)) = r.repeated_boards.first() {
        s.push_str(&format!(
            "- repeats: {} of the {} rows give the walls of an earlier row (the first: line {line} \
             repeats line {earlier}); each row is checked as a claim of its own, and the file \
             names at most {} distinct boards\n\n",
            r.repeated_boards.len(),
            r.rows.len(),
            r.rows.len() - r.repeated_boards.len()
        ));
    }
    s.push_str(&format!("{SUMMARY_HEADER}\n{}\n\n", file_line(r)));
    let refuted: Vec<&RowResult> = r.rows.iter().filter(|x| !x.verdict.is_confirmed()).collect();
    if refuted.is_empty() {
        s.push_str("Every claim holds.\n");
        return s;
    }
    s.push_str("## Refuted claims\n\n");
    for row in refuted {
        refuted_row(&mut s, row, r.side);
    }
    s
}

/// One refuted row: the claim, the reason, the claimed placement and the counter-example.
fn refuted_row(s: &mut String, row: &RowResult, side: usize) {
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
    // The walls were read as a cell list unless the row is off the board.
    let board = parse_cell_list(&row.walls)
        .ok()
        .and_then(|cells| Board::with_walls(side, side, &cells).ok());
    let Some(b) = &board else { return };
    if let Some(p) = &row.claimed_placement {
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
    if let Some(p) = &v.counterexample {
        s.push_str(&format!(
            "{label} ({} queens, checked):\n\n```\n{}```\n\n",
            p.len(),
            render_grid(b, Some(p))
        ));
    }
}

/// Every row's verdict, tab-separated.
pub fn rows_tsv(r: &FileReport) -> String {
    let mut s = String::from("row\tclaimed\tverdict\tevidence\ttrue_value\n");
    for row in &r.rows {
        let v = &row.verdict;
        s.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            row.label,
            row.claimed_value,
            if v.is_confirmed() { "confirmed" } else { "refuted" },
            if v.certified {
                v.evidence.to_string()
            } else {
                format!("{} ({})", v.evidence, crate::solve::UNCHECKED_UNSAT)
            },
            v.true_value.map_or(String::new(), |t| t.to_string())
        ));
    }
    s
}

/// The report of a summary: every line with what it states and what the engine finds.
pub fn summary_markdown(r: &SummaryReport) -> String {
    let side = r.side;
    let mut s = format!("# Verification of `{}`\n\n", r.file);
    s.push_str(
        "- layout: the author's printed summary; each number is checked against the engine's values\n",
    );
    s.push_str(&format!(
        "- boards: `{}` ({}, {side}x{side}, {}: {}); every value recomputed by `queensat value` (not taken from the CSV)\n",
        r.boards,
        crate::io::plural(r.board_rows, "row", "rows"),
        crate::io::plural(r.walls, "wall", "walls"),
        r.weighting
    ));
    s.push_str(&made_by(&r.run));
    if !r.certified {
        s.push_str(&format!(
            "- proof: {}: the engine's values rest on the external solver's UNSAT answers \
             (--certify checks them)\n\n",
            crate::solve::UNCHECKED_UNSAT
        ));
    }
    s.push_str(&format!("{SUMMARY_HEADER}\n{}\n\n", summary_line(r)));
    s.push_str("| line | claim | stated | engine | verdict |\n|---:|---|---:|---:|---|\n");
    for c in &r.lines {
        let verdict = match (c.is_checked(), c.refuted) {
            (false, _) => "not checked".to_string(),
            (true, None) => "confirmed".to_string(),
            (true, Some(k)) => format!("**refuted** ({k})"),
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
    let dist: Vec<String> = r
        .distribution
        .iter()
        .map(|(v, n)| format!("value {v}: {n}"))
        .collect();
    s.push_str(&format!(
        "\nEngine distribution over all {} boards: {}.\n",
        r.total,
        dist.join(", ")
    ));
    s
}
