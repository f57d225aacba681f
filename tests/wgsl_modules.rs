//! WGSL modules as naga_oil writes them (`#import`, `#define_import_path`,
//! shader defs): read by the command line, `batch` (with its cache) and
//! `shaderxform::build`, with diagnostics in the imported file.

mod common;

use std::fs;
use std::path::Path;

use common::{assert_exit, run_in, stderr};

const UTIL: &str = "#define_import_path game::util

const SCALE: f32 = 2.0;

struct Light {
    color: vec3<f32>,
    power: f32,
}

fn scale(x: f32) -> f32 {
#ifdef DOUBLE
    return x * SCALE * 2.0;
#else
    return x * SCALE;
#endif
}

fn shade(l: Light) -> vec3<f32> {
    return l.color * scale(l.power);
}
";

const NOISE: &str = "#define_import_path game::noise
#import game::util::scale

// Its own `scale` would collide with util's, were names not kept apart.
fn noise(p: vec2<f32>) -> f32 {
    return fract(sin(dot(p, vec2(12.9, 78.2))) * scale(437.5));
}
";

const MAIN: &str = "#import game::util::{Light, shade}
#import game::noise

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

fn scale(x: f32) -> f32 { return x; }

@compute @workgroup_size(#{WORKGROUP})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let l = Light(vec3(1.0), 0.5);
    out[id.x] = scale(shade(l).x) + noise::noise(vec2(f32(id.x))) + game::util::SCALE;
}
";

/// `shaders/main.wgsl` and its modules under `shaders/lib/`.
fn tree(dir: &Path) {
    fs::create_dir_all(dir.join("shaders/lib")).unwrap();
    fs::write(dir.join("shaders/lib/util.wgsl"), UTIL).unwrap();
    fs::write(dir.join("shaders/lib/noise.wgsl"), NOISE).unwrap();
    fs::write(dir.join("shaders/main.wgsl"), MAIN).unwrap();
}

#[test]
fn a_shader_with_imports_and_defs_compiles_and_lists_its_modules() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let args = |double: bool| {
        let mut args = vec![
            "shaders/main.wgsl",
            "-I",
            "shaders/lib",
            "-D",
            "WORKGROUP=64",
            "-o",
            "out.wgsl",
            "--depfile",
            "out.d",
        ];
        if double {
            args.extend(["-D", "DOUBLE"]);
        }
        args
    };
    let out = run_in(dir.path(), &args(false));
    assert_exit(&out, 0);
    let wgsl = fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    assert!(wgsl.contains("@workgroup_size(64, 1, 1)"), "{wgsl}");
    // The shader's own `scale` and the module's are two functions.
    assert!(wgsl.contains("fn scale(x: f32)"), "{wgsl}");
    assert!(
        wgsl.contains("fn scaleX_naga_oil_mod_XM5QW2ZJ2HJ2XI2LMX("),
        "{wgsl}"
    );
    assert!(!wgsl.contains("* 2f)"), "DOUBLE is not defined:\n{wgsl}");
    common::assert_tint_accepts(&[("main".into(), wgsl)]);
    let depfile = fs::read_to_string(dir.path().join("out.d")).unwrap();
    for module in ["util.wgsl", "noise.wgsl"] {
        assert!(depfile.contains(module), "{depfile}");
    }

    let out = run_in(dir.path(), &args(true));
    assert_exit(&out, 0);
    let wgsl = fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    assert!(wgsl.contains("* 2f)"), "DOUBLE is defined:\n{wgsl}");
}

/// The error of `shaders/main.wgsl` checked with `-I shaders/lib`: exit
/// 1, and the `-->` line of the message.
fn check_error(dir: &Path, main: &str) -> String {
    fs::write(dir.join("shaders/main.wgsl"), main).unwrap();
    let out = run_in(
        dir,
        &[
            "shaders/main.wgsl",
            "-I",
            "shaders/lib",
            "-D",
            "WORKGROUP=1",
            "-o",
            "out.spv",
        ],
    );
    assert_exit(&out, 1);
    assert!(!dir.join("out.spv").exists());
    stderr(&out)
}

