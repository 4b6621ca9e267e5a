//! A board as a user gives it, checked once into a [`BoardSpec`]: a board file (an ASCII grid
//! or a JSON board, README "Board formats"), a CSPLib blocked n-queens instance
//! ([`parse_blocked_queens`]) or an empty shape, and then the walls, 64-bit walls and holes
//! listed on top of it.

use super::bits64::from_bits64;
use super::csplib::parse_blocked_queens;
use super::input_file::{input_name, read_input_up_to};
use super::json_board::json_board;
use crate::board::{Board, Cell, Coord, Placement, parse_cell_list, parse_grid};
use crate::check::check_placement;
use anyhow::{Context, bail};
use std::path::Path;

/// Where a board comes from; a file's `name` is how errors name it.
pub enum BoardSource {
    /// A board file's text: a JSON board (it opens with `{`, which no grid does) or a grid.
    File { text: String, name: String },
    /// A CSPLib blocked n-queens instance's text.
    Csplib { text: String, name: String },
    /// An empty board of `(rows, cols)`.
    Shape(usize, usize),
}

/// Cells listed on top of a board: walls as "r,c ...", walls as a 64-bit number in the
/// published layout (decimal or 0x-hex), holes as "r,c ..." or `diagonals`.
#[derive(Default)]
pub struct CellLists<'a> {
    pub walls: Option<&'a str>,
    pub bits: Option<&'a str>,
    pub holes: Option<&'a str>,
}

/// A board given and checked. Invariant: every queen of `shown` stands on a free cell.
#[derive(Debug)]
pub struct BoardSpec {
    pub board: Board,
    /// The queens a grid file showed (empty otherwise).
    pub shown: Placement,
    /// The queens a CSPLib instance asks for.
    pub wanted: Option<usize>,
    /// The grid file's name, which errors about its queens name (`-`: `<stdin>`).
    pub grid: Option<String>,
}

/// Where a board is given on the command line: a board file, a CSPLib instance or a shape,
/// and the cells listed on top.
pub struct BoardRequest<'a> {
    pub file: Option<&'a Path>,
    pub csplib: Option<&'a Path>,
    /// The shape given (`--size` or `--rows --cols`), if any: an error for several.
    pub shape: Option<anyhow::Result<(usize, usize)>>,
    pub cells: CellLists<'a>,
}

/// The most bytes a board or instance file is read for: a 64x64 board, listed cell by cell
/// in pretty-printed JSON with walls and holes, is well under a megabyte.
pub const BOARD_FILE_MOST: u64 = 16 << 20;

impl BoardSpec {
    /// The board `r` asks for, its files read (`-` for stdin; at most `BOARD_FILE_MOST`
    /// bytes), checked once.
    pub fn load(r: BoardRequest) -> anyhow::Result<BoardSpec> {
        const ONE_SOURCE: &str = "give either --csplib FILE or a board, not both";
        let source = match (r.file, r.csplib, r.shape) {
            (Some(_), Some(_), _) => bail!(ONE_SOURCE),
            (None, Some(_), Some(_)) => bail!(ONE_SOURCE),
            (None, Some(_), None) if r.cells.bits.is_some() => bail!(ONE_SOURCE),
            (Some(_), None, Some(_)) => bail!("give a board file or --size/--rows/--cols, not both"),
            (None, Some(path), None) => BoardSource::Csplib {
                text: read_input_up_to(path, "instance file", BOARD_FILE_MOST)?,
                name: path.display().to_string(),
            },
            (Some(path), None, None) => BoardSource::File {
                text: read_input_up_to(path, "board file", BOARD_FILE_MOST)?,
                name: input_name(path),
            },
            (None, None, Some(shape)) => {
                let (rows, cols) = shape?;
                BoardSource::Shape(rows, cols)
            }
            // The published 64-bit layout is the 8x8 board's.
            (None, None, None) if r.cells.bits.is_some() => BoardSource::Shape(8, 8),
            (None, None, None) => bail!("no board given: pass a grid file, --size N, or --rows R --cols C"),
        };
        BoardSpec::new(source, &r.cells)
    }

    /// The board of `source` with `cells` placed on it; an error names the file or the flag.
    pub fn new(source: BoardSource, cells: &CellLists) -> anyhow::Result<BoardSpec> {
        let mut grid = None;
        let (mut board, shown, wanted) = match source {
            BoardSource::File { text, name } if text.trim_start().starts_with('{') => {
                let (board, _) =
                    json_board(&text, &[]).with_context(|| format!("{name}: not a JSON board"))?;
                (board, Placement::default(), None)
            }
            BoardSource::File { text, name } => {
                let g = parse_grid(&text).map_err(|e| e.in_file(&name))?;
                grid = Some(name);
                (g.board, g.queens, None)
            }
            BoardSource::Csplib { text, name } => {
                let inst = parse_blocked_queens(&text).map_err(|e| e.in_file(&name))?;
                (inst.board, Placement::default(), Some(inst.queens))
            }
            BoardSource::Shape(r, c) => (Board::new(r, c)?, Placement::default(), None),
        };
        cells.place(&mut board)?;
        if let Some(&q) = shown.queens().iter().find(|&&q| board.cell(q) != Cell::Free) {
            bail!(
                "{}: the grid's queen at {},{} stands on a {}",
                grid.as_deref().unwrap_or("the board"),
                q.0,
                q.1,
                board.cell(q).name()
            );
        }
        Ok(BoardSpec {
            board,
            shown,
            wanted,
            grid,
        })
    }

