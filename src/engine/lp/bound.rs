//! The segment LP bound: the covering LP (the dual of "most queens, at most one per clique,
//! 0 ≤ x ≤ 1") solved with microlp, rounded to an integer certificate and checked by
//! [`check_dual`]. Only the checked certificate is used: the LP's floats never decide anything
//! (the packing LP of [`tighten`] gives guesses for the solver's phases and the dives' start,
//! nothing more).
//!
//! The LP: minimise `Σ_K y_K + Σ_c z_c` with `Σ_{K ∋ c} y_K + z_c ≥ 1` on every free cell,
//! `y, z ≥ 0`, over cliques `K` of the sight graph: the segments; the 2×2 blocks with three or
//! four free cells (a block's cells are pairwise adjacent; two free cells lie on one segment
//! and add nothing); and the cliques found by cut rounds on the packing LP, which add the
//! cliques its optimum loads above one queen ([`violated_cliques`]; the corners and centre
//! of a 3×3 square, say). LP optimum, segments → with blocks → with cuts: 20×20 with 60
//! random walls (value 51) 54.07 → 52.97 → 52.42; 24×24 with 72 (value 61) 64.13 → 63.58 →
//! 62.90. Rounding: each `y_K` scaled by [`SCALE`] and rounded up, then each cell's `z_c` tops
//! its cover up to the scale, so the certificate is feasible by construction.

use super::dive::PackingLp;
use super::slices::{LP_SLICE, finish_in_slices, lp_failed, solve_in_slices};
use crate::board::{Board, Cell, Coord, Segment};
use crate::check::{CheckedDual, CliqueWeight, DualCertificate, SegmentWeight, Waste, check_dual};
use crate::encode::{BaseModel, ValueQuestion, VarRole, at_most_weighted};
use microlp::{ComparisonOp, LinearExpr, OptimizationDirection, Problem, Solution, Variable};
use rustsat::instances::Cnf;
use rustsat::types::{Clause, Lit};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

/// The common denominator of the certificate's weights.
pub const SCALE: u64 = 1_000_000;

/// Boards with at least this many free cells get the segment-LP bound when it is asked for.
/// On 12×12 boards (at most 144 free cells) the LP takes 1–2 ms against values of 1–30 ms: it
/// saves 4–9 ms on a wall lattice and costs 1–2 ms on random walls, a wash; from 16×16 on it
/// saves seconds on lattices (docs/bench.md).
pub const LP_MIN_FREE_CELLS: usize = 150;

/// At most this many rounds of clique cuts (see [`violated_cliques`]) before the covering LP.
const CUT_ROUNDS: usize = 8;

/// A cut must load its clique above one queen by more than this, so that rounding noise in
/// the LP's floats adds no cuts.
const MIN_CUT: f64 = 1e-4;

/// Cut rounds end once a round lowers the packing LP's optimum by less than this.
const MIN_GAIN: f64 = 0.01;

/// The cliques the LP covers the board with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cliques {
    /// The segments and the 2×2 blocks: one LP solve.
    Fixed,
    /// Also the cliques that cut rounds find: at least two more solves (the packing LP is
    /// solved from scratch, microlp gives no duals), 0.01–0.07 s on 16×16 to 24×24 boards and
    /// 2 s on 40×40, so the value search asks for them ([`tighten`]) only when its start
    /// placement falls short of the fixed bound.
    WithCuts,
}

/// The checked LP bound of `board` over the [`Fixed`](Cliques::Fixed) cliques when `wanted`
/// and the board is large enough to pay (the value search's start; its cut rounds come after,
/// by [`tighten`]); `stop` as in [`lp_bound_until`], looked at every [`LP_SLICE`].
pub fn lp_bound_if(board: &Board, wanted: bool, stop: &dyn Fn() -> bool) -> anyhow::Result<Option<LpBound>> {
    if wanted && board.free_cells().len() >= LP_MIN_FREE_CELLS {
        lp_bound_until(board, Cliques::Fixed, stop, LP_SLICE)
    } else {
        Ok(None)
    }
}

