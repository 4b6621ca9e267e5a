//! `encode --format json`: what was encoded and what was written.

use crate::board::Board;
use crate::engine::{Encoded, ExportFormat};
use crate::io::command_json;
use serde::Serialize;
use std::path::Path;

/// `encode --format json` (docs/schema/encode.json).
#[derive(Serialize)]
struct EncodeJson<'a> {
    /// `value` or `least-walls`.
    question: &'a str,
    /// The board asked about (for least walls, the empty board of its shape).
    board: &'a Board,
    format: ExportFormat,
    variables: Option<u32>,
    clauses: Option<usize>,
    bytes: usize,
    /// The file written, or null when the text is in `text`.
    output: Option<String>,
    text: Option<&'a str>,
}

/// The JSON line of an encoding: with the file's text itself, or with `written` (the file
/// that holds it).
pub fn encode_json(
    question: &str,
    board: &Board,
    format: ExportFormat,
    e: &Encoded,
    written: Option<&Path>,
) -> serde_json::Result<String> {
    let body = EncodeJson {
        question,
        board,
        format,
        variables: e.variables,
        clauses: e.clauses,
        bytes: e.text.len(),
        output: written.map(|p| p.display().to_string()),
        text: written.is_none().then_some(e.text.as_str()),
    };
    Ok(command_json("encode", &body)? + "\n")
}
