//! `ayo man`: the manual page, in roff.

use std::io::Write;

use clap::CommandFactory;

use super::{Cli, Fatal};

/// Print the manual page of ayo, or of one of its commands, in roff.
///
/// `ayo man` is ayo(1), with every command listed; `ayo man validate` is
/// ayo-validate(1), with all of its options; `ayo man tables build` is
/// ayo-tables-build(1).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo man | man -l -
  ayo man > ~/.local/share/man/man1/ayo.1
  ayo man validate > ~/.local/share/man/man1/ayo-validate.1")]
pub struct Args {
    /// The command whose page to print (default: ayo's own).
    #[arg(value_name = "COMMAND")]
    command: Vec<String>,
}

pub fn run(args: Args, out: &mut impl Write) -> Result<(), Fatal> {
    let mut cmd = Cli::command();
    // Built, so that each command knows its full name (`ayo-validate`) and
    // the global options it inherits.
    cmd.build();
    let mut page = cmd;
    for name in &args.command {
        page = match page.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => return Err(Fatal::Error(unknown_command(&page, name))),
        };
    }
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .source(concat!("ayo ", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)?;
    out.write_all(&roff)?;
    Ok(())
}

/// `ayo man NAME` for a NAME that is no command of `cmd`: the error lists
/// them.
fn unknown_command(cmd: &clap::Command, name: &str) -> String {
    let names: Vec<&str> = cmd
        .get_subcommands()
        .map(clap::Command::get_name)
        .filter(|n| *n != "help")
        .collect();
    format!(
        "`{}` has no command `{name}`: expected one of {}",
        cmd.get_display_name()
            .unwrap_or(cmd.get_name())
            .replace('-', " "),
        names.join(", ")
    )
}
