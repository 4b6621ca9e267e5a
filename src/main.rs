fn main() {
    std::process::exit(queensat::cli::main());
}
