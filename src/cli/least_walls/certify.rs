//! `least-walls --certify`: a checked DRAT certificate of each minimum.

use crate::analysis::LeastWallsReport;
/// Certifies a report's minimum `w` by a checked DRAT refutation of "at most `w - 1` walls";
/// the verdict in words. A minimum of 0 walls needs no refutation.
pub fn certify_minimum(
    rows: usize,
    cols: usize,
    r: &LeastWallsReport,
    attack: crate::encode::Attack,
    dir: Option<&std::path::Path>,
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
    let name = format!("least-walls-{rows}x{cols}-q{}-at-most-{}", r.queens, w - 1);
    let tmp = std::env::temp_dir().join(format!("queensat-certify-{}", std::process::id()));
    let d = dir.unwrap_or(&tmp);
    let c = crate::analysis::certify_least_walls(rows, cols, r.queens, w - 1, attack, d, &name);
    if dir.is_none() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    let c = c?;
    anyhow::ensure!(
        c.certified,
        "the DRAT checker rejected the proof that {} walls are too few",
        w - 1
    );
    Ok(format!(
        "certificate: CNF 'at most {} walls, at least {} queens' ({} variables, {} clauses), DRAT proof by varisat ({} bytes), checked by {}: {} ({:.3} s)\ncertified: {} queens need at least {w} walls",
        w - 1,
        r.queens,
        c.n_vars,
        c.n_clauses,
        c.proof_bytes,
        c.check.checker,
        c.check.status,
        c.check.seconds,
        r.queens
    ))
}
