//! Verifying one published file: the side of its boards, every row's claim on that board, and
//! the tally of verdicts.

use super::claim::{BoardClaim, CertifyVerdicts, RefutedKind, Verdict, verify_claim};
use super::run_info::RunInfo;
use crate::board::{Board, Coord, Placement, render_cell_list};
use crate::engine::ValueOptions;
use crate::io::{ClaimRow, PublishedFile, PublishedFormat};
use crate::run::{Reporter, cpu_since, parallel, process_cpu_seconds};
use crate::study::puzzles::{ClassesListed, duplicate_detail};
use anyhow::{Context, bail};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;
use std::path::Path;

crate::choices! {
/// What the rows of a file claim.
pub enum ClaimKind {
    /// The value is optimal (and any placement given is legal and of that size).
    #[default]
    Optimal = "optimal",
    /// As `optimal`, and the optimal placement is unique.
    UniqueOptimum = "unique-optimum",
}
}

/// The side of a file's (square) boards and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSide {
    pub side: usize,
    pub from: String,
    /// Said on stderr when `--size` overrides the directory name.
    pub warning: Option<String>,
}

/// The side: `size` (the `--size` option), else the SCIP variable names (`named`), else an
/// `NxN` directory in `path`, else 8. A size that contradicts the names is an error.
pub fn board_side(size: Option<usize>, named: Option<usize>, path: &Path) -> anyhow::Result<BoardSide> {
    let side = |side: usize, from: String| BoardSide {
        side,
        from,
        warning: None,
    };
    let from_path = side_in_path(path);
    match (size, named) {
        (Some(0), _) => bail!("--size must be at least 1"),
        (Some(n), Some(m)) if n != m => {
            bail!("--size {n} contradicts the file's variable names, which cover {m}x{m}")
        }
        (_, Some(m)) => Ok(side(m, "the SCIP variable names".into())),
        (Some(n), None) => {
            if n > 8 {
                bail!("--size {n}: the 64-bit layout holds boards up to 8x8");
            }
            match from_path {
                Some(m) if m != n => Ok(BoardSide {
                    side: n,
                    from: format!("--size (overriding the directory name {m}x{m})"),
                    warning: Some(format!("--size {n} overrides the directory name {m}x{m}")),
                }),
                _ => Ok(side(n, "--size".into())),
            }
        }
        (None, None) => match from_path {
            Some(n) => Ok(side(n, format!("the directory name {n}x{n}"))),
            None => Ok(side(8, "the default (8x8, the layout's own size)".into())),
        },
    }
}

/// `N` when a path component is `NxN` with N in 1..=8.
pub fn side_in_path(path: &Path) -> Option<usize> {
    path.components().rev().find_map(|c| {
        let s = c.as_os_str().to_str()?;
        let (a, b) = s.split_once('x')?;
        let n: usize = a.parse().ok()?;
        (a == b && (1..=8).contains(&n)).then_some(n)
    })
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
    /// Refuted rows by kind, in the order of [`RefutedKind::ALL`], kinds with none left out.
    pub refuted: Vec<(RefutedKind, usize)>,
    /// Rows whose verdict rests on an external solver's UNSAT that nothing checked.
    pub unchecked: usize,
    /// Rows whose board (walls) an earlier row already gave, as `[line, earlier line]`: each
    /// is still a claim of its own, but the file holds fewer boards than rows. A puzzle list's
    /// repeats are refuted instead (it claims one entry per class).
    pub repeated_boards: Vec<(usize, usize)>,
    #[serde(flatten)]
    pub run: RunInfo,
}

/// What to check in a file, and how.
pub struct FileOptions<'a> {
    /// How the file is named in the report.
    pub name: String,
    pub side: BoardSide,
    pub claim: ClaimKind,
    pub value: ValueOptions,
    pub run: RunInfo,
    /// Told of each row checked, from any thread.
    pub progress: &'a Reporter,
    /// Whether verdicts that rest on an external solver's UNSAT are certified.
    pub certify: CertifyVerdicts,
}