/// A checked LP bound.
#[derive(Clone, Debug)]
pub struct LpBound {
    pub certificate: DualCertificate,
    pub checked: CheckedDual,
    /// The LP optimum as the solver found it (floats; for reports only).
    pub lp_value: f64,
    pub seconds: f64,
}

/// Solves the covering LP of `board` and checks the rounded certificate. An error when the LP
/// solver fails or the certificate does not check (a bug: the rounding makes it feasible).
pub fn lp_bound(board: &Board) -> anyhow::Result<LpBound> {
    Ok(lp_bound_until(board, Cliques::WithCuts, &|| false, LP_SLICE)?.expect("never stopped"))
}

/// [`lp_bound`] over `with`, looking at `stop` (a time limit, Ctrl-C) every `slice`: `None`
/// once it says so before the LP's optimum (microlp holds no covering before then, so a
/// stopped LP gives no bound at all).
fn lp_bound_until(
    board: &Board,
    with: Cliques,
    stop: &dyn Fn() -> bool,
    slice: Duration,
) -> anyhow::Result<Option<LpBound>> {
    match with {
        Cliques::Fixed => SightCliques::of(board).cover(board, &[], Instant::now(), stop, slice),
        Cliques::WithCuts => Ok(cut_and_cover(board, f64::NEG_INFINITY, stop, slice)?.and_then(|t| t.bound)),
    }
}

/// What the cut rounds give a caller that holds the [`Fixed`](Cliques::Fixed) bound already.
pub struct Tightened {
    /// The packing LP after the cuts, at its optimum: floats, a hint only (the value search's
    /// guesses of where the queens stand, and where the dives of its calls start).
    pub packing: PackingLp,
    /// The bound over the segments, the blocks and the cuts, when the cuts lowered the packing
    /// LP's optimum by at least [`MIN_GAIN`]; else `None`, the covering LP not solved (it
    /// would give the same bound and almost the same slack; on the wall lattices the cuts
    /// never gain).
    pub bound: Option<LpBound>,
}

/// Cut rounds on `board` (large enough for [`LP_MIN_FREE_CELLS`]): the packing LP at its optimum and,
/// when the cuts gain, the tighter bound; `None` once `stop` says so.
pub fn tighten(board: &Board, stop: &dyn Fn() -> bool) -> anyhow::Result<Option<Tightened>> {
    cut_and_cover(board, MIN_GAIN, stop, LP_SLICE)
}

/// Cut rounds, then the covering LP over the cliques they found when they lowered the packing
/// LP's optimum by at least `min_gain`; `None` once `stop` says so.
fn cut_and_cover(
    board: &Board,
    min_gain: f64,
    stop: &dyn Fn() -> bool,
    slice: Duration,
) -> anyhow::Result<Option<Tightened>> {
    let start = Instant::now();
    let sight = SightCliques::of(board);
    let Some(rounds) = sight.cut_rounds(stop, slice)? else {
        return Ok(None);
    };
    let bound = if rounds.gain < min_gain {
        None
    } else {
        let Some(b) = sight.cover(board, &rounds.cuts, start, stop, slice)? else {
            return Ok(None);
        };
        Some(b)
    };
    Ok(Some(Tightened {
        packing: rounds.packing,
        bound,
    }))
}

/// The cliques of a board's sight graph that every LP here starts from, over the free cells
/// numbered in reading order.
struct SightCliques {
    free: Vec<Coord>,
    /// Each segment with at least one free cell, and those cells' numbers.
    segments: Vec<(Segment, Vec<usize>)>,
    /// The 2×2 blocks with three or four free cells.
    blocks: Vec<Vec<usize>>,
}

/// What [`SightCliques::cut_rounds`] found.
struct CutRounds {
    cuts: Vec<Vec<usize>>,
    /// How much the cuts lowered the packing LP's optimum in all.
    gain: f64,
    /// The packing LP with the cuts, at its optimum.
    packing: PackingLp,
}

