//! A set of whole numbers as the command line gives it: `K`, an inclusive range `A..B`
//! (also `A..=B`), or a list `a,b` of either; wall counts, queens and board sides use it.

use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// Whole numbers, ascending, without repeats, never empty (read back from a file too: a list
/// that is not is refused, as the command line refuses one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<usize>")]
pub struct Counts(Vec<usize>);

impl TryFrom<Vec<usize>> for Counts {
    type Error = String;
    fn try_from(list: Vec<usize>) -> Result<Counts, String> {
        if list.is_empty() {
            return Err("no counts".into());
        }
        if !list.windows(2).all(|w| w[0] < w[1]) {
            return Err(format!("counts {list:?} are not ascending without repeats"));
        }
        Ok(Counts(list))
    }
}

impl Counts {
    /// The numbers of `list`, in order, each once (`list` not empty).
    pub fn new(mut list: Vec<usize>) -> Counts {
        assert!(!list.is_empty(), "no counts");
        list.sort_unstable();
        list.dedup();
        Counts(list)
    }

    /// The numbers `a..=b` (`a <= b`).
    pub fn range(a: usize, b: usize) -> Counts {
        assert!(a <= b, "empty range {a}..{b}");
        Counts((a..=b).collect())
    }

    pub fn as_slice(&self) -> &[usize] {
        &self.0
    }

    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().copied()
    }

    pub fn contains(&self, k: &usize) -> bool {
        self.0.binary_search(k).is_ok()
    }

    pub fn min(&self) -> usize {
        self.0[0]
    }

    pub fn max(&self) -> usize {
        self.0[self.0.len() - 1]
    }

    /// The only number, or `None` when there are several.
    pub fn single(&self) -> Option<usize> {
        (self.0.len() == 1).then(|| self.0[0])
    }

    /// `3`, `2..4` for a run of consecutive numbers, `2,5` otherwise: how a title names them.
    pub fn describe(&self, range_sep: &str) -> String {
        let (a, b) = (self.min(), self.max());
        if a == b {
            a.to_string()
        } else if b - a + 1 == self.0.len() {
            format!("{a}{range_sep}{b}")
        } else {
            self.0.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",")
        }
    }
}

/// The most values one range may list.
const MAX_RANGE: usize = 100_000;

impl FromStr for Counts {
    type Err = String;
    fn from_str(s: &str) -> Result<Counts, String> {
        let num = |t: &str| -> Result<usize, String> {
            let t = t.trim();
            t.parse().map_err(|_| {
                if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                    format!("{t:?} is too large (at most {})", usize::MAX)
                } else if t
                    .strip_prefix('-')
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
                {
                    format!("{t:?} is negative (counts start at 0)")
                } else {
                    format!("{t:?} is not a whole number (want K, A..B or a,b)")
                }
            })
        };
        let mut out = Vec::new();
        for part in s.split(',') {
            match part.split_once("..") {
                Some((a, b)) => {
                    let (a, b) = (num(a)?, num(b.strip_prefix('=').unwrap_or(b))?);
                    if a > b {
                        return Err(format!("empty range {:?}", part.trim()));
                    }
                    // Every count here is a side, a number of walls or of queens: far below
                    // this, and a longer range would only exhaust memory.
                    if b - a >= MAX_RANGE {
                        return Err(format!(
                            "range {:?} is too long (at most {MAX_RANGE} values)",
                            part.trim()
                        ));
                    }
                    out.extend(a..=b);
                }
                None => out.push(num(part)?),
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(Counts(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_number_a_range_or_a_list() {
        let p = |s: &str| s.parse::<Counts>().map(|c| c.as_slice().to_vec());
        assert_eq!(p("3"), Ok(vec![3]));
        assert_eq!(p("0..4"), Ok(vec![0, 1, 2, 3, 4]));
        assert_eq!(p("2..=4"), Ok(vec![2, 3, 4]));
        assert_eq!(p("5,2,2"), Ok(vec![2, 5]));
        assert_eq!(p("1..2,7"), Ok(vec![1, 2, 7]));
        assert!(p("4..1").is_err());
        assert!(p("x").is_err());
        assert!(p("").is_err());
        assert!(
            p("99999999999999999999")
                .unwrap_err()
                .contains("is too large (at most 1844")
        );
        assert_eq!(p("-3"), Err("\"-3\" is negative (counts start at 0)".into()));
        assert!(p("0..99999999999").unwrap_err().contains("too long"));
        // Read back from a file: the same rules.
        let read = |s: &str| serde_json::from_str::<Counts>(s).map(|c| c.as_slice().to_vec());
        assert_eq!(read("[1,2,7]").unwrap(), vec![1, 2, 7]);
        for bad in ["[]", "[2,1]", "[2,2]"] {
            assert!(read(bad).is_err(), "{bad}");
        }
        let c: Counts = "2,5".parse().unwrap();
        assert!(c.contains(&5) && !c.contains(&3));
        assert_eq!((c.min(), c.max(), c.single()), (2, 5, None));
        assert_eq!(c.describe("-"), "2,5");
        assert_eq!(Counts::range(2, 4).describe(".."), "2..4");
    }
}
