//! What the largest armies found in cubes print (`armies --cube-dir DIR`, and `merge` of its
//! shards): the board and an example, `m` with how it was proved, and what the cubes cost.

use super::cube_report::{cube_costs, cube_outcome, refuted_in_cubes, rejected_text};
use crate::engine::unchecked_prefix;
use crate::io::noun;
use crate::study::armies::cubes::ArmyCubesReport;

cube_outcome!(ArmyCubesReport, army_cubes_text);

/// The report in words.
pub fn army_cubes_text(r: &ArmyCubesReport) -> String {
    let rows: Vec<String> = r.rows.iter().map(usize::to_string).collect();
    let row_word = noun(rows.len(), "row", "rows");
    let mut s = format!("board {}\n", r.board.describe());
    s += &format!("largest armies: m = {} (W white, B black)\n", r.m);
    s.push_str(&r.example.render(&r.board));
    let ranges = match r.width {
        1 => "cells".to_string(),
        w => format!("ranges of up to {w} cells"),
    };
    let symmetry = match r.symmetry_breaking {
        true => ", lex-leader symmetry breaking in every cube",
        false => "",
    };
    s += &format!(
        "from {} cubes on {row_word} {} (no queen in a segment, or one colour's queens in a set of \
         its {ranges}){symmetry}\n",
        r.cubes,
        rows.join(",")
    );
    let above = format!("two armies of {}", r.start + 1);
    let refuted = refuted_in_cubes(r.beyond_start, r.cubes, &above, ("army", "more", "largest"));
    let how = match r.certify {
        true => "UNSAT certified by a checked proof, or the free squares",
        false => "UNSAT, or the free squares",
    };
    let rejected = rejected_text(&r.totals);
    s += &format!(
        "proof: {}SAT with two armies of {}, position checked; {refuted} ({how}); the cubes cover \
         every choice of the split rows' colours (counted){rejected}\n",
        unchecked_prefix(r.totals.certified),
        r.m,
    );
    let start = format!("the start {} per army, ", r.start);
    s + &cube_costs(&r.totals, &start)
}
