//! Peaceable armies over many board sizes: a cache of finished boards (one JSON file per size,
//! read to resume), the table, and one board's report in words.

use crate::run::{Provenance, Reporter, Shard};

use crate::board::Board;
use crate::io::{check_seal, sealed_json, writable_folder, write_atomic};
use crate::study::armies::largest_armies_answering_signals;
use crate::study::{ArmyOptions, ArmyReport, add_optimal_classes, certify_armies};
use anyhow::Context;
use std::path::{Path, PathBuf};

fn cache_file(dir: &Path, board: &Board) -> PathBuf {
    dir.join(format!("{}x{}.json", board.rows(), board.cols()))
}

/// What the seal of a cached report binds: its kind and its board's size (its file name).
fn seal_binding(board: &Board) -> String {
    format!("armies report of the {}x{} board", board.rows(), board.cols())
}

/// A report as its cache file holds it: pretty JSON, sealed.
fn cache_text(r: &ArmyReport) -> anyhow::Result<String> {
    sealed_json(r, &seal_binding(&r.board), true)
}

/// A cached report if it answers the question (same board, and classes if asked), else a
/// fresh one (written to the cache), or `None` when only the cache may be read. An entry made
/// with another encoding or symmetry breaking is refused (one cache holds one model's proofs). Only
/// boards without walls or holes are cached: the file name holds the size alone. With
/// `opts.certify` a proved `m` without a certificate gets one. A report that rests on an
/// external solver's unchecked UNSAT is never cached (nor one whose search stopped). A stop
/// signal or the time limit stops a search at once, varisat's calls included
/// (`largest_armies_answering_signals`).
pub fn largest_armies_cached(
    board: &Board,
    opts: &ArmyOptions,
    cache: Option<&Path>,
    cached_only: bool,
) -> anyhow::Result<Option<ArmyReport>> {
    let empty = board.walls().is_empty() && board.holes().is_empty();
    let cache = cache.filter(|_| empty);
    // A folder that cannot take the board fails before its search, not after (hours on
    // 10x10); one only read (every board cached, or --cached-only) may be read-only.
    let writable = || cache.map_or(Ok(()), writable_folder);
    let (mut r, mut changed) = match cache.and_then(|dir| read_cached(dir, board).transpose()) {
        Some(cached) => {
            let mut r = cached?;
            // One cache, one model: an entry made with other settings is neither overwritten
            // nor taken for this run's (the table names the run's encoding for every row).
            if let (Some(dir), Some(other)) = (cache, other_settings(&r, opts)) {
                anyhow::bail!(
                    "{} was made with {other}; use another --cache folder for these settings",
                    cache_file(dir, board).display()
                );
            }
            // A stopped search is not a finished board.
            let same = r.proved && !r.rests_on_unchecked_unsat();
            let counted = r.classes.as_ref().is_some_and(|c| c.complete) || r.m == 0;
            if same && (counted || !opts.unique) {
                (r, false)
            } else if same && !cached_only {
                writable()?;
                // `m` is proved and re-checked: count its classes without proving it again.
                add_optimal_classes(&mut r, opts)?;
                (r, true)
            } else if cached_only {
                return Ok(None);
            } else {
                writable()?;
                (largest_armies_answering_signals(board, opts)?, true)
            }
        }
        None if cached_only => return Ok(None),
        None => {
            writable()?;
            (largest_armies_answering_signals(board, opts)?, true)
        }
    };
    if let Some(dir) = &opts.certify
        && r.proved
        && r.certificate.is_none()
    {
        writable()?;
        certify_armies(&mut r, opts, dir.as_deref())?;
        changed = true;
    }
    if let Some(dir) = cache.filter(|_| changed && r.proved && !r.rests_on_unchecked_unsat()) {
        write_atomic(&cache_file(dir, board), cache_text(&r)?.as_bytes())?;
    }
    Ok(Some(r))
}

