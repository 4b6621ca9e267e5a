//! Comparing what a command printed with what the document shows.
//!
//! Both sides are normalised first: a duration (`0.036 s`, `12 ms`), a memory size (`3.1 MB`),
//! the value of a JSON key ending in `seconds` and a date (`2026-11-22 06:49 UTC`) become
//! placeholders, since they differ from run to run. In the document's lines, `[..]` stands for
//! any text within a line and a line `...` (or `…`) for any number of lines.

/// Whether `l` is a line that stands for any number of lines.
pub fn is_ellipsis(l: &str) -> bool {
    matches!(l.trim(), "..." | "…")
}

const UNITS: [&str; 10] = ["ms", "µs", "us", "s", "MiB", "MB", "KB", "kB", "GiB", "GB"];

/// The end of the number starting at `i` (digits, a fraction, an exponent).
fn number_end(c: &[char], mut i: usize) -> usize {
    let digits = |c: &[char], mut i: usize| {
        while i < c.len() && c[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    i = digits(c, i);
    if i + 1 < c.len() && c[i] == '.' && c[i + 1].is_ascii_digit() {
        i = digits(c, i + 1);
    }
    if i + 1 < c.len() && (c[i] == 'e' || c[i] == 'E') {
        let j = if c[i + 1] == '-' || c[i + 1] == '+' {
            i + 2
        } else {
            i + 1
        };
        if j < c.len() && c[j].is_ascii_digit() {
            i = digits(c, j);
        }
    }
    i
}

/// The end of a date starting at `i` (`YYYY-MM-DD`, then ` HH:MM[:SS]` or `THH:MM[:SS]`, then
/// ` UTC` or `Z`), if there is one.
fn date_end(c: &[char], i: usize) -> Option<usize> {
    let shape = |at: usize, pat: &str| {
        pat.chars().enumerate().all(|(k, p)| {
            c.get(at + k)
                .is_some_and(|&ch| if p == '9' { ch.is_ascii_digit() } else { ch == p })
        })
    };
    if !shape(i, "9999-99-99") {
        return None;
    }
    let mut j = i + 10;
    if (shape(j, " 99:99") || shape(j, "T99:99")) && !c.get(j + 6).is_some_and(|ch| ch.is_ascii_digit()) {
        j += 6;
        if shape(j, ":99") {
            j += 3;
        }
    }
    if shape(j, " UTC") {
        j += 4;
    } else if shape(j, "Z") {
        j += 1;
    }
    Some(j)
}

/// `line` with its run-dependent figures replaced by placeholders.
pub fn normalize(line: &str) -> String {
    let c: Vec<char> = line.trim_end().chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        let starts_number =
            c[i].is_ascii_digit() && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '.'));
        if !starts_number {
            out.push(c[i]);
            i += 1;
            continue;
        }
        if let Some(j) = date_end(&c, i) {
            out.push_str("<date>");
            i = j;
            continue;
        }
        let j = number_end(&c, i);
        if out.ends_with("seconds\":") || out.ends_with("seconds\": ") {
            out.push_str("<seconds>");
            i = j;
            continue;
        }
        let k = if c.get(j) == Some(&' ') { j + 1 } else { j };
        let unit = UNITS.iter().find(|u| {
            let u: Vec<char> = u.chars().collect();
            c.len() >= k + u.len()
                && c[k..k + u.len()] == u[..]
                && !c.get(k + u.len()).is_some_and(|ch| ch.is_alphanumeric())
        });
        match unit {
            Some(u) => {
                out.push_str(&format!("<{}>", if u.ends_with('s') { "time" } else { "size" }));
                i = k + u.chars().count();
            }
            None => {
                out.extend(&c[i..j]);
                i = j;
            }
        }
    }
    out
}

