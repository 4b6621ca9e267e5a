//! Checks of the whole command line's definition: clap's own consistency checks (which
//! release builds skip), the examples and the manual's sections, and help that names only
//! the flags a command has.

#[test]
fn the_arguments_are_consistent() {
    // clap's own checks (unique names, valid conflicts), which release builds skip.
    super::command().debug_assert();
}

#[test]
fn every_subcommand_has_examples_and_the_signal_list_names_subcommands() {
    let cmd = super::command();
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let n = super::manual::examples(sub.get_name()).len();
        assert!((2..=3).contains(&n), "{}: {n} examples", sub.get_name());
    }
    for name in super::exit_status::STOPPED_BY_SIGNAL {
        assert!(cmd.find_subcommand(name).is_some(), "{name}");
    }
}

/// A command without `--time-limit` does not mention it in its help (`--solver`'s help
/// said "cadical under --time-limit" in `solutions`, `puzzles` and `verify`).
#[test]
fn only_commands_with_a_time_limit_mention_it() {
    let mut cmd = super::command();
    cmd.build();
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        if sub.get_arguments().any(|a| a.get_id() == "time_limit") {
            continue;
        }
        for arg in sub.get_arguments() {
            let help = [arg.get_help(), arg.get_long_help()];
            let text = help.iter().flatten().map(|h| h.to_string()).collect::<String>();
            assert!(
                !text.contains("--time-limit"),
                "{} {}: {text}",
                sub.get_name(),
                arg.get_id()
            );
        }
    }
}

#[test]
fn every_entry_of_the_manual_has_its_text_and_every_section_a_known_name() {
    let cmd = super::command();
    let sections = super::manual::sections();
    for (name, entries) in sections {
        assert!(
            name == "environment" || cmd.find_subcommand(name).is_some(),
            "manual.txt: [{name}] names no subcommand"
        );
        assert_eq!(
            sections.iter().filter(|(n, _)| n == name).count(),
            1,
            "[{name}] twice"
        );
        for e in entries {
            assert!(!e.text.is_empty(), "[{name}] {}: no text", e.key);
        }
    }
    assert_eq!(super::manual::section("environment").len(), 3);
}

/// The help is prose for the user: no rustdoc link (`[`Placement`]'s order` reached the
/// help of `solutions --breaking` from a library enum's doc comment).
#[test]
fn no_help_shows_a_rustdoc_link() {
    fn each(cmd: &mut clap::Command, path: &str) {
        let text = cmd.render_long_help().to_string();
        assert!(!text.contains("[`"), "{path} --help: {text}");
        for sub in cmd.get_subcommands_mut() {
            let path = format!("{path} {}", sub.get_name());
            each(sub, &path);
        }
    }
    let mut cmd = super::command();
    cmd.build();
    each(&mut cmd, "queensat");
}
