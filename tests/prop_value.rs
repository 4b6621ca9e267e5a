//! Property tests: the SAT value and placement agree with exhaustive search on random small
//! boards with walls and holes, under every encoding and search option.

use proptest::prelude::*;
use queensat::board::{Board, Cell};
use queensat::check::{brute_value, check_placement};
use queensat::encode::{Amo, BaseOptions, CountMode};
use queensat::engine::{Search, ValueOptions, value};

fn board_strategy() -> impl Strategy<Value = Board> {
    (1usize..=5, 1usize..=6).prop_flat_map(|(r, c)| {
        proptest::collection::vec(
            prop_oneof![6 => Just(Cell::Free), 3 => Just(Cell::Wall), 1 => Just(Cell::Hole)],
            r * c,
        )
        .prop_map(move |cells| {
            let mut b = Board::new(r, c).unwrap();
            for (i, cell) in cells.into_iter().enumerate() {
                b.set(b.coord(i), cell);
            }
            b
        })
    })
}

fn options_strategy() -> impl Strategy<Value = ValueOptions> {
    (
        prop_oneof![
            Just(Amo::Pairwise),
            Just(Amo::Ladder),
            Just(Amo::Bitwise),
            Just(Amo::Commander)
        ],
        prop_oneof![Just(CountMode::Cells), Just(CountMode::Segments)],
        prop_oneof![Just(Search::Up), Just(Search::Down), Just(Search::Binary)],
    )
        .prop_map(|(amo, count, search)| ValueOptions {
            base: BaseOptions { amo, count },
            search,
            ..ValueOptions::default()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn sat_value_equals_brute_force(board in board_strategy(), opts in options_strategy()) {
        let report = value(&board, &opts).unwrap();
        prop_assert_eq!(report.value, brute_value(&board), "{:?} {:?}", board, opts);
        prop_assert_eq!(report.placement.len(), report.value);
        prop_assert!(check_placement(&board, &report.placement).is_ok());
        prop_assert!(report.value <= report.upper_bound.bound);
        prop_assert!(report.greedy_lower_bound <= report.value);
    }
}
