//! What `queensat nk` prints and writes: one line per count, the Markdown table of a group of
//! counts, and the JSON of a run.

use super::sweep::RunState;
use crate::board::render_cell_list;
use crate::io::{command_json, plural};
use crate::run::Shard;
use crate::run::interrupt::stopped_exit_code;
use crate::run::stdout::write_stdout;
use crate::study::chunk_store::shard_finished_line;
use crate::study::nk::{
    CountCheck, NkEvent, NkMethod, NkReport, NkTableRun, NkTableSpec, UpToSymmetry, methods_agree,
};
use serde::Serialize;
use std::path::Path;

/// What one count prints as it ends: its line (and its classes with `classes`), a finished
/// shard's directory, or how far a stopped count got.
pub fn nk_event_text(e: &NkEvent, classes: bool) -> String {
    match e {
        NkEvent::ShardFinished { spec, shard, dir } => {
            let what = format!("n={} k={} {}", spec.n, spec.k, spec.method.name());
            format!("{}\n", shard_finished_line(&what, *shard, dir))
        }
        NkEvent::Stopped { spec, stopped } => {
            format!("n={} k={} {}: {stopped}\n", spec.n, spec.k, spec.method.name())
        }
        NkEvent::UpToSymmetry { n, k, up } => format!("n={n} k={k}: {}\n", up_to_symmetry_text(up)),
        NkEvent::Whole(r) => {
            let mut s = format!("{}\n", nk_line(r));
            for c in r.classes.iter().filter(|_| classes) {
                s.push_str(&format!(
                    "  walls {}: {} x {}\n",
                    render_cell_list(&c.walls),
                    plural(c.boards, "board", "boards"),
                    plural(c.per_board, "placement", "placements")
                ));
            }
            s
        }
    }
}

/// What `queensat nk` prints of each count as it ends (`nk_event_text`): on stdout in text;
/// how far a stopped count got, and how to resume it, on stderr in either format (as a
/// sweep's and a cube run's stop line).
pub fn print_nk_event(e: NkEvent, classes: bool, json: bool) -> anyhow::Result<()> {
    let line = nk_event_text(&e, classes);
    match e {
        NkEvent::Stopped { .. } => eprint!("{line}"),
        _ if !json => write_stdout(line.as_bytes())?,
        _ => {}
    }
    Ok(())
}

/// Prints the end of `queensat nk`'s run of `table` and gives its exit code: a note for each
/// count read without a seal or chunks to check it by, then the table (written to `file` too)
/// or the JSON; the counts finished before a stop are printed, the rest of the table waits for
/// the rerun. Exit 1 when two methods disagree.
pub fn print_nk_run(
    table: &NkTableSpec,
    shard: Option<Shard>,
    run: &NkTableRun,
    file: Option<&Path>,
    json: bool,
) -> anyhow::Result<i32> {
    for r in run.groups.iter().flatten() {
        if let (Some(path), Some(CountCheck::Unsealed)) = (&r.read_from, r.read_check) {
            eprintln!(
                "queensat: note: {} carries no seal (an earlier queensat wrote it) and not all its \
                 chunks are beside it: its {} placements are its word, checked only modulo 8 and \
                 against the other counts read of n={} k={}",
                path.display(),
                r.placements,
                r.n,
                r.k
            );
        }
    }
    let shown = finish_nk_table(table, run, file)?;
    match (json, shown) {
        (true, _) => {
            write_stdout(format!("{}\n", command_json("nk", &nk_json(table, shard, run))?).as_bytes())?
        }
        (false, Some(t)) => write_stdout(t.as_bytes())?,
        (false, None) => {}
    }
    Ok(match run.stopped {
        Some(_) => stopped_exit_code(true),
        None => i32::from(!nk_agree(run)),
    })
}

/// The Markdown table of a run that a stop did not end, written to `file` if one is named
/// (whole or not at all); returned when the run prints it (several counts or methods).
pub fn finish_nk_table(
    table: &NkTableSpec,
    run: &NkTableRun,
    file: Option<&Path>,
) -> anyhow::Result<Option<String>> {
    if run.stopped.is_some() {
        return Ok(None);
    }
    let text = nk_table(&run.groups);
    if let Some(path) = file {
        crate::io::write_atomic(path, text.as_bytes())?;
    }
    Ok((run.groups.len() > 1 || table.methods.len() > 1).then_some(text))
}

/// Whether the methods agree on every count of the run.
pub fn nk_agree(run: &NkTableRun) -> bool {
    run.groups.iter().all(|g| methods_agree(g))
}

/// A count whose shard finished, in the JSON.
#[derive(Serialize)]
pub struct NkShardJson<'a> {
    pub n: usize,
    pub k: usize,
    pub method: NkMethod,
    pub dir: &'a Path,
}

