//! The result files of the studies: caches read back to resume, Markdown tables, charts and
//! texts; and how each run's end is printed (`print_*`: text or JSON on stdout, what a stop
//! left on stderr, and the exit code), so that every command only parses, calls and prints.

mod armies;
mod army_cubes;
mod cover;
mod cover_cubes;
mod cube_report;
mod encode;
mod least_walls;
mod least_walls_print;
mod least_walls_table;
mod merge;
mod nk;
mod nqueens;
mod printing;
mod publish_puzzles;
mod puzzles;
mod render;
mod solutions;
mod solve;
mod sweep;
mod value;
mod value_cubes;
mod verify;
mod wall_cubes;

pub use crate::io::command_json;
pub use armies::{
    ArmiesOutcome, ArmyTableOptions, army_board_run, army_output, army_table_run, largest_armies_cached,
};
pub use cover::{cover_exit_code, cover_output, cover_sizes};
pub use cube_report::{CubeOutcome, CubeRunPrint, print_cube_run};
pub use encode::encode_json;
pub use least_walls::{LeastWallsRun, LeastWallsRunJson, compare_runs, least_walls_chart};
pub use least_walls_print::{LeastWallsPrint, print_least_walls_run};
pub use least_walls_table::least_walls_tables;
pub use merge::{Merged, merge_and_print};
pub use nk::{nk_json, print_nk_event, print_nk_run};
pub use nqueens::{
    ColumnVerdict, NQUEENS_PROGRESS_FROM, NQueensJob, NQueensRun, check_column_file, nqueens_output,
    nqueens_run, verdicts_output,
};
pub use printing::Printing;
pub use publish_puzzles::{Published, PuzzleOutputs, PuzzlesOutcome, print_puzzles, run_puzzles};
pub use render::{Rendered, render_board, render_json};
pub use solutions::SolutionsPrinter;
pub use solve::solve_output;
pub use sweep::{SweepCompareJson, print_sweep_run, sweep_json};
pub use value::{print_batch, print_value, value_output};
pub use verify::{Verified, VerifyJob, verify_job};
