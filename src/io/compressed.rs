//! Text that may come compressed (`x.cnf.gz`, `x.cnf.xz`, `x.cnf.bz2`, as SAT benchmarks are
//! shipped): the format is recognised by the stream's first bytes, never by the file's name,
//! so a renamed file and standard input read alike. Every decoder is pure Rust and checks
//! the stream's own checksums, so a damaged archive is an error, not a short text.

use anyhow::bail;
use std::io::{BufReader, Read};

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
pub fn read_text(mut input: impl Read) -> anyhow::Result<String> {
    let head = read_head(&mut input)?;
    let format = sniff(&head)?;
    // The bytes looked at go back in front of the rest.
    let input = BufReader::with_capacity(1 << 16, std::io::Cursor::new(head).chain(input));
    let Some(format) = format else {
        return read_to_string(input, "");
    };
    let what = format!("{} data", format.name());
    let decoded: Box<dyn Read> = match format {
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(input)),
        Compression::Xz => Box::new(lzma_rust2::XzReader::new(input, true)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(input)),
    };
    read_to_string(decoded, &what)
}

/// The first [`SNIFF_LEN`] bytes of `input`, fewer only if it ends first (a pipe may hand
/// them over a few at a time).
fn read_head(input: &mut impl Read) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(SNIFF_LEN);
    input.take(SNIFF_LEN as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// All of `r` as UTF-8 text; `what` names the compressed data it comes from, if any.
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
}
