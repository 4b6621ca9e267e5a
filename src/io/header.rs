//! The comment header that makes an exported file self-describing: the question, the board,
//! the encoding, and what each variable means.
//!
//! Every line starts with the format's comment marker (`c` DIMACS/WCNF, `*` OPB, `\` LP).
//! Two lines are machine-read back by [`read_header`]: `board {json}` and
//! `map VAR queen R,C` (VAR is the 1-based DIMACS variable, or the OPB/LP name).

use crate::board::{Board, Coord, render_grid};
use crate::encode::{VarMap, VarRole};
use anyhow::Context;

/// What a header says.
#[derive(Clone, Debug)]
pub struct ExportHeader {
    /// One line: the question the file asks, with its expected reading of SAT/UNSAT.
    pub question: String,
    pub board: Board,
    /// One line: the encoding.
    pub encoding: String,
    /// `(variable name, meaning)` in variable order.
    pub map: Vec<(String, String)>,
}

impl ExportHeader {
    /// The header lines, each prefixed with `marker` and a space.
    pub fn render(&self, marker: &str) -> String {
        let mut s = String::new();
        let mut line = |t: &str| {
            s.push_str(marker);
            if !t.is_empty() {
                s.push(' ');
                s.push_str(t);
            }
            s.push('\n');
        };
        line(&format!("queensat {}", env!("CARGO_PKG_VERSION")));
        line(&format!("question: {}", self.question));
        line(&format!(
            "board {}",
            serde_json::to_string(&self.board).expect("a board serialises")
        ));
        for row in render_grid(&self.board, None).lines() {
            line(&format!("  {row}"));
        }
        line(&format!("encoding: {}", self.encoding));
        line(
            "map (variable, meaning; queen r,c = a queen stands on row r, column c, 0-based; wall r,c = that cell is a wall):",
        );
        for (var, meaning) in &self.map {
            line(&format!("map {var} {meaning}"));
        }
        s
    }
}

/// The variable map of a model as header lines, 1-based DIMACS numbers; runs of auxiliary
/// variables of one owner are folded into a range.
pub fn dimacs_map(vars: &VarMap) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut run: Option<(usize, usize, String)> = None;
    let flush = |run: &mut Option<(usize, usize, String)>, out: &mut Vec<(String, String)>| {
        if let Some((a, b, m)) = run.take() {
            let name = if a == b { a.to_string() } else { format!("{a}-{b}") };
            out.push((name, m));
        }
    };
    for (v, role) in vars.iter() {
        let n = v.idx() + 1;
        let meaning = role.to_string();
        if let VarRole::Aux(_) = role {
            match &mut run {
                Some((_, b, m)) if *m == meaning && *b + 1 == n => *b = n,
                _ => {
                    flush(&mut run, &mut out);
                    run = Some((n, n, meaning));
                }
            }
        } else {
            flush(&mut run, &mut out);
            out.push((n.to_string(), meaning));
        }
    }
    flush(&mut run, &mut out);
    out
}

/// What [`read_header`] recovers from a file's comments.
#[derive(Clone, Debug)]
pub struct ReadHeader {
    pub board: Board,
    /// `(variable number, cell)` for every queen variable.
    pub queens: Vec<(u32, Coord)>,
    /// `(variable number, cell)` for every wall variable (least-walls questions, where the
    /// walls are unknowns; empty for a fixed board).
    pub walls: Vec<(u32, Coord)>,
    /// The `question:` line, if any.
    pub question: Option<String>,
}

/// What a header's question claims a model of its clauses gives: at least so many queens, at
/// most so many walls (`None`: it does not say, in words [`ReadHeader::claims`] reads).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuestionClaims {
    pub at_least_queens: Option<usize>,
    pub at_most_walls: Option<usize>,
}

impl ReadHeader {
    /// The numbers the question states: `at least K ... queens` and `at most W walls`.
    pub fn claims(&self) -> QuestionClaims {
        let mut c = QuestionClaims::default();
        let Some(q) = &self.question else { return c };
        let words: Vec<&str> = q.split_whitespace().collect();
        for (i, w) in words.windows(3).enumerate() {
            let Ok(n) = w[2].parse::<usize>() else { continue };
            let noun = |name: &str| words[i + 3..].iter().take(3).any(|x| x.starts_with(name));
            match (w[0], w[1]) {
                // "queen" and "wall" take the singular too: "at most 1 wall".
                ("at", "least") if noun("queen") && c.at_least_queens.is_none() => {
                    c.at_least_queens = Some(n)
                }
                ("at", "most") if noun("wall") && c.at_most_walls.is_none() => c.at_most_walls = Some(n),
                _ => {}
            }
        }
        c
    }

