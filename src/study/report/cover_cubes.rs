//! What packing and covering found in cubes print (`cover --cube-dir DIR`, and `merge` of its
//! shards): each optimum with its selection and how it was proved, and what the cubes cost.

use super::cube_report::{cube_costs, cube_outcome, refuted_in_cubes, rejected_text};
use crate::engine::unchecked_prefix;
use crate::study::cover_cubes::{CoverCubesReport, CubeOptimum};

cube_outcome!(CoverCubesReport, cover_cubes_text);

/// The report in words.
pub fn cover_cubes_text(r: &CoverCubesReport) -> String {
    let n = r.n;
    let mut s = format!("{n}x{n} board: {} n-queens solutions\n", r.solutions);
    let how = match r.certify {
        true => "UNSAT certified by a checked proof, or counting",
        false => "UNSAT, or counting",
    };
    let optimum = |o: &CubeOptimum, title: &str, sign: &str, (more, most): (&str, &str)| {
        let mut t = format!("{title}: {}\n", o.value);
        t.extend(o.selected.iter().map(|l| format!("  {l}\n")));
        let above = format!(
            "{sign} {} selected",
            if more == "more" { o.start + 1 } else { o.start - 1 }
        );
        let refuted = refuted_in_cubes(o.beyond_start, o.cubes, &above, ("solution", more, most));
        t + &format!(
            "proof: {}SAT with {} selected, checked by counting squares; {refuted} ({how})\n",
            unchecked_prefix(r.totals.certified),
            o.value
        )
    };
    s += &optimum(
        &r.pack,
        "most pairwise-disjoint solutions",
        "at least",
        ("more", "most"),
    );
    s += &match &r.cover {
        Some(o) => optimum(
            o,
            "fewest solutions covering the board",
            "at most",
            ("fewer", "fewest"),
        ),
        None => {
            "fewest solutions covering the board: none — proof: no cover: some squares lie in no solution\n"
                .into()
        }
    };
    s += "(solutions as the column of the queen in each row, 0-based)\n";
    let squares: Vec<String> = r.squares.iter().map(|(a, b)| format!("{a},{b}")).collect();
    let square_word = crate::io::noun(squares.len(), "square", "squares");
    let range = match r.width {
        1 => "which solution through it is the first selected, in list order".to_string(),
        w => format!(
            "which range of up to {w} of the solutions through it, in list order, holds the first selected"
        ),
    };
    let cubes = match &r.cover {
        Some(c) => format!("{} packing and {} covering cubes", r.pack.cubes, c.cubes),
        None => format!("{} packing cubes", r.pack.cubes),
    };
    let symmetry = match r.symmetry_breaking {
        true => ", lex-leader symmetry breaking in every cube",
        false => "",
    };
    let rejected = rejected_text(&r.totals);
    s += &format!(
        "from {cubes} on {square_word} {} ({range}, or none for packing){symmetry}; the cubes \
         cover every selection (counted){rejected}\n",
        squares.join(" ")
    );
    let start = match &r.cover {
        Some(c) => format!("the starts {} and {}, ", r.pack.start, c.start),
        None => format!("the start {}, ", r.pack.start),
    };
    s + &cube_costs(&r.totals, &start)
}
