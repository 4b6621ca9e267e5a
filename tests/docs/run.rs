//! Running one documented command as a user would paste it: `bash -c` in the document's
//! scratch folder, stdout and stderr into one file in the order they are written, the whole
//! process group killed at the time limit.

use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub struct Outcome {
    /// The exit status; `None` when a signal (or the time limit) ended it.
    pub code: Option<i32>,
    /// stdout and stderr as they interleaved, lines without their ends.
    pub lines: Vec<String>,
    pub seconds: f64,
    pub timed_out: bool,
}

/// Runs `command` with `bash -c` in `dir`, with `env` added to the environment.
pub fn run(command: &str, dir: &Path, env: &[(String, String)], limit: Duration) -> Outcome {
    let mut out = tempfile::tempfile().expect("a temporary file");
    let started = Instant::now();
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(out.try_clone().expect("a second handle"))
        .stderr(out.try_clone().expect("a second handle"))
        .process_group(0)
        .spawn()
        .expect("bash runs");
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for bash") {
            break s;
        }
        if started.elapsed() > limit {
            timed_out = true;
            // SAFETY: kills the process group this harness started.
            unsafe {
                libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
            }
            break child.wait().expect("wait for bash");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    use std::io::{Read as _, Seek as _};
    let mut text = Vec::new();
    out.rewind()
        .and_then(|_| out.read_to_end(&mut text))
        .expect("read the output");
    Outcome {
        code: status.code(),
        lines: String::from_utf8_lossy(&text).lines().map(String::from).collect(),
        seconds: started.elapsed().as_secs_f64(),
        timed_out,
    }
}

#[path = "../common/programs.rs"]
#[allow(dead_code)] // the docs use on_path only
mod programs;
pub use programs::on_path;
