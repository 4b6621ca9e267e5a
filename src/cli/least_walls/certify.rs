//! `least-walls --certify`: the checked DRAT certificate of each minimum, in words.

use crate::study::LeastWallsReport;

/// The certificate of a report's minimum in words. A minimum of 0 walls, or a count that is
/// impossible by counting, needs no refutation.
pub fn certificate_line(r: &LeastWallsReport) -> String {
    match (r.least_walls, &r.certificate) {
        (None, _) if r.stopped.is_some() => {
            "certificate: none (the search stopped before the minimum was shown)".to_string()
        }
        (None, _) => format!(
            "certificate: none ({} queens are impossible by counting)",
            r.queens
        ),
        (Some(0), _) => "certificate: none needed (the minimum is 0 walls)".to_string(),
        (Some(_), None) if r.row_bound => {
            "certificate: none needed (the minimum is the row bound, a counting argument)".to_string()
        }
        (Some(_), Some(c)) => c.text(),
        (Some(_), None) => "NOT certified: no certificate was made".to_string(),
    }
}
