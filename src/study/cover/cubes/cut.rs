//! How one size is cut into cubes: on each split square, by the range of its holders (the
//! solutions with a queen there, in list order) in which the first selected one lies, or, for
//! packing, by none selected. Invariant: each selection lies in exactly one packing cube, and
//! each cover in exactly one covering cube ([`super::check::check_cover`] counts it).

use super::spec::CoverCubeSpec;
use crate::board::{Board, Coord, Placement};
use crate::encode::{Goal, SelectionModel};
use crate::study::cover::start::squares;
use crate::study::cubes::rows::split_rows;
use anyhow::ensure;
use rustsat::types::{Clause, Lit};
use serde::{Deserialize, Serialize};

/// How a cube covers one split square: none of `unselected` (the holders before `first_in`,
/// in list order) is selected, and at least one of `first_in` (a run of the holders right after
/// them) is; an empty `first_in` (packing only): no holder is selected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstHolder {
    pub square: Coord,
    pub unselected: Vec<usize>,
    pub first_in: Vec<usize>,
}

/// A part of one question's selections: those that cover each split square as said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverCube {
    pub goal: Goal,
    pub squares: Vec<FirstHolder>,
}

impl CoverCube {
    /// Whether `selection` (indices into the solution list) lies in the cube.
    pub fn holds(&self, selection: &[usize]) -> bool {
        self.squares.iter().all(|f| {
            !f.unselected.iter().any(|i| selection.contains(i))
                && (f.first_in.is_empty() || f.first_in.iter().any(|i| selection.contains(i)))
        })
    }

    /// The cube as clauses over `model`'s selection variables; an index off the list (a cube
    /// read back is checked before it is asked) is left out.
    pub(super) fn clauses(&self, model: &SelectionModel) -> Vec<Clause> {
        let lit = |i: &usize| model.select.get(*i).copied();
        let mut out = Vec::new();
        for f in &self.squares {
            out.extend(
                f.unselected
                    .iter()
                    .filter_map(lit)
                    .map(|l: Lit| Clause::from_iter([!l])),
            );
            if !f.first_in.is_empty() {
                out.push(f.first_in.iter().filter_map(lit).collect());
            }
        }
        out
    }
}

/// The solutions through each of the `split` squares, in list order.
pub(super) fn holders(n: usize, sols: &[Placement], split: &[Coord]) -> Vec<Vec<usize>> {
    let sq = squares(n, sols);
    split
        .iter()
        .map(|&(r, c)| {
            (0..sols.len())
                .filter(|&i| sq[i].contains(&(r * n + c)))
                .collect()
        })
        .collect()
}

/// The first `split` squares of the n×n board, the middle row's first (its middle square,
/// then alternately left and right of it), then the other rows' alike, in the order of
/// [`split_rows`].
pub(super) fn split_squares(n: usize, split: usize) -> anyhow::Result<Vec<Coord>> {
    ensure!(split >= 1, "--split-squares {split}: must be at least 1");
    ensure!(
        split <= n * n,
        "--split-squares {split}: the board has {} squares",
        n * n
    );
    let order = split_rows(&Board::square(n)?, n)?;
    let all = order.iter().flat_map(|&r| order.iter().map(move |&c| (r, c)));
    Ok(all.take(split).collect())
}

/// How many choices a square whose holders are cut into `ranges` ranges gives to `goal`: a
/// range each, and for packing none.
pub(super) fn square_choices(goal: Goal, ranges: usize) -> usize {
    ranges + usize::from(goal == Goal::Pack)
}

impl CoverCubeSpec {
    /// Every cube, in order: the packing cubes, then the covering ones; for each split square
    /// in turn, its ranges in list order, then (packing) none.
    pub(super) fn cubes(&self, holders: &[Vec<usize>]) -> Vec<CoverCube> {
        let mut all = Vec::new();
        for goal in self.goals() {
            let start = vec![CoverCube {
                goal,
                squares: Vec::new(),
            }];
            let cubes = self
                .squares
                .iter()
                .zip(holders)
                .fold(start, |cubes, (&square, h)| {
                    let mut choices: Vec<FirstHolder> = (0..h.len())
                        .step_by(self.width)
                        .map(|a| FirstHolder {
                            square,
                            unselected: h[..a].to_vec(),
                            first_in: h[a..(a + self.width).min(h.len())].to_vec(),
                        })
                        .collect();
                    if goal == Goal::Pack {
                        choices.push(FirstHolder {
                            square,
                            unselected: h.clone(),
                            first_in: Vec::new(),
                        });
                    }
                    let mut out = Vec::with_capacity(cubes.len() * choices.len());
                    for c in &cubes {
                        for f in &choices {
                            let mut with = c.clone();
                            with.squares.push(f.clone());
                            out.push(with);
                        }
                    }
                    out
                });
            all.extend(cubes);
        }
        all
    }
}
