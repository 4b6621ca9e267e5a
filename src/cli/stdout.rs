//! Standard output for every command: writes whose errors say they were on stdout, and the
//! test for a closed pipe (`queensat ... | head`), which ends a command quietly.

/// Writes the whole of `bytes` to stdout; an error says it was stdout.
pub(crate) fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut out = Stdout::lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// Locked stdout whose write errors say they were on stdout (keeping their kind, so a closed
/// pipe is still recognised): for commands that stream their output.
pub(crate) struct Stdout(std::io::StdoutLock<'static>);

impl Stdout {
    pub(crate) fn lock() -> Stdout {
        Stdout(std::io::stdout().lock())
    }
}

fn on_stdout(e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("cannot write to standard output: {e}"))
}

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(on_stdout)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(on_stdout)
    }
}

/// Whether the error comes from a closed stdout (`queensat ... | head`).
pub(crate) fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
