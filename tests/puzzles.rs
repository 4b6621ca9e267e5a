//! `queensat puzzles` end to end: files, the comparison, bad input, and the page in a real
//! headless browser.

use crate::common;
use std::path::Path;
use std::process::{Command, Output};

fn queensat(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn writes_results_and_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("6x6");
    let html = dir.path().join("page.html");
    let o = queensat(&[
        "puzzles",
        "--size",
        "6",
        "--walls",
        "2..3",
        "--quiet",
        "--output",
        out.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("puzzles.json")).unwrap()).unwrap();
    let puzzles = json["report"]["puzzles"].as_array().unwrap();
    assert!(!puzzles.is_empty());
    assert!(json["command"].as_str().unwrap().contains("--walls 2..3"));
    for p in puzzles {
        let k = p["walls"].as_array().unwrap().len();
        assert!((2..=3).contains(&k));
        assert_eq!(
            p["solution"].as_array().unwrap().len() as u64,
            p["value"].as_u64().unwrap()
        );
    }
    let csv = std::fs::read_to_string(out.join("puzzles.csv")).unwrap();
    assert_eq!(csv.lines().count(), puzzles.len() + 1);
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("Definition:") && summary.contains("| walls | value |"));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("Show solution") && !page.contains("https:"));
    // `make puzzle-page` rebuilds the page from puzzles.json alone: it must be the same page.
    let from_report =
        queensat::io::puzzle_page_from_report(&std::fs::read_to_string(out.join("puzzles.json")).unwrap())
            .unwrap();
    assert!(
        from_report == page,
        "the page from puzzles.json differs from --html's"
    );
}

/// The folder's result files and the page are one set: when the page cannot be written (its
/// folder is a file; a path that is a folder is refused before any work), none of the result
/// files are (the folder keeps only its chunk store).
#[test]
fn results_and_page_are_written_together_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("5x5");
    let blocker = dir.path().join("blocker");
    std::fs::write(&blocker, "a file, not a folder").unwrap();
    let page = blocker.join("page.html");
    let o = queensat(&[
        "puzzles",
        "--size",
        "5",
        "--walls",
        "1",
        "--quiet",
        "--output",
        out.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("queensat: error: ") && err.lines().count() == 1,
        "{err}"
    );
    for f in ["puzzles.json", "puzzles.csv", "summary.md"] {
        assert!(!out.join(f).exists(), "{f} was written");
    }
}

#[test]
fn compares_a_published_list() {
    let dir = tempfile::tempdir().unwrap();
    // The first 2-wall puzzle this engine finds on 6x6 (bits in the 8-column layout).
    let report = queensat(&[
        "puzzles", "--size", "6", "--walls", "2", "--quiet", "--format", "json",
    ]);
    assert!(report.status.success(), "{}", stderr(&report));
    let r: serde_json::Value = serde_json::from_slice(&report.stdout).unwrap();
    let first = &r["puzzles"][0];
    let bits = first["bits"].as_u64().unwrap();
    let value = first["value"].as_u64().unwrap();
    // The empty board is not unique (4 optima of 6 queens); a corner wall does not make room
    // for 9 queens; an entry repeated, or repeated in another orientation, is a duplicate.
    let b = |r: u64, c: u64| 1u64 << (63 - (8 * r + c));
    let flipped: u64 = first["walls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| b(w[0].as_u64().unwrap(), 5 - w[1].as_u64().unwrap()))
        .sum();
    let list = format!(
        "[[{bits}, {value}], [0, 6], [{bits}, {}], [{flipped}, {value}], [{}, 9]]",
        value + 1,
        b(0, 0)
    );
    let file = dir.path().join("list.txt");
    std::fs::write(&file, list).unwrap();
    let out = dir.path().join("cmp");
    let compare = [
        "puzzles",
        "--size",
        "6",
        "--walls",
        "2",
        "--quiet",
        "--compare",
        file.to_str().unwrap(),
    ];
    let o = queensat(&[&compare[..], &["--output", out.to_str().unwrap()]].concat());
    // Refuted entries: exit 1, as verify and sweep-compare, with every file written.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let c: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("comparison.json")).unwrap()).unwrap();
    let verdicts: Vec<&str> = c["comparison"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        [
            "confirmed",
            "not-unique",
            "duplicate",
            "duplicate",
            "value-differs"
        ]
    );
    assert!(Path::new(&out.join("comparison.md")).exists());
    // The list of the first entry alone is clean: exit 0.
    std::fs::write(&file, format!("[[{bits}, {value}]]")).unwrap();
    let o = queensat(&compare);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "[[1, 2],\n[3 4]]").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["puzzles", "--size", "8", "--walls", "4..2"], "empty range"),
        (
            vec!["puzzles", "--size", "65", "--walls", "1"],
            "a side is a whole number from 1 to 64",
        ),
        (vec!["puzzles", "--walls", "1"], "no board shape"),
        (vec!["puzzles", "--size", "2", "--walls", "5"], "do not fit"),
        (
            vec![
                "puzzles",
                "--size",
                "4",
                "--walls",
                "1",
                "--compare",
                bad.to_str().unwrap(),
            ],
            "line 2",
        ),
        (
            vec![
                "puzzles",
                "--size",
                "4",
                "--walls",
                "1",
                "--compare",
                "/nonexistent/list",
            ],
            "cannot read",
        ),
        (
            vec!["puzzles", "--size", "4", "--walls", "1", "--engine", "rebuild"],
            "possible values: tree, reuse",
        ),
    ];
    for (args, want) in cases {
        let o = queensat(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: {e}");
        assert!(e.contains(want), "{args:?}: {e}");
    }
}

