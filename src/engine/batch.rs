//! Many value questions in one process: one JSON line in, one JSON line out
//! (`queensat value --batch`).
//!
//! A line is a board as the JSON output prints it: `{"rows":8,"cols":8,"walls":[[1,3],[2,5]]}`
//! (`holes` optional; `size` may stand for `rows` and `cols`; an `id` of any JSON type is
//! copied to the answer). The answer is the `--format json` report with `line` (1-based)
//! added, or `{"line":N,"error":"..."}` for a line that is not a valid board (or whose
//! answer fails `--require-proof`); either opens with the envelope of `value --format json`
//! (`command`, `version`), as every line of JSON-lines output does.

use super::unchecked::ProofRemedy;
use super::value::{ValueOptions, ValueReport, value_within};
use crate::io::{BOM, command_json, json_board, read_line_up_to};
use crate::run::interrupt::stop_requested;
use crate::run::progress::Reporter;
use anyhow::Context;
use serde::Serialize;
use serde_json::Value;
use std::io::{BufRead, Write};
use std::time::Duration;

/// How every line of a batch is answered: the value search's options, its time limit per
/// board, and whether an answer that rests on an external solver's unchecked UNSAT is refused.
pub struct Batch<'a> {
    pub opts: &'a ValueOptions,
    pub time_limit: Option<Duration>,
    pub require_proof: bool,
}

/// One line's answer: the input line (from 1), its `id`, and the report of `value`.
#[derive(Debug, Serialize)]
pub struct LineAnswer {
    pub line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    #[serde(flatten)]
    pub report: ValueReport,
}

impl LineAnswer {
    /// The answer's line of output: `value --format json`'s (the envelope, then the report's
    /// fields in their order) with `line` and `id` before the report's fields.
    pub fn json(&self) -> serde_json::Result<String> {
        command_json("value", self)
    }
}

/// The error object of line `line_no`.
fn error_line(line_no: usize, e: String) -> LineError {
    LineError {
        line: line_no,
        error: format!("line {line_no}: {e}"),
    }
}

/// The answer to a line that is no board (or whose answer fails `--require-proof`).
#[derive(Debug, Serialize)]
pub struct LineError {
    pub line: usize,
    /// Why, naming the line.
    pub error: String,
}

/// How a batch ended.
#[derive(Debug, PartialEq, Eq)]
pub struct BatchEnd {
    /// Lines that were not a board, or whose answer failed `--require-proof`.
    pub bad: usize,
    /// Whether a search stopped short of a proof (`--time-limit`), or a stop signal cut the
    /// input short.
    pub stopped: bool,
}

/// The longest input line read: a board of 64x64 with every cell listed is far shorter.
const LINE_MOST: usize = 1 << 20;

