//! Bad input that used to be accepted silently (issue cases 5 and 10): each is now one line
//! `queensat: error: ...`, exit 2.

use crate::common;

use common::queensat;

fn one_error_line(args: &[&str], want: &str) {
    is_one_error_line(args, queensat(args), want);
}

/// A run (`args`, and its exit code, stdout and stderr) that exited 2 with one line
/// `queensat: error: ...` that contains `want`.
fn is_one_error_line(args: &[&str], (code, out, err): (i32, String, String), want: &str) {
    assert_eq!(code, 2, "{args:?}: stdout {out} stderr {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("queensat: error: ") && err.contains(want),
        "{args:?}: wanted {want:?} in {err}"
    );
}

/// Case 10: malformed cell lists, a placement naming a cell twice.
#[test]
fn malformed_cell_lists_are_errors() {
    for walls in ["1,3,", "((1,3)", "+1,3", "1,3)", "1 3", "1,3 x"] {
        one_error_line(&["value", "--size", "8", "--walls", walls], "--walls");
    }
    one_error_line(
        &["render", "--size", "8", "--placement", "0,0 0,0"],
        "named twice",
    );
    // The spellings that are meant to read still do.
    for walls in ["1,3 2,5", "(1, 3), (2, 5)", "[[1,3],[2,5]]", "1,3; 2,5"] {
        let (code, out, err) = queensat(&["value", "--size", "8", "--walls", walls]);
        assert_eq!(code, 0, "{walls}: {err}");
        assert!(out.contains("value 10"), "{walls}: {out}");
    }
}

/// Case 10: CSPLib instances with a square listed twice or an unclosed list; n-queens lists
/// with no closing bracket; a SCIP solution naming a variable twice.
#[test]
fn malformed_files_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let twice = file("twice.txt", "letting n be 5\nletting blocks be [[1,1],[1,1]]\n");
    one_error_line(&["solutions", "--count", "--csplib", &twice], "listed twice");
    let open = file("open.txt", "letting n be 5\nletting blocks be [[1,1],[2,2]\n");
    one_error_line(&["solutions", "--count", "--csplib", &open], "never closed");
    let nq = file("nq.txt", "[1, 3, 0, 2\n");
    one_error_line(&["nqueens", "--check", &nq], "never closed");
    let sol = file(
        "s.sol",
        "#, BLOCKED#1#1, BLOCKED#1#1, BLOCKED#0#1, BLOCKED#0#0, QUEEN#1#1, QUEEN#1#0, QUEEN#0#1, QUEEN#0#0, objval\n1(1), 1, 0, 0, 0, 0, 0, 1, 1, 1\n",
    );
    one_error_line(&["verify", &sol], "named twice");
}

/// Case 5: a summary and a boards file that do not belong together, and `--size 0`.
#[test]
fn verify_refuses_files_that_do_not_belong_together() {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8"
    );
    let summary = format!("{p}/1W_summary.txt");
    one_error_line(
        &["verify", &summary, "--boards", &format!("{p}/2-W_boards.csv")],
        "do not belong together",
    );
    one_error_line(
        &[
            "verify",
            &summary,
            "--boards",
            &format!("{p}/1-W_boards.csv"),
            "--size",
            "0",
        ],
        "--size must be at least 1",
    );
    one_error_line(
        &["verify", &format!("{p}/1-W_boards.csv"), "--size", "0"],
        "--size must be at least 1",
    );
    let (code, _, err) = queensat(&["verify", &summary, "--boards", &format!("{p}/1-W_boards.csv")]);
    assert_eq!(code, 0, "{err}");
}

