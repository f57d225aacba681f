//! The command-line contract of `shaderxform`: exit codes, messages on
//! stderr, and which files a run leaves behind.
//!
//! Every test runs the built binary in a fresh temporary directory, with
//! inputs copied or written there so that messages name short relative
//! paths, and checks the directory afterwards: a failed run leaves neither
//! an output nor a `.shaderxform-*.tmp` staging file.

#[path = "cli/bad_input.rs"]
mod bad_input;
mod common;
#[path = "cli/generate.rs"]
mod generate;
#[path = "cli/reports.rs"]
mod reports;
#[path = "cli/usage.rs"]
mod usage;
#[path = "cli/verbosity.rs"]
mod verbosity;
#[path = "cli/version.rs"]
mod version;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{assert_exit, stderr};
use tempfile::TempDir;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const SPIRV_MAGIC: u32 = 0x0723_0203;

/// A compute shader with one entry point that every back end writes.
const GOOD: &str = "buffer_double_f32.wgsl";
/// A second one, with a uniform block and a read-only buffer.
const SAXPY: &str = "saxpy_uniform_params.wgsl";

/// A syntax error on line 3, column 13 (the `;`).
const SYNTAX_ERROR: &str = "fn f() -> i32 {\n  let x = 1;\n  return x +;\n}\n";

/// Parses, but the validator rejects the store to a read-only buffer
/// (line 4, column 3).
const STORE_TO_READ_ONLY: &str = "@group(0) @binding(0) var<storage, read> b: array<u32>;
@compute @workgroup_size(1)
fn main() {
  b[0] = 1u;
}
";

/// Parses, but the validator rejects the return type (the function spans
/// from line 1, column 1).
const WRONG_RETURN_TYPE: &str = "fn f() -> i32 {\n  return 1u;\n}\n";

/// Two compute entry points: GLSL output needs `--entry-point`.
const TWO_ENTRY_POINTS: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn first(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = 1u;
}

@compute @workgroup_size(64)
fn second(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = 2u;
}
";

fn tempdir() -> TempDir {
    tempfile::tempdir().expect("create a temporary directory")
}

/// Runs shaderxform in `dir` with `args`.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("run shaderxform")
}

/// Asserts that stderr contains every one of `needles`.
fn assert_stderr_has(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    for needle in needles {
        assert!(
            err.contains(needle),
            "stderr lacks {needle:?}\n--- stderr ---\n{err}"
        );
    }
}

/// Asserts that stderr contains none of `needles`.
fn assert_stderr_lacks(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    for needle in needles {
        assert!(
            !err.contains(needle),
            "stderr contains {needle:?}\n--- stderr ---\n{err}"
        );
    }
}

/// A failure is a diagnostic, never a panic or a Debug dump.
fn assert_clean_failure(out: &Output) {
    assert_stderr_has(out, &["error"]);
    assert_stderr_lacks(
        out,
        &["panicked", "RUST_BACKTRACE", "ParseError {", "WithSpan {"],
    );
}

/// Asserts that the file at `path` still holds `original`.
fn assert_unchanged(path: &Path, original: &[u8], what: &str) {
    let now = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        now == original,
        "{what}: {} changed; it now starts with {:?}",
        path.display(),
        String::from_utf8_lossy(&now[..now.len().min(80)])
    );
}

fn assert_non_empty_file(path: &Path) {
    let meta = fs::metadata(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(meta.is_file(), "{} is not a file", path.display());
    assert!(meta.len() > 0, "{} is empty", path.display());
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Asserts that `dir` holds exactly `names` (any order): nothing was
/// written, and no staging file was left behind.
fn assert_only_files(dir: &Path, names: &[&str]) {
    let mut expected: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    expected.sort();
    assert_eq!(
        listing(dir),
        expected,
        "unexpected files in {}",
        dir.display()
    );
}

/// Asserts that no `.shaderxform-*.tmp` is left in `dir` or below it.
fn assert_no_temp_files(dir: &Path) {
    for entry in fs::read_dir(dir).expect("read directory") {
        let entry = entry.expect("directory entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(
            !(name.starts_with(".shaderxform-") && name.ends_with(".tmp")),
            "staging file left behind: {}",
            entry.path().display()
        );
        if entry.file_type().expect("file type").is_dir() {
            assert_no_temp_files(&entry.path());
        }
    }
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/translate")
        .join(name)
}

/// Copies a corpus shader into `dir` as `as_name`.
fn copy_corpus(dir: &Path, name: &str, as_name: &str) -> PathBuf {
    let to = dir.join(as_name);
    fs::copy(corpus(name), &to).unwrap_or_else(|e| panic!("copy {name}: {e}"));
    to
}

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path
}

/// Deterministic pseudo-random bytes (xorshift), for garbage inputs.
fn garbage(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 24) as u8
        })
        .collect()
}

