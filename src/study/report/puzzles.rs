//! The result files of a puzzle search: JSON, CSV, the Markdown summary, the comparison with a
//! published list, and the data of the page to play them.

use crate::board::{render_cell_list, render_grid};
use crate::io::plural;
use crate::run::Provenance;
use crate::study::puzzles::{Comparison, Puzzle, PuzzleReport};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// `{"command", "date", "host", key: what}`: a result with how it was made, as JSON.
fn with_provenance(prov: &Provenance, key: &str, what: impl Serialize) -> anyhow::Result<String> {
    let mut v = serde_json::to_value(prov)?;
    v[key] = serde_json::to_value(what)?;
    Ok(serde_json::to_string(&v)?)
}

/// What the page needs of each puzzle.
pub fn page_data(puzzles: &[Puzzle]) -> Vec<serde_json::Value> {
    puzzles
        .iter()
        .map(|p| {
            serde_json::json!({
                "rows": p.rows,
                "cols": p.cols,
                "walls": p.walls,
                "value": p.value,
                "solution": p.solution,
                "orbit": p.orbit,
                "near_solutions": p.near_solutions,
                "stabiliser": p.stabiliser,
                "strictly_minimal": p.strictly_minimal,
                "proof_seconds": p.proof_seconds,
            })
        })
        .collect()
}

/// The files of a puzzle run in `dir` (`puzzles.json`, `.csv`, `summary.md`, and the
/// comparison files when there is one), for [`write_all_atomic`](crate::io::write_all_atomic).
pub fn puzzle_files(
    dir: &Path,
    report: &PuzzleReport,
    comparison: Option<&Comparison>,
    compare_path: Option<&Path>,
    prov: &Provenance,
) -> anyhow::Result<Vec<(PathBuf, Vec<u8>)>> {
    let mut files = vec![
        (
            dir.join("puzzles.json"),
            with_provenance(prov, "report", report)?.into_bytes(),
        ),
        (dir.join("puzzles.csv"), csv(report).into_bytes()),
        (
            dir.join("summary.md"),
            puzzle_summary(report, prov, false).into_bytes(),
        ),
    ];
    if let Some(c) = comparison {
        files.push((
            dir.join("comparison.md"),
            comparison_text(c, compare_path, prov, true).into_bytes(),
        ));
        files.push((
            dir.join("comparison.json"),
            with_provenance(prov, "comparison", c)?.into_bytes(),
        ));
        files.push((dir.join("comparison.csv"), comparison_csv(c).into_bytes()));
    }
    Ok(files)
}

fn csv(report: &PuzzleReport) -> String {
    let mut s = String::from(
        "walls,value,wall_cells,bits,solution,orbit,stabiliser,strictly_minimal,near_solutions,proof_seconds\n",
    );
    for p in &report.puzzles {
        let _ = writeln!(
            s,
            "{},{},\"{}\",{},\"{}\",{},{},{},{},{:.6}",
            p.k(),
            p.value,
            render_cell_list(&p.walls),
            p.bits.map(|b| b.to_string()).unwrap_or_default(),
            render_cell_list(p.solution.queens()),
            p.orbit,
            p.stabiliser,
            p.strictly_minimal,
            p.near_solutions,
            p.proof_seconds
        );
    }
    s
}

/// Every published entry with its verdict, then every puzzle of ours the list lacks.
fn comparison_csv(c: &Comparison) -> String {
    let mut s = String::from("source,index,walls,value,wall_cells,bits,verdict,detail\n");
    for e in &c.entries {
        let _ = writeln!(
            s,
            "published,{},{},{},\"{}\",{},{},\"{}\"",
            e.index,
            e.walls.len(),
            e.claimed_value,
            render_cell_list(&e.walls),
            e.bits,
            e.verdict,
            e.detail.replace('"', "'")
        );
    }
    for (i, p) in c.missing_from_list.iter().enumerate() {
        let _ = writeln!(
            s,
            "ours,{},{},{},\"{}\",{},missing-from-list,",
            i + 1,
            p.k(),
            p.value,
            render_cell_list(&p.walls),
            p.bits.map(|b| b.to_string()).unwrap_or_default()
        );
    }
    s
}

