//! `queensat verify`: re-check every claim of a published result file, or the author's summary
//! of one against its boards ([`queensat::study::verify`]).

use super::args::{CertifyArgs, OutputArgs, ReportArgs, ValueSearchArgs};
use super::choice::choice;
use clap::Args;
use queensat::io::{write_all_atomic, write_atomic};
use queensat::study::report::{VerifyJob, verify_job};
use queensat::study::verify::ClaimKind;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
#[command(mut_arg("solver", super::args::solver_without_limit))]
pub struct VerifyArgs {
    /// A published result file: boards CSV, puzzle list, SCIP solutions, or an author's summary.
    pub file: PathBuf,
    /// Side of the boards (default: from the file, else 8).
    ///
    /// Side of the boards. Default: from a SCIP file's variable names, else from an `NxN`
    /// directory in the path, else 8. Files in the 64-bit layout keep 8 bits per row whatever
    /// the side; a set bit outside the board refutes its row (`off-board`).
    #[arg(long)]
    pub size: Option<usize>,
    /// What each row claims.
    #[arg(long, value_parser = choice::<ClaimKind>(), default_value_t = ClaimKind::default())]
    pub claim: ClaimKind,
    /// The report (Markdown, or JSON with `--format json`). Written to a file, a line on stderr
    /// says where it went and how it came out (rows checked, confirmed, refuted).
    #[command(flatten)]
    pub output: OutputArgs,
    /// Write every row's verdict, tab-separated, to this file.
    ///
    /// Write every row's verdict, tab-separated, to this file (not for an author's summary,
    /// which has no rows of boards).
    #[arg(long, value_name = "FILE", value_parser = queensat::io::output_file_path)]
    pub rows_tsv: Option<PathBuf>,
    /// For an author's summary (`*W_summary.txt`): the boards CSV whose values it summarises.
    #[arg(long, value_name = "CSV")]
    pub boards: Option<PathBuf>,
    /// How the file is named in the report (default: the path given).
    #[arg(long)]
    pub name: Option<String>,
    /// How a value the claim is checked against is found (the same options as `queensat value`).
    #[command(flatten)]
    pub value: ValueSearchArgs,
    #[command(flatten)]
    pub certify: CertifyArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

pub fn run(a: VerifyArgs) -> anyhow::Result<i32> {
    let text = read(&a.file)?;
    let job = VerifyJob {
        text: &text,
        path: &a.file,
        name: a.name.clone().unwrap_or_else(|| a.file.display().to_string()),
        size: a.size,
        claim: a.claim,
        boards: a.boards.as_deref(),
        rows_tsv: a.rows_tsv.is_some(),
        value: a.value.options()?,
        certify: a.certify.target(),
    };
    let (v, warning) = verify_job(job, &read, &a.report.progress.reporter())?;
    if let Some(w) = warning {
        eprintln!("queensat verify: warning: {w}");
    }
    a.report.proof.check(v.certified())?;
    let report = v.report(a.report.json())?;
    let tsv = a.rows_tsv.as_ref().zip(v.rows_tsv());
    match (a.output.output.as_ref().filter(|_| !a.output.to_stdout()), tsv) {
        // Both files, or neither.
        (Some(out), Some((path, tsv))) => write_all_atomic(&[
            (out.clone(), report.into_bytes()),
            (path.clone(), tsv.into_bytes()),
        ])?,
        (_, tsv) => {
            a.output.emit(&report)?;
            // After the report, so that a report that could not be written leaves no side file.
            if let Some((path, tsv)) = tsv {
                write_atomic(path, tsv.as_bytes())?;
            }
        }
    }
    if let Some(to) = a.output.output.as_deref().filter(|_| !a.output.to_stdout()) {
        eprintln!("{}", v.written_note(to));
    }
    // The same exit wherever the report goes: a refuted claim is the answer a script tests.
    Ok(i32::from(v.refuted()))
}

fn read(path: &Path) -> anyhow::Result<String> {
    queensat::io::read_input(path, "")
}
