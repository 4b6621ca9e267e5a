//! What `queensat least-walls` prints as it runs: each q's report as it ends (text), the
//! summary of several, the JSON of the run, and the run saved as JSON.

use super::least_walls::{LeastWallsRun, certificate_line, least_walls_summary, least_walls_text};
use super::printing::Printing;
use crate::io::command_json;
use crate::run::interrupt::{finished_despite_stop, stopped_exit_code};
use crate::run::stdout::write_stdout;
use crate::study::{LeastWallsOptions, LeastWallsSpec, least_walls_over};
use std::path::Path;

/// How a least-walls run prints: `list` every optimal board, `certify` (each q's certificate
/// line: in the text, or on stderr beside JSON), the command's [`Printing`], and `save` the run
/// as JSON to this file.
pub struct LeastWallsPrint<'a> {
    pub list: bool,
    pub certify: bool,
    pub printing: Printing,
    pub save: Option<&'a Path>,
}

/// Runs `spec` and prints it as each q ends; gives the exit code (a stop signal's when it
/// left a q unasked). Which q a stop signal left unasked goes to stderr in either format, as a
/// stopped sweep says how far it got; the table and the JSON say it too.
pub fn print_least_walls_run(
    spec: &LeastWallsSpec,
    opts: &LeastWallsOptions,
    how: &LeastWallsPrint,
) -> anyhow::Result<i32> {
    let json = how.printing.json;
    let mut run = LeastWallsRun::now();
    run.reports = least_walls_over(spec, opts, |r| {
        how.printing.check(r.certified)?;
        if !json {
            write_stdout(least_walls_text(r, how.list).as_bytes())?;
        }
        match (how.certify, json) {
            (true, false) => write_stdout(format!("{}\n\n", certificate_line(r)).as_bytes())?,
            (true, true) => eprintln!("{}", certificate_line(r)),
            (false, _) => {}
        }
        Ok(())
    })?;
    run.note_not_asked(spec.queens.iter());
    if !json && spec.queens.single().is_none() {
        write_stdout(least_walls_summary(&run).as_bytes())?;
    }
    if let Some(line) = run.not_asked_line() {
        eprintln!("{line}");
    } else if let Some(last) = run.reports.last().filter(|r| r.stopped.is_none()) {
        // Every q answered whole, the signal (if any) too late for the last: the note says so
        // (the exit status, below, still says which signal came).
        if let Some((note, _)) = finished_despite_stop(&format!("the last step of q = {}", last.queens)) {
            eprintln!("{note}");
        }
    }
    if json {
        write_stdout(format!("{}\n", command_json("least-walls", &run.printed())?).as_bytes())?;
    }
    if let Some(path) = how.save {
        run.save(path)?;
    }
    // A stop signal between two q stops none of them but skips the rest: still an interrupt.
    Ok(stopped_exit_code(run.stopped()))
}
