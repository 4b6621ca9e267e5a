//! SHA-256 (FIPS 180-4), for the seals of files queensat reads back ([`super::seal`]): a
//! standard digest, so that anyone can recompute a seal with `sha256sum`. The digest is the
//! `sha2` crate's (already built for the xz decoder); this module fixes the one form the seals
//! use, 64 lowercase hex digits.

use sha2::Digest as _;
use std::fmt::Write as _;

/// An incremental digest: feed bytes with [`Sha256::update`], then [`Sha256::hex`].
#[derive(Clone, Debug, Default)]
pub struct Sha256(sha2::Sha256);

impl Sha256 {
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The digest of every byte fed, as 64 lowercase hex digits.
    pub fn hex(self) -> String {
        self.0
            .finalize()
            .iter()
            .fold(String::with_capacity(64), |mut out, b| {
                let _ = write!(out, "{b:02x}");
                out
            })
    }
}

/// The SHA-256 digest of `bytes`, as 64 lowercase hex digits.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let mut h = Sha256::default();
    h.update(bytes);
    h.hex()
}

/// A reader that digests every byte it hands over: the digest of exactly what its reader read.
pub struct DigestingReader<R> {
    inner: R,
    digest: Sha256,
}

impl<R: std::io::Read> DigestingReader<R> {
    pub fn new(inner: R) -> Self {
        DigestingReader {
            inner,
            digest: Sha256::default(),
        }
    }

    /// Reads what is left to the end, then the digest of every byte read, as 64 hex digits.
    pub fn finish(mut self) -> std::io::Result<String> {
        std::io::copy(&mut self, &mut std::io::sink())?;
        Ok(self.digest.hex())
    }
}

impl<R: std::io::Read> std::io::Read for DigestingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.digest.update(&buf[..n]);
        Ok(n)
    }
}

/// The length and SHA-256 digest of the file at `path`, read in pieces (a certificate's CNF
/// runs to hundreds of megabytes).
pub fn sha256_file(path: &std::path::Path) -> std::io::Result<(u64, String)> {
    use std::io::Read as _;
    let mut file = std::fs::File::open(path)?;
    let (mut h, mut len) = (Sha256::default(), 0u64);
    let mut buf = vec![0u8; 1 << 20];
    loop {
        match file.read(&mut buf)? {
            0 => return Ok((len, h.hex())),
            k => {
                h.update(&buf[..k]);
                len += k as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader read only in part is digested whole by `finish`, as the file's own digest.
    #[test]
    fn a_digesting_reader_digests_what_is_left_too() {
        use std::io::Read as _;
        let text = b"p cnf 1 2\n1 0\n-1 0\n".repeat(1000);
        let mut read = DigestingReader::new(&text[..]);
        let mut head = [0u8; 100];
        read.read_exact(&mut head).unwrap();
        assert_eq!(read.finish().unwrap(), sha256_hex(&text));
    }

    /// The test vectors of FIPS 180-4's examples, and a long input fed in uneven pieces.
    #[test]
    fn known_digests() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        let million = vec![b'a'; 1_000_000];
        let want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
        assert_eq!(sha256_hex(&million), want);
        let mut h = Sha256::default();
        for piece in million.chunks(97) {
            h.update(piece);
        }
        assert_eq!(h.hex(), want);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a");
        std::fs::write(&path, &million).unwrap();
        assert_eq!(sha256_file(&path).unwrap(), (1_000_000, want.to_string()));
    }

    /// Every length around the block boundaries pads to whole blocks.
    #[test]
    fn lengths_near_a_block() {
        for n in 50..=130 {
            let bytes = vec![7u8; n];
            let mut h = Sha256::default();
            h.update(&bytes[..n / 3]);
            h.update(&bytes[n / 3..]);
            assert_eq!(h.hex(), sha256_hex(&bytes), "{n}");
        }
    }
}
