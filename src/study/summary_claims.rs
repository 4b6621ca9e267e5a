//! An author's printed summary of one wall count (its total, largest value, example board,
//! boards and share per value, listings) judged against what is known of those boards: the
//! one judgement behind `verify`, which solves the boards, and `sweep-compare`, which reads a
//! sweep's proved rows. Each side says what it knows through [`KnownBoards`].

use crate::board::{Board, Coord, binomial, render_cell_list};
use crate::io::{SummaryClaim, share_as_written};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// What is known of every board of one wall count on a square board.
pub trait KnownBoards {
    /// The board's side and the wall count.
    fn side(&self) -> usize;
    fn walls(&self) -> usize;
    /// Boards per value over all boards of the wall count (each class counts its orbit).
    fn distribution(&self) -> &BTreeMap<usize, u64>;
    /// The value of the board with these walls (`walls()` of them), or why it is none of the
    /// boards known (`Ok(Err(why))`); an `Err` ends the judgement.
    fn value_of(&mut self, walls: &[Coord]) -> anyhow::Result<Result<usize, String>>;
    /// Every board of value `v`: each image of each class of that value.
    fn boards_of_value(&self, v: usize) -> BTreeSet<Board>;
}

/// One line of the summary, judged.
#[derive(Clone, Debug, Serialize)]
pub struct CheckedLine {
    /// 1-based line; 0 for a check of the whole file (a count or a listing it lacks).
    pub line: usize,
    pub what: String,
    pub stated: String,
    /// What is known (the engine's or the sweep's finding); empty when the line is not checked.
    pub engine: String,
    /// `None`: holds (or not checked); `Some(kind)`: refuted.
    pub refuted: Option<&'static str>,
}

impl CheckedLine {
    pub fn is_checked(&self) -> bool {
        !self.engine.is_empty()
    }
}

/// How many repeated or left-out boards of a listing are named, each on a line of its own.
const NAMED: usize = 5;

/// Every claim judged in the summary's order, then what the file as a whole lacks: a count
/// for each value the boards reach (when it counts any), and each listing's completeness.
pub fn judge_summary(
    claims: &[(usize, SummaryClaim)],
    known: &mut impl KnownBoards,
) -> anyhow::Result<Vec<CheckedLine>> {
    let total: u64 = known.distribution().values().sum();
    let max = known.distribution().keys().max().copied().unwrap_or(0);
    // An example is held to the largest value the summary states.
    let stated_max = claims.iter().find_map(|(_, c)| match c {
        SummaryClaim::Max(m) => Some(*m),
        _ => None,
    });
    let mut lines = Vec::new();
    // Each value's count, with the line that gives it first.
    let mut counted: BTreeMap<usize, usize> = BTreeMap::new();
    // Each value's listing: every listed board with its line, in the file's order.
    let mut listed: BTreeMap<usize, Vec<(usize, Board)>> = BTreeMap::new();
    for (ln, claim) in claims {
        let ln = *ln;
        let line = match claim {
            SummaryClaim::Total(t) => judged(
                ln,
                format!("number of {}-wall boards", known.walls()),
                t.to_string(),
                total_shown(known, total),
                *t == total,
                "total",
            ),
            SummaryClaim::Max(m) => judged(
                ln,
                "largest value".into(),
                m.to_string(),
                max.to_string(),
                *m == max,
                "max",
            ),
            SummaryClaim::Example(w) => {
                let v = value_or_why(known, w)?;
                judged(
                    ln,
                    format!("example board {} reaches the largest value", render_cell_list(w)),
                    stated_max.map_or("-".into(), |m| m.to_string()),
                    shown(&v),
                    v.is_ok_and(|v| Some(v) == stated_max),
                    "example",
                )
            }
            SummaryClaim::Count { value: v, count } => match counted.get(v) {
                Some(first) => judged(
                    ln,
                    format!("boards with value {v} are counted once (first on line {first})"),
                    "counted again".into(),
                    "once".into(),
                    false,
                    "count",
                ),
                None => {
                    counted.insert(*v, ln);
                    let engine = boards_with_value(known, *v);
                    judged(
                        ln,
                        format!("boards with value {v}"),
                        count.to_string(),
                        engine.to_string(),
                        *count == engine,
                        "count",
                    )
                }
            },
            SummaryClaim::Share { value: v, percent } => {
                let engine = share_as_written(boards_with_value(known, *v), total, percent);
                judged(
                    ln,
                    format!("share of all boards with value {v}"),
                    format!("{percent}%"),
                    format!("{engine}%"),
                    *percent == engine,
                    "share",
                )
            }
            SummaryClaim::Listed { value: v, walls: w } => {
                if let Ok(board) = Board::with_walls(known.side(), known.side(), w) {
                    listed.entry(*v).or_default().push((ln, board));
                }
                let got = value_or_why(known, w)?;
                judged(
                    ln,
                    format!("listed board {} has value {v}", render_cell_list(w)),
                    v.to_string(),
                    shown(&got),
                    got == Ok(*v),
                    "listed",
                )
            }
            SummaryClaim::Unchecked(t) => CheckedLine {
                line: ln,
                what: t.clone(),
                stated: String::new(),
                engine: String::new(),
                refuted: None,
            },
        };
        lines.push(line);
    }
    if !counted.is_empty() {
        for (&v, &boards) in known.distribution() {
            if !counted.contains_key(&v) {
                lines.push(judged(
                    0,
                    format!("boards with value {v} are counted"),
                    "no count".into(),
                    boards.to_string(),
                    false,
                    "count",
                ));
            }
        }
    }
    for (v, boards) in listed {
        lines.extend(listing_lines(known, v, &boards));
    }
    Ok(lines)
}

