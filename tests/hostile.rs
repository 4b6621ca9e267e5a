//! The hostile suite (issue 51): every command as a hostile user meets it, driven by lists so
//! that a new command is covered by adding it to a list:
//! - [`solver_commands`]: every command that takes `--solver`, run with each liar of
//!   [`LIARS`]; an answer that rests on the liar's word must say so (or the run refuses), and
//!   with `--require-proof` the run refuses;
//! - [`resumable`]: every command that reads back what it wrote (chunks, caches), each file
//!   truncated, extended, flipped, moved, and the tamperings of the issue (some sealed again, as
//!   a forger would); the run refuses in one line naming the file, and the file stays;
//! - [`huge_inputs`]: headers and sizes beyond memory, under an address-space limit;
//! - [`bad_bytes`]: input files of hostile bytes for every command that reads one;
//! - [`closed_stdout`]: every command with standard output closed.
//!
//! Each test prints how many cases it ran; `cargo test --release --test integration hostile:: -- --ignored`
//! runs the larger generated set (more byte flips per file).

use crate::common;

use common::hostile::{Case, Expect, LIARS, Lcg, copy_dir, fake_solver, run_all};
use std::path::{Path, PathBuf};

const BIN: &str = env!("CARGO_BIN_EXE_queensat");
const PUBLISHED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/results/published/walled-n-queens/8x8"
);

fn s(p: &Path) -> String {
    p.to_str().unwrap().to_string()
}

/// A command that takes `--solver`: its arguments (an output directory, when it needs one,
/// under `dir`), whether it takes `--require-proof`, and a file its answer goes to.
struct SolverCommand {
    name: &'static str,
    args: Vec<String>,
    require_proof: bool,
    answer_file: Option<PathBuf>,
}

