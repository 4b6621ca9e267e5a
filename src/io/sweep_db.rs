//! The sweep database: one row per symmetry class of wall sets.
//!
//! Two layouts of the same rows:
//! - JSON lines, any board size: `{"walls":[[r,c],..],"value":v,"queens":[[r,c],..],"orbit":o}`;
//! - the published CSV layout (boards of at most 8 × 8), written by
//!   [`super::published::published_csv_rows`] beside the reader of the published tables, so rows
//!   compare directly with them.

use crate::board::{Coord, Placement};
use serde::{Deserialize, Serialize};

/// One class: its canonical walls (the least image), its value, one optimal placement on those
/// walls, and how many boards the class holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassRow {
    pub walls: Vec<Coord>,
    pub value: usize,
    pub queens: Placement,
    pub orbit: usize,
    /// The number of optimal placements, when the sweep counted them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal: Option<u64>,
}

/// Rows as JSON lines.
pub fn render_jsonl(rows: &[ClassRow]) -> String {
    // Each row serialised straight into the one buffer.
    let mut s = Vec::new();
    for r in rows {
        serde_json::to_writer(&mut s, r).expect("a row always serialises");
        s.push(b'\n');
    }
    String::from_utf8(s).expect("JSON is UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{PUBLISHED_CSV_HEADER, published_csv_rows};

    #[test]
    fn csv_round_trip_in_the_published_layout() {
        let rows = vec![ClassRow {
            walls: vec![(1, 3), (2, 5)],
            value: 10,
            queens: Placement::new(vec![(0, 0)]),
            orbit: 8,
            optimal: None,
        }];
        let csv = format!("{PUBLISHED_CSV_HEADER}{}", published_csv_rows(&rows).unwrap());
        assert_eq!(
            csv,
            "Walls,Value,Queens:\n4507997673881600,10,9223372036854775808\n"
        );
        let back = crate::io::parse_published("x.csv", &csv).unwrap().rows;
        assert_eq!(back[0].walls.cells(8, 8).unwrap(), rows[0].walls);
        assert_eq!(
            back[0].queens.as_ref().unwrap().cells(8, 8).unwrap(),
            rows[0].queens.queens()
        );
        assert_eq!(
            render_jsonl(&rows),
            "{\"walls\":[[1,3],[2,5]],\"value\":10,\"queens\":[[0,0]],\"orbit\":8}\n"
        );
    }
}
