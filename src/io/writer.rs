//! Who writes a file in progress (a staged output, a partial proof, a scratch directory): its
//! name carries `PID@HOST`, so that a later run can tell whether the writer is gone and remove
//! what it left. A pid speaks only of this host's processes: on a folder several hosts share
//! (a cluster's network file system), another host's writer is never taken for gone.

use std::sync::OnceLock;

/// This process's tag, `PID@HOST`, as the names of its files in progress carry it.
pub fn writer_tag() -> String {
    format!("{}@{}", std::process::id(), host_tag())
}

/// Whether the writer that `tag` names is gone, or `None` when `tag` is not a writer's tag.
/// `PID@HOST` is gone when HOST is this host and no process PID exists here; a bare `PID`
/// (the names of older versions, which carried no host) is judged as this host's.
pub fn writer_gone(tag: &str) -> Option<bool> {
    let (pid, host) = match tag.split_once('@') {
        Some((pid, host)) => (pid, Some(host)),
        None => (tag, None),
    };
    if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let pid = pid.parse::<i32>().ok()?;
    Some(host.is_none_or(|h| h == host_tag()) && !pid_alive(pid))
}

/// Whether process `pid` exists on this host.
pub fn pid_alive(pid: i32) -> bool {
    // SAFETY: signal 0 only asks whether the process exists.
    pid > 0
        && (unsafe { libc::kill(pid, 0) } == 0
            || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM))
}

/// This host's name, as gethostname(2) gives it ("unknown" if it fails).
pub fn hostname() -> String {
    let mut buf = [0u8; 256];
    // SAFETY: gethostname writes at most `len` bytes into the buffer.
    let r = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
    if r != 0 {
        return "unknown".into();
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    String::from_utf8_lossy(&buf[..end]).into_owned()
}

/// The host name as a name's part: letters and digits, anything else `_`, so that the names'
/// separators (`.`, `-`) never occur in it.
fn host_tag() -> &'static str {
    static TAG: OnceLock<String> = OnceLock::new();
    TAG.get_or_init(|| {
        hostname()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No process has a pid above the kernel's limit (at most 2^22).
    const GONE: i32 = i32::MAX - 1;

    #[test]
    fn only_this_host_s_writers_can_be_gone() {
        let me = writer_tag();
        assert_eq!(me, format!("{}@{}", std::process::id(), host_tag()));
        assert!(!me.contains(['.', '-']));
        assert_eq!(writer_gone(&me), Some(false));
        assert_eq!(writer_gone(&format!("{GONE}@{}", host_tag())), Some(true));
        assert_eq!(writer_gone(&format!("{GONE}@another_host")), Some(false));
        // The bare pid of an older version's name: this host's.
        assert_eq!(writer_gone(&GONE.to_string()), Some(true));
        assert_eq!(writer_gone(&std::process::id().to_string()), Some(false));
        for other in ["", "@h", "12a@h", "x", "lrat", "-5"] {
            assert_eq!(writer_gone(other), None, "{other}");
        }
    }
}
