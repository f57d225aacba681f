//! A tree of 500 shaders laid out as an engine lays them out: shared GLSL
//! headers that `#include`d, `name.vert` beside `name.frag`, compute
//! shaders, and WGSL shaders that `#import` modules with shader defs. It
//! compiles in one batch; after a one-line edit of a header and of a
//! module, exactly the shaders that include or import them are compiled
//! again, and every output equals a clean build's; two shards sharing one
//! cache write together what one run writes.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{assert_exit, stderr};

const PAIRS: usize = 40;
const COMPUTE: usize = 20;
const WGSL: usize = 400;

const MATH: &str = "// Shared by vertex and compute shaders.
#define MATH_SCALE 1.5
float scaled_factor(float x) { return x * MATH_SCALE; }
vec3 scaled(vec3 p, float s) { return p * s * MATH_SCALE; }
";

const LIGHTING: &str = "// Shared by the fragment shaders.
#define LIGHT_GAIN 0.75
vec3 light(vec3 p, float k) { return normalize(p + vec3(k)) * LIGHT_GAIN; }
";

const VIEW: &str = "#define_import_path engine::view

struct View {
    view_proj: mat4x4<f32>,
    exposure: f32,
}

@group(0) @binding(0) var<uniform> view: View;

fn exposed(c: vec3<f32>) -> vec3<f32> {
    return c * view.exposure;
}
";

const PBR: &str = "#define_import_path engine::pbr
#import engine::view::exposed

fn shade(n: vec3<f32>, l: vec3<f32>) -> vec3<f32> {
    let d = max(dot(n, l), 0.0);
#ifdef SPECULAR
    return exposed(vec3(d) + vec3(pow(d, 16.0)));
#else
    return exposed(vec3(d));
#endif
}
";

const POST: &str = "#define_import_path engine::post

const GAMMA: f32 = 2.2;

fn tonemap(c: vec3<f32>) -> vec3<f32> {
    return pow(c / (c + vec3(1.0)), vec3(1.0 / GAMMA));
}
";

/// Writes the tree under `input`; returns the shaders that read
/// `common/lighting.glsl` or `wgsl/lib/post.wgsl`, the files edited later.
fn generate(input: &Path) -> BTreeSet<String> {
    for folder in ["common", "materials", "compute", "wgsl/lib", "wgsl/fx"] {
        fs::create_dir_all(input.join(folder)).unwrap();
    }
    let write = |relative: &str, text: String| fs::write(input.join(relative), text).unwrap();
    let mut reads_edited = BTreeSet::new();
    write("common/math.glsl", MATH.into());
    write("common/lighting.glsl", LIGHTING.into());
    write("wgsl/lib/view.wgsl", VIEW.into());
    write("wgsl/lib/pbr.wgsl", PBR.into());
    write("wgsl/lib/post.wgsl", POST.into());
    for i in 0..PAIRS {
        write(
            &format!("materials/mat{i}.vert"),
            format!(
                "#version 450
#include \"../common/math.glsl\"
layout(location = 0) in vec3 position;
layout(location = 0) out vec3 world;
layout(set = 0, binding = 0) uniform View {{ mat4 view_proj; }} view;
void main() {{
    world = position;
    gl_Position = view.view_proj * vec4(scaled(position, {i}.0), 1.0);
}}
"
            ),
        );
        write(
            &format!("materials/mat{i}.frag"),
            format!(
                "#version 450
#include \"../common/lighting.glsl\"
layout(location = 0) in vec3 world;
layout(location = 0) out vec4 color;
void main() {{ color = vec4(light(world, {i}.0), 1.0); }}
"
            ),
        );
        reads_edited.insert(format!("materials/mat{i}.frag"));
    }
    for i in 0..COMPUTE {
        write(
            &format!("compute/k{i}.comp"),
            format!(
                "#version 450
#include \"../common/math.glsl\"
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data {{ float values[]; }} data;
void main() {{
    uint i = gl_GlobalInvocationID.x;
    data.values[i] = scaled_factor(data.values[i]) + {i}.0;
}}
"
            ),
        );
    }
    for i in 0..WGSL {
        let relative = format!("wgsl/fx/fx{i}.wgsl");
        if i % 2 == 0 {
            write(
                &relative,
                format!(
                    "#import engine::pbr

@fragment
fn main(@location(0) n: vec3<f32>) -> @location(0) vec4<f32> {{
    return vec4(pbr::shade(normalize(n), vec3(0.0, {i}.0, 1.0)), 1.0);
}}
"
                ),
            );
        } else {
            write(
                &relative,
                format!(
                    "#import engine::post::tonemap

@group(0) @binding(1) var<storage, read_write> pixels: array<vec4<f32>>;

@compute @workgroup_size(#{{WORKGROUP}})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
#ifdef HDR
    pixels[id.x] = vec4(tonemap(pixels[id.x].rgb * {i}.0), 1.0);
#else
    pixels[id.x] = vec4(pixels[id.x].rgb, 1.0);
#endif
}}
"
                ),
            );
            reads_edited.insert(relative);
        }
    }
    reads_edited
}

