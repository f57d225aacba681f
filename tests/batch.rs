//! `shaderxform batch`: a tree in, a tree out, a manifest, a cache, and
//! one bad shader that fails alone.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use common::{assert_exit, stderr};
use serde_json::Value;

const SPIRV_MAGIC: [u8; 4] = 0x0723_0203u32.to_le_bytes();

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A syntax error on line 2, column 13 (the `;`).
const BAD: &str = "fn f() -> i32 {\n  return x +;\n}\n";

/// A tree of three good shaders in two formats and folders, and one bad
/// one, under `dir/in`.
fn tree(dir: &Path) -> PathBuf {
    let input = dir.join("in");
    fs::create_dir_all(input.join("compute/glsl")).unwrap();
    for (from, to) in [
        (
            "corpus/translate/buffer_double_f32.wgsl",
            "buffer_double_f32.wgsl",
        ),
        (
            "corpus/translate/saxpy_uniform_params.wgsl",
            "compute/saxpy.wgsl",
        ),
        (
            "corpus/translate/glsl_shared_reduce.comp",
            "compute/glsl/reduce.comp",
        ),
    ] {
        fs::copy(root().join(from), input.join(to)).unwrap();
    }
    fs::write(input.join("compute/broken.wgsl"), BAD).unwrap();
    input
}

fn batch(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("batch")
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run shaderxform")
}

fn manifest(path: &Path) -> Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("the manifest is JSON")
}

