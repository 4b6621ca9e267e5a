//! The published puzzle list against ours: which entries we confirm, which fail a condition of
//! the definition (with the evidence), and which of our puzzles the list lacks.
//!
//! Entries that are not among our puzzles are checked on their own: value, a second optimum,
//! then every proper subset of the walls (value, and uniqueness where the value is the same).
//! Sub-boards are solved once for the whole list.

use super::puzzle::{Puzzle, PuzzleReport};
use crate::board::{Board, CellSet, Coord, Placement, WallClasses, render_cell_list};
use crate::check::check_placement;
use crate::engine::{ValueOptions, second_optimum, value};
use crate::io::ClaimRow;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// What became of one published entry.
#[derive(Clone, Debug, Serialize)]
pub struct EntryCheck {
    /// 1-based position in the list.
    pub index: usize,
    pub line: usize,
    pub bits: u64,
    pub walls: Vec<Coord>,
    pub claimed_value: usize,
    pub engine_value: Option<usize>,
    /// `confirmed`, `malformed`, `duplicate`, `value-differs`, `not-unique`, `not-minimal`,
    /// `passes-outside-run` (meets the definition, but its wall count is outside this run or
    /// the run was cut by its limit), or `passes-but-missing` (meets the definition, and our
    /// complete run lacks it: would be a bug on our side).
    pub verdict: &'static str,
    pub detail: String,
}

/// The comparison.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub entries: Vec<EntryCheck>,
    /// Verdict → entries.
    pub verdicts: BTreeMap<&'static str, usize>,
    /// Walls → published entries (distinct classes) with that many walls.
    pub published_by_walls: BTreeMap<usize, usize>,
    /// Walls → our puzzles with that many walls.
    pub ours_by_walls: BTreeMap<usize, usize>,
    /// (walls, value) → our puzzles.
    #[serde(skip)]
    pub ours_by_walls_value: BTreeMap<(usize, usize), usize>,
    /// Our puzzles whose class is not in the list (listed in `comparison.csv`, not in JSON).
    #[serde(skip)]
    pub missing_from_list: Vec<Puzzle>,
    /// How many of our puzzles the list lacks.
    pub missing_from_list_count: usize,
}

impl Comparison {
    /// The entries the comparison refutes (malformed, a repeated class, a value that is not
    /// the board's, not unique, not minimal); any makes `puzzles --compare` exit 1.
    pub fn refuted(&self) -> usize {
        self.entries.iter().filter(|e| is_refuted(e.verdict)).count()
    }
}

/// Whether a verdict refutes the entry (the others confirm it or find it meets the definition).
pub fn is_refuted(verdict: &str) -> bool {
    !matches!(verdict, "confirmed" | "passes-outside-run" | "passes-but-missing")
}

/// Solved sub-boards, by class key: value, optimum, and uniqueness once asked.
///
/// The published layout holds boards up to 8 × 8, so one-word cell sets do.
struct Cache<'a> {
    sets: &'a WallClasses<1>,
    opts: &'a ValueOptions,
    known: HashMap<CellSet<1>, (usize, Placement, Option<bool>)>,
}

impl Cache<'_> {
    /// Value and optimum of the board with walls `mask` (on the class key's frame).
    fn value(&mut self, mask: CellSet<1>) -> anyhow::Result<(CellSet<1>, usize)> {
        let (key, _) = self.sets.greatest_image(&mask);
        if !self.known.contains_key(&key) {
            let b = self.sets.board(&key);
            let r = value(&b, self.opts)?;
            if let Err(e) = check_placement(&b, &r.placement) {
                anyhow::bail!("internal error: optimum of {b:?} fails the checker: {e}");
            }
            self.known.insert(key, (r.value, r.placement, None));
        }
        Ok((key, self.known[&key].0))
    }

    /// A second optimum of the class `key`, if any (the query is asked once per class).
    fn second(&mut self, key: CellSet<1>) -> anyhow::Result<Option<Placement>> {
        let b = self.sets.board(&key);
        let (v, first, _) = self.known[&key].clone();
        let u = second_optimum(&b, v, &first, self.opts)?;
        self.known.get_mut(&key).expect("solved above").2 = Some(u.second.is_none());
        Ok(u.second)
    }

    fn unique(&mut self, key: CellSet<1>) -> anyhow::Result<bool> {
        match self.known[&key].2 {
            Some(u) => Ok(u),
            None => Ok(self.second(key)?.is_none()),
        }
    }
}

/// The symmetry classes of a list that claims one entry per class (a puzzle list), in the
/// list's order: the one test of a repeated class, for `puzzles --compare` and `verify`.
pub struct ClassesListed {
    sets: WallClasses<1>,
    /// Class key -> the 1-based index of its first entry.
    first: HashMap<CellSet<1>, usize>,
}

