//! Comparing a sweep with the published per-class files (`K-W_boards.csv`) and summaries
//! (`KW_summary.txt`). The published rows are claims: each is matched to our class by its
//! canonical walls, its value compared with ours, and its placement re-checked.

use super::swept_boards::SweptBoards;
use crate::board::{Board, Coord, Placement, WallClasses, render_cell_list};
use crate::check::{bnb_value, check_placement};
use crate::io::{ClassRow, PublishedFormat, SummaryClaim, parse_published_as, parse_summary, plural};
use crate::run::interrupt::{stop_requested, unless_stopped};
use crate::run::{Provenance, cpu_since, process_cpu_seconds};
use crate::study::summary_claims::judge_summary;
use anyhow::Context;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The layouts of a published table whose rows must each name a class, or a board, once.
const ONE_PER_CLASS: &str = "one row per class";
const ONE_PER_BOARD: &str = "one row per board";

/// `(value, boards)` pairs.
pub type ValueCounts = Vec<(usize, u64)>;

/// One published row that disagrees with the sweep, or whose placement fails.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Finding {
    pub line: usize,
    pub text: String,
}

/// The comparison of one wall count.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct KComparison {
    pub walls: usize,
    /// Rows of the published file, and our classes of `walls` walls.
    pub published_rows: usize,
    pub our_classes: usize,
    /// Our classes that some published row names, and published rows naming a class again.
    pub classes_covered: usize,
    pub duplicate_rows: usize,
    /// What the table's rows stand for, told by their number: `one row per class` (as many
    /// rows as our classes), `one row per board` (as many as there are boards) or `some
    /// boards of each class`.
    pub layout: &'static str,
    /// Published rows whose value is not ours, and those whose placement fails the checker.
    pub value_disagreements: Vec<Finding>,
    pub placement_problems: Vec<Finding>,
    /// Our classes no published row names (line 0), and rows that repeat what the layout
    /// holds once: a class in a table of one row per class, else a board.
    pub coverage_problems: Vec<Finding>,
    /// Per-board value counts of the published summary, and ours, when a summary exists.
    pub summary: Option<(ValueCounts, ValueCounts)>,
    /// Summary lines (total, largest value, example board, boards per value, listed boards)
    /// that our sweep contradicts, and values our boards reach that its counts leave out.
    pub summary_disagreements: Vec<Finding>,
}

/// A published file that was not compared, and the file its comparison needs that is not
/// there (our `8x8-Kw.jsonl`, or, for a summary, the published `K-W_boards.csv`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct NotCompared {
    pub file: PathBuf,
    pub missing: PathBuf,
}

/// A sweep against the published tables: each wall count compared, and the published files
/// that were not.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    pub items: Vec<KComparison>,
    pub not_compared: Vec<NotCompared>,
    /// How the comparison was made, and the CPU seconds it took.
    pub provenance: Provenance,
    pub cpu_seconds: f64,
}

impl Comparison {
    /// Every wall count compared agrees, and no published file went uncompared.
    pub fn agrees(&self) -> bool {
        self.not_compared.is_empty() && self.items.iter().all(KComparison::agrees)
    }
}

impl KComparison {
    /// No value that differs, no placement that fails, no class missing or repeated, no
    /// summary line contradicted.
    pub fn agrees(&self) -> bool {
        self.value_disagreements.is_empty()
            && self.placement_problems.is_empty()
            && self.coverage_problems.is_empty()
            && self.summary_disagreements.is_empty()
    }
}

