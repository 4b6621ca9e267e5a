//! Reading a file that the user named, `-` meaning standard input.

use anyhow::Context;
use std::path::Path;

/// The text of `path` (`-`: standard input); an error names `what` was being read and where.
pub fn read_text(path: &Path, what: &str) -> anyhow::Result<String> {
    if path.as_os_str() == "-" {
        return std::io::read_to_string(std::io::stdin()).context("reading stdin");
    }
    let what = if what.is_empty() {
        String::new()
    } else {
        format!("{what} ")
    };
    std::fs::read_to_string(path).with_context(|| format!("cannot read {what}{}", path.display()))
}

/// How messages name `path`: `<stdin>` for `-`.
pub fn input_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}
