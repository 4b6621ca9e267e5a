//! A cover cube run: what it splits (`CoverCubeAsk`), the run that answers (or resumes) its
//! cubes into a folder, one shard's share or all, and the merge of the shards' folders.

use super::cut::{holders, split_squares, square_choices};
use super::question::CoverCubes;
use super::report::CoverCubesReport;
use super::spec::CoverCubeSpec;
use super::starts::cover_starts;
use crate::encode::Goal;
use crate::run::deadline::Deadline;
use crate::run::{Reporter, Shard};
use crate::study::chunk_store::ChunkRun;
use crate::study::chunked_run::RunKind;
use crate::study::cover::options::CoverOptions;
use crate::study::cover::selection::listed_and_fits;
use crate::study::cover::solutions::nqueens_solutions;
use crate::study::cubes::rows::narrowest_width;
use crate::study::cubes::{CubeCut, answer_cubes, kept_or_found, merge_cubes};
use anyhow::ensure;
use std::path::{Path, PathBuf};

/// What a cover cube run splits: the n×n board's questions, cut on squares (about `cubes`
/// cubes each).
#[derive(Clone, Debug)]
pub struct CoverCubeAsk {
    pub n: usize,
    pub cut: CubeCut,
}

impl CoverCubeAsk {
    /// The questions of the one size of `sizes`, cut by `cut` (an error for several sizes).
    pub fn new(sizes: &crate::study::counts::Counts, cut: CubeCut) -> anyhow::Result<CoverCubeAsk> {
        let Some(n) = sizes.single() else {
            anyhow::bail!(
                "--cube-dir splits the questions of one size, not {}",
                sizes.describe("..")
            );
        };
        Ok(CoverCubeAsk { n, cut })
    }
}

/// Answers (or resumes) the cubes of `ask` into `dir`, this shard's share of them; the whole
/// report when this run holds every cube.
pub fn cover_in_cubes(
    ask: &CoverCubeAsk,
    opts: &CoverOptions,
    dir: &Path,
    shard: Shard,
    progress: &Reporter,
) -> anyhow::Result<ChunkRun<CoverCubesReport>> {
    let n = ask.n;
    ensure!(
        (1..=12).contains(&n),
        "--size {n}: the side must lie within 1..12"
    );
    ensure!(ask.cut.cubes >= 1, "--cubes {}: at least one cube", ask.cut.cubes);
    if ask.cut.certify {
        crate::solve::proof_checker()?;
    }
    let squares = split_squares(n, ask.cut.split)?;
    let sols = nqueens_solutions(n, &opts.backend, Deadline::thread(None))?;
    // Squares that lie in no solution give ranges of none: width 1 then.
    let width = narrowest_width(&holders(n, &sols, &squares), ask.cut.cubes, |r| {
        Some(square_choices(Goal::Pack, r))
    })
    .max(1);
    let spec_with = |(pack_start, cover_start)| {
        Ok(CoverCubeSpec {
            n,
            squares: squares.clone(),
            width,
            amo: opts.amo,
            symmetry_breaking: opts.symmetry_breaking,
            pack_start,
            cover_start,
            certify: ask.cut.certify,
        })
    };
    // A resumed run takes the starts its folder keeps, each checked (a cover kept as none is
    // checked when the report is made: then no cover may exist).
    let (spec, _) = kept_or_found(
        RunKind::CoverCubes,
        dir,
        (spec_with, |s: CoverCubeSpec| (s.pack_start, s.cover_start)),
        |(pack, cover): &(Vec<usize>, Option<Vec<usize>>)| {
            let fits = |goal, sel: &[usize]| listed_and_fits(n, &sols, goal, sel);
            match (fits(Goal::Pack, pack), cover) {
                (false, _) => Err("its packing is not one".into()),
                (true, Some(c)) if !fits(Goal::Cover, c) => Err("its cover is not one".into()),
                (true, _) => Ok(()),
            }
        },
        || cover_starts(n, &sols, opts),
    )?;
    answer_cubes(
        CoverCubes::new(spec, sols, opts.backend.clone())?,
        dir,
        shard,
        progress,
    )
}

