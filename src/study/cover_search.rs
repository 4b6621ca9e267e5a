//! A cover of the n×n board by at most k n-queens solutions, by depth-first search over the
//! squares, without a solver.
//!
//! Why it is fast where the SAT search was not: every solution puts one queen in each row and
//! each column, so j ≤ k solutions cover each row (and each column) j times over its n squares.
//! At most k − n of a row's coverings can fall on squares already covered: the row's *excess*.
//! On 10×10 with 11 solutions the excess is 1 per row and column, so a candidate solution may
//! overlap the covered squares at most once per row and column, in rows and columns that have
//! no overlap yet. The search covers the uncovered square with fewest such candidates next,
//! and after a candidate's subtree is done it is left out of its siblings' subtrees, so each
//! selection is met once.
//!
//! Invariant: a selection returned covers every square with at most k distinct solutions. An
//! exhausted search is evidence, not a certificate: the optimum still rests on the solver's
//! UNSAT answer.

use crate::board::CellSet;

/// Nodes between two looks at the stop test, from the first node on.
const STOP_EVERY: u64 = 1024;

/// How a search for a cover of at most k solutions ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoverSearch {
    /// Indices into the solution list, ascending, and the nodes visited.
    Found { selection: Vec<usize>, nodes: u64 },
    /// Every branch was closed: no cover of at most k solutions exists (unless this code is
    /// wrong; nothing is proved by it).
    Exhausted { nodes: u64 },
    /// The work budget or a stop request ended the search first.
    Stopped { nodes: u64 },
}

/// Looks for a cover of the n×n board by at most `k` of the solutions `squares` (each the
/// row-major squares of one solution, one per row and column), testing at most `budget`
/// candidates (the work of a node grows with the board and the solution list, so the budget
/// counts tests, not nodes, and runs repeat exactly) and polling `stop` (a time limit,
/// Ctrl-C) now and then.
pub fn search_cover(
    n: usize,
    squares: &[Vec<usize>],
    k: usize,
    budget: u64,
    stop: &dyn Fn() -> bool,
) -> CoverSearch {
    crate::with_cell_width!(n * n, W => Search::<W>::new(n, squares, k, budget, stop).run())
}

struct Search<'a, const W: usize> {
    n: usize,
    k: usize,
    sols: Vec<CellSet<W>>,
    /// The solutions holding each square.
    holders: Vec<Vec<usize>>,
    rows: Vec<CellSet<W>>,
    board: CellSet<W>,
    /// Solutions whose subtree is done at some open branch point.
    excluded: Vec<bool>,
    chosen: Vec<usize>,
    nodes: u64,
    /// Candidate tests left.
    budget: u64,
    stop: &'a dyn Fn() -> bool,
}

/// Coverings beyond the first, per row and per column, of the squares covered so far.
#[derive(Clone)]
struct Excess {
    rows: Vec<usize>,
    cols: Vec<usize>,
}

enum Step {
    Done,
    Found,
    Stop,
}

impl<'a, const W: usize> Search<'a, W> {
    fn new(n: usize, squares: &[Vec<usize>], k: usize, budget: u64, stop: &'a dyn Fn() -> bool) -> Self {
        let sols: Vec<CellSet<W>> = squares.iter().map(|s| CellSet::of(s.iter().copied())).collect();
        let mut holders = vec![Vec::new(); n * n];
        for (i, s) in squares.iter().enumerate() {
            s.iter().for_each(|&q| holders[q].push(i));
        }
        Search {
            n,
            k,
            rows: (0..n).map(|r| CellSet::of(r * n..(r + 1) * n)).collect(),
            board: CellSet::of(0..n * n),
            excluded: vec![false; sols.len()],
            sols,
            holders,
            chosen: Vec::new(),
            nodes: 0,
            budget,
            stop,
        }
    }

    fn run(mut self) -> CoverSearch {
        if self.k < self.n {
            // Fewer than n solutions cannot cover a row's n squares.
            return CoverSearch::Exhausted { nodes: 0 };
        }
        let excess = Excess {
            rows: vec![0; self.n],
            cols: vec![0; self.n],
        };
        match self.visit(CellSet::EMPTY, &excess) {
            Step::Found => {
                let mut sel = self.chosen;
                sel.sort_unstable();
                CoverSearch::Found {
                    selection: sel,
                    nodes: self.nodes,
                }
            }
            Step::Done => CoverSearch::Exhausted { nodes: self.nodes },
            Step::Stop => CoverSearch::Stopped { nodes: self.nodes },
        }
    }

