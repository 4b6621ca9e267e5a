//! The result files of the studies: caches read back to resume, Markdown tables, charts and
//! texts, so that every command only parses, calls and prints.

mod armies;
mod cover;
mod envelope;
mod least_walls;
mod least_walls_table;
mod merge;
mod nk;
mod nqueens;
mod publish_puzzles;
mod puzzles;
mod solutions;
mod sweep;

pub use armies::{ArmyRow, ArmyTableOptions, army_rows, army_table, army_text, largest_armies_cached};
pub use cover::{cover_table, cover_text, pack_and_cover_cached};
pub use envelope::command_json;
pub use least_walls::{
    LeastWallsRun, LeastWallsRunJson, SizeGroup, by_size, certificate_line, compare_runs, label,
    least_walls_chart, least_walls_summary, least_walls_text, lex_mode,
};
pub use least_walls_table::least_walls_tables;
pub use merge::{MergeJson, Merged, merge_json, merge_run, merge_text};
pub use nk::{NkJson, finish_nk_table, nk_agree, nk_event_text, nk_json, nk_line, nk_table};
pub use nqueens::{ColumnVerdict, NQueensRun, check_column_file, nqueens_text};
pub use publish_puzzles::{
    Published, PuzzleOutputs, PuzzlesOutcome, chunks_kept_note, merge_and_publish, run_puzzles,
    shard_finished_note,
};
pub use puzzles::{comparison_text, page_data, published_text, puzzle_files, puzzle_summary};
pub use solutions::{count_text, summary_text};
pub use sweep::{
    RunState, SweepAnswer, SweepCompareJson, SweepJson, comparisons_agree, sweep_json, sweep_text,
};