/// Every command that takes `--solver`, on a small question. Add a command here.
fn solver_commands(dir: &Path, case: &str) -> Vec<SolverCommand> {
    let batch = dir.join("batch.jsonl");
    std::fs::write(&batch, "{\"size\":5}\n{\"size\":6,\"walls\":[[1,1]]}\n").unwrap();
    let cnf = dir.join("q.cnf");
    let text = String::from_utf8(
        std::process::Command::new(BIN)
            .args(["encode", "value", "--size", "4", "--at-least", "4"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    std::fs::write(&cnf, text).unwrap();
    let sweep = dir.join(format!("{case}-sweep"));
    let certs = dir.join(format!("{case}-certify"));
    let published = |f: &str| format!("{PUBLISHED}/{f}");
    // (name, arguments split at spaces, takes --require-proof); `{…}` stands for a path.
    let list: [(&'static str, &str, bool); 20] = [
        ("value", "value --size 5", true),
        (
            "value-walls-json",
            "value --size 6 --walls 1,1;2,3 --format json",
            true,
        ),
        ("value-batch", "value --batch {batch}", true),
        ("value-certify", "value --size 5 --certify", true),
        ("solutions-count", "solutions --size 5 --count", true),
        ("solutions-list", "solutions --size 5", true),
        ("solve", "solve {cnf}", true),
        (
            "sweep",
            "sweep --size 4 --walls 1 --engine reuse --start greedy --quiet --output {sweep}",
            true,
        ),
        ("verify-boards", "verify {0W}", true),
        ("verify-summary", "verify {1Ws} --boards {1W}", true),
        ("verify-certify", "verify {0W} --certify", true),
        (
            "puzzles-reuse",
            "puzzles --size 5 --walls 0..2 --engine reuse",
            false,
        ),
        ("least-walls", "least-walls --size 5 --queens 7", true),
        (
            "least-walls-certify",
            "least-walls --size 5 --queens 7 --certify",
            true,
        ),
        ("armies", "armies --size 4", true),
        ("armies-table", "armies --size 3..4 --table", true),
        ("armies-certify", "armies --size 4 --certify", true),
        ("cover", "cover --size 5", true),
        ("cover-table", "cover --size 4..5", true),
        ("cover-certify", "cover --size 5 --certificates {certs}", true),
    ];
    list.iter()
        .map(|&(name, args, require_proof)| SolverCommand {
            name,
            args: args
                .split(' ')
                .map(|a| {
                    a.replace("{batch}", &s(&batch))
                        .replace("{cnf}", &s(&cnf))
                        .replace("{sweep}", &s(&sweep))
                        .replace("{certs}", &s(&certs))
                        .replace("{0W}", &published("0-W_boards.csv"))
                        .replace("{1Ws}", &published("1W_summary.txt"))
                        .replace("{1W}", &published("1-W_boards.csv"))
                        .replace(';', " ")
                })
                .collect(),
            require_proof,
            answer_file: (name == "sweep").then(|| sweep.join("summary.md")),
        })
        .collect()
}

/// Item 1: every command that takes `--solver`, with every liar.
#[test]
fn liars_are_never_believed_silently() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    for (liar, body) in LIARS {
        let solver = fake_solver(dir.path(), liar, body);
        for (proof, extra) in [(false, &[][..]), (true, &["--require-proof"][..])] {
            let case = format!("{liar}{}", if proof { "-rp" } else { "" });
            for cmd in solver_commands(dir.path(), &case) {
                if proof && !cmd.require_proof {
                    continue;
                }
                let mut args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
                args.extend(["--solver", &solver]);
                args.extend(extra);
                // `solve` may say UNKNOWN (no claim at all); anything else is refused.
                let expect = match (proof, cmd.name) {
                    (true, "solve") => Expect::RefusedUnless("s UNKNOWN".into()),
                    (true, _) => Expect::Refused(String::new()),
                    (false, _) => Expect::RefusedOrLabelled(cmd.answer_file.clone()),
                };
                cases.push(Case::new(format!("{} with {case}", cmd.name), &args, expect));
            }
        }
    }
    let n = run_all(&cases);
    eprintln!("hostile: {n} lying-solver cases");
}

/// A command that resumes from files it wrote: the run that writes them (ending in its output
/// directory, or its cache) and the files it reads back.
struct Resumable {
    name: &'static str,
    args: Vec<String>,
    /// Where the files read back are (a directory searched recursively for `*.json` other
    /// than the spec and the results).
    dir: PathBuf,
}

/// Every resumable command, each with a clean run already made in `root`. Add a command here.
fn resumable(root: &Path) -> Vec<Resumable> {
    let mk = |name: &'static str, args: Vec<String>, dir: PathBuf| {
        let o = std::process::Command::new(BIN).args(&args).output().unwrap();
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        Resumable { name, args, dir }
    };
    let d = |n: &str| root.join(n);
    let cover = d("cover");
    std::fs::create_dir_all(&cover).unwrap();
    // The reports with the files they name (the certificates' CNF and proof, the solution
    // lists), which a report read back must find as it left them.
    for f in [
        "cover-5.json",
        "cover-5-le4.cnf",
        "cover-5-le4.lrat",
        "solutions-5.txt",
        "cover-6.json",
        "solutions-6.txt",
    ] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("results/cover")
            .join(f);
        std::fs::copy(from, cover.join(f)).unwrap();
    }
    let strings = |a: &[&str]| a.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    vec![
        mk(
            "sweep",
            strings(&[
                "sweep",
                "--size",
                "4",
                "--walls",
                "1..2",
                "--chunk",
                "4",
                "--count-optimal",
                "--quiet",
                "--output",
                &s(&d("sweep")),
            ]),
            d("sweep"),
        ),
        mk(
            "puzzles",
            strings(&[
                "puzzles",
                "--size",
                "6",
                "--walls",
                "1..2",
                "--chunk",
                "60",
                "--quiet",
                "--output",
                &s(&d("puzzles")),
            ]),
            d("puzzles"),
        ),
        mk(
            "nk-rows",
            strings(&[
                "nk",
                "--size",
                "8",
                "--walls",
                "2",
                "--mirror",
                "--chunk",
                "16",
                "-o",
                &s(&d("nk-rows")),
            ]),
            d("nk-rows"),
        ),
        mk(
            "nk-classes",
            strings(&[
                "nk",
                "--size",
                "8",
                "--walls",
                "2",
                "--method",
                "classes",
                "--chunk",
                "60",
                "-o",
                &s(&d("nk-classes")),
            ]),
            d("nk-classes"),
        ),
        mk(
            "armies",
            strings(&[
                "armies",
                "--size",
                "4..5",
                "--table",
                "--cache",
                &s(&d("armies")),
                "-o",
                &s(&root.join("armies.md")),
            ]),
            d("armies"),
        ),
        mk(
            "cover",
            strings(&[
                "cover",
                "--size",
                "5..6",
                "--certificates",
                &s(&cover),
                "--cached-only",
                "--quiet",
                "-o",
                &s(&root.join("cover.md")),
            ]),
            cover,
        ),
    ]
}

/// The files a resumable run reads back: its chunks, or its cached reports.
fn read_back_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            if p.is_dir() {
                stack.push(p);
            } else if d.ends_with("chunks")
                || name.starts_with("cover-") && name.ends_with(".json")
                || name.contains('x')
                    && name.ends_with(".json")
                    && !d.ends_with("chunks")
                    && !name.contains('-')
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The ways a file is damaged or edited carelessly: each must be refused.
fn damages(bytes: &[u8], flips: usize, seed: u64) -> Vec<(String, Vec<u8>)> {
    let n = bytes.len();
    let mut out = vec![
        ("empty".to_string(), Vec::new()),
        ("first byte".to_string(), bytes[..1].to_vec()),
        ("half".to_string(), bytes[..n / 2].to_vec()),
        ("closing brace cut".to_string(), bytes[..n - 2].to_vec()),
        ("seal cut".to_string(), bytes[..n.saturating_sub(5)].to_vec()),
        ("appended".to_string(), [bytes, b"x"].concat()),
        ("appended object".to_string(), [bytes, b"\n{}\n"].concat()),
        ("doubled".to_string(), [bytes, bytes].concat()),
        (
            "not UTF-8".to_string(),
            [&bytes[..n / 3], b"\xff", &bytes[n / 3 + 1..]].concat(),
        ),
    ];
    let mut rng = Lcg(seed);
    for i in 0..flips {
        // Not the final newline, which no reader needs.
        let at = rng.below(n - 1);
        let mut b = bytes.to_vec();
        let digits = b"0123456789";
        b[at] = if b[at].is_ascii_digit() {
            digits[(usize::from(b[at] - b'0') + 1 + rng.below(9)) % 10]
        } else {
            b" ,:[]{}\"0a"[rng.below(10)]
        };
        if b != bytes {
            out.push((format!("flip {i} at {at}"), b));
        }
    }
    out
}

/// The cases that damage every file of every resumable command, `flips` random byte edits
/// each on top of the fixed damages.
fn damage_cases(root: &Path, flips: usize) -> Vec<Case> {
    let mut cases = Vec::new();
    for r in resumable(root) {
        let files = read_back_files(&r.dir);
        assert!(!files.is_empty(), "{}: no files read back", r.name);
        for (fi, file) in files.iter().enumerate() {
            let bytes = std::fs::read(file).unwrap();
            let rel = file.strip_prefix(&r.dir).unwrap().to_path_buf();
            let mut edits = damages(&bytes, flips, fi as u64 + 1);
            // Another file of the same run in its place (places mixed).
            if let Some(other) = files.get((fi + 1) % files.len()).filter(|o| *o != file) {
                edits.push(("another file's content".into(), std::fs::read(other).unwrap()));
            }
            for (ci, (what, content)) in edits.into_iter().enumerate() {
                let case_dir = root.join(format!("case-{}-{fi}-{ci}", r.name));
                copy_dir(&r.dir, &case_dir);
                let target = case_dir.join(&rel);
                std::fs::write(&target, &content).unwrap();
                let args: Vec<String> = r
                    .args
                    .iter()
                    .map(|a| {
                        if Path::new(a) == r.dir {
                            s(&case_dir)
                        } else {
                            a.clone()
                        }
                    })
                    .collect();
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let name = file.file_name().unwrap().to_str().unwrap();
                let mut c = Case::new(
                    format!("{} {name}: {what}", r.name),
                    &args,
                    Expect::Refused(name.into()),
                );
                c.keep = vec![target];
                cases.push(c);
            }
        }
    }
    cases
}

/// Item 2: every file read back, damaged or edited carelessly, is refused and kept.
#[test]
fn damaged_read_back_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let n = run_all(&damage_cases(dir.path(), 4));
    eprintln!("hostile: {n} damaged read-back cases");
}

