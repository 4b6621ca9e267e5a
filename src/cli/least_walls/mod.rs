//! `queensat least-walls`: the fewest walls for q queens, witnesses, proofs and board counts;
//! `least-walls table` and `least-walls chart` render saved runs.

mod certify;
mod chart;
mod compare;
mod table;

use super::Format;
use crate::analysis::{LeastWallsOptions, LeastWallsReport, WallSearch, least_walls};
use crate::board::{Board, render_grid};
use crate::encode::{Attack, QueenCount, WallOptions};
use crate::io::write_atomic;
use crate::solve::Backend;
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct LeastWallsArgs {
    #[command(subcommand)]
    pub render: Option<Render>,
    /// Board size: N for a square board, or RxC.
    #[arg(long, value_name = "N|RxC")]
    pub size: Option<String>,
    /// Queens: a number, or an inclusive range such as 9..16.
    #[arg(long, short = 'q', value_name = "Q|FROM..TO")]
    pub queens: Option<String>,
    /// Non-attack formulation.
    #[arg(long, value_enum, default_value_t = Attack::default())]
    pub attack: Attack,
    /// What the "at least q queens" totaliser counts.
    #[arg(long, value_enum, default_value_t = QueenCount::default())]
    pub queen_count: QueenCount,
    /// Lex-leader symmetry breaking on the walls: in the whole run, only while counting, or off.
    #[arg(long, value_enum, default_value_t = LexLeader::Count)]
    pub lex_leader: LexLeader,
    /// Require every wall to separate two queens (true|false); keeps every least board.
    #[arg(long, action = clap::ArgAction::Set, default_value_t = false, value_name = "BOOL")]
    pub necessary_walls: bool,
    /// How the wall bound moves.
    #[arg(long, value_enum, default_value_t = WallSearch::default())]
    pub search: WallSearch,
    /// SAT solver.
    #[arg(long, default_value = "varisat")]
    pub solver: Backend,
    /// Count the boards with the least number of walls that admit q queens, and their classes.
    #[arg(long)]
    pub count: bool,
    /// While counting, block every symmetric image of a found board (one solver call per class).
    #[arg(long, requires = "count")]
    pub unique: bool,
    /// Print every counted class (canonical board, a placement, class size, value).
    #[arg(long, requires = "count")]
    pub list: bool,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
    /// Also write the run as JSON to FILE (whole or not at all).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Certify each minimum w: write the CNF "at most w-1 walls, at least q queens", have
    /// varisat refute it with a DRAT proof, and check the proof with an independent checker.
    #[arg(long)]
    pub certify: bool,
    /// Keep the certificate files (CNF, DRAT proof) in DIR (default: a temporary directory).
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub certify_dir: Option<PathBuf>,
}

/// Where the lex-leader constraints apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LexLeader {
    Off,
    /// Added after the minimisation, for the count only.
    Count,
    /// From the start: the minimisation too.
    On,
}

#[derive(Subcommand, Debug)]
pub enum Render {
    /// A Markdown table of saved runs (JSON files from --output), compared with claims.
    Table(table::TableArgs),
    /// An SVG chart of least walls against q, one line per board size, from saved runs.
    Chart(chart::ChartArgs),
    /// Saved runs under different encodings side by side (CPU seconds per q).
    Compare(compare::CompareArgs),
}

/// A saved run: how it was made, and one report per q.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LeastWallsRun {
    pub command: String,
    pub host: String,
    pub version: String,
    pub reports: Vec<LeastWallsReport>,
}

impl LeastWallsRun {
    /// Reads a saved run; errors name the file.
    pub fn load(path: &std::path::Path) -> anyhow::Result<LeastWallsRun> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("{}: not a least-walls run", path.display()))
    }

    /// Reads saved runs in order; the first error stops.
    pub fn load_all(paths: &[PathBuf]) -> anyhow::Result<Vec<LeastWallsRun>> {
        paths.iter().map(|p| LeastWallsRun::load(p)).collect()
    }
}

/// The reports of one board size (q ascending) and the runs they come from.
pub type SizeGroup<'a> = ((usize, usize), Vec<&'a LeastWallsReport>, Vec<&'a LeastWallsRun>);

/// The reports of saved runs grouped by board size (sizes in order, q ascending), with the
/// runs that contributed to each size.
pub fn by_size(runs: &[LeastWallsRun]) -> Vec<SizeGroup<'_>> {
    let mut sizes: Vec<(usize, usize)> = runs
        .iter()
        .flat_map(|r| r.reports.iter().map(|x| (x.rows, x.cols)))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
        .into_iter()
        .map(|size| {
            let of = |x: &&LeastWallsReport| (x.rows, x.cols) == size;
            let mut reports: Vec<&LeastWallsReport> =
                runs.iter().flat_map(|r| r.reports.iter().filter(of)).collect();
            reports.sort_by_key(|x| x.queens);
            let from: Vec<&LeastWallsRun> =
                runs.iter().filter(|r| r.reports.iter().any(|x| of(&x))).collect();
            (size, reports, from)
        })
        .collect()
}

/// Parses `N` (square) or `RxC`.
pub fn parse_size(s: &str) -> anyhow::Result<(usize, usize)> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| anyhow::anyhow!("--size {s:?}: {t:?} is not a number"))
    };
    match s.split_once(['x', 'X']) {
        Some((r, c)) => Ok((num(r)?, num(c)?)),
        None => num(s).map(|n| (n, n)),
    }
}

