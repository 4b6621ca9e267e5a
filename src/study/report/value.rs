//! `value`'s output: a board's value, its placement and proof in words or as JSON, and the
//! certificate where one was asked for.

use super::printing::Printing;
use crate::board::render_grid;
use crate::engine::{Batch, CertifiedValue, ValueReport, unchecked_prefix};
use crate::io::{command_json, open_input, plural};
use crate::run::interrupt::{finished_exit_code, stopped_exit_code};
use crate::run::stdout::{Stdout, write_stdout};
use std::path::Path;

/// Prints `value`'s answer ([`value_output`]) and gives its exit code: 1 when the checker
/// rejected the certificate, a stop signal's (or 3) when the search stopped; else 0, or the
/// signal's when one came during the search's last step, which could not be stopped (a
/// varisat call under `--certify`, which keeps the search on this thread, or the proof's
/// check): the value printed is proved all the same, as a note on stderr says.
pub fn print_value(v: &CertifiedValue, certify: bool, how: Printing) -> anyhow::Result<i32> {
    // A stopped search claims no optimality, but its upper bound may rest on an external
    // solver's UNSAT answers.
    how.check(!v.value.rests_on_unchecked_unsat())?;
    write_stdout(value_output(v, certify, how.json)?.as_bytes())?;
    if v.refuted() {
        return Ok(1);
    }
    if !v.value.proved {
        return Ok(stopped_exit_code(true));
    }
    let solver = &v.value.backend;
    Ok(finished_exit_code(&match solver.stops_inside_a_call() {
        true => "the search's last step".to_string(),
        false => format!("the last solver call ({solver})"),
    }))
}

/// `value --batch FILE`: one JSON line out per board line in; exit 2 after the last line when
/// any line was bad, else a stop signal's (or 3) when a search stopped.
pub fn print_batch(path: &Path, batch: &Batch) -> anyhow::Result<i32> {
    let mut input = open_input(path, "")?;
    let end = batch.run(&mut input, &path.display().to_string(), &mut Stdout::lock())?;
    if end.bad > 0 {
        eprintln!(
            "queensat: error: {} in {}",
            plural(end.bad, "bad line", "bad lines"),
            path.display()
        );
        return Ok(2);
    }
    Ok(stopped_exit_code(end.stopped))
}

/// What `value` prints: the JSON envelope around the report (around the report and its
/// certificate, `null` when the search stopped, when `certify`), or the text.
pub fn value_output(v: &CertifiedValue, certify: bool, json: bool) -> serde_json::Result<String> {
    Ok(match (json, &v.certificate) {
        (true, _) if certify => command_json("value", v)? + "\n",
        (true, _) => command_json("value", &v.value)? + "\n",
        (false, Some(c)) => format!("{}{}\n", value_text(&v.value), c.text()),
        (false, None) => value_text(&v.value),
    })
}

/// The report in words: the board, the placement, the bounds, the proof and the search.
pub fn value_text(r: &ValueReport) -> String {
    let mut s = format!("board {}\n", r.board.describe());
    s.push_str(&render_grid(&r.board, Some(&r.placement)));
    let local = r
        .local_search_lower_bound
        .map(|k| format!(", local search start {k}"))
        .unwrap_or_default();
    let tabu = r
        .tabu_search_lower_bound
        .map(|k| format!(", tabu search {k}"))
        .unwrap_or_default();
    let what = if r.proved { "value" } else { "best found" };
    let (value, greedy, ub) = (r.value, r.greedy_lower_bound, &r.upper_bound);
    let bound = format!("upper bound {} by {}", ub.bound, ub.reason);
    s += &format!("{what} {value} (greedy start {greedy}{local}{tabu}, {bound})\n");
    if r.proved {
        s.push_str(&format!(
            "proof: {}SAT with {}, placement checked; {}\n",
            unchecked_prefix(r.certified),
            crate::io::plural(r.value, "queen", "queens"),
            r.proof
        ));
    } else {
        // The upper bound a stopped search reports may rest on an external solver's UNSAT.
        let prefix = unchecked_prefix(!r.rests_on_unchecked_unsat());
        s.push_str(&format!("proof: {prefix}{}\n", r.proof));
    }
    // The search's name as its Debug form, the solver's as given, both lower case.
    let how = format!(
        "solver {}, amo {}, count {}, search {:?}, {:.3} s\n",
        r.backend, r.amo, r.count, r.search, r.seconds
    );
    s + &how.to_lowercase()
}
