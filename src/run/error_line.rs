//! An error as the user reads it: the error and its causes on one line, what follows
//! `queensat: error: ` on the command line and what a Python `QueensatError` carries.

/// `e` and its causes joined by `: `, on one line.
pub fn one_line(e: &anyhow::Error) -> String {
    e.chain()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(": ")
        .replace('\n', " ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_causes_follow_the_error_on_one_line() {
        let e = anyhow::anyhow!("cell 9,1\nis off").context("--walls");
        assert_eq!(super::one_line(&e), "--walls: cell 9,1 is off");
    }
}
