//! Measures whether min-conflicts helps `queensat value` on large boards with walls.
//!
//! `value --search up` starts at the greedy placement and asks an incremental SAT solver for
//! one more queen at a time. A min-conflicts placement with L queens would let it skip the
//! SAT calls for greedy+1 ..= L. For each board this program times the local search, and the
//! SAT calls it would save (asked in one session, as `value` does), and writes a table.
//!
//! Usage: cargo run --release --example nqueens_walls_bound -- OUT.md OUT.json

use queensat::analysis::{BoardSession, ValueOptions, greedy_placement, value};
use queensat::analysis::nqueens::segment_min_conflicts;
use queensat::board::{Board, render_cell_list};
use queensat::check::check_placement;
use queensat::encode::BaseOptions;
use queensat::solve::Backend;
use std::time::Instant;

/// A board of side `n` with `k` walls at cells drawn by a fixed generator (LCG, seed `s`).
fn random_board(n: usize, k: usize, s: u64) -> Board {
    let mut x = s;
    let mut walls = Vec::new();
    while walls.len() < k {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let p = ((x >> 33) as usize % n, (x >> 13) as usize % n);
        if !walls.contains(&p) {
            walls.push(p);
        }
    }
    Board::with_walls(n, n, &walls).expect("walls on the board")
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    anyhow::ensure!(args.len() == 3, "usage: nqueens_walls_bound OUT.md OUT.json");
    let steps = 20_000;
    let cases = [(32, 24, 7), (48, 40, 1), (48, 120, 2), (64, 200, 4)];
    let mut rows = Vec::new();
    let mut md = String::from(
        "| board | walls | greedy | min-conflicts | local search s | SAT calls saved | their SAT s | faster |\n|---|---:|---:|---:|---:|---:|---:|---|\n",
    );
    for (n, k, s) in cases {
        let board = random_board(n, k, s);
        let g = greedy_placement(&board).len();
        let t = Instant::now();
        let ls = segment_min_conflicts(&board, 1, steps);
        let ls_s = t.elapsed().as_secs_f64();
        check_placement(&board, &ls).map_err(|v| anyhow::anyhow!("local search placement: {v}"))?;
        let mut session = BoardSession::new(&board, BaseOptions::default(), &Backend::default());
        let t = Instant::now();
        for want in g + 1..=ls.len() {
            let found = session.at_least(want)?;
            anyhow::ensure!(found.is_some(), "a legal {}-queen placement exists", ls.len());
        }
        let sat_s = t.elapsed().as_secs_f64();
        let saved = ls.len() - g;
        let faster = if saved == 0 { "no gain" } else if ls_s < sat_s { "yes" } else { "no" };
        eprintln!("{n}x{n} {k} walls: greedy {g}, min-conflicts {} in {ls_s:.3} s, SAT {saved} calls {sat_s:.3} s", ls.len());
        md.push_str(&format!(
            "| {n}×{n} (seed {s}) | {k} | {g} | {} | {ls_s:.3} | {saved} | {sat_s:.3} | {faster} |\n",
            ls.len()
        ));
        rows.push(serde_json::json!({
            "rows": n, "cols": n, "walls": render_cell_list(&board.walls()), "greedy": g,
            "min_conflicts": ls.len(), "local_search_seconds": ls_s, "steps": steps,
            "sat_calls_saved": saved, "sat_seconds": sat_s,
        }));
    }
    // Boards small enough for the whole value search: what min-conflicts would save of it.
    md.push_str(
        "\n| board | walls | value | value s | greedy | min-conflicts | local search s | SAT s of the calls it skips | net gain s |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let complete = [(12, 6, 11), (16, 10, 12), (20, 12, 13), (24, 16, 14), (24, 30, 15), (28, 20, 16)];
    for (n, k, s) in complete {
        let board = random_board(n, k, s);
        let report = value(&board, &ValueOptions::default())?;
        let t = Instant::now();
        let ls = segment_min_conflicts(&board, 1, steps);
        let ls_s = t.elapsed().as_secs_f64();
        check_placement(&board, &ls).map_err(|v| anyhow::anyhow!("local search placement: {v}"))?;
        let skipped: f64 = report
            .calls
            .iter()
            .filter(|c| c.at_least <= ls.len())
            .map(|c| c.seconds)
            .sum();
        eprintln!(
            "{n}x{n} {k} walls: value {} in {:.3} s, greedy {}, min-conflicts {} in {ls_s:.3} s, skips {skipped:.3} s",
            report.value, report.seconds, report.greedy_lower_bound, ls.len()
        );
        md.push_str(&format!(
            "| {n}×{n} (seed {s}) | {k} | {} | {:.3} | {} | {} | {ls_s:.3} | {skipped:.3} | {:.3} |\n",
            report.value,
            report.seconds,
            report.greedy_lower_bound,
            ls.len(),
            skipped - ls_s
        ));
        rows.push(serde_json::json!({
            "rows": n, "cols": n, "walls": render_cell_list(&board.walls()),
            "value": report.value, "value_seconds": report.seconds,
            "greedy": report.greedy_lower_bound, "min_conflicts": ls.len(),
            "local_search_seconds": ls_s, "skipped_sat_seconds": skipped,
        }));
    }
    std::fs::write(&args[1], md)?;
    std::fs::write(&args[2], serde_json::to_string_pretty(&rows)?)?;
    Ok(())
}
