//! LP dives: placements read off the packing LP one queen at a time.
//!
//! The packing LP's optimum loads many cells by a fraction of a queen, and rounding it gives
//! few queens (40×40 step-5 lattice: 49 where the value is 56). A *dive* re-solves after each
//! choice instead: it fixes a queen on a fractional cell, lets the LP move every other load
//! (the cells that see the queen drop to 0), and repeats until the point is integral, which is
//! then a legal placement (every clique of the LP holds at most one queen, the segments among
//! them). It is the diving heuristic of MIP solvers (T. Berthold, *Primal Heuristics for Mixed
//! Integer Programs*, ZIB, 2006, §3), on the LP that the bound's cut rounds already solved, so
//! every step is a warm re-solve.

use super::slices::{LP_SLICE, finish_in_slices, lp_failed};
use crate::board::{Board, Coord, Placement};
use crate::engine::nqueens::rng::Rng;
use crate::engine::primal::value_run;
use microlp::{Solution, Variable};
use std::time::Instant;

/// Loads within this of 0 or 1 count as integral (microlp's own tolerances are far smaller).
const INTEGRAL: f64 = 1e-6;

/// A randomised dive fixes a queen on a random cell among those loaded within this of the
/// most loaded fractional cell. Measured on the wall lattices, 24 dives each (seeds 0–23),
/// each polished by a run of the local search: the value of 40×40 step 5 reached by 2, 3, 2,
/// 1 dives with windows 0, 0.1, 0.3, 0.5, of 40×40 step 4 by 20, 18, 17, 15; of the 32×32
/// lattices by at most 1 (a window of 1, any fractional cell, by none of 12).
const WINDOW: f64 = 0.1;

/// The dives of one value search stop after this many: where the hard call is the last, UNSAT
/// one (the bound one above the value), they cannot help, and their turns would take a third
/// of its time. The 40×40 step-5 lattice's value came from one of 12 dives (twice in 24).
pub const MAX_DIVES: u64 = 16;

/// The dives stop after this many in a row that reach no more queens than any placement known
/// before them (the start's, the calls' answers, earlier dives'): on the random boards of
/// `make bench-large` whose calls alternate (20×20 medium, 24×24 sparse, medium, dense) 10–16
/// dives each never beat the start, and cost 1.7–3.5 s; on the 40×40 lattices, where the dives
/// found the value, the first or third dive beat the start and no run without a gain was
/// longer than 2 (step 5 from a start of 54: 54, 54, 55, 54, 55, 56). Once the value is
/// found, the dives of the last (UNSAT) call stop after 4 too (24×24 random medium: 6 dives,
/// 1.4 s, where "never beat the start" ran 14, 3.2 s). The count starts again at
/// [`Dives::forget_futile`], which long calls use now and then.
pub const FUTILE_DIVES: u64 = 4;

/// The packing LP "most queens, at most one per clique, `0 ≤ x ≤ 1`" at its optimum: the
/// free cells, one variable each, and the solved LP.
#[derive(Clone)]
pub struct PackingLp {
    free: Vec<Coord>,
    x: Vec<Variable>,
    optimum: Solution,
}

impl PackingLp {
    /// `x[i]` is the variable of `free[i]` in the solved LP `optimum`.
    pub(super) fn new(free: Vec<Coord>, x: Vec<Variable>, optimum: Solution) -> PackingLp {
        debug_assert_eq!(free.len(), x.len());
        PackingLp { free, x, optimum }
    }

    /// The optimum's load on each free cell.
    pub fn point(&self) -> Vec<(Coord, f64)> {
        let loads = self.x.iter().map(|&v| self.optimum.var_value(v));
        self.free.iter().copied().zip(loads).collect()
    }

