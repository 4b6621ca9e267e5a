//! A directory of finished chunks: the one mechanism behind resumable, sharded studies over
//! many boards (sweeps, puzzles, N+k counts), driven by [`crate::study::chunked_run`].
//!
//! A study cuts its work into chunks `(k, j)` (chunk `j` of the boards with `k` walls) whose
//! results depend only on the chunk. The directory holds the study's spec (written once; a
//! re-run must ask for the same, so two different studies never mix in one directory) and one
//! JSON document per finished chunk, written whole by rename. So a killed run leaves only
//! finished chunks, a re-run skips them, shards write disjoint chunks into their own
//! directories, and assembly reads each chunk from the first directory that has it.
//!
//! Every chunk is sealed ([`crate::io::sealed_json`]) for its place `(k, j)`, the study's kind
//! and its spec: a chunk changed after it was written, cut short, or moved from another study
//! or another place is refused when read, whatever its content. The readers also re-derive
//! what is cheap (placements, values, counts a short search confirms), which a forger who
//! seals again does not get past.

use crate::io::{check_seal, plural, seal_json_text, write_atomic};
use crate::run::Shard;
use crate::study::dir_lock::DirLock;
use anyhow::{Context, bail};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The chunks of one study: written into the first directory, read from any.
#[derive(Clone, Debug)]
pub struct ChunkStore {
    dirs: Vec<PathBuf>,
    /// The lock on the first directory, released when the last clone is dropped (none for a
    /// store only read, [`ChunkStore::reading`]).
    _lock: Option<Arc<DirLock>>,
    /// What the study is called in messages ("sweep", "puzzle run").
    what: &'static str,
    /// The study's kind and spec, as its chunks' seals bind them.
    binding: String,
}

/// The one error for a chunk file that does not hold what it should: names the file and how
/// to recover.
pub fn bad_chunk(path: &Path, why: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!(
        "{}: {why}; the file is damaged or edited: delete it and re-run to compute it again",
        path.display()
    )
}

/// How many distinct chunk files the `chunks` folders of `dirs` hold (an unreadable folder
/// holds none).
pub fn chunk_files(dirs: &[PathBuf]) -> usize {
    let mut names = std::collections::HashSet::new();
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(d.join("chunks")) else {
            continue;
        };
        names.extend(
            entries
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.ends_with(".json")),
        );
    }
    names.len()
}

/// Reads the spec a study directory holds. One that does not read says what to do: the
/// command that made the folder writes it again, and keeps the chunks whose seals hold for it.
pub fn read_spec<S: DeserializeOwned>(dir: &Path, spec_file: &str, what: &str) -> anyhow::Result<S> {
    let path = dir.join(spec_file);
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}: not a {what} description ({e}): delete it and re-run the command that made {}, \
             which writes it again and keeps the chunks made with the same arguments",
            path.display(),
            dir.display()
        )
    })
}

/// The spec every one of `dirs` (the shard directories of one study) holds; an error when
/// there is none or two differ.
pub fn common_spec<S: DeserializeOwned + PartialEq>(
    dirs: &[PathBuf],
    spec_file: &str,
    what: &str,
) -> anyhow::Result<S> {
    let Some(first) = dirs.first() else {
        bail!("merge needs at least one shard directory");
    };
    let spec: S = read_spec(first, spec_file, what)?;
    for d in &dirs[1..] {
        if read_spec::<S>(d, spec_file, what)? != spec {
            let fields = |d: &Path| read_spec::<serde_json::Value>(d, spec_file, what);
            bail!(
                "{} and {} are not shards of one {}: {}",
                first.display(),
                d.display(),
                run_noun(what),
                spec_difference(
                    &fields(first)?,
                    &fields(d)?,
                    (&format!("in {}", first.display()), &format!("in {}", d.display()))
                )
            );
        }
    }
    Ok(spec)
}

/// A run of the kind `what` (as its seals name it) in a sentence: a cube run by its question
/// (`cube run of armies`), any other by its name.
fn run_noun(what: &str) -> String {
    match what.strip_suffix(" in cubes") {
        Some(question) => format!("cube run of {question}"),
        None => what.to_string(),
    }
}

