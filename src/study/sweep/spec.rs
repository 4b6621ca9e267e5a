//! What a sweep computes (`SweepSpec`, stored as `OUT/sweep.json`: a re-run must ask for the
//! same) and the spec checked whole, once (`CheckedSweep`), whether it comes from the command
//! line's flags or from a run folder: each refusal names the flag that asked for it.

use super::evaluate::{Engine, Start};
use crate::board::Board;
use crate::run::Shard;
use crate::solve::Backend;
use anyhow::bail;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What a sweep computes. Stored as `OUT/sweep.json`; a re-run must ask for the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepSpec {
    pub rows: usize,
    pub cols: usize,
    pub walls: Vec<usize>,
    pub chunk_size: usize,
    pub engine: Engine,
    /// Where the reuse engine's search starts (a spec from before the choice: greedy).
    #[serde(default = "Start::legacy")]
    pub start: Start,
    pub solver: String,
    /// Whether each row counts its optimal placements.
    #[serde(default)]
    pub count_optimal: bool,
}

impl SweepSpec {
    /// Where a run writes when no `--output` is given: a directory in the current one named
    /// after the sweep, `sweep-RxC-Kw` (`K` as `3`, `0-4` or `2,5`) with every field of the
    /// spec that differs from the default appended, and `.shard-I-of-N` for a shard. So a
    /// default never lands in the committed `results/`, and two different sweeps never share
    /// one (a directory is tied to its spec), while the same command resumes its own run.
    pub fn default_dir(&self, shard: Option<Shard>) -> PathBuf {
        let mut name = format!(
            "sweep-{}x{}-{}w",
            self.rows,
            self.cols,
            crate::study::Counts::new(self.walls.clone()).describe("-")
        );
        if self.count_optimal {
            name.push_str("-count-optimal");
        }
        if self.engine != Engine::default() {
            name.push_str(&format!("-{}", self.engine.name()));
        }
        if self.start != Start::default() {
            name.push_str(&format!("-start-{}", self.start.long_name()));
        }
        if self.solver != DEFAULT_SOLVER {
            let solver: String = self
                .solver
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            name.push_str(&format!("-{solver}"));
        }
        if self.chunk_size != DEFAULT_CHUNK {
            name.push_str(&format!("-chunk-{}", self.chunk_size));
        }
        if let Some(s) = shard {
            name.push_str(&format!(".shard-{}-of-{}", s.index, s.count));
        }
        PathBuf::from(name)
    }
}

/// A sweep checked whole, once ([`SweepSpec::checked`]), from the command line's flags or a
/// run folder's `sweep.json`: the board exists, the walls fit on it, the solver is one
/// queensat runs, a chunk holds a class, and the engine can count when counting is asked.
#[derive(Clone, Debug)]
pub struct CheckedSweep {
    pub(super) spec: SweepSpec,
    pub(super) backend: Backend,
}

impl CheckedSweep {
    pub fn spec(&self) -> &SweepSpec {
        &self.spec
    }
}

impl SweepSpec {
    /// The spec, checked; each refusal names the flag that asked for it.
    pub fn checked(self) -> anyhow::Result<CheckedSweep> {
        let (rows, cols) = (self.rows, self.cols);
        Board::new(rows, cols)?;
        // The command line gives wall counts ascending, each once; a spec read back must too.
        if self.walls.is_empty() || !self.walls.windows(2).all(|w| w[0] < w[1]) {
            bail!(
                "--walls: {:?} is not a list of wall counts, ascending, each once",
                self.walls
            );
        }
        let most = self.walls.iter().copied().max().unwrap_or(0);
        if most > rows * cols {
            bail!("--walls: {most} walls do not fit a {rows}x{cols} board");
        }
        let backend: Backend = self
            .solver
            .parse()
            .map_err(|e: String| anyhow::anyhow!("--solver: {e}"))?;
        if self.count_optimal && self.engine == Engine::Rebuild {
            bail!("--count-optimal needs --engine tree or reuse");
        }
        if self.chunk_size == 0 {
            bail!("--chunk must be at least 1");
        }
        Ok(CheckedSweep { spec: self, backend })
    }
}

/// The solver a sweep uses unless told otherwise.
pub const DEFAULT_SOLVER: &str = "varisat";

/// Classes per chunk unless told otherwise.
pub const DEFAULT_CHUNK: usize = 1000;

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A small sweep that counts: 3 × 3, one and two walls, chunks of 4 classes.
    pub(in crate::study::sweep) fn spec() -> SweepSpec {
        SweepSpec {
            rows: 3,
            cols: 3,
            walls: vec![1, 2],
            chunk_size: 4,
            engine: Engine::Tree,
            start: Start::Bnb,
            solver: DEFAULT_SOLVER.into(),
            count_optimal: true,
        }
    }

    #[test]
    fn a_spec_is_checked_once_and_each_refusal_names_its_flag() {
        assert!(spec().checked().is_ok());
        let refused = |s: SweepSpec| s.checked().unwrap_err().to_string();
        assert!(
            refused(SweepSpec {
                walls: vec![10],
                ..spec()
            })
            .starts_with("--walls: 10 walls")
        );
        for walls in [vec![], vec![2, 1], vec![1, 1]] {
            assert!(refused(SweepSpec { walls, ..spec() }).contains("ascending, each once"));
        }
        assert!(
            refused(SweepSpec {
                solver: "nope".into(),
                ..spec()
            })
            .starts_with("--solver: ")
        );
        let rebuild = SweepSpec {
            engine: Engine::Rebuild,
            ..spec()
        };
        assert!(refused(rebuild).starts_with("--count-optimal needs"));
        assert!(
            refused(SweepSpec {
                chunk_size: 0,
                ..spec()
            })
            .starts_with("--chunk")
        );
        assert!(SweepSpec { rows: 0, ..spec() }.checked().is_err());
    }
}
