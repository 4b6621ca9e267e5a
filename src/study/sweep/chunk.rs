//! A finished chunk of a sweep as it is stored: its rows and the seconds and solver calls
//! that made them. Invariant: [`ChunkDoc::json`], which writes the packed rows without
//! unpacking them, gives the bytes its `Serialize` gives (a test holds the two equal).

use super::packed::ChunkRows;
use crate::io::push_decimal;
use serde::{Deserialize, Serialize};

/// One finished chunk, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct ChunkDoc {
    pub walls: usize,
    pub chunk: usize,
    pub first_class: usize,
    pub rows: ChunkRows,
    /// Thread CPU seconds of the SAT work: the evaluation, or the tree engine's cross-check.
    pub sat_seconds: f64,
    pub sat_calls: u64,
    /// Thread CPU seconds of the branch and bound, when the chunk was cross-checked (for the
    /// tree engine, the tree seconds again: there the branch and bound is the evaluation).
    pub bnb_seconds: Option<f64>,
    /// Thread CPU seconds of the tree engine: branch and bound, search trees, their replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree_seconds: Option<f64>,
}

impl ChunkDoc {
    /// The chunk as compact JSON, byte for byte what its `Serialize` writes (a test holds the
    /// two equal), its rows as [`ClassRow::write_json`] writes them.
    pub fn json(&self) -> String {
        let mut s = Vec::with_capacity(128 * self.rows.len() + 256);
        s.extend_from_slice(b"{\"walls\":");
        push_decimal(&mut s, self.walls as u64);
        s.extend_from_slice(b",\"chunk\":");
        push_decimal(&mut s, self.chunk as u64);
        s.extend_from_slice(b",\"first_class\":");
        push_decimal(&mut s, self.first_class as u64);
        s.extend_from_slice(b",\"rows\":[");
        let mut first = true;
        self.rows.packed().for_each(|r| {
            if !std::mem::take(&mut first) {
                s.push(b',');
            }
            r.write_json(&mut s);
        });
        // The seconds as serde writes floats.
        let float = |s: &mut Vec<u8>, x: &Option<f64>| {
            serde_json::to_writer(s, x).expect("a number or null always serialises")
        };
        s.extend_from_slice(b"],\"sat_seconds\":");
        float(&mut s, &Some(self.sat_seconds));
        s.extend_from_slice(b",\"sat_calls\":");
        push_decimal(&mut s, self.sat_calls);
        s.extend_from_slice(b",\"bnb_seconds\":");
        float(&mut s, &self.bnb_seconds);
        if self.tree_seconds.is_some() {
            s.extend_from_slice(b",\"tree_seconds\":");
            float(&mut s, &self.tree_seconds);
        }
        s.push(b'}');
        String::from_utf8(s).expect("JSON is UTF-8")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Placement;
    use crate::io::ClassRow;
    use crate::study::sweep::packed::PackedRows;

    #[test]
    fn chunks_are_written_as_serde_writes_them() {
        let row = |optimal| ClassRow {
            walls: vec![(0, 1), (2, 3)],
            value: 7,
            queens: Placement::new(vec![(1, 1), (3, 0)]),
            orbit: 4,
            optimal,
        };
        for (rows, seconds) in [
            (vec![], [0.0, 1e-7, 3.0]),
            (vec![row(None)], [0.125, 12345.678, f64::NAN]),
            (vec![row(Some(3)), row(Some(1))], [1.0 / 3.0, 0.0, 2e21]),
        ] {
            for (bnb, tree) in [
                (None, None),
                (Some(seconds[1]), None),
                (None, Some(seconds[2])),
                (Some(seconds[2]), Some(seconds[1])),
            ] {
                // Computed (packed) or read back, the same bytes.
                for rows in [
                    ChunkRows::Packed(PackedRows::of(&rows)),
                    ChunkRows::Read(rows.clone()),
                ] {
                    let doc = ChunkDoc {
                        walls: 2,
                        chunk: 13,
                        first_class: 13_000,
                        rows,
                        sat_seconds: seconds[0],
                        sat_calls: 99,
                        bnb_seconds: bnb,
                        tree_seconds: tree,
                    };
                    assert_eq!(doc.json(), serde_json::to_string(&doc).unwrap());
                }
            }
        }
    }
}