/// How a run over the chunks of a study ended.
#[derive(Debug)]
pub enum ChunkRun<T> {
    /// Every chunk is there: the whole answer.
    Whole(T),
    /// A shard's chunks are finished; a merge assembles the shards.
    ShardFinished,
    /// A stop signal ended the run; the finished chunks are kept.
    Stopped(StoppedRun),
}

impl<T> ChunkRun<T> {
    /// The whole answer, if the run gave it.
    pub fn whole(self) -> Option<T> {
        match self {
            ChunkRun::Whole(t) => Some(t),
            _ => None,
        }
    }
}

/// How far a run that a stop signal ended got: its finished chunks are kept, and a rerun of
/// the same command resumes from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoppedRun {
    /// Chunks finished, those resumed included.
    pub finished: usize,
    /// Chunks of the run (of this shard, for a shard).
    pub chunks: usize,
    /// Where they are kept.
    pub dir: PathBuf,
    /// What the study is called ("sweep", "N+k count").
    pub what: &'static str,
}

impl std::fmt::Display for StoppedRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how_far = format!(
            "{} of {} finished, kept in {}",
            self.finished,
            plural(self.chunks, "chunk", "chunks"),
            self.dir.display()
        );
        f.write_str(&stopped_line(self.what, &how_far))
    }
}

/// The one line every chunked run (sweep, puzzles, N+k count, cube run) says on stderr when a
/// stop signal ended it: `what` was interrupted, `how_far` it got (the chunks kept, and
/// where), and how to resume: the command to paste, from any folder, where there is one.
pub fn stopped_line(what: &str, how_far: &str) -> String {
    let rerun = crate::run::provenance::rerun_line().map_or(String::new(), |l| format!(": {l}"));
    format!(
        "{what} {}: {how_far}; run the same command again to resume{rerun}",
        crate::run::interrupt::interrupted()
    )
}

/// The one line every chunked run (sweep, puzzles, N+k count, cube run) says in text when it
/// was a shard and finished its chunks in `dir`: the whole answer is `merge`'s, given this
/// folder (the one a merge reads, an N+k count's own inside `-o`) and the other shards'. The
/// folder is named from the root, so that the command pastes from any folder.
pub fn shard_finished_line(what: &str, shard: Shard, dir: &Path) -> String {
    let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    format!(
        "{what}: shard {}/{} finished in {}; for the whole answer, `queensat merge {} DIR... -o OUT` \
         with the other shards' folders as DIR",
        shard.index,
        shard.count,
        dir.display(),
        crate::run::provenance::shell_word(&dir.to_string_lossy())
    )
}

