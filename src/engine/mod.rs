//! The single-board engine: a board's value and an optimal placement, enumeration up to
//! symmetry, bounds, uniqueness, certificates and exports, all asked through the one search
//! loop of [`search`].

mod army_greedy;
mod batch;
mod bounds;
mod certify;
mod cube;
mod enumerate;
mod export;
mod lp;
pub mod nqueens;
mod primal;
pub mod search;
mod segment_index;
mod session;
mod solve_cnf;
mod tabu;
mod unchecked;
mod unique;
mod value;
mod wall_bound;

pub use army_greedy::greedy_armies;
pub use batch::{Batch, BatchEnd, LineAnswer};
pub use bounds::{UpperBound, greedy_placement, upper_bound};
pub use certify::{certify_least_walls, certify_value};
pub use cube::{Cube, assume_cube};
pub use enumerate::{Breaking, EnumOptions, EnumReport, Found, Target, count, enumerate, orbit};
pub use export::{Encoded, ExportFormat, LeastWallsExport, ValueExport, encode_least_walls, encode_value};
pub use lp::bound::{LpBound, lp_bound};
pub use primal::{LocalSearch, VALUE_RUNS, local_search, value_start};
pub use search::{Answer, ArmyCall, BoundCall, Call, SolverCall, WallCall};
pub use session::BoardSession;
pub use solve_cnf::{CnfAnswer, CnfStatus, check_solver_output, solve_cnf};
pub use unchecked::{ProofRemedy, certified, contradicted_unsat, require_proof, unchecked_prefix};
pub use unique::{Uniqueness, other_placement, second_optimum};
pub use value::{
    CertifiedValue, CubeSolver, CubeStart, CubeValue, Search, VALUE_CADICAL_CONFIG, ValueOptions,
    ValueReport, value, value_certified, value_in_cube, value_to_the_end, value_within,
};
pub use wall_bound::{BoundAnswer, WallBoundQuestion, ask_wall_bound, least_walls_header};
