//! The `ayo` binary: parse the command line, run the command, map the outcome to
//! an exit code (0 all valid, 1 some record invalid, 2 usage or I/O error).

fn main() -> std::process::ExitCode {
    ayo::cli::main()
}
