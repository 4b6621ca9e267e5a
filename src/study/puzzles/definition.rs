//! The definition of an interesting puzzle in the words the reports print, with the rule that
//! picks a class's representative filled in for the board's size.

/// The definition, as printed in the output files, with the way the class representative is
/// chosen filled in.
macro_rules! definition_with {
    ($representative:literal) => {
        concat!(
            "A k-wall board with value v is an interesting puzzle when \
(1) exactly one placement of v queens exists (proved by a counting search tree that the \
checker replays, or with --engine reuse by an UNSAT second-solution query), \
(2) no board formed by a proper subset of its walls (the empty set included) has value v with \
a unique optimum (so an extra wall that forces uniqueness makes the larger board the puzzle; \
strictly_minimal marks boards where no proper subset has value v at all), and \
(3) it is kept once per symmetry class (walls shown as the class representative ",
            $representative,
            "). A wall set invariant under a symmetry can only qualify if its \
unique optimum is invariant too."
        )
    };
}

/// The definition on boards of at most 8 × 8, where the published 64-bit layout applies.
pub const DEFINITION: &str = definition_with!("with the least published 64-bit number");

/// The definition on larger boards: the representative is the image whose row-major list of
/// cells is least, a free cell before a wall (`Board::canonical`; the same rule:
/// on 8 × 8 it is the least published number).
pub const DEFINITION_ANY_SIZE: &str = definition_with!(
    "whose row-major list of cells is least, a free cell before a wall: its walls as late as they go"
);

/// The definition as printed for a board shape.
pub fn definition(rows: usize, cols: usize) -> &'static str {
    if rows <= 8 && cols <= 8 {
        DEFINITION
    } else {
        DEFINITION_ANY_SIZE
    }
}
