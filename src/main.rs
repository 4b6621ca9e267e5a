//! The `queensat` command line: [`cli`] parses, calls the library, prints.

mod cli;

fn main() {
    // `print!` panics when stdout cannot be written. A closed stdout (`queensat ... | head -1`)
    // ends the process quietly with exit 0, as for other line-oriented tools; any other write
    // failure (a full disk) is an error like the rest: one line, exit 2. Every other panic is
    // reported as usual.
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
            if why.contains("Broken pipe") {
                std::process::exit(0);
            }
            eprintln!("queensat: error: cannot write to standard output: {why}");
            std::process::exit(2);
        }
        report(info);
    }));
    std::process::exit(cli::main());
}
