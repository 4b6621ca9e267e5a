//! What a cube run's spec makes of its question: the kind of run, every cube in plan order,
//! their count made without making them, and the check that cubes read back cover the
//! question. A spec that plans alone (cut on rows) is its own plan; a question whose cubes need
//! more than its spec (the cover's, its solution list) is its plan.

use crate::study::chunked_run::RunKind;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A cube run's spec and the cubes it plans.
pub trait CubePlan: Sync {
    /// What the run answers (kept in its folder: a resumed run or a shard must ask the same).
    type Spec: Serialize + DeserializeOwned + PartialEq + Clone;
    type Cube: Serialize + DeserializeOwned + PartialEq + Clone + Send + Sync;
    /// The kind of run: its spec file, the name its seals use and, without " in cubes", what
    /// its progress bar says is split.
    const KIND: RunKind;

    fn spec(&self) -> &Self::Spec;
    /// Every cube, in plan order.
    fn cubes(&self) -> Vec<Self::Cube>;
    /// How many cubes [`CubePlan::cubes`] makes, counted without making them (`None`: more
    /// than a `usize` counts): a merge's spec is read back, so its plan is counted first.
    fn cube_count(&self) -> Option<usize>;
    /// Checks that `cubes` cover the question, each choice once, by counting them.
    fn check_cover(&self, cubes: &[&Self::Cube]) -> Result<(), String>;
}
