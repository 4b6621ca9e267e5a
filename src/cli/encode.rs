//! `queensat encode`: write a question as DIMACS, WCNF, OPB or CPLEX LP.

use super::args::{BaseArgs, FormatArgs, OutputArgs};
use super::board_args::BoardArgs;
use super::choice::choice;
use clap::{Args, Subcommand};
use queensat::board::Board;
use queensat::encode::Attack;
use queensat::engine::{
    Encoded, ExportFormat, LeastWallsExport, ValueExport, encode_least_walls, encode_value,
};
use queensat::io::WcnfFormat;
use queensat::study::report::encode_json;

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

/// Where and how the file goes, the same for both questions.
#[derive(Args, Debug)]
pub struct FileArgs {
    /// WCNF dialect: 2022 (`h` lines, no `p` line) or classic (`p wcnf` header).
    #[arg(long, value_parser = choice::<WcnfFormat>(), default_value_t = WcnfFormat::default())]
    pub wcnf_format: WcnfFormat,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub format: FormatArgs,
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
    /// The file's format: dimacs (a yes/no question), wcnf, opb or lp (minimise the walls).
    ///
    /// dimacs: "at most W walls?"; wcnf, opb, lp: minimise the walls (opb and lp are the
    /// seed's least-walls ILP model).
    #[arg(long, value_parser = choice::<ExportFormat>(), default_value_t = ExportFormat::default())]
    pub to: ExportFormat,
    #[command(flatten)]
    pub file: FileArgs,
}

#[derive(Args, Debug)]
pub struct EncodeValueArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Ask for at least K queens (required for DIMACS; a constraint in OPB/LP, hard units in WCNF).
    #[arg(long, value_name = "K")]
    pub at_least: Option<usize>,
    /// The file's format: dimacs (a yes/no question), wcnf, opb or lp (most queens).
    ///
    /// dimacs: "at least K queens?"; wcnf: MaxSAT, hard non-attack clauses, one soft unit per
    /// queen; opb: one `≤ 1` per segment, minimise minus the queens; lp: the seed's base ILP.
    #[arg(long, value_parser = choice::<ExportFormat>(), conflicts_with_all = ["wcnf", "opb", "lp"])]
    pub to: Option<ExportFormat>,
    /// Same as `--to wcnf`.
    #[arg(long, conflicts_with_all = ["opb", "lp"])]
    pub wcnf: bool,
    /// Same as `--to opb`.
    #[arg(long, conflicts_with = "lp")]
    pub opb: bool,
    /// Same as `--to lp`.
    #[arg(long)]
    pub lp: bool,
    /// Add the clauses that the segment LP's checked certificate implies.
    ///
    /// With `--at-least K` (DIMACS or WCNF): add the clauses that "at least K queens" implies
    /// under the segment LP's dual certificate (checked first; a header line says so).
    #[arg(long, requires = "at_least")]
    pub lp_cuts: bool,
    #[command(flatten)]
    pub base: BaseArgs,
    #[command(flatten)]
    pub file: FileArgs,
}

pub fn run(a: EncodeArgs) -> anyhow::Result<i32> {
    let (question, board, format, encoded, file) = match a.what {
        EncodeWhat::Value(v) => {
            let board = v.board.load()?.board;
            let format = match (v.to, v.wcnf, v.opb, v.lp) {
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
                wcnf: v.file.wcnf_format,
                lp_cuts: v.lp_cuts,
            };
            let e: Encoded = encode_value(&board, &export)?;
            ("value", board, format, e, v.file)
        }
        EncodeWhat::LeastWalls(l) => {
            let (rows, cols) = l.shape.shape()?;
            let export = LeastWallsExport {
                format: l.to,
                queens: l.queens,
                max_walls: l.max_walls,
                attack: l.attack,
                wcnf: l.file.wcnf_format,
            };
            let e = encode_least_walls(rows, cols, &export)?;
            ("least-walls", Board::new(rows, cols)?, l.to, e, l.file)
        }
    };
    // A stop signal while the formula was built: no file, not even a part of one (killed
    // mid-write, a large CNF's temporary file stayed behind).
    queensat::run::interrupt::check_stop()?;
    let json = file.format.json();
    let report = |written: Option<&std::path::Path>| encode_json(question, &board, format, &encoded, written);
    file.output.emit_reported(&encoded.text, json, report)?;
    Ok(queensat::run::interrupt::finished_exit_code("writing the file"))
}
