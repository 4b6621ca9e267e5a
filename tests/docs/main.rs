//! The docs are tests: every command shown in README.md and docs/*.md runs as shown, and where
//! the document shows what it prints, the output is compared (`make test` runs this).
//!
//! # The convention in the Markdown
//!
//! - A ```` ```console ```` block is a transcript: each `$ CMD` line is a command (a line ending
//!   in `\` continues it), the lines up to the next `$ ` are what it prints (stdout and stderr as
//!   they interleave; trailing blank lines aside). A command must exit 0, unless its output ends
//!   with a line `(exit N)`, which is then compared too. In the shown output, `[..]` stands for
//!   any text within a line, a line `...` (or `…`) for any number of lines, and durations,
//!   memory sizes, JSON `*seconds` values and dates match any other (see `compare.rs`).
//! - A ```` ```sh ```` block holds commands, one a line (`#` lines are comments): each runs and
//!   must exit 0; its output is not compared. A `make ...` line is not run here but checked with
//!   `make -n` (the target exists and its recipe expands): `make results-quick` runs the result
//!   targets, `make bench QUICK=1` the benchmarks.
//! - Any other block (```` ``` ````, ```` ```text ````, ...) shows output, a file or code and
//!   must not hold a command: a line that starts with `queensat `, or with `$ ` and names
//!   `queensat `.
//! - An HTML comment right before a block changes how it runs:
//!   `<!-- doc-test: skip REASON -->` (not run; the reason is reported),
//!   `<!-- doc-test: slow -->` (only in the slow suite),
//!   `<!-- doc-test: needs PROG... -->` (only when the programs are on `PATH`, e.g. the external
//!   solvers `.ci/setup.d/export.sh` installs; `feature=cadical` for a build with CaDiCaL),
//!   `<!-- doc-test: progress PREFIX -->` (shown lines starting with PREFIX are progress that only
//!   a terminal gets on stderr: not compared).
//!
//! - A command in prose, backticked outside the blocks (`queensat ...`, `make ...`), in these
//!   documents and in results/, crates/, encodings/ and data/ (a result file's "Made by"
//!   line), is not run but checked: it parses and the files it reads are there, or its make
//!   target expands (`prose.rs`; `-- prose` runs only that check).
//!
//! Each document runs in order in a scratch folder of its own, in which the checkout's top-level
//! files and folders are linked, so that commands run as they would from the checkout's root
//! (`docs/boards/two-walls.txt`, `results/published/...`), with the built `queensat` first on
//! `PATH` and `HOME` in the scratch folder. A command that changes the checkout (git sees it)
//! fails the run.
//!
//! # Running it
//!
//! `cargo test --release --test docs` runs every document (two at a time) and reports, per file,
//! the commands run, the outputs compared and what was skipped and why. `-- WORD` runs the
//! documents whose path contains WORD. `DOCS_SLOW=1` (or `-- --include-ignored`) adds the slow
//! blocks (`make test-docs-slow`). `DOCS_BLESS=1` rewrites the shown output of every command
//! whose output no longer matches, keeping `[..]`, a `...` line, the progress lines that lead the
//! output and the lines that still match (not where two `...` lines or progress lines after the
//! output make the shape unclear: those say so, fix them by hand). `DOCS_VERBOSE=1` lists every
//! command with its time.

mod compare;
mod markdown;
mod prose;
mod run;

use markdown::{Block, Kind, Marker, Step};
use queensat::io::plural;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Options {
    slow: bool,
    bless: bool,
    verbose: bool,
    filter: Option<String>,
}

/// What one document's run came to.
#[derive(Default)]
struct Report {
    name: String,
    ran: usize,
    compared: usize,
    make_checked: usize,
    /// Commands not run, with why.
    skipped: Vec<(usize, String)>,
    failures: Vec<String>,
    blessed: usize,
    lines: Vec<String>,
    seconds: f64,
}

impl Report {
    fn skip(&mut self, n: usize, why: &str) {
        match self.skipped.iter_mut().find(|(_, w)| w == why) {
            Some((k, _)) => *k += n,
            None => self.skipped.push((n, why.to_string())),
        }
    }
}

