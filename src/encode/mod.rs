//! CNF encodings: variable maps, at-most-one and counting encodings, and the models.
//!
//! Encoders write clauses into any rustsat [`CollectClauses`](rustsat::encodings::CollectClauses)
//! (a solver, or a [`Cnf`](rustsat::instances::Cnf) for export) and name every variable they
//! create in a [`VarMap`].

mod amo;
mod armies;
mod base;
mod count;
mod cover;
mod lex_leader;
mod varmap;

pub use amo::Amo;
pub use armies::{ArmyEncoding, ArmyModel};
pub use base::{BaseModel, BaseOptions};
pub use count::{CountMode, Counter};
pub use cover::{Goal, SelectionModel};
pub use lex_leader::lex_leader;
pub use varmap::{VarMap, VarRole};
