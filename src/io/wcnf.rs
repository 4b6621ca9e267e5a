//! WCNF (weighted MaxSAT): the MaxSAT Evaluation 2022 format (`h` before each hard clause, the
//! weight before each soft clause, no `p` line) or the classic one (a `p wcnf VARS CLAUSES TOP`
//! line, hard clauses carrying the weight TOP), which older solvers such as sat4j need.

use super::dimacs::push_clause;
use rustsat::types::{Clause, Lit};
use std::fmt::Write as _;

crate::choices! {
/// Which WCNF dialect to write.
pub enum WcnfFormat {
    /// MaxSAT Evaluation 2022 and later: `h` hard clauses, no `p` line.
    #[default]
    New = "2022",
    /// `p wcnf VARS CLAUSES TOP`, hard clauses weighted TOP (MaxSAT Evaluations up to 2021).
    Classic = "classic",
}
}

/// Hard clauses, then one soft unit clause of weight 1 per literal of `soft`.
pub fn write_wcnf<'a>(
    header: &str,
    n_vars: u32,
    hard: impl ExactSizeIterator<Item = &'a Clause>,
    soft: &[Lit],
    format: WcnfFormat,
) -> String {
    let mut s = String::from(header);
    // Weight of a hard clause in the classic format: more than all soft weights together.
    let top = soft.len() + 1;
    if format == WcnfFormat::Classic {
        let _ = writeln!(s, "p wcnf {n_vars} {} {top}", hard.len() + soft.len());
    }
    for cl in hard {
        match format {
            WcnfFormat::New => s.push_str("h "),
            WcnfFormat::Classic => {
                let _ = write!(s, "{top} ");
            }
        }
        push_clause(&mut s, cl);
    }
    for &l in soft {
        let _ = writeln!(s, "1 {} 0", l.to_ipasir());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::lit;

    #[test]
    fn both_formats() {
        let hard: Vec<rustsat::types::Clause> = vec![[!lit![0], !lit![1]].into_iter().collect()];
        let s = write_wcnf("c x\n", 2, hard.iter(), &[lit![0], lit![1]], WcnfFormat::New);
        assert_eq!(s, "c x\nh -1 -2 0\n1 1 0\n1 2 0\n");
        let s = write_wcnf("c x\n", 2, hard.iter(), &[lit![0], lit![1]], WcnfFormat::Classic);
        assert_eq!(s, "c x\np wcnf 2 3 3\n3 -1 -2 0\n1 1 0\n1 2 0\n");
    }
}
