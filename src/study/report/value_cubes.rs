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
    s += &format!(
        "value {} from {} cubes on {row_word} {}\n",
        r.value,
        r.cubes,
        rows.join(",")
    );
    let refuted = match r.refuted {
        0 => String::new(),
        n => format!("; the checker REJECTED the proof of {n} cube(s)"),
    };
    let how = match r.certify {
        true => "its own value search, the UNSAT beyond it certified by a checked proof",
        false => "its own value search",
    };
    s += &format!(
        "proof: {}SAT with {} queens, placement checked; every cube's optimum proved ({how}); \
         the cubes cover every choice of the split rows' queens (counted){refuted}\n",
        unchecked_prefix(r.certified),
        r.value
    );
    let total: f64 = r.cube_seconds.iter().sum();
    let longest = r.cube_seconds.iter().copied().fold(0.0, f64::max);
    let on: Vec<String> = WORKERS
        .iter()
        .map(|&w| format!("{w} workers {:.2} s", r.makespan(w)))
        .collect();
    s += &format!(
        "cubes: {} ({} resumed), {total:.2} s CPU in all, the longest {longest:.2} s; scheduled \
         from these times on {}\n",
        r.cubes,
        r.chunks_resumed,
        on.join(", ")
    );
    s
}
