//! A cover of the n×n board by at most k n-queens solutions, by depth-first search over the
//! squares, without a solver.
//!
//! Why it is fast where the SAT search was not: every solution puts one queen in each row and
//! each column, so j ≤ k solutions cover each row (and each column) j times over its n squares.
//! At most k − n of a row's coverings can fall on squares already covered: the row's *excess*.
//! On 10×10 with 11 solutions the excess is 1 per row and column, so a candidate solution may
//! overlap the covered squares at most once per row and column, in rows and columns that have
//! no overlap yet. The same holds for every line: a solution meets each row, column and
//! diagonal at most once, so a line with more uncovered squares than solutions still to come
//! closes the branch, and a line with exactly as many (*tight*) must be met by every one of
//! them. On a partition (k = n) both main diagonals are tight from the start. The search covers
//! the uncovered square with fewest such candidates next, and after a candidate's subtree is
//! done it is left out of its siblings' subtrees, so each selection is met once. Each node
//! keeps the list of solutions that still fit, filtered from its parent's (what stops fitting
//! never fits again), so deep nodes look at a few dozen solutions, not all of them.
//!
//! Invariant: a selection returned covers every square with at most k distinct solutions. An
//! exhausted search is evidence, not a certificate: the optimum still rests on the solver's
//! UNSAT answer.

use crate::board::{Board, CellSet};

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
    /// The board's rows, columns and diagonals: a solution meets each at most once.
    lines: Vec<CellSet<W>>,
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
        Search {
            n,
            k,
            lines: Board::square(n)
                .map(|b| b.segments())
                .unwrap_or_default()
                .iter()
                .map(|s| CellSet::of(s.cells.iter().map(|&(r, c)| r * n + c)))
                .collect(),
            board: CellSet::of(0..n * n),
            excluded: vec![false; sols.len()],
            sols,
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
        let all: Vec<usize> = (0..self.sols.len()).collect();
        match self.visit(CellSet::EMPTY, &excess, &all) {
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

    /// The open squares of each line that has exactly `left` of them, or `None` when a line
    /// has more: each of the `left` solutions still to come covers at most one square of a
    /// line, so a tight line needs every one of them to cover one of its open squares.
    fn tight_lines(&self, open: &CellSet<W>, left: usize) -> Option<Vec<CellSet<W>>> {
        let mut tight = Vec::new();
        for line in &self.lines {
            let rest = line.intersection(open);
            match rest.len().cmp(&left) {
                std::cmp::Ordering::Greater => return None,
                std::cmp::Ordering::Equal if left > 0 => tight.push(rest),
                _ => {}
            }
        }
        Some(tight)
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
    /// column, `alive` holds every solution that fits them and covers an open square (a
    /// solution that stops fitting never fits again deeper down, as covered squares and excess
    /// only grow, so each child filters its parent's list), and `excluded` holds the
    /// candidates whose subtrees are done at the open branch points above.
    fn visit(&mut self, covered: CellSet<W>, excess: &Excess, alive: &[usize]) -> Step {
        self.nodes += 1;
        if self.budget == 0 || (self.nodes % STOP_EVERY == 1 && (self.stop)()) {
            return Step::Stop;
        }
        let open = self.board.difference(&covered);
        if open.is_empty() {
            return Step::Found;
        }
        if self.tight_lines(&open, self.k - self.chosen.len()).is_none() {
            return Step::Done;
        }
        // The open square with fewest candidates; none means a dead end.
        let mut count = vec![0u32; self.n * self.n];
        for &i in alive.iter().filter(|&&i| !self.excluded[i]) {
            self.sols[i]
                .intersection(&open)
                .iter()
                .for_each(|q| count[q] += 1);
        }
        self.budget = self.budget.saturating_sub(alive.len() as u64);
        let Some(square) = open.iter().min_by_key(|&q| count[q]) else {
            return Step::Done;
        };
        if count[square] == 0 {
            return Step::Done;
        }
        let cands: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&i| !self.excluded[i] && self.sols[i].contains(square))
            .collect();
        let mut closed = Vec::new();
        let mut step = Step::Done;
        for i in cands {
            let next = self.add(i, &covered, excess);
            let grown = covered.union(&self.sols[i]);
            let still_open = self.board.difference(&grown);
            let Some(tight) = self.tight_lines(&still_open, self.k - self.chosen.len() - 1) else {
                self.excluded[i] = true;
                closed.push(i);
                continue;
            };
            self.budget = self.budget.saturating_sub(alive.len() as u64);
            let kept: Vec<usize> = alive
                .iter()
                .copied()
                .filter(|&j| {
                    j != i
                        && !self.excluded[j]
                        && self.sols[j].intersects(&still_open)
                        && tight.iter().all(|t| self.sols[j].intersects(t))
                        && self.fits(j, &grown, &next)
                })
                .collect();
            self.chosen.push(i);
            step = self.visit(grown, &next, &kept);
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
    use crate::run::deadline::Deadline;
    use crate::solve::Backend;
    use crate::study::cover::nqueens_solutions;

    fn squares(n: usize) -> Vec<Vec<usize>> {
        crate::study::cover::start::squares(
            n,
            &nqueens_solutions(n, &Backend::default(), Deadline::thread(None)).unwrap(),
        )
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
