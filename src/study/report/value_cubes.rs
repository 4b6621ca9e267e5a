//! What a value found in cubes prints (`value --output DIR`, and `merge` of its shards): the
//! board and placement, the value with how it was proved, and what the cubes cost, with the
//! time they would take on more workers.

use super::cube_report::{cube_costs, cube_outcome, refuted_in_cubes, rejected_text};
use crate::board::render_grid;
use crate::engine::unchecked_prefix;
use crate::io::{noun, plural};
use crate::study::value_cubes::CubesReport;

cube_outcome!(CubesReport, cubes_text);

/// The report in words.
pub fn cubes_text(r: &CubesReport) -> String {
    let rows: Vec<String> = r.rows.iter().map(usize::to_string).collect();
    let row_word = noun(rows.len(), "row", "rows");
    let mut s = format!("board {}\n", r.board.describe());
    s.push_str(&render_grid(&r.board, Some(&r.placement)));
    let choice = match r.width {
        1 => "the queen's cell, or none, in each segment".to_string(),
        w => format!("a queen in a range of up to {w} cells, or none, in each segment"),
    };
    s += &format!(
        "value {} from {} cubes on {row_word} {} ({choice})\n",
        r.value,
        r.cubes,
        rows.join(",")
    );
    let rejected = rejected_text(&r.totals);
    let how = match r.certify {
        true => "UNSAT certified by a checked proof, or the checked LP bound",
        false => "UNSAT, or the checked LP bound",
    };
    let above = plural(r.start + 1, "queen", "queens");
    let refuted = refuted_in_cubes(r.beyond_start, r.cubes, &above, ("queen", "more", "most"));
    s += &format!(
        "proof: {}SAT with {}, placement checked; {refuted} ({how}); the cubes cover every \
         choice of the split rows' queens (counted){rejected}\n",
        unchecked_prefix(r.totals.certified),
        plural(r.value, "queen", "queens")
    );
    // The start's seconds are known to the run that found it, not to a merge of shards: the
    // same words either way, the time added where there is one.
    let took = r.start_seconds.map_or(String::new(), |t| format!(" in {t:.2} s"));
    let start = format!("the start {}{took}, ", plural(r.start, "queen", "queens"));
    s + &cube_costs(&r.totals, &start)
}
