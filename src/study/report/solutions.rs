//! An enumeration's counts in words.

use crate::engine::{EnumReport, Target};

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn target_text(r: &EnumReport) -> String {
    match r.target {
        Target::AtLeast(k) => format!("at least {k} queens"),
        _ => format!("exactly {} queens", r.queens),
    }
}

/// What cut an incomplete run short: `stopped at --limit`, or `interrupted (SIGTERM)`.
fn stopped_by(r: &EnumReport) -> &str {
    r.interrupted.as_deref().unwrap_or("stopped at --limit")
}

/// `--count`: the two numbers, marked as lower bounds when a limit or a stop signal cut the
/// run.
pub fn count_text(r: &EnumReport) -> String {
    let at_least = if r.complete { "" } else { ">= " };
    let classes = match (r.classes, r.unique) {
        (Some(c), true) => format!("{at_least}{c}"),
        (Some(c), false) => c.to_string(),
        (None, _) => format!("unknown (run {})", stopped_by(r)),
    };
    let mut s = format!("total {at_least}{}\nclasses {classes}\n", r.total);
    if !r.certified {
        s.push_str(&format!("proof: {}\n", crate::solve::UNCHECKED_UNSAT));
    }
    s
}

/// The summary after a listing: the value proof, the counts, how they were made.
pub fn summary_text(r: &EnumReport) -> String {
    let mut s = String::new();
    if let Some(v) = &r.value_proof {
        s.push_str(&format!("{v}\n"));
    }
    let what = target_text(r);
    let shard = r
        .shard
        .map_or(String::new(), |(i, m)| format!("shard {} of {m}: ", i + 1));
    let how = if r.complete && !r.certified {
        format!(
            "complete: UNSAT after {} solver calls, proof: {}",
            r.solver_calls,
            crate::solve::UNCHECKED_UNSAT
        )
    } else if r.complete {
        format!("complete: UNSAT after {} solver calls", r.solver_calls)
    } else {
        format!(
            "{} after {} answers: counts are lower bounds",
            stopped_by(r),
            r.answers
        )
    };
    let classes = match r.classes {
        Some(c) => plural(c, "symmetry class", "symmetry classes"),
        None => "an unknown number of symmetry classes".to_string(),
    };
    s.push_str(&format!(
        "{shard}{} of {what}, {classes} under the stabiliser [{}] ({how})\n",
        plural(r.total, "placement", "placements"),
        r.stabiliser.join(" ")
    ));
    s.push_str(&format!(
        "every placement checked; solver {}, amo {}, count {}, {}, {:.3} s\n",
        r.solver,
        r.amo,
        r.count,
        if r.unique {
            format!("symmetry breaking {}", r.breaking)
        } else {
            "each placement blocked".to_string()
        },
        r.seconds
    ));
    s
}
