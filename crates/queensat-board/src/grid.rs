//! The board itself: an `rows × cols` grid of free cells, walls and holes, its size limits
//! and its JSON form.

use serde::{Deserialize, Serialize};

/// The largest side the SAT path accepts.
pub const MAX_SIDE: usize = 64;

/// A cell coordinate `(row, col)`, 0-based, row 0 at the top.
pub type Coord = (usize, usize);

/// What a square of the board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cell {
    /// May hold a queen.
    Free,
    /// Holds no queen and blocks every line of attack through it.
    Wall,
    /// Holds no queen but does not block (a forbidden square).
    Hole,
}

/// An error in a board description, with where it happened when known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{place}{message}")]
pub struct BoardError {
    /// `file:line:col: ` or empty.
    pub place: String,
    pub message: String,
}

impl BoardError {
    pub fn new(message: impl Into<String>) -> Self {
        BoardError {
            place: String::new(),
            message: message.into(),
        }
    }
    pub fn at(line: usize, col: usize, message: impl Into<String>) -> Self {
        BoardError {
            place: format!("{line}:{col}: "),
            message: message.into(),
        }
    }
    /// Prefix the location with a file name.
    pub fn in_file(mut self, file: &str) -> Self {
        self.place = if self.place.is_empty() {
            format!("{file}: ")
        } else {
            format!("{file}:{}", self.place)
        };
        self
    }
}

/// A rectangular board of free cells, walls and holes.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    /// The cells that are not free: bit `i % 64` of word `i / 64` for cell `i` (kept by
    /// [`Board::set`], the one place a cell changes), so they are found without a scan.
    blocked: Vec<u64>,
}

impl Board {
    /// An empty board. Sides must lie in `1..=MAX_SIDE`.
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        for (name, side) in [("rows", rows), ("columns", cols)] {
            if side == 0 || side > MAX_SIDE {
                return Err(BoardError::new(format!(
                    "board {name}: a side is a whole number from 1 to {MAX_SIDE}, not {side}"
                )));
            }
        }
        Ok(Board {
            rows,
            cols,
            cells: vec![Cell::Free; rows * cols],
            blocked: vec![0; (rows * cols).div_ceil(64)],
        })
    }

    /// An empty square board.
    pub fn square(n: usize) -> Result<Board, BoardError> {
        Board::new(n, n)
    }

    /// A board with the given walls; duplicate or off-board walls are errors.
    pub fn with_walls(rows: usize, cols: usize, walls: &[Coord]) -> Result<Board, BoardError> {
        let mut b = Board::new(rows, cols)?;
        for &w in walls {
            b.place(w, Cell::Wall)?;
        }
        Ok(b)
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }
    pub fn n_cells(&self) -> usize {
        self.cells.len()
    }
    pub fn contains(&self, (r, c): Coord) -> bool {
        r < self.rows && c < self.cols
    }
    pub fn index(&self, (r, c): Coord) -> usize {
        debug_assert!(self.contains((r, c)));
        r * self.cols + c
    }
    pub fn coord(&self, index: usize) -> Coord {
        (index / self.cols, index % self.cols)
    }
    pub fn cell(&self, at: Coord) -> Cell {
        self.cells[self.index(at)]
    }
    /// Sets a cell regardless of what it held.
    pub fn set(&mut self, at: Coord, cell: Cell) {
        let i = self.index(at);
        self.cells[i] = cell;
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        if cell == Cell::Free {
            self.blocked[word] &= !bit;
        } else {
            self.blocked[word] |= bit;
        }
    }
    /// Turns a free cell into a wall or hole; errors name the cell if it is off the board or
    /// already taken.
    pub fn place(&mut self, at: Coord, cell: Cell) -> Result<(), BoardError> {
        if !self.contains(at) {
            return Err(BoardError::new(format!(
                "cell {},{} is off the {}x{} board",
                at.0, at.1, self.rows, self.cols
            )));
        }
        let old = self.cell(at);
        if old != Cell::Free {
            return Err(BoardError::new(format!(
                "cell {},{} is given twice (already a {})",
                at.0,
                at.1,
                old.name()
            )));
        }
        self.set(at, cell);
        Ok(())
    }
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
    /// The cells that are not free (walls and holes) with their row-major index, in order.
    pub fn blocked_cells(&self) -> impl Iterator<Item = (usize, Cell)> + '_ {
        self.blocked.iter().enumerate().flat_map(move |(w, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                let i = 64 * w + (bits != 0).then(|| bits.trailing_zeros() as usize)?;
                bits &= bits - 1;
                Some((i, self.cells[i]))
            })
        })
    }
    /// All coordinates in row-major order.
    pub fn coords(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| (r, c)))
    }
    /// Coordinates of cells of one kind, row-major.
    pub fn cells_of(&self, kind: Cell) -> Vec<Coord> {
        self.coords().filter(|&p| self.cell(p) == kind).collect()
    }
    pub fn walls(&self) -> Vec<Coord> {
        self.cells_of(Cell::Wall)
    }
    pub fn holes(&self) -> Vec<Coord> {
        self.cells_of(Cell::Hole)
    }
    /// Cells that may hold a queen.
    pub fn free_cells(&self) -> Vec<Coord> {
        self.cells_of(Cell::Free)
    }
    pub fn n_walls(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::Wall).count()
    }
}