/// The larger generated run: 40 random byte edits per file read back.
#[test]
#[ignore]
fn damaged_read_back_files_are_refused_many() {
    let dir = tempfile::tempdir().unwrap();
    let n = run_all(&damage_cases(dir.path(), 40));
    eprintln!("hostile: {n} damaged read-back cases");
}

fn edit_json(path: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    edit(&mut v);
    v.as_object_mut().unwrap().remove("seal");
    std::fs::write(path, serde_json::to_string(&v).unwrap()).unwrap();
}

/// An edit of the issue's list: which command, which file, the edit, whether it is sealed
/// again (a forger), and what the refusal says.
type Edit = fn(&mut serde_json::Value);

/// The first chunk `PREFIX-JJJJJJ.json` of a run (relative to its directory) whose document
/// `wanted` accepts.
fn first_chunk(r: &Resumable, prefix: &str, wanted: impl Fn(&serde_json::Value) -> bool) -> String {
    (0..)
        .map(|j| format!("{prefix}-{j:06}.json"))
        .take_while(|rel| r.dir.join(rel).exists())
        .find(|rel| wanted(&serde_json::from_slice(&std::fs::read(r.dir.join(rel)).unwrap()).unwrap()))
        .unwrap_or_else(|| panic!("{}: no such chunk {prefix}", r.name))
}

