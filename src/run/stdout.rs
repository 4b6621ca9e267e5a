//! Standard output for every command: writes whose errors say they were on stdout, the test
//! for a closed pipe (`queensat ... | head`), which ends a command quietly, and a standard
//! output that was never open (`queensat ... >&-`), whose writes the standard library would
//! drop without a word: here they are errors. Every command writes through [`write_stdout`]
//! or [`Stdout`] (never `print!`), so that no answer is lost unseen.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether file descriptor 1 was closed when the process started.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Notes whether stdout was closed when the process started. The standard library reopens a
/// closed descriptor 1 on `/dev/null` for reading and writing before `main`, so that is what
/// a closed stdout looks like here (a shell's `>/dev/null` opens it for writing only).
pub fn note_closed_stdout() {
    // SAFETY: fstat and fcntl only read the state of descriptor 1 into `st`.
    let (st, flags) = unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        if libc::fstat(1, &mut st) != 0 {
            CLOSED.store(true, Ordering::Relaxed);
            return;
        }
        (st, libc::fcntl(1, libc::F_GETFL))
    };
    let is_char = st.st_mode & libc::S_IFMT == libc::S_IFCHR;
    let null = std::fs::metadata("/dev/null").map(|m| {
        use std::os::unix::fs::MetadataExt as _;
        m.rdev()
    });
    let read_write = flags != -1 && flags & libc::O_ACCMODE == libc::O_RDWR;
    if is_char && null.is_ok_and(|r| r == st.st_rdev) && read_write {
        CLOSED.store(true, Ordering::Relaxed);
    }
}

fn closed_error() -> std::io::Error {
    std::io::Error::other("cannot write to standard output: it is closed")
}

/// Writes the whole of `bytes` to stdout; an error says it was stdout.
pub fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut out = Stdout::lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// Locked stdout whose write errors say they were on stdout (keeping their kind, so a closed
/// pipe is still recognised): for commands that stream their output.
pub struct Stdout(std::io::StdoutLock<'static>);

impl Stdout {
    pub fn lock() -> Stdout {
        Stdout(std::io::stdout().lock())
    }
}

fn on_stdout(e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("cannot write to standard output: {e}"))
}

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if CLOSED.load(Ordering::Relaxed) {
            return Err(closed_error());
        }
        self.0.write(buf).map_err(on_stdout)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        if CLOSED.load(Ordering::Relaxed) {
            return Err(closed_error());
        }
        self.0.flush().map_err(on_stdout)
    }
}

/// Whether the error comes from a closed stdout (`queensat ... | head`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