/// The setting of `opts` that changes the model proved and that the cached report `r` was
/// made without, in words (`encoding segments, not pairs`); `None` when they agree.
fn other_settings(r: &ArmyReport, opts: &ArmyOptions) -> Option<String> {
    let lex = |on: bool| {
        if on {
            "lex-leader symmetry breaking"
        } else {
            "--no-symmetry-breaking"
        }
    };
    if r.encoding != opts.encoding.name() {
        Some(format!("--encoding {}, not {}", r.encoding, opts.encoding.name()))
    } else if r.symmetry_breaking != opts.symmetry_breaking {
        Some(format!(
            "{}, not {}",
            lex(r.symmetry_breaking),
            lex(opts.symmetry_breaking)
        ))
    } else {
        None
    }
}

/// The report cached for `board` in `dir`, re-checked; `None` when there is none. Read back
/// like user input: a tampered or damaged file is refused, not believed. Its seal vouches for
/// what is costly to derive again (the proof of m); the example and the classes are checked.
fn read_cached(dir: &Path, board: &Board) -> anyhow::Result<Option<ArmyReport>> {
    let path = cache_file(dir, board);
    let Ok(bytes) = std::fs::read(&path) else {
        return Ok(None);
    };
    let refused =
        |e: &dyn std::fmt::Display| anyhow::anyhow!("{}: {e}; delete it and re-run", path.display());
    let text = String::from_utf8(bytes).map_err(|_| refused(&"not UTF-8 text"))?;
    check_seal(&text, &seal_binding(board)).map_err(|e| refused(&e))?;
    let mut r: ArmyReport =
        serde_json::from_str(&text).with_context(|| format!("{}: not an armies report", path.display()))?;
    if r.board != *board {
        return Err(refused(&format!("a report of {}", r.board.describe())));
    }
    r.recheck().map_err(|e| refused(&e))?;
    // Caches written before the count under isometries existed lack it (0): derive it.
    if let Some(c) = r.classes.as_mut().filter(|c| c.isometry_classes == 0) {
        c.isometry_classes = c.count_isometry_classes(&r.board);
    }
    Ok(Some(r))
}

/// One row of the table: a size, its report (`None`: not in the cache), and with `brute` the
/// independent count of positions at m and at m + 1.
pub struct ArmyRow {
    pub rows: usize,
    pub cols: usize,
    pub report: Option<ArmyReport>,
    pub brute: Option<(u64, u64)>,
}

/// How a table is made.
pub struct ArmyTableOptions<'a> {
    pub armies: ArmyOptions,
    pub cache: Option<&'a Path>,
    pub cached_only: bool,
    /// Also count positions by `check::brute_positions` (exponential; small boards).
    pub brute: bool,
    pub shard: Option<Shard>,
}

/// The rows of the table for the empty boards of `shapes` (those of the shard).
fn army_rows(
    shapes: &[(usize, usize)],
    t: &ArmyTableOptions,
    progress: &Reporter,
) -> anyhow::Result<Vec<ArmyRow>> {
    let shard = t.shard.unwrap_or(Shard::ALL);
    let mine: Vec<(usize, usize)> = (0..shapes.len())
        .filter(|&i| shard.keeps(i))
        .map(|i| shapes[i])
        .collect();
    progress.start("armies: board sizes", mine.len() as u64);
    let mut out = Vec::new();
    for (r, c) in mine {
        let board = Board::new(r, c)?;
        let report = largest_armies_cached(&board, &t.armies, t.cache, t.cached_only)?;
        progress.note(|| match &report {
            Some(rep) => format!(
                "queensat armies: {r}x{c}: m {} {} ({:.2} s)",
                if rep.proved { "=" } else { ">=" },
                rep.m,
                rep.seconds
            ),
            None => format!("queensat armies: {r}x{c}: not in the cache"),
        });
        let brute = match &report {
            Some(rep) if t.brute => {
                let at_m = crate::check::brute_positions(&board, rep.m);
                let beyond = crate::check::brute_positions(&board, rep.m + 1);
                Some((at_m, beyond))
            }
            _ => None,
        };
        progress.advance(1);
        out.push(ArmyRow {
            rows: r,
            cols: c,
            report,
            brute,
        });
    }
    progress.finish();
    Ok(out)
}

