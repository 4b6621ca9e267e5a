//! DIMACS CNF out and in, and the SAT competition's output format (`s`/`v` lines).
//!
//! Invariant: variable `v` of rustsat (0-based) is DIMACS variable `v + 1`, everywhere.

use anyhow::bail;
use rustsat::types::{Clause, Lit, Var};
use std::fmt::Write as _;

/// A DIMACS file: the header comments (already prefixed with `c`), then `p cnf` and clauses.
pub fn write_dimacs<'a>(
    header: &str,
    n_vars: u32,
    clauses: impl ExactSizeIterator<Item = &'a Clause>,
) -> String {
    let mut s = String::with_capacity(header.len() + 16 * clauses.len());
    s.push_str(header);
    let _ = writeln!(s, "p cnf {n_vars} {}", clauses.len());
    for cl in clauses {
        push_clause(&mut s, cl);
    }
    s
}

/// Appends `l1 l2 ... 0\n`.
pub fn push_clause(s: &mut String, cl: &Clause) {
    for &l in cl.iter() {
        let _ = write!(s, "{} ", l.to_ipasir());
    }
    s.push_str("0\n");
}

/// A parsed DIMACS CNF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimacsCnf {
    pub n_vars: u32,
    pub clauses: Vec<Clause>,
}

/// Variables a header may announce beyond those its clauses use: a header is checked against
/// what follows, so a typo cannot make a reader reserve gigabytes.
pub const MAX_UNUSED_VARS: u32 = 1 << 20;

/// What the first line of a file that is not a CNF says it is, where it is one of the formats
/// `queensat encode` also writes (a file of another format would otherwise be read as a CNF
/// whose header is missing).
fn not_cnf(first: &str) -> Option<&'static str> {
    let word = first.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
    if first.starts_with("p wcnf") || word == "h" {
        Some("a weighted MaxSAT (WCNF) file")
    } else if first.starts_with('*') || first.contains(">=") && first.ends_with(';') {
        Some("a pseudo-Boolean (OPB) file")
    } else if first.starts_with('\\')
        || ["maximize", "minimize", "maximise", "minimise", "subject"].contains(&word.as_str())
    {
        Some("an LP file")
    } else {
        None
    }
}

