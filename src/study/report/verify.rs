//! `verify`'s run and output: a published result file or an author's summary checked, and the
//! report as Markdown or JSON, its one-line summary, and the rows' verdicts as TSV.

use crate::engine::ValueOptions;
use crate::io::parse_published;
use crate::io::{command_json, plural};
use crate::run::Reporter;
use crate::study::verify::{
    CertifyVerdicts, ClaimKind, FileOptions, FileReport, RunInfo, SummaryOptions, SummaryReport, board_side,
    is_summary, render, verify_file, verify_summary,
};
use anyhow::Context;
use std::path::Path;

/// What `verify` checks: the file (its text, path and name in the report), and how.
pub struct VerifyJob<'a> {
    pub text: &'a str,
    pub path: &'a Path,
    pub name: String,
    pub size: Option<usize>,
    pub claim: ClaimKind,
    /// For an author's summary: the boards CSV it summarises.
    pub boards: Option<&'a Path>,
    /// Whether the rows' verdicts are wanted as TSV (a summary has no rows).
    pub rows_tsv: bool,
    pub value: ValueOptions,
    pub certify: CertifyVerdicts,
}

/// A checked file: rows of boards, or an author's summary.
pub enum Verified {
    File(FileReport),
    Summary(SummaryReport),
}

impl Verified {
    /// The report: Markdown, or the JSON envelope.
    pub fn report(&self, json: bool) -> serde_json::Result<String> {
        Ok(match (self, json) {
            (Verified::File(r), true) => command_json("verify", r)? + "\n",
            (Verified::Summary(r), true) => command_json("verify", r)? + "\n",
            (Verified::File(r), false) => render::file_markdown(r),
            (Verified::Summary(r), false) => render::summary_markdown(r),
        })
    }

    /// The note (on stderr) of a report written to the file `to`, in words: what was
    /// checked and how it came out (the report's own summary row is in the file).
    pub fn written_note(&self, to: &Path) -> String {
        let (checked, what, confirmed, seconds) = match self {
            Verified::File(r) => (r.rows.len(), ("row", "rows"), r.confirmed, r.run.seconds),
            Verified::Summary(r) => (r.checked, ("statement", "statements"), r.confirmed, r.run.seconds),
        };
        format!(
            "queensat verify: report written to {}: {} checked, {confirmed} confirmed, {} refuted, \
             {seconds:.2} s",
            to.display(),
            plural(checked, what.0, what.1),
            checked - confirmed
        )
    }

    /// Whether a claim was refuted.
    pub fn refuted(&self) -> bool {
        match self {
            Verified::File(r) => r.confirmed < r.rows.len(),
            Verified::Summary(r) => r.confirmed < r.checked,
        }
    }

    /// Whether no verdict rests on an external solver's unchecked UNSAT.
    pub fn certified(&self) -> bool {
        match self {
            Verified::File(r) => r.unchecked == 0,
            Verified::Summary(r) => r.certified,
        }
    }

    /// The rows' verdicts, tab-separated (a summary has no rows).
    pub fn rows_tsv(&self) -> Option<String> {
        match self {
            Verified::File(r) => Some(render::rows_tsv(r)),
            Verified::Summary(_) => None,
        }
    }
}

/// Checks the file of `job`; `read` reads the boards CSV of a summary. With the report, what
/// the reader should know about the board side assumed.
pub fn verify_job(
    job: VerifyJob,
    read: &dyn Fn(&Path) -> anyhow::Result<String>,
    progress: &Reporter,
) -> anyhow::Result<(Verified, Option<String>)> {
    let run = RunInfo::new(&job.value);
    if is_summary(job.text) {
        // A summary's lines are not rows of boards: neither flag has anything to act on.
        if job.rows_tsv || job.claim != ClaimKind::default() {
            anyhow::bail!(
                "{}: an author's summary has no rows of boards; --rows-tsv and --claim apply to \
                 boards CSVs, puzzle lists and SCIP files",
                job.path.display()
            );
        }
        let boards = job
            .boards
            .context("a summary is checked against its boards: give --boards N-W_boards.csv")?;
        crate::io::stdin_at_most_once([("FILE", job.path), ("--boards", boards)])?;
        let opts = SummaryOptions {
            name: job.name,
            boards_name: boards.display().to_string(),
            side: board_side(job.size, None, job.path)?.side,
            value: job.value,
            run,
            certify: job.certify,
        };
        let r = verify_summary(job.text, &read(boards)?, opts)?;
        return Ok((Verified::Summary(r), None));
    }
    if let Some(boards) = job.boards {
        anyhow::bail!(
            "{}: --boards {} is for an author's summary, and this file is not one",
            job.path.display(),
            boards.display()
        );
    }
    let parsed = parse_published(&job.name, job.text)?;
    let side = board_side(job.size, parsed.named_side, job.path)?;
    let warning = side.warning.clone();
    let opts = FileOptions {
        name: job.name,
        side,
        claim: job.claim,
        value: job.value,
        run,
        progress,
        certify: job.certify,
    };
    Ok((Verified::File(verify_file(&parsed, opts)?), warning))
}
