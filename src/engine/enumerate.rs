//! Counting and listing placements, all of them or one per symmetry class.
//!
//! One incremental solver ([`BoardSession`]) answers "another placement with the target number
//! of queens?" until UNSAT; each answer is blocked by a clause so it cannot recur. With
//! `unique`, every image of the answer under the board's stabiliser (the symmetries mapping
//! walls onto walls and holes onto holes) is blocked at once, so each symmetry class is found
//! exactly once, and its orbit size (the number of distinct images) says how many placements
//! it stands for.
//!
//! Invariants: every placement handed to the caller, and every image blocked, passes the
//! independent checker; solutions stream to a callback and are not kept, so counting needs
//! memory only for the solver's clauses.

use super::session::{BoardSession, Interrupted};
use super::value::{ValueOptions, value};
use crate::board::{Board, Placement, Symmetry};
use crate::check::check_placement;
use crate::encode::{BaseOptions, encode_shard, shard_of};
use crate::run::deadline::Deadline;
use crate::run::interrupt::stop_requested;
use crate::solve::Backend;
use rustsat::types::Lit;
use serde::Serialize;
use std::time::Instant;

/// Which placements to enumerate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "queens")]
pub enum Target {
    /// Exactly the board's value (the optimal placements); the value is found first.
    #[default]
    Value,
    /// Exactly `k` queens.
    Exactly(usize),
    /// At least `k` queens (every legal placement of `k` or more).
    AtLeast(usize),
}

impl Target {
    /// What is asked: exactly `queens`, else at least `at_least`, else exactly the queens the
    /// board's instance wants (a CSPLib instance's n), else the board's value.
    pub fn asked(queens: Option<usize>, at_least: Option<usize>, wanted: Option<usize>) -> Target {
        match (queens, at_least, wanted) {
            (Some(k), _, _) => Target::Exactly(k),
            (None, Some(k), _) => Target::AtLeast(k),
            (None, None, Some(n)) => Target::Exactly(n),
            (None, None, None) => Target::Value,
        }
    }
}

crate::choices! {
/// How `unique` keeps to one placement per class.
pub enum Breaking {
    /// Block every image of each placement found (dynamic).
    Images = "images",
    /// Lex-leader constraints for the stabiliser up front (static); each placement found is
    /// the least of its class (its queens' cells compared in row-major order) and only it is
    /// blocked. The default: 3-4 times faster than blocking images on 10×10 and larger
    /// (`make bench-solutions`).
    #[default]
    LexLeader = "lex-leader",
}
}

/// Options of an enumeration.
#[derive(Clone, Debug, Default)]
pub struct EnumOptions {
    pub base: BaseOptions,
    pub backend: Backend,
    pub target: Target,
    /// One representative per symmetry class of the board's stabiliser.
    pub unique: bool,
    /// How `unique` is enforced.
    pub breaking: Breaking,
    /// Stop after this many answers (placements, or classes with `unique`).
    pub limit: Option<u64>,
    /// Only shard `.0` of `.1` (0-based), split by the first queen; not with blocking images.
    pub shard: Option<(usize, usize)>,
    /// Only the placements this symmetry of the board maps onto themselves (the fixed points
    /// Burnside's lemma counts); not with `unique`, and no class count.
    pub fixed_by: Option<Symmetry>,
    /// When to stop, a call under way too, with the answers so far (not complete); `None`: at
    /// a stop signal only.
    pub deadline: Option<Deadline>,
}

/// One answer of the enumeration.
#[derive(Clone, Debug, Serialize)]
pub struct Found {
    /// 1-based position in the stream.
    pub index: u64,
    pub placement: Placement,
    /// How many distinct placements the class of this one holds (images under the stabiliser).
    pub orbit_size: usize,
    /// Those placements, sorted, each checked.
    #[serde(skip)]
    pub images: Vec<Placement>,
}

