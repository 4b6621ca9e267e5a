//! The command line as clap parses it, with one repair: a flag's value that opens with `-` and a
//! digit (`--size -3`) is the flag's value, so that its own parser says what is wrong with it.

use std::ffi::OsString;

/// `args` parsed by the command `command` makes, a flag's value that opens with `-` and a
/// digit taken as its value ([`hyphen_value_joined`]).
pub(super) fn parse(
    command: impl Fn() -> clap::Command,
    mut args: Vec<OsString>,
) -> Result<clap::ArgMatches, clap::Error> {
    // Each join takes one argument away, so this ends.
    loop {
        match command().try_get_matches_from(&args) {
            Err(e) => match hyphen_value_joined(&args, &e) {
                Some(joined) => args = joined,
                None => return Err(e),
            },
            Ok(m) => return Ok(m),
        }
    }
}

/// `args` with a value that opens with `-` and a digit joined to the flag before it (`--size
/// -3` as `--size=-3`, `--walls -1,2`, `--shard -1/2`), where clap took the value for an unknown
/// flag (`e`); `None` when `e` is no such error. clap's own advice, to pass `-3` after `--`,
/// would make it a file name; joined, the flag's own parser says what is wrong with the value.
fn hyphen_value_joined(args: &[OsString], e: &clap::Error) -> Option<Vec<OsString>> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let (ErrorKind::UnknownArgument, Some(ContextValue::String(bad))) =
        (e.kind(), e.get(ContextKind::InvalidArg))
    else {
        return None;
    };
    let looks_negative = |t: &str| {
        t.strip_prefix('-')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    };
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let i = (2..end).find(|&i| {
        let (flag, value) = (args[i - 1].to_string_lossy(), args[i].to_string_lossy());
        looks_negative(&value)
            && value.starts_with(bad.as_str())
            && flag.starts_with("--")
            && !flag.contains('=')
    })?;
    let mut joined = args.to_vec();
    let value = joined.remove(i);
    let mut flag = joined[i - 1].clone();
    flag.push("=");
    flag.push(value);
    joined[i - 1] = flag;
    Some(joined)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_negative_value_is_joined_to_its_flag() {
        let command = || {
            clap::Command::new("q")
                .arg(clap::Arg::new("size").long("size"))
                .arg(
                    clap::Arg::new("quiet")
                        .long("quiet")
                        .action(clap::ArgAction::SetTrue),
                )
                .arg(clap::Arg::new("file"))
        };
        let args = |a: &[&str]| a.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
        let m = super::parse(command, args(&["q", "--size", "-3", "f"])).unwrap();
        assert_eq!(m.get_one::<String>("size").unwrap(), "-3");
        assert_eq!(m.get_one::<String>("file").unwrap(), "f");
        let m = super::parse(command, args(&["q", "--size", "-1,2", "--", "-4"])).unwrap();
        assert_eq!(m.get_one::<String>("size").unwrap(), "-1,2");
        assert_eq!(m.get_one::<String>("file").unwrap(), "-4");
        // A flag that takes no value still refuses one; `-x` is no number.
        assert!(super::parse(command, args(&["q", "--quiet", "-3"])).is_err());
        assert!(super::parse(command, args(&["q", "--size", "-x"])).is_err());
    }
}
