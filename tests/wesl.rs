//! WESL shaders (`.wesl`: `import`, `@if`, packages): read the same way by
//! the command line (with its depfile), `batch` (modules not compiled,
//! its cache), `serve` and `validate`, with diagnostics in the file and
//! line they are about.

mod common;

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{assert_exit, run_in, stderr};

const MAIN: &str = "import package::lib::util::{scale, Light};
import mathlib::consts;
@if(FAST) import package::lib::fast::approx;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(constants::WORKGROUP)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let l = Light(1.0, 0.5);
    @if(FAST) {
        let r = approx(f32(id.x));
    }
    @else {
        let r = scale(f32(id.x)) * l.power;
    }
    out[id.x] = r + consts::PI;
}
";

const UTIL: &str = "struct Light {
    color: f32,
    @if(DOUBLE) power: f32,
    @else power: f32,
}

fn scale(x: f32) -> f32 {
    @if(DOUBLE) return x * 2.0;
    @else return x;
}

// Reached by no entry point: what it names need not exist.
fn unused() -> f32 { return missing::thing(); }
";

const FAST: &str = "import super::util::scale;
fn approx(x: f32) -> f32 { return scale(x) * 0.5; }
";

const CONSTS: &str = "const PI: f32 = 3.14159;\n";

/// `shaders/main.wesl` with its modules in `shaders/lib/`, and the package
/// `mathlib` in `libs/`.
fn tree(dir: &Path) {
    fs::create_dir_all(dir.join("shaders/lib")).unwrap();
    fs::create_dir_all(dir.join("libs/mathlib")).unwrap();
    fs::write(dir.join("shaders/main.wesl"), MAIN).unwrap();
    fs::write(dir.join("shaders/lib/util.wesl"), UTIL).unwrap();
    fs::write(dir.join("shaders/lib/fast.wesl"), FAST).unwrap();
    fs::write(dir.join("libs/mathlib/consts.wesl"), CONSTS).unwrap();
}

#[test]
fn a_wesl_shader_compiles_with_its_packages_and_lists_every_file() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let run = |defs: &[&str]| {
        let mut args = vec![
            "shaders/main.wesl",
            "-I",
            "libs",
            "-D",
            "WORKGROUP=64",
            "-o",
            "out.wgsl",
            "--depfile",
            "out.d",
        ];
        for d in defs {
            args.extend(["-D", d]);
        }
        let out = run_in(dir.path(), &args);
        assert_exit(&out, 0);
        fs::read_to_string(dir.path().join("out.wgsl")).unwrap()
    };
    let plain = run(&[]);
    assert!(plain.contains("@workgroup_size(64, 1, 1)"), "{plain}");
    assert!(!plain.contains("import"), "{plain}");
    assert!(plain.contains("3.14159"), "{plain}");
    assert!(plain.contains("0.5f"), "DOUBLE is off:\n{plain}");
    assert!(
        !plain.contains("unused"),
        "what nothing reaches is left out:\n{plain}"
    );
    common::assert_tint_accepts(&[("plain".into(), plain.clone())]);
    let depfile = fs::read_to_string(dir.path().join("out.d")).unwrap();
    for file in ["util.wesl", "consts.wesl"] {
        assert!(depfile.contains(file), "{depfile}");
    }
    assert!(!depfile.contains("fast.wesl"), "FAST is off:\n{depfile}");

    let doubled = run(&["DOUBLE"]);
    assert!(doubled.contains("2f"), "{doubled}");
    let fast = run(&["FAST"]);
    assert!(fast.contains("0.5f"), "{fast}");
    let depfile = fs::read_to_string(dir.path().join("out.d")).unwrap();
    assert!(depfile.contains("fast.wesl"), "{depfile}");
    // `FAST=false` is off, as Bevy's boolean defs are.
    assert_eq!(run(&["FAST=false"]), plain);
    // The same bytes from run to run.
    assert_eq!(run(&[]), plain);
}

/// The error of compiling `shaders/main.wesl` as it is in `dir`: exit 1,
/// no output, and what was said.
fn error_of(dir: &Path) -> String {
    let out = run_in(
        dir,
        &[
            "shaders/main.wesl",
            "-I",
            "libs",
            "-D",
            "WORKGROUP=8",
            "-o",
            "out.spv",
        ],
    );
    assert_exit(&out, 1);
    assert!(!dir.join("out.spv").exists());
    stderr(&out)
}

