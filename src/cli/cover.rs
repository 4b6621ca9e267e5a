//! `queensat cover`: packing and covering the n×n board with n-queens solutions.

use super::Format;
use crate::analysis::{CoverOptions, CoverReport, Optimum, pack_and_cover, seed_line};
use crate::encode::Amo;
use crate::io::write_atomic;
use crate::solve::Backend;
use anyhow::{Context, bail};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CoverArgs {
    /// Side of the board, or a range `A..B` (inclusive) for a table.
    #[arg(long)]
    pub size: String,
    /// Write the solution lists, the CNF and the checked proof of each final UNSAT answer, and
    /// one JSON report per size (read back to resume) into this directory.
    #[arg(long, value_name = "DIR")]
    pub certificates: Option<PathBuf>,
    /// With --certificates: compute nothing, report sizes without a finished report.
    #[arg(long, requires = "certificates")]
    pub cached_only: bool,
    /// Write the output here (whole or not at all) instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// At-most-one encoding of "one solution per square" when packing.
    #[arg(long, value_enum, default_value_t = Amo::Ladder)]
    pub amo: Amo,
    /// Leave out the lex-leader constraints for the board's symmetries.
    #[arg(long)]
    pub no_symmetry_breaking: bool,
    #[arg(long, default_value = "varisat")]
    pub solver: Backend,
    #[arg(long, value_enum, default_value_t = Format::default())]
    pub format: Format,
}

fn parse_sizes(s: &str) -> anyhow::Result<Vec<usize>> {
    let sizes = super::armies::parse_range("--size", s)?;
    // Beyond 12 the solution lists run to hundreds of thousands: not what this command is for.
    if sizes.last().is_some_and(|&n| n > 12) {
        bail!("--size: {s:?} must be a side or range within 1..12");
    }
    Ok(sizes)
}

pub fn run(a: CoverArgs) -> anyhow::Result<i32> {
    let sizes = parse_sizes(&a.size)?;
    let opts = CoverOptions {
        backend: a.solver.clone(),
        amo: a.amo,
        certificates: a.certificates.clone(),
        symmetry_breaking: !a.no_symmetry_breaking,
    };
    let mut reports = Vec::new();
    let mut missing = Vec::new();
    for &n in &sizes {
        let cached = a.certificates.as_ref().map(|d| d.join(format!("cover-{n}.json")));
        if let Some(text) = cached.as_ref().and_then(|p| std::fs::read_to_string(p).ok()) {
            let r: CoverReport = serde_json::from_str(&text)
                .with_context(|| format!("{}: not a cover report", cached.as_ref().unwrap().display()))?;
            eprintln!(
                "queensat cover: {n}x{n} from {}",
                cached.as_ref().unwrap().display()
            );
            reports.push(r);
            continue;
        }
        if a.cached_only {
            eprintln!(
                "queensat cover: {n}x{n} not in {}",
                a.certificates.as_ref().unwrap().display()
            );
            missing.push(n);
            continue;
        }
        eprint!("queensat cover: {n}x{n} ... ");
        let r = pack_and_cover(n, &opts)?;
        eprintln!(
            "{} solutions, pack {}, cover {} ({:.2} s)",
            r.solutions.len(),
            show(r.pack.value),
            show(r.cover.value),
            r.enumerate_seconds + r.pack.seconds + r.cover.seconds
        );
        if let Some(p) = &cached {
            write_atomic(p, (serde_json::to_string(&r)? + "\n").as_bytes())?;
        }
        reports.push(r);
    }
    let out = match a.format {
        Format::Json => serde_json::to_string(&reports)? + "\n",
        Format::Text if sizes.len() == 1 && reports.len() == 1 => detail(&reports[0]),
        Format::Text => table(&reports, &missing),
    };
    match &a.output {
        Some(p) => write_atomic(p, out.as_bytes())?,
        None => print!("{out}"),
    }
    Ok(0)
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
            if c.proof_kept {
                ""
            } else {
                " then deleted (too big to keep)"
            },
            c.proof_bytes,
            c.solve_seconds,
            c.check.seconds
        ),
        None => "-".into(),
    }
}

fn table(reports: &[CoverReport], missing: &[usize]) -> String {
    let mut s = String::from(
        "| n | solutions | most disjoint | proof | certificate | fewest covering | proof | certificate | symmetry breaking | s |\n\
         |---:|---:|---:|---|---|---:|---|---|---|---:|\n",
    );
    for r in reports {
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2} |\n",
            r.n,
            r.solutions.len(),
            show(r.pack.value),
            r.pack.proof,
            cert(&r.pack),
            show(r.cover.value),
            r.cover.proof,
            cert(&r.cover),
            if r.symmetry_breaking { "lex-leader" } else { "none" },
            r.enumerate_seconds + r.pack.seconds + r.cover.seconds
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
         DIMACS (`.cnf`) and refuted by varisat with a DRAT proof (`.drat`) that the external \
         DRAT checker `rate` verified against the `.cnf` file.\n\
         command: `{}`; solver {}.\n",
        std::env::args().collect::<Vec<_>>().join(" "),
        reports.first().map_or("", |r| r.solver.as_str())
    ));
    s
}

fn detail(r: &CoverReport) -> String {
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
        s.push_str(&format!("{what}: {} — proof: {}\n", show(o.value), o.proof));
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

#[cfg(test)]
mod tests {
    #[test]
    fn sizes() {
        assert_eq!(super::parse_sizes("4..6").unwrap(), vec![4, 5, 6]);
        assert!(super::parse_sizes("13").is_err());
        assert!(super::parse_sizes("6..4").is_err());
    }
}