    /// One dive: seed 0 fixes the most loaded fractional cell each time (the lowest in reading
    /// order among equals), another seed a random one within [`WINDOW`] of it. `None` once
    /// `stop` says so.
    pub fn dive(&self, seed: u64, stop: &dyn Fn() -> bool) -> anyhow::Result<Option<Placement>> {
        let mut rng = Rng::new(seed);
        let mut lp = self.optimum.clone();
        loop {
            if stop() {
                return Ok(None);
            }
            let load: Vec<f64> = self.x.iter().map(|&v| lp.var_value(v)).collect();
            let fractional: Vec<usize> = (0..load.len())
                .filter(|&i| load[i] > INTEGRAL && load[i] < 1.0 - INTEGRAL)
                .collect();
            // Fractional cells are never fixed, so each step fixes a new one: at most one step
            // per cell.
            let Some(&top) = fractional
                .iter()
                .max_by(|&&a, &&b| load[a].total_cmp(&load[b]).then(b.cmp(&a)))
            else {
                let queens = (0..load.len()).filter(|&i| load[i] > 0.5).map(|i| self.free[i]);
                return Ok(Some(Placement::new(queens.collect())));
            };
            let pick = if seed == 0 {
                top
            } else {
                let near: Vec<usize> = fractional
                    .into_iter()
                    .filter(|&i| load[i] >= load[top] - WINDOW)
                    .collect();
                near[rng.below(near.len() as u64) as usize]
            };
            // A queen on a fractional cell keeps the LP feasible: the cells that see it can all
            // drop to 0, and none of them holds a fixed queen (its clique would then load the
            // cell by at most microlp's tolerance, far below `INTEGRAL`).
            let fixed = lp
                .fix_var(self.x[pick], 1.0)
                .map_err(|e| lp_failed("a dive's packing LP", e))?;
            let Some(next) = finish_in_slices(fixed, stop, LP_SLICE)? else {
                return Ok(None);
            };
            lp = next;
        }
    }
}

/// The dives of one value search, seed after seed across its calls, each placement short of
/// the call's count polished by a run of the value search's local search aimed at `target`
/// with `barred` cells left out (as [`value_start`](crate::engine::primal::value_start) runs it).
pub struct Dives<'a> {
    board: &'a Board,
    lp: PackingLp,
    /// The most queens of a placement the search knew of besides the dives' own: the start's,
    /// then the calls' answers (see [`FUTILE_DIVES`]).
    start: usize,
    target: usize,
    barred: Vec<Coord>,
    next_seed: u64,
    /// The dives run when one last reached more queens than every placement known before it.
    last_gain: u64,
    /// The dives run at the last [`Dives::forget_futile`] (0 before any).
    forgotten: u64,
    /// The most queens a dive reached (polished where short), and the wall time they took.
    pub best: usize,
    pub seconds: f64,
    /// The LP's error that ended the dives, if one did.
    pub lp_error: Option<String>,
}

