//! Helpers of the tests that run shaders on the adapter (lavapipe where
//! there is no GPU): they skip with a message where there is none, unless
//! SHADERXFORM_REQUIRE_GPU=1, when they fail.

use std::process::{Command, Output};

use shaderxform::gpu::{Error, Validation};

use super::{gpu_required, root};

/// `shaderxform validate ARGS`, run from the repository's root.
pub fn validate_command(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("validate")
        .args(args)
        .current_dir(root())
        .output()
        .expect("run shaderxform")
}

/// A run's stdout and stderr, for assertion messages.
pub fn output_text(out: &Output) -> String {
    format!(
        "--- stdout ---\n{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `false` (after saying why) when the binary found no adapter (exit 4).
pub fn had_adapter(out: &Output) -> bool {
    if out.status.code() == Some(4) {
        assert!(
            !gpu_required(),
            "SHADERXFORM_REQUIRE_GPU is set but there is no adapter:\n{}",
            output_text(out)
        );
        eprintln!("skipping: no adapter");
        return false;
    }
    true
}

/// `None` (after saying why) when there is no adapter and that is allowed.
pub fn adapter_or_skip(result: Result<Validation, Error>, what: &str) -> Option<Validation> {
    match result {
        Err(Error::NoAdapter(message)) => {
            assert!(
                !gpu_required(),
                "SHADERXFORM_REQUIRE_GPU is set but there is no adapter: {message}"
            );
            eprintln!("skipping {what}: {message}");
            None
        }
        Err(e) => panic!("{what}: {e}"),
        Ok(v) => Some(v),
    }
}
