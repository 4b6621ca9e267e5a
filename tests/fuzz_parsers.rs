//! Every parser on random and mutated inputs: it may reject, never panic or hang. The seeds
//! are the regression corpus in tests/fuzz-corpus/ (one valid file per format; add a file
//! there when a fuzz case finds a bug).

use proptest::prelude::*;
use queensat::board::{Board, parse_cell_list, parse_grid, render_grid};
use queensat::check::{ProofFormat, check_proof, never};
use queensat::io::{
    from_bits64, parse_blocked_queens, parse_competition_output, parse_dimacs, parse_minisat_result,
    parse_published, parse_summary, read_column_lists, read_header,
};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz-corpus");

fn seed(name: &str) -> Vec<u8> {
    std::fs::read(format!("{CORPUS}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Bytes that matter to the formats: digits, signs, separators, brackets, letters of keywords.
const ALPHABET: &[u8] = b"0123456789-+,;:.()[]{}# \n\r\tQx.cpnfsvSATUNXWBLOCKEDQUEN\"'";

/// One edit of a byte string.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, u8),
    Delete(usize, usize),
    Replace(usize, u8),
    Duplicate(usize, usize),
    Digits(usize, u64),
}

fn edit() -> impl Strategy<Value = Edit> {
    let byte = prop_oneof![
        4 => proptest::sample::select(ALPHABET),
        1 => any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Insert(i, b)),
        (any::<usize>(), 1usize..20).prop_map(|(i, n)| Edit::Delete(i, n)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Edit::Duplicate(i, n)),
        (
            any::<usize>(),
            prop_oneof![
                Just(u64::MAX),
                Just(u64::from(u32::MAX)),
                Just(1 << 31),
                any::<u64>()
            ]
        )
            .prop_map(|(i, v)| Edit::Digits(i, v)),
    ]
}

fn apply(mut s: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let at = |i: usize| if s.is_empty() { 0 } else { i % (s.len() + 1) };
        match *e {
            Edit::Insert(i, b) => {
                let i = at(i);
                s.insert(i, b)
            }
            Edit::Delete(i, n) => {
                let i = at(i);
                let end = (i + n).min(s.len());
                s.drain(i..end);
            }
            Edit::Replace(i, b) => {
                if !s.is_empty() {
                    let i = i % s.len();
                    s[i] = b;
                }
            }
            Edit::Duplicate(i, n) => {
                let i = at(i);
                let end = (i + n).min(s.len());
                let part = s[i..end].to_vec();
                s.splice(i..i, part);
            }
            Edit::Digits(i, v) => {
                let i = at(i);
                s.splice(i..i, v.to_string().into_bytes());
            }
        }
    }
    s
}

/// A mutated seed file or a random string, as text.
fn input(seed_name: &'static str) -> impl Strategy<Value = String> {
    let mutated = proptest::collection::vec(edit(), 0..8)
        .prop_map(move |edits| String::from_utf8_lossy(&apply(seed(seed_name), &edits)).into_owned());
    let random = proptest::collection::vec(proptest::sample::select(ALPHABET), 0..120)
        .prop_map(|b| String::from_utf8_lossy(&b).into_owned());
    prop_oneof![3 => mutated, 1 => random]
}

/// A mutated seed file or random bytes, kept as bytes (binary proofs are not text).
fn bytes(seed_names: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    let mutated = (
        proptest::sample::select(seed_names),
        proptest::collection::vec(edit(), 0..8),
    )
        .prop_map(|(name, edits)| apply(seed(name), &edits));
    let random = proptest::collection::vec(
        prop_oneof![3 => proptest::sample::select(ALPHABET), 1 => proptest::sample::select(&b"ad\0\x80\xff"[..])],
        0..120,
    );
    prop_oneof![3 => mutated, 1 => random]
}

/// Checks a proof against the fuzz formula and against its satisfiable weakening (the first
/// clause of the pigeonhole formula replaced by a tautology): any verdict or error but a panic,
/// and never `verified` for the satisfiable one.
fn check_both(proof: &[u8], format: ProofFormat) -> Result<(), TestCaseError> {
    let deadline = Some(std::time::Instant::now() + std::time::Duration::from_secs(10));
    let _ = check_proof(&seed("proof.cnf")[..], proof, format, deadline, never);
    let sat = check_proof(&seed("proof-sat.cnf")[..], proof, format, deadline, never).unwrap();
    prop_assert!(!sat.verified, "{sat:?}");
    Ok(())
}