/// Compares our rows of `k` walls on 8 × 8 with a published CSV and, if given, its summary
/// `(name, text)`.
pub fn compare_k(
    k: usize,
    ours: &[ClassRow],
    csv_text: &str,
    csv_name: &str,
    summary: Option<(&str, &str)>,
) -> anyhow::Result<KComparison> {
    // Our rows hold their class's canonical walls.
    let by_class: HashMap<&[Coord], &ClassRow> = ours.iter().map(|r| (r.walls.as_slice(), r)).collect();
    let published = parse_published_as(csv_name, csv_text, PublishedFormat::BoardsCsv)?;
    // Class -> the line of its first row, and board -> the line of its first row.
    let mut seen: HashMap<Vec<Coord>, usize> = HashMap::new();
    let mut boards_seen: HashMap<Vec<Coord>, usize> = HashMap::new();
    let all_boards: u64 = ours.iter().map(|r| r.orbit as u64).sum();
    let layout = if published.len() == ours.len() {
        ONE_PER_CLASS
    } else if published.len() as u64 == all_boards {
        ONE_PER_BOARD
    } else {
        "some boards of each class"
    };
    let mut cmp = KComparison {
        walls: k,
        published_rows: published.len(),
        our_classes: ours.len(),
        layout,
        ..KComparison::default()
    };
    for p in &published {
        let place = || format!("{csv_name}:{}", p.line);
        let walls = p.walls.cells(8, 8).with_context(place)?;
        let queens = match &p.queens {
            Some(q) => Placement::new(q.cells(8, 8).with_context(place)?),
            None => anyhow::bail!("{}: no placement", place()),
        };
        let board = Board::with_walls(8, 8, &walls).with_context(place)?;
        let class = board.canonical().0.walls();
        let walls_text = render_cell_list(&walls);
        match check_placement(&board, &queens) {
            Err(v) => cmp.placement_problems.push(Finding {
                line: p.line,
                text: format!("walls {walls_text}: the published placement is illegal ({v})"),
            }),
            Ok(()) if queens.len() != p.value => cmp.placement_problems.push(Finding {
                line: p.line,
                text: format!(
                    "walls {walls_text}: claimed value {} but the published placement has {} queens",
                    p.value,
                    queens.len()
                ),
            }),
            Ok(()) => {}
        }
        match by_class.get(class.as_slice()) {
            None => cmp.value_disagreements.push(Finding {
                line: p.line,
                text: format!("walls {walls_text}: not a {k}-wall board of our sweep"),
            }),
            Some(r) if r.value != p.value => cmp.value_disagreements.push(Finding {
                line: p.line,
                text: format!(
                    "walls {walls_text} (class {}, {}): published value {}, proved value {} \
                     (our placement {})",
                    render_cell_list(&r.walls),
                    plural(r.orbit, "board", "boards"),
                    p.value,
                    r.value,
                    render_cell_list(r.queens.queens())
                ),
            }),
            Some(_) => {}
        }
        let mut sorted = walls.clone();
        sorted.sort_unstable();
        let repeated = match layout {
            ONE_PER_CLASS => seen.get(&class).map(|&l| ("class", l)),
            _ => boards_seen.get(&sorted).map(|&l| ("board", l)),
        };
        if let Some((what, first)) = repeated {
            cmp.coverage_problems.push(Finding {
                line: p.line,
                text: format!("walls {walls_text}: the same {what} as line {first}, in a table of {layout}"),
            });
        }
        boards_seen.entry(sorted).or_insert(p.line);
        match seen.get(&class) {
            Some(_) => cmp.duplicate_rows += 1,
            None => {
                seen.insert(class, p.line);
            }
        }
    }
    // Only our classes count as covered: a row of another wall count names none of them.
    cmp.classes_covered = ours.iter().filter(|r| seen.contains_key(&r.walls)).count();
    for r in ours.iter().filter(|r| !seen.contains_key(&r.walls)) {
        cmp.coverage_problems.push(Finding {
            line: 0,
            text: format!(
                "class {} ({}, value {}): no published row names it",
                render_cell_list(&r.walls),
                plural(r.orbit, "board", "boards"),
                r.value
            ),
        });
    }
    if let Some((name, text)) = summary {
        let claims = parse_summary(name, text)?;
        let theirs: ValueCounts = claims
            .iter()
            .filter_map(|(_, c)| match c {
                SummaryClaim::Count { value, count } => Some((*value, *count)),
                _ => None,
            })
            .collect();
        let mine: ValueCounts = super::summary::summarise(k, ours)
            .values
            .iter()
            .map(|s| (s.value, s.boards))
            .collect();
        let mut known = SweptBoards::new(k, ours);
        cmp.summary_disagreements = judge_summary(&claims, &mut known)?
            .into_iter()
            .filter(|l| l.refuted.is_some())
            .map(|l| Finding {
                line: l.line,
                text: format!("{}: stated {}, sweep {}", l.what, l.stated, l.engine),
            })
            .collect();
        cmp.summary = Some((theirs, mine));
    }
    Ok(cmp)
}

