//! One shard of a job split over several runs: `I/N`, 1-based, the same spelling for every
//! command that splits its work.

use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// Shard `index` of `count` (`1 <= index <= count`): the items `j` (0-based, in the job's
/// order) with `j mod count = index - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole job.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether item `j` (0-based) belongs to this shard.
    pub fn keeps(&self, j: usize) -> bool {
        j % self.count == self.index - 1
    }

    /// `(index - 1, count)`: the 0-based form the encoders take.
    pub fn zero_based(&self) -> (usize, usize) {
        (self.index - 1, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("{s:?} is not a shard I/N with 1 <= I <= N");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = match (i.trim().parse(), n.trim().parse()) {
            (Ok(i), Ok(n)) => (i, n),
            _ => return Err(bad()),
        };
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_based_round_robin() {
        let s: Shard = "2/3".parse().unwrap();
        assert_eq!(s.zero_based(), (1, 3));
        assert_eq!((0..7).filter(|&j| s.keeps(j)).collect::<Vec<_>>(), vec![1, 4]);
        assert!("0/3".parse::<Shard>().is_err());
        assert!("4/3".parse::<Shard>().is_err());
        assert!("1/0".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        assert!(Shard::ALL.keeps(5));
    }
}