fn batch_args<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "batch",
        "in",
        "-o",
        out,
        "-D",
        "HDR",
        "-D",
        "SPECULAR",
        "-D",
        "WORKGROUP=64",
    ];
    args.extend(extra);
    args
}

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shaderxform"));
    command
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    command(dir, args).output().expect("run shaderxform")
}

/// Each shader of a run's progress lines (`[ 12/500] compiled in/x`) with
/// what happened to it, relative to `in/`.
fn statuses(out: &Output) -> BTreeMap<String, String> {
    stderr(out)
        .lines()
        .filter(|line| line.starts_with('['))
        .filter_map(|line| {
            let mut words = line.split(']').nth(1)?.split_whitespace();
            let status = words.next()?.to_string();
            let input = words.next()?.strip_prefix("in/")?.to_string();
            Some((input, status))
        })
        .collect()
}

/// Every file under `dir`, relative, with its bytes; manifests left out.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
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

fn manifest_shaders(path: &Path) -> Vec<serde_json::Value> {
    let m: serde_json::Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    m["shaders"].as_array().unwrap().clone()
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn an_engine_tree_compiles_in_one_batch_and_recompiles_only_what_an_edit_reaches() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let reads_edited = generate(&dir.path().join("in"));
    let cached = ["--cache", "cache", "-j", "2"];

    let first = run(dir.path(), &batch_args("out", &cached));
    assert_exit(&first, 0);
    let said = statuses(&first);
    assert_eq!(said.len(), 2 * PAIRS + COMPUTE + WGSL, "{}", stderr(&first));
    assert!(said.values().all(|s| s == "compiled"), "{said:?}");
    for pair in ["materials/mat7.vert.spv", "materials/mat7.frag.spv"] {
        assert!(dir.path().join("out").join(pair).is_file(), "{pair}");
    }
    let not_compiled = stderr(&first);
    for header in [
        "in/common/math.glsl",
        "in/common/lighting.glsl",
        "in/wgsl/lib/view.wgsl",
        "in/wgsl/lib/pbr.wgsl",
        "in/wgsl/lib/post.wgsl",
    ] {
        assert!(
            not_compiled.contains(&format!("not compiled: {header} (")),
            "{header}: {not_compiled}"
        );
    }

    // One line of a GLSL header and one of an imported WGSL module.
    let input = dir.path().join("in");
    edit(
        &input.join("common/lighting.glsl"),
        "LIGHT_GAIN 0.75",
        "LIGHT_GAIN 0.5",
    );
    edit(
        &input.join("wgsl/lib/post.wgsl"),
        "GAMMA: f32 = 2.2",
        "GAMMA: f32 = 2.4",
    );
    let second = run(dir.path(), &batch_args("out", &cached));
    assert_exit(&second, 0);
    let compiled: BTreeSet<String> = statuses(&second)
        .into_iter()
        .filter(|(_, status)| status != "cached")
        .map(|(input, _)| input)
        .collect();
    assert_eq!(
        compiled,
        reads_edited,
        "compiled again: {}",
        stderr(&second)
    );

    // A clean build writes exactly what the incremental one left.
    let clean = run(dir.path(), &batch_args("clean", &["-j", "2"]));
    assert_exit(&clean, 0);
    let incremental_files = files(&dir.path().join("out"));
    assert_eq!(incremental_files.len(), 2 * PAIRS + COMPUTE + WGSL);
    assert!(
        incremental_files == files(&dir.path().join("clean")),
        "the incremental outputs differ from a clean build's"
    );
    assert_eq!(
        manifest_shaders(&dir.path().join("out/shaderxform-manifest.json")),
        manifest_shaders(&dir.path().join("clean/shaderxform-manifest.json"))
    );

    // Two shards at once, one new cache between them.
    let shard = |k: &'static str| {
        command(
            dir.path(),
            &batch_args("sharded", &["--cache", "shared", "-j", "1", "--shard", k]),
        )
        .spawn()
        .expect("run shaderxform")
    };
    let (one, two) = (shard("1/2"), shard("2/2"));
    let mut sharded = Vec::new();
    for (k, child) in [(1, one), (2, two)] {
        let out = child.wait_with_output().unwrap();
        assert_exit(&out, 0);
        let shaders = manifest_shaders(
            &dir.path()
                .join(format!("sharded/shaderxform-manifest.shard-{k}-of-2.json")),
        );
        assert!(!shaders.is_empty(), "shard {k} compiled nothing");
        sharded.extend(shaders);
    }
    sharded.sort_by_key(|s| s["input"].as_str().unwrap().to_string());
    assert_eq!(
        sharded,
        manifest_shaders(&dir.path().join("clean/shaderxform-manifest.json")),
        "each shader in one shard's manifest, as one run has it"
    );
    assert!(
        files(&dir.path().join("sharded")) == incremental_files,
        "the shards' outputs differ from one run's"
    );
}
