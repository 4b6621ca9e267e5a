//! Cell lists: `"r,c r,c ..."`, 0-based, row 0 at the top. Separators between pairs may be
//! spaces, semicolons or newlines; parentheses are ignored, so `"(1, 3), (2, 5)"` also reads.

use super::{BoardError, Coord};

/// Parses a list of cells. Bounds are checked where the board is built.
pub fn parse_cell_list(text: &str) -> Result<Vec<Coord>, BoardError> {
    let cleaned: String = text
        .chars()
        .map(|ch| match ch {
            '(' | ')' | '[' | ']' | ';' => ' ',
            _ => ch,
        })
        .collect();
    // Numbers in order; a pair is two consecutive numbers.
    let mut numbers = Vec::new();
    for token in cleaned
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let n: usize = token.parse().map_err(|_| {
            BoardError::new(format!("cell list: {token:?} is not a non-negative whole number"))
        })?;
        numbers.push(n);
    }
    if numbers.len() % 2 != 0 {
        return Err(BoardError::new(format!(
            "cell list: {} numbers do not make row,column pairs",
            numbers.len()
        )));
    }
    Ok(numbers.chunks(2).map(|p| (p[0], p[1])).collect())
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
        assert_eq!(render_cell_list(&[(1, 3), (2, 5)]), "1,3 2,5");
    }
}
