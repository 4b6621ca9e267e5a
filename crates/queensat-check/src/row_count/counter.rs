//! The N+k counter: its rules, the first rows as weighted tasks, and what each task counts.

use super::keys;
use super::masks::full_mask;
use super::rules::Rules;
use super::state::RowState;
use super::tally::Tally;
use super::task::{Corner, NkCount, NkTask, Reduction, TaskWeight};
use crate::stop::never;

/// How many rows above the last the completion asks for a stop ([`NkCounter::poll_row`]).
const STOP_DEPTH: usize = 8;

/// The N+k queens counter for one `n` and `k`.
#[derive(Clone, Debug)]
pub struct NkCounter {
    pub(super) n: usize,
    pub(super) full: u64,
    /// Columns a wall may stand in (not the first or last).
    pub(super) inner: u64,
    /// The completion's row where the search asks for a stop: [`STOP_DEPTH`] rows above the
    /// last, so that below it a subtree is short and above it the nodes are few.
    pub(super) poll_row: usize,
    /// The mirror reductions' rules, then [`Reduction::Sides`]' for each row-0 column `p`
    /// (above 0: without a queen in row `p` of the last column).
    rules: Vec<Rules>,
    /// [`Reduction::Sides`]' for each row-0 column `p` above 0 with a queen in row `p` of the
    /// last column, at `p - 1`.
    right: Vec<Rules>,
    /// The corner's rules by row 1's first queen's column ([`Corner::Row1`]; the first two
    /// are not used), then with the opposite corner ([`Corner::Opposite`]).
    corner: Vec<Rules>,
}

impl NkCounter {
    /// `n` from 1 to 64.
    pub fn new(n: usize) -> NkCounter {
        assert!((1..=64).contains(&n), "N+k counting takes sides 1 to 64");
        let full = full_mask(n);
        let borders = 1 | 1u64 << (n - 1);
        let mut rules = vec![Rules::free(), Rules::sides(n, 0)];
        rules.extend((1..n.div_ceil(2)).map(|p| Rules::sides_part(n, p, false)));
        let right = (1..n.div_ceil(2))
            .map(|p| Rules::sides_part(n, p, true))
            .collect();
        let mut corner: Vec<Rules> = (0..n).map(|c1| Rules::row1(n, c1)).collect();
        corner.push(Rules::opposite(n));
        NkCounter {
            n,
            full,
            inner: full & !borders,
            poll_row: n.saturating_sub(STOP_DEPTH),
            rules,
            right,
            corner,
        }
    }

    /// The first rows' placements, as weighted states at `depth` rows (or fewer where the
    /// board ends): row 0 holds one queen and no wall. With a mirror half, only queens in that
    /// half of row 0 (and the middle), those off the middle standing for themselves and their
    /// mirror images; the two halves search disjoint placements apart from the middle column,
    /// so counting with each is a recount on a second symmetry reduction. With the sides
    /// reduction, row 0's queen in each column `p` up to the middle, each under its rules.
    pub fn tasks(&self, k: usize, depth: usize, reduction: Reduction) -> Vec<NkTask> {
        let mut out = Vec::new();
        let start = RowState::start(k);
        let n = self.n;
        if reduction == Reduction::Sides {
            for p in 0..n.div_ceil(2) {
                let bits = if n - 1 - p == p { keys::TOP_FROM_RIGHT } else { 0 } | keys::of_cell(n, p, 0, p);
                let s = start.next(1 << p, 0, self.full, 0);
                if p == 0 && n >= 3 {
                    self.corner_tasks(s, depth, &mut out);
                    continue;
                }
                let ties = if p == 0 {
                    bits.count_ones()
                } else {
                    u32::from(bits)
                } as usize;
                for right in [false, true] {
                    let weight = |ties| TaskWeight::Sides {
                        key: p,
                        ties,
                        corner: Corner::No,
                        right,
                    };
                    let Some(rules) = self.sides_rules(p, right) else {
                        continue;
                    };
                    self.expand(rules, s, ties, depth.max(1), &mut |state, ties| {
                        out.push(NkTask {
                            state,
                            weight: weight(ties),
                        })
                    });
                }
            }
            return out;
        }
        let firsts = match reduction {
            Reduction::Left => 0..n.div_ceil(2),
            Reduction::Right => n / 2..n,
            _ => 0..n,
        };
        for c in firsts {
            let times = if reduction == Reduction::Off || 2 * c + 1 == n {
                1
            } else {
                2
            };
            let s = start.next(1 << c, 0, self.full, 0);
            self.expand(&self.rules[0], s, 0, depth.max(1), &mut |state, _| {
                out.push(NkTask {
                    state,
                    weight: TaskWeight::Times(times),
                })
            });
        }
        out
    }