#[test]
fn bad_imports_and_defs_are_located_errors() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let entry = "@compute @workgroup_size(1) fn main() {}\n";

    let error = check_error(
        dir.path(),
        &format!("#import game::nothing::{{x}}\n{entry}"),
    );
    assert!(error.contains("error[wgsl::unknown-module]"), "{error}");
    assert!(error.contains("shaders/main.wgsl:1:1"), "{error}");

    // An imported item the module does not declare is an error where it
    // is used; never used, it is none, as naga_oil has it (a module may
    // declare an item only under defs not given).
    let error = check_error(
        dir.path(),
        "#import game::util::{nope}\n@compute @workgroup_size(1) fn main() { let x = nope(1.0); }\n",
    );
    assert!(error.contains("error[wgsl::unknown-item]"), "{error}");
    assert!(error.contains("shaders/main.wgsl:1:1"), "{error}");
    fs::write(
        dir.path().join("shaders/unused.wgsl"),
        format!("#import game::util::{{nope}};\n{entry}"),
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &[
            "shaders/unused.wgsl",
            "-I",
            "shaders/lib",
            "-o",
            "unused.wgsl",
        ],
    );
    assert_exit(&out, 0);
    let error = check_error(
        dir.path(),
        "#import game::util\n@compute @workgroup_size(1) fn main() { let x = util::nope(1.0); }\n",
    );
    assert!(error.contains("error[wgsl::unknown-item]"), "{error}");
    assert!(error.contains("shaders/main.wgsl:2:49"), "{error}");

    let error = check_error(dir.path(), &format!("#ifdef SOMETHING\n{entry}"));
    assert!(error.contains("error[wgsl::directive]"), "{error}");
    assert!(error.contains("shaders/main.wgsl:1:1"), "{error}");

    let error = check_error(
        dir.path(),
        &format!("#if WORKGROUP == 1\n#else\n#else\n#endif\n{entry}"),
    );
    assert!(error.contains("error[wgsl::directive]"), "{error}");
    assert!(error.contains("shaders/main.wgsl:3:1"), "{error}");

    // A cycle is reported at the import that closes it, in its module.
    fs::write(
        dir.path().join("shaders/lib/a.wgsl"),
        "#define_import_path cycle::a\n#import cycle::b\nfn fa() -> f32 { return b::fb(); }\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("shaders/lib/b.wgsl"),
        "// b imports a\n#define_import_path cycle::b\n#import cycle::a\nfn fb() -> f32 { return 1.0; }\n",
    )
    .unwrap();
    let error = check_error(
        dir.path(),
        "#import cycle::a\n@compute @workgroup_size(1) fn main() { let x = a::fa(); }\n",
    );
    assert!(error.contains("error[wgsl::import-cycle]"), "{error}");
    assert!(error.contains("shaders/lib/b.wgsl:3:1"), "{error}");
}

#[test]
fn an_error_in_an_imported_module_points_into_it() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    // Line 19: `l.power` became `l.powr`.
    fs::write(
        dir.path().join("shaders/lib/util.wgsl"),
        UTIL.replace("scale(l.power)", "scale(l.powr)"),
    )
    .unwrap();
    let error = check_error(dir.path(), MAIN);
    assert!(error.contains("shaders/lib/util.wgsl:19:"), "{error}");
    assert!(error.contains("scale(l.powr)"), "{error}");

    let out = run_in(
        dir.path(),
        &[
            "check",
            "shaders/main.wgsl",
            "-I",
            "shaders/lib",
            "-D",
            "WORKGROUP=1",
            "--message-format",
            "json",
        ],
    );
    assert_exit(&out, 1);
    let line = String::from_utf8_lossy(&out.stdout)
        .lines()
        .chain(stderr(&out).lines())
        .find(|l| l.starts_with('{'))
        .map(str::to_string)
        .expect("a JSON diagnostic");
    let json: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(json["file"], "shaders/lib/util.wgsl", "{json}");
    assert_eq!(json["line"], 19, "{json}");
}

#[test]
fn batch_skips_modules_and_recompiles_only_the_importers_of_an_edited_one() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    // A second shader that imports nothing of util.
    fs::write(
        dir.path().join("shaders/plain.wgsl"),
        "@compute @workgroup_size(1) fn main() {}\n",
    )
    .unwrap();
    let batch = |dir: &Path| {
        run_in(
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
                "-D",
                "WORKGROUP=8",
                "-v",
            ],
        )
    };
    let out = batch(dir.path());
    assert_exit(&out, 0);
    let said = stderr(&out);
    assert!(
        said.contains("not compiled: shaders/lib/util.wgsl (WGSL module imported by shaders/"),
        "{said}"
    );
    assert!(dir.path().join("out/main.wgsl").is_file(), "{said}");
    assert!(!dir.path().join("out/lib/util.wgsl").exists(), "{said}");

    fs::write(
        dir.path().join("shaders/lib/util.wgsl"),
        UTIL.replace("SCALE: f32 = 2.0", "SCALE: f32 = 3.0"),
    )
    .unwrap();
    let out = batch(dir.path());
    assert_exit(&out, 0);
    let said = stderr(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(said.contains("compiled shaders/main.wgsl"), "{said}");
    assert!(said.contains("cached shaders/plain.wgsl"), "{said}");
    let wgsl = fs::read_to_string(dir.path().join("out/main.wgsl")).unwrap();
    assert!(wgsl.contains("= 3f;"), "{wgsl}");

    // A second file that declares an imported path changes where the
    // import leads (here: nowhere, two files declare it), though no file
    // the shader read has changed: the cache must not serve it.
    fs::create_dir_all(dir.path().join("shaders/vendor")).unwrap();
    fs::write(
        dir.path().join("shaders/vendor/noise.wgsl"),
        NOISE.replace("437.5", "1.0"),
    )
    .unwrap();
    let out = batch(dir.path());
    assert_exit(&out, 1);
    let said = stderr(&out);
    assert!(said.contains("error[wgsl::ambiguous-module]"), "{said}");
    assert!(said.contains("shaders/main.wgsl:2:1"), "{said}");
}

