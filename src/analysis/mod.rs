//! Questions about boards, answered with the encoders and solvers below.

mod bounds;
mod certify;
mod session;
mod value;
mod verify;

pub use bounds::{UpperBound, greedy_placement, upper_bound};
pub use certify::{Certificate, certify_unsat};
pub use session::BoardSession;
pub use value::{Search, SolverCall, ValueOptions, ValueReport, value};
pub use verify::{BoardClaim, RefutedKind, Verdict, verify_claim};