/// Runs an invocation that must fail with `code`, and checks that the
/// directory still holds only `inputs`.
fn assert_fails_cleanly(dir: &Path, args: &[&str], code: i32, inputs: &[&str]) -> Output {
    let out = run(dir, args);
    assert_exit(&out, code);
    assert_clean_failure(&out);
    assert_only_files(dir, inputs);
    out
}

// ---------------------------------------------------------------------------
// Success
// ---------------------------------------------------------------------------

#[test]
fn writes_each_output_format() {
    for ext in ["wgsl", "spv", "spvasm", "hlsl", "metal", "glsl"] {
        let dir = tempdir();
        copy_corpus(dir.path(), GOOD, "in.wgsl");
        let name = format!("out.{ext}");
        let out = run(dir.path(), &["in.wgsl", "-o", &name]);
        assert_exit(&out, 0);
        let path = dir.path().join(&name);
        assert_non_empty_file(&path);
        assert_only_files(dir.path(), &["in.wgsl", &name]);
        let bytes = fs::read(&path).unwrap();
        if ext == "spv" {
            assert_eq!(bytes.len() % 4, 0, "SPIR-V is a whole number of words");
            let magic = u32::from_le_bytes(bytes[..4].try_into().unwrap());
            assert_eq!(magic, SPIRV_MAGIC, "little-endian SPIR-V magic");
        } else {
            let text = String::from_utf8(bytes).expect("text output is UTF-8");
            assert!(!text.trim().is_empty());
        }
    }
}

#[test]
fn spvasm_output_is_spirv_assembly() {
    let dir = tempdir();
    copy_corpus(dir.path(), SAXPY, "in.wgsl");
    let out = run(dir.path(), &["in.wgsl", "-o", "out.spvasm"]);
    assert_exit(&out, 0);
    let text = fs::read_to_string(dir.path().join("out.spvasm")).unwrap();
    assert!(text.contains("OpEntryPoint GLCompute"), "{text}");
}

#[test]
fn writes_several_outputs_at_once() {
    let dir = tempdir();
    copy_corpus(dir.path(), SAXPY, "in.wgsl");
    let outputs = ["a.wgsl", "a.spv", "a.hlsl", "a.metal", "a.glsl"];
    let mut args = vec!["in.wgsl"];
    for o in &outputs {
        args.extend(["-o", o]);
    }
    let out = run(dir.path(), &args);
    assert_exit(&out, 0);
    for o in &outputs {
        assert_non_empty_file(&dir.path().join(o));
    }
    let mut expected = vec!["in.wgsl"];
    expected.extend(outputs);
    assert_only_files(dir.path(), &expected);
}

#[test]
fn dash_output_with_emit_writes_to_stdout() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = run(dir.path(), &["in.wgsl", "-o", "-", "--emit", "wgsl"]);
    assert_exit(&out, 0);
    let text = String::from_utf8(out.stdout.clone()).expect("WGSL is UTF-8");
    assert!(text.contains("@compute"), "stdout: {text}");
    assert_only_files(dir.path(), &["in.wgsl"]);
}

#[test]
fn dash_output_with_emit_spv_writes_binary_to_stdout() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = run(dir.path(), &["in.wgsl", "-o", "-", "--emit", "spv"]);
    assert_exit(&out, 0);
    assert!(out.stdout.len() >= 20);
    let magic = u32::from_le_bytes(out.stdout[..4].try_into().unwrap());
    assert_eq!(magic, SPIRV_MAGIC);
    assert_only_files(dir.path(), &["in.wgsl"]);
}

#[test]
fn dash_output_without_emit_is_a_usage_error() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = assert_fails_cleanly(dir.path(), &["in.wgsl", "-o", "-"], 2, &["in.wgsl"]);
    assert_stderr_has(&out, &["--emit"]);
    assert!(out.stdout.is_empty());
}

