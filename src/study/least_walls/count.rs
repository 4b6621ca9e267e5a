//! Counting the boards with the least number of walls that admit q queens: the solver's
//! answers projected onto the wall variables, each wall set blocked once found (with `unique`,
//! all its images), so a board counts once however many placements it has. The count may stop
//! at its CPU limit or at Ctrl-C, and is then labelled incomplete.

use super::report::{BoardCount, CountedClass};
use super::run::{BoundReply, Run};
use crate::board::{Board, Placement};
use crate::check::check_placement;
use crate::engine::{ValueOptions, value_to_the_end};
use crate::io::plural;
use crate::run::{cpu_since, process_cpu_seconds};
use crate::solve::Solve as _;
use crate::study::value_count::ValueCount;
use anyhow::{bail, ensure};
use rustsat::types::Lit;
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// Every board with `w` walls (the least) that admits q queens, by blocking wall sets.
pub(super) fn count_boards(run: &mut Run, base: &[Lit], w: usize) -> anyhow::Result<BoardCount> {
    let t = Instant::now();
    let cpu = process_cpu_seconds();
    if run.opts.lex_leader_count {
        run.model.add_lex_leader(&mut run.solver);
    }
    let lex = run.model.has_lex_leader();
    let mut assumps = base.to_vec();
    assumps.extend(run.model.at_most_walls(w, &mut run.solver));
    assumps.extend(run.model.slack_bounds(w, run.queens, &mut run.solver));
    let unique = run.opts.unique;
    let mut classes = FoundClasses::default();
    let (found, complete) = find_boards(run, &assumps, w, cpu, &mut classes)?;
    classes.check_members(unique || lex, complete)?;
    let list = classes.list;
    let count = BoardCount {
        walls: w,
        boards: list.iter().map(|c| c.orbit).sum(),
        classes: list.len(),
        by_value: by_value(&list),
        found,
        complete,
        unique,
        lex_leader: lex,
        seconds: t.elapsed().as_secs_f64(),
        cpu_seconds: cpu_since(cpu),
        list,
    };
    run.note(format_args!(
        "{}{} in {} with {}",
        if complete { "" } else { "at least " },
        plural(count.boards, "board", "boards"),
        plural(count.classes, "class", "classes"),
        plural(w, "wall", "walls")
    ));
    Ok(count)
}

/// Asks for wall sets with `w` walls until none is left (the count is then complete), the
/// CPU limit or a stop; each is counted in its class and blocked. Returns the wall sets found
/// and whether the count is complete.
fn find_boards(
    run: &mut Run,
    assumps: &[Lit],
    w: usize,
    cpu: f64,
    classes: &mut FoundClasses,
) -> anyhow::Result<(usize, bool)> {
    let mut blocked: HashSet<Board> = HashSet::new();
    let mut found = 0;
    loop {
        if run
            .opts
            .count_cpu_limit
            .is_some_and(|limit| cpu_since(cpu) > limit)
        {
            run.note(format_args!(
                "count stopped at its CPU limit after {}",
                plural(found, "wall set", "wall sets")
            ));
            return Ok((found, false));
        }
        let (board, placement) = match run.ask(assumps)? {
            BoundReply::Found(b, p) => (b, p),
            BoundReply::Refuted => return Ok((found, true)),
            BoundReply::Stopped => {
                let sets = plural(found, "wall set", "wall sets");
                run.note(format_args!("count interrupted after {sets}"));
                return Ok((found, false));
            }
        };
        ensure!(
            board.n_walls() == w,
            "internal error: a counted board has {} walls, not {w}",
            board.n_walls()
        );
        found += 1;
        classes.count(run, &board, &placement)?;
        block_wall_set(run, board, &mut blocked)?;
        if found % 100 == 0 {
            run.note(format_args!("{found} boards found so far"));
        }
    }
}

/// Blocks a wall set found so it is not returned again; with `unique`, every image of it too,
/// so each class is returned once. `blocked` keeps any wall set from being blocked twice.
fn block_wall_set(run: &mut Run, board: Board, blocked: &mut HashSet<Board>) -> anyhow::Result<()> {
    let images: Vec<Board> = if run.opts.unique {
        board.group().iter().map(|&s| board.image(s)).collect()
    } else {
        vec![board]
    };
    for img in images {
        if blocked.insert(img.clone()) {
            let cl = run.model.block_walls(&img);
            run.solver.add_clause(cl)?;
        }
    }
    Ok(())
}

/// The symmetry classes of the boards counted, in the order found, and how often each was met.
#[derive(Default)]
struct FoundClasses {
    /// Each class's place in `list`, by its canonical board.
    index: HashMap<Board, usize>,
    list: Vec<CountedClass>,
    /// How many wall sets of each class the solver returned.
    members: Vec<usize>,
}

impl FoundClasses {
    /// Counts `board` in its class, adding the class when it is new.
    fn count(&mut self, run: &Run, board: &Board, placement: &Placement) -> anyhow::Result<()> {
        let (canon, sym) = board.canonical();
        let id = match self.index.get(&canon) {
            Some(&id) => id,
            None => {
                self.list
                    .push(new_class(run, canon.clone(), placement.image_on(sym, board))?);
                self.members.push(0);
                self.index.insert(canon, self.list.len() - 1);
                self.list.len() - 1
            }
        };
        self.members[id] += 1;
        Ok(())
    }

    /// Cross-check: the enumeration saw each class as often as its mode says it must (once per
    /// class when images are blocked or the lex-leader keeps one, else once per board); a
    /// count cut short (`complete` false) may have met a class's boards only in part.
    fn check_members(&self, once_per_class: bool, complete: bool) -> anyhow::Result<()> {
        for (c, &m) in self.list.iter().zip(&self.members) {
            let want = if once_per_class { 1 } else { c.orbit };
            ensure!(
                m == want || (!complete && m < want),
                "internal error: a class of {} boards was found {m} times, expected {want}",
                c.orbit
            );
        }
        Ok(())
    }
}

/// A class met for the first time, by its canonical board and the placement moved onto it:
/// the placement checked and the board's value proved (at least q, since it admits them).
fn new_class(run: &Run, canon: Board, on_canon: Placement) -> anyhow::Result<CountedClass> {
    if let Err(v) = check_placement(&canon, &on_canon) {
        bail!("internal error: a placement moved by a symmetry fails the checker: {v}");
    }
    let v = value_to_the_end(
        &canon,
        &ValueOptions {
            backend: run.opts.backend.clone(),
            ..Default::default()
        },
    )?;
    ensure!(v.proved, "internal error: a counted board's value was not proved");
    v.holds(&on_canon, "the counted board's placement")?;
    let v = v.value;
    Ok(CountedClass {
        orbit: canon.orbit_size(),
        board: canon,
        value: v,
        placement: on_canon,
    })
}

/// The classes and boards of each value met among the counted classes, by value.
fn by_value(list: &[CountedClass]) -> Vec<ValueCount> {
    let mut by_value: Vec<ValueCount> = Vec::new();
    for c in list {
        match by_value.iter_mut().find(|e| e.value == c.value) {
            Some(e) => {
                e.classes += 1;
                e.boards += c.orbit as u64;
            }
            None => by_value.push(ValueCount {
                value: c.value,
                classes: 1,
                boards: c.orbit as u64,
            }),
        }
    }
    by_value.sort_unstable_by_key(|e| e.value);
    by_value
}
