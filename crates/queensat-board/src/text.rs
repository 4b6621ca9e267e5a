//! The ASCII grid format: `.` free, `#` wall, `x` hole, `Q` queen (on a free cell).
//!
//! One board row per line (a line ends in LF, CRLF or a lone CR). Spaces and tabs between
//! cells are ignored, `%` starts a comment that runs to the end of the line, and blank lines
//! are skipped.

use super::grid::{Board, BoardError, Cell, MAX_SIDE};
use super::placement::Placement;
use super::walls::render_cell_list;
use std::fmt;

/// A board read from a grid, with the queens it showed (possibly none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedGrid {
    pub board: Board,
    pub queens: Placement,
}

/// The lines of a text file whatever its line ends: LF (Unix), CRLF (Windows) or a lone CR
/// (old Macintosh), each without its end.
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text).filter(|t| !t.is_empty());
    std::iter::from_fn(move || {
        let t = rest?;
        match t.find(['\n', '\r']) {
            Some(i) => {
                let end = if t[i..].starts_with("\r\n") { i + 2 } else { i + 1 };
                rest = Some(&t[end..]).filter(|r| !r.is_empty());
                Some(&t[..i])
            }
            None => {
                rest = None;
                Some(t)
            }
        }
    })
}

/// Parses a grid. Errors carry `line:column` (1-based) of the offending character.
pub fn parse_grid(text: &str) -> Result<ParsedGrid, BoardError> {
    let mut rows: Vec<Vec<(char, usize)>> = Vec::new();
    let mut first_line = Vec::new();
    for (ln, line) in text_lines(text).enumerate() {
        let line_no = ln + 1;
        let mut row = Vec::new();
        for (i, ch) in line.chars().enumerate() {
            match ch {
                '%' => break,
                ' ' | '\t' | '\r' => {}
                '.' | '#' | 'x' | 'X' | 'Q' | 'q' => row.push((ch, i + 1)),
                _ => {
                    return Err(BoardError::at(
                        line_no,
                        i + 1,
                        format!("unexpected character {ch:?} (use . free, # wall, x hole, Q queen)"),
                    ));
                }
            }
        }
        if row.is_empty() {
            continue;
        }
        if let Some(first) = rows.first()
            && row.len() != first.len()
        {
            return Err(BoardError::at(
                line_no,
                1,
                format!(
                    "row has {} cells but the first row (line {}) has {}",
                    row.len(),
                    first_line[0],
                    first.len()
                ),
            ));
        }
        first_line.push(line_no);
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(BoardError::new("the grid has no rows"));
    }
    // A grid too large is pointed at where it passes the limit: its first row's cell
    // `MAX_SIDE + 1`, or its row `MAX_SIDE + 1`.
    let (at_line, at_col) = if rows[0].len() > MAX_SIDE {
        (first_line[0], rows[0][MAX_SIDE].1)
    } else if rows.len() > MAX_SIDE {
        (first_line[MAX_SIDE], rows[MAX_SIDE][0].1)
    } else {
        (first_line[0], 1)
    };
    let mut board =
        Board::new(rows.len(), rows[0].len()).map_err(|e| BoardError::at(at_line, at_col, e.message))?;
    let mut queens = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &(ch, _)) in row.iter().enumerate() {
            match ch {
                '#' => board.set((r, c), Cell::Wall),
                'x' | 'X' => board.set((r, c), Cell::Hole),
                'Q' | 'q' => queens.push((r, c)),
                _ => {}
            }
        }
    }
    Ok(ParsedGrid {
        board,
        queens: Placement::new(queens),
    })
}

/// Draws a board, with queens if given, one row per line.
pub fn render_grid(board: &Board, queens: Option<&Placement>) -> String {
    let mut s = String::with_capacity((board.cols() + 1) * board.rows());
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            let ch = match board.cell((r, c)) {
                Cell::Wall => '#',
                Cell::Hole => 'x',
                Cell::Free if queens.is_some_and(|q| q.contains((r, c))) => 'Q',
                Cell::Free => '.',
            };
            s.push(ch);
        }
        s.push('\n');
    }
    s
}

impl Board {
    /// Short human description, e.g. `8x8, walls 1,3 2,5`.
    pub fn describe(&self) -> String {
        let mut s = format!("{}x{}", self.rows(), self.cols());
        let walls = self.walls();
        let holes = self.holes();
        if walls.is_empty() && holes.is_empty() {
            s.push_str(", no walls");
        }
        if !walls.is_empty() {
            s.push_str(&format!(", walls {}", render_cell_list(&walls)));
        }
        if !holes.is_empty() {
            s.push_str(&format!(", holes {}", render_cell_list(&holes)));
        }
        s
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.describe())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render_grid(self, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_end_reads_the_same() {
        let lf = ".#.\nQ..\n...\n";
        let want = parse_grid(lf).unwrap();
        for text in [
            ".#.\r\nQ..\r\n...\r\n",
            ".#.\rQ..\r...\r",
            ".#.\rQ..\r\n...",
            ".#.\nQ..\n...",
        ] {
            assert_eq!(parse_grid(text).unwrap(), want, "{text:?}");
        }
        assert_eq!(want.board.rows(), 3);
        let lines: Vec<&str> = text_lines("a\r\rb\r\nc\n").collect();
        assert_eq!(lines, ["a", "", "b", "c"]);
        assert_eq!(text_lines("").count(), 0);
        // Errors name the line as the file's own line ends count it.
        let e = parse_grid("..\r..\r.z\r").unwrap_err().to_string();
        assert!(e.contains("3:2"), "{e}");
    }

    #[test]
    fn round_trip_with_comments_and_queens() {
        let text = "% a board\n\n. # Q\nx . .   % trailing\n";
        let g = parse_grid(text).unwrap();
        assert_eq!((g.board.rows(), g.board.cols()), (2, 3));
        assert_eq!(g.board.walls(), vec![(0, 1)]);
        assert_eq!(g.board.holes(), vec![(1, 0)]);
        assert_eq!(g.queens.queens(), &[(0, 2)]);
        assert_eq!(render_grid(&g.board, Some(&g.queens)), ".#Q\nx..\n");
    }

    /// A grid past 64 rows or columns is pointed at its row 65 or its first row's cell 65, not
    /// at 1:1.
    #[test]
    fn a_grid_too_large_is_pointed_at_where_it_passes_the_limit() {
        let tall = format!("% a comment\n{}", "..\n".repeat(65));
        let e = parse_grid(&tall).unwrap_err().to_string();
        assert!(
            e.starts_with("66:1: board rows: a side is a whole number from 1 to 64, not 65"),
            "{e}"
        );
        let wide = format!("{}\n", ". ".repeat(65));
        let e = parse_grid(&wide).unwrap_err().to_string();
        assert!(e.starts_with("1:129: board columns"), "{e}");
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_grid("...\n.?.\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:2: unexpected character '?' (use . free, # wall, x hole, Q queen)"
        );
        let e = parse_grid("...\n..\n").unwrap_err();
        assert!(e.to_string().starts_with("2:1: row has 2 cells"), "{e}");
        assert!(parse_grid("% nothing\n").is_err());
    }
}