/// `queensat nk`'s JSON: what was asked, how the run ended, every whole count, the counts whose
/// shard finished, and whether the methods agree.
#[derive(Serialize)]
pub struct NkJson<'a> {
    #[serde(flatten)]
    pub table: &'a NkTableSpec,
    pub shard: Option<Shard>,
    #[serde(flatten)]
    pub state: RunState,
    pub counts: Vec<&'a NkReport>,
    pub shards_finished: Vec<NkShardJson<'a>>,
    pub methods_agree: bool,
}

/// The JSON of a table run.
pub fn nk_json<'a>(table: &'a NkTableSpec, shard: Option<Shard>, run: &'a NkTableRun) -> NkJson<'a> {
    let state = match &run.stopped {
        Some((_, s)) => RunState::stopped(s),
        None if !run.shards.is_empty() => RunState::SHARD_FINISHED,
        None => RunState::WHOLE,
    };
    NkJson {
        table,
        shard,
        state,
        counts: run.groups.iter().flatten().collect(),
        shards_finished: run
            .shards
            .iter()
            .map(|(spec, dir)| NkShardJson {
                n: spec.n,
                k: spec.k,
                method: spec.method,
                dir,
            })
            .collect(),
        methods_agree: nk_agree(run),
    }
}

/// How a report was counted, in a few words.
fn how(r: &NkReport) -> String {
    match r.method {
        NkMethod::Rows if r.mirroring.sides => "rows, 8 symmetries".into(),
        NkMethod::Rows if r.mirroring.mirror_right => "rows, mirror on the right half".into(),
        NkMethod::Rows if r.mirroring.mirror => "rows, mirror".into(),
        NkMethod::Rows => "rows, no symmetry".into(),
        m => format!(
            "{}, {}",
            m.name(),
            plural(
                r.per_class.classes_examined.unwrap_or(0),
                "wall class",
                "wall classes"
            )
        ),
    }
}

/// The configurations up to symmetry in words: the count, what each symmetry fixes, how.
fn up_to_symmetry_text(up: &UpToSymmetry) -> String {
    let fixing: Vec<String> = (up.fixed.iter())
        .filter(|f| f.configurations > 0)
        .map(|f| format!("{} by {}", f.configurations, f.symmetry.name()))
        .collect();
    // "none by the others" only where some symmetry fixes none (a 1x1 board's one
    // configuration is fixed by all seven).
    let fixing = match fixing.len() {
        0 => "no configuration is fixed by a symmetry".to_string(),
        all if all == up.fixed.len() => format!("fixed: {}", fixing.join(", ")),
        _ => format!("fixed: {}, none by the others", fixing.join(", ")),
    };
    format!(
        "{} up to symmetry [(placements + fixed) / 8; {fixing}; the fixed ones counted by the \
         orbit search and by SAT enumeration, which agree; {:.2} s CPU]",
        plural(up.distinct, "configuration", "configurations"),
        up.fixed_cpu_seconds
    )
}

/// One line: the count and how it was made.
pub fn nk_line(r: &NkReport) -> String {
    let mut s = format!(
        "n={} k={}: {} of {}",
        r.n,
        r.k,
        plural(r.placements, "placement", "placements"),
        plural(r.queens, "queen", "queens")
    );
    if let (Some(c), Some(b)) = (
        r.per_class.classes_with_placements,
        r.per_class.boards_with_placements,
    ) {
        s.push_str(&format!(
            " on {} ({})",
            plural(c, "wall class", "wall classes"),
            plural(b, "board", "boards")
        ));
    }
    if let Some(path) = &r.read_from {
        s.push_str(&format!(
            " [{}; read from {}: {} on {}, {:.2} s CPU]",
            how(r),
            path.display(),
            r.provenance.host,
            r.provenance.date,
            r.cpu_seconds
        ));
        return s;
    }
    s.push_str(&format!(
        " [{}; {}, {} resumed; {:.2} s CPU, {:.2} s wall]",
        how(r),
        plural(r.chunks, "chunk", "chunks"),
        r.chunks_resumed,
        r.cpu_seconds,
        r.elapsed_seconds
    ));
    s
}