    /// Whether solution `i` keeps every row and column within k − n coverings beyond the
    /// first. A solution meets each row and column once, so its overlap adds at most one to
    /// each.
    fn fits(&self, i: usize, covered: &CellSet<W>, excess: &Excess) -> bool {
        let allowed = self.k - self.n;
        self.sols[i]
            .intersection(covered)
            .iter()
            .all(|q| excess.rows[q / self.n] < allowed && excess.cols[q % self.n] < allowed)
    }

    /// The excess after adding solution `i`.
    fn add(&self, i: usize, covered: &CellSet<W>, excess: &Excess) -> Excess {
        let mut next = excess.clone();
        for q in self.sols[i].intersection(covered).iter() {
            next.rows[q / self.n] += 1;
            next.cols[q % self.n] += 1;
        }
        next
    }

    /// One node: `covered` is the union of `chosen`, `excess` is its excess per row and
    /// column, and `excluded` holds the candidates whose subtrees are done at the open branch
    /// points above.
    fn visit(&mut self, covered: CellSet<W>, excess: &Excess) -> Step {
        self.nodes += 1;
        if self.budget == 0 || (self.nodes % STOP_EVERY == 1 && (self.stop)()) {
            return Step::Stop;
        }
        let open = self.board.difference(&covered);
        if open.is_empty() {
            return Step::Found;
        }
        let left = self.k - self.chosen.len();
        // Each solution still to come covers one square per row.
        if self.rows.iter().any(|row| row.intersection(&open).len() > left) {
            return Step::Done;
        }
        // The open square with fewest candidates; none means a dead end.
        let mut best: Option<Vec<usize>> = None;
        for q in open.iter() {
            self.budget = self.budget.saturating_sub(self.holders[q].len() as u64);
            let cands: Vec<usize> = self.holders[q]
                .iter()
                .copied()
                .filter(|&i| !self.excluded[i] && self.fits(i, &covered, excess))
                .collect();
            if cands.is_empty() {
                return Step::Done;
            }
            if best.as_ref().is_none_or(|b| cands.len() < b.len()) {
                let forced = cands.len() == 1;
                best = Some(cands);
                if forced {
                    break;
                }
            }
        }
        let cands = best.expect("an open square");
        let mut closed = Vec::new();
        let mut step = Step::Done;
        for i in cands {
            let next = self.add(i, &covered, excess);
            self.chosen.push(i);
            step = self.visit(covered.union(&self.sols[i]), &next);
            if matches!(step, Step::Found) {
                return step;
            }
            self.chosen.pop();
            if matches!(step, Step::Stop) {
                break;
            }
            self.excluded[i] = true;
            closed.push(i);
            step = Step::Done;
        }
        closed.iter().for_each(|&i| self.excluded[i] = false);
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Backend;
    use crate::study::nqueens_solutions;

    fn squares(n: usize) -> Vec<Vec<usize>> {
        crate::study::cover_start::squares(n, &nqueens_solutions(n, &Backend::default()).unwrap())
    }

    fn covers(n: usize, sq: &[Vec<usize>], sel: &[usize], k: usize) -> bool {
        let mut seen = vec![false; n * n];
        sel.iter()
            .for_each(|&i| sq[i].iter().for_each(|&q| seen[q] = true));
        sel.len() <= k && seen.iter().all(|&s| s) && sel.windows(2).all(|w| w[0] < w[1])
    }

    /// The fewest covering solutions proved by the solver (tests/cover.rs): 5 → 5, 7 → 7,
    /// 8 → 12, 9 → 10; the search finds a cover of the optimum and exhausts one below it.
    #[test]
    fn finds_the_optimum_and_exhausts_below_it() {
        for (n, best) in [(5, 5), (7, 7), (8, 12), (9, 10)] {
            let sq = squares(n);
            match search_cover(n, &sq, best, u64::MAX, &|| false) {
                CoverSearch::Found { selection, .. } => assert!(covers(n, &sq, &selection, best), "n = {n}"),
                other => panic!("n = {n}: {other:?}"),
            }
            assert!(
                matches!(
                    search_cover(n, &sq, best - 1, u64::MAX, &|| false),
                    CoverSearch::Exhausted { .. }
                ),
                "n = {n}"
            );
        }
    }

    #[test]
    fn a_budget_stops_it_and_no_solutions_cover_nothing() {
        let sq = squares(8);
        let never = || false;
        assert_eq!(
            search_cover(8, &sq, 12, 1, &never),
            CoverSearch::Stopped { nodes: 2 }
        );
        assert_eq!(
            search_cover(8, &sq, 11, u64::MAX, &|| true),
            CoverSearch::Stopped { nodes: 1 }
        );
        assert_eq!(
            search_cover(4, &squares(4), 4, u64::MAX, &never),
            CoverSearch::Exhausted { nodes: 1 }
        );
    }
}
