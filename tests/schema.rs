//! Every command's `--format json` output, on a small input, validates against its schema in
//! docs/schema/, and opens with the envelope (`command`, `version`).
//!
//! The validator is our own, for the subset of JSON Schema the schemas use (`type`, `const`,
//! `enum`, `required`, `properties`, `items`, `minimum`, `anyOf`); any other keyword is refused, so a
//! schema cannot say more than is checked. (The `jsonschema` crate would add a regex engine and
//! dozens of crates to the build for the same checks.)

use crate::common;
use common::{run, stderr};
use serde_json::Value;
use std::path::Path;

const SCHEMAS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/schema");
const PUBLISHED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/results/published/walled-n-queens");

/// Where `value` breaks `schema`, each as `path: why`.
fn violations(schema: &Value, value: &Value, path: &str, out: &mut Vec<String>) {
    let Some(schema) = schema.as_object() else {
        out.push(format!("{path}: the schema is not an object"));
        return;
    };
    for (key, rule) in schema {
        match key.as_str() {
            "$schema" | "$id" | "title" | "description" => {}
            "type" => {
                let types: Vec<&str> = match rule {
                    Value::String(t) => vec![t.as_str()],
                    Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                    _ => vec![],
                };
                if !types.iter().any(|t| has_type(value, t)) {
                    out.push(format!("{path}: not of type {types:?}: {value}"));
                }
            }
            "const" if value != rule => out.push(format!("{path}: {value} is not {rule}")),
            "enum" if !rule.as_array().is_some_and(|a| a.contains(value)) => {
                out.push(format!("{path}: {value} is not one of {rule}"))
            }
            "minimum" if value.as_f64().zip(rule.as_f64()).is_some_and(|(v, m)| v < m) => {
                out.push(format!("{path}: {value} is below {rule}"))
            }
            "required" => {
                for name in rule.as_array().into_iter().flatten().filter_map(Value::as_str) {
                    if value.is_object() && value.get(name).is_none() {
                        out.push(format!("{path}: no field {name:?}"));
                    }
                }
            }
            "properties" => {
                for (name, sub) in rule.as_object().into_iter().flatten() {
                    if let Some(v) = value.get(name).filter(|_| value.is_object()) {
                        violations(sub, v, &format!("{path}.{name}"), out);
                    }
                }
            }
            "items" => {
                for (i, v) in value.as_array().into_iter().flatten().enumerate() {
                    violations(rule, v, &format!("{path}[{i}]"), out);
                }
            }
            "anyOf" => {
                let fits = |sub: &Value| {
                    let mut why = Vec::new();
                    violations(sub, value, path, &mut why);
                    why.is_empty()
                };
                if !rule.as_array().into_iter().flatten().any(fits) {
                    out.push(format!("{path}: fits none of the schemas of anyOf"));
                }
            }
            "const" | "enum" | "minimum" => {}
            other => out.push(format!(
                "{path}: keyword {other:?} is not in the validated subset"
            )),
        }
    }
}

fn has_type(v: &Value, t: &str) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        _ => false,
    }
}