    /// The corner's tasks below row 0's queen on `(0, 0)` (state `s`): with the opposite
    /// corner (the corner's key tied once), then by row 1's queens (no tie yet).
    fn corner_tasks(&self, s: RowState, depth: usize, out: &mut Vec<NkTask>) {
        let push = |out: &mut Vec<NkTask>, state, ties, corner| {
            out.push(NkTask {
                state,
                weight: TaskWeight::Sides {
                    key: 0,
                    ties,
                    corner,
                    right: false,
                },
            })
        };
        let opposite = &self.corner[self.n];
        self.expand(opposite, s, 1, depth.max(1), &mut |state, ties| {
            push(out, state, ties, Corner::Opposite)
        });
        // Row 1 takes no wall (no column but the first holds a queen above it).
        self.each_row(&s, s.open(self.full), &mut |q, w, used| {
            let c1 = q.trailing_zeros() as usize;
            let r = &self.corner[c1];
            let t = s.next(q, w, self.full, used);
            self.expand(r, t, r.ties(1, q), depth.max(2), &mut |state, ties| {
                push(out, state, ties, Corner::Row1(c1))
            });
        });
    }

    /// The rules a task's search runs under.
    fn task_rules(&self, weight: TaskWeight) -> (&Rules, usize) {
        match weight {
            TaskWeight::Times(_) => (&self.rules[0], 0),
            TaskWeight::Sides {
                key,
                ties,
                corner,
                right,
            } => match corner {
                Corner::No => (self.sides_rules(key, right).expect("a part"), ties),
                Corner::Opposite => (&self.corner[self.n], ties),
                Corner::Row1(c1) => (&self.corner[c1], ties),
            },
        }
    }

    /// The rules of the sides' tasks with row 0's queen in column `p`, with or without the
    /// last column's queen in row `p` (`right`; one part only for the corner).
    fn sides_rules(&self, p: usize, right: bool) -> Option<&Rules> {
        match (p, right) {
            (0, true) => None,
            (_, false) => Some(&self.rules[1 + p]),
            (_, true) => Some(&self.right[p - 1]),
        }
    }

    fn expand(
        &self,
        r: &Rules,
        s: RowState,
        ties: usize,
        depth: usize,
        out: &mut impl FnMut(RowState, usize),
    ) {
        if s.row >= depth || s.row == self.n {
            out(s, ties);
            return;
        }
        if r.short(&s) {
            return;
        }
        let row = s.row;
        let open = s.open(self.full) & !r.banned[row];
        self.each_row(&s, open, &mut |q, w, used| {
            let t = s.next(q, w, self.full, used);
            self.expand(r, t, ties + r.ties(row, q), depth, out)
        });
    }

    /// The placements below a task's state, with what they stand for.
    pub fn count_task(&self, t: &NkTask) -> NkCount {
        self.count_task_until(t, never).expect("a count that never stops")
    }

    /// [`count_task`](Self::count_task), or `None` once `stop` says yes (asked as the search
    /// goes, so a long task ends soon after a stop signal).
    pub fn count_task_until(&self, t: &NkTask, stop: fn() -> bool) -> Option<NkCount> {
        let (rules, ties) = self.task_rules(t.weight);
        let mut tally = Tally::new(stop);
        self.count(rules, t.state, ties, &mut tally);
        let acc = tally.finished()?;
        Some(match t.weight {
            TaskWeight::Times(times) => NkCount {
                placements: times * acc[0],
                by_ties: [0; 8],
            },
            TaskWeight::Sides { key: 0, .. } => {
                // A placement has 8 keys, so at most 7 ties: the slots past 7 hold nothing.
                assert!(
                    acc[8..].iter().all(|&c| c == 0),
                    "internal error: more than 8 keys tie"
                );
                NkCount {
                    placements: 0,
                    by_ties: acc[..8].try_into().expect("8 slots"),
                }
            }
            TaskWeight::Sides { .. } => {
                let mut by_ties = [0; 8];
                for (tied, &found) in acc.iter().enumerate() {
                    match keys::images(tied) {
                        0 => assert_eq!(found, 0, "internal error: not canonical, ties {tied:#b}"),
                        t => by_ties[t - 1] += found,
                    }
                }
                NkCount {
                    placements: 0,
                    by_ties,
                }
            }
        })
    }