/// Usage errors keep the names clap gives under its first line; float limits take only
/// positive finite seconds; files read back are checked like any input.
#[test]
fn usage_errors_and_read_back_files_say_what_is_wrong() {
    one_error_line(&["value", "--rows", "3"], "--cols");
    one_error_line(&["value", "--size", "4", "--rows", "3", "--cols", "3"], "--rows");
    for bad in ["NaN", "inf", "0", "-5", "1e400"] {
        let limit = format!("--count-cpu-limit={bad}");
        one_error_line(
            &["least-walls", "--size", "4", "--queens", "4", "--count", &limit],
            "--count-cpu-limit",
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // nk --merge-from a folder that is not a shard of this count.
    one_error_line(
        &[
            "nk",
            "--size",
            "4",
            "--walls",
            "1",
            "--merge-from",
            &d("none"),
            "-o",
            &d("nk"),
        ],
        "none",
    );
    assert!(!dir.path().join("nk").exists());
    // A published file with a header and no rows confirms nothing.
    std::fs::write(d("h.csv"), "Walls,Value,Queens\n").unwrap();
    one_error_line(&["verify", &d("h.csv"), "--size", "8"], "no rows");
    // A saved least-walls run whose q no board of its size holds, or whose witness attacks.
    let (code, _, err) = queensat(&[
        "least-walls",
        "--size",
        "4",
        "--queens",
        "4",
        "--output",
        &d("lw.json"),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read_to_string(d("lw.json")).unwrap();
    std::fs::write(
        d("big.json"),
        good.replace("\"queens\": 4", "\"queens\": 1000000000"),
    )
    .unwrap();
    one_error_line(&["least-walls", "chart", &d("big.json")], "big.json");
    let v: serde_json::Value = serde_json::from_str(&good).unwrap();
    let mut bad = v.clone();
    bad["reports"][0]["witness"]["placement"] = serde_json::json!([[0, 0], [0, 1], [2, 1], [3, 3]]);
    std::fs::write(d("attack.json"), bad.to_string()).unwrap();
    one_error_line(
        &["least-walls", "table", &d("attack.json")],
        "the witness: the placement",
    );
    // A counted class whose placement attacks, or whose orbit the list does not add up to.
    let (code, _, err) = queensat(&[
        "least-walls",
        "--size",
        "5",
        "--queens",
        "6",
        "--count",
        "--output",
        &d("c.json"),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let counted: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d("c.json")).unwrap()).unwrap();
    let mut bad = counted.clone();
    bad["reports"][0]["count"]["list"][0]["placement"] =
        serde_json::json!([[0, 0], [0, 4], [2, 2], [2, 4], [4, 1], [4, 3]]);
    std::fs::write(d("class.json"), bad.to_string()).unwrap();
    one_error_line(&["least-walls", "table", &d("class.json")], "counted class 1");
    let mut bad = counted;
    bad["reports"][0]["count"]["list"][0]["orbit"] = serde_json::json!(1);
    std::fs::write(d("orbit.json"), bad.to_string()).unwrap();
    one_error_line(
        &["least-walls", "table", &d("orbit.json")],
        "do not match its list",
    );
    // A directory where a file of column lists belongs.
    one_error_line(
        &["nqueens", "--check", dir.path().to_str().unwrap()],
        "a directory",
    );
}

/// Questions that cannot mean anything are refused rather than answered with a vacuous result.
#[test]
fn vacuous_questions_are_refused() {
    one_error_line(&["nk", "--size", "4", "--walls", "99"], "--walls 99");
    // A range that would list 10^11 values used to abort on the allocation.
    one_error_line(&["sweep", "--size", "4", "--walls", "0..99999999999"], "too long");
    one_error_line(&["value", "--size", "99999999999999999999"], "too large");
    one_error_line(&["solutions", "--size", "6", "--limit", "0"], "--limit");
    // A sweep or an N+k class count past what memory holds is refused before it starts.
    one_error_line(&["sweep", "--size", "12", "--walls", "6"], "symmetry classes");
    one_error_line(
        &["nk", "--size", "16", "--walls", "8", "--method", "classes"],
        "symmetry classes",
    );
    one_error_line(&["nk", "--size", "8", "--walls", "1", "--depth", "0"], "--depth");
    one_error_line(
        &["sweep", "--size", "4", "--walls", "1", "--chunk", "0"],
        "--chunk",
    );
    one_error_line(
        &["puzzles", "--size", "4", "--walls", "1", "--limit", "0"],
        "--limit",
    );
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    std::fs::write(
        d("empty.json"),
        r#"{"command":"x","date":"x","host":"x","version":"x","reports":[]}"#,
    )
    .unwrap();
    one_error_line(&["least-walls", "table", &d("empty.json")], "no reports");
    // A folder output named after an existing file.
    one_error_line(
        &["sweep", "--size", "3", "--walls", "1", "-o", &d("empty.json")],
        "is a file, not a folder",
    );
    // A batch line with a field the board does not read, or both size and rows.
    std::fs::write(
        d("b.jsonl"),
        "{\"size\":4,\"rows\":5}\n{\"size\":4,\"bogus\":1}\n",
    )
    .unwrap();
    let (code, out, err) = queensat(&["value", "--batch", &d("b.jsonl")]);
    assert_eq!(code, 2, "{out} {err}");
    assert!(
        out.contains("both given") && out.contains("unknown field"),
        "{out}"
    );
}

/// `-` is standard output where a command prints; an output that is a file or a folder of its
/// own used to take it as a name and leave a file or folder `-` in the current directory.
#[test]
fn a_dash_is_not_the_name_of_a_file_or_folder_output() {
    let dir = tempfile::tempdir().unwrap();
    let published = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8/1-W_boards.csv"
    );
    let runs: [&[&str]; 12] = [
        &["value", "--size", "5", "-o", "-"],
        &["value", "--size", "5", "--certify", "--certify-dir", "-"],
        &["sweep", "--size", "3", "--walls", "1", "-o", "-"],
        &["merge", "a", "-o", "-"],
        &["nk", "--size", "4", "--walls", "1", "--table", "-", "-o", "nk"],
        &["puzzles", "--size", "3", "--walls", "1", "--html", "-"],
        &["least-walls", "--size", "4", "--queens", "4", "-o", "-"],
        &["least-walls", "--size", "5", "--queens", "6", "--cube-dir", "-"],
        &["armies", "--size", "3..4", "--table", "--cache", "-"],
        &["cover", "--size", "4", "--certificates", "-"],
        &["verify", published, "--rows-tsv", "-"],
        &["man", "-"],
    ];
    for args in runs {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_queensat"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("`-` means standard output"), "{args:?}: {err}");
        assert!(
            !dir.path().join("-").exists(),
            "{args:?} made a file or folder `-`"
        );
    }
}

/// An output file named by a folder used to be refused only after the work was done (a
/// least-walls search, a count, a verification), its report already printed.
#[test]
fn an_output_file_that_is_a_folder_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let published = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8/1-W_boards.csv"
    );
    let runs: [&[&str]; 5] = [
        &["least-walls", "--size", "6", "--queens", "7", "-o", d],
        &["nk", "--size", "5", "--walls", "1", "--table", d],
        &["verify", published, "--rows-tsv", d],
        &["puzzles", "--size", "3", "--walls", "1", "--html", d],
        &["encode", "value", "--size", "4", "--at-least", "4", "-o", d],
    ];
    for args in runs {
        let (code, out, err) = queensat(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains("is a folder: name a file"), "{args:?}: {err}");
    }
}

/// A shard's count without `--unique` knows no classes; it used to say the run stopped at
/// `--limit`, which no one gave, though it ran to the end.
#[test]
fn a_shard_count_does_not_blame_a_limit() {
    let (code, out, err) = queensat(&["solutions", "--size", "6", "--count", "--shard", "2/3"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("--limit"), "{out}");
    assert!(out.contains("a shard counts classes only with --unique"), "{out}");
    // Shard 1 of 1 is the whole run: its classes are counted (speech:: has it too).
    let (code, out, err) = queensat(&["solutions", "--size", "6", "--count", "--shard", "1/1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "total 4\nclasses 1\n");
    let (_, out, _) = queensat(&["solutions", "--size", "8", "--limit", "2", "--count"]);
    assert!(
        out.contains("classes unknown (run stopped at --limit, more answers exist)"),
        "{out}"
    );
}

/// `armies --table` makes a Markdown table; with `--format json` it used to print that table
/// as if it were JSON.
#[test]
fn armies_table_has_no_json_form() {
    one_error_line(
        &["armies", "--size", "3..4", "--table", "--format", "json"],
        "--format json",
    );
}

/// `--boards` belongs to an author's summary; on any other file it used to be ignored.
#[test]
fn verify_refuses_boards_for_a_file_that_is_no_summary() {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8"
    );
    one_error_line(
        &[
            "verify",
            &format!("{p}/1-W_boards.csv"),
            "--boards",
            &format!("{p}/1-W_boards.csv"),
        ],
        "is for an author's summary",
    );
}

/// A cube run's finished shard with `--format json` used to print nothing, which no JSON
/// reader takes; it says its state, as a sweep's shard does.
#[test]
fn a_cube_shard_says_it_finished_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cubes");
    let out = out.to_str().unwrap();
    for shard in ["1/2", "2/2"] {
        let (code, text, err) = queensat(&[
            "value", "--size", "5", "-o", out, "--shard", shard, "--format", "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["state"], "shard_finished", "{text}");
        assert_eq!(v["output"], out, "{text}");
    }
}

/// `nqueens --check -` reads the column lists from standard input, as `-` does for every
/// other input file (it looked for a file named `-`), and a compressed file like any input.
#[test]
fn nqueens_check_reads_standard_input_and_compressed_files() {
    use std::io::Write as _;
    let exe = env!("CARGO_BIN_EXE_queensat");
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("q.txt");
    let (code, _, err) = queensat(&["nqueens", "--size", "50", "-o", plain.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let o = std::process::Command::new(exe)
        .args(["nqueens", "--check", "-"])
        .stdin(std::fs::File::open(&plain).unwrap())
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("<stdin>:1: n = 50: a solution"), "{out}");
    let gz = dir.path().join("q.txt.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(&std::fs::read(&plain).unwrap()).unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    let (code, out, err) = queensat(&["nqueens", "--check", gz.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("n = 50: a solution"), "{out}");
}

/// A JSON board file with a field the board does not read (a misspelt `walls`) used to be
/// read without it, and its value printed with exit 0; a batch line refused it already.
#[test]
fn a_json_board_file_refuses_unknown_fields() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("b.json");
    std::fs::write(&f, r#"{"rows":8,"cols":8,"wall":[[1,3],[2,5]]}"#).unwrap();
    one_error_line(&["value", f.to_str().unwrap()], "unknown field \"wall\"");
}

/// Trial 52: a JSON board (a board file, or a `value --batch` line) that named a field twice
/// was read with the last one alone: `{"size":5,"walls":[[1,3]],"walls":[]}` answered the empty
/// 5x5 board, exit 0. A field given twice is refused, naming it and where.
#[test]
fn a_json_board_refuses_a_field_given_twice() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("b.json");
    std::fs::write(&f, "{\"size\":5,\n\"walls\":[[1,3]],\n\"walls\":[]}").unwrap();
    one_error_line(
        &["value", f.to_str().unwrap()],
        "b.json: not a JSON board: field \"walls\" is given twice (line 3, column 7)",
    );
    std::fs::write(&f, r#"{"rows":5,"rows":6,"cols":5}"#).unwrap();
    one_error_line(
        &["value", f.to_str().unwrap()],
        "field \"rows\" is given twice (column 16)",
    );
    let batch = dir.path().join("batch.jsonl");
    std::fs::write(&batch, "{\"size\":5,\"holes\":[[0,0]],\"holes\":[]}\n").unwrap();
    let (code, out, _) = common::queensat(&["value", "--batch", batch.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("field \\\"holes\\\" is given twice (column 33)"),
        "{out}"
    );
}

/// Trial 52: an Essence CSPLib file was read as the numbers in it, in order, whatever the words:
/// `letting blocks` given twice answered the union of both lists, words after the list were
/// skipped, and `letting blocks` before `letting n` took the first block's row for the size
/// ("off the 1x1 board"). Each statement is read as what it lets, each once.
#[test]
fn an_essence_instance_is_read_statement_by_statement() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("i.param");
    let f = file.to_str().unwrap();
    let refused = |text: &str, says: &str| {
        std::fs::write(&file, text).unwrap();
        one_error_line(&["value", "--csplib", f], says);
    };
    let twice = "letting n be 5\nletting blocks be [[1,1]]\nletting blocks be [[2,2]]\n";
    refused(
        twice,
        "i.param:3:1: `letting blocks` is given twice (first on line 2)",
    );
    let words = "letting n be 5\nletting blocks be [[1,1]] and [2,2]\n";
    refused(
        words,
        "i.param:2:1: `letting blocks be [[1,1]] and [2,2]`: the blocked squares are one list",
    );
    let other = "letting n be 5\nletting blocks be []\nletting m be 2\n";
    refused(
        other,
        "i.param:3:1: `letting m`: an instance lets only n and blocks",
    );
    std::fs::write(&file, "letting blocks be [[1,1]]\nletting n be 5\n").unwrap();
    let (code, out, err) = common::queensat(&["value", "--csplib", f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("board 5x5, holes 0,0"), "{out}");
}

/// Trial 52: `armies --table --cache FILE` and `cover --certificates FILE` (a file where a
/// folder is wanted) computed every size before they failed to write the first (3 s on 8x8,
/// hours on 10x10). Every folder flag refuses a file when the arguments are read.
#[test]
fn a_folder_flag_naming_a_file_is_refused_before_any_work() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let f = file.path().to_str().unwrap();
    for (args, flag) in [
        (
            &["armies", "--size", "8", "--table", "--cache", f][..],
            "--cache <DIR>",
        ),
        (
            &["cover", "--size", "8", "--certificates", f],
            "--certificates <DIR>",
        ),
        (
            &["value", "--size", "8", "--certify", "--certify-dir", f],
            "--certify-dir <DIR>",
        ),
        (&["armies", "--size", "8", "--cube-dir", f], "--cube-dir <DIR>"),
    ] {
        let started = std::time::Instant::now();
        one_error_line(args, &format!("'{f}' for '{flag}': {f} is a file, not a folder"));
        assert!(
            started.elapsed().as_secs() < 2,
            "{args:?}: refused only after the work"
        );
    }
}

/// The flags of an `armies` table (`--brute`, `--no-count`, `--cached-only`) were ignored on
/// one board; they now ask for `--table`.
#[test]
fn armies_table_flags_need_a_table() {
    for flag in [
        &["--brute"][..],
        &["--no-count"],
        &["--cache", "c", "--cached-only"],
    ] {
        let args = [&["armies", "--size", "4"][..], flag].concat();
        one_error_line(&args, "--table");
    }
}

/// A folder that holds another kind of run is refused in words that read ("not a armies in
/// cubes" before).
#[test]
fn a_folder_of_another_kind_of_run_is_named_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("run");
    let d = d.to_str().unwrap();
    let (code, _, err) = queensat(&["sweep", "--size", "3", "--walls", "1", "-o", d, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    one_error_line(
        &["armies", "--size", "4", "--cube-dir", d],
        "holds another kind of run, sweep (sweep.json), not armies in cubes",
    );
}

/// What is named twice would be read twice: `nk --method rows,rows` counted twice and
/// compared the count with itself, `least-walls table X X` listed every row twice.
#[test]
fn what_is_named_twice_is_refused() {
    one_error_line(
        &["nk", "--size", "5", "--walls", "1", "--method", "rows,rows"],
        "--method: rows is named twice",
    );
    let run = concat!(env!("CARGO_MANIFEST_DIR"), "/results/least-walls/6x6.json");
    one_error_line(&["least-walls", "table", run, run], "is given twice");
}

/// `solutions --break` chooses how `--unique` keeps one placement per class; without
/// `--unique` it was ignored.
#[test]
fn solutions_break_needs_unique() {
    one_error_line(&["solutions", "--size", "5", "--break", "images"], "--unique");
    let (code, _, err) = queensat(&[
        "solutions",
        "--size",
        "5",
        "--unique",
        "--break",
        "images",
        "--count",
    ]);
    assert_eq!(code, 0, "{err}");
}

/// Runs the binary with `stdin` as its standard input; returns exit code, stdout and stderr.
fn with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A run that refuses its arguments may end before it reads: a broken pipe is no failure.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let o = child.wait_with_output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (o.status.code().unwrap_or(-1), text(&o.stdout), text(&o.stderr))
}

/// The checks of [`one_error_line`] on a run with standard input.
fn one_error_line_with_stdin(args: &[&str], stdin: &[u8], want: &str) {
    is_one_error_line(args, with_stdin(args, stdin), want);
}

/// Trial 48, 17: `solve - --check -` read standard input twice and blamed the solver output
/// (the second read found it empty). Two inputs named `-` are refused, in every command that
/// reads two.
#[test]
fn standard_input_named_twice_is_refused() {
    let cnf = b"p cnf 1 1\n1 0\n";
    one_error_line_with_stdin(
        &["solve", "-", "--check", "-"],
        cnf,
        "FILE and --check OUTPUT both name `-`, standard input, which can be read only once",
    );
    let summary = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8/1W_summary.txt"
    );
    let text = std::fs::read(summary).unwrap();
    one_error_line_with_stdin(
        &["verify", "-", "--boards", "-"],
        &text,
        "FILE and --boards both name `-`",
    );
    let run = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/least-walls/6x6.json"
    ))
    .unwrap();
    one_error_line_with_stdin(
        &["least-walls", "table", "-", "--claims", "-"],
        &run,
        "the saved runs and --claims both name `-`",
    );
    one_error_line_with_stdin(
        &["least-walls", "compare", "-", "-"],
        &run,
        "`-`, standard input, is given twice for the saved runs",
    );
}

/// Trial 48, 17: `least-walls table -` looked for a file named `-`; it reads standard input,
/// as every other reader does, and so do `chart` and `compare` (and `--claims`).
#[test]
fn least_walls_renderings_read_standard_input() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/results/least-walls/6x6.json");
    let run = std::fs::read(path).unwrap();
    for sub in ["table", "chart", "compare"] {
        let (code, from_stdin, err) = with_stdin(&["least-walls", sub, "-"], &run);
        assert_eq!(code, 0, "{sub}: {err}");
        let (code, from_file, err) = queensat(&["least-walls", sub, path]);
        assert_eq!(code, 0, "{sub}: {err}");
        if sub != "compare" {
            // compare names its columns by the paths given.
            assert_eq!(from_stdin, from_file, "{sub}");
        }
    }
    // A refuted claim (6x6 takes more than one wall for 9 queens) exits 1, as in `verify`.
    let claims = b"rows,cols,queens,what,claimed,source\n6,6,9,least_walls,1,x\n";
    let (code, out, err) = with_stdin(&["least-walls", "table", path, "--claims", "-"], claims);
    assert_eq!(
        (code, err.trim()),
        (1, "queensat least-walls table: 1 claim refuted")
    );
    assert!(out.contains("| x") && out.contains("**NO**"), "{out}");
    one_error_line_with_stdin(
        &["least-walls", "table", "-"],
        b"{",
        "<stdin>: not a least-walls run",
    );
}

/// Trial 48, 18: `--cadical-config` with another solver was ignored without a word; it is
/// refused where CaDiCaL cannot answer, and `value` without `--solver` (which takes CaDiCaL on
/// large boards) still takes it. `--solver`'s help no longer names `--time-limit` in the
/// commands that have none.
#[test]
fn a_cadical_preset_for_another_solver_is_refused() {
    for args in [
        &[
            "value",
            "--size",
            "8",
            "--solver",
            "varisat",
            "--cadical-config",
            "unsat",
        ][..],
        &[
            "value",
            "--size",
            "8",
            "--external",
            "minisat",
            "--cadical-config",
            "sat",
        ],
        &[
            "puzzles",
            "--size",
            "3",
            "--walls",
            "1",
            "--cadical-config",
            "sat",
        ],
    ] {
        one_error_line(args, "it applies only to CaDiCaL (--solver cadical)");
    }
    let (code, out, err) = queensat(&["value", "--size", "8", "--cadical-config", "unsat"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value 8"), "{out}");
    for sub in ["solutions", "puzzles", "verify"] {
        let (_, help, _) = queensat(&[sub, "--help"]);
        assert!(!help.contains("--time-limit"), "{sub}: {help}");
    }
}

/// Trial 48, 17: a negative value of a flag (`--size -3`) was taken for an unknown flag, and
/// clap's tip said to pass it after `--`, which makes it a file name. The flag's own parser
/// now says what is wrong, and no tip sends a value after `--`.
#[test]
fn negative_values_are_named_by_their_flag() {
    let dir = tempfile::tempdir().unwrap();
    let cubes = dir.path().join("c");
    let cubes = cubes.to_str().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["value", "--size", "-3"],
            "invalid value '-3' for '--size <N>': \"-3\" is negative",
        ),
        (
            &["value", "--size", "8", "--walls", "-1,2"],
            "--walls: cell list \"-1,2\"",
        ),
        (
            &["sweep", "--size", "4", "--walls", "1", "--shard", "-1/2"],
            "'-1/2' for '--shard <I/N>'",
        ),
        (
            &["least-walls", "--size", "4", "--queens", "-4"],
            "'-4' for '--queens <Q>'",
        ),
        (
            &["solutions", "--size", "6", "--limit", "-1"],
            "'-1' for '--limit <N>': it is negative",
        ),
        (
            &["value", "--size", "5", "-o", cubes, "--threads", "-2"],
            "'-2' for '--threads <THREADS>': at least 1",
        ),
        (&["value", "--rows", "3", "--cols", "-3"], "'-3' for '--cols <C>'"),
    ];
    for (args, want) in cases {
        one_error_line(args, want);
        let (_, _, err) = queensat(args);
        assert!(!err.contains("use '--"), "{args:?}: {err}");
    }
    let (_, _, err) = queensat(&["solutions", "--size", "6", "--time-limit", "3"]);
    assert!(
        err.contains("unexpected argument '--time-limit'") && !err.contains("use '--"),
        "{err}"
    );
    // A value after `--` is still a file, and a flag that takes none still refuses one.
    one_error_line(&["value", "--quiet", "-3"], "unexpected value '-3' for '--quiet'");
}

/// Trial 48, 17: small messages that named the wrong thing.
#[test]
fn small_input_mistakes_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // 0 split rows said "the board has 13 rows".
    one_error_line(
        &["value", "--size", "5", "-o", &d("c0"), "--split-rows", "0"],
        "--split-rows 0: must be at least 1",
    );
    // A sweep folder that does not exist said no wall count was in both.
    let published = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8"
    );
    one_error_line(
        &["sweep-compare", &d("nonexist"), published],
        "nonexist: no such folder (the sweep folder)",
    );
    // Numbers past their type named Rust's "number too large to fit in target type".
    one_error_line_with_stdin(
        &["solve", "-"],
        b"p cnf 4294967296 1\n1 0\n",
        "4294967296 variables is more than a solver takes (at most 2147483647)",
    );
    let c1 = d("c1");
    let cases: [(&[&str], &str); 3] = [
        (
            &[
                "value",
                "--size",
                "5",
                "-o",
                &c1,
                "--threads",
                "99999999999999999999",
            ],
            "at least 1 and at most",
        ),
        (
            &["solutions", "--size", "5", "--limit", "99999999999999999999"],
            "too large (at most 18446744073709551615)",
        ),
        // A fraction in a cell list said the row had no column.
        (
            &["value", "--size", "8", "--walls", "1.0,3"],
            "\"1.0\" is not a non-negative whole number",
        ),
    ];
    for (args, want) in cases {
        one_error_line(args, want);
    }
    // A grid of 65 rows pointed at 1:1.
    std::fs::write(d("tall.txt"), "........\n".repeat(65)).unwrap();
    one_error_line(
        &["value", &d("tall.txt")],
        "tall.txt:65:1: board rows: a side is a whole number from 1 to 64",
    );
    // A cube folder of another --cubes showed its whole spec, which has no `cubes`.
    let cu = d("cu");
    let run = ["value", "--size", "8", "--walls", "1,3 2,5", "-o", cu.as_str()];
    let (code, _, err) = queensat(&[&run[..], &["--quiet"]].concat());
    assert_eq!(code, 0, "{err}");
    one_error_line(
        &[&run[..], &["--cubes", "3"]].concat(),
        "holds a different cube run of value: width 1 there, 4 here (a cube run's rows come from \
         --split-rows, its width from --cubes)",
    );
    // A CSPLib instance with no `letting blocks` line was read as one without blocks.
    std::fs::write(d("noblocks.param"), "language ESSENCE' 1.0\nletting n be 8\n").unwrap();
    one_error_line(
        &["solutions", "--count", "--csplib", &d("noblocks.param")],
        "no list of blocked squares",
    );
    std::fs::write(d("none.param"), "letting n be 4\nletting blocks be []\n").unwrap();
    let (code, _, err) = queensat(&["solutions", "--count", "--csplib", &d("none.param")]);
    assert_eq!(code, 0, "{err}");
}

