//! The columns not yet used by the greedy start, as a bitset with a one-bit-per-word summary,
//! so that the next word holding a free column is found in a few steps even when only a
//! handful of the n columns are left.

use super::prefetch::prefetch;

/// Free columns of `0..n`. Invariant: bit `c` of `words` is set iff column `c` is free, and
/// bit `w` of `summary` is set iff `words[w] != 0`; `nonempty` counts the summary's bits.
pub struct FreeColumns {
    words: Vec<u64>,
    summary: Vec<u64>,
    nonempty: usize,
}

impl FreeColumns {
    /// All of `0..n` free.
    pub fn all(n: usize) -> FreeColumns {
        let mut words = vec![!0u64; n.div_ceil(64)];
        if !n.is_multiple_of(64) {
            *words.last_mut().expect("n > 0") = (1u64 << (n % 64)) - 1;
        }
        let nw = words.len();
        let mut summary = vec![!0u64; nw.div_ceil(64)];
        if !nw.is_multiple_of(64) {
            *summary.last_mut().expect("n > 0") = (1u64 << (nw % 64)) - 1;
        }
        FreeColumns {
            words,
            summary,
            nonempty: nw,
        }
    }

    /// Number of 64-column words.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// Words that still hold a free column.
    pub fn nonempty_words(&self) -> usize {
        self.nonempty
    }

    /// The free columns `64w .. 64w + 63` as bits.
    #[inline]
    pub fn word(&self, w: usize) -> u64 {
        self.words[w]
    }

    /// Hints that word `w` will be read soon.
    #[inline]
    pub fn prefetch(&self, w: usize) {
        prefetch(&self.words, w);
    }

    /// The first word at or after `from` (cyclically) holding a free column; `None` when no
    /// column is free.
    pub fn next_word(&self, from: usize) -> Option<usize> {
        if self.nonempty == 0 {
            return None;
        }
        let from = if from >= self.words.len() { 0 } else { from };
        let mut s = from / 64;
        let mut bits = self.summary[s] & (!0u64 << (from % 64));
        loop {
            if bits != 0 {
                return Some(s * 64 + bits.trailing_zeros() as usize);
            }
            s += 1;
            if s == self.summary.len() {
                s = 0;
            }
            bits = self.summary[s];
        }
    }

    /// Marks column `c` used.
    #[inline]
    pub fn take(&mut self, c: usize) {
        let w = c / 64;
        debug_assert!(self.words[w] >> (c % 64) & 1 == 1, "column {c} is not free");
        self.words[w] &= !(1u64 << (c % 64));
        if self.words[w] == 0 {
            self.summary[w / 64] &= !(1u64 << (w % 64));
            self.nonempty -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_next_free_word_cyclically() {
        let n = 64 * 130 + 5;
        let mut f = FreeColumns::all(n);
        assert_eq!(f.word(130), 0b11111);
        for c in 0..n {
            if c / 64 != 3 && c / 64 != 129 {
                f.take(c);
            }
        }
        assert_eq!(f.nonempty_words(), 2);
        assert_eq!(f.next_word(0), Some(3));
        assert_eq!(f.next_word(4), Some(129));
        assert_eq!(f.next_word(130), Some(3));
        for c in 64 * 3..64 * 4 {
            f.take(c);
        }
        assert_eq!(f.next_word(5000), Some(129));
        for c in 64 * 129..64 * 130 {
            f.take(c);
        }
        assert_eq!(f.next_word(0), None);
    }
}
