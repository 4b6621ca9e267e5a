//! How many classes and boards have one value: the entries of a sweep's summary and of a
//! least-walls count.

use serde::{Deserialize, Serialize};

/// How many classes and boards have one value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueCount {
    pub value: usize,
    pub classes: u64,
    pub boards: u64,
}
