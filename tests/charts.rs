//! The charts read: every series in its own colour, tick labels that never collide, whatever
//! the number of series and ticks; and each renders in headless Chromium to a PNG of its size
//! that is not blank, each series' colour drawn (tests/browser/chart.sh).

use crate::common;
use common::chart::{defects, legend_colours, png_size, size};
use queensat::io::{Line, palette, render_line_chart};
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// `lines` lines over q = `lo..=hi`, each a different slope; at most about 200 points each
/// (the axes span `lo..=hi` all the same), so a wide span stays quick to draw.
fn chart(lines: usize, lo: usize, hi: usize) -> String {
    let step = ((hi - lo) / 200).max(1);
    let qs: Vec<usize> = (lo..hi).step_by(step).chain([hi]).collect();
    let lines: Vec<Line> = (0..lines)
        .map(|i| Line {
            name: format!("{n}x{n}", n = 6 + i),
            points: qs.iter().map(|&q| (q, (q - lo) * (i + 1))).collect(),
        })
        .collect();
    render_line_chart("t", "queens q", "least walls", &lines, |_, _, _| String::new()).unwrap()
}

#[test]
fn no_colour_repeats_in_a_palette() {
    for n in [0, 1, 7, 10, 11, 40, 500] {
        let mut p = palette(n);
        assert_eq!(p.len(), n);
        p.sort();
        p.dedup();
        assert_eq!(p.len(), n, "a colour repeats among {n}");
    }
}

#[test]
fn line_chart_labels_never_collide_at_any_span() {
    for lines in [1, 7, 12, 25] {
        for (lo, hi) in [
            (6, 6),
            (6, 7),
            (6, 36),
            (0, 99),
            (1, 1000),
            (95, 105),
            (9_990, 10_010),
            (0, 123_456),
        ] {
            let svg = chart(lines, lo, hi);
            let bad = defects(&svg, lines);
            assert!(bad.is_empty(), "{lines} lines over {lo}..{hi}: {bad:#?}");
        }
    }
}

/// The committed charts: the least-walls chart (seven sizes, seven colours) and the sweeps'
/// distributions (one colour, no legend).
#[test]
fn committed_rust_charts_read() {
    let lw = std::fs::read_to_string(repo("results/least-walls/least-walls.svg")).unwrap();
    assert_eq!(defects(&lw, 7), Vec::<String>::new());
    for shape in ["8x8", "9x9", "10x10", "8x8-5w", "8x8-6w"] {
        let svg = std::fs::read_to_string(repo(&format!("results/sweeps/{shape}/values.svg"))).unwrap();
        assert_eq!(defects(&svg, 0), Vec::<String>::new(), "{shape}");
    }
}

/// Renders the charts `(name, svg)` (written to `dir`) with tests/browser/chart.sh, in one
/// browser start, and checks each PNG and what the browser saw: its size, some ink, every
/// legend colour drawn, no text boxes overlapping.
fn render(charts: &[(String, String)], dir: &Path) {
    let shots = dir.join("png");
    let mut args = vec![shots.clone().into_os_string()];
    for (name, svg) in charts {
        let file = dir.join(format!("{name}.svg"));
        std::fs::write(&file, svg).unwrap();
        args.push(file.into_os_string());
    }
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let out = common::programs::browser_script("chart.sh", &args);
    for (name, svg) in charts {
        let line = out
            .lines()
            .find_map(|l| l.strip_prefix(&format!("chart: {name}: ")))
            .unwrap_or_else(|| panic!("{name}: no verdict in {out}"));
        looks_right(
            name,
            svg,
            line,
            &std::fs::read(shots.join(format!("{name}.png"))).unwrap(),
        );
    }
}

/// One chart's PNG and verdict line (after "chart: NAME: ").
fn looks_right(name: &str, svg: &str, line: &str, png: &[u8]) {
    let (w, h) = size(svg);
    assert_eq!(png_size(png), (w, h), "{name}: the PNG's size");
    let verdict = line
        .strip_prefix(&format!("{w}x{h} ink "))
        .unwrap_or_else(|| panic!("{name}: {line}"));
    let ink: f64 = verdict.split('%').next().unwrap().parse().unwrap();
    assert!(ink > 1.0, "{name}: blank ({ink}% ink)");
    assert!(verdict.ends_with(" overlaps 0"), "{name}: {verdict}");
    let colours = verdict
        .split(" colours ")
        .nth(1)
        .unwrap()
        .split(" overlaps")
        .next()
        .unwrap();
    let drawn: Vec<&str> = colours.split(',').filter(|c| !c.is_empty()).collect();
    assert_eq!(drawn.len(), legend_colours(svg).len(), "{name}: {verdict}");
    for c in drawn {
        let (rgb, pixels) = c.split_once('=').unwrap();
        assert!(
            pixels.parse::<u64>().unwrap() > 20,
            "{name}: colour {rgb} barely drawn: {verdict}"
        );
    }
}

