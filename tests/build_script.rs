//! `shaderxform::build` from a real build script: builds and runs
//! `examples/build-script`, whose `main` runs the shaders its build script
//! wrote on a GPU adapter (lavapipe in CI) with the generated module and
//! `shaderxform-host`, and compares them with the CPU; then breaks one of
//! its shaders and checks that the build fails with the diagnostic.
//! Without an adapter the example says so and exits 2, which skips the
//! GPU's part unless SHADERXFORM_REQUIRE_GPU is set.
//!
//! The example's build dependency is the library without SPIRV-Tools
//! compiled in: SPIR-V is checked by the installed `spirv-val` where there
//! is one, which the test checks too.
//!
//! The example is its own workspace (its build dependency is the library
//! without default features); it shares this build's target folder so that
//! the dependencies they have in common are compiled once.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The example's exit code without an adapter.
const NO_ADAPTER: i32 = 2;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

fn cargo(manifest: &Path) -> Command {
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cargo
        .args(["run", "--quiet", "--manifest-path"])
        .arg(manifest)
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS");
    cargo
}

fn cargo_run(manifest: &Path) -> Output {
    cargo(manifest).output().expect("run cargo")
}

/// The installed program, as the library finds it.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

/// Assembles, but SPIRV-Tools' validator refuses it: no OpMemoryModel.
const SPIRV_WITHOUT_MEMORY_MODEL: &str = "; Version: 1.3
OpCapability Shader
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
";

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
    let stdout = String::from_utf8_lossy(&ok.stdout);
    let stderr = String::from_utf8_lossy(&ok.stderr);
    if ok.status.code() == Some(NO_ADAPTER) && !common::gpu_required() {
        eprintln!("skipping the GPU's part: {stderr}");
    } else {
        assert!(
            ok.status.success(),
            "the example failed\n--- stderr ---\n{stderr}\n--- stdout ---\n{stdout}"
        );
        // Each shader ran and gave what the CPU computes.
        for shader in ["bounds", "texels"] {
            assert!(
                stdout.contains(&format!("{shader}: agreed on the GPU")),
                "{stdout}"
            );
        }
    }
    assert!(stdout.contains("bounds.wgsl:"), "{stdout}");
    let spirv_val = on_path("spirv-val");
    assert!(
        spirv_val || std::env::var_os("SHADERXFORM_REQUIRE_TOOLS").is_none(),
        "spirv-val is required"
    );
    // The example writes SPIR-V: spirv-val checks it where it is
    // installed, and the build says that naga alone did otherwise.
    let checked_by = stdout
        .lines()
        .find_map(|l| l.strip_prefix("checked by "))
        .unwrap_or_else(|| panic!("the example does not say what checked its shaders\n{stdout}"));
    assert!(checked_by.starts_with("naga"), "{checked_by}");
    if spirv_val {
        assert!(checked_by.contains("and spirv-val ("), "{checked_by}");
        assert!(
            checked_by.contains("/spirv-val"),
            "not the installed program: {checked_by}"
        );
    } else {
        assert!(!checked_by.contains("spirv-val"), "{checked_by}");
        assert!(
            stderr.contains("SPIR-V is checked by naga alone"),
            "{stderr}"
        );
    }

    // With no adapter to run on (no Metal off Apple's systems), the
    // example says so with its own exit code.
    #[cfg(target_os = "linux")]
    {
        let none = cargo(&example.join("Cargo.toml"))
            .env("WGPU_BACKEND", "metal")
            .output()
            .expect("run cargo");
        let stderr = String::from_utf8_lossy(&none.stderr);
        assert_eq!(none.status.code(), Some(NO_ADAPTER), "{stderr}");
        assert!(stderr.contains("no GPU adapter"), "{stderr}");
    }

    // A copy with one shader broken: the build fails, showing where. The
    // copy keeps the example's name and lock file, and its path
    // dependencies point back at this repository's crates.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("build-script");
    copy_tree(&example, &copy);
    let manifest = std::fs::read_to_string(copy.join("Cargo.toml"))
        .unwrap()
        .replace("path = \"../..", &format!("path = \"{}", root().display()));
    std::fs::write(copy.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(
        copy.join("shaders/compute/broken.wgsl"),
        "fn f() -> i32 {\n  return x +;\n}\n",
    )
    .unwrap();
    std::fs::write(
        copy.join("shaders/broken.spvasm"),
        SPIRV_WITHOUT_MEMORY_MODEL,
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
    // SPIR-V input goes through the installed assembler and validator, or
    // fails saying what to install.
    if on_path("spirv-as") && spirv_val {
        assert!(stderr.contains("shaders/broken.spvasm"), "{stderr}");
        assert!(stderr.contains("invalid SPIR-V"), "{stderr}");
        assert!(stderr.contains("memory model"), "{stderr}");
    } else if !on_path("spirv-as") {
        assert!(
            stderr.contains("spirv::no-assembler") || stderr.contains("apt install spirv-tools"),
            "{stderr}"
        );
    }
}