/// The table as Markdown, with how it was made.
fn army_table(rows: &[ArmyRow], opts: &ArmyOptions, brute: bool, prov: &Provenance) -> String {
    let mut s = String::new();
    let brute_head = if brute {
        " brute force: positions at m / at m+1 |"
    } else {
        ""
    };
    s.push_str(&format!("| rows | cols | m | classes | classes (isometries) | positions | proof of m | vars | clauses | s (m) | s (classes) |{brute_head}\n"));
    s.push_str(&format!(
        "|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|{}\n",
        if brute { "---:|" } else { "" }
    ));
    for row in rows {
        let (r, c) = (row.rows, row.cols);
        let brute_cell = row.brute.map_or(String::new(), |(x, y)| format!(" {x} / {y} |"));
        let Some(rep) = &row.report else {
            s.push_str(&format!("| {r} | {c} | not computed | | | | | | | | |\n"));
            continue;
        };
        let (classes, isometry, positions, secs) = match &rep.classes {
            Some(cl) if cl.complete => (
                cl.classes.len().to_string(),
                cl.isometry_classes.to_string(),
                cl.positions.to_string(),
                format!("{:.2}", cl.seconds),
            ),
            Some(cl) => (
                format!("≥ {} (stopped)", cl.classes.len()),
                format!("≥ {}", cl.isometry_classes),
                format!("≥ {}", cl.positions),
                format!("{:.2}", cl.seconds),
            ),
            None if rep.m == 0 => ("-".into(), "-".into(), "-".into(), "-".into()),
            None => ("not counted".into(), "".into(), "".into(), "".into()),
        };
        s.push_str(&format!(
            "| {r} | {c} | {} | {classes} | {isometry} | {positions} | {}{} | {} | {} | {:.2} | {secs} |{brute_cell}\n",
            if rep.proved { rep.m.to_string() } else { format!("≥ {}", rep.m) },
            crate::engine::unchecked_prefix(!rep.rests_on_unchecked_unsat()),
            rep.proof, rep.model_vars, rep.model_clauses, rep.seconds
        ));
    }
    s.push_str(&format!(
        "\nclasses: optimal positions up to the board's symmetries and swapping the colours; \
         classes (isometries): up to the board's symmetries alone; \
         positions: ordered (white, black) positions with both armies of exactly m.\n\
         Every position found was re-checked by check::check_armies.\n\
         command: `{}`; encoding {}{}, solver {}; host {}; {}.\n",
        prov.command,
        opts.encoding.name(),
        if opts.symmetry_breaking {
            " with lex-leader symmetry breaking"
        } else {
            ""
        },
        solvers(rows, opts),
        prov.host,
        prov.date
    ));
    s
}

/// The solvers behind the rows (cached rows keep the solver of the run that made them).
fn solvers(rows: &[ArmyRow], opts: &ArmyOptions) -> String {
    let mut names: Vec<String> = rows
        .iter()
        .filter_map(|r| r.report.as_ref())
        .flat_map(|r| {
            let counted_by = r.classes.as_ref().and_then(|c| c.solver.clone());
            std::iter::once(r.solver.clone()).chain(counted_by)
        })
        .collect();
    names.sort();
    names.dedup();
    if names.is_empty() {
        return opts.backend.name().to_string();
    }
    names.join(" and ")
}

/// What the reports of an `armies` run come to, for its exit code and `--require-proof`.
#[derive(Debug, Default)]
pub struct ArmiesOutcome {
    /// A checker rejected a certificate's proof.
    pub refuted: bool,
    /// A search stopped short of a proof.
    pub stopped: bool,
    /// An answer rests on an external solver's unchecked UNSAT.
    pub unchecked: bool,
}

