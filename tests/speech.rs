//! How queensat speaks (user trial 48, sections 11 and 19): counts of one in the singular,
//! every shard's run saying it finished, the same words for a cube run whole or merged, and
//! `--format json` where a JSON form is natural (refused, saying why, where it is not).

use crate::common;
use common::{ok, queensat, run, stderr};
use std::path::Path;

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// "1 queen", "1 solver call", "1 wall", "1 class", "1 board": never "1 queens" and the like,
/// in proofs, sweep lines, the sweep's summary and chart, and the counts of `solutions`.
#[test]
fn a_count_of_one_is_singular() {
    let plural_of_one = |s: &str| {
        // "m - 1 walls" and "value − 1 queens" are counts of many.
        let s = &s.replace("m - 1 walls", "").replace("value − 1 queens", "");
        let words = [
            "queens",
            "solver calls",
            "walls",
            "classes",
            "wall classes",
            "configurations",
            "boards",
            "inputs",
            "placements",
            "worker threads",
            "annealing runs",
            "puzzles",
        ];
        let bad: Vec<String> = words
            .iter()
            .map(|w| format!(" 1 {w}"))
            .filter(|p| s.contains(p.as_str()) || s.contains(&format!("(1 {}", &p[3..])))
            .collect();
        assert!(bad.is_empty(), "{bad:?} in {s}");
    };
    // 1x1: one queen, and two exceed the counter's one input.
    let one = ok(&run(&["value", "--size", "1"]));
    assert!(
        one.contains("SAT with 1 queen, placement checked; 2 queens exceed the 1 input "),
        "{one}"
    );
    // 2x2: one solver call refutes two queens.
    let two = ok(&run(&["value", "--size", "2"]));
    assert!(
        two.contains("UNSAT with at least 2 queens (1 solver call)"),
        "{two}"
    );
    plural_of_one(&(one + &two));
    let walls = ok(&run(&["least-walls", "--size", "6", "--queens", "7", "--quiet"]));
    assert!(walls.contains("SAT with 1 wall (board checked"), "{walls}");
    plural_of_one(&walls);
    let args = [
        "least-walls",
        "--size",
        "6",
        "--queens",
        "7",
        "--start-runs",
        "1",
        "--quiet",
    ];
    let started = ok(&run(&args));
    assert!(started.contains(" from 1 annealing run, "), "{started}");
    plural_of_one(&started);
    let puzzles = ok(&run(&["puzzles", "--size", "3", "--walls", "1", "--quiet"]));
    assert!(puzzles.contains("\n1 puzzle in all.\n"), "{puzzles}");
    plural_of_one(&puzzles);
    let armies = ok(&run(&["armies", "--size", "2"]));
    assert!(armies.contains("(1 solver call)"), "{armies}");
    plural_of_one(&armies);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let text = ok(&run(&[
        "sweep",
        "--size",
        "4",
        "--walls",
        "0..1",
        "--threads",
        "1",
        "-o",
        path(&out),
        "--quiet",
    ]));
    assert!(text.starts_with("0 walls: 1 class, 1 board, "), "{text}");
    assert!(text.contains("\n1 wall: 3 classes, 16 boards, "), "{text}");
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("## 0 walls: 1 class, 1 board\n"), "{summary}");
    assert!(summary.contains("## 1 wall: 3 classes, 16 boards\n"), "{summary}");
    assert!(summary.contains(" (1 worker thread)\n"), "{summary}");
    let svg = std::fs::read_to_string(out.join("values.svg")).unwrap();
    assert!(svg.contains(">0 walls: 1 board, 1 class<"), "{svg}");
    assert!(svg.contains(">1 board (100.00%), 1 class<"), "{svg}");
    plural_of_one(&(text + &summary + &svg));
    // Each count into a folder of its own.
    let nk = |name: &str, args: &str| {
        let out = dir.path().join(name);
        let args: Vec<&str> = ["nk"].into_iter().chain(args.split(' ')).collect();
        ok(&run(&[&args[..], &["-o", path(&out), "--quiet"]].concat()))
    };
    let one = nk("nk", "--size 1 --walls 0");
    assert!(
        one.starts_with("n=1 k=0: 1 placement of 1 queen [rows, 8 symmetries; 1 chunk, 0 resumed;"),
        "{one}"
    );
    // The 8 placements of 11 queens and 3 walls on 8x8 are one configuration up to symmetry
    // (it said "1 configurations"), and the 1x1 board's one wall class is counted per class.
    let up = nk("nk8", "--size 8 --walls 3 --up-to-symmetry");
    assert!(
        up.contains("\nn=8 k=3: 1 configuration up to symmetry [(placements + fixed) / 8; "),
        "{up}"
    );
    let classes = nk("nk1", "--size 1 --walls 0 --method classes --up-to-symmetry");
    assert!(
        classes.contains(" on 1 wall class (1 board) [classes, 1 wall class; "),
        "{classes}"
    );
    // All seven symmetries fix the 1x1 board's one configuration: there are no others.
    assert!(!classes.contains("none by the others"), "{classes}");
    plural_of_one(&(one + &up + &classes));
    // The count of classes of a shard 1 of 1, the whole run, is known.
    let count = ok(&run(&["solutions", "--size", "6", "--count", "--shard", "1/1"]));
    assert_eq!(count, "total 4\nclasses 1\n");
    let listed = ok(&run(&["solutions", "--size", "6", "--queens", "6"]));
    assert!(listed.contains("1 symmetry class under"), "{listed}");
}

