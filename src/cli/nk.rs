//! `queensat nk`: N+k queens, the placements of n + k queens and k walls on n × n.

use super::choice::choice;
use super::progress::ProgressArgs;
use anyhow::bail;
use clap::Args;
use queensat::board::render_cell_list;
use queensat::io::write_atomic;
use queensat::run::Shard;
use queensat::study::Counts;
use queensat::study::chunk_store::ChunkRun;
use queensat::study::nk::{
    NkMethod, NkOptions, NkSpec, check_request, count_nk, merge_nk, methods_agree, nk_line, nk_table,
};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct NkArgs {
    /// Board side n (`A..B` or `a,b`: a table).
    #[arg(long, value_name = "N")]
    pub size: Counts,
    /// Walls k (`A..B` or `a,b`: a table).
    #[arg(long, value_name = "K")]
    pub walls: Counts,
    /// How to count: row by row over every wall set, per wall class by the row counter, or per
    /// wall class by SAT enumeration; several (`rows,classes`) count each way and compare
    /// (exit 1 on a disagreement).
    #[arg(long, value_parser = choice::<NkMethod>(), value_delimiter = ',', default_value = "rows")]
    pub method: Vec<NkMethod>,
    /// `rows`: count every placement itself instead of pairing it with its mirror image (a
    /// recount on another symmetry reduction, twice the work).
    #[arg(long)]
    pub no_mirror: bool,
    /// `rows`: search the placements whose row-0 queen lies right of the middle, each with its
    /// mirror image, instead of those left of it (a recount on the other half, the same work).
    #[arg(long, conflicts_with = "no_mirror")]
    pub mirror_right: bool,
    /// `rows`: rows fixed in each prefix task (the unit of parallel work).
    #[arg(long, default_value_t = 3, value_parser = super::args::at_least_one)]
    pub depth: usize,
    /// Items (prefix tasks or wall classes) per chunk: the unit of resuming and sharding.
    #[arg(long, default_value_t = 64, value_parser = super::args::at_least_one)]
    pub chunk: usize,
    /// Output directory (default: `nk-runs` in the current directory); each n and k gets
    /// `NxN-Kw-METHOD` in it. Re-running into it resumes.
    #[arg(short = 'o', long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Compute only shard I of N (chunks j with j mod N = I-1); assemble with --merge-from.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Also read finished chunks from these run directories (shards of the same count; or
    /// `queensat merge DIR... -o OUT`).
    #[arg(long, value_name = "DIR", num_args = 1..)]
    pub merge_from: Vec<PathBuf>,
    /// Print every wall class with placements (per-class methods).
    #[arg(long)]
    pub classes: bool,
    /// Also write the table of counts (Markdown, with provenance) to this file.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub progress: ProgressArgs,
}

/// Where the counts go without `--output`: beside the user, never into the committed results.
const DEFAULT_OUTPUT: &str = "nk-runs";

pub fn run(a: NkArgs) -> anyhow::Result<i32> {
    if a.classes && !a.method.iter().any(|&m| m != NkMethod::Rows) {
        bail!("--classes needs --method classes or sat (the row counter knows no classes)");
    }
    let root = a.output.clone().unwrap_or_else(|| PathBuf::from(DEFAULT_OUTPUT));
    let opts = NkOptions {
        shard: a.shard,
        merge_from: a.merge_from.clone(),
        progress: a.progress.reporter(),
    };
    check_request(&a.size, &a.walls)?;
    let mut groups = Vec::new();
    for n in a.size.iter() {
        for k in a.walls.iter() {
            let mut group = Vec::new();
            for &method in &a.method {
                let spec = NkSpec {
                    n,
                    k,
                    method,
                    mirror: !a.no_mirror,
                    mirror_right: a.mirror_right,
                    depth: a.depth,
                    chunk: a.chunk,
                };
                let dir = root.join(spec.dir_name());
                match super::threads::with_threads(a.threads, || count_nk(&spec, &opts, &dir))? {
                    ChunkRun::ShardFinished => outln!(
                        "n={n} k={k} {}: shard finished in {}",
                        method.name(),
                        dir.display()
                    )?,
                    // The counts finished before it are printed; the rest of the table waits
                    // for the rerun.
                    ChunkRun::Stopped(s) => {
                        outln!("n={n} k={k} {}: {s}", method.name())?;
                        return Ok(queensat::engine::interrupt::stopped_exit_code(true));
                    }
                    ChunkRun::Whole(r) => {
                        outln!("{}", nk_line(&r))?;
                        if a.classes {
                            for c in &r.classes {
                                let walls = render_cell_list(&c.walls);
                                outln!(
                                    "  walls {walls}: {} boards x {} placements",
                                    c.boards,
                                    c.per_board
                                )?;
                            }
                        }
                        group.push(r);
                    }
                }
            }
            if !group.is_empty() {
                groups.push(group);
            }
        }
    }
    let table = nk_table(&groups);
    if groups.len() > 1 || a.method.len() > 1 {
        out!("{table}")?;
    }
    if let Some(path) = &a.table {
        write_atomic(path, table.as_bytes())?;
    }
    Ok(i32::from(!groups.iter().all(|g| methods_agree(g))))
}

/// `queensat merge` on the shard directories of one N+k count: its line, as an unsharded run
/// prints it.
pub(super) fn run_merge(dirs: &[PathBuf], out: &std::path::Path) -> anyhow::Result<i32> {
    outln!("{}", nk_line(&merge_nk(dirs, out)?))?;
    Ok(0)
}
