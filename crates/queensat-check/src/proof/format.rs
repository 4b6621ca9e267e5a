//! The proof systems a checked proof may be written in.

use std::path::Path;

/// The proof system a file is written in (its encoding, text or binary, is sniffed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProofFormat {
    Drat,
    Lrat,
}

impl ProofFormat {
    /// The format a file's name says: `.drat` or `.lrat`.
    pub fn of_path(path: &Path) -> Option<ProofFormat> {
        match path.extension()?.to_str()? {
            "drat" => Some(ProofFormat::Drat),
            "lrat" => Some(ProofFormat::Lrat),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ProofFormat::Drat => "DRAT",
            ProofFormat::Lrat => "LRAT",
        }
    }
}
