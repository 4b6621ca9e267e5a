//! Bit masks of a row's columns: the whole row, the columns left of one, the bits above one.

/// The bits of a row of `cols` columns (up to 64).
pub(super) fn full_mask(cols: usize) -> u64 {
    if cols == 64 { u64::MAX } else { (1u64 << cols) - 1 }
}

/// The bits of the columns left of column `c` (`c` below 64).
pub(super) fn low(c: usize) -> u64 {
    (1u64 << c) - 1
}

/// The bits above the one bit `bit`.
pub(super) fn above(bit: u64) -> u64 {
    bit.wrapping_neg() ^ bit
}