impl Cell {
    pub fn name(self) -> &'static str {
        match self {
            Cell::Free => "free cell",
            Cell::Wall => "wall",
            Cell::Hole => "hole",
        }
    }
}

/// The JSON shape of a board: sizes and the lists of walls and holes.
#[derive(Serialize, Deserialize)]
struct BoardJson {
    rows: usize,
    cols: usize,
    #[serde(default)]
    walls: Vec<Coord>,
    #[serde(default)]
    holes: Vec<Coord>,
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        BoardJson {
            rows: self.rows,
            cols: self.cols,
            walls: self.walls(),
            holes: self.holes(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let j = BoardJson::deserialize(d)?;
        let mut b = Board::with_walls(j.rows, j.cols, &j.walls).map_err(serde::de::Error::custom)?;
        for h in j.holes {
            b.place(h, Cell::Hole).map_err(serde::de::Error::custom)?;
        }
        Ok(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert!(Board::new(0, 3).is_err());
        assert!(Board::new(65, 3).is_err());
        assert!(Board::new(64, 1).is_ok());
    }

    #[test]
    fn blocked_cells_are_the_walls_and_holes_in_order() {
        for (rows, cols) in [(1, 1), (3, 3), (8, 8), (5, 9), (9, 9)] {
            let mut b = Board::new(rows, cols).unwrap();
            assert_eq!(b.blocked_cells().count(), 0);
            let n = rows * cols;
            let mut want = Vec::new();
            for i in [0, 7, 8, n / 2, n - 1].into_iter().filter(|&i| i < n) {
                let kind = if i % 2 == 0 { Cell::Wall } else { Cell::Hole };
                if b.cells()[i] == Cell::Free {
                    b.set(b.coord(i), kind);
                    want.push((i, kind));
                }
            }
            want.sort_unstable();
            assert_eq!(b.blocked_cells().collect::<Vec<_>>(), want, "{rows}x{cols}");
            // A cell freed again, one turned from wall to hole: the list follows, and the board
            // equals one built with its cells.
            let (freed, turned) = (want.remove(0), want.pop());
            b.set(b.coord(freed.0), Cell::Free);
            if let Some((i, _)) = turned.filter(|&(i, _)| i != freed.0) {
                b.set(b.coord(i), Cell::Hole);
                want.push((i, Cell::Hole));
            }
            assert_eq!(b.blocked_cells().collect::<Vec<_>>(), want, "{rows}x{cols}");
            let mut fresh = Board::new(rows, cols).unwrap();
            for &(i, kind) in &want {
                fresh.set(fresh.coord(i), kind);
            }
            assert!(b == fresh, "{rows}x{cols}");
        }
    }

    #[test]
    fn walls_off_board_or_twice_are_errors() {
        let e = Board::with_walls(8, 8, &[(8, 0)]).unwrap_err();
        assert!(e.to_string().contains("off the 8x8 board"), "{e}");
        let e = Board::with_walls(8, 8, &[(1, 1), (1, 1)]).unwrap_err();
        assert!(e.to_string().contains("given twice"), "{e}");
    }

    #[test]
    fn json_round_trip() {
        let mut b = Board::with_walls(5, 7, &[(1, 3), (4, 6)]).unwrap();
        b.place((0, 0), Cell::Hole).unwrap();
        let s = serde_json::to_string(&b).unwrap();
        assert_eq!(s, r#"{"rows":5,"cols":7,"walls":[[1,3],[4,6]],"holes":[[0,0]]}"#);
        let back: Board = serde_json::from_str(&s).unwrap();
        assert_eq!(back, b);
    }
}
