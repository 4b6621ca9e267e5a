//! The checker of an LP dual certificate: a covering of the free cells by weighted *cliques*
//! (sets of free cells that pairwise attack, so they hold at most one queen) and weighted
//! cells, in exact integers. The cliques are segments (rows, columns, diagonals,
//! anti-diagonals), named by one square and a family, and sets of squares listed one by one
//! (2×2 blocks, and the cliques the LP's cutting planes found). The checker walks every
//! segment itself and confirms that the squares of a listed clique are distinct and see each
//! other (the checker's line of sight); it shares nothing with the encoders or the LP code
//! that found the weights.
//!
//! With every free cell covered at least `scale` times, any legal placement `x` has
//! `scale·|x| ≤ Σ_c x_c·cover(c) ≤ Σ_K y_K + Σ_c z_c = total`, so `⌊total / scale⌋` bounds
//! the value. Stronger, for a placement with at least `t` queens,
//! `Σ_c x_c·(cover(c) − scale) + Σ_K y_K·(1 − |x ∩ K|) ≤ total − scale·|x| ≤ total − scale·t`
//! (the slack; the cell weights' `Σ_c z_c·(1 − x_c)` is left out of the left side), every term
//! non-negative because a clique holds at most one queen: this is the *waste* of
//! [`CheckedDual::waste`]. So a cell whose excess cover exceeds the slack holds no queen, and
//! a clique whose weight exceeds the slack holds one ("reduced-cost fixing",
//! [`CheckedDual::forced`]).

use super::sight::line_of_sight;
use queensat_board::{Board, Cell, Coord, Family};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Weights, each a multiple of `1 / scale`, on segments, listed cliques and cells that cover
/// every free cell of a board at least once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DualCertificate {
    /// The common denominator of the weights.
    pub scale: u64,
    pub segments: Vec<SegmentWeight>,
    /// Weights of cliques listed square by square (none in certificates from before them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cliques: Vec<CliqueWeight>,
    /// Weights of single cells (their own bound `x_c ≤ 1`).
    pub cells: Vec<(Coord, u64)>,
}

/// The weight of one segment: the maximal wall-free run of `family` through `through`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SegmentWeight {
    pub family: Family,
    pub through: Coord,
    pub weight: u64,
}

/// The weight of one clique given by its squares: distinct, pairwise in sight (on one line,
/// no wall between), so their free squares hold one queen at most.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CliqueWeight {
    pub cells: Vec<Coord>,
    pub weight: u64,
}

/// Why a certificate fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DualError {
    ZeroScale,
    /// A weight on a square that is off the board or a wall.
    NotOnBoard(Coord),
    /// A free cell covered less than `scale` times: (cell, cover, scale).
    Uncovered(Coord, u128, u64),
    /// A square listed twice in one clique (it would count twice in the cover).
    Repeated(Coord),
    /// Two squares of a listed clique that do not see each other.
    NotAClique(Coord, Coord),
}

impl fmt::Display for DualError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DualError::ZeroScale => write!(f, "the certificate's scale is 0"),
            DualError::NotOnBoard((r, c)) => {
                write!(f, "a weight at {r},{c}, which is off the board or a wall")
            }
            DualError::Uncovered((r, c), got, want) => {
                write!(
                    f,
                    "cell {r},{c} is covered {got} times, less than the scale {want}"
                )
            }
            DualError::Repeated((r, c)) => {
                write!(f, "{r},{c} is listed twice in one clique")
            }
            DualError::NotAClique((r, c), (r2, c2)) => {
                write!(f, "{r},{c} and {r2},{c2} of one clique do not see each other")
            }
        }
    }
}

/// A certificate that passed [`check_dual`]: the bound and what it forces.
#[derive(Clone, Debug)]
pub struct CheckedDual {
    scale: u128,
    total: u128,
    /// Each free cell with its cover (at least `scale`).
    cover: Vec<(Coord, u128)>,
    /// Each weighted clique, segment or listed (summed over the entries naming it): its free
    /// cells, its weight.
    cliques: Vec<(Vec<Coord>, u128)>,
}

/// The waste inequality of "at least `t` queens" (module doc): every placement of at least `t`
/// queens has `Σ excess·[queen on the cell] + Σ weight·[clique empty] ≤ slack`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Waste {
    pub slack: u128,
    /// The cells whose cover exceeds the scale, with the excess.
    pub cells: Vec<(Coord, u128)>,
    /// The weighted cliques (their free cells), with the weight.
    pub cliques: Vec<(Vec<Coord>, u128)>,
}

