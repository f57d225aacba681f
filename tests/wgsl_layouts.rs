//! Blocks whose first member is not at offset 0 (`layout(offset = 12)`
//! in a push-constant block whose first bytes another stage reads; a
//! uniform block whose first member is at 272), which WGSL cannot place
//! there by itself: the WGSL written starts them with `u32` words, so each
//! member keeps its offset, and Tint reads it. Before, both were refused
//! (`emit::wgsl-layout`).

mod common;

use common::{assert_exit, run_in as run};

/// The offsets of the members of struct `name` of WGSL `text`, by name.
fn offsets(text: &str, name: &str) -> Vec<(String, u32)> {
    let module = naga::front::wgsl::parse_str(text).unwrap();
    let ty = module
        .types
        .iter()
        .find(|(_, t)| t.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no struct `{name}` in:\n{text}"))
        .1;
    let naga::TypeInner::Struct { ref members, .. } = ty.inner else {
        panic!("`{name}` is no struct");
    };
    members
        .iter()
        .map(|m| (m.name.clone().unwrap_or_default(), m.offset))
        .collect()
}

#[test]
fn members_past_offset_zero_keep_their_offsets() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("material.frag"),
        "#version 450
layout(push_constant) uniform PushConsts {
    layout(offset = 12) float roughness;
    layout(offset = 16) float metallic;
    layout(offset = 32) vec3 tint;
} material;
layout(binding = 0) uniform UBO {
    layout(offset = 272) float distortionAlpha;
} ubo;
layout(location = 0) out vec4 outColor;
void main() {
    outColor = vec4(material.tint * material.roughness, material.metallic * ubo.distortionAlpha);
}
",
    )
    .unwrap();
    let out = run(dir.path(), &["material.frag", "-o", "material.wgsl"]);
    assert_exit(&out, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("material.wgsl")).unwrap();
    let push = offsets(&wgsl, "PushConsts");
    let named: Vec<(String, u32)> = push
        .iter()
        .filter(|(n, _)| !n.starts_with("_pad"))
        .cloned()
        .collect();
    assert_eq!(
        named,
        [
            ("roughness".to_string(), 12),
            ("metallic".to_string(), 16),
            ("tint".to_string(), 32)
        ],
        "{wgsl}"
    );
    assert_eq!(push.len(), 6, "three words first:\n{wgsl}");
    let ubo = offsets(&wgsl, "UBO");
    assert_eq!(
        ubo.last(),
        Some(&("distortionAlpha".to_string(), 272)),
        "{wgsl}"
    );

    // Tint reads the uniform block so padded (it has no push constants).
    let ubo_only = dir.path().join("ubo.frag");
    std::fs::write(
        &ubo_only,
        "#version 450
layout(binding = 0) uniform UBO {
    layout(offset = 272) float distortionAlpha;
} ubo;
layout(location = 0) out vec4 outColor;
void main() { outColor = vec4(ubo.distortionAlpha); }
",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["ubo.frag", "--wgsl-for", "tint", "-o", "ubo.wgsl"],
    );
    assert_exit(&out, 0);
    let text = std::fs::read_to_string(dir.path().join("ubo.wgsl")).unwrap();
    common::assert_tint_accepts(&[("ubo.wgsl".into(), text)]);
}