    /// Checks the map against the board and the formula's `n_vars` variables: every variable
    /// within the formula and named once, and the queen variables (with the wall variables, for
    /// a question whose walls are unknowns) on distinct cells that are exactly the board's free
    /// cells (every cell). So the model's queens are all the queens its clauses place.
    pub fn check_map(&self, n_vars: u32) -> anyhow::Result<()> {
        let cells = |kind: &str, list: &[(u32, Coord)], want: Vec<Coord>| -> anyhow::Result<()> {
            let mut vars: Vec<u32> = list.iter().map(|&(v, _)| v).collect();
            vars.sort_unstable();
            if let Some(&v) = vars.iter().find(|&&v| v == 0 || v > n_vars) {
                anyhow::bail!("the header maps {kind} variable {v}, the formula has {n_vars} variables");
            }
            let mut got: Vec<Coord> = list.iter().map(|&(_, p)| p).collect();
            got.sort_unstable();
            let mut want = want;
            want.sort_unstable();
            if vars.windows(2).any(|w| w[0] == w[1]) || got != want {
                anyhow::bail!("the header's {kind} variables are not one per cell of its board, each once");
            }
            Ok(())
        };
        if self.walls.is_empty() {
            cells("queen", &self.queens, self.board.free_cells())
        } else {
            // The walls are unknowns: a queen and a wall variable on every cell.
            cells("queen", &self.queens, self.board.coords().collect())?;
            cells("wall", &self.walls, self.board.coords().collect())
        }
    }
}

/// Reads the board and the queen variables from a queensat DIMACS/WCNF header; `None` when
/// the file has no queensat header.
pub fn read_header(text: &str) -> anyhow::Result<Option<ReadHeader>> {
    let mut board = None;
    let mut queens = Vec::new();
    let mut walls = Vec::new();
    let mut question = None;
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("c ") else {
            if line.starts_with('c') || line.trim().is_empty() {
                continue;
            }
            break; // comments come first
        };
        if let Some(q) = rest.strip_prefix("question: ") {
            question = Some(q.to_string());
        } else if let Some(json) = rest.strip_prefix("board ") {
            board =
                Some(serde_json::from_str::<Board>(json).with_context(|| format!("line {}: board", i + 1))?);
        } else if let Some(m) = rest.strip_prefix("map ") {
            let mut parts = m.splitn(3, ' ');
            let (var, kind, cell) = (parts.next(), parts.next(), parts.next());
            if kind == Some("queen") || kind == Some("wall") {
                let var: u32 = var
                    .and_then(|v| v.parse().ok())
                    .with_context(|| format!("line {}: bad variable in {m:?}", i + 1))?;
                let cell = crate::board::parse_cell_list(cell.unwrap_or(""))
                    .ok()
                    .filter(|c| c.len() == 1)
                    .with_context(|| format!("line {}: bad cell in {m:?}", i + 1))?;
                if kind == Some("queen") {
                    queens.push((var, cell[0]));
                } else {
                    walls.push((var, cell[0]));
                }
            }
        }
    }
    Ok(board.map(|board| ReadHeader {
        board,
        queens,
        walls,
        question,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trip() {
        let board = Board::with_walls(3, 3, &[(1, 1)]).unwrap();
        let mut vm = VarMap::new();
        vm.named(VarRole::Queen((0, 0)));
        vm.owner("ladder");
        use rustsat::instances::ManageVars as _;
        vm.new_var();
        vm.new_var();
        vm.named(VarRole::Queen((2, 2)));
        let map = dimacs_map(&vm);
        assert_eq!(map[1], ("2-3".to_string(), "aux ladder".to_string()));
        let h = ExportHeader {
            question: "q".into(),
            board: board.clone(),
            encoding: "e".into(),
            map,
        };
        let text = h.render("c") + "p cnf 4 0\n";
        let back = read_header(&text).unwrap().unwrap();
        assert_eq!(back.board, board);
        assert_eq!(back.queens, vec![(1, (0, 0)), (4, (2, 2))]);
        assert!(read_header("p cnf 1 1\n1 0\n").unwrap().is_none());
        assert_eq!(back.claims(), QuestionClaims::default());
    }

    #[test]
    fn questions_say_what_a_model_must_give() {
        let h = |q: &str| ReadHeader {
            board: Board::new(2, 2).unwrap(),
            queens: vec![],
            walls: vec![],
            question: Some(q.into()),
        };
        let c = h("at least 9 non-attacking queens on this board? (expected UNSAT)").claims();
        assert_eq!((c.at_least_queens, c.at_most_walls), (Some(9), None));
        let c = h("does some 5x5 board with at most 3 walls hold at least 7 non-attacking queens?").claims();
        assert_eq!((c.at_least_queens, c.at_most_walls), (Some(7), Some(3)));
        let c = h("does some 4x4 board with at most 1 wall hold at least 5 non-attacking queens?").claims();
        assert_eq!((c.at_least_queens, c.at_most_walls), (Some(5), Some(1)));
    }
}
