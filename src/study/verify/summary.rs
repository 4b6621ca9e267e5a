//! Verifying the author's printed summary of one wall count (boards per value, the maximum,
//! an example board, listings) against the engine's own values of the boards in the matching
//! boards CSV, each class weighted by its orbit when the CSV lists one board per class.

use super::claim::{CertifyVerdicts, checked_value};
use super::run_info::RunInfo;
use crate::board::{Board, Coord, Placement, binomial, render_cell_list};
use crate::check::check_placement;
use crate::engine::ValueOptions;
use crate::io::{PublishedFormat, SummaryClaim, parse_published_as, parse_summary, share_as_written};
use crate::run::{cpu_since, process_cpu_seconds};
use anyhow::{Context, bail};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Whether a published file is an author's summary rather than a table of boards.
pub fn is_summary(text: &str) -> bool {
    text.lines().take(5).any(|l| l.trim_start().starts_with("Total "))
}

/// One line of the summary, checked.
#[derive(Clone, Debug, Serialize)]
pub struct CheckedLine {
    /// 1-based line; 0 for a check of the whole file (a listing's completeness).
    pub line: usize,
    pub what: String,
    pub stated: String,
    /// Empty when the line is not checked.
    pub engine: String,
    /// `None`: holds (or not checked); `Some(kind)`: refuted.
    pub refuted: Option<&'static str>,
}

impl CheckedLine {
    pub fn is_checked(&self) -> bool {
        !self.engine.is_empty()
    }
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
    let solved = rows
        .par_iter()
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
        .collect::<anyhow::Result<Vec<_>>>()?;
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
        total,
        max: distribution.keys().max().copied().unwrap_or(0),
        stated_max: stated_max(&claims),
        distribution: &distribution,
        classes: &classes,
        value: &opts.value,
        certify: &opts.certify,
        certified,
    };
    let lines = engine.check_claims(&claims)?;
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

/// The largest value the summary states, if it states one.
fn stated_max(claims: &[(usize, SummaryClaim)]) -> Option<usize> {
    claims.iter().find_map(|(_, c)| match c {
        SummaryClaim::Max(m) => Some(*m),
        _ => None,
    })
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

/// What the engine says of the boards a summary is about, which its claims are checked against.
struct EngineView<'a> {
    side: usize,
    walls: usize,
    /// The number of boards with `walls` walls.
    total: u64,
    /// The largest value, and the one the summary states (an example is held to the latter).
    max: usize,
    stated_max: Option<usize>,
    distribution: &'a BTreeMap<usize, u64>,
    /// The CSV's classes: canonical board, orbit size and value.
    classes: &'a BTreeMap<Board, (u64, usize)>,
    value: &'a ValueOptions,
    certify: &'a CertifyVerdicts,
    /// Every value so far certified.
    certified: bool,
}

