//! A self-contained HTML page to play puzzles: no server, no network, no external scripts.
//! The template (`puzzle_page.html`, our own inline CSS and JavaScript) gets the title and the
//! puzzles as a JSON array. `#selftest=I` in the address makes the page click through puzzle
//! `I` itself and write the verdict to `body[data-selftest]` (used by the browser test).

const TEMPLATE: &str = include_str!("puzzle_page.html");

/// The page, with `puzzles_json` a JSON array of puzzles (`rows`, `cols`, `walls`, `value`,
/// `solution`, `orbit`, `near_solutions`).
pub fn puzzle_page(title: &str, puzzles_json: &str) -> String {
    let title = title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    // JSON inside <script>: "</" could close the element early.
    let data = puzzles_json.replace("</", "<\\/");
    TEMPLATE.replace("@@TITLE@@", &title).replace("@@DATA@@", &data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_is_self_contained() {
        let page = puzzle_page("a <b>", r#"[{"x":"</script>"}]"#);
        assert!(page.contains("a &lt;b&gt;"));
        assert!(!page.contains("@@"));
        assert!(page.contains(r#"[{"x":"<\/script>"}]"#));
        for external in ["src=", "href=", "http:", "https:", "@import"] {
            assert!(!page.contains(external), "external reference {external}");
        }
    }
}