impl SightCliques {
    fn of(board: &Board) -> SightCliques {
        let free = board.free_cells();
        let slot: HashMap<Coord, usize> = free.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let segments = board
            .segments()
            .into_iter()
            .map(|s| {
                let cells: Vec<usize> = s.free_cells(board).map(|p| slot[&p]).collect();
                (s, cells)
            })
            .filter(|(_, cells)| !cells.is_empty())
            .collect();
        let blocks = (0..board.rows().saturating_sub(1))
            .flat_map(|r| (0..board.cols().saturating_sub(1)).map(move |c| (r, c)))
            .map(|(r, c)| {
                [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                    .into_iter()
                    .filter(|&p| board.cell(p) == Cell::Free)
                    .map(|p| slot[&p])
                    .collect::<Vec<usize>>()
            })
            .filter(|cells| cells.len() >= 3)
            .collect();
        SightCliques {
            free,
            segments,
            blocks,
        }
    }

    /// The cliques that rounds of cuts add to the blocks: each round solves the packing LP
    /// and adds the cliques of the sight graph its optimum loads above one queen
    /// ([`violated_cliques`]), for at most [`CUT_ROUNDS`] rounds and until one gains less than
    /// [`MIN_GAIN`]. With how much they lowered the packing LP's optimum in all, and that LP
    /// at its last optimum; `None` once `stop` says so.
    fn cut_rounds(&self, stop: &dyn Fn() -> bool, slice: Duration) -> anyhow::Result<Option<CutRounds>> {
        let (n, fixed) = (self.free.len(), &self.blocks);
        let segments = self.segments.iter().map(|(_, c)| c);
        let sees = sight(n, segments.clone());
        let Some((x, mut packing)) = packing_lp(n, segments.chain(fixed), stop, slice)? else {
            return Ok(None);
        };
        let first = packing.objective();
        let mut added: Vec<Vec<usize>> = Vec::new();
        for _ in 0..CUT_ROUNDS {
            let before = packing.objective();
            let point: Vec<f64> = x.iter().map(|&v| packing.var_value(v)).collect();
            let known: HashSet<&Vec<usize>> = fixed.iter().chain(&added).collect();
            let cuts: Vec<Vec<usize>> = violated_cliques(&point, &sees)
                .into_iter()
                .filter(|k| !known.contains(k))
                .collect();
            for cut in &cuts {
                let mut row = LinearExpr::empty();
                for &i in cut {
                    row.add(x[i], 1.0);
                }
                let edited = packing
                    .add_constraint(row, ComparisonOp::Le, 1.0)
                    .map_err(|e| lp_failed("the segment LP", e))?;
                let Some(s) = finish_in_slices(edited, stop, slice)? else {
                    return Ok(None);
                };
                packing = s;
            }
            added.extend(cuts);
            if before - packing.objective() < MIN_GAIN {
                break;
            }
        }
        Ok(Some(CutRounds {
            gain: first - packing.objective(),
            cuts: added,
            packing: PackingLp::new(self.free.clone(), x, packing),
        }))
    }

    /// The covering LP over the segments, the blocks and `cuts`, solved, rounded and checked;
    /// `start` is when the caller began (the bound's `seconds` count from there).
    fn cover(
        &self,
        board: &Board,
        cuts: &[Vec<usize>],
        start: Instant,
        stop: &dyn Fn() -> bool,
        slice: Duration,
    ) -> anyhow::Result<Option<LpBound>> {
        let (free, segments) = (&self.free, &self.segments);
        let cliques: Vec<&Vec<usize>> = self.blocks.iter().chain(cuts).collect();
        let mut lp = Problem::new(OptimizationDirection::Minimize);
        let mut var = || lp.add_var(1.0, (0.0, f64::INFINITY));
        let y: Vec<_> = segments.iter().map(|_| var()).collect();
        let yk: Vec<_> = cliques.iter().map(|_| var()).collect();
        let mut rows: Vec<LinearExpr> = free.iter().map(|_| LinearExpr::empty()).collect();
        let clique_cells = segments.iter().map(|(_, c)| c).chain(cliques.iter().copied());
        for (cells, &v) in clique_cells.zip(y.iter().chain(&yk)) {
            for &i in cells {
                rows[i].add(v, 1.0);
            }
        }
        // Every free cell lies in a row segment, so cell weights are never needed by the LP
        // itself; they only absorb the rounding below.
        for row in rows {
            lp.add_constraint(row, ComparisonOp::Ge, 1.0);
        }
        let Some(solution) = solve_in_slices(&lp, stop, slice)? else {
            return Ok(None);
        };
        let mut cover = vec![0u64; free.len()];
        // Each weight scaled and rounded up, and added to the cover of its cells.
        let mut weigh = |v, cells: &[usize]| {
            let w = (solution.var_value(v).max(0.0) * SCALE as f64 - 1e-3)
                .ceil()
                .max(0.0) as u64;
            for &i in cells {
                cover[i] += w;
            }
            w
        };
        let mut weights = Vec::new();
        for ((s, cells), &v) in segments.iter().zip(&y) {
            let weight = weigh(v, cells);
            if weight > 0 {
                weights.push(SegmentWeight {
                    family: s.family,
                    through: s.cells[0],
                    weight,
                });
            }
        }
        let mut clique_weights = Vec::new();
        for (cells, &v) in cliques.iter().zip(&yk) {
            let weight = weigh(v, cells);
            if weight > 0 {
                clique_weights.push(CliqueWeight {
                    cells: cells.iter().map(|&i| free[i]).collect(),
                    weight,
                });
            }
        }
        let cells = free
            .iter()
            .zip(&cover)
            .filter(|&(_, &c)| c < SCALE)
            .map(|(&p, &c)| (p, SCALE - c))
            .collect();
        let certificate = DualCertificate {
            scale: SCALE,
            segments: weights,
            cliques: clique_weights,
            cells,
        };
        let checked = check_dual(board, &certificate).map_err(|e| {
            anyhow::anyhow!("internal error: the rounded LP certificate fails the checker: {e}")
        })?;
        Ok(Some(LpBound {
            certificate,
            checked,
            lp_value: solution.objective(),
            seconds: start.elapsed().as_secs_f64(),
        }))
    }
}

/// For each of `n` cells, the cells it sees (sharing one of `segments`), sorted.
fn sight<'a>(n: usize, segments: impl Iterator<Item = &'a Vec<usize>>) -> Vec<Vec<usize>> {
    let mut sees = vec![Vec::new(); n];
    for cells in segments {
        for &a in cells {
            sees[a].extend(cells.iter().copied().filter(|&b| b != a));
        }
    }
    for s in &mut sees {
        s.sort_unstable();
        s.dedup();
    }
    sees
}