/// The comparison as markdown.
pub fn render_comparison(sweep_dir: &Path, published_dir: &Path, comparison: &Comparison) -> String {
    let items = &comparison.items;
    let mut s = String::from("# The sweep against the published 8x8 tables\n\n");
    let _ = writeln!(
        s,
        "Our rows: `{}`; published rows: `{}` (claims). A published row is matched to our class by \
         its canonical walls; its value is compared with our proved value and its placement is \
         re-checked by the independent checker.\n",
        sweep_dir.display(),
        published_dir.display()
    );
    s.push_str(
        "A table with as many rows as our classes claims one row per class, one with as many rows \
         as boards one row per board: a class (or board) it repeats is a coverage problem, and so \
         is any class of ours that no row names.\n\n",
    );
    let p = &comparison.provenance;
    let _ = writeln!(
        s,
        "Made by `{}` on {}, {}, in {:.1} s of CPU (each published placement checked by the \
         independent checker; each of our rows read back, its placement checked and its value \
         computed again by the branch and bound).\n",
        p.command, p.host, p.date, comparison.cpu_seconds
    );
    s.push_str("| walls | published rows | layout | classes they cover | our classes | duplicate rows | value disagreements | placement problems | coverage problems |\n|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
    for c in items {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            c.walls,
            c.published_rows,
            c.layout,
            c.classes_covered,
            c.our_classes,
            c.duplicate_rows,
            c.value_disagreements.len(),
            c.placement_problems.len(),
            c.coverage_problems.len()
        );
    }
    if !comparison.not_compared.is_empty() {
        let _ = writeln!(
            s,
            "\nNot compared ({}; a claim left unchecked counts as a disagreement):\n",
            plural(comparison.not_compared.len(), "published file", "published files")
        );
        for n in &comparison.not_compared {
            let _ = writeln!(s, "- `{}`: no `{}`", n.file.display(), n.missing.display());
        }
    }
    for c in items {
        let _ = writeln!(s, "\n## {}\n", plural(c.walls, "wall", "walls"));
        if c.agrees() {
            s.push_str(
                "Every published row agrees with the sweep and its placement is legal, and the rows \
                 cover every class.\n",
            );
        }
        for (title, list) in [
            ("Value disagreements", &c.value_disagreements),
            ("Placement problems", &c.placement_problems),
            ("Coverage problems", &c.coverage_problems),
            ("Summary disagreements", &c.summary_disagreements),
        ] {
            if list.is_empty() {
                continue;
            }
            let _ = writeln!(s, "{title} ({}):\n", list.len());
            for f in list.iter().take(20) {
                let _ = match f.line {
                    0 => writeln!(s, "- {}", f.text),
                    line => writeln!(s, "- line {line}: {}", f.text),
                };
            }
            if list.len() > 20 {
                let _ = writeln!(s, "- ... and {} more", list.len() - 20);
            }
            s.push('\n');
        }
        if let Some((theirs, mine)) = &c.summary {
            s.push_str("\nPer-board value counts, published summary against the sweep:\n\n| value | published | sweep |\n|---:|---:|---:|\n");
            let mut values: Vec<usize> = theirs.iter().chain(mine).map(|p| p.0).collect();
            values.sort_unstable();
            values.dedup();
            let get = |l: &[(usize, u64)], v| {
                l.iter()
                    .find(|p| p.0 == v)
                    .map(|p| p.1.to_string())
                    .unwrap_or("-".into())
            };
            for v in values {
                let _ = writeln!(s, "| {v} | {} | {} |", get(theirs, v), get(mine, v));
            }
            let total = |l: &[(usize, u64)]| l.iter().map(|p| p.1).sum::<u64>();
            let _ = writeln!(s, "| total | {} | {} |", total(theirs), total(mine));
        }
    }
    s
}

