//! `shaderxform --version`: the version on the first line, for scripts,
//! then what reproducing an output takes: the commit, naga, where SPIR-V
//! validation comes from, and glslang. Looked up only when asked for:
//! finding glslang and spirv-val runs them.

use std::fmt::Write;
use std::process::Command;

use shaderxform::front::glslang;
use shaderxform::spirv_tools::{spirv_val, Provenance};

/// Whether the arguments ask for the long version (clap prints it then).
pub(super) fn asked_for(args: &[std::ffi::OsString]) -> bool {
    args.iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| a == "--version")
}

/// The text after `shaderxform ` that `--version` prints.
pub(super) fn long_version() -> String {
    let mut text = env!("CARGO_PKG_VERSION").to_string();
    let mut line = |key: &str, value: &str| {
        let _ = write!(text, "\n{key}: {value}");
    };
    if let Some(commit) = option_env!("SHADERXFORM_GIT_COMMIT") {
        line("commit", commit);
    }
    line(
        "naga",
        option_env!("SHADERXFORM_NAGA_VERSION").unwrap_or("30 (version not recorded)"),
    );
    let spirv_tools = match spirv_val() {
        Some(v) if v.provenance == Provenance::InProcess => format!(
            "compiled in (spirv-tools-sys {})",
            option_env!("SHADERXFORM_SPIRV_TOOLS_SYS_VERSION").unwrap_or("version not recorded")
        ),
        Some(v) => format!(
            "not compiled in; spirv-val: {}{}",
            v.path
                .as_ref()
                .map_or_else(|| "installed".to_string(), |p| p.display().to_string()),
            v.version.map(|v| format!(" ({v})")).unwrap_or_default()
        ),
        None => {
            "not compiled in; no spirv-val on PATH (SPIR-V is checked by naga alone)".to_string()
        }
    };
    line("SPIRV-Tools", &spirv_tools);
    line("glslang", &glslang_version());
    let features: Vec<&str> = [
        ("gpu", cfg!(feature = "gpu")),
        (
            "spirv-tools-compiled",
            cfg!(feature = "spirv-tools-compiled"),
        ),
    ]
    .into_iter()
    .filter_map(|(name, on)| on.then_some(name))
    .collect();
    line(
        "features",
        &if features.is_empty() {
            "none".to_string()
        } else {
            features.join(", ")
        },
    );
    text
}

/// What `glslangValidator --version` says of itself (its first line,
/// `Glslang Version: 11:14.0.0`), or that it is not on PATH.
fn glslang_version() -> String {
    let not_found = format!(
        "{} not found on PATH (GLSL is read by naga)",
        glslang::PROGRAM
    );
    let Ok(out) = Command::new(glslang::PROGRAM).arg("--version").output() else {
        return not_found;
    };
    if !out.status.success() {
        return not_found;
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let first = stdout.lines().next().unwrap_or_default();
    let version = first
        .split_once(':')
        .map_or(first, |(_, v)| v)
        .trim()
        .to_string();
    format!("{version} ({})", glslang::PROGRAM)
}