/// Parses a DIMACS CNF; errors name the line. The header must agree with the clauses: their
/// number exactly, and at most `MAX_UNUSED_VARS` announced variables unused, whether beyond
/// the largest one used or as gaps below it (solvers reserve memory for every number up to the
/// largest), so that what a reader holds grows with the clauses read, not with the numbers.
pub fn parse_dimacs(text: &str) -> anyhow::Result<DimacsCnf> {
    let mut header: Option<(u32, usize)> = None;
    let mut clauses = Vec::new();
    let mut current: Vec<Lit> = Vec::new();
    let mut used = 0u32;
    // Every variable of every literal read (as many as the literals): the distinct ones.
    let mut seen: Vec<u32> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let ln = i + 1;
        let t = line.trim();
        // SATLIB's benchmark files end their formula with a line `%` (and a stray `0` after it).
        if t == "%" {
            break;
        }
        if t.is_empty() || t.starts_with('c') || t.starts_with('%') {
            continue;
        }
        if let Some(rest) = t.strip_prefix("p ") {
            let f: Vec<&str> = rest.split_whitespace().collect();
            if header.is_none()
                && let Some(what) = not_cnf(t)
            {
                bail!("line {ln}: {what}, not a DIMACS CNF (`p cnf VARS CLAUSES`)");
            }
            if header.is_some() || f.len() != 3 || f[0] != "cnf" {
                bail!("line {ln}: expected one header `p cnf VARS CLAUSES`");
            }
            // A count too large for the type is past the bound all the same.
            let count = |s: &str, what: &str| match s.parse::<u64>() {
                Ok(n) => Ok(n),
                Err(_) if s.bytes().all(|b| b.is_ascii_digit()) => Ok(u64::MAX),
                Err(_) => Err(anyhow::anyhow!(
                    "line {ln}: {what} count {s:?} is not a whole number"
                )),
            };
            let n = count(f[1], "variable")?;
            let n = match u32::try_from(n) {
                Ok(n) if n <= Var::MAX_IDX => n,
                _ => bail!(
                    "line {ln}: {} variables is more than a solver takes (at most {})",
                    f[1],
                    Var::MAX_IDX
                ),
            };
            let m = match usize::try_from(count(f[2], "clause")?) {
                Ok(m) if m < usize::MAX => m,
                _ => bail!("line {ln}: {} clauses is more than this machine can hold", f[2]),
            };
            header = Some((n, m));
            continue;
        }
        let Some((n_vars, _)) = header else {
            if let Some(what) = not_cnf(t) {
                bail!("line {ln}: {what}, not a DIMACS CNF (`p cnf VARS CLAUSES`)");
            }
            bail!("line {ln}: clause before the `p cnf` header");
        };
        for tok in t.split_whitespace() {
            let x: i32 = tok
                .parse()
                .map_err(|_| anyhow::anyhow!("line {ln}: {tok:?} is not a literal"))?;
            // `-0` would end the clause as `0` does, and a `0` after it add an empty clause.
            if x == 0 && tok.starts_with('-') {
                bail!("line {ln}: {tok:?} is not a literal (`0` ends a clause)");
            }
            if x == 0 {
                clauses.push(current.drain(..).collect());
            } else {
                if x.unsigned_abs() > n_vars {
                    bail!("line {ln}: literal {x} exceeds the {n_vars} variables of the header");
                }
                used = used.max(x.unsigned_abs());
                seen.push(x.unsigned_abs());
                current
                    .push(Lit::from_ipasir(x).map_err(|e| anyhow::anyhow!("line {ln}: literal {x}: {e}"))?);
            }
        }
    }
    let Some((n_vars, m)) = header else {
        bail!("no `p cnf` header");
    };
    if !current.is_empty() {
        bail!("the last clause is not terminated by 0");
    }
    if clauses.len() != m {
        bail!("the header announces {m} clauses, the file has {}", clauses.len());
    }
    if n_vars - used > MAX_UNUSED_VARS {
        bail!("the header announces {n_vars} variables, the clauses use {used}: fix the header");
    }
    seen.sort_unstable();
    seen.dedup();
    let distinct = seen.len() as u32;
    if used - distinct > MAX_UNUSED_VARS {
        bail!(
            "the clauses use {distinct} distinct variables numbered up to {used}: renumber them \
             (a solver reserves memory for every number up to the largest)"
        );
    }
    Ok(DimacsCnf { n_vars, clauses })
}

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverAnswer {
    /// `model[v]` is the value of DIMACS variable `v + 1`; unassigned variables are false.
    Sat(Vec<bool>),
    Unsat,
    Unknown,
}

/// Columns a `v` line of [`model_lines`] fills at most, as solvers keep their lines short.
const V_LINE_WIDTH: usize = 78;

/// A model as the SAT competition prints it: `v` lines of the DIMACS literals, each line at
/// most `V_LINE_WIDTH` columns, and the terminating `v 0` on a line of its own (what
/// [`parse_competition_output`] reads back).
pub fn model_lines(literals: &[i64]) -> String {
    let mut s = String::new();
    let mut line = String::from("v");
    for l in literals {
        let lit = l.to_string();
        if line.len() + 1 + lit.len() > V_LINE_WIDTH {
            s.push_str(&line);
            s.push('\n');
            line.truncate(1);
        }
        line.push(' ');
        line.push_str(&lit);
    }
    if line.len() > 1 {
        s.push_str(&line);
        s.push('\n');
    }
    s.push_str("v 0\n");
    s
}

