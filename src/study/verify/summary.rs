//! Verifying the author's printed summary of one wall count (boards per value, the maximum,
//! an example board, listings) against the engine's own values of the boards in the matching
//! boards CSV, each class weighted by its orbit when the CSV lists one board per class.

use super::claim::{CertifyVerdicts, checked_value};
use super::run_info::RunInfo;
use crate::board::{Board, Coord, Placement, binomial};
use crate::check::check_placement;
use crate::engine::ValueOptions;
use crate::io::{PublishedFormat, parse_published_as, parse_summary};
use crate::run::{cpu_since, parallel, process_cpu_seconds};
use crate::study::summary_claims::{CheckedLine, KnownBoards, judge_summary};
use anyhow::{Context, bail};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Whether a published file is an author's summary rather than a table of boards.
pub fn is_summary(text: &str) -> bool {
    text.lines().take(5).any(|l| l.trim_start().starts_with("Total "))
}

/// The verification of one summary.
#[derive(Clone, Debug, Serialize)]
pub struct SummaryReport {
    pub file: String,
    /// The boards CSV, as named, and its number of rows.
    pub boards: String,
    pub board_rows: usize,
    pub side: usize,
    pub walls: usize,
    /// How the CSV's rows stand for all boards.
    pub weighting: String,
    pub lines: Vec<CheckedLine>,
    /// Checked lines, and those that hold.
    pub checked: usize,
    pub confirmed: usize,
    /// Refuted lines by kind.
    pub kinds: BTreeMap<&'static str, usize>,
    /// The number of boards with `walls` walls, and the engine's boards per value.
    pub total: u64,
    pub distribution: BTreeMap<usize, u64>,
    /// False when some value rests on an external solver's UNSAT that nothing checked.
    pub certified: bool,
    /// How it was run, flattened as in a file's check, so that both forms carry
    /// `command_line` beside the envelope.
    #[serde(flatten)]
    pub run: RunInfo,
}

/// What to check, and how.
pub struct SummaryOptions {
    /// How the summary and its boards CSV are named in the report.
    pub name: String,
    pub boards_name: String,
    pub side: usize,
    pub value: ValueOptions,
    pub run: RunInfo,
    /// Whether values that rest on an external solver's UNSAT are certified.
    pub certify: CertifyVerdicts,
}

/// The engine's value of every board in the CSV, grouped by class: orbit size and value per
/// class, the number of walls, and how many rows the CSV has.
struct Classes {
    classes: BTreeMap<Board, (u64, usize)>,
    walls: usize,
    rows: usize,
    /// Every value certified.
    certified: bool,
}

