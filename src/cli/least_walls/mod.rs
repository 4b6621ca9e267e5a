//! `queensat least-walls`: the fewest walls for q queens, witnesses, proofs and board counts;
//! `least-walls table`, `chart` and `compare` render saved runs.

mod args;
mod render;

use super::cubes::run_cubes;
pub use args::LeastWallsArgs;
use queensat::run::Reporter;
use queensat::study::report::{LeastWallsPrint, print_least_walls_run};
use queensat::study::{
    CUBE_START_RUNS, LeastWallsOptions, LeastWallsSpec, WallCubeAsk, least_walls_in_cubes,
    most_queens_any_board,
};

pub fn run(a: LeastWallsArgs) -> anyhow::Result<i32> {
    if let Some(r) = a.render {
        return render::run(r);
    }
    let (rows, cols) = a.shape.shape()?;
    let spec = LeastWallsSpec::new(rows, cols, a.queens.clone())?;
    let opts = a.options();
    if let Some(dir) = &a.cube_dir.cube_dir
        && let queens = spec.one_q()?
        // More queens than the 2x2 block bound admits is proved impossible by counting, before
        // any search: no cubes to split, so the answer (and no folder) is the plain run's.
        && queens <= most_queens_any_board(rows, cols)
    {
        let opts = LeastWallsOptions {
            backend: a.solver.for_cubes(),
            start_runs: a.start_runs.unwrap_or(CUBE_START_RUNS),
            ..opts
        };
        let ask = WallCubeAsk {
            rows,
            cols,
            queens,
            cut: a.split.cut(&a.certify)?,
        };
        let run = |shard, progress: &Reporter| least_walls_in_cubes(&ask, &opts, dir, shard, progress);
        return run_cubes(&a.split.cubes, &a.shard, &a.report, "least-walls", dir, run);
    }
    let how = LeastWallsPrint {
        list: a.list,
        certify: a.certify.certify,
        printing: a.report.printing(),
        save: a.output.as_deref(),
    };
    print_least_walls_run(&spec, &opts, &how)
}
