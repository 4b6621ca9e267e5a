//! Packing and covering over many sizes: one finished report per size in the certificates
//! directory (read back to resume), the table, and one size in words.

use crate::run::interrupt::refused_unless_stopped;
use crate::run::{Provenance, Reporter};

use crate::io::{check_seal, sealed_json, write_atomic};
use crate::solve::Certificate;
use crate::study::{CoverOptions, CoverReport, Optimum, pack_and_cover, seed_line};
use anyhow::Context;

/// What the seal of a size's report binds: its kind and the board's size (its file name).
fn seal_binding(n: usize) -> String {
    format!("cover report of the {n}x{n} board")
}

/// `queensat cover`'s run: the sizes checked (1..12: beyond 12 the solution lists run to
/// hundreds of thousands, not what this study is for), `certify` without a certificate
/// directory given certifying into a temporary one removed at the end, then
/// `pack_and_cover_cached`.
pub fn cover_sizes(
    sizes: &[usize],
    mut opts: CoverOptions,
    certify: bool,
    cached_only: bool,
) -> anyhow::Result<(Vec<CoverReport>, Vec<usize>)> {
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
    pack_and_cover_cached(sizes, &opts, cached_only, &progress)
}

/// The reports of `sizes`, read from `opts.certificates` where a finished one is there, else
/// computed (and written there); with `cached_only`, sizes without one are returned apart.
fn pack_and_cover_cached(
    sizes: &[usize],
    opts: &CoverOptions,
    cached_only: bool,
    progress: &Reporter,
) -> anyhow::Result<(Vec<CoverReport>, Vec<usize>)> {
    let (mut reports, mut missing) = (Vec::new(), Vec::new());
    progress.start("cover: board sizes", sizes.len() as u64);
    for &n in sizes {
        let cached = opts
            .certificates
            .as_ref()
            .map(|d| d.join(format!("cover-{n}.json")));
        if let Some(path) = &cached
            && let Ok(bytes) = std::fs::read(path)
        {
            // Read back like user input: a tampered or damaged cache is refused, not believed.
            // Its seal vouches for what is costly to derive again (the optima's UNSAT answers);
            // the solutions, selections and certificates are re-checked.
            let refused =
                |e: &dyn std::fmt::Display| anyhow::anyhow!("{}: {e}; delete it and re-run", path.display());
            let text = String::from_utf8(bytes).map_err(|_| refused(&"not UTF-8 text"))?;
            check_seal(&text, &seal_binding(n)).map_err(|e| refused(&e))?;
            let r: CoverReport = serde_json::from_str(&text)
                .with_context(|| format!("{}: not a cover report", path.display()))?;
            anyhow::ensure!(
                r.n == n,
                "{}: a report of {}x{}, not {n}x{n}",
                path.display(),
                r.n,
                r.n
            );
            r.recheck().map_err(|e| {
                refused_unless_stopped(e, |e| {
                    anyhow::anyhow!("{}: {e}; delete it and re-run", path.display())
                })
            })?;
            progress.note(|| format!("queensat cover: {n}x{n} from {}", path.display()));
            reports.push(r);
        } else if cached_only || crate::run::interrupt::stop_requested() {
            // After Ctrl-C the sizes not begun are skipped, like those not cached.
            progress.note(|| format!("queensat cover: {n}x{n} not cached, or skipped after a stop signal"));
            missing.push(n);
        } else {
            let r = pack_and_cover(n, opts)?;
            progress.note(|| {
                format!(
                    "queensat cover: {n}x{n}: {} solutions, pack {}, cover {} ({:.2} s)",
                    r.solutions.len(),
                    value(&r.pack),
                    value(&r.cover),
                    r.enumerate_seconds + r.pack.seconds + r.cover.seconds
                )
            });
            // A search Ctrl-C cut short is reported, not kept: a rerun should try it again.
            let cut_short = !(r.pack.optimal && r.cover.optimal) && crate::run::interrupt::stop_requested();
            // Nor one that rests on an external solver's word: a rerun may check it.
            if let Some(p) = &cached
                && !cut_short
                && !r.rests_on_unchecked_unsat()
            {
                write_atomic(p, sealed_json(&r, &seal_binding(n), false)?.as_bytes())?;
            }
            reports.push(r);
        }
        progress.advance(1);
    }
    progress.finish();
    Ok((reports, missing))
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
    missing: &[usize],
    one_size: bool,
    json: bool,
) -> serde_json::Result<String> {
    Ok(match json {
        true => crate::io::command_json("cover", &serde_json::json!({ "reports": reports }))? + "\n",
        false if one_size && reports.len() == 1 => cover_text(&reports[0]),
        false => cover_table(reports, missing, &Provenance::now()),
    })
}

/// The table as Markdown, sizes without a report last, with how it was made.
fn cover_table(reports: &[CoverReport], missing: &[usize], prov: &Provenance) -> String {
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
    for n in missing {
        s.push_str(&format!(
            "| {n} | not computed (no finished run) | | | | | | | | |\n"
        ));
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