impl ChunkStore {
    /// Computes the chunks `todo` on every thread, each by `work`, which writes it whole;
    /// after an error or a stop signal no other chunk starts. A chunk that a stop signal cut
    /// short (`work` gave [`Interrupted`](crate::run::interrupt::Interrupted)) is not written, so a
    /// rerun computes it again. `None` when every chunk is finished; otherwise how far the
    /// run got, of `chunks` in all with `resumed` already there before.
    pub fn compute<C: Sync>(
        &self,
        todo: &[C],
        (resumed, chunks): (usize, usize),
        work: impl Fn(&C) -> anyhow::Result<()> + Sync,
    ) -> anyhow::Result<Option<StoppedRun>> {
        use crate::run::interrupt::stop_requested;
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let failed = AtomicBool::new(false);
        let finished = AtomicUsize::new(resumed);
        let result = crate::run::parallel(|| {
            todo.par_iter().try_for_each(|c| {
                if failed.load(Ordering::Relaxed) || stop_requested() {
                    return Ok(());
                }
                match work(c) {
                    Ok(()) => {
                        finished.fetch_add(1, Ordering::Relaxed);
                        Ok(())
                    }
                    Err(e) if stop_requested() && e.is::<crate::run::interrupt::Interrupted>() => Ok(()),
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        Err(e)
                    }
                }
            })
        })?;
        result?;
        let finished = finished.into_inner();
        Ok((finished < resumed + todo.len()).then(|| self.stopped(finished, chunks)))
    }

    /// How far a run into this store got when a stop signal ended it: `finished` of `chunks`.
    pub fn stopped(&self, finished: usize, chunks: usize) -> StoppedRun {
        StoppedRun {
            finished,
            chunks,
            dir: self.dirs[0].clone(),
            what: self.what,
        }
    }

    /// Opens `dir` for the study `spec`, kept as `dir/spec_file`: writes it there, or checks
    /// that the one there is the same.
    pub fn open<S>(dir: &Path, spec_file: &str, what: &'static str, spec: &S) -> anyhow::Result<ChunkStore>
    where
        S: Serialize + DeserializeOwned + PartialEq,
    {
        Self::open_noting(dir, spec_file, what, "", spec)
    }

    /// [`open`](Self::open), with `note` after the fields of a spec that differs (what they
    /// come from).
    pub fn open_noting<S>(
        dir: &Path,
        spec_file: &str,
        what: &'static str,
        note: &str,
        spec: &S,
    ) -> anyhow::Result<ChunkStore>
    where
        S: Serialize + DeserializeOwned + PartialEq,
    {
        let lock = Arc::new(DirLock::take(dir)?);
        let path = dir.join(spec_file);
        if path.exists() {
            let old: S = read_spec(dir, spec_file, what)?;
            if old != *spec {
                bail!(
                    "{} holds a different {}: {}{note}; use another --output or the same arguments",
                    dir.display(),
                    run_noun(what),
                    spec_difference(
                        &serde_json::to_value(&old)?,
                        &serde_json::to_value(spec)?,
                        ("there", "here")
                    )
                );
            }
        }
        let store = ChunkStore {
            _lock: Some(lock),
            ..Self::reading(dir, what, spec)?
        };
        if path.exists() && chunk_files(&[dir.to_path_buf()]) > 0 && store.first_chunk(true)?.is_none() {
            // Every chunk refused under the spec that names them: the spec is what changed.
            bail!(
                "{}: not one chunk beside it holds its seal under it, so it was edited after the \
                 chunks were written (or the chunks belong to another run): restore it, or use \
                 another --output",
                path.display()
            );
        }
        if !path.exists() {
            // Chunks without their spec are this run's only if their seals say so: a spec
            // written over another run's chunks would mix two runs in one folder.
            if let Some(chunk) = store.first_chunk(false)? {
                bail!(
                    "{} holds chunks but no {spec_file}, and {} was not made with these options \
                     (its seal does not hold for them): restore {spec_file} or run with the options \
                     that made the chunks, or use another --output",
                    dir.display(),
                    chunk.display()
                );
            }
            write_atomic(&path, format!("{}\n", serde_json::to_string(spec)?).as_bytes())?;
        }
        Ok(store)
    }

    /// The first chunk file in the first directory whose seal holds for this study (`holds`),
    /// or does not (another run's, or damaged), if any.
    fn first_chunk(&self, holds: bool) -> anyhow::Result<Option<PathBuf>> {
        let folder = self.dirs[0].join("chunks");
        let Ok(entries) = std::fs::read_dir(&folder) else {
            return Ok(None);
        };
        let mut names: Vec<String> = (entries.filter_map(|e| e.ok()?.file_name().into_string().ok()))
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort_unstable();
        for name in names {
            let path = folder.join(&name);
            let text = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let stem = name.trim_end_matches(".json");
            let ours = String::from_utf8(text).is_ok_and(|t| check_seal(&t, &self.binding_of(stem)).is_ok());
            if ours == holds {
                return Ok(Some(path));
            }
        }
        Ok(None)
    }

    /// The chunks of the study `spec` (called `what`) in `dir`, only to be read: no lock is
    /// taken and nothing is written (the spec there is the caller's to compare).
    pub fn reading<S: Serialize>(dir: &Path, what: &'static str, spec: &S) -> anyhow::Result<ChunkStore> {
        Ok(ChunkStore {
            dirs: vec![dir.to_path_buf()],
            _lock: None,
            what,
            binding: format!("{what} {}", serde_json::to_string(spec)?),
        })
    }

    /// Also reads chunks from `dirs` (shard directories of the same study), after its own.
    pub fn reading_from(mut self, dirs: &[PathBuf]) -> ChunkStore {
        self.dirs.extend(dirs.iter().cloned());
        self
    }

    fn path_in(dir: &Path, k: usize, j: usize) -> PathBuf {
        dir.join("chunks").join(format!("{k}w-{j:06}.json"))
    }

    /// Where [`ChunkStore::write`] puts chunk `(k, j)`.
    pub fn path_of(&self, k: usize, j: usize) -> PathBuf {
        Self::path_in(&self.dirs[0], k, j)
    }

    /// Where chunk `(k, j)` is, if any directory has it.
    fn find(&self, k: usize, j: usize) -> Option<PathBuf> {
        self.dirs
            .iter()
            .map(|d| Self::path_in(d, k, j))
            .find(|p| p.exists())
    }

    /// Whether chunk `(k, j)` is finished in some directory.
    pub fn has(&self, k: usize, j: usize) -> bool {
        self.find(k, j).is_some()
    }

    /// What the seal of chunk `(k, j)` binds: its place, the study's kind and spec.
    fn seal_binding(&self, k: usize, j: usize) -> String {
        self.binding_of(&format!("{k}w-{j:06}"))
    }

    /// What the seal of the chunk whose file is `NAME.json` binds (`NAME` = `{k}w-{j:06}`).
    fn binding_of(&self, name: &str) -> String {
        format!("chunk {name} of the {}", self.binding)
    }

    /// Writes chunk `(k, j)` whole and sealed into the first directory.
    pub fn write<T: Serialize>(&self, k: usize, j: usize, doc: &T) -> anyhow::Result<()> {
        self.write_json(k, j, serde_json::to_string(doc)?)
    }

    /// [`ChunkStore::write`] of a chunk already written as compact JSON, as serde writes it.
    pub fn write_json(&self, k: usize, j: usize, json: String) -> anyhow::Result<()> {
        let text = seal_json_text(json, &self.seal_binding(k, j), false)?;
        write_atomic(&self.path_of(k, j), text.as_bytes())
    }

    /// Reads chunk `(k, j)` and the path it came from; an error names the missing chunk or
    /// the file that does not parse.
    pub fn read<T: DeserializeOwned>(&self, k: usize, j: usize) -> anyhow::Result<(T, PathBuf)> {
        let Some(path) = self.find(k, j) else {
            bail!(
                "chunk {j} of the {k}-wall {} is missing from {}: run the missing shards first",
                self.what,
                self.dirs
                    .iter()
                    .map(|d| d.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        };
        let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|_| bad_chunk(&path, "not UTF-8 text"))?;
        check_seal(&text, &self.seal_binding(k, j)).map_err(|e| bad_chunk(&path, e))?;
        let doc = serde_json::from_str(&text)
            .map_err(|e| bad_chunk(&path, format!("not a {} chunk ({e})", self.what)))?;
        Ok((doc, path))
    }
}

/// Where a spec on disk (`old`) and the one asked for (`new`) differ, field by field, each
/// value cut to a line and said to be `where_` each is: `width 1 there, 3 here`.
fn spec_difference(old: &serde_json::Value, new: &serde_json::Value, where_: (&str, &str)) -> String {
    let (at_old, at_new) = where_;
    let short = |v: Option<&serde_json::Value>| {
        let t = v.map_or("none".to_string(), |v| v.to_string());
        match t.char_indices().nth(60) {
            Some((i, _)) => format!("{}...", &t[..i]),
            None => t,
        }
    };
    let (Some(o), Some(n)) = (old.as_object(), new.as_object()) else {
        return format!("{} {at_old}, {} {at_new}", short(Some(old)), short(Some(new)));
    };
    let keys: std::collections::BTreeSet<&String> = o.keys().chain(n.keys()).collect();
    keys.into_iter()
        .filter(|k| o.get(*k) != n.get(*k))
        .map(|k| format!("{k} {} {at_old}, {} {at_new}", short(o.get(k)), short(n.get(k))))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::hostname;
    use crate::study::dir_lock::LOCK_FILE;

    /// A folder of another run says which fields differ (a cube run's `--cubes` shows as the
    /// width of its ranges), not the whole spec.
    #[test]
    fn a_different_spec_is_named_field_by_field() {
        let old = serde_json::json!({"rows": [4], "width": 1, "certify": false});
        let new = serde_json::json!({"rows": [4], "width": 3, "certify": false});
        assert_eq!(
            spec_difference(&old, &new, ("there", "here")),
            "width 1 there, 3 here"
        );
        let new = serde_json::json!({"rows": [4, 3], "width": 1, "certify": true, "x": 1});
        assert_eq!(
            spec_difference(&old, &new, ("in a", "in b")),
            "certify false in a, true in b; rows [4] in a, [4,3] in b; x none in a, 1 in b"
        );
    }

    #[test]
    fn a_directory_keeps_one_study_and_its_chunks() {
        let dir = tempfile::tempdir().unwrap();
        let store = ChunkStore::open(dir.path(), "spec.json", "study", &vec![1, 2]).unwrap();
        assert!(!store.has(3, 0));
        store.write(3, 0, &serde_json::json!({"done": true})).unwrap();
        assert!(store.has(3, 0));
        let (doc, _): (serde_json::Value, _) = store.read(3, 0).unwrap();
        assert_eq!(doc["done"], true);
        drop(store);
        let err = ChunkStore::open(dir.path(), "spec.json", "study", &vec![1, 3]).unwrap_err();
        assert!(err.to_string().contains("different study"), "{err}");
        // Its spec lost: another study is refused before anything is written; the study its
        // chunks' seals name resumes, and its spec is written again.
        std::fs::remove_file(dir.path().join("spec.json")).unwrap();
        let err = ChunkStore::open(dir.path(), "spec.json", "study", &vec![1, 3]).unwrap_err();
        assert!(err.to_string().contains("holds chunks but no spec.json"), "{err}");
        assert!(!dir.path().join("spec.json").exists());
        let again = ChunkStore::open(dir.path(), "spec.json", "study", &vec![1, 2]).unwrap();
        assert!(again.has(3, 0));
        assert!(dir.path().join("spec.json").exists());
        let err = again.read::<serde_json::Value>(3, 1).unwrap_err();
        assert!(
            err.to_string().contains("chunk 1 of the 3-wall study is missing"),
            "{err}"
        );
    }

    #[test]
    fn one_writer_per_directory_and_stale_locks_are_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let first = ChunkStore::open(dir.path(), "spec.json", "study", &0).unwrap();
        let err = ChunkStore::open(dir.path(), "spec.json", "study", &0).unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("is in use by pid") && msg.contains(&std::process::id().to_string()),
            "{msg}"
        );
        drop(first);
        assert!(!dir.path().join(LOCK_FILE).exists());
        // A lock left by a process that is gone (pid beyond any real one).
        std::fs::write(
            dir.path().join(LOCK_FILE),
            format!("pid 2147483646\nhost {}\ncommand x\n", hostname()),
        )
        .unwrap();
        let again = ChunkStore::open(dir.path(), "spec.json", "study", &0).unwrap();
        drop(again);
        // A lock whose pid another process took since (this one, which did not start at tick
        // 1): its writer is gone too.
        let me = std::process::id();
        let lock = format!("pid {me}\nhost {}\ncommand x\nstarted 1\n", hostname());
        std::fs::write(dir.path().join(LOCK_FILE), lock).unwrap();
        drop(ChunkStore::open(dir.path(), "spec.json", "study", &0).unwrap());
        // The lock of a live writer records its start.
        let held = ChunkStore::open(dir.path(), "spec.json", "study", &0).unwrap();
        let text = std::fs::read_to_string(dir.path().join(LOCK_FILE)).unwrap();
        assert!(
            text.contains("\nstarted ") && text.contains("\npids pid:["),
            "{text}"
        );
        let msg = ChunkStore::open(dir.path(), "spec.json", "study", &0)
            .unwrap_err()
            .to_string();
        assert!(msg.contains(&format!("is in use by pid {me}")), "{msg}");
        drop(held);
        // A writer of another pid namespace (a container with this hostname) cannot be asked by
        // its pid, even one that names no process here or another start: it is not taken over.
        for pid in [me, 2147483646] {
            let lock = format!(
                "pid {pid}\nhost {}\ncommand x\nstarted 1\npids pid:[1]\n",
                hostname()
            );
            std::fs::write(dir.path().join(LOCK_FILE), lock).unwrap();
            let msg = ChunkStore::open(dir.path(), "spec.json", "study", &0)
                .unwrap_err()
                .to_string();
            assert!(msg.contains(&format!("is in use by pid {pid}")), "{msg}");
        }
        std::fs::remove_file(dir.path().join(LOCK_FILE)).unwrap();
        // A lock file that is not one: the message says what it holds, and it is kept.
        for garbage in [
            &b"\xff\xfe garbage"[..],
            b"",
            b"pid \nhost \n",
            b"pid x\nhost h\n",
        ] {
            std::fs::write(dir.path().join(LOCK_FILE), garbage).unwrap();
            let msg = ChunkStore::open(dir.path(), "spec.json", "study", &0)
                .unwrap_err()
                .to_string();
            assert!(msg.contains("names no owner (it holds"), "{msg}");
            assert!(!msg.contains("pid  on"), "{msg}");
            assert!(dir.path().join(LOCK_FILE).exists());
        }
    }

    /// A draft lock left by a process that is gone is removed by the next run, once it is old
    /// enough not to be one being taken on another host; a young one is left alone.
    #[test]
    fn stale_draft_locks_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let (old, young) = (
            dir.path().join(".lock.2147483646"),
            dir.path().join(".lock.2147483645"),
        );
        std::fs::write(&old, b"").unwrap();
        std::fs::write(&young, b"").unwrap();
        let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        std::fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
        drop(ChunkStore::open(dir.path(), "spec.json", "study", &0).unwrap());
        assert!(!old.exists() && young.exists());
    }

    /// Two study directories, of the specs `specs`, and chunk `(1, 0)` (`{"n": 10}`) written
    /// into the first.
    fn two_studies(specs: [i32; 2]) -> [(tempfile::TempDir, ChunkStore); 2] {
        let stores = specs.map(|spec| {
            let d = tempfile::tempdir().unwrap();
            let store = ChunkStore::open(d.path(), "spec.json", "study", &spec).unwrap();
            (d, store)
        });
        stores[0].1.write(1, 0, &serde_json::json!({"n": 10})).unwrap();
        stores
    }

    #[test]
    fn a_chunk_is_sealed_for_its_place_and_its_study() {
        let [(a, sa), (b, sb)] = two_studies([1, 2]);
        sa.write(1, 1, &serde_json::json!({"n": 11})).unwrap();
        let chunk = |d: &Path, j: usize| d.join("chunks").join(format!("1w-{j:06}.json"));
        let text = std::fs::read_to_string(chunk(a.path(), 0)).unwrap();
        let refused = |store: &ChunkStore, j: usize| {
            let e = store.read::<serde_json::Value>(1, j).unwrap_err().to_string();
            assert!(e.contains("seal"), "{e}");
        };
        // Edited: a count one more.
        std::fs::write(chunk(a.path(), 0), text.replace("10", "11")).unwrap();
        refused(&sa, 0);
        // Cut short.
        std::fs::write(chunk(a.path(), 0), &text[..text.len() - 3]).unwrap();
        refused(&sa, 0);
        // Moved to another place of the study, or into another study.
        std::fs::write(chunk(a.path(), 0), &text).unwrap();
        std::fs::copy(chunk(a.path(), 0), chunk(a.path(), 1)).unwrap();
        refused(&sa, 1);
        std::fs::create_dir_all(b.path().join("chunks")).unwrap();
        std::fs::copy(chunk(a.path(), 0), chunk(b.path(), 0)).unwrap();
        refused(&sb, 0);
        assert_eq!(sa.read::<serde_json::Value>(1, 0).unwrap().0["n"], 10);
    }

    #[test]
    fn shards_are_read_from_every_directory() {
        let [(a, _), (b, sb)] = two_studies([0, 0]);
        sb.write(1, 1, &serde_json::json!({"n": 11})).unwrap();
        let out = tempfile::tempdir().unwrap();
        let merged = ChunkStore::open(out.path(), "spec.json", "study", &0)
            .unwrap()
            .reading_from(&[a.path().to_path_buf(), b.path().to_path_buf()]);
        assert_eq!(merged.read::<serde_json::Value>(1, 0).unwrap().0["n"], 10);
        assert_eq!(merged.read::<serde_json::Value>(1, 1).unwrap().0["n"], 11);
    }
}
