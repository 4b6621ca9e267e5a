//! Argument groups that several commands share, spelled the same everywhere: the encoding and
//! solver options, where output goes, and whether progress shows.

use super::choice::choice;
use clap::Args;
use queensat::encode::{Amo, BaseOptions, CountMode};
use queensat::engine::{Search, VALUE_CADICAL_CONFIG, ValueOptions};
use queensat::io::write_atomic;
use queensat::solve::{Backend, CadicalConfig};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The base model's encoding choices.
#[derive(Args, Debug, Clone)]
pub struct BaseArgs {
    /// At-most-one encoding for each segment.
    #[arg(long, value_parser = choice::<Amo>(), default_value_t = Amo::default())]
    pub amo: Amo,
    /// What the cardinality totalisers count.
    #[arg(long, value_parser = choice::<CountMode>(), default_value_t = CountMode::default())]
    pub counter: CountMode,
}

impl BaseArgs {
    pub fn options(&self) -> BaseOptions {
        BaseOptions {
            amo: self.amo,
            count: self.counter,
        }
    }
}

/// Which SAT solver answers: `--solver`, the same in every command that solves.
#[derive(Args, Debug, Clone)]
pub struct SolverArgs {
    /// SAT solver: a built-in backend, or `external:CMD` [default: varisat; where built in,
    /// cadical under --time-limit, since it stops inside a call (`value` instead picks by size,
    /// limit or not: cadical on boards of 300 free cells or more)]
    #[arg(long)]
    pub solver: Option<Backend>,
}

impl SolverArgs {
    /// The solver named, or varisat.
    pub fn backend(&self) -> Backend {
        self.solver.clone().unwrap_or_default()
    }

    /// The solver of a search under `time_limit`: the one named, else, with a limit, one that
    /// stops inside a call (so the limit holds), else varisat. A named solver that stops only
    /// between calls is kept, with [`SolverArgs::note_limit`].
    pub fn backend_within(&self, time_limit: Option<Duration>) -> Backend {
        self.note_limit(time_limit);
        match (&self.solver, time_limit) {
            (None, Some(_)) => Backend::for_time_limit(),
            _ => self.backend(),
        }
    }

    /// Under a time limit, a one-line note on stderr when the solver named stops only between
    /// calls: one call may run past the limit.
    pub fn note_limit(&self, time_limit: Option<Duration>) {
        if let (Some(b), Some(_)) = (&self.solver, time_limit)
            && !b.stops_inside_a_call()
        {
            eprintln!(
                "queensat: note: {} is stopped only between solver calls, so one call may run past \
                 --time-limit",
                b.name()
            );
        }
    }
}

/// Whether the encoding breaks the board's symmetries with lex-leader constraints.
#[derive(Args, Debug, Clone)]
pub struct SymmetryArgs {
    /// Leave out the lex-leader constraints for the board's symmetries (for armies, also the
    /// colour swap).
    #[arg(long)]
    pub no_symmetry_breaking: bool,
}

impl SymmetryArgs {
    /// Whether lex-leader constraints are added.
    pub fn breaking(&self) -> bool {
        !self.no_symmetry_breaking
    }
}

/// How a board's value is found: the encoding, the search between the bounds, the solver.
#[derive(Args, Debug, Clone)]
pub struct ValueSearchArgs {
    #[command(flatten)]
    pub base: BaseArgs,
    /// How the search moves between the bounds.
    #[arg(long, value_parser = choice::<Search>(), default_value_t = Search::default())]
    pub search: Search,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Do not use the segment-LP bound: by default, on boards of at least 150 free cells, the
    /// covering LP's dual is rounded to an integer certificate, checked, and used as an upper
    /// bound and as clauses that "at least k queens" implies (README, `queensat value`).
    #[arg(long)]
    pub no_lp: bool,
    /// CaDiCaL's option preset for this search, where CaDiCaL answers (`--solver cadical`, or
    /// no `--solver` on boards of 300 free cells and more); `sat` by default (docs/bench.md).
    #[arg(long, value_parser = choice::<CadicalConfig>(), default_value_t = VALUE_CADICAL_CONFIG)]
    pub cadical_config: CadicalConfig,
}

impl ValueSearchArgs {
    pub fn options(&self) -> ValueOptions {
        ValueOptions {
            base: self.base.options(),
            search: self.search,
            backend: self.solver.backend(),
            cadical_on_large: false,
            lp: !self.no_lp,
            cadical_config: self.cadical_config,
        }
    }
}

/// Whether an answer that rests on an external solver's unchecked UNSAT is acceptable.
#[derive(Args, Debug, Clone, Default)]
pub struct ProofArgs {
    /// Refuse (exit 2) an answer whose UNSAT part rests on an external solver's word, not
    /// on a solver queensat runs itself or a checked proof.
    #[arg(long)]
    pub require_proof: bool,
}

impl ProofArgs {
    /// An error when `certified` is false and a proof is required.
    pub fn check(&self, certified: bool) -> anyhow::Result<()> {
        if self.require_proof && !certified {
            anyhow::bail!(
                "--require-proof: the answer rests on an UNSAT answer of an external solver that \
                 nothing checked; use a built-in solver, or --certify where the command has it"
            );
        }
        Ok(())
    }
}

/// `--certify`: the final UNSAT answer of a result written as a CNF, refuted by the solver
/// with a DRAT proof, and the proof checked by an independent DRAT checker; the same flags on
/// every command that certifies this way.
#[derive(Args, Debug, Clone, Default)]
pub struct CertifyArgs {
    /// Prove the optimum independently: have the solver (`--solver`, an external one included)
    /// refute one beyond it with a proof (DRAT or LRAT), checked by the built-in proof checker
    /// (or the one `QUEENSAT_DRAT_CHECKER` names).
    #[arg(long)]
    pub certify: bool,
    /// Keep the certificate (CNF and DRAT proof) in this directory (default: a temporary
    /// directory, removed afterwards).
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub certify_dir: Option<PathBuf>,
}

impl CertifyArgs {
    /// Where certificates go: `None` when not asked, `Some(None)` for a temporary directory.
    pub fn target(&self) -> Option<Option<PathBuf>> {
        self.certify.then(|| self.certify_dir.clone())
    }
}

/// Where a command's output goes: `-o/--output PATH`, `-` or nothing for stdout.
#[derive(Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Write the output here (whole or not at all); `-` for stdout, the default.
    #[arg(short = 'o', long, value_name = "PATH")]
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
}

/// The parser of a count that must be at least 1 (`--chunk`, `--depth`): 0 is a usage error.
pub fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Output format of a command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Json,
}

/// How a command reports, the same flags on every command that searches: the format, whether
/// an answer may rest on an unchecked UNSAT, and progress.
#[derive(Args, Debug, Clone, Default)]
pub struct ReportArgs {
    #[command(flatten)]
    pub proof: ProofArgs,
    /// text, or json: the envelope (`command`, `version`) and the report, as described in
    /// docs/schema/COMMAND.json (`solutions`: one object a line, placements then a summary).
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
    #[command(flatten)]
    pub progress: super::progress::ProgressArgs,
}

impl ReportArgs {
    /// Whether the report is JSON.
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }
}
