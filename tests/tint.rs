//! Tint, the WGSL compiler of Chrome and Dawn, accepts every WGSL that
//! shaderxform writes for the corpus. Runs through Dawn's node bindings
//! with the null back end: no GPU needed.

mod common;

use shaderxform::EmitOptions;

#[test]
fn tint_accepts_the_wgsl_written_for_every_corpus_shader() {
    let compiler = common::translator(EmitOptions::default());
    let shaders: Vec<(String, String)> = common::corpus("translate")
        .into_iter()
        .map(|(path, source)| (common::display(&path), common::wgsl(&compiler, &source)))
        .collect();
    common::assert_tint_accepts(&shaders);
}

#[test]
fn the_tint_checker_rejects_invalid_wgsl() {
    let shaders = vec![(
        "divergent-barrier".to_string(),
        "@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {\n  if (i == 0u) { workgroupBarrier(); }\n}\n"
            .to_string(),
    )];
    let Some(results) = common::tint_check(&shaders) else {
        return;
    };
    assert!(
        !results[0].ok,
        "a barrier in divergent control flow must be rejected"
    );
}

/// Tint refuses arrays in push constants (the `immediate` address space,
/// where naga writes them): WGSL for Tint refuses them at the block with
/// their use, and WGSL for wgpu holds them.
#[test]
fn push_constants_holding_an_array_are_refused_for_tint_and_written_for_wgpu() {
    let glsl = "#version 450
layout(local_size_x = 4) in;
layout(push_constant) uniform Text { uvec4 data[2]; } text;
layout(std430, binding = 0) buffer Out { uint v[]; };
void main() { v[gl_LocalInvocationID.x] = text.data[gl_LocalInvocationID.x % 2u].x; }
";
    let source = shaderxform::Source::from_text(
        "text.comp",
        shaderxform::InputFormat::Glsl(naga::ShaderStage::Compute),
        glsl,
    );
    let for_tint = common::translator(EmitOptions::default());
    let failure = for_tint
        .compile(&source, &[shaderxform::OutputFormat::Wgsl])
        .unwrap_err();
    let rendered = shaderxform::render_all(
        &failure.diagnostics,
        &source,
        shaderxform::ColorChoice::Never,
    );
    assert!(
        rendered.contains("error[emit::unsupported]: WGSL for Tint cannot hold the immediate data (push constants) `text`")
            && rendered.contains("text.comp:3:"),
        "{rendered}"
    );
    let for_wgpu = common::translator(EmitOptions {
        wgsl_for: shaderxform::WgslTarget::Wgpu,
        ..EmitOptions::default()
    });
    let wgsl = common::wgsl(&for_wgpu, &source);
    assert!(wgsl.contains("var<immediate>"), "{wgsl}");
}
