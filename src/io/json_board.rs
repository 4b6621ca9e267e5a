//! A JSON board, as a board file or a `value --batch` line gives it: `rows` and `cols`, or
//! `size` for both, `walls` and `holes` (optional lists of `[row, col]`). Any other field is
//! refused: a misspelt `walls` would otherwise be dropped and the board read without its walls.
//! A board that is well-formed JSON but no board (a wall off the board or given twice, a side of
//! 0) is refused naming the field, the list entry and where it stands in the text.

use crate::board::{Board, Cell, Coord, MAX_SIDE};
use anyhow::{anyhow, bail};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// The fields of a board, as the message that refuses another names them.
const FIELDS: &str = "size or rows and cols, walls, holes";

/// The board of `text`, a JSON object, and the fields named in `also` (the caller's own, such
/// as a batch line's `id`), which the board leaves aside.
pub fn json_board(text: &str, also: &[&str]) -> anyhow::Result<(Board, Map<String, Value>)> {
    let one_line = !text.trim_end().contains('\n');
    let parsed = serde_json::from_str(text).map_err(|e| match one_line && e.line() == 1 {
        // "at line 1 column 41" in a batch line, which its own number names: the column alone.
        true => anyhow!("{}", e.to_string().replace(" at line 1 column ", " at column ")),
        false => e.into(),
    })?;
    let Value::Object(mut obj) = parsed else {
        bail!("expected a JSON object like {{\"rows\":8,\"cols\":8,\"walls\":[[1,3]]}}");
    };
    if let Some((field, line, col)) = field_given_twice(text) {
        let at = if one_line {
            format!("column {col}")
        } else {
            format!("line {line}, column {col}")
        };
        bail!("field {field:?} is given twice ({at}): give it once");
    }
    let mut own = Map::new();
    for &k in also {
        if let Some(v) = obj.remove(k) {
            own.insert(k.to_string(), v);
        }
    }
    if let Some(k) = obj
        .keys()
        .find(|k| !["size", "rows", "cols", "walls", "holes"].contains(&k.as_str()))
    {
        let also: String = also.iter().map(|a| format!(", {a}")).collect();
        bail!("unknown field {k:?} (the fields are {FIELDS}{also})");
    }
    let board = build(&obj).map_err(|m| {
        let at = match locate(text, m.field, m.index) {
            Some((_, col)) if one_line => format!(" (column {col})"),
            Some((line, col)) => format!(" (line {line}, column {col})"),
            None => String::new(),
        };
        anyhow!("{}{at}: {}", m.path(), m.message)
    })?;
    Ok((board, own))
}

/// Why a well-formed JSON board is no board, and which field (and list entry) says so.
struct Misplaced {
    field: &'static str,
    index: Option<usize>,
    message: String,
}

impl Misplaced {
    fn new(field: &'static str, index: Option<usize>, message: String) -> Misplaced {
        Misplaced {
            field,
            index,
            message,
        }
    }

    /// `walls[3]`, `rows`.
    fn path(&self) -> String {
        match self.index {
            Some(i) => format!("{}[{i}]", self.field),
            None => self.field.to_string(),
        }
    }
}

