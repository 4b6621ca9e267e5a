//! The result files of the studies: caches read back to resume, Markdown tables, charts and
//! texts, so that every command only parses, calls and prints.

mod armies;
mod army_cubes;
mod cover;
mod cover_cubes;
mod cube_report;
mod encode;
mod least_walls;
mod least_walls_table;
mod merge;
mod nk;
mod nqueens;
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
pub use army_cubes::army_cubes_text;
pub use cover::{cover_output, cover_sizes};
pub use cover_cubes::cover_cubes_text;
pub use cube_report::{CubeOutcome, cube_state_json};
pub use encode::encode_json;
pub use least_walls::{
    LeastWallsRun, LeastWallsRunJson, SizeGroup, by_size, certificate_line, compare_runs, label,
    least_walls_chart, least_walls_summary, least_walls_text, lex_mode,
};
pub use least_walls_table::least_walls_tables;
pub use merge::{MergeJson, Merged, merge_json, merge_run, merge_text};
pub use nk::{NkJson, finish_nk_table, nk_agree, nk_event_text, nk_json, nk_line, nk_table};
pub use nqueens::{
    ColumnVerdict, NQUEENS_PROGRESS_FROM, NQueensJob, NQueensRun, check_column_file, nqueens_output,
    nqueens_run, verdicts_output,
};
pub use publish_puzzles::{
    Published, PuzzleOutputs, PuzzlesOutcome, chunks_kept_note, merge_and_publish, published_text,
    run_puzzles,
};
pub use puzzles::{comparison_text, page_data, puzzle_files, puzzle_summary};
pub use render::{Rendered, render_board, render_json};
pub use solutions::SolutionsPrinter;
pub use solve::solve_output;
pub use sweep::{RunState, SweepAnswer, SweepCompareJson, SweepJson, sweep_json, sweep_text};
pub use value::{value_output, value_text};
pub use value_cubes::cubes_text;
pub use verify::{Verified, VerifyJob, verify_job};
pub use wall_cubes::wall_cubes_text;
