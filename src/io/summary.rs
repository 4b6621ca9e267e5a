//! The author's printed summaries (`*W_summary.txt`) of the published study, read as claims:
//! the one reader, for `verify` and `sweep-compare`.
//!
//! Recognised lines (others are kept as unchecked text):
//! `Total NW boards: T`, `Max NW queens: M` (any word for N), `Max ... example board: ((r, c), ...)`,
//! `There are K boards with value V.` / `There are K boards with V queens in them.` (or
//! `There is 1 board ...`), each with the share of all boards it may end with, `(P%)`, and after
//! `--- All ... boards with value V:` one board per line, `(r, c), (r, c)`.

use crate::board::{Coord, parse_cell_list};
use anyhow::Context;

/// One claim of a summary, with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SummaryClaim {
    /// The number of boards of this wall count.
    Total(u64),
    /// The largest value over these boards.
    Max(usize),
    /// A board said to reach the largest value.
    Example(Vec<Coord>),
    /// `count` boards have value `value`.
    Count { value: usize, count: u64 },
    /// `percent` per cent of all boards have value `value` (the `(P%)` after a count, on the
    /// count's line), as written: its decimals say how it was rounded.
    Share { value: usize, percent: String },
    /// The board has value `value` (one line of a listing).
    Listed { value: usize, walls: Vec<Coord> },
    /// A line that states something this reader does not check.
    Unchecked(String),
}

/// `count` of `total` boards as a percentage, rounded to as many decimals as `as_written` (a
/// summary's `P` of `(P%)`) has, so that the two compare as text.
pub fn share_as_written(count: u64, total: u64, as_written: &str) -> String {
    let decimals = as_written.split_once('.').map_or(0, |(_, d)| d.len());
    format!("{:.decimals$}", 100.0 * count as f64 / total.max(1) as f64)
}

/// Parses a summary file into `(line, claim)` pairs.
pub fn parse_summary(name: &str, text: &str) -> anyhow::Result<Vec<(usize, SummaryClaim)>> {
    let mut out = Vec::new();
    let mut listing: Option<usize> = None;
    // The share a count's line also states, a claim of its own on the same line.
    let mut share = None;
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.chars().all(|c| c == '-') || line.contains("RUN COMPLETE") {
            continue;
        }
        let num = |s: &str| -> anyhow::Result<u64> {
            s.trim()
                .trim_end_matches('.')
                .parse()
                .with_context(|| format!("{name}: line {ln}: {s:?} is not a number"))
        };
        let lower = line.to_lowercase();
        let claim = if let Some(rest) = line.strip_prefix("--- All ") {
            let v = rest.rsplit_once("value ").map(|(_, v)| v.trim_end_matches(':'));
            listing = Some(num(
                v.with_context(|| format!("{name}: line {ln}: no value in the listing header"))?
            )? as usize);
            continue;
        } else if let Some(value) = listing.filter(|_| line.starts_with('(')) {
            let walls = parse_cell_list(line).with_context(|| format!("{name}: line {ln}"))?;
            SummaryClaim::Listed { value, walls }
        } else if lower.starts_with("total") && lower.contains("boards:") && !lower.contains("checked") {
            SummaryClaim::Total(num(line.rsplit(':').next().unwrap_or(""))?)
        } else if lower.starts_with("max") && lower.contains("queens:") {
            SummaryClaim::Max(num(line.rsplit(':').next().unwrap_or(""))? as usize)
        } else if lower.starts_with("max") && lower.contains("example board:") {
            let cells = line.split_once("board:").map(|(_, c)| c).unwrap_or("");
            SummaryClaim::Example(parse_cell_list(cells).with_context(|| format!("{name}: line {ln}"))?)
        } else if let Some(rest) = line
            .strip_prefix("There are ")
            .or_else(|| line.strip_prefix("There is "))
        {
            // "K boards with value V. (p%)", "K boards with V queens in them. (p%)",
            // "1 board with value V.": those words exactly, so that another statement ("K
            // boards without value V") is left unchecked, not read as a count.
            let words: Vec<&str> = rest.split_whitespace().collect();
            let said = match words.split_last() {
                Some((last, said)) if last.starts_with('(') => said,
                _ => &words[..],
            };
            let value = match said {
                [_, "boards" | "board", "with", "value", v] => Some(*v),
                [_, "boards" | "board", "with", v, "queens", "in", "them." | "it."] => Some(*v),
                _ => None,
            };
            let Some(value) = value else {
                out.push((ln, SummaryClaim::Unchecked(line.to_string())));
                continue;
            };
            let count = num(said[0])?;
            let value = num(value)? as usize;
            if let Some((_, p)) = line.rsplit_once('(')
                && let Some(percent) = p.strip_suffix("%)")
            {
                let digits = percent.replacen('.', "", 1);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    anyhow::bail!("{name}: line {ln}: \"{percent}%\" is not a percentage");
                }
                share = Some(SummaryClaim::Share {
                    value,
                    percent: percent.to_string(),
                });
            }
            SummaryClaim::Count { value, count }
        } else {
            SummaryClaim::Unchecked(line.to_string())
        };
        out.push((ln, claim));
        out.extend(share.take().map(|c| (ln, c)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_published_shapes() {
        let t = "Total 2W boards: 2016\nMax twowall queens: 10\nmax twowall queen example board: ((1, 3), (2, 5))\nThere are 368 boards with 8 queens in them. (18.25%)\nThere are 38 boards with value 10. (1.88%)\nTotal boards checked: 5\n\n--- All 2W boards with value 10:\n(1, 3), (2, 5)\n(1, 3), (3, 6) \n";
        let c = parse_summary("s", t).unwrap();
        assert_eq!(c[0], (1, SummaryClaim::Total(2016)));
        assert_eq!(c[1], (2, SummaryClaim::Max(10)));
        assert_eq!(c[2].1, SummaryClaim::Example(vec![(1, 3), (2, 5)]));
        assert_eq!(c[3].1, SummaryClaim::Count { value: 8, count: 368 });
        assert_eq!(
            c[4].1,
            SummaryClaim::Share {
                value: 8,
                percent: "18.25".into()
            }
        );
        assert_eq!(c[5].1, SummaryClaim::Count { value: 10, count: 38 });
        assert!(matches!(c[7].1, SummaryClaim::Unchecked(_)));
        assert_eq!(
            c[9].1,
            SummaryClaim::Listed {
                value: 10,
                walls: vec![(1, 3), (3, 6)]
            }
        );
        assert!(parse_summary("s", "There are x boards with value 3\n").is_err());
        // Another statement about a value is not read as a count of it.
        for other in [
            "There are 32 boards without value 8.",
            "There are 3 boards with value 3 or more.",
        ] {
            assert_eq!(
                parse_summary("s", other).unwrap(),
                vec![(1, SummaryClaim::Unchecked(other.to_string()))]
            );
        }
        assert!(parse_summary("s", "There are 3 boards with value 3. (1.2.3%)\n").is_err());
        let one = parse_summary("s", "There is 1 board with value 11.\n").unwrap();
        assert_eq!(one[0].1, SummaryClaim::Count { value: 11, count: 1 });
    }
}
