//! `queensat puzzles`: interesting puzzles, their counts, the comparison with the published
//! list, and a page to play them.

use super::Format;
use crate::analysis::puzzles::{
    Comparison, Puzzle, PuzzleOptions, PuzzleReport, compare_published, find_puzzles,
};
use crate::analysis::{Search, ValueOptions};
use crate::board::{Board, render_cell_list, render_grid};
use crate::check::check_placement;
use crate::encode::{Amo, BaseOptions, CountMode};
use crate::io::{PublishedFormat, parse_published_as, puzzle_page, write_atomic};
use crate::solve::Backend;
use anyhow::Context;
use clap::Args;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// Side of a square board.
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    pub size: Option<usize>,
    /// Rows of a rectangular board (with --cols).
    #[arg(long, requires = "cols")]
    pub rows: Option<usize>,
    /// Columns of a rectangular board (with --rows).
    #[arg(long, requires = "rows")]
    pub cols: Option<usize>,
    /// Numbers of walls to report: `K` or `A..B` (inclusive).
    #[arg(long, default_value = "2..4", value_name = "RANGE")]
    pub walls: String,
    /// Report only puzzles of at least this value; boards whose upper bound is lower are
    /// not solved.
    #[arg(long, default_value_t = 0)]
    pub min_value: usize,
    /// Stop after this many puzzles.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Write puzzles.json, puzzles.csv and summary.md (and the comparison) into DIR.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Write a self-contained page to play the puzzles.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Compare with a published list `[[walls, value], ...]` (64-bit layout).
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
    /// At-most-one encoding for each segment.
    #[arg(long, value_enum, default_value_t = Amo::default())]
    pub amo: Amo,
    /// What the cardinality totalisers count.
    #[arg(long, value_enum, default_value_t = CountMode::default())]
    pub count: CountMode,
    /// How the value search moves between the bounds.
    #[arg(long, value_enum, default_value_t = Search::default())]
    pub search: Search,
    /// SAT solver.
    #[arg(long, default_value = "varisat")]
    pub solver: Backend,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

/// `K` or `A..B` / `A..=B`.
fn parse_range(s: &str) -> anyhow::Result<(usize, usize)> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| anyhow::anyhow!("--walls: {t:?} is not a whole number (want K or A..B)"))
    };
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.strip_prefix('=').unwrap_or(b))?),
        None => (num(s)?, num(s)?),
    };
    anyhow::ensure!(a <= b, "--walls: empty range {s:?}");
    Ok((a, b))
}

pub fn run(a: PuzzlesArgs) -> anyhow::Result<i32> {
    let (rows, cols) = match (a.size, a.rows, a.cols) {
        (Some(n), None, None) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        _ => anyhow::bail!("no board size given: pass --size N, or --rows R --cols C"),
    };
    Board::new(rows, cols)?;
    let (kmin, kmax) = parse_range(&a.walls)?;
    // Read the published list first: a bad file should fail before a long run.
    let published = match &a.compare {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
            Some(parse_published_as(
                &path.display().to_string(),
                &text,
                PublishedFormat::PuzzleList,
            )?)
        }
        None => None,
    };
    let value = ValueOptions {
        base: BaseOptions {
            amo: a.amo,
            count: a.count,
        },
        search: a.search,
        backend: a.solver.clone(),
    };
    let opts = PuzzleOptions {
        rows,
        cols,
        walls: kmin..=kmax,
        min_value: a.min_value,
        limit: a.limit,
        value: value.clone(),
        progress: !a.quiet,
    };
    let mut report = find_puzzles(&opts)?;
    report
        .puzzles
        .sort_by(|x, y| (x.k(), x.value, x.bits, &x.walls).cmp(&(y.k(), y.value, y.bits, &y.walls)));
    // Every placement printed below is re-checked here, apart from the engine.
    for p in &report.puzzles {
        if let Err(e) = check_placement(&p.board(), &p.solution) {
            anyhow::bail!(
                "internal error: puzzle {:?} solution fails the checker: {e}",
                p.walls
            );
        }
    }
    let comparison = match &published {
        Some(list) => Some(compare_published(list, &report, &value)?),
        None => None,
    };
    let prov = provenance();
    if let Some(dir) = &a.out {
        write_outputs(dir, &report, comparison.as_ref(), a.compare.as_deref(), &prov)?;
    }
    if let Some(file) = &a.html {
        let data = serde_json::to_string(&page_data(&report.puzzles))?;
        let title = format!(
            "queensat puzzles: {rows}x{cols}, {} walls",
            if kmin == kmax {
                kmin.to_string()
            } else {
                format!("{kmin}-{kmax}")
            }
        );
        write_atomic(file, puzzle_page(&title, &data).as_bytes())?;
    }
    match a.format {
        Format::Json => println!("{}", serde_json::to_string(&report)?),
        Format::Text => {
            print!("{}", summary(&report, &prov, a.out.is_none()));
            if let Some(c) = &comparison {
                print!("{}", comparison_text(c, a.compare.as_deref(), &prov, false));
            }
        }
    }
    Ok(0)
}

