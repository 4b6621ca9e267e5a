//! Reading a file that the user named, `-` meaning standard input.

use anyhow::Context;
use std::path::Path;

/// The text of `path` (`-`: standard input), decompressed when its first bytes say it is
/// gzip, xz or bzip2 ([`queensat::io::read_text`]); an error names `what` was being read and
/// where.
pub fn read_text(path: &Path, what: &str) -> anyhow::Result<String> {
    if path.as_os_str() == "-" {
        return queensat::io::read_text(std::io::stdin().lock()).context("reading stdin");
    }
    let what = if what.is_empty() {
        String::new()
    } else {
        format!("{what} ")
    };
    let cannot = || format!("cannot read {what}{}", path.display());
    let file = std::fs::File::open(path).with_context(cannot)?;
    queensat::io::read_text(file).with_context(cannot)
}

/// How messages name `path`: `<stdin>` for `-`.
pub fn input_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}