    /// Refuses a grid whose queens (`Q`) attack each other: the commands that answer a
    /// question about the board leave the grid's queens aside, but not unchecked. (`render`,
    /// which draws them, warns instead.)
    pub fn queens_checked(self) -> anyhow::Result<BoardSpec> {
        if let Err(v) = check_placement(&self.board, &self.shown) {
            let name = self.grid.as_deref().unwrap_or("the board");
            bail!("{name}: the grid's queens (Q) are not a legal placement: {v}");
        }
        Ok(self)
    }
}

impl CellLists<'_> {
    /// Puts the listed cells on `board`: walls, then the 64-bit walls, then holes.
    fn place(&self, board: &mut Board) -> anyhow::Result<()> {
        if let Some(w) = self.walls {
            for p in parse_cell_list(w).context("--walls")? {
                board.place(p, Cell::Wall).context("--walls")?;
            }
        }
        if let Some(bits) = self.bits {
            let n = parse_u64(bits).context("--bits")?;
            for p in from_bits64(n, board.rows(), board.cols()).context("--bits")? {
                board.place(p, Cell::Wall).context("--bits")?;
            }
        }
        if let Some(h) = self.holes {
            let cells = if h.trim() == "diagonals" {
                if !board.is_square() {
                    bail!("--holes diagonals needs a square board");
                }
                diagonals(board.rows())
            } else {
                parse_cell_list(h).context("--holes")?
            };
            for p in cells {
                board.place(p, Cell::Hole).context("--holes")?;
            }
        }
        Ok(())
    }
}

/// The queens of `--placement` ("r,c r,c ...") on `board`: each on the board, none twice.
pub fn parse_placement(board: &Board, list: &str) -> anyhow::Result<Placement> {
    let queens = parse_cell_list(list).context("--placement")?;
    if let Some(q) = queens.iter().find(|&&q| !board.contains(q)) {
        bail!(
            "--placement: queen {},{} is off the {}x{} board",
            q.0,
            q.1,
            board.rows(),
            board.cols()
        );
    }
    Placement::from_list(queens).context("--placement")
}

/// Parses a u64 given in decimal or with a 0x prefix.
pub fn parse_u64(s: &str) -> anyhow::Result<u64> {
    let t = s.trim();
    let r = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => t.replace('_', "").parse(),
    };
    r.map_err(|_| anyhow::anyhow!("{s:?} is not a 64-bit number (decimal or 0x-hex)"))
}

/// Both main diagonals of an `n × n` board.
fn diagonals(n: usize) -> Vec<Coord> {
    let mut v: Vec<Coord> = (0..n)
        .map(|i| (i, i))
        .chain((0..n).map(|i| (i, n - 1 - i)))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> BoardSource {
        BoardSource::File {
            text: text.into(),
            name: "b.txt".into(),
        }
    }

    #[test]
    fn every_format_gives_its_board_and_the_lists_go_on_top() {
        let grid = BoardSpec::new(file("Q.\n.#\n"), &CellLists::default()).unwrap();
        assert_eq!((grid.board.rows(), grid.shown.len(), grid.wanted), (2, 1, None));
        let json = BoardSpec::new(
            file(r#"{"rows":3,"cols":4,"walls":[[1,1]]}"#),
            &CellLists::default(),
        )
        .unwrap();
        assert_eq!((json.board.cols(), json.board.cell((1, 1))), (4, Cell::Wall));
        let csplib = BoardSource::Csplib {
            text: "4 1 2".into(),
            name: "i.param".into(),
        };
        let holes = CellLists {
            holes: Some("diagonals"),
            ..CellLists::default()
        };
        let inst = BoardSpec::new(csplib, &holes).unwrap();
        assert_eq!((inst.wanted, inst.board.cell((0, 3))), (Some(4), Cell::Hole));
        let bits = CellLists {
            bits: Some("0x8000000000000000"),
            ..CellLists::default()
        };
        let b = BoardSpec::new(BoardSource::Shape(8, 8), &bits).unwrap();
        assert_eq!(b.board.cell((0, 0)), Cell::Wall);
        assert_eq!(parse_u64("1_000").unwrap(), 1000);
    }

    #[test]
    fn a_shown_queen_must_stand_on_a_free_cell() {
        let walls = CellLists {
            walls: Some("0,0"),
            ..CellLists::default()
        };
        let e = BoardSpec::new(file("Q.\n..\n"), &walls).unwrap_err();
        assert!(e.to_string().contains("stands on a wall"), "{e}");
        let e = BoardSpec::new(file("{\"rows\":"), &CellLists::default()).unwrap_err();
        assert!(e.to_string().starts_with("b.txt: not a JSON board"), "{e}");
    }

    #[test]
    fn a_json_board_has_no_field_it_does_not_read() {
        let e = BoardSpec::new(
            file(r#"{"rows":8,"cols":8,"wall":[[1,3]]}"#),
            &CellLists::default(),
        )
        .unwrap_err();
        assert!(format!("{e:#}").contains("unknown field \"wall\""), "{e:#}");
        let b = BoardSpec::new(
            file(r#"{"rows":8,"cols":8,"walls":[[1,3]],"holes":[]}"#),
            &CellLists::default(),
        );
        assert_eq!(b.unwrap().board.walls(), vec![(1, 3)]);
    }
}
