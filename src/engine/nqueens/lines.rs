//! How many queens stand on each diagonal of one direction, in about two bits per line.
//!
//! A huge board has `2n − 1` diagonals per direction, and almost all of them hold zero or one
//! queen during the search. So a line's count is kept as one occupancy bit, plus an entry in
//! a small overflow map for the few lines that hold two or more queens. For n = 10^8 this is
//! 50 MB for both directions, where even `u16` counters would take 800 MB and miss the cache
//! far more often.

use super::prefetch::prefetch;
use std::collections::HashMap;

/// Queen counts of `len` lines. Invariant: `count(d) = bit(d) + extra[d]` and
/// `extra[d] > 0` only where `bit(d)` is set; `collisions` is `Σ max(0, count(d) − 1)`.
#[derive(Clone, Debug)]
pub struct LineCounts {
    bits: Vec<u64>,
    extra: HashMap<u32, u32>,
    collisions: u64,
}

impl LineCounts {
    /// `len` empty lines.
    pub fn new(len: usize) -> LineCounts {
        // One spare word so that [`LineCounts::window`] may read past the last line.
        let bits = vec![0; len.div_ceil(64) + 1];
        LineCounts {
            bits,
            extra: HashMap::new(),
            collisions: 0,
        }
    }

    /// Empties every line, keeping the allocation.
    pub fn clear(&mut self) {
        self.bits.fill(0);
        self.extra.clear();
        self.collisions = 0;
    }

    /// Whether at least one queen stands on line `d`.
    #[inline]
    pub fn occupied(&self, d: usize) -> bool {
        self.bits[d >> 6] >> (d & 63) & 1 != 0
    }

    /// Occupancy of lines `d .. d + 63` as bits (bit `k` for line `d + k`); lines past the
    /// end read as empty. `d` must be below the length rounded up to a multiple of 64.
    #[inline]
    pub fn window(&self, d: usize) -> u64 {
        let (w, s) = (d >> 6, d & 63);
        let low = self.bits[w] >> s;
        if s == 0 {
            low
        } else {
            low | self.bits.get(w + 1).map_or(0, |&h| h << (64 - s))
        }
    }

    /// Hints that line `d` will be read soon.
    #[inline]
    pub fn prefetch(&self, d: usize) {
        prefetch(&self.bits, d >> 6);
    }

    /// Whether two or more queens stand on line `d` (they attack each other).
    #[inline]
    pub fn crowded(&self, d: usize) -> bool {
        self.occupied(d) && !self.extra.is_empty() && self.extra.contains_key(&(d as u32))
    }

    /// Queens on line `d`.
    #[cfg(test)]
    pub fn count(&self, d: usize) -> u32 {
        u32::from(self.occupied(d)) + self.extra.get(&(d as u32)).copied().unwrap_or(0)
    }

    /// Puts a queen on line `d`.
    #[inline]
    pub fn add(&mut self, d: usize) {
        if self.occupied(d) {
            *self.extra.entry(d as u32).or_insert(0) += 1;
            self.collisions += 1;
        } else {
            self.bits[d >> 6] |= 1 << (d & 63);
        }
    }

    /// Takes a queen off line `d` (which must hold one).
    #[inline]
    pub fn remove(&mut self, d: usize) {
        debug_assert!(self.occupied(d), "no queen on line {d}");
        if let Some(e) = self.extra.get_mut(&(d as u32)) {
            *e -= 1;
            if *e == 0 {
                self.extra.remove(&(d as u32));
            }
            self.collisions -= 1;
        } else {
            self.bits[d >> 6] &= !(1 << (d & 63));
        }
    }

    /// Pairs of queens on a common line, counted as `count − 1` per line.
    pub fn collisions(&self) -> u64 {
        self.collisions
    }

    /// The lines holding two or more queens, in increasing order.
    pub fn crowded_lines(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.extra.keys().copied().collect();
        v.sort_unstable();
        v
    }

    /// Bytes held (for the memory estimate).
    pub fn heap_bytes(len: usize) -> usize {
        (len.div_ceil(64) + 1) * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_a_plain_array() {
        let mut lines = LineCounts::new(130);
        let mut plain = [0u32; 130];
        let mut x = 12345u64;
        for step in 0..5000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let d = (x >> 33) as usize % 130;
            if (x >> 20) & 1 == 0 || plain[d] == 0 {
                lines.add(d);
                plain[d] += 1;
            } else {
                lines.remove(d);
                plain[d] -= 1;
            }
            if step % 97 == 0 {
                for d in 0..130 {
                    let w = lines.window(d);
                    for k in 0..64 {
                        assert_eq!(w >> k & 1 == 1, d + k < 130 && plain[d + k] > 0);
                    }
                }
                for (d, &p) in plain.iter().enumerate() {
                    assert_eq!(lines.count(d), p);
                    assert_eq!(lines.crowded(d), p >= 2);
                }
                let want: u64 = plain.iter().map(|&p| u64::from(p.saturating_sub(1))).sum();
                assert_eq!(lines.collisions(), want);
            }
        }
    }
}