#[test]
fn output_is_deterministic() {
    for input in [GOOD, SAXPY] {
        for ext in ["wgsl", "spv", "spvasm", "hlsl", "metal", "glsl"] {
            let dir = tempdir();
            copy_corpus(dir.path(), input, "in.wgsl");
            let name = format!("out.{ext}");
            let path = dir.path().join(&name);
            let mut runs = Vec::new();
            for _ in 0..2 {
                let out = run(dir.path(), &["in.wgsl", "-o", &name]);
                assert_exit(&out, 0);
                runs.push(fs::read(&path).unwrap());
                fs::remove_file(&path).unwrap();
            }
            assert!(
                runs[0] == runs[1],
                "{input} -> .{ext} differs between two runs"
            );
        }
    }
}

#[test]
fn existing_output_is_not_clobbered_when_compilation_fails() {
    let cases: [(&str, &str, i32); 3] = [
        ("bad.wgsl", SYNTAX_ERROR, 1),
        ("ro.wgsl", STORE_TO_READ_ONLY, 1),
        // Fails while emitting, after the module validated.
        ("two.wgsl", TWO_ENTRY_POINTS, 2),
    ];
    for (name, text, code) in cases {
        let dir = tempdir();
        write(dir.path(), name, text);
        let out_path = write(dir.path(), "out.glsl", "// keep me\n");
        let out = run(dir.path(), &[name, "-o", "out.glsl"]);
        assert_exit(&out, code);
        assert_eq!(
            fs::read_to_string(&out_path).unwrap(),
            "// keep me\n",
            "{name} clobbered the existing output"
        );
        assert_only_files(dir.path(), &[name, "out.glsl"]);
    }
}

#[test]
fn failing_output_among_several_writes_none() {
    let dir = tempdir();
    write(dir.path(), "two.wgsl", TWO_ENTRY_POINTS);
    // The .wgsl and .spv can be written, the .glsl cannot (two entry points).
    assert_fails_cleanly(
        dir.path(),
        &["two.wgsl", "-o", "a.wgsl", "-o", "a.spv", "-o", "a.glsl"],
        2,
        &["two.wgsl"],
    );
}

// ---------------------------------------------------------------------------
// The file system
// ---------------------------------------------------------------------------

#[test]
fn missing_input_cannot_be_read() {
    let dir = tempdir();
    let out = assert_fails_cleanly(dir.path(), &["missing.wgsl", "-o", "out.wgsl"], 1, &[]);
    assert_stderr_has(&out, &["cannot read", "missing.wgsl"]);
}

#[test]
fn output_in_missing_directory_cannot_be_written() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = assert_fails_cleanly(
        dir.path(),
        &["in.wgsl", "-o", "nodir/out.wgsl"],
        1,
        &["in.wgsl"],
    );
    assert_stderr_has(&out, &["cannot write", "nodir/out.wgsl"]);
}

#[test]
fn output_under_a_regular_file_cannot_be_written() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    write(dir.path(), "file.wgsl", "// a file, not a directory\n");
    let out = assert_fails_cleanly(
        dir.path(),
        &["in.wgsl", "-o", "file.wgsl/out.wgsl"],
        1,
        &["file.wgsl", "in.wgsl"],
    );
    assert_stderr_has(&out, &["cannot write", "file.wgsl/out.wgsl"]);
    assert_eq!(
        fs::read_to_string(dir.path().join("file.wgsl")).unwrap(),
        "// a file, not a directory\n"
    );
}

#[cfg(unix)]
#[test]
fn output_in_read_only_directory_cannot_be_written() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let ro = dir.path().join("ro");
    fs::create_dir(&ro).unwrap();
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o555)).unwrap();
    // Root writes through permissions: then this case says nothing.
    let probe = ro.join("probe");
    if fs::write(&probe, "").is_ok() {
        fs::remove_file(&probe).unwrap();
        fs::set_permissions(&ro, fs::Permissions::from_mode(0o755)).unwrap();
        eprintln!("skipped: a read-only directory does not stop this user");
        return;
    }
    let out = run(dir.path(), &["in.wgsl", "-o", "ro/out.wgsl"]);
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o755)).unwrap();
    assert_exit(&out, 1);
    assert_clean_failure(&out);
    assert_stderr_has(&out, &["cannot write", "ro/out.wgsl"]);
    assert_only_files(&ro, &[]);
}

