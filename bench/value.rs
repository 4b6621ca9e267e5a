//! Value-query benchmarks, measured in-process (no process launch per board).
//!
//! - `configs --out DIR`: every two-wall 8×8 board under every solver × count × search × amo
//!   option; per-board time (median, 90th percentile, total) per configuration, the value
//!   distribution, and a hard failure if two configurations disagree on any board. Writes
//!   `DIR/value.md` and `DIR/value.json` (`make bench-value`).
//! - `boards FILE [options]`: the value of each board of a JSON-lines file
//!   (`{"id":..,"rows":..,"cols":..,"walls":[[r,c],..]}`), one JSON line out per board with the
//!   time of its query; the queensat side of `bench/run.py`.
//!
//! Run through cargo (`cargo bench --bench value -- configs ...`); cargo's own `--bench` flag
//! is ignored.

mod common;

use anyhow::{Context, bail, ensure};
use clap::{Parser, Subcommand};
use queensat::board::{Board, Coord};
use queensat::check::check_placement;
use queensat::choice::Choice;
use queensat::encode::{Amo, BaseOptions, CountMode};
use queensat::engine::{Search, ValueOptions, ValueReport, value};
use queensat::io::write_atomic;
use queensat::solve::Backend;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Parser)]
struct Args {
    #[command(subcommand)]
    mode: Mode,
}

#[derive(Subcommand)]
enum Mode {
    /// All two-wall 8×8 boards under every configuration.
    Configs {
        /// Directory for value.md and value.json.
        #[arg(long)]
        out: PathBuf,
        /// Passes over the board set; a board's time is its fastest pass.
        #[arg(long, default_value_t = 1)]
        reps: usize,
        /// Measure every `stride`-th board only (a quick run); the seed claim is checked
        /// only on the full set.
        #[arg(long, default_value_t = 1)]
        stride: usize,
        /// The command line to record in the report.
        #[arg(long, default_value = "cargo bench --bench value -- configs")]
        command: String,
    },
    /// The value of each board of a JSON-lines file.
    Boards {
        file: PathBuf,
        #[arg(long, value_parser = <Amo as Choice>::from_choice_name, default_value_t = Amo::default())]
        amo: Amo,
        #[arg(long, value_parser = <CountMode as Choice>::from_choice_name, default_value_t = CountMode::default())]
        count: CountMode,
        #[arg(long, value_parser = <Search as Choice>::from_choice_name, default_value_t = Search::default())]
        search: Search,
        #[arg(long, default_value = "varisat")]
        solver: Backend,
    },
}

fn main() {
    let args = Args::parse_from(std::env::args().filter(|a| a != "--bench"));
    let result = match args.mode {
        Mode::Configs {
            out,
            reps,
            stride,
            command,
        } => configs(&out, reps.max(1), stride.max(1), &command),
        Mode::Boards {
            file,
            amo,
            count,
            search,
            solver,
        } => boards(
            &file,
            &ValueOptions {
                base: BaseOptions { amo, count },
                search,
                backend: solver,
                ..ValueOptions::default()
            },
        ),
    };
    if let Err(e) = result {
        eprintln!("bench value: error: {e:#}");
        std::process::exit(2);
    }
}

/// One value query, its placement re-checked (the greedy start is not checked by `value`).
fn timed_value(board: &Board, opts: &ValueOptions) -> anyhow::Result<(ValueReport, f64)> {
    let t = Instant::now();
    let r = value(board, opts)?;
    let secs = t.elapsed().as_secs_f64();
    if let Err(v) = check_placement(board, &r.placement) {
        bail!("placement of {} fails the checker: {v}", board.describe());
    }
    ensure!(r.placement.len() == r.value, "placement size is not the value");
    Ok((r, secs))
}

fn config_name(o: &ValueOptions) -> String {
    format!(
        "{} count={} search={} amo={}",
        o.backend.name(),
        o.base.count.name(),
        format!("{:?}", o.search).to_lowercase(),
        o.base.amo.name()
    )
}

fn all_configs() -> Vec<ValueOptions> {
    let mut v = Vec::new();
    for backend in Backend::available() {
        for count in [CountMode::Segments, CountMode::Cells] {
            for search in [Search::Up, Search::Down, Search::Binary] {
                for amo in [Amo::Pairwise, Amo::Ladder, Amo::Bitwise, Amo::Commander] {
                    v.push(ValueOptions {
                        base: BaseOptions { amo, count },
                        search,
                        backend: backend.clone(),
                        ..ValueOptions::default()
                    });
                }
            }
        }
    }
    v
}

fn two_wall_boards() -> Vec<Board> {
    let mut boards = Vec::new();
    for a in 0..64 {
        for b in a + 1..64 {
            let walls = [(a / 8, a % 8), (b / 8, b % 8)];
            boards.push(Board::with_walls(8, 8, &walls).expect("cells are on the board"));
        }
    }
    boards
}

