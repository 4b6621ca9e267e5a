//! Text that may come compressed (`x.cnf.gz`, `x.cnf.xz`, `x.cnf.bz2`, as SAT benchmarks are
//! shipped): the format is recognised by the stream's first bytes, never by the file's name,
//! so a renamed file and standard input read alike. Every decoder is pure Rust and checks
//! the stream's own checksums, so a damaged archive is an error, not a short text.

use anyhow::bail;
use std::io::{BufRead, BufReader, Read};

/// A compression format queensat reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    Gzip,
    Xz,
    Bzip2,
}

impl Compression {
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Xz => "xz",
            Compression::Bzip2 => "bzip2",
        }
    }
}

/// Bytes [`sniff`] needs to see to tell every format apart.
const SNIFF_LEN: usize = 10;

/// The compression a stream starting with `head` uses: `Ok(None)` for plain text, an error
/// for a compressed format queensat does not read (zstd). A bzip2 stream is told by its whole
/// header (`BZh`, the block size, the magic of a first block or of the end), so that a text
/// file that happens to start with `BZh` still reads as text.
pub fn sniff(head: &[u8]) -> anyhow::Result<Option<Compression>> {
    const BZIP2_BLOCK: [u8; 6] = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59];
    const BZIP2_END: [u8; 6] = [0x17, 0x72, 0x45, 0x38, 0x50, 0x90];
    Ok(match head {
        [0x1f, 0x8b, ..] => Some(Compression::Gzip),
        [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Some(Compression::Xz),
        [b'B', b'Z', b'h', b'1'..=b'9', magic @ ..]
            if magic.starts_with(&BZIP2_BLOCK) || magic.starts_with(&BZIP2_END) =>
        {
            Some(Compression::Bzip2)
        }
        [0x28, 0xb5, 0x2f, 0xfd, ..] => {
            bail!(
                "zstd-compressed input is not read: decompress it first (zstd -d), or use gzip, xz or bzip2"
            )
        }
        _ => None,
    })
}

/// The whole text `input` holds, decompressed first when its first bytes say it is gzip, xz
/// or bzip2 (concatenated streams included, as `gzip -d` reads them). Errors name the format
/// and what went wrong: a damaged or truncated archive, or data that is not UTF-8 text.
pub fn read_text(input: impl Read) -> anyhow::Result<String> {
    read_text_up_to(input, None)
}

/// Like [`read_text`], refusing text longer than `most` bytes (once decompressed) after
/// reading no more than one byte past it: a reader of small files (a board) is not made to
/// take in an endless or huge stream (`/dev/zero`) before it can say what is wrong.
pub fn read_text_up_to(input: impl Read, most: Option<u64>) -> anyhow::Result<String> {
    let (format, input) = open(input)?;
    let what = format.map_or(String::new(), |f| format!("{} data", f.name()));
    let text = match most {
        None => read_to_string(input, &what)?,
        Some(most) => read_to_string(input.take(most.saturating_add(1)), &what)?,
    };
    if let Some(most) = most.filter(|&m| text.len() as u64 > m) {
        bail!("more than {} bytes, far more than such a file holds", most);
    }
    Ok(text)
}

/// `input` as a stream of its text's bytes, decompressed as in [`read_text`], to read a line at
/// a time: after the first bytes it reads only what each line needs, so a reader that answers
/// line by line (`value --batch -`) can do so while the writer waits. The stream's read errors
/// are the decoder's.
pub fn open_text<'a>(input: impl Read + 'a) -> anyhow::Result<Box<dyn BufRead + 'a>> {
    Ok(Box::new(BufReader::new(open(input)?.1)))
}

/// Reads one line of `input` (its newline included) onto `line`, as `read_until` does, but
/// refuses a line longer than `most` bytes after reading one byte past it: a line-by-line
/// reader given a file without newlines (`/dev/zero`, a binary) fails in one line instead of
/// taking in the whole stream. Returns the bytes read, 0 at the end.
pub fn read_line_up_to(input: &mut dyn BufRead, line: &mut Vec<u8>, most: usize) -> anyhow::Result<usize> {
    let n = input.take(most as u64 + 1).read_until(b'\n', line)?;
    if line.len() > most {
        bail!("a line longer than {most} bytes, far more than a line here holds");
    }
    Ok(n)
}

/// The compression `input` uses and its decoded bytes.
fn open<'a>(mut input: impl Read + 'a) -> anyhow::Result<(Option<Compression>, Box<dyn Read + 'a>)> {
    let head = read_head(&mut input)?;
    let format = sniff(&head)?;
    // The bytes looked at go back in front of the rest.
    let input = BufReader::with_capacity(1 << 16, std::io::Cursor::new(head).chain(input));
    let decoded: Box<dyn Read> = match format {
        None => Box::new(input),
        Some(Compression::Gzip) => Box::new(flate2::bufread::MultiGzDecoder::new(input)),
        Some(Compression::Xz) => Box::new(lzma_rust2::XzReader::new(input, true)),
        Some(Compression::Bzip2) => Box::new(bzip2::bufread::MultiBzDecoder::new(input)),
    };
    Ok((format, decoded))
}

/// The first bytes of `input`, as many as tell its format apart: up to [`SNIFF_LEN`], but no
/// more once they open no compressed format's magic (plain text), so that a pipe that hands
/// over a short first line is not waited on. Fewer if the input ends first.
fn read_head(input: &mut impl Read) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(SNIFF_LEN);
    let mut buf = [0u8; SNIFF_LEN];
    while head.len() < SNIFF_LEN && (head.is_empty() || may_be_compressed(&head)) {
        let n = match input.read(&mut buf[..SNIFF_LEN - head.len()]) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        head.extend_from_slice(&buf[..n]);
    }
    Ok(head)
}

