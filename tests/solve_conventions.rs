//! `queensat solve` keeps the SAT competition's conventions (issue 50, item 8): every output
//! line is `c`, `s` or `v`, the model comes as wrapped `v` lines ending with `v 0`, and a CNF
//! (or a solver's output) may come compressed with gzip, xz or bzip2, told by its first bytes.

use crate::common;
use common::{assert_bad_input, queensat};
use std::io::Write;
use std::path::Path;

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(text).unwrap();
    e.finish().unwrap()
}

fn xz(text: &[u8]) -> Vec<u8> {
    let mut e = lzma_rust2::XzWriter::new(Vec::new(), lzma_rust2::XzOptions::default()).unwrap();
    e.write_all(text).unwrap();
    e.finish().unwrap()
}

fn bzip2(text: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    e.write_all(text).unwrap();
    e.finish().unwrap()
}

/// `encode value` of the 2-wall record board, "at least `k` queens?", into `dir/name`.
fn record_cnf(dir: &Path, name: &str, k: usize) -> String {
    let f = dir.join(name);
    let (code, _, err) = queensat(&[
        "encode",
        "value",
        "--size",
        "8",
        "--walls",
        "1,3 2,5",
        "--at-least",
        &k.to_string(),
        "-o",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    f.to_str().unwrap().to_string()
}

/// Every line `c ...`, `s ...` or `v ...`, one `s` line, first of the lines that are not
/// comments; a model's `v` lines short and ending with a line `v 0`.
fn assert_competition_format(out: &str) {
    assert!(!out.is_empty());
    for line in out.lines() {
        assert!(
            ["c ", "s ", "v "].iter().any(|p| line.starts_with(p)),
            "{line:?} in\n{out}"
        );
    }
    assert_eq!(out.lines().filter(|l| l.starts_with("s ")).count(), 1, "{out}");
    let v: Vec<&str> = out.lines().filter(|l| l.starts_with("v ")).collect();
    if out.contains("s SATISFIABLE") {
        assert_eq!(v.last(), Some(&"v 0"), "{out}");
        assert!(v.iter().all(|l| l.len() <= 80), "{out}");
    } else {
        assert!(v.is_empty(), "{out}");
    }
}

/// A reader that hands over one byte a call, as a slow pipe may.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

/// A compressor, as the tests write compressed input.
type Pack = fn(&[u8]) -> Vec<u8>;

const PACKERS: [(&str, Pack); 3] = [("gzip", gzip), ("xz", xz), ("bzip2", bzip2)];

/// The reader behind every input file: each format read whole, from a slow pipe too, and
/// concatenated streams as one text (as `gzip -d` reads them).
#[test]
fn each_format_reads_back_whole() {
    use queensat::io::{read_text, sniff};
    let text = "c a queensat file\np cnf 2 2\n1 2 0\n-1 0\n";
    for (name, pack) in PACKERS {
        let packed = pack(text.as_bytes());
        assert_eq!(sniff(&packed).unwrap().map(|c| c.name()), Some(name));
        assert_eq!(read_text(&packed[..]).unwrap(), text, "{name}");
        assert_eq!(
            read_text(Trickle(&packed)).unwrap(),
            text,
            "{name}, a byte at a time"
        );
        let mut both = pack(b"p cnf 1 1\n");
        both.extend(pack(b"1 0\n"));
        assert_eq!(read_text(&both[..]).unwrap(), "p cnf 1 1\n1 0\n", "{name}");
    }
    assert_eq!(read_text(Trickle(text.as_bytes())).unwrap(), text);
}

/// Damage is an error that names the format: an archive cut short, a byte changed, data
/// that is not text.
#[test]
fn damage_is_an_error_that_names_the_format() {
    use queensat::io::read_text;
    let text = "p cnf 2 2\n1 2 0\n-1 0\n".repeat(50);
    for (name, pack) in PACKERS {
        let packed = pack(text.as_bytes());
        let e = format!("{:#}", read_text(&packed[..packed.len() / 2]).unwrap_err());
        assert!(
            e.starts_with(&format!("damaged {name} data: ")),
            "{name} cut short: {e}"
        );
        let mut flipped = packed.clone();
        let mid = flipped.len() / 2;
        flipped[mid] ^= 0x55;
        let e = format!("{:#}", read_text(&flipped[..]).unwrap_err());
        assert!(e.contains(name), "{name} with a byte changed: {e}");
        let e = format!("{:#}", read_text(&pack(&[0xff, 0xfe])[..]).unwrap_err());
        assert!(e.contains("not text"), "{e}");
    }
}

#[test]
fn every_line_is_c_s_or_v_and_the_model_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let sat = record_cnf(dir.path(), "q10.cnf", 10);
    let (code, out, err) = queensat(&["solve", &sat]);
    assert_eq!(code, 10, "{err}");
    assert_competition_format(&out);
    // The board named by the header, decoded and checked, as comments.
    assert!(out.contains("c ...Q....\n"), "{out}");
    assert!(out.contains("c 10 queens, placement checked\n"), "{out}");
    // Our own output is a solver output `--check` reads.
    let saved = dir.path().join("q10.out");
    std::fs::write(&saved, &out).unwrap();
    let (code, checked, err) = queensat(&["solve", &sat, "--check", saved.to_str().unwrap()]);
    assert_eq!(code, 10, "{err}");
    assert_competition_format(&checked);

    let (code, out, err) = queensat(&["solve", &record_cnf(dir.path(), "q11.cnf", 11)]);
    assert_eq!(code, 20, "{err}");
    assert_competition_format(&out);

    // No answer within the time limit: `s UNKNOWN`, and why as a comment.
    let slow = dir.path().join("slow.sh");
    std::fs::write(&slow, "#!/bin/sh\nsleep 10\n").unwrap();
    let cmd = format!("sh {}", slow.display());
    let (code, out, _) = queensat(&["solve", &sat, "--external", &cmd, "--time-limit", "0.2"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("s UNKNOWN\nc "), "{out}");
    assert_competition_format(&out);

    // A CNF without a queensat header: a model and nothing to decode.
    let plain = dir.path().join("plain.cnf");
    std::fs::write(&plain, "p cnf 3 2\n1 2 0\n-1 3 0\n").unwrap();
    let (code, out, _) = queensat(&["solve", plain.to_str().unwrap()]);
    assert_eq!(code, 10);
    assert_competition_format(&out);
}

#[test]
fn compressed_input_is_told_by_its_first_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = record_cnf(dir.path(), "q.cnf", 10);
    let text = std::fs::read(&cnf).unwrap();
    let (_, plain, _) = queensat(&["solve", &cnf, "--format", "json"]);
    let model = |json: &str| serde_json::from_str::<serde_json::Value>(json).unwrap()["model"].clone();
    // The name says nothing (or the wrong thing): the bytes decide.
    for (name, packed) in [
        ("q.cnf.gz", gzip(&text)),
        ("q.xz.cnf", xz(&text)),
        ("q", bzip2(&text)),
        ("plain.cnf.gz", text.clone()),
    ] {
        let f = dir.path().join(name);
        std::fs::write(&f, &packed).unwrap();
        let (code, out, err) = queensat(&["solve", f.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, 10, "{name}: {err}");
        assert_eq!(model(&out), model(&plain), "{name}");
    }
    // Standard input, and a solver output to check, compressed too.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_queensat"))
        .args(["solve", "-"])
        .stdin(std::fs::File::open(dir.path().join("q.cnf.gz")).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(10), "{}", common::stderr(&o));
    let out = dir.path().join("q.out.xz");
    std::fs::write(&out, xz(&o.stdout)).unwrap();
    let (gz, out) = (dir.path().join("q.cnf.gz"), out.to_str().unwrap().to_string());
    let (code, _, err) = queensat(&["solve", gz.to_str().unwrap(), "--check", &out]);
    assert_eq!(code, 10, "{err}");
}

#[test]
fn a_damaged_archive_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read(record_cnf(dir.path(), "q.cnf", 10)).unwrap();
    for (name, packed, want) in [
        ("cut.cnf.gz", gzip(&text), "damaged gzip data"),
        ("cut.cnf.xz", xz(&text), "damaged xz data"),
        ("cut.cnf.bz2", bzip2(&text), "damaged bzip2 data"),
    ] {
        let f = dir.path().join(name);
        std::fs::write(&f, &packed[..packed.len() / 2]).unwrap();
        assert_bad_input(&["solve", f.to_str().unwrap()], want);
        assert_bad_input(&["solve", f.to_str().unwrap()], name);
    }
    let f = dir.path().join("zero.cnf.zst");
    std::fs::write(&f, [0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3, 4, 5, 6]).unwrap();
    assert_bad_input(&["solve", f.to_str().unwrap()], "zstd");
    let f = dir.path().join("binary.cnf.gz");
    std::fs::write(&f, gzip(&[0xff; 100])).unwrap();
    assert_bad_input(&["solve", f.to_str().unwrap()], "not text");
}
