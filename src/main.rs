fn main() {
    // Writing to a closed stdout (`queensat ... | head -1`) ends the process quietly with exit
    // 0, as for other line-oriented tools: `print!` panics on a broken pipe, so the panic that
    // says so exits instead of reporting. Every other panic is reported as usual.
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        report(info);
    }));
    std::process::exit(queensat::cli::main());
}
