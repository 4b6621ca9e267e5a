//! Peer timing for `make bench-solutions`: the SAT enumeration against the exhaustive
//! counter `check::brute_count`, in one process and one run. Prints one JSON object per case.

use queensat::board::Board;
use queensat::check::brute_count;
use queensat::engine::{Breaking, EnumOptions, Target, count};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let repeats = 5;
    for n in [8usize, 10] {
        let board = Board::square(n).expect("a valid size");
        let mut times = Vec::new();
        let mut total = 0;
        for _ in 0..repeats {
            let t = Instant::now();
            total = brute_count(&board, n);
            times.push(t.elapsed().as_secs_f64());
        }
        println!(
            r#"{{"case":"{n}x{n}, exhaustive count (check::brute_count)","total":{total},"seconds":{}}}"#,
            median(times)
        );
        for (name, unique, breaking) in [
            ("all placements", false, Breaking::Images),
            ("classes by blocking images", true, Breaking::Images),
            ("classes by lex-leader", true, Breaking::LexLeader),
        ] {
            let opts = EnumOptions {
                target: Target::Exactly(n),
                unique,
                breaking,
                ..EnumOptions::default()
            };
            let mut times = Vec::new();
            let mut r = None;
            for _ in 0..repeats {
                let t = Instant::now();
                r = Some(count(&board, &opts).expect("enumeration runs"));
                times.push(t.elapsed().as_secs_f64());
            }
            let r = r.expect("at least one run");
            println!(
                r#"{{"case":"{n}x{n}, SAT, exactly {n} queens, {name}","total":{},"classes":{},"seconds":{}}}"#,
                r.total,
                r.classes.unwrap_or(0),
                median(times)
            );
        }
    }
}
