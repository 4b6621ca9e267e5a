//! Counting the boards with the least number of walls that admit q queens: the solver's
//! answers projected onto the wall variables, each wall set blocked once found (with `unique`,
//! all its images), so a board counts once however many placements it has. The count may stop
//! at its CPU limit or at Ctrl-C, and is then labelled incomplete.

use super::report::{BoardCount, CountedClass};
use super::run::{BoundReply, Run};
use crate::board::Board;
use crate::check::check_placement;
use crate::engine::{ValueOptions, value_to_the_end};
use crate::run::{cpu_since, process_cpu_seconds};
use crate::solve::Solve as _;
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
    let mut classes: HashMap<Board, usize> = HashMap::new();
    let mut list: Vec<CountedClass> = Vec::new();
    let mut members: Vec<usize> = Vec::new();
    let mut blocked: HashSet<Board> = HashSet::new();
    let mut found = 0;
    let mut complete = true;
    loop {
        if run
            .opts
            .count_cpu_limit
            .is_some_and(|limit| cpu_since(cpu) > limit)
        {
            complete = false;
            run.note(format_args!(
                "count stopped at its CPU limit after {found} wall sets"
            ));
            break;
        }
        let (board, placement) = match run.ask(&assumps)? {
            BoundReply::Found(b, p) => (b, p),
            BoundReply::Refuted => break,
            BoundReply::Stopped => {
                complete = false;
                run.note(format_args!("count interrupted after {found} wall sets"));
                break;
            }
        };
        ensure!(
            board.n_walls() == w,
            "internal error: a counted board has {} walls, not {w}",
            board.n_walls()
        );
        found += 1;
        let (canon, sym) = board.canonical();
        let id = match classes.get(&canon) {
            Some(&id) => id,
            None => {
                let on_canon = placement.image_on(sym, &board);
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
                list.push(CountedClass {
                    orbit: canon.orbit_size(),
                    board: canon.clone(),
                    value: v,
                    placement: on_canon,
                });
                members.push(0);
                classes.insert(canon, list.len() - 1);
                list.len() - 1
            }
        };
        members[id] += 1;
        let images: Vec<Board> = if unique {
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
        if found % 100 == 0 {
            run.note(format_args!("{found} boards found so far"));
        }
    }
    // Cross-check: the enumeration saw each class as often as its mode says it must.
    for (c, &m) in list.iter().zip(&members) {
        let want = if unique || lex { 1 } else { c.orbit };
        ensure!(
            m == want,
            "internal error: a class of {} boards was found {m} times, expected {want}",
            c.orbit
        );
    }
    let mut by_value: Vec<(usize, usize, usize)> = Vec::new();
    for c in &list {
        match by_value.iter_mut().find(|e| e.0 == c.value) {
            Some(e) => {
                e.1 += 1;
                e.2 += c.orbit;
            }
            None => by_value.push((c.value, 1, c.orbit)),
        }
    }
    by_value.sort_unstable();
    let count = BoardCount {
        walls: w,
        boards: list.iter().map(|c| c.orbit).sum(),
        classes: list.len(),
        by_value,
        found,
        complete,
        unique,
        lex_leader: lex,
        seconds: t.elapsed().as_secs_f64(),
        cpu_seconds: cpu_since(cpu),
        list,
    };
    run.note(format_args!(
        "{}{} boards in {} classes with {w} walls",
        if complete { "" } else { "at least " },
        count.boards,
        count.classes
    ));
    Ok(count)
}