/// The board of `obj`, whose fields are all a board's.
fn build(obj: &Map<String, Value>) -> Result<Board, Misplaced> {
    let whole = |field: &'static str| -> Result<Option<usize>, Misplaced> {
        let Some(v) = obj.get(field) else { return Ok(None) };
        match v.as_u64().and_then(|n| usize::try_from(n).ok()) {
            Some(n) if (1..=MAX_SIDE).contains(&n) => Ok(Some(n)),
            _ => Err(Misplaced::new(
                field,
                None,
                format!("a side is a whole number from 1 to {MAX_SIDE}, not {v}"),
            )),
        }
    };
    let (size, rows, cols) = (whole("size")?, whole("rows")?, whole("cols")?);
    let (rows, cols) = match (size, rows, cols) {
        (Some(n), None, None) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        (Some(_), _, _) => {
            let m = "\"size\" and \"rows\"/\"cols\" both given; give one".to_string();
            return Err(Misplaced::new("size", None, m));
        }
        (None, None, _) => return Err(Misplaced::new("rows", None, NO_SIDE.into())),
        (None, Some(_), None) => return Err(Misplaced::new("cols", None, NO_SIDE.into())),
    };
    let mut board = Board::new(rows, cols).map_err(|e| Misplaced::new("rows", None, e.to_string()))?;
    for (field, kind) in [("walls", Cell::Wall), ("holes", Cell::Hole)] {
        let Some(list) = obj.get(field) else { continue };
        let Some(list) = list.as_array() else {
            let m = format!("expected a list of [row, col] pairs, not {}", kind_of(list));
            return Err(Misplaced::new(field, None, m));
        };
        for (i, entry) in list.iter().enumerate() {
            let at = |message: String| Misplaced::new(field, Some(i), message);
            let p = coord(entry).ok_or_else(|| at(format!("expected [row, col], not {}", shown(entry))))?;
            if board.contains(p) && board.cell(p) != Cell::Free {
                let first = first_mention(obj, p).unwrap_or_default();
                let was = board.cell(p).name();
                return Err(at(format!(
                    "cell {},{} is given twice (already a {was}{first})",
                    p.0, p.1
                )));
            }
            board.place(p, kind).map_err(|e| at(e.to_string()))?;
        }
    }
    Ok(board)
}

/// The message for a board that lacks a side.
const NO_SIDE: &str = "not given (a board has size, or rows and cols)";

/// `[row, col]` as a cell.
fn coord(v: &Value) -> Option<Coord> {
    let pair = v.as_array().filter(|a| a.len() == 2)?;
    let n = |v: &Value| v.as_u64().and_then(|n| usize::try_from(n).ok());
    Some((n(&pair[0])?, n(&pair[1])?))
}

/// Where cell `p` first stands among the walls and holes of `obj`: ", walls[0]".
fn first_mention(obj: &Map<String, Value>, p: Coord) -> Option<String> {
    ["walls", "holes"].iter().find_map(|&field| {
        let list = obj.get(field)?.as_array()?;
        let i = list.iter().position(|e| coord(e) == Some(p))?;
        Some(format!(", {field}[{i}]"))
    })
}

/// A JSON value as a message shows it: itself when short, else what kind it is.
fn shown(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() <= 24 {
        text
    } else {
        kind_of(v).to_string()
    }
}

/// "a string", "an object", ...
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// What the search for a repeated field stops with, before the field's name.
const TWICE: &str = "twice:";

/// The first field of `text`, a JSON object, that is given a second time, and where: serde_json
/// keeps the last, so `{"walls":[[1,3]],"walls":[]}` would be read as a board without walls.
fn field_given_twice(text: &str) -> Option<(String, usize, usize)> {
    let mut de = serde_json::Deserializer::from_str(text);
    let e = Seek {
        field: None,
        index: None,
    }
    .deserialize(&mut de)
    .err()?;
    let field = e
        .to_string()
        .strip_prefix(TWICE)?
        .split(" at line ")
        .next()?
        .to_string();
    Some((field, e.line(), e.column()))
}

/// What the seek below stops with: the place it reached, which serde_json's error carries.
const HERE: &str = "here";

/// Where the value of `field` (with `index`, its entry) begins in `text`, a JSON object: the
/// (line, column) serde_json gives when a second reading stops there.
fn locate(text: &str, field: &str, index: Option<usize>) -> Option<(usize, usize)> {
    let mut de = serde_json::Deserializer::from_str(text);
    let e = Seek {
        field: Some(field),
        index,
    }
    .deserialize(&mut de)
    .err()?;
    (e.is_data() && e.to_string().starts_with(HERE)).then(|| (e.line(), e.column()))
}

