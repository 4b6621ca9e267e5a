//! `render`'s output: the SVG picture of a board and a placement, and, as JSON, what was drawn
//! and where it went.

use crate::board::{Board, Placement};
use crate::check::check_placement;
use crate::io::board_svg;
use crate::io::command_json;
use serde::Serialize;
use std::path::Path;

/// A board drawn with a placement.
pub struct Rendered {
    pub svg: String,
    /// Why the placement is not legal (its queens are drawn red), if it is not.
    pub violation: Option<String>,
}

/// `board` with `placement` (if any) as SVG, the placement checked by the independent checker.
pub fn render_board(board: &Board, placement: Option<&Placement>) -> Rendered {
    let violation = placement.and_then(|p| check_placement(board, p).err().map(|v| v.to_string()));
    Rendered {
        svg: board_svg(board, placement),
        violation,
    }
}

/// `render --format json` (docs/schema/render.json).
#[derive(Serialize)]
struct RenderJson<'a> {
    board: &'a Board,
    /// The queens drawn, or null for none.
    queens: Option<&'a Placement>,
    /// Whether the queens drawn are a legal placement (true when there are none).
    legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    violation: Option<&'a str>,
    /// The file the SVG was written to, or null when the SVG is in `svg`.
    output: Option<String>,
    svg: Option<&'a str>,
}

/// The JSON line of a rendering: with the SVG text itself, or with `written` (the file that
/// holds it).
pub fn render_json(
    board: &Board,
    placement: Option<&Placement>,
    r: &Rendered,
    written: Option<&Path>,
) -> serde_json::Result<String> {
    let body = RenderJson {
        board,
        queens: placement,
        legal: r.violation.is_none(),
        violation: r.violation.as_deref(),
        output: written.map(|p| p.display().to_string()),
        svg: written.is_none().then_some(r.svg.as_str()),
    };
    Ok(command_json("render", &body)? + "\n")
}