fn puzzle_text(p: &Puzzle) -> String {
    let mut s = format!(
        "{}, value {}: walls {}{}\n",
        plural(p.k(), "wall", "walls"),
        p.value,
        render_cell_list(&p.walls),
        p.bits.map(|b| format!(" (bits {b})")).unwrap_or_default()
    );
    let _ = writeln!(
        s,
        "  unique solution {}; class of {}; {}; {} of {}; proof {:.6} s",
        render_cell_list(p.solution.queens()),
        plural(p.orbit, "board", "boards"),
        if p.strictly_minimal {
            "strictly minimal"
        } else {
            "minimal (a subset has the same value, no unique optimum)"
        },
        plural(p.near_solutions, "placement", "placements"),
        plural(p.value.saturating_sub(1), "queen", "queens"),
        p.proof_seconds
    );
    s
}

/// Counts per walls and value, the hardest puzzles, and (if asked) every puzzle.
pub fn puzzle_summary(r: &PuzzleReport, prov: &Provenance, all: bool) -> String {
    let mut s = format!("# Interesting puzzles, {}x{} boards\n\n", r.rows, r.cols);
    let _ = writeln!(s, "- command: `{}`", prov.command);
    let _ = writeln!(s, "- made: {} on {}", prov.date, prov.host);
    if r.engine == crate::study::sweep::Engine::Tree {
        let _ = writeln!(
            s,
            "- engine tree: values and uniqueness proved by branch-and-bound search trees that the checker replays, no solver; {:.1} s in all",
            r.seconds
        );
    } else {
        let _ = writeln!(
            s,
            "- engine {}: solver {}, amo {}, count {}; {:.1} s in all",
            r.engine.name(),
            r.solver,
            r.amo,
            r.count,
            r.seconds
        );
    }
    let _ = writeln!(
        s,
        "- walls {}..{}, min value {}, limit {}\n",
        r.walls_min,
        r.walls_max,
        r.min_value,
        r.limit.map(|l| l.to_string()).unwrap_or_else(|| "none".into())
    );
    if let Some(why) = &r.interrupted {
        let _ = writeln!(
            s,
            "**Stopped early, {why}: the puzzles found before it, not all of them.**\n"
        );
    }
    let _ = writeln!(s, "Definition: {}\n", r.definition);
    s.push_str("| walls | value | classes | boards | contain a puzzle | not unique | puzzles |\n");
    s.push_str("|---:|---:|---:|---:|---:|---:|---:|\n");
    for l in &r.levels {
        for (v, c) in &l.by_value {
            let _ = writeln!(
                s,
                "| {} | {v} | {} | {} | {} | {} | **{}** |",
                l.walls, c.classes, c.boards, c.contain_a_puzzle, c.not_unique, c.puzzles
            );
        }
    }
    s.push('\n');
    s.push_str("| walls | classes | below min value | refuted without solver | uniqueness queries | puzzles | complete | seconds |\n");
    s.push_str("|---:|---:|---:|---:|---:|---:|:---:|---:|\n");
    for l in &r.levels {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {:.1} |",
            l.walls,
            l.classes,
            l.below_min_value,
            l.refuted_without_solver,
            l.uniqueness_queries,
            l.by_value.values().map(|c| c.puzzles).sum::<usize>(),
            match (l.complete, &r.interrupted) {
                (true, _) => "yes".to_string(),
                (false, Some(why)) => format!("no, {why}"),
                (false, None) => "no (limit)".to_string(),
            },
            l.seconds
        );
    }
    let _ = writeln!(s, "\n{} in all.\n", plural(r.puzzles.len(), "puzzle", "puzzles"));
    let mut ranked: Vec<&Puzzle> = r.puzzles.iter().collect();
    ranked.sort_by(|a, b| {
        b.near_solutions
            .cmp(&a.near_solutions)
            .then(b.value.cmp(&a.value))
    });
    if !ranked.is_empty() {
        s.push_str("## Hardest by near misses (placements of value − 1 queens)\n\n");
        for p in ranked.iter().take(5) {
            s.push_str("```\n");
            s.push_str(&puzzle_text(p));
            s.push_str(&render_grid(&p.board(), Some(&p.solution)));
            s.push_str("```\n");
        }
    }
    if !all {
        s.push_str("\nEvery puzzle, with its solution and difficulty signals: puzzles.csv, puzzles.json.\n");
    } else {
        s.push_str("\n## Every puzzle\n\n```\n");
        for p in &r.puzzles {
            s.push_str(&puzzle_text(p));
        }
        s.push_str("```\n");
    }
    s
}

