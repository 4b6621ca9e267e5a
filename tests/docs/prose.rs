//! Commands in prose: a backticked `queensat ...` or `make ...` outside the code blocks, which a
//! reader pastes as it stands (a result file's "Made by `make nk-k1`", its `- command:` line, a
//! README's `queensat nk --size 17 --walls 2 --shard 1/4 -o part1`). The code blocks' commands
//! run; these may take hours, so they are checked as far as that is cheap:
//!
//! - a `make` line's target exists and its recipe expands (`make -n`, as for a `sh` block);
//! - a `queensat` line parses: its subcommand, flags and their values (the line with `--help`
//!   added, which parses every argument before it and then runs nothing), and the files it
//!   reads (a path right after the subcommand, or after `--placements-from`, `--compare`, ...)
//!   are in the checkout.
//!
//! A line with a placeholder (`--size N`, `-o DIR`, `…`, `<rev>`, `A|B`, `[--count]`) is a
//! pattern, not a command, and is left out, as is a line of several commands. The shard folders
//! a `merge` line names are not kept after the merge, so they are not looked for.

use super::Report;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The Markdown files whose prose is read: README.md, docs/, results/ (every level), and the
/// READMEs of crates/, encodings/ and data/.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut found = vec![root.join("README.md")];
    let mut dirs = vec![
        root.join("docs"),
        root.join("results"),
        root.join("crates"),
        root.join("encodings"),
        root.join("data"),
    ];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                found.push(p);
            }
        }
    }
    found.sort();
    found
}

/// `command` with what its quotes hold left out (a quoted `'lattice|record'` is one word).
fn unquoted(command: &str) -> String {
    let mut quote = None;
    let mut out = String::new();
    for c in command.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None => out.push(c),
        }
    }
    out
}

/// Whether `command` is a pattern (a placeholder in it) or several commands, not one to run.
fn is_pattern(command: &str) -> bool {
    let placeholder = |word: &str| {
        // make's `NAME=VALUE`: the value.
        let value = word.rsplit_once('=').map_or(word, |(_, v)| v);
        value
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|p| {
                p.chars().any(|c| c.is_ascii_uppercase())
                    && p.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            })
    };
    command.contains(['…', '<']) || command.contains("...") || {
        let bare = unquoted(command);
        bare.contains(['>', '[', '|', '*', '{', '(', ';', '&', '$'])
            || bare.split_whitespace().any(placeholder)
    }
}

/// The words of `command` as a shell splits them (quotes removed; no command here escapes).
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut word, mut quote, mut any) = (String::new(), None, false);
    for c in command.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '\'' || c == '"' => (quote, any) = (Some(c), true),
            None if c.is_whitespace() => {
                if any || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            None => word.push(c),
        }
    }
    if any || !word.is_empty() {
        words.push(word);
    }
    words
}

/// The paths git keeps in the checkout at `root`, and every folder above them; `None` where git
/// does not answer (not a checkout), and then a file on disk counts.
fn kept_paths(root: &Path) -> Option<std::collections::HashSet<String>> {
    let o = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let mut kept = std::collections::HashSet::new();
    for file in String::from_utf8_lossy(&o.stdout)
        .split('\0')
        .filter(|f| !f.is_empty())
    {
        let mut path = String::new();
        for part in file.split('/') {
            if !path.is_empty() {
                path.push('/');
            }
            path.push_str(part);
            kept.insert(path.clone());
        }
    }
    Some(kept)
}

/// The files a `queensat` command reads (paths right after its subcommand, and the values of
/// the flags that name input files) that a fresh clone would not have: on disk is not enough,
/// since an ignored file (a make target's scratch) is there only where the target ran.
fn missing_inputs(
    root: &Path,
    kept: Option<&std::collections::HashSet<String>>,
    command: &str,
) -> Vec<String> {
    const READS: [&str; 7] = [
        "--placements-from",
        "--compare",
        "--claims",
        "--boards",
        "--csplib",
        "--batch",
        "--check",
    ];
    let w = words(command);
    if w.get(1).is_some_and(|s| s == "merge") {
        return Vec::new();
    }
    let mut reading = true;
    let mut missing = Vec::new();
    for word in w.iter().skip(2) {
        if word.starts_with('-') {
            reading = READS.contains(&word.as_str());
        } else if reading && word.contains('/') && !in_checkout(root, kept, word) {
            missing.push(word.clone());
        }
    }
    missing
}