impl ClassesListed {
    /// For boards of the published layout (up to 8 x 8).
    pub fn new(rows: usize, cols: usize) -> anyhow::Result<ClassesListed> {
        Ok(ClassesListed {
            sets: WallClasses::<1>::new(rows, cols)?,
            first: HashMap::new(),
        })
    }

    fn key(&self, walls: &[Coord]) -> CellSet<1> {
        self.sets.greatest_image(&self.sets.set_of(walls)).0
    }

    /// Records entry `index` (1-based) with these walls: `Some(first)`, the index of the
    /// earlier entry of the same symmetry class, when the entry repeats a class.
    pub fn earlier(&mut self, walls: &[Coord], index: usize) -> Option<usize> {
        let key = self.key(walls);
        match self.first.get(&key) {
            Some(&first) => Some(first),
            None => {
                self.first.insert(key, index);
                None
            }
        }
    }

    /// Whether some entry so far is of the class of these walls.
    pub fn holds(&self, walls: &[Coord]) -> bool {
        self.first.contains_key(&self.key(walls))
    }
}

/// Why an entry that repeats the class of entry `first` is refuted, in the words of both
/// `puzzles --compare` and `verify`.
pub fn duplicate_detail(first: usize) -> String {
    format!("same symmetry class as entry {first}")
}

/// Compares the published list (the rows of a puzzle list) with a report of the same board
/// size.
pub fn compare_published(
    list: &[ClaimRow],
    ours: &PuzzleReport,
    opts: &ValueOptions,
) -> anyhow::Result<Comparison> {
    anyhow::ensure!(
        ours.rows <= 8 && ours.cols <= 8,
        "the published layout holds boards up to 8x8, not {}x{}",
        ours.rows,
        ours.cols
    );
    let mut classes = ClassesListed::new(ours.rows, ours.cols)?;
    let sets = classes.sets.clone();
    let key_of = |walls: &[Coord]| sets.greatest_image(&sets.set_of(walls)).0;
    let our_keys: HashMap<CellSet<1>, usize> = ours
        .puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| (key_of(&p.walls), i))
        .collect();
    let complete_levels: Vec<usize> = ours
        .levels
        .iter()
        .filter(|l| l.complete)
        .map(|l| l.walls)
        .collect();
    let mut cache = Cache {
        sets: &sets,
        opts,
        known: HashMap::new(),
    };
    let mut entries = Vec::new();
    let mut published_by_walls: BTreeMap<usize, usize> = BTreeMap::new();
    for (i, e) in list.iter().enumerate() {
        let index = i + 1;
        let mut check = EntryCheck {
            index,
            line: e.line,
            bits: 0,
            walls: Vec::new(),
            claimed_value: e.value,
            engine_value: None,
            verdict: "confirmed",
            detail: String::new(),
        };
        let walls = e.walls.bits64().and_then(|bits| {
            check.bits = bits;
            e.walls.cells(ours.rows, ours.cols)
        });
        match walls {
            Err(err) => {
                check.verdict = "malformed";
                check.detail = err.to_string();
            }
            Ok(walls) => {
                check.walls = walls;
                let key = key_of(&check.walls);
                if let Some(first) = classes.earlier(&check.walls, index) {
                    check.verdict = "duplicate";
                    check.detail = duplicate_detail(first);
                } else {
                    *published_by_walls.entry(check.walls.len()).or_default() += 1;
                    judge(&mut check, key, &our_keys, &complete_levels, &mut cache)?;
                }
            }
        }
        entries.push(check);
    }
    let mut verdicts = BTreeMap::new();
    for e in &entries {
        *verdicts.entry(e.verdict).or_default() += 1;
    }
    let mut ours_by_walls = BTreeMap::new();
    let mut ours_by_walls_value = BTreeMap::new();
    for p in &ours.puzzles {
        *ours_by_walls.entry(p.k()).or_default() += 1;
        *ours_by_walls_value.entry((p.k(), p.value)).or_default() += 1;
    }
    let missing_from_list: Vec<Puzzle> = ours
        .puzzles
        .iter()
        .filter(|p| !classes.holds(&p.walls))
        .cloned()
        .collect();
    Ok(Comparison {
        entries,
        verdicts,
        published_by_walls,
        ours_by_walls,
        ours_by_walls_value,
        missing_from_list_count: missing_from_list.len(),
        missing_from_list,
    })
}

