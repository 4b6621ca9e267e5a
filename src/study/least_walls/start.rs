//! A first board for least walls without a solver: simulated annealing over where the q
//! queens stand, each placement priced by the walls it needs.
//!
//! Given the queens, the walls follow: two queens next to each other on a line (consecutive
//! among the queens of that line) need a wall somewhere in the *gap* strictly between them,
//! and nothing else needs one. So the fewest walls for a placement are a least hitting set of
//! its gaps; a cell lies on one line of each family, so one wall hits at most four gaps. The
//! price is a greedy hitting set (the cell in most unhit gaps first, then every wall the
//! others make redundant removed), plus a penalty for each pair of queens side by side on a
//! line, which no wall can separate.
//!
//! Invariant: the board returned holds q queens, no two of which see each other (every gap
//! holds a wall); the caller re-checks it with the independent checker like a solver's answer,
//! and nothing here is part of any proof. The search down from this board to the minimum, and
//! the UNSAT one wall below, are the solver's.

use crate::board::{Board, Cell, Coord, Family, Placement};
use crate::engine::nqueens::rng::Rng;

/// Price of two queens side by side on a line, in walls: high enough that the search leaves
/// such placements, low enough that it may pass through them.
const ADJACENT_PENALTY: usize = 3;
/// Moves per run, per cell of the board (12×12: 2.9 million moves, about 10 s of CPU; fewer
/// missed more minima of 10×10 and 12×12 with 2 and 4 runs).
const MOVES_PER_CELL: usize = 20_000;
/// Annealing temperature (in walls) at the start and at the end of a run.
const HOT: f64 = 1.5;
const COLD: f64 = 0.05;
/// Share of moves (in percent) that take a queen at most `REACH` rows and columns away; the
/// rest take it anywhere.
const LOCAL_PERCENT: u64 = 80;
const REACH: usize = 2;
/// Moves between two looks at the stop test.
const STOP_EVERY: usize = 4096;

/// No gap.
const NONE: u32 = u32::MAX;

/// The board's full lines of two or more cells (cell indices in order along each line), with
/// each line's family (0..4, in the order of [`Family::ALL`]).
struct Lines {
    lines: Vec<Vec<u32>>,
    family: Vec<u8>,
    n_cells: usize,
    cols: usize,
}

impl Lines {
    fn new(rows: usize, cols: usize) -> Lines {
        let open = Board::new(rows, cols).expect("the caller passes a valid size");
        let (mut lines, mut family) = (Vec::new(), Vec::new());
        for (f, &fam) in Family::ALL.iter().enumerate() {
            for s in open.segments_of(fam).into_iter().filter(|s| s.cells.len() > 1) {
                lines.push(s.cells.iter().map(|&p| open.index(p) as u32).collect());
                family.push(f as u8);
            }
        }
        Lines {
            lines,
            family,
            n_cells: rows * cols,
            cols,
        }
    }
}

/// The walls a placement needs, as found by [`Pricer::price`].
struct Priced {
    walls: Vec<u32>,
    adjacent: usize,
}

impl Priced {
    fn cost(&self) -> usize {
        self.walls.len() + ADJACENT_PENALTY * self.adjacent
    }
}

/// Scratch space for pricing placements (reused: the search prices every move).
struct Pricer<'a> {
    lines: &'a Lines,
    /// Gaps as ranges `(line, from, to)` of positions strictly between two queens.
    gaps: Vec<(u32, u32, u32)>,
    /// For each cell its gap in each family, or `NONE`.
    gaps_of: Vec<[u32; 4]>,
    /// The cells in some gap (the only candidates for a wall).
    touched: Vec<u32>,
    /// Unhit gaps each cell lies in.
    load: Vec<u8>,
    hit: Vec<bool>,
    /// How many chosen walls lie in each gap (for the redundancy pass).
    hits: Vec<u8>,
}