/// What the page needs of each puzzle.
fn page_data(puzzles: &[Puzzle]) -> Vec<serde_json::Value> {
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
            })
        })
        .collect()
}

/// How a result file was made.
struct Provenance {
    command: String,
    date: String,
    host: String,
}

fn provenance() -> Provenance {
    let command = std::env::args()
        .enumerate()
        .map(|(i, s)| if i == 0 { "queensat".to_string() } else { s })
        .collect::<Vec<_>>()
        .join(" ");
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown cpu".into());
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    Provenance {
        command,
        date: utc_date(secs),
        host: format!("{cpu}, {threads} threads"),
    }
}

/// `YYYY-MM-DD HH:MM UTC` from Unix seconds (civil-from-days, proleptic Gregorian).
fn utc_date(secs: u64) -> String {
    let days = (secs / 86400) as i64;
    let rem = secs % 86400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

fn write_outputs(
    dir: &Path,
    report: &PuzzleReport,
    comparison: Option<&Comparison>,
    compare_path: Option<&Path>,
    prov: &Provenance,
) -> anyhow::Result<()> {
    let json = serde_json::json!({
        "command": prov.command,
        "date": prov.date,
        "host": prov.host,
        "report": report,
    });
    write_atomic(
        &dir.join("puzzles.json"),
        serde_json::to_string(&json)?.as_bytes(),
    )?;
    write_atomic(&dir.join("puzzles.csv"), csv(report).as_bytes())?;
    write_atomic(&dir.join("summary.md"), summary(report, prov, false).as_bytes())?;
    if let Some(c) = comparison {
        write_atomic(
            &dir.join("comparison.md"),
            comparison_text(c, compare_path, prov, true).as_bytes(),
        )?;
        let json = serde_json::json!({
            "command": prov.command,
            "date": prov.date,
            "host": prov.host,
            "comparison": c,
        });
        write_atomic(
            &dir.join("comparison.json"),
            serde_json::to_string(&json)?.as_bytes(),
        )?;
        write_atomic(&dir.join("comparison.csv"), comparison_csv(c).as_bytes())?;
    }
    Ok(())
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
        "{} walls, value {}: walls {}{}\n",
        p.k(),
        p.value,
        render_cell_list(&p.walls),
        p.bits.map(|b| format!(" (bits {b})")).unwrap_or_default()
    );
    let _ = writeln!(
        s,
        "  unique solution {}; class of {} boards; {}; {} placements of {} queens; proof {:.4} s",
        render_cell_list(p.solution.queens()),
        p.orbit,
        if p.strictly_minimal {
            "strictly minimal"
        } else {
            "minimal (a subset has the same value, no unique optimum)"
        },
        p.near_solutions,
        p.value.saturating_sub(1),
        p.proof_seconds
    );
    s
}

/// Counts per walls and value, the hardest puzzles, and (if asked) every puzzle.
fn summary(r: &PuzzleReport, prov: &Provenance, all: bool) -> String {
    let mut s = format!("# Interesting puzzles, {}x{} boards\n\n", r.rows, r.cols);
    let _ = writeln!(s, "- command: `{}`", prov.command);
    let _ = writeln!(s, "- made: {} on {}", prov.date, prov.host);
    let _ = writeln!(
        s,
        "- solver {}, amo {}, count {}; {:.1} s in all",
        r.solver, r.amo, r.count, r.seconds
    );
    let _ = writeln!(
        s,
        "- walls {}..{}, min value {}, limit {}\n",
        r.walls_min,
        r.walls_max,
        r.min_value,
        r.limit.map(|l| l.to_string()).unwrap_or_else(|| "none".into())
    );
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
            if l.complete { "yes" } else { "no (limit)" },
            l.seconds
        );
    }
    let _ = writeln!(s, "\n{} puzzles in all.\n", r.puzzles.len());
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

fn comparison_text(c: &Comparison, path: Option<&Path>, prov: &Provenance, full: bool) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_dates() {
        assert_eq!(parse_range("2..4").unwrap(), (2, 4));
        assert_eq!(parse_range("2..=4").unwrap(), (2, 4));
        assert_eq!(parse_range("5").unwrap(), (5, 5));
        assert!(parse_range("4..2").is_err());
        assert!(parse_range("x").is_err());
        assert_eq!(utc_date(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_date(951_782_400 + 3600), "2000-02-29 01:00 UTC");
    }
}
