//! The CSPLib "blocked n-queens" instance format (problem 080): a size `n` and a list of
//! blocked squares; `n` queens are wanted. A blocked square forbids a queen but does not stop
//! a line of attack, so it becomes a *hole* here, never a wall.
//!
//! Two spellings are read:
//! - JSON, as the XCSP/PyCSP3 data files: `{"n": 28, "blocks": [[0, 0], [0, 1], ...]}`,
//!   0-based.
//! - Text, as the original CSPLib/ASP-competition files: the integers of the file, in order,
//!   are `n` and then the row,column pairs of the blocked squares, 1-based. Words, brackets,
//!   commas and `=` are ignored, so Essence parameter files (`letting n be 8 ...`) and fact
//!   lists read too; a leading `language ...` line and `$`/`%` comments are skipped. A file of
//!   `letting` statements is an Essence parameter file and is read as one: `letting n be N` and
//!   `letting blocks be [...]`, each once and nothing else, so that a list given twice, words
//!   after it or the statements in another order are refused, not read as other numbers.

use crate::board::{Board, BoardError, Cell, Coord, MAX_SIDE};
use serde::Deserialize;

/// A blocked n-queens instance: the board (blocked squares as holes) and the queens wanted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockedInstance {
    pub board: Board,
    pub queens: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonInstance {
    n: usize,
    #[serde(alias = "blocked")]
    blocks: Vec<[usize; 2]>,
}

/// Parses an instance; errors name the offending token or square.
pub fn parse_blocked_queens(text: &str) -> Result<BlockedInstance, BoardError> {
    let (n, squares, base) = if text.trim_start().starts_with('{') {
        let j: JsonInstance =
            serde_json::from_str(text).map_err(|e| BoardError::new(format!("blocked n-queens JSON: {e}")))?;
        (j.n, j.blocks.iter().map(|&[r, c]| (r, c)).collect(), 0)
    } else {
        let (numbers, listed) = match essence_lettings(text)? {
            Some(read) => read,
            None => integers(text)?,
        };
        let Some((&n, rest)) = numbers.split_first() else {
            return Err(BoardError::new("blocked n-queens: no board size found"));
        };
        // A size alone is a cut-off file or not an instance: an instance without blocked
        // squares says so with an empty list, as the JSON spelling must name `blocks`.
        if rest.is_empty() && !listed {
            return Err(BoardError::new(
                "blocked n-queens: the file gives the size but no list of blocked squares (an \
                 Essence instance has `letting blocks be [...]`, `[]` for none)",
            ));
        }
        if rest.len() % 2 != 0 {
            return Err(BoardError::new(format!(
                "blocked n-queens: {} numbers after the size do not make row,column pairs",
                rest.len()
            )));
        }
        let squares: Vec<Coord> = rest.chunks(2).map(|p| (p[0], p[1])).collect();
        (n, squares, 1)
    };
    if n == 0 || n > MAX_SIDE {
        return Err(BoardError::new(format!(
            "blocked n-queens: size {n} is outside 1..={MAX_SIDE}"
        )));
    }
    let mut board = Board::square(n)?;
    for (i, &(r, c)) in squares.iter().enumerate() {
        let at = match (r.checked_sub(base), c.checked_sub(base)) {
            (Some(r0), Some(c0)) if r0 < n && c0 < n => (r0, c0),
            _ => {
                return Err(BoardError::new(format!(
                    "blocked n-queens: blocked square #{} ({r},{c}) is off the {n}x{n} board \
                     (coordinates are {}-based)",
                    i + 1,
                    base
                )));
            }
        };
        // A square listed twice is a damaged or mistyped instance: say so.
        if board.cell(at) != Cell::Free {
            return Err(BoardError::new(format!(
                "blocked n-queens: blocked square #{} ({r},{c}) is listed twice",
                i + 1
            )));
        }
        board.set(at, Cell::Hole);
    }
    Ok(BlockedInstance { board, queens: n })
}

