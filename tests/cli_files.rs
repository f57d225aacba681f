//! Which files the single-file command reads and writes: `--depfile` never
//! replaces an input, an output or the report, and is written with the
//! outputs or not at all; only regular files of a bounded size are read;
//! temporary files left by a killed run are cleaned up.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime};

use common::{assert_exit, root, stderr};

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("run shaderxform")
}

/// Runs with a deadline: a run that blocks (on a FIFO) is killed and the
/// test fails instead of hanging.
fn run_within(dir: &Path, args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run shaderxform");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("shaderxform {args:?} still runs after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn shader(dir: &Path, name: &str) -> Vec<u8> {
    let bytes = fs::read(root().join("corpus/translate/buffer_double_f32.wgsl")).unwrap();
    fs::write(dir.join(name), &bytes).unwrap();
    bytes
}

#[test]
fn a_depfile_naming_the_input_is_refused_and_the_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let original = shader(dir.path(), "in.wgsl");
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "out.spv", "--depfile", "in.wgsl"],
    );
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("refusing to overwrite the input"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read(dir.path().join("in.wgsl")).unwrap(), original);
    assert!(!dir.path().join("out.spv").exists());
}

#[test]
fn a_depfile_naming_an_output_or_the_report_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    shader(dir.path(), "in.wgsl");
    fs::write(dir.path().join("b.wgsl"), b"previous output").unwrap();
    for (depfile, what) in [
        ("b.wgsl", "the output"),
        ("./b.wgsl", "the output"),
        ("r.json", "the report"),
    ] {
        let out = run(
            dir.path(),
            &[
                "in.wgsl",
                "-o",
                "a.spv",
                "-o",
                "b.wgsl",
                "--report",
                "r.json",
                "--depfile",
                depfile,
            ],
        );
        assert_exit(&out, 2);
        assert!(stderr(&out).contains(what), "{depfile}: {}", stderr(&out));
        assert_eq!(
            fs::read(dir.path().join("b.wgsl")).unwrap(),
            b"previous output"
        );
        assert!(!dir.path().join("a.spv").exists());
        assert!(!dir.path().join("r.json").exists());
    }
}

/// An output in a folder that does not exist says so in words, naming
/// the folder.
#[test]
fn an_output_in_a_missing_folder_names_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    shader(dir.path(), "in.wgsl");
    let out = run(dir.path(), &["in.wgsl", "-o", "missing/out.spv"]);
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains("cannot write missing/out.spv: the folder missing does not exist"),
        "{}",
        stderr(&out)
    );
    assert!(
        !stderr(&out).contains("entity not found"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("missing").exists());
}

#[test]
fn a_depfile_in_a_missing_folder_writes_nothing_at_all() {
    let dir = tempfile::tempdir().unwrap();
    shader(dir.path(), "in.wgsl");
    fs::write(dir.path().join("out.spv"), b"previous output").unwrap();
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "out.spv", "--depfile", "missing/out.d"],
    );
    assert_exit(&out, 1);
    assert!(stderr(&out).contains("missing/out.d"), "{}", stderr(&out));
    assert_eq!(
        fs::read(dir.path().join("out.spv")).unwrap(),
        b"previous output",
        "an output was replaced although the depfile could not be written"
    );
}

#[test]
fn a_depfile_names_every_output() {
    let dir = tempfile::tempdir().unwrap();
    shader(dir.path(), "in.wgsl");
    let out = run(
        dir.path(),
        &[
            "in.wgsl",
            "-o",
            "a.spv",
            "-o",
            "b.wgsl",
            "--depfile",
            "out.d",
        ],
    );
    assert_exit(&out, 0);
    let rule = fs::read_to_string(dir.path().join("out.d")).unwrap();
    assert!(rule.starts_with("a.spv b.wgsl: \\\n  in.wgsl\n"), "{rule}");
}

#[test]
fn a_depfile_has_an_empty_rule_for_each_included_file() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("value.h"), "#define VALUE 3u\n").unwrap();
    fs::write(
        dir.path().join("in.comp"),
        "#version 450\n#include \"value.h\"\nlayout(local_size_x = 1) in;\nlayout(set = 0, binding = 0) buffer B { uint v[]; } b;\nvoid main() { b.v[0] = VALUE; }\n",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &[
            "in.comp",
            "--glsl-front",
            "glslang",
            "-o",
            "out.spv",
            "--depfile",
            "out.d",
        ],
    );
    assert_exit(&out, 0);
    let rule = fs::read_to_string(dir.path().join("out.d")).unwrap();
    let header = dir.path().canonicalize().unwrap().join("value.h");
    let lines: Vec<&str> = rule.lines().collect();
    assert!(
        lines.contains(&format!("{}:", header.display()).as_str()),
        "{rule}"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let status = Command::new("mkfifo")
        .arg(dir.path().join("pipe.wgsl"))
        .status()
        .unwrap();
    assert!(status.success());
    let out = run_within(
        dir.path(),
        &["pipe.wgsl", "-o", "out.spv"],
        Duration::from_secs(20),
    );
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(err.contains("pipe.wgsl") && err.contains("FIFO"), "{err}");
    assert!(!dir.path().join("out.spv").exists());
}

