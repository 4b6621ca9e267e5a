//! SAT solving. rustsat's `Solve`/`SolveIncremental` traits are the interface; encoders write
//! straight into a solver through them. [`Backend`] names a solver and [`AnySolver`] holds one,
//! so a backend can be chosen at run time.
//!
//! - `varisat` (default): pure Rust, embedded, can write DRAT proofs.
//! - `cadical` (cargo feature `cadical`, on by default): CaDiCaL in-process through
//!   `cadical-sys` (C++ sources vendored in the crate, bound by `cxx`: no libclang needed),
//!   can write LRAT proofs.
//! - `batsat` (cargo feature `batsat`): pure Rust MiniSat descendant, for comparison.
//! - `external:CMD`: any DIMACS solver binary run as a process ([`ExternalSolver`]).

mod adapter;
mod backend;
#[cfg(feature = "cadical")]
mod cadical;
mod certify;
mod external;
mod proof_check;
mod varisat;

pub use self::varisat::VarisatSolver;
pub use backend::{AnySolver, Backend, CadicalConfig};
pub use certify::{
    Certificate, FileDigests, PendingProof, ProofAnswer, ProofDir, UnsatQuestion, certify_unsat,
    solve_with_proof,
};
pub use external::{ExternalSolver, UNCHECKED_UNSAT, parse_seconds};
pub use proof_check::{ProofCheck, ProofChecker, ProofFormat, check_proof, check_proof_until, proof_checker};
pub use rustsat::solvers::{Solve, SolveIncremental, SolveStats, SolverResult};
