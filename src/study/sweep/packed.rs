//! A chunk's rows as a sweep keeps them in memory until it assembles its database.
//!
//! A run that assembles keeps every chunk it computes (so that it need not read them back), and
//! a [`ClassRow`] holds its walls and queens in two vectors of 16-byte cells: about 350 bytes a
//! row, 340 MB for the 954,226 classes of 8×8 with 5 walls, whose first touch cost the process
//! a second of system time. Packed, a row is one small record and two bytes a cell.

use crate::board::{Coord, MAX_SIDE, Placement};
use crate::io::{ClassRow, RowCell, RowView};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;

/// The rows of a chunk: those this run computed, packed; or those read back from a chunk file,
/// exactly as read (their checks see what the file says).
#[derive(Clone, Debug)]
pub(super) enum ChunkRows {
    Packed(PackedRows),
    Read(Vec<ClassRow>),
}

impl ChunkRows {
    pub fn len(&self) -> usize {
        match self {
            ChunkRows::Packed(p) => p.len(),
            ChunkRows::Read(rows) => rows.len(),
        }
    }

    /// The rows, unpacked (for a while: a chunk's worth at a time).
    pub fn rows(&self) -> Cow<'_, [ClassRow]> {
        match self {
            ChunkRows::Packed(p) => Cow::Owned(p.unpack()),
            ChunkRows::Read(rows) => Cow::Borrowed(rows),
        }
    }

    /// The rows packed: those computed as they are, those read packed now (every cell of a
    /// board fits a byte, and the order of each list is kept, so they write as read).
    pub fn packed(&self) -> Cow<'_, PackedRows> {
        match self {
            ChunkRows::Packed(p) => Cow::Borrowed(p),
            ChunkRows::Read(rows) => Cow::Owned(PackedRows::of(rows)),
        }
    }
}

/// As the list of rows, the chunk file's layout.
impl Serialize for ChunkRows {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.rows().serialize(s)
    }
}

impl<'de> Deserialize<'de> for ChunkRows {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<ClassRow>::deserialize(d).map(ChunkRows::Read)
    }
}

/// Rows computed by this run. Their placements are canonical (every [`Placement`] but one read
/// from a file is built sorted), so unpacking gives back the same rows.
#[derive(Clone, Debug, Default)]
pub(super) struct PackedRows {
    /// Each row's walls and then its queens, as `[row, column]`.
    cells: Vec<[u8; 2]>,
    rows: Vec<Packed>,
}

#[derive(Clone, Debug)]
struct Packed {
    /// One past the row's last cell in `cells` (its first is the previous row's end).
    end: usize,
    walls: usize,
    value: usize,
    orbit: usize,
    optimal: Option<u64>,
}

// A coordinate is below a side, at most `MAX_SIDE`: it fits a byte.
const _: () = assert!(MAX_SIDE <= 256);

impl PackedRows {
    pub fn of(rows: &[ClassRow]) -> PackedRows {
        let cells = rows.iter().map(|r| r.walls.len() + r.queens.len()).sum();
        let mut packed = PackedRows {
            cells: Vec::with_capacity(cells),
            rows: Vec::with_capacity(rows.len()),
        };
        for r in rows {
            packed.push(
                r.walls.iter().copied(),
                r.value,
                r.queens.queens(),
                r.orbit,
                r.optimal,
            );
        }
        packed
    }

    /// Room for `rows` rows of about 16 cells.
    pub fn with_capacity(rows: usize) -> PackedRows {
        PackedRows {
            cells: Vec::with_capacity(16 * rows),
            rows: Vec::with_capacity(rows),
        }
    }

    /// One row more: its walls (in order), value, queens, orbit and count of optima.
    pub fn push(
        &mut self,
        walls: impl IntoIterator<Item = Coord>,
        value: usize,
        queens: &[Coord],
        orbit: usize,
        optimal: Option<u64>,
    ) {
        let byte = |x: usize| u8::try_from(x).expect("a coordinate is below a side, at most MAX_SIDE");
        let start = self.cells.len();
        self.cells
            .extend(walls.into_iter().map(|(row, col)| [byte(row), byte(col)]));
        let walls = self.cells.len() - start;
        self.cells
            .extend(queens.iter().map(|&(row, col)| [byte(row), byte(col)]));
        self.rows.push(Packed {
            end: self.cells.len(),
            walls,
            value,
            orbit,
            optimal,
        });
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// `f` on each row in turn, its cells borrowed as bytes.
    pub fn for_each(&self, mut f: impl FnMut(&RowView<'_, [u8; 2]>)) {
        let mut start = 0;
        for p in &self.rows {
            let (walls, queens) = self.cells[start..p.end].split_at(p.walls);
            start = p.end;
            f(&RowView {
                walls,
                value: p.value,
                queens,
                orbit: p.orbit,
                optimal: p.optimal,
            });
        }
    }

    /// The rows, each its own [`ClassRow`].
    pub fn unpack(&self) -> Vec<ClassRow> {
        let mut rows = Vec::with_capacity(self.len());
        let coords = |cells: &[[u8; 2]]| -> Vec<Coord> { cells.iter().map(|&x| x.coord()).collect() };
        self.for_each(|r| {
            rows.push(ClassRow {
                walls: coords(r.walls),
                value: r.value,
                queens: Placement::new(coords(r.queens)),
                orbit: r.orbit,
                optimal: r.optimal,
            })
        });
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_rows_unpack_to_themselves() {
        let rows = vec![
            ClassRow {
                walls: vec![(0, 1), (63, 63)],
                value: 2,
                queens: Placement::new(vec![(0, 0), (5, 7)]),
                orbit: 8,
                optimal: Some(3),
            },
            ClassRow {
                walls: vec![],
                value: 0,
                queens: Placement::default(),
                orbit: 1,
                optimal: None,
            },
            ClassRow {
                walls: vec![(2, 2)],
                value: 1,
                queens: Placement::new(vec![(1, 1)]),
                orbit: 4,
                optimal: None,
            },
        ];
        let packed = ChunkRows::Packed(PackedRows::of(&rows));
        assert_eq!(packed.len(), 3);
        assert_eq!(packed.rows(), rows);
        // Read rows pack to the same rows.
        assert_eq!(ChunkRows::Read(rows.clone()).packed().unpack(), rows);
        let read = ChunkRows::Read(rows.clone());
        assert_eq!(
            serde_json::to_string(&packed).unwrap(),
            serde_json::to_string(&read).unwrap()
        );
        let back: ChunkRows = serde_json::from_str(&serde_json::to_string(&rows).unwrap()).unwrap();
        assert!(matches!(back, ChunkRows::Read(r) if r == rows));
    }
}
