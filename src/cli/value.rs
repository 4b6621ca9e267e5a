//! `queensat value`.

use super::args::{Format, ProofArgs, ValueSearchArgs};
use super::board_args::BoardArgs;
use super::progress::ProgressArgs;
use clap::Args;
use queensat::board::render_grid;
use queensat::engine::{ValueReport, value_within};
use queensat::solve::Backend;
use queensat::study::report::command_json;

#[derive(Args, Debug)]
pub struct ValueArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub value: ValueSearchArgs,
    /// Shorthand for `--solver external:CMD`: a DIMACS solver binary run as a process.
    #[arg(long, value_name = "CMD", conflicts_with = "solver")]
    pub external: Option<String>,
    /// Prove optimality independently: write the CNF of "value + 1 queens", have the solver
    /// (`--solver`) write a DRAT proof, and check it with a DRAT checker (`rate`).
    #[arg(long)]
    pub certify: bool,
    /// Keep the certificate (CNF and DRAT proof) in this directory (default: a temporary
    /// directory, removed afterwards).
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub certify_dir: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub proof: ProofArgs,
    /// Stop after this many CPU seconds of the search and report the best checked placement
    /// and the best upper bound known, labelled NOT proved (exit 3); CaDiCaL stops inside a
    /// call, the other solvers between calls.
    #[arg(long, value_name = "SECS", conflicts_with = "certify", value_parser = queensat::solve::parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
    /// Answer many boards in one process: read JSON lines (`{"rows":8,"cols":8,"walls":[[1,3]]}`,
    /// optional `holes`, `size`, `id`) from FILE or `-` (stdin) and write one JSON result per
    /// line; a bad line gives `{"line":N,"error":...}` and, at the end, exit 2 (else 3 when
    /// --time-limit, which applies to each board, stopped a search). Always JSON.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["certify", "file", "walls", "holes", "bits", "size", "rows", "cols", "format"])]
    pub batch: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// `--batch`: one JSON line out per board line in, flushed as it goes.
fn run_batch(path: &std::path::Path, batch: &queensat::engine::Batch) -> anyhow::Result<i32> {
    use anyhow::Context;
    use std::io::{BufRead, Write};
    let input: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        Box::new(std::io::BufReader::new(f))
    };
    let mut input = input;
    let mut out = super::stdout::Stdout::lock();
    let (mut bad, mut stopped) = (0, false);
    let mut line = Vec::new();
    for i in 0.. {
        line.clear();
        let n = input
            .read_until(b'\n', &mut line)
            .with_context(|| format!("{} line {}", path.display(), i + 1))?;
        if n == 0 {
            break;
        }
        let Some(answer) = batch.line_bytes(i + 1, &line) else {
            continue;
        };
        let j = match answer {
            Ok(a) => {
                stopped |= !a.proved;
                a.json
            }
            Err(e) => {
                bad += 1;
                e
            }
        };
        writeln!(out, "{j}")?;
        out.flush()?;
        // A stop signal ends the batch after the board it stopped (answered, not proved).
        if queensat::engine::interrupt::stop_requested() {
            stopped = true;
            break;
        }
    }
    if bad > 0 {
        eprintln!("queensat: error: {bad} bad line(s) in {}", path.display());
        return Ok(2);
    }
    // A stop signal after the last board still cut the input short: an interrupt.
    Ok(queensat::engine::interrupt::stopped_exit_code(
        stopped || queensat::engine::interrupt::stop_requested(),
    ))
}

pub fn run(a: ValueArgs) -> anyhow::Result<i32> {
    let mut opts = a.value.options();
    opts.cadical_on_large = a.value.solver.solver.is_none() && a.external.is_none();
    a.value.solver.note_limit(a.time_limit);
    if let Some(cmd) = &a.external {
        opts.backend = Backend::External(cmd.clone());
    }
    if let Some(path) = &a.batch {
        let batch = queensat::engine::Batch {
            opts: &opts,
            time_limit: a.time_limit,
            require_proof: a.proof.require_proof,
        };
        return run_batch(path, &batch);
    }
    let (board, _) = a.board.load()?;
    // The certificate below comes from the solver that answered.
    opts.backend = opts.backend_for(&board);
    let mut report = value_within(&board, &opts, a.time_limit, &a.progress.reporter())?;
    // A search stopped by a signal (`--time-limit` excludes `--certify`) claims no optimality:
    // nothing to certify.
    let certificate = if a.certify && report.proved {
        Some(queensat::engine::certify_value(
            &board,
            a.value.base.amo,
            report.value,
            &opts.backend,
            a.certify_dir.as_deref(),
            opts.lp,
        )?)
    } else {
        None
    };
    // A checked DRAT proof of "value + 1 is impossible" replaces the external solver's word.
    if certificate.as_ref().is_some_and(|c| c.certified) {
        report.certified = true;
    }
    // A stopped search claims no optimality, but its upper bound may rest on an external
    // solver's UNSAT answers.
    a.proof.check(!report.rests_on_unchecked_unsat())?;
    match a.format {
        Format::Json if a.certify => {
            let body = serde_json::json!({ "value": report, "certificate": certificate });
            outln!("{}", command_json("value", &body)?)?
        }
        Format::Json => outln!("{}", command_json("value", &report)?)?,
        Format::Text => {
            out!("{}", text(&report))?;
            if let Some(c) = &certificate {
                outln!("{}", c.text())?;
            }
        }
    }
    Ok(match certificate {
        Some(c) if !c.certified => 1,
        _ => queensat::engine::interrupt::stopped_exit_code(!report.proved),
    })
}

fn text(r: &ValueReport) -> String {
    let mut s = format!("board {}\n", r.board.describe());
    s.push_str(&render_grid(&r.board, Some(&r.placement)));
    let local = r
        .local_search_lower_bound
        .map(|k| format!(", local search start {k}"))
        .unwrap_or_default();
    let tabu = r
        .tabu_search_lower_bound
        .map(|k| format!(", tabu search {k}"))
        .unwrap_or_default();
    s.push_str(&format!(
        "{} {} (greedy start {}{local}{tabu}, upper bound {} by {})\n",
        if r.proved { "value" } else { "best found" },
        r.value,
        r.greedy_lower_bound,
        r.upper_bound.bound,
        r.upper_bound.reason
    ));
    let unchecked = queensat::engine::unchecked_prefix(r.certified);
    if r.proved {
        s.push_str(&format!(
            "proof: {unchecked}SAT with {} queens, placement checked; {}\n",
            r.value, r.proof
        ));
    } else {
        s.push_str(&format!("proof: {}\n", r.proof));
    }
    s.push_str(
        &format!(
            "solver {}, amo {}, count {}, search {:?}, {:.3} s\n",
            r.solver, r.amo, r.count, r.search, r.seconds
        )
        .to_lowercase(),
    );
    s
}
