//! A sweep's proved rows of one wall count on 8 × 8, as what is known of every board a
//! published summary is about.

use crate::board::{Board, Coord};
use crate::io::ClassRow;
use crate::study::summary_claims::KnownBoards;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The rows of `walls` walls, each a class (canonical walls, orbit and value), and the boards
/// per value they make.
pub(super) struct SweptBoards<'a> {
    walls: usize,
    rows: &'a [ClassRow],
    /// Each class's value, by its canonical walls.
    values: HashMap<&'a [Coord], usize>,
    distribution: BTreeMap<usize, u64>,
}

impl<'a> SweptBoards<'a> {
    pub(super) fn new(walls: usize, rows: &'a [ClassRow]) -> Self {
        let mut distribution: BTreeMap<usize, u64> = BTreeMap::new();
        for r in rows {
            *distribution.entry(r.value).or_default() += r.orbit as u64;
        }
        SweptBoards {
            walls,
            rows,
            values: rows.iter().map(|r| (r.walls.as_slice(), r.value)).collect(),
            distribution,
        }
    }
}

impl KnownBoards for SweptBoards<'_> {
    fn side(&self) -> usize {
        8
    }

    fn walls(&self) -> usize {
        self.walls
    }

    fn distribution(&self) -> &BTreeMap<usize, u64> {
        &self.distribution
    }

    /// The value of the board's class, read from its row: nothing is solved here.
    fn value_of(&mut self, walls: &[Coord]) -> anyhow::Result<Result<usize, String>> {
        let board = match Board::with_walls(8, 8, walls) {
            Ok(b) => b,
            Err(e) => return Ok(Err(format!("{e:#}"))),
        };
        let class = board.canonical().0.walls();
        Ok(self
            .values
            .get(class.as_slice())
            .copied()
            .ok_or_else(|| format!("not a {}-wall board of our sweep", self.walls)))
    }

    fn boards_of_value(&self, v: usize) -> BTreeSet<Board> {
        let classes = self.rows.iter().filter(|r| r.value == v);
        let boards = classes.filter_map(|r| Board::with_walls(8, 8, &r.walls).ok());
        boards
            .flat_map(|class| class.group().iter().map(|&s| class.image(s)).collect::<Vec<_>>())
            .collect()
    }
}
