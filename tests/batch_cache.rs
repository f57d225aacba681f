//! `shaderxform batch --cache`: every input of a compilation is part of
//! what the cache checks, so that it never serves an output that the
//! inputs of this run would not produce. Each test changes one input
//! between two runs and expects the shader compiled again.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use common::{assert_exit, stderr};

fn batch_with_path(dir: &Path, args: &[&str], path_prefix: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shaderxform"));
    command
        .arg("batch")
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    if let Some(prefix) = path_prefix {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![prefix.to_path_buf()];
        paths.extend(std::env::split_paths(&path));
        command.env("PATH", std::env::join_paths(paths).unwrap());
    }
    command.output().expect("run shaderxform")
}

fn batch(dir: &Path, args: &[&str]) -> Output {
    batch_with_path(dir, args, None)
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
        number_before("compiled"),
        number_before("from the cache"),
        number_before("failed"),
    )
}

const COMPILED: (usize, usize, usize) = (1, 0, 0);
const CACHED: (usize, usize, usize) = (0, 1, 0);

/// A compute shader that stores `VALUE`, defined in `include/value.h`.
const INCLUDING: &str = "#version 450
#include \"value.h\"
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } data;
void main() { data.v[0] = VALUE; }
";

/// `in/store.glsl` including `include/value.h` (found through `-I`).
fn including_tree(dir: &Path, value: u32) -> PathBuf {
    fs::create_dir_all(dir.join("in")).unwrap();
    fs::create_dir_all(dir.join("include")).unwrap();
    fs::write(dir.join("in/store.glsl"), INCLUDING).unwrap();
    let header = dir.join("include/value.h");
    fs::write(&header, format!("#define VALUE {value}u\n")).unwrap();
    header
}

const ARGS: [&str; 10] = [
    "in",
    "-o",
    "out",
    "--emit",
    "wgsl",
    "--cache",
    "cache",
    "--glsl-front",
    "glslang",
    "-Iinclude",
];

fn written(dir: &Path) -> String {
    fs::read_to_string(dir.join("out/store.wgsl")).unwrap()
}

#[test]
fn a_changed_header_is_compiled_again_not_served_stale() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let header = including_tree(dir.path(), 3);
    let out = batch(dir.path(), &ARGS);
    assert_exit(&out, 0);
    assert_eq!(summary(&out), COMPILED);
    assert!(
        written(dir.path()).contains("3u"),
        "{}",
        written(dir.path())
    );
    let out = batch(dir.path(), &ARGS);
    assert_eq!(summary(&out), CACHED, "an unchanged tree is served");

    fs::write(&header, "#define VALUE 7u\n").unwrap();
    let out = batch(dir.path(), &ARGS);
    assert_exit(&out, 0);
    assert_eq!(summary(&out), COMPILED, "{}", stderr(&out));
    let text = written(dir.path());
    assert!(text.contains("7u") && !text.contains("3u"), "{text}");
    let out = batch(dir.path(), &ARGS);
    assert_eq!(summary(&out), CACHED, "the new entry is served");

    // A header that is gone makes the entry a miss too (and the shader fail).
    fs::remove_file(&header).unwrap();
    let out = batch(dir.path(), &ARGS);
    assert_exit(&out, 1);
    assert_eq!(summary(&out), (0, 0, 1));
}

#[test]
fn a_new_file_that_shadows_a_header_is_compiled_again() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    including_tree(dir.path(), 3);
    assert_eq!(summary(&batch(dir.path(), &ARGS)), COMPILED);
    assert_eq!(summary(&batch(dir.path(), &ARGS)), CACHED);
    // Beside the shader comes before the -I folder: this one is read now.
    fs::write(dir.path().join("in/value.h"), "#define VALUE 8u\n").unwrap();
    let out = batch(dir.path(), &ARGS);
    assert_exit(&out, 0);
    assert_eq!(summary(&out), COMPILED, "{}", stderr(&out));
    assert!(
        written(dir.path()).contains("8u"),
        "{}",
        written(dir.path())
    );
}

#[test]
fn each_option_that_changes_an_output_is_another_key() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    including_tree(dir.path(), 3);
    fs::create_dir_all(dir.path().join("other")).unwrap();
    assert_exit(&batch(dir.path(), &ARGS), 0);
    for extra in [
        &["-DUNUSED=1"][..],
        &["-Iother"],
        &["--passes", "none"],
        &["--pass-option", "float-atomics.strategy=cas"],
        &["--features", "subgroups"],
        &["--wgsl-for", "wgpu"],
        &["--storage-format", "target=rgba8unorm"],
        &["--stage", "compute", "--deny-warnings"],
    ] {
        let args = [&ARGS[..], extra].concat();
        let out = batch(dir.path(), &args);
        assert_exit(&out, 0);
        assert_eq!(summary(&out), COMPILED, "{extra:?}: {}", stderr(&out));
        assert_eq!(summary(&batch(dir.path(), &args)), CACHED, "{extra:?}");
    }
}

