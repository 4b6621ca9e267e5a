//! Many boards: `sweep`, `least-walls`, `nk`, `puzzles`, `verify`, `cover` and `nqueens`, each run as its command
//! runs it and answered with its JSON. A run that keeps files (a sweep's database, an N+k
//! count's chunks) writes them into the folder given, where a rerun resumes, or into a
//! temporary folder removed afterwards.

use crate::call::{QueensatError, run_call};
use crate::options::{choice, counts, seconds, solver};
use pyo3::prelude::*;
use queensat::board::Board;
use queensat::encode::WallOptions;
use queensat::engine::ValueOptions;
use queensat::run::{Shard, command_line, with_threads};
use queensat::solve::Backend;
use queensat::study::nk::{self as nk_study, NkOptions, NkTableSpec, count_table};
use queensat::study::puzzles::{self as puzzle_study, PuzzleOptions};
use queensat::study::report::{
    LeastWallsRun, NQueensJob, PuzzleOutputs, PuzzlesOutcome, VerifyJob, command_json, cover_output,
    cover_sizes, nk_json, nqueens_output, nqueens_run, run_puzzles, sweep_json, verify_job,
};
use queensat::study::sweep::{DEFAULT_CHUNK, DEFAULT_SOLVER, RunOptions, SweepSpec, run_sweep};
use queensat::study::{CoverOptions, DEFAULT_COVER_AMO};
use queensat::study::{LeastWallsOptions, LeastWallsSpec, least_walls_over};
use std::path::{Path, PathBuf};

/// `output`, or a temporary folder that lives as long as the guard returned with it.
fn folder(output: Option<PathBuf>) -> PyResult<(PathBuf, Option<tempfile::TempDir>)> {
    match output {
        Some(dir) => Ok((dir, None)),
        None => {
            let tmp = tempfile::tempdir().map_err(|e| QueensatError::new_err(e.to_string()))?;
            Ok((tmp.path().join("run"), Some(tmp)))
        }
    }
}

/// `queensat sweep --format json`: every board with `walls` walls (`K`, `A..B`, `a,b`) by
/// symmetry class, each class's value proved; the JSON holds each wall count's summary.
#[pyfunction]
#[pyo3(signature = (
    rows, cols, walls, *, output=None, engine=None, solver=None, chunk=DEFAULT_CHUNK,
    count_optimal=false, cross_check=false, threads=None, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn sweep(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    walls: &str,
    output: Option<PathBuf>,
    engine: Option<&str>,
    solver: Option<&str>,
    chunk: usize,
    count_optimal: bool,
    cross_check: bool,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let walls = counts("--walls", walls)?;
    let engine = choice("--engine", engine)?;
    let solver = solver.unwrap_or(DEFAULT_SOLVER).to_string();
    let (out, _tmp) = folder(output)?;
    run_call(py, progress, |reporter| {
        let sweep = SweepSpec {
            rows,
            cols,
            walls: walls.as_slice().to_vec(),
            chunk_size: chunk,
            engine,
            start: Default::default(),
            solver,
            count_optimal,
        }
        .checked()?;
        let opts = RunOptions {
            shard: None,
            cross_check,
            progress: reporter.clone(),
            command: command_line(),
        };
        let ran = with_threads(threads, || run_sweep(&sweep, &opts, &out))?;
        Ok(command_json(
            "sweep",
            &sweep_json(sweep.spec(), &out, None, &ran),
        )?)
    })
}

