//! Reading a file that the user named, `-` meaning standard input, decompressed when its first
//! bytes say it is gzip, xz or bzip2 ([`read_text`]).

use super::compressed::{open_text, read_text, read_text_up_to};
use anyhow::{Context, bail};
use std::io::{BufRead, Read};
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What `read` makes of `path` (`-`: standard input); an error names `what` was being read
/// and where.
fn with_input<T>(
    path: &Path,
    what: &str,
    read: impl FnOnce(Box<dyn Read>) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    if path.as_os_str() == "-" {
        return read(Box::new(std::io::stdin().lock())).context("reading stdin");
    }
    let what = if what.is_empty() {
        String::new()
    } else {
        format!("{what} ")
    };
    let cannot = || format!("cannot read {what}{}", path.display());
    let file = std::fs::File::open(path).with_context(cannot)?;
    if let Ok(meta) = file.metadata() {
        remember_input(&meta, path);
    }
    read(Box::new(file)).with_context(cannot)
}

/// The regular files this process has read as input, by device and inode (whatever path
/// named them), once [`protect_inputs`] is called: an output must not replace one.
static INPUTS: Mutex<Option<Vec<(u64, u64, PathBuf)>>> = Mutex::new(None);

/// From now on, an output written over a file this process read as input is refused
/// ([`input_at`]). The command line asks for it: `queensat verify x.csv -o x.csv` lost the
/// file it checked. A program that uses the library across many calls does not.
pub fn protect_inputs() {
    INPUTS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(Vec::new);
}

fn remember_input(meta: &std::fs::Metadata, path: &Path) {
    if let Some(inputs) = INPUTS.lock().unwrap_or_else(|e| e.into_inner()).as_mut()
        && meta.is_file()
    {
        inputs.push((meta.dev(), meta.ino(), path.to_path_buf()));
    }
}

/// The path by which this process read, as input, the file at `path` (the same file, whatever
/// path names it), once [`protect_inputs`] is called.
pub fn input_at(path: &Path) -> Option<PathBuf> {
    let inputs = INPUTS.lock().unwrap_or_else(|e| e.into_inner());
    // Protection off, or no file read yet: no need to look at `path`.
    let inputs = inputs.as_ref().filter(|i| !i.is_empty())?;
    let meta = std::fs::metadata(path).ok()?;
    inputs
        .iter()
        .find(|(dev, ino, _)| (*dev, *ino) == (meta.dev(), meta.ino()))
        .map(|(_, _, p)| p.clone())
}

/// The whole text of `path`.
pub fn read_input(path: &Path, what: &str) -> anyhow::Result<String> {
    with_input(path, what, read_text)
}

/// The whole text of `path`, a file that holds little (a board): an error past `most` bytes.
pub fn read_input_up_to(path: &Path, what: &str, most: u64) -> anyhow::Result<String> {
    with_input(path, what, |r| read_text_up_to(r, Some(most)))
}

/// The text of `path` as a stream, to read a line at a time ([`open_text`]).
pub fn open_input(path: &Path, what: &str) -> anyhow::Result<Box<dyn BufRead>> {
    with_input(path, what, open_text)
}

/// Refuses standard input (`-`) named for more than one of `inputs` (each how messages name the
/// input, and the path given): it can be read only once, and the second reader would find it
/// empty.
pub fn stdin_at_most_once<'a>(inputs: impl IntoIterator<Item = (&'a str, &'a Path)>) -> anyhow::Result<()> {
    let mut named = inputs
        .into_iter()
        .filter(|(_, p)| p.as_os_str() == "-")
        .map(|(n, _)| n);
    match (named.next(), named.next()) {
        (Some(first), Some(second)) if first == second => {
            bail!("`-`, standard input, is given twice for {first}, and it can be read only once")
        }
        (Some(first), Some(second)) => {
            bail!("{first} and {second} both name `-`, standard input, which can be read only once")
        }
        _ => Ok(()),
    }
}

/// How messages name `path`: `<stdin>` for `-`.
pub fn input_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::stdin_at_most_once;
    use std::path::Path;

    #[test]
    fn standard_input_is_named_at_most_once() {
        let (dash, file) = (Path::new("-"), Path::new("x.cnf"));
        assert!(stdin_at_most_once([("FILE", dash), ("--check", file)]).is_ok());
        assert!(stdin_at_most_once([("FILE", file), ("--check", file)]).is_ok());
        let e = stdin_at_most_once([("FILE", dash), ("x", file), ("--check", dash)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "FILE and --check both name `-`, standard input, which can be read only once"
        );
        let e = stdin_at_most_once([("RUNS", dash), ("RUNS", dash)]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("`-`, standard input, is given twice for RUNS"),
            "{e}"
        );
    }
}
