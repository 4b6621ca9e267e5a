//! Checking a published claim about one board: "these walls have value v (and here is an
//! optimal placement)", optionally "and the optimum is unique".
//!
//! Invariant: a claim is confirmed only on evidence: the given placement passes the
//! independent checker, `v + 1` queens are refuted by an UNSAT answer (or by the counter's
//! input count, as in [`crate::engine::value`]), and uniqueness by an UNSAT answer to "exactly v
//! queens, other than this placement". A refutation carries a counter-example that itself
//! passed the checker, or the UNSAT answer that refutes an unreachable value.
//!
//! A verdict that rests on an UNSAT answer of an external solver says so (`certified` false,
//! the one rule of [`crate::engine::certified`]) unless `--certify` had it proved: the value
//! by a proof that a checker accepted, the uniqueness by the branch and bound's count.

use crate::board::{Board, Placement};
use crate::check::{bnb_count_at_most, check_placement};
use crate::engine::{BoardSession, ValueOptions, ValueReport, certify_value, other_placement, value};
use serde::Serialize;
use std::path::PathBuf;

/// Whether verdicts and values that rest on an external solver's UNSAT are certified
/// (`--certify`): `None`, no (they are labelled); `Some(dir)`, yes, the proofs kept in `dir`
/// (`None`: a temporary directory).
pub type CertifyVerdicts = Option<Option<PathBuf>>;

/// The checked refutation of `k` queens on `board` with `opts`' solver (an error if the
/// checker rejects the proof): what `--certify` puts in place of an UNSAT answer.
fn certify_refutation(
    board: &Board,
    k: usize,
    opts: &ValueOptions,
    dir: &Option<PathBuf>,
) -> anyhow::Result<()> {
    let c = certify_value(
        board,
        opts.base.amo,
        k - 1,
        &opts.backend,
        dir.as_deref(),
        None,
        None,
    )?;
    anyhow::ensure!(
        c.certified,
        "the proof checker rejected the proof that {} on {} ({})",
        c.proves,
        board.describe(),
        c.check.status
    );
    Ok(())
}

/// A checked placement on a board, and whose it is ("the row's placement"): a value below it
/// rests on a false UNSAT answer ([`ValueReport::holds`]).
pub type Held<'a> = Option<(&'a Placement, &'a str)>;

/// A board's value for a verdict, never below the placement `held`; with `certify`, one that
/// rests on an external solver's UNSAT is certified (`certified` true) by a checked proof.
pub fn checked_value(
    board: &Board,
    opts: &ValueOptions,
    certify: &CertifyVerdicts,
    held: Held,
) -> anyhow::Result<ValueReport> {
    let mut report = value(board, opts)?;
    if let Some((p, whose)) = held {
        report.holds(p, whose)?;
    }
    if let Some(dir) = certify
        && report.rests_on_unchecked_unsat()
    {
        certify_refutation(board, report.value + 1, opts, dir)?;
        report.mark_certified();
    }
    Ok(report)
}

/// What a row claims beyond its value.
#[derive(Clone, Debug)]
pub struct BoardClaim {
    pub value: usize,
    /// The optimal placement the row gives, if any.
    pub placement: Option<Placement>,
    /// The number of walls the row states (SCIP's objective), if any.
    pub walls: Option<usize>,
    /// Whether the row claims that the optimum is unique.
    pub unique: bool,
}

/// Why a claim is false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RefutedKind {
    /// A wall or queen lies outside the declared board.
    OffBoard,
    /// The stated number of walls differs from the walls given.
    WallCount,
    /// The placement has a queen on a wall or two queens attacking.
    Illegal,
    /// The placement's size differs from the claimed value.
    SizeMismatch,
    /// Fewer queens than claimed fit (UNSAT at the claimed value).
    Unreachable,
    /// More queens fit than claimed.
    NotOptimal,
    /// A second placement with the claimed number of queens exists.
    NotUnique,
    /// The row repeats the symmetry class of an earlier row of a list that claims one row per
    /// class (a puzzle list).
    Duplicate,
}

