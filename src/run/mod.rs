//! What every run uses beside the layers (engine, study and cli import it; it imports none of
//! them): the CPU clock, stop signals and the deadline that polls both.

pub mod cpu;
pub mod deadline;
pub mod interrupt;
