//! `queensat value`.

use super::{BoardArgs, Format, ValueSearchArgs};
use crate::board::render_grid;
use crate::engine::{ValueReport, value_within};
use crate::solve::Backend;
use clap::Args;

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
    /// Stop after this many CPU seconds of the search and report the best checked placement
    /// and the best upper bound known, labelled NOT proved (exit 3); CaDiCaL stops inside a
    /// call, the other solvers between calls.
    #[arg(long, value_name = "SECS", conflicts_with = "certify")]
    pub time_limit: Option<f64>,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

pub fn run(a: ValueArgs) -> anyhow::Result<i32> {
    let (board, _) = a.board.load()?;
    let mut opts = a.value.options();
    if let Some(cmd) = &a.external {
        opts.backend = Backend::External(cmd.clone());
    }
    let limit = match a.time_limit {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            anyhow::bail!("--time-limit: {t} is not a positive number of seconds")
        }
        t => t.map(std::time::Duration::from_secs_f64),
    };
    let report = value_within(&board, &opts, limit)?;
    let certificate = if a.certify {
        Some(crate::engine::certify_value(
            &board,
            a.value.base.amo,
            report.value,
            &opts.backend,
            a.certify_dir.as_deref(),
        )?)
    } else {
        None
    };
    match a.format {
        Format::Json => match &certificate {
            Some(c) => println!("{}", serde_json::json!({ "value": report, "certificate": c })),
            None => println!("{}", serde_json::to_string(&report)?),
        },
        Format::Text => {
            print!("{}", text(&report));
            if let Some(c) = &certificate {
                println!("{}", c.text());
            }
        }
    }
    Ok(match certificate {
        Some(c) if !c.certified => 1,
        _ if !report.proved => 3,
        _ => 0,
    })
}

fn text(r: &ValueReport) -> String {
    let mut s = format!("board {}\n", r.board.describe());
    s.push_str(&render_grid(&r.board, Some(&r.placement)));
    let local = r
        .local_search_lower_bound
        .map(|k| format!(", min-conflicts start {k}"))
        .unwrap_or_default();
    s.push_str(&format!(
        "{} {} (greedy start {}{local}, upper bound {} by {})\n",
        if r.proved { "value" } else { "best found" },
        r.value,
        r.greedy_lower_bound,
        r.upper_bound.bound,
        r.upper_bound.reason
    ));
    if r.proved {
        s.push_str(&format!(
            "proof: SAT with {} queens, placement checked; {}\n",
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