/// The value of the board with walls `w`, or why it is none of the boards known.
fn value_or_why(known: &mut impl KnownBoards, w: &[Coord]) -> anyhow::Result<Result<usize, String>> {
    if w.len() != known.walls() {
        return Ok(Err(format!("not a {}-wall board", known.walls())));
    }
    known.value_of(w)
}

/// The number of boards, with the binomial it is when the boards are every way to place the
/// walls (as they are when nothing is missing).
fn total_shown(known: &impl KnownBoards, total: u64) -> String {
    let (cells, walls) = ((known.side() * known.side()) as u64, known.walls() as u64);
    match binomial(cells, walls) {
        Some(all) if all == total => format!("{total} (C({cells}, {walls}))"),
        _ => total.to_string(),
    }
}

/// A value as a report shows it, or why there is none.
fn shown(v: &Result<usize, String>) -> String {
    v.as_ref().map_or_else(Clone::clone, usize::to_string)
}

fn boards_with_value(known: &impl KnownBoards, v: usize) -> u64 {
    known.distribution().get(&v).copied().unwrap_or(0)
}

/// Whether the listing of value-`v` boards names each board of that value exactly once: the
/// set of listed boards against the set of known value-`v` boards, not their numbers. A
/// repeated board and a board left out are refutations, the first few named.
fn listing_lines(known: &impl KnownBoards, v: usize, listed: &[(usize, Board)]) -> Vec<CheckedLine> {
    let mut lines = Vec::new();
    let mut first_line: BTreeMap<&Board, usize> = BTreeMap::new();
    let mut repeats = 0;
    for (ln, board) in listed {
        match first_line.get(board) {
            Some(&first) => {
                repeats += 1;
                if repeats <= NAMED {
                    lines.push(judged(
                        *ln,
                        format!(
                            "listed board {} is listed once (it is also on line {first})",
                            render_cell_list(&board.walls())
                        ),
                        "listed again".into(),
                        "once".into(),
                        false,
                        "listing",
                    ));
                }
            }
            None => {
                first_line.insert(board, *ln);
            }
        }
    }
    let of_value = known.boards_of_value(v);
    let missing: Vec<&Board> = of_value.iter().filter(|b| !first_line.contains_key(b)).collect();
    for board in missing.iter().take(NAMED) {
        lines.push(judged(
            0,
            format!(
                "the listing of value-{v} boards names board {}",
                render_cell_list(&board.walls())
            ),
            "not listed".into(),
            format!("value {v}"),
            false,
            "listing",
        ));
    }
    let engine = boards_with_value(known, v);
    let distinct = first_line.len() as u64;
    let stated = if repeats == 0 {
        distinct.to_string()
    } else {
        format!("{distinct} ({} lines)", listed.len())
    };
    let mut what = format!("the listing of value-{v} boards is complete");
    if missing.len() > NAMED || repeats > NAMED {
        what = format!(
            "{what} ({} left out, {repeats} repeated; the first {NAMED} of each named)",
            missing.len()
        );
    }
    let complete = missing.is_empty() && repeats == 0 && distinct == engine;
    lines.push(judged(0, what, stated, engine.to_string(), complete, "listing"));
    lines
}

/// A checked line, refuted as `kind` unless it `holds`.
fn judged(
    line: usize,
    what: String,
    stated: String,
    engine: String,
    holds: bool,
    kind: &'static str,
) -> CheckedLine {
    CheckedLine {
        line,
        what,
        stated,
        engine,
        refuted: (!holds).then_some(kind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two 1-wall classes on a 2 × 2 board: everything known is stated here.
    struct Tiny(BTreeMap<usize, u64>);

    impl KnownBoards for Tiny {
        fn side(&self) -> usize {
            2
        }
        fn walls(&self) -> usize {
            1
        }
        fn distribution(&self) -> &BTreeMap<usize, u64> {
            &self.0
        }
        fn value_of(&mut self, _: &[Coord]) -> anyhow::Result<Result<usize, String>> {
            Ok(Ok(2))
        }
        fn boards_of_value(&self, _: usize) -> BTreeSet<Board> {
            let board = |r, c| Board::with_walls(2, 2, &[(r, c)]).unwrap();
            [board(0, 0), board(0, 1), board(1, 0), board(1, 1)].into()
        }
    }

    #[test]
    fn a_value_counted_twice_or_left_out_is_refuted() {
        let mut known = Tiny([(2, 4)].into());
        let count = |line, count| (line, SummaryClaim::Count { value: 2, count });
        let lines = judge_summary(&[count(1, 4), count(2, 4)], &mut known).unwrap();
        assert_eq!(lines[0].refuted, None);
        assert_eq!(lines[1].refuted, Some("count"));
        assert!(lines[1].what.contains("first on line 1"), "{lines:?}");
        let other = (1, SummaryClaim::Count { value: 1, count: 0 });
        let lines = judge_summary(&[other], &mut known).unwrap();
        assert_eq!(lines[1].what, "boards with value 2 are counted");
        assert_eq!(lines[1].refuted, Some("count"));
    }

    #[test]
    fn a_board_of_another_wall_count_is_none_of_them() {
        let mut known = Tiny([(2, 4)].into());
        let claims = [(1, SummaryClaim::Max(2)), (2, SummaryClaim::Example(vec![]))];
        let lines = judge_summary(&claims, &mut known).unwrap();
        assert_eq!(lines[1].engine, "not a 1-wall board");
        assert_eq!(lines[1].refuted, Some("example"));
    }
}
