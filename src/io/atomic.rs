//! Writing a file whole or not at all: write a temporary file beside it, then rename.
//!
//! The one place where output files are created:
//! - a regular file (or nothing) at the path is replaced by rename, from a temporary file with
//!   an unpredictable name (`.NAME.PID.XXXXXX.tmp`); such files left by a killed run (their
//!   process is gone) are removed by the next write beside them;
//! - a symbolic link is followed: its target is replaced, the link stays;
//! - a special file (a pipe, `/dev/stdout`, `/dev/null`, a device) is written through, never
//!   replaced;
//! - a set of files is written whole or not at all ([`write_all_atomic`]);
//! - a directory made for an output that then fails is removed ([`new_dir_or_nothing`]).
//!
//! The one exception is a DRAT or LRAT proof, which the solver writes as it goes: it is written
//! under a hidden name and renamed once the solver is done (`solve::certify`, `partial_proof`).

use super::writer::{writer_gone, writer_tag};
use std::collections::HashMap;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Writes `bytes` to `path` atomically (same directory temp file, fsync, rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// What is at an output path.
enum Target {
    /// Nothing or a regular file (after following symbolic links): replaced by rename.
    File(PathBuf),
    /// A pipe, a device or a socket: written through.
    Special(PathBuf),
}

fn target(path: &Path) -> anyhow::Result<Target> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // Nothing there, or a dangling symbolic link: create the link's target.
            return Ok(match std::fs::read_link(path) {
                Ok(to) => Target::File(path.parent().unwrap_or(Path::new(".")).join(to)),
                Err(_) => Target::File(path.to_path_buf()),
            });
        }
        Err(e) => anyhow::bail!("cannot write {}: {e}", path.display()),
    };
    let real = if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        std::fs::canonicalize(path).map_err(|e| anyhow::anyhow!("cannot follow {}: {e}", path.display()))?
    } else {
        path.to_path_buf()
    };
    let t = meta.file_type();
    if t.is_dir() {
        anyhow::bail!("cannot write {}: it is a directory", path.display());
    }
    if let Some(input) = super::input_file::input_at(path) {
        anyhow::bail!(
            "cannot write {}: it is this command's input ({}); write the output elsewhere",
            path.display(),
            input.display()
        );
    }
    if t.is_fifo() || t.is_char_device() || t.is_block_device() || t.is_socket() {
        return Ok(Target::Special(real));
    }
    Ok(Target::File(real))
}

/// Like [`write_atomic`], for output too large to hold in memory: `fill` streams the content
/// into a buffered writer on the temporary file; on any error the file is not created.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    stage(path, fill)?.persist()
}

/// Two files filled by one pass of `fill` (rows, and the same rows in another format): both
/// written whole, or neither. An error names the file whose write failed (the two nested,
/// the second's error was named after both, and one in the first after the second; and the
/// second stayed when the first failed).
pub fn write_pair_atomic_with(
    first: &Path,
    second: &Path,
    fill: impl FnOnce(&mut dyn Write, &mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let mut second_staged = None;
    let mut second_failed = None;
    let first_staged = stage(first, |w| {
        let mut noted = Noting { w, failed: None };
        match stage(second, |second_w| fill(&mut noted, second_w)) {
            Ok(s) => {
                second_staged = Some(s);
                Ok(())
            }
            Err(e) => match noted.failed {
                Some((kind, text)) => Err(std::io::Error::new(kind, text)),
                None => {
                    second_failed = Some(e);
                    Err(std::io::Error::other("the other file failed"))
                }
            },
        }
    });
    let first_staged = match (first_staged, second_failed) {
        (_, Some(e)) | (Err(e), None) => return Err(e),
        (Ok(s), None) => s,
    };
    if let Some(s) = second_staged {
        s.persist()?;
    }
    first_staged.persist()
}

/// A writer that keeps its first error, to tell whose a failed write was.
struct Noting<'a> {
    w: &'a mut dyn Write,
    failed: Option<(std::io::ErrorKind, String)>,
}

impl Noting<'_> {
    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let (Err(e), None) = (&r, &self.failed) {
            self.failed = Some((e.kind(), e.to_string()));
        }
        r
    }
}

impl Write for Noting<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.w.write(buf);
        self.note(r)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.w.flush();
        self.note(r)
    }
}

