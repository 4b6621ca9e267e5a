//! A fast hasher for the checker's maps keyed by numbers (variables, clause ids, clause
//! fingerprints). Not resistant to chosen collisions: a hostile proof can make lookups slow,
//! never wrong, and the checker's time limit bounds that.

use std::hash::{BuildHasherDefault, Hasher};

/// Multiply-and-rotate over the written words (the idea of rustc's FxHash).
#[derive(Default, Clone, Copy)]
pub(super) struct NumberHasher(u64);

const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for NumberHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(K);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

pub(super) type NumberMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<NumberHasher>>;