/// Item 2: the issue's tamperings, careless and forged, each refused.
#[test]
fn the_issues_tamperings_are_refused() {
    let root = tempfile::tempdir().unwrap();
    let runs = resumable(root.path());
    let run = |name: &str| runs.iter().find(|r| r.name == name).unwrap();
    let puzzle_with = |v: &serde_json::Value, key: &str| {
        v["classes"]
            .as_array()
            .unwrap()
            .iter()
            .position(|c| c["verdict"].get(key).is_some())
            .unwrap_or_else(|| panic!("a class with verdict {key}"))
    };
    // A chunk of the per-class count that lists classes (the first ones have no placements).
    let listed = first_chunk(run("nk-classes"), "8x8-2w-classes/chunks/2w", |v| {
        !v["classes"].as_array().unwrap().is_empty()
    });
    let edits: Vec<(&str, &str, Edit, bool, &str)> = vec![
        (
            "nk-rows",
            "8x8-2w-rows/chunks/2w-000001.json",
            |v| v["placements"] = (v["placements"].as_u64().unwrap() + 1).into(),
            false,
            "seal",
        ),
        (
            "nk-classes",
            &listed,
            |v| {
                let c = &mut v["classes"][0];
                let (b, p) = (c["boards"].as_u64().unwrap(), c["per_board"].as_u64().unwrap());
                c["per_board"] = (p + 1).into();
                v["placements"] = (v["placements"].as_u64().unwrap() + b).into();
            },
            false,
            "seal",
        ),
        (
            "nk-classes",
            &listed,
            |v| v["classes"][0]["boards"] = 1.into(),
            true,
            "boards",
        ),
        (
            "armies",
            "4x4.json",
            |v| {
                v["m"] = 1.into();
                for c in ["white", "black"] {
                    v["example"][c].as_array_mut().unwrap().truncate(1);
                }
            },
            true,
            "last solver call",
        ),
        (
            "cover",
            "cover-5.json",
            |v| {
                v["pack"]["value"] = 4.into();
                v["pack"]["selection"].as_array_mut().unwrap().truncate(4);
            },
            true,
            "pack",
        ),
        (
            "cover",
            "cover-5.json",
            |v| {
                v["cover"]["value"] = 6.into();
                let extra = (0..10)
                    .find(|i| !v["cover"]["selection"].as_array().unwrap().contains(&(*i).into()))
                    .unwrap();
                v["cover"]["selection"].as_array_mut().unwrap().push(extra.into());
            },
            true,
            "cover",
        ),
    ];
    let mut cases = Vec::new();
    let mut add = |r: &Resumable,
                   rel: &str,
                   i: usize,
                   edit: &dyn Fn(&mut serde_json::Value),
                   seal: bool,
                   want: &str| {
        let case_dir = root.path().join(format!("issue-{}-{i}", r.name));
        copy_dir(&r.dir, &case_dir);
        let file = case_dir.join(rel);
        edit_json(&file, edit);
        if seal {
            let binding = match r.name {
                "armies" => Some(common::armies_binding(4, 4)),
                "cover" => Some(common::cover_binding(5)),
                _ => None,
            };
            match binding {
                Some(b) => {
                    let v: serde_json::Value =
                        serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
                    common::write_sealed(&file, &v, &b);
                }
                None => common::reseal_chunk(&file),
            }
        }
        let args: Vec<String> = r
            .args
            .iter()
            .map(|a| {
                if Path::new(a) == r.dir {
                    s(&case_dir)
                } else {
                    a.clone()
                }
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut c = Case::new(
            format!("{} {rel}: issue edit {i} (sealed again: {seal})", r.name),
            &args,
            Expect::Refused(want.into()),
        );
        c.keep = vec![file];
        cases.push(c);
    };
    for (i, (name, rel, edit, seal, want)) in edits.iter().enumerate() {
        add(run(name), rel, i, edit, *seal, want);
        if *seal {
            // The same edit without a seal: refused by the seal.
            add(run(name), rel, 100 + i, edit, false, "seal");
        }
    }
    // Puzzles: a unique puzzle's verdict flipped to not unique (it would vanish), its near
    // solutions changed, and a not-unique class called unique; sealed again each time.
    let p = run("puzzles");
    let chunk = first_chunk(p, "chunks/2w", |v| {
        v["classes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["verdict"].get("unique").is_some())
    });
    let chunk = chunk.as_str();
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(p.dir.join(chunk)).unwrap()).unwrap();
    let u = puzzle_with(&doc, "unique");
    let flip = move |v: &mut serde_json::Value| {
        v["classes"][u]["verdict"] = serde_json::json!({"not_unique": {"cheaply": false}});
        v["classes"][u]["holds_unique"] = false.into();
    };
    let near = move |v: &mut serde_json::Value| {
        v["classes"][u]["verdict"]["unique"]["near_solutions"] = 12345.into()
    };
    for (i, (edit, want)) in [
        (&flip as &dyn Fn(&mut serde_json::Value), "verdict"),
        (&near, "near solutions"),
    ]
    .into_iter()
    .enumerate()
    {
        add(p, chunk, 200 + i, edit, true, want);
        add(p, chunk, 300 + i, edit, false, "seal");
    }
    let n = run_all(&cases);
    eprintln!("hostile: {n} cases of the issue's tamperings");
}

/// Item 3: headers and sizes beyond what the file or memory holds, under a 1 GiB
/// address-space limit: one line, never an abort.
#[test]
fn huge_inputs_are_refused_within_memory() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    let cnfs = [
        "p cnf 100000000 1\n1 0\n",
        "p cnf 2147483647 1\n1 0\n",
        "p cnf 4294967296 1\n1 0\n",
        "p cnf 100000000 1\n100000000 0\n",
        "p cnf 2147483647 1\n2147483647 0\n",
        "p cnf 2147483647 1\n-2147483647 1 0\n",
        "p cnf 3 99999999999\n1 0\n",
        "p cnf 3 18446744073709551616\n1 0\n",
        "p cnf -5 1\n1 0\n",
        "p cnf 3 1\n9999999999 0\n",
        "p cnf 3 1\n-2147483648 0\n",
        "p  cnf  100000000  1\n1 0\n",
    ];
    for (i, text) in cnfs.iter().enumerate() {
        let f = dir.path().join(format!("h{i}.cnf"));
        std::fs::write(&f, text).unwrap();
        for extra in [&[][..], &["--solver", "external:false"][..]] {
            let mut args = vec!["solve", f.to_str().unwrap()];
            args.extend(extra);
            let mut c = Case::new(
                format!("solve {text:?} {extra:?}"),
                &args,
                Expect::Refused(String::new()),
            );
            c.memory = Some(1 << 30);
            cases.push(c);
        }
    }
    // A solver's output naming huge variables, checked against a small formula.
    let small = dir.path().join("small.cnf");
    std::fs::write(&small, "p cnf 2 1\n1 2 0\n").unwrap();
    for (i, out) in [
        "s SATISFIABLE\nv 2147483647 0\n",
        "s SATISFIABLE\nv -9999999999 0\n",
        "SAT\n4294967295 0\n",
    ]
    .iter()
    .enumerate()
    {
        let f = dir.path().join(format!("o{i}.txt"));
        std::fs::write(&f, out).unwrap();
        let mut c = Case::new(
            format!("solve --check {out:?}"),
            &["solve", small.to_str().unwrap(), "--check", f.to_str().unwrap()],
            Expect::Refused(String::new()),
        );
        c.memory = Some(1 << 30);
        cases.push(c);
    }
    // Board sizes beyond reason, on the command line and in a batch.
    for args in [
        &["value", "--size", "100000000"][..],
        &["value", "--rows", "1", "--cols", "4294967296"],
        &["solutions", "--size", "1000000"],
        &["armies", "--size", "1000000"],
        &["cover", "--size", "1000000"],
        &["least-walls", "--size", "1000000", "--queens", "5"],
        &["puzzles", "--size", "100000"],
        &["nk", "--size", "100000", "--walls", "1"],
        &["sweep", "--size", "100000", "--walls", "1"],
        &["nqueens", "1e18"],
        &["render", "--size", "100000000"],
        &["encode", "value", "--size", "100000000", "--at-least", "1"],
        // 22 million classes of 32x32 boards, 128 bytes each: once 12 GB.
        &["nk", "--size", "32", "--walls", "3", "--method", "classes"],
        &["sweep", "--size", "32", "--walls", "3"],
    ] {
        let mut c = Case::new(format!("{args:?}"), args, Expect::Refused(String::new()));
        c.memory = Some(1 << 30);
        cases.push(c);
    }
    let batch = dir.path().join("huge.jsonl");
    std::fs::write(&batch, "{\"size\":100000000}\n{\"rows\":1,\"cols\":18446744073709551615}\n{\"size\":4,\"walls\":[[4294967295,0]]}\n").unwrap();
    let mut c = Case::new(
        "batch of huge boards",
        &["value", "--batch", batch.to_str().unwrap()],
        Expect::Refused("3 bad lines".into()),
    );
    c.memory = Some(1 << 30);
    cases.push(c);
    // Endless input where a small file or a line is read (a board, a batch line): refused
    // after a bounded read, not when memory runs out (the batch's line once aborted).
    for (args, says) in [
        (&["value", "/dev/zero"][..], "more than"),
        (&["value", "--csplib", "/dev/zero"], "more than"),
        (&["value", "--batch", "/dev/zero"], "a line longer than"),
        (&["render", "/dev/zero"], "more than"),
    ] {
        let mut c = Case::new(format!("{args:?}"), args, Expect::Refused(says.into()));
        c.memory = Some(1 << 30);
        cases.push(c);
    }
    let n = run_all(&cases);
    eprintln!("hostile: {n} huge-input cases");
}

/// Hostile contents for any input file.
fn hostile_bytes() -> Vec<(&'static str, Vec<u8>)> {
    let mut rng = Lcg(7);
    let noise: Vec<u8> = (0..300).map(|_| rng.below(256) as u8).collect();
    vec![
        ("empty", vec![]),
        ("blank", b"  \n\n\t\n".to_vec()),
        ("not UTF-8", b"\xff\xfe\x00garbage\n".to_vec()),
        ("NUL bytes", vec![0; 64]),
        ("CR only", b"....\r....\r....\r....\r".to_vec()),
        ("CRLF", b"....\r\n.#..\r\n....\r\n....\r\n".to_vec()),
        ("BOM", b"\xef\xbb\xbf....\n....\n....\n....\n".to_vec()),
        ("one long line", vec![b'.'; 200_000]),
        ("noise", noise),
        ("JSON", b"{\"rows\":8}\n".to_vec()),
        ("DIMACS", b"p cnf 2 1\n1 2 0\n".to_vec()),
    ]
}

/// Every command that reads an input file, `{}` standing for the file. Add a command here.
fn file_commands(dir: &Path) -> Vec<Vec<String>> {
    let cnf = dir.join("good.cnf");
    std::fs::write(&cnf, "p cnf 2 1\n1 2 0\n").unwrap();
    let cnf = s(&cnf);
    let lists: [&[&str]; 12] = [
        &["value", "{}"],
        &["value", "--batch", "{}"],
        &["solutions", "{}", "--count"],
        &["render", "{}"],
        &["armies", "{}"],
        &["solve", "{}"],
        &["solve", &cnf, "--check", "{}"],
        &["verify", "{}"],
        &["verify", "{}", "--size", "4"],
        &["nqueens", "--check", "{}"],
        &["least-walls", "table", "{}"],
        &["puzzles", "--size", "4", "--walls", "1", "--compare", "{}"],
    ];
    lists
        .iter()
        .map(|a| a.iter().map(|x| x.to_string()).collect())
        .collect()
}

/// Item 4: hostile bytes in every input file: an answer or one error line, never a crash.
#[test]
fn hostile_bytes_in_every_input_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    for (bi, (what, bytes)) in hostile_bytes().into_iter().enumerate() {
        let f = dir.path().join(format!("in{bi}"));
        std::fs::write(&f, &bytes).unwrap();
        for cmd in file_commands(dir.path()) {
            let args: Vec<String> = cmd.iter().map(|a| a.replace("{}", f.to_str().unwrap())).collect();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let mut c = Case::new(format!("{what} in {cmd:?}"), &args, Expect::NoCrash);
            c.keep = vec![f.clone()];
            cases.push(c);
            // The same bytes on standard input, where the command reads `-`.
            let dash: Vec<&str> = args
                .iter()
                .map(|&a| if a == f.to_str().unwrap() { "-" } else { a })
                .collect();
            let mut c = Case::new(format!("{what} on stdin of {cmd:?}"), &dash, Expect::NoCrash);
            c.stdin = Some(bytes.clone());
            cases.push(c);
        }
    }
    let n = run_all(&cases);
    eprintln!("hostile: {n} bad-byte cases");
}