/// Writes every `(path, bytes)` whole, or none of them when one cannot be written: each goes
/// to its temporary file first, and only when all are ready are they renamed into place. A
/// rename in one folder does not fail for want of space, but should one fail, the files
/// renamed before it stay; folders made for the temporary files stay too. Special files
/// (pipes, devices) are written through after the renames.
pub fn write_all_atomic(files: &[(PathBuf, Vec<u8>)]) -> anyhow::Result<()> {
    // Two of them at one place: the second would replace the first.
    let places: Vec<PathBuf> = files.iter().map(|(p, _)| place(p)).collect();
    for (i, a) in places.iter().enumerate() {
        if let Some(j) = places[..i].iter().position(|b| b == a) {
            anyhow::bail!(
                "{} and {} are the same file: two outputs cannot share it",
                files[j].0.display(),
                files[i].0.display()
            );
        }
    }
    let mut staged = Vec::new();
    let mut through = Vec::new();
    for (path, bytes) in files {
        match target(path)? {
            Target::Special(p) => through.push((p, bytes)),
            Target::File(_) => staged.push(stage(path, |w| w.write_all(bytes))?),
        }
    }
    for s in staged {
        s.persist()?;
    }
    for (p, bytes) in through {
        write_through(&p, |w| w.write_all(bytes))?;
    }
    Ok(())
}

