//! `queensat nk`: N+k queens counts against the published terms (test oracles only) and the
//! agreement of its three methods and of the sweep's count of optimal placements.

use crate::common;
use common::queensat;

/// The placements `nk` prints for one n and k.
fn count(dir: &std::path::Path, n: usize, k: usize, method: &str) -> u64 {
    let (code, out, err) = queensat(&[
        "nk",
        "--size",
        &n.to_string(),
        "--walls",
        &k.to_string(),
        "--method",
        method,
        "-o",
        dir.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().next().unwrap();
    line.split(": ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn n_plus_one_queens_are_oeis_a103330() {
    // OEIS A103330, n = 1..12: the oracle, never an input of the count.
    let published = [0, 0, 0, 0, 0, 16, 20, 128, 396, 2288, 11152, 65712];
    let dir = tempfile::tempdir().unwrap();
    for (i, &want) in published.iter().enumerate() {
        assert_eq!(count(dir.path(), i + 1, 1, "rows"), want, "n={}", i + 1);
    }
}

/// OEIS A129551 (k = 2) and A129553 (k = 3), n = 1..12: oracles only, as above. (Terms read
/// from a public copy of the OEIS data; results/nk/README.md compares every published term.)
#[test]
fn n_plus_two_and_n_plus_three_queens_are_oeis_a129551_and_a129553() {
    let published: [(usize, [u64; 12]); 2] = [
        (2, [0, 0, 0, 0, 0, 0, 4, 44, 280, 1304, 12452, 105012]),
        (3, [0, 0, 0, 0, 0, 0, 0, 8, 44, 528, 5976, 77896]),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (k, terms) in published {
        // 1×1 has no room for k walls: `nk` refuses that count alone (a table gives it 0, as
        // published; see below).
        for (i, &want) in terms.iter().enumerate().skip(1) {
            assert_eq!(count(dir.path(), i + 1, k, "rows"), want, "n={}, k={k}", i + 1);
        }
    }
}

/// OEIS A103331, A129552 and A129554 (k = 1, 2, 3, symmetric configurations counted once),
/// n = 1..12 (A129554 to 11): oracles only, read from the OEIS entries.
#[test]
fn up_to_symmetry_are_oeis_a103331_a129552_and_a129554() {
    let published: [(usize, &[u64]); 3] = [
        (1, &[0, 0, 0, 0, 0, 2, 3, 16, 52, 286, 1403, 8214]),
        (2, &[0, 0, 0, 0, 0, 0, 1, 6, 37, 164, 1572, 13133]),
        (3, &[0, 0, 0, 0, 0, 0, 0, 1, 6, 66, 751]),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (k, terms) in published {
        let sizes = format!("1..{}", terms.len());
        let (code, out, err) = queensat(&[
            "nk",
            "--size",
            &sizes,
            "--walls",
            &k.to_string(),
            "--up-to-symmetry",
            "-o",
            dir.path().to_str().unwrap(),
            "--format",
            "json",
            "--quiet",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let counts = v["counts"].as_array().unwrap();
        let ours: Vec<u64> = counts
            .iter()
            .map(|c| c["up_to_symmetry"]["distinct"].as_u64().unwrap())
            .collect();
        assert_eq!(ours, terms, "k={k}");
    }
}

/// A finished count of `n` and `k` (the default reduction) in `root`, and its `count.json`.
fn finished_count(root: &str, n: &str, k: &str) -> std::path::PathBuf {
    let (code, _, err) = queensat(&["nk", "--size", n, "--walls", k, "-o", root, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    std::path::Path::new(root).join(format!("{n}x{n}-{k}w-rows-sides/count.json"))
}

/// `--placements-from` takes a finished count's placements (the file read back and checked)
/// instead of counting again, and refuses a file that is not such a count.
#[test]
fn up_to_symmetry_from_a_finished_count() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_str().unwrap();
    let file = finished_count(root, "9", "2");
    let file = file.to_str().unwrap();
    let (code, out, err) = queensat(&[
        "nk",
        "--size",
        "9",
        "--walls",
        "2",
        "--up-to-symmetry",
        "--placements-from",
        file,
        "-o",
        root,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!(
            "280 placements of 11 queens [rows, 8 symmetries; read from {file}"
        )),
        "{out}"
    );
    assert!(out.contains("n=9 k=2: 37 configurations up to symmetry"), "{out}");
    // A count of another n, a file that is not a count, a changed count that breaks whole
    // classes (unsealed, as an earlier queensat wrote it, with no chunks beside it), and the
    // flag alone: one line each, exit 2.
    let other = dir.path().join("other.json");
    let mut doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    doc.as_object_mut().unwrap().remove("seal");
    doc["placements"] = 281.into();
    std::fs::write(&other, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"n\": 9}").unwrap();
    for (size, from, says) in [
        ("10", file, "which this table does not ask for"),
        ("9", junk.to_str().unwrap(), "not a count of queensat nk"),
        ("9", other.to_str().unwrap(), "do not make whole classes"),
    ] {
        let (code, _, err) = queensat(&[
            "nk",
            "--size",
            size,
            "--walls",
            "2",
            "--up-to-symmetry",
            "--placements-from",
            from,
            "-o",
            root,
            "--quiet",
        ]);
        assert_eq!(code, 2, "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
    let (code, _, err) = queensat(&["nk", "--size", "9", "--walls", "2", "--placements-from", file]);
    assert_eq!(code, 2, "{err}");
}

/// A table of counts read back, whose recounts were made different ways from row to row (n = 7
/// by the mirror and by no symmetry, n = 8 by the 8 symmetries and by the mirror), names the way
/// in each cell: its headings named the first row's ways for every row (results/nk's
/// distinct-new-k3.md said "8 symmetries" of a count by the mirror).
#[test]
fn a_table_names_each_count_s_way_where_rows_differ() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_str().unwrap();
    let mut files = Vec::new();
    for (n, flag, folder) in [
        ("7", "--mirror", "rows"),
        ("7", "--no-mirror", "rows-all"),
        ("8", "--walls", "rows-sides"),
        ("8", "--mirror", "rows"),
    ] {
        let mut a = vec!["nk", "--size", n, "--walls", "2", "-o", root, "--quiet"];
        if flag != "--walls" {
            a.push(flag);
        }
        let (code, _, err) = queensat(&a);
        assert_eq!(code, 0, "{err}");
        files.push(format!("{root}/{n}x{n}-2w-{folder}/count.json"));
    }
    let table = dir.path().join("t.md");
    let mut a = vec![
        "nk",
        "--size",
        "7..8",
        "--walls",
        "2",
        "--up-to-symmetry",
        "--placements-from",
    ];
    a.extend(files.iter().map(String::as_str));
    a.extend(["-o", root, "--table", table.to_str().unwrap(), "--quiet"]);
    let (code, _, err) = queensat(&a);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&table).unwrap();
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    assert!(head.contains("| CPU s (count 1) | CPU s (count 2) |"), "{text}");
    let rows: Vec<&str> = lines.skip(1).take(2).collect();
    assert!(
        rows[0].contains(" (rows, mirror) |") && rows[0].contains(" (rows, no symmetry) |"),
        "{text}"
    );
    assert!(
        rows[1].contains(" (rows, 8 symmetries) |") && rows[1].contains(" (rows, mirror) |"),
        "{text}"
    );
    // One count per row, by other methods (the review's case: "sat" headed a count by rows).
    let (code, _, err) = queensat(&[
        "nk", "--size", "6", "--walls", "1", "--method", "sat", "-o", root, "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = queensat(&["nk", "--size", "5", "--walls", "1", "-o", root, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let (five, six) = (
        format!("{root}/5x5-1w-rows-sides/count.json"),
        format!("{root}/6x6-1w-sat/count.json"),
    );
    let (code, _, err) = queensat(&[
        "nk",
        "--size",
        "5..6",
        "--walls",
        "1",
        "--up-to-symmetry",
        "--placements-from",
        &five,
        &six,
        "-o",
        root,
        "--table",
        table.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&table).unwrap();
    assert!(
        text.lines().next().unwrap().contains("| CPU s (count 1) |"),
        "{text}"
    );
    assert!(text.contains(" (rows) |") && text.contains(" (sat) |"), "{text}");
}

/// Trial 50, F1: `--placements-from` took an edited `count.json` at its word (136 placements
/// of 8x8 with one wall made "17 configurations", exit 0, and went into `--table`). The file
/// is sealed, and the chunks beside it must add up to it: an edited count is refused, resealed
/// or not, and an unsealed one (an earlier queensat's) is checked by its chunks.
#[test]
fn placements_from_refuses_an_edited_count() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_str().unwrap();
    let path = finished_count(root, "8", "1");
    let (file, table) = (path.to_str().unwrap(), dir.path().join("t.md"));
    let ask = [
        "nk",
        "--size",
        "8",
        "--walls",
        "1",
        "--up-to-symmetry",
        "--placements-from",
        file,
        "--table",
        table.to_str().unwrap(),
        "-o",
        root,
    ];
    let text = std::fs::read_to_string(&path).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["placements"], 128);
    let mut edited = doc.clone();
    edited["placements"] = 136.into();
    let unsealed = |d: &serde_json::Value| {
        let mut d = d.clone();
        d.as_object_mut().unwrap().remove("seal");
        serde_json::to_string_pretty(&d).unwrap()
    };
    // Edited without a seal (as an earlier queensat wrote it), edited, and edited and sealed
    // again (a forger).
    std::fs::write(&path, unsealed(&edited)).unwrap();
    common::assert_bad_input(&ask, "add up to 128");
    assert!(doc["seal"].is_string(), "{text}");
    std::fs::write(&path, text.replace("\"placements\": 128", "\"placements\": 136")).unwrap();
    common::assert_bad_input(&ask, "its seal does not match its content");
    common::write_sealed(&path, &edited, "count.json of an N+k count");
    common::assert_bad_input(&ask, "states 136 placements, where the chunks beside it");
    assert!(!table.exists(), "no table of a refused count");
    // The file as written, or unsealed but true to its chunks: 16 configurations.
    for good in [text.clone(), unsealed(&doc)] {
        std::fs::write(&path, good).unwrap();
        let (code, out, err) = queensat(&ask);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("n=8 k=1: 16 configurations up to symmetry"), "{out}");
        assert!(err.is_empty(), "checked by its chunks, no note: {err}");
        let t = std::fs::read_to_string(&table).unwrap();
        assert!(t.contains("| 8 | 1 | 9 | 128 |") && t.contains("| 16 |"), "{t}");
    }
    // Some chunks gone (as in a run that read the others from shards): sealed, the seal
    // vouches; unsealed, the file's word, and a note on stderr says so.
    std::fs::remove_file(dir.path().join("8x8-1w-rows-sides/chunks/1w-000001.json")).unwrap();
    for (file, note) in [(text, false), (unsealed(&doc), true)] {
        std::fs::write(&path, file).unwrap();
        let (code, _, err) = queensat(&ask);
        assert_eq!(code, 0, "{err}");
        assert_eq!(err.contains("queensat: note: "), note, "{err}");
        assert!(!note || err.contains("carries no seal"), "{err}");
    }
}

#[test]
fn the_three_methods_agree_and_disagreement_would_fail() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (code, out, err) = queensat(&[
        "nk",
        "--size",
        "7..9",
        "--walls",
        "2..3",
        "--method",
        "rows,classes,sat",
        "-o",
        d,
        "--quiet",
        "--table",
        &format!("{d}/t.md"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("| 9 | 2 | 11 | 280 | 22 | 158 |"), "{out}");
    let table = std::fs::read_to_string(dir.path().join("t.md")).unwrap();
    assert_eq!(table.matches(" yes |").count(), 6, "{table}");
    // Each symmetry reduction of the row counter recounts in its own directory: the 8
    // symmetries (the default), the mirror on either half of row 0, none.
    for (flag, how, dir_name) in [
        (None, "8 symmetries", "9x9-3w-rows-sides"),
        (Some("--mirror"), "mirror", "9x9-3w-rows"),
        (
            Some("--mirror-right"),
            "mirror on the right half",
            "9x9-3w-rows-right",
        ),
        (Some("--no-mirror"), "no symmetry", "9x9-3w-rows-all"),
    ] {
        let mut args = vec!["nk", "--size", "9", "--walls", "3", "-o", d];
        args.extend(flag);
        let (code, out, _) = queensat(&args);
        assert_eq!(code, 0);
        let want = format!("n=9 k=3: 44 placements of 12 queens [rows, {how};");
        assert!(out.starts_with(&want), "{out}");
        assert!(
            dir.path().join(dir_name).join("count.json").exists(),
            "{dir_name}"
        );
    }
    let (code, _, err) = queensat(&[
        "nk",
        "--size",
        "9",
        "--walls",
        "3",
        "--mirror-right",
        "--no-mirror",
    ]);
    assert_eq!(code, 2);
    assert!(err.starts_with("queensat: error:"), "{err}");
}

#[test]
fn agrees_with_the_sweep_count_of_optimal_placements() {
    // 8x8 with 2 walls: the value is 10 = n + k, so the sweep's total is the N+k count.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (code, out, err) = queensat(&[
        "sweep",
        "--size",
        "8",
        "--walls",
        "2",
        "--count-optimal",
        "-o",
        d,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let sweep: u64 = out
        .split(", ")
        .last()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(count(&dir.path().join("nk"), 8, 2, "rows"), sweep);
}

#[test]
fn bad_input_is_one_line() {
    let (code, _, err) = queensat(&["nk", "--size", "40", "--walls", "1", "--quiet"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("queensat: error: N+k counting takes sides 1 to 32"),
        "{err}"
    );
    // A request where no board holds the walls is refused before any count.
    let (code, _, err) = queensat(&["nk", "--size", "2,3", "--walls", "10..12", "--quiet"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--walls 10: more walls than the 3x3 board has squares"),
        "{err}"
    );
    let (code, _, err) = queensat(&["nk", "--size", "8", "--walls", "1", "--classes"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A table over sizes from 1 (as `make nk-queens` asks) counts the cells whose board is too
/// small for the walls as 0 placements instead of refusing the whole table; and without
/// `--output` the runs go to `nk-runs/` in the current directory, not into `results/`.
#[test]
fn a_table_from_size_one_and_the_default_output() {
    let dir = tempfile::tempdir().unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(["nk", "--size", "1..3", "--walls", "2..3", "--quiet"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("| 1 | 3 | 4 | 0 |"), "{out}");
    assert!(out.contains("| 3 | 2 | 5 | 0 |"), "{out}");
    assert!(dir.path().join("nk-runs/1x1-3w-rows-sides/count.json").is_file());
    assert!(!dir.path().join("results").exists());
}

/// `queensat merge` reads the kind of run from the shard directories: the shards of an N+k
/// count merge to the count of an unsharded run, as `--merge-from` gives it; a missing shard
/// is one error line and leaves no output.
#[test]
fn merge_assembles_nk_shards_like_merge_from() {
    let dir = tempfile::tempdir().unwrap();
    let p = |s: &str| dir.path().join(s).to_str().unwrap().to_string();
    let nk = |extra: &[&str]| {
        let mut args = vec![
            "nk", "--size", "8", "--walls", "2", "--method", "classes", "--chunk", "30", "--quiet",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = queensat(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    for i in 1..=2 {
        nk(&["--shard", &format!("{i}/2"), "-o", &p(&format!("s{i}"))]);
    }
    let shards = [p("s1/8x8-2w-classes"), p("s2/8x8-2w-classes")];
    let (code, merged, err) = queensat(&["merge", &shards[0], &shards[1], "-o", &p("merged")]);
    assert_eq!(code, 0, "{err}");
    assert!(
        merged.starts_with("n=8 k=2: 44 placements of 10 queens on "),
        "{merged}"
    );
    let from = nk(&["-o", &p("from"), "--merge-from", &shards[0], &shards[1]]);
    let strip = |s: &str| s.split(" s CPU").next().unwrap().to_string();
    assert_eq!(strip(&merged), strip(&from));
    let count = |d: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(format!("{d}/count.json")).unwrap()).unwrap()
    };
    let (a, b) = (count(&p("merged")), count(&p("from/8x8-2w-classes")));
    for field in ["placements", "classes", "chunks", "chunks_resumed", "items"] {
        assert_eq!(a[field], b[field], "{field}");
    }
    let (code, _, err) = queensat(&["merge", &shards[0], "-o", &p("half")]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("queensat: error:") && err.contains("missing"),
        "{err}"
    );
    assert!(!dir.path().join("half").exists());
}

/// `make bench-nk`'s peer (bench/peers/nk_count.c, a dedicated counter in C, compiled here with
/// `gcc -O2 -Wall -Werror`) counts what `nk` counts for n = 2..10 and k = 0..3, and refuses a
/// board past 32 columns with one line on stderr and exit 2. (bench/nk.sh checks n up to 13.)
#[test]
fn the_bench_peer_counts_what_nk_counts() {
    let dir = tempfile::tempdir().unwrap();
    let Some(peer) = common::programs::gcc_peer("nk_count", dir.path()) else {
        return;
    };
    let run = |args: &[&str]| std::process::Command::new(&peer).args(args).output().unwrap();
    for k in 0..=3 {
        for n in 2..=10 {
            let o = run(&[&n.to_string(), &k.to_string()]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            let line: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            let want = count(dir.path(), n, k, "rows");
            assert_eq!(line["placements"], want, "n={n}, k={k}");
            assert_eq!(
                (line["n"].as_u64(), line["k"].as_u64()),
                (Some(n as u64), Some(k as u64))
            );
        }
    }
    let o = run(&["33", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
}
