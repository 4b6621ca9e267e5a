//! A hand-written SVG bar chart of value distributions: one panel per series, one horizontal
//! bar per value, its length the share of boards, labelled with counts.

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
                 <text x=\"{}\" y=\"{}\">{boards} boards ({:.2}%), {classes} classes</text>\n",
                LEFT - 8,
                y + 15,
                y + 3,
                ROW - 6,
                LEFT + len + 6,
                y + 15,
                100.0 * share
            ));
            y += ROW;
        }
        y += 4;
    }
    out.push_str("</svg>\n");
    out
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
}