/// The size and the blocked squares' numbers of an Essence parameter file (`None`: the text
/// has no `letting`), in the order `integers` gives them, and whether it lets `blocks`: each
/// statement is `letting NAME be VALUE`, `n` a whole number and `blocks` (or `blocked`) one
/// list, each once; errors name the statement's line.
fn essence_lettings(text: &str) -> Result<Option<(Vec<usize>, bool)>, BoardError> {
    // The text without comments and its `language` line, lines kept, so that places hold.
    let clean: String = text
        .lines()
        .map(|l| l.split(['$', '%']).next().unwrap_or(""))
        .map(|l| {
            if l.trim_start().starts_with("language") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let word_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let starts: Vec<usize> = clean
        .match_indices("letting")
        .map(|(i, _)| i)
        .filter(|&i| !clean[..i].ends_with(word_char) && !clean[i + 7..].starts_with(word_char))
        .collect();
    let Some(&first) = starts.first() else {
        return Ok(None);
    };
    let line_of = |i: usize| clean[..i].matches('\n').count() + 1;
    if !clean[..first].trim().is_empty() {
        return Err(BoardError::at(
            line_of(first),
            1,
            "text before the first `letting`",
        ));
    }
    // What is let so far, each with the line that lets it.
    let mut n: Option<(usize, usize)> = None;
    let mut blocks: Option<(Vec<usize>, usize)> = None;
    for (k, &at) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(clean.len());
        let ln = line_of(at);
        let fault = |message: String| BoardError::at(ln, 1, message);
        let body = clean[at + 7..end].trim();
        let (name, rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let Some(value) = rest
            .trim_start()
            .strip_prefix("be")
            .filter(|v| !v.starts_with(word_char))
        else {
            return Err(fault(format!("`letting {name}` without `be VALUE`")));
        };
        let value = value.trim();
        let first_line = match name {
            "n" => n.map(|(_, l)| l),
            "blocks" | "blocked" => blocks.as_ref().map(|(_, l)| *l),
            _ => {
                return Err(fault(format!(
                    "`letting {name}`: an instance lets only n and blocks"
                )));
            }
        };
        if let Some(l) = first_line {
            return Err(fault(format!(
                "`letting {name}` is given twice (first on line {l})"
            )));
        }
        if name == "n" {
            let size = value
                .parse()
                .map_err(|_| fault(format!("`letting n be {value}`: the size is one whole number")))?;
            n = Some((size, ln));
        } else if is_one_list(value) {
            blocks = Some((
                integers(value)
                    .map_err(|e| fault(format!("`letting {name}`: {e}")))?
                    .0,
                ln,
            ));
        } else {
            return Err(fault(format!(
                "`letting {name} be {value}`: the blocked squares are one list [...]"
            )));
        }
    }
    let Some((size, _)) = n else {
        return Err(BoardError::new(
            "blocked n-queens: no `letting n be N` (the board size)",
        ));
    };
    let listed = blocks.is_some();
    let mut numbers = vec![size];
    numbers.extend(blocks.map(|b| b.0).unwrap_or_default());
    Ok(Some((numbers, listed)))
}

/// Whether `value` is one bracketed list of numbers, `[` to its own `]`, and nothing else.
fn is_one_list(value: &str) -> bool {
    let mut depth = 0usize;
    value.starts_with('[')
        && value.char_indices().all(|(i, c)| {
            match c {
                '[' | '(' => depth += 1,
                ']' | ')' => depth = depth.saturating_sub(1),
                _ => {}
            }
            let inside = depth > 0 || i + 1 == value.len();
            inside && (c.is_ascii_digit() || "[](), \t\r\n".contains(c))
        })
}

/// The non-negative integers of a text, in order, skipping comments and a `language` line;
/// brackets must be balanced. With them, whether the text shows a list (a bracket, or a word
/// `blocks`, `blocked` or `block`).
fn integers(text: &str) -> Result<(Vec<usize>, bool), BoardError> {
    let mut out = Vec::new();
    let mut listed = false;
    let mut open: Vec<(char, usize, usize)> = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let line = line.split(['$', '%']).next().unwrap_or("");
        if line.trim_start().starts_with("language") {
            continue;
        }
        let mut chars = line.char_indices().peekable();
        while let Some((i, ch)) = chars.next() {
            if let Some(want) = match ch {
                ']' => Some('['),
                ')' => Some('('),
                '}' => Some('{'),
                _ => None,
            } {
                if open.pop().map(|o| o.0) != Some(want) {
                    return Err(BoardError::at(ln + 1, i + 1, format!("unbalanced `{ch}`")));
                }
            } else if matches!(ch, '[' | '(' | '{') {
                open.push((ch, ln + 1, i + 1));
                listed = true;
            }
            if ch == '-' && chars.peek().is_some_and(|(_, d)| d.is_ascii_digit()) {
                return Err(BoardError::at(
                    ln + 1,
                    i + 1,
                    "negative number in a blocked n-queens file",
                ));
            }
            if ch.is_ascii_alphabetic() || ch == '_' {
                // Skip a word, digits in it included (`p1`, `n2` are names, not numbers).
                let mut end = i + ch.len_utf8();
                while let Some(&(j, d)) = chars
                    .peek()
                    .filter(|(_, d)| d.is_ascii_alphanumeric() || *d == '_')
                {
                    end = j + d.len_utf8();
                    chars.next();
                }
                listed |= line[i..end].to_ascii_lowercase().starts_with("block");
            } else if ch.is_ascii_digit() {
                let mut s = String::from(ch);
                while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                    s.push(d);
                    chars.next();
                }
                let v = s
                    .parse()
                    .map_err(|_| BoardError::at(ln + 1, i + 1, format!("number {s} is too large")))?;
                out.push(v);
            }
        }
    }
    if let Some((ch, ln, col)) = open.pop() {
        return Err(BoardError::at(ln, col, format!("`{ch}` is never closed")));
    }
    Ok((out, listed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_zero_based_and_blocks_are_holes() {
        let i = parse_blocked_queens(r#"{"n": 4, "blocks": [[0, 0], [3, 2]]}"#).unwrap();
        assert_eq!(i.queens, 4);
        assert_eq!(i.board.holes(), vec![(0, 0), (3, 2)]);
        assert!(i.board.walls().is_empty());
    }

    #[test]
    fn essence_text_is_one_based() {
        let text =
            "language ESSENCE' 1.0\n$ a comment 7 7\nletting n be 5\nletting blocks be [[1,1],\n[5,5]]\n";
        let i = parse_blocked_queens(text).unwrap();
        assert_eq!(i.queens, 5);
        assert_eq!(i.board.holes(), vec![(0, 0), (4, 4)]);
    }

    #[test]
    fn bad_instances_are_named() {
        let e = parse_blocked_queens("n = 4\n[1,1], [5,1]\n").unwrap_err();
        assert!(e.to_string().contains("#2 (5,1) is off the 4x4 board"), "{e}");
        let e = parse_blocked_queens("4 1 1 2").unwrap_err();
        assert!(e.to_string().contains("row,column pairs"), "{e}");
        assert!(parse_blocked_queens("").is_err());
        let e = parse_blocked_queens("4 [[1,1],[2,2]").unwrap_err();
        assert!(e.to_string().contains("never closed"), "{e}");
        let e = parse_blocked_queens("4 [[1,1],[1,1]]").unwrap_err();
        assert!(e.to_string().contains("listed twice"), "{e}");
        assert!(parse_blocked_queens("4 [[1,1]]]").is_err());
        assert!(parse_blocked_queens("n = 0").is_err());
        assert!(parse_blocked_queens("{\"n\": 3}").is_err());
        // A size without a list of blocked squares (an Essence file without its `letting
        // blocks` line) is refused; an empty list is no blocks.
        for cut in ["letting n be 5\n", "language ESSENCE' 1.0\nletting n be 5\n", "8"] {
            let e = parse_blocked_queens(cut).unwrap_err();
            assert!(
                e.to_string().contains("no list of blocked squares"),
                "{cut:?}: {e}"
            );
        }
        for empty in [
            "letting n be 5\nletting blocks be []\n",
            "n = 5 blocks = []",
            "5 []",
        ] {
            let i = parse_blocked_queens(empty).unwrap();
            assert_eq!((i.queens, i.board.holes().len()), (5, 0), "{empty:?}");
        }
        // An Essence file is read statement by statement: none of these is another instance.
        for (bad, says) in [
            (
                "letting n be 5\nletting blocks be [[1,1]]\nletting blocks be [[2,2]]\n",
                "3:1: `letting blocks` is given twice (first on line 2)",
            ),
            (
                "letting n be 5\nletting blocks be [[1,1],[2,2]] garbage\n",
                "2:1: `letting blocks be [[1,1],[2,2]] garbage`: the blocked squares are one list [...]",
            ),
            (
                "letting blocks be [[1,1]]\nletting m be 5\n",
                "2:1: `letting m`: an instance lets only n and blocks",
            ),
            (
                "letting n be 5 6\nletting blocks be []\n",
                "1:1: `letting n be 5 6`: the size is one whole number",
            ),
            (
                "5\nletting n be 5\nletting blocks be []\n",
                "2:1: text before the first `letting`",
            ),
            ("letting blocks be []\n", "no `letting n be N`"),
        ] {
            let e = parse_blocked_queens(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad:?}: {e}");
        }
        let i = parse_blocked_queens("letting blocks be [[1,1]]\nletting n be 4\n").unwrap();
        assert_eq!((i.queens, i.board.holes()), (4, vec![(0, 0)]));
        assert!(
            parse_blocked_queens("4 0 1")
                .unwrap_err()
                .to_string()
                .contains("1-based")
        );
    }
}
