//! `queensat encode`: write a question as DIMACS, WCNF, OPB or CPLEX LP.

use super::args::{BaseArgs, OutputArgs};
use super::board_args::BoardArgs;
use super::choice::choice;
use clap::{Args, Subcommand};
use queensat::encode::Attack;
use queensat::engine::{ExportFormat, LeastWallsExport, ValueExport, encode_least_walls, encode_value};
use queensat::io::WcnfFormat;

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
    pub shape: super::shape_args::ShapeArgs,
    /// At least this many queens.
    #[arg(long, value_name = "Q")]
    pub queens: usize,
    /// At most this many walls (required for DIMACS; a constraint in WCNF/OPB/LP).
    #[arg(long, value_name = "W")]
    pub max_walls: Option<usize>,
    /// Non-attack formulation of the wall model (DIMACS, WCNF).
    #[arg(long, value_parser = choice::<Attack>(), default_value_t = Attack::default())]
    pub attack: Attack,
    /// dimacs: "at most W walls?"; wcnf, opb, lp: minimise the walls (opb and lp are the
    /// seed's least-walls ILP model).
    #[arg(long, value_parser = choice::<ExportFormat>(), default_value_t = ExportFormat::default())]
    pub format: ExportFormat,
    /// WCNF dialect: 2022 (`h` lines, no `p` line) or classic (`p wcnf` header).
    #[arg(long, value_parser = choice::<WcnfFormat>(), default_value_t = WcnfFormat::default())]
    pub wcnf_format: WcnfFormat,
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
    /// dimacs: "at least K queens?"; wcnf: MaxSAT, hard non-attack clauses, one soft unit per
    /// queen; opb: one `≤ 1` per segment, minimise minus the queens; lp: the seed's base ILP.
    #[arg(long, value_parser = choice::<ExportFormat>(), conflicts_with_all = ["wcnf", "opb", "lp"])]
    pub format: Option<ExportFormat>,
    /// Same as `--format wcnf`.
    #[arg(long, conflicts_with_all = ["opb", "lp"])]
    pub wcnf: bool,
    /// Same as `--format opb`.
    #[arg(long, conflicts_with = "lp")]
    pub opb: bool,
    /// Same as `--format lp`.
    #[arg(long)]
    pub lp: bool,
    /// With `--at-least K` (DIMACS or WCNF): add the clauses that "at least K queens" implies
    /// under the segment LP's dual certificate (checked first; a header line says so).
    #[arg(long, requires = "at_least")]
    pub lp_cuts: bool,
    /// WCNF dialect: 2022 (`h` lines, no `p` line) or classic (`p wcnf` header).
    #[arg(long, value_parser = choice::<WcnfFormat>(), default_value_t = WcnfFormat::default())]
    pub wcnf_format: WcnfFormat,
    #[command(flatten)]
    pub base: BaseArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(a: EncodeArgs) -> anyhow::Result<i32> {
    match a.what {
        EncodeWhat::Value(v) => {
            let board = v.board.load()?.board;
            let format = match (v.format, v.wcnf, v.opb, v.lp) {
                (Some(f), ..) => f,
                (_, true, ..) => ExportFormat::Wcnf,
                (_, _, true, _) => ExportFormat::Opb,
                (.., true) => ExportFormat::Lp,
                _ => ExportFormat::Dimacs,
            };
            let export = ValueExport {
                format,
                at_least: v.at_least,
                base: v.base.options(),
                wcnf: v.wcnf_format,
                lp_cuts: v.lp_cuts,
            };
            let text = encode_value(&board, &export)?;
            v.output.emit(&text)?;
            Ok(0)
        }
        EncodeWhat::LeastWalls(a) => {
            let (rows, cols) = a.shape.shape()?;
            let export = LeastWallsExport {
                format: a.format,
                queens: a.queens,
                max_walls: a.max_walls,
                attack: a.attack,
                wcnf: a.wcnf_format,
            };
            let text = encode_least_walls(rows, cols, &export)?;
            a.output.emit(&text)?;
            Ok(0)
        }
    }
}
