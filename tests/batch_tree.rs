//! `shaderxform batch` on real source trees: a vertex and a fragment
//! shader of one name, headers that other shaders include, globs, and the
//! repository's own corpus as one batch.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{assert_exit, root, stderr};
use serde_json::Value;

fn shaderxform(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("run shaderxform")
}

fn manifest(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn inputs(manifest: &Value) -> Vec<String> {
    manifest["shaders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["input"].as_str().unwrap().to_string())
        .collect()
}

/// `in/` with `lit.vert`, `lit.frag` and `util/common.glsl`, which both
/// include.
fn stage_pair(dir: &Path) {
    let input = dir.join("in");
    fs::create_dir_all(input.join("util")).unwrap();
    fs::write(
        input.join("util/common.glsl"),
        "// Shared by both stages; not a shader of its own.\nvec4 tint(vec4 c) { return c * 0.5; }\n",
    )
    .unwrap();
    fs::write(
        input.join("lit.vert"),
        "#version 450\n#include \"util/common.glsl\"\nvoid main() { gl_Position = tint(vec4(1.0)); }\n",
    )
    .unwrap();
    fs::write(
        input.join("lit.frag"),
        "#version 450\n#include \"util/common.glsl\"\nlayout(location = 0) out vec4 color;\nvoid main() { color = tint(vec4(1.0)); }\n",
    )
    .unwrap();
}

#[test]
fn a_vertex_and_a_fragment_shader_of_one_name_keep_their_stage() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    stage_pair(dir.path());
    let out = shaderxform(
        dir.path(),
        &["batch", "in", "-o", "out", "--emit", "spv,wgsl"],
    );
    assert_exit(&out, 0);
    for written in [
        "lit.vert.spv",
        "lit.frag.spv",
        "lit.vert.wgsl",
        "lit.frag.wgsl",
    ] {
        assert!(
            dir.path().join("out").join(written).is_file(),
            "{written}: {}",
            stderr(&out)
        );
    }
    let vert = fs::read_to_string(dir.path().join("out/lit.vert.wgsl")).unwrap();
    assert!(vert.contains("@vertex"), "{vert}");
    // The earlier naming is still there, with its refusal of the pair.
    let plain = shaderxform(
        dir.path(),
        &["batch", "in", "-o", "plain", "--output-names", "plain"],
    );
    assert_exit(&plain, 2);
    assert!(
        stderr(&plain).contains("would both be written to"),
        "{}",
        stderr(&plain)
    );
}

#[test]
fn a_header_that_others_include_is_not_compiled() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    stage_pair(dir.path());
    let out = shaderxform(dir.path(), &["batch", "in", "-o", "out"]);
    assert_exit(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains("not compiled: in/util/common.glsl (included by in/lit."),
        "{err}"
    );
    let m = manifest(&dir.path().join("out/shaderxform-manifest.json"));
    assert_eq!(inputs(&m), ["lit.frag", "lit.vert"]);
    assert!(!dir.path().join("out/util/common.spv").exists());
}

#[test]
fn glob_and_exclude_choose_the_shaders() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    fs::create_dir_all(input.join("fx")).unwrap();
    for name in ["a.wgsl", "fx/b.wgsl", "fx/c.wgsl"] {
        fs::copy(
            root().join("corpus/translate/buffer_double_f32.wgsl"),
            input.join(name),
        )
        .unwrap();
    }
    fs::write(input.join("fx/broken.wgsl"), "fn f( {\n").unwrap();
    let out = shaderxform(
        dir.path(),
        &[
            "batch",
            "in",
            "-o",
            "out",
            "--glob",
            "fx/*",
            "--exclude",
            "**/broken.wgsl",
        ],
    );
    assert_exit(&out, 0);
    let m = manifest(&dir.path().join("out/shaderxform-manifest.json"));
    assert_eq!(inputs(&m), ["fx/b.wgsl", "fx/c.wgsl"]);
    let out = shaderxform(dir.path(), &["batch", "in", "-o", "out", "--glob", "[oops"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("bad glob `[oops`"),
        "{}",
        stderr(&out)
    );
}

