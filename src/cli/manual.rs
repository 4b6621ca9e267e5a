//! What `--help` and the man pages say beyond the arguments: examples, the exit status and
//! the environment. One table each, so that `--help` and `queensat man` never differ.
//!
//! Every example runs as shown from the checkout's root in a second or two (tests/manual.rs
//! runs them all, and expects exit 0 unless the text says `exit N`); outputs go to relative
//! paths, never into the committed `results/`.

use clap::Command;
use roff::{Roff, bold, roman};

/// One example: a command line, and what it shows.
pub struct Example {
    pub command: &'static str,
    pub what: &'static str,
}

const fn ex(command: &'static str, what: &'static str) -> Example {
    Example { command, what }
}

/// The examples of each subcommand, by name.
pub const EXAMPLES: &[(&str, &[Example])] = &[
    (
        "value",
        &[
            ex(
                r#"queensat value --size 8 --walls "1,3 2,5""#,
                "The 2-wall record of the seed article: value 10, an optimal placement, the proof.",
            ),
            ex(
                "queensat value docs/boards/two-walls.txt --format json",
                "The same board read from a grid file, answered as one JSON object.",
            ),
            ex(
                r#"printf '{"size":4}\n{"size":8,"walls":[[1,3],[2,5]]}\n' | queensat value --batch -"#,
                "Many boards in one process: a JSON line in, a JSON line out.",
            ),
        ],
    ),
    (
        "solutions",
        &[
            ex(
                "queensat solutions --size 8 --count",
                "The 92 solutions of eight queens, in 12 symmetry classes.",
            ),
            ex(
                "queensat solutions --size 6 --unique",
                "One placement per symmetry class, drawn, with the size of its class.",
            ),
            ex(
                r#"queensat solutions --size 8 --walls "1,3 2,5" --limit 2 --count"#,
                "Is the optimum unique? `total 1`: yes.",
            ),
        ],
    ),
    (
        "render",
        &[
            ex(
                r#"queensat render --size 8 --walls "1,3 2,5" -o two-walls.svg"#,
                "An SVG of the board with an optimal placement.",
            ),
            ex(
                "queensat render docs/boards/two-walls.txt > two-walls.svg",
                "The same from a grid file, the picture on stdout.",
            ),
        ],
    ),
    (
        "nqueens",
        &[
            ex(
                "queensat nqueens 1000000",
                "One solution for a million queens by min-conflicts, checked in O(n).",
            ),
            ex(
                "queensat nqueens 8 -o -",
                "The columns of an 8-queens solution on stdout (the summary goes to stderr).",
            ),
            ex(
                "queensat nqueens 1000 -o q1000.txt && queensat nqueens --check q1000.txt",
                "Write a solution, and check a file of solutions.",
            ),
        ],
    ),
    (
        "sweep",
        &[
            ex(
                "queensat sweep --size 6 --walls 0..2 -o sweep-6x6",
                "Every 6x6 board of up to 2 walls by symmetry class: values, placements, \
                 summary.md. The same command again resumes where a stopped run left off.",
            ),
            ex(
                "queensat sweep --size 6 --walls 0..2 --engine reuse --cross-check -o sweep-6x6-sat",
                "The same by SAT, each value proved a second way by the branch and bound.",
            ),
        ],
    ),
    (
        "merge",
        &[
            ex(
                "queensat sweep --size 6 --walls 2 --chunk 20 --shard 1/2 -o shard-1 && \
                 queensat sweep --size 6 --walls 2 --chunk 20 --shard 2/2 -o shard-2 && \
                 queensat merge shard-1 shard-2 -o sweep-merged",
                "A sweep in two shards (one per machine, say), merged into what one run writes.",
            ),
            ex(
                "queensat puzzles --size 6 --walls 1..2 --chunk 50 --shard 1/2 -o puzzles-1 && \
                 queensat puzzles --size 6 --walls 1..2 --chunk 50 --shard 2/2 -o puzzles-2 && \
                 queensat merge puzzles-1 puzzles-2 -o puzzles-merged",
                "The same for a puzzle run.",
            ),
        ],
    ),
    (
        "sweep-compare",
        &[
            ex(
                "queensat sweep-compare results/sweeps/8x8 results/published/walled-n-queens/8x8",
                "The committed 8x8 sweep against the published tables: exit 1, since the \
                 published 0-wall row claims value 5.",
            ),
            ex(
                "queensat sweep-compare results/sweeps/8x8 results/published/walled-n-queens/8x8 -o comparison.md",
                "The same report written to a file: exit 1 again.",
            ),
        ],
    ),
    (
        "verify",
        &[
            ex(
                "queensat verify results/published/walled-n-queens/8x8/2-W_boards.csv",
                "Re-check a published table: every placement legal, every value proved.",
            ),
            ex(
                "queensat verify results/published/walled-n-queens/8x8/2W_summary.txt \
                 --boards results/published/walled-n-queens/8x8/2-W_boards.csv",
                "Re-check an author's summary against the boards it summarises.",
            ),
        ],
    ),
    (
        "encode",
        &[
            ex(
                r#"queensat encode value --size 8 --walls "1,3 2,5" --at-least 11 -o q.cnf"#,
                "\"Do 11 queens fit?\" as DIMACS for any SAT solver (UNSAT: the value is 10).",
            ),
            ex(
                "queensat encode value --size 8 --format wcnf -o q.wcnf",
                "\"The most queens\" as weighted MaxSAT.",
            ),
            ex(
                "queensat encode least-walls --size 8 --queens 11 --format lp -o lw.lp",
                "The fewest walls for 11 queens as an LP for SCIP, HiGHS or CBC.",
            ),
        ],
    ),
    (
        "solve",
        &[
            ex(
                r#"queensat encode value --size 8 --walls "1,3 2,5" --at-least 10 -o q.cnf && queensat solve q.cnf"#,
                "Answer a CNF: `s`, `v` and `c` lines (the board its header names, decoded and \
                 checked), exit 10.",
            ),
            ex(
                r#"queensat encode value --size 8 --walls "1,3 2,5" --at-least 11 -o q11.cnf && gzip -f q11.cnf && queensat solve q11.cnf.gz"#,
                "Compressed input (gzip, xz, bzip2, told by the first bytes): UNSATISFIABLE, \
                 exit 20.",
            ),
            ex(
                "queensat encode value --size 8 --at-least 8 -o q8.cnf && queensat solve q8.cnf > q8.out; \
                 queensat solve q8.cnf --check q8.out",
                "Check a solver's output against the CNF and the board: exit 10.",
            ),
        ],
    ),
    (
        "puzzles",
        &[
            ex(
                "queensat puzzles --size 6 --walls 1..3",
                "The interesting puzzles of 6x6 with 1 to 3 walls, and their counts.",
            ),
            ex(
                "queensat puzzles --size 7 --walls 2 -o puzzles-7x7 --html puzzles-7x7.html",
                "Files (puzzles.json, puzzles.csv, summary.md) and a page to play them.",
            ),
        ],
    ),
    (
        "least-walls",
        &[
            ex(
                "queensat least-walls --size 8 --queens 10..11",
                "The fewest walls that let 10 and 11 queens fit on 8x8, each with a witness and \
                 the proof.",
            ),
            ex(
                "queensat least-walls --size 6 --queens 8 --count --list",
                "Every such board too, one per symmetry class.",
            ),
        ],
    ),
    (
        "armies",
        &[
            ex(
                "queensat armies --size 6",
                "The largest two armies of queens on 6x6 that do not attack each other.",
            ),
            ex(
                "queensat armies --size 5..7 --table",
                "A table over sizes, with the classes of the largest positions.",
            ),
        ],
    ),
    (
        "cover",
        &[
            ex(
                "queensat cover --size 6",
                "The most disjoint 6-queens solutions, and the fewest that cover the board.",
            ),
            ex(
                "queensat cover --size 6..8",
                "A table over sizes, each optimum proved.",
            ),
        ],
    ),
    (
        "completions",
        &[
            ex(
                "queensat completions bash > queensat.bash",
                "Bash completions; source the file, or put it in \
                 ~/.local/share/bash-completion/completions/queensat.",
            ),
            ex("queensat completions zsh > _queensat", "The same for zsh."),
        ],
    ),
    (
        "man",
        &[
            ex(
                "queensat man man-pages",
                "Write queensat.1 and one queensat-COMMAND.1 per command into man-pages/ \
                 (read one with man -l man-pages/queensat-solve.1).",
            ),
            ex("queensat man target/man", "Where `make man` writes them."),
        ],
    ),
    (
        "nk",
        &[
            ex(
                "queensat nk --size 8 --walls 1 -o nk-runs",
                "The placements of 9 queens and 1 wall on 8x8, counted without listing them.",
            ),
            ex(
                "queensat nk --size 6..9 --walls 1..2 --method rows,classes -o nk-runs",
                "A table, each count made two ways and compared (a disagreement would make the \
                 exit status 1).",
            ),
        ],
    ),
];

