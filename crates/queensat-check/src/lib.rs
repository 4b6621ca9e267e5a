//! The independent checker. It walks the board square by square in the eight queen
//! directions and shares no code with the encoders, so a bug there cannot hide a bug here.

mod armies;
mod attack_graph;
mod bnb;
mod brute;
mod codes;
mod dual_bound;
mod fixed_count;
mod nqueens;
mod placement;
mod proof;
mod row_count;
mod search_tree;
mod sight;
mod sight_bits;
mod stop;

pub use armies::{ArmyViolation, BruteArmies, brute_armies, brute_positions, check_armies};
pub use bnb::{bnb_count, bnb_count_at_most, bnb_proof, bnb_value, bnb_value_proved, bnb_value_proved_until};
pub use brute::{brute_count, brute_value};
pub use codes::board_from_codes;
pub use dual_bound::{
    CheckedDual, CliqueWeight, DualCertificate, DualError, Forced, SegmentWeight, Waste, check_dual,
};
pub use fixed_count::{count_fixed_nk, count_fixed_nk_until, count_fixed_row_perfect, fixed_cell_sets};
pub use nqueens::{NQueensViolation, check_columns};
pub use placement::{Misplaced, Violation, check_placement};
pub use proof::{Encoding, ProofError, ProofFormat, ProofStats, ProofVerdict, check_proof};
pub use row_count::{
    Corner, NkCount, NkCounter, NkTask, Reduction, RowState, TaskWeight, count_row_perfect, row_segment_count,
};
pub use search_tree::{
    SearchTree, TreeError, check_search_tree, check_search_tree_until, count_by_search_tree,
    count_by_search_tree_until,
};
pub use stop::never;
