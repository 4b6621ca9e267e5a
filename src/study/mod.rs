//! Studies over many boards, built on the engine: sweeps of every k-wall board, interesting
//! puzzles, least walls, armies, covers, verification of published results, their reports,
//! and the chunk store that makes them resumable and shardable.

mod armies;
pub mod chunk_store;
pub mod chunked_run;
mod counts;
mod cover;
mod cubes;
pub mod dir_lock;
mod kept_solver;
mod least_walls;
pub mod nk;
pub mod puzzles;
pub mod report;
mod summary_claims;
pub mod sweep;
mod value_count;
pub mod value_cubes;
pub mod verify;

pub use crate::engine::{ArmyCall, BoundCall, WallCall};
pub use armies::cubes::{ArmyCubeAsk, armies_in_cubes};
pub use armies::{
    ArmyClasses, ArmyOptions, ArmyReport, ArmySession, add_optimal_classes, certify_armies, largest_armies,
    optimal_classes,
};
pub use counts::Counts;
pub use cover::cubes as cover_cubes;
pub use cover::{
    CoverOptions, CoverReport, DEFAULT_AMO as DEFAULT_COVER_AMO, Optimum, nqueens_solutions, pack_and_cover,
    seed_line,
};
pub use cubes::CubeCut;
pub use least_walls::{
    BoardCount, CUBE_START_RUNS, CountedClass, FoundBoard, LeastWallsOptions, LeastWallsReport,
    LeastWallsSpec, SolverFigures, Stopped, WallCubeAsk, WallCubesReport, WallSearch, Witness, least_walls,
    least_walls_in_cubes, least_walls_over, most_queens_any_board, proved_lower_bound, wall_lower_bound,
};