#[test]
fn output_that_is_a_directory_cannot_be_written() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    fs::create_dir(dir.path().join("out.wgsl")).unwrap();
    let out = assert_fails_cleanly(
        dir.path(),
        &["in.wgsl", "-o", "out.wgsl"],
        1,
        &["in.wgsl", "out.wgsl"],
    );
    assert_stderr_has(&out, &["cannot write", "out.wgsl"]);
    assert!(dir.path().join("out.wgsl").is_dir());
    assert_only_files(&dir.path().join("out.wgsl"), &[]);
}

#[test]
fn stdout_is_not_written_when_a_file_output_fails() {
    // Every output or none: the shader must not reach stdout when the run
    // fails because another output cannot be written.
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = assert_fails_cleanly(
        dir.path(),
        &[
            "in.wgsl",
            "--emit",
            "wgsl",
            "-o",
            "-",
            "-o",
            "nodir/out.wgsl",
        ],
        1,
        &["in.wgsl"],
    );
    assert_stderr_has(&out, &["cannot write"]);
    assert!(
        out.stdout.is_empty(),
        "stdout got {} bytes of a failed run",
        out.stdout.len()
    );
}

// ---------------------------------------------------------------------------
// check
// ---------------------------------------------------------------------------

#[test]
fn check_of_a_good_shader_writes_nothing() {
    let dir = tempdir();
    copy_corpus(dir.path(), SAXPY, "in.wgsl");
    let out = run(dir.path(), &["check", "in.wgsl"]);
    assert_exit(&out, 0);
    assert!(out.stdout.is_empty());
    assert_stderr_lacks(&out, &["error"]);
    assert_only_files(dir.path(), &["in.wgsl"]);
}

#[test]
fn check_of_a_bad_shader_prints_the_diagnostic() {
    let dir = tempdir();
    write(dir.path(), "bad.wgsl", SYNTAX_ERROR);
    let out = assert_fails_cleanly(dir.path(), &["check", "bad.wgsl"], 1, &["bad.wgsl"]);
    assert_stderr_has(&out, &["bad.wgsl:3:13", "return x +;", "^"]);

    write(dir.path(), "ro.wgsl", STORE_TO_READ_ONLY);
    let out = assert_fails_cleanly(
        dir.path(),
        &["check", "ro.wgsl"],
        1,
        &["bad.wgsl", "ro.wgsl"],
    );
    assert_stderr_has(&out, &["ro.wgsl:4:3"]);
}

// ---------------------------------------------------------------------------
// --help
// ---------------------------------------------------------------------------

#[test]
fn help_mentions_every_option() {
    let dir = tempdir();
    let out = run(dir.path(), &["--help"]);
    assert_exit(&out, 0);
    let help = String::from_utf8(out.stdout).expect("help is UTF-8");
    for option in [
        "--output",
        "--passes",
        "--report",
        "--entry-point",
        "--spirv-version",
        "--glsl-version",
        "--hlsl-shader-model",
        "--msl-version",
        "--color",
        "--message-format",
        "--emit",
        "check",
    ] {
        assert!(help.contains(option), "--help lacks {option}\n{help}");
    }
    assert_only_files(dir.path(), &[]);
}

