//! The exit status of each command, as its man page lists it: one table, which the commands'
//! own exit codes follow.

/// The long-running commands: a stop signal (SIGINT, SIGTERM, SIGHUP) has them stop and
/// report what they have, keep what a rerun resumes from, and exit 128 + the signal's number.
/// Each of them polls [`queensat::run::interrupt::stop_requested`].
pub(super) const STOPPED_BY_SIGNAL: [&str; 12] = [
    "value",
    "solutions",
    "sweep",
    "merge",
    "least-walls",
    "puzzles",
    "nk",
    "armies",
    "cover",
    "nqueens",
    "solve",
    "encode",
];

/// Whether the subcommand `name` catches the stop signals ([`STOPPED_BY_SIGNAL`]).
pub(super) fn stops_on_signal(name: &str) -> bool {
    STOPPED_BY_SIGNAL.contains(&name)
}

/// The commands a stop signal stops with a report ([`stops_on_signal`]), and the
/// statuses they exit with.
const SIGNALS: &[(&str, &str)] = &[(
    "130, 143, 129",
    "SIGINT (Ctrl-C), SIGTERM (what timeout(1) and Slurm send) or SIGHUP stopped the run: \
         it printed the best it had, labelled as such, and kept what a rerun of the same \
         command resumes from (128 + the signal's number, as a shell reports a process the \
         signal ended). A second Ctrl-C ends the process at once; SIGTERM and SIGHUP again \
         change nothing (SIGKILL forces)",
)];

/// The exit status of the subcommand `name` (`None`: the whole program).
pub fn exit_status(name: Option<&str>) -> Vec<(&'static str, &'static str)> {
    let ok = (
        "0",
        "success: every answer printed is checked, every optimum proved",
    );
    let error = (
        "2",
        "bad input or any other error: one line `queensat: error: ...` on stderr",
    );
    let limit = (
        "3",
        "--time-limit stopped a search: the best checked answer is printed, labelled NOT proved",
    );
    let mut codes = match name {
        None => vec![
            ok,
            (
                "1",
                "a claim refuted: a published value, a solution file, a proof, or two methods that disagree",
            ),
            error,
            limit,
            (
                "10, 20",
                "queensat solve: SATISFIABLE, UNSATISFIABLE (0 when unknown)",
            ),
        ],
        Some("solve") => vec![
            (
                "10",
                "SATISFIABLE: the model satisfies every clause (and the board, for a file queensat wrote)",
            ),
            ("20", "UNSATISFIABLE"),
            (
                "0",
                "unknown: no answer within --time-limit, or the solver said UNKNOWN",
            ),
            ("2", "bad input, or a model that fails a clause or the board"),
        ],
        Some("value") => vec![ok, ("1", "--certify: the proof was not verified"), error, limit],
        Some("verify") => vec![
            ok,
            ("1", "a claim of the file is refuted (wherever the report goes)"),
            error,
        ],
        Some("sweep-compare") => vec![
            ok,
            (
                "1",
                "a published row disagrees with the sweep, a table of one row per class misses or repeats a class, or a published file is not compared (the sweep has no 8x8-Kw.jsonl of its wall count)",
            ),
            error,
        ],
        Some("puzzles") => vec![
            ok,
            (
                "1",
                "--compare: an entry of the list is refuted (value differs, duplicate, not unique, not minimal, malformed)",
            ),
            error,
        ],
        Some("nqueens") => vec![
            ("0", "success: the solution is checked"),
            (
                "1",
                "no solution (n = 2 or 3), or with --check a line that is not a solution",
            ),
            error,
        ],
        Some("nk") => vec![ok, ("1", "two --method counts disagree"), error],
        Some("armies") => vec![ok, ("1", "--certify: a proof was not verified"), error, limit],
        Some("least-walls") => vec![
            ok,
            (
                "1",
                "--cube-dir with --certify: a cube's proof was not verified; `table --claims`: a claim refuted",
            ),
            error,
            limit,
        ],
        Some("cover") => vec![
            ok,
            ("1", "--cube-dir with --certify: a cube's proof was not verified"),
            error,
            limit,
        ],
        Some("render") => vec![
            ok,
            (
                "1",
                "the placement is not legal: drawn anyway, with a warning on stderr",
            ),
            error,
        ],
        Some(_) => vec![ok, error],
    };
    if name.is_none_or(stops_on_signal) {
        codes.extend(SIGNALS);
    }
    codes
}
