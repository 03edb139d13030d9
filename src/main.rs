//! The `ayo` binary: parse the command line, run the command, map the outcome to
//! an exit code (0 all valid, 1 some record invalid, 2 usage or I/O error).
//!
//! The command line lives here, in the binary, not in the library: its types
//! (argument structs, the input helpers) are not public API (ripgrep keeps its
//! CLI in its binary crate the same way).

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