/// The repository's corpus compiles as one batch: no two shaders share an
/// output, headers are left out, every GLSL shader compiles, and every
/// shader the batch fails is one the single-file command fails too (the
/// corpus holds shaders that are wrong on purpose).
#[test]
fn the_corpus_compiles_as_one_batch() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let out = shaderxform(
        &root(),
        &[
            "batch",
            "corpus",
            "-o",
            out_dir.to_str().unwrap(),
            "--emit",
            "spv",
            "--exclude",
            "engine/**",
            "--exclude",
            "validate/**",
        ],
    );
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "the corpus is not one batch: {}",
        stderr(&out)
    );
    let m = manifest(&out_dir.join("shaderxform-manifest.json"));
    let shaders = m["shaders"].as_array().unwrap();
    let names = inputs(&m);
    assert!(
        names.iter().all(|n| !n.starts_with("glsl/include/")),
        "{names:?}"
    );
    for pair in ["glsl/particle_point.vert", "glsl/particle_point.frag"] {
        assert!(names.iter().any(|n| n == pair), "{pair} missing");
        assert!(out_dir.join(format!("{pair}.spv")).is_file(), "{pair}.spv");
    }
    for shader in shaders {
        let input = shader["input"].as_str().unwrap();
        if input.starts_with("glsl/") {
            assert_eq!(shader["success"], true, "{input}: {}", shader["report"]);
        }
        if shader["success"] == false {
            let single = shaderxform(
                &root(),
                &[
                    &format!("corpus/{input}"),
                    "-o",
                    dir.path().join("single.spv").to_str().unwrap(),
                ],
            );
            assert_ne!(
                single.status.code(),
                Some(0),
                "{input} fails in the batch but compiles alone"
            );
        }
    }
}

/// Every file under `dir`, relative, with its bytes; manifests left out.
fn tree_without_manifests(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if !path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("shaderxform-manifest")
            {
                let relative = path.strip_prefix(dir).unwrap().display().to_string();
                files.insert(relative, fs::read(&path).unwrap());
            }
        }
    }
    files
}

/// Two processes given `--shard 1/2` and `--shard 2/2`, run at once with
/// one cache folder, write together exactly what one run writes: the same
/// files, byte for byte, and manifests whose shaders are the whole run's,
/// each once. Run again, each shard is served from the shared cache.
#[test]
fn two_shards_sharing_a_cache_write_together_what_one_run_writes() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    fs::create_dir_all(input.join("fx")).unwrap();
    let corpus = root().join("corpus/translate");
    let mut copied = 0;
    for entry in fs::read_dir(&corpus).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "wgsl") && copied < 16 {
            let folder = if copied % 2 == 0 { "fx" } else { "" };
            fs::copy(&path, input.join(folder).join(path.file_name().unwrap())).unwrap();
            copied += 1;
        }
    }
    assert_eq!(copied, 16, "corpus/translate has WGSL shaders");
    let args = |out: &str| -> Vec<String> {
        ["batch", "in", "-o", out, "--emit", "spv,wgsl"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let whole = shaderxform(
        dir.path(),
        &args("whole").iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert_exit(&whole, 0);

    let shard = |k: u32| {
        let mut a = args("sharded");
        a.extend([
            "--cache".into(),
            "cache".into(),
            "--shard".into(),
            format!("{k}/2"),
        ]);
        Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .args(&a)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run shaderxform")
    };
    let (first, second) = (shard(1), shard(2));
    for run in [
        first.wait_with_output().unwrap(),
        second.wait_with_output().unwrap(),
    ] {
        assert_exit(&run, 0);
    }
    assert_eq!(
        tree_without_manifests(&dir.path().join("sharded")),
        tree_without_manifests(&dir.path().join("whole")),
        "the shards' outputs are the whole run's"
    );
    let whole_manifest = manifest(&dir.path().join("whole/shaderxform-manifest.json"));
    let mut sharded_shaders = Vec::new();
    for k in 1..=2 {
        let m = manifest(
            &dir.path()
                .join(format!("sharded/shaderxform-manifest.shard-{k}-of-2.json")),
        );
        assert_eq!(m["shard"], format!("{k}/2"));
        let shaders = m["shaders"].as_array().unwrap().clone();
        assert!(!shaders.is_empty(), "shard {k} compiled nothing");
        sharded_shaders.extend(shaders);
    }
    sharded_shaders.sort_by_key(|s| s["input"].as_str().unwrap().to_string());
    assert_eq!(
        serde_json::Value::Array(sharded_shaders),
        whole_manifest["shaders"],
        "each shader in one shard's manifest, as the whole run has it"
    );

    // Again: every shader of each shard comes from the shared cache.
    for k in 1..=2 {
        let mut a = args("sharded");
        a.extend([
            "--cache".into(),
            "cache".into(),
            "--shard".into(),
            format!("{k}/2"),
        ]);
        let again = shaderxform(
            dir.path(),
            &a.iter().map(String::as_str).collect::<Vec<_>>(),
        );
        assert_exit(&again, 0);
        let err = stderr(&again);
        assert!(err.contains("0 compiled"), "shard {k}: {err}");
    }
}