/// glslang opens what an `#include` names: a FIFO there would block it
/// forever. It is refused before glslang runs, at the `#include` line.
#[cfg(unix)]
#[test]
fn an_include_naming_a_fifo_is_refused_at_its_line_without_blocking() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let status = Command::new("mkfifo")
        .arg(dir.path().join("common.glsl"))
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::write(
        dir.path().join("main.comp"),
        "#version 450\n#extension GL_GOOGLE_include_directive : require\nlayout(local_size_x = 1) in;\n#include \"common.glsl\"\nvoid main() {}\n",
    )
    .unwrap();
    let out = run_within(
        dir.path(),
        &["main.comp", "-o", "out.spv"],
        Duration::from_secs(20),
    );
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("input::not-a-file") && err.contains("FIFO") && err.contains("main.comp:4:1"),
        "{err}"
    );
    assert!(!dir.path().join("out.spv").exists());
}

#[cfg(unix)]
#[test]
fn a_link_to_a_device_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero.wgsl")).unwrap();
    let out = run_within(
        dir.path(),
        &["zero.wgsl", "-o", "out.spv"],
        Duration::from_secs(20),
    );
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(err.contains("zero.wgsl") && err.contains("device"), "{err}");
}

#[test]
fn a_file_over_the_size_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = shader(dir.path(), "in.wgsl");
    let limit = (bytes.len() - 1).to_string();
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "out.spv", "--max-input-size", &limit],
    );
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("in.wgsl") && err.contains("--max-input-size"),
        "{err}"
    );
    assert!(!dir.path().join("out.spv").exists());
    let enough = bytes.len().to_string();
    assert_exit(
        &run(
            dir.path(),
            &["in.wgsl", "-o", "out.spv", "--max-input-size", &enough],
        ),
        0,
    );
}

#[test]
fn stale_temporaries_of_a_killed_run_are_removed_by_the_next_write() {
    let dir = tempfile::tempdir().unwrap();
    shader(dir.path(), "in.wgsl");
    let out_dir = dir.path().join("out");
    fs::create_dir(&out_dir).unwrap();
    let stale = out_dir.join(".shaderxform-kIlLeD.tmp");
    let fresh = out_dir.join(".shaderxform-wr1t1n.tmp");
    fs::write(&stale, b"half a shader").unwrap();
    fs::write(&fresh, b"being written").unwrap();
    fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    assert_exit(&run(dir.path(), &["in.wgsl", "-o", "out/x.spv"]), 0);
    assert!(!stale.exists(), "an hour-old temporary file was left");
    assert!(
        fresh.exists(),
        "a recent temporary file (maybe in use) was removed"
    );
}

#[test]
fn standard_input_over_the_size_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = fs::read(root().join("corpus/translate/buffer_double_f32.wgsl")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args([
            "-",
            "--input-format",
            "wgsl",
            "-o",
            "out.spv",
            "--max-input-size",
            "100",
        ])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // shaderxform may stop reading at the limit: a broken pipe is fine.
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), &bytes);
    let out = child.wait_with_output().unwrap();
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains("--max-input-size"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("out.spv").exists());
}

#[cfg(unix)]
#[test]
fn batch_fails_a_fifo_by_name_and_compiles_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    fs::create_dir(&input).unwrap();
    shader(&input, "good.wgsl");
    let status = Command::new("mkfifo")
        .arg(input.join("pipe.wgsl"))
        .status()
        .unwrap();
    assert!(status.success());
    std::os::unix::fs::symlink("/dev/zero", input.join("zero.wgsl")).unwrap();
    let out = run_within(
        dir.path(),
        &["batch", "in", "-o", "out"],
        Duration::from_secs(60),
    );
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(err.contains("in/pipe.wgsl: it is a FIFO"), "{err}");
    assert!(err.contains("in/zero.wgsl: it is a device"), "{err}");
    assert!(dir.path().join("out/good.spv").is_file());
}

/// `--input-format` reads a file as the format it names, whatever its
/// name says: HLSL kept in a `.comp` file, as some projects do, reads as
/// HLSL (with the stage the name gives), where it was read as GLSL.
#[test]
fn input_format_reads_a_file_as_it_says_whatever_its_name() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("blur.comp"),
        "RWStructuredBuffer<float> v : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { v[id.x] = v[id.x] * 0.5; }
",
    )
    .unwrap();
    let read = run(
        dir.path(),
        &["blur.comp", "--input-format", "hlsl", "-o", "out.wgsl"],
    );
    assert_exit(&read, 0);
    let wgsl = fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    assert!(
        wgsl.contains("@compute @workgroup_size(64, 1, 1)"),
        "{wgsl}"
    );
    let as_named = run(dir.path(), &["blur.comp", "-o", "glsl.wgsl"]);
    assert_exit(&as_named, 1);
    assert!(
        stderr(&as_named).contains("blur.comp:1:"),
        "{}",
        stderr(&as_named)
    );
}
