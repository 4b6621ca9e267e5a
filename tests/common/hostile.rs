//! The hostile suite's machinery (tests/hostile.rs): cases run through the real binary in
//! parallel, each judged by what a run may do with hostile input and what it must never do:
//! answer wrongly with exit 0 (an answer that rests on a liar's word and does not say so), panic,
//! abort, die by a signal, or lose data (a file it read back and refused must still be there,
//! unchanged).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The liars: shell scripts that answer every DIMACS question the same way, whatever it is.
pub const LIARS: [(&str, &str); 7] = [
    ("always-unsat", "echo 's UNSATISFIABLE'\nexit 20"),
    ("unsat-exit-0", "echo 's UNSATISFIABLE'\nexit 0"),
    (
        "false-model",
        "echo 's SATISFIABLE'\necho 'v 1 -2 3 -4 5 0'\nexit 10",
    ),
    (
        "all-true",
        "n=$(grep -m1 '^p ' \"$1\" | cut -d' ' -f3)\necho 's SATISFIABLE'\necho \"v $(seq -s ' ' 1 $n) 0\"\nexit 10",
    ),
    ("unknown", "echo 's UNKNOWN'\nexit 0"),
    ("garbage", "head -c 500 /dev/urandom\nexit 10"),
    ("crash", "echo 's UNSATISFIABLE'\nkill -SEGV $$"),
];

/// Writes the executable shell script `name` into `dir`; its `--solver` argument.
pub fn fake_solver(dir: &Path, name: &str, body: &str) -> String {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    format!("external:sh {}", path.display())
}

/// What a case may do.
#[derive(Clone, Debug)]
pub enum Expect {
    /// Refuse: exit 2 and one line `queensat: error: ...` that contains this text.
    Refused(String),
    /// Refuse as above, or answer (exit 0, 1, 3, or `solve`'s 10 and 20) saying on stdout or in
    /// the file given that the answer rests on an external solver's word.
    RefusedOrLabelled(Option<PathBuf>),
    /// Refuse as above, or exit 0 with this text on stdout (an answer that claims nothing).
    RefusedUnless(String),
    /// Anything but a panic, an abort or a signal; a refusal is one line.
    NoCrash,
    /// Exit with this code and, when the code is not 0, one error line containing the text.
    Exit(i32, String),
}

/// One run of the binary and what it may do.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub args: Vec<String>,
    pub stdin: Option<Vec<u8>>,
    /// Run with standard output closed (`>&-`).
    pub stdout_closed: bool,
    /// Address-space limit in bytes (`ulimit -v`).
    pub memory: Option<u64>,
    /// Files the run must leave as they were (data it reads back).
    pub keep: Vec<PathBuf>,
    pub expect: Expect,
}

impl Case {
    pub fn new(name: impl Into<String>, args: &[&str], expect: Expect) -> Case {
        Case {
            name: name.into(),
            args: args.iter().map(|s| s.to_string()).collect(),
            stdin: None,
            stdout_closed: false,
            memory: None,
            keep: Vec::new(),
            expect,
        }
    }
}

/// Runs one case; `Err` says what it did wrong.
fn judge(case: &Case) -> Result<(), String> {
    use std::io::Write as _;
    use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
    let kept: Vec<Option<Vec<u8>>> = case.keep.iter().map(|p| std::fs::read(p).ok()).collect();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_queensat"));
    cmd.args(&case.args)
        .stdin(if case.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let closed = case.stdout_closed;
    let memory = case.memory;
    // SAFETY: between fork and exec only async-signal-safe calls (close, setrlimit).
    unsafe {
        cmd.pre_exec(move || {
            if closed {
                libc::close(1);
            }
            if let Some(bytes) = memory {
                let lim = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                libc::setrlimit(libc::RLIMIT_AS, &lim);
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().map_err(|e| format!("spawn: {e}"))?;
    if let Some(input) = &case.stdin {
        let mut si = child.stdin.take().unwrap();
        let _ = si.write_all(input);
    }
    let out = child.wait_with_output().map_err(|e| format!("wait: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if let Some(sig) = out.status.signal() {
        return Err(format!("killed by signal {sig}: {stderr}"));
    }
    let code = out.status.code().unwrap_or(-1);
    if stderr.contains("panicked") || stderr.contains("memory allocation") || code == 101 {
        return Err(format!("panic or abort (exit {code}): {stderr}"));
    }
    for (p, before) in case.keep.iter().zip(&kept) {
        if std::fs::read(p).ok() != *before {
            return Err(format!("{} was changed or removed", p.display()));
        }
    }
    let one_line = |want: &str| -> Result<(), String> {
        let lines: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with("queensat: note:"))
            .collect();
        if code != 2
            || lines.len() != 1
            || !lines[0].starts_with("queensat: error: ")
            || !lines[0].contains(want)
        {
            return Err(format!(
                "wanted exit 2 and one error line with {want:?}; exit {code}: {stderr}"
            ));
        }
        Ok(())
    };
    match &case.expect {
        Expect::Refused(want) => one_line(want),
        Expect::RefusedOrLabelled(file) => {
            if code == 2 {
                return one_line("");
            }
            let in_file = file
                .as_ref()
                .and_then(|f| std::fs::read_to_string(f).ok())
                .unwrap_or_default();
            let labelled = stdout.contains("unchecked (external solver's word)")
                || stdout.contains("\"certified\":false")
                || in_file.contains("unchecked (external solver's word)");
            // `s UNKNOWN` (exit 0) claims nothing.
            let unknown = code == 0 && stdout.starts_with("s UNKNOWN");
            if [0, 1, 3, 10, 20].contains(&code) && labelled || unknown {
                Ok(())
            } else {
                Err(format!(
                    "an unlabelled answer (exit {code}) on a liar's word: {stdout}{stderr}"
                ))
            }
        }
        Expect::RefusedUnless(text) => {
            if code == 0 && stdout.contains(text.as_str()) {
                Ok(())
            } else {
                one_line("")
            }
        }
        Expect::NoCrash => {
            if code == 2 {
                one_line("")
            } else {
                Ok(())
            }
        }
        Expect::Exit(want, text) => {
            if *want == 0 && code == 0 {
                Ok(())
            } else if code == *want {
                let lines: Vec<&str> = stderr.lines().collect();
                if lines.len() == 1 && lines[0].contains(text.as_str()) {
                    Ok(())
                } else {
                    Err(format!("wanted one line with {text:?}: {stderr}"))
                }
            } else {
                Err(format!("wanted exit {want}, got {code}: {stdout}{stderr}"))
            }
        }
    }
}

/// Runs every case on a few threads; panics listing every case that misbehaved. Returns how
/// many ran.
pub fn run_all(cases: &[Case]) -> usize {
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 8);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    if let Err(why) = judge(case) {
                        failures.lock().unwrap().push(format!("{}: {why}", case.name));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} hostile cases misbehaved:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    cases.len()
}

/// A small deterministic generator for byte positions and values (no state shared between
/// tests, the same cases on every run).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Copies a directory tree.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else if e.file_name() != ".lock" {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}