impl<'a> Pricer<'a> {
    fn new(lines: &'a Lines) -> Pricer<'a> {
        Pricer {
            lines,
            gaps: Vec::new(),
            gaps_of: vec![[NONE; 4]; lines.n_cells],
            touched: Vec::new(),
            load: vec![0; lines.n_cells],
            hit: Vec::new(),
            hits: Vec::new(),
        }
    }

    /// The gaps of `queen` (a queen flag per cell), and the queens side by side on a line.
    fn find_gaps(&mut self, queen: &[bool]) -> usize {
        for &c in &self.touched {
            self.gaps_of[c as usize] = [NONE; 4];
            self.load[c as usize] = 0;
        }
        self.touched.clear();
        self.gaps.clear();
        let mut adjacent = 0;
        for (li, line) in self.lines.lines.iter().enumerate() {
            let f = self.lines.family[li] as usize;
            let mut last: Option<usize> = None;
            for (pos, &cell) in line.iter().enumerate() {
                if !queen[cell as usize] {
                    continue;
                }
                if let Some(prev) = last {
                    if pos == prev + 1 {
                        adjacent += 1;
                    } else {
                        let id = self.gaps.len() as u32;
                        self.gaps.push((li as u32, prev as u32 + 1, pos as u32));
                        for &c in &line[prev + 1..pos] {
                            if self.load[c as usize] == 0 {
                                self.touched.push(c);
                            }
                            self.load[c as usize] += 1;
                            self.gaps_of[c as usize][f] = id;
                        }
                    }
                }
                last = Some(pos);
            }
        }
        adjacent
    }

    fn gap_cells(&self, gap: u32) -> &[u32] {
        let (li, from, to) = self.gaps[gap as usize];
        &self.lines.lines[li as usize][from as usize..to as usize]
    }

    /// The walls `queen` needs by the greedy hitting set, redundant walls removed.
    fn price(&mut self, queen: &[bool]) -> Priced {
        let adjacent = self.find_gaps(queen);
        self.hit.clear();
        self.hit.resize(self.gaps.len(), false);
        let mut walls = Vec::new();
        let mut unhit = self.gaps.len();
        while unhit > 0 {
            // The first touched cell of most unhit gaps (touched cells come in a fixed order).
            let mut best = self.touched[0];
            for &c in &self.touched[1..] {
                if self.load[c as usize] > self.load[best as usize] {
                    best = c;
                }
            }
            walls.push(best);
            for k in 0..4 {
                let g = self.gaps_of[best as usize][k];
                if g == NONE || self.hit[g as usize] {
                    continue;
                }
                self.hit[g as usize] = true;
                unhit -= 1;
                let (li, from, to) = self.gaps[g as usize];
                for &c in &self.lines.lines[li as usize][from as usize..to as usize] {
                    self.load[c as usize] -= 1;
                }
            }
        }
        self.drop_redundant(&mut walls);
        Priced { walls, adjacent }
    }

    /// Removes, last chosen first, each wall whose gaps all hold another wall.
    fn drop_redundant(&mut self, walls: &mut Vec<u32>) {
        self.hits.clear();
        self.hits.resize(self.gaps.len(), 0);
        for &w in walls.iter() {
            for &g in self.gaps_of[w as usize].iter().filter(|&&g| g != NONE) {
                self.hits[g as usize] += 1;
            }
        }
        let mut i = walls.len();
        while i > 0 {
            i -= 1;
            let gs = self.gaps_of[walls[i] as usize];
            if gs
                .iter()
                .filter(|&&g| g != NONE)
                .all(|&g| self.hits[g as usize] > 1)
            {
                for &g in gs.iter().filter(|&&g| g != NONE) {
                    self.hits[g as usize] -= 1;
                }
                walls.swap_remove(i);
            }
        }
        debug_assert!(
            (0..self.gaps.len() as u32).all(|g| self.gap_cells(g).iter().any(|c| walls.contains(c)))
        );
    }
}

/// One annealing run from a random placement; the best placement without queens side by side,
/// as (queens, walls), or `None` if it met none. Ends early at `enough` walls or on `stop`.
fn anneal(
    lines: &Lines,
    queens: usize,
    seed: u64,
    enough: usize,
    stop: &dyn Fn() -> bool,
) -> Option<(Vec<u32>, Vec<u32>)> {
    let n = lines.n_cells;
    let mut rng = Rng::new(seed);
    let mut queen = vec![false; n];
    // A random start: q distinct cells.
    let mut cells: Vec<u32> = (0..n as u32).collect();
    for i in 0..queens {
        let j = i + rng.below((n - i) as u64) as usize;
        cells.swap(i, j);
        queen[cells[i] as usize] = true;
    }
    // `cells[..queens]` are the queens, the rest the empty cells; `slot` inverts `cells`.
    let mut slot = vec![0u32; n];
    for (i, &c) in cells.iter().enumerate() {
        slot[c as usize] = i as u32;
    }
    let mut pricer = Pricer::new(lines);
    let mut current = pricer.price(&queen).cost();
    let mut best: Option<(Vec<u32>, Vec<u32>)> = None;
    let moves = MOVES_PER_CELL * n;
    let cooling = (COLD / HOT).powf(1.0 / moves as f64);
    let mut temperature = HOT;
    for step in 0..moves {
        if step % STOP_EVERY == 0 && stop() {
            break;
        }
        temperature *= cooling;
        let i = rng.below(queens as u64) as usize;
        let j = if rng.below(100) < LOCAL_PERCENT {
            let (r, c) = (cells[i] as usize / lines.cols, cells[i] as usize % lines.cols);
            let rows = n / lines.cols;
            let dr = rng.below(2 * REACH as u64 + 1) as usize;
            let dc = rng.below(2 * REACH as u64 + 1) as usize;
            let (r2, c2) = ((r + dr).wrapping_sub(REACH), (c + dc).wrapping_sub(REACH));
            if r2 >= rows || c2 >= lines.cols || slot[r2 * lines.cols + c2] < queens as u32 {
                continue;
            }
            slot[r2 * lines.cols + c2] as usize
        } else {
            queens + rng.below((n - queens) as u64) as usize
        };
        let (from, to) = (cells[i] as usize, cells[j] as usize);
        queen[from] = false;
        queen[to] = true;
        let priced = pricer.price(&queen);
        let cost = priced.cost();
        let accept = cost <= current || {
            let p = (-((cost - current) as f64) / temperature).exp();
            (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
        };
        if !accept {
            queen[from] = true;
            queen[to] = false;
            continue;
        }
        cells.swap(i, j);
        slot[cells[i] as usize] = i as u32;
        slot[cells[j] as usize] = j as u32;
        current = cost;
        if priced.adjacent == 0 && best.as_ref().is_none_or(|(_, w)| priced.walls.len() < w.len()) {
            best = Some((cells[..queens].to_vec(), priced.walls));
            if best.as_ref().is_some_and(|(_, w)| w.len() <= enough) {
                break;
            }
        }
    }
    best
}

/// A board with few walls on which `queens` queens stand pairwise unseen, and that placement:
/// the best of `runs` annealing runs (seeds 1, 2, …), stopping early once a board reaches
/// `enough` walls (a proved lower bound) or `stop` says so. `None` when no run met a placement
/// without queens side by side (q beyond what the search reaches).
pub fn start_board(
    rows: usize,
    cols: usize,
    queens: usize,
    runs: u64,
    enough: usize,
    stop: &dyn Fn() -> bool,
) -> Option<(Board, Placement)> {
    let n = rows * cols;
    if queens == 0 || queens >= n {
        return None;
    }
    let lines = Lines::new(rows, cols);
    let mut best: Option<(Vec<u32>, Vec<u32>)> = None;
    for seed in 1..=runs {
        if stop() || best.as_ref().is_some_and(|(_, w)| w.len() <= enough) {
            break;
        }
        if let Some(found) = anneal(&lines, queens, seed, enough, stop)
            && best.as_ref().is_none_or(|(_, w)| found.1.len() < w.len())
        {
            best = Some(found);
        }
    }
    let (qs, ws) = best?;
    let coord = |i: u32| -> Coord { (i as usize / cols, i as usize % cols) };
    let mut board = Board::new(rows, cols).expect("a valid size");
    for &w in &ws {
        board.set(coord(w), Cell::Wall);
    }
    Some((board, Placement::new(qs.into_iter().map(coord).collect())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_placement;

    #[test]
    fn greedy_price_hits_every_gap_and_spots_neighbours() {
        let lines = Lines::new(3, 5);
        let mut pricer = Pricer::new(&lines);
        // Queens at the ends of the top row: one gap of three cells in the row; (0,0) and
        // (2,2) share a diagonal with the gap (1,1); (0,4) and (2,2) share the anti-diagonal.
        let mut queen = vec![false; 15];
        for i in [0, 4, 12] {
            queen[i] = true;
        }
        let priced = pricer.price(&queen);
        assert_eq!(priced.adjacent, 0);
        assert_eq!(priced.walls.len(), 3);
        queen[1] = true;
        assert_eq!(pricer.price(&queen).adjacent, 1);
    }

    #[test]
    fn start_boards_pass_the_checker_and_respect_the_row_bound() {
        for (n, q) in [(6, 8), (7, 11), (8, 12)] {
            let (board, p) = start_board(n, n, q, 1, 0, &|| false).expect("a board");
            assert_eq!(p.len(), q);
            check_placement(&board, &p).expect("the start board is legal");
            assert!(board.n_walls() >= q.saturating_sub(n));
        }
    }
}
