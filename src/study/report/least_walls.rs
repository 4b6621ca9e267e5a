//! Saved least-walls runs (`least-walls --output`): the record, the text of one run, and
//! runs under different encodings side by side.

use crate::run::Provenance;

use crate::board::{Board, Family, Placement, render_grid};
use crate::check::check_placement;
use crate::io::{Line, noun, plural, render_line_chart};
use crate::study::{LeastWallsReport, Stopped, most_queens_any_board, proved_lower_bound, wall_lower_bound};
use anyhow::{Context, bail, ensure};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// A saved run: how it was made, and one report per q.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LeastWallsRun {
    #[serde(flatten)]
    pub provenance: Provenance,
    pub version: String,
    pub reports: Vec<LeastWallsReport>,
    /// The q of the range that a stop signal left unasked, in order (none in a finished run).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_asked: Vec<usize>,
}

/// The run as `least-walls --format json` prints it inside the envelope
/// ([`super::command_json`]): the invocation as `command_line` (the envelope's `command` is
/// the subcommand's name, its `version` the run's), then the run's fields in the file's order.
#[derive(Serialize)]
pub struct LeastWallsRunJson<'a> {
    pub command_line: &'a str,
    pub date: &'a str,
    pub host: &'a str,
    pub reports: &'a [LeastWallsReport],
    /// The q a stop signal left unasked, and the line that says so ([`LeastWallsRun::not_asked_line`]).
    #[serde(skip_serializing_if = "<[usize]>::is_empty")]
    pub not_asked: &'a [usize],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl LeastWallsRun {
    /// The body of the printed JSON ([`LeastWallsRunJson`]).
    pub fn printed(&self) -> LeastWallsRunJson<'_> {
        LeastWallsRunJson {
            command_line: &self.provenance.command,
            date: &self.provenance.date,
            host: &self.provenance.host,
            reports: &self.reports,
            not_asked: &self.not_asked,
            stopped: self.not_asked_line(),
        }
    }

    /// Records which of `asked`, the q of the range, have no report: those a stop signal left
    /// unasked.
    pub fn note_not_asked(&mut self, asked: impl IntoIterator<Item = usize>) {
        let answered = |q: &usize| self.reports.iter().any(|r| r.queens == *q);
        self.not_asked = asked.into_iter().filter(|q| !answered(q)).collect();
    }

    /// `interrupted (Ctrl-C): q = 15, 16 not asked`: what a run that a stop signal cut short
    /// before some q says of them (`None` when every q was asked).
    pub fn not_asked_line(&self) -> Option<String> {
        let qs: Vec<String> = self.not_asked.iter().map(usize::to_string).collect();
        (!qs.is_empty()).then(|| {
            let why = crate::run::interrupt::interrupted();
            format!("{why}: q = {} not asked", qs.join(", "))
        })
    }

    /// A run of this invocation, no report yet.
    pub fn now() -> LeastWallsRun {
        LeastWallsRun {
            provenance: Provenance::now(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            reports: Vec::new(),
            not_asked: Vec::new(),
        }
    }

    /// Writes the run to `path` as pretty JSON (whole or not at all), the file that
    /// `least-walls table`, `chart` and `compare` read back.
    pub fn save(&self, path: &std::path::Path) -> anyhow::Result<()> {
        let json = serde_json::to_string_pretty(self)?;
        crate::io::write_atomic(path, format!("{json}\n").as_bytes())
    }

    /// Whether a stop signal or a time limit cut the run short: one of its searches stopped,
    /// or a signal between two q skipped the rest.
    pub fn stopped(&self) -> bool {
        crate::run::interrupt::stop_requested() || self.reports.iter().any(|r| r.stopped.is_some())
    }

    /// Reads a saved run and checks each report as input (its board size, q, and the
    /// witness by the independent checker); errors name the file and the report.
    pub fn load(path: &std::path::Path) -> anyhow::Result<LeastWallsRun> {
        let text = crate::io::read_input(path, "")?;
        let name = crate::io::input_name(path);
        let run: LeastWallsRun =
            serde_json::from_str(&text).with_context(|| format!("{name}: not a least-walls run"))?;
        ensure!(
            !run.reports.is_empty(),
            "{name}: a least-walls run with no reports"
        );
        for (i, r) in run.reports.iter().enumerate() {
            validate(r).with_context(|| format!("{name}: report {}", i + 1))?;
            if let Some(j) = run.reports[..i].iter().position(|x| question(x) == question(r)) {
                bail!(
                    "{name}: reports {} and {} both answer {} queens on {}x{}",
                    j + 1,
                    i + 1,
                    r.queens,
                    r.rows,
                    r.cols
                );
            }
        }
        Ok(run)
    }

    /// Reads saved runs in order; the first error stops. Runs that answer the same question
    /// differently (another minimum, or "impossible" against a minimum) are an error.
    pub fn load_all(paths: &[PathBuf]) -> anyhow::Result<Vec<LeastWallsRun>> {
        crate::io::stdin_at_most_once(paths.iter().map(|p| ("the saved runs", p.as_path())))?;
        // A run given twice would list each of its rows twice.
        if let Some(p) = (paths.iter().enumerate()).find_map(|(i, p)| paths[..i].contains(p).then_some(p)) {
            bail!("{} is given twice", p.display());
        }
        let runs: Vec<LeastWallsRun> = paths
            .iter()
            .map(|p| LeastWallsRun::load(p))
            .collect::<anyhow::Result<_>>()?;
        let answers = runs
            .iter()
            .zip(paths)
            .flat_map(|(run, p)| run.reports.iter().map(move |r| (r, p)));
        let mut seen: std::collections::HashMap<_, (Option<usize>, &PathBuf)> = Default::default();
        for (r, path) in answers.filter(|(r, _)| r.stopped.is_none()) {
            let (least, first) = *seen.entry(question(r)).or_insert((r.least_walls, path));
            ensure!(
                least == r.least_walls,
                "{} and {} answer {} queens on {}x{} differently: {} and {}",
                first.display(),
                path.display(),
                r.queens,
                r.rows,
                r.cols,
                least.map_or("impossible".into(), |w| plural(w, "wall", "walls")),
                r.least_walls
                    .map_or("impossible".into(), |w| plural(w, "wall", "walls"))
            );
        }
        Ok(runs)
    }
}

