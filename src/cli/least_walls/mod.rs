//! `queensat least-walls`: the fewest walls for q queens, witnesses, proofs and board counts;
//! `least-walls table`, `chart` and `compare` render saved runs.

mod args;
mod render;

use super::cubes::run_cubes;
pub use args::LeastWallsArgs;
use queensat::run::Reporter;
use queensat::run::interrupt::stopped_exit_code;
use queensat::study::report::{
    LeastWallsRun, certificate_line, command_json, least_walls_summary, least_walls_text,
};
use queensat::study::{
    CUBE_START_RUNS, LeastWallsOptions, LeastWallsSpec, WallCubeAsk, least_walls_in_cubes, least_walls_over,
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
    let text = !a.report.json();
    let mut run = LeastWallsRun::now();
    run.reports = least_walls_over(&spec, &opts, |r| {
        a.report.proof.check(r.certified)?;
        if text {
            out!("{}", least_walls_text(r, a.list))?;
        }
        if a.certify.certify && text {
            outln!("{}\n", certificate_line(r))?;
        } else if a.certify.certify {
            eprintln!("{}", certificate_line(r));
        }
        Ok(())
    })?;
    run.note_not_asked(spec.queens.iter());
    if text && spec.queens.single().is_none() {
        out!("{}", least_walls_summary(&run))?;
    }
    // Which q a stop signal left unasked: one line on stderr in either format, as a stopped
    // sweep says how far it got; the table and the JSON say it too.
    if let Some(line) = run.not_asked_line() {
        eprintln!("{line}");
    } else if let Some(last) = run.reports.last().filter(|r| r.stopped.is_none()) {
        // Every q answered whole, the signal (if any) too late for the last: the note says so
        // (the exit status, below, still says which signal came).
        let step = format!("the last step of q = {}", last.queens);
        if let Some((note, _)) = queensat::run::interrupt::finished_despite_stop(&step) {
            eprintln!("{note}");
        }
    }
    if !text {
        outln!("{}", command_json("least-walls", &run.printed())?)?;
    }
    if let Some(path) = &a.output {
        run.save(path)?;
    }
    // A stop signal between two q stops none of them but skips the rest: still an interrupt.
    Ok(stopped_exit_code(run.stopped()))
}
