//! Questions about boards, answered with the encoders and solvers below.

mod bounds;
mod certify;
mod enumerate;
pub mod nqueens;
pub mod puzzles;
pub mod sweep;
mod session;
mod value;
mod verify;

pub use bounds::{UpperBound, greedy_placement, upper_bound};
pub use enumerate::{Breaking, EnumOptions, EnumReport, Found, Target, count, enumerate, orbit};
pub use session::BoardSession;
pub use value::{Search, SolverCall, ValueOptions, ValueReport, value};
pub use certify::{Certificate, certify_unsat};
pub use verify::{BoardClaim, RefutedKind, Verdict, verify_claim};
