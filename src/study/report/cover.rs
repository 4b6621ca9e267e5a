//! Packing and covering over many sizes: one finished report per size in the certificates
//! directory (read back to resume), the table, and one size in words.

use crate::run::deadline::OutOfTime;
use crate::run::interrupt::{interrupted, refused_unless_stopped, stop_requested, stopped_exit_code};
use crate::run::{Provenance, Reporter};
use crate::study::chunk_store::stopped_line;

use crate::io::{check_seal, sealed_json, write_atomic};
use crate::solve::Certificate;
use crate::study::{CoverOptions, CoverReport, Optimum, pack_and_cover, seed_line};
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// What the seal of a size's report binds: its kind and the board's size (its file name).
fn seal_binding(n: usize) -> String {
    format!("cover report of the {n}x{n} board")
}

/// `queensat cover`'s run: the sizes checked (1..12: beyond 12 the solution lists run to
/// hundreds of thousands, not what this study is for), `certify` without a certificate
/// directory given certifying into a temporary one removed at the end, then
/// `pack_and_cover_cached`. The sizes without a report come back apart, each with why.
pub fn cover_sizes(
    sizes: &[usize],
    mut opts: CoverOptions,
    certify: bool,
    cached_only: bool,
) -> anyhow::Result<(Vec<CoverReport>, Missing)> {
    if sizes.iter().any(|&n| n == 0 || n > 12) {
        anyhow::bail!("--size: every side must lie within 1..12");
    }
    let scratch = match (certify, &opts.certificates) {
        (true, None) => Some(tempfile::Builder::new().prefix("queensat-certify-").tempdir()?),
        _ => None,
    };
    if let Some(dir) = &scratch {
        opts.certificates = Some(dir.path().to_path_buf());
    }
    let progress = opts.progress.clone();
    let ask = Ask {
        opts: &opts,
        certify: certify && scratch.is_none(),
        cached_only,
    };
    pack_and_cover_cached(sizes, &ask, &progress)
}

/// What one run asks of the reports kept in its certificates directory.
struct Ask<'a> {
    opts: &'a CoverOptions,
    /// `--certify` on kept reports: their proofs are checked again.
    certify: bool,
    /// Compute nothing.
    cached_only: bool,
}

/// A size's report as its file keeps it: the report, and for an open one the time limit that
/// stopped its search (a later run with no larger a limit would stop there again).
#[derive(Serialize, Deserialize)]
struct KeptReport {
    #[serde(flatten)]
    report: CoverReport,
    /// CPU seconds of `--time-limit` per search, when the report is open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stopped_by_limit: Option<f64>,
}

/// A size of a run without a report: why, in words, and whether a time limit is why (the run
/// then ends as one stopped at its limit does, with exit 3).
#[derive(Clone, Debug, Serialize)]
pub struct MissingSize {
    pub n: usize,
    pub why: String,
    #[serde(skip)]
    pub out_of_time: bool,
}

/// The sizes of a run without a report.
pub type Missing = Vec<MissingSize>;

impl MissingSize {
    fn new(n: usize, why: String) -> MissingSize {
        MissingSize {
            n,
            why,
            out_of_time: false,
        }
    }
}

/// What a size's kept report comes to for this run.
enum Kept {
    /// Nothing kept.
    None,
    /// The report answers this run.
    Use(Box<CoverReport>),
    /// The report does not answer this run (why, in words); `finished` when it is final, so
    /// that an open result does not replace it.
    Redo { why: String, finished: bool },
}

