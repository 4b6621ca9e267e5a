//! One board: loaded and checked as `--rows R --cols C --walls ... --holes ...` (or a board
//! file) loads it, then `value`, `solutions`, `armies` and `render` on it, as those commands
//! run.

use crate::call::{QueensatError, run_call};
use crate::options::{choice, seconds, solver};
use pyo3::prelude::*;
use queensat::board::Board;
use queensat::encode::BaseOptions;
use queensat::engine::{EnumOptions, Target, ValueOptions, value_certified};
use queensat::io::{BoardRequest, BoardSpec, CellLists, parse_placement};
use queensat::run::one_line;
use queensat::solve::Backend;
use queensat::study::ArmyOptions;
use queensat::study::report::{
    SolutionsPrinter, army_output, largest_armies_cached, render_board, render_json, value_output,
};
use std::path::PathBuf;

/// A board the library loaded and checked; its JSON is the command line's.
#[pyclass(frozen, module = "queensat._queensat")]
pub struct LoadedBoard {
    board: Board,
}

#[pymethods]
impl LoadedBoard {
    /// The board as JSON: `{"rows", "cols", "walls", "holes"}`.
    fn json(&self) -> PyResult<String> {
        serde_json::to_string(&self.board).map_err(|e| QueensatError::new_err(e.to_string()))
    }
}

/// The board of a file (`file`), or of a shape with walls and holes as "r,c r,c" lists,
/// checked by the library with the command line's messages (`--walls: cell 9,1 is off ...`).
#[pyfunction]
#[pyo3(signature = (rows=None, cols=None, walls=None, holes=None, file=None))]
pub fn load_board(
    rows: Option<usize>,
    cols: Option<usize>,
    walls: Option<&str>,
    holes: Option<&str>,
    file: Option<PathBuf>,
) -> PyResult<LoadedBoard> {
    let shape = match (rows, cols) {
        (Some(r), Some(c)) => Some(Ok((r, c))),
        (None, None) => None,
        _ => return Err(QueensatError::new_err("give both rows and cols")),
    };
    let spec = BoardSpec::load(BoardRequest {
        file: file.as_deref(),
        csplib: None,
        shape,
        cells: CellLists {
            walls,
            bits: None,
            holes,
        },
    })
    .map_err(|e| QueensatError::new_err(one_line(&e)))?;
    Ok(LoadedBoard { board: spec.board })
}

/// `queensat render --format json`: the SVG of the board with `placement` ("r,c ...") drawn,
/// the placement checked by the independent checker.
#[pyfunction]
#[pyo3(signature = (board, placement=None))]
pub fn render(board: &LoadedBoard, placement: Option<&str>) -> PyResult<String> {
    let board = &board.board;
    let json = || {
        let placement = placement.map(|p| parse_placement(board, p)).transpose()?;
        let r = render_board(board, placement.as_ref());
        Ok(render_json(board, placement.as_ref(), &r, None)?)
    };
    json().map_err(|e: anyhow::Error| QueensatError::new_err(one_line(&e)))
}

/// `queensat value --format json`: the value, an optimal placement checked by the independent
/// checker, the proof, and with `certify` the certificate (`{"value": ..., "certificate": ...}`).
#[pyfunction]
#[pyo3(signature = (
    board, *, solver=None, search=None, amo=None, counter=None, lp=true, time_limit=None,
    certify=false, certify_dir=None, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn value(
    py: Python<'_>,
    board: &LoadedBoard,
    solver: Option<&str>,
    search: Option<&str>,
    amo: Option<&str>,
    counter: Option<&str>,
    lp: bool,
    time_limit: Option<f64>,
    certify: bool,
    certify_dir: Option<PathBuf>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let named = self::solver(solver)?;
    let opts = ValueOptions {
        base: base(amo, counter)?,
        search: choice("--search", search)?,
        // As `value` does: CaDiCaL on large boards unless a solver is named.
        cadical_on_large: named.is_none(),
        backend: named.unwrap_or_default(),
        lp,
        ..ValueOptions::default()
    };
    let limit = seconds("--time-limit", time_limit)?;
    let board = &board.board;
    run_call(py, progress, |reporter| {
        let target = certify.then_some(certify_dir.as_deref());
        let v = value_certified(board, &opts, limit, target, reporter)?;
        Ok(value_output(&v, certify, true)?)
    })
}