/// What "at least `t` queens" forces, given a checked certificate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Forced {
    /// The certificate's bound is below `t`: no placement of `t` queens exists.
    pub refuted: bool,
    /// Cells that hold no queen in any placement of at least `t` queens.
    pub empty: Vec<Coord>,
    /// Cliques, segments or listed ones (their free cells), that hold a queen in every such
    /// placement.
    pub full: Vec<Vec<Coord>>,
}

/// The checker's unit steps of a family, both ways (its own table, not the board's).
fn directions(family: Family) -> [(isize, isize); 2] {
    match family {
        Family::Row => [(0, -1), (0, 1)],
        Family::Column => [(-1, 0), (1, 0)],
        Family::Diagonal => [(-1, -1), (1, 1)],
        Family::AntiDiagonal => [(-1, 1), (1, -1)],
    }
}

/// The squares of the segment of `family` through `at` (not a wall), sorted.
fn segment_through(board: &Board, family: Family, at: Coord) -> Vec<Coord> {
    let mut cells: Vec<Coord> = directions(family)
        .into_iter()
        .flat_map(|d| line_of_sight(board, at, d))
        .chain([at])
        .collect();
    cells.sort_unstable();
    cells
}

/// Whether `b` is in sight of `a` (distinct squares, both on the board): on one line
/// through `a` with no wall between.
fn in_sight(board: &Board, a: Coord, b: Coord) -> bool {
    let (dr, dc) = (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize);
    let aligned = dr == 0 || dc == 0 || dr.abs() == dc.abs();
    aligned && line_of_sight(board, a, (dr.signum(), dc.signum())).any(|p| p == b)
}

fn on_board(board: &Board, (r, c): Coord) -> bool {
    r < board.rows() && c < board.cols() && board.cell((r, c)) != Cell::Wall
}

/// Checks that the certificate covers every free cell of `board` at least `scale` times.
pub fn check_dual(board: &Board, cert: &DualCertificate) -> Result<CheckedDual, DualError> {
    if cert.scale == 0 {
        return Err(DualError::ZeroScale);
    }
    let mut cover: BTreeMap<Coord, u128> = BTreeMap::new();
    let mut total: u128 = 0;
    for &(p, w) in &cert.cells {
        if !on_board(board, p) {
            return Err(DualError::NotOnBoard(p));
        }
        *cover.entry(p).or_default() += u128::from(w);
        total += u128::from(w);
    }
    let mut segments: BTreeMap<(Family, Vec<Coord>), u128> = BTreeMap::new();
    for s in &cert.segments {
        if !on_board(board, s.through) {
            return Err(DualError::NotOnBoard(s.through));
        }
        let cells = segment_through(board, s.family, s.through);
        *segments.entry((s.family, cells)).or_default() += u128::from(s.weight);
        total += u128::from(s.weight);
    }
    let mut listed: BTreeMap<Vec<Coord>, u128> = BTreeMap::new();
    for k in &cert.cliques {
        let mut cells = k.cells.clone();
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(DualError::Repeated(w[0]));
        }
        if let Some(&p) = cells.iter().find(|&&p| !on_board(board, p)) {
            return Err(DualError::NotOnBoard(p));
        }
        for (i, &a) in cells.iter().enumerate() {
            if let Some(&b) = cells[i + 1..].iter().find(|&&b| !in_sight(board, a, b)) {
                return Err(DualError::NotAClique(a, b));
            }
        }
        *listed.entry(cells).or_default() += u128::from(k.weight);
        total += u128::from(k.weight);
    }
    let mut cliques: Vec<(Vec<Coord>, u128)> =
        segments.into_iter().map(|((_, cells), w)| (cells, w)).collect();
    cliques.extend(listed);
    let cliques: Vec<(Vec<Coord>, u128)> = cliques
        .into_iter()
        .map(|(cells, w)| {
            let free: Vec<Coord> = cells
                .into_iter()
                .filter(|&p| board.cell(p) == Cell::Free)
                .collect();
            for &p in &free {
                *cover.entry(p).or_default() += w;
            }
            (free, w)
        })
        .collect();
    let scale = u128::from(cert.scale);
    let mut covered = Vec::new();
    for p in board.coords().filter(|&p| board.cell(p) == Cell::Free) {
        let got = cover.get(&p).copied().unwrap_or(0);
        if got < scale {
            return Err(DualError::Uncovered(p, got, cert.scale));
        }
        covered.push((p, got));
    }
    Ok(CheckedDual {
        scale,
        total,
        cover: covered,
        cliques,
    })
}

impl CheckedDual {
    /// The bound on the value: `⌊total / scale⌋`.
    pub fn bound(&self) -> usize {
        (self.total / self.scale) as usize
    }

