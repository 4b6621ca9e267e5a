//! What `--help` and the man pages say beyond the arguments: the examples and the environment
//! (written in `manual.txt`, beside this file) and the exit status ([`super::exit_status`]).
//! One source each, so that `--help` and `queensat man` never differ.

use clap::Command;
use roff::{Roff, bold, roman};
use std::sync::OnceLock;

/// One entry of `manual.txt`: an example's command line and what it shows, or a variable's
/// name and what it does.
pub struct Entry {
    pub key: String,
    pub text: String,
}

/// `manual.txt`'s sections, by name, in the file's order.
pub(super) fn sections() -> &'static [(String, Vec<Entry>)] {
    static SECTIONS: OnceLock<Vec<(String, Vec<Entry>)>> = OnceLock::new();
    SECTIONS.get_or_init(|| parse(include_str!("manual.txt")))
}

/// Reads the manual's text: `[name]` starts a section, a line at the margin an entry (an
/// example's `$ ` dropped), and the indented lines under it its text, joined with spaces.
/// The file is part of the program, so a line out of place is a bug (the tests read it).
fn parse(text: &str) -> Vec<(String, Vec<Entry>)> {
    let mut sections: Vec<(String, Vec<Entry>)> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            sections.push((name.to_string(), Vec::new()));
            continue;
        }
        let entries = &mut sections
            .last_mut()
            .expect("manual.txt: a line before any [section]")
            .1;
        if let Some(more) = line.strip_prefix("  ") {
            let entry = entries
                .last_mut()
                .expect("manual.txt: indented text before any entry");
            if !entry.text.is_empty() {
                entry.text.push(' ');
            }
            entry.text.push_str(more.trim());
        } else {
            let key = line.strip_prefix("$ ").unwrap_or(line).to_string();
            entries.push(Entry {
                key,
                text: String::new(),
            });
        }
    }
    sections
}

/// The entries of the section `name` (none for an unknown name).
pub(super) fn section(name: &str) -> &'static [Entry] {
    sections().iter().find(|(n, _)| n == name).map_or(&[], |(_, e)| e)
}

/// The examples of the subcommand `name` (none for an unknown name).
pub fn examples(name: &str) -> &'static [Entry] {
    section(name)
}

/// `--help`'s closing text for the subcommand `name`: its examples.
pub fn after_help(name: &str) -> Option<String> {
    let examples = examples(name);
    if examples.is_empty() {
        return None;
    }
    let mut s = String::from("Examples:\n");
    for e in examples {
        s.push_str(&format!("  {}\n      {}\n", e.key, e.text));
    }
    Some(s.trim_end().to_string())
}

/// The man page's sections after clap's: EXIT STATUS, ENVIRONMENT and EXAMPLES, in roff.
pub fn man_sections(name: Option<&str>) -> String {
    let mut r = Roff::new();
    r.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in super::exit_status::exit_status(name) {
        r.control("TP", []).text([bold(code)]).text([roman(meaning)]);
    }
    r.control("SH", ["ENVIRONMENT"]);
    for var in section("environment") {
        r.control("TP", [])
            .text([bold(&var.key)])
            .text([roman(&var.text)]);
    }
    // The program's own page: the first example of a few commands.
    let examples: Vec<&Entry> = match name {
        Some(n) => examples(n).iter().collect(),
        None => ["value", "solutions", "sweep", "solve"]
            .iter()
            .filter_map(|n| examples(n).first())
            .collect(),
    };
    r.control("SH", ["EXAMPLES"]);
    for e in examples {
        r.control("TP", []).text([bold(&e.key)]).text([roman(&e.text)]);
    }
    r.to_roff()
}

/// The whole command line's definition with each subcommand's examples after its help.
pub fn with_examples(cmd: Command) -> Command {
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    names.into_iter().fold(cmd, |cmd, name| match after_help(&name) {
        Some(text) => cmd.mut_subcommand(&name, |c| c.after_help(text)),
        None => cmd,
    })
}
