//! queensat's own checker of unsatisfiability proofs: a DIMACS CNF and a DRAT or LRAT proof of
//! it in, a verdict out, in-process and with nothing installed beside queensat.
//!
//! It shares no code with any solver or encoder: it reads the CNF with its own DIMACS reader
//! ([`dimacs`], deliberately not `crate::io`'s, the way varisat's checker is independent of
//! varisat) and keeps its own clauses, so a bug in how queensat writes a formula or a solver
//! writes a proof cannot be hidden by the same bug in how it is read back.
//!
//! - LRAT ([`lrat`]): every added clause comes with its hints, the ids of the clauses that
//!   become unit one after the other until one is falsified (reverse unit propagation, RUP),
//!   or, for a clause that is RAT on its first literal, a hint group per clause holding that
//!   literal's negation; checked as in Cruz-Filipe, Heule, Hunt, Kaufmann, Schneider-Kamp,
//!   "Efficient certified RAT verification", CADE 2017.
//! - DRAT ([`drat`]): checked forward, every lemma in order: RUP by unit propagation with two
//!   watched literals over the clauses alive, RAT on the first literal when RUP fails.
//!
//! Both read text or binary proofs (told apart from the bytes, [`sniff`]) as CaDiCaL, varisat
//! and drat-trim write them. A proof counts only when every step up to the empty clause (or to a
//! conflict of unit propagation at the top level) checks; what follows is not read.
//!
//! Hostile input: literals and ids of any size are refused or renamed densely ([`lits`]), so
//! memory grows with what is actually read; a malformed or truncated proof is a rejected proof
//! naming the line or byte; the time limit caps the work. Nothing panics on input.

mod arena;
mod assignment;
mod budget;
mod checker;
mod dimacs;
mod drat;
mod format;
mod hash;
mod lits;
mod lrat;
mod scanner;
mod sniff;
mod steps;

pub use checker::ProofStats;
pub use format::ProofFormat;
pub use sniff::Encoding;

use budget::{Budget, Cut};
use checker::{Checker, Failure};
use scanner::{ScanError, Scanner};
use std::io::Read;
use std::time::Instant;
use steps::StepReader;

/// What a check found, and how much it read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofVerdict {
    pub verified: bool,
    /// Where the refutation was reached, or why the proof is rejected (naming the step).
    pub detail: String,
    pub encoding: Encoding,
    pub stats: ProofStats,
}

/// Why there is no verdict: the CNF is not a CNF, reading failed, time ran out, or the check
/// was stopped.
#[derive(Debug, thiserror::Error)]
pub enum ProofError {
    #[error("line {line}: {message}")]
    Cnf { line: u64, message: String },
    #[error("cannot read the CNF: {0}")]
    CnfRead(std::io::Error),
    #[error("cannot read the proof: {0}")]
    ProofRead(std::io::Error),
    #[error("the proof check did not finish within its time limit")]
    TimeLimit,
    #[error("the proof check was stopped before its verdict")]
    Stopped,
}

impl From<Cut> for ProofError {
    fn from(cut: Cut) -> Self {
        match cut {
            Cut::Deadline => ProofError::TimeLimit,
            Cut::Stop => ProofError::Stopped,
        }
    }
}

/// Checks `proof` (a DRAT or LRAT proof, text or binary) against the DIMACS formula `cnf`.
/// A proof that does not refute the formula is a verdict with `verified` false; an error means
/// no verdict (the CNF is malformed, a read failed, `deadline` passed, or `stop`, asked every
/// so many units of work, said so: [`crate::never`] for a check that runs to its end).
pub fn check_proof(
    cnf: impl Read,
    proof: impl Read,
    format: ProofFormat,
    deadline: Option<Instant>,
    stop: fn() -> bool,
) -> Result<ProofVerdict, ProofError> {
    let budget = Budget::new(deadline, stop);
    match format {
        ProofFormat::Drat => run(drat::DratChecker::default(), cnf, proof, format, budget),
        ProofFormat::Lrat => run(lrat::LratChecker::default(), cnf, proof, format, budget),
    }
}

