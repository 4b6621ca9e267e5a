//! `least-walls chart`: least walls against q, one line per board size, as a small SVG.

use super::{LeastWallsRun, by_size};
use crate::io::write_atomic;
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ChartArgs {
    /// Saved runs (JSON from `least-walls --output`), one line each.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// The SVG file to write (whole or not at all).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: PathBuf,
}

const COLOURS: [&str; 6] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"];

pub fn run(a: ChartArgs) -> anyhow::Result<i32> {
    let runs = LeastWallsRun::load_all(&a.runs)?;
    let series: Vec<(String, Vec<(usize, usize)>)> = by_size(&runs)
        .into_iter()
        .map(|((r, c), reports, _)| {
            let pts = reports
                .iter()
                .filter_map(|x| x.least_walls.map(|w| (x.queens, w)))
                .collect();
            (format!("{r}x{c}"), pts)
        })
        .collect();
    let all = series.iter().flat_map(|s| s.1.iter());
    let (qmin, qmax) = all
        .clone()
        .fold((usize::MAX, 0), |(a, b), &(q, _)| (a.min(q), b.max(q)));
    let wmax = all.fold(0, |m, &(_, w)| m.max(w)).max(1);
    if qmin > qmax {
        anyhow::bail!("the runs hold no minimum to draw");
    }
    let (w, h, left, right, top, bottom) = (640.0, 420.0, 60.0, 120.0, 30.0, 50.0);
    let x = |q: usize| left + (q - qmin) as f64 / (qmax - qmin).max(1) as f64 * (w - left - right);
    let y = |v: usize| h - bottom - v as f64 / wmax as f64 * (h - top - bottom);
    let mut s = String::new();
    writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    )?;
    writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#)?;
    writeln!(
        s,
        r#"<text x="{}" y="18" text-anchor="middle" font-size="14">Least walls for q queens</text>"#,
        w / 2.0
    )?;
    // Axes, ticks and grid.
    let (x0, y0) = (left, h - bottom);
    writeln!(
        s,
        r#"<line x1="{x0}" y1="{y0}" x2="{}" y2="{y0}" stroke="black"/>"#,
        w - right
    )?;
    writeln!(
        s,
        r#"<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{top}" stroke="black"/>"#
    )?;
    for q in qmin..=qmax {
        writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{q}</text>"#,
            x(q),
            y0 + 16.0
        )?;
    }
    let step = (wmax / 8).max(1);
    for v in (0..=wmax).step_by(step) {
        writeln!(
            s,
            r##"<line x1="{x0}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#ddd"/><text x="{2}" y="{3:.1}" text-anchor="end">{v}</text>"##,
            y(v),
            w - right,
            x0 - 6.0,
            y(v) + 4.0
        )?;
    }
    writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">queens q</text>"#,
        (left + w - right) / 2.0,
        h - 12.0
    )?;
    writeln!(
        s,
        r#"<text x="16" y="{0}" text-anchor="middle" transform="rotate(-90 16 {0})">least walls</text>"#,
        (top + h - bottom) / 2.0
    )?;
    for (i, (name, pts)) in series.iter().enumerate() {
        let c = COLOURS[i % COLOURS.len()];
        // One polyline per run of consecutive q, so a q not computed leaves a gap.
        for run in pts.chunk_by(|a, b| b.0 == a.0 + 1) {
            let path: Vec<String> = run
                .iter()
                .map(|&(q, v)| format!("{:.1},{:.1}", x(q), y(v)))
                .collect();
            writeln!(
                s,
                r#"<polyline fill="none" stroke="{c}" stroke-width="2" points="{}"/>"#,
                path.join(" ")
            )?;
        }
        for &(q, v) in pts {
            writeln!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="{c}"><title>{name}: {q} queens need {v} walls</title></circle>"#,
                x(q),
                y(v)
            )?;
        }
        let ly = top + 20.0 + 20.0 * i as f64;
        writeln!(
            s,
            r#"<line x1="{0}" y1="{ly}" x2="{1}" y2="{ly}" stroke="{c}" stroke-width="2"/><text x="{2}" y="{3}">{name}</text>"#,
            w - right + 15.0,
            w - right + 40.0,
            w - right + 46.0,
            ly + 4.0
        )?;
    }
    writeln!(s, "</svg>")?;
    write_atomic(&a.output, s.as_bytes())?;
    Ok(0)
}
