//! What every long run shares, beside the layers (engine, study and cli all import it, it
//! imports none of them): the CPU clock, stop signals and the one deadline that polls both,
//! how far a run got (progress), an error as one line, how it was made (provenance), which
//! part of the job it does (shards), catching stop signals, and writing to a standard output
//! that may be closed.

pub mod bar;
pub mod cpu;
pub mod deadline;
pub mod error_line;
pub mod interrupt;
pub mod progress;
pub mod provenance;
pub mod shard;
pub mod signals;
pub mod stdout;
pub mod threads;

pub use error_line::one_line;
pub use progress::{Progress, Reporter};
pub use provenance::{
    Provenance, command_line, cpu_model, cpu_since, host, process_cpu_seconds, thread_cpu_seconds,
    thread_cpu_since, utc_date,
};
pub use shard::Shard;
pub use threads::{parallel, parse_threads, with_threads};
