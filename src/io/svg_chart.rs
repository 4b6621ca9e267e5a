//! Hand-written SVG charts: value distributions (one panel per series, one horizontal bar per
//! value, its length the share of boards, labelled with counts), and lines of whole numbers.

use super::words::plural;

/// One panel: a title and `(value, boards, classes)` bars.
pub struct Series {
    pub title: String,
    pub bars: Vec<(usize, u64, u64)>,
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The chart as an SVG document.
pub fn render_distribution_svg(title: &str, series: &[Series]) -> String {
    const W: usize = 720;
    const LEFT: usize = 90;
    const BAR_W: usize = 380;
    const ROW: usize = 22;
    let height: usize = 40 + series.iter().map(|s| 34 + ROW * s.bars.len()).sum::<usize>() + 10;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{height}\" \
         viewBox=\"0 0 {W} {height}\" font-family=\"sans-serif\" font-size=\"13\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"10\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{}</text>\n",
        escape(title)
    );
    let mut y = 40;
    for s in series {
        out.push_str(&format!(
            "<text x=\"10\" y=\"{}\" font-weight=\"bold\">{}</text>\n",
            y + 18,
            escape(&s.title)
        ));
        y += 30;
        let total: u64 = s.bars.iter().map(|b| b.1).sum::<u64>().max(1);
        for &(value, boards, classes) in &s.bars {
            let share = boards as f64 / total as f64;
            let len = ((share * BAR_W as f64).round() as usize).max(1);
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">value {value}</text>\n\
                 <rect x=\"{LEFT}\" y=\"{}\" width=\"{len}\" height=\"{}\" fill=\"#4a78b5\"/>\n\
                 <text x=\"{}\" y=\"{}\">{} ({:.2}%), {}</text>\n",
                LEFT - 8,
                y + 15,
                y + 3,
                ROW - 6,
                LEFT + len + 6,
                y + 15,
                plural(boards, "board", "boards"),
                100.0 * share,
                plural(classes, "class", "classes")
            ));
            y += ROW;
        }
        y += 4;
    }
    out.push_str("</svg>\n");
    out
}

/// The first colours of every palette: ten hues far apart (the first six are the ones the
/// charts always had, so the first six series keep their colours).
const COLOURS: [&str; 10] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22",
];

/// `n` colours, no two alike: the ten of `COLOURS`, then hues evenly spaced around the circle
/// (a tenth of a degree apart at least for up to 3600 more), so no chart reuses a colour.
pub fn palette(n: usize) -> Vec<String> {
    let extra = n.saturating_sub(COLOURS.len());
    COLOURS
        .iter()
        .take(n)
        .map(|c| c.to_string())
        .chain((0..extra).map(|i| format!("hsl({:.1}, 70%, 40%)", 15.0 + 360.0 * i as f64 / extra as f64)))
        .collect()
}

/// The width of `text` at `font_size` in a sans-serif font, estimated generously (0.6 em a
/// character; digits are 0.56 em in the common faces), so boxes laid out by it never touch.
pub fn text_width(text: &str, font_size: f64) -> f64 {
    0.6 * font_size * text.chars().count() as f64
}

/// The least step among 1, 2, 5, 10, 20, 50, ... whose labels, `spacing` apart per unit, leave
/// `room` units of space for each label: every `step`-th tick labelled, none colliding.
fn label_step(spacing: f64, room: f64) -> usize {
    let mut scale = 1usize;
    loop {
        for m in [1usize, 2, 5] {
            let step = m.saturating_mul(scale);
            if step as f64 * spacing >= room || step == usize::MAX {
                return step;
            }
        }
        scale = scale.saturating_mul(10);
    }
}

/// One line of a line chart: a name for the legend and `(x, y)` points, x ascending; a gap in
/// x breaks the line.
pub struct Line {
    pub name: String,
    pub points: Vec<(usize, usize)>,
}

/// The whole numbers of `lo..=hi` that get a tick label when one unit is `spacing` long and a
/// label needs `room`: the multiples of `label_step`, or `lo` alone when none falls in range.
fn labelled(lo: usize, hi: usize, spacing: f64, room: f64) -> Vec<usize> {
    let step = label_step(spacing, room);
    let ticks: Vec<usize> = (lo..=hi).filter(|v| v % step == 0).collect();
    if ticks.is_empty() { vec![lo] } else { ticks }
}

