//! N+k configurations up to the 8 symmetries of the square (OEIS A103331 for k = 1, A129552
//! for k = 2, A129554 for k = 3), by Burnside's lemma: the classes number `(T + Σ F(g)) / 8`,
//! `T` the placements and `F(g)` the configurations that each symmetry `g` other than the
//! identity maps onto themselves.
//!
//! `F(g)` is counted twice, by methods that share no code: the checker's orbit search
//! ([`crate::check::count_fixed_nk_until`]: the wall sets `g` fixes, as unions of its orbits, and on
//! each the placements filled an orbit at a time) and SAT enumeration (every `k`-set of cells
//! that `g` maps onto itself, and on each the placements of `n + k` queens under the clauses
//! "a queen's image is a queen", [`crate::engine::EnumOptions::fixed_by`], each placement
//! checked). The two must agree, and `T + Σ F(g)` must be a multiple of 8.

use super::sat::sat_count;
use crate::board::{Board, Coord, Symmetry};
use crate::check::count_fixed_nk_until;
use crate::engine::upper_bound;
use crate::run::interrupt::{check_stop, stop_requested, unless_stopped};
use crate::run::{Provenance, parallel, thread_cpu_seconds, thread_cpu_since};
use anyhow::bail;
use itertools::Itertools;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The configurations one symmetry maps onto themselves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixedConfigurations {
    pub symmetry: Symmetry,
    /// By the orbit search, and SAT enumeration found as many.
    pub configurations: u64,
    /// The wall sets the symmetry maps onto themselves that SAT enumeration examined (those
    /// whose queens' upper bound reaches n + k).
    pub wall_sets: usize,
}

/// A count of configurations up to symmetry, from the placements and the fixed points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UpToSymmetry {
    /// Configurations up to the 8 symmetries: `(placements + Σ fixed) / 8`.
    pub distinct: u64,
    /// Each symmetry other than the identity, with the configurations it fixes.
    pub fixed: Vec<FixedConfigurations>,
    /// CPU seconds of both counts of the fixed configurations (summed over the threads).
    pub fixed_cpu_seconds: f64,
    /// The run that counted the fixed configurations (the placements may come from another).
    #[serde(flatten)]
    pub provenance: Provenance,
}

/// The configurations of `k` walls and `n + k` queens on `n × n` up to symmetry, given their
/// number `placements` (counted by the caller): the fixed points counted twice (they must
/// agree), then Burnside's lemma (the total must be whole classes).
pub fn up_to_symmetry(n: usize, k: usize, placements: u64) -> anyhow::Result<UpToSymmetry> {
    let fixed = parallel(|| {
        (Symmetry::ALL[1..].par_iter())
            .map(|&g| -> anyhow::Result<(FixedConfigurations, f64)> {
                let cpu = thread_cpu_seconds();
                let by_orbits = unless_stopped(count_fixed_nk_until(n, k, g, stop_requested))?;
                let (by_sat, wall_sets) = sat_fixed(n, k, g)?;
                if by_orbits != by_sat {
                    bail!(
                        "n={n} k={k}: the configurations {} fixes are {by_orbits} by the orbit search \
                     but {by_sat} by SAT enumeration",
                        g.name()
                    );
                }
                let fixed = FixedConfigurations {
                    symmetry: g,
                    configurations: by_orbits,
                    wall_sets,
                };
                Ok((fixed, thread_cpu_since(cpu)))
            })
            .collect::<anyhow::Result<Vec<_>>>()
    })??;
    let sum = (fixed.iter()).try_fold(placements, |s, (f, _)| s.checked_add(f.configurations));
    let Some(sum) = sum.filter(|s| s % 8 == 0) else {
        bail!(
            "n={n} k={k}: {placements} placements and the fixed configurations do not make whole \
             classes of 8 symmetries"
        );
    };
    Ok(UpToSymmetry {
        distinct: sum / 8,
        fixed_cpu_seconds: fixed.iter().map(|(_, s)| s).sum(),
        fixed: fixed.into_iter().map(|(f, _)| f).collect(),
        provenance: Provenance::now(),
    })
}

/// The configurations `g` fixes, by SAT enumeration over every `k`-set of cells `g` maps onto
/// itself; and how many such sets could hold `n + k` queens (the enumerations run).
fn sat_fixed(n: usize, k: usize, g: Symmetry) -> anyhow::Result<(u64, usize)> {
    let queens = n + k;
    let cells: Vec<Coord> = (0..n).cartesian_product(0..n).collect();
    let mut total = 0u64;
    let mut examined = 0;
    for walls in cells.iter().copied().combinations(k) {
        let mut image: Vec<Coord> = walls.iter().map(|&c| g.apply(c, n, n)).collect();
        image.sort_unstable();
        if image != walls {
            continue;
        }
        let board = Board::with_walls(n, n, &walls)?;
        if upper_bound(&board).bound < queens {
            continue;
        }
        check_stop()?;
        examined += 1;
        total += sat_count(&board, queens, Some(g))?;
    }
    Ok((total, examined))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{NkCounter, Reduction};

    #[test]
    fn eight_queens_plus_one_and_two_walls_up_to_symmetry() {
        // n = 7: 20 placements with one wall, 3 classes (one of them fixed by the half turn);
        // 4 with two walls, 1 class.
        let one = up_to_symmetry(7, 1, 20).unwrap();
        assert_eq!(one.distinct, 3);
        let half_turn = one.fixed.iter().find(|f| f.symmetry == Symmetry::Rot180).unwrap();
        assert_eq!(half_turn.configurations, 4);
        assert_eq!(up_to_symmetry(7, 2, 4).unwrap().distinct, 1);
    }

    #[test]
    fn both_counts_of_the_fixed_points_agree_and_make_whole_classes() {
        for n in 4..=8 {
            for k in 0..=3 {
                let t = NkCounter::new(n).count_all(k, Reduction::Off);
                let u = up_to_symmetry(n, k, t).unwrap();
                assert_eq!(u.fixed.len(), 7);
                assert!(u.distinct * 8 >= t, "n {n}, k {k}");
            }
        }
    }

    #[test]
    fn a_placement_count_that_is_not_whole_classes_is_refused() {
        let err = up_to_symmetry(7, 2, 5).unwrap_err().to_string();
        assert!(err.contains("whole classes"), "{err}");
    }
}
