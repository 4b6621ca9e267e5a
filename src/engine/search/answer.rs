//! The answer to one question of a search ("at least k queens?", "at most k walls?", "a cover
//! of at most k?"), typed: every layer matches on it, and it is written as the short text the
//! result files have always held (`sat`, `unsat`, `bound`, `lp`, `lp dive`, `stopped`, ...).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The answer to one question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Yes: a placement (selection, board) that `Finder` found, checked by the independent
    /// checker before it was recorded.
    Sat(Finder),
    /// No, by a search: the solver's UNSAT answer (a proof, or an external solver's word,
    /// [`certified`](crate::engine::certified) says which), or an exact search's (evidence).
    Unsat(Unsat),
    /// No, without a search: a counting argument or a checked certificate.
    Refuted(Refutation),
    /// No answer: the search was stopped.
    Stopped(Halt),
}

/// Who found a "yes".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finder {
    /// The SAT solver (`sat`).
    Solver,
    /// A dive on the packing LP while the solver searched (`lp dive`).
    LpDive,
    /// The start heuristics, before any call (`start`).
    Start,
    /// The partition the exact search found, as a start (`start: the partition`).
    Partition,
    /// The exact cover search (`exact search: found in N nodes`).
    ExactSearch { nodes: u64 },
}

/// What stands behind a "no" that came from a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsat {
    /// The SAT solver's UNSAT answer (`unsat`).
    Solver,
    /// The exact cover search ran out of nodes: evidence, never a proof
    /// (`exact search: none in N nodes (not a certificate)`).
    ExactSearch { nodes: u64 },
}

/// A "no" that needed no search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// The count asked exceeds what the counter's inputs can reach (`bound`).
    Counter,
    /// The checked LP dual certificate's bound is below the count (`lp`).
    LpCertificate,
    /// Squares that lie in no solution: no cover exists (`N squares lie in no solution`).
    Uncovered(usize),
}

/// Why a question went unanswered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The deadline (time limit or stop signal) passed (`stopped`).
    Deadline,
    /// The exact cover search's stop test ended it (`exact search: stopped after N nodes`).
    ExactSearch { nodes: u64 },
}

impl Answer {
    /// The SAT solver's plain answers.
    pub const SAT: Answer = Answer::Sat(Finder::Solver);
    pub const UNSAT: Answer = Answer::Unsat(Unsat::Solver);
    pub const STOPPED: Answer = Answer::Stopped(Halt::Deadline);

    /// The solver's answer to a question: yes or no.
    pub fn of_solver(sat: bool) -> Answer {
        match sat {
            true => Answer::SAT,
            false => Answer::UNSAT,
        }
    }

    /// Whether the answer is a "yes".
    pub fn is_sat(self) -> bool {
        matches!(self, Answer::Sat(_))
    }

    /// Whether the answer is the SAT solver's UNSAT.
    pub fn is_solver_unsat(self) -> bool {
        self == Answer::UNSAT
    }

    /// Whether the answer is the SAT solver's yes or no (a solver call that answered).
    pub fn is_solver_answer(self) -> bool {
        matches!(self, Answer::Sat(Finder::Solver) | Answer::Unsat(Unsat::Solver))
    }

    /// Whether the answer proves a "no": the solver's UNSAT, the counter's reach or a checked
    /// certificate (an exact search's "none" is evidence only).
    pub fn refutes(self) -> bool {
        matches!(
            self,
            Answer::Unsat(Unsat::Solver) | Answer::Refuted(Refutation::Counter | Refutation::LpCertificate)
        )
    }