/// The outcome of an enumeration.
#[derive(Clone, Debug, Serialize)]
pub struct EnumReport {
    pub board: Board,
    pub target: Target,
    /// The number of queens asked for (exactly, or at least).
    pub queens: usize,
    /// The board's value and how it was proved, when the target was the value.
    pub value_proof: Option<String>,
    pub unique: bool,
    /// The shard run, as `(index, of)` 0-based, if any.
    pub shard: Option<(usize, usize)>,
    /// How `unique` was enforced (`none` without it).
    pub breaking: &'static str,
    /// The board's stabiliser, by name.
    pub stabiliser: Vec<&'static str>,
    /// Placements found (with `unique`: the sum of the orbit sizes of the classes found).
    pub total: u64,
    /// Symmetry classes found. Without `unique` it is only known when the run is complete and
    /// not sharded (the sum over placements of 1 / orbit size).
    pub classes: Option<u64>,
    /// Answers handed to the callback (placements, or classes with `unique`).
    pub answers: u64,
    /// True when the last solver call was UNSAT, so the counts are exact (also when the
    /// answers reached the limit and the call after them was UNSAT); false when the limit or
    /// a stop signal stopped the run.
    pub complete: bool,
    /// The limit stopped the run and one answer more exists (found, checked, not counted):
    /// the counts are strictly below the whole.
    pub more: bool,
    /// Why a stop signal ended the run before its last answer (`interrupted (SIGTERM)`);
    /// absent when it was not stopped that way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<String>,
    /// False when the counts (or the value they start from) rest on an external solver's
    /// UNSAT answer that nothing checked.
    pub certified: bool,
    pub solver_calls: u64,
    pub solver: String,
    pub amo: &'static str,
    pub count: &'static str,
    /// Time spent after the value was known: encoding, enumeration, checks.
    pub enumeration_seconds: f64,
    /// Whole run, value search included.
    pub seconds: f64,
}

/// The distinct images of a placement under a set of symmetries of the board, sorted.
pub fn orbit(placement: &Placement, board: &Board, symmetries: &[Symmetry]) -> Vec<Placement> {
    let mut images: Vec<Placement> = symmetries.iter().map(|&s| placement.image_on(s, board)).collect();
    images.sort_unstable();
    images.dedup();
    images
}