/// Item 4: a batch answers every line, whatever its bytes, and the line ends of a grid file
/// do not change the board.
#[test]
fn every_batch_line_is_answered_and_every_line_end_reads() {
    let dir = tempfile::tempdir().unwrap();
    let lines: [&[u8]; 7] = [
        b"{\"size\":4}",
        b"{\"size\":\xff}",
        b"\x00\x01",
        b"{\"size\":5}\r",
        b"not json",
        b"{\"size\":4,\"walls\":[[9,9]]}",
        b"{\"size\":3}",
    ];
    let batch = dir.path().join("b.jsonl");
    std::fs::write(&batch, lines.join(&b'\n')).unwrap();
    let (code, out, err) = common::queensat(&["value", "--batch", batch.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let answers: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let numbers: Vec<u64> = answers.iter().map(|a| a["line"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 7], "{out}");
    assert_eq!(
        answers.iter().filter(|a| a.get("error").is_some()).count(),
        4,
        "{out}"
    );
    let grid = |ends: &str| {
        let f = dir.path().join("g.txt");
        std::fs::write(&f, ["..#.", "....", "#...", "...."].join(ends)).unwrap();
        common::queensat(&["value", f.to_str().unwrap(), "--format", "json"])
    };
    let (code, lf, err) = grid("\n");
    assert_eq!(code, 0, "{err}");
    let board = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap()["board"].clone();
    for ends in ["\r\n", "\r"] {
        let (code, out, err) = grid(ends);
        assert_eq!(code, 0, "{err}");
        assert_eq!(board(&out), board(&lf), "{ends:?}");
    }
}

/// Every command as it prints to standard output. Add a command here.
fn printing_commands(dir: &Path) -> Vec<Vec<String>> {
    let cnf = dir.join("p.cnf");
    std::fs::write(&cnf, "p cnf 2 1\n1 2 0\n").unwrap();
    let lists: Vec<Vec<String>> = [
        vec!["value", "--size", "4"],
        vec!["value", "--size", "4", "--format", "json"],
        vec!["solutions", "--size", "5"],
        vec!["solutions", "--size", "5", "--count"],
        vec!["render", "--size", "4"],
        vec!["nqueens", "8"],
        vec![
            "sweep",
            "--size",
            "3",
            "--walls",
            "1",
            "--quiet",
            "--output",
            "{dir}/sweep",
        ],
        vec![
            "verify",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/results/published/walled-n-queens/8x8/0-W_boards.csv"
            ),
        ],
        vec!["encode", "value", "--size", "4", "--at-least", "4"],
        vec!["solve", "{dir}/p.cnf"],
        vec!["puzzles", "--size", "4", "--walls", "1"],
        vec!["least-walls", "--size", "4", "--queens", "5"],
        vec!["armies", "--size", "4"],
        vec!["cover", "--size", "4"],
        vec!["nk", "--size", "5", "--walls", "1", "-o", "{dir}/nk"],
        vec!["completions", "bash"],
        vec!["--help"],
        vec!["--version"],
    ]
    .into_iter()
    .map(|a| {
        a.into_iter()
            .map(|x| x.replace("{dir}", dir.to_str().unwrap()))
            .collect()
    })
    .collect();
    lists
}

/// Item 4: with standard output closed, every command that prints fails in one line.
#[test]
fn a_closed_stdout_is_an_error_for_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    for args in printing_commands(dir.path()) {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut c = Case::new(
            format!("{a:?} >&-"),
            &a,
            Expect::Exit(2, "standard output".into()),
        );
        c.stdout_closed = true;
        cases.push(c);
    }
    // A lock file that is not one: a readable refusal.
    let out = dir.path().join("locked");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join(".lock"), b"\xff\xfe garbage\x00").unwrap();
    let mut c = Case::new(
        "garbage lock",
        &[
            "sweep",
            "--size",
            "3",
            "--walls",
            "1",
            "--output",
            out.to_str().unwrap(),
        ],
        Expect::Refused("names no owner".into()),
    );
    c.keep = vec![out.join(".lock")];
    cases.push(c);
    let n = run_all(&cases);
    eprintln!("hostile: {n} closed-stdout and lock cases");
}