impl RefutedKind {
    pub const ALL: [RefutedKind; 8] = [
        RefutedKind::OffBoard,
        RefutedKind::WallCount,
        RefutedKind::Illegal,
        RefutedKind::SizeMismatch,
        RefutedKind::Unreachable,
        RefutedKind::NotOptimal,
        RefutedKind::NotUnique,
        RefutedKind::Duplicate,
    ];
    pub fn name(self) -> &'static str {
        match self {
            RefutedKind::OffBoard => "off-board",
            RefutedKind::WallCount => "wall-count",
            RefutedKind::Illegal => "illegal",
            RefutedKind::SizeMismatch => "size-mismatch",
            RefutedKind::Unreachable => "unreachable",
            RefutedKind::NotOptimal => "not-optimal",
            RefutedKind::NotUnique => "not-unique",
            RefutedKind::Duplicate => "duplicate",
        }
    }
}

/// The outcome of checking one claim.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// `None` when the claim holds.
    pub refuted: Option<RefutedKind>,
    /// The evidence, in words: what was checked and how, or why the claim fails.
    pub reason: String,
    /// A placement that refutes the claim (a better one, or a second optimum), checked.
    pub counterexample: Option<Placement>,
    /// The board's true value, when the check established it.
    pub true_value: Option<usize>,
    /// One word for the decisive evidence: `unsat`, `segments` (the counter's input count),
    /// or the refutation kind.
    pub evidence: &'static str,
    /// False when the verdict rests on an external solver's UNSAT that nothing checked.
    pub certified: bool,
}

impl Verdict {
    pub fn confirmed(reason: String, evidence: &'static str) -> Verdict {
        Verdict {
            refuted: None,
            reason,
            counterexample: None,
            true_value: None,
            evidence,
            certified: true,
        }
    }
    pub fn refuted(kind: RefutedKind, reason: String) -> Verdict {
        Verdict {
            refuted: Some(kind),
            reason,
            counterexample: None,
            true_value: None,
            evidence: kind.name(),
            certified: true,
        }
    }
    pub fn is_confirmed(&self) -> bool {
        self.refuted.is_none()
    }
}

/// Checks one claim about `board`; with `certify`, a verdict that rests on an external
/// solver's UNSAT answers is certified (or the run fails).
pub fn verify_claim(
    board: &Board,
    claim: &BoardClaim,
    opts: &ValueOptions,
    certify: &CertifyVerdicts,
) -> anyhow::Result<Verdict> {
    let mut verdict = judge(board, claim, opts, certify)?;
    let v = claim.value;
    // What an UNSAT answer stands behind: the value's optimality, its uniqueness, or that the
    // value is out of reach. (The true value of a refutation was judged, and certified with
    // `certify`, where it was found.)
    let optimal = verdict.is_confirmed() && verdict.evidence == "unsat";
    let unique = verdict.is_confirmed() && claim.unique;
    let unreachable = verdict.refuted == Some(RefutedKind::Unreachable);
    let own = crate::engine::certified(&opts.backend, optimal || unique || unreachable, false);
    verdict.certified &= own;
    if let (false, Some(dir)) = (own, certify) {
        if optimal {
            certify_refutation(board, v + 1, opts, dir)?;
        }
        if unreachable {
            certify_refutation(board, v, opts, dir)?;
        }
        let stop = crate::run::interrupt::stop_requested;
        let counted = match unique {
            true => Some(crate::run::interrupt::unless_stopped(bnb_count_at_most(
                board, v, 1, stop,
            ))?),
            false => None,
        };
        anyhow::ensure!(
            counted.is_none_or(|c| matches!(c, Ok((1, _)))),
            "cross-check failed on {}: the solver says the optimum of {v} queens is unique, the \
             branch and bound counts another",
            board.describe()
        );
        verdict.certified = true;
    }
    Ok(verdict)
}