impl ArmiesOutcome {
    pub fn of<'a>(reports: impl IntoIterator<Item = &'a ArmyReport>) -> ArmiesOutcome {
        reports
            .into_iter()
            .fold(ArmiesOutcome::default(), |o, r| ArmiesOutcome {
                refuted: o.refuted || r.certificate.as_ref().is_some_and(|c| !c.certified),
                stopped: o.stopped || !r.proved,
                unchecked: o.unchecked || r.rests_on_unchecked_unsat(),
            })
    }
}

/// `armies --table`: the table of `shapes` and what its reports come to.
pub fn army_table_run(
    shapes: &[(usize, usize)],
    t: &ArmyTableOptions,
    progress: &Reporter,
) -> anyhow::Result<(String, ArmiesOutcome)> {
    let rows = army_rows(shapes, t, progress)?;
    let outcome = ArmiesOutcome::of(rows.iter().filter_map(|r| r.report.as_ref()));
    Ok((army_table(&rows, &t.armies, t.brute, &Provenance::now()), outcome))
}

/// `armies` on one board: its report (JSON or text) and what it comes to, read from `cache`
/// where the board is there, else computed (and kept there).
pub fn army_board_run(
    board: &Board,
    opts: &ArmyOptions,
    cache: Option<&Path>,
    json: bool,
) -> anyhow::Result<(String, ArmiesOutcome)> {
    let cached = largest_armies_cached(board, opts, cache, false)?;
    let report = cached.expect("computing is allowed");
    Ok((army_output(&report, json)?, ArmiesOutcome::of([&report])))
}

/// What `armies` prints for one board: the report in the JSON envelope, or in words.
pub fn army_output(r: &ArmyReport, json: bool) -> serde_json::Result<String> {
    Ok(if json {
        crate::io::command_json("armies", r)? + "\n"
    } else {
        army_text(r)
    })
}

/// One board's report in words.
fn army_text(r: &ArmyReport) -> String {
    let mut s = format!("board {}\n", r.board.describe());
    if r.proved {
        s.push_str(&format!("largest armies: m = {} (W white, B black)\n", r.m));
    } else {
        s.push_str(&format!(
            "largest armies found: m >= {} (W white, B black), NOT proved\n",
            r.m
        ));
    }
    s.push_str(&r.example.render(&r.board));
    s.push_str(&format!(
        "proof: {}SAT with two armies of {}, position checked; {}\n",
        crate::engine::unchecked_prefix(r.certified || !r.proved),
        r.m,
        r.proof
    ));
    if let Some(c) = &r.certificate {
        s.push_str(&c.text());
        s.push('\n');
    }
    if let Some(cl) = &r.classes {
        s.push_str(&format!(
            "optimal positions up to symmetry and colour swap: {}{}{}; up to symmetry alone: {}{} \
             ({} ordered positions, {:.3} s{})\n",
            crate::engine::unchecked_prefix(cl.certified || !cl.complete),
            if cl.complete { "" } else { "at least " },
            cl.classes.len(),
            if cl.complete { "" } else { "at least " },
            cl.isometry_classes,
            cl.positions,
            cl.seconds,
            cl.solver
                .as_ref()
                .map_or(String::new(), |s| format!(", enumerated by {s}"))
        ));
        for (i, a) in cl.classes.iter().enumerate() {
            s.push_str(&format!("#{}\n{}", i + 1, a.render(&r.board)));
        }
    }
    s.push_str(&format!(
        "encoding {}{} ({} vars, {} clauses before counters), solver {}, {:.3} s\n",
        r.encoding,
        if r.symmetry_breaking { " + lex-leader" } else { "" },
        r.model_vars,
        r.model_clauses,
        r.solver,
        r.seconds
    ));
    s
}
