//! What a value found in cubes prints (`value --output DIR`, and `merge` of its shards): the
//! board and placement, the value with how it was proved, and what the cubes cost, with the
//! time they would take on more workers.

use crate::board::render_grid;
use crate::engine::unchecked_prefix;
use crate::study::value_cubes::CubesReport;

/// Workers for which the cubes' measured times are scheduled in the text.
const WORKERS: [usize; 3] = [2, 64, 1000];

/// The report in words.
pub fn cubes_text(r: &CubesReport) -> String {
    let rows: Vec<String> = r.rows.iter().map(usize::to_string).collect();
    let row_word = if rows.len() == 1 { "row" } else { "rows" };
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
    let rejected = match r.rejected {
        0 => String::new(),
        n => format!("; the checker REJECTED the proof of {n} cube(s)"),
    };
    let how = match r.certify {
        true => "UNSAT certified by a checked proof, or the checked LP bound",
        false => "UNSAT, or the checked LP bound",
    };
    let refuted = match r.beyond_start {
        0 => format!("{} queens refuted in every cube", r.start + 1),
        n if n == r.cubes => "one queen more than its most refuted in every cube".to_string(),
        n => format!(
            "{} queens refuted in {} cubes, and one more than their most in the {n} others",
            r.start + 1,
            r.cubes - n
        ),
    };
    s += &format!(
        "proof: {}SAT with {} queens, placement checked; {refuted} ({how}); the cubes cover every \
         choice of the split rows' queens (counted){rejected}\n",
        unchecked_prefix(r.certified),
        r.value
    );
    let total: f64 = r.cube_seconds.iter().sum();
    let longest = r.cube_seconds.iter().copied().fold(0.0, f64::max);
    let on: Vec<String> = WORKERS
        .iter()
        .map(|&w| format!("{w} workers {:.2} s", r.makespan(w)))
        .collect();
    let start = match r.start_seconds {
        Some(t) => format!("the start ({} queens) {t:.2} s, ", r.start),
        None => format!("the start {} queens, ", r.start),
    };
    s += &format!(
        "cubes: {} ({} resumed), {start}the cubes {total:.2} s CPU in all, the longest {longest:.2} s; \
         scheduled from these times on {}\n",
        r.cubes,
        r.chunks_resumed,
        on.join(", ")
    );
    s
}
