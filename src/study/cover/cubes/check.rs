//! The check that a run's cubes cover every selection of each question, each once, rebuilt
//! from the cubes themselves (read back, so checked like user input) without trusting the plan.

use super::cut::{CoverCube, FirstHolder, square_choices};
use super::spec::{CoverCubeSpec, goal_word};
use crate::board::Coord;
use crate::encode::Goal;
use std::collections::HashSet;

/// The choice `f` makes among the holders `h` of its square: the range `a..b` of positions in
/// `h` its first selected holder lies in, or `None` for none selected; or why it makes none.
fn choice_on(f: &FirstHolder, h: &[usize]) -> Result<Option<(usize, usize)>, String> {
    let a = f.unselected.len();
    let b = a + f.first_in.len();
    if b > h.len() || f.unselected != h[..a] || f.first_in != h[a..b] {
        return Err(format!(
            "does not split the solutions through {},{} into the unselected ones before a run of them",
            f.square.0, f.square.1
        ));
    }
    match f.first_in.is_empty() {
        true if a == h.len() => Ok(None),
        true => Err(format!(
            "leaves solutions through {},{} unsaid",
            f.square.0, f.square.1
        )),
        false => Ok(Some((a, b))),
    }
}

/// Checks that `cubes` cover every selection of each question with cubes, each once: each cube
/// speaks of the split squares, in order, and of nothing else; on each it leaves unselected the
/// holders before a run of them of which one is selected, or (packing) every holder; the runs
/// each square is given tile its holders; no two cubes of a question choose alike; and each
/// question has as many cubes as choices (the product over the squares of the runs, plus one
/// for none when packing), so by counting they are all of them. A cover selects some holder of
/// every square, so the covering cubes need no "none".
pub fn check_cover(spec: &CoverCubeSpec, holders: &[Vec<usize>], cubes: &[&CoverCube]) -> Result<(), String> {
    let goals = spec.goals();
    let mut ranges: Vec<Vec<HashSet<(usize, usize)>>> = vec![vec![HashSet::new(); holders.len()]; 2];
    let mut counted = [0usize; 2];
    let mut seen = HashSet::new();
    for (g, cube) in cubes.iter().enumerate() {
        if !goals.contains(&cube.goal) {
            return Err(format!("cube {g} asks a question the run has no cubes for"));
        }
        let named: Vec<Coord> = cube.squares.iter().map(|f| f.square).collect();
        if named != spec.squares {
            return Err(format!("cube {g} speaks of other squares than the split squares"));
        }
        let q = usize::from(cube.goal == Goal::Cover);
        let mut choice = Vec::with_capacity(holders.len());
        for (s, (f, h)) in cube.squares.iter().zip(holders).enumerate() {
            let c = choice_on(f, h).map_err(|why| format!("cube {g} {why}"))?;
            match c {
                Some(r) => _ = ranges[q][s].insert(r),
                None if cube.goal == Goal::Cover => {
                    return Err(format!(
                        "cube {g} covers {},{} by no solution: no cover lies there",
                        f.square.0, f.square.1
                    ));
                }
                None => {}
            }
            choice.push(c);
        }
        if !seen.insert((q, choice)) {
            return Err(format!("cube {g} is another cube again"));
        }
        counted[q] += 1;
    }
    for goal in goals {
        let q = usize::from(goal == Goal::Cover);
        let mut choices = 1usize;
        for (s, h) in holders.iter().enumerate() {
            let mut runs: Vec<(usize, usize)> = ranges[q][s].iter().copied().collect();
            runs.sort_unstable();
            let tiled = runs.iter().try_fold(0, |at, &(a, b)| (a == at).then_some(b));
            if tiled != Some(h.len()) {
                let (r, c) = spec.squares[s];
                return Err(format!("the runs of solutions through {r},{c} do not split them"));
            }
            choices =
                (choices.checked_mul(square_choices(goal, runs.len()))).ok_or("too many cubes to count")?;
        }
        if counted[q] != choices {
            return Err(format!(
                "{} {} cubes where the split squares allow {choices} choices",
                counted[q],
                goal_word(goal)
            ));
        }
    }
    Ok(())
}
