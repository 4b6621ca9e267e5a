//! The seed's ILP (base model) in CPLEX LP format, for SCIP, HiGHS, CBC and others:
//! binary `q_r_c` per free cell, `Σ ≤ 1` per segment, maximise the queens.
//!
//! Lines are wrapped well below the format's 510-character limit.

use super::opb::{LeastWallsIlp, least_walls_rows, segment_rows};
use crate::board::{Board, BoardError, Coord};
use std::fmt::Write as _;

fn name((r, c): Coord) -> String {
    format!("q_{r}_{c}")
}

/// `terms` joined by ` + `, wrapped every 8 terms.
fn sum(terms: &[String]) -> String {
    terms
        .chunks(8)
        .map(|c| c.join(" + "))
        .collect::<Vec<_>>()
        .join("\n   + ")
}

/// The LP file; `at_least = Some(k)` adds the constraint `count: Σ ≥ k`.
pub fn write_lp(board: &Board, header: &str, at_least: Option<usize>) -> String {
    let (free, rows) = segment_rows(board);
    let all: Vec<String> = free.iter().map(|&p| name(p)).collect();
    let mut s = String::from(header);
    s.push_str("Maximize\n");
    // The objective, and the sum the count constraint bounds (a constant when no cell is free).
    let queens: String = if all.is_empty() {
        "0 q_none".into()
    } else {
        sum(&all)
    };
    let _ = writeln!(s, " queens: {queens}");
    s.push_str("Subject To\n");
    for (i, cells) in rows.iter().enumerate() {
        let terms: Vec<String> = cells.iter().map(|&p| name(p)).collect();
        let _ = writeln!(s, " seg{i}: {} <= 1", sum(&terms));
    }
    if let Some(k) = at_least {
        let _ = writeln!(s, " count: {queens} >= {k}");
    }
    s.push_str("Binary\n");
    for chunk in all.chunks(8) {
        let _ = writeln!(s, " {}", chunk.join(" "));
    }
    s.push_str("End\n");
    s
}

fn wall_name((r, c): Coord) -> String {
    format!("w_{r}_{c}")
}

/// The seed's least-walls model (LWM) in CPLEX LP format: binary `q_r_c` (QUEEN) and `w_r_c`
/// (BLOCKED) per cell; minimise the walls; exactly `queens` queens (QUEEN_COUNT); per line
/// and pair of cells, the queens between them at most one more than the walls strictly
/// between (ROW_SAFETY and its column and diagonal twins); no queen on a wall; at most
/// `max_walls` walls when given.
pub fn write_least_walls_lp(m: &LeastWallsIlp, header: &str) -> Result<String, BoardError> {
    let lines = least_walls_rows(m.rows, m.cols)?;
    let (cols, queens, max_walls) = (m.cols, m.queens, m.max_walls);
    let cells: Vec<Coord> = (0..m.rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
    let qs: Vec<String> = cells.iter().map(|&p| name(p)).collect();
    let ws: Vec<String> = cells.iter().map(|&p| wall_name(p)).collect();
    let mut s = String::from(header);
    let _ = writeln!(s, "Minimize\n walls: {}", sum(&ws));
    let _ = writeln!(s, "Subject To\n queen_count: {} = {queens}", sum(&qs));
    for (i, p) in cells.iter().enumerate() {
        let _ = writeln!(s, " cell{i}: {} + {} <= 1", name(*p), wall_name(*p));
    }
    for (i, (q, w)) in lines.iter().enumerate() {
        let plus: Vec<String> = q.iter().map(|&p| name(p)).collect();
        let minus: String = w.iter().map(|&p| format!(" - {}", wall_name(p))).collect();
        let _ = writeln!(s, " safe{i}: {}{minus} <= 1", sum(&plus));
    }
    if let Some(m) = max_walls {
        let _ = writeln!(s, " max_walls: {} <= {m}", sum(&ws));
    }
    s.push_str("Binary\n");
    for chunk in qs.chunks(8).chain(ws.chunks(8)) {
        let _ = writeln!(s, " {}", chunk.join(" "));
    }
    s.push_str("End\n");
    Ok(s)
}

/// `(name, meaning)` of the least-walls LP variables, for the header.
pub fn least_walls_lp_map(rows: usize, cols: usize) -> Vec<(String, String)> {
    let cells: Vec<Coord> = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
    let queens = cells
        .iter()
        .map(|&(r, c)| (name((r, c)), format!("queen {r},{c}")));
    let walls = cells
        .iter()
        .map(|&(r, c)| (wall_name((r, c)), format!("wall {r},{c}")));
    queens.chain(walls).collect()
}

/// `(name, meaning)` of the LP variables, for the header.
pub fn lp_map(board: &Board) -> Vec<(String, String)> {
    board
        .free_cells()
        .iter()
        .map(|&(r, c)| (name((r, c)), format!("queen {r},{c}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_board() {
        let b = Board::square(2).unwrap();
        let s = write_lp(&b, "\\ h\n", None);
        assert!(
            s.starts_with("\\ h\nMaximize\n queens: q_0_0 + q_0_1 + q_1_0 + q_1_1\nSubject To\n"),
            "{s}"
        );
        assert!(s.contains(" seg0: q_0_0 + q_0_1 <= 1\n"));
        assert!(s.ends_with("Binary\n q_0_0 q_0_1 q_1_0 q_1_1\nEnd\n"));
    }
}