/// The summary line's counts: (compiled, from the cache, failed).
fn summary(out: &Output) -> (usize, usize, usize) {
    let err = stderr(out);
    let line = err
        .lines()
        .find(|l| l.starts_with("shaderxform batch:"))
        .unwrap_or_else(|| panic!("no summary line\n{err}"));
    let number_before = |word: &str| -> usize {
        let end = line
            .find(word)
            .unwrap_or_else(|| panic!("{word:?} not in {line}"));
        line[..end]
            .trim_end()
            .rsplit(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    (
        number_before(" compiled"),
        number_before(" from the cache"),
        number_before(" failed"),
    )
}

#[test]
fn a_bad_shader_fails_alone_with_its_position_and_the_others_are_written() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let out = batch(dir.path(), &["in", "-o", "out", "--emit", "spv,wgsl"]);
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(err.contains("in/compute/broken.wgsl:2:13"), "{err}");
    assert!(err.contains("expected expression"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    for written in [
        "out/buffer_double_f32.spv",
        "out/buffer_double_f32.wgsl",
        "out/compute/saxpy.spv",
        "out/compute/saxpy.wgsl",
        // The stage extension stays, as glslc names its outputs.
        "out/compute/glsl/reduce.comp.spv",
        "out/compute/glsl/reduce.comp.wgsl",
    ] {
        let path = dir.path().join(written);
        let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{written}: {e}"));
        if written.ends_with(".spv") {
            assert_eq!(bytes[..4], SPIRV_MAGIC, "{written}");
        } else {
            assert!(String::from_utf8(bytes).unwrap().contains("@compute"));
        }
    }
    assert!(!dir.path().join("out/compute/broken.spv").exists());
    assert!(!dir.path().join("out/compute/broken.wgsl").exists());

    let m = manifest(&dir.path().join("out/shaderxform-manifest.json"));
    assert_eq!(m["summary"]["shaders"], 4);
    assert_eq!(m["summary"]["failed"], 1);
    let shaders = m["shaders"].as_array().unwrap();
    let inputs: Vec<&str> = shaders
        .iter()
        .map(|s| s["input"].as_str().unwrap())
        .collect();
    assert_eq!(
        inputs,
        [
            "buffer_double_f32.wgsl",
            "compute/broken.wgsl",
            "compute/glsl/reduce.comp",
            "compute/saxpy.wgsl"
        ]
    );
    let broken = &shaders[1];
    assert_eq!(broken["success"], false);
    assert_eq!(broken["outputs"].as_array().unwrap().len(), 0);
    assert_eq!(broken["report"]["diagnostics"][0]["line"], 2);
    assert_eq!(broken["report"]["diagnostics"][0]["column"], 13);
    // Every output's hash is the hash of the file written.
    let saxpy = &shaders[3];
    for output in saxpy["outputs"].as_array().unwrap() {
        let path = dir
            .path()
            .join("out")
            .join(output["path"].as_str().unwrap());
        let bytes = fs::read(&path).unwrap();
        assert_eq!(output["bytes"], bytes.len());
        assert_eq!(output["sha256"].as_str().unwrap().len(), 64);
    }
}

#[test]
fn a_second_run_takes_every_unchanged_shader_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let input = tree(dir.path());
    let args = ["in", "-o", "out", "--emit", "spv,hlsl", "--cache", "cache"];
    let first = batch(dir.path(), &args);
    assert_exit(&first, 1);
    assert_eq!(summary(&first), (3, 0, 1));
    let first_manifest = fs::read(dir.path().join("out/shaderxform-manifest.json")).unwrap();

    let second = batch(dir.path(), &args);
    assert_exit(&second, 1);
    // Failures are not cached: the bad shader is diagnosed again.
    assert_eq!(summary(&second), (0, 3, 1));
    assert!(stderr(&second).contains("in/compute/broken.wgsl:2:13"));
    let second_manifest = fs::read(dir.path().join("out/shaderxform-manifest.json")).unwrap();
    assert_eq!(first_manifest, second_manifest);

    // Fixing the bad shader and changing one option of nothing else: only
    // the fixed one is compiled.
    fs::copy(
        root().join("corpus/translate/collatz_loop_steps.wgsl"),
        input.join("compute/broken.wgsl"),
    )
    .unwrap();
    let third = batch(dir.path(), &args);
    assert_exit(&third, 0);
    assert_eq!(summary(&third), (1, 3, 0));
    assert!(dir.path().join("out/compute/broken.spv").is_file());

    // Other options are another key.
    let other = batch(
        dir.path(),
        &[
            "in", "-o", "out", "--emit", "spv,hlsl", "--cache", "cache", "--passes", "none",
        ],
    );
    assert_exit(&other, 0);
    assert_eq!(summary(&other), (4, 0, 0));
}

#[test]
fn a_damaged_cache_entry_is_compiled_again() {
    let dir = tempfile::tempdir().unwrap();
    let input = tree(dir.path());
    fs::remove_file(input.join("compute/broken.wgsl")).unwrap();
    let args = ["in", "-o", "out", "--cache", "cache"];
    assert_exit(&batch(dir.path(), &args), 0);
    let mut damaged = 0;
    for entry in walk(&dir.path().join("cache")) {
        if entry.extension().is_some_and(|e| e == "out") {
            fs::write(&entry, b"not what was hashed").unwrap();
            damaged += 1;
        }
    }
    assert_eq!(damaged, 3);
    let again = batch(dir.path(), &args);
    assert_exit(&again, 0);
    assert_eq!(summary(&again), (3, 0, 0));
    let spirv = fs::read(dir.path().join("out/compute/saxpy.spv")).unwrap();
    assert_eq!(spirv[..4], SPIRV_MAGIC);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn outputs_and_manifest_do_not_depend_on_threads_or_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let emit = "spv,wgsl,glsl,hlsl,metal,spvasm";
    assert_exit(
        &batch(dir.path(), &["in", "-o", "one", "--emit", emit, "-j", "1"]),
        1,
    );
    assert_exit(
        &batch(dir.path(), &["in", "-o", "two", "--emit", emit, "-j", "2"]),
        1,
    );
    let args = [
        "in", "-o", "three", "--emit", emit, "-j", "2", "--cache", "cache",
    ];
    assert_exit(&batch(dir.path(), &args), 1);
    fs::remove_dir_all(dir.path().join("three")).unwrap();
    let cached = batch(dir.path(), &args);
    assert_eq!(summary(&cached), (0, 3, 1));

    let files = |name: &str| -> Vec<(PathBuf, Vec<u8>)> {
        let base = dir.path().join(name);
        let mut files: Vec<(PathBuf, Vec<u8>)> = walk(&base)
            .into_iter()
            .map(|p| {
                (
                    p.strip_prefix(&base).unwrap().to_path_buf(),
                    fs::read(&p).unwrap(),
                )
            })
            .collect();
        files.sort();
        files
    };
    let one = files("one");
    assert_eq!(one.len(), 3 * 6 + 1);
    assert!(one == files("two"), "-j 1 and -j 2 differ");
    assert!(one == files("three"), "a run from the cache differs");
}

#[test]
fn an_output_folder_inside_the_input_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let out = batch(dir.path(), &["in", "-o", "in/out"]);
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("inside the input folder"));
}

#[test]
fn outputs_of_a_shader_that_now_fails_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let input = tree(dir.path());
    fs::remove_file(input.join("compute/broken.wgsl")).unwrap();
    assert_exit(&batch(dir.path(), &["in", "-o", "out"]), 0);
    assert!(dir.path().join("out/compute/saxpy.spv").is_file());
    fs::write(input.join("compute/saxpy.wgsl"), BAD).unwrap();
    assert_exit(&batch(dir.path(), &["in", "-o", "out"]), 1);
    assert!(!dir.path().join("out/compute/saxpy.spv").exists());
    assert!(dir.path().join("out/buffer_double_f32.spv").is_file());
}

