//! The search every question drives: a [`Model`] in one incremental [`Session`], each question
//! asked, timed and logged by [`logged`] as one [`Call`] with a typed [`Answer`].

mod answer;
mod call;
mod log;
mod session;

pub use answer::{Answer, Finder, Halt, Refutation, Unsat};
pub use call::{
    ArmyCall, ArmyForm, BoundCall, Call, CallForm, CoverForm, SolverCall, ValueForm, WallCall, WallForm,
};
pub use log::{logged, stopped_call_took};
pub use session::{Model, Reply, Session, solve_checked};
