//! Questions about boards, answered with the encoders and solvers below.

mod bounds;
pub mod puzzles;
mod session;
mod value;

pub use bounds::{UpperBound, greedy_placement, upper_bound};
pub use session::BoardSession;
pub use value::{Search, SolverCall, ValueOptions, ValueReport, value};