/// `queensat least-walls --format json`: the fewest walls that let q queens fit on the board
/// (`queens`: `Q`, `A..B`, `a,b`; default as the command's), a witness and the proof of each
/// minimum; with `count`, the least boards counted (`unique`: one per class).
#[pyfunction]
#[pyo3(signature = (
    rows, cols, queens=None, *, count=false, unique=false, certify=false, time_limit=None,
    solver=None, search=None, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn least_walls(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    queens: Option<&str>,
    count: bool,
    unique: bool,
    certify: bool,
    time_limit: Option<f64>,
    solver: Option<&str>,
    search: Option<&str>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let queens = queens.map(|q| counts("--queens", q)).transpose()?;
    let time_limit = seconds("--time-limit", time_limit)?;
    let backend = Backend::within(self::solver(solver)?.as_ref(), time_limit);
    let search = choice("--search", search)?;
    run_call(py, progress, |reporter| {
        let spec = LeastWallsSpec::new(rows, cols, queens)?;
        // The command's defaults (`--lex-leader count`, every cut and start off).
        let opts = LeastWallsOptions {
            model: WallOptions::default(),
            search,
            backend,
            count,
            unique,
            lex_leader_count: true,
            certify,
            certify_dir: None,
            count_cpu_limit: None,
            start_runs: 0,
            time_limit,
            fresh_bounds: false,
            progress: reporter.clone(),
        };
        let mut run = LeastWallsRun::now();
        run.reports = least_walls_over(&spec, &opts, |_| Ok(()))?;
        Ok(command_json("least-walls", &run.printed())?)
    })
}

/// `queensat nk --format json`: the placements of n + k queens and k walls on n x n, counted
/// for each `size` n and `walls` k (`K`, `A..B`, `a,b`) by each of `methods` (`rows`,
/// `classes`, `sat`; several are compared); with `up_to_symmetry`, also up to the 8
/// symmetries of the square (`--up-to-symmetry`).
#[pyfunction]
#[pyo3(signature = (
    size, walls, *, methods=None, up_to_symmetry=false, output=None, threads=None, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn nk(
    py: Python<'_>,
    size: &str,
    walls: &str,
    methods: Option<Vec<String>>,
    up_to_symmetry: bool,
    output: Option<PathBuf>,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let methods = match methods {
        Some(names) => names
            .iter()
            .map(|m| choice("--method", Some(m)))
            .collect::<PyResult<Vec<_>>>()?,
        None => vec![Default::default()],
    };
    let (root, _tmp) = folder(output)?;
    // The command's defaults for the rest (its depth and chunk, the mirror reduction).
    let table = NkTableSpec {
        sizes: counts("--size", size)?,
        walls: counts("--walls", walls)?,
        methods,
        mirror: true,
        mirror_right: false,
        sides: true,
        depth: nk_study::DEFAULT_DEPTH,
        chunk: nk_study::DEFAULT_CHUNK,
        root,
        classes: false,
        up_to_symmetry,
        placements_from: Vec::new(),
    };
    run_call(py, progress, |reporter| {
        let opts = NkOptions {
            shard: None,
            merge_from: Vec::new(),
            progress: reporter.clone(),
        };
        let run = with_threads(threads, || count_table(&table, &opts, |_| Ok(())))?;
        Ok(command_json("nk", &nk_json(&table, None, &run))?)
    })
}

/// `queensat puzzles --format json`: the boards with `walls` walls whose optimum is unique and
/// whose walls are all needed, one per symmetry class.
#[pyfunction]
#[pyo3(signature = (
    rows, cols, walls="2..4", *, min_value=0, limit=None, engine=None, output=None, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn puzzles(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    walls: &str,
    min_value: usize,
    limit: Option<usize>,
    engine: Option<&str>,
    output: Option<PathBuf>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let walls = counts("--walls", walls)?;
    let engine = match engine {
        None => puzzle_study::ENGINES[0],
        Some(name) => match puzzle_study::ENGINES.into_iter().find(|e| e.name() == name) {
            Some(e) => e,
            None => {
                let names: Vec<&str> = puzzle_study::ENGINES.iter().map(|e| e.name()).collect();
                return Err(QueensatError::new_err(format!(
                    "invalid value '{name}' for '--engine': the puzzles' engines are {}",
                    names.join(", ")
                )));
            }
        },
    };
    run_call(py, progress, |reporter| {
        Board::new(rows, cols)?;
        let opts = PuzzleOptions {
            rows,
            cols,
            walls,
            min_value,
            limit,
            engine,
            value: ValueOptions::default(),
            progress: reporter.clone(),
            chunk_size: puzzle_study::DEFAULT_CHUNK,
            dir: output,
            shard: Shard::ALL,
        };
        let outputs = PuzzleOutputs {
            html: None,
            compare: None,
        };
        Ok(match run_puzzles(&opts, &outputs)? {
            PuzzlesOutcome::Published(p) => command_json("puzzles", &p.report)?,
            PuzzlesOutcome::Stopped(report, _) => command_json("puzzles", &report)?,
            PuzzlesOutcome::ShardFinished { .. } => unreachable!("a whole run is no shard"),
        })
    })
}

