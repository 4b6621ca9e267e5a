//! The sweep database: one row per symmetry class of wall sets.
//!
//! Two layouts of the same rows:
//! - JSON lines, any board size: `{"walls":[[r,c],..],"value":v,"queens":[[r,c],..],"orbit":o}`;
//! - the published CSV layout (boards of at most 8 × 8): header `Walls,Value,Queens:`, then
//!   `walls,value,queens` with walls and queens as 64-bit numbers, cell `(r, c)` at bit
//!   `63 - (8r + c)`, so rows compare directly with `../shared/ilp-results/`.

use crate::board::{Coord, Placement, from_bits64, to_bits64};
use anyhow::{Context, bail};
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
    let mut s = String::new();
    for r in rows {
        s.push_str(&serde_json::to_string(r).expect("a row always serialises"));
        s.push('\n');
    }
    s
}

/// Rows in the published CSV layout; errors if a cell does not fit 8 × 8.
pub fn render_published_csv(rows: &[ClassRow]) -> anyhow::Result<String> {
    let mut s = String::from("Walls,Value,Queens:\n");
    for r in rows {
        let walls = to_bits64(&r.walls)?;
        let queens = to_bits64(r.queens.queens())?;
        s.push_str(&format!("{walls},{},{queens}\n", r.value));
    }
    Ok(s)
}

/// A row of a published CSV file: walls, claimed value, claimed placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedRow {
    pub line: usize,
    pub walls: Vec<Coord>,
    pub value: usize,
    pub queens: Placement,
}

/// Reads a published `Walls,Value,Queens:` file of `rows × cols` boards; errors name the file
/// and line.
pub fn parse_published_csv(
    text: &str,
    name: &str,
    rows: usize,
    cols: usize,
) -> anyhow::Result<Vec<PublishedRow>> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, h)) if h.trim() == "Walls,Value,Queens:" => {}
        _ => bail!("{name}:1: expected the header `Walls,Value,Queens:`"),
    }
    let mut out = Vec::new();
    for (i, line) in lines {
        let line_no = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let place = || format!("{name}:{line_no}");
        let fields: Vec<&str> = line.trim().split(',').collect();
        if fields.len() != 3 {
            bail!(
                "{}: expected 3 comma-separated fields, found {}",
                place(),
                fields.len()
            );
        }
        let walls: u64 = fields[0]
            .parse()
            .with_context(|| format!("{}: walls {:?}", place(), fields[0]))?;
        let value: usize = fields[1]
            .parse()
            .with_context(|| format!("{}: value {:?}", place(), fields[1]))?;
        let queens: u64 = fields[2]
            .parse()
            .with_context(|| format!("{}: queens {:?}", place(), fields[2]))?;
        out.push(PublishedRow {
            line: line_no,
            walls: from_bits64(walls, rows, cols).with_context(place)?,
            value,
            queens: Placement::new(from_bits64(queens, rows, cols).with_context(place)?),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_round_trip_in_the_published_layout() {
        let rows = vec![ClassRow {
            walls: vec![(1, 3), (2, 5)],
            value: 10,
            queens: Placement::new(vec![(0, 0)]),
            orbit: 8,
            optimal: None,
        }];
        let csv = render_published_csv(&rows).unwrap();
        assert_eq!(
            csv,
            "Walls,Value,Queens:\n4507997673881600,10,9223372036854775808\n"
        );
        let back = parse_published_csv(&csv, "x.csv", 8, 8).unwrap();
        assert_eq!(back[0].walls, rows[0].walls);
        assert_eq!(back[0].queens, rows[0].queens);
        assert_eq!(
            render_jsonl(&rows),
            "{\"walls\":[[1,3],[2,5]],\"value\":10,\"queens\":[[0,0]],\"orbit\":8}\n"
        );
    }

    #[test]
    fn bad_rows_name_file_and_line() {
        let e = parse_published_csv("Walls,Value,Queens:\n1,2\n", "f.csv", 8, 8).unwrap_err();
        assert!(format!("{e:#}").contains("f.csv:2"), "{e:#}");
        let e = parse_published_csv("nope\n", "f.csv", 8, 8).unwrap_err();
        assert!(format!("{e:#}").contains("f.csv:1"), "{e:#}");
    }
}
