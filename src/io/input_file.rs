//! Reading a file that the user named, `-` meaning standard input, decompressed when its first
//! bytes say it is gzip, xz or bzip2 ([`read_text`]).

use super::compressed::{open_text, read_text, read_text_up_to};
use anyhow::Context;
use std::io::{BufRead, Read};
use std::path::Path;

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
    read(Box::new(file)).with_context(cannot)
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

/// How messages name `path`: `<stdin>` for `-`.
pub fn input_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}
