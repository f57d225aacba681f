//! Argument parsing, file handling and printing. Everything that decides
//! what a shader becomes lives in the library.
//!
//! This file holds the entry point, the dispatch to each command and the
//! panic hook. The arguments are in `args`, reading inputs and building
//! the compiler in `input`, printing in `print`, exit codes in `exit`;
//! each command has its own file (`transform`, `check`, `gpu` for
//! validate and bench, `batch`, `uniformity`, `files` for serve and the
//! file helpers, `generate` for completions and the man page, `version`
//! for `--version`); `-q` and `-v` are read through `verbosity`.

use std::sync::Mutex;

use clap::{CommandFactory, FromArgMatches};

mod args;
mod batch;
mod check;
pub mod exit;
mod files;
mod generate;
#[cfg(feature = "gpu")]
mod gpu;
mod input;
mod print;
mod serve;
mod transform;
mod uniformity;
#[cfg(feature = "gpu")]
mod validate_isolated;
mod validate_many;
mod verbosity;
mod version;

use args::{Cli, Command};

pub fn main() -> i32 {
    install_quiet_panic_hook();
    let args = verbosity_after_subcommand(std::env::args_os().collect());
    let mut command = Cli::command();
    if version::asked_for(&args) {
        // Printed once and the process exits: the text may live for ever.
        command = command.long_version(version::long_version().leak() as &str);
    }
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|mut matches| Cli::from_arg_matches_mut(&mut matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            };
        }
    };
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(code) => code,
        Err(_) => {
            let detail = LAST_PANIC
                .lock()
                .ok()
                .and_then(|p| p.clone())
                .unwrap_or_default();
            eprintln!("error: internal error: shaderxform panicked: {detail}");
            eprintln!("  = note: this is a bug in shaderxform, not in the shader");
            exit::FAILED
        }
    }
}

fn run(cli: Cli) -> i32 {
    verbosity::set(if cli.quiet {
        verbosity::Verbosity::Quiet
    } else if cli.verbose {
        verbosity::Verbosity::Verbose
    } else {
        verbosity::Verbosity::Normal
    });
    match cli.command {
        Some(Command::Check(args)) => check::check(args),
        #[cfg(feature = "gpu")]
        Some(Command::Validate(args)) => gpu::validate(args),
        #[cfg(feature = "gpu")]
        Some(Command::Bench(args)) => gpu::bench(args),
        Some(Command::Batch(args)) => batch::run(args),
        Some(Command::Serve(args)) => serve::serve(args),
        Some(Command::Uniformity(args)) => uniformity::run(args),
        Some(Command::Completions(args)) => generate::completions(args),
        Some(Command::Man(args)) => generate::man(args),
        None => transform::transform(cli.transform),
    }
}

/// `shaderxform -q batch ...` as `shaderxform batch -q ...`: clap takes
/// any argument before a subcommand's name for the default command's,
/// and would refuse the subcommand.
fn verbosity_after_subcommand(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let is_verbosity = |a: &std::ffi::OsString| {
        matches!(
            a.to_str(),
            Some("-q" | "--quiet" | "-v" | "--verbose" | "-qv" | "-vq")
        )
    };
    let leading = args.iter().skip(1).take_while(|a| is_verbosity(a)).count();
    let names_subcommand = args.get(1 + leading).is_some_and(|name| {
        Cli::command()
            .get_subcommands()
            .any(|sub| sub.get_name() == name.to_str().unwrap_or_default())
    });
    if leading > 0 && names_subcommand {
        args[1..=1 + leading].rotate_left(leading);
    }
    args
}

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Panics are reported as internal errors by whoever catches them; the
/// default hook's backtrace note is not for users.
fn install_quiet_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let location = info
            .location()
            .map(|l| format!(" at {l}"))
            .unwrap_or_default();
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(format!("{message}{location}"));
        }
    }));
}
