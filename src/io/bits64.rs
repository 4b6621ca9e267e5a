//! The published study's 64-bit layout: cell `(r, c)` is bit `63 - (8r + c)`, so the most
//! significant bit is `(0, 0)`. Rows are always 8 bits wide, so it holds boards of at most
//! 8 × 8; a smaller board uses the top-left corner of the 8 × 8 frame. Only the published
//! files use it; inside queensat a board is a list of cells of any size.

use super::sweep_db::RowCell;
use crate::board::{BoardError, Coord};

fn bit(r: usize, c: usize) -> u64 {
    1u64 << (63 - (8 * r + c))
}

/// The cells set in a 64-bit number, checked against a `rows × cols` board.
pub fn from_bits64(bits: u64, rows: usize, cols: usize) -> Result<Vec<Coord>, BoardError> {
    if rows > 8 || cols > 8 {
        return Err(BoardError::new(format!(
            "the 64-bit layout holds boards up to 8x8, not {rows}x{cols}"
        )));
    }
    let mut cells = Vec::new();
    for i in 0..64 {
        if bits & (1u64 << (63 - i)) != 0 {
            let (r, c) = (i / 8, i % 8);
            if r >= rows || c >= cols {
                return Err(BoardError::new(format!(
                    "bit for cell {r},{c} is set in {bits:#018x}, outside the {rows}x{cols} board"
                )));
            }
            cells.push((r, c));
        }
    }
    Ok(cells)
}

/// The 64-bit number of a set of cells (all within 8 × 8).
pub fn to_bits64<C: RowCell>(cells: &[C]) -> Result<u64, BoardError> {
    cells.iter().try_fold(0u64, |acc, &x| {
        let (r, c) = x.coord();
        if r >= 8 || c >= 8 {
            Err(BoardError::new(format!(
                "cell {r},{c} does not fit the 64-bit layout"
            )))
        } else {
            Ok(acc | bit(r, c))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_the_published_files() {
        // From the 2-wall file: 13835058055282163712 = bits 63 and 62 = cells (0,0), (0,1).
        assert_eq!(
            from_bits64(13835058055282163712, 8, 8).unwrap(),
            vec![(0, 0), (0, 1)]
        );
        assert_eq!(to_bits64(&[(1, 3), (2, 5)]).unwrap(), 0x0010040000000000);
        assert!(from_bits64(1, 7, 7).is_err()); // bit 0 is cell 7,7
        assert!(from_bits64(0, 9, 8).is_err());
    }
}
