//! `queensat encode`: write a question as DIMACS, WCNF, OPB or CPLEX LP.

use super::{BaseArgs, BoardArgs, OutputArgs};
use crate::encode::Attack;
use crate::engine::{ExportFormat, ValueExport, encode_least_walls, encode_value};
use clap::{Args, Subcommand};

#[derive(Args, Debug)]
pub struct EncodeArgs {
    #[command(subcommand)]
    what: EncodeWhat,
}

#[derive(Subcommand, Debug)]
enum EncodeWhat {
    /// A board's value question: "at least K queens?" (DIMACS), or "most queens" (WCNF/OPB/LP).
    Value(EncodeValueArgs),
    /// A least-walls question: "some board with at most W walls holds at least Q queens?"
    LeastWalls(EncodeLeastWallsArgs),
}

#[derive(Args, Debug)]
pub struct EncodeLeastWallsArgs {
    #[command(flatten)]
    pub shape: super::ShapeArgs,
    /// At least this many queens.
    #[arg(long, value_name = "Q")]
    pub queens: usize,
    /// At most this many walls.
    #[arg(long, value_name = "W")]
    pub max_walls: usize,
    /// Non-attack formulation of the wall model.
    #[arg(long, value_enum, default_value_t = Attack::default())]
    pub attack: Attack,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct EncodeValueArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Ask for at least K queens (required for DIMACS; a constraint in OPB/LP, hard units in WCNF).
    #[arg(long, value_name = "K")]
    pub at_least: Option<usize>,
    /// MaxSAT (2022 WCNF): hard non-attack clauses, one soft unit per queen.
    #[arg(long, conflicts_with_all = ["opb", "lp"])]
    pub wcnf: bool,
    /// Pseudo-Boolean (OPB): one `≤ 1` per segment, minimise minus the queens.
    #[arg(long, conflicts_with = "lp")]
    pub opb: bool,
    /// The seed's ILP in CPLEX LP format.
    #[arg(long)]
    pub lp: bool,
    #[command(flatten)]
    pub base: BaseArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(a: EncodeArgs) -> anyhow::Result<i32> {
    match a.what {
        EncodeWhat::Value(v) => {
            let (board, _) = v.board.load()?;
            let format = match (v.wcnf, v.opb, v.lp) {
                (true, ..) => ExportFormat::Wcnf,
                (_, true, _) => ExportFormat::Opb,
                (.., true) => ExportFormat::Lp,
                _ => ExportFormat::Dimacs,
            };
            let export = ValueExport {
                format,
                at_least: v.at_least,
                base: v.base.options(),
            };
            let text = encode_value(&board, &export)?;
            v.output.emit(&text)?;
            Ok(0)
        }
        EncodeWhat::LeastWalls(a) => {
            let (rows, cols) = a.shape.shape()?;
            let text = encode_least_walls(rows, cols, a.queens, a.max_walls, a.attack)?;
            a.output.emit(&text)?;
            Ok(0)
        }
    }
}
