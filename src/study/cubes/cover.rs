//! The one check that a cube run's cubes cover its question: by counting, without trusting the
//! plan that made them. Each question says what a cube chooses on a segment of the split rows
//! and how many choices a segment of `r` ranges has; the rest is the same for every question.

use crate::board::Coord;
use crate::engine::Cube;
use std::collections::HashSet;
use std::hash::Hash;

/// What a cube chooses on a segment (a key two cubes share only when they choose alike), and
/// the sets of cells of its layers there, each sorted; or why it makes no choice there.
pub type Choice<K> = Result<(K, Vec<Vec<Coord>>), String>;

/// What one question's cubes are made of, for [`check_counted_cover`].
pub struct CoverRules<'a, C, K> {
    /// The free cells of each segment of the split rows.
    pub segments: Vec<Vec<Coord>>,
    /// The cell sets a cube is made of (one per kind of variable the cubes speak of).
    pub layers: &'a dyn Fn(&C) -> Vec<&Cube>,
    /// What a cube chooses on a segment (its free cells, sorted).
    pub choice: &'a dyn Fn(&C, &[Coord]) -> Choice<K>,
    /// How many choices a segment cut into `r` ranges has (`None`: too many to count).
    pub choices: &'a dyn Fn(usize) -> Option<usize>,
}

/// Checks that `cubes` cover every choice on the split rows, each once: no cube speaks of a
/// cell off those rows' segments; each makes a choice on every segment, and each of its sets
/// lies in one segment; no two cubes choose alike; the sets each segment is given are disjoint
/// and split its free cells (its ranges); and there are as many cubes as the product over the
/// segments of their choices, so by counting they are all of them.
pub fn check_counted_cover<C, K: Eq + Hash>(rules: &CoverRules<C, K>, cubes: &[&C]) -> Result<(), String> {
    let segments: Vec<Vec<Coord>> = (rules.segments.iter())
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect();
    let in_rows: HashSet<Coord> = segments.iter().flatten().copied().collect();
    let mut ranges: Vec<HashSet<Vec<Coord>>> = vec![HashSet::new(); segments.len()];
    let mut seen = HashSet::new();
    for (g, cube) in cubes.iter().enumerate() {
        let layers = (rules.layers)(cube);
        let named = (layers.iter()).flat_map(|c| c.empty.iter().chain(c.queen_in.iter().flatten()));
        if let Some(p) = named.clone().find(|p| !in_rows.contains(p)) {
            return Err(format!(
                "cube {g} speaks of {},{}, not a free cell of the split rows",
                p.0, p.1
            ));
        }
        let mut choice = Vec::with_capacity(segments.len());
        let mut used = 0;
        for (s, seg) in segments.iter().enumerate() {
            let (c, sets) = (rules.choice)(cube, seg).map_err(|why| format!("cube {g} {why}"))?;
            used += sets.len();
            ranges[s].extend(sets);
            choice.push(c);
        }
        if used != layers.iter().map(|c| c.queen_in.len()).sum::<usize>() {
            return Err(format!("cube {g} has a set of cells across segments"));
        }
        if !seen.insert(choice) {
            return Err(format!("cube {g} is another cube again"));
        }
    }
    for (s, seg) in segments.iter().enumerate() {
        let cells: usize = ranges[s].iter().map(Vec::len).sum();
        let union: HashSet<&Coord> = ranges[s].iter().flatten().collect();
        if cells != seg.len() || union.len() != seg.len() {
            return Err(format!(
                "the sets of the segment at {},{} do not split its free cells",
                seg[0].0, seg[0].1
            ));
        }
    }
    let choices = (ranges.iter())
        .try_fold(1usize, |n, r| n.checked_mul((rules.choices)(r.len())?))
        .ok_or("too many cubes to count")?;
    if cubes.len() != choices {
        return Err(format!(
            "{} cubes where the split rows allow {choices} choices",
            cubes.len()
        ));
    }
    Ok(())
}
