//! `lane-transpose` on record indices as real shaders write them: held in
//! a `var`, passed to a helper function, signed, linearised from a 3D grid;
//! and the notes that show the index where it is refused.

mod common;

use shaderxform::{render_all, ColorChoice, Compiler, InputFormat, Options, PassSelection, Source};

fn transposing() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::lane_transpose::NAME.into()]),
        ..Options::default()
    })
    .unwrap()
}

fn without_passes() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        ..Options::default()
    })
    .unwrap()
}

fn inline(text: &str) -> Source {
    Source::from_text("inline.wgsl", InputFormat::Wgsl, text)
}

/// The `record_index` of each coalesced access of `kind`.
fn coalesced_forms(source: &Source, kind: &str) -> Vec<String> {
    let transformed = transposing()
        .transform(source)
        .unwrap_or_else(|f| panic!("{f}"));
    transformed.passes[0]
        .changes
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| c.details["record_index"].to_string())
        .collect()
}

fn notes(source: &Source) -> String {
    let transformed = transposing().transform(source).unwrap();
    render_all(
        &transformed.passes[0].diagnostics,
        source,
        ColorChoice::Never,
    )
}

#[test]
fn the_corpus_reports_the_forms_seen() {
    for (file, kind, form) in [
        (
            "boids_var_index.wgsl",
            "coalesce-store",
            "global_invocation_id.x",
        ),
        (
            "helper_integrate.wgsl",
            "coalesce-store",
            "global_invocation_id.x",
        ),
        (
            "signed_index.wgsl",
            "coalesce-store",
            "global_invocation_id.x + uniform offset",
        ),
        (
            "grid3d_records.wgsl",
            "coalesce-store",
            "global_invocation_id.z * W * H + global_invocation_id.y * W + global_invocation_id.x",
        ),
        (
            "helper_signed_glsl.comp",
            "coalesce-store",
            "global_invocation_id.x + uniform offset",
        ),
        (
            "grid3d_records.wgsl",
            "coalesce-load",
            "global_invocation_id.x + W * (global_invocation_id.y + H * global_invocation_id.z)",
        ),
    ] {
        let path = format!("corpus/lane-transpose/{file}");
        let source = Source::read(path.as_ref(), None).unwrap();
        assert_eq!(coalesced_forms(&source, kind), [form], "{file}");
    }
}

const PARTICLE: &str = "struct P { pos: vec2f, vel: vec2f }
@group(0) @binding(0) var<storage, read_write> ps: array<P>;
";

#[test]
fn an_index_in_a_var_assigned_once_is_the_value_assigned() {
    let source = inline(&format!(
        "{PARTICLE}@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {{
    var index = gid.x;
    let p = ps[index];
    ps[index] = P(p.pos + p.vel, p.vel);
}}"
    ));
    assert_eq!(
        coalesced_forms(&source, "coalesce-store"),
        ["global_invocation_id.x"]
    );
}

#[test]
fn a_var_assigned_twice_is_refused_and_named() {
    let source = inline(&format!(
        "{PARTICLE}@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {{
    var index = gid.x;
    index = index + 1u;
    ps[index] = P(vec2f(0.0), vec2f(1.0));
}}"
    ));
    assert!(coalesced_forms(&source, "coalesce-store").is_empty());
    let notes = notes(&source);
    assert!(notes.contains("the index seen is `index`"), "{notes}");
    // Nothing coalesced: the output is the shader without the pass.
    assert_eq!(
        common::wgsl(&transposing(), &source),
        common::wgsl(&without_passes(), &source)
    );
}

#[test]
fn a_helper_called_with_the_index_is_inlined() {
    let source = inline(&format!(
        "{PARTICLE}fn put(i: u32, p: P) {{ ps[i] = p; }}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {{
    put(gid.x, P(vec2f(f32(gid.x)), vec2f(1.0)));
}}"
    ));
    assert_eq!(
        coalesced_forms(&source, "coalesce-store"),
        ["global_invocation_id.x"]
    );
    let wgsl = common::wgsl(&transposing(), &source);
    assert!(!wgsl.contains("fn put"), "the helper is left:\n{wgsl}");
}

#[test]
fn a_helper_called_in_a_loop_stays_and_the_output_is_unchanged() {
    let source = inline(&format!(
        "{PARTICLE}fn put(i: u32, p: P) {{ ps[i] = p; }}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {{
    var index = gid.x;
    for (var n = 0u; n < 2u; n++) {{
        put(index * 2u + n, P(vec2f(f32(n)), vec2f(1.0)));
    }}
}}"
    ));
    assert!(coalesced_forms(&source, "coalesce-store").is_empty());
    let notes = notes(&source);
    assert!(
        notes.contains("only functions the entry point calls access it (`put`), in a loop or too large to inline"),
        "{notes}"
    );
    assert_eq!(
        common::wgsl(&transposing(), &source),
        common::wgsl(&without_passes(), &source)
    );
}

#[test]
fn a_flat_word_array_indexed_by_an_i32() {
    let source = inline(
        "@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
    let i = i32(gid.x);
    out[3 * i] = 1.0;
    out[3 * i + 1] = 2.0;
    out[3 * i + 2] = f32(i);
}",
    );
    assert_eq!(
        coalesced_forms(&source, "coalesce-store"),
        ["global_invocation_id.x"]
    );
}

