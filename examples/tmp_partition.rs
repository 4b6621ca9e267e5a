// Throwaway experiment (not committed): is there a partition of the 12x12 board into 12
// queens solutions? Packing ">= 12" as units, fresh CaDiCaL.
use queensat::board::Board;
use queensat::encode::{Amo, Goal, SelectionModel};
use queensat::solve::{Backend, Solve};
use queensat::study::nqueens_solutions;
use rustsat::instances::Cnf;
fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let t = std::time::Instant::now();
    let sols = nqueens_solutions(n, &Backend::Cadical).unwrap();
    eprintln!("{} solutions ({:.1} s)", sols.len(), t.elapsed().as_secs_f64());
    let board = Board::square(n).unwrap();
    let mut cnf = Cnf::new();
    let model = SelectionModel::encode(&board, &sols, Goal::Pack, Amo::Ladder, n, &mut cnf);
    for l in model.at_least(n).unwrap() {
        cnf.add_unit(l);
    }
    eprintln!("{} clauses ({:.1} s)", cnf.len(), t.elapsed().as_secs_f64());
    let mut s = Backend::Cadical.make();
    for cl in cnf.iter() {
        s.add_clause_ref(cl).unwrap();
    }
    let r = s.solve().unwrap();
    println!("{r:?} ({:.1} s)", t.elapsed().as_secs_f64());
    if r == rustsat::solvers::SolverResult::Sat {
        let sel = model.decode(|l| s.is_true(l));
        println!("{sel:?}");
    }
}
