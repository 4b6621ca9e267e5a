//! Boards as SVG pictures: squares in two shades, walls as dark blocks, holes as crossed
//! squares, queens as crowns, with 0-based row and column numbers on the margins.
//!
//! A tiny writer of our own: plain SVG 1.1 elements, no scripts, no external resources, so the
//! file shows the same in any browser or viewer.

use crate::board::{Board, Cell, Placement};
use std::fmt::Write as _;

/// Side of one square, in SVG user units.
const SQUARE: usize = 40;
/// Room for the row and column numbers.
const MARGIN: usize = 24;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const WALL: &str = "#3b3b3b";
const HOLE: &str = "#ffffff";
const INK: &str = "#1a1a1a";

/// An SVG document of the board, with the queens of `placement` if given. Queens on cells
/// that are not free are still drawn (in red) so that a wrong placement shows as wrong.
pub fn board_svg(board: &Board, placement: Option<&Placement>) -> String {
    let (w, h) = (
        2 * MARGIN + board.cols() * SQUARE,
        2 * MARGIN + board.rows() * SQUARE,
    );
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&board.describe()));
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    for (r, c) in board.coords() {
        let (x, y) = origin(r, c);
        let fill = match board.cell((r, c)) {
            Cell::Wall => WALL,
            Cell::Hole => HOLE,
            Cell::Free if (r + c) % 2 == 0 => LIGHT,
            Cell::Free => DARK,
        };
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
        );
        match board.cell((r, c)) {
            Cell::Wall => wall_mark(&mut s, x, y),
            Cell::Hole => hole_mark(&mut s, x, y),
            Cell::Free => {}
        }
    }
    let _ = writeln!(
        s,
        r#"<rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" fill="none" stroke="{INK}" stroke-width="1.5"/>"#,
        board.cols() * SQUARE,
        board.rows() * SQUARE
    );
    labels(&mut s, board);
    if let Some(p) = placement {
        for &(r, c) in p.queens() {
            let legal = board.contains((r, c)) && board.cell((r, c)) == Cell::Free;
            let (x, y) = origin(r, c);
            crown(&mut s, x, y, if legal { INK } else { "#d00000" });
        }
    }
    s.push_str("</svg>\n");
    s
}

fn origin(r: usize, c: usize) -> (usize, usize) {
    (MARGIN + c * SQUARE, MARGIN + r * SQUARE)
}

/// Brick lines on a wall square, so walls read as walls in black-and-white print too.
fn wall_mark(s: &mut String, x: usize, y: usize) {
    let q = SQUARE / 4;
    let _ = writeln!(
        s,
        r##"<path d="M{x} {y1}h{SQUARE}M{x} {y2}h{SQUARE}M{x} {y3}h{SQUARE}M{a} {y}v{q}M{b} {y1}v{q}M{a} {y2}v{q}M{b} {y3}v{q}" stroke="#777" stroke-width="1" fill="none"/>"##,
        y1 = y + q,
        y2 = y + 2 * q,
        y3 = y + 3 * q,
        a = x + SQUARE / 2,
        b = x + SQUARE / 4,
    );
}

/// A grey cross on a white square: no queen may stand here, but lines pass.
fn hole_mark(s: &mut String, x: usize, y: usize) {
    let (a, b) = (SQUARE / 5, SQUARE - SQUARE / 5);
    let _ = writeln!(
        s,
        r##"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="#9a9a9a" stroke-width="2" fill="none"/>"##,
        x + a,
        y + a,
        x + b,
        y + b,
        x + b,
        y + a,
        x + a,
        y + b
    );
}

/// A five-pointed crown on a base, drawn as one polygon.
fn crown(s: &mut String, x: usize, y: usize, fill: &str) {
    // Points on a 10×10 grid inside the square, scaled.
    const SHAPE: [(f64, f64); 11] = [
        (1.5, 8.0),
        (1.0, 3.0),
        (3.0, 5.5),
        (3.8, 2.0),
        (5.0, 5.0),
        (6.2, 2.0),
        (7.0, 5.5),
        (9.0, 3.0),
        (8.5, 8.0),
        (5.0, 8.6),
        (1.5, 8.0),
    ];
    let unit = SQUARE as f64 / 10.0;
    let points: Vec<String> = SHAPE
        .iter()
        .map(|&(px, py)| format!("{:.1},{:.1}", x as f64 + px * unit, y as f64 + py * unit))
        .collect();
    let _ = writeln!(
        s,
        r#"<polygon points="{}" fill="{fill}" stroke="white" stroke-width="1"/>"#,
        points.join(" ")
    );
}

fn labels(s: &mut String, board: &Board) {
    let font = r#"font-family="sans-serif" font-size="11" text-anchor="middle""#;
    for c in 0..board.cols() {
        let x = MARGIN + c * SQUARE + SQUARE / 2;
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{}" {font} fill="{INK}">{c}</text>"#,
            MARGIN - 8
        );
    }
    for r in 0..board.rows() {
        let y = MARGIN + r * SQUARE + SQUARE / 2 + 4;
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{y}" {font} fill="{INK}">{r}</text>"#,
            MARGIN / 2
        );
    }
}

/// Escapes text for an SVG text node.
fn escape(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_kind_of_square_and_each_queen() {
        let mut b = Board::with_walls(3, 4, &[(0, 1)]).unwrap();
        b.place((2, 2), Cell::Hole).unwrap();
        let p = Placement::new(vec![(0, 0), (1, 3)]);
        let svg = board_svg(&b, Some(&p));
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polygon").count(), 2);
        assert_eq!(svg.matches(&format!("fill=\"{WALL}\"")).count(), 1);
        assert_eq!(svg.matches(&format!("fill=\"{HOLE}\"")).count(), 1);
        assert!(svg.contains(r#"width="208" height="168""#), "{svg}");
        assert!(!svg.contains("<script"));
        // Every opened element is closed: count tags roughly.
        assert_eq!(svg.matches("<svg").count(), svg.matches("</svg>").count());
    }

    #[test]
    fn a_queen_on_a_wall_is_drawn_red() {
        let b = Board::with_walls(2, 2, &[(0, 0)]).unwrap();
        let svg = board_svg(&b, Some(&Placement::new(vec![(0, 0)])));
        assert!(svg.contains("#d00000"));
    }
}
