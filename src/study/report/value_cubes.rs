//! What a value found in cubes prints (`value --output DIR`, and `merge` of its shards): the
//! board and placement, the value with how it was proved, and what the cubes cost, with the
//! time they would take on more workers.

use crate::board::render_grid;
use crate::engine::unchecked_prefix;
use crate::study::cube_rows::makespan;
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
    let above = format!("{} queens", r.start + 1);
    let refuted = refuted_in_cubes(r.beyond_start, r.cubes, &above, "queen", ("more", "most"));
    s += &format!(
        "proof: {}SAT with {} queens, placement checked; {refuted} ({how}); the cubes cover every \
         choice of the split rows' queens (counted){rejected}\n",
        unchecked_prefix(r.certified),
        r.value
    );
    let start = match r.start_seconds {
        Some(t) => format!("the start ({} queens) {t:.2} s, ", r.start),
        None => format!("the start {} queens, ", r.start),
    };
    s + &cube_costs(&r.cube_seconds, r.chunks_resumed, &start)
}

/// Which count each cube refuted: `above` (one beyond the start's, in words) in the cubes
/// that hold no better than the start, and one `unit` `more` (or fewer) than their `most` in
/// the `beyond` others.
pub(super) fn refuted_in_cubes(
    beyond: usize,
    cubes: usize,
    above: &str,
    unit: &str,
    (more, most): (&str, &str),
) -> String {
    match beyond {
        0 => format!("{above} refuted in every cube"),
        n if n == cubes => format!("one {unit} {more} than its {most} refuted in every cube"),
        n => format!(
            "{above} refuted in {} cubes, and one {more} than their {most} in the {n} others",
            cubes - n
        ),
    }
}

/// What cubes cost: their count, their CPU seconds in all and the longest (after `start`,
/// what came before them), and the time they would take on more workers.
pub(super) fn cube_costs(cube_seconds: &[f64], resumed: usize, start: &str) -> String {
    let total: f64 = cube_seconds.iter().sum();
    let longest = cube_seconds.iter().copied().fold(0.0, f64::max);
    let on: Vec<String> = WORKERS
        .iter()
        .map(|&w| format!("{w} workers {:.2} s", makespan(cube_seconds, w)))
        .collect();
    format!(
        "cubes: {} ({resumed} resumed), {start}the cubes {total:.2} s CPU in all, the longest {longest:.2} s; \
         scheduled from these times on {}\n",
        cube_seconds.len(),
        on.join(", ")
    )
}