fn schema(command: &str) -> Value {
    let path = Path::new(SCHEMAS).join(format!("{command}.json"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Runs `args` (ending in `--format json`), expects `code`, and validates every output line
/// against the schema of `args[0]`.
fn validates(args: &[&str], code: i32) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    let schema = schema(args[0]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(!text.trim().is_empty(), "{args:?}: no output");
    for line in text.lines() {
        let value: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}"));
        let mut out = Vec::new();
        violations(&schema, &value, "$", &mut out);
        assert!(out.is_empty(), "{args:?}:\n{}", out.join("\n"));
        let envelope = format!(r#"{{"command":"{}","version":""#, args[0]);
        assert!(
            line.starts_with(&envelope),
            "{args:?}: the envelope comes first: {line}"
        );
    }
}

#[test]
fn every_command_json_validates_against_its_schema() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("q.cnf");
    let cnf = cnf.to_str().unwrap();
    let o = run(&["encode", "value", "--size", "4", "--at-least", "4", "-o", cnf]);
    assert!(o.status.success(), "{}", stderr(&o));
    let published = format!("{PUBLISHED}/7x7/1-W_boards.csv");
    let (svg, lp) = (dir.path().join("b.svg"), dir.path().join("q.lp"));
    let (svg, lp) = (svg.to_str().unwrap(), lp.to_str().unwrap());
    // The long-run commands' folders: a sweep, the two shards of another (for `merge`), an
    // 8x8 sweep of one wall (for `sweep-compare`), and the N+k counts.
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (sweep, merged, sweep8, nk) = (path("sweep"), path("merged"), path("sweep8"), path("nk"));
    let shards = [path("shard1"), path("shard2")];
    for (i, shard) in shards.iter().enumerate() {
        let part = format!("{}/2", i + 1);
        let o = run(&[
            "sweep", "--size", "4", "--walls", "2", "--shard", &part, "-o", shard, "--quiet",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    // Shards of a puzzle run and of an N+k count: `merge` prints each kind's own fields.
    let (puzzle_shards, nk_shards) = ([path("p1"), path("p2")], [path("n1"), path("n2")]);
    for i in 0..2 {
        let part = format!("{}/2", i + 1);
        let o = run(&[
            "puzzles",
            "--size",
            "4",
            "--walls",
            "1..2",
            "--shard",
            &part,
            "-o",
            &puzzle_shards[i],
            "--quiet",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let o = run(&[
            "nk",
            "--size",
            "6",
            "--walls",
            "1",
            "--shard",
            &part,
            "-o",
            &nk_shards[i],
            "--quiet",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let nk_shards = nk_shards.map(|d| format!("{d}/6x6-1w-rows-sides"));
    // Two shards of a run split into cubes, its folder named by `folder`.
    let cube_shards_of = |names: [&str; 2], folder: &str, args: &[&str]| {
        let dirs = names.map(path);
        for (i, shard) in dirs.iter().enumerate() {
            let part = format!("{}/2", i + 1);
            let o = run(&[args, &["--shard", &part, folder, shard, "--quiet"]].concat());
            assert!(o.status.success(), "{}", stderr(&o));
        }
        dirs
    };
    let cube_shards = cube_shards_of(["c1", "c2"], "-o", &["value", "--size", "5"]);
    let army_shards = cube_shards_of(["a1", "a2"], "--cube-dir", &["armies", "--size", "5"]);
    let wall = ["least-walls", "--size", "5", "--queens", "7"];
    let wall_shards = cube_shards_of(["w1", "w2"], "--cube-dir", &wall);
    let counted = [&wall[..], &["--count", "--format", "json"]].concat();
    let (wall_cubes, merged_wall_cubes) = (path("wall-cubes"), path("merged-wall-cubes"));
    let cover_shards = cube_shards_of(["k1", "k2"], "--cube-dir", &["cover", "--size", "5"]);
    let (cover_cubes, merged_cover_cubes) = (path("cover-cubes"), path("merged-cover-cubes"));
    let (army_cubes, merged_army_cubes) = (path("army-cubes"), path("merged-army-cubes"));
    let (cubes, merged_cubes) = (path("cubes"), path("merged-cubes"));
    let (merged_puzzles, merged_nk) = (path("merged-puzzles"), path("merged-nk"));
    let o = run(&["sweep", "--size", "8", "--walls", "1", "-o", &sweep8, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let published8 = format!("{PUBLISHED}/8x8");
    let (summary8, boards8) = (
        format!("{published8}/1W_summary.txt"),
        format!("{published8}/1-W_boards.csv"),
    );
    // The published tables of the one wall count swept (a table left uncompared is exit 1).
    let published1 = path("published1");
    std::fs::create_dir(&published1).unwrap();
    for f in [&summary8, &boards8] {
        let name = std::path::Path::new(f).file_name().unwrap();
        std::fs::copy(f, std::path::Path::new(&published1).join(name)).unwrap();
    }
    // A batch of an answered line (with an id) and a bad one: JSON lines, each enveloped.
    let batch = path("batch.jsonl");
    std::fs::write(&batch, "{\"size\":5,\"id\":\"a\"}\n{\"size\":0}\n").unwrap();
    let cases: &[(&[&str], i32)] = &[
        (&["value", "--batch", &batch], 2),
        (
            &[
                "sweep", "--size", "4", "--walls", "1..2", "-o", &sweep, "--quiet", "--format", "json",
            ],
            0,
        ),
        (
            &[
                "merge", &shards[0], &shards[1], "-o", &merged, "--quiet", "--format", "json",
            ],
            0,
        ),
        (
            &[
                "merge",
                &puzzle_shards[0],
                &puzzle_shards[1],
                "-o",
                &merged_puzzles,
                "--quiet",
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "merge",
                &nk_shards[0],
                &nk_shards[1],
                "-o",
                &merged_nk,
                "--format",
                "json",
            ],
            0,
        ),
        (&["sweep-compare", &sweep8, &published1, "--format", "json"], 0),
        (&["sweep-compare", &sweep8, &published8, "--format", "json"], 1),
        (
            &[
                "nk",
                "--size",
                "5",
                "--walls",
                "1",
                "--method",
                "rows,classes",
                "-o",
                &nk,
                "--quiet",
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "nk",
                "--size",
                "7",
                "--walls",
                "1",
                "--up-to-symmetry",
                "-o",
                &nk,
                "--quiet",
                "--format",
                "json",
            ],
            0,
        ),
        (&["value", "--size", "4", "--format", "json"], 0),
        (
            &[
                "value", "--size", "5", "-o", &cubes, "--quiet", "--format", "json",
            ],
            0,
        ),
        (
            &[
                "merge",
                &cube_shards[0],
                &cube_shards[1],
                "-o",
                &merged_cubes,
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "armies",
                "--size",
                "5",
                "--cube-dir",
                &army_cubes,
                "--quiet",
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "merge",
                &army_shards[0],
                &army_shards[1],
                "-o",
                &merged_army_cubes,
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "least-walls",
                "--size",
                "5",
                "--queens",
                "7",
                "--cube-dir",
                &wall_cubes,
                "--quiet",
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "merge",
                &wall_shards[0],
                &wall_shards[1],
                "-o",
                &merged_wall_cubes,
                "--format",
                "json",
            ],
            0,
        ),
        (&["value", "--size", "4", "--certify", "--format", "json"], 0),
        (&["solutions", "--size", "5", "--format", "json"], 0),
        (&["solutions", "--size", "5", "--count", "--format", "json"], 0),
        (&["nqueens", "8", "--format", "json"], 0),
        // Settled exhaustively below n = 4 (none for 2 and 3).
        (&["nqueens", "--size", "3", "--format", "json"], 1),
        (&["armies", "--size", "3", "--format", "json"], 0),
        (&["cover", "--size", "4", "--quiet", "--format", "json"], 0),
        (
            &[
                "cover",
                "--size",
                "6",
                "--cube-dir",
                &cover_cubes,
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "merge",
                &cover_shards[0],
                &cover_shards[1],
                "-o",
                &merged_cover_cubes,
                "--format",
                "json",
            ],
            0,
        ),
        (&["puzzles", "--size", "4", "--walls", "1", "--format", "json"], 0),
        (
            &["least-walls", "--size", "4", "--queens", "5", "--format", "json"],
            0,
        ),
        // A count: its entries by value are objects with named fields.
        (&counted, 0),
        (&["verify", &published, "--format", "json"], 1),
        (
            &["verify", &summary8, "--boards", &boards8, "--format", "json"],
            0,
        ),
        (&["solve", cnf, "--format", "json"], 10),
        (
            &[
                "render",
                "--size",
                "4",
                "--placement",
                "0,1 1,3",
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "render",
                "--size",
                "4",
                "--placement",
                "0,0 1,1",
                "--format",
                "json",
                "-o",
                svg,
            ],
            1,
        ),
        (
            &[
                "encode",
                "value",
                "--size",
                "4",
                "--at-least",
                "4",
                "--format",
                "json",
            ],
            0,
        ),
        (
            &[
                "encode", "value", "--size", "4", "--to", "lp", "--format", "json", "-o", lp,
            ],
            0,
        ),
        (
            &[
                "encode",
                "least-walls",
                "--size",
                "4",
                "--queens",
                "5",
                "--max-walls",
                "1",
                "--format",
                "json",
            ],
            0,
        ),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (args, code) in cases {
        validates(args, *code);
        seen.insert(args[0].to_string());
    }
    // A cube run's shard says only that it finished (it printed nothing).
    let cube_runs: [(&str, &[&str]); 4] = [
        ("-o", &["value", "--size", "5"]),
        ("--cube-dir", &["armies", "--size", "4"]),
        ("--cube-dir", &wall),
        ("--cube-dir", &["cover", "--size", "5"]),
    ];
    for (i, (folder, args)) in cube_runs.into_iter().enumerate() {
        let shard = path(&format!("shard-json-{i}"));
        let json = [folder, &shard, "--shard", "1/2", "--format", "json"];
        validates(&[args, &json].concat(), 0);
    }
    // Every schema is exercised, and every command with `--format json` has a schema.
    let files: std::collections::BTreeSet<String> = std::fs::read_dir(SCHEMAS)
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(files, seen);
    let help = String::from_utf8(run(&["--help"]).stdout).unwrap();
    let commands = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next());
    for command in commands {
        let h = String::from_utf8(run(&[command, "--help"]).stdout).unwrap();
        // A command whose subcommands are the questions (`encode`) has the flag on each of them.
        let subcommands: Vec<&str> = h
            .lines()
            .skip_while(|l| !l.starts_with("Commands:"))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|&s| s != "help")
            .collect();
        let h = if subcommands.is_empty() || h.contains("--format <FORMAT>") {
            h
        } else {
            let helps = subcommands.iter().map(|s| run(&[command, s, "--help"]).stdout);
            let helps: Vec<String> = helps.map(|o| String::from_utf8(o).unwrap()).collect();
            let all = |f: &dyn Fn(&String) -> bool| helps.iter().all(f);
            let each = all(&|h| h.contains("--format <FORMAT>") && h.contains("json"));
            (if each { "--format <FORMAT> json" } else { "" }).to_string()
        };
        let json = h.contains("--format <FORMAT>") && h.contains("json");
        assert_eq!(
            json,
            files.contains(command),
            "{command}: --format json and a schema go together"
        );
    }
}

#[test]
fn the_validator_refuses_what_breaks_a_schema() {
    let schema: Value = serde_json::json!({
        "type": "object", "required": ["a"],
        "properties": {"a": {"type": "integer", "minimum": 1}, "b": {"enum": ["x"]},
                       "c": {"type": "array", "items": {"type": "string"}}}
    });
    let check = |v: Value| {
        let mut out = Vec::new();
        violations(&schema, &v, "$", &mut out);
        out.len()
    };
    assert_eq!(check(serde_json::json!({"a": 1, "b": "x", "c": ["y"]})), 0);
    assert_eq!(check(serde_json::json!({"b": "y"})), 2);
    assert_eq!(check(serde_json::json!({"a": 0, "c": [1]})), 2);
    assert_eq!(check(serde_json::json!([])), 1);
    let mut out = Vec::new();
    violations(&serde_json::json!({"oneOf": []}), &Value::Null, "$", &mut out);
    assert_eq!(out.len(), 1);
    let either = serde_json::json!({"anyOf": [{"required": ["a"]}, {"required": ["b", "c"]}]});
    for (v, bad) in [
        (serde_json::json!({"a": 1}), 0),
        (serde_json::json!({"b": 1, "c": 2}), 0),
        (serde_json::json!({"b": 1}), 1),
    ] {
        let mut out = Vec::new();
        violations(&either, &v, "$", &mut out);
        assert_eq!(out.len(), bad, "{v}");
    }
}
