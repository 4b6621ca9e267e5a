//! The checker's own DIMACS CNF reader. It is deliberately not `crate::io`'s reader: a proof
//! checker that shared the parser of the formula writer could inherit the bug it should catch.
//!
//! Strict about what DIMACS promises: one `p cnf VARS CLAUSES` line before any clause, every
//! variable at most VARS, exactly CLAUSES clauses, each ended by `0`; `c` lines anywhere.
//! Nothing is reserved from the header's numbers, so a lying header costs no memory.

use super::lits::MAX_DIMACS_VAR;
use super::scanner::{Scan, ScanError, Scanner, shown, syntax};
use std::io::Read;

/// What the header announced (and the clauses matched).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CnfShape {
    pub vars: u64,
    pub clauses: u64,
}

/// Reads the formula, handing each clause's literals to `clause` in file order; an error names
/// the line.
pub(super) fn read_cnf<R: Read>(
    s: &mut Scanner<R>,
    mut clause: impl FnMut(&[i64]) -> Scan<()>,
) -> Result<CnfShape, (u64, ScanError)> {
    let mut header = None;
    let mut lits = Vec::new();
    let mut seen = 0u64;
    let at = |s: &Scanner<R>, e: ScanError| (s.line(), e);
    loop {
        s.skip_space().map_err(|e| at(s, e))?;
        let Some(b) = s.peek().map_err(|e| at(s, e))? else {
            break;
        };
        match b {
            b'c' => s.skip_line().map_err(|e| at(s, e))?,
            b'p' if header.is_none() => header = Some(read_header(s).map_err(|e| at(s, e))?),
            b'p' => return Err(at(s, ScanError::Syntax("a second `p` line".into()))),
            _ => {
                let Some(shape) = header else {
                    return Err(at(
                        s,
                        ScanError::Syntax("a clause before the `p cnf` line".into()),
                    ));
                };
                let lit = s.int().map_err(|e| at(s, e))?;
                if lit == 0 {
                    seen += 1;
                    if seen > shape.clauses {
                        let msg = format!(
                            "more clauses than the {} the `p cnf` line announces",
                            shape.clauses
                        );
                        return Err(at(s, ScanError::Syntax(msg)));
                    }
                    clause(&lits).map_err(|e| at(s, e))?;
                    lits.clear();
                } else if lit.unsigned_abs() > shape.vars {
                    let msg = format!(
                        "literal {lit} beyond the {} variables of the `p cnf` line",
                        shape.vars
                    );
                    return Err(at(s, ScanError::Syntax(msg)));
                } else {
                    lits.push(lit);
                }
            }
        }
    }
    let line = s.line();
    let Some(shape) = header else {
        return Err((line, ScanError::Syntax("no `p cnf` line".into())));
    };
    if !lits.is_empty() {
        return Err((line, ScanError::Syntax("the last clause has no closing 0".into())));
    }
    if seen != shape.clauses {
        let msg = format!(
            "{seen} clauses where the `p cnf` line announces {}",
            shape.clauses
        );
        return Err((line, ScanError::Syntax(msg)));
    }
    Ok(shape)
}

fn read_header<R: Read>(s: &mut Scanner<R>) -> Scan<CnfShape> {
    for want in *b"pcnf" {
        if want == b'c' {
            s.skip_space()?;
        }
        match s.next()? {
            Some(b) if b == want => {}
            Some(b) => {
                return syntax(format!(
                    "a `p cnf` line with {} where `{}` belongs",
                    shown(b),
                    want as char
                ));
            }
            None => return syntax("the file ends inside the `p cnf` line"),
        }
    }
    s.skip_space()?;
    let vars = s.int()?;
    s.skip_space()?;
    let clauses = s.int()?;
    if !(0..=MAX_DIMACS_VAR as i64).contains(&vars) || clauses < 0 {
        return syntax(format!("a `p cnf {vars} {clauses}` line out of range"));
    }
    Ok(CnfShape {
        vars: vars as u64,
        clauses: clauses as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<(CnfShape, Vec<Vec<i64>>), String> {
        let mut clauses = Vec::new();
        let mut s = Scanner::new(text.as_bytes());
        read_cnf(&mut s, |c| {
            clauses.push(c.to_vec());
            Ok(())
        })
        .map(|shape| (shape, clauses))
        .map_err(|(line, e)| match e {
            ScanError::Syntax(m) => format!("line {line}: {m}"),
            ScanError::Io(e) => e.to_string(),
        })
    }

    #[test]
    fn reads_clauses_across_lines_and_comments() {
        let (shape, clauses) = read("c hi\np cnf 3 3\n1 -2\n 3 0 c note\n0\n-3 0\n").unwrap();
        assert_eq!(shape, CnfShape { vars: 3, clauses: 3 });
        assert_eq!(clauses, [vec![1, -2, 3], vec![], vec![-3]]);
    }

    #[test]
    fn refuses_what_dimacs_does_not_allow() {
        for (text, want) in [
            ("1 0\n", "line 1: a clause before"),
            ("p cnf 2 1\n3 0\n", "line 2: literal 3 beyond"),
            ("p cnf 2 1\n1 0 2 0\n", "more clauses than the 1"),
            ("p cnf 2 2\n1 0\n", "1 clauses where"),
            ("p cnf 2 1\n1", "no closing 0"),
            ("p cnf 2 1\np cnf 2 1\n", "a second `p` line"),
            ("p dnf 2 1\n", "where `c` belongs"),
            ("p cnf 99999999999 1\n", "out of range"),
            ("p cnf 2 1\n1 x 0\n", "unexpected byte 'x'"),
            ("", "no `p cnf` line"),
        ] {
            let e = read(text).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }
}
