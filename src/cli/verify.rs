//! `queensat verify`: re-check every claim of a published result file, or the author's summary
//! of one against its boards ([`queensat::study::verify`]).

use super::args::Format;
use super::args::{CertifyArgs, OutputArgs, ProofArgs, ValueSearchArgs};
use super::choice::choice;
use super::progress::ProgressArgs;
use anyhow::Context;
use clap::Args;
use queensat::io::{parse_published, write_atomic};
use queensat::study::report::command_json;
use queensat::study::verify::{
    ClaimKind, FileOptions, RunInfo, SummaryOptions, board_side, is_summary, render, verify_file,
    verify_summary,
};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// A published result file: boards CSV, puzzle list, SCIP solutions, or an author's summary.
    pub file: PathBuf,
    /// Side of the boards. Default: from a SCIP file's variable names, else from an `NxN`
    /// directory in the path, else 8. Files in the 64-bit layout keep 8 bits per row whatever
    /// the side; a set bit outside the board refutes its row (`off-board`).
    #[arg(long)]
    pub size: Option<usize>,
    /// What each row claims.
    #[arg(long, value_parser = choice::<ClaimKind>(), default_value_t = ClaimKind::default())]
    pub claim: ClaimKind,
    /// The report (Markdown, or JSON with `--format json`). Written to a file, the exit code is
    /// 0 even when claims are refuted and the report's summary row goes to stderr.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Write every row's verdict, tab-separated, to this file (not for an author's summary,
    /// which has no rows of boards).
    #[arg(long, value_name = "FILE")]
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
    pub proof: ProofArgs,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

pub fn run(a: VerifyArgs) -> anyhow::Result<i32> {
    let text = read(&a.file)?;
    let name = a.name.clone().unwrap_or_else(|| a.file.display().to_string());
    let value = a.value.options();
    let run = RunInfo::new(&value);
    let mut rows_tsv = None;
    let (report, table_line, refuted) = if is_summary(&text) {
        // A summary's lines are not rows of boards: neither flag has anything to act on.
        if a.rows_tsv.is_some() || a.claim != ClaimKind::default() {
            anyhow::bail!(
                "{}: an author's summary has no rows of boards; --rows-tsv and --claim apply to \
                 boards CSVs, puzzle lists and SCIP files",
                a.file.display()
            );
        }
        let boards = a
            .boards
            .as_ref()
            .context("a summary is checked against its boards: give --boards N-W_boards.csv")?;
        let side = board_side(a.size, None, &a.file)?.side;
        let boards_name = boards.display().to_string();
        let opts = SummaryOptions {
            name,
            boards_name,
            side,
            value,
            run,
            certify: a.certify.target(),
        };
        let r = verify_summary(&text, &read(boards)?, opts)?;
        a.proof.check(r.certified)?;
        (
            match a.format {
                Format::Json => command_json("verify", &r)? + "\n",
                Format::Text => render::summary_markdown(&r),
            },
            render::summary_line(&r),
            r.confirmed < r.checked,
        )
    } else {
        let parsed = parse_published(&name, &text)?;
        let side = board_side(a.size, parsed.named_side, &a.file)?;
        if let Some(w) = &side.warning {
            eprintln!("queensat verify: warning: {w}");
        }
        let progress = a.progress.reporter();
        let opts = FileOptions {
            name,
            side,
            claim: a.claim,
            value,
            run,
            progress: &progress,
            certify: a.certify.target(),
        };
        let r = verify_file(&parsed, opts)?;
        a.proof.check(r.unchecked == 0)?;
        rows_tsv = a.rows_tsv.as_ref().map(|p| (p, render::rows_tsv(&r)));
        let out = match a.format {
            Format::Json => command_json("verify", &r)? + "\n",
            Format::Text => render::file_markdown(&r),
        };
        (out, render::file_line(&r), r.confirmed < r.rows.len())
    };
    a.output.emit(&report)?;
    // After the report, so that a report that could not be written leaves no side file.
    if let Some((path, tsv)) = rows_tsv {
        write_atomic(path, tsv.as_bytes())?;
    }
    if a.output.to_stdout() {
        Ok(i32::from(refuted))
    } else {
        eprintln!("{table_line}");
        Ok(0)
    }
}

fn read(path: &Path) -> anyhow::Result<String> {
    super::input::read_text(path, "")
}
