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