/// Sets the verdict of one entry whose class `key` is new in the list.
fn judge(
    check: &mut EntryCheck,
    key: CellSet<1>,
    our_keys: &HashMap<CellSet<1>, usize>,
    complete_levels: &[usize],
    cache: &mut Cache,
) -> anyhow::Result<()> {
    let sets = cache.sets;
    let mask = sets.set_of(&check.walls);
    let (_, v) = cache.value(mask)?;
    check.engine_value = Some(v);
    if v != check.claimed_value {
        check.verdict = "value-differs";
        check.detail = format!(
            "claimed value {}, engine value {v} (optimum checked, one more queen UNSAT)",
            check.claimed_value
        );
        return Ok(());
    }
    if our_keys.contains_key(&key) {
        check.verdict = "confirmed";
        return Ok(());
    }
    if let Some(second) = cache.second(key)? {
        let board: Board = sets.board(&key);
        let first = &cache.known[&key].1;
        let symmetric = board
            .stabiliser()
            .into_iter()
            .any(|s| first.image_on(s, &board) == second);
        check.verdict = "not-unique";
        check.detail = format!(
            "a second optimum of {v} queens exists{}: {} and {} (class representative, checked)",
            if symmetric {
                " (the first one's image under a symmetry of the walls)"
            } else {
                ""
            },
            render_cell_list(first.queens()),
            render_cell_list(second.queens()),
        );
        return Ok(());
    }
    // Every proper subset, smallest first (descending in the set order within a size).
    let mut subs: Vec<CellSet<1>> = mask.proper_subsets().collect();
    subs.sort_by_key(|s| s.len());
    for s in subs {
        let (skey, sv) = cache.value(s)?;
        if sv == v && cache.unique(skey)? {
            check.verdict = "not-minimal";
            check.detail = format!(
                "the subset with walls {} already has value {v} and a unique optimum",
                render_cell_list(&sets.cells(&s))
            );
            return Ok(());
        }
    }
    let k = check.walls.len();
    if complete_levels.contains(&k) {
        check.verdict = "passes-but-missing";
        check.detail = "meets every condition but our complete run lacks it".into();
    } else {
        check.verdict = "passes-outside-run";
        check.detail = format!("meets every condition; {k} walls were not enumerated completely");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{brute_count, brute_value};
    use crate::io::PublishedCells;
    use crate::study::puzzles::{PuzzleOptions, find_puzzles};
    use itertools::Itertools;
    use std::ops::RangeInclusive;

    fn entry(walls: &[Coord], value: usize) -> ClaimRow {
        ClaimRow {
            line: 1,
            label: "item".into(),
            walls: PublishedCells::Cells(walls.to_vec()),
            value,
            queens: None,
            objective: None,
        }
    }

    fn puzzles(n: usize, walls: RangeInclusive<usize>, limit: Option<usize>) -> PuzzleReport {
        find_puzzles(&PuzzleOptions {
            rows: n,
            cols: n,
            walls: crate::study::Counts::range(*walls.start(), *walls.end()),
            min_value: 0,
            limit,
            engine: crate::study::sweep::Engine::Tree,
            value: ValueOptions::default(),
            progress: crate::run::Reporter::silent(),
            chunk_size: 4096,
            dir: None,
            shard: crate::run::Shard::ALL,
        })
        .unwrap()
        .into_report()
        .unwrap()
    }

    /// A board with a unique optimum whose proper subset `sub` (a puzzle) has the same value
    /// and a unique optimum too: a puzzle plus one wall, checked by brute force.
    fn not_minimal_example(sub: &Puzzle) -> Vec<Coord> {
        let base = sub.board();
        for x in base.free_cells() {
            let walls: Vec<Coord> = sub.walls.iter().copied().chain([x]).sorted().collect();
            let b = Board::with_walls(base.rows(), base.cols(), &walls).unwrap();
            if brute_value(&b) == sub.value && brute_count(&b, sub.value) == 1 {
                return walls;
            }
        }
        panic!("no wall keeps {sub:?} unique");
    }

    #[test]
    fn verdicts_for_entries_outside_our_list() {
        let report = puzzles(6, 2..=2, None);
        let sub = &report.puzzles[0];
        let walls = not_minimal_example(sub);
        // A 3-wall puzzle: outside this 2-wall run.
        let three = puzzles(6, 3..=3, Some(1));
        let list = vec![
            entry(&walls, sub.value),
            entry(&three.puzzles[0].walls, three.puzzles[0].value),
        ];
        let opts = ValueOptions::default();
        let c = compare_published(&list, &report, &opts).unwrap();
        assert_eq!(c.entries[0].verdict, "not-minimal", "{:?}", c.entries[0]);
        assert_eq!(c.entries[1].verdict, "passes-outside-run", "{:?}", c.entries[1]);
    }
}
