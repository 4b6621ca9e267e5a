//! The one progress display: a bar with rate and ETA on stderr when it is a terminal, nothing
//! when it is not or with `--quiet`. Library code reports to it through
//! [`queensat::run::Reporter`].

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use queensat::run::{Progress, Reporter};

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
        if self.quiet {
            Reporter::silent()
        } else {
            Reporter::new(Bar::new())
        }
    }
}

/// One bar on stderr; indicatif hides it (and the lines printed above it) when stderr is not
/// a terminal.
struct Bar(ProgressBar);

impl Bar {
    fn new() -> Bar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(spinner());
        Bar(bar)
    }
}

fn spinner() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]").expect("the template is valid")
}

impl Progress for Bar {
    fn start(&self, what: &str, total: u64) {
        let b = &self.0;
        b.reset();
        if total > 0 {
            b.set_length(total);
            b.set_style(
                ProgressStyle::with_template(
                    "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len}, {per_sec}, ETA {eta}",
                )
                .expect("the template is valid"),
            );
        } else {
            b.unset_length();
            b.set_style(spinner());
        }
        b.set_message(what.to_string());
    }

    fn advance(&self, steps: u64) {
        self.0.inc(steps);
    }

    fn note(&self, line: &str) {
        self.0.println(line);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}
