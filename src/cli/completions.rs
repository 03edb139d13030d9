//! `ayo completions`: shell completion scripts.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, Fatal};

/// Print a shell completion script.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo completions bash > ~/.local/share/bash-completion/completions/ayo
  ayo completions zsh > ~/.zfunc/_ayo
  ayo completions fish > ~/.config/fish/completions/ayo.fish")]
pub struct Args {
    /// The shell.
    shell: Shell,
}

pub fn run(args: Args, out: &mut impl Write) -> Result<(), Fatal> {
    clap_complete::generate(args.shell, &mut Cli::command(), "ayo", out);
    Ok(())
}