/// `queensat verify --format json`: every claim of a published result file re-checked.
#[pyfunction]
#[pyo3(signature = (file, *, size=None, claim=None, boards=None, name=None, certify=false, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn verify(
    py: Python<'_>,
    file: PathBuf,
    size: Option<usize>,
    claim: Option<&str>,
    boards: Option<PathBuf>,
    name: Option<String>,
    certify: bool,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let claim = choice("--claim", claim)?;
    run_call(py, progress, |reporter| {
        let text = read(&file)?;
        let job = VerifyJob {
            text: &text,
            path: &file,
            name: name.unwrap_or_else(|| file.display().to_string()),
            size,
            claim,
            boards: boards.as_deref(),
            rows_tsv: false,
            value: ValueOptions::default(),
            certify: certify.then_some(None),
        };
        let (v, _warning) = verify_job(job, &read, reporter)?;
        Ok(v.report(true)?)
    })
}

fn read(path: &Path) -> anyhow::Result<String> {
    queensat::io::read_input(path, "")
}

/// `queensat cover --format json`: for each n of `size` (`N`, `A..B`, `a,b`; 1..12), the most
/// pairwise-disjoint n-queens solutions and the fewest that cover the n×n board, each optimum
/// proved (`certify`: with a proof the built-in checker checks).
#[pyfunction]
#[pyo3(signature = (
    size, *, amo=None, solver=None, time_limit=None, symmetry_breaking=true, certify=false,
    certificates=None, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn cover(
    py: Python<'_>,
    size: &str,
    amo: Option<&str>,
    solver: Option<&str>,
    time_limit: Option<f64>,
    symmetry_breaking: bool,
    certify: bool,
    certificates: Option<PathBuf>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let sizes = counts("--size", size)?;
    let time_limit = seconds("--time-limit", time_limit)?;
    let backend = Backend::within(self::solver(solver)?.as_ref(), time_limit);
    let amo = amo.map_or(Ok(DEFAULT_COVER_AMO), |a| choice("--amo", Some(a)))?;
    run_call(py, progress, |reporter| {
        let opts = CoverOptions {
            backend,
            amo,
            certificates,
            symmetry_breaking,
            progress: reporter.clone(),
            time_limit,
        };
        let (reports, missing) = cover_sizes(sizes.as_slice(), opts, certify, false)?;
        Ok(cover_output(&reports, &missing, sizes.single().is_some(), true)?)
    })
}

/// `queensat nqueens --size N --format json`: one n-queens solution for n up to the millions,
/// checked in O(n); the JSON also carries the solution itself as `columns` (row r's queen
/// stands in column `columns[r]`, 0-based), which the command writes to a file instead.
#[pyfunction]
#[pyo3(signature = (n, *, method=None, seed=1, max_memory=2048, progress=None))]
pub fn nqueens(
    py: Python<'_>,
    n: usize,
    method: Option<&str>,
    seed: u64,
    max_memory: u64,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let method = choice("--method", method)?;
    run_call(py, progress, |reporter| {
        let job = NQueensJob {
            n,
            method,
            seed,
            max_memory_mib: max_memory,
            output: None,
            style: Default::default(),
            one_based: false,
        };
        let run = nqueens_run(&job, &mut std::io::sink(), reporter)?;
        let mut json: serde_json::Value = serde_json::from_str(&nqueens_output(&run, true)?)?;
        json["columns"] = serde_json::json!(run.answer.solution);
        Ok(json.to_string())
    })
}