/// Writes the page of `queensat puzzles ARGS --html` and plays puzzle `index` (0-based) in
/// headless Chromium (tests/browser/puzzle_page.sh): what the script printed, and the folder of
/// its screenshots.
fn play(dir: &Path, args: &[&str], index: usize) -> (String, std::path::PathBuf) {
    let html = dir.join("page.html");
    let mut all = vec!["puzzles", "--quiet", "--html", html.to_str().unwrap()];
    all.extend_from_slice(args);
    let o = queensat(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    let shots = dir.join("browser");
    let index_arg = index.to_string();
    let out = common::programs::browser_script(
        "puzzle_page.sh",
        &[html.as_os_str(), shots.as_os_str(), index_arg.as_ref()],
    );
    let n = index + 1;
    for view in ["desktop", "phone"] {
        assert!(
            out.contains(&format!("{view}: data-selftest=\"pass: puzzle {n} solved")),
            "{out}"
        );
        assert!(
            std::fs::metadata(shots.join(format!("puzzle-page-{view}.png")))
                .unwrap()
                .len()
                > 1000
        );
    }
    // The status line in view in both windows (the desktop's height is what Chromium leaves
    // the page of a 1280x800 window: 800 px, or less in its newer headless mode).
    assert!(out.contains("status in view; window 1280x"), "{out}");
    assert!(out.contains("status in view; window 390x844 px"), "{out}");
    let named = n + 1;
    assert!(
        out.contains(&format!("link: #puzzle-{named} opens puzzle {named}")),
        "{out}"
    );
    (out, shots)
}

/// Plays one puzzle in headless Chromium. Skipped only when no browser is installed and the CI
/// variable is unset; in CI a missing browser fails.
#[test]
fn page_plays_in_a_headless_browser() {
    if !common::programs::needs("chromium", "puzzles.sh") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (out, shots) = play(dir.path(), &["--size", "7", "--walls", "2..3"], 1);
    // The default engine's proofs are search trees the checker replays, and the page says so.
    assert!(out.contains("tree proof summary"), "{out}");
    // A person can look: QUEENSAT_SCREENSHOTS=DIR keeps the two screenshots there.
    if let Some(keep) = std::env::var_os("QUEENSAT_SCREENSHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        for view in ["desktop", "phone"] {
            let name = format!("puzzle-page-{view}.png");
            std::fs::copy(shots.join(&name), Path::new(&keep).join(&name)).unwrap();
        }
    }
}

/// With `--engine reuse` uniqueness is an UNSAT answer, and the page's proof summary says so.
#[test]
fn page_words_a_sat_proof_in_a_headless_browser() {
    if !common::programs::needs("chromium", "puzzles.sh") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = play(
        dir.path(),
        &["--size", "6", "--walls", "2", "--engine", "reuse"],
        0,
    );
    assert!(out.contains("reuse proof summary"), "{out}");
}

