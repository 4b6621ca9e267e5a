//! Counts in words: "1 queen", "2 queens", "0 classes". The one place every report (text,
//! Markdown, pictures, proof lines) takes a counted noun from.

use std::fmt::Display;

/// `n` and the noun's form for it: `one` for exactly one, `many` otherwise (zero included, as
/// English says "0 walls").
pub fn plural<N: Display + PartialEq + From<u8> + Copy>(n: N, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// The noun's form for `n` things, without the number: `one` for exactly one, else `many`
/// ("on row 4", "on rows 3,4").
pub fn noun<'a, N: PartialEq + From<u8> + Copy>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n == N::from(1) { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::{noun, plural};

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1usize, "queen", "queens"), "1 queen");
        assert_eq!(plural(0usize, "wall", "walls"), "0 walls");
        assert_eq!(plural(2u64, "class", "classes"), "2 classes");
        assert_eq!(plural(11u32, "solver call", "solver calls"), "11 solver calls");
        assert_eq!(plural(1u64, "class", "classes"), "1 class");
        assert_eq!(noun(1usize, "row", "rows"), "row");
        assert_eq!(noun(2usize, "row", "rows"), "rows");
    }
}
