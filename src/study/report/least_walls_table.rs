//! Saved least-walls runs as Markdown tables, and the claims of a CSV file checked against
//! them.

use super::least_walls::{LeastWallsRun, bounds_text, by_size, label};
use crate::io::plural;
use crate::study::LeastWallsReport;
use anyhow::{Context, bail};
use std::path::Path;

/// One claim of the CSV file.
#[derive(Debug)]
struct Claim {
    rows: usize,
    cols: usize,
    queens: usize,
    what: String,
    claimed: String,
    source: String,
}

fn read_claims(path: &Path) -> anyhow::Result<Vec<Claim>> {
    let text = crate::io::read_input(path, "")?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.splitn(6, ',').collect();
        let place = format!("{}:{}", crate::io::input_name(path), i + 1);
        if f.len() != 6 {
            bail!("{place}: expected 6 comma-separated fields");
        }
        let num = |s: &str| {
            s.trim()
                .parse::<usize>()
                .with_context(|| format!("{place}: {s:?} is not a number"))
        };
        let what = f[3].trim().to_string();
        if ![
            "least_walls",
            "boards",
            "classes",
            "boards_or_classes",
            "impossible",
        ]
        .contains(&what.as_str())
        {
            bail!("{place}: unknown claim kind {what:?}");
        }
        let claimed = f[4].trim().to_string();
        if what == "impossible" {
            if claimed != "yes" && claimed != "no" {
                bail!("{place}: an impossible claim is yes or no, not {claimed:?}");
            }
        } else {
            num(&claimed)?;
        }
        out.push(Claim {
            rows: num(f[0])?,
            cols: num(f[1])?,
            queens: num(f[2])?,
            what,
            claimed,
            source: f[5].trim().trim_matches('"').to_string(),
        });
    }
    Ok(out)
}

/// What the engine says about a claim, and whether they agree (`None`: it cannot tell yet,
/// as with a claim within a stopped search's bounds); `None` if no run covers it.
fn judge(c: &Claim, r: &LeastWallsReport) -> Option<(String, Option<bool>)> {
    if let Some(st) = &r.stopped {
        let engine = format!("{} (stopped)", bounds_text(r));
        return Some(match (c.what.as_str(), c.claimed.parse::<usize>()) {
            ("least_walls", Ok(w)) => {
                let inside = w >= st.lower && st.best.as_ref().is_none_or(|b| w <= b.board.n_walls());
                (engine, if inside { None } else { Some(false) })
            }
            // A stopped search found a board (or might): q queens are possible.
            ("impossible", _) if st.best.is_some() => (engine, Some(c.claimed == "no")),
            _ => (engine, None),
        });
    }
    let count = r.count.as_ref();
    let (engine, agrees) = match c.what.as_str() {
        "least_walls" => match (r.least_walls, &r.impossible) {
            (Some(w), _) => (w.to_string(), c.claimed == w.to_string()),
            (None, _) => ("impossible".into(), false),
        },
        _ if count.is_some_and(|k| !k.complete) && c.what != "least_walls" && c.what != "impossible" => {
            return None; // an incomplete count neither agrees nor disagrees
        }
        "boards" => {
            let b = count?.boards.to_string();
            (b.clone(), c.claimed == b)
        }
        "classes" => {
            let k = count?.classes.to_string();
            (k.clone(), c.claimed == k)
        }
        "boards_or_classes" => {
            let k = count?;
            (
                format!(
                    "{}, {}",
                    plural(k.boards, "board", "boards"),
                    plural(k.classes, "class", "classes")
                ),
                c.claimed == k.boards.to_string() || c.claimed == k.classes.to_string(),
            )
        }
        _ => {
            let yes = r.impossible.is_some();
            (
                if yes { "impossible" } else { "possible" }.into(),
                yes == (c.claimed == "yes"),
            )
        }
    };
    Some((engine, Some(agrees)))
}