/// The packing LP "most queens, `0 ≤ x ≤ 1`, at most one in each of `rows`" over `n` cells,
/// solved: its variables and its optimum, to which cuts can be added; `None` once `stop` says
/// so.
fn packing_lp<'a>(
    n: usize,
    rows: impl Iterator<Item = &'a Vec<usize>>,
    stop: &dyn Fn() -> bool,
    slice: Duration,
) -> anyhow::Result<Option<(Vec<Variable>, Solution)>> {
    let mut lp = Problem::new(OptimizationDirection::Maximize);
    let x: Vec<_> = (0..n).map(|_| lp.add_var(1.0, (0.0, 1.0))).collect();
    for cells in rows {
        let mut row = LinearExpr::empty();
        for &i in cells {
            row.add(x[i], 1.0);
        }
        lp.add_constraint(row, ComparisonOp::Le, 1.0);
    }
    Ok(solve_in_slices(&lp, stop, slice)?.map(|s| (x, s)))
}

/// Cliques of the sight graph `sees` that the LP point `x` loads above one queen (by more than
/// [`MIN_CUT`]), each grown greedily from a loaded cell: its neighbours by falling load, each
/// kept when it sees every cell kept so far. Sorted cell lists, without repeats.
fn violated_cliques(x: &[f64], sees: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let by_load = |v: &mut Vec<usize>| v.sort_by(|&a, &b| x[b].total_cmp(&x[a]).then(a.cmp(&b)));
    let mut starts: Vec<usize> = (0..x.len()).filter(|&i| x[i] > 1e-6).collect();
    by_load(&mut starts);
    let mut found = BTreeSet::new();
    for i in starts {
        let mut candidates = sees[i].clone();
        by_load(&mut candidates);
        let mut clique = vec![i];
        for j in candidates {
            if clique.iter().all(|&k| sees[k].binary_search(&j).is_ok()) {
                clique.push(j);
            }
        }
        if clique.iter().map(|&k| x[k]).sum::<f64>() > 1.0 + MIN_CUT {
            clique.sort_unstable();
            found.insert(clique);
        }
    }
    found.into_iter().collect()
}