/// A board past 64 cells: every puzzle found is re-checked through `solutions` (one optimal
/// placement, of the puzzle's value), and a 9x9 run cannot be compared with the 8x8 list.
#[test]
fn puzzles_on_9x9_are_unique_optima() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("9x9");
    let o = queensat(&[
        "puzzles",
        "--size",
        "9",
        "--walls",
        "1..2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("puzzles.json")).unwrap()).unwrap();
    let puzzles = json["report"]["puzzles"].as_array().unwrap();
    assert!(!puzzles.is_empty());
    assert!(
        json["report"]["definition"]
            .as_str()
            .unwrap()
            .contains("row-major list of cells is least, a free cell before a wall")
    );
    for p in puzzles {
        let walls: Vec<String> = p["walls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| format!("{},{}", c[0], c[1]))
            .collect();
        let o = queensat(&[
            "solutions",
            "--size",
            "9",
            "--walls",
            &walls.join(" "),
            "--count",
            "--format",
            "json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(summary["total"], 1, "walls {walls:?}");
        assert_eq!(summary["queens"], p["value"], "walls {walls:?}");
    }
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "[[9223372036854775808, 9]]").unwrap();
    let o = queensat(&[
        "puzzles",
        "--size",
        "9",
        "--walls",
        "1",
        "--compare",
        list.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("up to 8x8"), "{}", stderr(&o));
}

/// The rows of `puzzles.csv` without the last column (the proof time).
fn puzzle_rows(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("puzzles.csv"))
        .unwrap()
        .lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

/// The two engines, trees and SAT, find the same puzzles; each summary names its engine.
#[test]
fn both_engines_find_the_same_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let run = |engine: &str| {
        let out = dir.path().join(engine);
        let o = queensat(&[
            "puzzles",
            "--size",
            "6",
            "--walls",
            "1..3",
            "--quiet",
            "--engine",
            engine,
            "--output",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{engine}: {}", stderr(&o));
        let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(md.contains(&format!("- engine {engine}")), "{md}");
        puzzle_rows(&out)
    };
    let tree = run("tree");
    assert!(tree.len() > 1);
    assert_eq!(tree, run("reuse"));
}

/// Resume after losing chunks, and shards merged, give the puzzles of a single run.
#[test]
fn puzzles_resume_and_shards_merge_to_a_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let run = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "puzzles", "--rows", "5", "--cols", "7", "--walls", "1..3", "--chunk", "25", "--quiet",
        ];
        args.extend_from_slice(extra);
        args.extend(["--output", out.to_str().unwrap()]);
        let o = queensat(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        o
    };
    let one = dir.path().join("one");
    run(&one, &[]);
    let want = puzzle_rows(&one);
    assert!(want.len() > 10, "{want:?}");
    // Lose half the chunks and the results; the re-run computes only what is missing.
    let chunks: Vec<_> = std::fs::read_dir(one.join("chunks"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(chunks.len() > 4);
    for c in chunks.iter().step_by(2) {
        std::fs::remove_file(c).unwrap();
    }
    std::fs::remove_file(one.join("puzzles.csv")).unwrap();
    run(&one, &[]);
    assert_eq!(puzzle_rows(&one), want);
    // Three shards and a merge.
    let parts: Vec<_> = (1..=3).map(|i| dir.path().join(format!("part{i}"))).collect();
    for (i, p) in parts.iter().enumerate() {
        let o = run(p, &["--shard", &format!("{}/3", i + 1)]);
        assert!(!p.join("puzzles.csv").exists());
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            out.contains("puzzles: shard ") && out.contains("queensat merge"),
            "{out}"
        );
    }
    let merged = dir.path().join("merged");
    let mut args = vec!["merge", "--output", merged.to_str().unwrap()];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    let o = queensat(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(puzzle_rows(&merged), want);
    // A merge with a shard missing names the chunk; another run into a directory is refused.
    let o = queensat(&[
        "merge",
        "--output",
        dir.path().join("m2").to_str().unwrap(),
        parts[0].to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing"), "{}", stderr(&o));
    let o = queensat(&[
        "puzzles",
        "--rows",
        "5",
        "--cols",
        "7",
        "--walls",
        "1..2",
        "--quiet",
        "--output",
        one.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("different puzzle run"), "{}", stderr(&o));
    for bad in [
        vec!["puzzles", "--size", "5", "--walls", "2", "--shard", "1/2"],
        vec![
            "puzzles", "--size", "5", "--walls", "2", "--shard", "1/2", "--limit", "3", "--output", "x",
        ],
    ] {
        let o = queensat(&bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&o).starts_with("queensat: error:"), "{}", stderr(&o));
    }
}

/// A rerun into a folder without --compare leaves no comparison of an earlier run beside its
/// results: the comparison files belonged to that run's list, perhaps another one.
#[test]
fn a_rerun_without_compare_removes_the_old_comparison() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    // The empty 6x6 board: 4 optima of 6 queens, so "not unique" (exit 1).
    std::fs::write(&list, "[[0, 6]]").unwrap();
    let out = dir.path().join("run");
    let line = format!("puzzles --size 6 --walls 2 --quiet --output {}", out.display());
    let run: Vec<&str> = line.split(' ').collect();
    let o = queensat(&[&run[..], &["--compare", list.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(out.join("comparison.md").exists());
    let o = queensat(&run);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for ext in ["md", "json", "csv"] {
        assert!(
            !out.join(format!("comparison.{ext}")).exists(),
            "comparison.{ext} left"
        );
    }
    assert!(out.join("summary.md").exists());
}