struct ConfigRun {
    name: String,
    times: Vec<f64>,
    values: Vec<usize>,
    proof_by_bound: usize,
}

fn configs(out: &std::path::Path, reps: usize, stride: usize, command: &str) -> anyhow::Result<()> {
    let boards: Vec<Board> = two_wall_boards().into_iter().step_by(stride).collect();
    let cfgs = all_configs();
    let default_name = config_name(&ValueOptions::default());
    let mut runs: Vec<ConfigRun> = cfgs
        .iter()
        .map(|o| ConfigRun {
            name: config_name(o),
            times: vec![f64::INFINITY; boards.len()],
            values: vec![0; boards.len()],
            proof_by_bound: 0,
        })
        .collect();
    let host = common::host();
    let start = Instant::now();
    // Configurations interleaved board by board, so load changes on the shared machine hit
    // every configuration alike.
    for rep in 0..reps {
        for (i, board) in boards.iter().enumerate() {
            for (o, run) in cfgs.iter().zip(runs.iter_mut()) {
                let (r, secs) = timed_value(board, o)?;
                run.times[i] = run.times[i].min(secs);
                run.values[i] = r.value;
                if rep == 0
                    && r.calls.last().is_some_and(|c| {
                        c.answer
                            == queensat::engine::Answer::Refuted(
                                queensat::engine::search::Refutation::Counter,
                            )
                    })
                {
                    run.proof_by_bound += 1;
                }
            }
            if i % 200 == 199 {
                eprintln!(
                    "bench value: pass {}/{reps}, {} of {} boards, {:.0} s",
                    rep + 1,
                    i + 1,
                    boards.len(),
                    start.elapsed().as_secs_f64()
                );
            }
        }
    }
    // Every configuration must give every board the same value.
    let reference = &runs[0];
    for run in &runs[1..] {
        for (i, (a, b)) in reference.values.iter().zip(&run.values).enumerate() {
            ensure!(
                a == b,
                "DISAGREEMENT on {}: {} says {a}, {} says {b}",
                boards[i].describe(),
                reference.name,
                run.name
            );
        }
    }
    let mut distribution: BTreeMap<usize, usize> = BTreeMap::new();
    for &v in &reference.values {
        *distribution.entry(v).or_default() += 1;
    }
    // The seed article's claim about all 2016 boards: compared, never used as an answer.
    let seed_claim = BTreeMap::from([(8, 368), (9, 1610), (10, 38)]);
    let claim_checked = stride == 1;

    let default_total: f64 = runs
        .iter()
        .find(|r| r.name == default_name)
        .map(|r| r.times.iter().sum())
        .context("the default configuration was not measured")?;
    let mut rows = Vec::new();
    for run in &runs {
        let mut sorted = run.times.clone();
        sorted.sort_by(f64::total_cmp);
        let total: f64 = sorted.iter().sum();
        rows.push(json!({
            "config": run.name,
            "median_ms": common::quantile(&sorted, 0.5) * 1e3,
            "p90_ms": common::quantile(&sorted, 0.9) * 1e3,
            "max_ms": sorted.last().copied().unwrap_or(0.0) * 1e3,
            "total_s": total,
            "ratio_to_default": total / default_total,
            "proof_by_counter_bound": run.proof_by_bound,
        }));
    }
    rows.sort_by(|a, b| {
        a["total_s"]
            .as_f64()
            .unwrap()
            .total_cmp(&b["total_s"].as_f64().unwrap())
    });
    let report = json!({
        "benchmark": "value of every two-wall 8x8 board, every configuration",
        "method": "in-process: one queensat::engine::value call per board and configuration, \
                   wall-clock time around the call (encoding + search + checks); configurations \
                   interleaved board by board; a board's time is its fastest of `reps` passes",
        "command": command,
        "reps": reps,
        "boards": boards.len(),
        "default_config": default_name,
        "host": host,
        "versions": common::versions(),
        "wall_seconds": start.elapsed().as_secs_f64(),
        "distribution": distribution.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
        "seed_claim": seed_claim.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
        "stride": stride,
        "seed_claim_agrees": claim_checked.then_some(distribution == seed_claim),
        "configs": rows,
        "values_by_board": boards.iter().zip(&reference.values)
            .map(|(b, v)| json!({"walls": b.walls(), "value": v})).collect::<Vec<_>>(),
    });
    std::fs::create_dir_all(out)?;
    write_atomic(
        &out.join("value.json"),
        (serde_json::to_string_pretty(&report)? + "\n").as_bytes(),
    )?;
    write_atomic(&out.join("value.md"), markdown(&report).as_bytes())?;
    eprintln!(
        "bench value: {} boards x {} configurations agree; distribution {:?}; wrote {}",
        boards.len(),
        runs.len(),
        distribution,
        out.join("value.md").display()
    );
    Ok(())
}

