//! `shaderxform completions SHELL` and `shaderxform man`: the completion
//! script and the man page, both generated from the arguments clap reads,
//! so that they name every option this build has.

use std::io::Write;

use clap::CommandFactory;

use super::args::Cli;
use super::exit;

#[derive(clap::Args, Debug)]
pub(super) struct CompletionsArgs {
    /// The shell whose completion script to print.
    #[arg(value_enum)]
    pub(super) shell: clap_complete::Shell,
}

pub(super) fn completions(args: CompletionsArgs) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "shaderxform", &mut script);
    print(&script)
}

#[derive(clap::Args, Debug)]
pub(super) struct ManArgs {
    /// A subcommand whose own page to print (`shaderxform-batch(1)`)
    /// [default: the page of shaderxform itself].
    #[arg(value_name = "SUBCOMMAND")]
    pub(super) subcommand: Option<String>,
}

pub(super) fn man(args: ManArgs) -> i32 {
    let mut command = Cli::command();
    // Built, subcommands carry their global options and are named
    // `shaderxform-batch`, as the main page's SUBCOMMANDS section says.
    command.build();
    if let Some(name) = &args.subcommand {
        let Some(sub) = command.find_subcommand(name).cloned() else {
            let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
            eprintln!(
                "error: no subcommand `{name}`; expected one of: {}",
                names.join(", ")
            );
            return exit::USAGE;
        };
        command = sub;
    }
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command)
        .source(concat!("shaderxform ", env!("CARGO_PKG_VERSION")))
        .manual("shaderxform manual");
    match man.render(&mut page) {
        Ok(()) => print(&page),
        Err(e) => {
            eprintln!("error: cannot render the man page: {e}");
            exit::FAILED
        }
    }
}

fn print(bytes: &[u8]) -> i32 {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => exit::OK,
        Err(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            exit::FAILED
        }
    }
}