/// Reads competition output: `s SATISFIABLE|UNSATISFIABLE|UNKNOWN` and `v` lines ending in 0.
/// Anything malformed is an error, never a guess.
pub fn parse_competition_output(text: &str, n_vars: u32) -> anyhow::Result<SolverAnswer> {
    let mut status = None;
    let mut values: Vec<i32> = Vec::new();
    let mut ended = false;
    // The first `v` line's number: a model beside any status but SATISFIABLE contradicts it.
    let mut model_at = None;
    for (i, line) in text.lines().enumerate() {
        let ln = i + 1;
        if let Some(s) = line.strip_prefix("s ") {
            if status.is_some() {
                bail!("solver output line {ln}: a second `s` line");
            }
            status = Some(match s.trim() {
                "SATISFIABLE" => 10,
                "UNSATISFIABLE" => 20,
                "UNKNOWN" => 0,
                other => bail!("solver output line {ln}: unknown status {other:?}"),
            });
        } else if let Some(v) = line
            .strip_prefix("v ")
            .or_else(|| (line.trim() == "v").then_some(""))
        {
            model_at.get_or_insert(ln);
            push_values(
                v.split_whitespace(),
                &mut values,
                &mut ended,
                &format!("solver output line {ln}"),
            )?;
        }
    }
    if let (Some(ln), Some(code @ (0 | 20))) = (model_at, status) {
        let said = if code == 20 { "UNSATISFIABLE" } else { "UNKNOWN" };
        bail!("solver output line {ln}: a `v` line (a model) beside the status {said}");
    }
    match status {
        Some(10) => {
            if !ended {
                bail!("the solver said SATISFIABLE but its `v` lines do not end with 0");
            }
            Ok(SolverAnswer::Sat(model_of(&values, n_vars)?))
        }
        Some(20) => Ok(SolverAnswer::Unsat),
        Some(_) => Ok(SolverAnswer::Unknown),
        None => bail!("the solver printed no `s` status line"),
    }
}

/// Appends the literals of a model's tokens to `values` until the terminating 0, which sets
/// `ended`; a token that is no literal, or one after the 0, is an error that `at` locates.
fn push_values<'a>(
    tokens: impl Iterator<Item = &'a str>,
    values: &mut Vec<i32>,
    ended: &mut bool,
    at: &str,
) -> anyhow::Result<()> {
    for tok in tokens {
        let x: i32 = tok
            .parse()
            .map_err(|_| anyhow::anyhow!("{at}: {tok:?} is not a literal"))?;
        if *ended {
            bail!("{at}: values after the terminating 0");
        }
        if x == 0 {
            *ended = true;
        } else {
            values.push(x);
        }
    }
    Ok(())
}

/// Reads MiniSat's result file: `SAT` and a line of literals ending in 0, or `UNSAT`/`INDET`.
pub fn parse_minisat_result(text: &str, n_vars: u32) -> anyhow::Result<SolverAnswer> {
    let mut lines = text.lines();
    match lines.next().map(str::trim) {
        Some("UNSAT") => Ok(SolverAnswer::Unsat),
        Some("INDET") => Ok(SolverAnswer::Unknown),
        Some("SAT") => {
            let mut values = Vec::new();
            let mut ended = false;
            push_values(
                lines.flat_map(str::split_whitespace),
                &mut values,
                &mut ended,
                "minisat result",
            )?;
            if !ended {
                bail!("minisat result: the model does not end with 0");
            }
            Ok(SolverAnswer::Sat(model_of(&values, n_vars)?))
        }
        other => bail!("minisat result: unexpected first line {other:?}"),
    }
}

fn model_of(values: &[i32], n_vars: u32) -> anyhow::Result<Vec<bool>> {
    let mut model = vec![false; n_vars as usize];
    let mut seen = vec![false; n_vars as usize];
    for &x in values {
        let v = x.unsigned_abs();
        if v > n_vars {
            bail!("the model names variable {v}, the formula has {n_vars}");
        }
        let i = v as usize - 1;
        if seen[i] && model[i] != (x > 0) {
            bail!("the model gives variable {v} both values");
        }
        seen[i] = true;
        model[i] = x > 0;
    }
    Ok(model)
}

