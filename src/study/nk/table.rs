//! A table of N+k counts: every side `n` and wall count `k` asked for, each counted by every
//! method asked for, one run directory per count under one root.

use super::count::{
    Mirroring, NkMethod, NkOptions, NkReport, NkSpec, check_request, count_nk, methods_agree,
};
use super::count_file::check_count_file;
use super::symmetric::{UpToSymmetry, up_to_symmetry};
use crate::run::Shard;
use crate::run::interrupt::Interrupted;
use crate::study::chunk_store::{ChunkRun, StoppedRun};
use crate::study::counts::Counts;
use anyhow::bail;
use std::path::{Path, PathBuf};

/// Where the counts go without `--output`: beside the user, never into the committed results.
pub const DEFAULT_ROOT: &str = "nk-runs";

/// `rows`: rows fixed in each prefix task unless told otherwise (the unit of parallel work).
pub const DEFAULT_DEPTH: usize = 3;

/// Items per chunk unless told otherwise (the unit of resuming and sharding).
pub const DEFAULT_CHUNK: usize = 64;

/// What a table of counts asks for, checked by [`count_table`] before the first count.
#[derive(Clone, Debug, serde::Serialize)]
pub struct NkTableSpec {
    pub sizes: Counts,
    pub walls: Counts,
    /// Each count is made by every one of these, and the counts compared.
    pub methods: Vec<NkMethod>,
    /// `rows`: the mirror reduction, and on which half of row 0.
    pub mirror: bool,
    pub mirror_right: bool,
    /// `rows`: the 8 symmetries by the sides' keys instead of the mirror (the per-class
    /// methods have their own reduction, so their specs leave it out).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub sides: bool,
    pub depth: usize,
    pub chunk: usize,
    /// Where each count's directory `NxN-Kw-METHOD` goes.
    #[serde(rename = "output")]
    pub root: PathBuf,
    /// Whether the classes with placements are wanted (a per-class method must be asked).
    pub classes: bool,
    /// Also the configurations of each n and k up to the 8 symmetries ([`up_to_symmetry`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub up_to_symmetry: bool,
    /// With `up_to_symmetry`: the `count.json` files of finished counts whose placements stand
    /// in for counting them again (each read back and checked, `read_counts`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placements_from: Vec<PathBuf>,
}

impl NkTableSpec {
    /// Refuses what no count could answer: classes from the row counter alone, a side out of
    /// range, walls that fit no board of the table.
    fn check(&self) -> anyhow::Result<()> {
        if self.classes && !self.methods.iter().any(|&m| m != NkMethod::Rows) {
            bail!("--classes needs --method classes or sat (the row counter knows no classes)");
        }
        if !self.sides && !self.methods.contains(&NkMethod::Rows) {
            bail!(
                "--no-mirror, --mirror and --mirror-right choose the reduction of --method rows, which is not asked"
            );
        }
        if !self.placements_from.is_empty() && !self.up_to_symmetry {
            bail!("--placements-from serves --up-to-symmetry, which was not asked");
        }
        // A method named twice would count twice and compare a count with itself.
        if let Some((i, m)) = (self.methods.iter().enumerate()).find(|(i, m)| self.methods[..*i].contains(m))
        {
            bail!("--method: {} is named twice (method {})", m.name(), i + 1);
        }
        check_request(&self.sizes, &self.walls)
    }
}

/// What happened to one count, told as it happens.
pub enum NkEvent<'a> {
    /// Shard `shard` of the count finished its chunks in `dir`.
    ShardFinished {
        spec: &'a NkSpec,
        shard: Shard,
        dir: &'a Path,
    },
    /// A stop signal ended the count; the counts after it are not begun.
    Stopped {
        spec: &'a NkSpec,
        stopped: &'a StoppedRun,
    },
    /// The whole count (counted, or read from a finished run's file).
    Whole(&'a NkReport),
    /// The configurations of `n` and `k` up to symmetry.
    UpToSymmetry {
        n: usize,
        k: usize,
        up: &'a UpToSymmetry,
    },
}