#[test]
fn bad_wesl_is_a_located_error_in_the_file_it_is_about() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());

    // A module that does not exist: at the import, saying where it looked.
    fs::write(
        dir.path().join("shaders/main.wesl"),
        MAIN.replace("package::lib::util", "package::lib::utility"),
    )
    .unwrap();
    let error = error_of(dir.path());
    assert!(error.contains("error[wgsl::unknown-module]"), "{error}");
    assert!(error.contains("shaders/main.wesl:1:8"), "{error}");
    assert!(error.contains("utility.wesl"), "{error}");

    // A package that is nowhere.
    fs::write(
        dir.path().join("shaders/main.wesl"),
        MAIN.replace("mathlib::consts", "nolib::consts"),
    )
    .unwrap();
    let error = error_of(dir.path());
    assert!(error.contains("no package `nolib` is found"), "{error}");
    assert!(error.contains("shaders/main.wesl:2:8"), "{error}");
    assert!(error.contains("a package `nolib` is a folder"), "{error}");

    // A def the `constants` package lacks.
    fs::write(dir.path().join("shaders/main.wesl"), MAIN).unwrap();
    let out = run_in(
        dir.path(),
        &["shaders/main.wesl", "-I", "libs", "-o", "x.wgsl"],
    );
    assert_exit(&out, 1);
    let error = stderr(&out);
    assert!(error.contains("error[wgsl::unknown-item]"), "{error}");
    assert!(
        error.contains("`constants` declares no `WORKGROUP`"),
        "{error}"
    );
    assert!(error.contains("shaders/main.wesl:7:26"), "{error}");

    // A malformed condition in a module: in the module, at its line.
    fs::write(
        dir.path().join("shaders/lib/util.wesl"),
        UTIL.replace("@else return x;", "@elif(A ||) return x;"),
    )
    .unwrap();
    let error = error_of(dir.path());
    assert!(error.contains("error[wgsl::directive]"), "{error}");
    assert!(error.contains("shaders/lib/util.wesl:9:"), "{error}");

    // A type error in a module, found by naga: in the module.
    fs::write(
        dir.path().join("shaders/lib/util.wesl"),
        UTIL.replace("return x * 2.0;", "return x * 2u;")
            .replace("@else return x;", "@else return x * 2u;"),
    )
    .unwrap();
    let error = error_of(dir.path());
    assert!(error.contains("shaders/lib/util.wesl:"), "{error}");
}