/// The verdict on one claim, as the solver's answers give it.
fn judge(
    board: &Board,
    claim: &BoardClaim,
    opts: &ValueOptions,
    certify: &CertifyVerdicts,
) -> anyhow::Result<Verdict> {
    let v = claim.value;
    // SCIP's solution-counting runs have no objective and print 0; only a real objective
    // states a number of walls.
    if let Some(w) = claim.walls.filter(|&w| w > 0)
        && w != board.n_walls()
    {
        return Ok(Verdict::refuted(
            RefutedKind::WallCount,
            format!("states {w} walls, gives {}", board.n_walls()),
        ));
    }
    if let Some(p) = &claim.placement {
        let legal = check_placement(board, p);
        let bad = match &legal {
            Err(violation) => Some(Verdict::refuted(RefutedKind::Illegal, violation.to_string())),
            Ok(()) if p.len() != v => Some(Verdict::refuted(
                RefutedKind::SizeMismatch,
                format!("claims value {v}, its placement has {} queens", p.len()),
            )),
            Ok(()) => None,
        };
        if let Some(mut verdict) = bad {
            // The placement fails; say whether the value claimed is right all the same (never
            // below the placement, where it is legal).
            let held = legal.is_ok().then_some((p, "the row's placement"));
            with_true_value(&mut verdict, board, opts, certify, held)?;
            if verdict.true_value == Some(v) {
                verdict.reason.push_str(", as claimed");
            }
            return Ok(verdict);
        }
    }
    let mut session = BoardSession::new(board, opts.base, &opts.backend);
    // The claimed value is reached: by the given placement, or by the solver.
    let first = match &claim.placement {
        Some(p) => p.clone(),
        None => match session.at_least(v)? {
            Some(p) => p,
            None => {
                let mut verdict =
                    Verdict::refuted(RefutedKind::Unreachable, format!("{v} queens do not fit (UNSAT)"));
                let found = with_true_value(&mut verdict, board, opts, certify, None)?;
                if found.len() >= v {
                    return Err(crate::engine::contradicted_unsat(
                        &opts.backend,
                        &format!("at least {v} queens"),
                        &format!(
                            "a checked placement of {} queens exists (the value search's)",
                            found.len()
                        ),
                    ));
                }
                return Ok(verdict);
            }
        },
    };
    let reachable = v < session.model.max_count();
    if let Some(better) = session.at_least(v + 1)? {
        let mut verdict = Verdict::refuted(
            RefutedKind::NotOptimal,
            format!("{} queens fit (placement checked)", better.len()),
        );
        let held = better.clone();
        verdict.counterexample = Some(better);
        with_true_value(
            &mut verdict,
            board,
            opts,
            certify,
            Some((&held, "the counter-example")),
        )?;
        return Ok(verdict);
    }
    let evidence = if reachable { "unsat" } else { "segments" };
    let optimal = if reachable {
        format!("{} queens UNSAT", v + 1)
    } else {
        format!(
            "{} queens exceed the {} row/column segments",
            v + 1,
            session.model.max_count()
        )
    };
    if !claim.unique {
        return Ok(Verdict::confirmed(
            format!("placement checked; {optimal}"),
            evidence,
        ));
    }
    // Uniqueness: exactly v queens, and not the first placement.
    if let Some(second) = other_placement(&mut session, v, &first)? {
        let mut verdict = Verdict::refuted(
            RefutedKind::NotUnique,
            format!("a second placement of {v} queens exists (checked)"),
        );
        verdict.counterexample = Some(second);
        verdict.true_value = Some(v);
        return Ok(verdict);
    }
    Ok(Verdict::confirmed(
        format!("{v} queens placed (checked); {optimal}; a second placement of {v} UNSAT"),
        evidence,
    ))
}

