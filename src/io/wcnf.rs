//! WCNF in the MaxSAT Evaluation 2022 format: `h` before each hard clause, the weight before
//! each soft clause, no `p` line.

use super::dimacs::push_clause;
use rustsat::types::{Clause, Lit};

/// Hard clauses, then one soft unit clause of weight 1 per literal of `soft`.
pub fn write_wcnf<'a>(header: &str, hard: impl Iterator<Item = &'a Clause>, soft: &[Lit]) -> String {
    let mut s = String::from(header);
    for cl in hard {
        s.push_str("h ");
        push_clause(&mut s, cl);
    }
    for &l in soft {
        s.push_str(&format!("1 {} 0\n", l.to_ipasir()));
    }
    s
}

#[cfg(test)]
mod tests {
    use rustsat::lit;

    #[test]
    fn format() {
        let hard: Vec<rustsat::types::Clause> = vec![[!lit![0], !lit![1]].into_iter().collect()];
        let s = super::write_wcnf("c x\n", hard.iter(), &[lit![0], lit![1]]);
        assert_eq!(s, "c x\nh -1 -2 0\n1 1 0\n1 2 0\n");
    }
}