/// Whether `head` (shorter than [`SNIFF_LEN`]) is the start of a header [`sniff`] looks for.
fn may_be_compressed(head: &[u8]) -> bool {
    const MAGICS: [&[u8]; 4] = [
        &[0x1f, 0x8b],
        &[0xfd, b'7', b'z', b'X', b'Z', 0x00],
        b"BZh",
        &[0x28, 0xb5, 0x2f, 0xfd],
    ];
    MAGICS.iter().any(|m| {
        let n = head.len().min(m.len());
        // bzip2's block-size digit and block magic follow `BZh`: `sniff` decides on those.
        head[..n] == m[..n] && (head.len() < m.len() || *m == b"BZh")
    })
}

/// UTF-8's byte-order mark, which a text may open with.
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// All of `r` as UTF-8 text (a leading byte-order mark dropped); `what` names the compressed data it comes from, if any.
fn read_to_string(mut r: impl Read, what: &str) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    if let Err(e) = r.read_to_end(&mut bytes) {
        match what {
            "" => return Err(e.into()),
            // Each decoder words a cut-short stream its own way.
            w if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                bail!("damaged {w}: it ends too soon ({e})")
            }
            w => bail!("damaged {w}: {e}"),
        }
    }
    // A byte-order mark (Windows editors, Excel's CSV) says only that the text is UTF-8.
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        match what {
            "" => anyhow::anyhow!("not text: byte {at} is not UTF-8"),
            w => anyhow::anyhow!("the {w} decompresses to bytes that are not text (byte {at} is not UTF-8)"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // Round trips through each format, damaged archives and slow pipes: tests/solve_conventions.rs,
    // which has the encoders.

    #[test]
    fn a_byte_order_mark_is_dropped() {
        assert_eq!(read_text(&b"\xef\xbb\xbf....\n"[..]).unwrap(), "....\n");
        // Only at the start: elsewhere it is a character like any other.
        assert_eq!(read_text(&b".\xef\xbb\xbf"[..]).unwrap(), ".\u{feff}");
    }

    #[test]
    fn a_bounded_read_stops_one_byte_past_its_bound() {
        let endless = std::io::repeat(b'.');
        let e = read_text_up_to(endless, Some(10)).unwrap_err().to_string();
        assert!(e.contains("more than 10 bytes"), "{e}");
        assert_eq!(
            read_text_up_to(&b"0123456789"[..], Some(10)).unwrap(),
            "0123456789"
        );
        let mut line = Vec::new();
        let mut input = std::io::BufReader::new(std::io::repeat(0));
        let e = read_line_up_to(&mut input, &mut line, 8).unwrap_err().to_string();
        assert!(e.contains("longer than 8 bytes") && line.len() == 9, "{e}");
        let mut input = &b"1234567\nab"[..];
        line.clear();
        assert_eq!(read_line_up_to(&mut input, &mut line, 8).unwrap(), 8);
        line.clear();
        assert_eq!(read_line_up_to(&mut input, &mut line, 8).unwrap(), 2);
        assert_eq!(line, b"ab");
    }

    #[test]
    fn formats_are_told_by_their_headers_not_by_a_prefix() {
        assert_eq!(sniff(&[0x1f, 0x8b, 8]).unwrap(), Some(Compression::Gzip));
        assert_eq!(sniff(b"\xfd7zXZ\0\0\x04").unwrap(), Some(Compression::Xz));
        let bz = b"BZh91AY&SY";
        assert_eq!(sniff(bz).unwrap(), Some(Compression::Bzip2));
        assert_eq!(
            sniff(b"BZh9 walls\n").unwrap(),
            None,
            "text that starts like bzip2"
        );
        assert_eq!(sniff(&[0x1f]).unwrap(), None, "one byte is not yet a gzip header");
        assert_eq!(sniff(b"p cnf 1 1\n").unwrap(), None);
        assert!(format!("{:#}", sniff(&[0x28, 0xb5, 0x2f, 0xfd]).unwrap_err()).contains("zstd"));
    }

    #[test]
    fn plain_text_reads_as_it_is() {
        assert_eq!(read_text(&b"p cnf 1 1\n1 0\n"[..]).unwrap(), "p cnf 1 1\n1 0\n");
        assert_eq!(read_text(&b"BZh"[..]).unwrap(), "BZh");
        assert_eq!(read_text(&b""[..]).unwrap(), "");
        assert!(format!("{:#}", read_text(&[0xc3, 0x28][..]).unwrap_err()).contains("not text"));
    }

    /// A reader that hands over one byte a call, as a slow pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some((&b, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buf[0] = b;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn the_head_stops_where_no_format_could_start() {
        assert_eq!(read_head(&mut Trickle(b"{\"size\":4}\n")).unwrap(), b"{");
        assert_eq!(read_head(&mut Trickle(b"BZh9 walls\n")).unwrap(), b"BZh9 walls");
        // Two bytes tell gzip; bzip2 needs all ten.
        let gzip = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0, 3];
        assert_eq!(read_head(&mut Trickle(&gzip)).unwrap(), [0x1f, 0x8b]);
        assert_eq!(read_head(&mut Trickle(b"\xfd7q")).unwrap(), b"\xfd7q");
        let mut lines = open_text(Trickle(b"a\nb\n")).unwrap().lines();
        assert_eq!(lines.next().unwrap().unwrap(), "a");
    }
}