/// How a table run ended: each `(n, k)` counted whole with its counts (one per method), the
/// counts whose shard finished (with their directories), and the count a stop signal ended
/// (the counts after it not begun).
#[derive(Debug, Default)]
pub struct NkTableRun {
    pub groups: Vec<Vec<NkReport>>,
    pub shards: Vec<(NkSpec, PathBuf)>,
    pub stopped: Option<(NkSpec, StoppedRun)>,
}

/// Counts every cell of the table in order (sizes, then walls, then methods), telling `each`
/// what happened to each count as it happens.
pub fn count_table(
    table: &NkTableSpec,
    opts: &NkOptions,
    mut each: impl FnMut(NkEvent) -> anyhow::Result<()>,
) -> anyhow::Result<NkTableRun> {
    table.check()?;
    let read = read_counts(table)?;
    let mut run = NkTableRun::default();
    for n in table.sizes.iter() {
        for k in table.walls.iter() {
            let mut group: Vec<NkReport> = (read.iter()).filter(|r| (r.n, r.k) == (n, k)).cloned().collect();
            for r in &group {
                each(NkEvent::Whole(r))?;
            }
            if !methods_agree(&group) {
                bail!("the counts read for n={n} k={k} disagree on the placements");
            }
            let methods = if group.is_empty() { &table.methods[..] } else { &[] };
            for &method in methods {
                let spec = NkSpec {
                    n,
                    k,
                    method,
                    mirroring: Mirroring {
                        mirror: table.mirror,
                        mirror_right: table.mirror_right,
                        sides: table.sides && method == NkMethod::Rows,
                    },
                    corner: table.sides && method == NkMethod::Rows,
                    right_key: table.sides && method == NkMethod::Rows,
                    depth: table.depth,
                    chunk: table.chunk,
                };
                let dir = table.root.join(spec.dir_name());
                let opts = NkOptions {
                    merge_from: run_dirs(&opts.merge_from, &spec.dir_name()),
                    ..opts.clone()
                };
                match count_nk(&spec, &opts, &dir)? {
                    ChunkRun::ShardFinished => {
                        each(NkEvent::ShardFinished {
                            spec: &spec,
                            shard: opts.shard.unwrap_or(Shard::ALL),
                            dir: &dir,
                        })?;
                        run.shards.push((spec, dir));
                    }
                    ChunkRun::Stopped(stopped) => {
                        each(NkEvent::Stopped {
                            spec: &spec,
                            stopped: &stopped,
                        })?;
                        if !group.is_empty() {
                            run.groups.push(group);
                        }
                        run.stopped = Some((spec, stopped));
                        return Ok(run);
                    }
                    ChunkRun::Whole(r) => {
                        each(NkEvent::Whole(&r))?;
                        group.push(r);
                    }
                }
            }
            if table.up_to_symmetry && !group.is_empty() && methods_agree(&group) {
                let up =
                    up_to_symmetry(n, k, group[0].placements).map_err(|e| match e.is::<Interrupted>() {
                        // Nothing of it is kept: the count is whole, and a rerun, which resumes
                        // it at once, counts the fixed configurations again.
                        true => e.context(format!(
                            "n={n} k={k}: the configurations up to symmetry were not counted (the \
                         placements are whole and kept; the same command again counts them)"
                        )),
                        false => e,
                    })?;
                each(NkEvent::UpToSymmetry { n, k, up: &up })?;
                group[0].up_to_symmetry = Some(up);
            }
            if !group.is_empty() {
                run.groups.push(group);
            }
        }
    }
    Ok(run)
}

/// The counts of `--placements-from`, read back like user input: each file a whole count of
/// queensat nk (n + k queens) of one of the table's n and k, its seal holding and its chunks,
/// when they are beside it, adding up to it ([`check_count_file`]). Burnside's lemma then
/// checks the placements modulo 8, and counts of the same n and k must agree (all that checks
/// an unsealed file of an earlier queensat whose chunks are gone).
fn read_counts(table: &NkTableSpec) -> anyhow::Result<Vec<NkReport>> {
    let mut read = Vec::new();
    for path in &table.placements_from {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("--placements-from {}: {e}", path.display()))?;
        let mut r: NkReport = serde_json::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "--placements-from {}: not a count of queensat nk: {e}",
                path.display()
            )
        })?;
        if r.queens != r.n + r.k || !(1..=32).contains(&r.n) {
            bail!(
                "--placements-from {}: n={} k={} with {} queens is not an N+k count",
                path.display(),
                r.n,
                r.k,
                r.queens
            );
        }
        if !table.sizes.iter().any(|n| n == r.n) || !table.walls.iter().any(|k| k == r.k) {
            bail!(
                "--placements-from {}: a count of n={} k={}, which this table does not ask for",
                path.display(),
                r.n,
                r.k
            );
        }
        let check = check_count_file(path, &text, &r)
            .map_err(|e| anyhow::anyhow!("--placements-from {}: {e}", path.display()))?;
        r.read_from = Some(path.clone());
        r.read_check = Some(check);
        r.up_to_symmetry = None;
        read.push(r);
    }
    Ok(read)
}