    /// The sum of the weights (in units of `1 / scale`).
    pub fn total(&self) -> u128 {
        self.total
    }

    /// The weights' sum over the scale, as a float (for reports).
    pub fn value(&self) -> f64 {
        self.total as f64 / self.scale as f64
    }

    /// The waste inequality of "at least `t` queens", or `None` when the bound refutes it.
    pub fn waste(&self, t: usize) -> Option<Waste> {
        let slack = self.total.checked_sub(self.scale * t as u128)?;
        Some(Waste {
            slack,
            cells: self
                .cover
                .iter()
                .filter(|&&(_, c)| c > self.scale)
                .map(|&(p, c)| (p, c - self.scale))
                .collect(),
            cliques: self.cliques.clone(),
        })
    }

    /// What "at least `t` queens" forces (everything, when the bound refutes it): the terms of
    /// the waste inequality that alone exceed the slack.
    pub fn forced(&self, t: usize) -> Forced {
        let Some(w) = self.waste(t) else {
            return Forced {
                refuted: true,
                empty: self.cover.iter().map(|&(p, _)| p).collect(),
                full: self.cliques.iter().map(|(cells, _)| cells.clone()).collect(),
            };
        };
        Forced {
            refuted: false,
            empty: w
                .cells
                .iter()
                .filter(|&&(_, e)| e > w.slack)
                .map(|&(p, _)| p)
                .collect(),
            full: w
                .cliques
                .into_iter()
                .filter(|&(_, wt)| wt > w.slack)
                .map(|(cells, _)| cells)
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute::brute_value;
    use crate::codes::board_from_codes;
    use crate::sight::sight_masks;
    use proptest::prelude::*;

    /// Every legal placement of at least `t` queens, as bit masks over `free`.
    fn placements_of_at_least(board: &Board, t: usize) -> (Vec<Coord>, Vec<u128>) {
        let (free, masks) = sight_masks(board);
        fn go(i: usize, chosen: u128, banned: u128, masks: &[u128], t: usize, out: &mut Vec<u128>) {
            if i == masks.len() {
                if chosen.count_ones() as usize >= t {
                    out.push(chosen);
                }
                return;
            }
            if banned & (1 << i) == 0 {
                go(i + 1, chosen | 1 << i, banned | masks[i], masks, t, out);
            }
            go(i + 1, chosen, banned, masks, t, out);
        }
        let mut out = Vec::new();
        go(0, 0, 0, &masks, t, &mut out);
        (free, out)
    }

    /// A certificate from arbitrary segment and 2×2 block weights, topped up by cell weights.
    fn topped_up(board: &Board, scale: u64, weights: &[u64]) -> DualCertificate {
        let mut segments = Vec::new();
        let mut cover: BTreeMap<Coord, u64> = BTreeMap::new();
        for (i, s) in board.segments().iter().enumerate() {
            let w = weights[i % weights.len()];
            let Some(&through) = s.cells.first() else { continue };
            for p in s.free_cells(board) {
                *cover.entry(p).or_default() += w;
            }
            segments.push(SegmentWeight {
                family: s.family,
                through,
                weight: w,
            });
        }
        let mut cliques = Vec::new();
        for r in 0..board.rows().saturating_sub(1) {
            for c in 0..board.cols().saturating_sub(1) {
                let w = weights[(segments.len() + cliques.len()) % weights.len()];
                let cells: Vec<Coord> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                    .into_iter()
                    .filter(|&p| board.cell(p) != Cell::Wall)
                    .collect();
                for &p in &cells {
                    if board.cell(p) == Cell::Free {
                        *cover.entry(p).or_default() += w;
                    }
                }
                cliques.push(CliqueWeight { cells, weight: w });
            }
        }
        let cells = board
            .free_cells()
            .into_iter()
            .map(|p| (p, scale.saturating_sub(cover.get(&p).copied().unwrap_or(0))))
            .collect();
        DualCertificate {
            scale,
            segments,
            cliques,
            cells,
        }
    }

    #[test]
    fn the_plain_board_is_bounded_by_its_rows() {
        let b = Board::square(5).unwrap();
        let rows: Vec<_> = (0..5)
            .map(|r| SegmentWeight {
                family: Family::Row,
                through: (r, r),
                weight: 3,
            })
            .collect();
        let cert = DualCertificate {
            scale: 3,
            segments: rows,
            ..DualCertificate::default()
        };
        let checked = check_dual(&b, &cert).unwrap();
        assert_eq!(checked.bound(), 5);
        let f = checked.forced(5);
        assert!(!f.refuted && f.empty.is_empty());
        assert_eq!(f.full.len(), 5, "every row holds a queen in a 5-queen placement");
        assert!(checked.forced(6).refuted);
    }

    #[test]
    fn bad_certificates_are_refused() {
        let b = Board::with_walls(3, 3, &[(1, 1)]).unwrap();
        let cert = DualCertificate {
            scale: 2,
            segments: vec![SegmentWeight {
                family: Family::Column,
                through: (0, 0),
                weight: 2,
            }],
            cliques: vec![],
            cells: vec![],
        };
        assert_eq!(
            check_dual(&b, &cert).unwrap_err(),
            DualError::Uncovered((0, 1), 0, 2)
        );
        let on_wall = DualCertificate {
            cells: vec![((1, 1), 5)],
            ..cert.clone()
        };
        assert_eq!(
            check_dual(&b, &on_wall).unwrap_err(),
            DualError::NotOnBoard((1, 1))
        );
        let listed = |cells: &[Coord]| DualCertificate {
            cliques: vec![CliqueWeight {
                cells: cells.to_vec(),
                weight: 2,
            }],
            ..cert.clone()
        };
        assert_eq!(
            check_dual(&b, &listed(&[(0, 1), (0, 1)])).unwrap_err(),
            DualError::Repeated((0, 1))
        );
        // A knight's move apart, and a row with the wall between.
        assert_eq!(
            check_dual(&b, &listed(&[(0, 0), (1, 2)])).unwrap_err(),
            DualError::NotAClique((0, 0), (1, 2))
        );
        assert_eq!(
            check_dual(&b, &listed(&[(1, 0), (1, 2)])).unwrap_err(),
            DualError::NotAClique((1, 0), (1, 2))
        );
        // Squares a file may hold: refused, not wrapped around.
        for far in [(usize::MAX, 0), (0, usize::MAX), (usize::MAX, usize::MAX), (3, 0)] {
            assert_eq!(
                check_dual(&b, &listed(&[(0, 0), far])).unwrap_err(),
                DualError::NotOnBoard(far)
            );
        }
        let zero = DualCertificate { scale: 0, ..cert };
        assert_eq!(check_dual(&b, &zero).unwrap_err(), DualError::ZeroScale);
    }

    #[test]
    fn listed_cliques_off_the_lines_reach_the_value_of_3x3() {
        // On the open 3×3 board the corners and the centre see each other pairwise, and so do
        // the four edge squares: two cliques no segment holds, covering every square once.
        // Bound 2, the value, where the rows give 3.
        let b = Board::square(3).unwrap();
        let listed = |cells: &[Coord]| CliqueWeight {
            cells: cells.to_vec(),
            weight: 1,
        };
        let cert = DualCertificate {
            scale: 1,
            cliques: vec![
                listed(&[(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)]),
                listed(&[(0, 1), (1, 0), (1, 2), (2, 1)]),
            ],
            ..DualCertificate::default()
        };
        let checked = check_dual(&b, &cert).unwrap();
        assert_eq!((checked.bound(), brute_value(&b)), (2, 2));
        assert!(checked.forced(3).refuted);
        // With a wall at the centre the first clique names a wall square: refused.
        let walled = Board::with_walls(3, 3, &[(1, 1)]).unwrap();
        assert_eq!(
            check_dual(&walled, &cert).unwrap_err(),
            DualError::NotOnBoard((1, 1))
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn bounds_and_forced_facts_hold_for_every_placement(
            rows in 1usize..=5, cols in 1usize..=5, codes in prop::collection::vec(0u8..8, 25),
            weights in prop::collection::vec(0u64..5, 1..6),
            scale in 1u64..6,
        ) {
            let board = board_from_codes(rows, cols, &codes);
            let checked = check_dual(&board, &topped_up(&board, scale, &weights)).unwrap();
            let value = brute_value(&board);
            prop_assert!(checked.bound() >= value);
            for t in 0..=value + 1 {
                let f = checked.forced(t);
                prop_assert_eq!(f.refuted, checked.bound() < t);
                let (free, all) = placements_of_at_least(&board, t);
                let bit = |p: &Coord| 1u128 << free.iter().position(|q| q == p).unwrap();
                for x in all {
                    for p in &f.empty {
                        prop_assert!(x & bit(p) == 0, "{p:?} forced empty for t = {t}");
                    }
                    for s in &f.full {
                        prop_assert!(s.iter().any(|p| x & bit(p) != 0), "{s:?} forced full for t = {t}");
                    }
                }
            }
        }
    }
}
