//! What a chart must be, read from its SVG text: every text inside the picture and clear of
//! every other (boxes estimated from font size and length, with a gap), and one colour per
//! series, none repeated (the elements of class "legend").

use queensat::io::text_width;

/// The value of attribute `name` in the start tag `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    tag[at..].split('"').next()
}

fn num(tag: &str, name: &str) -> Option<f64> {
    attr(tag, name).and_then(|v| v.trim_end_matches("px").parse().ok())
}

/// The start tags of element `name`, each with the text up to its end tag (tags removed,
/// entities decoded).
fn elements<'a>(svg: &'a str, name: &str) -> Vec<(&'a str, String)> {
    let open = format!("<{name}");
    let close = format!("</{name}>");
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find(&open) {
        rest = &rest[at..];
        let Some(end) = rest.find('>') else { break };
        let tag = &rest[..end];
        let body = if tag.ends_with('/') {
            ""
        } else {
            rest[end + 1..]
                .find(&close)
                .map_or("", |e| &rest[end + 1..end + 1 + e])
        };
        let mut text = String::new();
        let mut in_tag = false;
        for ch in body.chars() {
            match ch {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        let text = text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&");
        out.push((tag, text));
        rest = &rest[end..];
    }
    out
}

/// A box: left, top, right, bottom.
type Box = (f64, f64, f64, f64);

/// The box a text takes, estimated: `text_width` wide plus a quarter of the font size each
/// side (words need a gap to read apart), from 0.8 em above its baseline to 0.2 em below;
/// turned with its `rotate(a cx cy)` transform, as the box around the turned corners.
fn text_box(tag: &str, text: &str, font: f64) -> Box {
    let (x, y) = (num(tag, "x").unwrap_or(0.0), num(tag, "y").unwrap_or(0.0));
    let fs = num(tag, "font-size").unwrap_or(font);
    let w = text_width(text, fs) + 0.5 * fs;
    let left = match attr(tag, "text-anchor") {
        Some("middle") => x - w / 2.0,
        Some("end") => x - w + 0.25 * fs,
        _ => x - 0.25 * fs,
    };
    let corners = [
        (left, y - 0.8 * fs),
        (left + w, y - 0.8 * fs),
        (left, y + 0.2 * fs),
        (left + w, y + 0.2 * fs),
    ];
    let turned: Vec<(f64, f64)> = match attr(tag, "transform").and_then(|t| t.strip_prefix("rotate(")) {
        Some(args) => {
            let v: Vec<f64> = args
                .trim_end_matches(')')
                .split([' ', ','])
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().expect("a number in rotate()"))
                .collect();
            let (a, cx, cy) = (
                v[0].to_radians(),
                *v.get(1).unwrap_or(&0.0),
                *v.get(2).unwrap_or(&0.0),
            );
            corners
                .iter()
                .map(|&(px, py)| {
                    let (dx, dy) = (px - cx, py - cy);
                    (cx + dx * a.cos() - dy * a.sin(), cy + dx * a.sin() + dy * a.cos())
                })
                .collect()
        }
        None => corners.to_vec(),
    };
    let f = |g: fn(f64, f64) -> f64, pick: fn(&(f64, f64)) -> f64| turned.iter().map(pick).reduce(g).unwrap();
    (
        f(f64::min, |p| p.0),
        f(f64::min, |p| p.1),
        f(f64::max, |p| p.0),
        f(f64::max, |p| p.1),
    )
}

/// What is wrong with the chart's layout and colours, one line per defect; empty when it
/// reads: every text box inside the picture and clear of every other, and `series` legend
/// entries in as many colours.
pub fn defects(svg: &str, series: usize) -> Vec<String> {
    let root = elements(svg, "svg")
        .first()
        .map(|e| e.0)
        .expect("an <svg> element");
    let (w, h) = (num(root, "width").unwrap(), num(root, "height").unwrap());
    let font = num(root, "font-size").unwrap_or(16.0);
    let texts: Vec<(String, Box)> = elements(svg, "text")
        .into_iter()
        .map(|(tag, text)| {
            let b = text_box(tag, &text, font);
            (text, b)
        })
        .collect();
    let mut out = Vec::new();
    for (t, b) in &texts {
        if b.0 < 0.0 || b.1 < 0.0 || b.2 > w || b.3 > h {
            out.push(format!("{t:?} at {b:?} leaves the {w}x{h} picture"));
        }
    }
    for (i, (a, p)) in texts.iter().enumerate() {
        for (b, q) in &texts[i + 1..] {
            if p.0 < q.2 && q.0 < p.2 && p.1 < q.3 && q.1 < p.3 {
                out.push(format!("{a:?} at {p:?} and {b:?} at {q:?} collide"));
            }
        }
    }
    let colours = legend_colours(svg);
    if colours.len() != series {
        out.push(format!("{} legend entries for {series} series", colours.len()));
    }
    let mut distinct = colours.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != colours.len() {
        out.push(format!("a colour repeats: {colours:?}"));
    }
    out
}

/// The colour of each legend entry (its stroke, or its fill), in order.
pub fn legend_colours(svg: &str) -> Vec<String> {
    ["line", "circle", "rect", "path"]
        .iter()
        .flat_map(|name| elements(svg, name))
        .filter(|(tag, _)| attr(tag, "class") == Some("legend"))
        .map(|(tag, _)| {
            attr(tag, "stroke")
                .filter(|s| *s != "none")
                .or(attr(tag, "fill"))
                .expect("a legend entry has a colour")
                .to_lowercase()
        })
        .collect()
}

/// The chart's width and height, from its root element.
pub fn size(svg: &str) -> (u32, u32) {
    let root = elements(svg, "svg")
        .first()
        .map(|e| e.0)
        .expect("an <svg> element");
    let n = |k| num(root, k).expect("a size on <svg>") as u32;
    (n("width"), n("height"))
}

/// A PNG file's width and height, from its header.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 24,
        "not a PNG file"
    );
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}