impl EngineView<'_> {
    /// Every claim checked in the summary's order, then whether each value's listing is complete.
    fn check_claims(&mut self, claims: &[(usize, SummaryClaim)]) -> anyhow::Result<Vec<CheckedLine>> {
        let mut lines = Vec::new();
        // Each value's listing: every listed board with its line, in the file's order.
        let mut listed: BTreeMap<usize, Vec<(usize, Board)>> = BTreeMap::new();
        for (ln, claim) in claims {
            if let SummaryClaim::Listed { value, walls } = claim {
                let board = Board::with_walls(self.side, self.side, walls)?;
                listed.entry(*value).or_default().push((*ln, board));
            }
            lines.push(self.check_claim(*ln, claim)?);
        }
        for (v, boards) in listed {
            lines.extend(self.check_listing(v, &boards));
        }
        Ok(lines)
    }

    /// Whether the listing of value-`v` boards names each board of that value exactly once:
    /// the set of listed boards against the set of the engine's value-`v` boards (every image
    /// of each class of that value), not their numbers. A repeated board and a board left out
    /// are refutations, the first few named.
    fn check_listing(&self, v: usize, listed: &[(usize, Board)]) -> Vec<CheckedLine> {
        let mut lines = Vec::new();
        let mut first_line: BTreeMap<&Board, usize> = BTreeMap::new();
        let mut repeats = 0;
        for (ln, board) in listed {
            match first_line.get(board) {
                Some(&first) => {
                    repeats += 1;
                    if repeats <= NAMED {
                        lines.push(checked_line(
                            *ln,
                            format!(
                                "listed board {} is listed once (it is also on line {first})",
                                render_cell_list(&board.walls())
                            ),
                            "listed again".into(),
                            "once".into(),
                            Some("listing"),
                        ));
                    }
                }
                None => {
                    first_line.insert(board, *ln);
                }
            }
        }
        let missing = self
            .boards_of_value(v)
            .into_iter()
            .filter(|b| !first_line.contains_key(b));
        let missing: Vec<Board> = missing.collect();
        for board in missing.iter().take(NAMED) {
            lines.push(checked_line(
                0,
                format!(
                    "the listing of value-{v} boards names board {}",
                    render_cell_list(&board.walls())
                ),
                "not listed".into(),
                format!("value {v}"),
                Some("listing"),
            ));
        }
        let engine = self.boards_with_value(v);
        let distinct = first_line.len() as u64;
        let stated = if repeats == 0 {
            distinct.to_string()
        } else {
            format!("{distinct} ({} lines)", listed.len())
        };
        let mut what = format!("the listing of value-{v} boards is complete");
        if missing.len() > NAMED || repeats > NAMED {
            what = format!(
                "{what} ({} left out, {} repeated; the first {NAMED} of each named)",
                missing.len(),
                repeats
            );
        }
        let complete = missing.is_empty() && repeats == 0 && distinct == engine;
        lines.push(checked_line(
            0,
            what,
            stated,
            engine.to_string(),
            refuted_unless(complete, "listing"),
        ));
        lines
    }

    /// The engine's boards of value `v`: every image of every class of that value, in order.
    fn boards_of_value(&self, v: usize) -> BTreeSet<Board> {
        self.classes
            .iter()
            .filter(|(_, (_, value))| *value == v)
            .flat_map(|(class, _)| class.group().iter().map(|&s| class.image(s)))
            .collect()
    }

    /// One claim of line `ln` against the engine; a board the claim names is solved here.
    fn check_claim(&mut self, ln: usize, claim: &SummaryClaim) -> anyhow::Result<CheckedLine> {
        let (side, walls) = (self.side, self.walls);
        Ok(match claim {
            SummaryClaim::Total(t) => checked_line(
                ln,
                format!("number of {walls}-wall boards"),
                t.to_string(),
                format!("{} (C({}, {walls}))", self.total, side * side),
                refuted_unless(*t == self.total, "total"),
            ),
            SummaryClaim::Max(m) => checked_line(
                ln,
                "largest value".into(),
                m.to_string(),
                self.max.to_string(),
                refuted_unless(*m == self.max, "max"),
            ),
            SummaryClaim::Example(w) => {
                let v = self.value_of(w)?;
                checked_line(
                    ln,
                    format!("example board {} reaches the largest value", render_cell_list(w)),
                    self.stated_max.map_or("-".into(), |m| m.to_string()),
                    v.to_string(),
                    refuted_unless(w.len() == walls && Some(v) == self.stated_max, "example"),
                )
            }
            SummaryClaim::Count { value: v, count } => {
                let engine = self.boards_with_value(*v);
                checked_line(
                    ln,
                    format!("boards with value {v}"),
                    count.to_string(),
                    engine.to_string(),
                    refuted_unless(*count == engine, "count"),
                )
            }
            SummaryClaim::Share { value: v, percent } => {
                let engine = share_as_written(self.boards_with_value(*v), self.total, percent);
                checked_line(
                    ln,
                    format!("share of all boards with value {v}"),
                    format!("{percent}%"),
                    format!("{engine}%"),
                    refuted_unless(*percent == engine, "share"),
                )
            }
            SummaryClaim::Listed { value: v, walls: w } => {
                let got = self.value_of(w)?;
                checked_line(
                    ln,
                    format!("listed board {} has value {v}", render_cell_list(w)),
                    v.to_string(),
                    got.to_string(),
                    refuted_unless(got == *v, "listed"),
                )
            }
            SummaryClaim::Unchecked(t) => checked_line(ln, t.clone(), String::new(), String::new(), None),
        })
    }

    /// The engine's number of boards with value `v`.
    fn boards_with_value(&self, v: usize) -> u64 {
        self.distribution.get(&v).copied().unwrap_or(0)
    }

    /// The value of the board with these walls, solved and checked.
    fn value_of(&mut self, walls: &[Coord]) -> anyhow::Result<usize> {
        let board = Board::with_walls(self.side, self.side, walls)?;
        let r = checked_value(&board, self.value, self.certify, None)?;
        self.certified = self.certified && !r.rests_on_unchecked_unsat();
        Ok(r.value)
    }
}

/// How many repeated or left-out boards of a listing are named, each on a line of its own.
const NAMED: usize = 5;

/// A checked line of the summary.
fn checked_line(
    line: usize,
    what: String,
    stated: String,
    engine: String,
    refuted: Option<&'static str>,
) -> CheckedLine {
    CheckedLine {
        line,
        what,
        stated,
        engine,
        refuted,
    }
}

/// `None` when the claim holds, else the kind of its refutation.
fn refuted_unless(holds: bool, kind: &'static str) -> Option<&'static str> {
    if holds { None } else { Some(kind) }
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
