//! Questions about boards, answered with the encoders and solvers below.

mod bounds;
mod cpu_time;
mod least_walls;
mod session;
mod value;

pub use bounds::{UpperBound, greedy_placement, upper_bound};
pub use cpu_time::{cpu_since, process_cpu_seconds};
pub use least_walls::{
    BoardCount, CountedClass, LeastWallsOptions, LeastWallsReport, SolverFigures, WallCall, WallSearch,
    Witness, least_walls, most_queens_any_board, wall_lower_bound,
};
pub use session::BoardSession;
pub use value::{Search, SolverCall, ValueOptions, ValueReport, value};
