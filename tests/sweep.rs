//! `queensat sweep` and `queensat merge` through the real binary: resume, shards, merge,
//! bad input (GNU parallel and Slurm: tests/cluster.rs), and the value distributions against `make bench-sweep`'s peer.

use crate::common;
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_queensat");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("the binary runs")
}

fn ok(args: &[&str]) -> Output {
    let o = run(args);
    assert!(
        o.status.success(),
        "queensat {args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn same_outputs(a: &Path, b: &Path) {
    for f in common::SWEEP_6X6_OUTPUTS {
        let x = std::fs::read(a.join(f)).unwrap_or_else(|e| panic!("{}/{f}: {e}", a.display()));
        let y = std::fs::read(b.join(f)).unwrap_or_else(|e| panic!("{}/{f}: {e}", b.display()));
        assert!(x == y, "{f} differs between {} and {}", a.display(), b.display());
    }
}

/// The 6x6 two- and three-wall sweep into `out`, as run (it may fail).
fn try_sweep(out: &Path, extra: &[&str]) -> Output {
    let mut args = common::SWEEP_6X6.to_vec();
    args.extend(["--quiet", "--output"]);
    let o = out.to_str().unwrap();
    args.push(o);
    args.extend_from_slice(extra);
    run(&args)
}

/// The same sweep, which must succeed.
fn sweep(out: &Path, extra: &[&str]) -> Output {
    let o = try_sweep(out, extra);
    assert!(
        o.status.success(),
        "sweep failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// `make bench-sweep`'s peer (bench/peers/sweep_bnb.c), compiled with gcc once per test
/// binary; `None` (the test skips the comparison) where gcc is missing outside CI.
fn peer() -> Option<&'static Path> {
    static PEER: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    PEER.get_or_init(|| common::programs::gcc_peer("sweep_bnb", Path::new(env!("CARGO_TARGET_TMPDIR"))))
        .as_deref()
}

/// The peer finds the sweep's class count and value distribution per class and per board on
/// every wall count of `out`'s summary.json (a square `size` x `size` sweep).
fn peer_agrees(out: &Path, size: u32) {
    let Some(peer) = peer() else { return };
    let summary: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    for layer in &summary {
        let walls = layer["walls"].as_u64().unwrap();
        let o = Command::new(peer)
            .args([size.to_string(), walls.to_string()])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let line: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let ours = |field: &str| -> serde_json::Value {
            let values = layer["values"].as_array().unwrap().iter();
            values
                .map(|v| (v["value"].to_string(), v[field].clone()))
                .collect()
        };
        let at = format!("{size}x{size}, {walls} walls");
        assert_eq!(line["classes"], layer["classes"], "{at}");
        assert_eq!(line["boards"], layer["boards"], "{at}");
        assert_eq!(line["classes_by_value"], ours("classes"), "{at}");
        assert_eq!(line["boards_by_value"], ours("boards"), "{at}");
    }
}

fn chunk_files(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("chunks"))
        .map(|d| d.count())
        .unwrap_or(0)
}

#[test]
fn a_single_run_matches_brute_force_and_the_class_count() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("one");
    sweep(&out, &["--cross-check", "--threads", "1"]);
    // C(36,3) = 7140 boards; classes per Burnside (checked in the unit tests) are 1 row each.
    let rows = std::fs::read_to_string(out.join("6x6-3w.jsonl")).unwrap();
    let boards: usize = rows
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["orbit"]
                .as_u64()
                .unwrap() as usize
        })
        .sum();
    assert_eq!(boards, 7140);
    let csv = std::fs::read_to_string(out.join("6x6-2w.csv")).unwrap();
    assert!(csv.starts_with("Walls,Value,Queens:\n"));
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("agrees on all"), "{md}");
    peer_agrees(&out, 6);
}

