//! How far a long computation got, told to whoever listens: library code never prints, it
//! reports to a [`Reporter`]; the command line shows a bar (or nothing).

use std::sync::Arc;

/// A listener for the progress of a long computation. Every method may be called from any
/// worker thread; the defaults ignore everything.
pub trait Progress: Send + Sync {
    /// A new phase of `total` steps (0: unknown), named `what`.
    fn start(&self, _what: &str, _total: u64) {}
    /// `steps` more steps of the current phase are done.
    fn advance(&self, _steps: u64) {}
    /// One line about what happened (a finished size, a phase's figures).
    fn note(&self, _line: &str) {}
    /// The current phase is over.
    fn finish(&self) {}
}

/// A cheap, cloneable handle on a [`Progress`] listener, or on none (the default): the form
/// in which options structs carry it.
#[derive(Clone, Default)]
pub struct Reporter(Option<Arc<dyn Progress>>);

impl Reporter {
    /// Reports to `p`.
    pub fn new(p: impl Progress + 'static) -> Reporter {
        Reporter(Some(Arc::new(p)))
    }

    /// Reports to nobody.
    pub fn silent() -> Reporter {
        Reporter(None)
    }

    pub fn start(&self, what: &str, total: u64) {
        if let Some(p) = &self.0 {
            p.start(what, total);
        }
    }

    pub fn advance(&self, steps: u64) {
        if let Some(p) = &self.0 {
            p.advance(steps);
        }
    }

    /// A line, built only when someone listens.
    pub fn note(&self, line: impl FnOnce() -> String) {
        if let Some(p) = &self.0 {
            p.note(&line());
        }
    }

    pub fn finish(&self) {
        if let Some(p) = &self.0 {
            p.finish();
        }
    }
}

impl std::fmt::Debug for Reporter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Reporter"
        } else {
            "Reporter(silent)"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Log(Mutex<Vec<String>>);

    impl Progress for Arc<Log> {
        fn start(&self, what: &str, total: u64) {
            self.0.lock().unwrap().push(format!("start {what} {total}"));
        }
        fn advance(&self, steps: u64) {
            self.0.lock().unwrap().push(format!("+{steps}"));
        }
        fn note(&self, line: &str) {
            self.0.lock().unwrap().push(line.to_string());
        }
    }

    #[test]
    fn a_reporter_passes_everything_on_and_a_silent_one_builds_nothing() {
        let log = Arc::new(Log::default());
        let r = Reporter::new(log.clone());
        r.start("boards", 3);
        r.advance(2);
        r.note(|| "done".into());
        r.finish();
        assert_eq!(*log.0.lock().unwrap(), ["start boards 3", "+2", "done"]);
        Reporter::silent().note(|| unreachable!("a silent reporter builds no line"));
    }
}
