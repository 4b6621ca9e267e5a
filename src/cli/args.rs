//! Argument groups that several commands share, spelled the same everywhere: the encoding and
//! solver options; how commands report is in [`report_args`](super::report_args).

use super::choice::choice;
use clap::Args;
use queensat::encode::{Amo, BaseOptions, CountMode};
use queensat::engine::{Search, VALUE_CADICAL_CONFIG, ValueOptions};
use queensat::solve::{Backend, CadicalConfig};
use std::time::Duration;

pub use super::report_args::{CertifyArgs, Format, FormatArgs, OutputArgs, ProofArgs, ReportArgs};

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

/// `--solver` in a command without `--time-limit` (`solutions`, `puzzles`, `verify`), whose
/// searches take varisat unless a solver is named: `#[command(mut_arg("solver",
/// solver_without_limit))]`. Its help, short and long, says nothing of a limit.
pub fn solver_without_limit(solver: clap::Arg) -> clap::Arg {
    solver
        .help("SAT solver: a built-in backend, or `external:CMD` [default: varisat]")
        .long_help(None::<&str>)
}

/// Which SAT solver answers: `--solver`, the same in every command that solves.
#[derive(Args, Debug, Clone)]
pub struct SolverArgs {
    /// SAT solver: a built-in backend, or `external:CMD`.
    ///
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

    /// The solver of a cube run, which is for a hard question: the one named, else the one
    /// that stops inside a call.
    pub fn for_cubes(&self) -> Backend {
        self.solver.clone().unwrap_or_else(Backend::for_time_limit)
    }

    /// The solver of a search under `time_limit` that stops at it inside any solver's call,
    /// varisat's and an external solver's too (`armies`, `cover`): the one named, else, with a
    /// limit, one that stops inside a call, else varisat.
    pub fn backend_within(&self, time_limit: Option<Duration>) -> Backend {
        Backend::within(self.solver.as_ref(), time_limit)
    }

    /// Under a time limit, a one-line note on stderr when the solver named stops only between
    /// calls (varisat, in a `value --batch`): one call may run past the limit.
    pub fn note_limit(&self, time_limit: Option<Duration>) {
        if let Some(b) = &self.solver {
            note_past_limit(b, time_limit);
        }
    }
}

/// Under a time limit, a one-line note on stderr when `b` stops only between calls.
fn note_past_limit(b: &Backend, time_limit: Option<Duration>) {
    if time_limit.is_some() && !b.stops_inside_a_call() {
        eprintln!(
            "queensat: note: {} is stopped only between solver calls, so one call may run past \
             --time-limit",
            b.name()
        );
    }
}

/// `--external CMD`, where a command takes a solver binary by name.
#[derive(Args, Debug, Clone, Default)]
pub struct ExternalArgs {
    /// Shorthand for `--solver external:CMD`.
    ///
    /// A DIMACS solver binary run as a process (e.g. cadical, minisat, picosat, cryptominisat5).
    #[arg(long, value_name = "CMD", conflicts_with = "solver")]
    pub external: Option<String>,
}

impl ExternalArgs {
    /// The solver named, if one is.
    pub fn backend(&self) -> Option<Backend> {
        self.external.clone().map(Backend::External)
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
    /// Do not use the segment-LP bound.
    ///
    /// By default, on boards of at least 150 free cells, the covering LP's dual is rounded to an
    /// integer certificate, checked, and used as an upper bound and as clauses that "at least k
    /// queens" implies (README, `queensat value`).
    #[arg(long)]
    pub no_lp: bool,
    /// CaDiCaL's option preset for this search (`sat` by default).
    ///
    /// CaDiCaL's option preset for this search, where CaDiCaL answers (`--solver cadical`, or
    /// in `value` no `--solver` on boards of 300 free cells and more; refused where another
    /// solver answers); `sat` by default (docs/bench.md).
    #[arg(long, value_parser = choice::<CadicalConfig>())]
    pub cadical_config: Option<CadicalConfig>,
}

impl ValueSearchArgs {
    /// The options of a command whose value searches take the solver `--solver` names, else
    /// varisat.
    pub fn options(&self) -> anyhow::Result<ValueOptions> {
        self.build(self.solver.backend(), false)
    }

    /// The options of `value`'s search: the solver `--solver` or `--external` names, else
    /// picked by the board's size ([`ValueOptions::cadical_on_large`]).
    pub fn options_with(&self, external: &ExternalArgs) -> anyhow::Result<ValueOptions> {
        let by_size = self.solver.solver.is_none() && external.external.is_none();
        self.build(
            external.backend().unwrap_or_else(|| self.solver.backend()),
            by_size,
        )
    }

    fn build(&self, backend: Backend, cadical_on_large: bool) -> anyhow::Result<ValueOptions> {
        ValueOptions {
            base: self.base.options(),
            search: self.search,
            backend,
            cadical_on_large,
            lp: !self.no_lp,
            cadical_config: VALUE_CADICAL_CONFIG,
        }
        .with_cadical_config(self.cadical_config)
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