/// The steps to which the waste inequality's weights are rounded (see
/// [`at_most_weighted`]): on the wall lattices of `make bench-large` (24×24 to 32×32), 8 steps
/// found the value in 0.07–4.1 s of CPU where the forced clauses alone had not in 60 s; 4 steps
/// missed 32×32 step 5 in 30 s, and 16 or 32 steps were slower on three of the four boards.
pub const WASTE_STEPS: usize = 8;

/// The clauses "at least `k` queens" implies under the checked certificate of `lp`, over
/// `model`'s queen literals: what it forces (a unit `¬q` per empty cell, `q_1 ∨ … ∨ q_m` per full
/// clique) and, when [`waste_joins`] says so, the waste inequality, rounded to
/// [`WASTE_STEPS`], with an indicator per weighted clique (segment or listed) that is true when
/// it is empty. When the bound refutes `k`, every cell empty and every clique full: a CNF
/// refuted by unit propagation.
pub fn implied_clauses(model: &mut BaseModel, lp: &LpBound, k: usize) -> Vec<Clause> {
    let lit = |model: &BaseModel, p: &Coord| model.queen_lit(*p).expect("the checker names free cells only");
    let forced = lp.checked.forced(k);
    let mut cnf: Cnf = forced
        .empty
        .iter()
        .map(|p| Clause::from_iter([!lit(model, p)]))
        .collect();
    for s in &forced.full {
        cnf.add_clause(s.iter().map(|p| lit(model, p)).collect());
    }
    let Some(waste) = waste_joins(lp, k) else {
        return cnf.into_iter().collect();
    };
    // The terms that alone exceed the slack are the forced facts above.
    let light = |w: &u128| *w <= waste.slack;
    let mut terms: Vec<(Lit, u128)> = waste
        .cells
        .iter()
        .filter(|(_, e)| light(e))
        .map(|(p, e)| (lit(model, p), *e))
        .collect();
    for (cells, w) in waste.cliques.iter().filter(|(_, w)| light(w)) {
        let empty = model.vars.named(VarRole::Aux("clique empty")).pos_lit();
        let mut occupied: Clause = cells.iter().map(|p| lit(model, p)).collect();
        occupied.add(empty);
        cnf.add_clause(occupied);
        terms.push((empty, *w));
    }
    at_most_weighted(&terms, waste.slack, WASTE_STEPS, &mut cnf, &mut model.vars);
    cnf.into_iter().collect()
}

/// The waste inequality of "at least `k`" when it joins the call: only at the certificate's
/// bound (slack below one queen). With a looser slack the rounded inequality propagates
/// little and costs (16×16 random medium, value 28, LP 30.10: 0.75 → 1.20 s of CPU with it
/// at 29). Within the bound no slack limit pays: a limit of 3/4 of a queen, tried after the
/// 2×2 blocks brought that board's LP to 29.85 (0.77 → 1.72 s with the inequality at slack
/// 0.85), kept 40×40 lattice step 4 (LP 55.83, slack 0.83) from its proof: 97 s of CPU with the
/// inequality, none in 200 s without.
fn waste_joins(lp: &LpBound, k: usize) -> Option<Waste> {
    lp.checked.waste(k).filter(|_| k == lp.checked.bound())
}

