//! Cell lists: `"r,c r,c ..."`, 0-based, row 0 at the top. Separators between pairs may be
//! spaces, semicolons, commas or newlines; a pair may be in parentheses or brackets, so
//! `"(1, 3), (2, 5)"` and `"[[1,3],[2,5]]"` also read.

use super::grid::{BoardError, Coord};

/// Parses a list of cells. Bounds are checked where the board is built.
///
/// The grammar, strictly: pairs `R,C` (whitespace allowed around the comma), each optionally
/// in `( )` or `[ ]`, the whole list optionally in `[ ]` or `( )` (then a final `,` is allowed,
/// as in Python's `((1, 2),)`); pairs separated by whitespace, `;` or `,`. Anything else (a
/// trailing comma, an unbalanced bracket, a sign) is an error.
pub fn parse_cell_list(text: &str) -> Result<Vec<Coord>, BoardError> {
    let err = |what: String| BoardError::new(format!("cell list {text:?}: {what}"));
    let mut s = text.trim();
    // The whole list in brackets: `[[1,3],[2,5]]`, `((1, 3), (2, 5))`.
    for (open, close) in [('[', ']'), ('(', ')')] {
        if let Some(inner) = s
            .strip_prefix(open)
            .filter(|r| r.trim_start().starts_with(['(', '[']))
        {
            s = inner
                .strip_suffix(close)
                .ok_or_else(|| err(format!("the list's `{open}` is not closed")))?
                .trim();
            // A one-element Python tuple: `((1, 2),)`.
            s = s.strip_suffix(',').unwrap_or(s).trim_end();
            break;
        }
    }
    let mut cells = Vec::new();
    let mut rest = s;
    let number = |r: &str| -> Result<(usize, usize), BoardError> {
        let len = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        // A number with a fraction or letters after its digits (`1.0`, `2x`) is no whole number.
        let glued = r[len..].starts_with(|c: char| c == '.' || c.is_alphanumeric());
        if len == 0 || glued {
            let end = r
                .find(|c: char| c.is_whitespace() || ",;)]".contains(c))
                .unwrap_or(r.len());
            let first = r.chars().next().map_or(0, char::len_utf8);
            let token = &r[..if end == 0 { first } else { end }];
            return Err(err(format!("{token:?} is not a non-negative whole number")));
        }
        let n = r[..len]
            .parse()
            .map_err(|_| err(format!("{} is too large", &r[..len])))?;
        Ok((n, len))
    };
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        if !cells.is_empty() {
            let sep = rest.starts_with([',', ';']);
            if sep {
                rest = rest[1..].trim_start();
                if rest.is_empty() {
                    return Err(err("a separator at the end".into()));
                }
            }
        }
        let close = match rest.chars().next() {
            Some('(') => Some(')'),
            Some('[') => Some(']'),
            _ => None,
        };
        if close.is_some() {
            rest = rest[1..].trim_start();
        }
        let (r, n) = number(rest)?;
        rest = rest[n..].trim_start();
        rest = rest
            .strip_prefix(',')
            .ok_or_else(|| err(format!("row {r} is not followed by `,` and a column")))?
            .trim_start();
        let (c, n) = number(rest)?;
        rest = &rest[n..];
        if let Some(close) = close {
            rest = rest
                .trim_start()
                .strip_prefix(close)
                .ok_or_else(|| err(format!("`{close}` missing after {r},{c}")))?;
        }
        if !rest.is_empty() && !rest.starts_with(|ch: char| ch.is_whitespace() || ch == ',' || ch == ';') {
            let got: String = rest.chars().take(8).collect();
            return Err(err(format!("unexpected {got:?} after {r},{c}")));
        }
        cells.push((r, c));
    }
    Ok(cells)
}

/// Writes cells as `"r,c r,c"`.
pub fn render_cell_list(cells: &[Coord]) -> String {
    cells
        .iter()
        .map(|(r, c)| format!("{r},{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_spellings() {
        assert_eq!(parse_cell_list("1,3 2,5").unwrap(), vec![(1, 3), (2, 5)]);
        assert_eq!(parse_cell_list("(1, 3), (2, 5)").unwrap(), vec![(1, 3), (2, 5)]);
        assert_eq!(parse_cell_list("").unwrap(), vec![]);
        assert!(parse_cell_list("1,3 2").is_err());
        assert!(parse_cell_list("1,-3").is_err());
        assert_eq!(parse_cell_list("[[1,3],[2,5]]").unwrap(), vec![(1, 3), (2, 5)]);
        assert_eq!(parse_cell_list("((1, 3), (2, 5))").unwrap(), vec![(1, 3), (2, 5)]);
        assert_eq!(parse_cell_list("((1, 2),)").unwrap(), vec![(1, 2)]);
        assert_eq!(
            parse_cell_list("1,3; 2,5\n0,0").unwrap(),
            vec![(1, 3), (2, 5), (0, 0)]
        );
        for bad in [
            "1,3,", "\u{fffd}", "1,\u{e9}", "((1,3)", "+1,3", "1,3)", "(1,3", "1 3", "1,,3", "[[1,3]",
            "1,3 x", ",1,3",
        ] {
            assert!(parse_cell_list(bad).is_err(), "{bad:?}");
        }
        assert_eq!(render_cell_list(&[(1, 3), (2, 5)]), "1,3 2,5");
        // A fraction is named as the number it is, not as a row without its column.
        for (bad, token) in [("1.0,3", "1.0"), ("1,3.5", "3.5"), ("2e1,3", "2e1")] {
            let e = parse_cell_list(bad).unwrap_err().to_string();
            assert!(
                e.contains(&format!("{token:?} is not a non-negative whole number")),
                "{e}"
            );
        }
    }
}