/// Trial 48, 15: `--certify --external picosat` failed with "no `s` status line", hiding that
/// picosat refused the proof path (on stdout, exit 0). picosat is refused for `--certify`
/// before the search, and a solver that prints no `s` line has its last words quoted.
#[test]
fn external_solvers_that_cannot_certify_or_answer_say_why() {
    one_error_line(
        &[
            "value",
            "--size",
            "8",
            "--walls",
            "1,3 2,5 4,4",
            "--external",
            "picosat",
            "--certify",
        ],
        "external solver \"picosat\" cannot certify",
    );
    let dir = tempfile::tempdir().unwrap();
    let fake = common::script(
        dir.path(),
        "fake",
        "echo '*** fake: multiple input files'\nexit 0",
    );
    one_error_line(
        &["value", "--size", "8", "--external", fake.to_str().unwrap()],
        "no `s` status line; its output ends: *** fake: multiple input files",
    );
}

/// Trial 48, 17: a board file `{"size":8}` was refused while a `--batch` line took it: both
/// read JSON boards with the one parser now.
#[test]
fn a_json_board_file_reads_as_a_batch_line_does() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("b.json");
    std::fs::write(&f, r#"{"size":8,"walls":[[1,3],[2,5]]}"#).unwrap();
    let (code, out, err) = queensat(&["value", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("board 8x8, walls 1,3 2,5") && out.contains("value 10"),
        "{out}"
    );
    std::fs::write(&f, r#"{"size":8,"rows":8}"#).unwrap();
    one_error_line(&["value", f.to_str().unwrap()], "both given");
}

/// Since one parser reads JSON boards, a board that is well-formed JSON but no board (a wall
/// off the board or given twice, a side of 0, a hole on a wall) was refused without saying
/// where: the errors name the field, the list entry and its line and column again, in a board
/// file and in a `--batch` line; the batch's unknown-field hint names `id` too.
#[test]
fn a_json_board_error_names_the_field_the_entry_and_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("b.json");
    let file = |text: &str, want: &str| {
        std::fs::write(&f, text).unwrap();
        one_error_line(&["value", f.to_str().unwrap()], want);
    };
    file(
        "{\"rows\": 8, \"cols\": 8,\n \"walls\": [[1,1], [2,2], [3,3], [9,1]]}\n",
        "b.json: not a JSON board: walls[3] (line 2, column 33): cell 9,1 is off the 8x8 board",
    );
    file(
        "{\n  \"size\": 8,\n  \"walls\": [[1, 1]],\n  \"holes\": [[1, 1]]\n}\n",
        "holes[0] (line 4, column 13): cell 1,1 is given twice (already a wall, walls[0])",
    );
    file(
        "{\n  \"rows\": 0,\n  \"cols\": 8\n}\n",
        "rows (line 2, column 11): a side is a whole number from 1 to 64, not 0",
    );
    let batch = dir.path().join("b.jsonl");
    std::fs::write(
        &batch,
        concat!(
            "{\"size\":8,\"walls\":[[1,3],[1,3]]}\n",
            "{\"rows\":8,\"cols\":8,\"walls\":[[8,0]],\"id\":\"x\"}\n",
            "{\"size\":4,\"wall\":[],\"id\":1}\n",
        ),
    )
    .unwrap();
    let (code, out, err) = queensat(&["value", "--batch", batch.to_str().unwrap()]);
    assert_eq!(code, 2, "{out} {err}");
    let errors: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["error"].to_string())
        .collect();
    assert_eq!(
        errors,
        [
            r#""line 1: walls[1] (column 26): cell 1,3 is given twice (already a wall, walls[0])""#,
            r#""line 2: walls[0] (column 29): cell 8,0 is off the 8x8 board""#,
            r#""line 3: unknown field \"wall\" (the fields are size or rows and cols, walls, holes, id)""#,
        ]
    );
}