#[test]
fn watch_compiles_again_only_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let input = tree(dir.path());
    fs::remove_file(input.join("compute/broken.wgsl")).unwrap();
    let manifest_path = dir.path().join("out/shaderxform-manifest.json");
    let _child = common::Child(
        Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .args(["batch", "in", "-o", "out", "--emit", "wgsl", "--watch"])
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start shaderxform batch --watch"),
    );
    let limit = Duration::from_secs(60);
    assert!(
        common::wait_for(limit, || manifest_path.is_file()),
        "no manifest after the first round"
    );
    let untouched = dir.path().join("out/buffer_double_f32.wgsl");
    let untouched_time = fs::metadata(&untouched).unwrap().modified().unwrap();

    // A changed shader is written again.
    fs::write(
        input.join("compute/saxpy.wgsl"),
        fs::read_to_string(root().join("corpus/translate/collatz_loop_steps.wgsl")).unwrap(),
    )
    .unwrap();
    let saxpy = dir.path().join("out/compute/saxpy.wgsl");
    assert!(
        common::wait_for(limit, || fs::read_to_string(&saxpy)
            .is_ok_and(|t| t.contains("collatz") || t.contains("steps"))),
        "the changed shader was not compiled again"
    );

    // A new shader is picked up, a bad one fails in the manifest.
    fs::write(input.join("compute/new_bad.wgsl"), BAD).unwrap();
    assert!(
        common::wait_for(limit, || fs::read_to_string(&manifest_path)
            .is_ok_and(|t| t.contains("compute/new_bad.wgsl"))),
        "the new shader did not reach the manifest"
    );
    let m = manifest(&manifest_path);
    assert_eq!(m["summary"]["shaders"], 4);
    assert_eq!(m["summary"]["failed"], 1);
    assert_eq!(
        fs::metadata(&untouched).unwrap().modified().unwrap(),
        untouched_time,
        "an unchanged shader's output was written again"
    );
}

#[cfg(unix)]
#[test]
fn symbolic_link_loops_are_skipped_with_a_warning() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let input = tree(dir.path());
    fs::remove_file(input.join("compute/broken.wgsl")).unwrap();
    // A folder that contains its own parent, a link to itself, and a
    // link whose target is missing.
    symlink("..", input.join("compute/up")).unwrap();
    symlink("self.wgsl", input.join("self.wgsl")).unwrap();
    symlink("missing.wgsl", input.join("dangling.wgsl")).unwrap();
    let out = batch(dir.path(), &["in", "-o", "out", "--emit", "spv"]);
    assert_exit(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains("compute/up: skipped: a symbolic link loop"),
        "{err}"
    );
    assert!(err.contains("self.wgsl: skipped"), "{err}");
    assert!(err.contains("dangling.wgsl: skipped"), "{err}");
    assert_eq!(summary(&out), (3, 0, 0));
    assert!(dir.path().join("out/compute/saxpy.spv").is_file());
}

#[cfg(unix)]
#[test]
fn new_outputs_follow_the_umask_and_overwritten_ones_keep_their_mode() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let dir = tempfile::tempdir().unwrap();
    let input = tree(dir.path());
    fs::remove_file(input.join("compute/broken.wgsl")).unwrap();
    let probe = dir.path().join("probe");
    fs::File::create(&probe).unwrap();
    let expected = mode(&probe);
    let out = batch(
        dir.path(),
        &["in", "-o", "out", "--emit", "spv", "--cache", "cache"],
    );
    assert_exit(&out, 0);
    let mut files = walk(&dir.path().join("out"));
    files.extend(walk(&dir.path().join("cache")));
    assert!(files.len() >= 5, "{files:?}");
    for file in &files {
        assert_eq!(mode(file), expected, "{}", file.display());
    }
    let saxpy = dir.path().join("out/compute/saxpy.spv");
    fs::set_permissions(&saxpy, fs::Permissions::from_mode(0o664)).unwrap();
    fs::write(
        input.join("compute/saxpy.wgsl"),
        fs::read_to_string(root().join("corpus/translate/buffer_double_f32.wgsl")).unwrap(),
    )
    .unwrap();
    let out = batch(
        dir.path(),
        &["in", "-o", "out", "--emit", "spv", "--cache", "cache"],
    );
    assert_exit(&out, 0);
    assert_eq!(mode(&saxpy), 0o664);
}

