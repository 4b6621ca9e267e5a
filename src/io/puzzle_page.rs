//! A self-contained HTML page to play puzzles: no server, no network, no external scripts.
//! The template (`puzzle_page.html`, our own inline CSS and JavaScript) gets the title and the
//! puzzles as a JSON array. `#selftest=I` in the address makes the page click through puzzle
//! `I` itself and write the verdict to `body[data-selftest]` (used by the browser test).

const TEMPLATE: &str = include_str!("puzzle_page.html");

/// The page, with `puzzles_json` a JSON array of puzzles (`rows`, `cols`, `walls`, `value`,
/// `solution`, `orbit`, `near_solutions`; for the proof summary, when present, `stabiliser`,
/// `strictly_minimal`, `proof_seconds`) and `method` the run's engine as its report names it
/// (`tree`, `reuse`), which the proof summary words its proofs by.
pub fn puzzle_page(title: &str, method: &str, puzzles_json: &str) -> String {
    let title = title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    // JSON inside <script>: "</" could close the element early.
    let data = puzzles_json.replace("</", "<\\/");
    let method = serde_json::Value::from(method).to_string().replace("</", "<\\/");
    TEMPLATE
        .replace("@@TITLE@@", &title)
        .replace("@@METHOD@@", &method)
        .replace("@@DATA@@", &data)
}

/// The fields of a puzzle that the page reads.
const PAGE_FIELDS: [&str; 10] = [
    "rows",
    "cols",
    "walls",
    "value",
    "solution",
    "orbit",
    "near_solutions",
    "stabiliser",
    "strictly_minimal",
    "proof_seconds",
];

/// The page for a `queensat puzzles --out` document (`puzzles.json`), byte for byte the page
/// `queensat puzzles --html` wrote in the run that made it (tests/puzzles.rs holds them equal):
/// a build product of the committed puzzle data, so the page itself need not be committed.
pub fn puzzle_page_from_report(puzzles_json: &str) -> anyhow::Result<String> {
    let doc: serde_json::Value = serde_json::from_str(puzzles_json)?;
    let report = &doc["report"];
    let size = |key: &str| {
        report[key]
            .as_u64()
            .ok_or_else(|| anyhow::anyhow!("report.{key}: missing or not a whole number"))
    };
    let (rows, cols, kmin, kmax) = (
        size("rows")?,
        size("cols")?,
        size("walls_min")?,
        size("walls_max")?,
    );
    let method = report["engine"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("report.engine: missing or not a string"))?;
    let puzzles = report["puzzles"]
        .as_array()
        .ok_or_else(|| anyhow::anyhow!("report.puzzles: missing or not a list"))?;
    let mut data = Vec::with_capacity(puzzles.len());
    for (i, p) in puzzles.iter().enumerate() {
        let mut fields = serde_json::Map::new();
        for key in PAGE_FIELDS {
            let v = p
                .get(key)
                .ok_or_else(|| anyhow::anyhow!("report.puzzles[{i}]: no field {key:?}"))?;
            fields.insert(key.to_string(), v.clone());
        }
        data.push(serde_json::Value::Object(fields));
    }
    let walls = if kmin == kmax {
        kmin.to_string()
    } else {
        format!("{kmin}-{kmax}")
    };
    let title = format!("queensat puzzles: {rows}x{cols}, {walls} walls");
    Ok(puzzle_page(&title, method, &serde_json::to_string(&data)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_from_a_report_keeps_the_page_fields_only() {
        let doc = r#"{"command":"x","report":{"rows":8,"cols":8,"walls_min":2,"walls_max":2,"engine":"tree",
            "puzzles":[{"bits":3,"rows":8,"cols":8,"walls":[[0,0],[0,1]],"value":9,
            "solution":[[1,1]],"orbit":8,"near_solutions":2,"proof_seconds":0.1,"stabiliser":1,
            "strictly_minimal":true}]}}"#;
        let page = puzzle_page_from_report(doc).unwrap();
        assert!(page.contains("queensat puzzles: 8x8, 2 walls"));
        assert!(page.contains(r#""near_solutions":2"#));
        assert!(page.contains(r#""proof_seconds":0.1"#));
        assert!(!page.contains("bits"));
        assert!(page.contains(r#"const METHOD = "tree";"#));
        let err = puzzle_page_from_report(r#"{"report":{"rows":8}}"#).unwrap_err();
        assert!(err.to_string().contains("report.cols"), "{err}");
    }

    #[test]
    fn page_is_self_contained() {
        let page = puzzle_page("a <b>", "</script>", r#"[{"x":"</script>"}]"#);
        assert!(page.contains("a &lt;b&gt;"));
        assert!(!page.contains("@@"));
        assert!(page.contains(r#"[{"x":"<\/script>"}]"#));
        assert!(page.contains(r#"const METHOD = "<\/script>";"#));
        for external in ["src=", "href=", "http:", "https:", "@import"] {
            assert!(!page.contains(external), "external reference {external}");
        }
    }
}
