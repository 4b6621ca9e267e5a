//! How an error reaches the user: one line `queensat: error: ...` on stderr and exit 2, for a
//! usage error clap finds as for any other.

use super::stdout::{is_broken_pipe, write_stdout};
use queensat::run::one_line;

/// Help and version go to stdout (exit 0); a usage error becomes one line
/// `queensat: error: ...` on stderr, exit 2, like every other error.
pub(super) fn clap_exit(e: clap::Error) -> i32 {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return match write_stdout(e.to_string().as_bytes()) {
            Ok(()) => 0,
            Err(e) if is_broken_pipe(&e) => 0,
            Err(e) => {
                eprintln!("queensat: error: {}", one_line(&e));
                2
            }
        };
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        eprint!("{}", e.render());
        return 2;
    }
    eprintln!(
        "queensat: error: {} (see --help)",
        usage_error_line(&e.render().to_string())
    );
    2
}

/// clap's message without its usage block, on one line: the first line names the problem
/// and the indented lines under it name the arguments ("not provided: --cols <C>").
fn usage_error_line(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut joined = String::new();
    for l in lines {
        if !joined.is_empty() {
            joined.push_str(if l.starts_with("tip:") { "; " } else { " " });
        }
        joined.push_str(l);
    }
    let msg = joined.strip_prefix("error: ").unwrap_or(&joined);
    if msg.is_empty() {
        "bad arguments".to_string()
    } else {
        msg.to_string()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_usage_error_is_one_line_with_the_names_clap_lists() {
        let text = "error: the following required arguments were not provided:\n  --cols <C>\n\n\
                    Usage: queensat value --rows <R> --cols <C>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            super::usage_error_line(text),
            "the following required arguments were not provided: --cols <C>"
        );
        let text = "error: unexpected argument '--foo' found\n\n  tip: to pass '--foo' as a value, use \
                    '-- --foo'\n\nUsage: queensat value [OPTIONS]\n";
        assert_eq!(
            super::usage_error_line(text),
            "unexpected argument '--foo' found; tip: to pass '--foo' as a value, use '-- --foo'"
        );
        assert_eq!(super::usage_error_line("Usage: x\n"), "bad arguments");
    }
}
