//! What the least walls found in cubes print (`least-walls --cube-dir DIR`, and `merge` of its
//! shards): the question, a board with its queens, the least walls with how they were proved,
//! and what the cubes cost.

use super::cube_report::{cube_costs, cube_outcome, refuted_in_cubes, rejected_text};
use crate::board::render_grid;
use crate::engine::unchecked_prefix;
use crate::io::{noun, plural};
use crate::study::least_walls::WallCubesReport;

cube_outcome!(WallCubesReport, wall_cubes_text);

/// The report in words.
pub fn wall_cubes_text(r: &WallCubesReport) -> String {
    let rows: Vec<String> = r.split_rows.iter().map(usize::to_string).collect();
    let row_word = noun(rows.len(), "row", "rows");
    let w = r.least_walls;
    let mut s = format!("{}x{}, {} queens: least walls {w}\n", r.rows, r.cols, r.queens);
    s.push_str(&render_grid(&r.witness.board, Some(&r.witness.placement)));
    let ranges = match r.width {
        1 => "cells".to_string(),
        w => format!("ranges of up to {w} cells"),
    };
    let lex = match r.model.lex_leader {
        true => ", lex-leader on the walls in every cube",
        false => "",
    };
    s += &format!(
        "from {} cubes on {row_word} {} (a queen or none, a wall or none, in each of its {ranges}){lex}\n",
        r.cubes,
        rows.join(",")
    );
    let proof = if w == r.row_bound {
        "the row bound (no cube needs a call below it)".to_string()
    } else {
        let how = match r.certify {
            true => "UNSAT certified by a checked proof, or the row bound",
            false => "UNSAT, or the row bound",
        };
        let below = format!("at most {}", plural(r.start - 1, "wall", "walls"));
        let refuted = refuted_in_cubes(r.beyond_start, r.cubes, &below, ("wall", "fewer", "least"));
        format!("{refuted} ({how})")
    };
    let rejected = rejected_text(&r.totals);
    s += &format!(
        "proof: {}SAT with {}, board checked; {proof}; the cubes cover every choice of the \
         split rows' queens and walls (counted){rejected}\n",
        unchecked_prefix(r.totals.certified),
        plural(w, "wall", "walls"),
    );
    let start = format!("the start {}, ", plural(r.start, "wall", "walls"));
    s + &cube_costs(&r.totals, &start)
}
