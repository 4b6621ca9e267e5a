//! Questions about boards, answered with the encoders and solvers below.

mod armies;
mod bounds;
mod cover;
mod session;
mod value;

pub use armies::{
    ArmyCall, ArmyClasses, ArmyOptions, ArmyReport, ArmySession, largest_armies, optimal_classes,
};
pub use bounds::{UpperBound, greedy_placement, upper_bound};
pub use cover::{
    BoundCall, CoverOptions, CoverReport, Optimum, nqueens_solutions, pack_and_cover, seed_line,
};
pub use session::BoardSession;
pub use value::{Search, SolverCall, ValueOptions, ValueReport, value};
