//! Builds the page to play puzzles from a `queensat puzzles --out` result (`puzzles.json`),
//! without running the search again: `make puzzle-page` makes results/puzzles/*.html this way
//! from the committed puzzle data (the pages themselves are build products, not committed).
//!
//! Usage: cargo run --release --example puzzle_page -- PUZZLES.json PAGE.html

use anyhow::Context;
use queensat::io::{puzzle_page_from_report, write_atomic};
use std::path::Path;

fn main() {
    if let Err(e) = run() {
        eprintln!("puzzle_page: error: {e:#}");
        std::process::exit(2);
    }
}

fn run() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        anyhow::bail!("usage: puzzle_page PUZZLES.json PAGE.html");
    };
    let text = std::fs::read_to_string(input).with_context(|| format!("cannot read {input}"))?;
    let page = puzzle_page_from_report(&text).with_context(|| input.clone())?;
    write_atomic(Path::new(output), page.as_bytes())
}