/// The reports of `sizes`, read from the certificates directory where a kept one answers the
/// run, else computed (and written there); with `cached_only`, sizes without one are returned
/// apart, each with why.
fn pack_and_cover_cached(
    sizes: &[usize],
    ask: &Ask,
    progress: &Reporter,
) -> anyhow::Result<(Vec<CoverReport>, Missing)> {
    let opts = ask.opts;
    let (mut reports, mut missing) = (Vec::new(), Vec::new());
    progress.start("cover: board sizes", sizes.len() as u64);
    for &n in sizes {
        let kept = match &opts.certificates {
            Some(dir) => read_kept(dir, n, ask)?,
            None => Kept::None,
        };
        let finished = match kept {
            Kept::Use(r) => {
                progress.note(|| format!("queensat cover: {n}x{n} read back"));
                reports.push(*r);
                progress.advance(1);
                continue;
            }
            Kept::Redo { why, .. } if ask.cached_only => {
                missing.push(MissingSize::new(n, why));
                progress.advance(1);
                continue;
            }
            Kept::Redo { why, finished } => {
                eprintln!("queensat: note: {n}x{n}: {why}; computing it again");
                finished
            }
            Kept::None => false,
        };
        if ask.cached_only || crate::run::interrupt::stop_requested() {
            // After Ctrl-C the sizes not begun are skipped, like those not cached.
            progress.note(|| format!("queensat cover: {n}x{n} not cached, or skipped after a stop signal"));
            missing.push(MissingSize::new(n, "no finished run".into()));
        } else {
            let r = match pack_and_cover(n, opts) {
                // The limit ran out before the size had anything to report (its list of
                // solutions): said in its row, and the next size gets the limit anew.
                Err(e) if e.is::<OutOfTime>() => {
                    let why = e.to_string();
                    progress.note(|| format!("queensat cover: {n}x{n}: {why}"));
                    missing.push(MissingSize {
                        n,
                        why,
                        out_of_time: true,
                    });
                    progress.advance(1);
                    continue;
                }
                r => r?,
            };
            progress.note(|| {
                format!(
                    "queensat cover: {n}x{n}: {} solutions, pack {}, cover {} ({:.2} s)",
                    r.solutions.len(),
                    value(&r.pack),
                    value(&r.cover),
                    r.enumerate_seconds + r.pack.seconds + r.cover.seconds
                )
            });
            let open = !(r.pack.optimal && r.cover.optimal);
            // A search Ctrl-C cut short is reported, not kept: a rerun should try it again. An
            // open one the time limit stopped is kept as open, never over a finished one.
            let cut_short = open && (crate::run::interrupt::stop_requested() || finished);
            // Nor one that rests on an external solver's word: a rerun may check it.
            if let Some(dir) = &opts.certificates
                && !cut_short
                && !r.rests_on_unchecked_unsat()
            {
                let kept = KeptReport {
                    report: r,
                    stopped_by_limit: opts.time_limit.filter(|_| open).map(|t| t.as_secs_f64()),
                };
                let text = sealed_json(&kept, &seal_binding(n), false)?;
                write_atomic(&dir.join(format!("cover-{n}.json")), text.as_bytes())?;
                reports.push(kept.report);
            } else {
                reports.push(r);
            }
        }
        progress.advance(1);
    }
    progress.finish();
    Ok((reports, missing))
}

/// The report kept for size `n` in `dir`, read back like user input: a tampered or damaged
/// file is refused, not believed. Its seal vouches for what is costly to derive again (the
/// optima's UNSAT answers); the solutions, selections and certificates are re-checked, the
/// certificate files must be those the checker verified, and the solution list beside it is
/// written again where it differs. Then whether it answers this run: not a lex-leader proof
/// for `--no-symmetry-breaking`, not an open one for a run that may search longer, not one
/// whose certificate files changed.
fn read_kept(dir: &Path, n: usize, ask: &Ask) -> anyhow::Result<Kept> {
    let path = dir.join(format!("cover-{n}.json"));
    let Ok(bytes) = std::fs::read(&path) else {
        return Ok(Kept::None);
    };
    let name = path.display();
    let refused = |e: &dyn std::fmt::Display| anyhow::anyhow!("{name}: {e}; delete it and re-run");
    let text = String::from_utf8(bytes).map_err(|_| refused(&"not UTF-8 text"))?;
    check_seal(&text, &seal_binding(n)).map_err(|e| refused(&e))?;
    let kept: KeptReport =
        serde_json::from_str(&text).with_context(|| format!("{name}: not a cover report"))?;
    let mut r = kept.report;
    anyhow::ensure!(r.n == n, "{name}: a report of {}x{}, not {n}x{n}", r.n, r.n);
    r.recheck()
        .map_err(|e| refused_unless_stopped(e, |e| anyhow::anyhow!("{name}: {e}; delete it and re-run")))?;
    restore_solutions(dir, &r)?;
    let finished = r.pack.optimal && r.cover.optimal;
    let redo = |why: String| Ok(Kept::Redo { why, finished });
    if !ask.opts.symmetry_breaking && r.symmetry_breaking {
        return redo(format!(
            "{name} was proved with lex-leader symmetry breaking, and --no-symmetry-breaking asks \
             for a proof without it"
        ));
    }
    if !finished && !ask.cached_only {
        // A run with no larger a limit would stop where this one did.
        let limit = ask.opts.time_limit.map(|t| t.as_secs_f64());
        match (limit, kept.stopped_by_limit) {
            (Some(now), Some(then)) if now <= then => {}
            (_, then) => {
                return redo(format!(
                    "{name} is open (its search stopped at {})",
                    then.map_or("a stop signal".into(), |t| format!("--time-limit {t}"))
                ));
            }
        }
    }
    // With --certify, each certificate is checked against its question's CNF, built again.
    let questions = match ask.certify {
        true => [r.certificate_cnf(&r.pack)?, r.certificate_cnf(&r.cover)?],
        false => [None, None],
    };
    for (c, question) in [&mut r.pack.certificate, &mut r.cover.certificate]
        .into_iter()
        .zip(questions)
        .filter_map(|(c, q)| c.as_mut().map(|c| (c, q)))
    {
        let why = match c.files_unchanged(dir) {
            Err(e) => Some(format!("{e} ({name} records it as checked)")),
            Ok(()) if c.cnf_kept && question.as_ref().is_some_and(|q| !c.cnf_is(dir, q)) => Some(format!(
                "{} is not the CNF of its question, built again from {name}'s solutions and bound",
                c.cnf_name()
            )),
            Ok(()) if ask.certify && !(c.cnf_kept && c.proof_kept) => Some(format!(
                "--certify asks for {} to be checked again, and it was deleted after its check \
                 (too big to keep)",
                c.proof_name()
            )),
            Ok(()) if ask.certify => {
                c.check_again(dir)?;
                (!c.certified).then(|| format!("the proof checker rejects {} now", c.proof_name()))
            }
            Ok(()) => None,
        };
        match why {
            Some(why) if ask.cached_only => {
                anyhow::bail!("{why}; run without --cached-only to compute it again")
            }
            Some(why) => return redo(why),
            None => {}
        }
    }
    Ok(Kept::Use(Box::new(r)))
}

