//! `--quiet`: the progress bar on stderr ([`queensat::run::bar`]) or none.

use clap::Args;
use queensat::run::Reporter;

/// `--quiet`, for every long-running command.
#[derive(Args, Debug, Clone, Default)]
pub struct ProgressArgs {
    /// No progress on stderr (there is none anyway when stderr is not a terminal).
    #[arg(long)]
    pub quiet: bool,
}

impl ProgressArgs {
    /// The reporter a library call gets: a bar, or silence.
    pub fn reporter(&self) -> Reporter {
        Reporter::on_stderr(self.quiet)
    }
}
