//! Least walls for q queens, what is asked and what is answered: the options of a query, its
//! report (the minimum, a witness board, the proof or the bounds of a stopped search, the
//! count of the least boards), and the bounds that need no solver. The search is
//! `search`; the solver state it shares with the count is `run`.

mod bounds;
mod count;
mod cube_plan;
mod cubes;
mod options;
mod queens;
mod report;
mod run;
mod search;
mod start;

pub use bounds::{most_queens_any_board, proved_lower_bound, wall_lower_bound};
pub use cubes::{CUBE_START_RUNS, WallCubeAsk, WallCubesReport, least_walls_in_cubes, merge_wall_cubes};
pub use options::{LeastWallsOptions, WallSearch};
pub use queens::{LeastWallsSpec, least_walls_over};
pub use report::{BoardCount, CountedClass, FoundBoard, LeastWallsReport, SolverFigures, Stopped, Witness};
pub use search::least_walls;