/// Whether `word` (a path relative to `root`) is in a fresh clone of it.
fn in_checkout(root: &Path, kept: Option<&std::collections::HashSet<String>>, word: &str) -> bool {
    let path = word.trim_start_matches("./").trim_end_matches('/');
    match kept {
        Some(kept) => kept.contains(path),
        None => root.join(word).exists(),
    }
}

/// Every command in the prose of the checkout at `root`, checked; `bin` holds the `queensat`
/// built for the tests.
pub fn check(root: &Path, bin: &Path) -> Report {
    let started = std::time::Instant::now();
    let mut r = Report {
        name: "commands in prose (README, docs/, results/, crates/)".into(),
        ..Report::default()
    };
    // Each command once, at the first place it stands.
    let mut commands: BTreeMap<String, (String, usize, usize)> = BTreeMap::new();
    let kept = kept_paths(root);
    // The documents a fresh clone has: an untracked one here (a run's scratch table) is not.
    let documents = documents(root).into_iter().filter(|d| {
        let name = d.strip_prefix(root).unwrap_or(d).to_string_lossy().into_owned();
        kept.as_ref().is_none_or(|k| k.contains(&name))
    });
    for doc in documents {
        let name = doc.strip_prefix(root).unwrap_or(&doc).display().to_string();
        let text = std::fs::read_to_string(&doc).expect("a document");
        for (line, command) in super::markdown::prose_commands(&text) {
            commands.entry(command).or_insert((name.clone(), line, 0)).2 += 1;
        }
    }
    let path_var = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    for (command, (name, line, times)) in &commands {
        if is_pattern(command) {
            r.skip(*times, "patterns, with a placeholder in them");
            continue;
        }
        if command.starts_with("make ") {
            super::check_make(root, name, *line, command, &mut r);
            continue;
        }
        r.ran += 1;
        let o = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("{command} --help"))
            .current_dir(root)
            .env("PATH", &path_var)
            .output()
            .expect("bash runs");
        if !o.status.success() {
            let err = String::from_utf8_lossy(&o.stderr);
            r.failures.push(format!(
                "FAILED {name}:{line}: `{command}` does not parse: {}",
                err.trim()
            ));
        }
        for m in missing_inputs(root, kept.as_ref(), command) {
            r.failures.push(format!(
                "FAILED {name}:{line}: `{command}` reads {m}, which is not there"
            ));
        }
    }
    r.seconds = started.elapsed().as_secs_f64();
    r
}

/// The rules above on examples (the harness runs no `#[test]` functions).
pub fn self_check() {
    assert!(is_pattern("queensat value --size N --walls \"…\""));
    assert!(is_pattern("queensat merge DIR... -o OUT"));
    assert!(is_pattern("make bench-sweep BASELINE=<rev>"));
    assert!(is_pattern("queensat least-walls --queens A..B"));
    assert!(!is_pattern(
        "make bench-large LARGE_ONLY='lattice|record' LARGE_OUT=results/bench/x"
    ));
    assert!(!is_pattern(
        "queensat verify results/published/walled-n-queens/8x8/1-W_boards.csv"
    ));
    assert!(!is_pattern("queensat value --size 8 --walls \"1,3 2,5\""));
    assert_eq!(words("a --walls \"1,3 2,5\" ''"), ["a", "--walls", "1,3 2,5", ""]);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for kept in [None, kept_paths(root)] {
        assert_eq!(
            missing_inputs(
                root,
                kept.as_ref(),
                "queensat nk --size 5 --placements-from docs/no/count.json README.md -o x/y"
            ),
            ["docs/no/count.json"]
        );
        assert!(missing_inputs(root, kept.as_ref(), "queensat merge a/1 a/2 -o m").is_empty());
    }
    // A file on disk that git does not keep (a make target's scratch, ignored) is missing from
    // a fresh clone: round 55's least-walls comparison named its runs' JSON files, there only
    // where the benchmark had run.
    let kept = std::collections::HashSet::from(["docs".to_string(), "docs/nk.md".to_string()]);
    assert_eq!(
        missing_inputs(root, Some(&kept), "queensat verify docs/nk.md README.md/"),
        ["README.md/"]
    );
}
