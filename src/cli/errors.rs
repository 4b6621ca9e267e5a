//! How an error reaches the user: one line `queensat: error: ...` on stderr and exit 2, for a
//! usage error clap finds as for any other.

use super::stdout::{is_broken_pipe, write_stdout};
use queensat::run::one_line;

/// Help and version go to stdout (exit 0); a usage error becomes one line
/// `queensat: error: ...` on stderr, exit 2, like every other error, ending on the help of
/// `command` (the whole command line's definition) to see.
pub(super) fn clap_exit(e: clap::Error, command: &clap::Command) -> i32 {
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
    // Lossy: an argument that is not UTF-8 is still a usage error to report, not a panic.
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let (words, at) = help_command(command, &args);
    let problem = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // `queensat` or `queensat encode` alone: one line, as for any usage error, not the
        // whole help on stderr.
        let subs: Vec<&str> = at
            .get_subcommands()
            .map(clap::Command::get_name)
            .filter(|&n| n != "help")
            .collect();
        format!("{words} needs a subcommand: {}", subs.join(", "))
    } else {
        plain_number_error(&e, usage_error_line(&e.render().to_string()))
    };
    eprintln!("queensat: error: {problem} (see {words} --help)");
    2
}

/// The (sub)command whose help answers a usage error in `args` (`queensat value`, `queensat
/// least-walls table`): `queensat` and the subcommands named first, so that the advice to see
/// its help is a command to paste (a bare `--help` is none), and its definition.
fn help_command<'a>(cmd: &'a clap::Command, args: &[String]) -> (String, &'a clap::Command) {
    let mut words = vec!["queensat"];
    let mut at = cmd;
    for a in args.iter().skip(1) {
        let Some(sub) = at.find_subcommand(a) else { break };
        words.push(a);
        at = sub;
    }
    (words.join(" "), at)
}

/// `msg` with Rust's words for a number that did not parse (`invalid digit found in string`,
/// `number too large to fit in target type`) put as the flag's bounds: every whole-number flag
/// that clap parses is a `usize` or `u64`.
fn plain_number_error(e: &clap::Error, msg: String) -> String {
    use std::num::{IntErrorKind, ParseIntError};
    let Some(p) = std::error::Error::source(e).and_then(|s| s.downcast_ref::<ParseIntError>()) else {
        return msg;
    };
    let plain = match p.kind() {
        IntErrorKind::PosOverflow => format!("too large (at most {})", u64::MAX),
        IntErrorKind::InvalidDigit => {
            use clap::error::{ContextKind, ContextValue};
            match e.get(ContextKind::InvalidValue) {
                Some(ContextValue::String(v)) if v.starts_with('-') => "it is negative".to_string(),
                _ => "not a whole number".to_string(),
            }
        }
        _ => return msg,
    };
    msg.replace(&p.to_string(), &plain)
}

/// clap's message without its usage block, on one line: the first line names the problem
/// and the indented lines under it name the arguments ("not provided: --cols <C>"). clap's tip
/// to pass an unknown flag as a value after `--` is left out: the value would be a file name.
fn usage_error_line(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .filter(|l| !(l.starts_with("tip: to pass '") && l.contains("' as a value, use '-- ")))
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
        assert_eq!(super::usage_error_line(text), "unexpected argument '--foo' found");
        let text = "error: unexpected argument '--sise' found\n\n  tip: a similar argument exists: \
                    '--size'\n\nUsage: queensat value [OPTIONS]\n";
        assert_eq!(
            super::usage_error_line(text),
            "unexpected argument '--sise' found; tip: a similar argument exists: '--size'"
        );
        assert_eq!(super::usage_error_line("Usage: x\n"), "bad arguments");
    }

    #[test]
    fn the_help_to_see_is_the_subcommand_s() {
        let table = clap::Command::new("table").arg(clap::Arg::new("runs"));
        let cmd = clap::Command::new("queensat")
            .subcommand(clap::Command::new("value"))
            .subcommand(clap::Command::new("least-walls").subcommand(table));
        let help = |a: &str| super::help_command(&cmd, &a.split(' ').map(String::from).collect::<Vec<_>>()).0;
        assert_eq!(help("queensat value --sise 8"), "queensat value");
        assert_eq!(
            help("/bin/queensat least-walls table x.json --bad"),
            "queensat least-walls table"
        );
        assert_eq!(help("queensat no-such --size 8"), "queensat");
    }
}