/// A folder holding a `glslangValidator` that runs `body`.
#[cfg(unix)]
fn fake_glslang(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let bin = dir.join("fake-bin");
    fs::create_dir_all(&bin).unwrap();
    let script = bin.join("glslangValidator");
    fs::write(&script, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    bin
}

#[cfg(unix)]
#[test]
fn the_front_end_that_auto_chose_is_part_of_the_key() {
    let Some(_) = common::tool("glslangValidator") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("in")).unwrap();
    fs::copy(
        common::root().join("corpus/translate/glsl_shared_reduce.comp"),
        dir.path().join("in/reduce.comp"),
    )
    .unwrap();
    let args = ["in", "-o", "out", "--emit", "wgsl", "--cache", "cache"];
    // Without a working glslang, `auto` is naga's reader.
    let missing = fake_glslang(dir.path(), "exit 127");
    let out = batch_with_path(dir.path(), &args, Some(&missing));
    assert_exit(&out, 0);
    assert_eq!(summary(&out), COMPILED);
    let out = batch(dir.path(), &args);
    assert_exit(&out, 0);
    assert_eq!(summary(&out), COMPILED, "glslang's output is not naga's");
}

#[cfg(unix)]
#[test]
fn another_glslang_version_is_another_key() {
    let Some(real) = common::tool("glslangValidator") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    including_tree(dir.path(), 3);
    assert_eq!(summary(&batch(dir.path(), &ARGS)), COMPILED);
    let other = fake_glslang(
        dir.path(),
        &format!(
            "if [ \"$1\" = --version ]; then echo 'Glslang Version: 99.0.0'; exit 0; fi\nexec {} \"$@\"",
            real.display()
        ),
    );
    let out = batch_with_path(dir.path(), &ARGS, Some(&other));
    assert_exit(&out, 0);
    assert_eq!(summary(&out), COMPILED, "{}", stderr(&out));
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(entries(&path));
        } else if path.file_name().is_some_and(|n| n == "entry.json") {
            out.push(path);
        }
    }
    out
}

#[test]
fn an_altered_entry_is_compiled_again_not_served() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("in")).unwrap();
    fs::copy(
        common::root().join("corpus/translate/buffer_double_f32.wgsl"),
        dir.path().join("in/buffer_double.wgsl"),
    )
    .unwrap();
    let args = ["in", "-o", "out", "--cache", "cache"];
    assert_eq!(summary(&batch(dir.path(), &args)), COMPILED);
    let found = entries(&dir.path().join("cache"));
    assert_eq!(found.len(), 1);
    // Still JSON, still naming a shader: only its hash can tell.
    let text = fs::read_to_string(&found[0]).unwrap();
    assert!(text.contains("buffer_double"), "{text}");
    fs::write(&found[0], text.replace("buffer_double", "buffer_triple")).unwrap();
    let out = batch(dir.path(), &args);
    assert_exit(&out, 0);
    assert_eq!(summary(&out), COMPILED, "{}", stderr(&out));
    let manifest = fs::read_to_string(dir.path().join("out/shaderxform-manifest.json")).unwrap();
    assert!(!manifest.contains("buffer_triple"), "{manifest}");
}

#[test]
fn watch_compiles_again_the_shaders_whose_header_changed() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // One header outside IN_DIR (through -I), one inside it.
    let header = including_tree(dir.path(), 3);
    fs::write(
        dir.path().join("in/near.glsl"),
        INCLUDING.replace("value.h", "near.h"),
    )
    .unwrap();
    let near = dir.path().join("in/near.h");
    fs::write(&near, "#define VALUE 5u\n").unwrap();
    // Searched before `include`, empty for now.
    fs::create_dir_all(dir.path().join("first")).unwrap();
    let mut child = common::Child(
        Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .args(["batch", "--watch", "-Ifirst"])
            .args(ARGS)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start shaderxform batch --watch"),
    );
    let log = collect_stderr(&mut child.0);
    let limit = Duration::from_secs(60);
    let near_out = dir.path().join("out/near.wgsl");
    assert!(
        common::wait_for(limit, || log.lock().unwrap().contains("watching")),
        "not watching after the first round"
    );
    assert!(written_has(&dir.path().join("out/store.wgsl"), "3u"));
    assert!(written_has(&near_out, "5u"));
    fs::write(&header, "#define VALUE 7u\n").unwrap();
    assert!(
        common::wait_for(limit, || written_has(
            &dir.path().join("out/store.wgsl"),
            "7u"
        )),
        "a header outside IN_DIR changed and its shader was not compiled again"
    );
    fs::write(&near, "#define VALUE 9u\n").unwrap();
    assert!(
        common::wait_for(limit, || written_has(&near_out, "9u")),
        "a header inside IN_DIR changed and its shader was not compiled again"
    );
    // The first -I folder comes before the second.
    fs::write(dir.path().join("first/value.h"), "#define VALUE 11u\n").unwrap();
    assert!(
        common::wait_for(limit, || written_has(
            &dir.path().join("out/store.wgsl"),
            "11u"
        )),
        "a new file that shadows a header did not make its shader compile again"
    );
    // Compiling reads files, which is no change: three changes, three
    // rounds (a burst may take two), and then quiet.
    std::thread::sleep(Duration::from_secs(2));
    let text = log.lock().unwrap().clone();
    let rounds = text.matches("changed shaders").count();
    assert!(
        (3..=6).contains(&rounds),
        "{rounds} rounds for three changes\n{text}"
    );
}

/// Gathers a child's stderr as it comes.
fn collect_stderr(child: &mut std::process::Child) -> std::sync::Arc<std::sync::Mutex<String>> {
    use std::io::BufRead;
    let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let sink = log.clone();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            let mut log = sink.lock().unwrap();
            log.push_str(&line);
            log.push('\n');
        }
    });
    log
}

fn written_has(path: &Path, needle: &str) -> bool {
    fs::read_to_string(path).is_ok_and(|t| t.contains(needle))
}
