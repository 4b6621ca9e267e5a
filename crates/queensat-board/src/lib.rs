//! Board geometry: cells, walls, holes, line segments, symmetries and formats.
//!
//! A board is an `rows × cols` grid. Every cell is [`Cell::Free`] (may hold a queen),
//! [`Cell::Wall`] (holds no queen and blocks lines of attack) or [`Cell::Hole`] (holds no
//! queen but does not block). Row 0 is the top row, column 0 the left column.

mod armies;
mod cellset;
mod classes;
mod grid;
mod placement;
mod segment;
mod symmetry;
mod text;
mod walls;

pub use armies::Armies;
pub use cellset::{CellSet, Cells, WIDTHS, width_for};
pub use classes::{WallClasses, binomial};
pub use grid::{Board, BoardError, Cell, Coord, MAX_SIDE};
pub use placement::Placement;
pub use segment::{Family, Segment};
pub use symmetry::Symmetry;
pub use text::{ParsedGrid, parse_grid, render_grid, text_lines};
pub use walls::{parse_cell_list, render_cell_list};
