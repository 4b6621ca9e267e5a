//! `verify`'s run and output: a published result file or an author's summary checked, and the
//! report as Markdown or JSON, its one-line summary, and the rows' verdicts as TSV.

use super::envelope::command_json;
use crate::engine::{Reporter, ValueOptions};
use crate::io::parse_published;
use crate::study::verify::{
    CertifyVerdicts, ClaimKind, FileOptions, RunInfo, SummaryOptions, board_side, is_summary, render,
    verify_file, verify_summary,
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
    pub json: bool,
}

/// What a check came to.
pub struct Verified {
    /// The report: Markdown, or the JSON envelope.
    pub report: String,
    /// The report's summary row.
    pub table_line: String,
    /// Whether a claim was refuted.
    pub refuted: bool,
    /// Whether no verdict rests on an external solver's unchecked UNSAT.
    pub certified: bool,
    pub rows_tsv: Option<String>,
    /// What the reader should know about the board side assumed.
    pub warning: Option<String>,
}

/// Checks the file of `job`; `read` reads the boards CSV of a summary.
pub fn verify_job(
    job: VerifyJob,
    read: &dyn Fn(&Path) -> anyhow::Result<String>,
    progress: &Reporter,
) -> anyhow::Result<Verified> {
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
        let opts = SummaryOptions {
            name: job.name,
            boards_name: boards.display().to_string(),
            side: board_side(job.size, None, job.path)?.side,
            value: job.value,
            run,
            certify: job.certify,
        };
        let r = verify_summary(job.text, &read(boards)?, opts)?;
        return Ok(Verified {
            report: if job.json {
                command_json("verify", &r)? + "\n"
            } else {
                render::summary_markdown(&r)
            },
            table_line: render::summary_line(&r),
            refuted: r.confirmed < r.checked,
            certified: r.certified,
            rows_tsv: None,
            warning: None,
        });
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
    let r = verify_file(&parsed, opts)?;
    Ok(Verified {
        report: if job.json {
            command_json("verify", &r)? + "\n"
        } else {
            render::file_markdown(&r)
        },
        table_line: render::file_line(&r),
        refuted: r.confirmed < r.rows.len(),
        certified: r.unchecked == 0,
        rows_tsv: job.rows_tsv.then(|| render::rows_tsv(&r)),
        warning,
    })
}
