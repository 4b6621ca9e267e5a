//! Comparing a sweep with the published per-class files (`K-W_boards.csv`) and summaries
//! (`KW_summary.txt`). The published rows are claims: each is matched to our class by its
//! canonical walls, its value compared with ours, and its placement re-checked.

use crate::board::{Board, WallSymmetries, cell_bit};
use crate::check::check_placement;
use crate::io::{ClassRow, parse_published_csv};
use anyhow::Context;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// `(value, boards)` pairs.
pub type ValueCounts = Vec<(usize, u64)>;

/// One published row that disagrees with the sweep, or whose placement fails.
#[derive(Clone, Debug)]
pub struct Finding {
    pub line: usize,
    pub text: String,
}

/// The comparison of one wall count.
#[derive(Clone, Debug, Default)]
pub struct KComparison {
    pub walls: usize,
    pub published_rows: usize,
    pub our_classes: usize,
    pub classes_covered: usize,
    pub duplicate_rows: usize,
    pub value_disagreements: Vec<Finding>,
    pub placement_problems: Vec<Finding>,
    /// Per-board value counts of the published summary, and ours, when a summary exists.
    pub summary: Option<(ValueCounts, ValueCounts)>,
}

fn mask_of(walls: &[(usize, usize)], cols: usize) -> u64 {
    walls.iter().fold(0, |m, &(r, c)| m | cell_bit(r * cols + c))
}

/// `There are N boards with value V` / `with V queens in them` lines of a summary.
pub fn parse_summary_counts(text: &str) -> Vec<(usize, u64)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let is_count =
            words.len() > 6 && words[0] == "There" && (words[3] == "boards" || words[3] == "board");
        if !is_count {
            continue;
        }
        let n = words[2].parse::<u64>().ok();
        let v = match words.iter().position(|&w| w == "value") {
            Some(i) => words
                .get(i + 1)
                .and_then(|w| w.trim_end_matches('.').parse::<usize>().ok()),
            None => words.get(5).and_then(|w| w.parse::<usize>().ok()),
        };
        if let (Some(n), Some(v)) = (n, v) {
            out.push((v, n));
        }
    }
    out
}

/// Compares our rows of `k` walls on 8 × 8 with a published CSV (and summary, if given).
pub fn compare_k(
    k: usize,
    ours: &[ClassRow],
    csv_text: &str,
    csv_name: &str,
    summary_text: Option<&str>,
) -> anyhow::Result<KComparison> {
    let ws = WallSymmetries::new(8, 8)?;
    let by_class: HashMap<u64, &ClassRow> = ours.iter().map(|r| (mask_of(&r.walls, 8), r)).collect();
    let published = parse_published_csv(csv_text, csv_name, 8, 8)?;
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut cmp = KComparison {
        walls: k,
        published_rows: published.len(),
        our_classes: ours.len(),
        ..KComparison::default()
    };
    for p in &published {
        let class = ws.least_image(mask_of(&p.walls, 8));
        *seen.entry(class).or_default() += 1;
        let board = Board::with_walls(8, 8, &p.walls).with_context(|| format!("{csv_name}:{}", p.line))?;
        let walls_text = crate::board::render_cell_list(&p.walls);
        match check_placement(&board, &p.queens) {
            Err(v) => cmp.placement_problems.push(Finding {
                line: p.line,
                text: format!("walls {walls_text}: the published placement is illegal ({v})"),
            }),
            Ok(()) if p.queens.len() != p.value => cmp.placement_problems.push(Finding {
                line: p.line,
                text: format!(
                    "walls {walls_text}: claimed value {} but the published placement has {} queens",
                    p.value,
                    p.queens.len()
                ),
            }),
            Ok(()) => {}
        }
        match by_class.get(&class) {
            None => cmp.value_disagreements.push(Finding {
                line: p.line,
                text: format!("walls {walls_text}: not a {k}-wall board of our sweep"),
            }),
            Some(r) if r.value != p.value => cmp.value_disagreements.push(Finding {
                line: p.line,
                text: format!(
                    "walls {walls_text} (class {}, {} boards): published value {}, proved value {} \
                     (our placement {})",
                    crate::board::render_cell_list(&r.walls),
                    r.orbit,
                    p.value,
                    r.value,
                    crate::board::render_cell_list(r.queens.queens())
                ),
            }),
            Some(_) => {}
        }
    }
    cmp.classes_covered = seen.len();
    cmp.duplicate_rows = seen.values().map(|&n| n - 1).sum();
    if let Some(text) = summary_text {
        let theirs = parse_summary_counts(text);
        let mut mine: Vec<(usize, u64)> = Vec::new();
        for s in super::summarise(k, ours).values {
            mine.push((s.value, s.boards));
        }
        cmp.summary = Some((theirs, mine));
    }
    Ok(cmp)
}