impl Batch<'_> {
    /// Answers every line of `input` (`name` in errors) on `out`, one JSON line each, flushed
    /// as it goes so that a reader waits for no more than its own answer. A stop signal ends
    /// the batch after the board it stopped (answered, not proved).
    pub fn run(&self, input: &mut dyn BufRead, name: &str, out: &mut dyn Write) -> anyhow::Result<BatchEnd> {
        let mut end = BatchEnd {
            bad: 0,
            stopped: false,
        };
        let mut line = Vec::new();
        for i in 1.. {
            line.clear();
            if read_line_up_to(input, &mut line, LINE_MOST).with_context(|| format!("{name} line {i}"))? == 0
            {
                break;
            }
            let j = match self.line_bytes(i, &line) {
                None => continue,
                Some(Ok(a)) => {
                    end.stopped |= !a.report.proved;
                    a.json()?
                }
                Some(Err(e)) => {
                    end.bad += 1;
                    command_json("value", &e)?
                }
            };
            writeln!(out, "{j}")?;
            out.flush()?;
            if stop_requested() {
                break;
            }
        }
        // A stop signal after the last board still cut the input short.
        end.stopped |= stop_requested();
        Ok(end)
    }

    /// The answer to one input line, whatever its bytes (a line that is not UTF-8 is a bad
    /// line like any other); `Err` holds the error object (already naming the line). Blank
    /// lines and lines starting with `#` give `None`.
    pub fn line_bytes(&self, line_no: usize, line: &[u8]) -> Option<Result<LineAnswer, LineError>> {
        let line = match line_no {
            1 => line.strip_prefix(BOM).unwrap_or(line),
            _ => line,
        };
        match std::str::from_utf8(line) {
            Ok(text) => self.line(line_no, text),
            Err(e) => Some(Err(error_line(
                line_no,
                format!("not UTF-8 text (byte {} of the line)", e.valid_up_to() + 1),
            ))),
        }
    }

    /// The answer to one input line; `Err` holds the error object (already naming the line).
    /// Blank lines and lines starting with `#` give `None`.
    pub fn line(&self, line_no: usize, line: &str) -> Option<Result<LineAnswer, LineError>> {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            return None;
        }
        // The line as given (but its line end), so that columns in errors are the line's.
        Some(
            self.answer(line_no, line.trim_end())
                .map_err(|e| error_line(line_no, format!("{e:#}"))),
        )
    }

    fn answer(&self, line_no: usize, text: &str) -> anyhow::Result<LineAnswer> {
        // The board as a board file gives it, one parser for both; the line's own field is `id`.
        let (board, mut own) = json_board(text, &["id"])?;
        let id = own.remove("id");
        let report = value_within(&board, self.opts, self.time_limit, &Reporter::silent())?;
        let certified = !report.rests_on_unchecked_unsat();
        super::unchecked::require_proof(self.require_proof, certified, ProofRemedy::SolverOrBoardAlone)?;
        Ok(LineAnswer {
            line: line_no,
            id,
            report,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn untimed(opts: &ValueOptions, require_proof: bool) -> Batch<'_> {
        Batch {
            opts,
            time_limit: None,
            require_proof,
        }
    }

    #[test]
    fn lines_give_values_or_errors_naming_the_line() {
        let o = ValueOptions::default();
        let batch = untimed(&o, true);
        let a = batch
            .line(1, r#"{"rows":8,"cols":8,"walls":[[1,3],[2,5]],"id":"x"}"#)
            .unwrap()
            .unwrap();
        let j: Value = serde_json::from_str(&a.json().unwrap()).unwrap();
        assert_eq!(
            (
                j["line"].clone(),
                j["value"].clone(),
                j["id"].clone(),
                a.report.proved
            ),
            (json!(1), json!(10), json!("x"), true)
        );
        let a = batch.line(2, r#"{"size":4}"#).unwrap().unwrap();
        assert_eq!(a.report.value, 4);
        assert!(!a.json().unwrap().contains("\"id\""));
        assert!(batch.line(3, "  ").is_none());
        let e = batch.line_bytes(5, b"{\"size\":\xff}").unwrap().unwrap_err();
        assert_eq!(e.error, "line 5: not UTF-8 text (byte 9 of the line)");
        for bad in ["{\"rows\":8", "[1,2]", r#"{"rows":3,"cols":3,"walls":[[5,5]]}"#] {
            let e = batch.line(7, bad).unwrap().unwrap_err();
            assert_eq!(e.line, 7);
            assert!(e.error.starts_with("line 7: "), "{e:?}");
        }
    }

    #[test]
    fn a_run_answers_each_line_and_counts_the_bad_ones() {
        let o = ValueOptions::default();
        let batch = untimed(&o, false);
        let mut out = Vec::new();
        let input = b"{\"size\":4}\n# a comment\n\n[1]\n{\"size\":5}";
        let end = batch.run(&mut &input[..], "in", &mut out).unwrap();
        assert_eq!(
            end,
            BatchEnd {
                bad: 1,
                stopped: false
            }
        );
        let lines: Vec<Value> = out
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice(l).unwrap())
            .collect();
        // Each line, an answer or an error, opens with the envelope.
        let text = String::from_utf8(out.clone()).unwrap();
        let envelope = format!(
            r#"{{"command":"value","version":"{}","#,
            env!("CARGO_PKG_VERSION")
        );
        assert!(text.lines().all(|l| l.starts_with(&envelope)), "{text}");
        let got: Vec<(Value, Value)> = lines
            .iter()
            .map(|j| (j["line"].clone(), j["value"].clone()))
            .collect();
        assert_eq!(
            got,
            [
                (json!(1), json!(4)),
                (json!(4), Value::Null),
                (json!(5), json!(5))
            ]
        );
    }
}