fn run(
    mut checker: impl Checker,
    cnf: impl Read,
    proof: impl Read,
    format: ProofFormat,
    mut budget: Budget,
) -> Result<ProofVerdict, ProofError> {
    let mut s = Scanner::new(cnf);
    let mut cut = None;
    dimacs::read_cnf(&mut s, |lits| {
        if let Err(c) = budget.tick() {
            cut = Some(c);
            return Err(ScanError::Syntax("cut short".into()));
        }
        checker.original(lits).map_err(ScanError::Syntax)
    })
    .map_err(|(line, e)| match (cut.take(), e) {
        (Some(c), _) => c.into(),
        (None, ScanError::Io(e)) => ProofError::CnfRead(e),
        (None, ScanError::Syntax(message)) => ProofError::Cnf { line, message },
    })?;
    let mut p = Scanner::new(proof);
    let encoding = sniff::sniff(p.head(sniff::SNIFF_BYTES).map_err(read_error)?);
    let verdict = |verified, detail: String, checker: &dyn Checker| ProofVerdict {
        verified,
        detail,
        encoding,
        stats: checker.tally().stats.clone(),
    };
    if checker.tally().refuted {
        let how = "the CNF is refuted by itself (an empty clause or unit propagation); the proof is not read";
        return Ok(verdict(true, how.into(), &checker));
    }
    let mut steps = StepReader::new(p, format, encoding);
    loop {
        match steps.next() {
            Ok(true) => {}
            Ok(false) => {
                let why = format!(
                    "the {} proof ends without deriving the empty clause",
                    format.name()
                );
                return Ok(verdict(false, why, &checker));
            }
            Err(ScanError::Io(e)) => return Err(ProofError::ProofRead(e)),
            Err(ScanError::Syntax(m)) => {
                return Ok(verdict(
                    false,
                    format!("malformed proof at {}: {m}", steps.position()),
                    &checker,
                ));
            }
        }
        match checker.step(&steps.step, &mut budget) {
            Ok(()) => {}
            Err(Failure::Cut(c)) => return Err(c.into()),
            Err(Failure::Rejected(why)) => {
                return Ok(verdict(
                    false,
                    format!("step at {}: {why}", steps.position()),
                    &checker,
                ));
            }
        }
        if checker.tally().refuted {
            let at = format!("the empty clause is derived at {}", steps.position());
            return Ok(verdict(true, at, &checker));
        }
    }
}

fn read_error(e: ScanError) -> ProofError {
    match e {
        ScanError::Io(e) => ProofError::ProofRead(e),
        ScanError::Syntax(m) => ProofError::ProofRead(std::io::Error::other(m)),
    }
}

/// Small helpers for the checkers' tests: a verdict from text, and the binary form of a text
/// proof.
#[cfg(test)]
pub(super) mod testing {
    use super::*;

    /// Clauses 1: 1 2, 2: -1 2, 3: 1 -2, 4: -1 -2.
    pub(crate) const UNSAT: &str = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
    /// Clauses 1: 1 2, 2: -1 -2 (satisfiable: 1 xor 2).
    pub(crate) const XOR: &str = "p cnf 2 2\n1 2 0\n-1 -2 0\n";

    pub(crate) fn verdict(cnf: &str, proof: &[u8], format: ProofFormat) -> ProofVerdict {
        check_proof(cnf.as_bytes(), proof, format, None, crate::never).unwrap()
    }

    /// `v` rejects the proof, saying `why`.
    pub(crate) fn assert_rejected(v: &ProofVerdict, why: &str) {
        assert!(!v.verified && v.detail.contains(why), "{v:?}");
    }

    fn push_varint(out: &mut Vec<u8>, mut x: u64) {
        while x >= 0x80 {
            out.push((x & 0x7f) as u8 | 0x80);
            x >>= 7;
        }
        out.push(x as u8);
    }

    fn push_signed(out: &mut Vec<u8>, x: i64) {
        push_varint(out, 2 * x.unsigned_abs() + u64::from(x < 0));
    }

