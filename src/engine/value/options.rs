//! How a value search goes: the search between the bounds, the encoding, the solver and its
//! preset, and the LP bound; and which solver answers a board.

use crate::board::Board;
use crate::encode::BaseOptions;
use crate::solve::{Backend, CadicalConfig};

crate::choices! {
/// How the search moves between bounds.
pub enum Search {
    /// From the greedy placement upwards: after each SAT answer ask for one more queen.
    #[default]
    Up = "up",
    /// From the upper bound downwards until the first SAT answer.
    Down = "down",
    /// Bisection between the bounds.
    Binary = "binary",
}
}

/// Free cells from which a value search with [`ValueOptions::cadical_on_large`] goes to
/// CaDiCaL. Measured (`make bench-large`, process CPU): varisat answers the 12×12 and 16×16
/// boards (up to 256 free cells) in 0.00–0.41 s, faster than CaDiCaL's 0.01–0.55 s on 11 of
/// the 12 (CaDiCaL's set-up dominates such short searches); from 20×20 (340 free cells and
/// up) CaDiCaL takes the hard boards (20×20 with 60 walls: 0.89 s against 7.0 s; 24×24 with
/// 36: 18 s against 95 s) and stops inside a call at `--time-limit`, while varisat stays a
/// little faster on the easy wall lattices (docs/bench.md, "Solver by size").
pub const CADICAL_MIN_FREE_CELLS: usize = 300;

/// Options of a value query.
#[derive(Clone, Debug)]
pub struct ValueOptions {
    pub base: BaseOptions,
    pub search: Search,
    pub backend: Backend,
    /// No solver was named: boards of at least `CADICAL_MIN_FREE_CELLS` free cells are
    /// answered by CaDiCaL (in a build with it), smaller ones by `backend`.
    pub cadical_on_large: bool,
    /// Use the checked segment-LP bound and the clauses it implies (on boards of at least
    /// `engine::lp_bound::LP_MIN_FREE_CELLS`, 150, free cells).
    pub lp: bool,
    /// CaDiCaL's option preset, where CaDiCaL answers ([`VALUE_CADICAL_CONFIG`] by default).
    pub cadical_config: CadicalConfig,
}

/// CaDiCaL's preset for value searches: `sat` (stable mode only). On the large boards the hard
/// call is often the one that finds the value, and there it was up to 4× faster (32×32 step-5
/// lattice 11.9 -> 2.8 s, 28×28 step-4 lattice 4.5 -> 1.4 s); the hard UNSAT calls of the
/// random 24×24 boards were faster too (24.4 -> 18.3 s), and the worst loss was 20×20 random
/// dense (0.9 -> 2.0 s). Table: docs/bench.md, "CaDiCaL's presets".
pub const VALUE_CADICAL_CONFIG: CadicalConfig = CadicalConfig::Sat;

impl Default for ValueOptions {
    fn default() -> Self {
        ValueOptions {
            base: BaseOptions::default(),
            search: Search::default(),
            backend: Backend::default(),
            cadical_on_large: false,
            lp: true,
            cadical_config: VALUE_CADICAL_CONFIG,
        }
    }
}

impl ValueOptions {
    /// These options with CaDiCaL's preset `given` on the command line (none: they keep theirs):
    /// an error where CaDiCaL cannot answer (another solver named, or none named where the
    /// search does not pick CaDiCaL by size), since that solver would ignore it.
    pub fn with_cadical_config(mut self, given: Option<CadicalConfig>) -> anyhow::Result<ValueOptions> {
        let Some(config) = given else {
            return Ok(self);
        };
        let picked_by_size = cfg!(feature = "cadical") && self.cadical_on_large;
        if !(self.backend.has_presets() || picked_by_size) {
            anyhow::bail!(
                "--cadical-config {}: it applies only to CaDiCaL (--solver cadical), and {} answers here",
                config.name(),
                self.backend
            );
        }
        self.cadical_config = config;
        Ok(self)
    }

    /// The solver that answers for `board`.
    pub fn backend_for(&self, board: &Board) -> Backend {
        let large = self.cadical_on_large && board.free_cells().len() >= CADICAL_MIN_FREE_CELLS;
        #[cfg(feature = "cadical")]
        if large {
            return Backend::Cadical;
        }
        let _ = large; // a build without CaDiCaL keeps `backend`
        self.backend.clone()
    }
}
