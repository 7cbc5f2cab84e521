fn main() {
    restore_sigpipe();
    std::process::exit(uno_sim::cli::main_with(std::env::args_os()));
}

/// Rust ignores SIGPIPE, so printing to a closed pipe (`uno replay ... | head`) would panic in
/// `println!`. Restoring the default action ends the process quietly instead, as other
/// command-line tools do. Result files are written atomically, so nothing is left half-written.
#[cfg(unix)]
fn restore_sigpipe() {
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    // SAFETY: `signal` from the C library, setting a standard signal to its default action
    // before any other thread exists.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_sigpipe() {}