/// A row of our sweep read back is input like any other: k walls on 8 × 8 in canonical form,
/// its orbit, a placement of `value` queens that the independent checker accepts, and that
/// value the branch and bound's optimum (what the comparison is about).
fn check_our_row(row: &ClassRow, k: usize) -> anyhow::Result<()> {
    let board = Board::with_walls(8, 8, &row.walls)?;
    anyhow::ensure!(board.n_walls() == k, "{} walls, not {k}", board.n_walls());
    let canon = board.canonical().0;
    anyhow::ensure!(canon == board, "the walls are not their class's canonical form");
    anyhow::ensure!(
        row.orbit == canon.orbit_size(),
        "orbit {}, but the class has {} boards",
        row.orbit,
        canon.orbit_size()
    );
    check_placement(&board, &row.queens).map_err(|v| anyhow::anyhow!("the placement: {v}"))?;
    anyhow::ensure!(
        row.queens.len() == row.value,
        "value {} but the placement has {} queens",
        row.value,
        row.queens.len()
    );
    let optimum = unless_stopped(bnb_value(&board, stop_requested))?.0;
    anyhow::ensure!(
        row.value == optimum,
        "value {}, but the branch and bound's optimum is {optimum}",
        row.value
    );
    Ok(())
}

/// Compares every wall count for which `sweep` holds `8x8-Kw.jsonl` and `published` holds
/// `K-W_boards.csv` (and, if there, `KW_summary.txt`), and names the published files of the
/// other wall counts, which are not compared; an error when no wall count is compared.
pub fn compare_dirs(sweep: &Path, published: &Path) -> anyhow::Result<Comparison> {
    let start = process_cpu_seconds();
    let read = |p: &Path| std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()));
    for (dir, what) in [(sweep, "sweep"), (published, "published")] {
        anyhow::ensure!(
            dir.exists(),
            "{}: no such folder (the {what} folder)",
            dir.display()
        );
        anyhow::ensure!(
            dir.is_dir(),
            "{}: a file, not a folder (the {what} folder)",
            dir.display()
        );
    }
    let mut items = Vec::new();
    let mut not_compared = Vec::new();
    for k in 0..=64 {
        let ours_path = sweep.join(format!("8x8-{k}w.jsonl"));
        let csv_path = published.join(format!("{k}-W_boards.csv"));
        let summary_path = published.join(format!("{k}W_summary.txt"));
        // A published file of a wall count that is not compared is said, not skipped.
        let missing = [&ours_path, &csv_path].into_iter().find(|p| !p.exists());
        if let Some(missing) = missing {
            for file in [&csv_path, &summary_path].into_iter().filter(|f| f.exists()) {
                not_compared.push(NotCompared {
                    file: file.clone(),
                    missing: missing.clone(),
                });
            }
            continue;
        }
        let ours = read_our_rows(&ours_path, &read(&ours_path)?, k)?;
        let summary = if summary_path.exists() {
            Some((summary_path.display().to_string(), read(&summary_path)?))
        } else {
            None
        };
        items.push(compare_k(
            k,
            &ours,
            &read(&csv_path)?,
            &csv_path.display().to_string(),
            summary.as_ref().map(|(n, t)| (n.as_str(), t.as_str())),
        )?);
    }
    anyhow::ensure!(
        !items.is_empty(),
        "no wall count has both {}/8x8-Kw.jsonl and {}/K-W_boards.csv",
        sweep.display(),
        published.display()
    );
    Ok(Comparison {
        items,
        not_compared,
        provenance: Provenance::now(),
        cpu_seconds: cpu_since(start),
    })
}