/// Writes `solutions-N.txt` beside a report read back again where it is missing or differs
/// from the report's list (which the report's re-check proved complete): the certificates'
/// CNF files name their variables by its lines.
fn restore_solutions(dir: &Path, r: &CoverReport) -> anyhow::Result<()> {
    let path = dir.join(format!("solutions-{}.txt", r.n));
    let text: String = r.solutions.iter().map(|p| seed_line(p) + "\n").collect();
    if std::fs::read(&path).ok().as_deref() != Some(text.as_bytes()) {
        eprintln!(
            "queensat: note: {} did not hold the {} solutions of cover-{}.json: written again from it",
            path.display(),
            r.solutions.len(),
            r.n
        );
        write_atomic(&path, text.as_bytes())?;
    }
    Ok(())
}

/// An optimum, or the two bounds of a search that stopped (open).
fn value(o: &Optimum) -> String {
    match (o.optimal, o.bound) {
        (false, Some(b)) => match o.goal {
            crate::encode::Goal::Pack => format!("{}..{b} (open)", show(o.value)),
            crate::encode::Goal::Cover => format!("{b}..{} (open)", show(o.value)),
        },
        _ => show(o.value),
    }
}

fn show(v: Option<usize>) -> String {
    v.map_or("none".into(), |v| v.to_string())
}

fn cert(o: &Optimum) -> String {
    match &o.certificate {
        Some(c) => format!(
            "`{}` {}{} ({} bytes, solve {:.2} s, check {:.2} s)",
            c.proof_name(),
            if c.certified { "checked" } else { "REJECTED" },
            match (c.cnf_kept, c.proof_kept) {
                (false, _) => " then deleted with its CNF (too big to keep)",
                (true, false) => " then deleted (too big to keep)",
                (true, true) => "",
            },
            c.proof_bytes,
            c.solve_seconds,
            c.check.seconds
        ),
        None => "-".into(),
    }
}

/// What `cover` prints: every size's report in the JSON envelope (`{"reports": [...]}`), one
/// size in words when one was asked for, else the table (`missing`: sizes without a report).
pub fn cover_output(
    reports: &[CoverReport],
    missing: &[MissingSize],
    one_size: bool,
    json: bool,
) -> serde_json::Result<String> {
    Ok(match json {
        true => {
            crate::io::command_json(
                "cover",
                &serde_json::json!({ "reports": reports, "missing": missing }),
            )? + "\n"
        }
        false if one_size && reports.len() == 1 => cover_text(&reports[0]),
        false => cover_table(reports, missing, &Provenance::now()),
    })
}

