//! Min-conflicts local search for one n-queens solution on a huge board.
//!
//! 1. Greedy start: queens go row by row onto a permutation of the columns (so rows and
//!    columns never conflict); each row starts at a random unused column and takes the first
//!    unused column from there whose two diagonals are empty, looking at up to
//!    [`GREEDY_WORDS`] × 64 columns; a row that finds none takes an unused column anyway and
//!    leaves a conflict.
//! 2. Repair: every attacked queen swaps columns with a random other row, and a swap is kept
//!    only if both moved queens land on four empty diagonals. Such a swap removes at least one
//!    collision and attacks no third queen, so the set of attacked queens only shrinks and the
//!    list built once after the greedy start stays complete.
//! 3. A queen that finds no such partner in [`PARTNER_TRIES`] draws means a local minimum
//!    (only on small boards in practice): restart from a new greedy start.
//!
//! Memory: the permutation (4 bytes a row), two [`LineCounts`] (a bit a diagonal, plus a map
//! for the few crowded ones) and the free columns (a bit a column).

use super::free_columns::FreeColumns;
use super::lines::LineCounts;
use super::rng::Rng;
use crate::run::interrupt::check_stop;
use crate::run::progress::Reporter;
use serde::Serialize;
use std::time::Instant;

/// 64-column words one greedy row examines before it accepts a conflict.
const GREEDY_WORDS: usize = 64;
/// Rows by which the greedy start draws (and prefetches) its random start ahead.
const AHEAD: usize = 16;
/// Random partners tried for one attacked queen before the run counts as stuck.
const PARTNER_TRIES: usize = 2000;
/// Restarts before giving up (only a bug or a board without solutions gets there).
const MAX_RESTARTS: u32 = 100_000;
/// Rows (of the greedy start, or of the repair's list) between two looks at the stop flag:
/// [`Interrupted`](crate::run::interrupt::Interrupted) after a stop signal.
const STOP_POLL: usize = 1 << 16;

/// What the search did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MinConflictsStats {
    pub seed: u64,
    pub restarts: u32,
    /// 64-column words examined by the greedy start (last attempt).
    pub greedy_tries: u64,
    /// Rows of the greedy start that had to accept a conflict (last attempt).
    pub greedy_conflicted_rows: u64,
    /// Queens attacked when the greedy start ended (last attempt).
    pub attacked_after_greedy: u64,
    /// Partners drawn and swaps kept by the repair (all attempts).
    pub repair_tries: u64,
    pub repair_swaps: u64,
    pub greedy_seconds: f64,
    pub repair_seconds: f64,
}

/// Queens one per row: `col[r]` is the column of the queen in row `r`, a permutation.
struct Search {
    n: usize,
    col: Vec<u32>,
    /// Diagonals `r + c`.
    up: LineCounts,
    /// Diagonals `c − r + n − 1` (numbered so that they increase with the column).
    down: LineCounts,
}

impl Search {
    #[inline]
    fn up_of(&self, r: usize, c: usize) -> usize {
        r + c
    }
    #[inline]
    fn down_of(&self, r: usize, c: usize) -> usize {
        c + self.n - 1 - r
    }
    #[inline]
    fn clean(&self, r: usize, c: usize) -> bool {
        !self.up.occupied(self.up_of(r, c)) && !self.down.occupied(self.down_of(r, c))
    }
    fn put(&mut self, r: usize) {
        let c = self.col[r] as usize;
        let (u, d) = (self.up_of(r, c), self.down_of(r, c));
        self.up.add(u);
        self.down.add(d);
    }
    fn lift(&mut self, r: usize) {
        let c = self.col[r] as usize;
        let (u, d) = (self.up_of(r, c), self.down_of(r, c));
        self.up.remove(u);
        self.down.remove(d);
    }
    fn attacked(&self, r: usize) -> bool {
        let c = self.col[r] as usize;
        self.up.crowded(self.up_of(r, c)) || self.down.crowded(self.down_of(r, c))
    }

