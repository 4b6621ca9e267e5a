//! `queensat value`.

use super::{BoardArgs, Format};
use crate::analysis::{Search, ValueOptions, ValueReport, value};
use crate::board::render_grid;
use crate::encode::{Amo, BaseOptions, CountMode};
use crate::solve::Backend;
use clap::Args;

#[derive(Args, Debug)]
pub struct ValueArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// At-most-one encoding for each segment.
    #[arg(long, value_enum, default_value_t = Amo::default())]
    pub amo: Amo,
    /// What the cardinality totalisers count.
    #[arg(long, value_enum, default_value_t = CountMode::default())]
    pub count: CountMode,
    /// How the search moves between the bounds.
    #[arg(long, value_enum, default_value_t = Search::default())]
    pub search: Search,
    /// SAT solver.
    #[arg(long, default_value = "varisat")]
    pub solver: Backend,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

pub fn run(a: ValueArgs) -> anyhow::Result<i32> {
    let (board, _) = a.board.load()?;
    let opts = ValueOptions {
        base: BaseOptions {
            amo: a.amo,
            count: a.count,
        },
        search: a.search,
        backend: a.solver,
    };
    let report = value(&board, &opts)?;
    match a.format {
        Format::Json => println!("{}", serde_json::to_string(&report)?),
        Format::Text => print!("{}", text(&report)),
    }
    Ok(0)
}

fn text(r: &ValueReport) -> String {
    let mut s = format!("board {}\n", r.board.describe());
    s.push_str(&render_grid(&r.board, Some(&r.placement)));
    let local = r
        .local_search_lower_bound
        .map(|k| format!(", min-conflicts start {k}"))
        .unwrap_or_default();
    s.push_str(&format!(
        "value {} (greedy start {}{local}, upper bound {} by {})\n",
        r.value, r.greedy_lower_bound, r.upper_bound.bound, r.upper_bound.reason
    ));
    s.push_str(&format!(
        "proof: SAT with {} queens, placement checked; {}\n",
        r.value, r.proof
    ));
    s.push_str(
        &format!(
            "solver {}, amo {}, count {}, search {:?}, {:.3} s\n",
            r.solver, r.amo, r.count, r.search, r.seconds
        )
        .to_lowercase(),
    );
    s
}