/// Assembles the shard folders of one cover cube run (`queensat merge`), computing nothing but
/// the solution list (the same in every run, and counted by the branch and bound).
pub fn merge_cover_cubes(dirs: &[PathBuf], out: &Path) -> anyhow::Result<CoverCubesReport> {
    merge_cubes::<CoverCubes>(dirs, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::Amo;
    use crate::solve::Backend;
    use crate::study::cover::cubes::CoverCube;
    use crate::study::cover::pack_and_cover;
    use crate::study::cover::start::start_selection;
    use crate::study::cubes::{CubePlan, assert_certified, merge_after_edit, run_whole};

    /// The spec and question of `n` split on `split` squares into at most `cubes` per question.
    fn question(n: usize, split: usize, cubes: usize) -> CoverCubes {
        let sols = nqueens_solutions(n, &Backend::default(), Deadline::thread(None)).unwrap();
        let squares = split_squares(n, split).unwrap();
        let width = narrowest_width(&holders(n, &sols, &squares), cubes, |r| {
            Some(square_choices(Goal::Pack, r))
        });
        let cover = start_selection(n, &sols, Goal::Cover, &|| false);
        let spec = CoverCubeSpec {
            n,
            squares,
            width,
            amo: Amo::Ladder,
            symmetry_breaking: true,
            pack_start: start_selection(n, &sols, Goal::Pack, &|| false).unwrap(),
            cover_start: cover,
            certify: false,
        };
        CoverCubes::new(spec, sols, Backend::for_time_limit()).unwrap()
    }

    fn opts(symmetry_breaking: bool) -> CoverOptions {
        CoverOptions {
            backend: Backend::for_time_limit(),
            amo: crate::study::cover::DEFAULT_AMO,
            symmetry_breaking,
            ..Default::default()
        }
    }

    fn ask(n: usize, split_squares: usize, cubes: usize) -> CoverCubeAsk {
        CoverCubeAsk {
            n,
            cut: CubeCut::uncertified(split_squares, cubes),
        }
    }

    fn whole(ask: &CoverCubeAsk, opts: &CoverOptions) -> CoverCubesReport {
        run_whole(|dir, shard, progress| cover_in_cubes(ask, opts, dir, shard, progress))
    }

    /// A cube refuted by counting says which count: 6x6 has 4 solutions, so 5 selected exceed
    /// them (their 30 squares would fit the 36).
    #[test]
    fn a_refutation_by_counting_names_its_count() {
        let dir = tempfile::tempdir().unwrap();
        let run = cover_in_cubes(
            &ask(6, 1, 64),
            &opts(true),
            dir.path(),
            Shard::ALL,
            &Reporter::silent(),
        );
        assert_eq!(run.unwrap().whole().unwrap().pack.value, 4);
        let chunk = std::fs::read_to_string(dir.path().join("chunks/0w-000000.json")).unwrap();
        let doc: serde_json::Value = serde_json::from_str(&chunk).unwrap();
        assert_eq!(doc["proof"], "5 selected exceed the 4 solutions");
    }

    /// A merge counts the plan of the spec it reads back before making it.
    #[test]
    fn the_cubes_are_counted_before_they_are_made() {
        for (n, split, cubes) in [(7, 2, 40), (8, 2, 40), (8, 1, 4), (9, 3, 200)] {
            let q = question(n, split, cubes);
            assert_eq!(q.cube_count(), Some(q.cubes().len()), "{n}");
        }
    }

    /// Up to 8×8: 9×9 took 14 s, the unit tests' longest, and takes no path 8×8 does not.
    #[test]
    fn the_optima_from_cubes_are_the_plain_runs() {
        for (n, split, cubes, sym) in [
            (4, 1, 64, true),
            (5, 1, 64, true),
            (6, 2, 64, false),
            (7, 2, 30, true),
            (8, 1, 4, true),
        ] {
            let plain = pack_and_cover(n, &opts(true)).unwrap();
            let r = whole(&ask(n, split, cubes), &opts(sym));
            let cover = r.cover.as_ref().map(|c| c.value);
            assert_eq!(
                (Some(r.pack.value), cover),
                (plain.pack.value, plain.cover.value),
                "n = {n}"
            );
            assert!(r.totals.certified, "n = {n}");
            assert!(
                r.pack.cubes <= cubes && r.cover.as_ref().is_none_or(|c| c.cubes <= cubes),
                "n = {n}"
            );
            assert_eq!(r.pack.selected.len(), r.pack.value);
        }
    }

    #[test]
    fn cubes_beyond_starts_that_fell_short_move_to_the_optima() {
        for n in [7, 8] {
            let mut q = question(n, 2, 40);
            // Two solutions more than the start's cover (a superset of a cover covers): the
            // cubes climb past it in a few steps, not from every solution (8x8: 92; 10 s).
            let mut cover = q.spec.cover_start.clone().expect("a start cover");
            let more: Vec<usize> = (0..q.sols.len()).filter(|i| !cover.contains(i)).take(2).collect();
            cover.extend(more);
            cover.sort_unstable();
            q.spec.cover_start = Some(cover);
            q.spec.pack_start = q.spec.pack_start[..1].to_vec();
            let r = run_whole(|dir, shard, progress| answer_cubes(q, dir, shard, progress));
            let cover = r.cover.unwrap();
            assert_eq!(
                (r.pack.value, cover.value),
                [(0, 0), (7, 7), (6, 12)][n - 6],
                "n = {n}"
            );
            assert!(r.pack.beyond_start > 0 && cover.beyond_start > 0);
        }
    }

    #[test]
    fn the_cubes_cover_every_selection_and_a_missing_doubled_or_foreign_cube_is_seen() {
        let q = question(7, 2, 100);
        let cubes = q.cubes();
        let all: Vec<&CoverCube> = cubes.iter().collect();
        assert_eq!(q.check_cover(&all), Ok(()));
        let packing = all.iter().filter(|c| c.goal == Goal::Pack).count();
        let e = q.check_cover(&all[1..]).unwrap_err();
        assert!(e.contains(&format!("{} packing cubes", packing - 1)), "{e}");
        let mut twice = all.clone();
        twice[0] = all[1];
        assert!(q.check_cover(&twice).unwrap_err().contains("again"));
        // A cube of another split, a cube that skips a holder, a covering cube with none.
        let other = question(7, 1, 100);
        let foreign = other.cubes();
        let mut with = all.clone();
        with[0] = &foreign[0];
        assert!(q.check_cover(&with).unwrap_err().contains("other squares"));
        let mut skipped = (cubes.iter().find(|c| !c.squares[0].unselected.is_empty()))
            .unwrap()
            .clone();
        skipped.squares[0].unselected.pop();
        with[0] = &skipped;
        assert!(q.check_cover(&with).unwrap_err().contains("does not split"));
        let last = cubes.iter().rposition(|c| c.goal == Goal::Cover).unwrap();
        let mut none = cubes[last].clone();
        let f = &mut none.squares[0];
        let run = std::mem::take(&mut f.first_in);
        f.unselected.extend(run);
        f.unselected.sort_unstable();
        let mut with = all.clone();
        with[last] = &none;
        assert!(q.check_cover(&with).unwrap_err().contains("by no solution"));
        // Ranges that overlap: each cube well formed, the runs not a split of the holders.
        let mut wide = q.spec.clone();
        wide.width += 1;
        let wider = wide.cubes(&q.holders);
        let mut mixed = all.clone();
        mixed[0] = &wider[0];
        assert!(q.check_cover(&mixed).is_err());
    }

    #[test]
    fn certified_cubes_carry_checked_proofs() {
        let mut a = ask(6, 1, 8);
        a.cut.certify = true;
        let r = whole(&a, &opts(true));
        assert_certified(r.certify, &r.totals);
        assert_eq!(r.pack.value, 4);
        let mut a = ask(7, 1, 4);
        a.cut.certify = true;
        let r = whole(&a, &opts(true));
        assert_eq!(
            (r.pack.value, r.cover.unwrap().value, r.totals.certified),
            (7, 7, true)
        );
    }

    #[test]
    fn shards_merge_to_the_whole_and_an_edited_cube_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let shards = crate::study::cubes::run_in_shards(d.path(), 2, |s, shard| {
            cover_in_cubes(&ask(8, 1, 64), &opts(true), s, shard, &Reporter::silent())
        });
        let m = merge_cover_cubes(&shards, &d.path().join("m")).unwrap();
        assert_eq!((m.pack.value, m.cover.map(|c| c.value)), (6, Some(12)));
        // A cube that refutes another bound than one beyond the start is refused, its seal made
        // anew for the edit.
        let e = merge_after_edit::<CoverCubes>(&shards, "0w-000000", |doc| {
            doc["refuted"] = (doc["refuted"].as_u64().unwrap() + 1).into();
        });
        assert!(e.contains("not one beyond the start"), "{e}");
    }

    #[test]
    fn bad_asks_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        for (a, want) in [
            (ask(13, 1, 64), "1..12"),
            (ask(5, 26, 64), "25 squares"),
            (ask(5, 0, 64), "--split-squares 0"),
        ] {
            let e = cover_in_cubes(&a, &opts(true), dir.path(), Shard::ALL, &Reporter::silent()).unwrap_err();
            assert!(e.to_string().contains(want), "{e}");
        }
    }
}