fn main() {
    compare::self_check();
    summary_self_check();
    prose::self_check();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let flag = |v: &str| std::env::var(v).is_ok_and(|s| !s.is_empty() && s != "0");
    let opts = Options {
        slow: flag("DOCS_SLOW") || args.iter().any(|a| a == "--include-ignored" || a == "--ignored"),
        bless: flag("DOCS_BLESS"),
        verbose: flag("DOCS_VERBOSE"),
        filter: free_word(&args),
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs: Vec<PathBuf> = documents(root)
        .into_iter()
        .filter(|d| {
            opts.filter
                .as_ref()
                .is_none_or(|f| d.to_string_lossy().contains(f.as_str()))
        })
        .collect();
    let started = Instant::now();
    let before = git_status(root);
    let queue = Mutex::new(docs.iter().enumerate().collect::<Vec<_>>());
    let reports = Mutex::new(Vec::new());
    // Twice the cores: the documents' commands wait on the programs they start much of the time
    // (two workers kept about one core of two busy); at most 8, as `make test`'s test threads.
    let workers = std::thread::available_parallelism().map_or(2, |n| (2 * n.get()).min(8));
    let bin = Path::new(env!("CARGO_BIN_EXE_queensat")).parent().unwrap();
    let prose = opts.filter.as_ref().is_none_or(|f| "prose".contains(f.as_str()));
    std::thread::scope(|s| {
        if prose {
            // Last in the report, after the documents.
            s.spawn(|| {
                reports
                    .lock()
                    .unwrap()
                    .push((docs.len(), prose::check(root, bin)))
            });
        }
        for _ in 0..workers {
            s.spawn(|| {
                // The guard is let go before the document runs: in `while let`'s condition it
                // would live through the loop's body and the workers take turns.
                loop {
                    let next = queue.lock().unwrap().pop();
                    let Some((i, d)) = next else { break };
                    let r = run_document(root, d, &opts);
                    reports.lock().unwrap().push((i, r));
                }
            });
        }
    });
    let mut reports = reports.into_inner().unwrap();
    reports.sort_by_key(|(i, _)| *i);
    let mut failed = 0;
    let (mut ran, mut skipped) = (0, 0);
    for (_, r) in &reports {
        for l in &r.lines {
            println!("{l}");
        }
        for f in &r.failures {
            println!("{f}");
        }
        println!("{}", summary(r));
        failed += r.failures.len();
        ran += r.ran;
        skipped += r.skipped.iter().map(|(n, _)| n).sum::<usize>();
    }
    let after = git_status(root);
    if before != after {
        failed += 1;
        println!("docs: a documented command changed the checkout (git status before and after):");
        println!(
            "{}\n---\n{}",
            before.unwrap_or_default(),
            after.unwrap_or_default()
        );
    }
    println!(
        "\ntest result: {}. {ran} passed; {failed} failed; {skipped} ignored; 0 measured; 0 filtered out; finished in {:.2}s\n",
        if failed == 0 { "ok" } else { "FAILED" },
        started.elapsed().as_secs_f64()
    );
    if failed > 0 {
        std::process::exit(101);
    }
}

/// The first argument that is not a flag (nor a flag's value): the documents to run.
fn free_word(args: &[String]) -> Option<String> {
    let with_value = [
        "--test-threads",
        "--format",
        "--color",
        "--skip",
        "-Z",
        "--logfile",
    ];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if with_value.contains(&a.as_str()) {
            it.next();
        } else if !a.starts_with('-') {
            return Some(a.clone());
        }
    }
    None
}

/// README.md, then docs/*.md in name order.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root.join("README.md"));
    docs
}

/// `git status` of the checkout, or `None` outside a git checkout.
fn git_status(root: &Path) -> Option<String> {
    let o = std::process::Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all"])
        .current_dir(root)
        .output()
        .ok()?;
    o.status
        .success()
        .then(|| String::from_utf8_lossy(&o.stdout).into_owned())
}

fn summary(r: &Report) -> String {
    let mut s = format!(
        "docs: {}: {} run, {} compared, {} checked",
        r.name,
        plural(r.ran, "command", "commands"),
        plural(r.compared, "output", "outputs"),
        plural(r.make_checked, "make target", "make targets")
    );
    if !r.skipped.is_empty() {
        let why: Vec<String> = r.skipped.iter().map(|(n, w)| format!("{n} {w}")).collect();
        s.push_str(&format!("; not run: {}", why.join(", ")));
    }
    if r.blessed > 0 {
        let outputs = plural(r.blessed, "output", "outputs");
        s.push_str(&format!("; {outputs} rewritten (DOCS_BLESS)"));
    }
    s.push_str(&format!("; {} failed; {:.1} s", r.failures.len(), r.seconds));
    s
}