/// Adds the board's true value (never below `held`) and an optimal placement to a refutation,
/// as evidence, labelled where it rests on an external solver's UNSAT (and not certified with
/// `certify`); the optimal placement, checked.
fn with_true_value(
    verdict: &mut Verdict,
    board: &Board,
    opts: &ValueOptions,
    certify: &CertifyVerdicts,
    held: Held,
) -> anyhow::Result<Placement> {
    let report = checked_value(board, opts, certify, held)?;
    let certified = !report.rests_on_unchecked_unsat();
    verdict.certified &= certified;
    verdict.true_value = Some(report.value);
    verdict.reason.push_str(&format!(
        "; the value is {} ({}{})",
        report.value,
        crate::engine::unchecked_prefix(certified),
        report.proof
    ));
    if report.value > 0
        && verdict
            .counterexample
            .as_ref()
            .is_none_or(|c| c.len() < report.value)
    {
        verdict.counterexample = Some(report.placement.clone());
    }
    Ok(report.placement)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(value: usize, placement: Option<Vec<(usize, usize)>>, unique: bool) -> BoardClaim {
        BoardClaim {
            value,
            placement: placement.map(Placement::new),
            walls: None,
            unique,
        }
    }

    #[test]
    fn verdicts_on_small_boards() {
        let opts = ValueOptions::default();
        let b4 = Board::square(4).unwrap();
        let q4 = vec![(0, 1), (1, 3), (2, 0), (3, 2)];
        // 4x4 has value 4 with two placements (mirror images).
        let ok = verify_claim(&b4, &claim(4, Some(q4.clone()), false), &opts, &None).unwrap();
        assert!(ok.is_confirmed(), "{ok:?}");
        let nu = verify_claim(&b4, &claim(4, None, true), &opts, &None).unwrap();
        assert_eq!(nu.refuted, Some(RefutedKind::NotUnique));
        let second = nu.counterexample.unwrap();
        assert!(check_placement(&b4, &second).is_ok() && second.len() == 4);
        let low = verify_claim(&b4, &claim(3, Some(q4[..3].to_vec()), false), &opts, &None).unwrap();
        assert_eq!(low.refuted, Some(RefutedKind::NotOptimal));
        assert_eq!(low.true_value, Some(4));
        let high = verify_claim(&b4, &claim(5, None, false), &opts, &None).unwrap();
        assert_eq!(high.refuted, Some(RefutedKind::Unreachable));
        let bad = verify_claim(&b4, &claim(2, Some(vec![(0, 0), (1, 1)]), false), &opts, &None).unwrap();
        assert_eq!(bad.refuted, Some(RefutedKind::Illegal));
        let size = verify_claim(&b4, &claim(4, Some(q4[..3].to_vec()), false), &opts, &None).unwrap();
        assert_eq!(size.refuted, Some(RefutedKind::SizeMismatch));
        // 1x3 with a wall in the middle: value 2, unique.
        let w = Board::with_walls(1, 3, &[(0, 1)]).unwrap();
        assert!(
            verify_claim(&w, &claim(2, None, true), &opts, &None)
                .unwrap()
                .is_confirmed()
        );
        let mut wc = claim(2, None, false);
        wc.walls = Some(2);
        assert_eq!(
            verify_claim(&w, &wc, &opts, &None).unwrap().refuted,
            Some(RefutedKind::WallCount)
        );
    }

    use crate::check::{brute_count, brute_value};
    use proptest::prelude::*;

    /// A random board of up to 5x5 with some walls.
    fn small_board() -> impl Strategy<Value = Board> {
        (
            1usize..=5,
            1usize..=5,
            proptest::collection::vec((0usize..5, 0usize..5), 0..6),
        )
            .prop_map(|(r, c, ws)| {
                let mut b = Board::new(r, c).unwrap();
                for (wr, wc) in ws {
                    if wr < r && wc < c {
                        b.set((wr, wc), crate::board::Cell::Wall);
                    }
                }
                b
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn verdicts_agree_with_brute_force(b in small_board()) {
            let opts = ValueOptions::default();
            let v = brute_value(&b);
            let unique = brute_count(&b, v) == 1;
            let exact = verify_claim(&b, &claim(v, None, true), &opts, &None).unwrap();
            if unique {
                prop_assert!(exact.is_confirmed(), "{:?}", exact);
            } else {
                prop_assert_eq!(exact.refuted, Some(RefutedKind::NotUnique));
            }
            prop_assert!(verify_claim(&b, &claim(v, None, false), &opts, &None).unwrap().is_confirmed());
            let over = verify_claim(&b, &claim(v + 1, None, false), &opts, &None).unwrap();
            prop_assert_eq!(over.refuted, Some(RefutedKind::Unreachable));
            if v > 0 {
                let under = verify_claim(&b, &claim(v - 1, None, false), &opts, &None).unwrap();
                prop_assert_eq!(under.refuted, Some(RefutedKind::NotOptimal));
                prop_assert_eq!(under.true_value, Some(v));
            }
        }
    }
}