/// Saved runs as Markdown, one table per board size, then (with `claims`) every claim of the
/// CSV file checked against them; and how many of the claims the runs refute.
pub fn least_walls_tables(runs: &[LeastWallsRun], claims: Option<&Path>) -> anyhow::Result<(String, usize)> {
    let mut s = String::new();
    let mut refuted = 0;
    for ((rows, cols), reports, from) in by_size(runs) {
        s.push_str(&format!("### {rows}x{cols}\n\n"));
        for (setup, qs) in setups(&reports) {
            s.push_str(&format!("- {qs}: solver / attack / queen count / lex-leader / necessary walls / slack cuts / search: {setup}\n"));
        }
        s.push_str(
            "\nTimes are process CPU seconds (the certificate's include the checker process). Made by:\n\n",
        );
        for run in from {
            s.push_str(&format!(
                "- `{}` on host `{}` (queensat {})\n",
                run.provenance.command, run.provenance.host, run.version
            ));
        }
        s.push_str(
            "\n| q | least walls | proof of the minimum | certificate | boards | classes | values of the counted boards | minimise s | certify s | count s | variables | clauses | SAT/UNSAT calls |\n\
             |---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
        );
        for r in &reports {
            s.push_str(&row(r, &reports));
        }
        s.push('\n');
    }
    if let Some(path) = claims {
        s.push_str("### Claims checked\n\n| board | q | claim | claimed | engine | agrees | source |\n|---|---|---|---|---|---|---|\n");
        for c in read_claims(path)? {
            // A finished run of the question speaks before a stopped one.
            let report = runs
                .iter()
                .flat_map(|r| &r.reports)
                .filter(|r| (r.rows, r.cols, r.queens) == (c.rows, c.cols, c.queens))
                .min_by_key(|r| r.stopped.is_some());
            let (engine, agrees) = match report.and_then(|r| judge(&c, r)) {
                Some((e, Some(true))) => (e, "yes"),
                Some((e, Some(false))) => {
                    refuted += 1;
                    (e, "**NO**")
                }
                Some((e, None)) => (e, "open"),
                None => ("not computed".into(), "-"),
            };
            s.push_str(&format!(
                "| {}x{} | {} | {} | {} | {} | {} | {} |\n",
                c.rows, c.cols, c.queens, c.what, c.claimed, engine, agrees, c.source
            ));
        }
        s.push('\n');
    }
    Ok((s, refuted))
}

/// The bounds a stopped report gets from the other q of its size (their minima, or their own
/// bounds when stopped): a board that admits q + 1 queens admits q, so the least walls do not
/// decrease with q.
fn neighbour_bounds(r: &LeastWallsReport, size: &[&LeastWallsReport]) -> (Option<usize>, Option<usize>) {
    let lower = |x: &LeastWallsReport| x.least_walls.or(x.stopped.as_ref().map(|st| st.lower));
    let upper = |x: &LeastWallsReport| {
        x.least_walls.or(x
            .stopped
            .as_ref()
            .and_then(|st| st.best.as_ref().map(|b| b.board.n_walls())))
    };
    let below = size
        .iter()
        .filter(|x| x.queens < r.queens)
        .filter_map(|x| lower(x))
        .max();
    let above = size
        .iter()
        .filter(|x| x.queens > r.queens)
        .filter_map(|x| upper(x))
        .min();
    (below, above)
}

