//! `shaderxform serve`: its options, and the server run on standard input
//! and output.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use shaderxform::serve::ServeOptions;

use super::exit;
use super::files::parse_byte_size;

#[derive(Args, Debug)]
pub(super) struct ServeArgs {
    /// Read only files under DIR (shaders, include folders and what they
    /// `#include`), after resolving symbolic links; a request for any
    /// other file gets a `forbidden` error [default: any file the server
    /// can read].
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,

    /// Seconds one request may take; a request over it gets a `timeout`
    /// error and the server goes on with the next.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    request_timeout: f64,

    /// The largest shader file read: bytes, or with a K, M or G suffix.
    #[arg(long, value_name = "SIZE", default_value = "16M", value_parser = parse_byte_size)]
    max_input_size: u64,
}

pub(super) fn serve(args: ServeArgs) -> i32 {
    if !(args.request_timeout.is_finite() && args.request_timeout > 0.0) {
        eprintln!("error: --request-timeout must be a positive number of seconds");
        return exit::USAGE;
    }
    let mut options = ServeOptions {
        timeout: Some(Duration::from_secs_f64(args.request_timeout)),
        max_input_size: args.max_input_size,
        ..ServeOptions::default()
    };
    if let Some(root) = &args.root {
        options = match options.with_root(root) {
            Ok(options) => options,
            Err(e) => {
                eprintln!("error: --root {}: {e}", root.display());
                return exit::USAGE;
            }
        };
    }
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match shaderxform::serve::serve_with(stdin, stdout, &options) {
        Ok(()) => exit::OK,
        Err(e) => {
            eprintln!("error: shaderxform serve: {e}");
            exit::FAILED
        }
    }
}
