//! Every board format is read wherever a board is: a CSPLib blocked n-queens instance
//! (`--csplib`) given to `value` and `render` is the same board as its holes given by hand, and
//! `nqueens` takes `--size N` like every other command (the positional N of older scripts
//! still works).

use crate::common;
use common::{assert_bad_input, ok, run};
use serde_json::Value;

const INSTANCE: &str = "tests/data/blocked-6.param";
/// The instance's blocked squares, 0-based.
const HOLES: &str = "0,1 1,3 2,0 5,4";

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(&run(args))).unwrap()
}

#[test]
fn value_and_render_read_a_csplib_instance_as_its_board() {
    let by_hand = json(&["value", "--size", "6", "--holes", HOLES, "--format", "json"]);
    let from_file = json(&["value", "--csplib", INSTANCE, "--format", "json"]);
    assert_eq!(from_file["board"], by_hand["board"]);
    assert_eq!(from_file["value"], by_hand["value"]);
    assert_eq!(
        from_file["board"]["holes"],
        serde_json::json!([[0, 1], [1, 3], [2, 0], [5, 4]])
    );
    // Extra walls on top, as on any board.
    let walled = json(&[
        "value", "--csplib", INSTANCE, "--walls", "3,3", "--format", "json",
    ]);
    assert_eq!(walled["board"]["walls"], serde_json::json!([[3, 3]]));
    let svg = ok(&run(&["render", "--csplib", INSTANCE]));
    assert_eq!(svg, ok(&run(&["render", "--size", "6", "--holes", HOLES])));
    let r = json(&["render", "--csplib", INSTANCE, "--solve", "--format", "json"]);
    assert_eq!(
        (r["board"].clone(), r["legal"].clone()),
        (by_hand["board"].clone(), Value::Bool(true))
    );
    assert_eq!(
        r["queens"].as_array().unwrap().len() as u64,
        by_hand["value"].as_u64().unwrap()
    );
    assert!(r["svg"].as_str().unwrap().starts_with("<svg"), "{r}");
    // One source of a board at a time.
    assert_bad_input(&["value", "--csplib", INSTANCE, "--size", "6"], "not both");
    assert_bad_input(
        &["render", "--csplib", "no/such/instance"],
        "cannot read instance file",
    );
}

#[test]
fn a_json_board_file_is_a_board_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("b.json");
    std::fs::write(&b, r#"{"rows":8,"cols":8,"walls":[[1,3],[2,5]]}"#).unwrap();
    let b = b.to_str().unwrap();
    assert_eq!(json(&["value", b, "--format", "json"])["value"], 10);
    let o = ok(&run(&[
        "encode",
        "value",
        b,
        "--at-least",
        "10",
        "--format",
        "json",
    ]));
    let e: Value = serde_json::from_str(&o).unwrap();
    assert_eq!(e["board"]["walls"], serde_json::json!([[1, 3], [2, 5]]));
    assert!(e["text"].as_str().unwrap().contains("p cnf"), "{e}");
}

#[test]
fn nqueens_takes_size_like_every_command() {
    let by_flag = ok(&run(&["nqueens", "--size", "8", "-o", "-"]));
    assert_eq!(by_flag, ok(&run(&["nqueens", "8", "-o", "-"])));
    assert_eq!(by_flag.split_whitespace().count(), 8, "{by_flag}");
    let j = json(&["nqueens", "--size", "1e3", "--format", "json"]);
    assert_eq!((j["n"].clone(), j["solved"].clone()), (1000.into(), true.into()));
    assert_bad_input(&["nqueens", "--size", "8", "9"], "cannot be used with");
    assert_bad_input(&["nqueens", "--size", "ten"], "not a board side");
}

#[test]
fn a_batch_and_a_board_file_may_come_compressed() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let gz = |name: &str, text: &str| {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(text.as_bytes()).unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, e.finish().unwrap()).unwrap();
        path.to_str().unwrap().to_string()
    };
    let batch = gz("b.jsonl.gz", "{\"size\":4,\"id\":\"a\"}\n{\"size\":5}\n");
    let out = ok(&run(&["value", "--batch", &batch]));
    let values: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["value"].clone())
        .collect();
    assert_eq!(values, [4, 5]);
    let grid = gz("g.txt.gz", "..#\n...\n...\n");
    assert_eq!(
        json(&["value", &grid, "--format", "json"])["board"]["walls"],
        serde_json::json!([[0, 2]])
    );
}

/// A grid's queens (`Q`) are checked where they are read: every command that answers about
/// the board refuses queens that attack each other (one line, exit 2) and leaves legal ones
/// aside; `render`, which draws them, warns and exits 1.
#[test]
fn a_grids_attacking_queens_are_refused_and_legal_ones_left_aside() {
    let dir = tempfile::tempdir().unwrap();
    let attacking = dir.path().join("attacking.txt");
    std::fs::write(&attacking, "Q.Q.\n....\n....\n....\n").unwrap();
    let legal = dir.path().join("legal.txt");
    std::fs::write(&legal, ".Q..\n...Q\nQ...\n..Q.\n").unwrap();
    let (attacking, legal) = (attacking.to_str().unwrap(), legal.to_str().unwrap());
    for cmd in ["value", "solutions"] {
        assert_bad_input(
            &[cmd, attacking],
            "the grid's queens (Q) are not a legal placement: queens at 0,0 and 0,2 attack each other",
        );
    }
    assert!(ok(&run(&["value", legal])).contains("value 4"));
    let svg = dir.path().join("b.svg");
    let o = run(&["render", attacking, "-o", svg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(svg.exists());
}
