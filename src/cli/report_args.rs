//! How commands report, spelled the same everywhere: the format, where output goes, whether an
//! answer may rest on an unchecked UNSAT, certificates, and progress.

use clap::Args;
use queensat::io::write_atomic;
use std::path::{Path, PathBuf};

/// Whether an answer that rests on an external solver's unchecked UNSAT is acceptable.
#[derive(Args, Debug, Clone, Default)]
pub struct ProofArgs {
    /// Refuse an answer that rests on an external solver's unchecked UNSAT.
    ///
    /// Refuse (exit 2) an answer whose UNSAT part rests on an external solver's word, not
    /// on a solver queensat runs itself or a checked proof.
    #[arg(long)]
    pub require_proof: bool,
}

impl ProofArgs {
    /// An error when `certified` is false and a proof is required.
    pub fn check(&self, certified: bool) -> anyhow::Result<()> {
        use queensat::engine::{ProofRemedy, require_proof};
        require_proof(self.require_proof, certified, ProofRemedy::SolverOrCertify)
    }
}

/// `--certify`: the final UNSAT answer of a result written as a CNF, refuted by the solver
/// with a DRAT or LRAT proof, and the proof checked by an independent checker; the same flags on
/// every command that certifies this way.
#[derive(Args, Debug, Clone, Default)]
pub struct CertifyArgs {
    /// Prove the optimum independently, by a checked DRAT or LRAT proof.
    ///
    /// Prove the optimum independently: have the solver (`--solver`, an external one included)
    /// refute one beyond it with a proof (DRAT or LRAT), checked by the built-in proof checker
    /// (or the one `QUEENSAT_DRAT_CHECKER` names).
    #[arg(long)]
    pub certify: bool,
    /// Keep the certificate (CNF and proof) in this directory (default: a temporary
    /// directory, removed afterwards).
    #[arg(long, value_name = "DIR", requires = "certify", value_parser = queensat::io::output_folder_path)]
    pub certify_dir: Option<PathBuf>,
}

impl CertifyArgs {
    /// Where certificates go: `None` when not asked, `Some(None)` for a temporary directory.
    pub fn target(&self) -> Option<Option<PathBuf>> {
        self.certify.then(|| self.certify_dir.clone())
    }

    /// Whether a cube run certifies each cube's refutation; `--certify-dir` is refused, since
    /// each cube's proof is checked in a temporary folder.
    pub fn for_cubes(&self) -> anyhow::Result<bool> {
        anyhow::ensure!(
            self.certify_dir.is_none(),
            "--certify-dir: a cube run keeps no certificates (each cube's proof is checked in a \
             temporary folder)"
        );
        Ok(self.certify)
    }
}

/// Where a command's output goes: `-o/--output PATH`, `-` or nothing for stdout.
#[derive(Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Write the output here (whole or not at all); `-` for stdout.
    ///
    /// `-`, stdout, is the default (`nqueens`: the solution is not written without the flag; its
    /// summary goes to stderr when the solution goes to stdout).
    #[arg(short = 'o', long, value_name = "PATH", value_parser = queensat::io::output_file_or_stdout)]
    pub output: Option<PathBuf>,
}

impl OutputArgs {
    /// Whether the output goes to stdout.
    pub fn to_stdout(&self) -> bool {
        self.output.as_deref().is_none_or(|p| p == Path::new("-"))
    }

    /// Writes `text` to the file atomically, or to stdout.
    pub fn emit(&self, text: &str) -> anyhow::Result<()> {
        match &self.output {
            Some(p) if !self.to_stdout() => write_atomic(p, text.as_bytes()),
            _ => super::stdout::write_stdout(text.as_bytes()),
        }
    }

    /// [`emit`](Self::emit), or with `json` the JSON line `report` makes of where `text` went
    /// on stdout: the file written, or `None` when the JSON is to carry the text itself.
    pub fn emit_reported(
        &self,
        text: &str,
        json: bool,
        report: impl FnOnce(Option<&Path>) -> serde_json::Result<String>,
    ) -> anyhow::Result<()> {
        if !json {
            return self.emit(text);
        }
        let written = self.output.as_deref().filter(|_| !self.to_stdout());
        if let Some(p) = written {
            write_atomic(p, text.as_bytes())?;
        }
        super::stdout::write_stdout(report(written)?.as_bytes())
    }
}

/// Output format of a command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Json,
}

/// `--format`, the same on every command that has it.
#[derive(Args, Debug, Clone, Default)]
pub struct FormatArgs {
    /// text, or json (docs/schema/COMMAND.json).
    ///
    /// text, or json: the envelope (`command`, `version`) and the report, as described in
    /// docs/schema/COMMAND.json (`solutions`: one object a line, placements then a summary;
    /// a command that writes a file, such as `encode` or `render`: what it wrote, and on
    /// stdout the file's text).
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

impl FormatArgs {
    /// Whether the output is JSON.
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }
}

/// How a command reports, the same flags on every command that searches: the format, whether
/// an answer may rest on an unchecked UNSAT, and progress.
#[derive(Args, Debug, Clone, Default)]
pub struct ReportArgs {
    #[command(flatten)]
    pub proof: ProofArgs,
    #[command(flatten)]
    pub format: FormatArgs,
    #[command(flatten)]
    pub progress: super::progress::ProgressArgs,
}

impl ReportArgs {
    /// Whether the report is JSON.
    pub fn json(&self) -> bool {
        self.format.json()
    }

    /// How the report layer prints the answer.
    pub fn printing(&self) -> queensat::study::report::Printing {
        queensat::study::report::Printing {
            json: self.json(),
            require_proof: self.proof.require_proof,
        }
    }
}
