//! Standard output for every command ([`queensat::run::stdout`]): the `out!` and `outln!`
//! macros every command prints with (never `print!`).

pub(crate) use queensat::run::stdout::{Stdout, is_broken_pipe, note_closed_stdout, write_stdout};

/// Writes formatted text to stdout through [`write_stdout`]: `out!(...)?`.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::stdout::write_stdout(format!($($arg)*).as_bytes())
    };
}

/// [`out!`] with a newline.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::stdout::write_stdout(format!("{}\n", format_args!($($arg)*)).as_bytes())
    };
}