#[test]
fn uniformity_reads_the_modules_and_places_sites_in_the_shader() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    fs::write(
        dir.path().join("shaders/divergent.wgsl"),
        "#import game::util::scale

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    if (scale(f32(i)) > 2.0) {
        workgroupBarrier();
    }
}
",
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &["uniformity", "shaders/divergent.wgsl", "-I", "shaders/lib"],
    );
    assert_exit(&out, 1);
    let said = String::from_utf8_lossy(&out.stdout).to_string() + &stderr(&out);
    assert!(
        said.contains("shaders/divergent.wgsl:6:9: workgroupBarrier()"),
        "{said}"
    );
    assert!(said.contains("shaders/divergent.wgsl:5:9"), "{said}");
}

/// What naga_oil composes, composed the same way: an `enable` of an
/// imported module goes to the top; the shader's own `#define`s hold for
/// its modules, and `#NAME` substitutes as `#{NAME}` does; a module whose
/// `#if` compares a def not given is left out while nothing of it is used
/// (naga_oil builds only the modules whose items are used), and is an
/// error, in the module, once something is.
#[test]
fn modules_compose_as_naga_oil_composes_them() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("shaders/lib");
    fs::create_dir_all(&lib).unwrap();
    fs::write(
        lib.join("half.wgsl"),
        "#define_import_path game::half\nenable f16;\n\nfn halve(x: f32) -> f32 {\n#ifdef EXACT\n    return f32(f16(x) * 0.5h);\n#else\n    return x;\n#endif\n}\n",
    )
    .unwrap();
    fs::write(
        lib.join("lights.wgsl"),
        "#define_import_path game::lights\n#if MAX_LIGHTS >= 3\nconst COUNT: u32 = 3u;\n#else\nconst COUNT: u32 = 1u;\n#endif\nfn count() -> u32 { return COUNT; }\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("shaders/main.wgsl"),
        "#define EXACT\n#define GROUP 2\n#import game::half::halve;\n#import game::lights\n\n@group(#GROUP) @binding(0) var<storage, read_write> out: array<f32>;\n\n@compute @workgroup_size(1)\nfn main() {\n    out[0] = halve(3.0);\n}\n",
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &[
            "shaders/main.wgsl",
            "-I",
            "shaders/lib",
            "--passes",
            "none",
            "-o",
            "out.wgsl",
        ],
    );
    assert_exit(&out, 0);
    let wgsl = fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    assert!(wgsl.starts_with("enable f16;"), "{wgsl}");
    assert!(wgsl.contains("@group(2) @binding(0)"), "{wgsl}");
    assert!(wgsl.contains("0.5h"), "{wgsl}");
    assert!(!wgsl.contains("COUNT"), "{wgsl}");

    // Using the module that cannot be built is the error, located in it.
    fs::write(
        dir.path().join("shaders/uses.wgsl"),
        "#import game::lights\n@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n@compute @workgroup_size(1)\nfn main() { out[0] = lights::count(); }\n",
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &["shaders/uses.wgsl", "-I", "shaders/lib", "-o", "uses.wgsl"],
    );
    assert_exit(&out, 1);
    let error = stderr(&out);
    assert!(
        error.contains("shader def `MAX_LIGHTS` has no value to compare")
            && error.contains("shaders/lib/lights.wgsl:2:1"),
        "{error}"
    );
}

/// A shader with directives that ends inside an expression: the parser
/// points at the end of the composed text, which is the end of the file.
#[test]
fn an_error_at_the_end_of_the_text_has_its_place() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("cut.wgsl"),
        "#define_import_path a::b\nconst X: f32 = 1.0;\nfn f() -> f32 {\n    return max(X, 2.0",
    )
    .unwrap();
    let out = run_in(dir.path(), &["cut.wgsl", "-o", "cut.spv"]);
    assert_exit(&out, 1);
    let error = stderr(&out);
    assert!(error.contains("cut.wgsl:4:22"), "{error}");
}