/// Uses a parsed board the way commands do, so a board that parses but is inconsistent shows.
fn exercise(b: &Board) {
    let _ = render_grid(b, None);
    let _ = b.describe();
    let _ = b.free_cells();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn grids(t in input("grid.txt")) {
        if let Ok(g) = parse_grid(&t) {
            exercise(&g.board);
        }
    }

    #[test]
    fn cell_lists(t in input("cells.txt")) {
        if let Ok(cells) = parse_cell_list(&t) {
            let _ = Board::with_walls(8, 8, &cells);
        }
    }

    #[test]
    fn bit_masks(bits in any::<u64>(), rows in 0usize..12, cols in 0usize..12) {
        if let Ok(cells) = from_bits64(bits, rows, cols) {
            let _ = Board::with_walls(rows, cols, &cells);
        }
    }

    #[test]
    fn json_boards(t in input("board.json")) {
        if let Ok(b) = serde_json::from_str::<Board>(&t) {
            exercise(&b);
        }
    }

    #[test]
    fn dimacs(t in input("formula.cnf")) {
        let _ = parse_dimacs(&t);
    }

    #[test]
    fn dimacs_headers(t in input("header.cnf")) {
        let _ = read_header(&t);
        let _ = parse_dimacs(&t);
    }

    #[test]
    fn drat_proofs(p in bytes(&["proof.drat", "proof-binary.drat"])) {
        check_both(&p, ProofFormat::Drat)?;
    }

    #[test]
    fn lrat_proofs(p in bytes(&["proof.lrat", "proof-binary.lrat"])) {
        check_both(&p, ProofFormat::Lrat)?;
    }

    #[test]
    fn proof_cnfs(t in input("proof.cnf"), lrat in any::<bool>()) {
        let (name, format) = if lrat { ("proof.lrat", ProofFormat::Lrat) } else { ("proof.drat", ProofFormat::Drat) };
        let _ = check_proof(t.as_bytes(), &seed(name)[..], format, None, never);
    }

    #[test]
    fn solver_output(t in input("competition.out"), n in 0u32..5) {
        let _ = parse_competition_output(&t, n);
    }

    #[test]
    fn minisat_results(t in input("minisat.res"), n in 0u32..5) {
        let _ = parse_minisat_result(&t, n);
    }

    #[test]
    fn published_csv(t in input("boards.csv")) {
        let _ = parse_published("f", &t);
    }

    #[test]
    fn puzzle_lists(t in input("puzzles.txt")) {
        let _ = parse_published("f", &t);
    }

    #[test]
    fn scip_solutions(t in input("scip.sol")) {
        let _ = parse_published("f", &t);
    }

    #[test]
    fn summaries(t in input("summary.txt")) {
        let _ = parse_summary("f", &t);
    }

    #[test]
    fn csplib_text(t in input("csplib.txt")) {
        if let Ok(i) = parse_blocked_queens(&t) {
            exercise(&i.board);
        }
    }

    #[test]
    fn csplib_json(t in input("csplib.json")) {
        if let Ok(i) = parse_blocked_queens(&t) {
            exercise(&i.board);
        }
    }

    #[test]
    fn column_lists(t in input("columns.txt"), one_based in any::<bool>()) {
        let _ = read_column_lists(t.as_bytes(), one_based, |_, _| Ok(()));
    }
}

/// The proof seeds are real refutations (so mutations start from proofs that pass).
#[test]
fn proof_seeds_verify() {
    for (name, format) in [
        ("proof.drat", ProofFormat::Drat),
        ("proof-binary.drat", ProofFormat::Drat),
        ("proof.lrat", ProofFormat::Lrat),
        ("proof-binary.lrat", ProofFormat::Lrat),
    ] {
        let v = check_proof(&seed("proof.cnf")[..], &seed(name)[..], format, None, never).unwrap();
        assert!(v.verified, "{name}: {v:?}");
    }
}
