//! What a cover cube run reports: each question's optimum from its cubes, and the run's.

use crate::board::Coord;
use crate::study::cubes::CubeTotals;
use serde::Serialize;

/// One question's optimum from its cubes.
#[derive(Clone, Debug, Serialize)]
pub struct CubeOptimum {
    /// The question's cubes.
    pub cubes: usize,
    /// The size of the start's selection.
    pub start: usize,
    /// Cubes that hold a better selection than the start.
    pub beyond_start: usize,
    /// The best of the start and the cubes': proved, as every cube refutes one beyond it (a
    /// report is only made of every cube).
    pub value: usize,
    /// A selection of `value` (indices into the solution list; the first cube's of that size,
    /// in plan order, or the start's).
    pub selection: Vec<usize>,
    /// The selected solutions, each as the column of the queen in each row.
    pub selected: Vec<String>,
}

/// Packing and covering of one board from its cubes.
#[derive(Clone, Debug, Serialize)]
pub struct CoverCubesReport {
    pub n: usize,
    /// The n-queens solutions listed.
    pub solutions: usize,
    /// The squares whose first selected holder makes the cubes.
    pub squares: Vec<Coord>,
    /// The most solutions of a range of a split square's holders.
    pub width: usize,
    pub cubes: usize,
    pub symmetry_breaking: bool,
    /// Whether each cube's refutation was certified by a checked proof (`--certify`).
    pub certify: bool,
    /// The most pairwise-disjoint solutions.
    pub pack: CubeOptimum,
    /// The fewest solutions covering the board; `None` when a square lies in no solution.
    pub cover: Option<CubeOptimum>,
    #[serde(flatten)]
    pub totals: CubeTotals,
}
