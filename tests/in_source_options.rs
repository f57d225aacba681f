//! Options a shader gives itself (`// shaderxform: ...`): a tree whose
//! shaders need different options (a storage image's format, an HLSL
//! entry point and define) compiles in one `batch`, each shader as the
//! command line compiles it alone, and what a shader cannot give itself
//! is an error at its line.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use common::{assert_exit, stderr};

const IMAGE: &str = "#version 450
// shaderxform: --storage-format outImage=rgba8unorm
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0) uniform writeonly image2D outImage;
void main() { imageStore(outImage, ivec2(gl_GlobalInvocationID.xy), vec4(1.0)); }
";

const BLUR: &str = "// shaderxform: -e Blur -D RADIUS=2
RWStructuredBuffer<float> v : register(u0);
[numthreads(64, 1, 1)]
void Blur(uint3 id : SV_DispatchThreadID) { v[id.x] *= RADIUS; }
[numthreads(64, 1, 1)]
void Other(uint3 id : SV_DispatchThreadID) { v[id.x] = 0; }
";

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn each_shader_of_a_tree_takes_its_own_options_in_every_front_door() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("tree")).unwrap();
    fs::write(dir.path().join("tree/image.comp"), IMAGE).unwrap();
    fs::write(dir.path().join("tree/blur.hlsl"), BLUR).unwrap();
    let out = run(
        dir.path(),
        &["batch", "tree", "-o", "out", "--emit", "wgsl"],
    );
    assert_exit(&out, 0);
    let blur = fs::read_to_string(dir.path().join("out/blur.wgsl")).unwrap();
    assert!(
        blur.contains("fn Blur(") && !blur.contains("fn Other("),
        "{blur}"
    );
    assert!(blur.contains("2f"), "{blur}");
    let image = fs::read_to_string(dir.path().join("out/image.comp.wgsl")).unwrap();
    assert!(
        image.contains("texture_storage_2d<rgba8unorm,write>"),
        "{image}"
    );
    // The command line, one shader at a time, writes the same.
    for (input, batch) in [
        ("tree/blur.hlsl", "out/blur.wgsl"),
        ("tree/image.comp", "out/image.comp.wgsl"),
    ] {
        let out = run(dir.path(), &[input, "-o", "alone.wgsl"]);
        assert_exit(&out, 0);
        assert_eq!(
            fs::read(dir.path().join("alone.wgsl")).unwrap(),
            fs::read(dir.path().join(batch)).unwrap(),
            "{input}"
        );
    }
}

#[test]
fn an_option_a_shader_cannot_give_itself_is_an_error_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.wgsl"),
        "// shaderxform: --passes none\n@compute @workgroup_size(1) fn main() {}\n",
    )
    .unwrap();
    let out = run(dir.path(), &["a.wgsl", "-o", "a.spv"]);
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains(
            "error[options::in-source]: `--passes` is not an option a shader can give itself"
        ) && err.contains("a.wgsl:1:1"),
        "{err}"
    );
    assert!(!dir.path().join("a.spv").exists());
}
