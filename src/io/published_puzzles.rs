//! The published puzzle list: a JSON-like list `[[walls, value], ...]`, walls as an unsigned
//! 64-bit number in the published layout (cell (r, c) is bit 63 − (8r + c)).

/// One entry of the list, with the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedPuzzle {
    pub line: usize,
    pub bits: u64,
    pub value: usize,
}

/// Parses the list. Errors name the line and what was expected.
pub fn parse_published_puzzles(text: &str) -> anyhow::Result<Vec<PublishedPuzzle>> {
    // Tokens: brackets, commas and numbers, with their line.
    let mut tokens: Vec<(usize, String)> = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let mut num = String::new();
        for ch in line.chars() {
            if ch.is_ascii_digit() {
                num.push(ch);
                continue;
            }
            if !num.is_empty() {
                tokens.push((ln + 1, std::mem::take(&mut num)));
            }
            match ch {
                '[' | ']' | ',' => tokens.push((ln + 1, ch.to_string())),
                c if c.is_whitespace() => {}
                c => anyhow::bail!("line {}: unexpected character {c:?}", ln + 1),
            }
        }
        if !num.is_empty() {
            tokens.push((ln + 1, num));
        }
    }
    let mut it = tokens.into_iter().peekable();
    let expect =
        |want: &str, it: &mut std::iter::Peekable<std::vec::IntoIter<(usize, String)>>| match it.next() {
            Some((_, t)) if t == want => Ok(()),
            Some((l, t)) => anyhow::bail!("line {l}: expected {want:?}, found {t:?}"),
            None => anyhow::bail!("end of input: expected {want:?}"),
        };
    let number = |it: &mut std::iter::Peekable<std::vec::IntoIter<(usize, String)>>| match it.next() {
        Some((l, t)) if t.chars().all(|c| c.is_ascii_digit()) => t
            .parse::<u64>()
            .map(|n| (l, n))
            .map_err(|_| anyhow::anyhow!("line {l}: {t} does not fit 64 bits")),
        Some((l, t)) => anyhow::bail!("line {l}: expected a number, found {t:?}"),
        None => anyhow::bail!("end of input: expected a number"),
    };
    expect("[", &mut it)?;
    let mut out = Vec::new();
    loop {
        if matches!(it.peek(), Some((_, t)) if t == "]") {
            it.next();
            break;
        }
        expect("[", &mut it)?;
        let (line, bits) = number(&mut it)?;
        expect(",", &mut it)?;
        let (_, value) = number(&mut it)?;
        expect("]", &mut it)?;
        out.push(PublishedPuzzle {
            line,
            bits,
            value: value as usize,
        });
        match it.next() {
            Some((_, t)) if t == "," => {}
            Some((_, t)) if t == "]" => break,
            Some((l, t)) => anyhow::bail!("line {l}: expected \",\" or \"]\", found {t:?}"),
            None => anyhow::bail!("end of input: the list is not closed"),
        }
    }
    if let Some((l, t)) = it.next() {
        anyhow::bail!("line {l}: unexpected {t:?} after the list");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_published_layouts() {
        let a = parse_published_puzzles("[[9223372036921884672, 9], \n[4, 10]]").unwrap();
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].bits, 9223372036921884672);
        assert_eq!((a[1].line, a[1].value), (2, 10));
        assert_eq!(parse_published_puzzles("[]").unwrap(), vec![]);
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_published_puzzles("[[1, 2],\n[3 4]]")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2"), "{e}");
        let e = parse_published_puzzles("[[1, 2]").unwrap_err().to_string();
        assert!(e.contains("not closed"), "{e}");
        let e = parse_published_puzzles("[[99999999999999999999, 2]]")
            .unwrap_err()
            .to_string();
        assert!(e.contains("64 bits"), "{e}");
        assert!(parse_published_puzzles("[[1, x]]").is_err());
    }
}
