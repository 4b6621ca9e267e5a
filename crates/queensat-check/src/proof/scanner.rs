//! Bytes in, with the position of each: the one byte-level reader under the CNF reader and both
//! proof readers.
//!
//! Invariant: memory is one fixed buffer; numbers that do not fit are errors, never wrapped.

use std::io::Read;

const BUFFER: usize = 1 << 16;

/// A buffered reader of bytes that knows its byte offset and line.
pub(super) struct Scanner<R> {
    input: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    /// Bytes consumed before `buf[0]`.
    base: u64,
    line: u64,
    eof: bool,
}

/// Why reading failed: the input itself, or bytes that are not what the format allows.
#[derive(Debug)]
pub(super) enum ScanError {
    Io(std::io::Error),
    Syntax(String),
}

impl From<std::io::Error> for ScanError {
    fn from(e: std::io::Error) -> Self {
        ScanError::Io(e)
    }
}

pub(super) type Scan<T> = Result<T, ScanError>;

pub(super) fn syntax<T>(msg: impl Into<String>) -> Scan<T> {
    Err(ScanError::Syntax(msg.into()))
}

impl<R: Read> Scanner<R> {
    pub(super) fn new(input: R) -> Self {
        Scanner {
            input,
            buf: vec![0; BUFFER].into_boxed_slice(),
            pos: 0,
            len: 0,
            base: 0,
            line: 1,
            eof: false,
        }
    }

    /// The offset of the next byte from the start of the input.
    pub(super) fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// The line of the next byte (1-based; counted for text, meaningless for binary input).
    pub(super) fn line(&self) -> u64 {
        self.line
    }

    fn refill(&mut self) -> Scan<bool> {
        if self.pos < self.len {
            return Ok(true);
        }
        if self.eof {
            return Ok(false);
        }
        self.base += self.len as u64;
        self.pos = 0;
        self.len = 0;
        loop {
            match self.input.read(&mut self.buf) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.len = n;
                    return Ok(true);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// The first bytes of the input (up to `n`, at most one buffer), without consuming them:
    /// what the format sniffer looks at. Only valid before anything is consumed.
    pub(super) fn head(&mut self, n: usize) -> Scan<&[u8]> {
        debug_assert_eq!(self.offset(), 0);
        while self.len < n.min(self.buf.len()) && !self.eof {
            let len = self.len;
            match self.input.read(&mut self.buf[len..]) {
                Ok(0) => self.eof = true,
                Ok(k) => self.len += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(&self.buf[..self.len.min(n)])
    }

    pub(super) fn peek(&mut self) -> Scan<Option<u8>> {
        Ok(if self.refill()? {
            Some(self.buf[self.pos])
        } else {
            None
        })
    }

    pub(super) fn next(&mut self) -> Scan<Option<u8>> {
        let b = self.peek()?;
        if let Some(b) = b {
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
            }
        }
        Ok(b)
    }

    /// Skips spaces, tabs, carriage returns and newlines.
    pub(super) fn skip_space(&mut self) -> Scan<()> {
        while let Some(b) = self.peek()? {
            if !matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                break;
            }
            self.next()?;
        }
        Ok(())
    }

    /// Skips the rest of the line, newline included.
    pub(super) fn skip_line(&mut self) -> Scan<()> {
        while let Some(b) = self.next()? {
            if b == b'\n' {
                break;
            }
        }
        Ok(())
    }

    /// A decimal integer with an optional minus sign, ended by whitespace or the end of input.
    pub(super) fn int(&mut self) -> Scan<i64> {
        let negative = self.peek()? == Some(b'-');
        if negative {
            self.next()?;
        }
        let mut value: i64 = 0;
        let mut digits = 0;
        while let Some(b) = self.peek()? {
            match b {
                b'0'..=b'9' => {
                    value = match value
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(i64::from(b - b'0')))
                    {
                        Some(v) => v,
                        None => return syntax("a number too large"),
                    };
                    digits += 1;
                    self.next()?;
                }
                b' ' | b'\t' | b'\r' | b'\n' => break,
                other => return syntax(format!("unexpected byte {}", shown(other))),
            }
        }
        if digits == 0 {
            return match self.peek()? {
                None => syntax("a number cut short by the end of the file"),
                Some(b) => syntax(format!("unexpected byte {}", shown(b))),
            };
        }
        Ok(if negative { -value } else { value })
    }

    /// An unsigned LEB128 number (7 bits a byte, low bits first), as binary DRAT and LRAT
    /// write them.
    pub(super) fn varint(&mut self) -> Scan<u64> {
        let mut value: u64 = 0;
        let mut shift = 0;
        loop {
            let Some(b) = self.next()? else {
                return syntax("a number cut short by the end of the file");
            };
            let bits = u64::from(b & 0x7f);
            if shift >= 64 || (shift > 0 && bits >> (64 - shift) != 0) {
                return syntax("a number too large");
            }
            value |= bits << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
            shift += 7;
        }
    }
}

/// A byte as a message shows it: the character if printable, else its hex code.
pub(super) fn shown(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("0x{b:02x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_and_varints() {
        let mut s = Scanner::new(&b"12 -7\n 0"[..]);
        assert_eq!(s.int().unwrap(), 12);
        s.skip_space().unwrap();
        assert_eq!(s.int().unwrap(), -7);
        s.skip_space().unwrap();
        assert_eq!(s.line(), 2);
        assert_eq!(s.int().unwrap(), 0);
        assert!(s.peek().unwrap().is_none());
        assert!(matches!(
            Scanner::new(&b"99999999999999999999"[..]).int(),
            Err(ScanError::Syntax(_))
        ));
        assert!(matches!(Scanner::new(&b"-"[..]).int(), Err(ScanError::Syntax(_))));
        assert!(matches!(
            Scanner::new(&b"1x"[..]).int(),
            Err(ScanError::Syntax(_))
        ));
        let mut s = Scanner::new(&[0x96, 0x01, 0x05, 0xff][..]);
        assert_eq!(s.varint().unwrap(), 150);
        assert_eq!(s.varint().unwrap(), 5);
        assert!(s.varint().is_err(), "cut short");
        let long = [0xffu8; 11];
        assert!(Scanner::new(&long[..]).varint().is_err(), "more than 64 bits");
        let max = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
        assert_eq!(Scanner::new(&max[..]).varint().unwrap(), u64::MAX);
        let over = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02];
        assert!(Scanner::new(&over[..]).varint().is_err());
    }

    #[test]
    fn head_does_not_consume() {
        let mut s = Scanner::new(&b"abc"[..]);
        assert_eq!(s.head(2).unwrap(), b"ab");
        assert_eq!(s.next().unwrap(), Some(b'a'));
        assert_eq!(s.offset(), 1);
    }
}