    /// The binary form of a text proof (one step a line, no comments).
    pub(crate) fn to_binary(text: &str, format: ProofFormat) -> Vec<u8> {
        let mut out = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let mut words: Vec<&str> = line.split_whitespace().collect();
            if format == ProofFormat::Lrat {
                let id: i64 = words.remove(0).parse().unwrap();
                if words[0] == "d" {
                    out.push(b'd');
                } else {
                    out.push(b'a');
                    push_signed(&mut out, id);
                }
            } else if words[0] == "d" {
                out.push(b'd');
            } else {
                out.push(b'a');
            }
            for w in words.into_iter().filter(|&w| w != "d") {
                push_signed(&mut out, w.parse().unwrap());
            }
        }
        out
    }

    /// The verdict on a text proof and on its binary form, which must agree.
    pub(crate) fn both(cnf: &str, proof: &str, format: ProofFormat) -> ProofVerdict {
        let text = verdict(cnf, proof.as_bytes(), format);
        assert_eq!(text.encoding, Encoding::Text);
        let binary = verdict(cnf, &to_binary(proof, format), format);
        if !proof.is_empty() {
            assert_eq!(binary.encoding, Encoding::Binary);
        }
        assert_eq!(
            (text.verified, &text.stats),
            (binary.verified, &binary.stats),
            "{text:?} {binary:?}"
        );
        text
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;
    use std::path::Path;

    /// A RUP proof in each format: its last step is the empty clause, and it has no RAT step.
    #[test]
    fn a_rup_proof_is_verified() {
        for (proof, format, last, lemmas) in [
            ("2 0\n0\n", ProofFormat::Drat, "line 1", 1),
            ("5 2 0 1 2 0\n6 0 5 3 4 0\n", ProofFormat::Lrat, "line 2", 2),
        ] {
            let v = both(UNSAT, proof, format);
            assert!(v.verified && v.detail.contains(last), "{v:?}");
            assert_eq!((v.stats.lemmas, v.stats.rat_lemmas), (lemmas, 0));
        }
    }

    #[test]
    fn the_formula_alone_can_be_refuted() {
        for format in [ProofFormat::Drat, ProofFormat::Lrat] {
            let v = verdict("p cnf 1 2\n1 0\n0\n", b"", format);
            assert!(v.verified, "{v:?}");
            assert!(!verdict(UNSAT, b"", format).verified);
        }
        // Unit propagation refutes it at the top level: a DRAT checker needs no step.
        assert!(verdict("p cnf 1 2\n1 0\n-1 0\n", b"", ProofFormat::Drat).verified);
    }

    #[test]
    fn a_malformed_cnf_is_an_error_and_a_malformed_proof_a_rejection() {
        let e = check_proof(
            &b"p cnf 1 1\n2 0\n"[..],
            &b""[..],
            ProofFormat::Drat,
            None,
            crate::never,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: literal 2 beyond the 1 variables of the `p cnf` line"
        );
        for (proof, format, want) in [
            (
                &b"5 2 0 1 2 0\n6 0 5"[..],
                ProofFormat::Lrat,
                "malformed proof at line 2",
            ),
            (
                b"2 0\n0",
                ProofFormat::Lrat,
                "step at line 1: clause id 2 is in use",
            ),
            (b"1 2 0\n3 4", ProofFormat::Drat, "malformed proof at line 2"),
            (b"2 x 0\n", ProofFormat::Drat, "malformed proof at byte 0"),
        ] {
            let v = verdict(UNSAT, proof, format);
            assert!(!v.verified && v.detail.contains(want), "{v:?}");
        }
    }

    #[test]
    fn a_passed_deadline_is_an_error() {
        let past = Some(Instant::now());
        let many = "1 2 0\n".repeat(1000);
        let e = check_proof(
            UNSAT.as_bytes(),
            many.as_bytes(),
            ProofFormat::Drat,
            past,
            crate::never,
        );
        assert!(matches!(e, Err(ProofError::TimeLimit)), "{e:?}");
    }

    #[test]
    fn a_stop_ends_the_check_without_a_verdict() {
        let many = "1 2 0\n".repeat(1000);
        let stop = || true;
        let e = check_proof(UNSAT.as_bytes(), many.as_bytes(), ProofFormat::Drat, None, stop);
        assert!(matches!(e, Err(ProofError::Stopped)), "{e:?}");
        // Nor is a stop confused with the CNF's own errors while it is read.
        let long_cnf = format!("p cnf 2 600\n{}", "1 2 0\n".repeat(600));
        let e = check_proof(long_cnf.as_bytes(), &b""[..], ProofFormat::Lrat, None, stop);
        assert!(matches!(e, Err(ProofError::Stopped)), "{e:?}");
    }

    #[test]
    fn the_format_follows_the_file_name() {
        assert_eq!(
            ProofFormat::of_path(Path::new("a/b.lrat")),
            Some(ProofFormat::Lrat)
        );
        assert_eq!(ProofFormat::of_path(Path::new("b.drat")), Some(ProofFormat::Drat));
        assert_eq!(ProofFormat::of_path(Path::new("b.frat")), None);
    }
}
