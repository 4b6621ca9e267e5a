//! The attack graph of a board on bit sets of cells: what each free cell sees, the row and
//! column segments, and the segment bound. The branch and bound searches it and the
//! search-tree checker replays on it.

use queensat_board::{Board, Cell, CellSet};

/// A board prepared for searching on cell sets. Cell `i` is `(i / cols, i % cols)`.
#[derive(Clone, Debug, PartialEq)]
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
    /// The graph of `board`, owned (see [`AttackGraph::with`]).
    #[cfg(test)]
    pub fn new(board: &Board) -> AttackGraph<W> {
        Self::with(board, AttackGraph::clone)
    }

    /// `f` on the graph of `board`. Built line by line rather than cell by cell: a free cell
    /// sees exactly the other free cells of its four segments (its row, column and both
    /// diagonals, cut by walls; holes do not cut, as in the checker's walk); and from the graph
    /// of the board built last on this thread (at first the empty board's, of the same shape),
    /// only the lines through a cell that changed are cut again. A sweep's boards come one
    /// after another and differ in a few cells, and no vector is allocated per board. The
    /// brute force, which walks from each cell (`sight`), is the test of this construction.
    pub fn with<R>(board: &Board, f: impl FnOnce(&AttackGraph<W>) -> R) -> R {
        let shape = (board.rows(), board.cols());
        // Taken out of the slot while in use: a graph built inside `f` gets a room of its own.
        let kept = ROOM
            .take()
            .and_then(|r| r.downcast::<Room<W>>().ok())
            .filter(|r| (r.template.rows, r.template.cols) == shape);
        let mut room = kept.unwrap_or_else(|| Box::new(Room::new(shape.0, shape.1)));
        room.fill(board);
        let answer = f(&room.graph);
        ROOM.set(Some(room));
        answer
    }

    /// The graph of `board` by walking every line of `template`'s shape.
    fn walked(board: &Board, template: &Template<W>) -> AttackGraph<W> {
        let cells = board.cells();
        let mut g = AttackGraph {
            cols: board.cols(),
            free: CellSet::of((0..cells.len()).filter(|&i| cells[i] == Cell::Free)),
            attacks: vec![CellSet::EMPTY; cells.len()],
            // Room for a line's segments when walls are few (each wall adds at most one).
            rows: Vec::with_capacity(2 * board.rows()),
            cols_segs: Vec::with_capacity(2 * board.cols()),
        };
        for (line, mask) in template.lines.iter().zip(&template.masks) {
            g.walk(cells, line, mask);
        }
        g
    }

    /// Walks one line (whose cells are `mask`): each of its segments is added to its family,
    /// and each free cell's sight along the line becomes its segment (less the cell).
    fn walk(&mut self, cells: &[Cell], line: &Line, mask: &CellSet<W>) {
        let mut segment = CellSet::EMPTY;
        for k in 0..=line.len {
            let i = line.first + k * line.step;
            if k < line.len {
                match cells[i] {
                    Cell::Free => {
                        segment.insert(i);
                        continue;
                    }
                    Cell::Hole => continue,
                    Cell::Wall => {}
                }
            }
            // The segment ends: at a wall or at the line's end.
            if segment.is_empty() {
                continue;
            }
            // Two lines meet in one cell at most: a cell's bits on this line are its sight
            // along this line alone (and itself).
            for j in segment.iter() {
                let mut a = self.attacks[j].difference(mask).union(&segment);
                a.remove(j);
                self.attacks[j] = a;
            }
            match line.family {
                Family::Row => self.rows.push(segment),
                Family::Column => self.cols_segs.push(segment),
                Family::Diagonal => {}
            }
            segment = CellSet::EMPTY;
        }
    }

    /// At most this many queens fit on the candidate cells `cand`: a segment holds at most
    /// one, so no more than the row segments, nor the column segments, that keep a candidate.
    pub fn segment_bound(&self, cand: &CellSet<W>) -> usize {
        self.live_row_segments(cand).min(self.live_column_segments(cand))
    }

    /// How many row segments keep a candidate.
    pub fn live_row_segments(&self, cand: &CellSet<W>) -> usize {
        live(&self.rows, cand)
    }

    /// How many column segments keep a candidate.
    pub fn live_column_segments(&self, cand: &CellSet<W>) -> usize {
        live(&self.cols_segs, cand)
    }

    /// The candidates left after a queen on `cell`: neither it nor what it sees.
    pub fn after_queen(&self, cand: &CellSet<W>, cell: usize) -> CellSet<W> {
        let mut next = cand.difference(&self.attacks[cell]);
        next.remove(cell);
        next
    }
}