/// `sweep ARGS -o DIR` on SIGTERM after 3 s: it stops within 20 s, exit 143, with the stop
/// line on stderr and nothing on stdout.
fn a_sweep_stops_on_sigterm(args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let args = [args, &["--threads", "1", "-o", out.to_str().unwrap()]].concat();
    let mut child = common::spawn_catching(&args, libc::SIGTERM);
    std::thread::sleep(std::time::Duration::from_secs(3));
    common::send(&child, libc::SIGTERM);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("{args:?} did not stop within 20 s of SIGTERM");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let o = child.wait_with_output().unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(143), "{args:?}: {err}");
    assert!(
        out.is_empty() && err.contains("sweep interrupted (SIGTERM)"),
        "{out}{err}"
    );
}

/// A stop signal ends a sweep inside one board's branch and bound: on 20x20 with 2 walls one
/// board's search outlasts minutes, and SIGTERM used to go unanswered until it ended.
#[test]
fn a_sweep_stops_inside_a_long_board() {
    a_sweep_stops_on_sigterm(&["sweep", "--size", "20", "--walls", "2"]);
}

/// The same inside the branch and bound's other searches, which did not poll the stop: the
/// optimum that starts the reuse engine (`check::bnb_value`, minutes on a 20x20 board with 2
/// walls) and the count of optimal placements (`check::bnb_count`, the 14,772,512 of 16x16).
#[test]
fn a_sweep_stops_inside_a_long_start_or_count() {
    a_sweep_stops_on_sigterm(&[
        "sweep", "--size", "20", "--walls", "2", "--engine", "reuse", "--start", "bnb",
    ]);
    a_sweep_stops_on_sigterm(&["sweep", "--size", "16", "--walls", "0", "--count-optimal"]);
}