    /// Whether the search was stopped before an answer.
    pub fn is_stopped(self) -> bool {
        matches!(self, Answer::Stopped(_))
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Sat(Finder::Solver) => f.write_str("sat"),
            Answer::Sat(Finder::LpDive) => f.write_str("lp dive"),
            Answer::Sat(Finder::Start) => f.write_str("start"),
            Answer::Sat(Finder::Partition) => f.write_str("start: the partition"),
            Answer::Sat(Finder::ExactSearch { nodes }) => write!(f, "exact search: found in {nodes} nodes"),
            Answer::Unsat(Unsat::Solver) => f.write_str("unsat"),
            Answer::Unsat(Unsat::ExactSearch { nodes }) => {
                write!(f, "exact search: none in {nodes} nodes (not a certificate)")
            }
            Answer::Refuted(Refutation::Counter) => f.write_str("bound"),
            Answer::Refuted(Refutation::LpCertificate) => f.write_str("lp"),
            Answer::Refuted(Refutation::Uncovered(n)) => write!(f, "{n} squares lie in no solution"),
            Answer::Stopped(Halt::Deadline) => f.write_str("stopped"),
            Answer::Stopped(Halt::ExactSearch { nodes }) => {
                write!(f, "exact search: stopped after {nodes} nodes")
            }
        }
    }
}

impl std::str::FromStr for Answer {
    type Err = String;

    /// Reads back what [`Display`](fmt::Display) wrote, and nothing else.
    fn from_str(s: &str) -> Result<Answer, String> {
        let plain = match s {
            "sat" => Some(Answer::SAT),
            "lp dive" => Some(Answer::Sat(Finder::LpDive)),
            "start" => Some(Answer::Sat(Finder::Start)),
            "start: the partition" => Some(Answer::Sat(Finder::Partition)),
            "unsat" => Some(Answer::UNSAT),
            "bound" => Some(Answer::Refuted(Refutation::Counter)),
            "lp" => Some(Answer::Refuted(Refutation::LpCertificate)),
            "stopped" => Some(Answer::STOPPED),
            _ => None,
        };
        let number = |prefix: &str, suffix: &str| {
            s.strip_prefix(prefix)
                .and_then(|r| r.strip_suffix(suffix))
                .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|n| n.parse::<u64>().ok())
        };
        plain
            .or_else(|| {
                number("exact search: found in ", " nodes")
                    .map(|nodes| Answer::Sat(Finder::ExactSearch { nodes }))
            })
            .or_else(|| {
                number("exact search: none in ", " nodes (not a certificate)")
                    .map(|nodes| Answer::Unsat(Unsat::ExactSearch { nodes }))
            })
            .or_else(|| {
                number("exact search: stopped after ", " nodes")
                    .map(|nodes| Answer::Stopped(Halt::ExactSearch { nodes }))
            })
            .or_else(|| {
                number("", " squares lie in no solution")
                    .map(|n| Answer::Refuted(Refutation::Uncovered(n as usize)))
            })
            .ok_or_else(|| format!("unknown answer {s:?}"))
    }
}

impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Answer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Answer, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_reads_back_as_written() {
        let all = [
            Answer::SAT,
            Answer::Sat(Finder::LpDive),
            Answer::Sat(Finder::Start),
            Answer::Sat(Finder::Partition),
            Answer::Sat(Finder::ExactSearch { nodes: 63368 }),
            Answer::UNSAT,
            Answer::Unsat(Unsat::ExactSearch { nodes: 9143 }),
            Answer::Refuted(Refutation::Counter),
            Answer::Refuted(Refutation::LpCertificate),
            Answer::Refuted(Refutation::Uncovered(12)),
            Answer::STOPPED,
            Answer::Stopped(Halt::ExactSearch { nodes: 1 }),
        ];
        for a in all {
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Answer>(&json).unwrap(), a, "{json}");
        }
        assert_eq!(
            serde_json::to_string(&Answer::Sat(Finder::LpDive)).unwrap(),
            "\"lp dive\""
        );
        for bad in [
            "",
            "SAT",
            "exact search: found in  nodes",
            "x squares lie in no solution",
        ] {
            assert!(bad.parse::<Answer>().is_err(), "{bad}");
        }
    }
}