/// How many of `segments` keep a candidate.
fn live<const W: usize>(segments: &[CellSet<W>], cand: &CellSet<W>) -> usize {
    segments.iter().filter(|s| s.intersects(cand)).count()
}

/// What a line of the board is: rows and columns give the segment bound; diagonals only sight.
#[derive(Clone, Copy)]
enum Family {
    Row,
    Column,
    Diagonal,
}

/// A whole line of an `nr × nc` board: `len` cells from index `first`, `step` apart.
struct Line {
    family: Family,
    first: usize,
    step: usize,
    len: usize,
}

/// Every row (top to bottom, so row segments come in reading order), column, diagonal and
/// anti-diagonal of an `nr × nc` board, each once, from its first cell on the top or side edge.
fn lines(nr: usize, nc: usize) -> impl Iterator<Item = Line> {
    let line = move |family, (r, c): (usize, usize), step, len| Line {
        family,
        first: r * nc + c,
        step,
        len,
    };
    let rows = (0..nr).map(move |r| line(Family::Row, (r, 0), 1, nc));
    let columns = (0..nc).map(move |c| line(Family::Column, (0, c), nc, nr));
    // Down-right from the top edge and the left edge; down-left from the top and the right.
    let diagonals = (0..nc)
        .map(move |c| line(Family::Diagonal, (0, c), nc + 1, nr.min(nc - c)))
        .chain((1..nr).map(move |r| line(Family::Diagonal, (r, 0), nc + 1, (nr - r).min(nc))));
    let anti = (0..nc)
        .map(move |c| line(Family::Diagonal, (0, c), nc - 1, nr.min(c + 1)))
        .chain((1..nr).map(move |r| line(Family::Diagonal, (r, nc - 1), nc - 1, (nr - r).min(nc))));
    rows.chain(columns).chain(diagonals).chain(anti)
}

std::thread_local! {
    /// This thread's [`Room`] for the last board shape it built a graph for (of its width).
    static ROOM: std::cell::Cell<Option<Box<dyn std::any::Any>>> = const { std::cell::Cell::new(None) };
}

/// A board shape's [`Template`] and the graph of the board built last (at first the empty
/// board's), with that board's walls and holes: the next board's graph is this one with the
/// lines through the cells that differ cut again.
struct Room<const W: usize> {
    template: Template<W>,
    graph: AttackGraph<W>,
    /// The walls and holes of the board `graph` is of.
    blocked: CellSet<W>,
    /// Its walls.
    walls: CellSet<W>,
}

impl<const W: usize> Room<W> {
    fn new(rows: usize, cols: usize) -> Room<W> {
        let template = Template::new(rows, cols);
        let graph = template.empty.clone();
        Room {
            template,
            graph,
            blocked: CellSet::EMPTY,
            walls: CellSet::EMPTY,
        }
    }

