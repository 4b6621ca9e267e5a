//! The attack state of the rows above and the row step that extends it, shared by both counters.

/// What the rows above leave for the rest of the board: queens' lines still open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RowState {
    /// The next row to fill.
    pub row: usize,
    /// Columns whose current segment already holds a queen.
    pub cols: u64,
    /// Cells of the next row that a queen above sees along a down-right diagonal.
    pub down_right: u64,
    /// Cells of the next row that a queen above sees along a down-left diagonal.
    pub down_left: u64,
    /// Walls still to place (N+k counting; 0 for a fixed board).
    pub walls_left: usize,
}

impl RowState {
    pub(super) fn start(walls: usize) -> RowState {
        RowState {
            row: 0,
            cols: 0,
            down_right: 0,
            down_left: 0,
            walls_left: walls,
        }
    }

    /// The state below a row holding `queens` and `walls` (column bit masks) on `full`.
    pub(super) fn next(&self, queens: u64, walls: u64, full: u64, walls_used: usize) -> RowState {
        RowState {
            row: self.row + 1,
            cols: (self.cols | queens) & !walls,
            down_right: (((self.down_right | queens) & !walls) << 1) & full,
            down_left: ((self.down_left | queens) & !walls) >> 1,
            walls_left: self.walls_left - walls_used,
        }
    }

    /// Free of attack from above in this row.
    pub(super) fn open(&self, full: u64) -> u64 {
        full & !(self.cols | self.down_right | self.down_left)
    }
}
