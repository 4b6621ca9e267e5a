//! The one writer of a study directory: the lock file `.lock` naming the writer's pid, host,
//! command and start, taken through a draft `.lock.PID` and removed when dropped; who holds it, and
//! whether a shard to merge is still being written.

use crate::io::{hostname, pid_alive};
use anyhow::{Context, bail};
use std::path::{Path, PathBuf};

/// The lock file of a study directory.
pub(crate) const LOCK_FILE: &str = ".lock";

/// An exclusive lock on a study directory: the file `.lock` holding the writer's pid, host
/// and command, created exclusively and removed when dropped. A second writer gets an error
/// naming the first; a lock left by a process that is gone (same host) is taken over.
#[derive(Debug)]
pub(crate) struct DirLock(PathBuf);

impl DirLock {
    pub(crate) fn take(dir: &Path) -> anyhow::Result<DirLock> {
        crate::io::create_folder(dir)?;
        let path = dir.join(LOCK_FILE);
        let pid = std::process::id();
        // When this process started, to tell it from a later one given its pid.
        let started = i32::try_from(pid)
            .ok()
            .and_then(process_start)
            .map_or(String::new(), |t| format!("started {t}\n"));
        let pids = pid_namespace().map_or(String::new(), |n| format!("pids {n}\n"));
        let me = format!(
            "pid {pid}\nhost {}\ncommand {}\n{started}{pids}",
            hostname(),
            crate::run::command_line()
        );
        // The lock appears whole: written beside it, then linked to its name, which fails when
        // the name is taken. A rival that finds it therefore always reads its owner (created
        // empty and then written, two writers starting together saw an empty lock).
        remove_stale_drafts(dir);
        let draft = dir.join(format!("{LOCK_FILE}.{}", std::process::id()));
        if let Err(e) = std::fs::write(&draft, me.as_bytes()) {
            // A draft cut short (a full disk) does not outlive the attempt.
            let _ = std::fs::remove_file(&draft);
            return Err(e).with_context(|| format!("cannot write {}", draft.display()));
        }
        let taken = DirLock::link(&draft, &path, dir);
        let _ = std::fs::remove_file(&draft);
        taken
    }

    /// Links `draft` (the lock's text) to `path`, taking over a lock whose process is gone.
    fn link(draft: &Path, path: &Path, dir: &Path) -> anyhow::Result<DirLock> {
        for _ in 0..3 {
            match std::fs::hard_link(draft, path) {
                Ok(()) => return Ok(DirLock(path.to_path_buf())),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => match LockHolder::read(path) {
                    LockHolder::Unnamed(shown) => bail!(
                        "{} is locked by {}, which names no owner (it holds {shown:?}); remove it if \
                         no queensat run uses {}",
                        dir.display(),
                        path.display(),
                        dir.display()
                    ),
                    LockHolder::Gone => {
                        // Left by a process that is gone: take it over.
                        let _ = std::fs::remove_file(path);
                    }
                    LockHolder::Live(who) => bail!(
                        "{} is in use by {who}; wait for it to finish, or remove {} if that process \
                         is gone",
                        dir.display(),
                        path.display()
                    ),
                },
                Err(e) => bail!("cannot create {}: {e}", path.display()),
            }
        }
        bail!("cannot take the lock {}", path.display())
    }
}

/// Who holds a study directory's lock, as the lock file says.
enum LockHolder {
    /// A lock this program did not write (or one cut short): the start of what it holds.
    Unnamed(String),
    /// A process of this host that is gone (its pid free, or taken by a process begun since).
    Gone,
    /// A live process, or one of another host (which cannot be asked): "pid P on HOST
    /// (COMMAND)".
    Live(String),
}

impl LockHolder {
    fn read(path: &Path) -> LockHolder {
        let bytes = std::fs::read(path).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
                .filter(|v| !v.is_empty())
        };
        let pid = field("pid ").and_then(|p| p.parse::<i32>().ok());
        let (Some(pid), Some(host)) = (pid, field("host ")) else {
            return LockHolder::Unnamed(text.chars().take(60).collect());
        };
        let started = field("started ").and_then(|t| t.parse::<u64>().ok());
        // A writer in another pid namespace of this host (a container that shares its
        // hostname) cannot be asked by its pid: our pid of that number is another process.
        let askable = match (field("pids "), pid_namespace()) {
            (Some(theirs), Some(ours)) => theirs == ours,
            _ => true,
        };
        if host == hostname() && askable && (!pid_alive(pid) || another_process(pid, started)) {
            return LockHolder::Gone;
        }
        let command = field("command ").unwrap_or_else(|| "command unknown".into());
        LockHolder::Live(format!("pid {pid} on {host} ({command})"))
    }
}