/// Where `path` points, to tell two names of one file apart from two files: its folder
/// resolved (symbolic links, `.` and `..`) and its name, or the file it links to.
fn place(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match (std::fs::canonicalize(dir), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

/// A file written to its temporary file beside its path, not yet in place; or, for a special
/// file, already written through.
enum Staged {
    Ready(tempfile::NamedTempFile, PathBuf),
    Through,
}

impl Staged {
    /// Renames the temporary file into place.
    fn persist(self) -> anyhow::Result<()> {
        match self {
            Staged::Ready(tmp, path) => tmp
                .persist(&path)
                .map(drop)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {}", path.display(), e.error)),
            Staged::Through => Ok(()),
        }
    }
}

fn write_through(p: &Path, fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> anyhow::Result<()> {
    let result = (|| {
        let f = std::fs::OpenOptions::new().write(true).open(p)?;
        let mut w = std::io::BufWriter::with_capacity(1 << 16, f);
        fill(&mut w)?;
        w.flush()
    })();
    result.map_err(|e| anyhow::anyhow!("cannot write {}: {e}", p.display()))
}

/// Fills the temporary file of `path` (synced), or writes a special file through.
fn stage(path: &Path, fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> anyhow::Result<Staged> {
    let path = match target(path)? {
        Target::Special(p) => {
            write_through(&p, fill)?;
            return Ok(Staged::Through);
        }
        Target::File(p) => p,
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    create_folder(dir)?;
    let name = path
        .file_name()
        .ok_or_else(|| anyhow::anyhow!("{} is not a file path", path.display()))?
        .to_string_lossy()
        .into_owned();
    remove_stale_temps(dir, &name);
    let result = (|| {
        // The mode a plain create would give (0666 less the umask), or the replaced file's.
        let mode = std::fs::metadata(&path).map_or(0o666, |m| m.permissions().mode() & 0o7777);
        let tmp = tempfile::Builder::new()
            .prefix(&format!(".{name}.{}.", writer_tag()))
            .suffix(".tmp")
            .permissions(std::fs::Permissions::from_mode(mode))
            .tempfile_in(dir)?;
        let mut w = std::io::BufWriter::with_capacity(1 << 20, tmp);
        fill(&mut w)?;
        let tmp = w.into_inner().map_err(|e| e.into_error())?;
        tmp.as_file().sync_all()?;
        Ok::<_, std::io::Error>(tmp)
    })();
    // The temporary file is removed when dropped, on error too.
    match result {
        Ok(tmp) => Ok(Staged::Ready(tmp, path)),
        Err(e) => Err(anyhow::anyhow!("cannot write {}: {e}", path.display())),
    }
}

/// The temporary files whose writer is gone, found by one read of each folder this process
/// writes into, by the name each was for: a folder is read once, not once per file written into
/// it (a sweep writes thousands of chunks into one folder, and a read per chunk made its writes
/// quadratic).
static STALE: Mutex<Option<HashMap<PathBuf, StaleByName>>> = Mutex::new(None);

/// A folder's stale temporary files, by the name each was for.
type StaleByName = HashMap<String, Vec<PathBuf>>;

/// Removes temporary files of `name` in `dir` whose writer is gone: `.NAME.PID@HOST.XXXXXX.tmp`
/// (and the older `.NAME.PID.XXXXXX.tmp` and `.NAME.tmp-PID`), as the folder's first read in
/// this process found them.
fn remove_stale_temps(dir: &Path, name: &str) {
    let mut stale = STALE.lock().unwrap_or_else(|e| e.into_inner());
    let folders = stale.get_or_insert_with(HashMap::new);
    let by_name = folders
        .entry(dir.to_path_buf())
        .or_insert_with(|| stale_temps(dir));
    for p in by_name.remove(name).unwrap_or_default() {
        let _ = std::fs::remove_file(p);
    }
}

/// The temporary files in `dir` whose writer is gone, by the name each was for.
fn stale_temps(dir: &Path) -> StaleByName {
    let mut found = StaleByName::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix('.') else {
            continue;
        };
        // `NAME.TAG.XXXXXX.tmp` (neither the tag nor the random part has a dot) or `NAME.tmp-PID`.
        let parsed = match rest.strip_suffix(".tmp") {
            Some(mid) => (mid.rsplitn(3, '.').collect::<Vec<_>>().as_slice())
                .get(1..3)
                .map(|pn| (pn[1], pn[0])),
            None => rest.rsplit_once(".tmp-"),
        };
        let Some((name, tag)) = parsed else {
            continue;
        };
        if writer_gone(tag) == Some(true) {
            found.entry(name.to_string()).or_default().push(e.path());
        }
    }
    found
}

/// The path of an output that is a file or folder of its own (a flag's value, for clap):
/// `-`, which elsewhere means standard output, is refused rather than taken as a name, and so
/// is an empty path.
pub fn output_path(s: &str) -> Result<PathBuf, String> {
    match s {
        "" => Err("an empty path names nothing".into()),
        "-" => Err(
            "`-` means standard output, which cannot hold this file or folder: name a \
                    path (`./-` for one called -)"
                .into(),
        ),
        _ => Ok(PathBuf::from(s)),
    }
}

/// [`output_path`] for a folder: also refuses a path that is a file already, when the
/// arguments are read rather than after the work (`armies --table --cache FILE` computed every
/// size before it failed to write the first).
pub fn output_folder_path(s: &str) -> Result<PathBuf, String> {
    let path = output_path(s)?;
    match path.exists() && !path.is_dir() {
        true => Err(format!("{s} is a file, not a folder")),
        false => Ok(path),
    }
}

/// [`output_path`] for a file: also refuses a path that is a folder already, when the
/// arguments are read rather than after the work.
pub fn output_file_path(s: &str) -> Result<PathBuf, String> {
    let path = output_path(s)?;
    match path.is_dir() {
        true => Err(format!("{s} is a folder: name a file (in it, say)")),
        false => Ok(path),
    }
}

/// [`output_file_path`], where `-` means standard output.
pub fn output_file_or_stdout(s: &str) -> Result<PathBuf, String> {
    match s {
        "-" => Ok(PathBuf::from(s)),
        _ => output_file_path(s),
    }
}

/// Creates `dir` and its parents; the error names it, and says so when it is a file.
pub fn create_folder(dir: &Path) -> anyhow::Result<()> {
    if dir.exists() && !dir.is_dir() {
        anyhow::bail!("{} is a file, not a folder", dir.display());
    }
    // A symbolic link to nothing: create_dir_all says only "File exists".
    if let (false, Ok(to)) = (dir.exists(), std::fs::read_link(dir)) {
        anyhow::bail!(
            "{} is a dangling symbolic link (to {}, which does not exist): create that folder, \
             or remove the link",
            dir.display(),
            to.display()
        );
    }
    std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))
}

/// Creates `dir` and makes sure a file can be written in it (not a read-only file system, nor
/// a folder of another owner), before work whose results go there and that nothing else
/// makes fail early: an `armies --cache` board, hours on 10x10, failed at its write.
pub fn writable_folder(dir: &Path) -> anyhow::Result<()> {
    create_folder(dir)?;
    tempfile::Builder::new()
        .prefix(".writable.")
        .tempfile_in(dir)
        .map(drop)
        .map_err(|e| anyhow::anyhow!("cannot write in {}: {e}", dir.display()))
}

/// Runs `make` to fill the directory `dir`; when `make` fails, removes what was created for
/// it (`dir`, and the parents it needed that did not exist), so a failed run leaves no partial
/// output folder.
pub fn new_dir_or_nothing<T>(dir: &Path, make: impl FnOnce() -> anyhow::Result<T>) -> anyhow::Result<T> {
    // The outermost folder this call creates, if any.
    let first_new = dir
        .ancestors()
        .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
        .last()
        .map(Path::to_path_buf);
    let result = create_folder(dir).and_then(|()| make());
    if let (Err(_), Some(first)) = (&result, first_new) {
        let _ = std::fs::remove_dir_all(first);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_path_is_never_standard_output() {
        assert!(output_path("-").unwrap_err().contains("standard output"));
        assert!(output_path("").is_err());
        assert_eq!(output_path("./-").unwrap(), PathBuf::from("./-"));
    }

    #[test]
    fn writes_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/out.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(std::fs::read_dir(p.parent().unwrap()).unwrap().count(), 1);
        // A new file gets the usual mode, not the temporary file's private one.
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode(&p), mode(&plain));
    }

    #[test]
    fn symlinks_are_followed_and_special_files_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        // A FIFO of our own (not /dev/null, which other processes on the machine share):
        // written through, never replaced by a regular file.
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(&fifo).unwrap())
        };
        write_atomic(&fifo, b"through").unwrap();
        assert_eq!(reader.join().unwrap(), b"through");
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        // Only while /dev/full is the device (a run of an old build as root may have replaced
        // such nodes by files): writing to it fails, and it stays a device.
        if std::fs::metadata("/dev/full").is_ok_and(|m| m.file_type().is_char_device()) {
            let e = write_atomic(Path::new("/dev/full"), &[0; 1 << 17]).unwrap_err();
            assert!(e.to_string().contains("/dev/full"), "{e}");
            assert!(
                std::fs::metadata("/dev/full")
                    .unwrap()
                    .file_type()
                    .is_char_device()
            );
        }
        assert!(write_atomic(dir.path(), b"x").is_err());
    }

    #[test]
    fn stale_temporary_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let dead = dir.path().join(".out.txt.2147483646.abcdef.tmp");
        let old = dir.path().join(".out.txt.tmp-2147483646");
        let live = dir
            .path()
            .join(format!(".out.txt.{}.abcdef.tmp", std::process::id()));
        let me = super::writer_tag();
        let host = me.split_once('@').unwrap().1;
        let dead_here = dir.path().join(format!(".out.txt.2147483646@{host}.abcdef.tmp"));
        // Another host's writer on a shared folder: its pid says nothing here.
        let elsewhere = dir.path().join(".out.txt.2147483646@another_host.abcdef.tmp");
        for p in [&dead, &old, &live, &dead_here, &elsewhere] {
            std::fs::write(p, "x").unwrap();
        }
        // Another name's, with dots in the name: found by the same read, left to its own write.
        let other = dir.path().join(".0w-000001.json.2147483646.x1Y2z3.tmp");
        std::fs::write(&other, "x").unwrap();
        write_atomic(&dir.path().join("out.txt"), b"y").unwrap();
        assert!(!dead.exists() && !old.exists() && live.exists() && other.exists());
        assert!(!dead_here.exists() && elsewhere.exists());
        write_atomic(&dir.path().join("0w-000001.json"), b"y").unwrap();
        assert!(!other.exists());
    }

    #[test]
    fn a_set_of_files_is_written_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("sub/b.txt"));
        write_all_atomic(&[(a.clone(), b"a".to_vec()), (b.clone(), b"b".to_vec())]).unwrap();
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "b");
        // One file named twice: refused before either is written.
        let err = write_all_atomic(&[
            (a.clone(), b"x".to_vec()),
            (dir.path().join("./a.txt"), b"y".to_vec()),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.contains("are the same file"), "{err}");
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "a");
        // The second path is a folder: neither file changes, no temporary file is left.
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        let r = write_all_atomic(&[(a.clone(), b"new".to_vec()), (folder, b"x".to_vec())]);
        assert!(r.unwrap_err().to_string().contains("is a directory"));
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "a");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
    }

    #[test]
    fn a_failed_new_directory_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let r: anyhow::Result<()> = new_dir_or_nothing(&out, || {
            write_atomic(&out.join("a"), b"a")?;
            anyhow::bail!("no")
        });
        assert!(r.is_err() && !out.exists());
        std::fs::create_dir(&out).unwrap();
        let _ = new_dir_or_nothing(&out, || -> anyhow::Result<()> { anyhow::bail!("no") });
        assert!(out.exists());
        // Parents made for it go too; the folder that was there stays.
        let deep = out.join("new/deeper/out");
        let r: anyhow::Result<()> = new_dir_or_nothing(&deep, || anyhow::bail!("no"));
        assert!(r.is_err() && out.exists() && !out.join("new").exists());
    }
}
