//! The sweep database: one row per symmetry class of wall sets.
//!
//! Two layouts of the same rows:
//! - JSON lines, any board size: `{"walls":[[r,c],..],"value":v,"queens":[[r,c],..],"orbit":o}`;
//! - the published CSV layout (boards of at most 8 × 8), written by
//!   [`super::published::published_csv_rows`] beside the reader of the published tables, so rows
//!   compare directly with them.

use super::decimal::push_decimal;
use crate::board::{Coord, Placement};
use serde::{Deserialize, Serialize};

/// One class: its canonical walls (the least image), its value, one optimal placement on those
/// walls, and how many boards the class holds.
/// Read back like input: a field it does not know is refused, not passed over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassRow {
    pub walls: Vec<Coord>,
    pub value: usize,
    pub queens: Placement,
    pub orbit: usize,
    /// The number of optimal placements, when the sweep counted them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal: Option<u64>,
}

impl ClassRow {
    /// The row's fields, its cells borrowed.
    pub fn view(&self) -> RowView<'_, Coord> {
        RowView {
            walls: &self.walls,
            value: self.value,
            queens: self.queens.queens(),
            orbit: self.orbit,
            optimal: self.optimal,
        }
    }

    /// The row as compact JSON, byte for byte what its `Serialize` writes (a test holds the
    /// two equal), appended to `out`: a sweep writes every row twice (its chunk and the
    /// database), millions of them, where serde's calls per field cost more than the bytes.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        self.view().write_json(out);
    }
}

/// A cell of a row as the writers take it: a coordinate, or a `[row, column]` pair of bytes
/// (a sweep keeps the rows it computes so, see `study::sweep`).
pub trait RowCell: Copy {
    fn coord(self) -> Coord;
}

impl RowCell for Coord {
    fn coord(self) -> Coord {
        self
    }
}

impl RowCell for [u8; 2] {
    fn coord(self) -> Coord {
        (self[0] as usize, self[1] as usize)
    }
}

/// The fields of a [`ClassRow`], its cells borrowed (as coordinates or as bytes): what the
/// writers of rows read.
#[derive(Clone, Copy, Debug)]
pub struct RowView<'a, C> {
    pub walls: &'a [C],
    pub value: usize,
    pub queens: &'a [C],
    pub orbit: usize,
    pub optimal: Option<u64>,
}

impl<C: RowCell> RowView<'_, C> {
    /// The row as [`ClassRow::write_json`] writes it.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"walls\":");
        write_cells(out, self.walls);
        out.extend_from_slice(b",\"value\":");
        push_decimal(out, self.value as u64);
        out.extend_from_slice(b",\"queens\":");
        write_cells(out, self.queens);
        out.extend_from_slice(b",\"orbit\":");
        push_decimal(out, self.orbit as u64);
        if let Some(n) = self.optimal {
            out.extend_from_slice(b",\"optimal\":");
            push_decimal(out, n);
        }
        out.push(b'}');
    }
}

/// Cells as a JSON list of `[r,c]` pairs.
fn write_cells<C: RowCell>(out: &mut Vec<u8>, cells: &[C]) {
    // Boards to 10 × 10 in one copy per cell, its separator first (the list's `[` before the
    // first cell): `,[r,c]`.
    if cells.iter().all(|&x| {
        let (r, c) = x.coord();
        r < 10 && c < 10
    }) {
        out.reserve(6 * cells.len() + 2);
        let mut sep = b'[';
        for &x in cells {
            let (r, c) = x.coord();
            out.extend_from_slice(&[sep, b'[', b'0' + r as u8, b',', b'0' + c as u8, b']']);
            sep = b',';
        }
        if cells.is_empty() {
            out.push(b'[');
        }
        out.push(b']');
        return;
    }
    out.push(b'[');
    for (i, &x) in cells.iter().enumerate() {
        let (r, c) = x.coord();
        if i > 0 {
            out.push(b',');
        }
        out.push(b'[');
        push_decimal(out, r as u64);
        out.push(b',');
        push_decimal(out, c as u64);
        out.push(b']');
    }
    out.push(b']');
}

/// Rows as JSON lines.
pub fn render_jsonl(rows: &[ClassRow]) -> String {
    let mut s = Vec::with_capacity(128 * rows.len());
    for r in rows {
        r.write_json(&mut s);
        s.push(b'\n');
    }
    String::from_utf8(s).expect("JSON is UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The hand-written JSON is serde's, byte for byte.
        #[test]
        fn rows_are_written_as_serde_writes_them(walls in proptest::collection::vec((0usize..70, 0usize..1000), 0..5),
                                                 small in proptest::collection::vec((0usize..10, 0usize..10), 0..5),
                                                 queens in proptest::collection::vec((0usize..70, 0usize..12), 0..5),
                                                 value: usize, orbit: usize, optimal: Option<u64>) {
            let mut row = ClassRow { walls, value, queens: Placement::new(queens), orbit, optimal };
            for _ in 0..2 {
                let mut out = Vec::new();
                row.write_json(&mut out);
                proptest::prop_assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(&row).unwrap());
                // Boards to 10 × 10, each cell in one copy.
                row.walls = small.clone();
                row.queens = Placement::new(small.clone());
            }
        }
    }
}
