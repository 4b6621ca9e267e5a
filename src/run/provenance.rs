//! How a result was made: one CPU clock, the host, the command line and the date, gathered in
//! the one [`Provenance`] record that every result file carries.
//!
//! CPU time rather than wall-clock time is what reports quote: on a shared machine the wall
//! clock says more about the neighbours than about the solver.

use serde::{Deserialize, Serialize};

pub use crate::run::cpu::{cpu_since, process_cpu_seconds, thread_cpu_seconds, thread_cpu_since};

/// The CPU model, as the operating system names it (`unknown CPU` where it does not).
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

/// The machine in one line: CPU model, cores and operating system.
pub fn host() -> String {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    format!("{}, {cores} cores, {}", cpu_model(), std::env::consts::OS)
}

/// How this process was started, where the library runs inside another program (the Python
/// module: the interpreter's `sys.argv`), set once ([`set_invocation`]).
static INVOCATION: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Names this process's invocation for [`command_line`], where it is not the queensat command;
/// the first call wins.
pub fn set_invocation(line: String) {
    let _ = INVOCATION.set(line);
}

/// This invocation as `queensat ARGS` (the program's own path left out, so a result file names
/// no directory of the machine that made it), or as [`set_invocation`] named it. Each argument
/// is quoted where a shell would split or expand it, so that the line pasted into a shell runs
/// the same command (`--walls "1,3 2,5"` was recorded as `--walls 1,3 2,5`).
pub fn command_line() -> String {
    if let Some(line) = INVOCATION.get() {
        return line.clone();
    }
    // Lossy: a result file records an argument that is not UTF-8 as best it can.
    let args = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned());
    shell_line(std::iter::once("queensat".to_string()).chain(args))
}

/// How to run this invocation again, pasted into a shell in any directory: `cd DIR && PROGRAM
/// ARGS`, the program as it was started (its path as typed) and the folder it ran in, since
/// its relative paths (`-o DIR`) mean that folder's. `None` where the library runs inside
/// another program ([`set_invocation`]), whose caller knows how it was called.
pub fn rerun_line() -> Option<String> {
    if INVOCATION.get().is_some() {
        return None;
    }
    // An argument or a folder that is not UTF-8 has no line that pastes back: none is given.
    let args: Option<Vec<String>> = std::env::args_os().map(|a| a.into_string().ok()).collect();
    let command = shell_line(args?);
    Some(match std::env::current_dir() {
        Ok(dir) => format!("cd {} && {command}", shell_word(dir.to_str()?)),
        Err(_) => command,
    })
}

/// `words` as one shell line, each quoted by [`shell_word`].
pub fn shell_line<S: AsRef<str>>(words: impl IntoIterator<Item = S>) -> String {
    words
        .into_iter()
        .map(|w| shell_word(w.as_ref()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `word` as a POSIX shell reads it back as one word: as it is when it holds only characters
/// no shell treats specially, else in single quotes (a quote inside as `'\''`).
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./,:=+@%".contains(c);
    // zsh expands a word that starts with `=` (`=cmd`: the command's path).
    if !word.is_empty() && !word.starts_with('=') && word.chars().all(plain) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// `YYYY-MM-DD HH:MM UTC` from Unix seconds (civil-from-days, proleptic Gregorian).
pub fn utc_date(secs: u64) -> String {
    let days = (secs / 86400) as i64;
    let rem = secs % 86400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// How a result file was made: the command that made it, when, and on what machine. Result
/// records flatten it, so its field names are the files' own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    pub command: String,
    /// `YYYY-MM-DD HH:MM UTC` (empty in files written before it was recorded).
    #[serde(default)]
    pub date: String,
    pub host: String,
}

impl Provenance {
    /// This invocation, now, here.
    pub fn now() -> Provenance {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Provenance {
            command: command_line(),
            date: utc_date(secs),
            host: host(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_do_not_run_backwards() {
        let (p, t) = (process_cpu_seconds(), thread_cpu_seconds());
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(thread_cpu_seconds() >= t && t >= 0.0);
        assert!(process_cpu_seconds() >= p && cpu_since(p) >= 0.0);
    }

    #[test]
    fn dates() {
        assert_eq!(utc_date(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_date(951_782_400 + 3600), "2000-02-29 01:00 UTC");
    }

    #[test]
    fn a_command_line_pastes_back_as_the_same_words() {
        assert_eq!(
            shell_line([
                "queensat", "value", "--walls", "1,3 2,5", "-o", "it's", "", "a..b"
            ]),
            "queensat value --walls '1,3 2,5' -o 'it'\\''s' '' a..b"
        );
        assert_eq!(shell_word("$HOME/*"), "'$HOME/*'");
        assert_eq!(
            (shell_word("--walls=1,3"), shell_word("=ls")),
            ("--walls=1,3".into(), "'=ls'".into())
        );
    }

    #[test]
    fn provenance_names_the_program_not_its_path() {
        let p = Provenance::now();
        assert!(p.command.starts_with("queensat"));
        assert!(p.date.ends_with("UTC") && !p.host.is_empty());
    }
}