    /// The whole count under `reduction`, in one thread (tests and small sizes).
    pub fn count_all(&self, k: usize, reduction: Reduction) -> u64 {
        let total = self
            .tasks(k, 1, reduction)
            .iter()
            .try_fold(NkCount::default(), |sum, t| sum.checked_add(&self.count_task(t)));
        total.and_then(|t| t.total()).expect("a whole count adds up")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row_count::{count_row_perfect, row_segment_count};
    use itertools::Itertools;
    use queensat_board::{Board, Cell};

    #[test]
    fn n_plus_one_queens_a103330() {
        // OEIS A103330, n = 1..11, as a test oracle.
        let want = [0, 0, 0, 0, 0, 16, 20, 128, 396, 2288, 11152];
        for (i, &w) in want.iter().enumerate() {
            for reduction in [Reduction::Left, Reduction::Sides] {
                assert_eq!(
                    NkCounter::new(i + 1).count_all(1, reduction),
                    w,
                    "n={} {reduction:?}",
                    i + 1
                );
            }
        }
    }

    /// The N+k count as the sum over every k-wall board of its row-perfect placements of
    /// n + k queens: the fixed-board counter on each board, no symmetry. Those with a queen on
    /// a cell of `barred` left out: each such cell made a hole on every board, the boards on
    /// which that takes a row segment away holding none of the others.
    fn by_boards(n: usize, k: usize, barred: &[(usize, usize)]) -> u64 {
        with_queens(n, k, barred, &[])
    }

    /// [`by_boards`] of the placements with a queen on every cell of `queens`: the other cells
    /// of each one's row segment made holes too.
    fn with_queens(n: usize, k: usize, barred: &[(usize, usize)], queens: &[(usize, usize)]) -> u64 {
        (0..n * n)
            .combinations(k)
            .map(|cells| {
                let walls: Vec<_> = cells.iter().map(|&i| (i / n, i % n)).collect();
                let mut b = Board::with_walls(n, n, &walls).unwrap();
                let on_wall = |cells: &[(usize, usize)]| walls.iter().any(|w| cells.contains(w));
                if row_segment_count(&b) != n + k || on_wall(barred) || on_wall(queens) {
                    return 0;
                }
                for &h in barred {
                    b.set(h, Cell::Hole);
                }
                for &(r, c) in queens {
                    let segment = |step: &dyn Fn(usize) -> Option<usize>| {
                        std::iter::successors(step(c), |&x| step(x))
                            .take_while(|&x| b.cell((r, x)) != Cell::Wall)
                            .collect::<Vec<_>>()
                    };
                    let others = [
                        segment(&|x| x.checked_sub(1)),
                        segment(&|x| (x + 1 < n).then_some(x + 1)),
                    ];
                    for x in others.concat() {
                        b.set((r, x), Cell::Hole);
                    }
                }
                if queens.iter().any(|&q| b.cell(q) == Cell::Hole) {
                    return 0;
                }
                if row_segment_count(&b) == n + k {
                    count_row_perfect(&b)
                } else {
                    0
                }
            })
            .sum()
    }

    /// The sides reduction's three parts, each against placements counted on every board by the
    /// fixed-board counter: the corner's tasks with the opposite corner count the placements
    /// with queens on two opposite corners, the corner's other tasks (by row 1's first queen)
    /// those with a queen on one corner, the other tasks those with no corner queen.
    #[test]
    fn the_corner_parts_count_the_placements_with_corner_queens() {
        let part = |c: &NkCounter, k: usize, which: &dyn Fn(Corner) -> bool| {
            let sum = c
                .tasks(k, 2, Reduction::Sides)
                .iter()
                .filter(|t| matches!(t.weight, TaskWeight::Sides { corner, .. } if which(corner)))
                .fold(NkCount::default(), |s, t| {
                    s.checked_add(&c.count_task(t)).unwrap()
                });
            sum.total().expect("each part holds whole classes")
        };
        let mut seen_opposite = false;
        // No board below 9×9 with at most 3 walls has queens on two opposite corners.
        let cases = (4..=8).flat_map(|n| (0..=3).map(move |k| (n, k)));
        for (n, k) in cases.chain([(9, 1), (9, 2)]) {
            let c = NkCounter::new(n);
            let (a, b, d, e) = ((0, 0), (n - 1, n - 1), (0, n - 1), (n - 1, 0));
            let all = by_boards(n, k, &[]);
            let no_corner = by_boards(n, k, &[a, b, d, e]);
            // Queens on both ends of a diagonal, by inclusion and exclusion.
            let both = |x, y| all + by_boards(n, k, &[x, y]) - by_boards(n, k, &[x]) - by_boards(n, k, &[y]);
            let opposite = both(a, b) + both(d, e);
            seen_opposite |= opposite > 0;
            let key = format!("n={n} k={k}");
            assert_eq!(part(&c, k, &|x| x == Corner::Opposite), opposite, "{key}");
            let row1 = part(&c, k, &|x| matches!(x, Corner::Row1(_)));
            assert_eq!(row1, all - no_corner - opposite, "{key}");
            assert_eq!(part(&c, k, &|x| x == Corner::No), no_corner, "{key}");
        }
        assert!(
            seen_opposite,
            "no placement with two opposite corner queens was counted"
        );
    }

    /// The sides reduction's parts above the corner, each against placements counted on every
    /// board by the fixed-board counter: the tasks with row 0's queen in column `p` count the
    /// placements whose least key is `p` (no queen on a border cell nearer a corner), those
    /// with the last column's queen in row `p` the ones with four keys `p` in a turn of the
    /// square (queens on `(0, p)`, `(p, n - 1)`, `(n - 1, n - 1 - p)`, `(n - 1 - p, 0)`, or the
    /// mirror image).
    #[test]
    fn the_right_parts_count_the_placements_with_four_keys_in_a_turn() {
        let mut seen_turn = false;
        let cases = (4..=7).flat_map(|n| (0..=3).map(move |k| (n, k)));
        for (n, k) in cases.chain([(8, 1), (8, 2), (8, 3), (9, 1), (9, 2)]) {
            let c = NkCounter::new(n);
            let tasks = c.tasks(k, 2, Reduction::Sides);
            let part = |p: usize, right: bool| {
                let sum = tasks
                    .iter()
                    .filter(|t| {
                        matches!(t.weight, TaskWeight::Sides { key, corner: Corner::No, right: r, .. }
                            if key == p && r == right)
                    })
                    .fold(NkCount::default(), |s, t| {
                        s.checked_add(&c.count_task(t)).unwrap()
                    });
                sum.total().expect("each part holds whole classes")
            };
            // The border cells whose key is below `p`.
            let nearer = |p: usize| -> Vec<(usize, usize)> {
                let ends = (0..p).flat_map(|d| [d, n - 1 - d]).collect::<Vec<_>>();
                ends.iter()
                    .flat_map(|&e| [(0, e), (n - 1, e), (e, 0), (e, n - 1)])
                    .collect()
            };
            for p in 1..n.div_ceil(2) {
                let key = format!("n={n} k={k} p={p}");
                let least = by_boards(n, k, &nearer(p)) - by_boards(n, k, &nearer(p + 1));
                let q = n - 1 - p;
                let turn = [(0, p), (p, n - 1), (n - 1, q), (q, 0)];
                let other = [(0, q), (q, n - 1), (n - 1, p), (p, 0)];
                let mut turns = with_queens(n, k, &nearer(p), &turn);
                if p != q {
                    turns += with_queens(n, k, &nearer(p), &other);
                }
                seen_turn |= turns > 0;
                assert_eq!(part(p, true), turns, "{key}");
                assert_eq!(part(p, false), least - turns, "{key}");
            }
        }
        assert!(seen_turn, "no placement with four keys in a turn was counted");
    }

    #[test]
    fn walls_chosen_on_the_fly_equal_every_board_counted() {
        for (n, k) in [(5, 1), (6, 2), (7, 2), (6, 3), (7, 3)] {
            let want = by_boards(n, k, &[]);
            for reduction in [
                Reduction::Off,
                Reduction::Left,
                Reduction::Right,
                Reduction::Sides,
            ] {
                assert_eq!(
                    NkCounter::new(n).count_all(k, reduction),
                    want,
                    "n={n} k={k} {reduction:?}"
                );
            }
        }
    }

    #[test]
    fn sides_agree_with_the_mirror() {
        for n in 1..=10 {
            let c = NkCounter::new(n);
            for k in 0..=3 {
                assert_eq!(
                    c.count_all(k, Reduction::Sides),
                    c.count_all(k, Reduction::Left),
                    "n={n} k={k}"
                );
            }
        }
    }

    #[test]
    fn tasks_at_any_depth_sum_to_the_count() {
        let c = NkCounter::new(8);
        let all = c.count_all(2, Reduction::Off);
        for depth in 1..=4 {
            for reduction in [
                Reduction::Left,
                Reduction::Right,
                Reduction::Off,
                Reduction::Sides,
            ] {
                let tasks = c.tasks(2, depth, reduction);
                let sum = tasks.iter().fold(NkCount::default(), |s, t| {
                    s.checked_add(&c.count_task(t)).unwrap()
                });
                assert_eq!(sum.total(), Some(all), "depth {depth} {reduction:?}");
            }
        }
    }
}
