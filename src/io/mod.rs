//! Files in and out: whole-or-nothing writes, and (later) DIMACS/WCNF/OPB formats.

mod atomic;

pub use atomic::write_atomic;