#[test]
fn a_refused_index_is_shown_as_written() {
    for (index, seen) in [
        ("gid.x * 2u", "global_invocation_id.x * 2u"),
        (
            "gid.y * 64u + gid.x * 2u",
            "global_invocation_id.y * 64u + global_invocation_id.x * 2u",
        ),
        ("u32(i32(gid.x) * 3i)", "i32(global_invocation_id.x) * 3i"),
    ] {
        let source = inline(&format!(
            "{PARTICLE}@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {{
    ps[{index}] = P(vec2f(0.0), vec2f(1.0));
}}"
        ));
        assert!(
            coalesced_forms(&source, "coalesce-store").is_empty(),
            "{index}"
        );
        let notes = notes(&source);
        assert!(
            notes.contains(&format!("the index seen is `{seen}`")),
            "{index}:\n{notes}"
        );
    }
}

/// A 3D grid in workgroups of 8 x 8 x 4: a subgroup of 32 spans rows, so
/// `--passes all` leaves the store, naming the index seen.
#[test]
fn passes_all_leaves_a_3d_grid_of_short_rows_naming_its_index() {
    let source = inline(&format!(
        "{PARTICLE}@compute @workgroup_size(8, 8, 4)
fn main(@builtin(global_invocation_id) gid: vec3u) {{
    ps[(gid.z * 64u + gid.y) * 128u + gid.x] = P(vec2f(0.0), vec2f(1.0));
}}"
    ));
    let all = Compiler::new(Options {
        passes: PassSelection::All,
        target: shaderxform::Target {
            subgroups: true,
            ..shaderxform::Target::default()
        },
        ..Options::default()
    })
    .unwrap();
    let transformed = all.transform(&source).unwrap();
    let report = transformed
        .passes
        .iter()
        .find(|p| p.name == shaderxform::passes::lane_transpose::NAME)
        .expect("lane-transpose ran");
    let notes = render_all(&report.diagnostics, &source, ColorChoice::Never);
    assert!(
        notes.contains("the record index, `(global_invocation_id.z * 64u + global_invocation_id.y) * 128u + global_invocation_id.x`, is consecutive across a subgroup only where the subgroup lies in one row"),
        "{notes}"
    );
}

/// GLSL through glslang keeps every variable a local: `vPos` is read from
/// the record at `index`, and `delta`, never read, from `vPos`. Promoting
/// both once made the entry point unreadable to the next rewrite.
#[test]
fn glsl_locals_made_from_other_locals_are_promoted_soundly() {
    let text = "#version 450
layout(local_size_x = 64) in;
struct P { vec2 pos; vec2 vel; };
layout(std430, binding = 0) readonly buffer In { P pin[]; };
layout(std430, binding = 1) buffer Out { P pout[]; };
layout(binding = 2) uniform UBO { float x; float y; int count; } ubo;
void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= ubo.count) return;
    vec2 vPos = pin[index].pos;
    vec2 destPos = vec2(ubo.x, ubo.y);
    vec2 delta = destPos - vPos;
    pout[index].pos = vPos;
    pout[index].vel = destPos;
}
";
    let source = Source::from_text(
        "locals.comp",
        InputFormat::Glsl(naga::ShaderStage::Compute),
        text,
    );
    assert_eq!(
        coalesced_forms(&source, "coalesce-store"),
        ["global_invocation_id.x"]
    );
}

/// glslang keeps `uvec3 id = gl_GlobalInvocationID;` a local read by its
/// components: the index is the row-major form all the same.
#[test]
fn glsl_ids_copied_into_a_local_are_read_as_the_builtin() {
    let text = "#version 450
layout(local_size_x = 64) in;
struct P { vec2 pos; vec2 vel; };
layout(std430, binding = 0) buffer Out { P pout[]; };
layout(binding = 1) uniform Params { uint width; } params;
void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint index = id.y * params.width + id.x;
    pout[index].pos = vec2(id.xy);
    pout[index].vel = vec2(0.0);
}
";
    let source = Source::from_text(
        "ids.comp",
        InputFormat::Glsl(naga::ShaderStage::Compute),
        text,
    );
    assert_eq!(
        coalesced_forms(&source, "coalesce-store"),
        ["global_invocation_id.y * width + global_invocation_id.x"]
    );
}

/// A buffer another entry point's helper uses, called in a loop and so not
/// inlined, stays; the note names the helper.
#[test]
fn a_buffer_a_remaining_helper_uses_is_refused_naming_it() {
    let source = inline(&format!(
        "{PARTICLE}fn reset(i: u32) {{ ps[i] = P(vec2f(0.0), vec2f(0.0)); }}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {{
    ps[gid.x] = P(vec2f(1.0), vec2f(2.0));
}}
@compute @workgroup_size(64)
fn clear(@builtin(global_invocation_id) gid: vec3u) {{
    for (var n = 0u; n < 4u; n++) {{
        reset(gid.x * 4u + n);
    }}
}}"
    ));
    assert!(coalesced_forms(&source, "coalesce-store").is_empty());
    let notes = notes(&source);
    assert!(
        notes.contains(
            "`ps` left as it is: functions other than the entry point access it (`reset`)"
        ),
        "{notes}"
    );
}