fn classes_of(
    boards_name: &str,
    boards_text: &str,
    side: usize,
    opts: &ValueOptions,
    certify: &CertifyVerdicts,
) -> anyhow::Result<Classes> {
    let rows = parse_published_as(boards_name, boards_text, PublishedFormat::BoardsCsv)?;
    let solved = parallel(|| {
        rows.par_iter()
            .map(|row| {
                let walls = row
                    .walls
                    .cells(side, side)
                    .with_context(|| format!("{boards_name}: {}", row.label))?;
                let board = Board::with_walls(side, side, &walls)?;
                // The row's own placement, where legal, is a floor the value cannot fall below.
                let queens = row.queens.as_ref().and_then(|q| q.cells(side, side).ok());
                let queens = queens
                    .map(Placement::new)
                    .filter(|p| check_placement(&board, p).is_ok());
                let held = queens.as_ref().map(|p| (p, "the row's placement"));
                let r = checked_value(&board, opts, certify, held)
                    .with_context(|| format!("{boards_name}: {}", row.label))?;
                Ok(Solved {
                    class: board.canonical().0,
                    orbit: board.orbit_size() as u64,
                    value: r.value,
                    walls: walls.len(),
                    certified: !r.rests_on_unchecked_unsat(),
                    by_solver: r.refuted_by_solver(),
                    label: &row.label,
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()
    })??;
    let n_walls: HashSet<usize> = solved.iter().map(|r| r.walls).collect();
    let certified = solved.iter().all(|r| r.certified);
    if n_walls.len() != 1 {
        bail!("the boards CSV mixes wall counts {n_walls:?}");
    }
    // One entry per symmetry class (values agree within a class: symmetry keeps the value).
    let mut classes: BTreeMap<Board, (u64, usize)> = BTreeMap::new();
    let mut first: BTreeMap<&Board, &Solved> = BTreeMap::new();
    for r in &solved {
        match first.get(&r.class) {
            Some(known) if known.value != r.value => {
                return Err(disagreeing_values(known, r, opts, boards_name));
            }
            Some(_) => {}
            None => {
                first.insert(&r.class, r);
            }
        }
        classes.insert(r.class.clone(), (r.orbit, r.value));
    }
    Ok(Classes {
        classes,
        walls: *n_walls.iter().next().expect("one wall count"),
        rows: rows.len(),
        certified,
    })
}

/// One board of the CSV with the engine's value.
struct Solved<'a> {
    /// Its symmetry class (the canonical board) and the class's size.
    class: Board,
    orbit: u64,
    value: usize,
    walls: usize,
    certified: bool,
    /// Whether one queen more than the value was refuted by the solver's UNSAT.
    by_solver: bool,
    label: &'a str,
}

/// The error of two boards of one symmetry class with different values: symmetry keeps a
/// placement legal, so the lower value's refutation is false (the solver's UNSAT, blamed on
/// it; a bound's, queensat's internal error).
fn disagreeing_values(a: &Solved, b: &Solved, opts: &ValueOptions, boards_name: &str) -> anyhow::Error {
    let (low, high) = if a.value < b.value { (a, b) } else { (b, a) };
    if !low.by_solver {
        return anyhow::anyhow!(
            "internal error: two boards of one symmetry class have values {} and {}",
            a.value,
            b.value
        );
    }
    crate::engine::contradicted_unsat(
        &opts.backend_for(&low.class),
        &format!(
            "at least {} queens on the board of {boards_name}: {}",
            low.value + 1,
            low.label
        ),
        &format!(
            "the board of {}, of the same symmetry class, has a checked placement of {} queens",
            high.label, high.value
        ),
    )
}

/// The wall count a summary is about, from its `Total NW boards` or `--- All NW boards` line.
fn summary_walls(text: &str) -> Option<usize> {
    text.lines().find_map(|l| {
        let rest = l.strip_prefix("Total ").or_else(|| l.strip_prefix("--- All "))?;
        let word = rest.split_whitespace().next()?;
        word.strip_suffix('W')?.parse().ok()
    })
}

/// Checks every claim of the summary `text` against the boards CSV `boards_text`.
pub fn verify_summary(text: &str, boards_text: &str, opts: SummaryOptions) -> anyhow::Result<SummaryReport> {
    let start = process_cpu_seconds();
    let claims = parse_summary(&opts.name, text)?;
    let side = opts.side;
    let Classes {
        classes,
        walls,
        rows,
        certified,
    } = classes_of(&opts.boards_name, boards_text, side, &opts.value, &opts.certify)?;
    refuse_other_wall_count(text, walls, &opts)?;
    let total = boards_covered(&classes, side, walls, &opts.boards_name)?;
    let weighting = format!(
        "its {rows} rows cover all {} symmetry classes; each class counted with its orbit size",
        classes.len()
    );
    let distribution = value_distribution(&classes);
    let mut engine = EngineView {
        side,
        walls,
        distribution: &distribution,
        classes: &classes,
        value: &opts.value,
        certify: &opts.certify,
        certified,
    };
    let lines = judge_summary(&claims, &mut engine)?;
    let certified = engine.certified;
    let (checked, kinds) = refutations(&lines);
    let refuted: usize = kinds.values().sum();
    let mut run = opts.run;
    run.seconds += cpu_since(start);
    Ok(SummaryReport {
        file: opts.name,
        boards: opts.boards_name,
        board_rows: rows,
        side,
        walls,
        weighting,
        lines,
        checked,
        confirmed: checked - refuted,
        kinds,
        total,
        distribution,
        certified,
        run,
    })
}

/// Refuses a boards CSV of another wall count than the summary's: its numbers would not match.
fn refuse_other_wall_count(text: &str, walls: usize, opts: &SummaryOptions) -> anyhow::Result<()> {
    if let Some(k) = summary_walls(text).filter(|&k| k != walls) {
        bail!(
            "{} is about {k}-wall boards and {} holds {walls}-wall boards: they do not belong \
             together (give the boards file of the same wall count)",
            opts.name,
            opts.boards_name
        );
    }
    Ok(())
}

/// The number of `walls`-wall boards of side `side`, once the CSV's classes are known to hold
/// them all (else the engine's counts would fall short).
fn boards_covered(
    classes: &BTreeMap<Board, (u64, usize)>,
    side: usize,
    walls: usize,
    boards_name: &str,
) -> anyhow::Result<u64> {
    let total = binomial((side * side) as u64, walls as u64).with_context(|| {
        format!("{boards_name}: {walls}-wall boards of side {side} are too many to count")
    })?;
    let orbit_sum: u64 = classes.values().map(|c| c.0).sum();
    if orbit_sum != total {
        bail!(
            "the boards CSV covers {} symmetry classes holding {orbit_sum} boards, not all {total}",
            classes.len()
        );
    }
    Ok(total)
}

/// The engine's boards per value: each class counts its whole orbit.
fn value_distribution(classes: &BTreeMap<Board, (u64, usize)>) -> BTreeMap<usize, u64> {
    let mut distribution: BTreeMap<usize, u64> = BTreeMap::new();
    for &(orbit, v) in classes.values() {
        *distribution.entry(v).or_default() += orbit;
    }
    distribution
}

/// The checked lines, and the refuted ones among them by kind.
fn refutations(lines: &[CheckedLine]) -> (usize, BTreeMap<&'static str, usize>) {
    let checked = lines.iter().filter(|c| c.is_checked()).count();
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    for k in lines.iter().filter(|c| c.is_checked()).filter_map(|c| c.refuted) {
        *kinds.entry(k).or_default() += 1;
    }
    (checked, kinds)
}

/// What the engine says of the boards a summary is about: the CSV's classes with their
/// values, and any other board the summary names, solved when named.
struct EngineView<'a> {
    side: usize,
    walls: usize,
    distribution: &'a BTreeMap<usize, u64>,
    /// The CSV's classes: canonical board, orbit size and value.
    classes: &'a BTreeMap<Board, (u64, usize)>,
    value: &'a ValueOptions,
    certify: &'a CertifyVerdicts,
    /// Every value so far certified.
    certified: bool,
}

impl KnownBoards for EngineView<'_> {
    fn side(&self) -> usize {
        self.side
    }

    fn walls(&self) -> usize {
        self.walls
    }

    fn distribution(&self) -> &BTreeMap<usize, u64> {
        self.distribution
    }

    /// Solved and checked: a summary may name a board its CSV does not hold.
    fn value_of(&mut self, walls: &[Coord]) -> anyhow::Result<Result<usize, String>> {
        let board = Board::with_walls(self.side, self.side, walls)?;
        let r = checked_value(&board, self.value, self.certify, None)?;
        self.certified = self.certified && !r.rests_on_unchecked_unsat();
        Ok(Ok(r.value))
    }

    fn boards_of_value(&self, v: usize) -> BTreeSet<Board> {
        self.classes
            .iter()
            .filter(|(_, (_, value))| *value == v)
            .flat_map(|(class, _)| class.group().iter().map(|&s| class.image(s)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_are_told_from_tables() {
        assert!(is_summary("\nTotal 2W boards: 2016\n"));
        assert!(!is_summary("Walls,Value,Queens:\n"));
    }
}
