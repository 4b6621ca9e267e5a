//! Binary or text: told from a proof's first bytes.
//!
//! Text DRAT and LRAT use only digits, `-`, `d`, whitespace and `c` comment lines; every binary
//! step starts with the byte `a` or `d` and ends with a 0 byte, which text never holds. A wrong
//! guess cannot make a bad proof pass: it only makes the reader reject the bytes, and every step
//! it does read is checked either way.

/// How a proof's steps are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Encoding {
    Text,
    Binary,
}

/// How many leading bytes decide.
pub(super) const SNIFF_BYTES: usize = 4096;

/// Binary when a byte outside text's alphabet shows up in `head` (outside comment lines).
pub(super) fn sniff(head: &[u8]) -> Encoding {
    let mut line_start = true;
    let mut comment = false;
    for &b in head {
        if comment {
            comment = b != b'\n';
            line_start = !comment;
            continue;
        }
        match b {
            b'c' if line_start => comment = true,
            b'0'..=b'9' | b'-' | b'd' | b' ' | b'\t' | b'\r' => line_start = false,
            b'\n' => line_start = true,
            _ => return Encoding::Binary,
        }
    }
    Encoding::Text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_binary_and_comments() {
        assert_eq!(sniff(b"1 -2 0\nd 1 -2 0\n"), Encoding::Text);
        assert_eq!(sniff(b"c written by \xff\x00 someone\n1 0\n"), Encoding::Text);
        assert_eq!(sniff(b""), Encoding::Text);
        assert_eq!(sniff(b"9 1 2 0 3 0\n9 d 4 0\n"), Encoding::Text);
        assert_eq!(sniff(&[b'a', 2, 0]), Encoding::Binary);
        assert_eq!(sniff(&[b'd', b' ', 0]), Encoding::Binary);
        assert_eq!(
            sniff(b"1 c 0\n"),
            Encoding::Binary,
            "c only opens a comment at a line start"
        );
    }
}
