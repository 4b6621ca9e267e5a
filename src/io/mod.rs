//! Files in and out: whole-or-nothing writes, text read compressed or not, DIMACS/WCNF/OPB/LP export, solver output, the
//! published result files, result databases, pictures and instance formats.

mod atomic;
mod bits64;
mod board_input;
mod columns;
mod compressed;
mod csplib;
mod decimal;
mod dimacs;
mod envelope;
mod header;
mod input_file;
mod json_board;
mod lp;
mod opb;
mod partial_proof;
mod published;
mod puzzle_page;
mod scratch;
mod seal;
mod sha256;
mod side;
mod summary;
mod svg;
mod svg_chart;
mod sweep_db;
mod wcnf;
mod words;
mod writer;

pub use atomic::{
    create_folder, new_dir_or_nothing, output_file_or_stdout, output_file_path, output_folder_path,
    output_path, writable_folder, write_all_atomic, write_atomic, write_atomic_with, write_pair_atomic_with,
};
pub use bits64::{from_bits64, to_bits64};
pub use board_input::{BoardRequest, BoardSource, BoardSpec, CellLists, parse_placement, parse_u64};
pub use columns::{ColumnStyle, ColumnsError, read_column_lists, write_columns};
pub use compressed::{BOM, Compression, open_text, read_line_up_to, read_text, sniff};
pub use csplib::{BlockedInstance, parse_blocked_queens};
pub use decimal::push_decimal;
pub use dimacs::{
    DimacsCnf, SolverAnswer, check_model, model_lines, parse_competition_output, parse_dimacs,
    parse_minisat_result, push_clause, write_dimacs,
};
pub use envelope::command_json;
pub use header::{ExportHeader, QuestionClaims, ReadHeader, dimacs_map, read_header};
pub use input_file::{input_at, input_name, open_input, protect_inputs, read_input, stdin_at_most_once};
pub use json_board::json_board;
pub use lp::{least_walls_lp_map, lp_map, write_least_walls_lp, write_lp};
pub use opb::{LeastWallsIlp, least_walls_opb_map, opb_map, write_least_walls_opb, write_opb};
pub use partial_proof::partial_proof_path;
pub use published::{
    ClaimRow, PUBLISHED_CSV_HEADER, PublishedCells, PublishedFile, PublishedFormat, parse_published,
    parse_published_as, published_csv_rows, push_published_csv_row,
};
pub use puzzle_page::{puzzle_page, puzzle_page_from_report};
pub use scratch::{Scratch, scratch_dir};
pub use seal::{SEAL_FORMAT, SealError, check_seal, seal_json_text, sealed_json};
pub use sha256::{DigestingReader, Sha256, sha256_file, sha256_hex};
pub use side::parse_side;
pub use summary::{SummaryClaim, parse_summary, share_as_written};
pub use svg::board_svg;
pub use svg_chart::{Line, Series, palette, render_distribution_svg, render_line_chart, text_width};
pub use sweep_db::{ClassRow, RowCell, RowView, render_jsonl};
pub use wcnf::{WcnfFormat, write_wcnf};
pub use words::{noun, plural};
pub use writer::{hostname, pid_alive, writer_gone, writer_tag};
