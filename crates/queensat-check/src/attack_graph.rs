//! The attack graph of a board on bit sets of cells: what each free cell sees (by the
//! checker's attack walk), the row and column segments, and the segment bound. The branch and
//! bound searches it and the search-tree checker replays on it.

use super::sight::seen_from;
use queensat_board::{Board, Cell, CellSet};

/// A board prepared for searching on cell sets. Cell `i` is `(i / cols, i % cols)`.
pub(super) struct AttackGraph<const W: usize> {
    pub cols: usize,
    /// The free cells.
    pub free: CellSet<W>,
    /// Free cells each free cell sees (walls block, holes do not).
    pub attacks: Vec<CellSet<W>>,
    /// Free cells of each row segment, in reading order (the numbering search trees use).
    pub rows: Vec<CellSet<W>>,
    /// Free cells of each column segment.
    pub cols_segs: Vec<CellSet<W>>,
}

impl<const W: usize> AttackGraph<W> {
    pub fn new(board: &Board) -> AttackGraph<W> {
        let (nr, nc) = (board.rows(), board.cols());
        let free = |r: usize, c: usize| board.cell((r, c)) == Cell::Free;
        let mut attacks = vec![CellSet::EMPTY; nr * nc];
        for r0 in 0..nr {
            for c0 in 0..nc {
                if !free(r0, c0) {
                    continue;
                }
                for (r, c) in seen_from(board, (r0, c0)).filter(|&(r, c)| free(r, c)) {
                    attacks[r0 * nc + c0].insert(r * nc + c);
                }
            }
        }
        // Runs of non-wall cells along rows and columns, keeping their free cells.
        let runs = |outer: usize, inner: usize, cell: &dyn Fn(usize, usize) -> (usize, usize)| {
            let mut out = Vec::new();
            for a in 0..outer {
                let mut run = CellSet::EMPTY;
                for b in 0..inner {
                    let (r, c) = cell(a, b);
                    match board.cell((r, c)) {
                        Cell::Wall => {
                            if !run.is_empty() {
                                out.push(std::mem::take(&mut run));
                            }
                        }
                        Cell::Free => run.insert(r * nc + c),
                        Cell::Hole => {}
                    }
                }
                if !run.is_empty() {
                    out.push(run);
                }
            }
            out
        };
        AttackGraph {
            cols: nc,
            free: CellSet::of((0..nr * nc).filter(|&i| free(i / nc, i % nc))),
            attacks,
            rows: runs(nr, nc, &|a, b| (a, b)),
            cols_segs: runs(nc, nr, &|a, b| (b, a)),
        }
    }

    /// At most this many queens fit on the candidate cells `cand`: a segment holds at most
    /// one, so no more than the row segments, nor the column segments, that keep a candidate.
    pub fn segment_bound(&self, cand: &CellSet<W>) -> usize {
        let live = |segs: &[CellSet<W>]| segs.iter().filter(|s| s.intersects(cand)).count();
        live(&self.rows).min(live(&self.cols_segs))
    }

    /// The candidates left after a queen on `cell`: neither it nor what it sees.
    pub fn after_queen(&self, cand: &CellSet<W>, cell: usize) -> CellSet<W> {
        let mut next = cand.difference(&self.attacks[cell]);
        next.remove(cell);
        next
    }
}
