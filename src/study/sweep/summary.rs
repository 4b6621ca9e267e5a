//! Summaries of a sweep: the value distribution per class and per board (a class weighs its
//! orbit size), the maximum and an example, and how the figures were made.

use crate::board::{Coord, render_cell_list};
use crate::io::{ClassRow, RowCell, RowView, plural};
use crate::run::Provenance;
use crate::study::value_count::ValueCount;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The summary of the sweep of one wall count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallsSummary {
    pub walls: usize,
    /// Symmetry classes, and the boards they hold (each class weighs its orbit).
    pub classes: u64,
    pub boards: u64,
    pub max_value: usize,
    /// The first class (in database order) with the maximum value.
    pub max_example: Vec<Coord>,
    /// A placement of `max_value` queens on `max_example`, checked.
    pub max_example_queens: Vec<Coord>,
    /// Classes and boards per value, by ascending value.
    pub values: Vec<ValueCount>,
    /// With `--count-optimal`: placements of `max_value` queens summed over every board (a
    /// class weighs its orbit), e.g. the "n + k queens with k walls on n × n" count when
    /// `max_value = n + k`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_value_placements: Option<u64>,
}

/// Summarises the rows of one wall count (non-empty).
pub fn summarise(walls: usize, rows: &[ClassRow]) -> WallsSummary {
    let mut acc = Summariser::new(walls);
    acc.add(rows);
    acc.finish()
}

/// [`summarise`] row by row, for a wall count too large to hold its rows at once: the rows
/// added in database order give the summary of all of them.
pub struct Summariser {
    walls: usize,
    by_value: BTreeMap<usize, (u64, u64)>,
    max_value: usize,
    /// The first row of the maximum value: its walls and queens.
    example: Option<(Vec<Coord>, Vec<Coord>)>,
    /// Placements of the maximum value over the rows of that value that counted theirs.
    at_max: u64,
    /// Whether every row so far counted its optimal placements.
    all_counted: bool,
}

impl Summariser {
    pub fn new(walls: usize) -> Summariser {
        Summariser {
            walls,
            by_value: BTreeMap::new(),
            max_value: 0,
            example: None,
            at_max: 0,
            all_counted: true,
        }
    }

    pub fn add(&mut self, rows: &[ClassRow]) {
        for r in rows {
            self.add_view(&r.view());
        }
    }

    /// One row, its cells borrowed.
    pub fn add_view<C: RowCell>(&mut self, r: &RowView<'_, C>) {
        let e = self.by_value.entry(r.value).or_default();
        e.0 += 1;
        e.1 += r.orbit as u64;
        if r.value > self.max_value || self.example.is_none() {
            self.max_value = r.value;
            let coords = |cells: &[C]| cells.iter().map(|&x| x.coord()).collect();
            self.example = Some((coords(r.walls), coords(r.queens)));
            self.at_max = 0;
        }
        if r.value == self.max_value {
            self.at_max += r.optimal.unwrap_or(0) * r.orbit as u64;
        }
        self.all_counted &= r.optimal.is_some();
    }

    pub fn finish(self) -> WallsSummary {
        let (classes, boards) = self
            .by_value
            .values()
            .fold((0, 0), |(c, b), &(vc, vb)| (c + vc, b + vb));
        let (max_example, max_example_queens) = self.example.unwrap_or_default();
        WallsSummary {
            walls: self.walls,
            classes,
            boards,
            max_value: self.max_value,
            max_example,
            max_example_queens,
            // Every row counted its optima, or the total is not known.
            max_value_placements: (classes > 0 && self.all_counted).then_some(self.at_max),
            values: self
                .by_value
                .into_iter()
                .map(|(value, (classes, boards))| ValueCount {
                    value,
                    classes,
                    boards,
                })
                .collect(),
        }
    }
}