/// Runs `batch shaders -o out --cache cache` with the tree's options.
fn batch(dir: &Path) -> String {
    let out = run_in(
        dir,
        &[
            "batch",
            "shaders",
            "-o",
            "out",
            "--emit",
            "wgsl",
            "--cache",
            "cache",
            "-I",
            "libs",
            "-D",
            "WORKGROUP=8",
            "-v",
        ],
    );
    assert_exit(&out, 0);
    stderr(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn batch_compiles_wesl_shaders_not_their_modules_and_sees_a_module_change() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let said = batch(dir.path());
    assert!(dir.path().join("out/main.wgsl").is_file(), "{said}");
    assert!(!dir.path().join("out/lib/util.wgsl").exists(), "{said}");
    assert!(
        said.contains("not compiled: shaders/lib/util.wesl"),
        "{said}"
    );
    let single = run_in(
        dir.path(),
        &[
            "shaders/main.wesl",
            "-I",
            "libs",
            "-D",
            "WORKGROUP=8",
            "-o",
            "one.wgsl",
        ],
    );
    assert_exit(&single, 0);
    assert_eq!(
        fs::read(dir.path().join("out/main.wgsl")).unwrap(),
        fs::read(dir.path().join("one.wgsl")).unwrap(),
        "batch writes what the command line writes"
    );

    let said = batch(dir.path());
    assert!(said.contains("cached shaders/main.wesl"), "{said}");
    fs::write(
        dir.path().join("libs/mathlib/consts.wesl"),
        "const PI: f32 = 3.0;\n",
    )
    .unwrap();
    let said = batch(dir.path());
    assert!(said.contains("compiled shaders/main.wesl"), "{said}");
    let wgsl = fs::read_to_string(dir.path().join("out/main.wgsl")).unwrap();
    assert!(wgsl.contains("3f"), "{wgsl}");

    // A module that appears where the import looks first (`.wesl` before
    // `.wgsl`) is seen though no file read before has changed.
    fs::rename(
        dir.path().join("libs/mathlib/consts.wesl"),
        dir.path().join("libs/mathlib/consts.wgsl"),
    )
    .unwrap();
    let said = batch(dir.path());
    assert!(said.contains("compiled shaders/main.wesl"), "{said}");
    let said = batch(dir.path());
    assert!(said.contains("cached shaders/main.wesl"), "{said}");
    fs::write(
        dir.path().join("libs/mathlib/consts.wesl"),
        "const PI: f32 = 4.0;\n",
    )
    .unwrap();
    let said = batch(dir.path());
    assert!(said.contains("compiled shaders/main.wesl"), "{said}");
    let wgsl = fs::read_to_string(dir.path().join("out/main.wgsl")).unwrap();
    assert!(wgsl.contains("4f"), "{wgsl}");
}

#[test]
fn serve_reads_wesl_under_its_root_and_no_further() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let root = dir.path().canonicalize().unwrap();
    let exe = env!("CARGO_BIN_EXE_shaderxform");
    let ask = |request: serde_json::Value| -> serde_json::Value {
        let mut child = Command::new(exe)
            .args(["serve", "--root", "."])
            .current_dir(&root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        writeln!(child.stdin.take().unwrap(), "{request}").unwrap();
        let out = child.wait_with_output().unwrap();
        let line = String::from_utf8_lossy(&out.stdout);
        serde_json::from_str(line.lines().next().expect("one answer")).unwrap()
    };
    let answer = ask(serde_json::json!({
        "id": 1,
        "path": "shaders/main.wesl",
        "emit": ["wgsl"],
        "options": {"include-dirs": ["libs"], "defines": ["WORKGROUP=8"]},
    }));
    let wgsl = answer["outputs"]["wgsl"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"));
    let single = run_in(
        dir.path(),
        &[
            "shaders/main.wesl",
            "-I",
            "libs",
            "-D",
            "WORKGROUP=8",
            "-o",
            "one.wgsl",
        ],
    );
    assert_exit(&single, 0);
    assert_eq!(
        wgsl,
        fs::read_to_string(dir.path().join("one.wgsl")).unwrap()
    );

    // A package folder outside the root is refused before anything is read.
    let outside = tempfile::tempdir().unwrap();
    let answer = ask(serde_json::json!({
        "id": 2,
        "path": "shaders/main.wesl",
        "emit": ["wgsl"],
        "options": {"include-dirs": [outside.path()], "defines": ["WORKGROUP=8"]},
    }));
    let text = answer.to_string();
    assert!(text.contains("outside the root"), "{text}");
}

/// `validate` over the tree runs the shader, not its modules, and the
/// reference (the WESL as read) agrees with the candidate written.
#[cfg(feature = "gpu")]
#[test]
fn validate_runs_the_wesl_shader_of_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let out = run_in(
        dir.path(),
        &[
            "validate",
            "shaders",
            "-I",
            "libs",
            "-D",
            "WORKGROUP=8",
            "--passes",
            "all",
        ],
    );
    if !common::gpu::had_adapter(&out) {
        return;
    }
    let text = common::gpu::output_text(&out);
    assert_exit(&out, 0);
    assert!(text.contains("agree      shaders/main.wesl"), "{text}");
    assert!(!text.contains("util.wesl:"), "modules are not run:\n{text}");
    assert!(text.contains("1 shaders: 1 agree"), "{text}");
}

/// `batch --watch` compiles a shader again when a module of a package
/// outside its folder changes.
#[test]
fn watch_compiles_again_when_a_package_module_changes() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let _child = common::Child(
        Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .args([
                "batch",
                "--watch",
                "shaders",
                "-o",
                "out",
                "--emit",
                "wgsl",
                "-I",
                "libs",
                "-D",
                "WORKGROUP=8",
            ])
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start shaderxform batch --watch"),
    );
    let out = dir.path().join("out/main.wgsl");
    let has = |text: &str| fs::read_to_string(&out).is_ok_and(|w| w.contains(text));
    let limit = std::time::Duration::from_secs(60);
    assert!(
        common::wait_for(limit, || has("3.14159")),
        "the first round"
    );
    // Give the watcher time to start before the change.
    std::thread::sleep(std::time::Duration::from_millis(500));
    fs::write(
        dir.path().join("libs/mathlib/consts.wesl"),
        "const PI: f32 = 2.5;\n",
    )
    .unwrap();
    assert!(
        common::wait_for(limit, || has("2.5f")),
        "a package module changed and its shader was not compiled again"
    );
}

#[test]
fn const_assert_and_its_conditions_are_kept_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.wesl"),
        "const N = 4;\nconst_assert N > 2;\n@if(BIG) const_assert N > 100;\n@compute @workgroup_size(1) fn main() {}\n",
    )
    .unwrap();
    assert_exit(&run_in(dir.path(), &["a.wesl", "-o", "a.wgsl"]), 0);
    let out = run_in(dir.path(), &["a.wesl", "-D", "BIG", "-o", "b.wgsl"]);
    assert_exit(&out, 1);
    let error = stderr(&out);
    assert!(error.contains("a.wesl:3:23"), "{error}");
}