/// Our sweep's `8x8-Kw.jsonl` (`text`, at `path`) read back like input: every line a row of
/// `k` walls that [`check_our_row`] accepts, each class once, and as many classes as the
/// `k`-wall sets of 8 × 8 have (counted by Burnside's lemma, which shares nothing with the
/// sweep). A line cut or repeated is refused here, not blamed on the published table.
fn read_our_rows(path: &Path, text: &str, k: usize) -> anyhow::Result<Vec<ClassRow>> {
    let mut first_line: HashMap<Vec<Coord>, usize> = HashMap::new();
    let mut rows = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let place = || format!("{}:{}", path.display(), i + 1);
        let row: ClassRow = serde_json::from_str(l).with_context(place)?;
        check_our_row(&row, k).with_context(place)?;
        if let Some(first) = first_line.insert(row.walls.clone(), i + 1) {
            anyhow::bail!(
                "{}: the class of walls {} repeated (first on line {first}): our sweep's file is \
                 damaged or edited; run the sweep again",
                place(),
                render_cell_list(&row.walls)
            );
        }
        rows.push(row);
    }
    let classes = WallClasses::<1>::new(8, 8)?.burnside_count(k);
    anyhow::ensure!(
        rows.len() as u128 == classes,
        "{}: {} of the {} classes of {k} walls on 8x8: our sweep's file is damaged, cut short \
         or edited; run the sweep again",
        path.display(),
        rows.len(),
        classes
    );
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::to_bits64;

    #[test]
    fn published_rows_meet_our_classes_in_any_orientation() {
        let canonical = Board::with_walls(8, 8, &[(7, 7)]).unwrap().canonical().0.walls();
        let ours = vec![ClassRow {
            walls: canonical,
            value: 0,
            queens: Placement::new(vec![]),
            orbit: 4,
            optimal: None,
        }];
        let row = |cell, value| format!("{},{value},0\n", to_bits64(&[cell]).unwrap());
        // A corner in two orientations: the first agrees, the second claims another value
        // and its (empty) placement does not have that many queens.
        let csv = format!("Walls,Value,Queens:\n{}{}", row((0, 7), 0), row((7, 0), 1));
        let summary = "There is 1 board with value 11.\nThere are 4 boards with value 0.\n";
        let c = compare_k(1, &ours, &csv, "t.csv", Some(("s.txt", summary))).unwrap();
        assert_eq!((c.published_rows, c.classes_covered, c.duplicate_rows), (2, 1, 1));
        assert_eq!(c.value_disagreements.len(), 1);
        assert_eq!(c.value_disagreements[0].line, 3);
        assert_eq!(c.placement_problems.len(), 1);
        let (theirs, mine) = c.summary.unwrap();
        assert_eq!(theirs, vec![(11, 1), (0, 4)]);
        assert_eq!(mine, vec![(0, 4)]);
        assert!(compare_k(1, &ours, "[[1, 2]]", "t.txt", None).is_err());
    }

    /// The ten classes of one wall on 8 × 8 as our rows (value 0, empty placements: the
    /// comparison takes our values as given).
    fn one_wall_classes() -> Vec<ClassRow> {
        let mut classes: Vec<Board> = (0..64)
            .map(|i| Board::with_walls(8, 8, &[(i / 8, i % 8)]).unwrap().canonical().0)
            .collect();
        classes.sort();
        classes.dedup();
        classes
            .iter()
            .map(|b| ClassRow {
                walls: b.walls(),
                value: 0,
                queens: Placement::new(vec![]),
                orbit: b.orbit_size(),
                optimal: None,
            })
            .collect()
    }

    /// A published CSV with one row per wall set given, value 0 and no queens.
    fn csv_of(rows: &[Vec<Coord>]) -> String {
        let mut csv = String::from("Walls,Value,Queens:\n");
        for walls in rows {
            csv.push_str(&format!("{},0,0\n", to_bits64(walls).unwrap()));
        }
        csv
    }

    #[test]
    fn a_table_of_one_row_per_class_must_name_each_class_once() {
        let ours = one_wall_classes();
        assert_eq!(ours.len(), 10);
        let mut rows: Vec<Vec<Coord>> = ours.iter().map(|r| r.walls.clone()).collect();
        let whole = compare_k(1, &ours, &csv_of(&rows), "t.csv", None).unwrap();
        assert_eq!((whole.layout, whole.classes_covered), (ONE_PER_CLASS, 10));
        assert!(whole.agrees(), "{whole:?}");
        // Line 11 (the last class) replaced by a copy of line 10: as many rows as classes, one
        // class missing, one named twice.
        rows[9] = rows[8].clone();
        let c = compare_k(1, &ours, &csv_of(&rows), "t.csv", None).unwrap();
        assert!(c.value_disagreements.is_empty() && c.placement_problems.is_empty());
        assert_eq!(
            (c.layout, c.classes_covered, c.duplicate_rows),
            (ONE_PER_CLASS, 9, 1)
        );
        assert!(!c.agrees());
        let lines: Vec<usize> = c.coverage_problems.iter().map(|f| f.line).collect();
        assert_eq!(lines, vec![11, 0], "{c:?}");
        assert!(
            c.coverage_problems[1]
                .text
                .contains(&render_cell_list(&ours[9].walls))
        );
        // A row of two walls in its place covers none of our classes.
        rows[9] = vec![(0, 0), (0, 5)];
        let c = compare_k(1, &ours, &csv_of(&rows), "t.csv", None).unwrap();
        assert_eq!((c.classes_covered, c.value_disagreements.len()), (9, 1));
        assert_eq!(c.coverage_problems.len(), 1);
        assert!(!c.agrees());
    }

    #[test]
    fn other_tables_repeat_no_board_and_miss_no_class() {
        let ours = one_wall_classes();
        // Every board once: a table of one row per board, classes repeated by design.
        let mut rows: Vec<Vec<Coord>> = (0..64).map(|i| vec![(i / 8, i % 8)]).collect();
        let c = compare_k(1, &ours, &csv_of(&rows), "t.csv", None).unwrap();
        assert_eq!((c.layout, c.duplicate_rows), (ONE_PER_BOARD, 54));
        assert!(c.agrees(), "{c:?}");
        rows[63] = rows[0].clone();
        let c = compare_k(1, &ours, &csv_of(&rows), "t.csv", None).unwrap();
        assert_eq!(c.coverage_problems.len(), 1);
        assert_eq!(c.coverage_problems[0].line, 65);
        // The top-left quadrant: every class, some of them twice; one corner short misses one.
        let quadrant: Vec<Vec<Coord>> = (0..16).map(|i| vec![(i / 4, i % 4)]).collect();
        let c = compare_k(1, &ours, &csv_of(&quadrant), "t.csv", None).unwrap();
        assert_eq!((c.layout, c.classes_covered), ("some boards of each class", 10));
        assert!(c.agrees(), "{c:?}");
        let c = compare_k(1, &ours, &csv_of(&quadrant[1..]), "t.csv", None).unwrap();
        assert_eq!((c.classes_covered, c.coverage_problems.len()), (9, 1));
    }

    #[test]
    fn our_rows_read_back_are_checked() {
        let canonical = Board::with_walls(8, 8, &[(7, 7)]).unwrap().canonical().0.walls();
        let row = |walls: Vec<Coord>, value, queens: Vec<Coord>, orbit| ClassRow {
            walls,
            value,
            queens: Placement::new(queens),
            orbit,
            optimal: None,
        };
        // Off the board, not canonical, a wrong orbit, attacking queens, a value the placement
        // does not reach, the wrong number of walls.
        assert!(check_our_row(&row(vec![(99, 99)], 1, vec![(1, 1)], 4), 1).is_err());
        let other = [(0, 0), (0, 7), (7, 0), (7, 7)]
            .into_iter()
            .find(|c| vec![*c] != canonical)
            .unwrap();
        assert!(check_our_row(&row(vec![other], 1, vec![(1, 1)], 4), 1).is_err());
        assert!(check_our_row(&row(canonical.clone(), 1, vec![(1, 1)], 8), 1).is_err());
        assert!(check_our_row(&row(canonical.clone(), 2, vec![(1, 1), (1, 2)], 4), 1).is_err());
        assert!(check_our_row(&row(canonical.clone(), 2, vec![(1, 1)], 4), 1).is_err());
        // A legal placement short of the optimum, stated as the value.
        let optimum =
            crate::check::bnb_value(&Board::with_walls(8, 8, &canonical).unwrap(), crate::check::never)
                .unwrap();
        let mut short = optimum.1.queens().to_vec();
        short.pop();
        let e = check_our_row(&row(canonical.clone(), short.len(), short, 4), 1).unwrap_err();
        assert!(e.to_string().contains("the branch and bound's optimum"), "{e}");
        assert!(
            check_our_row(
                &row(canonical.clone(), optimum.0, optimum.1.queens().to_vec(), 4),
                1
            )
            .is_ok()
        );
        assert!(check_our_row(&row(canonical, 1, vec![(1, 1)], 4), 2).is_err());
    }
}
