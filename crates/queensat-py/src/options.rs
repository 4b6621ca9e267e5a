//! Options given by name from Python, parsed by the library's own parsers (the names and
//! messages of the command line's flags): a bad name is a [`QueensatError`] naming the flag.

use crate::call::QueensatError;
use pyo3::PyResult;
use queensat::choice::Choice;
use queensat::solve::Backend;
use queensat::study::Counts;
use std::time::Duration;

/// The option `name` of `flag` (`--search`), or its default when none is given.
pub fn choice<T: Choice + Default>(flag: &str, name: Option<&str>) -> PyResult<T> {
    name.map_or(Ok(T::default()), |s| {
        T::from_choice_name(s).map_err(|e| bad(flag, s, &e))
    })
}

/// The solver named (`--solver`), if one is.
pub fn solver(name: Option<&str>) -> PyResult<Option<Backend>> {
    name.map(|s| s.parse().map_err(|e: String| bad("--solver", s, &e)))
        .transpose()
}

/// Counts as `--walls 2..4` takes them: `K`, `A..B` or `a,b`.
pub fn counts(flag: &str, text: &str) -> PyResult<Counts> {
    text.parse().map_err(|e: String| bad(flag, text, &e))
}

/// Seconds as `--time-limit` takes them (the library's parser, which rejects what it does).
pub fn seconds(flag: &str, secs: Option<f64>) -> PyResult<Option<Duration>> {
    secs.map(|s| queensat::solve::parse_seconds(&s.to_string()).map_err(|e| bad(flag, &s.to_string(), &e)))
        .transpose()
}

/// A value that `flag` does not take, worded as clap words it.
fn bad(flag: &str, value: &str, why: &str) -> pyo3::PyErr {
    QueensatError::new_err(format!("invalid value '{value}' for '{flag}': {why}"))
}