    /// Makes `graph` the graph of `board` (of this shape). A cell that turns blocked sees
    /// nothing; every line through a cell that changed is cut at the walls: its cells' sight
    /// along it becomes their segment (so a cell that turns free gets its sight on all four
    /// lines). The other lines hold the same walls and holes as before, so their cells' sight
    /// along them stands. The row and column segments are listed again in order, those of
    /// lines not cut from the walls on them.
    fn fill(&mut self, board: &Board) {
        let t = &self.template;
        let (mut blocked, mut walls) = (CellSet::EMPTY, CellSet::EMPTY);
        for (i, cell) in board.blocked_cells() {
            blocked.insert(i);
            if cell == Cell::Wall {
                walls.insert(i);
            }
        }
        let changed = blocked
            .difference(&self.blocked)
            .union(&self.blocked.difference(&blocked))
            .union(&walls.difference(&self.walls))
            .union(&self.walls.difference(&walls));
        (self.blocked, self.walls) = (blocked, walls);
        let g = &mut self.graph;
        g.free = t.empty.free.difference(&blocked);
        // At most 64 + 64 + 2 · 127 lines.
        let mut touched = [0u64; 8];
        for i in changed.iter() {
            // A cell that turns free gets its sight on all four of its lines below.
            if blocked.contains(i) {
                g.attacks[i] = CellSet::EMPTY;
            }
            for &l in &t.through[i] {
                touched[l as usize / 64] |= 1u64 << (l % 64);
            }
        }
        g.rows.clear();
        g.cols_segs.clear();
        let is_touched = |l: usize| touched[l / 64] & 1u64 << (l % 64) != 0;
        // The rows and columns, in order (the numbering of row segments): a line through a
        // changed cell is cut, one with walls or holes that did not change is only split, and
        // one with neither is one segment, the empty board's.
        let straight = t.rows + t.cols;
        for (l, (line, mask)) in t.lines.iter().zip(&t.masks).enumerate().take(straight) {
            let list = match line.family {
                Family::Row => &mut g.rows,
                _ => &mut g.cols_segs,
            };
            if is_touched(l) {
                cut(&mut g.attacks, mask, &g.free, &walls, |s| list.push(s));
            } else if mask.intersects(&blocked) {
                segments(mask, &g.free, &walls, |s| list.push(s));
            } else {
                list.push(*mask);
            }
        }
        // Of the diagonals, only those through a changed cell are cut again: the bits of
        // `touched` from `straight` on.
        let low = |n: usize| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        for (w, &bits) in touched.iter().enumerate() {
            let mut bits = bits & !low(straight.saturating_sub(64 * w));
            while bits != 0 {
                let l = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                cut(&mut g.attacks, &t.masks[l], &g.free, &walls, |_| {});
            }
        }
    }
}

/// The segments of the line whose cells are `mask` (its free cells between two walls), to
/// `each` in order along it. Every line runs rightward or downward, so its cells in order
/// along it are in ascending order of index, and a segment is the free cells of the line
/// before a wall that come after the wall before.
#[inline(always)]
fn segments<const W: usize>(
    mask: &CellSet<W>,
    free: &CellSet<W>,
    walls: &CellSet<W>,
    mut each: impl FnMut(CellSet<W>),
) {
    let mut rest = mask.intersection(free);
    for wall in mask.intersection(walls).iter() {
        let segment = rest.intersection(&CellSet::before(wall));
        if !segment.is_empty() {
            rest = rest.difference(&segment);
            each(segment);
        }
    }
    if !rest.is_empty() {
        each(rest);
    }
}

/// Cuts the line whose cells are `mask` at `walls`: each of its segments becomes each of its
/// cells' sight along the line (two lines meet in one cell at most, so a cell's bits on this
/// line are its sight along this line alone), and goes to `each`.
#[inline(always)]
fn cut<const W: usize>(
    attacks: &mut [CellSet<W>],
    mask: &CellSet<W>,
    free: &CellSet<W>,
    walls: &CellSet<W>,
    mut each: impl FnMut(CellSet<W>),
) {
    segments(mask, free, walls, |segment| {
        for j in segment.iter() {
            let mut a = attacks[j].difference(mask).union(&segment);
            a.remove(j);
            attacks[j] = a;
        }
        each(segment);
    });
}