pub fn comparison_text(c: &Comparison, path: Option<&Path>, prov: &Provenance, full: bool) -> String {
    let mut s = String::from("# The published puzzle list against ours\n\n");
    let _ = writeln!(
        s,
        "- list: `{}` ({} entries)",
        path.map(|p| p.display().to_string()).unwrap_or_default(),
        c.entries.len()
    );
    let _ = writeln!(s, "- command: `{}`", prov.command);
    let _ = writeln!(s, "- made: {} on {}\n", prov.date, prov.host);
    s.push_str("| verdict | entries |\n|---|---:|\n");
    for (v, n) in &c.verdicts {
        let _ = writeln!(s, "| {v} | {n} |");
    }
    s.push_str("\n| walls | distinct classes in the list | our puzzles | ours missing from the list |\n|---:|---:|---:|---:|\n");
    let ks: std::collections::BTreeSet<usize> = c
        .published_by_walls
        .keys()
        .chain(c.ours_by_walls.keys())
        .copied()
        .collect();
    for k in ks {
        let _ = writeln!(
            s,
            "| {k} | {} | {} | {} |",
            c.published_by_walls.get(&k).copied().unwrap_or(0),
            c.ours_by_walls.get(&k).copied().unwrap_or(0),
            c.missing_from_list.iter().filter(|p| p.k() == k).count()
        );
    }
    // By walls and value: entries of the list (distinct classes, claimed value) and ours.
    let mut by_kv: std::collections::BTreeMap<(usize, usize), [usize; 3]> = Default::default();
    for e in c
        .entries
        .iter()
        .filter(|e| e.verdict != "duplicate" && e.verdict != "malformed")
    {
        by_kv.entry((e.walls.len(), e.claimed_value)).or_default()[0] += 1;
    }
    for (k, n) in &c.ours_by_walls_value {
        by_kv.entry(*k).or_default()[1] += n;
    }
    for p in &c.missing_from_list {
        by_kv.entry((p.k(), p.value)).or_default()[2] += 1;
    }
    s.push_str("\n| walls | value | in the list | our puzzles | ours missing from the list |\n|---:|---:|---:|---:|---:|\n");
    for ((k, v), [a, b, m]) in &by_kv {
        let _ = writeln!(s, "| {k} | {v} | {a} | {b} | {m} |");
    }
    s.push_str("\n## Entries we do not confirm\n\n");
    if c.entries.iter().all(|e| e.verdict == "confirmed") {
        s.push_str("None: every entry is one of our puzzles, with the same value.\n");
    }
    let limit = if full { usize::MAX } else { 10 };
    let missing_limit = if full { 20 } else { 10 };
    let failing: Vec<_> = c.entries.iter().filter(|e| e.verdict != "confirmed").collect();
    for e in failing.iter().take(limit) {
        let _ = writeln!(
            s,
            "- entry {} (line {}), bits {}, walls {}, claimed value {}: **{}**. {}",
            e.index,
            e.line,
            e.bits,
            render_cell_list(&e.walls),
            e.claimed_value,
            e.verdict,
            e.detail
        );
    }
    if failing.len() > limit {
        let _ = writeln!(
            s,
            "- … {} more: every one is in comparison.md",
            failing.len() - limit
        );
    }
    s.push_str("\n## Our puzzles missing from the list\n\n```\n");
    for p in c.missing_from_list.iter().take(missing_limit) {
        s.push_str(&puzzle_text(p));
    }
    if c.missing_from_list.len() > missing_limit {
        let _ = writeln!(
            s,
            "… {} more: every one is in comparison.csv",
            c.missing_from_list.len() - missing_limit
        );
    }
    s.push_str("```\n");
    s
}