#[test]
fn the_stage_before_glsl_names_the_stage() {
    let dir = tempdir();
    copy_corpus(
        dir.path(),
        "glsl_textured_vertex.vert.glsl",
        "textured.vert.glsl",
    );
    let out = run(dir.path(), &["textured.vert.glsl", "-o", "out.wgsl"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wgsl = std::fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    assert!(wgsl.contains("@vertex"), "{wgsl}");
    assert!(!wgsl.contains("@compute"), "{wgsl}");
    // A stage naga has no front end for is named, not "unknown extension".
    let dir = tempdir();
    write(dir.path(), "shadow.geom", "#version 450\nvoid main() {}\n");
    let out = assert_fails_cleanly(
        dir.path(),
        &["shadow.geom", "-o", "out.wgsl"],
        1,
        &["shadow.geom"],
    );
    assert_stderr_has(&out, &["geometry shaders are not supported"]);
}

#[cfg(unix)]
#[test]
fn outputs_and_reports_follow_the_umask_and_keep_an_existing_mode() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let dir = tempdir();
    copy_corpus(dir.path(), "buffer_double_f32.wgsl", "in.wgsl");
    let probe = write(dir.path(), "probe", "");
    let out = run(
        dir.path(),
        &[
            "in.wgsl",
            "-o",
            "out.spv",
            "-o",
            "out.wgsl",
            "--report",
            "report.json",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in ["out.spv", "out.wgsl", "report.json"] {
        assert_eq!(mode(&dir.path().join(name)), mode(&probe), "{name}");
    }
    for name in ["out.spv", "report.json"] {
        std::fs::set_permissions(
            dir.path().join(name),
            std::fs::Permissions::from_mode(0o664),
        )
        .unwrap();
    }
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "out.spv", "--report", "report.json"],
    );
    assert!(out.status.success());
    assert_eq!(mode(&dir.path().join("out.spv")), 0o664);
    assert_eq!(mode(&dir.path().join("report.json")), 0o664);
}

#[test]
fn spvasm_diagnostics_point_at_the_instruction_in_the_text() {
    let dir = tempdir();
    let shader =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/float-atomics/spv_float_minmax.spvasm");
    // Without the member-wise `readonly`: legalisation turns it into the
    // variable's, and the module naga reads is then laid out otherwise
    // than the text, where diagnostics give no line.
    let text = fs::read_to_string(&shader)
        .unwrap()
        .replace("OpMemberDecorate %Input 0 NonWritable\n", "");
    fs::write(dir.path().join("minmax.spvasm"), &text).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    // Float atomics are not valid without the pass that rewrites them.
    let out = assert_fails_cleanly(
        dir.path(),
        &["minmax.spvasm", "--passes", "none", "-o", "out.wgsl"],
        1,
        &["minmax.spvasm"],
    );
    let function = line_of("%main = OpFunction");
    assert!(function > 40, "below the header comments");
    let column = text.lines().nth(function - 1).unwrap().find('%').unwrap() + 1;
    assert_stderr_has(
        &out,
        &[
            &format!("minmax.spvasm:{function}:{column}"),
            "%main = OpFunction %void None %3",
            "%42 = OpLoad %float %x",
            "OpFunctionEnd",
        ],
    );
    assert_stderr_lacks(&out, &["; SPIR-V", "glslangValidator -V"]);
    // The same positions in JSON.
    let out = run(
        dir.path(),
        &[
            "minmax.spvasm",
            "--passes",
            "none",
            "-o",
            "out.wgsl",
            "--message-format",
            "json",
        ],
    );
    let line = String::from_utf8_lossy(&out.stderr);
    let json: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert_eq!(json["line"], function, "{json}");
    let spans = json["spans"].as_array().unwrap();
    assert!(
        spans
            .iter()
            .any(|s| s["line"] == line_of("%42 = OpLoad %float %x")),
        "{json}"
    );
}

/// Two resources of one entry point on one binding: both are named at
/// their declarations, exit 1, nothing written.
#[test]
fn two_resources_on_one_binding_are_named_at_their_declarations() {
    let dir = tempdir();
    fs::write(
        dir.path().join("shared.wgsl"),
        "@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(0) var<storage, read_write> b: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) { b[g.x] = a[g.x]; }
",
    )
    .unwrap();
    let out = run(dir.path(), &["shared.wgsl", "-o", "out.spv"]);
    assert_exit(&out, 1);
    assert_clean_failure(&out);
    assert_stderr_has(
        &out,
        &[
            "error[input::binding-conflict]: `a` and `b` are both bound to @group(0) @binding(0) in entry point `main`",
            "shared.wgsl:2:23",
            "`a` is here",
        ],
    );
    assert_only_files(dir.path(), &["shared.wgsl"]);
}

/// Push constants have no register in naga's IR: HLSL output gives them
/// `b0` in the space after every bind group's, and the command line, which
/// also names the entry points of each output in its report, writes the
/// file (naga's writer cannot write push constants without a register).
#[test]
fn push_constants_get_a_register_in_hlsl_output() {
    let dir = tempdir();
    fs::write(
        dir.path().join("params.comp"),
        "#version 450
layout(local_size_x = 64) in;
layout(push_constant) uniform Params { uint total; } params;
layout(set = 1, binding = 0) buffer Out { uint data[]; } out_data;
void main() { out_data.data[gl_GlobalInvocationID.x] = params.total; }
",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["params.comp", "--passes", "none", "-o", "params.hlsl"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = fs::read_to_string(dir.path().join("params.hlsl")).unwrap();
    assert!(
        text.contains("ConstantBuffer<Params> params: register(b0, space2);"),
        "{text}"
    );
}
