//! `queensat least-walls`: the fewest walls for q queens, witnesses, proofs and board counts;
//! `least-walls table`, `chart` and `compare` render saved runs.

mod args;
mod render;

pub use args::LeastWallsArgs;
use queensat::run::interrupt::stopped_exit_code;
use queensat::study::report::{
    LeastWallsRun, certificate_line, command_json, least_walls_summary, least_walls_text,
};
use queensat::study::{LeastWallsSpec, least_walls_over};

pub fn run(a: LeastWallsArgs) -> anyhow::Result<i32> {
    if let Some(r) = a.render {
        return render::run(r);
    }
    let (rows, cols) = a.shape.shape()?;
    let spec = LeastWallsSpec::new(rows, cols, a.queens.clone())?;
    let opts = a.options();
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
    if text && spec.queens.single().is_none() {
        out!("{}", least_walls_summary(&run.reports))?;
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