/// `--merge-from` for the count whose run directory is called `name`: a directory given as
/// the output root of a sharded table (`nk -o ROOT --shard I/N`) stands for its run directory
/// of this count; any other stands for itself (and must be a run of this count).
fn run_dirs(from: &[PathBuf], name: &str) -> Vec<PathBuf> {
    from.iter()
        .map(|d| {
            let run = d.join(name);
            if run.is_dir() { run } else { d.clone() }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(root: &Path, methods: Vec<NkMethod>, classes: bool) -> NkTableSpec {
        NkTableSpec {
            sizes: Counts::range(5, 6),
            walls: Counts::new(vec![1]),
            methods,
            mirror: true,
            mirror_right: false,
            sides: false,
            depth: 2,
            chunk: 8,
            root: root.to_path_buf(),
            classes,
            up_to_symmetry: false,
            placements_from: vec![],
        }
    }

    #[test]
    fn a_sharded_tables_root_stands_for_its_run_directory_of_each_count() {
        let dir = tempfile::tempdir().unwrap();
        let shards: Vec<PathBuf> = (1..=2).map(|i| dir.path().join(format!("s{i}"))).collect();
        for (i, s) in shards.iter().enumerate() {
            let opts = NkOptions {
                shard: Some(crate::run::Shard {
                    index: i + 1,
                    count: 2,
                }),
                ..NkOptions::default()
            };
            count_table(&table(s, vec![NkMethod::Rows], false), &opts, |_| Ok(())).unwrap();
        }
        assert_eq!(run_dirs(&shards, "5x5-1w-rows")[0], shards[0].join("5x5-1w-rows"));
        // Anything else stands for itself (and is refused later if it is not this count).
        assert_eq!(run_dirs(&shards, "9x9-1w-rows"), shards);
        let whole = dir.path().join("whole");
        let opts = NkOptions {
            merge_from: shards,
            ..NkOptions::default()
        };
        let run = count_table(&table(&whole, vec![NkMethod::Rows], false), &opts, |_| Ok(())).unwrap();
        for r in run.groups.iter().flatten() {
            assert_eq!(
                r.chunks_resumed, r.chunks,
                "n={}: every chunk read from the shards",
                r.n
            );
        }
    }

    #[test]
    fn every_cell_is_counted_each_way_in_order_and_told_as_it_ends() {
        let dir = tempfile::tempdir().unwrap();
        let methods = vec![NkMethod::Rows, NkMethod::Classes];
        let mut told = Vec::new();
        let run = count_table(&table(dir.path(), methods, true), &NkOptions::default(), |e| {
            if let NkEvent::Whole(r) = e {
                told.push((r.n, r.method));
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(
            told,
            [
                (5, NkMethod::Rows),
                (5, NkMethod::Classes),
                (6, NkMethod::Rows),
                (6, NkMethod::Classes)
            ]
        );
        assert_eq!(run.groups.len(), 2);
        assert!(run.groups.iter().all(|g| super::super::methods_agree(g)));
        assert!(run.stopped.is_none() && run.shards.is_empty());
    }

    #[test]
    fn classes_from_the_row_counter_alone_are_refused_before_any_count() {
        let dir = tempfile::tempdir().unwrap();
        let err = count_table(
            &table(dir.path(), vec![NkMethod::Rows], true),
            &NkOptions::default(),
            |_| unreachable!("nothing is counted"),
        )
        .err()
        .unwrap();
        assert!(err.to_string().starts_with("--classes needs"), "{err}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