/// A count the queen counter cannot reach is answered without a solver call, and says so (it
/// said "complete: UNSAT after 0 solver calls").
#[test]
fn a_count_beyond_the_counter_says_no_solver_call_was_needed() {
    let text = ok(&run(&["solutions", "--size", "4", "--queens", "5"]));
    assert!(
        text.contains("(complete: no solver call needed, the queen counter cannot reach 5 queens)"),
        "{text}"
    );
    assert!(!text.contains("0 solver calls"), "{text}");
}

/// A board one cell wide has no 2x2 blocks: its impossibility speaks of blocks of two
/// neighbouring cells.
#[test]
fn a_one_row_board_has_no_2x2_blocks() {
    let text = ok(&run(&[
        "least-walls",
        "--rows",
        "1",
        "--cols",
        "9",
        "--queens",
        "6",
    ]));
    assert!(
        text.contains(
            "no 1x9 board admits 6 queens: its 9 cells form 5 blocks of at most two neighbouring cells"
        ),
        "{text}"
    );
    assert!(!text.contains("2x2"), "{text}");
}

/// `solutions` without `--unique`: the text names the JSON's `breaking` ("none"), beside how
/// repeats are kept out.
#[test]
fn solutions_text_and_json_name_the_same_symmetry_breaking() {
    let text = ok(&run(&["solutions", "--size", "5"]));
    assert!(
        text.contains(", symmetry breaking none (each placement blocked), "),
        "{text}"
    );
    let json = ok(&run(&["solutions", "--size", "5", "--format", "json"]));
    let summary: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(summary["breaking"], "none");
}

/// Every chunked run's shard says on stdout, in text, that it finished and how `merge` joins
/// the shards (value cubes, armies, least-walls and cover cube runs printed nothing), in a
/// command that, given the other shard's folder, merges them (it said `queensat merge`, which
/// alone is refused); the value cube run's start is worded alike whole and merged.
#[test]
fn every_shard_says_it_finished_in_text() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let board = ["--size", "8", "--walls", "1,4 3,1 4,3"];
    let runs: Vec<(&str, Vec<String>)> = vec![
        (
            "sweep",
            vec!["sweep", "--size", "5", "--walls", "0..2", "--chunk", "8", "-o"],
        ),
        (
            "puzzles",
            vec!["puzzles", "--size", "5", "--walls", "1..2", "--chunk", "8", "-o"],
        ),
        ("value in cubes", [&["value"][..], &board[..], &["-o"]].concat()),
        ("armies in cubes", vec!["armies", "--size", "5", "--cube-dir"]),
        (
            "least-walls in cubes",
            vec!["least-walls", "--size", "6", "--queens", "8", "--cube-dir"],
        ),
        ("cover in cubes", vec!["cover", "--size", "6", "--cube-dir"]),
        (
            "n=5 k=1 rows",
            vec!["nk", "--size", "5", "--walls", "1", "--chunk", "1", "-o"],
        ),
    ]
    .into_iter()
    .map(|(what, a)| (what, a.into_iter().map(String::from).collect()))
    .collect();
    for (i, (what, args)) in runs.iter().enumerate() {
        let folder = d(&format!("run{i}"));
        let mut a: Vec<&str> = args.iter().map(String::as_str).collect();
        a.extend([folder.as_str(), "--shard", "1/2", "--quiet"]);
        let (code, out, err) = queensat(&a);
        assert_eq!(code, 0, "{a:?}: {err}");
        let shown = if *what == "n=5 k=1 rows" {
            format!("{folder}/5x5-1w-rows-sides")
        } else {
            folder.clone()
        };
        let want = format!(
            "{what}: shard 1/2 finished in {shown}; for the whole answer, `queensat merge {shown} DIR... \
             -o OUT` with the other shards' folders as DIR\n"
        );
        assert_eq!(out, want, "{a:?}: {err}");
        // The advice, pasted with the second shard's folder as DIR, merges the two.
        let second = format!("{folder}-2");
        let mut a: Vec<&str> = args.iter().map(String::as_str).collect();
        a.extend([second.as_str(), "--shard", "2/2", "--quiet"]);
        let (code, out, err) = queensat(&a);
        assert_eq!(code, 0, "{a:?}: {err}");
        let (_, finished_in) = out.split_once(" finished in ").unwrap();
        let (second, _) = finished_in.split_once("; ").unwrap();
        let advice = want.split('`').nth(1).unwrap();
        let merge = advice
            .replace("queensat ", &format!("{} ", env!("CARGO_BIN_EXE_queensat")))
            .replace("DIR...", second)
            .replace(" -o OUT", &format!(" -o {}", d(&format!("merged{i}"))));
        let o = std::process::Command::new("bash")
            .args(["-c", &merge])
            .output()
            .unwrap();
        assert!(o.status.success(), "{merge}: {}", stderr(&o));
    }
    // The value cube run, whole and merged: "the start 9 queens" either way.
    let whole = d("whole");
    let a = [&["value"][..], &board[..], &["-o", whole.as_str(), "--quiet"]].concat();
    let text = ok(&run(&a));
    assert!(text.contains(", the start 9 queens in "), "{text}");
    let second = d("second");
    let a = [
        &["value"][..],
        &board[..],
        &["-o", second.as_str(), "--shard", "2/2", "--quiet"],
    ]
    .concat();
    ok(&run(&a));
    let merged = d("merged");
    let text = ok(&run(&["merge", &d("run2"), &second, "-o", &merged]));
    assert!(text.contains(", the start 9 queens, "), "{text}");
}

