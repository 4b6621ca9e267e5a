fn main() {
    // Writing to a closed pipe (`queensat ... | head -1`) ends the process quietly, as for
    // other command-line tools, instead of a panic in `println!`.
    // SAFETY: setting a signal disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(queensat::cli::main());
}