#[cfg(unix)]
#[test]
fn bench_batch_fails_with_the_exit_code_of_a_failing_batch() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("shaderxform");
    // Compiles every single file, fails every batch.
    fs::write(
        &fake,
        "#!/bin/sh\nif [ \"$1\" = batch ]; then echo 'error: no such thing' >&2; exit 3; fi\nexit 0\n",
    )
    .unwrap();
    fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
    let out = Command::new(root().join("scripts/bench-batch"))
        .arg("1")
        .env("SHADERXFORM", &fake)
        .stdin(Stdio::null())
        .output()
        .expect("run scripts/bench-batch");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}\n{}", stderr(&out));
    assert!(!stdout.contains("shaders/s"), "{stdout}");
    assert!(stderr(&out).contains("no such thing"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("'batch, no cache' failed"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn wgsl_for_wgpu_is_part_of_the_cache_key() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    fs::create_dir_all(&input).unwrap();
    fs::copy(
        root().join("corpus/emission/subgroup_vote_count.wgsl"),
        input.join("vote.wgsl"),
    )
    .unwrap();
    let common = ["in", "-o", "out", "--emit", "wgsl", "--cache", "cache"];
    let out = batch(dir.path(), &common);
    assert_exit(&out, 0);
    let written = || fs::read_to_string(dir.path().join("out/vote.wgsl")).unwrap();
    assert!(written().contains("enable subgroups;"));
    let out = batch(dir.path(), &[&common[..], &["--wgsl-for", "wgpu"]].concat());
    assert_exit(&out, 0);
    assert_eq!(
        summary(&out),
        (1, 0, 0),
        "compiled again, not taken from the cache"
    );
    assert!(!written().contains("enable subgroups;"), "{}", written());
}

/// With `--reflect`, each shader's reflection is written beside its
/// outputs, named as they are (the stage extension kept), and listed with
/// them in the manifest; it is taken from the cache like them, and removed
/// with them when the shader fails. Without `--reflect`, none is written.
#[test]
fn reflections_are_written_beside_the_outputs_cached_and_removed_on_failure() {
    let dir = tempfile::tempdir().unwrap();
    let input = tree(dir.path());
    let args = [
        "in",
        "-o",
        "out",
        "--emit",
        "spv,wgsl",
        "--cache",
        "cache",
        "--reflect",
    ];
    let first = batch(dir.path(), &args);
    assert_exit(&first, 1);
    let m = manifest(&dir.path().join("out/shaderxform-manifest.json"));
    let shaders = m["shaders"].as_array().unwrap();
    for (input_path, reflection) in [
        ("buffer_double_f32.wgsl", "buffer_double_f32.reflect.json"),
        ("compute/saxpy.wgsl", "compute/saxpy.reflect.json"),
        (
            "compute/glsl/reduce.comp",
            "compute/glsl/reduce.comp.reflect.json",
        ),
    ] {
        let text = fs::read_to_string(dir.path().join("out").join(reflection))
            .unwrap_or_else(|e| panic!("{reflection}: {e}"));
        let written: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(written["schema"], 1, "{text}");
        assert_eq!(written["entry_points"][0]["stage"], "compute", "{text}");
        assert!(
            !written["bindings"].as_array().unwrap().is_empty(),
            "{text}"
        );
        let shader = shaders
            .iter()
            .find(|s| s["input"] == input_path)
            .unwrap_or_else(|| panic!("{input_path} is not in the manifest"));
        // The file is the reflection the shader's report holds, and the
        // manifest lists it after the outputs.
        assert_eq!(written, shader["report"]["reflection"], "{input_path}");
        let outputs = shader["outputs"].as_array().unwrap();
        assert_eq!(outputs.len(), 3, "{outputs:?}");
        assert_eq!(outputs[2]["path"], reflection);
        assert_eq!(outputs[2]["format"], "reflection");
        assert_eq!(outputs[2]["bytes"], text.len());
    }
    assert!(!dir.path().join("out/compute/broken.reflect.json").exists());

    // From the cache: a reflection removed from the output folder comes
    // back with the same bytes.
    let saxpy = dir.path().join("out/compute/saxpy.reflect.json");
    let compiled = fs::read(&saxpy).unwrap();
    fs::remove_file(&saxpy).unwrap();
    let second = batch(dir.path(), &args);
    assert_exit(&second, 1);
    assert_eq!(summary(&second), (0, 3, 1));
    assert_eq!(fs::read(&saxpy).unwrap(), compiled);

    // A shader that now fails loses its reflection with its outputs.
    fs::write(input.join("compute/saxpy.wgsl"), BAD).unwrap();
    assert_exit(&batch(dir.path(), &args), 1);
    assert!(!saxpy.exists());
    assert!(!dir.path().join("out/compute/saxpy.spv").exists());

    // Not asked for, not written.
    let plain = tempfile::tempdir().unwrap();
    tree(plain.path());
    assert_exit(&batch(plain.path(), &["in", "-o", "out"]), 1);
    let reflections: Vec<PathBuf> = walk(&plain.path().join("out"))
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(".reflect.json"))
        .collect();
    assert!(reflections.is_empty(), "{reflections:?}");
}