/// The question a report answers: its board size and q.
fn question(r: &LeastWallsReport) -> (usize, usize, usize) {
    (r.rows, r.cols, r.queens)
}

/// A read-back report holds together: a board size queensat takes, 1 <= q <= cells, either
/// "impossible" (q beyond one queen per 2x2 block) or a minimum with a witness that no call
/// found fewer walls than and no UNSAT answer refuted, and every counted class adding up to the
/// count; each witness and class is a board of that size with that many walls, whose placement
/// of at least q queens the independent checker accepts.
fn validate(r: &LeastWallsReport) -> anyhow::Result<()> {
    Board::new(r.rows, r.cols)?;
    let cells = r.rows * r.cols;
    ensure!(
        (1..=cells).contains(&r.queens),
        "{} queens on a {}x{} board",
        r.queens,
        r.rows,
        r.cols
    );
    let w = match (&r.impossible, r.least_walls, &r.witness, &r.stopped) {
        (Some(_), None, None, None) => {
            let most = most_queens_any_board(r.rows, r.cols);
            ensure!(
                r.queens > most,
                "\"impossible\", but {} queens fit a {}x{} board with walls (up to {most}, one per 2x2 block)",
                r.queens,
                r.rows,
                r.cols
            );
            return Ok(());
        }
        (None, Some(w), Some(wit), None) => {
            admits(r, w, &wit.board, &wit.placement).context("the witness")?;
            // Its value is not shown, but read back it is input: at least its placement, at
            // most the segments of a family (one queen each).
            let most = [Family::Row, Family::Column].map(|f| wit.board.occupiable_segments(f));
            ensure!(
                (wit.placement.len()..=most[0].min(most[1])).contains(&wit.value),
                "the witness: value {}, but its placement holds {} queens and its rows and \
                 columns {} and {} segments",
                wit.value,
                wit.placement.len(),
                most[0],
                most[1]
            );
            if let Some(fewer) = r.calls.iter().filter_map(|c| c.found).min() {
                ensure!(
                    fewer >= w,
                    "the minimum is {w} walls, but a SAT call found a board with {fewer}"
                );
            }
            ensure!(
                !r.row_bound || w == wall_lower_bound(r.rows, r.cols, r.queens),
                "the minimum {w} is said to be the row bound, which is {}",
                wall_lower_bound(r.rows, r.cols, r.queens)
            );
            let (lower, why) = proved_lower_bound(r.rows, r.cols, r.queens, &r.calls);
            ensure!(
                lower <= w,
                "the minimum is {w} walls, but its calls show at least {lower} ({why})"
            );
            // A minimum is a claim of optimality: its proof is in its calls (an UNSAT answer
            // one wall below it) or is the row bound.
            ensure!(
                lower == w,
                "the minimum is {w} walls, but its calls prove only {lower} ({why}): no UNSAT \
                 answer with at most {} is recorded",
                plural(w.saturating_sub(1), "wall", "walls")
            );
            w
        }
        (None, None, None, Some(st)) => return validate_stopped(r, st),
        _ => bail!("a report needs exactly one of \"impossible\", a minimum with a witness, or \"stopped\""),
    };
    if let Some(s) = &r.start {
        ensure!(
            s.walls >= w,
            "the annealing's first board has {} walls, fewer than the minimum {w}",
            s.walls
        );
    }
    if let Some(c) = &r.count {
        ensure!(
            c.walls == w,
            "the count is of boards with {} walls, not {w}",
            c.walls
        );
        ensure!(
            c.list.len() == c.classes && c.list.iter().map(|x| x.orbit).sum::<usize>() == c.boards,
            "the count's {} classes and {} boards do not match its list",
            c.classes,
            c.boards
        );
        for (i, x) in c.list.iter().enumerate() {
            admits(r, w, &x.board, &x.placement).with_context(|| format!("counted class {}", i + 1))?;
            ensure!(
                x.orbit == x.board.orbit_size() && x.value >= r.queens,
                "counted class {}: orbit {} and value {}, but the class has {} boards and q is {}",
                i + 1,
                x.orbit,
                x.value,
                x.board.orbit_size(),
                r.queens
            );
        }
    }
    Ok(())
}

