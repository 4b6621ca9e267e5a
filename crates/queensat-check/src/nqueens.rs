//! An O(n) checker for one-queen-per-row solutions of huge n-queens boards.
//!
//! Independent of the search: it keeps its own fresh bit arrays (one bit per column and per
//! diagonal, 5n/8 bytes in all) and marks each queen's column, `r + c` and `r − c` lines;
//! a line marked twice is an attack. On failure a second pass names the other queen.

use std::fmt;

/// Why a column list is not an n-queens solution (rows and columns 0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NQueensViolation {
    /// `col[row]` is not below n.
    OffBoard { row: usize, col: u64 },
    /// Two queens on one column.
    SameColumn { rows: (usize, usize), col: u64 },
    /// Two queens on one diagonal.
    SameDiagonal { rows: (usize, usize), cols: (u64, u64) },
}

impl NQueensViolation {
    /// The same violation with rows and columns numbered from `first` (1 for a file of
    /// one-based columns), as it is to be named.
    pub fn numbered_from(self, first: usize) -> NQueensViolation {
        let (r, c) = (first, first as u64);
        match self {
            NQueensViolation::OffBoard { row, col } => NQueensViolation::OffBoard {
                row: row + r,
                col: col + c,
            },
            NQueensViolation::SameColumn { rows: (a, b), col } => NQueensViolation::SameColumn {
                rows: (a + r, b + r),
                col: col + c,
            },
            NQueensViolation::SameDiagonal {
                rows: (a, b),
                cols: (x, y),
            } => NQueensViolation::SameDiagonal {
                rows: (a + r, b + r),
                cols: (x + c, y + c),
            },
        }
    }
}

impl fmt::Display for NQueensViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NQueensViolation::OffBoard { row, col } => {
                write!(f, "row {row}: column {col} is off the board")
            }
            NQueensViolation::SameColumn { rows: (a, b), col } => {
                write!(f, "rows {a} and {b} both hold a queen in column {col}")
            }
            NQueensViolation::SameDiagonal {
                rows: (a, b),
                cols: (c, d),
            } => write!(
                f,
                "queens at row {a}, column {c} and row {b}, column {d} share a diagonal"
            ),
        }
    }
}

/// A set of `0..len` as bits.
struct Marks(Vec<u64>);

impl Marks {
    fn new(len: usize) -> Marks {
        Marks(vec![0; len.div_ceil(64)])
    }
    /// Marks `i`; false if it was marked already.
    fn mark(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let fresh = self.0[w] & b == 0;
        self.0[w] |= b;
        fresh
    }
}

/// Checks that `col` (the column of the queen in each row, 0-based) places `col.len()`
/// queens on a `col.len()`-square board with no two on a column or diagonal.
pub fn check_columns<C: Copy + Into<u64>>(col: &[C]) -> Result<(), NQueensViolation> {
    let n = col.len();
    let mut cols = Marks::new(n);
    let mut sums = Marks::new(2 * n);
    let mut diffs = Marks::new(2 * n);
    for (r, &c) in col.iter().enumerate() {
        let c: u64 = c.into();
        if c >= n as u64 {
            return Err(NQueensViolation::OffBoard { row: r, col: c });
        }
        let c = c as usize;
        let first = |same: &dyn Fn(usize, usize) -> bool| {
            (0..r)
                .find(|&q| same(q, col[q].into() as usize))
                .expect("an earlier queen marked it")
        };
        if !cols.mark(c) {
            let q = first(&|_, cq| cq == c);
            return Err(NQueensViolation::SameColumn {
                rows: (q, r),
                col: c as u64,
            });
        }
        if !sums.mark(r + c) || !diffs.mark(r + n - c) {
            let q = first(&|q, cq| q + cq == r + c || q + n - cq == r + n - c);
            return Err(NQueensViolation::SameDiagonal {
                rows: (q, r),
                cols: (col[q].into(), c as u64),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_solutions_and_names_each_fault() {
        assert_eq!(check_columns::<u32>(&[]), Ok(()));
        assert_eq!(check_columns(&[0u32]), Ok(()));
        assert_eq!(check_columns(&[1u32, 3, 0, 2]), Ok(()));
        assert_eq!(
            check_columns(&[1u32, 4, 0, 2]),
            Err(NQueensViolation::OffBoard { row: 1, col: 4 })
        );
        assert_eq!(
            check_columns(&[1u32, 3, 1, 2]),
            Err(NQueensViolation::SameColumn { rows: (0, 2), col: 1 })
        );
        assert_eq!(
            check_columns(&[0u32, 2, 3, 1]),
            Err(NQueensViolation::SameDiagonal {
                rows: (1, 2),
                cols: (2, 3)
            })
        );
        // An anti-diagonal attack between far rows.
        assert_eq!(
            check_columns(&[3u32, 1, 4, 0, 2, 5]),
            Err(NQueensViolation::SameDiagonal {
                rows: (0, 3),
                cols: (3, 0)
            })
        );
    }
}
