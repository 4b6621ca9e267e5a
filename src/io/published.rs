//! The result files of the published ILP study (ggf-git/walled-n-queens), read as claims; and
//! our own rows written in its boards-CSV layout ([`published_csv_rows`]).
//!
//! Four layouts are recognised from their first line:
//! - boards CSV: header `Walls,Value,Queens:`, then `walls_u64,value,queens_u64` per board;
//! - puzzle list: a JSON-like list `[[walls_u64, value], ...]`;
//! - SCIP solution table (`solutions.sol`): a header `#, NAME, ..., objval` and one row per
//!   solution, `1(1), v, v, ..., objval`, names `BLOCKED#r#c` and `QUEEN#r#c`;
//! - SCIP transposed table (`sols_transposed.csv`): one line per variable, `NAME,v1,...,vk`,
//!   one column per solution, and an `objval` line.
//!
//! Invariant: parsing checks syntax only (numbers, names, column counts); whether cells fit a
//! board is decided later, with the board size ([`PublishedCells::cells`]), so a misfit is a verdict
//! and not a misreading.
//!
//! The one reader of these files: `verify`, `sweep-compare` and `puzzles --compare` all read
//! them here.

use super::bits64::{from_bits64, to_bits64};
use super::decimal::push_decimal;
use super::sweep_db::{ClassRow, RowCell, RowView};
use crate::board::{BoardError, Coord, render_cell_list};
use anyhow::{Context, bail};
use std::fmt;

/// A set of cells as a file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PublishedCells {
    /// The published 64-bit layout: cell (r, c) is bit 63 − (8r + c).
    Bits64(u64),
    /// Cells named one by one (SCIP variable names).
    Cells(Vec<Coord>),
}

impl PublishedCells {
    /// The cells on a `rows × cols` board; a cell outside it is an error, never folded onto
    /// another cell.
    pub fn cells(&self, rows: usize, cols: usize) -> Result<Vec<Coord>, BoardError> {
        match self {
            PublishedCells::Bits64(bits) => from_bits64(*bits, rows, cols),
            PublishedCells::Cells(v) => match v.iter().find(|&&(r, c)| r >= rows || c >= cols) {
                Some(&(r, c)) => Err(BoardError::new(format!(
                    "cell {r},{c} is off the {rows}x{cols} board"
                ))),
                None => Ok(v.clone()),
            },
        }
    }

    /// The set in the published 64-bit layout.
    pub fn bits64(&self) -> Result<u64, BoardError> {
        match self {
            PublishedCells::Bits64(bits) => Ok(*bits),
            PublishedCells::Cells(v) => to_bits64(v),
        }
    }
}

/// As the file gives it: the 64-bit number, or the cell list.
impl fmt::Display for PublishedCells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublishedCells::Bits64(bits) => write!(f, "{bits}"),
            PublishedCells::Cells(v) => f.write_str(&render_cell_list(v)),
        }
    }
}

/// Which layout a file has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PublishedFormat {
    BoardsCsv,
    PuzzleList,
    ScipSolutions,
    ScipTransposed,
}

impl PublishedFormat {
    pub fn name(self) -> &'static str {
        match self {
            PublishedFormat::BoardsCsv => "boards CSV (Walls,Value,Queens)",
            PublishedFormat::PuzzleList => "puzzle list [[walls, value], ...]",
            PublishedFormat::ScipSolutions => "SCIP solution table (.sol)",
            PublishedFormat::ScipTransposed => "SCIP solutions, transposed CSV",
        }
    }
}

/// One claim of a file: these walls, this value, perhaps this placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimRow {
    /// 1-based line of the row (or of the header for transposed tables).
    pub line: usize,
    /// Short label of the row: its line, or its solution column.
    pub label: String,
    pub walls: PublishedCells,
    /// The claimed value (for SCIP tables: the number of queens of the solution).
    pub value: usize,
    pub queens: Option<PublishedCells>,
    /// The objective value SCIP printed (the number of walls), when the file has one.
    pub objective: Option<usize>,
}