fn markdown(r: &Value) -> String {
    let mut s = String::from("# Value of every two-wall 8×8 board: configurations side by side\n\n");
    s.push_str(&format!(
        "Generated by `{}` ({}, {} pass(es), {:.0} s wall). {}\n\n",
        r["command"].as_str().unwrap_or(""),
        match r["stride"].as_u64() {
            Some(1) => format!("all {} boards", r["boards"]),
            s => format!("{} boards: every {}th of 2016", r["boards"], s.unwrap_or(0)),
        },
        r["reps"],
        r["wall_seconds"].as_f64().unwrap_or(0.0),
        r["method"].as_str().unwrap_or(""),
    ));
    s.push_str(&format!(
        "Host: {} ({}, {} logical CPUs, load {} at start; shared machine, so compare ratios). \
         Versions: {}.\n\n",
        r["host"]["hostname"].as_str().unwrap_or(""),
        r["host"]["cpu"].as_str().unwrap_or(""),
        r["host"]["logical_cpus"],
        r["host"]["loadavg_at_start"].as_str().unwrap_or(""),
        r["versions"]
            .as_object()
            .map(|m| m
                .iter()
                .map(|(k, v)| format!("{k} {}", v.as_str().unwrap_or("-")))
                .collect::<Vec<_>>()
                .join(", "))
            .unwrap_or_default()
    ));
    s.push_str("## Value distribution (identical under every configuration)\n\n");
    s.push_str("| value | boards (computed) | seed article's claim |\n|---:|---:|---:|\n");
    let dist = r["distribution"].as_object().cloned().unwrap_or_default();
    let claim = r["seed_claim"].as_object().cloned().unwrap_or_default();
    let mut keys: Vec<&String> = dist.keys().chain(claim.keys()).collect();
    keys.sort_by_key(|k| k.parse::<usize>().unwrap_or(0));
    keys.dedup();
    for k in keys {
        s.push_str(&format!(
            "| {k} | {} | {} |\n",
            dist.get(k).map_or("0".into(), |v| v.to_string()),
            claim.get(k).map_or("-".into(), |v| v.to_string())
        ));
    }
    s.push_str(match r["seed_claim_agrees"].as_bool() {
        Some(true) => "\nThe computed distribution agrees with the seed article's claim.\n\n",
        Some(false) => "\nThe computed distribution DIFFERS from the seed article's claim.\n\n",
        None => "\nQuick run (a subset of the boards): the seed's claim is about all 2016.\n\n",
    });
    s.push_str(&format!(
        "## Per-board time by configuration (fastest first; default: {})\n\n",
        r["default_config"].as_str().unwrap_or("")
    ));
    s.push_str(
        "| configuration | median ms | p90 ms | max ms | total s | total / default | \
         proofs by counter bound |\n|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for c in r["configs"].as_array().into_iter().flatten() {
        s.push_str(&format!(
            "| {} | {:.3} | {:.3} | {:.2} | {:.2} | {:.2} | {} |\n",
            c["config"].as_str().unwrap_or(""),
            c["median_ms"].as_f64().unwrap_or(0.0),
            c["p90_ms"].as_f64().unwrap_or(0.0),
            c["max_ms"].as_f64().unwrap_or(0.0),
            c["total_s"].as_f64().unwrap_or(0.0),
            c["ratio_to_default"].as_f64().unwrap_or(0.0),
            c["proof_by_counter_bound"],
        ));
    }
    s.push_str(
        "\n\"Proofs by counter bound\": boards where value + 1 exceeds the number of counter \
         inputs, so no UNSAT call was needed for optimality.\n",
    );
    s
}

fn parse_board(line: &str) -> anyhow::Result<(String, Board)> {
    let v: Value = serde_json::from_str(line)?;
    let id = match &v["id"] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let dim = |k: &str| v[k].as_u64().map(|n| n as usize).context(format!("no {k}"));
    let walls: Vec<Coord> = serde_json::from_value(v["walls"].clone()).context("bad walls")?;
    Ok((id, Board::with_walls(dim("rows")?, dim("cols")?, &walls)?))
}

fn boards(file: &std::path::Path, opts: &ValueOptions) -> anyhow::Result<()> {
    let input = std::fs::File::open(file).with_context(|| format!("{}", file.display()))?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut total = 0.0;
    for (n, line) in std::io::BufReader::new(input).lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (id, board) = parse_board(&line).with_context(|| format!("{}:{}", file.display(), n + 1))?;
        let (r, secs) = timed_value(&board, opts)?;
        total += secs;
        writeln!(
            out,
            "{}",
            json!({"id": id, "value": r.value, "seconds": secs,
                   "placement": r.placement.queens(), "proof": r.proof})
        )?;
    }
    eprintln!("bench value: {} in {total:.3} s", config_name(opts));
    Ok(())
}
