//! Column lists: the seed's solution format for n-queens ("the first element is the column of
//! the queen in the first row, the second that of the second row, ..."), one solution a line.
//!
//! Written as `plain` (`1 3 0 2`) or `python` (`[1, 3, 0, 2]`, the seed program's list
//! output), 0-based by default (the seed's lists are Python lists of 0-based indices) or
//! 1-based. The reader accepts both styles, streams the file (a 10^8-queen line is about
//! 900 MB) and names the line and character of any fault.

use super::decimal::push_decimal;
use std::io::{BufRead, Write};

crate::choices! {
/// How a column list is written.
pub enum ColumnStyle {
    /// Numbers separated by single spaces.
    #[default]
    Plain = "plain",
    /// A Python list: `[c0, c1, ...]`.
    Python = "python",
}
}

/// A fault in a column-list file.
#[derive(Debug, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct ColumnsError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// Writes one solution as one line.
pub fn write_columns<W: Write + ?Sized>(
    w: &mut W,
    col: &[u32],
    style: ColumnStyle,
    one_based: bool,
) -> std::io::Result<()> {
    let sep: &[u8] = match style {
        ColumnStyle::Plain => b" ",
        ColumnStyle::Python => b", ",
    };
    let mut buf = Vec::with_capacity(1 << 16);
    if style == ColumnStyle::Python {
        buf.push(b'[');
    }
    for (i, &c) in col.iter().enumerate() {
        if i > 0 {
            buf.extend_from_slice(sep);
        }
        push_decimal(&mut buf, c as u64 + u64::from(one_based));
        if buf.len() > (1 << 16) - 32 {
            w.write_all(&buf)?;
            buf.clear();
        }
    }
    if style == ColumnStyle::Python {
        buf.push(b']');
    }
    buf.push(b'\n');
    w.write_all(&buf)
}

