//! Questions about boards, answered with the encoders and solvers below.

mod armies;
mod bounds;
mod certify;
mod cover;
mod cpu_time;
mod enumerate;
mod least_walls;
pub mod nqueens;
pub mod puzzles;
mod session;
pub mod sweep;
mod unique;
mod value;
pub mod verify;

pub use armies::{
    ArmyCall, ArmyClasses, ArmyOptions, ArmyReport, ArmySession, largest_armies, optimal_classes,
};
pub use bounds::{UpperBound, greedy_placement, upper_bound};
pub use certify::{certify_least_walls, certify_value, least_walls_header};
pub use cover::{
    BoundCall, CoverOptions, CoverReport, Optimum, nqueens_solutions, pack_and_cover, seed_line,
};
pub use cpu_time::{cpu_since, process_cpu_seconds};
pub use enumerate::{Breaking, EnumOptions, EnumReport, Found, Target, count, enumerate, orbit};
pub use least_walls::{
    BoardCount, CountedClass, LeastWallsOptions, LeastWallsReport, SolverFigures, WallCall, WallSearch,
    Witness, least_walls, most_queens_any_board, wall_lower_bound,
};
pub use session::BoardSession;
pub use unique::{Uniqueness, other_placement, second_optimum};
pub use value::{Search, SolverCall, ValueOptions, ValueReport, value};
