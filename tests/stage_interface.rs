//! Vertex and fragment interfaces of GLSL that naga's SPIR-V reader
//! misreads or refuses, and their legalisation: interface blocks split
//! into variables (an output block was silently dropped), integer vertex
//! outputs made `flat`, a signed `gl_ViewIndex`, and input attachments
//! read as textures at the fragment's position. Each shader is also drawn
//! against itself through `validate`, as GLSL, where an adapter is found.

mod common;

use common::{assert_exit, run_in as run, stderr};

/// A vertex stage writing an output block of three members, the last an
/// integer, and a fragment stage reading it as a block whose members
/// carry their own locations.
const BLOCK_VERTEX: &str = "#version 450
layout(location = 0) in vec4 inPos;
layout(location = 1) in vec2 inUV;
layout(location = 0) out VertexData {
    vec3 color;
    vec2 uv;
    flat int layer;
} outData;
void main() {
    outData.color = inPos.xyz * 0.5 + 0.5;
    outData.uv = inUV;
    outData.layer = gl_VertexIndex % 3;
    gl_Position = inPos;
}
";

const BLOCK_FRAGMENT: &str = "#version 450
layout(location = 0) in VertexData {
    layout(location = 0) vec3 color;
    layout(location = 1) vec2 uv;
    layout(location = 2) flat int layer;
} inData;
layout(location = 0) out vec4 outColor;
void main() {
    outColor = vec4(inData.color * float(inData.layer + 1), inData.uv.x);
}
";

fn has_glslang() -> bool {
    common::tool("glslangValidator").is_some()
}

#[test]
fn output_blocks_are_outputs_at_their_locations() {
    if !has_glslang() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("block.vert"), BLOCK_VERTEX).unwrap();
    let out = run(dir.path(), &["block.vert", "-o", "block.wgsl"]);
    assert_exit(&out, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("block.wgsl")).unwrap();
    // Before, the block was a private variable the stage never returned.
    for output in [
        "@location(0) member: vec3<f32>",
        "@location(1) member_1: vec2<f32>",
        "@location(2) @interpolate(flat) member_2: i32",
        "return VertexOutput(_e12, _e13, _e14, _e15);",
    ] {
        assert!(wgsl.contains(output), "no `{output}` in:\n{wgsl}");
    }
    let err = stderr(&out);
    assert!(
        err.contains("interface block `outData`: each of its 3 members a stage input or output of its own, at locations 0,1,2"),
        "{err}"
    );
}

#[test]
fn input_blocks_with_member_locations_are_read() {
    if !has_glslang() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("block.frag"), BLOCK_FRAGMENT).unwrap();
    let out = run(dir.path(), &["block.frag", "-o", "block.wgsl"]);
    // Before: "missing decoration Location".
    assert_exit(&out, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("block.wgsl")).unwrap();
    assert!(
        wgsl.contains("@location(1) inData_uv: vec2<f32>")
            && wgsl.contains("@location(2) @interpolate(flat) inData_layer: i32"),
        "{wgsl}"
    );
}

#[test]
fn a_block_member_the_interface_cannot_hold_is_refused_at_the_block() {
    if !has_glslang() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("matrix.vert"),
        "#version 450
layout(location = 0) in vec4 inPos;
layout(location = 0) out Data {
    vec4 color;
    mat2 basis;
} outData;
void main() { outData.color = inPos; outData.basis = mat2(1.0); gl_Position = inPos; }
",
    )
    .unwrap();
    let out = run(dir.path(), &["matrix.vert", "-o", "matrix.wgsl"]);
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains(
            "member `basis` of the interface block `outData` is a matrix, an array or a structure"
        ) && err.contains("matrix.vert:6:1"),
        "{err}"
    );
    assert!(!dir.path().join("matrix.wgsl").exists());
}