/// Enumerates the target placements of `board`, calling `on_found` for each answer in the
/// order the solver finds them. An error from the callback stops the run and is returned.
pub fn enumerate(
    board: &Board,
    opts: &EnumOptions,
    mut on_found: impl FnMut(&Found) -> anyhow::Result<()>,
) -> anyhow::Result<EnumReport> {
    let start = Instant::now();
    let (queens, value_proof, held) = queens_asked(board, opts)?;
    refuse_conflicting_options(opts)?;
    let enumeration_start = Instant::now();
    let mut run = Enumeration::new(board, opts)?;
    run.expect(held);
    let tally = match run.target_assumptions(queens) {
        Some(assumps) => run.find_all(&assumps, &mut on_found)?,
        // The counter cannot reach `queens`: no placement exists, by construction.
        None => Tally {
            complete: true,
            ..Tally::default()
        },
    };
    let classes = class_count(opts, &tally, run.stabiliser.len())?;
    Ok(EnumReport {
        board: board.clone(),
        target: opts.target,
        queens,
        value_proof,
        unique: opts.unique,
        shard: opts.shard,
        breaking: if opts.unique { opts.breaking.name() } else { "none" },
        stabiliser: run.stabiliser.iter().map(|s| s.name()).collect(),
        total: tally.total,
        classes,
        answers: tally.answers,
        complete: tally.complete,
        more: tally.more,
        interrupted: (!tally.complete && stop_requested()).then(crate::run::interrupt::interrupted),
        certified: super::unchecked::certified(&opts.backend, true, false),
        solver_calls: tally.solver_calls,
        solver: opts.backend.name().to_string(),
        amo: opts.base.amo.name(),
        count: opts.base.count.name(),
        enumeration_seconds: enumeration_start.elapsed().as_secs_f64(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The number of queens asked for and, when the target is the value, how the value was proved
/// (found first, by the value search) and the value search's placement (checked).
fn queens_asked(
    board: &Board,
    opts: &EnumOptions,
) -> anyhow::Result<(usize, Option<String>, Option<Placement>)> {
    match opts.target {
        Target::Value => {
            let vopts = ValueOptions {
                base: opts.base,
                backend: opts.backend.clone(),
                ..ValueOptions::default()
            };
            let r = value(board, &vopts)?;
            let unchecked = if r.certified {
                String::new()
            } else {
                format!(", {}", crate::solve::UNCHECKED_UNSAT)
            };
            Ok((
                r.value,
                Some(format!("value {}: {}{unchecked}", r.value, r.proof)),
                Some(r.placement),
            ))
        }
        Target::Exactly(k) | Target::AtLeast(k) => Ok((k, None, None)),
    }
}

/// Refuses a shard that does not exist and the options that cannot be honoured together.
fn refuse_conflicting_options(opts: &EnumOptions) -> anyhow::Result<()> {
    if let Some((s, m)) = opts.shard {
        anyhow::ensure!(s < m, "shard {} of {m} does not exist", s + 1);
        anyhow::ensure!(
            !(opts.unique && opts.breaking == Breaking::Images),
            "shards split classes only with lex-leader symmetry breaking, not with blocked images"
        );
    }
    anyhow::ensure!(
        !(opts.unique && opts.fixed_by.is_some()),
        "one placement per class and only fixed placements do not go together"
    );
    Ok(())
}

/// The counts an enumeration keeps as its answers come.
#[derive(Default)]
struct Tally {
    /// Placements found (with `unique`: the sum of the orbit sizes of the classes found).
    total: u64,
    /// Answers handed to the callback.
    answers: u64,
    /// Σ |H| / |orbit| over placements found (H = stabiliser): |H| times the number of classes.
    class_weight: u64,
    solver_calls: u64,
    /// The last solver call was UNSAT.
    complete: bool,
    /// The call past `--limit` found one answer more.
    more: bool,
}

/// One enumeration's solver session and what each answer is checked and blocked by.
struct Enumeration<'a> {
    board: &'a Board,
    opts: &'a EnumOptions,
    session: BoardSession,
    /// The board's stabiliser: the symmetries whose images make a placement's class.
    stabiliser: Vec<Symmetry>,
    /// Lex-leader constraints keep to the least placement of each class.
    lex_leader: bool,
    /// The target is at least the queens asked for, not exactly.
    at_least: bool,
    /// A checked placement of the target that the run must meet (itself, or with `unique` its
    /// class), where the shard and the symmetry asked keep it; `None` once met.
    held: Option<Placement>,
}

impl<'a> Enumeration<'a> {
    /// The session with the symmetry breaking, the fixed points and the shard imposed up front.
    fn new(board: &'a Board, opts: &'a EnumOptions) -> anyhow::Result<Enumeration<'a>> {
        let at_least = matches!(opts.target, Target::AtLeast(_));
        let stabiliser = board.stabiliser();
        let mut session = BoardSession::new(board, opts.base, &opts.backend);
        let lex_leader = opts.unique && opts.breaking == Breaking::LexLeader;
        if lex_leader {
            session.break_symmetries();
        }
        if let Some(g) = opts.fixed_by {
            session.keep_fixed_by(g)?;
        }
        if let Some((s, m)) = opts.shard {
            encode_shard(&mut session.model, s, m, &mut session.solver);
        }
        Ok(Enumeration {
            board,
            opts,
            session,
            stabiliser,
            lex_leader,
            at_least,
            held: None,
        })
    }

    /// Expects `held`, a checked placement of the target, among the answers, unless the shard or
    /// the symmetry asked leaves it out.
    fn expect(&mut self, held: Option<Placement>) {
        let kept = |p: &Placement| {
            self.opts.fixed_by.is_none_or(|g| p.image_on(g, self.board) == *p)
                && self
                    .opts
                    .shard
                    .is_none_or(|(s, m)| shard_of(&self.session.model, p, m) == s)
        };
        self.held = held.filter(kept);
    }

    /// The error of an UNSAT answer after `found` answers that left out `held`, a checked
    /// placement the run keeps: the solver's answer is false.
    fn contradiction(&self, held: &Placement, found: u64) -> anyhow::Error {
        let (k, what) = (
            held.len(),
            if self.opts.unique { "classes" } else { "placements" },
        );
        super::unchecked::contradicted_unsat(
            &self.opts.backend,
            &format!("a placement of exactly {k} queens besides the {found} {what} found"),
            &format!(
                "the value's placement ({k} queens, checked) is {}",
                if self.opts.unique {
                    "in none of them"
                } else {
                    "not among them"
                }
            ),
        )
    }

    /// The assumptions that ask for `queens` (exactly or at least); `None` when the counter
    /// cannot reach them.
    fn target_assumptions(&mut self, queens: usize) -> Option<Vec<Lit>> {
        if self.at_least {
            self.session.model.at_least(queens, &mut self.session.solver)
        } else {
            self.session.exactly(queens)
        }
    }

    /// Asks for placements until UNSAT, the limit or a stop signal, handing each answer to
    /// `on_found` once it is checked and blocked.
    fn find_all(
        &mut self,
        assumps: &[Lit],
        on_found: &mut impl FnMut(&Found) -> anyhow::Result<()>,
    ) -> anyhow::Result<Tally> {
        let mut tally = Tally::default();
        // A stop signal (or the deadline) also ends a call under way, on backends that can.
        let deadline = self.opts.deadline.unwrap_or_else(|| Deadline::thread(None));
        self.session.solver.set_deadline(deadline);
        loop {
            if deadline.passed() {
                break;
            }
            // At the limit, one call more tells whether the answers are all there are: UNSAT
            // makes the counts exact, an answer (checked, not counted) says that more exist.
            let past_limit = self.opts.limit.is_some_and(|l| tally.answers >= l);
            tally.solver_calls += 1;
            let p = match self.session.solve_with(assumps) {
                Ok(Some(p)) => p,
                Ok(None) => {
                    if let Some(held) = &self.held {
                        return Err(self.contradiction(held, tally.answers));
                    }
                    tally.complete = true;
                    break;
                }
                Err(e) if e.is::<Interrupted>() => break,
                Err(e) => return Err(e),
            };
            let images = self.checked_orbit(&p)?;
            if past_limit {
                tally.more = true;
                break;
            }
            // With `unique` the answer stands for its class.
            if self
                .held
                .as_ref()
                .is_some_and(|h| *h == p || self.opts.unique && images.contains(h))
            {
                self.held = None;
            }
            self.block(&p, &images)?;
            tally.answers += 1;
            tally.total += if self.opts.unique { images.len() } else { 1 } as u64;
            tally.class_weight += (self.stabiliser.len() / images.len()) as u64;
            on_found(&Found {
                index: tally.answers,
                placement: p,
                orbit_size: images.len(),
                images,
            })?;
        }
        Ok(tally)
    }

    /// The images of an answer under the stabiliser, once the answer keeps to what was imposed
    /// (fixed by the symmetry asked, least of its class) and every image passes the checker.
    fn checked_orbit(&self, p: &Placement) -> anyhow::Result<Vec<Placement>> {
        if self
            .opts
            .fixed_by
            .is_some_and(|g| p.image_on(g, self.board) != *p)
        {
            anyhow::bail!("internal error: a placement asked to be fixed by a symmetry is not");
        }
        let images = orbit(p, self.board, &self.stabiliser);
        if self.lex_leader && images[0] != *p {
            anyhow::bail!("internal error: a lex-leader answer is not the least of its class");
        }
        for q in &images {
            if let Err(v) = check_placement(self.board, q) {
                anyhow::bail!("internal error: an image of a solution fails the checker: {v}");
            }
        }
        Ok(images)
    }

    /// Blocks an answer so it cannot recur: itself, or with blocked images every image.
    fn block(&mut self, p: &Placement, images: &[Placement]) -> anyhow::Result<()> {
        // Lex-leader constraints already exclude the other images; blocking by images
        // must name them all.
        let blocked: &[Placement] = if self.opts.unique && !self.lex_leader {
            images
        } else {
            std::slice::from_ref(p)
        };
        for q in blocked {
            let clause = if self.at_least {
                self.session.model.blocking_clause(q)
            } else {
                self.session.model.blocking_clause_fixed_count(q)
            };
            self.session.add_clause(clause)?;
        }
        Ok(())
    }
}

/// The symmetry classes found: the answers with `unique`, else from the class weight when the
/// run saw every placement (complete, not sharded, not only fixed points), else unknown.
fn class_count(opts: &EnumOptions, tally: &Tally, stabiliser_len: usize) -> anyhow::Result<Option<u64>> {
    if opts.unique {
        Ok(Some(tally.answers))
    } else if tally.complete && opts.shard.is_none_or(|(_, m)| m == 1) && opts.fixed_by.is_none() {
        // A shard 1 of 1 is the whole run: it sees every placement of every class.
        // Orbit–stabiliser: a complete orbit of size m contributes m · |H|/m = |H|.
        anyhow::ensure!(
            tally.class_weight.is_multiple_of(stabiliser_len as u64),
            "internal error: the placements found do not make whole symmetry classes"
        );
        Ok(Some(tally.class_weight / stabiliser_len as u64))
    } else {
        Ok(None)
    }
}

/// Counts without listing; in the report, `classes` is `None` only if a limit cut the run.
pub fn count(board: &Board, opts: &EnumOptions) -> anyhow::Result<EnumReport> {
    enumerate(board, opts, |_| Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(board: &Board, target: Target, unique: bool) -> EnumReport {
        let opts = EnumOptions {
            target,
            unique,
            ..EnumOptions::default()
        };
        count(board, &opts).unwrap()
    }

    #[test]
    fn eight_queens_fixed_by_the_half_turn_are_four_and_a_moved_board_is_refused() {
        let opts = |g| EnumOptions {
            target: Target::Exactly(8),
            fixed_by: Some(g),
            ..EnumOptions::default()
        };
        let b = Board::square(8).unwrap();
        let half = count(&b, &opts(Symmetry::Rot180)).unwrap();
        assert_eq!((half.total, half.classes, half.complete), (4, None, true));
        assert_eq!(count(&b, &opts(Symmetry::Transpose)).unwrap().total, 0);
        let moved = Board::with_walls(8, 8, &[(0, 1)]).unwrap();
        assert!(count(&moved, &opts(Symmetry::Rot180)).is_err());
    }

    #[test]
    fn eight_queens_92_in_12_classes_both_ways() {
        let b = Board::square(8).unwrap();
        let all = run(&b, Target::Value, false);
        assert_eq!(
            (all.queens, all.total, all.classes, all.complete),
            (8, 92, Some(12), true)
        );
        for breaking in [Breaking::Images, Breaking::LexLeader] {
            let opts = EnumOptions {
                unique: true,
                breaking,
                ..EnumOptions::default()
            };
            let uniq = count(&b, &opts).unwrap();
            assert_eq!(
                (uniq.total, uniq.classes, uniq.answers),
                (92, Some(12), 12),
                "{breaking:?}"
            );
        }
    }

    #[test]
    fn orbit_sizes_of_the_six_queens_board() {
        // 6×6: 4 solutions forming one class of 4 (each is symmetric under a half turn).
        let b = Board::square(6).unwrap();
        let mut sizes = Vec::new();
        let opts = EnumOptions {
            unique: true,
            ..EnumOptions::default()
        };
        enumerate(&b, &opts, |f| {
            sizes.push(f.orbit_size);
            Ok(())
        })
        .unwrap();
        assert_eq!(sizes, vec![4]);
    }

    #[test]
    fn limit_stops_early_and_says_so() {
        let b = Board::square(8).unwrap();
        let opts = EnumOptions {
            limit: Some(2),
            ..EnumOptions::default()
        };
        let r = count(&b, &opts).unwrap();
        assert_eq!((r.answers, r.complete, r.classes), (2, false, None));
    }

    #[test]
    fn at_least_counts_every_size() {
        // 3×3: placements of ≥ 2 queens are the 2-queen ones (value is 2): knight-move pairs
        // and corner-edge pairs, as the brute-force counter says.
        let b = Board::square(3).unwrap();
        let r = run(&b, Target::AtLeast(1), false);
        let want: u64 = (1..=2).map(|k| crate::check::brute_count(&b, k)).sum();
        assert_eq!(r.total, want);
    }

    #[test]
    fn each_placement_lies_in_the_shard_shard_of_names() {
        let b = Board::square(6).unwrap();
        let model = BoardSession::new(&b, BaseOptions::default(), &Backend::Varisat).model;
        for m in 1..=3 {
            let mut seen = 0;
            for s in 0..m {
                let opts = EnumOptions {
                    shard: Some((s, m)),
                    ..EnumOptions::default()
                };
                enumerate(&b, &opts, |f| {
                    assert_eq!(shard_of(&model, &f.placement, m), s, "{:?}", f.placement);
                    seen += 1;
                    Ok(())
                })
                .unwrap();
            }
            assert_eq!(seen, 4, "6x6 has 4 placements of 6 queens");
        }
        assert_eq!(shard_of(&model, &Placement::new(Vec::new()), 3), 0);
    }

    #[test]
    fn unreachable_target_is_empty_and_complete() {
        let b = Board::square(4).unwrap();
        let r = run(&b, Target::Exactly(9), true);
        assert_eq!(
            (r.total, r.classes, r.complete, r.solver_calls),
            (0, Some(0), true, 0)
        );
    }
}