/// The summary's counts on examples, one of each (the harness runs no `#[test]` functions).
fn summary_self_check() {
    let one = Report {
        name: "a.md".into(),
        ran: 1,
        compared: 1,
        make_checked: 1,
        blessed: 1,
        ..Report::default()
    };
    let s = summary(&one);
    assert!(
        s.starts_with(
            "docs: a.md: 1 command run, 1 output compared, 1 make target checked; 1 output rewritten"
        ),
        "{s}"
    );
    let none = summary(&Report::default());
    assert!(
        none.contains(": 0 commands run, 0 outputs compared, 0 make targets checked;"),
        "{none}"
    );
}

/// The document's scratch folder: the checkout's top-level entries linked in (not `.git` and
/// `target`), and an empty home.
fn scratch(root: &Path) -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix("queensat-docs-")
        .tempdir()
        .expect("a scratch folder");
    for e in std::fs::read_dir(root).expect("the checkout") {
        let name = e.expect("an entry").file_name();
        if name == ".git" || name == "target" {
            continue;
        }
        std::os::unix::fs::symlink(root.join(&name), dir.path().join(&name)).expect("a link");
    }
    std::fs::create_dir(dir.path().join(".home")).expect("a home");
    dir
}

/// Why a block is not run, if it is not.
fn not_run(block: &Block, opts: &Options) -> Option<String> {
    for m in &block.markers {
        match m {
            Marker::Skip(why) => return Some(format!("skipped ({why})")),
            Marker::Slow if !opts.slow => return Some("slow (DOCS_SLOW=1 runs them)".into()),
            Marker::Needs(progs) => {
                let missing: Vec<&String> = progs.iter().filter(|p| !available(p)).collect();
                if !missing.is_empty() {
                    let names: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
                    return Some(format!("need {}", names.join(", ")));
                }
            }
            _ => {}
        }
    }
    None
}

/// A program on `PATH`, or `feature=NAME` for a solver this build has.
fn available(need: &str) -> bool {
    match need.strip_prefix("feature=") {
        Some(f) => queensat::solve::Backend::available()
            .iter()
            .any(|b| b.name() == f),
        None => run::on_path(need),
    }
}

fn run_document(root: &Path, path: &Path, opts: &Options) -> Report {
    let started = Instant::now();
    let name = path.strip_prefix(root).unwrap_or(path).display().to_string();
    let mut r = Report {
        name: name.clone(),
        ..Report::default()
    };
    let text = std::fs::read_to_string(path).expect("the document");
    let blocks = match markdown::parse(&text) {
        Ok(b) => b,
        Err(e) => {
            r.failures.push(format!("{name}: {e}"));
            return r;
        }
    };
    let dir = scratch(root);
    let bin = Path::new(env!("CARGO_BIN_EXE_queensat")).parent().unwrap();
    let path_var = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let env = vec![
        ("PATH".to_string(), path_var),
        ("HOME".to_string(), dir.path().join(".home").display().to_string()),
    ];
    let limit = Duration::from_secs(if opts.slow { 3600 } else { 300 });
    let mut rewrites: Vec<((usize, usize), String, Vec<String>)> = Vec::new();
    for block in &blocks {
        if block.kind == Kind::Other {
            for l in &block.stray {
                if not_run(block, opts).is_none() {
                    r.failures.push(format!(
                        "{name}:{l}: a command in a block that is not run: tag the block ```console or ```sh, or mark it <!-- doc-test: skip REASON -->"
                    ));
                }
            }
            continue;
        }
        if let Some(why) = not_run(block, opts) {
            r.skip(block.steps.len(), &why);
            continue;
        }
        let progress: Vec<&str> = block
            .markers
            .iter()
            .filter_map(|m| match m {
                Marker::Progress(p) => Some(p.as_str()),
                _ => None,
            })
            .collect();
        for step in &block.steps {
            if step.make {
                check_make(root, &name, step.line, &step.command, &mut r);
                continue;
            }
            let out = run::run(&step.command, dir.path(), &env, limit);
            r.ran += 1;
            if opts.verbose {
                r.lines.push(format!(
                    "  {name}:{} {:.1} s: {}",
                    step.line, out.seconds, step.command
                ));
            }
            let mut actual = out.lines.clone();
            // Trailing blank lines are not shown (a document's block drops them too).
            while actual.last().is_some_and(|l| l.trim().is_empty()) {
                actual.pop();
            }
            let want_exit = step
                .expected
                .as_ref()
                .and_then(|e| e.last())
                .and_then(|l| exit_line(l));
            if want_exit.is_some() || out.code != Some(0) {
                actual.push(match out.code {
                    Some(c) => format!("(exit {c})"),
                    None => "(killed by a signal)".into(),
                });
            }
            let Some(expected) = &step.expected else {
                if out.code != Some(0) {
                    r.failures.push(failure(&name, step, &out, "exit 0", &actual));
                }
                continue;
            };
            r.compared += 1;
            let shown: Vec<String> = expected
                .iter()
                .filter(|l| !progress.iter().any(|p| l.starts_with(p)))
                .cloned()
                .collect();
            if compare::matches(&shown, &actual) && (want_exit.is_some() || out.code == Some(0)) {
                continue;
            }
            match bless_progress(expected, &progress, &actual).filter(|_| opts.bless && !out.timed_out) {
                Some(new) => {
                    rewrites.push((step.span, block.indent.clone(), new));
                    r.blessed += 1;
                }
                None => {
                    let mut f = failure(&name, step, &out, "the output shown", &actual);
                    f.push_str("\n  shown:");
                    for l in expected {
                        f.push_str(&format!("\n    | {l}"));
                    }
                    if opts.bless {
                        f.push_str("\n  (not rewritten: progress lines after the output, two `...` lines or a time-out; fix it by hand)");
                    }
                    r.failures.push(f);
                }
            }
        }
    }
    if !rewrites.is_empty() {
        bless(path, &text, rewrites);
    }
    r.seconds = started.elapsed().as_secs_f64();
    r
}