/// A line chart of whole numbers as an SVG document, one colour per line (never two alike),
/// each point titled by `point_title(name, x, y)`; `None` when no line has a point. Tick labels
/// are thinned so that no two collide, however many values the axes span.
pub fn render_line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    point_title: impl Fn(&str, usize, usize) -> String,
) -> Option<String> {
    use std::fmt::Write as _;
    const FONT: f64 = 12.0;
    let (title, x_label, y_label) = (escape(title), escape(x_label), escape(y_label));
    let all = lines.iter().flat_map(|l| l.points.iter());
    let (qmin, qmax) = all
        .clone()
        .fold((usize::MAX, 0), |(a, b), &(q, _)| (a.min(q), b.max(q)));
    let wmax = all.fold(0, |m, &(_, w)| m.max(w)).max(1);
    if qmin > qmax {
        return None;
    }
    // Margins wide enough for the y axis's widest label and the legend's longest name.
    let left = f64::max(60.0, 30.0 + text_width(&wmax.to_string(), FONT) + FONT);
    let names = lines.iter().map(|l| text_width(&l.name, FONT));
    let right = f64::max(120.0, 46.0 + names.fold(0.0, f64::max) + FONT);
    let (top, bottom) = (30.0, 50.0);
    let w = 520.0 + right;
    // Tall enough for the legend, one entry per line.
    let h = f64::max(420.0, top + 30.0 + 20.0 * lines.len() as f64 + bottom);
    let x_unit = (w - left - right) / (qmax - qmin).max(1) as f64;
    let y_unit = (h - top - bottom) / wmax as f64;
    let x = |q: usize| left + (q - qmin) as f64 * x_unit;
    let y = |v: usize| h - bottom - v as f64 * y_unit;
    let mut s = String::new();
    writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="{FONT}">"#
    ).ok()?;
    writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#).ok()?;
    writeln!(
        s,
        r#"<text x="{}" y="18" text-anchor="middle" font-size="14">{title}</text>"#,
        w / 2.0
    )
    .ok()?;
    // Axes, ticks and grid.
    let (x0, y0) = (left, h - bottom);
    writeln!(
        s,
        r#"<line x1="{x0}" y1="{y0}" x2="{}" y2="{y0}" stroke="black"/>"#,
        w - right
    )
    .ok()?;
    writeln!(
        s,
        r#"<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{top}" stroke="black"/>"#
    )
    .ok()?;
    // A label needs its own width and a gap of half a character each side.
    let widest = text_width(&qmax.to_string(), FONT) + FONT;
    for q in labelled(qmin, qmax, x_unit, widest) {
        writeln!(
            s,
            r#"<line x1="{0:.1}" y1="{y0}" x2="{0:.1}" y2="{1}" stroke="black"/><text x="{0:.1}" y="{2}" text-anchor="middle">{q}</text>"#,
            x(q),
            y0 + 4.0,
            // Low enough to clear the y axis's lowest label at the corner.
            y0 + 20.0
        )
        .ok()?;
    }
    // At most about eight grid lines, each label a line and a half of text apart at least.
    let y_room = f64::max(1.5 * FONT, y_unit * (wmax / 8) as f64);
    for v in labelled(0, wmax, y_unit, y_room) {
        writeln!(
            s,
            r##"<line x1="{x0}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#ddd"/><text x="{2}" y="{3:.1}" text-anchor="end">{v}</text>"##,
            y(v),
            w - right,
            x0 - 6.0,
            y(v) + 4.0
        ).ok()?;
    }
    writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">{x_label}</text>"#,
        (left + w - right) / 2.0,
        h - 12.0
    )
    .ok()?;
    writeln!(
        s,
        r#"<text x="16" y="{0}" text-anchor="middle" transform="rotate(-90 16 {0})">{y_label}</text>"#,
        (top + h - bottom) / 2.0
    )
    .ok()?;
    for ((i, line), c) in lines.iter().enumerate().zip(palette(lines.len())) {
        let (name, pts) = (line.name.as_str(), &line.points[..]);
        let label = escape(name);
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
            )
            .ok()?;
        }
        for &(q, v) in pts {
            writeln!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="{c}"><title>{}</title></circle>"#,
                x(q),
                y(v),
                escape(&point_title(name, q, v))
            )
            .ok()?;
        }
        let ly = top + 20.0 + 20.0 * i as f64;
        writeln!(
            s,
            r#"<line class="legend" x1="{0}" y1="{ly}" x2="{1}" y2="{ly}" stroke="{c}" stroke-width="2"/><text x="{2}" y="{3}">{label}</text>"#,
            w - right + 15.0,
            w - right + 40.0,
            w - right + 46.0,
            ly + 4.0
        ).ok()?;
    }
    writeln!(s, "</svg>").ok()?;
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bar_per_value() {
        let svg = render_distribution_svg(
            "8x8 <sweep>",
            &[Series {
                title: "2 walls".into(),
                bars: vec![(8, 368, 40), (9, 1610, 200), (10, 38, 5)],
            }],
        );
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("<rect x=").count(), 3);
        assert!(svg.contains("8x8 &lt;sweep&gt;"));
        assert!(svg.contains("1610 boards (79.86%)"));
    }

    #[test]
    fn labels_are_thinned_to_round_steps() {
        assert_eq!(label_step(15.3, 26.4), 2);
        assert_eq!(label_step(30.0, 20.0), 1);
        assert_eq!(label_step(0.01, 30.0), 5000);
        assert_eq!(labelled(6, 36, 15.3, 26.4)[..3], [6, 8, 10]);
        // No multiple of the step in range: the first value alone.
        assert_eq!(labelled(11, 14, 1.0, 30.0), [11]);
        assert_eq!(palette(3), ["#1f77b4", "#d62728", "#2ca02c"]);
    }

    #[test]
    fn a_gap_breaks_the_line() {
        let line = Line {
            name: "8x8".into(),
            points: vec![(9, 1), (10, 2), (12, 4)],
        };
        let svg = render_line_chart("t", "x", "y", &[line], |n, x, y| format!("{n} {x} {y}")).unwrap();
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("<title>8x8 12 4</title>"));
        assert!(render_line_chart("t", "x", "y", &[], |_, _, _| String::new()).is_none());
    }
}
