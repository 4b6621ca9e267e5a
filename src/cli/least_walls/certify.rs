//! `least-walls --certify`: a checked DRAT certificate of each minimum.

use crate::engine::certify_least_walls;

use crate::encode::Attack;
use crate::solve::Backend;
use crate::study::LeastWallsReport;
use std::path::Path;

/// Certifies a report's minimum through the one proof path; the verdict in words. A minimum
/// of 0 walls, or a count that is impossible by counting, needs no refutation.
pub fn certify_minimum(
    rows: usize,
    cols: usize,
    r: &LeastWallsReport,
    attack: Attack,
    backend: &Backend,
    dir: Option<&Path>,
) -> anyhow::Result<String> {
    let Some(w) = r.least_walls else {
        return Ok(format!(
            "certificate: none ({} queens are impossible by counting)",
            r.queens
        ));
    };
    if w == 0 {
        return Ok("certificate: none needed (the minimum is 0 walls)".to_string());
    }
    let c = certify_least_walls(rows, cols, r.queens, w, attack, backend, dir)?;
    anyhow::ensure!(
        c.certified,
        "the DRAT checker rejected the proof that {} walls are too few",
        w - 1
    );
    Ok(c.text())
}
