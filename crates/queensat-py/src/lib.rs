//! `queensat._queensat`, the extension module under the `queensat` Python package
//! (python/queensat/): each function reads its arguments as the command line's flags would
//! give them (cell lists and counts as text, options by name, each parsed and checked by the
//! library), makes the library call the command does (`call::run_call`: off the GIL,
//! Ctrl-C stops it) and returns the command's JSON (`--format json`) as text, which the Python
//! side loads. So every number and message equals the command line's.

mod board;
mod call;
mod options;
mod studies;

use pyo3::prelude::*;

#[pymodule]
fn _queensat(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Result files name the command that made them: here the Python program (its script's
    // directory left out, as the command line leaves out the binary's), not the interpreter's
    // arguments read as a queensat command line.
    let argv: Vec<String> = m
        .py()
        .import("sys")?
        .getattr("argv")?
        .extract()
        .unwrap_or_default();
    let script = argv.first().map_or("", |a| a.rsplit('/').next().unwrap_or(a));
    let rest = argv.iter().skip(1).map(String::as_str);
    queensat::run::provenance::set_invocation(queensat::run::provenance::shell_line(
        // An interactive interpreter's `sys.argv` is `['']`: no script to name.
        ["python", script]
            .into_iter()
            .filter(|w| !w.is_empty())
            .chain(rest),
    ));
    m.add("QueensatError", m.py().get_type::<call::QueensatError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<board::LoadedBoard>()?;
    m.add_function(wrap_pyfunction!(board::load_board, m)?)?;
    m.add_function(wrap_pyfunction!(board::render, m)?)?;
    m.add_function(wrap_pyfunction!(board::value, m)?)?;
    m.add_function(wrap_pyfunction!(board::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(board::armies, m)?)?;
    m.add_function(wrap_pyfunction!(studies::sweep, m)?)?;
    m.add_function(wrap_pyfunction!(studies::least_walls, m)?)?;
    m.add_function(wrap_pyfunction!(studies::nk, m)?)?;
    m.add_function(wrap_pyfunction!(studies::puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(studies::verify, m)?)?;
    m.add_function(wrap_pyfunction!(studies::cover, m)?)?;
    m.add_function(wrap_pyfunction!(studies::nqueens, m)?)?;
    Ok(())
}