/// Whether a model satisfies every clause; the first falsified clause's index otherwise.
pub fn check_model(clauses: &[Clause], model: &[bool]) -> Result<(), usize> {
    let val = |l: Lit| model.get(l.vidx()).copied().unwrap_or(false) == l.is_pos();
    match clauses.iter().position(|cl| !cl.iter().any(|&l| val(l))) {
        Some(i) => Err(i),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::lit;

    #[test]
    fn satlib_end_marker_ends_the_formula() {
        let cnf = parse_dimacs("p cnf 2 1\n1 2 0\n%\n0\n").unwrap();
        assert_eq!(cnf.clauses.len(), 1);
    }

    #[test]
    fn write_and_parse() {
        let cls: Vec<Clause> = vec![
            [lit![0], !lit![1]].into_iter().collect(),
            [lit![1]].into_iter().collect(),
        ];
        let text = write_dimacs("c hello\n", 2, cls.iter());
        assert_eq!(text, "c hello\np cnf 2 2\n1 -2 0\n2 0\n");
        let back = parse_dimacs(&text).unwrap();
        assert_eq!(back.clauses, cls);
        assert!(parse_dimacs("p cnf 1 1\n2 0\n").is_err());
        assert!(parse_dimacs("p cnf 1 2\n1 0\n").is_err());
        assert!(parse_dimacs("1 0\n").is_err());
        assert!(parse_dimacs("p cnf 1 1\n1\n").is_err());
        // Headers and numbers beyond what the clauses hold: refused before any solver sees them.
        for huge in [
            "p cnf 100000000 1\n1 0\n",
            "p cnf 2147483647 1\n1 0\n",
            "p cnf 100000000 1\n100000000 0\n",
            "p cnf 100000000 1\n-100000000 1 0\n",
            "p cnf 3 99999999999\n1 0\n",
            "p cnf 3 18446744073709551616\n1 0\n",
        ] {
            assert!(parse_dimacs(huge).is_err(), "{huge:?}");
        }
        assert!(parse_dimacs("p cnf 1048577 1\n1048577 0\n").is_ok());
        // A count past its type names the bound, not Rust's "too large to fit in target type".
        let e = parse_dimacs("p cnf 4294967296 1\n1 0\n").unwrap_err().to_string();
        assert!(
            e.contains("4294967296 variables is more than a solver takes (at most"),
            "{e}"
        );
        let e = parse_dimacs("p cnf 3 99999999999999999999\n1 0\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("99999999999999999999 clauses is more than"), "{e}");
        let e = parse_dimacs("p cnf 2 1\n1 -0 0\n").unwrap_err().to_string();
        assert!(e.contains("line 2: \"-0\" is not a literal"), "{e}");
        let e = parse_dimacs("p cnf x 1\n").unwrap_err().to_string();
        assert!(e.contains("variable count \"x\" is not a whole number"), "{e}");
    }

    #[test]
    fn a_model_prints_as_wrapped_v_lines_that_read_back() {
        assert_eq!(model_lines(&[]), "v 0\n");
        assert_eq!(model_lines(&[-1, 2]), "v -1 2\nv 0\n");
        let model: Vec<i64> = (1..=500).map(|v| if v % 3 == 0 { v } else { -v }).collect();
        let text = model_lines(&model);
        assert!(
            text.lines()
                .all(|l| l.starts_with("v ") && l.len() <= V_LINE_WIDTH),
            "{text}"
        );
        assert!(text.lines().count() > 20 && text.ends_with("\nv 0\n"), "{text}");
        let back = parse_competition_output(&format!("s SATISFIABLE\n{text}"), 500).unwrap();
        let values: Vec<bool> = model.iter().map(|&l| l > 0).collect();
        assert_eq!(back, SolverAnswer::Sat(values));
    }

    #[test]
    fn competition_output() {
        let sat = "c x\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(
            parse_competition_output(sat, 3).unwrap(),
            SolverAnswer::Sat(vec![true, false, true])
        );
        assert_eq!(
            parse_competition_output("s UNSATISFIABLE\n", 3).unwrap(),
            SolverAnswer::Unsat
        );
        for bad in [
            "",
            "s MAYBE\n",
            "s SATISFIABLE\nv 1 2\n",
            "s SATISFIABLE\nv 9 0\n",
            "s SATISFIABLE\nv 1 -1 0\n",
            "s SATISFIABLE\nv x 0\n",
            "s UNSATISFIABLE\nv 1 -2 3 0\n",
            "v 0\ns UNKNOWN\n",
        ] {
            assert!(parse_competition_output(bad, 3).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse_minisat_result("SAT\n-1 2 0\n", 2).unwrap(),
            SolverAnswer::Sat(vec![false, true])
        );
        assert_eq!(parse_minisat_result("UNSAT\n", 2).unwrap(), SolverAnswer::Unsat);
        assert!(parse_minisat_result("SAT\n1 2\n", 2).is_err());
        assert!(parse_minisat_result("", 2).is_err());
    }

    #[test]
    fn model_check() {
        let cls: Vec<Clause> = vec![[lit![0], lit![1]].into_iter().collect()];
        assert_eq!(check_model(&cls, &[false, true]), Ok(()));
        assert_eq!(check_model(&cls, &[false, false]), Err(0));
    }
}
