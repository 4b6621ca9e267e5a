//! Criterion micro-benchmarks of the hot paths, so regressions show up: encoding a board, one
//! value query, one enumeration step. Short by design (`make bench-micro`, a few seconds per
//! benchmark); `cargo test` never runs them.

use criterion::{Criterion, criterion_group, criterion_main};
use queensat::board::Board;
use queensat::encode::{BaseModel, BaseOptions};
use queensat::engine::{BoardSession, ValueOptions, value};
use queensat::solve::Backend;
use rustsat::instances::Cnf;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The seed article's 2-wall record board and a larger board with walls.
fn boards() -> Vec<(&'static str, Board)> {
    vec![
        (
            "8x8 walls (1,3) (2,5)",
            Board::with_walls(8, 8, &[(1, 3), (2, 5)]).unwrap(),
        ),
        (
            "16x16 walls (3,4) (7,7) (12,9)",
            Board::with_walls(16, 16, &[(3, 4), (7, 7), (12, 9)]).unwrap(),
        ),
    ]
}

fn encode(c: &mut Criterion) {
    for (name, board) in boards() {
        c.bench_function(&format!("encode base model to CNF, {name}"), |b| {
            b.iter(|| {
                let mut cnf = Cnf::new();
                black_box(BaseModel::encode(
                    black_box(&board),
                    BaseOptions::default(),
                    &mut cnf,
                ));
                cnf
            })
        });
    }
}

fn value_query(c: &mut Criterion) {
    for (name, board) in boards() {
        c.bench_function(&format!("value query, {name}"), |b| {
            b.iter(|| value(black_box(&board), &ValueOptions::default()).unwrap())
        });
    }
}

/// One enumeration step: solve for another placement of exactly 8 queens on the empty 8×8
/// board, then block it. After the last of the 92 the session is rebuilt, untimed.
fn enumeration_step(c: &mut Criterion) {
    let board = Board::square(8).unwrap();
    let fresh = || {
        let mut s = BoardSession::new(&board, BaseOptions::default(), &Backend::default());
        let assumps = s.exactly(8).expect("8 queens are within the counter's reach");
        (s, assumps)
    };
    c.bench_function("enumeration step, empty 8x8, exactly 8 queens", |b| {
        b.iter_custom(|iters| {
            let (mut session, mut assumps) = fresh();
            let mut spent = Duration::ZERO;
            let mut done = 0;
            while done < iters {
                let t = Instant::now();
                let found = session.solve_with(&assumps).unwrap();
                if let Some(p) = &found {
                    let clause = session.model.blocking_clause_fixed_count(p);
                    session.add_clause(clause).unwrap();
                }
                spent += t.elapsed();
                match found {
                    Some(_) => done += 1,
                    None => (session, assumps) = fresh(),
                }
            }
            spent
        })
    });
}

fn short() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
}

criterion_group! {
    name = micro;
    config = short();
    targets = encode, value_query, enumeration_step
}
criterion_main!(micro);