/// `queensat solutions --format json`: one JSON line per placement (none with `count_only`),
/// then the summary line.
#[pyfunction]
#[pyo3(signature = (
    board, *, unique=false, count_only=false, queens=None, at_least=None, limit=None,
    solver=None, breaking=None, amo=None, counter=None, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn solutions(
    py: Python<'_>,
    board: &LoadedBoard,
    unique: bool,
    count_only: bool,
    queens: Option<usize>,
    at_least: Option<usize>,
    limit: Option<u64>,
    solver: Option<&str>,
    breaking: Option<&str>,
    amo: Option<&str>,
    counter: Option<&str>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let target = match (queens, at_least) {
        (Some(_), Some(_)) => {
            return Err(QueensatError::new_err("give queens or at_least, not both"));
        }
        (Some(k), None) => Target::Exactly(k),
        (None, Some(k)) => Target::AtLeast(k),
        (None, None) => Target::Value,
    };
    if limit == Some(0) {
        return Err(QueensatError::new_err("limit must be at least 1"));
    }
    // How unique keeps one placement per class: ignored without it, so refused (`--break`
    // requires `--unique`).
    if breaking.is_some() && !unique {
        return Err(QueensatError::new_err(
            "breaking needs unique=True (--break requires --unique)",
        ));
    }
    let opts = EnumOptions {
        base: base(amo, counter)?,
        backend: self::solver(solver)?.unwrap_or_default(),
        target,
        unique,
        breaking: choice("--break", breaking)?,
        limit,
        shard: None,
        fixed_by: None,
        deadline: None,
    };
    let board = &board.board;
    run_call(py, progress, |reporter| {
        let print = SolutionsPrinter {
            board,
            json: true,
            count: count_only,
            unique,
        };
        let mut lines = Vec::new();
        let report = print.list(&opts, reporter, &mut lines)?;
        lines.extend(print.summary(&report)?.into_bytes());
        Ok(String::from_utf8(lines)?)
    })
}

/// The base model's encoding (`--amo`, `--counter`).
fn base(amo: Option<&str>, counter: Option<&str>) -> PyResult<BaseOptions> {
    Ok(BaseOptions {
        amo: choice("--amo", amo)?,
        count: choice("--counter", counter)?,
    })
}

/// `queensat armies --format json` on the board: the largest m such that m white and m black
/// queens stand with no queen attacking one of the other colour, a checked position and the
/// proof; `unique`: every optimal position up to symmetry and colour swap.
#[pyfunction]
#[pyo3(signature = (
    board, *, unique=false, encoding=None, solver=None, time_limit=None, count_seconds=None,
    symmetry_breaking=true, certify=false, certify_dir=None, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn armies(
    py: Python<'_>,
    board: &LoadedBoard,
    unique: bool,
    encoding: Option<&str>,
    solver: Option<&str>,
    time_limit: Option<f64>,
    count_seconds: Option<f64>,
    symmetry_breaking: bool,
    certify: bool,
    certify_dir: Option<PathBuf>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let time_limit = seconds("--time-limit", time_limit)?;
    let opts = ArmyOptions {
        encoding: choice("--encoding", encoding)?,
        backend: Backend::within(self::solver(solver)?.as_ref(), time_limit),
        unique,
        count_limit: seconds("--count-seconds", count_seconds)?,
        time_limit,
        symmetry_breaking,
        certify: certify.then_some(certify_dir),
    };
    let board = &board.board;
    run_call(py, progress, |_| {
        let report = largest_armies_cached(board, &opts, None, false)?.expect("computing is allowed");
        Ok(army_output(&report, true)?)
    })
}
