//! CNF encodings: variable maps, at-most-one and counting encodings, and the models.
//!
//! Encoders write clauses into any rustsat [`CollectClauses`](rustsat::encodings::CollectClauses)
//! (a solver, or a [`Cnf`](rustsat::instances::Cnf) for export) and name every variable they
//! create in a [`VarMap`].
//!
//! The encodings from the literature cite their papers where they are used: the at-most-one
//! encodings (`amo.rs`), the totaliser (`count.rs`, `unary_sum.rs`) and the lex-leader
//! (`lex_leader.rs`). The models built from them (queens, walls as unknowns, armies, covers, the
//! rounded weighted sum) are queensat's own, described in `encodings/README.md`.

mod amo;
mod armies;
mod base;
mod count;
mod cover;
mod lex_leader;
mod question;
mod shard;
mod unary_sum;
mod varmap;
mod wall_model;
mod wall_question;
mod weighted;

pub use amo::Amo;
pub use armies::{ArmyEncoding, ArmyModel};
pub use base::{BaseModel, BaseOptions};
pub use count::{CountMode, Counter};
pub use cover::{Goal, SelectionModel};
pub use lex_leader::{Carry, Keep, inverse, lex_leader};
pub use question::ValueQuestion;
pub use shard::{encode_shard, shard_of};
pub use varmap::{VarMap, VarRole};
pub use wall_model::{Attack, QueenCount, WallModel, WallOptions};
pub use wall_question::LeastWallsQuestion;
pub use weighted::at_most_weighted;