/// The table as Markdown, sizes without a report last, with how it was made.
fn cover_table(reports: &[CoverReport], missing: &[MissingSize], prov: &Provenance) -> String {
    let mut s = String::from(
        "| n | solutions | most disjoint | proof | certificate | fewest covering | proof | certificate | symmetry breaking | CPU s |\n\
         |---:|---:|---:|---|---|---:|---|---|---|---:|\n",
    );
    for r in reports {
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2} |\n",
            r.n,
            r.solutions.len(),
            value(&r.pack),
            crate::engine::unchecked_prefix(r.pack.certified) + &r.pack.proof,
            cert(&r.pack),
            value(&r.cover),
            crate::engine::unchecked_prefix(r.cover.certified) + &r.cover.proof,
            cert(&r.cover),
            if r.symmetry_breaking { "lex-leader" } else { "none" },
            r.cpu_seconds
        ));
    }
    for MissingSize { n, why, .. } in missing {
        s.push_str(&format!("| {n} | not computed ({why}) | | | | | | | | |\n"));
    }
    if reports.is_empty() {
        // No size computed: nothing was checked or certified to say how.
        s.push_str(&format!("\ncommand: `{}`.\n", prov.command));
        return s;
    }
    s.push_str(&format!(
        "\nEvery solution and selection was re-checked (solutions by check::check_placement, \
         selections by counting squares). A certificate is the final UNSAT question written as \
         DIMACS (`.cnf`) and refuted by a fresh solver writing a proof (`.drat` or `.lrat`: {}) \
         that a proof checker ({}) verified against the `.cnf` file. CPU s: the whole \
         size (enumeration, searches, certificates, checks); sizes read back keep the figure \
         of the run that made them.\n\
         command: `{}`; solver {}.\n",
        each_once(reports, |c| &c.proof_format),
        each_once(reports, |c| &c.check.checker),
        prov.command,
        reports.first().map_or("", |r| r.solver.as_str())
    ));
    s
}

/// What the table's certificates say of `what` (who wrote the proofs, who checked them), each
/// once, in table order.
fn each_once(reports: &[CoverReport], what: impl Fn(&Certificate) -> &str) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for c in reports
        .iter()
        .flat_map(|r| [&r.pack.certificate, &r.cover.certificate])
        .flatten()
    {
        if !seen.contains(&what(c)) {
            seen.push(what(c));
        }
    }
    if seen.is_empty() {
        "none".into()
    } else {
        seen.join("; ")
    }
}

/// One size in words: the selections, the coverage of each square, the certificates.
fn cover_text(r: &CoverReport) -> String {
    let n = r.n;
    let mut s = format!(
        "{n}x{n} board: {} n-queens solutions ({:.3} s)\n",
        r.solutions.len(),
        r.enumerate_seconds
    );
    for o in [&r.pack, &r.cover] {
        let what = match o.goal {
            crate::encode::Goal::Pack => "most pairwise-disjoint solutions",
            crate::encode::Goal::Cover => "fewest solutions covering the board",
        };
        s.push_str(&format!(
            "{what}: {} — proof: {}{}\n",
            value(o),
            crate::engine::unchecked_prefix(o.certified),
            o.proof
        ));
        for &i in &o.selection {
            s.push_str(&format!("  {}\n", seed_line(&r.solutions[i])));
        }
        if o.goal == crate::encode::Goal::Cover && o.value.is_some() {
            s.push_str("  how many chosen solutions hold each square:\n");
            let mut count = vec![0; n * n];
            for &i in &o.selection {
                for &(row, c) in r.solutions[i].queens() {
                    count[row * n + c] += 1;
                }
            }
            for row in count.chunks(n) {
                s.push_str(&format!(
                    "  {}\n",
                    row.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
                ));
            }
        }
        if o.certificate.is_some() {
            s.push_str(&format!("  certificate: {}\n", cert(o)));
        }
        s.push_str(&format!("  {:.3} s\n", o.seconds));
    }
    s.push_str("(solutions as the column of the queen in each row, 0-based)\n");
    s
}

/// The exit code of a `cover` run over `sizes` sizes that gave `reports`: a stop signal's, or
/// 3, when a size is open (stopped by --time-limit, or with nothing to report, `missing`) or a
/// signal skipped sizes not begun; then
/// a line on stderr says how many sizes were proved and whether a rerun resumes from them
/// (`kept`: the --certificates folder, which keeps each finished size).
pub fn cover_exit_code(
    reports: &[CoverReport],
    missing: &[MissingSize],
    sizes: usize,
    kept: Option<&Path>,
) -> i32 {
    let proved = reports
        .iter()
        .filter(|r| r.pack.optimal && r.cover.optimal)
        .count();
    if stop_requested() {
        let of = format!("{proved} of {} proved", crate::io::plural(sizes, "size", "sizes"));
        eprintln!(
            "{}",
            match kept {
                Some(dir) => stopped_line("cover", &format!("{of}, each kept in {}", dir.display())),
                None => format!(
                    "cover {}: {of}; nothing is kept without --certificates DIR (a rerun starts again)",
                    interrupted()
                ),
            }
        );
    }
    let out_of_time = missing.iter().any(|m| m.out_of_time);
    stopped_exit_code(proved < reports.len() || out_of_time || stop_requested())
}