/// How a sweep's figures were made: the provenance, the engine, and the work done.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunRecord {
    #[serde(flatten)]
    pub provenance: Provenance,
    pub solver: String,
    pub engine: String,
    pub encoding: String,
    pub threads: usize,
    /// Wall-clock seconds of the invocation that wrote the summary.
    pub elapsed_seconds: f64,
    /// CPU seconds of that invocation (all threads).
    pub cpu_seconds: f64,
    /// Sum over chunks of the CPU seconds their SAT evaluation took (on whatever run made them).
    pub chunk_sat_seconds: f64,
    /// Sum over cross-checked chunks of the branch-and-bound CPU seconds, and the SAT ones of
    /// the same chunks, when `--cross-check` was on.
    pub cross_check: Option<CrossCheck>,
    pub sat_calls: u64,
    /// Sum over chunks of the tree engine's CPU seconds (branch and bound, search trees and
    /// their replay), when it was the engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chunk_tree_seconds: Option<f64>,
    pub chunks: usize,
    pub chunks_resumed: usize,
}

/// The cross-check engine's agreement and speed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CrossCheck {
    pub classes: u64,
    pub bnb_seconds: f64,
    pub sat_seconds: f64,
}

impl RunRecord {
    /// What of the sweep `sums` rests on an external solver's unchecked UNSAT answers: the
    /// values, when a SAT engine proved them and nothing compared them with the branch and
    /// bound (`--cross-check`, or the reuse engine's branch-and-bound start); the counts of
    /// optimal placements when a SAT engine counted them (its enumeration ends in an UNSAT
    /// answer; the tree engine's counts rest on replayed trees). `None`: nothing, or the solver
    /// is built in. The one rule for the run's summary and for what the command prints.
    pub fn unchecked_by_external(&self, sums: &[WallsSummary]) -> Option<&'static str> {
        // "none" (the tree engine alone) names no backend: nothing rests on a solver.
        let backend: crate::solve::Backend = self.solver.parse().unwrap_or_default();
        if crate::engine::certified(&backend, true, false) {
            return None;
        }
        let by_sat = self.chunk_tree_seconds.is_none();
        let counted = sums.iter().any(|w| w.max_value_placements.is_some());
        match (by_sat && self.cross_check.is_none(), by_sat && counted) {
            (true, true) => Some("values and counts"),
            (true, false) => Some("values"),
            (false, true) => Some("counts"),
            (false, false) => None,
        }
    }
}

/// "all 5 classes", or "the 1 class" when there is one.
fn every_class(n: u64) -> String {
    match n {
        1 => "the 1 class".to_string(),
        n => format!("all {n} classes"),
    }
}