/// Whether the live process `pid` is not the lock's writer, which recorded its start: its pid
/// was given to another process (after a restart, a container's pids start again from 1),
/// which "wait for it to finish" would wait on for ever. Locks that record no start (older
/// queensats) name their writer.
fn another_process(pid: i32, started: Option<u64>) -> bool {
    match (started, process_start(pid)) {
        (Some(recorded), Some(now)) => recorded != now,
        _ => false,
    }
}

/// This process's pid namespace (`pid:[4026531836]`), where pids mean what they say;
/// `None` where it cannot be read.
fn pid_namespace() -> Option<String> {
    Some(
        std::fs::read_link("/proc/self/ns/pid")
            .ok()?
            .to_string_lossy()
            .into_owned(),
    )
}

/// When process `pid` started, in clock ticks after boot (Linux: field 22 of `/proc/PID/stat`;
/// not the wall clock, which may be set while a run goes on); `None` where it cannot be read.
fn process_start(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command, in parentheses, may hold spaces: count fields after its closing one, where
    // the start is the 20th.
    stat.rsplit_once(')')?.1.split_whitespace().nth(19)?.parse().ok()
}

/// An error when a run may still be writing `dir` (a shard to merge): it holds the lock of a
/// live process or one that names no owner, or a draft lock being taken now (young, of a
/// live process). Its chunks so far are not its answer.
pub fn refuse_while_written(dir: &Path) -> anyhow::Result<()> {
    let writing = |who: &str| {
        anyhow::anyhow!(
            "shard {}: a run is still writing it: {who}; merge it once that run has finished",
            dir.display()
        )
    };
    let lock = dir.join(LOCK_FILE);
    // A process of another host cannot be asked: one killed there leaves its lock to remove.
    let held = |who: &str| writing(&format!("{who} (remove {} if it is gone)", lock.display()));
    if lock.exists() {
        match LockHolder::read(&lock) {
            LockHolder::Gone => {}
            LockHolder::Live(who) => return Err(held(&who)),
            LockHolder::Unnamed(_) => return Err(held(&format!("its {LOCK_FILE} names no owner"))),
        }
    }
    let taking = drafts(dir)
        .into_iter()
        .find(|(_, pid, age)| *age <= STALE_DRAFT_SECONDS && pid_alive(*pid));
    match taking {
        Some((_, pid, _)) => Err(writing(&format!("pid {pid} is taking its lock"))),
        None => Ok(()),
    }
}

/// The drafts `.lock.PID` in `dir`: each one's path, pid and age in seconds.
fn drafts(dir: &Path) -> Vec<(PathBuf, i32, u64)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let age = |e: &std::fs::DirEntry| {
        let modified = e.metadata().and_then(|m| m.modified()).ok()?;
        Some(modified.elapsed().map_or(0, |a| a.as_secs()))
    };
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let pid = name.strip_prefix(&format!("{LOCK_FILE}."))?.parse::<i32>().ok()?;
            Some((e.path(), pid, age(&e)?))
        })
        .collect()
}

/// A draft lock older than this is not one being taken (a draft lives from its write to its
/// link, microseconds): one whose process is gone as well is removed.
const STALE_DRAFT_SECONDS: u64 = 60;

/// Removes the drafts `.lock.PID` in `dir` that a process now gone left behind (one killed
/// between writing and removing its draft, or older queensats, whose draft a full disk left):
/// only those older than [`STALE_DRAFT_SECONDS`], since a draft's pid may be of another host
/// sharing the folder, where it is alive and taking the lock now.
fn remove_stale_drafts(dir: &Path) {
    for (path, pid, age) in drafts(dir) {
        if age > STALE_DRAFT_SECONDS && !pid_alive(pid) {
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Drop for DirLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