    /// The greedy start (step 1). Free columns, and the two diagonals of each column as
    /// seen from row `r`, are bitsets aligned by column, so one AND tests 64 columns.
    fn greedy(
        &mut self,
        rng: &mut Rng,
        stats: &mut MinConflictsStats,
        progress: &Reporter,
    ) -> anyhow::Result<()> {
        let n = self.n;
        self.up.clear();
        self.down.clear();
        stats.greedy_tries = 0;
        stats.greedy_conflicted_rows = 0;
        let mut free = FreeColumns::all(n);
        let words = free.word_count() as u64;
        // Random start words drawn AHEAD rows early, so their memory can be fetched early.
        let mut ahead = [0usize; AHEAD];
        for a in ahead.iter_mut() {
            *a = rng.below(words) as usize;
        }
        let tenth = n.div_ceil(10);
        let mut next_report = tenth;
        for r in 0..n {
            if r.is_multiple_of(STOP_POLL) {
                check_stop()?;
            }
            if r == next_report {
                progress.note(|| format!("greedy start: {}% of the rows placed", r / tenth * 10));
                next_report += tenth;
            }
            let start = ahead[r % AHEAD];
            let q = r + AHEAD;
            if q < n {
                let s = rng.below(words) as usize;
                ahead[r % AHEAD] = s;
                free.prefetch(s);
                self.up.prefetch(q + 64 * s);
                self.down.prefetch(64 * s + n - 1 - q);
            }
            let first = free.next_word(start).expect("a free column for every row");
            let (mut w, mut pick) = (first, None);
            for _ in 0..GREEDY_WORDS.min(free.nonempty_words()) {
                stats.greedy_tries += 1;
                let base = 64 * w;
                let ok = free.word(w) & !self.up.window(r + base) & !self.down.window(base + n - 1 - r);
                if ok != 0 {
                    // The first fitting column after a random point of the word, if any.
                    let later = ok & (!0u64 << rng.below(64));
                    let bit = if later != 0 { later } else { ok }.trailing_zeros() as usize;
                    pick = Some(base + bit);
                    break;
                }
                w = free.next_word(w + 1).expect("a free column for every row");
            }
            let c = pick.unwrap_or_else(|| {
                stats.greedy_conflicted_rows += 1;
                64 * first + free.word(first).trailing_zeros() as usize
            });
            free.take(c);
            self.col[r] = c as u32;
            self.put(r);
        }
        Ok(())
    }

    /// Rows whose queen is attacked, by one pass that tests each queen's diagonals against
    /// the few crowded ones (a 64-Kbit filter answers most rows without a lookup).
    fn attacked_rows(&self) -> Vec<u32> {
        if self.up.collisions() + self.down.collisions() == 0 {
            return Vec::new();
        }
        let (ups, downs) = (self.up.crowded_lines(), self.down.crowded_lines());
        let filter = |lines: &[u32]| {
            let mut f = vec![0u64; 1024];
            for &d in lines {
                f[(d as usize & 0xFFFF) >> 6] |= 1 << (d & 63);
            }
            f
        };
        let (fu, fd) = (filter(&ups), filter(&downs));
        let hit = |f: &[u64], lines: &[u32], d: usize| {
            f[(d & 0xFFFF) >> 6] >> (d & 63) & 1 != 0 && lines.binary_search(&(d as u32)).is_ok()
        };
        (0..self.n)
            .filter(|&r| {
                let c = self.col[r] as usize;
                hit(&fu, &ups, self.up_of(r, c)) || hit(&fd, &downs, self.down_of(r, c))
            })
            .map(|r| r as u32)
            .collect()
    }

    /// Swaps the columns of rows `i` and `j` if both queens then stand alone on all four of
    /// their diagonals; otherwise leaves the board as it was. Returns whether it swapped.
    ///
    /// The four new lines are never among the four vacated ones (`i + c_j` differs from
    /// `i + c_i` and `j + c_j` when `i ≠ j` and `c_i ≠ c_j`, and so on), so they must be
    /// empty now: the test needs no update of the counts.
    fn try_clean_swap(&mut self, i: usize, j: usize) -> bool {
        let (ci, cj) = (self.col[i] as usize, self.col[j] as usize);
        let ok = self.clean(i, cj)
            && self.clean(j, ci)
            && self.up_of(i, cj) != self.up_of(j, ci)
            && self.down_of(i, cj) != self.down_of(j, ci);
        if ok {
            self.lift(i);
            self.lift(j);
            self.col.swap(i, j);
            self.put(i);
            self.put(j);
        }
        ok
    }

