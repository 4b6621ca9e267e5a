//! `queensat completions SHELL` and `queensat man DIR`: shell completions and man pages, both
//! generated from the clap definitions, so they never drift from `--help`.

use clap::Args;
use clap_complete::Shell;
use queensat::io::{new_dir_or_nothing, write_atomic};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish (also elvish, powershell).
    #[arg(value_enum)]
    pub shell: Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write `queensat.1` and one `queensat-COMMAND.1` per command into this directory.
    #[arg(value_name = "DIR", value_parser = queensat::io::output_folder_path)]
    pub dir: PathBuf,
}

/// `cmd`: the whole command line's definition (the caller's `Cli::command()`).
pub fn run_completions(a: CompletionsArgs, mut cmd: clap::Command) -> anyhow::Result<i32> {
    // Into a buffer first: `generate` panics on a failed write.
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "queensat", &mut script);
    super::stdout::write_stdout(&script)?;
    Ok(0)
}

/// One man page: clap's sections (the examples of `--help`, which the EXAMPLES section holds,
/// left out), then EXIT STATUS, ENVIRONMENT and EXAMPLES ([`super::manual`]).
fn man_page(title: &str, name: Option<&str>, page: clap::Command) -> anyhow::Result<Vec<u8>> {
    let page = page.after_help(None::<&str>);
    let man = clap_mangen::Man::new(page.clone()).title(title);
    let mut roff = Vec::new();
    man.render_title(&mut roff)?;
    man.render_name_section(&mut roff)?;
    man.render_synopsis_section(&mut roff)?;
    man.render_description_section(&mut roff)?;
    man.render_options_section(&mut roff)?;
    if page.get_subcommands().next().is_some() {
        man.render_subcommands_section(&mut roff)?;
    }
    roff.extend(super::manual::man_sections(name).into_bytes());
    if page.get_version().is_some() {
        man.render_version_section(&mut roff)?;
    }
    Ok(roff)
}

/// `cmd`: as for [`run_completions`].
pub fn run_man(a: ManArgs, mut cmd: clap::Command) -> anyhow::Result<i32> {
    cmd.build(); // gives each command its full name, `queensat solve`
    let mut pages = vec![("queensat".to_string(), None, cmd.clone())];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        pages.push((
            format!("queensat-{}", sub.get_name()),
            Some(sub.get_name()),
            sub.clone(),
        ));
    }
    // Every page rendered before the first is written; a new folder is removed again when a
    // write fails, so a failed run leaves no half set.
    let mut rendered = Vec::new();
    for (title, name, page) in pages {
        rendered.push((a.dir.join(format!("{title}.1")), man_page(&title, name, page)?));
    }
    new_dir_or_nothing(&a.dir, || {
        for (path, roff) in &rendered {
            write_atomic(path, roff)?;
        }
        Ok(())
    })?;
    for (path, _) in &rendered {
        outln!("{}", path.display())?;
    }
    Ok(0)
}