/// A Markdown table of counts: one row per n and k, the count, the classes and boards with
/// placements (from a per-class method), each method's CPU seconds, and whether the methods
/// agree. Ends with the provenance.
pub fn nk_table(groups: &[Vec<NkReport>]) -> String {
    // The columns of counts follow the group with the most (the groups of counts read from
    // files may differ); counts of one method are told apart by their reductions.
    let widest = groups.iter().max_by_key(|g| g.len()).map_or(&[][..], |g| &g[..]);
    let methods: Vec<NkMethod> = widest.iter().map(|r| r.method).collect();
    let twice = (1..methods.len()).any(|i| methods[..i].contains(&methods[i]));
    // A column whose counts were made different ways (a recount by the mirror in one row, by no
    // symmetry in the next) names the way in each cell instead of its heading.
    let heading = |r: &NkReport| match twice {
        true => how(r),
        false => r.method.name().to_string(),
    };
    let mixed: Vec<bool> = (0..methods.len())
        .map(|i| (groups.iter().filter_map(|g| g.get(i))).any(|r| heading(r) != heading(&widest[i])))
        .collect();
    let mut s = String::from("| n | k | queens | placements | wall classes with placements | boards |");
    for (i, r) in widest.iter().enumerate() {
        let label = match mixed[i] {
            true => format!("count {}", i + 1),
            false => heading(r),
        };
        s.push_str(&format!(" CPU s ({label}) |"));
    }
    if methods.len() > 1 {
        s.push_str(" methods agree |");
    }
    let symmetric = groups.iter().flatten().any(|r| r.up_to_symmetry.is_some());
    if symmetric {
        s.push_str(" fixed by a symmetry | up to symmetry | CPU s (fixed) |");
    }
    s.push_str(&format!(
        "\n|{}\n",
        "---:|".repeat(6 + methods.len() + usize::from(methods.len() > 1) + 3 * usize::from(symmetric))
    ));
    for g in groups {
        let Some(r) = g.first() else { continue };
        let per_class = g.iter().find(|r| r.per_class.classes_with_placements.is_some());
        let opt =
            |f: fn(&NkReport) -> Option<u64>| per_class.and_then(f).map_or(String::new(), |v| v.to_string());
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |",
            r.n,
            r.k,
            r.queens,
            r.placements,
            opt(|r| r.per_class.classes_with_placements),
            opt(|r| r.per_class.boards_with_placements)
        ));
        for (i, &mixed) in mixed.iter().enumerate() {
            match g.get(i) {
                Some(r) if mixed => s.push_str(&format!(" {:.2} ({}) |", r.cpu_seconds, heading(r))),
                Some(r) => s.push_str(&format!(" {:.2} |", r.cpu_seconds)),
                None => s.push_str(" |"),
            }
        }
        match (methods.len() > 1, g.len() > 1) {
            (true, true) => s.push_str(if methods_agree(g) { " yes |" } else { " **NO** |" }),
            (true, false) => s.push_str(" |"),
            _ => {}
        }
        match &r.up_to_symmetry {
            Some(up) => s.push_str(&format!(
                " {} | {} | {:.2} |",
                up.fixed.iter().map(|f| f.configurations).sum::<u64>(),
                up.distinct,
                up.fixed_cpu_seconds
            )),
            None if symmetric => s.push_str(" | | |"),
            None => {}
        }
        s.push('\n');
    }
    for r in groups.iter().flatten() {
        if let Some(path) = &r.read_from {
            // How the file read back was vouched for, since a table outlives the run's stderr.
            let checked = match r.read_check {
                Some(CountCheck::Chunks) => "checked against its chunks",
                Some(CountCheck::Sealed) => "its seal checked; its chunks are not beside it",
                Some(CountCheck::Unsealed) | None => {
                    "unchecked: it carries no seal and its chunks are not beside it, so its \
                     placements are its word, checked only modulo 8 and against the other counts \
                     read"
                }
            };
            s.push_str(&format!(
                "\nn={} k={}: the placements read from `{}` (made by `{}` on {}, {}; {checked}).",
                r.n,
                r.k,
                path.display(),
                r.provenance.command,
                r.provenance.host,
                r.provenance.date
            ));
        }
    }
    if let Some(up) = groups.iter().flatten().find_map(|r| r.up_to_symmetry.as_ref()) {
        s.push_str(&format!(
            "\nUp to symmetry: (placements + fixed) / 8 by Burnside's lemma over the 8 symmetries \
             of the square; the configurations each symmetry fixes counted by the orbit search and \
             by SAT enumeration, which agree. Command: `{}`; host: {}; {}.\n",
            up.provenance.command, up.provenance.host, up.provenance.date
        ));
    }
    // The counts made by this run (not read from a file).
    if let Some(r) = groups.iter().flatten().find(|r| r.read_from.is_none()) {
        let rows = |f: fn(&NkReport) -> bool| {
            groups
                .iter()
                .flatten()
                .any(|r| r.method == NkMethod::Rows && f(r))
        };
        let reduction = if rows(|r| !r.mirroring.mirror) {
            " (rows without the mirror reduction)"
        } else if rows(|r| r.mirroring.sides) {
            " (rows by the 8 symmetries of the square)"
        } else if rows(|r| r.mirroring.mirror_right) {
            " (rows with the mirror reduction on the right half of row 0)"
        } else {
            ""
        };
        s.push_str(&format!(
            "\nMethods: {}{}. Command: `{}`; host: {}; {}.\n",
            methods.iter().map(|m| m.name()).collect::<Vec<_>>().join(", "),
            reduction,
            r.provenance.command,
            r.provenance.host,
            r.provenance.date
        ));
    }
    s
}
