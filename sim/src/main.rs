fn main() {
    std::process::exit(uno_sim::cli::main_with(std::env::args_os()));
}
