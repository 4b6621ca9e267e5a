//! Questions about boards, answered with the encoders and solvers below.

mod armies;
mod bounds;
mod certify;
mod counts;
mod cover;
mod enumerate;
mod export;
mod least_walls;
pub mod nqueens;
mod progress;
mod provenance;
pub mod puzzles;
pub mod report;
mod session;
mod shard;
pub mod sweep;
mod unique;
mod value;
pub mod verify;

pub use armies::{
    ArmyCall, ArmyClasses, ArmyOptions, ArmyReport, ArmySession, largest_armies, optimal_classes,
};
pub use bounds::{UpperBound, greedy_placement, upper_bound};
pub use certify::{certify_least_walls, certify_value, least_walls_header};
pub use counts::Counts;
pub use cover::{
    BoundCall, CoverOptions, CoverReport, Optimum, nqueens_solutions, pack_and_cover, seed_line,
};
pub use enumerate::{Breaking, EnumOptions, EnumReport, Found, Target, count, enumerate, orbit};
pub use export::{ExportFormat, ValueExport, encode_least_walls, encode_value};
pub use least_walls::{
    BoardCount, CountedClass, LeastWallsOptions, LeastWallsReport, SolverFigures, WallCall, WallSearch,
    Witness, least_walls, most_queens_any_board, wall_lower_bound,
};
pub use progress::{Progress, Reporter};
pub use provenance::{
    Provenance, command_line, cpu_model, cpu_since, host, process_cpu_seconds, thread_cpu_seconds, utc_date,
};
pub use session::BoardSession;
pub use shard::Shard;
pub use unique::{Uniqueness, other_placement, second_optimum};
pub use value::{Search, SolverCall, ValueOptions, ValueReport, value};