/// Reads every non-empty line as one solution (0-based columns out) and hands it to `each`
/// with its 1-based line number. Separators are spaces, tabs, commas and brackets.
pub fn read_column_lists<R: BufRead>(
    mut r: R,
    one_based: bool,
    mut each: impl FnMut(usize, Vec<u32>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let (mut line, mut col) = (1usize, 0usize);
    let mut cols: Vec<u32> = Vec::new();
    let mut number: Option<u64> = None;
    // This line's list: its `[` open, a list already closed, numbers already read, and a
    // column read since the last `,` or `[` (so an empty entry, `1,,3`, is refused, not read
    // as `1 3`). A line holds one list, so `[1, 3] [0, 2]` is not read as the list `1 3 0 2`.
    let (mut open, mut closed, mut any, mut entry) = (false, false, false, false);
    let fault = |line, col, message: String| ColumnsError { line, col, message };
    // A leading byte-order mark says only that the text is UTF-8.
    if r.fill_buf()?.starts_with(super::compressed::BOM) {
        r.consume(super::compressed::BOM.len());
    }
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let len = chunk.len();
        for &b in chunk {
            col += 1;
            match b {
                b'0'..=b'9' if closed => {
                    return Err(fault(line, col, "columns after the list's `]`".into()).into());
                }
                b'0'..=b'9' => {
                    let v = number.unwrap_or(0) * 10 + u64::from(b - b'0');
                    if v > u64::from(u32::MAX) + u64::from(one_based) {
                        return Err(fault(line, col, "column number too large".into()).into());
                    }
                    number = Some(v);
                }
                b' ' | b'\t' | b',' | b'[' | b']' | b'\r' | b'\n' => {
                    let entry_here = entry || number.is_some();
                    let wrong = match b {
                        b'[' if open => Some("a list inside a list"),
                        b'[' if closed => Some("a second list on one line"),
                        b'[' if entry_here || any => Some("columns before `[`"),
                        b']' if !open => Some("`]` without `[`"),
                        b'\n' if open => Some("`[` is never closed"),
                        b',' if !entry_here => Some("an empty entry (no column before `,`)"),
                        _ => None,
                    };
                    if let Some(message) = wrong {
                        return Err(fault(line, col, message.into()).into());
                    }
                    match b {
                        b'[' => (open, entry) = (true, false),
                        b']' => (open, closed) = (false, true),
                        b',' => entry = false,
                        _ => entry = entry_here,
                    }
                    if let Some(v) = number.take() {
                        if one_based && v == 0 {
                            return Err(fault(line, col - 1, "column 0 in a 1-based list".into()).into());
                        }
                        cols.push((v - u64::from(one_based)) as u32);
                        any = true;
                    }
                    if b == b'\n' {
                        (open, closed, any, entry) = (false, false, false, false);
                        if !cols.is_empty() {
                            each(line, std::mem::take(&mut cols))?;
                        }
                        line += 1;
                        col = 0;
                    }
                }
                _ => {
                    let shown = if b.is_ascii_graphic() {
                        format!("'{}'", b as char)
                    } else {
                        format!("byte 0x{b:02x}")
                    };
                    return Err(fault(line, col, format!("unexpected {shown} in a column list")).into());
                }
            }
        }
        r.consume(len);
    }
    if let Some(v) = number.take() {
        if one_based && v == 0 {
            return Err(fault(line, col, "column 0 in a 1-based list".into()).into());
        }
        cols.push((v - u64::from(one_based)) as u32);
    }
    if open {
        return Err(fault(line, col, "`[` is never closed".into()).into());
    }
    if !cols.is_empty() {
        each(line, cols)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, one_based: bool) -> anyhow::Result<Vec<(usize, Vec<u32>)>> {
        let mut out = Vec::new();
        read_column_lists(text.as_bytes(), one_based, |l, c| {
            out.push((l, c));
            Ok(())
        })?;
        Ok(out)
    }

    #[test]
    fn round_trips_both_styles_and_bases() {
        let col = vec![1u32, 3, 0, 2, 4_000_000_000];
        for style in [ColumnStyle::Plain, ColumnStyle::Python] {
            for one_based in [false, true] {
                let mut buf = Vec::new();
                write_columns(&mut buf, &col, style, one_based).unwrap();
                let text = String::from_utf8(buf).unwrap();
                assert_eq!(read(&text, one_based).unwrap(), vec![(1, col.clone())], "{text}");
            }
        }
        let mut buf = Vec::new();
        write_columns(&mut buf, &[1, 3, 0, 2], ColumnStyle::Python, false).unwrap();
        assert_eq!(buf, b"[1, 3, 0, 2]\n");
    }

    #[test]
    fn several_lines_and_faults_with_places() {
        let got = read("[0]\n\n1 3 0 2\n[2, 0, 3, 1]", false).unwrap();
        assert_eq!(
            got.iter().map(|(l, c)| (*l, c.len())).collect::<Vec<_>>(),
            [(1, 1), (3, 4), (4, 4)]
        );
        let e = read("1 3\n0 x 2\n", false).unwrap_err().to_string();
        assert_eq!(e, "2:3: unexpected 'x' in a column list");
        let e = read("1 0 2\n", true).unwrap_err().to_string();
        assert_eq!(e, "1:3: column 0 in a 1-based list");
        assert!(read("99999999999\n", false).is_err());
        for bad in ["[1, 3, 0, 2\n", "[1, 3, 0, 2", "1, 3]\n", "[[1, 3]\n"] {
            assert!(read(bad, false).is_err(), "{bad:?}");
        }
        // One list a line, and no empty entry: none of these is read as the column list 1 3 0 2.
        let faults = [
            ("[1, 3] [0, 2]\n", "1:8: a second list on one line"),
            ("1 3 [0, 2]\n", "1:5: columns before `[`"),
            ("[1, 3] 0 2\n", "1:8: columns after the list's `]`"),
            ("[[1, 3, 0, 2]]\n", "1:2: a list inside a list"),
            ("1,,3,0,2\n", "1:3: an empty entry (no column before `,`)"),
            ("[, 1, 3, 0, 2]\n", "1:2: an empty entry (no column before `,`)"),
        ];
        for (bad, want) in faults {
            assert_eq!(read(bad, false).unwrap_err().to_string(), want, "{bad:?}");
        }
        // A trailing comma, as Python allows, and spaces around commas still read.
        assert_eq!(
            read("[1 , 3, 0, 2,]\n", false).unwrap(),
            vec![(1, vec![1, 3, 0, 2])]
        );
    }
}