/// The comparison as markdown.
pub fn render_comparison(sweep_dir: &Path, published_dir: &Path, items: &[KComparison]) -> String {
    let mut s = String::from("# The sweep against the published 8x8 tables\n\n");
    let _ = writeln!(
        s,
        "Our rows: `{}`; published rows: `{}` (claims). A published row is matched to our class by \
         its canonical walls; its value is compared with our proved value and its placement is \
         re-checked by the independent checker.\n",
        sweep_dir.display(),
        published_dir.display()
    );
    s.push_str("| walls | published rows | classes they cover | our classes | duplicate rows | value disagreements | placement problems |\n|---:|---:|---:|---:|---:|---:|---:|\n");
    for c in items {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} |",
            c.walls,
            c.published_rows,
            c.classes_covered,
            c.our_classes,
            c.duplicate_rows,
            c.value_disagreements.len(),
            c.placement_problems.len()
        );
    }
    for c in items {
        let _ = writeln!(s, "\n## {} walls\n", c.walls);
        if c.value_disagreements.is_empty() && c.placement_problems.is_empty() {
            s.push_str("Every published row agrees with the sweep and its placement is legal.\n");
        }
        for (title, list) in [
            ("Value disagreements", &c.value_disagreements),
            ("Placement problems", &c.placement_problems),
        ] {
            if list.is_empty() {
                continue;
            }
            let _ = writeln!(s, "{title} ({}):\n", list.len());
            for f in list.iter().take(20) {
                let _ = writeln!(s, "- line {}: {}", f.line, f.text);
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

/// Compares every wall count for which `sweep` holds `8x8-Kw.jsonl` and `published` holds
/// `K-W_boards.csv` (and, if there, `KW_summary.txt`); an error when there is none.
pub fn compare_dirs(sweep: &Path, published: &Path) -> anyhow::Result<Vec<KComparison>> {
    let read = |p: &Path| std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()));
    let mut items = Vec::new();
    for k in 0..=64 {
        let ours_path = sweep.join(format!("8x8-{k}w.jsonl"));
        let csv_path = published.join(format!("{k}-W_boards.csv"));
        if !ours_path.exists() || !csv_path.exists() {
            continue;
        }
        let ours: Vec<ClassRow> = read(&ours_path)?
            .lines()
            .enumerate()
            .map(|(i, l)| {
                serde_json::from_str(l).with_context(|| format!("{}:{}", ours_path.display(), i + 1))
            })
            .collect::<anyhow::Result<_>>()?;
        let summary_path = published.join(format!("{k}W_summary.txt"));
        let summary = if summary_path.exists() {
            Some(read(&summary_path)?)
        } else {
            None
        };
        items.push(compare_k(
            k,
            &ours,
            &read(&csv_path)?,
            &csv_path.display().to_string(),
            summary.as_deref(),
        )?);
    }
    anyhow::ensure!(
        !items.is_empty(),
        "no wall count has both {}/8x8-Kw.jsonl and {}/K-W_boards.csv",
        sweep.display(),
        published.display()
    );
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_lines_in_both_spellings() {
        let t = "There are 368 boards with 8 queens in them. (18.25%)\nThere is 1 board with value 11.\nThere are 2296 boards with value 8. (5.51%)\n";
        assert_eq!(parse_summary_counts(t), vec![(8, 368), (11, 1), (8, 2296)]);
    }
}