/// A parsed file.
#[derive(Clone, Debug)]
pub struct PublishedFile {
    pub format: PublishedFormat,
    pub rows: Vec<ClaimRow>,
    /// Board side implied by the variable names (SCIP tables), if any.
    pub named_side: Option<usize>,
}

/// Parses a published file; errors name the file and line.
pub fn parse_published(name: &str, text: &str) -> anyhow::Result<PublishedFile> {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
    let parsed = if first.starts_with("Walls,Value,Queens") {
        parse_boards_csv(text)
    } else if first.starts_with('[') {
        parse_puzzle_list(text)
    } else if first.starts_with('#') {
        parse_scip_solutions(text)
    } else if first.starts_with(",0") {
        parse_scip_transposed(text)
    } else {
        Err(anyhow::anyhow!(
            "unrecognised layout (first line {:?})",
            truncate(first, 40)
        ))
    };
    let file = parsed.with_context(|| name.to_string())?;
    // A file with a header and no rows says nothing to check: "every claim holds" of nothing
    // would read as a confirmation.
    if file.rows.is_empty() {
        bail!("{name}: no rows to check");
    }
    Ok(file)
}

/// Parses a published file that must have layout `want` (a boards CSV for `sweep-compare`, a
/// puzzle list for `puzzles --compare`); its rows.
pub fn parse_published_as(name: &str, text: &str, want: PublishedFormat) -> anyhow::Result<Vec<ClaimRow>> {
    let file = parse_published(name, text)?;
    if file.format != want {
        bail!(
            "{name}: expected a {}, found a {}",
            want.name(),
            file.format.name()
        );
    }
    Ok(file.rows)
}

/// The header line of our rows in the published boards-CSV layout.
pub const PUBLISHED_CSV_HEADER: &str = "Walls,Value,Queens:\n";

/// Our rows in the published boards-CSV layout (`Walls,Value,Queens:`, walls and queens as
/// 64-bit numbers), without the header [`PUBLISHED_CSV_HEADER`], so that a file can be written
/// chunk by chunk; errors if a cell does not fit 8 × 8.
pub fn published_csv_rows(rows: &[ClassRow]) -> anyhow::Result<String> {
    let mut s = Vec::with_capacity(48 * rows.len());
    for r in rows {
        push_published_csv_row(&mut s, &r.view())?;
    }
    Ok(String::from_utf8(s).expect("digits and commas are UTF-8"))
}

/// One row of [`published_csv_rows`], appended to `out` (untouched on error).
pub fn push_published_csv_row<C: RowCell>(out: &mut Vec<u8>, r: &RowView<'_, C>) -> anyhow::Result<()> {
    let (walls, queens) = (to_bits64(r.walls)?, to_bits64(r.queens)?);
    push_decimal(out, walls);
    out.push(b',');
    push_decimal(out, r.value as u64);
    out.push(b',');
    push_decimal(out, queens);
    out.push(b'\n');
    Ok(())
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A whole-number field (each read as 64 bits), whose error says whether the field is no
/// number or one too large.
fn number<T: std::str::FromStr>(tok: &str, line: usize, what: &str) -> anyhow::Result<T> {
    let tok = tok.trim();
    tok.parse().map_err(|_| {
        let why = match !tok.is_empty() && tok.bytes().all(|b| b.is_ascii_digit()) {
            true => format!("is too large (at most {})", u64::MAX),
            false => "is not a whole number".to_string(),
        };
        anyhow::anyhow!("line {line}: {what} {:?} {why}", truncate(tok, 30))
    })
}

fn parse_boards_csv(text: &str) -> anyhow::Result<PublishedFile> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        let ln = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != 3 {
            bail!(
                "line {ln}: expected 3 fields walls,value,queens, found {}",
                fields.len()
            );
        }
        rows.push(ClaimRow {
            line: ln,
            label: format!("line {ln}"),
            walls: PublishedCells::Bits64(number(fields[0], ln, "walls")?),
            value: number(fields[1], ln, "value")?,
            queens: Some(PublishedCells::Bits64(number(fields[2], ln, "queens")?)),
            objective: None,
        });
    }
    Ok(PublishedFile {
        format: PublishedFormat::BoardsCsv,
        rows,
        named_side: None,
    })
}