fn pct(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The summary as markdown: one table per wall count, then the provenance.
pub fn markdown(shape: &str, sums: &[WallsSummary], prov: &RunRecord) -> String {
    let mut s = format!("# Sweep of {shape} boards by symmetry class\n\n");
    let refutation = if prov.chunk_tree_seconds.is_some() {
        "the branch and bound's search tree, replayed by the checker as a refutation of one queen \
         more"
    } else {
        "an UNSAT answer for one queen more"
    };
    s.push_str(&format!(
        "Every value is proved: a placement with that many queens (re-checked by the independent \
         checker) and {refutation}. Boards count every wall set; classes count sets up to the \
         symmetries of the board (a class weighs its orbit size).\n\n",
    ));
    s.push_str("![value distribution](values.svg)\n\n");
    for w in sums {
        s.push_str(&format!(
            "## {}: {}, {}\n\n",
            plural(w.walls, "wall", "walls"),
            plural(w.classes, "class", "classes"),
            plural(w.boards, "board", "boards")
        ));
        s.push_str("| value | classes | % classes | boards | % boards |\n|---:|---:|---:|---:|---:|\n");
        for v in &w.values {
            s.push_str(&format!(
                "| {} | {} | {:.2} | {} | {:.2} |\n",
                v.value,
                v.classes,
                pct(v.classes, w.classes),
                v.boards,
                pct(v.boards, w.boards)
            ));
        }
        s.push_str(&format!(
            "\nMaximum value {}; example walls {} with queens {}.\n\n",
            w.max_value,
            if w.max_example.is_empty() {
                "(none)".to_string()
            } else {
                render_cell_list(&w.max_example)
            },
            render_cell_list(&w.max_example_queens)
        ));
        if let Some(n) = w.max_value_placements {
            s.push_str(&format!(
                "Placements of {} queens summed over every {}-wall board: {n}.\n\n",
                w.max_value, w.walls
            ));
        }
    }
    s.push_str("## How it was made\n\n");
    s.push_str(&format!("- command: `{}`\n", prov.provenance.command));
    s.push_str(&format!("- solver: {}; engine: {}\n", prov.solver, prov.engine));
    let counted = sums.iter().any(|w| w.max_value_placements.is_some());
    if let Some(what) = prov.unchecked_by_external(sums) {
        s.push_str(&format!(
            "- proof: {}: the {what} rest on its UNSAT answers\n",
            crate::solve::UNCHECKED_UNSAT
        ));
    }
    s.push_str(&format!("- encoding: {}\n", prov.encoding));
    s.push_str(&format!(
        "- host: {} ({})\n",
        prov.provenance.host,
        plural(prov.threads, "worker thread", "worker threads")
    ));
    s.push_str(&format!(
        "- elapsed: {:.1} s wall and {:.1} s CPU for this invocation; {:.1} s CPU of SAT work summed \
         over {} chunks ({} taken from earlier runs or shards), {} solver calls\n",
        prov.elapsed_seconds,
        prov.cpu_seconds,
        prov.chunk_sat_seconds,
        prov.chunks,
        prov.chunks_resumed,
        prov.sat_calls
    ));
    if let Some(t) = prov.chunk_tree_seconds {
        s.push_str(&format!(
            "- tree engine: {t:.1} s CPU for the branch and bound, its search trees{} and their replay\n",
            if counted { ", its counting trees" } else { "" }
        ));
    }
    match (&prov.cross_check, prov.chunk_tree_seconds) {
        (Some(c), Some(_)) => s.push_str(&format!(
            "- cross-check: SAT agrees on {} it checked (one UNSAT answer each{}); it took \
             {:.2} s CPU against {:.2} s CPU of the tree engine on the same chunks (SAT/tree = {:.1})\n",
            every_class(c.classes),
            if counted {
                ", and the count by enumeration"
            } else {
                ""
            },
            c.sat_seconds,
            c.bnb_seconds,
            c.sat_seconds / c.bnb_seconds.max(1e-9)
        )),
        (Some(c), None) => s.push_str(&format!(
            "- cross-check: the branch-and-bound engine agrees on {} it checked; it took \
             {:.2} s CPU against {:.2} s CPU of SAT on the same chunks (SAT/BnB = {:.1})\n",
            every_class(c.classes),
            c.bnb_seconds,
            c.sat_seconds,
            c.sat_seconds / c.bnb_seconds.max(1e-9)
        )),
        (None, _) => {}
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Placement;

    #[test]
    fn boards_weigh_orbits() {
        let row = |value, orbit| ClassRow {
            walls: vec![(0, 0)],
            value,
            queens: Placement::default(),
            orbit,
            optimal: None,
        };
        let s = summarise(1, &[row(8, 4), row(9, 8), row(9, 1)]);
        assert_eq!(s.max_value_placements, None);
        assert_eq!(s.classes, 3);
        assert_eq!(s.boards, 13);
        assert_eq!(s.max_value, 9);
        assert_eq!(
            s.values,
            vec![
                ValueCount {
                    value: 8,
                    classes: 1,
                    boards: 4
                },
                ValueCount {
                    value: 9,
                    classes: 2,
                    boards: 9
                }
            ]
        );
        let counted = |value, orbit, optimal| ClassRow {
            optimal: Some(optimal),
            ..row(value, orbit)
        };
        let rows = [counted(8, 4, 5), counted(9, 8, 2), counted(9, 1, 3)];
        let s = summarise(1, &rows);
        // Row by row in two parts, as a streamed layer is summarised: the same summary.
        let mut acc = Summariser::new(1);
        acc.add(&rows[..1]);
        acc.add(&rows[1..]);
        assert_eq!(acc.finish(), s);
        assert_eq!(s.max_value_placements, Some(2 * 8 + 3));
    }
}
