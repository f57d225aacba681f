//! Two things the command line needs from its build.
//!
//! Its debug information (line tables of shaderxform's own crates, for
//! backtraces) is compressed where the linker can: it is two thirds of the
//! binary otherwise. Backtraces, debuggers and `addr2line` read compressed
//! sections.
//!
//! `shaderxform --version` names what reproduces an output: the commit it
//! was built from (from `git` in a checkout, from the package's
//! `.cargo_vcs_info.json` otherwise, else nothing) and the versions of
//! naga and SPIRV-Tools' crate in `Cargo.lock`. None of it may fail the
//! build: without git or a lock file the line is left out.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if linux {
        // GNU ld, gold, lld and mold all take it.
        println!("cargo:rustc-link-arg-bins=-Wl,--compress-debug-sections=zlib");
    }
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    if let Some(commit) = git_commit(&manifest_dir).or_else(|| packaged_commit(&manifest_dir)) {
        println!("cargo:rustc-env=SHADERXFORM_GIT_COMMIT={commit}");
    }
    let lock = manifest_dir.join("Cargo.lock");
    if let Ok(text) = std::fs::read_to_string(&lock) {
        println!("cargo:rerun-if-changed={}", lock.display());
        for (package, variable) in [
            ("naga", "SHADERXFORM_NAGA_VERSION"),
            ("spirv-tools-sys", "SHADERXFORM_SPIRV_TOOLS_SYS_VERSION"),
        ] {
            let versions = locked_versions(&text, package);
            if !versions.is_empty() {
                println!("cargo:rustc-env={variable}={}", versions.join(", "));
            }
        }
    }
}

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

/// The commit checked out, where this crate is the top of a git checkout
/// (not a package unpacked inside someone else's repository).
fn git_commit(manifest_dir: &Path) -> Option<String> {
    let top = git(manifest_dir, &["rev-parse", "--show-toplevel"])?;
    let same = |a: &Path, b: &Path| a.canonicalize().ok() == b.canonicalize().ok();
    if !same(Path::new(&top), manifest_dir) {
        return None;
    }
    let commit = git(manifest_dir, &["rev-parse", "HEAD"])?;
    // Build again when HEAD moves: the checked-out branch's ref, or HEAD
    // itself when detached. Only files that exist, or cargo would run
    // this script on every build.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(manifest_dir, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for name in watched {
        if let Some(path) = git(manifest_dir, &["rev-parse", "--git-path", &name]) {
            let path = manifest_dir.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    Some(commit)
}

/// The commit `cargo package` recorded, for a build from crates.io.
fn packaged_commit(manifest_dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(manifest_dir.join(".cargo_vcs_info.json")).ok()?;
    let after = &text[text.find("\"sha1\"")? + "\"sha1\"".len()..];
    let start = after.find('"')? + 1;
    let end = start + after[start..].find('"')?;
    let sha = &after[start..end];
    sha.chars()
        .all(|c| c.is_ascii_hexdigit())
        .then(|| sha.to_string())
}

/// Every version of `package` in a Cargo.lock, in the lock's order.
fn locked_versions(lock: &str, package: &str) -> Vec<String> {
    let name_line = format!("name = \"{package}\"");
    let mut lines = lock.lines();
    let mut versions = Vec::new();
    while let Some(line) = lines.next() {
        if line.trim() == name_line {
            let version = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
                .and_then(|v| v.strip_suffix('"'));
            if let Some(version) = version {
                versions.push(version.to_string());
            }
        }
    }
    versions
}
