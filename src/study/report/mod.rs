//! The result files of the studies: caches read back to resume, Markdown tables, charts and
//! texts, so that every command only parses, calls and prints.

mod armies;
mod cover;
mod encode;
mod envelope;
mod least_walls;
mod least_walls_table;
mod nqueens;
mod puzzles;
mod render;
mod solutions;
mod solve;
mod value;
mod verify;

pub use armies::{ArmiesOutcome, ArmyTableOptions, army_output, army_table_run, largest_armies_cached};
pub use cover::{cover_output, pack_and_cover_cached};
pub use encode::encode_json;
pub use envelope::command_json;
pub use least_walls::{
    LeastWallsRun, LeastWallsRunJson, SizeGroup, by_size, certificate_line, compare_runs, label,
    least_walls_chart, least_walls_summary, least_walls_text, lex_mode,
};
pub use least_walls_table::least_walls_tables;
pub use nqueens::{
    ColumnVerdict, NQUEENS_PROGRESS_FROM, NQueensJob, NQueensRun, check_column_file, nqueens_output,
    nqueens_run, verdicts_output,
};
pub use puzzles::{comparison_text, page_data, puzzle_files, puzzle_summary};
pub use render::{Rendered, render_board, render_json};
pub use solutions::SolutionsPrinter;
pub use solve::solve_output;
pub use value::{value_output, value_text};
pub use verify::{Verified, VerifyJob, verify_job};