/// A shard run with a relative `-o` names its folder from the root, so that the merge command
/// it advises pastes from any folder.
#[test]
fn a_shard_names_its_folder_from_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args([
            "sweep", "--size", "5", "--walls", "0..1", "-o", "part", "--shard", "1/2", "--quiet",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let folder = dir.path().join("part");
    let want = format!("`queensat merge {} DIR... -o OUT`", folder.display());
    assert!(String::from_utf8_lossy(&o.stdout).contains(&want), "{o:?}");
}

/// `verify -o FILE` says in words where the report went, not as a bare Markdown row.
#[test]
fn verify_says_where_its_report_went() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("rep.md");
    let published = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8/1-W_boards.csv"
    );
    let o = run(&["verify", published, "-o", path(&report)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    let want = format!(
        "queensat verify: report written to {}: 16 rows checked, 16 confirmed, 0 refuted, ",
        report.display()
    );
    assert!(err.starts_with(&want) && err.lines().count() == 1, "{err}");
    assert!(!err.contains('|'), "{err}");
}

/// `value --batch` writes JSON lines, so `--format json` is accepted (and `text` refused);
/// `least-walls table|chart|compare` render saved runs, whose JSON is the runs themselves:
/// `--format json` is refused with that reason, not as an unknown flag.
#[test]
fn format_json_is_accepted_where_natural_and_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let lines = dir.path().join("b.jsonl");
    std::fs::write(&lines, "{\"size\":4}\n").unwrap();
    let out = ok(&run(&["value", "--batch", path(&lines), "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert_eq!(v["value"], 4);
    common::assert_bad_input(
        &["value", "--batch", path(&lines), "--format", "text"],
        "--batch writes",
    );
    let saved = dir.path().join("lw.json");
    ok(&run(&[
        "least-walls",
        "--size",
        "5",
        "--queens",
        "6",
        "-o",
        path(&saved),
        "--format",
        "json",
    ]));
    for what in ["table", "chart", "compare"] {
        common::assert_bad_input(
            &["least-walls", what, path(&saved), "--format", "json"],
            "their JSON is the saved runs themselves",
        );
        let o = run(&["least-walls", what, path(&saved), "--format", "text"]);
        assert!(o.status.success(), "{what}: {}", stderr(&o));
    }
}

/// CPU seconds in JSON are whole microseconds, never a float's noise (`5.00000000000023e-6`).
#[test]
fn cpu_seconds_are_whole_microseconds_in_json() {
    let out = ok(&run(&["nqueens", "--size", "20", "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cpu = v["solve_cpu_seconds"].as_f64().expect("solve_cpu_seconds");
    assert_eq!((cpu * 1e6).round() / 1e6, cpu, "{out}");
    let text = serde_json::to_string(&v["solve_cpu_seconds"]).unwrap();
    assert!(text.len() <= 10, "{text}");
}

/// Shards that are not of one run are refused naming the field that differs and where
/// (trial 50, F10): a cube run is "a cube run of value", never "value in cubess", and a sweep
/// says which option differs.
#[test]
fn shards_of_different_runs_say_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let value = ["value", "--size", "8", "--walls", "1,3 2,5", "--quiet"];
    for (name, shard, cubes) in [("v1", "1/2", "8"), ("v2", "2/2", "3")] {
        let o = run(&[&value[..], &["-o", &d(name), "--shard", shard, "--cubes", cubes]].concat());
        ok(&o);
    }
    let (code, _, err) = queensat(&["merge", &d("v1"), &d("v2"), "-o", &d("vm")]);
    assert_eq!(code, 2, "{err}");
    let want = format!(
        "queensat: error: {} and {} are not shards of one cube run of value: width 2 in {}, 4 in {}",
        d("v1"),
        d("v2"),
        d("v1"),
        d("v2")
    );
    assert!(err.starts_with(&want), "{err}");
    let sweep = ["sweep", "--size", "5", "--walls", "1", "--quiet"];
    ok(&run(&[&sweep[..], &["-o", &d("s1"), "--shard", "1/2"]].concat()));
    let other = ["--engine", "reuse", "-o", &d("s2"), "--shard", "2/2"];
    ok(&run(&[&sweep[..], &other].concat()));
    let (code, _, err) = queensat(&["merge", &d("s1"), &d("s2"), "-o", &d("sm")]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("are not shards of one sweep: engine \"tree\" in "),
        "{err}"
    );
}

/// A time limit under a second is said as such (trial 50, F10): "stopped after 0.30 s of
/// CPU", not "after 0 s".
#[test]
fn a_time_limit_under_a_second_is_said_with_decimals() {
    let (code, text, err) = queensat(&["armies", "--size", "8", "--time-limit", "0.3"]);
    assert_eq!(code, 3, "{text}{err}");
    let said = text
        .split("NOT proved: stopped after ")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    assert!(said.starts_with("0.") && said.contains(" s of CPU"), "{text}");
}

/// Output paths and --merge-from folders that cannot serve say why (trial 50, F10): a
/// dangling link is named as one (it gave "File exists"), and a root of another N+k variant
/// names the runs it holds (it gave "cannot read ROOT/nk.json").
#[test]
fn unusable_folders_say_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    std::os::unix::fs::symlink(d("nowhere/x"), d("link")).unwrap();
    let (code, _, err) = queensat(&["sweep", "--size", "4", "--walls", "1", "-o", &d("link")]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "{} is a dangling symbolic link (to {}",
            d("link"),
            d("nowhere/x")
        )),
        "{err}"
    );
    let nk = ["nk", "--size", "7", "--walls", "1", "--chunk", "4", "--quiet"];
    ok(&run(&[&nk[..], &["--mirror", "-o", &d("mirror")]].concat()));
    let (code, _, err) = queensat(&[&nk[..], &["-o", &d("mf"), "--merge-from", &d("mirror")]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no run of this count there")
            && err.contains("it holds the run 7x7-1w-rows (of other options)"),
        "{err}"
    );
}

/// On a terminal the bar's last note ends its line, so that the answer on stdout starts a line
/// of its own (trial 50, F10): the note was padded and left open.
#[test]
fn the_last_progress_note_on_a_terminal_ends_its_line() {
    use std::io::Read as _;
    use std::os::fd::{FromRawFd as _, OwnedFd};
    let dir = tempfile::tempdir().unwrap();
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes the two descriptors it opens into the integers given.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let out = dir.path().join("pt");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args([
            "sweep",
            "--size",
            "6",
            "--walls",
            "2",
            "-o",
            out.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::from(slave))
        .spawn()
        .unwrap();
    let reader = std::thread::spawn(move || {
        let mut f = std::fs::File::from(master);
        let mut bytes = Vec::new();
        let mut buf = [0u8; 4096];
        // The terminal's reads end in an error once the last writer is gone.
        while let Ok(n) = f.read(&mut buf) {
            if n == 0 {
                break;
            }
            bytes.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    });
    assert!(child.wait().unwrap().success());
    let shown = reader.join().unwrap();
    let note = format!("see {}", out.join("summary.md").display());
    let (_, after) = shown.split_once(&note).unwrap_or_else(|| panic!("{shown:?}"));
    assert!(after.starts_with("\r\n") || after.starts_with('\n'), "{after:?}");
}