/// Parses `Q` or `FROM..TO` (inclusive).
pub fn parse_queens(s: &str) -> anyhow::Result<Vec<usize>> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| anyhow::anyhow!("--queens {s:?}: {t:?} is not a number"))
    };
    match s.split_once("..") {
        Some((a, b)) => {
            let (a, b) = (num(a)?, num(b.trim_start_matches('='))?);
            if a > b {
                bail!("--queens {s:?}: the range is empty");
            }
            Ok((a..=b).collect())
        }
        None => Ok(vec![num(s)?]),
    }
}

fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "unknown".into())
}

pub fn run(a: LeastWallsArgs) -> anyhow::Result<i32> {
    match a.render {
        Some(Render::Table(t)) => return table::run(t),
        Some(Render::Chart(c)) => return chart::run(c),
        Some(Render::Compare(c)) => return compare::run(c),
        None => {}
    }
    let Some(size) = &a.size else {
        bail!("no board size given: pass --size N or --size RxC")
    };
    let (rows, cols) = parse_size(size)?;
    Board::new(rows, cols)?; // the size check, with its message
    if rows * cols > 400 {
        bail!("a {rows}x{cols} board is beyond what least-walls is meant for (at most 400 cells)");
    }
    let Some(q) = &a.queens else {
        bail!("--queens is required")
    };
    let qs = parse_queens(q)?;
    let opts = LeastWallsOptions {
        model: WallOptions {
            attack: a.attack,
            count: a.queen_count,
            lex_leader: a.lex_leader == LexLeader::On,
            necessary_walls: a.necessary_walls,
        },
        search: a.search,
        backend: a.solver,
        count: a.count,
        unique: a.unique,
        lex_leader_count: a.lex_leader != LexLeader::Off,
        progress: !a.quiet,
    };
    let mut run = LeastWallsRun {
        command: std::env::args().collect::<Vec<_>>().join(" "),
        host: host(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        reports: Vec::new(),
    };
    for &q in &qs {
        let r = least_walls(rows, cols, q, &opts)?;
        if a.format == Format::Text {
            print!("{}", text(&r, a.list));
        }
        if a.certify {
            let line = certify::certify_minimum(rows, cols, &r, a.attack, a.certify_dir.as_deref())?;
            if a.format == Format::Text {
                println!("{line}\n");
            } else {
                eprintln!("{line}");
            }
        }
        run.reports.push(r);
    }
    if a.format == Format::Text && qs.len() > 1 {
        print!("{}", summary(&run.reports));
    }
    let json = serde_json::to_string_pretty(&run)?;
    if a.format == Format::Json {
        println!("{json}");
    }
    if let Some(path) = &a.output {
        write_atomic(path, format!("{json}\n").as_bytes())?;
    }
    Ok(0)
}

fn text(r: &LeastWallsReport, list: bool) -> String {
    let mut s = format!("{}x{}, {} queens: ", r.rows, r.cols, r.queens);
    if let Some(why) = &r.impossible {
        s.push_str(&format!("impossible: {why}\n\n"));
        return s;
    }
    let w = r.least_walls.expect("a possible query has a minimum");
    let wit = r.witness.as_ref().expect("a possible query has a witness");
    s.push_str(&format!("least walls {w}\n"));
    s.push_str(&render_grid(&wit.board, Some(&wit.placement)));
    s.push_str(&format!("proof: {}\n", r.proof));
    if let Some(c) = &r.count {
        let values: Vec<String> = c
            .by_value
            .iter()
            .map(|(v, cl, b)| format!("value {v}: {b} boards in {cl} classes"))
            .collect();
        s.push_str(&format!(
            "count: {} boards in {} symmetry classes with {} walls admit {} queens ({}); {} solver answers, cpu {:.2} s\n",
            c.boards,
            c.classes,
            c.walls,
            r.queens,
            values.join(", "),
            c.found,
            c.cpu_seconds
        ));
        if list {
            for (i, k) in c.list.iter().enumerate() {
                s.push_str(&format!(
                    "class {}: {} boards, value {}, walls {}\n",
                    i + 1,
                    k.orbit,
                    k.value,
                    crate::board::render_cell_list(&k.board.walls())
                ));
                s.push_str(&render_grid(&k.board, Some(&k.placement)));
            }
        }
    }
    s.push_str(&format!(
        "solver {}, attack {}, queen count {}, lex-leader {}, necessary walls {}, search {:?}; cpu {:.2} s (minimise {:.2} s), wall clock {:.2} s\n\n",
        r.solver,
        r.attack,
        r.queen_count,
        compare::lex_mode(r),
        r.necessary_walls,
        r.search,
        r.cpu_seconds,
        r.minimise_cpu_seconds,
        r.seconds
    )
    .to_lowercase());
    s
}

fn summary(reports: &[LeastWallsReport]) -> String {
    let mut s = String::from("q  least walls  boards  classes  cpu s\n");
    for r in reports {
        let w = r.least_walls.map_or("impossible".to_string(), |w| w.to_string());
        let (b, c) = r.count.as_ref().map_or(("-".to_string(), "-".to_string()), |c| {
            (c.boards.to_string(), c.classes.to_string())
        });
        s.push_str(&format!(
            "{:<2} {:<12} {:<7} {:<8} {:.2}\n",
            r.queens, w, b, c, r.cpu_seconds
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("8").unwrap(), (8, 8));
        assert_eq!(parse_size("5x7").unwrap(), (5, 7));
        assert!(parse_size("5x").is_err());
    }

    #[test]
    fn queens_ranges() {
        assert_eq!(parse_queens("12").unwrap(), vec![12]);
        assert_eq!(parse_queens("9..11").unwrap(), vec![9, 10, 11]);
        assert_eq!(parse_queens("9..=10").unwrap(), vec![9, 10]);
        assert!(parse_queens("5..4").is_err());
        assert!(parse_queens("x").is_err());
    }
}