/// A cube folder an external solver answered, resumed with a built-in solver: the cubes that
/// rest on the external solver's word are asked again (a stderr note says how many), so a liar's
/// value (8 on this board, whose value is 9) gives way to the checked one.
#[test]
fn cubes_answered_by_an_external_solver_are_asked_again_by_a_built_in_one() {
    let dir = tempfile::tempdir().unwrap();
    let liar = fake_solver(dir.path(), "always-unsat", LIARS[0].1);
    let cubes = dir.path().join("cubes");
    let run = |extra: &[&str]| {
        let args = [
            &["value", "--size", "8", "--walls", "3,3 5,6", "--cubes", "8"][..],
            extra,
        ]
        .concat();
        let o = std::process::Command::new(BIN)
            .args(&args)
            .args(["-o", cubes.to_str().unwrap()])
            .output()
            .unwrap();
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        (o.status.code(), text(&o.stdout), text(&o.stderr))
    };
    let (code, out, err) = run(&["--solver", &liar]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("value 8 ") && out.contains("unchecked (external solver's word)"),
        "{out}"
    );
    let (code, out, err) = run(&[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("value 9 ") && !out.contains("unchecked"), "{out}");
    assert!(
        err.contains("rested on an external solver's word: asked again"),
        "{err}"
    );
    // Answered by a solver queensat believes, nothing is asked again.
    let (code, out, err) = run(&[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("value 9 ") && err.is_empty(), "{out}{err}");
}