fn row(r: &LeastWallsReport, size: &[&LeastWallsReport]) -> String {
    if let Some(why) = &r.impossible {
        return format!(
            "| {} | impossible | {why} | none needed | 0 | 0 | | | | | | | |\n",
            r.queens
        );
    }
    let (vars, clauses, calls) = r.stats.as_ref().map_or(Default::default(), |s| {
        (
            s.n_vars.to_string(),
            s.n_clauses.to_string(),
            format!("{}/{}", s.n_sat, s.n_unsat),
        )
    });
    if let Some(st) = &r.stopped {
        let (below, above) = neighbour_bounds(r, size);
        let upper = st.best.as_ref().map(|b| b.board.n_walls());
        let mut neighbours = Vec::new();
        if let Some(b) = below.filter(|&b| b > st.lower) {
            neighbours.push(format!("at least {b} (a smaller q needs at least {b})"));
        }
        if let Some(a) = above.filter(|&a| upper.is_none_or(|u| a < u)) {
            neighbours.push(format!("at most {a} (a board with {a} walls admits a larger q)"));
        }
        let neighbours = if neighbours.is_empty() {
            String::new()
        } else {
            format!(
                "; with the other q (the least walls do not decrease with q): {}",
                neighbours.join(", ")
            )
        };
        return format!(
            "| {} | {} (stopped) | {}{neighbours} | none | not counted | | | {:.2} | | | {vars} | {clauses} | {calls} |\n",
            r.queens,
            bounds_text(r),
            r.proof,
            r.minimise_cpu_seconds
        );
    }
    let w = r.least_walls.map_or(String::from("?"), |w| w.to_string());
    let proof = match r.least_walls {
        Some(0) => "no wall needed".to_string(),
        Some(w) if r.row_bound => format!(
            "row bound: {} queens need ≥ {}",
            r.queens,
            plural(w, "wall", "walls")
        ),
        Some(w)
            if r.calls
                .iter()
                .any(|c| c.answer.is_solver_unsat() && c.question == Some(w - 1)) =>
        {
            format!("UNSAT at ≤ {}", plural(w - 1, "wall", "walls"))
        }
        _ => "**no UNSAT answer recorded**".to_string(),
    };
    let (cert, cert_s) = match (&r.certificate, r.least_walls) {
        (Some(c), _) => (
            format!(
                "{}: {} ({} bytes, {})",
                c.check.checker, c.check.status, c.proof_bytes, c.proof_format
            ),
            format!("{:.2}", r.certify_cpu_seconds),
        ),
        (None, Some(0)) => ("none needed".to_string(), String::new()),
        (None, Some(_)) if r.row_bound => ("counting argument (no solver)".to_string(), String::new()),
        (None, _) => ("none".to_string(), String::new()),
    };
    let (boards, classes, values, cs) = match &r.count {
        Some(c) => (
            if c.complete {
                c.boards.to_string()
            } else {
                format!("≥ {} (count stopped at its CPU limit)", c.boards)
            },
            if c.complete {
                c.classes.to_string()
            } else {
                format!("≥ {}", c.classes)
            },
            c.by_value
                .iter()
                .map(|e| {
                    let (b, k) = (
                        plural(e.boards, "board", "boards"),
                        plural(e.classes, "class", "classes"),
                    );
                    format!("{}: {b}/{k}", e.value)
                })
                .collect::<Vec<_>>()
                .join("; "),
            format!("{:.2}", c.cpu_seconds),
        ),
        None => ("not counted".into(), String::new(), String::new(), String::new()),
    };
    format!(
        "| {} | {w} | {proof} | {cert} | {boards} | {classes} | {values} | {:.2} | {cert_s} | {cs} | {vars} | {clauses} | {calls} |\n",
        r.queens, r.minimise_cpu_seconds
    )
}

/// The distinct solver and encoding setups among `reports`, each with the q it answered.
fn setups(reports: &[&LeastWallsReport]) -> Vec<(String, String)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for r in reports {
        let setup = label(r);
        match out.iter_mut().find(|(s, _)| *s == setup) {
            Some((_, qs)) => qs.push(r.queens),
            None => out.push((setup, vec![r.queens])),
        }
    }
    out.into_iter()
        .map(|(s, qs)| {
            let list: Vec<String> = qs.iter().map(|q| q.to_string()).collect();
            (s, format!("q = {}", list.join(", ")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(body: &str) -> anyhow::Result<Vec<Claim>> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("claims.csv");
        std::fs::write(&path, format!("rows,cols,queens,what,claimed,source\n{body}")).unwrap();
        read_claims(&path)
    }

    #[test]
    fn a_claim_says_a_number_or_yes_and_no() {
        assert_eq!(
            claims("8,8,9,least_walls,1,\"seed\"\n8,8,30,impossible,yes,s\n")
                .unwrap()
                .len(),
            2
        );
        let e = claims("8,8,9,least_walls,x,s\n").unwrap_err();
        assert!(
            format!("{e:#}").contains("claims.csv:2: \"x\" is not a number"),
            "{e:#}"
        );
        let e = claims("8,8,9,impossible,maybe,s\n").unwrap_err();
        assert!(format!("{e:#}").contains("yes or no"), "{e:#}");
    }
}