/// Reads a JSON object up to the value of `field` (or its entry `index`) and stops there, or
/// (and, with no `field`, only) at a field named a second time.
struct Seek<'a> {
    field: Option<&'a str>,
    index: Option<usize>,
}

impl<'de> DeserializeSeed<'de> for Seek<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Seek<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format!("{TWICE}{key}")));
            }
            if Some(key.as_str()) == self.field {
                return map.next_value_seed(Stop(self.index));
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }
}

/// Stops at a value (`None`), or at entry `i` of a list (`Some(i)`).
struct Stop(Option<usize>);

impl<'de> DeserializeSeed<'de> for Stop {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Stop {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        if let Some(i) = self.0 {
            for _ in 0..i {
                seq.next_element::<IgnoredAny>()?;
            }
            seq.next_element_seed(Stop(None))?;
        }
        Err(de::Error::custom(HERE))
    }
    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<(), A::Error> {
        Err(de::Error::custom(HERE))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        Err(E::custom(HERE))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        Err(E::custom(HERE))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        Err(E::custom(HERE))
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        Err(E::custom(HERE))
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        Err(E::custom(HERE))
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Err(E::custom(HERE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        format!("{:#}", json_board(text, &["id"]).unwrap_err())
    }

    #[test]
    fn a_board_and_the_callers_own_fields() {
        let (b, own) = json_board(r#"{"size":4,"walls":[[1,1]],"holes":[[0,0]],"id":"x"}"#, &["id"]).unwrap();
        assert_eq!((b.rows(), b.walls(), b.holes()), (4, vec![(1, 1)], vec![(0, 0)]));
        assert_eq!(own["id"], "x");
        let (b, own) = json_board("{\"rows\":2,\"cols\":3}", &[]).unwrap();
        assert_eq!((b.rows(), b.cols(), own.len()), (2, 3, 0));
    }

    #[test]
    fn a_board_that_is_no_board_names_the_field_the_entry_and_the_place() {
        let cases = [
            (
                "{\"size\":8,\n\"walls\":[[0,0],[0,8]]}",
                "walls[1] (line 2, column 16): cell 0,8 is off the 8x8 board",
            ),
            (
                r#"{"size":3,"holes":[[1,1]],"walls":[[1,1]]}"#,
                "holes[0] (column 20): cell 1,1 is given twice (already a wall, walls[0])",
            ),
            (
                r#"{"rows":65,"cols":8}"#,
                "rows (column 10): a side is a whole number from 1 to 64, not 65",
            ),
            (
                r#"{"rows":8,"cols":-1}"#,
                "cols (column 19): a side is a whole number from 1 to 64, not -1",
            ),
            (
                r#"{"rows":8}"#,
                "cols: not given (a board has size, or rows and cols)",
            ),
            (
                r#"{"size":2,"walls":{"a":1}}"#,
                "walls (column 19): expected a list of [row, col] pairs, not an object",
            ),
            (
                r#"{"size":2,"walls":[[1,"x"]]}"#,
                "walls[0] (column 20): expected [row, col], not [1,\"x\"]",
            ),
            (
                r#"{"size":2,"wal":[]}"#,
                "unknown field \"wal\" (the fields are size or rows and cols, walls, holes, id)",
            ),
            (
                r#"{"size":4,"walls":[[1,1]],"walls":[]}"#,
                "field \"walls\" is given twice (column 33): give it once",
            ),
            (
                "[1]",
                "expected a JSON object like {\"rows\":8,\"cols\":8,\"walls\":[[1,3]]}",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(error(text), want, "{text}");
        }
        // Malformed JSON: serde_json's place, the column alone on one line.
        assert_eq!(error(r#"{"size":2,"#), "EOF while parsing a value at column 10");
        assert!(
            error("{\"size\":2,\n").ends_with("at line 2 column 0"),
            "{}",
            error("{\"size\":2,\n")
        );
    }
}
