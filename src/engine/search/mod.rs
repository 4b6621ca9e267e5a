//! The search every question drives: a typed [`Answer`] and one [`Call`] record for its log.

mod answer;
mod call;

pub use answer::{Answer, Finder, Halt, Refutation, Unsat};
pub use call::{
    ArmyCall, ArmyForm, BoundCall, Call, CallForm, CoverForm, SolverCall, ValueForm, WallCall, WallForm,
};