/// Whether `actual` is one of the lines the document's `expected` stands for.
pub fn line_matches(expected: &str, actual: &str) -> bool {
    let (e, a) = (normalize(expected), normalize(actual));
    let parts: Vec<&str> = e.split("[..]").collect();
    if parts.len() == 1 {
        return e == a;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !a.starts_with(first) || a.len() < first.len() + last.len() || !a.ends_with(last) {
        return false;
    }
    let mut rest = &a[first.len()..a.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(at) => rest = &rest[at + p.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the output `actual` matches the document's `expected` lines.
pub fn matches(expected: &[String], actual: &[String]) -> bool {
    // ok[e][a]: expected[e..] matches actual[a..].
    let (ne, na) = (expected.len(), actual.len());
    let mut ok = vec![vec![false; na + 1]; ne + 1];
    ok[ne][na] = true;
    for e in (0..ne).rev() {
        for a in (0..=na).rev() {
            ok[e][a] = if is_ellipsis(&expected[e]) {
                ok[e + 1][a] || (a < na && ok[e][a + 1])
            } else {
                a < na && line_matches(&expected[e], &actual[a]) && ok[e + 1][a + 1]
            };
        }
    }
    ok[0][0]
}

/// The document's lines rewritten to show `actual`, keeping the shape of `expected`: at most one
/// `...` line (the lines before it become the head of the output, those after it its tail), and
/// every old line that still matches the new one in its place (so `[..]` survives). `None` when
/// `expected` has more than one `...`.
pub fn blessed(expected: &[String], actual: &[String]) -> Option<Vec<String>> {
    let dots: Vec<usize> = (0..expected.len())
        .filter(|&i| is_ellipsis(&expected[i]))
        .collect();
    let keep = |old: Option<&String>, new: &String| match old {
        Some(o) if line_matches(o, new) => o.clone(),
        _ => new.clone(),
    };
    match dots[..] {
        [] => Some(
            actual
                .iter()
                .enumerate()
                .map(|(i, a)| keep(expected.get(i), a))
                .collect(),
        ),
        [d] => {
            let (head, tail) = (d, expected.len() - d - 1);
            if head + tail >= actual.len() {
                return Some(
                    actual
                        .iter()
                        .enumerate()
                        .map(|(i, a)| keep(expected.get(i), a))
                        .collect(),
                );
            }
            let mut out: Vec<String> = (0..head).map(|i| keep(expected.get(i), &actual[i])).collect();
            out.push(expected[d].clone());
            let from = actual.len() - tail;
            out.extend((0..tail).map(|i| keep(expected.get(d + 1 + i), &actual[from + i])));
            Some(out)
        }
        _ => None,
    }
}

/// The rules above on examples; the harness runs this first (a `harness = false` target runs no
/// `#[test]` functions).
pub fn self_check() {
    fn v(s: &[&str]) -> Vec<String> {
        s.iter().map(|l| l.to_string()).collect()
    }
    {
        assert_eq!(normalize("solver varisat, 0.036 s"), "solver varisat, <time>");
        assert_eq!(normalize("(0.1 s) 12ms 3.1 MB"), "(<time>) <time> <size>");
        assert_eq!(
            normalize("23 solver calls, 8x8, 12 selected"),
            "23 solver calls, 8x8, 12 selected"
        );
        assert_eq!(
            normalize(r#"{"seconds":1.32e-7,"cpu_seconds": 2}"#),
            r#"{"seconds":<seconds>,"cpu_seconds": <seconds>}"#
        );
        assert_eq!(
            normalize("on 2026-11-22 06:49 UTC; 2026-11-22T06:49Z"),
            "on <date>; <date>"
        );
        assert_eq!(normalize("value 40.941"), "value 40.941");
    }
    {
        assert!(line_matches(
            "host: [..], linux",
            "host: AMD EPYC, 2 cores, linux"
        ));
        assert!(!line_matches("host: [..], linux", "host: AMD EPYC, 2 cores, bsd"));
        assert!(line_matches("a [..] c [..] e", "a b c d e"));
        assert!(matches(&v(&["a", "...", "z"]), &v(&["a", "b", "c", "z"])));
        assert!(matches(&v(&["a", "...", "z"]), &v(&["a", "z"])));
        assert!(!matches(&v(&["a", "z"]), &v(&["a", "b", "z"])));
        assert!(matches(&v(&["...", "z"]), &v(&["a", "z"])));
    }
    {
        let e = v(&["head", "...", "t1", "t2 [..]"]);
        let a = v(&["HEAD", "x", "y", "t1", "t2 new"]);
        assert_eq!(blessed(&e, &a).unwrap(), v(&["HEAD", "...", "t1", "t2 [..]"]));
        assert_eq!(
            blessed(&v(&["a 0.1 s"]), &v(&["a 0.2 s", "b"])).unwrap(),
            v(&["a 0.1 s", "b"])
        );
        assert!(blessed(&v(&["...", "x", "..."]), &v(&["x"])).is_none());
    }
}