/// A stopped search's bounds hold together: the lower one is at least the row bound, the best
/// board passes the checker, and the bounds leave the minimum open (else it was shown).
fn validate_stopped(r: &LeastWallsReport, st: &Stopped) -> anyhow::Result<()> {
    let (lower, why) = proved_lower_bound(r.rows, r.cols, r.queens, &r.calls);
    ensure!(
        st.lower == lower,
        "the stopped search's lower bound {} is not the {lower} its calls show ({why})",
        st.lower
    );
    ensure!(
        r.count.is_none() && r.certificate.is_none() && !r.row_bound,
        "a stopped search with a count, a certificate or a minimum on the row bound"
    );
    ensure!(
        r.start.is_none() || st.best.is_some(),
        "the annealing's first board is recorded, but the stopped search has no best board"
    );
    if let Some(best) = &st.best {
        let w = best.board.n_walls();
        admits(r, w, &best.board, &best.placement).context("the stopped search's best board")?;
        ensure!(
            st.lower < w,
            "the stopped search's bounds {} and {w} meet: that is a minimum, not a stop",
            st.lower
        );
        if let Some(s) = &r.start {
            ensure!(
                s.walls >= w,
                "the annealing's first board has {} walls, fewer than the best board's {w}",
                s.walls
            );
        }
        ensure!(
            r.calls.iter().any(|c| c.found == Some(w)) || r.start.as_ref().is_some_and(|s| s.walls == w),
            "the best board's {w} walls come from no SAT call and not from the annealing"
        );
    }
    Ok(())
}

/// `board` is `r`'s size with `w` walls, and `placement` is a legal placement of at least q
/// queens on it.
fn admits(r: &LeastWallsReport, w: usize, board: &Board, placement: &Placement) -> anyhow::Result<()> {
    ensure!(
        (board.rows(), board.cols()) == (r.rows, r.cols) && board.n_walls() == w,
        "a {}x{} board with {} walls, not {}x{} with {w}",
        board.rows(),
        board.cols(),
        board.n_walls(),
        r.rows,
        r.cols
    );
    check_placement(board, placement).map_err(|v| anyhow::anyhow!("the placement: {v}"))?;
    ensure!(
        placement.len() >= r.queens,
        "the placement has {} queens, not {}",
        placement.len(),
        r.queens
    );
    Ok(())
}

/// The reports of one board size (q ascending) and the runs they come from.
pub type SizeGroup<'a> = ((usize, usize), Vec<&'a LeastWallsReport>, Vec<&'a LeastWallsRun>);

/// The reports of saved runs grouped by board size (sizes in order, q ascending), with the
/// runs that contributed to each size.
pub fn by_size(runs: &[LeastWallsRun]) -> Vec<SizeGroup<'_>> {
    let mut sizes: Vec<(usize, usize)> = runs
        .iter()
        .flat_map(|r| r.reports.iter().map(|x| (x.rows, x.cols)))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
        .into_iter()
        .map(|size| {
            let of = |x: &&LeastWallsReport| (x.rows, x.cols) == size;
            let mut reports: Vec<&LeastWallsReport> =
                runs.iter().flat_map(|r| r.reports.iter().filter(of)).collect();
            reports.sort_by_key(|x| x.queens);
            let from: Vec<&LeastWallsRun> =
                runs.iter().filter(|r| r.reports.iter().any(|x| of(&x))).collect();
            (size, reports, from)
        })
        .collect()
}

