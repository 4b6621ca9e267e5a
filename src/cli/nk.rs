//! `queensat nk`: N+k queens, the placements of n + k queens and k walls on n × n.

use super::args::FormatArgs;
use super::choice::choice;
use super::progress::ProgressArgs;
use super::run_args::{ChunkedRunArgs, ThreadsArgs};
use super::shape_args::WallCountsArgs;
use clap::Args;
use queensat::run::with_threads;
use queensat::study::Counts;
use queensat::study::nk::{
    DEFAULT_CHUNK, DEFAULT_DEPTH, DEFAULT_ROOT, NkMethod, NkOptions, NkTableSpec, count_table,
};
use queensat::study::report::{print_nk_event, print_nk_run};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct NkArgs {
    /// Board side n (`A..B` or `a,b`: a table).
    #[arg(long, value_name = "N")]
    pub size: Counts,
    #[command(flatten)]
    pub walls: WallCountsArgs,
    /// How to count (rows, classes, sat); several count each way and compare.
    ///
    /// How to count: row by row over every wall set, per wall class by the row counter, or per
    /// wall class by SAT enumeration; several (`rows,classes`) count each way and compare
    /// (exit 1 on a disagreement).
    #[arg(long, value_parser = choice::<NkMethod>(), value_delimiter = ',', default_value = "rows")]
    pub method: Vec<NkMethod>,
    /// `rows`: no symmetry reduction (a recount, about 8 times the work).
    ///
    /// `rows`: count every placement itself instead of taking one per symmetry class (a
    /// recount on no symmetry reduction, about 8 times the work).
    #[arg(long, conflicts_with = "mirror")]
    pub no_mirror: bool,
    /// `rows`: the left-right mirror instead of the 8 symmetries.
    ///
    /// The placements whose row-0 queen lies left of the middle (or on it), each with its mirror
    /// image (a recount on another symmetry reduction).
    #[arg(long)]
    pub mirror: bool,
    /// `rows`: the mirror on the right half of row 0 instead of the left.
    ///
    /// `rows`: the mirror on the right half of row 0 instead of the left (a recount on the
    /// placements the left half only inferred, the same work).
    #[arg(long, conflicts_with_all = ["no_mirror", "mirror"])]
    pub mirror_right: bool,
    /// `rows`: rows fixed in each prefix task (the unit of parallel work).
    #[arg(long, default_value_t = DEFAULT_DEPTH, value_parser = super::args::at_least_one)]
    pub depth: usize,
    #[command(flatten)]
    pub run: ChunkedRunArgs,
    /// Also read finished chunks from these directories.
    ///
    /// Run directories of the same count, or the output roots of sharded runs of this table (each
    /// count reads its own run directory there). `queensat merge DIR... -o OUT` merges the run
    /// directories of one count.
    #[arg(long, value_name = "DIR", num_args = 1..)]
    pub merge_from: Vec<PathBuf>,
    /// Print every wall class with placements (per-class methods).
    #[arg(long)]
    pub classes: bool,
    /// Also count the configurations up to the 8 symmetries of the square.
    ///
    /// Also count the configurations up to the 8 symmetries of the square (OEIS A103331,
    /// A129552, A129554): (placements + fixed) / 8, the configurations each symmetry fixes
    /// counted by an orbit search and by SAT enumeration (exit 2 if they differ).
    #[arg(long)]
    pub up_to_symmetry: bool,
    /// With --up-to-symmetry: take the placements from these finished counts.
    ///
    /// With --up-to-symmetry: take the placements from these finished counts' count.json
    /// instead of counting them (read back and checked: its seal, and the chunks beside it
    /// must add up to it; counts of one n and k must agree).
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "up_to_symmetry")]
    pub placements_from: Vec<PathBuf>,
    /// Also write the table of counts (Markdown, with provenance) to this file.
    #[arg(long, value_name = "FILE", value_parser = queensat::io::output_file_path)]
    pub table: Option<PathBuf>,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub progress: ProgressArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

pub fn run(a: NkArgs) -> anyhow::Result<i32> {
    let table = NkTableSpec {
        sizes: a.size,
        walls: a.walls.walls,
        methods: a.method,
        mirror: !a.no_mirror,
        mirror_right: a.mirror_right,
        sides: !(a.no_mirror || a.mirror || a.mirror_right),
        depth: a.depth,
        chunk: a.run.chunk_or(DEFAULT_CHUNK),
        root: a.run.output.unwrap_or_else(|| PathBuf::from(DEFAULT_ROOT)),
        classes: a.classes,
        up_to_symmetry: a.up_to_symmetry,
        placements_from: a.placements_from,
    };
    let opts = NkOptions {
        shard: a.run.shard.shard,
        merge_from: a.merge_from,
        progress: a.progress.reporter(),
    };
    let json = a.format.json();
    let run = with_threads(a.threads.threads, || {
        count_table(&table, &opts, |e| print_nk_event(e, table.classes, json))
    })?;
    print_nk_run(&table, opts.shard, &run, a.table.as_deref(), json)
}