/// `[[w, v], [w, v], ...]` with any whitespace (a trailing comma allowed); each pair is
/// reported at the line its `[` stands on.
fn parse_puzzle_list(text: &str) -> anyhow::Result<PublishedFile> {
    let mut tokens = ListTokens(list_tokens(text)?.into_iter());
    tokens.expect(&["["], "the list's opening [")?;
    let mut rows = Vec::new();
    loop {
        let (line, t) = tokens.expect(&["[", "]"], "[walls, value] or the closing ]")?;
        if t == "]" {
            break;
        }
        let (_, walls) = tokens.expect(&[NUMBER], PAIR)?;
        tokens.expect(&[","], PAIR)?;
        let (_, value) = tokens.expect(&[NUMBER], PAIR)?;
        tokens.expect(&["]"], PAIR)?;
        rows.push(ClaimRow {
            line,
            label: format!("item {}", rows.len() + 1),
            walls: PublishedCells::Bits64(number(&walls, line, "walls")?),
            value: number(&value, line, "value")?,
            queens: None,
            objective: None,
        });
        if tokens.expect(&[",", "]"], "a comma or the closing ]")?.1 == "]" {
            break;
        }
    }
    if let Some((l, t)) = tokens.0.next() {
        bail!("line {l}: {t:?} after the closing bracket of the list");
    }
    Ok(PublishedFile {
        format: PublishedFormat::PuzzleList,
        rows,
        named_side: None,
    })
}

/// Stands for any run of digits in [`ListTokens::expect`].
const NUMBER: &str = "0";
/// What an entry of the list looks like.
const PAIR: &str = "[walls, value] (two numbers)";

/// The tokens of a puzzle list, each with its line.
struct ListTokens(std::vec::IntoIter<(usize, String)>);

impl ListTokens {
    /// The next token, which must be one of `wants`; errors say that `what` was expected.
    fn expect(&mut self, wants: &[&str], what: &str) -> anyhow::Result<(usize, String)> {
        let fits = |t: &str| {
            wants
                .iter()
                .any(|&w| w == t || (w == NUMBER && t.starts_with(|c: char| c.is_ascii_digit())))
        };
        match self.0.next() {
            Some((l, t)) if fits(&t) => Ok((l, t)),
            Some((l, t)) => bail!("line {l}: expected {what}, found {t:?}"),
            None => bail!("end of input: expected {what}; the list is not closed"),
        }
    }
}

/// Brackets, commas and runs of digits, each with its 1-based line.
fn list_tokens(text: &str) -> anyhow::Result<Vec<(usize, String)>> {
    let mut tokens = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let ln = i + 1;
        let mut chars = line.char_indices().peekable();
        while let Some((at, ch)) = chars.next() {
            match ch {
                '[' | ']' | ',' => tokens.push((ln, ch.to_string())),
                c if c.is_ascii_digit() => {
                    let mut end = at + 1;
                    while let Some(&(j, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                        end = j + d.len_utf8();
                        chars.next();
                    }
                    tokens.push((ln, line[at..end].to_string()));
                }
                c if c.is_whitespace() => {}
                c => bail!("line {ln}: unexpected character {c:?}"),
            }
        }
    }
    Ok(tokens)
}

/// What a SCIP variable name stands for.
enum ScipVar {
    Blocked(Coord),
    Queen(Coord),
    Objective,
}

fn scip_var(name: &str, line: usize) -> anyhow::Result<ScipVar> {
    let name = name.trim();
    if name == "objval" {
        return Ok(ScipVar::Objective);
    }
    let parts: Vec<&str> = name.split('#').collect();
    if parts.len() == 3 {
        let at = (number(parts[1], line, "row")?, number(parts[2], line, "column")?);
        match parts[0] {
            "BLOCKED" => return Ok(ScipVar::Blocked(at)),
            "QUEEN" => return Ok(ScipVar::Queen(at)),
            _ => {}
        }
    }
    bail!("line {line}: unknown variable name {:?}", truncate(name, 30))
}