    /// The repair (step 2). Returns false when stuck in a local minimum.
    fn repair(&mut self, rng: &mut Rng, stats: &mut MinConflictsStats) -> anyhow::Result<bool> {
        let mut todo = self.attacked_rows();
        stats.attacked_after_greedy = todo.len() as u64;
        while let Some(i) = todo.pop() {
            if todo.len().is_multiple_of(STOP_POLL) {
                check_stop()?;
            }
            let i = i as usize;
            if !self.attacked(i) {
                continue;
            }
            let mut moved = false;
            for _ in 0..PARTNER_TRIES {
                let j = rng.below(self.n as u64) as usize;
                if j == i {
                    continue;
                }
                stats.repair_tries += 1;
                if self.try_clean_swap(i, j) {
                    stats.repair_swaps += 1;
                    moved = true;
                    break;
                }
            }
            if !moved {
                return Ok(false);
            }
        }
        debug_assert_eq!(self.up.collisions() + self.down.collisions(), 0);
        Ok(true)
    }
}

/// One solution of n-queens for `n ≥ 4` by min-conflicts: `col[r]` is the 0-based column of
/// the queen in row `r`. The same `(n, seed)` always gives the same solution. A stop signal
/// ends it with [`Interrupted`](crate::run::interrupt::Interrupted).
pub fn min_conflicts(n: usize, seed: u64) -> anyhow::Result<(Vec<u32>, MinConflictsStats)> {
    min_conflicts_with_progress(n, seed, &Reporter::silent())
}

/// [`min_conflicts`], telling `progress` about each tenth of the greedy start and each phase.
pub fn min_conflicts_with_progress(
    n: usize,
    seed: u64,
    progress: &Reporter,
) -> anyhow::Result<(Vec<u32>, MinConflictsStats)> {
    anyhow::ensure!(
        n >= 4,
        "min-conflicts needs n >= 4 (smaller boards are settled exhaustively)"
    );
    anyhow::ensure!(
        n <= (u32::MAX / 2) as usize,
        "n = {n} is too large: diagonals are numbered with 32 bits"
    );
    let mut stats = MinConflictsStats {
        seed,
        ..Default::default()
    };
    let mut rng = Rng::new(seed);
    let mut s = Search {
        n,
        col: vec![0; n],
        up: LineCounts::new(2 * n - 1),
        down: LineCounts::new(2 * n - 1),
    };
    loop {
        let t = Instant::now();
        s.greedy(&mut rng, &mut stats, progress)?;
        progress.note(|| {
            format!(
                "greedy start done: {} rows left in conflict; repairing",
                stats.greedy_conflicted_rows
            )
        });
        stats.greedy_seconds += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let solved = s.repair(&mut rng, &mut stats)?;
        stats.repair_seconds += t.elapsed().as_secs_f64();
        if solved {
            return Ok((s.col, stats));
        }
        stats.restarts += 1;
        progress.note(|| format!("stuck in a local minimum: restart {}", stats.restarts));
        anyhow::ensure!(
            stats.restarts <= MAX_RESTARTS,
            "min-conflicts gave up on n = {n} after {MAX_RESTARTS} restarts"
        );
    }
}

/// Bytes the search holds for a board of side `n` (the permutation, the diagonals and the
/// free columns).
pub fn min_conflicts_bytes(n: usize) -> usize {
    4 * n + 2 * LineCounts::heap_bytes(2 * n) + n.div_ceil(8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_columns;

    #[test]
    fn solves_small_and_medium_boards_for_many_seeds() {
        for n in (4..40).chain([97, 1000, 4099]) {
            for seed in 0..20 {
                let (col, _) = min_conflicts(n, seed).unwrap();
                assert_eq!(check_columns(&col), Ok(()), "n {n} seed {seed}");
            }
        }
    }

    #[test]
    fn seed_names_the_run() {
        let a = min_conflicts(5000, 3).unwrap().0;
        assert_eq!(a, min_conflicts(5000, 3).unwrap().0);
        assert_ne!(a, min_conflicts(5000, 4).unwrap().0);
    }

    #[test]
    fn refuses_boards_without_a_search() {
        assert!(min_conflicts(3, 0).is_err());
    }
}