/// One board shape: its lines, each line's cells, the lines through each cell, and the
/// empty board's graph, from which a board's graph redoes only the lines through its walls
/// and holes.
struct Template<const W: usize> {
    rows: usize,
    cols: usize,
    lines: Vec<Line>,
    /// The cells of each line.
    masks: Vec<CellSet<W>>,
    /// The four lines through each cell.
    through: Vec<[u16; 4]>,
    empty: AttackGraph<W>,
}

impl<const W: usize> Template<W> {
    fn new(rows: usize, cols: usize) -> Template<W> {
        let lines: Vec<Line> = lines(rows, cols).collect();
        let mut through = vec![[0u16; 4]; rows * cols];
        let mut seen = vec![0usize; rows * cols];
        let masks = lines
            .iter()
            .enumerate()
            .map(|(l, line)| {
                CellSet::of((0..line.len).map(|k| {
                    let i = line.first + k * line.step;
                    through[i][seen[i]] = l as u16;
                    seen[i] += 1;
                    i
                }))
            })
            .collect();
        let mut t = Template {
            rows,
            cols,
            lines,
            masks,
            through,
            empty: AttackGraph {
                cols,
                free: CellSet::EMPTY,
                attacks: Vec::new(),
                rows: Vec::new(),
                cols_segs: Vec::new(),
            },
        };
        let board = Board::new(rows, cols).expect("a shape of a board");
        t.empty = AttackGraph::walked(&board, &t);
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sight::seen_from;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        /// Walls and holes at random: the line walk gives each free cell what the checker's walk
        /// from that cell sees, and the rows and columns cut at walls.
        #[test]
        fn attacks_are_what_each_cell_sees(rows in 1usize..9, cols in 1usize..9, cells in proptest::collection::vec(0u8..6, 64)) {
            let b = crate::codes::board_from_codes(rows, cols, &cells);
            let g = AttackGraph::<1>::new(&b);
            let free = |(r, c): (usize, usize)| b.cell((r, c)) == Cell::Free;
            for (r, c) in b.coords() {
                let want = if free((r, c)) {
                    CellSet::of(seen_from(&b, (r, c)).filter(|&p| free(p)).map(|(r, c)| r * cols + c))
                } else {
                    CellSet::EMPTY
                };
                prop_assert_eq!(g.attacks[r * cols + c], want, "cell {},{} of {:?}", r, c, b);
            }
            for (segments, along_rows) in [(&g.rows, true), (&g.cols_segs, false)] {
                // Every free cell in exactly one segment; a segment's cells on one line, no wall between.
                let all = segments.iter().fold(CellSet::EMPTY, |a, s| a.union(s));
                prop_assert_eq!(all, g.free);
                prop_assert_eq!(segments.iter().map(|s| s.len()).sum::<usize>(), g.free.len());
                for s in segments.iter() {
                    let (first, last) = (s.first().unwrap(), s.last().unwrap());
                    let line = |i: usize| if along_rows { i / cols } else { i % cols };
                    prop_assert_eq!(line(first), line(last));
                    let step = if along_rows { 1 } else { cols };
                    prop_assert!((first..=last).step_by(step).all(|i| b.cell((i / cols, i % cols)) != Cell::Wall));
                }
            }
        }

        /// Boards one after another in one room, each with a few walls and holes (so that most
        /// lines keep their segments) or many: each graph, built from the one before, is the
        /// graph of walking every line.
        #[test]
        fn each_graph_redoes_what_changed_since_the_last(rows in 1usize..10, cols in 1usize..10,
                                                         boards in proptest::collection::vec((proptest::collection::vec(0u8..40, 81), 0u8..2), 1..6)) {
            let mut room = Room::<2>::new(rows, cols);
            for (cells, many) in boards {
                // Codes 0 and 1 are a wall and a hole: rare among 40, one cell in three among 6.
                let cells: Vec<u8> = cells.iter().map(|&c| if many == 1 { c % 6 } else { c }).collect();
                let b = crate::codes::board_from_codes(rows, cols, &cells);
                room.fill(&b);
                prop_assert_eq!(&room.graph, &AttackGraph::walked(&b, &room.template));
            }
        }
    }
}
