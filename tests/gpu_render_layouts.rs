//! `shaderxform validate` on draws whose two stages are separate GLSL
//! files, each declaring what the other shares its own way, as Vulkan
//! allows: one uniform buffer of two sizes, push constants at different
//! offsets, combined samplers split beside the other stage's bindings,
//! binding arrays beside the other stage's uniform buffer. Both stages
//! must fit the one pipeline layout wgpu makes of them.
//!
//! Without an adapter the tests skip with a message, unless
//! SHADERXFORM_REQUIRE_GPU=1, when they fail.

#![cfg(all(feature = "gpu", feature = "cli"))]

mod common;

use common::gpu::{had_adapter, output_text, validate_command};

/// The stages of a pair declare one uniform buffer with types of their
/// own (a vertex stage's two matrices, the fragment stage's with two
/// floats more, as the Vulkan samples' G-buffer passes do): the buffer is
/// as large as the larger. And a vertex stage that writes
/// `gl_ClipDistance` runs where the adapter has clip distances.
#[test]
fn stages_that_declare_one_buffer_differently_and_clip_distances_run() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("gbuffer.vert"),
        "#version 450
layout(location = 0) in vec3 inPos;
layout(location = 0) out vec3 outPos;
layout(set = 0, binding = 0) uniform UBO { mat4 projection; mat4 model; } ubo;
out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[1]; };
void main() {
    outPos = inPos;
    gl_Position = ubo.projection * ubo.model * vec4(inPos, 1.0);
    gl_ClipDistance[0] = inPos.y + 0.5;
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("gbuffer.frag"),
        "#version 450
layout(location = 0) in vec3 inPos;
layout(location = 0) out vec4 outColor;
layout(set = 0, binding = 0) uniform UBO { mat4 projection; mat4 model; float nearPlane; float farPlane; } ubo;
void main() { outColor = vec4(inPos * ubo.nearPlane, ubo.farPlane); }
",
    )
    .unwrap();
    let out = validate_command(&[dir.path().join("gbuffer.vert").to_str().unwrap()]);
    if !had_adapter(&out) {
        return;
    }
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("agree"), "{text}");
}

/// Push constants each stage declares its own way, as Vulkan allows (the
/// vertex stage's `vec3` at offset 0, the fragment stage's floats from
/// offset 12, as the Vulkan samples' PBR passes have them): one block of
/// immediates as large as the larger, which both stages read.
#[test]
fn stages_that_declare_their_push_constants_differently_share_one_block() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pbr.vert"),
        "#version 450
layout(location = 0) in vec3 inPos;
layout(location = 0) out vec3 outPos;
layout(push_constant) uniform PushConsts { vec3 objPos; } pushConsts;
void main() {
    outPos = inPos + pushConsts.objPos;
    gl_Position = vec4(outPos, 1.0);
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("pbr.frag"),
        "#version 450
layout(location = 0) in vec3 inPos;
layout(location = 0) out vec4 outColor;
layout(push_constant) uniform PushConsts {
    layout(offset = 12) float roughness;
    layout(offset = 16) float r;
} material;
void main() { outColor = vec4(inPos * material.r, material.roughness); }
",
    )
    .unwrap();
    let out = validate_command(&[
        dir.path().join("pbr.vert").to_str().unwrap(),
        "--shader-format",
        "spirv",
    ]);
    if !had_adapter(&out) {
        return;
    }
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("agree"), "{text}");
}

/// Combined image samplers are split into a texture and a sampler, the
/// sampler at the next binding free: free in both stages of a draw, since
/// they share one pipeline layout. The vertex stage's height map would
/// split onto binding 2, where the fragment stage keeps its uniform
/// buffer, and the fragment stage's colour map onto the vertex stage's
/// bindings (the Vulkan samples' N-body particles had wgpu refuse
/// "Conflicting binding at index 2").
#[test]
fn split_samplers_take_a_binding_free_in_both_stages() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("particle.vert"),
        "#version 450
layout(location = 0) in vec2 inPos;
layout(location = 0) out float outHeight;
layout(binding = 0) uniform UBO { float scale; } ubo;
layout(binding = 1) uniform sampler2D heightMap;
void main() {
    outHeight = textureLod(heightMap, inPos * 0.5 + 0.5, 0.0).r;
    gl_Position = vec4(inPos * ubo.scale, 0.0, 1.0);
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("particle.frag"),
        "#version 450
layout(location = 0) in float inHeight;
layout(location = 0) out vec4 outColor;
layout(binding = 2) uniform Tint { vec4 tint; } tint;
layout(binding = 3) uniform sampler2D colorMap;
void main() { outColor = texture(colorMap, vec2(inHeight, 0.5)) * tint.tint; }
",
    )
    .unwrap();
    let out = validate_command(&[
        dir.path().join("particle.vert").to_str().unwrap(),
        "--shader-format",
        "spirv",
    ]);
    if !had_adapter(&out) {
        return;
    }
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("agree"), "{text}");
    // The fragment stage's sampler past the vertex stage's bindings (0 to
    // 2), then the vertex stage's past both.
    assert!(
        text.contains("`colorMap_sampler` (@group(0) @binding(4))"),
        "{text}"
    );
    assert!(
        text.contains("`heightMap_sampler` (@group(0) @binding(5))"),
        "{text}"
    );
}

/// A vertex stage's uniform buffer and a fragment stage's binding array of
/// textures in one bind group (the Vulkan samples' descriptor indexing):
/// wgpu refuses a binding array beside a uniform buffer in a layout, so
/// the fragment stage binds its array element by element, on every
/// adapter.
#[test]
fn a_binding_array_beside_the_other_stages_uniform_buffer_is_bound_element_by_element() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("indexing.vert"),
        "#version 450
layout(location = 0) in vec2 inPos;
layout(location = 1) in int inIndex;
layout(location = 0) flat out int outIndex;
layout(location = 1) out vec2 outUV;
layout(binding = 0) uniform UBO { vec4 offset; } ubo;
void main() {
    outIndex = inIndex;
    outUV = inPos * 0.5 + 0.5;
    gl_Position = vec4(inPos + ubo.offset.xy, 0.0, 1.0);
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("indexing.frag"),
        "#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(location = 0) flat in int inIndex;
layout(location = 1) in vec2 inUV;
layout(location = 0) out vec4 outColor;
layout(binding = 1) uniform sampler2D textures[];
void main() { outColor = texture(textures[nonuniformEXT(inIndex)], inUV); }
",
    )
    .unwrap();
    let out = validate_command(&[
        dir.path().join("indexing.vert").to_str().unwrap(),
        "--shader-format",
        "spirv",
    ]);
    if !had_adapter(&out) {
        return;
    }
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("agree"), "{text}");
    assert!(
        text.contains("note: binding array `textures` (@group(0) @binding(1), 4 elements"),
        "{text}"
    );
}