/// The shown output rewritten to `actual` (see [`compare::blessed`]); progress lines (which the
/// run does not print) are kept where they lead the output, as they stood, and otherwise the
/// output is not rewritten.
fn bless_progress(expected: &[String], progress: &[&str], actual: &[String]) -> Option<Vec<String>> {
    let is_progress = |l: &String| progress.iter().any(|p| l.starts_with(p));
    let lead = expected
        .iter()
        .take_while(|l| is_progress(l) || (compare::is_ellipsis(l) && !progress.is_empty()))
        .count();
    if expected[lead..].iter().any(is_progress) {
        return None;
    }
    let mut out = expected[..lead].to_vec();
    out.extend(compare::blessed(&expected[lead..], actual)?);
    Some(out)
}

/// `N` of a line `(exit N)`.
fn exit_line(l: &str) -> Option<i32> {
    l.trim().strip_prefix("(exit ")?.strip_suffix(')')?.parse().ok()
}

fn failure(name: &str, step: &Step, out: &run::Outcome, wanted: &str, actual: &[String]) -> String {
    let how = if out.timed_out {
        format!("stopped after {:.0} s", out.seconds)
    } else {
        format!("exit {:?} after {:.1} s", out.code, out.seconds)
    };
    let mut f = format!(
        "FAILED {name}:{}: `{}`: {how}, wanted {wanted}\n  got:",
        step.line, step.command
    );
    for l in actual.iter().take(60) {
        f.push_str(&format!("\n    | {l}"));
    }
    if actual.len() > 60 {
        f.push_str(&format!("\n    | ... ({} lines in all)", actual.len()));
    }
    f
}

/// A `make` line (`command`, on line `line` of `name`): the target must exist and its recipe
/// expand (`make -n`, nothing built). bash reads the line, so that a quoted variable
/// (`LARGE_ONLY='random sparse'`) is one word, as when pasted.
fn check_make(root: &Path, name: &str, line: usize, command: &str, r: &mut Report) {
    let args = command
        .split(" #")
        .next()
        .unwrap_or("")
        .trim_start()
        .strip_prefix("make")
        .unwrap_or("");
    let o = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("make -n --no-print-directory {args}"))
        .current_dir(root)
        .env_remove("MAKEFLAGS")
        .env_remove("MFLAGS")
        .env_remove("MAKELEVEL")
        .output();
    r.make_checked += 1;
    match o {
        Ok(o) if o.status.success() => {}
        Ok(o) => r.failures.push(format!(
            "FAILED {name}:{line}: `{command}`: make -n says: {}",
            String::from_utf8_lossy(&o.stderr).trim()
        )),
        Err(e) => r.failures.push(format!("FAILED {name}:{line}: make: {e}")),
    }
}

/// Rewrites the shown outputs (`DOCS_BLESS=1`), last first so the earlier spans stay put.
fn bless(path: &Path, text: &str, mut rewrites: Vec<((usize, usize), String, Vec<String>)>) {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    rewrites.sort_by_key(|(span, _, _)| std::cmp::Reverse(span.0));
    for ((start, end), indent, new) in rewrites {
        let new: Vec<String> = new
            .into_iter()
            .map(|l| format!("{indent}{l}").trim_end().to_string())
            .collect();
        lines.splice(start..end, new);
    }
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    queensat::io::write_atomic(path, out.as_bytes()).expect("rewrite the document");
}