/// A 0/1 entry, possibly printed as `1(1)` (value with its multiplicity) or `1.0`.
fn bit(tok: &str, line: usize) -> anyhow::Result<bool> {
    let t = tok.trim();
    let head = t.split('(').next().unwrap_or("").trim();
    match head {
        "0" | "0.0" | "-0" => Ok(false),
        "1" | "1.0" => Ok(true),
        _ => bail!("line {line}: {:?} is not a 0/1 value", truncate(t, 20)),
    }
}

/// Collects one solution from `(variable, entry)` pairs.
struct SolutionBuilder {
    walls: Vec<Coord>,
    queens: Vec<Coord>,
    objective: Option<usize>,
}

impl SolutionBuilder {
    fn new() -> Self {
        SolutionBuilder {
            walls: Vec::new(),
            queens: Vec::new(),
            objective: None,
        }
    }
    fn take(&mut self, var: &ScipVar, entry: &str, line: usize) -> anyhow::Result<()> {
        match var {
            ScipVar::Blocked(p) => {
                if bit(entry, line)? {
                    self.walls.push(*p)
                }
            }
            ScipVar::Queen(p) => {
                if bit(entry, line)? {
                    self.queens.push(*p)
                }
            }
            ScipVar::Objective => self.objective = Some(number(entry, line, "objective")?),
        }
        Ok(())
    }
    fn row(mut self, line: usize, label: String) -> ClaimRow {
        self.walls.sort_unstable();
        self.queens.sort_unstable();
        ClaimRow {
            line,
            label,
            value: self.queens.len(),
            walls: PublishedCells::Cells(self.walls),
            queens: Some(PublishedCells::Cells(self.queens)),
            objective: self.objective,
        }
    }
}

/// The board side that variable names imply (largest index + 1), and a check that the names
/// cover a square grid for both kinds.
fn named_side(vars: &[ScipVar]) -> anyhow::Result<usize> {
    let mut side = 0;
    let (mut nb, mut nq) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    for v in vars {
        let key = match v {
            ScipVar::Blocked(p) => Some(("BLOCKED", *p)),
            ScipVar::Queen(p) => Some(("QUEEN", *p)),
            ScipVar::Objective => None,
        };
        if let Some((kind, (r, c))) = key.filter(|k| !seen.insert(*k)) {
            bail!("variable {kind}({r},{c}) is named twice");
        }
        match v {
            ScipVar::Blocked((r, c)) => {
                side = side.max(r + 1).max(c + 1);
                nb += 1
            }
            ScipVar::Queen((r, c)) => {
                side = side.max(r + 1).max(c + 1);
                nq += 1
            }
            ScipVar::Objective => {}
        }
    }
    if nb != side * side || nq != side * side {
        bail!(
            "variable names do not cover a square board: {nb} BLOCKED and {nq} QUEEN names for side {side}"
        );
    }
    Ok(side)
}

fn parse_scip_solutions(text: &str) -> anyhow::Result<PublishedFile> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines.next().context("empty file")?;
    let names: Vec<&str> = header.split(',').skip(1).collect();
    let vars = names
        .iter()
        .map(|n| scip_var(n, 1))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let side = named_side(&vars)?;
    let mut rows = Vec::new();
    for (i, line) in lines {
        let ln = i + 1;
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != vars.len() + 1 {
            bail!(
                "line {ln}: {} fields, the header names {}",
                fields.len(),
                vars.len() + 1
            );
        }
        let mut sol = SolutionBuilder::new();
        for (var, entry) in vars.iter().zip(&fields[1..]) {
            sol.take(var, entry, ln)?;
        }
        rows.push(sol.row(ln, format!("solution {}", fields[0].trim())));
    }
    Ok(PublishedFile {
        format: PublishedFormat::ScipSolutions,
        rows,
        named_side: Some(side),
    })
}