/// Least walls against q, one line per board size, as an SVG chart; `None` when the runs
/// hold no minimum.
pub fn least_walls_chart(runs: &[LeastWallsRun]) -> Option<String> {
    let lines: Vec<Line> = by_size(runs)
        .into_iter()
        .map(|((r, c), reports, _)| Line {
            name: format!("{r}x{c}"),
            points: reports
                .iter()
                .filter_map(|x| x.least_walls.map(|w| (x.queens, w)))
                .collect(),
        })
        .collect();
    render_line_chart(
        "Least walls for q queens",
        "queens q",
        "least walls",
        &lines,
        |name, q, w| format!("{name}: {q} queens need {}", plural(w, "wall", "walls")),
    )
}

/// One report in words; with `list`, every counted class too.
pub fn least_walls_text(r: &LeastWallsReport, list: bool) -> String {
    let mut s = format!("{}x{}, {} queens: ", r.rows, r.cols, r.queens);
    if let Some(why) = &r.impossible {
        s.push_str(&format!("impossible: {why}\n\n"));
        return s;
    }
    match (&r.stopped, r.least_walls, &r.witness) {
        (Some(st), _, _) => {
            s.push_str(&format!("least walls {} (NOT proved)\n", bounds_text(r)));
            if let Some(b) = &st.best {
                s.push_str(&render_grid(&b.board, Some(&b.placement)));
            }
        }
        (None, Some(w), Some(wit)) => {
            s.push_str(&format!("least walls {w}\n"));
            s.push_str(&render_grid(&wit.board, Some(&wit.placement)));
        }
        _ => unreachable!("a possible query has a minimum and a witness, or stopped"),
    }
    s.push_str(&format!(
        "proof: {}{}\n",
        crate::engine::unchecked_prefix(r.certified),
        r.proof
    ));
    if let Some(st) = &r.start {
        s.push_str(&format!(
            "start: {} from {}, cpu {:.2} s\n",
            plural(st.walls, "wall", "walls"),
            plural(st.runs, "annealing run", "annealing runs"),
            st.cpu_seconds
        ));
    }
    if let Some(c) = &r.count {
        let values: Vec<String> = c
            .by_value
            .iter()
            .map(|e| {
                let (b, cl) = (
                    plural(e.boards, "board", "boards"),
                    plural(e.classes, "class", "classes"),
                );
                format!("value {}: {b} in {cl}", e.value)
            })
            .collect();
        s.push_str(&format!(
            "count: {}{} in {} with {} {} {} queens ({}); {}, cpu {:.2} s\n",
            if c.complete {
                ""
            } else {
                "INCOMPLETE (CPU limit), at least "
            },
            plural(c.boards, "board", "boards"),
            plural(c.classes, "symmetry class", "symmetry classes"),
            plural(c.walls, "wall", "walls"),
            noun(c.boards, "admits", "admit"),
            r.queens,
            values.join(", "),
            plural(c.found, "solver answer", "solver answers"),
            c.cpu_seconds
        ));
        if list {
            for (i, k) in c.list.iter().enumerate() {
                s.push_str(&format!(
                    "class {}: {}, value {}, walls {}\n",
                    i + 1,
                    plural(k.orbit, "board", "boards"),
                    k.value,
                    crate::board::render_cell_list(&k.board.walls())
                ));
                s.push_str(&render_grid(&k.board, Some(&k.placement)));
            }
        }
    }
    s.push_str(&format!(
        "solver {}, attack {}, queen count {}, lex-leader {}, necessary walls {}, search {:?}{}; cpu {:.2} s (minimise {:.2} s), wall clock {:.2} s\n\n",
        r.solver,
        r.attack,
        r.queen_count,
        lex_mode(r),
        r.necessary_walls,
        r.search,
        if r.fresh_bounds { ", fresh bounds" } else { "" },
        r.cpu_seconds,
        r.minimise_cpu_seconds,
        r.seconds
    )
    .to_lowercase());
    s
}

