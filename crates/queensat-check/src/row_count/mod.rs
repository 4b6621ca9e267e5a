//! Exact counting row by row, without listing placements: the counter behind N+k queens.
//!
//! A row segment holds at most one queen, so no placement on a board has more queens than the
//! board has occupiable row segments `R`; a placement of exactly `R` queens puts one queen in
//! every row segment ("row-perfect"). The counter walks the rows top to bottom with the attack
//! state of the rows above as three bit masks, as in the classic bitwise n-queens count: the
//! columns and the two diagonals that a queen above still sees. A wall clears its bit in all
//! three (it blocks what comes from above), so segments below a wall start fresh. When the
//! board has as many occupiable column segments as row segments, every column segment must
//! hold a queen too, so a wall whose column segment above is still empty ends the branch.
//!
//! Two entry points share that row step:
//! - [`count_row_perfect`]: one board, fixed walls (and holes);
//! - [`NkCounter`]: every board at once for N+k queens (n + k queens and k walls on n × n,
//!   OEIS A103330, A129551, A129553): the walls are chosen row by row as the search goes. With
//!   n + k queens every row segment and every column segment holds exactly one queen, so a
//!   wall stands off the border, has a queen above it in its column (in the state already)
//!   and a queen on both sides in its row. The search is split into independent prefixes
//!   (tasks) so that runs can be parallel, resumable and sharded; the left-right mirror halves
//!   the work.
//!
//! Nothing here comes from the SAT encoders, so the counts cross-check SAT enumeration.
//!
//! The files: [`state`] (the attack state and its row step), [`masks`] (a row's bit masks),
//! [`fixed`] (the fixed-board counter), [`task`] (the N+k count's tasks and what they count),
//! [`rules`] (what a task's search may do), [`keys`] (the sides reduction's second key),
//! [`row_fill`] (one row's queens and walls), [`counter`] (the N+k counter and its tasks),
//! [`search`] (the search below a task), [`look_ahead`] (the completion's look-ahead) and
//! [`tally`] (what a task's search adds up, and its stop).

mod counter;
mod fixed;
mod keys;
mod look_ahead;
mod masks;
mod row_fill;
mod rules;
mod search;
mod state;
mod tally;
mod task;

pub use counter::NkCounter;
pub use fixed::{count_row_perfect, row_segment_count};
pub use state::RowState;
pub use task::{Corner, NkCount, NkTask, Reduction, TaskWeight};

#[cfg(test)]
mod tests {
    use super::*;
    use queensat_board::Board;

    #[test]
    fn n_queens_counts() {
        // OEIS A000170, as an oracle for the row step on boards without walls.
        let want = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (i, &w) in want.iter().enumerate() {
            assert_eq!(
                count_row_perfect(&Board::square(i + 1).unwrap()),
                w,
                "n={}",
                i + 1
            );
            assert_eq!(
                NkCounter::new(i + 1).count_all(0, Reduction::Left),
                w,
                "n={} k=0",
                i + 1
            );
            assert_eq!(
                NkCounter::new(i + 1).count_all(0, Reduction::Sides),
                w,
                "n={} k=0 sides",
                i + 1
            );
        }
    }
}
