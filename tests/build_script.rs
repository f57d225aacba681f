//! `shaderxform::build` from a real build script: builds and runs
//! `examples/build-script`, whose `main` checks the shaders its build
//! script wrote, then breaks one of its shaders and checks that the build
//! fails with the diagnostic.
//!
//! The example is its own workspace (its build dependency is the library
//! without default features); it shares this build's target folder so that
//! the dependencies they have in common are compiled once.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

fn cargo_run(manifest: &Path) -> Output {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["run", "--quiet", "--manifest-path"])
        .arg(manifest)
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo")
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(&name));
        } else {
            std::fs::copy(&path, to.join(&name)).unwrap();
        }
    }
}

#[test]
fn the_example_build_script_compiles_its_shaders_and_fails_on_a_bad_one() {
    let example = root().join("examples/build-script");
    let ok = cargo_run(&example.join("Cargo.toml"));
    assert!(
        ok.status.success(),
        "the example failed\n--- stderr ---\n{}\n--- stdout ---\n{}",
        String::from_utf8_lossy(&ok.stderr),
        String::from_utf8_lossy(&ok.stdout)
    );
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert!(stdout.contains("bounds.wgsl:"), "{stdout}");

    // A copy with one shader broken: the build fails, showing where. The
    // copy keeps the example's name and lock file, and its path
    // dependency points back at this crate.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("build-script");
    copy_tree(&example, &copy);
    let manifest = std::fs::read_to_string(copy.join("Cargo.toml"))
        .unwrap()
        .replace(
            "path = \"../..\"",
            &format!("path = {:?}", root().display().to_string()),
        );
    std::fs::write(copy.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(
        copy.join("shaders/compute/broken.wgsl"),
        "fn f() -> i32 {\n  return x +;\n}\n",
    )
    .unwrap();
    let failed = cargo_run(&copy.join("Cargo.toml"));
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(!failed.status.success(), "a broken shader built\n{stderr}");
    assert!(
        stderr.contains("shaders/compute/broken.wgsl:2:13"),
        "the build's error lacks the position\n{stderr}"
    );
    assert!(stderr.contains("expected expression"), "{stderr}");
}