/// Checks every row of `file`, in parallel.
pub fn verify_file(file: &PublishedFile, opts: FileOptions) -> anyhow::Result<FileReport> {
    let start = process_cpu_seconds();
    opts.progress.start("verify rows", file.rows.len() as u64);
    let rows = parallel(|| {
        (file.rows.par_iter())
            .map(|row| {
                let r = check_row(row, opts.side.side, opts.claim, &opts.value, &opts.certify);
                opts.progress.advance(1);
                r
            })
            .collect::<anyhow::Result<Vec<_>>>()
    })??;
    opts.progress.finish();
    let mut rows = rows;
    let mut repeated_boards = Vec::new();
    if file.format == PublishedFormat::PuzzleList {
        refute_repeated_classes(&file.rows, &mut rows, opts.side.side)?;
    } else {
        repeated_boards = repeated_boards_of(&file.rows, opts.side.side);
    }
    let confirmed = rows.iter().filter(|r| r.verdict.is_confirmed()).count();
    let refuted = RefutedKind::ALL
        .iter()
        .map(|&k| (k, rows.iter().filter(|r| r.verdict.refuted == Some(k)).count()))
        .filter(|&(_, n)| n > 0)
        .collect();
    let mut run = opts.run;
    run.seconds += cpu_since(start);
    Ok(FileReport {
        file: opts.name,
        format: file.format.name(),
        side: opts.side.side,
        side_from: opts.side.from,
        claim: opts.claim,
        unchecked: rows.iter().filter(|r| !r.verdict.certified).count(),
        rows,
        confirmed,
        refuted,
        repeated_boards,
        run,
    })
}

/// `[line, earlier line]` of each row whose walls an earlier row gave (rows with walls off the
/// board, refuted already, left out).
fn repeated_boards_of(claims: &[ClaimRow], side: usize) -> Vec<(usize, usize)> {
    let mut first: HashMap<Vec<Coord>, usize> = HashMap::new();
    let mut repeated = Vec::new();
    for claim in claims {
        let Ok(mut walls) = claim.walls.cells(side, side) else {
            continue;
        };
        walls.sort_unstable();
        match first.get(&walls) {
            Some(&earlier) => repeated.push((claim.line, earlier)),
            None => {
                first.insert(walls, claim.line);
            }
        }
    }
    repeated
}

/// A puzzle list claims one entry per symmetry class: an entry that repeats an earlier one's
/// class is refuted (`duplicate`), as `puzzles --compare` refutes it; one refuted otherwise
/// keeps its verdict and says so too.
fn refute_repeated_classes(claims: &[ClaimRow], rows: &mut [RowResult], side: usize) -> anyhow::Result<()> {
    let mut classes = ClassesListed::new(side, side)?;
    for (i, (claim, row)) in claims.iter().zip(rows.iter_mut()).enumerate() {
        // Walls off the board were refuted already and have no class.
        let Ok(walls) = claim.walls.cells(side, side) else {
            continue;
        };
        let Some(first) = classes.earlier(&walls, i + 1) else {
            continue;
        };
        // The line too, where the list has more than one.
        let mut detail = duplicate_detail(first);
        let line = claims[first - 1].line;
        if line != claim.line {
            detail = format!("{detail} (line {line})");
        }
        if row.verdict.is_confirmed() {
            row.verdict = Verdict::refuted(RefutedKind::Duplicate, detail);
        } else {
            row.verdict.reason = format!("{}; also {detail}", row.verdict.reason);
        }
    }
    Ok(())
}

/// One row on a `side × side` board; cells off the board refute the row (`off-board`).
fn check_row(
    row: &ClaimRow,
    side: usize,
    kind: ClaimKind,
    opts: &ValueOptions,
    certify: &CertifyVerdicts,
) -> anyhow::Result<RowResult> {
    let mut result = RowResult {
        label: row.label.clone(),
        line: row.line,
        walls: row.walls.to_string(),
        claimed_value: row.value,
        claimed_placement: None,
        verdict: Verdict::refuted(RefutedKind::OffBoard, String::new()),
    };
    let walls = match row.walls.cells(side, side) {
        Ok(w) => w,
        Err(e) => {
            result.verdict.reason = format!("walls: {e}");
            return Ok(result);
        }
    };
    result.walls = render_cell_list(&walls);
    let placement = match row.queens.as_ref().map(|q| q.cells(side, side)).transpose() {
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
    result.verdict = verify_claim(&board, &claim, opts, certify)
        .with_context(|| format!("{} (walls {})", row.label, result.walls))?;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_sources_in_order() {
        let p = Path::new("x/7x7/f.csv");
        assert_eq!(board_side(None, None, p).unwrap().side, 7);
        assert_eq!(board_side(None, None, Path::new("f.csv")).unwrap().side, 8);
        let o = board_side(Some(6), None, p).unwrap();
        assert_eq!((o.side, o.warning.is_some()), (6, true));
        assert_eq!(
            board_side(Some(7), Some(7), p).unwrap().from,
            "the SCIP variable names"
        );
        assert!(board_side(Some(6), Some(7), p).is_err());
        assert!(board_side(Some(9), None, p).is_err());
        assert_eq!(side_in_path(Path::new("a/9x9/b")), None);
    }
}