#[test]
fn charts_render_in_a_headless_browser() {
    if !common::programs::needs("chromium", "puzzles.sh") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let read = |path: &str| std::fs::read_to_string(repo(path)).unwrap();
    let mut charts = vec![
        (
            "least-walls".to_string(),
            read("results/least-walls/least-walls.svg"),
        ),
        ("twelve-lines".to_string(), chart(12, 1, 150)),
        ("values".to_string(), read("results/sweeps/8x8/values.svg")),
    ];
    if common::programs::needs("python3", "python-peers.sh") {
        let main = committed_bench_large()
            .into_iter()
            .find(|r| r.0 == "large")
            .unwrap()
            .1;
        for (name, saved) in [("large", main), ("crowded", crowded_bench_large())] {
            for (name, svg, _) in bench_large_plots(&saved, &dir.path().join(name)) {
                charts.push((name, svg));
            }
        }
    }
    render(&charts, dir.path());
}

/// Draws bench/large.py's plots from `saved` (a `large.json`) into `to`
/// (`python bench/large.py render`): the seconds per board, its boards named, and the cactus
/// plot; their names, their SVG and the number of solvers.
fn bench_large_plots(saved: &str, to: &Path) -> Vec<(String, String, usize)> {
    std::fs::create_dir_all(to).unwrap();
    std::fs::write(to.join("large.json"), saved).unwrap();
    let o = Command::new("python3")
        .arg(repo("bench/large.py"))
        .args(["render", "--out"])
        .arg(to)
        .output()
        .unwrap();
    let name = to.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        o.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(saved).unwrap();
    let rows = json["rows"].as_array().unwrap();
    let solvers = rows[0]["runs"].as_object().unwrap().len();
    let plot = std::fs::read_to_string(to.join("large.svg")).unwrap();
    for r in rows {
        let board = r["board"].as_str().unwrap();
        let (shape, _) = board.split_once(' ').unwrap();
        assert!(
            plot.contains(&format!(">{shape} ")),
            "{name}: {board} not named on the x axis"
        );
    }
    ["large", "cactus"]
        .iter()
        .map(|file| {
            let svg = std::fs::read_to_string(to.join(format!("{file}.svg"))).unwrap();
            (format!("{name}-{file}"), svg, solvers)
        })
        .collect()
}

/// The committed runs' `large.json`, by folder name.
fn committed_bench_large() -> Vec<(String, String)> {
    let mut runs: Vec<(String, String)> = std::fs::read_dir(repo("results/bench"))
        .unwrap()
        .filter_map(|d| {
            let dir = d.unwrap().path();
            let saved = std::fs::read_to_string(dir.join("large.json")).ok()?;
            Some((dir.file_name()?.to_string_lossy().into_owned(), saved))
        })
        .collect();
    runs.sort();
    assert!(
        runs.iter().any(|r| r.0 == "large"),
        "no committed bench-large run"
    );
    runs
}

/// The main run's boards three times over (72 boards, ids made distinct) with two solvers more
/// (nine): more ticks and colours than any committed run.
fn crowded_bench_large() -> String {
    let main = committed_bench_large()
        .into_iter()
        .find(|r| r.0 == "large")
        .unwrap()
        .1;
    let mut json: serde_json::Value = serde_json::from_str(&main).unwrap();
    let rows = json["rows"].as_array().unwrap().clone();
    let mut more = Vec::new();
    for copy in 0..3 {
        for r in &rows {
            let mut r = r.clone();
            r["board"] = format!("{} copy {copy}", r["board"].as_str().unwrap()).into();
            let runs = r["runs"].as_object_mut().unwrap();
            let some = runs["scip"].clone();
            runs.insert("scip-again".into(), some.clone());
            runs.insert("scip-once-more".into(), some);
            more.push(r);
        }
    }
    json["rows"] = more.into();
    json.to_string()
}

#[test]
fn bench_large_plots_read() {
    if !common::programs::needs("python3", "python-peers.sh") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut runs = committed_bench_large();
    runs.push(("crowded".into(), crowded_bench_large()));
    for (name, saved) in runs {
        for (name, svg, solvers) in bench_large_plots(&saved, &dir.path().join(name)) {
            assert_eq!(defects(&svg, solvers), Vec::<String>::new(), "{name}");
        }
    }
}
