//! `queensat armies`: peaceable queen armies on one board or a table of board sizes.

use super::{BoardArgs, Format};
use crate::analysis::{ArmyOptions, ArmyReport, largest_armies};
use crate::board::Board;
use crate::encode::ArmyEncoding;
use crate::io::write_atomic;
use crate::solve::Backend;
use anyhow::{Context, bail};
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Args, Debug)]
pub struct ArmiesArgs {
    /// A board as an ASCII grid file (`.` free, `#` wall, `x` hole); `-` for stdin.
    pub file: Option<PathBuf>,
    /// Side of a square board, or a range `A..B` of sides (inclusive).
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    pub size: Option<String>,
    /// Rows, or a range `A..B` (with --cols).
    #[arg(long, requires = "cols")]
    pub rows: Option<String>,
    /// Columns, or a range `A..B` (with --rows).
    #[arg(long, requires = "rows")]
    pub cols: Option<String>,
    /// Walls as "r,c r,c ..." (single board only).
    #[arg(long, value_name = "CELLS")]
    pub walls: Option<String>,
    /// Holes as "r,c ..." or `diagonals` (single board only).
    #[arg(long, value_name = "CELLS")]
    pub holes: Option<String>,
    /// Also list every optimal position up to symmetry and colour swap.
    #[arg(long)]
    pub unique: bool,
    /// One row per board size (m, classes, proof, times), as a Markdown table.
    #[arg(long)]
    pub table: bool,
    /// In a table, also count the optimal positions (and confirm none of m + 1) by the
    /// independent brute-force search of `check::brute_positions` (exponential; small boards).
    #[arg(long)]
    pub brute: bool,
    /// In a table, find m only (no enumeration of the optimal classes).
    #[arg(long)]
    pub no_count: bool,
    /// Stop an enumeration after this many seconds (between solver calls); the count is then
    /// reported as a lower bound.
    #[arg(long, value_name = "SECONDS")]
    pub count_seconds: Option<f64>,
    /// Directory of finished boards (one JSON file per size): read to resume, written as each
    /// board finishes.
    #[arg(long, value_name = "DIR")]
    pub cache: Option<PathBuf>,
    /// With --table and --cache: compute nothing, report sizes missing from the cache.
    #[arg(long, requires = "cache")]
    pub cached_only: bool,
    /// Do only the sizes `i, i+k, i+2k, ...` of the list (`i/k`), to split a table over runs.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<String>,
    /// Write the table or report here (whole or not at all) instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = ArmyEncoding::default())]
    pub encoding: ArmyEncoding,
    /// Leave out the lex-leader constraints for the board's symmetries and the colour swap.
    #[arg(long)]
    pub no_symmetry_breaking: bool,
    #[arg(long, default_value = "varisat")]
    pub solver: Backend,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

/// `N` or `A..B` (inclusive), each side within `1..=MAX_SIDE`.
pub(super) fn parse_range(what: &str, s: &str) -> anyhow::Result<Vec<usize>> {
    let num = |t: &str| -> anyhow::Result<usize> {
        t.trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("{what}: {t:?} is not a whole number"))
    };
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.trim_start_matches('='))?),
        None => (num(s)?, num(s)?),
    };
    if a == 0 || b > crate::board::MAX_SIDE || a > b {
        bail!(
            "{what}: {s:?} must be a side or range within 1..{}",
            crate::board::MAX_SIDE
        );
    }
    Ok((a..=b).collect())
}