/// The examples of the subcommand `name` (none for an unknown name).
pub fn examples(name: &str) -> &'static [Example] {
    EXAMPLES.iter().find(|(n, _)| *n == name).map_or(&[], |(_, e)| *e)
}

/// The commands a stop signal stops with a report (see `Command::stops_on_signal`), and the
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
        Some("solve") => {
            return vec![
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
            ];
        }
        Some("value") => vec![
            ok,
            ("1", "--certify: the DRAT proof was not verified"),
            error,
            limit,
        ],
        Some("verify") => vec![ok, ("1", "a claim of the file is refuted"), error],
        Some("sweep-compare") => vec![ok, ("1", "a published row disagrees with the sweep"), error],
        Some("nqueens") => vec![
            ("0", "success: the solution is checked"),
            (
                "1",
                "no solution (n = 2 or 3), or with --check a line that is not a solution",
            ),
            error,
        ],
        Some("nk") => vec![ok, ("1", "two --method counts disagree"), error],
        Some("least-walls" | "armies" | "cover") => vec![ok, error, limit],
        Some(_) => vec![ok, error],
    };
    if name.is_none_or(super::stops_on_signal) {
        codes.extend(SIGNALS);
    }
    codes
}

/// The environment variables queensat reads, and what they do.
pub const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "QUEENSAT_SOLVER_TIMEOUT",
        "Seconds each call of an external solver (--solver external:CMD) may take, in every \
         command but solve (which has --time-limit); past it the call is an error. A positive \
         number; anything else is an error. Unset: no limit.",
    ),
    (
        "QUEENSAT_DRAT_CHECKER",
        "The proof checker --certify uses: unset, empty or builtin for queensat's own DRAT/LRAT \
         checker (in-process, the default); otherwise an outside checker (rate, drat-trim, \
         cake_lpr, ...), a path or a program on PATH, run as CHECKER CNF PROOF.",
    ),
    (
        "QUEENSAT_DRAT_TIMEOUT",
        "Seconds a proof check may take, built-in or outside (default 3600); past it the \
         check is an error.",
    ),
];

