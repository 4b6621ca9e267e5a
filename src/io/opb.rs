//! Pseudo-Boolean (OPB, as in the PB competitions) form of the seed's base model: one 0/1
//! variable per free cell, "at most one queen" per segment, maximise the queens.
//!
//! Invariant: variables are the free cells in row-major order, `x1` first; the competition
//! format admits only `>=` and `=`, so "≤ 1" is written as `-1 x_i -1 x_j ... >= -1`.

use crate::board::{Board, BoardError, Coord, Family};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The free cells (variable order) and, per segment with two or more free cells, its cells.
pub(crate) fn segment_rows(board: &Board) -> (Vec<Coord>, Vec<Vec<Coord>>) {
    let free = board.free_cells();
    let rows = board
        .segments()
        .iter()
        .map(|s| s.free_cells(board).collect::<Vec<_>>())
        .filter(|c| c.len() >= 2)
        .collect();
    (free, rows)
}

/// What the seed's least-walls model (LP and OPB) is asked.
#[derive(Clone, Copy, Debug)]
pub struct LeastWallsIlp {
    pub rows: usize,
    pub cols: usize,
    /// Exactly this many queens (the seed's QUEEN_COUNT).
    pub queens: usize,
    /// At most this many walls, when given.
    pub max_walls: Option<usize>,
}

/// One `Σ queens − Σ walls ≤ 1` row of the least-walls model: its queen cells, its wall cells.
pub(crate) type WallRuleRow = (Vec<Coord>, Vec<Coord>);

/// The seed's least-walls rule on an empty `rows × cols` board, as `(queens, walls)` rows
/// meaning `Σ queens − Σ walls ≤ 1`: for every line and every pair of its cells `i < j`, the
/// queens on the cells from `i` to `j` and the walls strictly between them (each wall between
/// lets one more queen in).
pub(crate) fn least_walls_rows(rows: usize, cols: usize) -> Result<Vec<WallRuleRow>, BoardError> {
    let shape = Board::new(rows, cols)?;
    let mut out = Vec::new();
    for f in Family::ALL {
        for line in shape.segments_of(f) {
            let c = &line.cells;
            for i in 0..c.len() {
                for j in i + 1..c.len() {
                    out.push((c[i..=j].to_vec(), c[i + 1..j].to_vec()));
                }
            }
        }
    }
    Ok(out)
}

/// The seed's least-walls model as OPB: `x1..x(rc)` the queens and `x(rc+1)..x(2rc)` the walls,
/// row-major; exactly `queens` queens, no queen on a wall, the rule of `least_walls_rows`,
/// at most `max_walls` walls when given; minimise the walls.
pub fn write_least_walls_opb(m: &LeastWallsIlp, header: &str) -> Result<String, BoardError> {
    let lines = least_walls_rows(m.rows, m.cols)?;
    let (cols, queens, max_walls) = (m.cols, m.queens, m.max_walls);
    let n = m.rows * cols;
    let q = |(r, c): Coord| r * cols + c + 1;
    let w = |p: Coord| n + q(p);
    let n_cons = 1 + n + lines.len() + usize::from(max_walls.is_some());
    let mut s = format!("* #variable= {} #constraint= {n_cons}\n", 2 * n);
    s.push_str(header);
    let walls: String = (n + 1..=2 * n).map(|i| format!(" +1 x{i}")).collect();
    let _ = writeln!(s, "min:{walls} ;");
    let all: String = (1..=n).map(|i| format!("+1 x{i} ")).collect();
    let _ = writeln!(s, "{all}= {queens} ;");
    for i in 1..=n {
        let _ = writeln!(s, "-1 x{i} -1 x{} >= -1 ;", n + i);
    }
    for (qs, ws) in &lines {
        let mut t: Vec<String> = qs.iter().map(|&p| format!("-1 x{}", q(p))).collect();
        t.extend(ws.iter().map(|&p| format!("+1 x{}", w(p))));
        let _ = writeln!(s, "{} >= -1 ;", t.join(" "));
    }
    if let Some(m) = max_walls {
        let _ = writeln!(s, "{} >= -{m} ;", walls.replace("+1", "-1").trim_start());
    }
    Ok(s)
}

/// `(name, meaning)` of the least-walls OPB variables, for the header.
pub fn least_walls_opb_map(rows: usize, cols: usize) -> Vec<(String, String)> {
    let n = rows * cols;
    let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
    let queens = cells
        .clone()
        .enumerate()
        .map(|(i, (r, c))| (format!("x{}", i + 1), format!("queen {r},{c}")));
    let walls = cells
        .enumerate()
        .map(|(i, (r, c))| (format!("x{}", n + i + 1), format!("wall {r},{c}")));
    queens.chain(walls).collect()
}

/// The OPB file. With `at_least = Some(k)` it is a decision problem (`Σ ≥ k`, no
/// objective); otherwise it minimises minus the number of queens.
pub fn write_opb(board: &Board, header: &str, at_least: Option<usize>) -> String {
    let (free, rows) = segment_rows(board);
    let index: HashMap<Coord, usize> = free.iter().enumerate().map(|(i, &p)| (p, i + 1)).collect();
    let n_cons = rows.len() + usize::from(at_least.is_some());
    let mut s = format!("* #variable= {} #constraint= {}\n", free.len(), n_cons);
    s.push_str(header);
    let all: String = (1..=free.len()).map(|i| format!(" +1 x{i}")).collect();
    match at_least {
        None => {
            let _ = writeln!(s, "min:{} ;", all.replace("+1", "-1"));
        }
        Some(k) => {
            let _ = writeln!(s, "{} >= {k} ;", all.trim_start());
        }
    }
    for cells in rows {
        let terms: Vec<String> = cells.iter().map(|p| format!("-1 x{}", index[p])).collect();
        let _ = writeln!(s, "{} >= -1 ;", terms.join(" "));
    }
    s
}

/// `(name, meaning)` of the OPB variables, for the header.
pub fn opb_map(board: &Board) -> Vec<(String, String)> {
    board
        .free_cells()
        .iter()
        .enumerate()
        .map(|(i, (r, c))| (format!("x{}", i + 1), format!("queen {r},{c}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_board() {
        let b = Board::with_walls(1, 3, &[(0, 1)]).unwrap();
        assert_eq!(
            write_opb(&b, "", None),
            "* #variable= 2 #constraint= 0\nmin: -1 x1 -1 x2 ;\n"
        );
        let b = Board::square(2).unwrap();
        let s = write_opb(&b, "* h\n", Some(1));
        assert!(
            s.starts_with("* #variable= 4 #constraint= 7\n* h\n+1 x1 +1 x2 +1 x3 +1 x4 >= 1 ;\n"),
            "{s}"
        );
        assert!(s.contains("-1 x1 -1 x2 >= -1 ;"));
    }
}