fn parse_shard(s: &str) -> anyhow::Result<(usize, usize)> {
    let bad = || anyhow::anyhow!("--shard: {s:?} is not I/K with 0 <= I < K");
    let (i, k) = s.split_once('/').ok_or_else(bad)?;
    let (i, k): (usize, usize) = (
        i.trim().parse().map_err(|_| bad())?,
        k.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || i >= k {
        return Err(bad());
    }
    Ok((i, k))
}

fn sizes(a: &ArmiesArgs) -> anyhow::Result<Vec<(usize, usize)>> {
    Ok(match (&a.size, &a.rows, &a.cols) {
        (Some(s), ..) => parse_range("--size", s)?.into_iter().map(|n| (n, n)).collect(),
        (None, Some(r), Some(c)) => {
            let cols = parse_range("--cols", c)?;
            parse_range("--rows", r)?
                .into_iter()
                .flat_map(|r| cols.iter().map(move |&c| (r, c)))
                .collect()
        }
        _ => Vec::new(),
    })
}

pub fn run(a: ArmiesArgs) -> anyhow::Result<i32> {
    let opts = ArmyOptions {
        encoding: a.encoding,
        backend: a.solver.clone(),
        unique: a.unique || (a.table && !a.no_count),
        count_limit: a.count_seconds.map(Duration::from_secs_f64),
        symmetry_breaking: !a.no_symmetry_breaking,
    };
    let sizes = sizes(&a)?;
    if a.table {
        if a.file.is_some() || a.walls.is_some() || a.holes.is_some() {
            bail!("--table takes board sizes only (no grid file, walls or holes)");
        }
        if sizes.is_empty() {
            bail!("--table needs --size or --rows/--cols");
        }
        return table(&a, &opts, &sizes);
    }
    if sizes.len() > 1 {
        bail!("a range of sizes needs --table");
    }
    let single = |v: Option<&String>| sizes.first().filter(|_| v.is_some());
    let board_args = BoardArgs {
        file: a.file.clone(),
        size: single(a.size.as_ref()).map(|s| s.0),
        rows: single(a.rows.as_ref()).map(|s| s.0),
        cols: single(a.cols.as_ref()).map(|s| s.1),
        walls: a.walls.clone(),
        holes: a.holes.clone(),
        bits: None,
    };
    let (board, _) = board_args.load()?;
    let report = solve_cached(&board, &opts, a.cache.as_deref(), false)?.expect("computing is allowed");
    let out = match a.format {
        Format::Json => serde_json::to_string(&report)? + "\n",
        Format::Text => text(&report),
    };
    emit(a.output.as_deref(), &out)?;
    Ok(0)
}

fn emit(output: Option<&Path>, text: &str) -> anyhow::Result<()> {
    match output {
        Some(p) => write_atomic(p, text.as_bytes()),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

fn cache_file(dir: &Path, board: &Board) -> PathBuf {
    dir.join(format!("{}x{}.json", board.rows(), board.cols()))
}

/// A cached report if it answers the question (same board, encoding, and classes if asked),
/// else a fresh one (written to the cache), or `None` when only the cache may be read.
fn solve_cached(
    board: &Board,
    opts: &ArmyOptions,
    cache: Option<&Path>,
    cached_only: bool,
) -> anyhow::Result<Option<ArmyReport>> {
    let empty = board.walls().is_empty() && board.holes().is_empty();
    if let Some(dir) = cache.filter(|_| empty) {
        let path = cache_file(dir, board);
        if let Ok(text) = std::fs::read_to_string(&path) {
            let r: ArmyReport = serde_json::from_str(&text)
                .with_context(|| format!("{}: not an armies report", path.display()))?;
            let counted = r.classes.as_ref().is_some_and(|c| c.complete) || r.m == 0;
            if r.board == *board
                && r.encoding == opts.encoding.name()
                && r.symmetry_breaking == opts.symmetry_breaking
                && (counted || !opts.unique)
            {
                return Ok(Some(r));
            }
        }
    }
    if cached_only {
        return Ok(None);
    }
    let r = largest_armies(board, opts)?;
    if let Some(dir) = cache.filter(|_| empty) {
        write_atomic(
            &cache_file(dir, board),
            (serde_json::to_string_pretty(&r)? + "\n").as_bytes(),
        )?;
    }
    Ok(Some(r))
}

fn table(a: &ArmiesArgs, opts: &ArmyOptions, sizes: &[(usize, usize)]) -> anyhow::Result<i32> {
    let shard = a.shard.as_deref().map(parse_shard).transpose()?;
    let mut rows = Vec::new();
    for (i, &(r, c)) in sizes.iter().enumerate() {
        if shard.is_some_and(|(s, k)| i % k != s) {
            continue;
        }
        let board = Board::new(r, c)?;
        eprint!("queensat armies: {r}x{c} ... ");
        let rep = solve_cached(&board, opts, a.cache.as_deref(), a.cached_only)?;
        match &rep {
            Some(rep) => eprintln!("m = {} ({:.2} s)", rep.m, rep.seconds),
            None => eprintln!("not in the cache"),
        }
        let brute = match &rep {
            Some(rep) if a.brute => {
                let t = std::time::Instant::now();
                let at_m = crate::check::brute_positions(&board, rep.m);
                let beyond = crate::check::brute_positions(&board, rep.m + 1);
                eprintln!(
                    "  brute force: {at_m} positions of {}, {beyond} of {} ({:.2} s)",
                    rep.m,
                    rep.m + 1,
                    t.elapsed().as_secs_f64()
                );
                Some((at_m, beyond))
            }
            _ => None,
        };
        rows.push(((r, c), rep, brute));
    }
    let mut s = String::new();
    let brute_head = if a.brute {
        " brute force: positions at m / at m+1 |"
    } else {
        ""
    };
    s.push_str(&format!("| rows | cols | m | classes | positions | proof of m | vars | clauses | s (m) | s (classes) |{brute_head}\n"));
    s.push_str(&format!(
        "|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|{}\n",
        if a.brute { "---:|" } else { "" }
    ));
    for ((r, c), rep, brute) in &rows {
        let brute_cell = brute.map_or(String::new(), |(x, y)| format!(" {x} / {y} |"));
        let Some(rep) = rep else {
            s.push_str(&format!("| {r} | {c} | not computed | | | | | | | |\n"));
            continue;
        };
        let (classes, positions, secs) = match &rep.classes {
            Some(cl) if cl.complete => (
                cl.classes.len().to_string(),
                cl.positions.to_string(),
                format!("{:.2}", cl.seconds),
            ),
            Some(cl) => (
                format!("≥ {} (stopped)", cl.classes.len()),
                format!("≥ {}", cl.positions),
                format!("{:.2}", cl.seconds),
            ),
            None if rep.m == 0 => ("-".into(), "-".into(), "-".into()),
            None => ("not counted".into(), "".into(), "".into()),
        };
        s.push_str(&format!(
            "| {r} | {c} | {} | {classes} | {positions} | {} | {} | {} | {:.2} | {secs} |{brute_cell}\n",
            rep.m, rep.proof, rep.model_vars, rep.model_clauses, rep.seconds
        ));
    }
    s.push_str(&format!(
        "\nclasses: optimal positions up to the board's symmetries and swapping the colours; \
         positions: ordered (white, black) positions with both armies of exactly m.\n\
         Every position found was re-checked by check::check_armies.\n\
         command: `{}`; encoding {}{}, solver {}; host {}.\n",
        std::env::args().collect::<Vec<_>>().join(" "),
        opts.encoding.name(),
        if opts.symmetry_breaking {
            " with lex-leader symmetry breaking"
        } else {
            ""
        },
        opts.backend.name(),
        host()
    ));
    emit(a.output.as_deref(), &s)?;
    Ok(0)
}

/// Host name and CPU model, for the provenance line.
fn host() -> String {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_default();
    format!("{} ({cpu})", name.trim())
}

fn text(r: &ArmyReport) -> String {
    let mut s = format!("board {}\n", r.board.describe());
    s.push_str(&format!("largest armies: m = {} (W white, B black)\n", r.m));
    s.push_str(&r.example.render(&r.board));
    s.push_str(&format!(
        "proof: SAT with two armies of {}, position checked; {}\n",
        r.m, r.proof
    ));
    if let Some(cl) = &r.classes {
        s.push_str(&format!(
            "optimal positions up to symmetry and colour swap: {}{} ({} ordered positions, {:.3} s)\n",
            if cl.complete { "" } else { "at least " },
            cl.classes.len(),
            cl.positions,
            cl.seconds
        ));
        for (i, a) in cl.classes.iter().enumerate() {
            s.push_str(&format!("#{}\n{}", i + 1, a.render(&r.board)));
        }
    }
    s.push_str(&format!(
        "encoding {}{} ({} vars, {} clauses before counters), solver {}, {:.3} s\n",
        r.encoding,
        if r.symmetry_breaking { " + lex-leader" } else { "" },
        r.model_vars,
        r.model_clauses,
        r.solver,
        r.seconds
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_shards() {
        assert_eq!(parse_range("--size", "2..4").unwrap(), vec![2, 3, 4]);
        assert_eq!(parse_range("--size", "5").unwrap(), vec![5]);
        assert!(parse_range("--size", "4..2").is_err());
        assert!(parse_range("--size", "0..3").is_err());
        assert!(parse_range("--size", "x").is_err());
        assert_eq!(parse_shard("1/3").unwrap(), (1, 3));
        assert!(parse_shard("3/3").is_err());
    }
}
