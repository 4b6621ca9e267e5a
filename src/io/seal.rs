//! Seals on the JSON files queensat writes and later reads back as results (chunks of a
//! resumable run, caches of finished boards): a digest that detects any change made to the
//! file after it was written.
//!
//! A sealed file is a JSON object whose last member is `"seal": "HEX"`, HEX the SHA-256 of
//! [`SEAL_FORMAT`], a newline, the *binding* (what the file is: its kind, its place in the run
//! and the run's parameters), a newline, and the file's bytes before the `"seal"` key. So
//! `printf '%s\n%s\n' FORMAT BINDING | cat - <(head -c N FILE) | sha256sum` recomputes it.
//!
//! What a seal catches: any change of the bytes (corruption, truncation, a careless edit), and a
//! file moved into another run, another place of the run or another kind of file, or written by
//! a queensat whose files mean something else (another [`SEAL_FORMAT`]). What it cannot catch:
//! a forger who edits the file and computes the seal again. So what is cheap to re-derive is
//! re-derived as well (docs/resume.md lists what each reader re-checks).

use super::sha256::Sha256;
use serde::Serialize;

/// The version of what sealed files mean: a new one whenever a sealed document changes its
/// meaning, so that files of the old meaning are refused, not misread.
pub const SEAL_FORMAT: &str = "queensat-seal-1";

/// Why a file's seal does not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    #[error("it carries no seal (it was edited, cut short, or written by a queensat that did not seal)")]
    Missing,
    #[error(
        "its seal does not match its content (it was changed after it was written, or belongs to another run)"
    )]
    Mismatch,
}

fn digest(binding: &str, content: &[u8]) -> String {
    let mut h = Sha256::default();
    h.update(SEAL_FORMAT.as_bytes());
    h.update(b"\n");
    h.update(binding.as_bytes());
    h.update(b"\n");
    h.update(content);
    h.hex()
}

/// `doc` (which must serialise as a JSON object) as JSON text sealed for `binding`, compact or
/// pretty, ending in a newline.
pub fn sealed_json<T: Serialize>(doc: &T, binding: &str, pretty: bool) -> anyhow::Result<String> {
    let text = if pretty {
        serde_json::to_string_pretty(doc)?
    } else {
        serde_json::to_string(doc)?
    };
    seal_json_text(text, binding, pretty)
}

/// A JSON object's `text`, as `serde_json` writes it compact or pretty, sealed for `binding`
/// ([`sealed_json`] for a document written another way, to the same bytes); sealed in place.
pub fn seal_json_text(text: String, binding: &str, pretty: bool) -> anyhow::Result<String> {
    anyhow::ensure!(
        text.starts_with('{') && text.ends_with('}'),
        "internal error: a sealed document must be a JSON object"
    );
    let mut content = text;
    content.pop();
    content.truncate(content.trim_end().len());
    if content != "{" {
        content.push(',');
    }
    if pretty {
        content.push_str("\n  ");
    }
    let seal = digest(binding, content.as_bytes());
    content.push_str(if pretty { "\"seal\": \"" } else { "\"seal\":\"" });
    content.push_str(&seal);
    content.push_str(if pretty { "\"\n}\n" } else { "\"}\n" });
    Ok(content)
}

/// Checks the seal of a file's `text` for `binding`.
pub fn check_seal(text: &str, binding: &str) -> Result<(), SealError> {
    let at = text.rfind("\"seal\"").ok_or(SealError::Missing)?;
    let rest = text[at + "\"seal\"".len()..].trim_start();
    let rest = rest.strip_prefix(':').ok_or(SealError::Missing)?.trim_start();
    let rest = rest.strip_prefix('"').ok_or(SealError::Missing)?;
    let (hex, rest) = rest.split_at_checked(64).ok_or(SealError::Missing)?;
    let closed = rest
        .strip_prefix('"')
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix('}'))
        .is_some_and(|r| r.trim().is_empty());
    if !closed || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(SealError::Missing);
    }
    if digest(binding, &text.as_bytes()[..at]) != hex {
        return Err(SealError::Mismatch);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_sealed_file_reads_back_and_every_change_is_caught() {
        for pretty in [false, true] {
            let doc = json!({"walls": 2, "rows": [{"value": 5, "queens": [[0, 1]]}], "seconds": 0.125});
            let text = sealed_json(&doc, "sweep chunk 2w-000000", pretty).unwrap();
            check_seal(&text, "sweep chunk 2w-000000").unwrap();
            // Still the document, with the seal as one more member.
            let back: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(back["rows"], doc["rows"]);
            assert_eq!(back["seal"].as_str().unwrap().len(), 64);
            // Another place in the run, or another run.
            assert_eq!(
                check_seal(&text, "sweep chunk 2w-000001"),
                Err(SealError::Mismatch)
            );
            // Any one byte of the content changed.
            let at = text.find("\"value\"").unwrap();
            for i in 0..at + 12 {
                let mut b = text.clone().into_bytes();
                b[i] = if b[i] == b'7' { b'8' } else { b'7' };
                let Ok(t) = String::from_utf8(b) else { continue };
                assert!(check_seal(&t, "sweep chunk 2w-000000").is_err(), "byte {i}");
            }
            // Cut short, or the seal removed by re-serialising.
            assert_eq!(
                check_seal(&text[..text.len() / 2], "sweep chunk 2w-000000"),
                Err(SealError::Missing)
            );
            let mut edited = back.clone();
            edited.as_object_mut().unwrap().remove("seal");
            assert_eq!(
                check_seal(&edited.to_string(), "sweep chunk 2w-000000"),
                Err(SealError::Missing)
            );
        }
        // An empty object seals too.
        let text = sealed_json(&json!({}), "x", false).unwrap();
        check_seal(&text, "x").unwrap();
    }

    /// The documented recipe: SHA-256 of the format, the binding and the bytes before the key.
    #[test]
    fn the_seal_is_the_documented_digest() {
        let text = sealed_json(&json!({"a": 1}), "b", false).unwrap();
        assert!(text.starts_with("{\"a\":1,\"seal\":\""), "{text}");
        let want = super::super::sha256::sha256_hex(format!("{SEAL_FORMAT}\nb\n{{\"a\":1,").as_bytes());
        assert!(text.contains(&want), "{text}");
    }
}
