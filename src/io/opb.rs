//! Pseudo-Boolean (OPB, as in the PB competitions) form of the seed's base model: one 0/1
//! variable per free cell, "at most one queen" per segment, maximise the queens.
//!
//! Invariant: variables are the free cells in row-major order, `x1` first; the competition
//! format admits only `>=` and `=`, so "≤ 1" is written as `-1 x_i -1 x_j ... >= -1`.

use crate::board::{Board, Coord};
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
