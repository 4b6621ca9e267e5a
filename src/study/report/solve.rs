//! `solve`'s output: the SAT competition's lines, or the answer in the JSON envelope.

use crate::board::render_grid;
use crate::engine::{CnfAnswer, CnfStatus};
use crate::io::command_json;
use crate::io::model_lines;
use crate::solve::UNCHECKED_UNSAT;

/// What `solve` prints for `a`.
pub fn solve_output(a: &CnfAnswer, json: bool) -> serde_json::Result<String> {
    Ok(if json {
        command_json("solve", a)? + "\n"
    } else {
        competition_text(a)
    })
}

/// A `c note:` line for what the answer does not check, or nothing.
fn note_line(a: &CnfAnswer) -> String {
    a.note
        .as_ref()
        .map_or(String::new(), |n| format!("c note: {n}\n"))
}

/// The SAT competition's output: the `s` line, `v` lines for a model, and everything else
/// (the solver, the proof, the decoded board and placement) as `c` comment lines.
fn competition_text(a: &CnfAnswer) -> String {
    let who = if a.solver == "check" {
        "checked solver output".to_string()
    } else {
        format!("solver {}, {:.3} s", a.solver, a.seconds)
    };
    let comments = |text: &str| -> String { text.lines().map(|l| format!("c {l}\n")).collect() };
    match a.status {
        CnfStatus::Unsat if a.certified => format!("s UNSATISFIABLE\nc {who}\n{}", note_line(a)),
        CnfStatus::Unsat => format!(
            "s UNSATISFIABLE\nc {who}\nc proof: {UNCHECKED_UNSAT}\n{}",
            note_line(a)
        ),
        CnfStatus::Unknown => format!(
            "s UNKNOWN\n{}",
            comments(&format!("{who}: {}", a.note.as_deref().unwrap_or("")))
        ),
        CnfStatus::Sat => {
            let mut s = format!(
                "s SATISFIABLE\nc {who}; model satisfies all {} clauses\n",
                a.clauses
            );
            if let (Some(b), Some(p)) = (&a.board, &a.placement) {
                s.push_str(&comments(&render_grid(b, Some(p))));
                s.push_str(&format!("c {} queens, placement checked\n", p.len()));
                s.push_str(&note_line(a));
            }
            s.push_str(&model_lines(a.model.as_deref().unwrap_or_default()));
            s
        }
    }
}