/// What a report says of the minimum: the number, `impossible`, or a stopped search's
/// bounds (`16..17`, or `>= 16` when it found no board).
pub fn bounds_text(r: &LeastWallsReport) -> String {
    match (&r.stopped, r.least_walls) {
        (Some(st), _) => match &st.best {
            Some(b) => format!("{}..{}", st.lower, b.board.n_walls()),
            None => format!(">= {}", st.lower),
        },
        (None, Some(w)) => w.to_string(),
        (None, None) => "impossible".to_string(),
    }
}

/// The certificate of a report's minimum in words. A minimum of 0 walls, or a count that is
/// impossible by counting, needs no refutation.
pub fn certificate_line(r: &LeastWallsReport) -> String {
    match (r.least_walls, &r.certificate) {
        (None, _) if r.stopped.is_some() => {
            "certificate: none (the search stopped before the minimum was shown)".to_string()
        }
        (None, _) => format!(
            "certificate: none ({} queens are impossible by counting)",
            r.queens
        ),
        (Some(0), _) => "certificate: none needed (the minimum is 0 walls)".to_string(),
        (Some(_), None) if r.row_bound => {
            "certificate: none needed (the minimum is the row bound, a counting argument)".to_string()
        }
        (Some(_), Some(c)) => c.text(),
        (Some(_), None) => "NOT certified: no certificate was made".to_string(),
    }
}

/// One line per q: the least walls, the counts, the CPU time; then the q a stop signal left
/// unasked, `not asked`.
pub fn least_walls_summary(run: &LeastWallsRun) -> String {
    let mut s = String::from("q  least walls  boards  classes  cpu s\n");
    for r in &run.reports {
        let w = match r.stopped {
            Some(_) => format!("{} stopped", bounds_text(r)),
            None => bounds_text(r),
        };
        let (b, c) = r.count.as_ref().map_or(("-".to_string(), "-".to_string()), |c| {
            let at_least = if c.complete { "" } else { ">=" };
            (
                format!("{at_least}{}", c.boards),
                format!("{at_least}{}", c.classes),
            )
        });
        s.push_str(&format!(
            "{:<2} {:<12} {:<7} {:<8} {:.2}\n",
            r.queens, w, b, c, r.cpu_seconds
        ));
    }
    for q in &run.not_asked {
        s.push_str(&format!("{q:<2} not asked\n"));
    }
    s
}

/// Where the lex-leader applied in a report: `on`, `count` or `off`.
pub fn lex_mode(r: &LeastWallsReport) -> &'static str {
    match (r.lex_leader, r.count.as_ref().is_some_and(|c| c.lex_leader)) {
        (true, _) => "on",
        (false, true) => "count",
        (false, false) => "off",
    }
}

/// The solver and encoding choices of a report, as a column label.
pub fn label(r: &LeastWallsReport) -> String {
    let lex = lex_mode(r);
    let mut start = r
        .start
        .as_ref()
        .map_or(String::new(), |s| format!(" / start {}", s.runs));
    if r.fresh_bounds {
        start.push_str(" / fresh bounds");
    }
    format!(
        "{} / {} / {} / lex {lex} / necessary {} / slack cuts {} / {:?}{start}",
        r.solver, r.attack, r.queen_count, r.necessary_walls, r.slack_cuts, r.search
    )
    .to_lowercase()
}

/// One table header cell per run: its label, or its path when it holds no report.
fn run_columns(runs: &[LeastWallsRun], paths: &[PathBuf]) -> String {
    runs.iter()
        .zip(paths)
        .map(|(run, path)| {
            let name = run
                .reports
                .first()
                .map_or_else(|| path.display().to_string(), label);
            format!(" {name} |")
        })
        .collect()
}