#[test]
fn every_engine_and_start_proves_the_same_values_and_the_spec_records_them() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, bnb, greedy) = (
        dir.path().join("tree"),
        dir.path().join("bnb"),
        dir.path().join("greedy"),
    );
    sweep(&tree, &[]);
    sweep(&bnb, &["--engine", "reuse"]);
    sweep(&greedy, &["--engine", "reuse", "--start", "greedy"]);
    let summary = |d: &Path| std::fs::read_to_string(d.join("summary.json")).unwrap();
    let values = |d: &Path| -> Vec<serde_json::Value> {
        let s: Vec<serde_json::Value> = serde_json::from_str(&summary(d)).unwrap();
        s.iter().map(|w| w["values"].clone()).collect()
    };
    assert_eq!(values(&tree), values(&bnb));
    assert_eq!(values(&bnb), values(&greedy));
    // The tree engine keeps the branch and bound's placements, as the SAT search started from
    // them does: the databases are the same bytes.
    for k in [2, 3] {
        let db = |d: &Path| std::fs::read(d.join(format!("6x6-{k}w.jsonl"))).unwrap();
        assert_eq!(db(&tree), db(&bnb), "{k} walls");
    }
    let md = std::fs::read_to_string(tree.join("summary.md")).unwrap();
    assert!(md.contains("search tree, replayed by the checker"), "{md}");
    assert!(md.contains("solver: none; engine: tree"), "{md}");
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tree.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["sat_calls"], 0);
    assert!(run["chunk_tree_seconds"].as_f64().is_some(), "{run}");
    // The branch-and-bound start compares every class without `--cross-check`.
    let md = std::fs::read_to_string(bnb.join("summary.md")).unwrap();
    assert!(md.contains("agrees on all"), "{md}");
    let spec = std::fs::read_to_string(greedy.join("sweep.json")).unwrap();
    assert!(spec.contains(r#""start":"greedy""#), "{spec}");
    assert!(
        std::fs::read_to_string(tree.join("sweep.json"))
            .unwrap()
            .contains(r#""engine":"tree""#)
    );
    // Resuming with another start or engine is a different sweep: refused.
    for other in [&[][..], &["--engine", "reuse"][..]] {
        let o = try_sweep(&greedy, other);
        assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    }
    // A spec written before the option existed (no "start") is a greedy sweep and resumes.
    let legacy = spec.replace(r#","start":"greedy""#, "");
    std::fs::write(greedy.join("sweep.json"), legacy).unwrap();
    sweep(&greedy, &["--engine", "reuse", "--start", "greedy"]);
}

#[test]
fn resume_and_shards_and_merge_equal_a_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let single = dir.path().join("single");
    sweep(&single, &["--threads", "1"]);
    let total = chunk_files(&single);
    assert!(total >= 4, "the test needs several chunks, got {total}");

    // An interrupted run: only some chunks finished (shard 1/3 stands for the part done),
    // then the same arguments again finish the rest and reuse the finished chunks.
    let resumed = dir.path().join("resumed");
    sweep(&resumed, &["--shard", "1/3"]);
    let finished = chunk_files(&resumed);
    assert!(finished > 0 && finished < total);
    assert!(
        !resumed.join("summary.json").exists(),
        "a shard does not assemble"
    );
    sweep(&resumed, &[]);
    assert_eq!(chunk_files(&resumed), total);
    let run_json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(resumed.join("run.json")).unwrap()).unwrap();
    assert_eq!(run_json["chunks_resumed"].as_u64().unwrap() as usize, finished);
    same_outputs(&single, &resumed);

    // A lost chunk is recomputed the same.
    let first = std::fs::read_dir(single.join("chunks"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::remove_file(&first).unwrap();
    let before = std::fs::read(single.join("6x6-3w.jsonl")).unwrap();
    sweep(&single, &[]);
    assert_eq!(std::fs::read(single.join("6x6-3w.jsonl")).unwrap(), before);

    // Three shards in separate directories, merged.
    let mut shards = Vec::new();
    for i in 1..=3 {
        let d = dir.path().join(format!("shard-{i}"));
        sweep(&d, &["--shard", &format!("{i}/3")]);
        shards.push(d);
    }
    let merged = dir.path().join("merged");
    let mut args = vec!["merge", "--output", merged.to_str().unwrap()];
    args.extend(shards.iter().map(|d| d.to_str().unwrap()));
    ok(&args);
    same_outputs(&single, &merged);

    // Two shards are not a whole sweep.
    let partial = dir.path().join("partial");
    let o = run(&[
        "merge",
        "--output",
        partial.to_str().unwrap(),
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("missing") && err.lines().count() == 1, "{err}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x");
    let o = out.to_str().unwrap();
    for args in [
        vec!["sweep", "--size", "65", "--walls", "1", "--output", o],
        vec!["sweep", "--size", "4", "--walls", "17", "--output", o],
        vec!["sweep", "--size", "4", "--walls", "3..1", "--output", o],
        vec![
            "sweep", "--size", "4", "--walls", "1", "--chunk", "0", "--output", o,
        ],
        vec!["merge", "--output", o, "/nonexistent/shard"],
    ] {
        let r = run(&args);
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(
            err.starts_with("queensat: error:") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    let r = run(&[
        "sweep", "--size", "4", "--walls", "1", "--shard", "0/3", "--output", o,
    ]);
    assert_eq!(r.status.code(), Some(2));
    // A different sweep into the same directory is refused.
    ok(&["sweep", "--size", "4", "--walls", "1", "--quiet", "--output", o]);
    let r = run(&["sweep", "--size", "4", "--walls", "2", "--quiet", "--output", o]);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("different sweep"));
}

#[test]
fn two_wall_8x8_distribution_per_board_is_the_seed_articles() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("8x8");
    ok(&[
        "sweep",
        "--size",
        "8",
        "--walls",
        "0..2",
        "--quiet",
        "--output",
        out.to_str().unwrap(),
    ]);
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let two = &s.as_array().unwrap()[2];
    assert_eq!(two["classes"], 278);
    assert_eq!(two["boards"], 2016);
    let per_board: Vec<(u64, u64)> = two["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["value"].as_u64().unwrap(), v["boards"].as_u64().unwrap()))
        .collect();
    assert_eq!(per_board, vec![(8, 368), (9, 1610), (10, 38)]);
    assert_eq!(s.as_array().unwrap()[0]["max_value"], 8);
    assert_eq!(s.as_array().unwrap()[1]["classes"], 10);
    peer_agrees(&out, 8);
}

#[test]
fn count_optimal_counts_the_92_eight_queens_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c");
    ok(&[
        "sweep",
        "--size",
        "8",
        "--walls",
        "0..1",
        "--count-optimal",
        "--quiet",
        "--output",
        out.to_str().unwrap(),
    ]);
    let rows = std::fs::read_to_string(out.join("8x8-0w.jsonl")).unwrap();
    let row: serde_json::Value = serde_json::from_str(rows.lines().next().unwrap()).unwrap();
    assert_eq!(row["optimal"], 92);
    let ones = std::fs::read_to_string(out.join("8x8-1w.jsonl")).unwrap();
    assert!(ones.lines().all(|l| l.contains("\"optimal\":")));
    // The tree engine proves the values and counts by its replayed trees: no solver.
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("solver: none; engine: tree"), "{md}");
    assert!(md.contains("check::count_by_search_tree"), "{md}");
    let r = run(&[
        "sweep",
        "--size",
        "4",
        "--walls",
        "1",
        "--count-optimal",
        "--engine",
        "rebuild",
        "--output",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(2));
}

/// Boards past 64 cells. The totals are test oracles from OEIS: A000170 (n-queens, 352 on
/// 9 × 9) and A103330 (n + 1 queens and one pawn on n × n: 16, 20, 128, 396 for n = 6..9).
#[test]
fn count_optimal_totals_are_the_n_plus_k_queens_counts() {
    let dir = tempfile::tempdir().unwrap();
    for (n, want_0, want_1) in [(6, 4, 16), (7, 40, 20), (8, 92, 128), (9, 352, 396)] {
        let out = dir.path().join(format!("{n}"));
        let o = ok(&[
            "sweep",
            "--size",
            &n.to_string(),
            "--walls",
            "0..1",
            "--count-optimal",
            "--cross-check",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(
            stdout.contains(&format!("{want_0} placements of {n} queens")),
            "{n}x{n}: {stdout}"
        );
        assert!(
            stdout.contains(&format!("{want_1} placements of {} queens", n + 1)),
            "{n}x{n}: {stdout}"
        );
        let s: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
        assert_eq!(s[1]["max_value_placements"], want_1, "{n}x{n}");
        // The published CSV layout exists only up to 8 x 8.
        assert_eq!(out.join(format!("{n}x{n}-1w.csv")).exists(), n <= 8);
    }
}

#[test]
fn a_non_square_board_past_64_cells_shards_and_merges_to_a_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "sweep", "--rows", "7", "--cols", "10", "--walls", "1,2", "--chunk", "60", "--quiet", "--out",
    ];
    let one = dir.path().join("one");
    let mut args = base.to_vec();
    args.extend([one.to_str().unwrap(), "--cross-check"]);
    let o = ok(&args);
    let stdout = String::from_utf8_lossy(&o.stdout);
    // 70 cells, 4 symmetries; only the mirror in the middle row fixes cells (its 10), so
    // Burnside gives (70 + 10) / 4 = 20 classes of 1 wall; 70·69/2 = 2415 boards of 2 walls.
    assert!(stdout.contains("1 wall: 20 classes, 70 boards"), "{stdout}");
    assert!(
        stdout.contains("2 walls:") && stdout.contains("2415 boards"),
        "{stdout}"
    );
    let parts: Vec<_> = (1..=2).map(|i| dir.path().join(format!("part{i}"))).collect();
    for (i, p) in parts.iter().enumerate() {
        let shard = format!("{}/2", i + 1);
        let mut args = base.to_vec();
        args.extend([p.to_str().unwrap(), "--shard", &shard]);
        ok(&args);
    }
    let merged = dir.path().join("merged");
    ok(&[
        "merge",
        "--out",
        merged.to_str().unwrap(),
        parts[0].to_str().unwrap(),
        parts[1].to_str().unwrap(),
    ]);
    for f in ["7x10-1w.jsonl", "7x10-2w.jsonl", "summary.json", "values.svg"] {
        let x = std::fs::read(one.join(f)).unwrap();
        let y = std::fs::read(merged.join(f)).unwrap();
        assert!(x == y, "{f} differs between a single run and merged shards");
    }
}

/// Without `--output` a sweep writes to a directory named after it in the current directory
/// (never into `results/`), so two different sweeps of one board do not collide and the same
/// command resumes its own run.
#[test]
fn the_default_output_is_named_after_the_sweep() {
    let dir = tempfile::tempdir().unwrap();
    let run_here = |args: &[&str]| {
        let o = Command::new(BIN)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    };
    run_here(&["sweep", "--size", "5", "--walls", "0..2", "--quiet"]);
    run_here(&["sweep", "--size", "5", "--walls", "0..2", "--quiet"]);
    run_here(&[
        "sweep",
        "--size",
        "5",
        "--walls",
        "0..2",
        "--count-optimal",
        "--quiet",
    ]);
    run_here(&[
        "sweep", "--size", "5", "--walls", "2", "--shard", "1/2", "--quiet",
    ]);
    for d in [
        "sweep-5x5-0-2w",
        "sweep-5x5-0-2w-count-optimal",
        "sweep-5x5-2w.shard-1-of-2",
    ] {
        assert!(dir.path().join(d).join("sweep.json").is_file(), "{d}");
    }
    assert!(!dir.path().join("results").exists());
}

/// An 8x8 sweep of 2 walls into `dir/sw`, and a published folder `dir/pub` whose
/// `2-W_boards.csv` is the sweep's own table (every row agrees).
fn sweep_and_its_table(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let (sw, published) = (dir.join("sw"), dir.join("pub"));
    ok(&[
        "sweep",
        "--size",
        "8",
        "--walls",
        "2",
        "--quiet",
        "-o",
        sw.to_str().unwrap(),
    ]);
    std::fs::create_dir(&published).unwrap();
    std::fs::copy(sw.join("8x8-2w.csv"), published.join("2-W_boards.csv")).unwrap();
    (sw, published)
}

/// Trial 50, F2: `sweep-compare` read our own `8x8-2w.jsonl` without checking that each class
/// is there once: a line repeated gave 279 classes and "Every published row agrees" (exit 0);
/// a line lost, or the file cut short, blamed the published table (exit 1). Our file is input:
/// a class repeated, or a count of classes other than 8x8's, is refused naming the file, and
/// so is a row with a field that our sweep does not write.
#[test]
fn sweep_compare_refuses_our_file_with_a_class_repeated_or_missing() {
    let dir = tempfile::tempdir().unwrap();
    let (sw, published) = sweep_and_its_table(dir.path());
    let p = published.to_str().unwrap();
    let (code, out, err) = common::queensat(&["sweep-compare", sw.to_str().unwrap(), p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| 2 | 278 | one row per class | 278 | 278 |"),
        "{out}"
    );
    let lines: Vec<String> = std::fs::read_to_string(sw.join("8x8-2w.jsonl"))
        .unwrap()
        .lines()
        .map(|l| format!("{l}\n"))
        .collect();
    let mut repeated = lines.clone();
    repeated.insert(5, lines[4].clone());
    let mut lost = lines.clone();
    lost.remove(4);
    // A field of ours we do not write (trial 52) is refused, not passed over.
    let mut extra = lines.clone();
    extra[2] = extra[2].replacen("\"orbit\"", "\"boards\":3,\"orbit\"", 1);
    let cases = [
        (extra, "8x8-2w.jsonl:3: unknown field `boards`"),
        (repeated, "8x8-2w.jsonl:6: the class of walls"),
        (lost, "8x8-2w.jsonl: 277 of the 278 classes of 2 walls"),
        (lines[..139].to_vec(), "139 of the 278 classes"),
    ];
    for (i, (rows, says)) in cases.into_iter().enumerate() {
        let damaged = dir.path().join(format!("damaged{i}"));
        common::hostile::copy_dir(&sw, &damaged);
        std::fs::write(damaged.join("8x8-2w.jsonl"), rows.concat()).unwrap();
        common::assert_bad_input(&["sweep-compare", damaged.to_str().unwrap(), p], says);
    }
}

/// Trial 50, F12: `sweep-compare` skipped, without a word, a published table for which our
/// sweep has no `8x8-Kw.jsonl` (exit 0). The report and the JSON name each published file not
/// compared, and an unchecked table makes the exit status 1, as a disagreement does.
#[test]
fn sweep_compare_names_the_published_tables_it_did_not_compare() {
    let dir = tempfile::tempdir().unwrap();
    let (sw, published) = sweep_and_its_table(dir.path());
    std::fs::write(published.join("3-W_boards.csv"), "Walls,Value,Queens:\n").unwrap();
    std::fs::write(
        published.join("1W_summary.txt"),
        "There are 4 boards with value 8.\n",
    )
    .unwrap();
    let (s, p) = (sw.to_str().unwrap(), published.to_str().unwrap());
    let (code, out, err) = common::queensat(&["sweep-compare", s, p]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("Not compared (2 published files"), "{out}");
    let csv = published.join("3-W_boards.csv");
    let want = format!(
        "- `{}`: no `{}`",
        csv.display(),
        sw.join("8x8-3w.jsonl").display()
    );
    assert!(out.contains(&want), "{out}");
    assert!(out.contains("1W_summary.txt"), "{out}");
    let (code, out, err) = common::queensat(&["sweep-compare", s, p, "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["agree"], false);
    let files: Vec<&str> = (doc["not_compared"].as_array().unwrap().iter())
        .map(|n| n["file"].as_str().unwrap())
        .collect();
    let summary = published.join("1W_summary.txt");
    assert_eq!(files, [summary.to_str().unwrap(), csv.to_str().unwrap()], "{doc}");
}

/// Trial 50, F6: a run folder that had lost its `sweep.json`, run again with other options,
/// got a new spec written, new chunks beside the old ones, and then "damaged or edited"; the
/// command that made it was refused after that. Chunks without their spec are refused before
/// anything is written, unless their seals show they are this run's (then it resumes).
#[test]
fn a_folder_with_chunks_but_no_spec_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let (run6, lost) = (dir.path().join("run6"), dir.path().join("lost"));
    sweep(&run6, &[]);
    common::hostile::copy_dir(&run6, &lost);
    std::fs::remove_file(lost.join("sweep.json")).unwrap();
    let before = chunk_files(&lost);
    let o = try_sweep(&lost, &["--engine", "reuse"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("holds chunks but no sweep.json"), "{err}");
    assert!(!lost.join("sweep.json").exists());
    assert_eq!(chunk_files(&lost), before);
    // The options that made the chunks resume them, to the same files.
    sweep(&lost, &[]);
    assert_eq!(chunk_files(&lost), before);
    same_outputs(&run6, &lost);
    // An N+k count the same way.
    let nk = dir.path().join("nk");
    let root = nk.to_str().unwrap();
    let count = ["nk", "--size", "7", "--walls", "2", "--quiet", "-o", root];
    ok(&count);
    std::fs::remove_file(nk.join("7x7-2w-rows-sides/nk.json")).unwrap();
    common::assert_bad_input(
        &[&count[..], &["--chunk", "3"]].concat(),
        "holds chunks but no nk.json",
    );
    assert!(!nk.join("7x7-2w-rows-sides/nk.json").exists());
}

/// `--cross-check` on a finished folder cross-checks the classes it reads back, for each
/// engine: the tree engine's by SAT, asked on reading; a SAT engine's by the branch and bound,
/// which reading compares every row with. The record counts every class, and a later run
/// without the flag claims no cross-check it did not make.
#[test]
fn cross_check_on_a_finished_folder_checks_the_stored_classes() {
    let dir = tempfile::tempdir().unwrap();
    for engine in [
        &["--engine", "tree"][..],
        &["--engine", "reuse", "--start", "greedy"][..],
    ] {
        let out = dir.path().join(engine[1]);
        sweep(&out, engine);
        let record = |out: &Path| -> serde_json::Value {
            serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap()
        };
        assert!(record(&out)["cross_check"].is_null(), "{engine:?}");
        sweep(&out, &[engine, &["--cross-check"]].concat());
        let r = record(&out);
        let sums: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
        let classes: u64 = sums
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["classes"].as_u64().unwrap())
            .sum();
        assert_eq!(
            r["cross_check"]["classes"].as_u64(),
            Some(classes),
            "{engine:?}: {r}"
        );
        assert_eq!(r["chunks_resumed"], r["chunks"], "{r}");
        let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(
            summary.contains(&format!("agrees on all {classes} classes")),
            "{summary}"
        );
        sweep(&out, engine);
        assert!(record(&out)["cross_check"].is_null(), "{engine:?}");
    }
}

/// Trial 52: `sweep-compare` showed the published summary's value counts beside ours but held
/// none of its lines to the sweep: a summary whose total, largest value, example board, counts
/// or listed boards were false (a count left out, or all of them counted twice) gave exit 0.
/// Each such line is now a summary disagreement (exit 1, in the text and the JSON), judged as
/// `verify` judges it (a board listed with a false value also leaves its listing wrong).
#[test]
fn sweep_compare_holds_the_published_summary_to_the_sweep() {
    let dir = tempfile::tempdir().unwrap();
    let (sw, published) = sweep_and_its_table(dir.path());
    let summary = published.join("2W_summary.txt");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/published/walled-n-queens/8x8/2W_summary.txt"
    ))
    .unwrap();
    let (s, p) = (sw.to_str().unwrap(), published.to_str().unwrap());
    std::fs::write(&summary, &text).unwrap();
    let (code, out, err) = common::queensat(&["sweep-compare", s, p]);
    assert_eq!(code, 0, "the published 2-wall summary agrees: {out}{err}");
    let counts = "There are 368 boards with 8 queens in them. (18.25%)\n";
    let cases = [
        (
            text.replace("boards: 2016", "boards: 2017"),
            "number of 2-wall boards: stated 2017, sweep 2016",
        ),
        (
            text.replace("queens: 10", "queens: 11"),
            "largest value: stated 11, sweep 10\n- line 3: example board 1,3 2,5 reaches the largest value: stated 11, sweep 10",
        ),
        (
            text.replace("((1, 3), (2, 5))", "((0, 0), (0, 1))"),
            "example board 0,0 0,1 reaches the largest value: stated 10, sweep 8",
        ),
        (
            text.replace(counts, ""),
            "boards with value 8 are counted: stated no count, sweep 368",
        ),
        (
            text.replace(counts, &counts.repeat(2)),
            "boards with value 8 are counted once (first on line 4): stated counted again, sweep once",
        ),
        (
            text.replace("368 boards with 8", "367 boards with 8"),
            "boards with value 8: stated 367, sweep 368",
        ),
        (
            format!("{}\n(0, 0), (0, 1)\n", text.trim_end()),
            "listed board 0,0 0,1 has value 10: stated 10, sweep 8\n- the listing of value-10 boards is complete",
        ),
        (
            text.replace("(18.25%)", "(18.26%)"),
            "share of all boards with value 8: stated 18.26%, sweep 18.25%",
        ),
    ];
    for (edited, says) in cases {
        std::fs::write(&summary, &edited).unwrap();
        let (code, out, err) = common::queensat(&["sweep-compare", s, p]);
        assert_eq!(code, 1, "{says}: {out}{err}");
        assert!(
            out.contains(&format!("Summary disagreements ({})", says.lines().count())) && out.contains(says),
            "{says}: {out}"
        );
        let (code, out, _) = common::queensat(&["sweep-compare", s, p, "--format", "json"]);
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!((code, &doc["agree"]), (1, &serde_json::json!(false)), "{doc}");
        let found = &doc["comparisons"][0]["summary_disagreements"];
        let first = says.lines().next().unwrap();
        assert!(found[0]["text"].as_str().unwrap().contains(first), "{doc}");
    }
}

/// Trial 52: a run's `sweep.json` edited to another run's options (here `count_optimal`), then
/// that run asked for, was blamed on the first chunk's seal ("delete it and re-run"); every
/// chunk fails under the edited spec, so the spec is named as what changed.
#[test]
fn an_edited_spec_is_named_not_its_first_chunk() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sw");
    let o = out.to_str().unwrap();
    let (code, _, err) = common::queensat(&["sweep", "--size", "6", "--walls", "2", "--quiet", "-o", o]);
    assert_eq!(code, 0, "{err}");
    let spec = out.join("sweep.json");
    let text = std::fs::read_to_string(&spec).unwrap();
    std::fs::write(
        &spec,
        text.replace("\"count_optimal\":false", "\"count_optimal\":true"),
    )
    .unwrap();
    let args = [
        "sweep",
        "--size",
        "6",
        "--walls",
        "2",
        "--count-optimal",
        "--quiet",
        "-o",
        o,
    ];
    common::assert_bad_input(
        &args,
        "sweep.json: not one chunk beside it holds its seal under it",
    );
}