/// `--help`'s closing text for the subcommand `name`: its examples.
pub fn after_help(name: &str) -> Option<String> {
    let examples = examples(name);
    if examples.is_empty() {
        return None;
    }
    let mut s = String::from("Examples:\n");
    for e in examples {
        s.push_str(&format!("  {}\n      {}\n", e.command, e.what));
    }
    Some(s.trim_end().to_string())
}

/// The man page's sections after clap's: EXIT STATUS, ENVIRONMENT and EXAMPLES, in roff.
pub fn man_sections(name: Option<&str>) -> String {
    let mut r = Roff::new();
    r.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in exit_status(name) {
        r.control("TP", []).text([bold(code)]).text([roman(meaning)]);
    }
    r.control("SH", ["ENVIRONMENT"]);
    for (var, meaning) in ENVIRONMENT {
        r.control("TP", []).text([bold(*var)]).text([roman(*meaning)]);
    }
    // The program's own page: the first example of a few commands.
    let examples: Vec<&Example> = match name {
        Some(n) => examples(n).iter().collect(),
        None => ["value", "solutions", "sweep", "solve"]
            .iter()
            .filter_map(|n| examples(n).first())
            .collect(),
    };
    r.control("SH", ["EXAMPLES"]);
    for e in examples {
        r.control("TP", []).text([bold(e.command)]).text([roman(e.what)]);
    }
    r.to_roff()
}

/// The whole command line's definition with each subcommand's examples after its help.
pub fn with_examples(cmd: Command) -> Command {
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    names.into_iter().fold(cmd, |cmd, name| match after_help(&name) {
        Some(text) => cmd.mut_subcommand(&name, |c| c.after_help(text)),
        None => cmd,
    })
}
