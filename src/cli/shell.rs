//! `queensat completions SHELL` and `queensat man DIR`: shell completions and man pages, both
//! generated from the clap definitions, so they never drift from `--help`.

use crate::io::{new_dir_or_nothing, write_atomic};
use clap::Args;
use clap_complete::Shell;
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
    #[arg(value_name = "DIR")]
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

/// `cmd`: as for [`run_completions`].
pub fn run_man(a: ManArgs, mut cmd: clap::Command) -> anyhow::Result<i32> {
    cmd.build(); // gives each command its full name, `queensat solve`
    let mut pages = vec![("queensat".to_string(), cmd.clone())];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        pages.push((format!("queensat-{}", sub.get_name()), sub.clone()));
    }
    // Every page rendered before the first is written; a new folder is removed again when a
    // write fails, so a failed run leaves no half set.
    let mut rendered = Vec::new();
    for (name, page) in pages {
        let mut roff = Vec::new();
        clap_mangen::Man::new(page)
            .title(name.as_str())
            .render(&mut roff)?;
        rendered.push((a.dir.join(format!("{name}.1")), roff));
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