#[test]
fn integer_vertex_outputs_are_flat_and_the_view_index_is_unsigned() {
    if !has_glslang() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("shadow.vert"),
        "#version 450
#extension GL_EXT_multiview : enable
layout(location = 0) in vec4 inPos;
layout(location = 0) out int outInstanceIndex;
layout(location = 1) out uint outView;
void main() {
    outInstanceIndex = gl_InstanceIndex;
    outView = uint(gl_ViewIndex);
    gl_Position = inPos;
}
",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["shadow.vert", "--wgsl-for", "wgpu", "-o", "shadow.wgsl"],
    );
    // Before: "`@interpolate(flat) must be explicitly specified for integer
    // I/O", then "Built-in type for ViewIndex is invalid".
    assert_exit(&out, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("shadow.wgsl")).unwrap();
    for expected in [
        "@location(0) @interpolate(flat) member: i32",
        "@location(1) @interpolate(flat) member_1: u32",
        "@builtin(view_index) gl_ViewIndex: u32",
    ] {
        assert!(wgsl.contains(expected), "no `{expected}` in:\n{wgsl}");
    }
    assert!(
        stderr(&out)
            .contains("integer vertex outputs `outInstanceIndex`, `outView`: decorated `Flat`"),
        "{}",
        stderr(&out)
    );
    // Tint asks for an extension naga does not read: refused for Tint,
    // at the line that reads the view index, and nothing written.
    let tint = run(dir.path(), &["shadow.vert", "-o", "tint.wgsl"]);
    assert_exit(&tint, 1);
    let err = stderr(&tint);
    assert!(
        err.contains("error[emit::unsupported]: WGSL for Tint cannot hold the view index (`gl_ViewIndex` of `main`)")
            && err.contains("shadow.vert:8:5"),
        "{err}"
    );
    assert!(!dir.path().join("tint.wgsl").exists());
}

/// A fragment stage reading a colour and a multisampled depth attachment.
const INPUT_ATTACHMENTS: &str = "#version 450
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput inputColor;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform subpassInputMS inputDepth;
layout(location = 0) out vec4 outColor;
void main() {
    vec3 color = subpassLoad(inputColor).rgb;
    float depth = subpassLoad(inputDepth, 2).r;
    outColor = vec4(color * depth, 1.0);
}
";

#[test]
fn input_attachments_are_textures_read_at_the_fragment() {
    if !has_glslang() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("read.frag"), INPUT_ATTACHMENTS).unwrap();
    let out = run(
        dir.path(),
        &["read.frag", "-o", "read.wgsl", "--reflect", "read.json"],
    );
    // Before: "storage image `inputColor` declares no format".
    assert_exit(&out, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("read.wgsl")).unwrap();
    for expected in [
        "var inputColor: texture_2d<f32>;",
        "var inputDepth: texture_multisampled_2d<f32>;",
        "textureLoad(inputColor, vec2<i32>(",
        ".xy), 0i)",
        ".xy), 2i)",
        "@builtin(position)",
    ] {
        assert!(wgsl.contains(expected), "no `{expected}` in:\n{wgsl}");
    }
    let reflection: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("read.json")).unwrap())
            .unwrap();
    let marked: Vec<u64> = reflection["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| b["rewritten"].as_array().cloned().unwrap_or_default())
        .filter(|r| r["by"] == "input-attachment")
        .filter_map(|r| r["index"].as_u64())
        .collect();
    assert_eq!(marked, [0, 1], "{reflection}");
    // SPIR-V out: sampled images, no input-attachment capability left.
    let spirv = run(dir.path(), &["read.frag", "-o", "read.spv"]);
    assert_exit(&spirv, 0);
}

/// The block pair and an input-attachment pair drawn through `validate`,
/// each against itself, as WGSL and as SPIR-V: before, the block pair's
/// vertex stage wrote nothing the fragment stage read.
#[cfg(all(feature = "gpu", feature = "cli"))]
#[test]
fn the_pairs_draw_and_agree() {
    use common::gpu::{had_adapter, output_text, validate_command};
    if !has_glslang() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("block.vert"), BLOCK_VERTEX).unwrap();
    std::fs::write(dir.path().join("block.frag"), BLOCK_FRAGMENT).unwrap();
    std::fs::write(
        dir.path().join("attachments.vert"),
        "#version 450
layout(location = 0) in vec4 inPos;
void main() { gl_Position = inPos; }
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("attachments.frag"),
        INPUT_ATTACHMENTS
            .replace("subpassInputMS", "subpassInput")
            .replace("subpassLoad(inputDepth, 2)", "subpassLoad(inputDepth)"),
    )
    .unwrap();
    let folder = dir.path().to_str().unwrap();
    let out = validate_command(&[folder, "--shader-format", "all", "--timeout", "20"]);
    if !had_adapter(&out) {
        return;
    }
    let text = output_text(&out);
    assert!(
        text.contains("4 shaders: 4 agree, 0 mismatch, 0 hang, 0 cannot run, 0 errors"),
        "{text}"
    );
}