fn parse_scip_transposed(text: &str) -> anyhow::Result<PublishedFile> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines.next().context("empty file")?;
    let n = header.split(',').count() - 1;
    let mut sols: Vec<SolutionBuilder> = (0..n).map(|_| SolutionBuilder::new()).collect();
    let mut vars = Vec::new();
    for (i, line) in lines {
        let ln = i + 1;
        let fields: Vec<&str> = line.split(',').collect();
        if fields[0].trim() == "#" {
            continue; // the solution-number line, e.g. `#,1(1),2(2),...`
        }
        if fields.len() != n + 1 {
            bail!("line {ln}: {} fields, the header has {}", fields.len(), n + 1);
        }
        let var = scip_var(fields[0], ln)?;
        for (sol, entry) in sols.iter_mut().zip(&fields[1..]) {
            sol.take(&var, entry, ln)?;
        }
        vars.push(var);
    }
    let side = named_side(&vars)?;
    let rows = sols
        .into_iter()
        .enumerate()
        .map(|(i, s)| s.row(1, format!("solution {}", i + 1)))
        .collect();
    Ok(PublishedFile {
        format: PublishedFormat::ScipTransposed,
        rows,
        named_side: Some(side),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Placement;

    #[test]
    fn a_field_too_large_is_told_from_one_that_is_no_number() {
        let e = |row: &str| {
            parse_boards_csv(&format!("Walls,Value,Queens:\n{row}\n"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("99999999999999999999,8,1"),
            "line 2: walls \"99999999999999999999\" is too large (at most 18446744073709551615)"
        );
        assert_eq!(e("1,8x,1"), "line 2: value \"8x\" is not a whole number");
        assert_eq!(e("1,-8,1"), "line 2: value \"-8\" is not a whole number");
    }

    #[test]
    fn a_row_round_trips_in_the_published_csv_and_is_a_json_line() {
        let rows = vec![ClassRow {
            walls: vec![(1, 3), (2, 5)],
            value: 10,
            queens: Placement::new(vec![(0, 0)]),
            orbit: 8,
            optimal: None,
        }];
        let csv = format!("{PUBLISHED_CSV_HEADER}{}", published_csv_rows(&rows).unwrap());
        assert_eq!(
            csv,
            "Walls,Value,Queens:\n4507997673881600,10,9223372036854775808\n"
        );
        let back = parse_published("x.csv", &csv).unwrap().rows;
        assert_eq!(back[0].walls.cells(8, 8).unwrap(), rows[0].walls);
        assert_eq!(
            back[0].queens.as_ref().unwrap().cells(8, 8).unwrap(),
            rows[0].queens.queens()
        );
        assert_eq!(
            super::super::sweep_db::render_jsonl(&rows),
            "{\"walls\":[[1,3],[2,5]],\"value\":10,\"queens\":[[0,0]],\"orbit\":8}\n"
        );
    }

    #[test]
    fn boards_csv() {
        let f = parse_published("t", "Walls,Value,Queens:\n0,5,4616330493116284928\n\n").unwrap();
        assert_eq!(f.format, PublishedFormat::BoardsCsv);
        assert_eq!(f.rows.len(), 1);
        assert_eq!(f.rows[0].line, 2);
        assert_eq!(f.rows[0].value, 5);
        let e = parse_published("t.csv", "Walls,Value,Queens:\n0,x,1\n").unwrap_err();
        assert!(format!("{e:#}").contains("t.csv: line 2: value"), "{e:#}");
        assert!(parse_published("t", "Walls,Value,Queens:\n0,1\n").is_err());
    }

    #[test]
    fn puzzle_lists_in_both_spacings() {
        let f = parse_published("t", "[[1,10],[2,9]]").unwrap();
        assert_eq!(f.rows.len(), 2);
        assert_eq!(
            (f.rows[1].walls.clone(), f.rows[1].value),
            (PublishedCells::Bits64(2), 9)
        );
        let f = parse_published("t", "[[1, 10], \n[2, 9]]\n").unwrap();
        assert_eq!(f.rows[1].line, 2);
        for bad in [
            "[[1,10],[2]]",
            "[[1,10]",
            "[[1,10]] x",
            "[[1,a]]",
            "[[[1]]]",
            "[[3 4]]",
            "[[1,2]]]",
        ] {
            assert!(parse_published("t", bad).is_err(), "{bad}");
        }
        let e = parse_published("t", "[[1, 2],\n[3 4]]").unwrap_err();
        assert!(
            format!("{e:#}").contains("line 2: expected [walls, value]"),
            "{e:#}"
        );
        let e = parse_published("t", "[[99999999999999999999, 2]]").unwrap_err();
        assert!(format!("{e:#}").contains("line 1: walls"), "{e:#}");
        // An empty list has nothing to check: an error, not a confirmation of nothing.
        let e = parse_published("t", "[]").unwrap_err();
        assert!(format!("{e:#}").contains("no rows"), "{e:#}");
        assert_eq!(parse_published("t", "[[1,2],]").unwrap().rows.len(), 1);
    }

    #[test]
    fn cell_sets_on_a_board() {
        let bits = PublishedCells::Bits64(13835058055282163712); // cells (0,0) and (0,1)
        assert_eq!(bits.cells(8, 8).unwrap(), vec![(0, 0), (0, 1)]);
        assert_eq!(bits.to_string(), "13835058055282163712");
        let named = PublishedCells::Cells(vec![(0, 0), (0, 1)]);
        assert_eq!(named.bits64().unwrap(), 13835058055282163712);
        assert_eq!(named.to_string(), "0,0 0,1");
        let e = PublishedCells::Cells(vec![(2, 0)]).cells(2, 2).unwrap_err();
        assert_eq!(e.to_string(), "cell 2,0 is off the 2x2 board");
        assert!(PublishedCells::Bits64(1).cells(7, 7).is_err()); // bit 0 is cell 7,7
    }

    #[test]
    fn a_layout_can_be_required() {
        assert_eq!(
            parse_published_as("t", "[[1,10]]", PublishedFormat::PuzzleList)
                .unwrap()
                .len(),
            1
        );
        let e = parse_published_as("t", "[[1,10]]", PublishedFormat::BoardsCsv).unwrap_err();
        assert!(e.to_string().contains("expected a boards CSV"), "{e}");
    }

    #[test]
    fn scip_tables() {
        let sol = "#, BLOCKED#1#1, BLOCKED#1#0, BLOCKED#0#1, BLOCKED#0#0, QUEEN#1#1, QUEEN#1#0, QUEEN#0#1, QUEEN#0#0, objval\n1(1), 1, 0, 0, 0, 0, 0, 1, 1, 1\n";
        let f = parse_published("t", sol).unwrap();
        assert_eq!(f.named_side, Some(2));
        let r = &f.rows[0];
        assert_eq!(r.walls, PublishedCells::Cells(vec![(1, 1)]));
        assert_eq!(r.queens, Some(PublishedCells::Cells(vec![(0, 0), (0, 1)])));
        assert_eq!((r.value, r.objective), (2, Some(1)));
        let tr = ",0,1\n#,1(1),2(2)\n BLOCKED#0#0,1,0\n QUEEN#0#0,0,1\n objval,1,0\n";
        let f = parse_published("t", tr).unwrap();
        assert_eq!(f.rows.len(), 2);
        assert_eq!(f.rows[1].queens, Some(PublishedCells::Cells(vec![(0, 0)])));
        assert!(parse_published("t", ",0,1\n FOO#0#0,1,0\n").is_err());
        let twice = sol.replace("BLOCKED#1#0", "BLOCKED#1#1");
        let e = parse_published("t", &twice).unwrap_err();
        assert!(format!("{e:#}").contains("named twice"), "{e:#}");
    }
}
