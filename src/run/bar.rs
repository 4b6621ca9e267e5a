//! The one progress display: a bar with rate and ETA on stderr when it is a terminal, nothing
//! when it is not; library code reports to it through a [`super::Reporter`].

use super::progress::{Progress, Reporter};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

impl Reporter {
    /// A bar on stderr, or silence when `quiet`.
    pub fn on_stderr(quiet: bool) -> Reporter {
        if quiet {
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
                    "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len}, {rate}, ETA {eta}",
                )
                .expect("the template is valid")
                .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&rate_text(s.per_sec()));
                }),
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
        let b = &self.0;
        match (b.is_finished(), b.is_hidden()) {
            (false, _) => b.println(line),
            // A finished bar draws a line it is given as its last state, padded and with no
            // newline, so that what the command prints next lands on that line: the line is
            // written as a line of its own (only on a terminal, as the bar's are).
            (true, false) => eprintln!("{line}"),
            (true, true) => {}
        }
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

/// A rate as the bar shows it: whole steps per second from 100 up, with thousands separators
/// (`208,402/s`), one decimal below (`16.0/s`, `0.4/s`); indicatif's own shows four.
fn rate_text(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec < 100.0 {
        return format!("{:.1}/s", if per_sec.is_finite() { per_sec } else { 0.0 });
    }
    let digits = format!("{:.0}", per_sec);
    let mut grouped = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(d);
    }
    grouped + "/s"
}

#[cfg(test)]
mod tests {
    use super::rate_text;

    #[test]
    fn rates_show_whole_steps_or_one_decimal() {
        assert_eq!(rate_text(208_402.115_1), "208,402/s");
        assert_eq!(rate_text(5_077.745_3), "5,078/s");
        assert_eq!(rate_text(100.0), "100/s");
        assert_eq!(rate_text(1_000_000.4), "1,000,000/s");
        assert_eq!(rate_text(15.9999), "16.0/s");
        assert_eq!(rate_text(0.25), "0.2/s");
        assert_eq!(rate_text(f64::INFINITY), "0.0/s");
    }
}