/// Adds to the standalone question `q` ("at least k queens", k given) the clauses that "at
/// least k" implies under the checked certificate of `lp` ([`implied_clauses`]); returns their
/// number and a line that says where they come from (for the CNF's header and the certificate
/// record).
pub fn add_implied_clauses(q: &mut ValueQuestion, lp: &LpBound) -> (usize, String) {
    let k = q.at_least.expect("a question with a bound");
    let forced = lp.checked.forced(k);
    let clauses = implied_clauses(&mut q.model, lp, k);
    let n = clauses.len();
    for cl in clauses {
        q.cnf.add_clause(cl);
    }
    let waste = if waste_joins(lp, k).is_none() {
        String::new()
    } else {
        format!(", and the waste inequality rounded down to {WASTE_STEPS} steps of the slack")
    };
    let note = format!(
        "{n} clauses implied by \"at least {k} queens\" ({} empty cells as units, {} segments or other cliques that must \
         hold a queen{waste}) under the segment LP's dual certificate (weights over {}, total {}, bound {}), checked by queensat's \
         independent checker (every free cell covered, exact integers)",
        forced.empty.len(),
        forced.full.len(),
        lp.certificate.scale,
        lp.checked.total(),
        lp.checked.bound()
    );
    (n, note)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::check::brute_value;
    use crate::encode::BaseOptions;
    use crate::engine::bounds::upper_bound;
    use crate::engine::session::{BoardSession, Hold};
    use crate::solve::Backend;
    use proptest::prelude::*;

    /// An `n × n` board with a wall at every `step`-th square of every `step`-th row from `off`.
    pub(crate) fn lattice(n: usize, step: usize, off: usize) -> Board {
        let walls: Vec<Coord> = (off..n)
            .step_by(step)
            .flat_map(|r| (off..n).step_by(step).map(move |c| (r, c)))
            .collect();
        Board::with_walls(n, n, &walls).unwrap()
    }

    #[test]
    fn the_plain_board_and_a_lattice() {
        let b = Board::square(8).unwrap();
        let lp = lp_bound(&b).unwrap();
        assert_eq!(lp.checked.bound(), 8);
        // 16x16, a wall every 4th square of every 4th row and column (bench/large-boards.json).
        let b = lattice(16, 4, 0);
        let lp = lp_bound(&b).unwrap();
        assert!(lp.checked.bound() < upper_bound(&b).bound, "{lp:?}");
    }

    #[test]
    fn blocks_tighten_the_bound() {
        // Segments alone give an LP optimum of 6.25 here; with the 2×2 blocks, 5.5.
        let b = Board::with_walls(5, 5, &[(1, 1), (3, 0), (3, 2), (4, 2)]).unwrap();
        let lp = lp_bound(&b).unwrap();
        assert!(!lp.certificate.cliques.is_empty(), "{lp:?}");
        assert_eq!(lp.checked.bound(), 5);
        assert_eq!(brute_value(&b), 5);
    }

    #[test]
    fn cut_rounds_find_cliques_off_the_lines() {
        // The open 3×3 board: segments give an LP optimum of 3, with the 2×2 blocks 2.67; the
        // corners with the centre, and the four edge squares, are cliques no line holds, and
        // the cut rounds bring the optimum to the value, 2.
        let b = Board::square(3).unwrap();
        let lp = lp_bound(&b).unwrap();
        assert!((lp.lp_value - 2.0).abs() < 1e-6, "{lp:?}");
        assert!(
            lp.certificate.cliques.iter().any(|k| k.cells.len() == 5),
            "{lp:?}"
        );
        assert_eq!(lp.checked.bound(), brute_value(&b));
        // The cuts gain there (3 → 2): asked only if they do, the bound still comes.
        let tight = tighten(&b, &|| false).unwrap().unwrap();
        assert_eq!(tight.bound.unwrap().checked.bound(), 2);
    }

    #[test]
    fn cuts_that_gain_nothing_give_no_second_bound_but_a_packing_point() {
        // On the wall lattices the cut rounds never move the LP: no covering LP, no bound.
        let b = lattice(20, 5, 0);
        let tight = tighten(&b, &|| false).unwrap().unwrap();
        assert!(tight.bound.is_none());
        // The point: one load per free cell, in [0, 1], at most one queen per segment, and
        // in all the packing LP's optimum (at least the bound, at most the fixed LP's).
        let cells: Vec<Coord> = tight.packing.point().iter().map(|&(p, _)| p).collect();
        assert_eq!(cells, b.free_cells());
        let load: HashMap<Coord, f64> = tight.packing.point().iter().copied().collect();
        assert!(load.values().all(|&x| (-1e-9..=1.0 + 1e-9).contains(&x)));
        for s in b.segments() {
            assert!(s.free_cells(&b).map(|p| load[&p]).sum::<f64>() <= 1.0 + 1e-6);
        }
        let fixed = lp_bound_until(&b, Cliques::Fixed, &|| false, LP_SLICE)
            .unwrap()
            .unwrap();
        let cuts = lp_bound(&b).unwrap();
        assert_eq!(fixed.checked.bound(), cuts.checked.bound());
        assert!(fixed.lp_value - cuts.lp_value < MIN_GAIN);
        let total: f64 = load.values().sum();
        assert!(
            total <= fixed.lp_value + 1e-6 && total + MIN_GAIN >= fixed.lp_value,
            "{total}"
        );
    }

    #[test]
    fn slices_too_short_for_a_step_still_reach_the_optimum_and_a_stop_gives_no_bound() {
        let b = lattice(24, 5, 3);
        let whole = lp_bound(&b).unwrap();
        let tiny = Duration::from_micros(100);
        let sliced = lp_bound_until(&b, Cliques::WithCuts, &|| false, tiny)
            .unwrap()
            .unwrap();
        assert_eq!(sliced.checked.bound(), whole.checked.bound());
        assert!(
            lp_bound_until(&b, Cliques::WithCuts, &|| true, tiny)
                .unwrap()
                .is_none()
        );
        // A slice far shorter than a resume's set-up: doubled until the LP gets on. The budget
        // stays near a resume's set-up, so a slice takes a step or so: a small LP does (5x5 with
        // 4 walls, 0.8 s; 13x13's took 19 s).
        let small = lattice(5, 2, 1);
        let nano = lp_bound_until(&small, Cliques::WithCuts, &|| false, Duration::from_nanos(1))
            .unwrap()
            .unwrap();
        assert_eq!(nano.checked.bound(), lp_bound(&small).unwrap().checked.bound());
    }

    #[test]
    fn never_below_the_value_on_small_boards() {
        let cases = [
            Board::with_walls(6, 6, &[(1, 1), (4, 2), (2, 4)]).unwrap(),
            Board::with_walls(5, 7, &[(0, 3), (2, 3), (4, 3)]).unwrap(),
            Board::square(3).unwrap(),
        ];
        for b in cases {
            let lp = lp_bound(&b).unwrap();
            assert!(lp.checked.bound() >= brute_value(&b), "{b:?}");
            assert!((lp.checked.value() - lp.lp_value).abs() < 1e-2, "{lp:?}");
            let f = lp.checked.forced(brute_value(&b));
            assert!(!f.refuted);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// The clauses of the LP certificate never cut a placement of `value` queens and, at
        /// `value + 1`, leave the solver nothing to find.
        #[test]
        fn implied_clauses_keep_every_answer(
            rows in 1usize..=6, cols in 1usize..=6, codes in prop::collection::vec(0u8..10, 36),
        ) {
            let board = crate::check::board_from_codes(rows, cols, &codes);
            let value = brute_value(&board);
            let lp = lp_bound(&board).unwrap();
            prop_assert!(lp.checked.bound() >= value);
            prop_assert!(lp.checked.bound() <= board.free_cells().len());
            // Held for good, as a search upwards holds them, they cut no answer to a later
            // question either; with CaDiCaL (which simplifies with units) and the board's
            // symmetries broken too, as the value search has them.
            let backends = [
                Backend::Varisat,
                #[cfg(feature = "cadical")]
                Backend::Cadical,
            ];
            for (hold, backend) in itertools::iproduct!([Hold::Assumed, Hold::Imposed], backends) {
                let mut s = BoardSession::new(&board, BaseOptions::default(), &backend);
                if backend != Backend::Varisat {
                    s.break_symmetries();
                }
                for k in 1..=value + 1 {
                    let implied = implied_clauses(&mut s.model, &lp, k);
                    let found = match s.at_least_implied(k, &implied, hold).unwrap() {
                        Some(assumps) => s.solve_with(&assumps).unwrap(),
                        None => None, // beyond what the counter's inputs reach
                    };
                    prop_assert_eq!(found.is_some(), k <= value, "k = {}, {:?}, {}", k, hold, backend);
                }
            }
        }
    }
}