impl<'a> Dives<'a> {
    pub fn new(
        board: &'a Board,
        lp: PackingLp,
        start: usize,
        target: usize,
        barred: Vec<Coord>,
    ) -> Dives<'a> {
        Dives {
            board,
            lp,
            start,
            target,
            barred,
            next_seed: 0,
            last_gain: 0,
            forgotten: 0,
            best: 0,
            seconds: 0.0,
            lp_error: None,
        }
    }

    /// The search found a placement of `queens`: a dive gains only by beating it.
    pub fn known(&mut self, queens: usize) {
        self.start = self.start.max(queens);
    }

    /// The dives that gained nothing so far no longer count against [`FUTILE_DIVES`]: up to
    /// that many more may run, as long as [`MAX_DIVES`] have not.
    pub fn forget_futile(&mut self) {
        self.forgotten = self.next_seed;
    }

    /// The dives run so far.
    pub fn tried(&self) -> u64 {
        self.next_seed
    }

    /// Dives from the next seed on until one, polished where short, holds at least `k` queens
    /// (that placement), or `turn` dives have run in this call, or `stop` says so, or
    /// [`MAX_DIVES`] have run in all, or the last [`FUTILE_DIVES`] since the last gain or
    /// [`forget_futile`](Dives::forget_futile), whichever is later, gained nothing (`None`). The
    /// seeds tried depend on the calls and their turns only, never on how fast the machine is. An
    /// LP error ends the dives for good (`None` from then on): a heuristic must not end the
    /// search it serves.
    pub fn reach(&mut self, k: usize, turn: u64, stop: &dyn Fn() -> bool) -> Option<Placement> {
        let t = Instant::now();
        let found = match self.lp_error {
            Some(_) => None,
            None => self.reach_inner(k, turn, stop).unwrap_or_else(|e| {
                self.lp_error = Some(format!("{e:#}"));
                None
            }),
        };
        self.seconds += t.elapsed().as_secs_f64();
        found
    }

    fn reach_inner(
        &mut self,
        k: usize,
        turn: u64,
        stop: &dyn Fn() -> bool,
    ) -> anyhow::Result<Option<Placement>> {
        let end = self.next_seed.saturating_add(turn).min(MAX_DIVES);
        let futile = |d: &Self| d.next_seed - d.last_gain.max(d.forgotten) >= FUTILE_DIVES;
        while self.next_seed < end && !futile(self) && !stop() {
            let seed = self.next_seed;
            let Some(dived) = self.lp.dive(seed, stop)? else {
                return Ok(None);
            };
            self.next_seed += 1;
            // A dive that reaches `k` answers as it is; the polish (0.29 s of a 0.75 s dive
            // on the 40×40 step-5 lattice) is for those that fall short.
            let p = match dived.len() >= k {
                true => dived,
                false => value_run(self.board, &dived, seed, self.target, &self.barred, stop),
            };
            if p.len() > self.best.max(self.start) {
                self.last_gain = self.next_seed;
            }
            self.best = self.best.max(p.len());
            if p.len() >= k {
                return Ok(Some(p));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{brute_value, check_placement};
    use crate::engine::lp::bound::tests::lattice;
    use crate::engine::lp::bound::tighten;

    #[test]
    fn every_dive_ends_in_a_legal_placement_no_larger_than_the_value() {
        // Too small for the value search's LP, not for a dive; small enough for brute force.
        for board in [lattice(11, 4, 1), lattice(10, 3, 0), Board::square(9).unwrap()] {
            let packing = tighten(&board, &|| false).unwrap().unwrap().packing;
            let v = brute_value(&board);
            for seed in 0..6 {
                let p = packing.dive(seed, &|| false).unwrap().unwrap();
                assert_eq!(check_placement(&board, &p), Ok(()), "{board:?} seed {seed}");
                assert!(p.len() <= v && p.len() * 2 >= v, "{} of {v}", p.len());
            }
        }
    }

    #[test]
    fn a_stop_ends_a_dive_and_the_dives() {
        let board = lattice(16, 4, 0);
        let packing = tighten(&board, &|| false).unwrap().unwrap().packing;
        assert!(packing.dive(1, &|| true).unwrap().is_none());
        let mut dives = Dives::new(&board, packing, 0, 20, Vec::new());
        assert!(dives.reach(1, 1, &|| true).is_none());
        assert!(dives.reach(1, 0, &|| false).is_none());
        assert_eq!(dives.tried(), 0);
        // Unhindered, the first dive reaches a placement of one queen.
        let p = dives.reach(1, 1, &|| false).unwrap();
        assert!(!p.is_empty() && dives.tried() == 1 && dives.best == p.len());
    }

    #[test]
    fn an_unreachable_count_runs_the_dives_out() {
        let board = lattice(11, 4, 1);
        let packing = tighten(&board, &|| false).unwrap().unwrap().packing;
        let v = brute_value(&board);
        let mut dives = Dives::new(&board, packing.clone(), 0, v, Vec::new());
        // A turn holds as many dives as it is given.
        assert!(dives.reach(usize::MAX, 3, &|| false).is_none());
        assert_eq!(dives.tried(), 3);
        // Unbounded, they run until the last FUTILE_DIVES gained nothing (or MAX_DIVES ran).
        assert!(dives.reach(usize::MAX, u64::MAX, &|| false).is_none());
        let n = dives.tried();
        assert!(
            n == MAX_DIVES || n - dives.last_gain == FUTILE_DIVES,
            "{n} {}",
            dives.last_gain
        );
        assert!(dives.best <= v && dives.best > 0);
        // Spent: the next call returns at once, even for a count any dive reaches.
        assert!(dives.reach(1, 1, &|| false).is_none());
        assert_eq!((dives.tried(), dives.lp_error.as_deref()), (n, None));
        // Forgotten, the futile dives allow FUTILE_DIVES more, within MAX_DIVES.
        assert!(n < MAX_DIVES, "this board must leave room for more");
        dives.forget_futile();
        assert!(dives.reach(usize::MAX, u64::MAX, &|| false).is_none());
        let m = dives.tried();
        assert_eq!(dives.lp_error.as_deref(), None);
        assert!(
            m == MAX_DIVES || m - dives.last_gain.max(n) == FUTILE_DIVES,
            "{n} {m}"
        );
        assert!(m > n);
        // From a start at the value no dive can beat it: they stop early.
        let mut futile = Dives::new(&board, packing, v, v, Vec::new());
        assert!(futile.reach(usize::MAX, u64::MAX, &|| false).is_none());
        assert_eq!(futile.tried(), FUTILE_DIVES);
    }
}