/// Runs of the same questions under different encodings side by side: CPU seconds of the
/// minimisation and of the count per q (`paths` name runs without a report).
pub fn compare_runs(runs: &[LeastWallsRun], paths: &[PathBuf]) -> String {
    let mut qs: Vec<(usize, usize, usize)> = runs
        .iter()
        .flat_map(|r| r.reports.iter().map(|x| (x.rows, x.cols, x.queens)))
        .collect();
    qs.sort_unstable();
    qs.dedup();
    let mut s = String::from(
        "CPU seconds: minimisation (with its UNSAT proof) + board count.\n\n| board | q | least walls |",
    );
    s.push_str(&run_columns(runs, paths));
    s.push_str(&format!("\n|---|---|---|{}\n", "---|".repeat(runs.len())));
    let mut totals = vec![(0.0, 0.0); runs.len()];
    for &(r, c, q) in &qs {
        let found: Vec<Option<&LeastWallsReport>> = runs
            .iter()
            .map(|run| {
                run.reports
                    .iter()
                    .find(|x| (x.rows, x.cols, x.queens) == (r, c, q))
            })
            .collect();
        // Stopped runs show their bounds; finished ones disagree with a different minimum, or
        // with a minimum outside a stopped run's bounds.
        let walls: Vec<String> = found
            .iter()
            .flatten()
            .filter(|x| x.stopped.is_none())
            .map(|x| bounds_text(x))
            .collect();
        let outside = found.iter().flatten().any(|x| {
            x.stopped.as_ref().is_some_and(|st| {
                found
                    .iter()
                    .flatten()
                    .filter_map(|y| y.least_walls)
                    .any(|m| m < st.lower || st.best.as_ref().is_some_and(|b| m > b.board.n_walls()))
            })
        });
        let mut w = match walls.first() {
            Some(w) => w.clone(),
            None => found
                .iter()
                .flatten()
                .next()
                .map_or(String::new(), |x| format!("{} (stopped)", bounds_text(x))),
        };
        if outside || walls.iter().any(|x| *x != w) {
            let all: Vec<String> = found.iter().flatten().map(|x| bounds_text(x)).collect();
            w = format!("**DISAGREE** {}", all.join("/"));
        }
        s.push_str(&format!("| {r}x{c} | {q} | {w} |"));
        for (i, f) in found.iter().enumerate() {
            match f {
                Some(x) => {
                    let cnt = x.count.as_ref().map_or(0.0, |k| k.cpu_seconds);
                    totals[i].0 += x.minimise_cpu_seconds;
                    totals[i].1 += cnt;
                    let stopped = if x.stopped.is_some() { " (stopped)" } else { "" };
                    s.push_str(&format!(" {:.2} + {:.2}{stopped} |", x.minimise_cpu_seconds, cnt));
                }
                None => s.push_str(" - |"),
            }
        }
        s.push('\n');
    }
    s.push_str("| total | | |");
    for (m, c) in totals {
        s.push_str(&format!(" {m:.2} + {c:.2} = **{:.2}** |", m + c));
    }
    s.push('\n');
    s.push_str(
        "\nWhere the minimisation's CPU goes: every solver call but the last / the last call (search \
         down: the UNSAT at the minimum - 1, or the SAT at the row bound; search up: the SAT at the \
         minimum) / the certificate (a fresh solve writing a DRAT proof, and the checker; with fresh bounds \
         the checker alone, as the last call wrote the proof), CPU seconds; with `--start-runs`, the \
         annealing for a first board comes first (`A + …`).\n\n| board | q |",
    );
    s.push_str(&run_columns(runs, paths));
    s.push_str(&format!("\n|---|---|{}\n", "---|".repeat(runs.len())));
    for &(r, c, q) in &qs {
        s.push_str(&format!("| {r}x{c} | {q} |"));
        for run in runs {
            match run
                .reports
                .iter()
                .find(|x| (x.rows, x.cols, x.queens) == (r, c, q))
            {
                Some(x) => {
                    let (last, before) = x.calls.split_last().map_or((0.0, 0.0), |(l, b)| {
                        // Folded from +0.0: an empty f64 sum is -0.0, printed "-0.00".
                        (l.cpu_seconds, b.iter().fold(0.0, |t, c| t + c.cpu_seconds))
                    });
                    let anneal = x
                        .start
                        .as_ref()
                        .map_or(String::new(), |st| format!("{:.2} + ", st.cpu_seconds));
                    s.push_str(&format!(
                        " {anneal}{before:.2} / {last:.2} / {:.2} |",
                        x.certify_cpu_seconds
                    ));
                }
                None => s.push_str(" - |"),
            }
        }
        s.push('\n');
    }
    // How each run was made, since the table outlives the runs' files.
    s.push_str("\nThe runs, in the columns' order:\n\n");
    for (run, path) in runs.iter().zip(paths) {
        let p = &run.provenance;
        s.push_str(&format!(
            "- `{}`: `{}` on {}, {} (queensat {})\n",
            path.display(),
            p.command,
            p.host,
            if p.date.is_empty() { "undated" } else { &p.date },
            run.version
        ));
    }
    // Not backticked, as no command to paste: the runs' files it read may be scratch that is
    // not kept (a benchmark's, which a checkout does not hold).
    let me = Provenance::now();
    s.push_str(&format!(
        "\nCompared on {}, {}, by: {}\n",
        me.host, me.date, me.command
    ));
    s
}
