//! `lane-transpose` end to end over corpus/lane-transpose.
//!
//! Corpus naming: `nonuniform_*` shaders access records where not every
//! invocation of a subgroup takes part, and `kept_*` ones access records in
//! a way the pass must not rewrite; both must come out unchanged with a
//! note saying why; every other shader must have its record accesses
//! rewritten. `partial_*` shaders have subgroups that are never full, so
//! only their original accesses run.

mod common;

use naga::ShaderStage;
use shaderxform::{
    render_all, ColorChoice, Compiler, InputFormat, Options, OutputFormat, PassSelection, Source,
    Target,
};

fn transposing() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::lane_transpose::NAME.into()]),
        ..Options::default()
    })
    .unwrap()
}

fn inline(text: &str) -> Source {
    Source::from_text("inline.wgsl", InputFormat::Wgsl, text)
}

#[test]
fn record_accesses_are_rewritten_and_every_format_validates() {
    for (path, source) in common::corpus("lane-transpose") {
        let name = common::display(&path);
        let compiler = transposing();
        let transformed = compiler
            .transform(&source)
            .unwrap_or_else(|f| panic!("{name}: {f}"));
        let report = &transformed.passes[0];
        let coalesced = report
            .changes
            .iter()
            .filter(|c| c.kind.starts_with("coalesce-"))
            .count();
        let stem = common::stem(&path);
        if stem.starts_with("nonuniform_") || stem.starts_with("kept_") {
            assert_eq!(coalesced, 0, "{name}: rewritten");
            assert!(
                report
                    .diagnostics
                    .iter()
                    .any(|d| d.code.as_deref() == Some("lane-transpose::not-applied")),
                "{name}: no note says why: {:?}",
                report.diagnostics
            );
        } else {
            assert!(coalesced > 0, "{name}: nothing rewritten");
        }
        let output = common::wgsl(&compiler, &source);
        assert_eq!(
            output,
            common::wgsl(&compiler, &source),
            "{name}: not deterministic"
        );
        // The pipeline validates every output before it is written,
        // SPIR-V with spirv-val.
        for format in [
            OutputFormat::SpirvBinary,
            OutputFormat::Hlsl,
            OutputFormat::Msl,
            OutputFormat::Glsl,
        ] {
            compiler
                .emit(&source, &transformed, format)
                .unwrap_or_else(|f| panic!("{name} -> {format}: {f}"));
        }
    }
}

#[test]
fn tint_accepts_the_transposed_wgsl() {
    let compiler = transposing();
    let shaders: Vec<(String, String)> = common::corpus("lane-transpose")
        .into_iter()
        .map(|(path, source)| (common::display(&path), common::wgsl(&compiler, &source)))
        .collect();
    common::assert_tint_accepts(&shaders);
}

#[test]
fn a_three_word_record_store() {
    let source = Source::read(
        "corpus/lane-transpose/store_vec3_struct.wgsl".as_ref(),
        None,
    )
    .unwrap();
    insta::assert_snapshot!(common::wgsl(&transposing(), &source));
}

#[test]
fn passes_all_needs_a_target_with_subgroups() {
    let source = Source::read(
        "corpus/lane-transpose/store_vec3_struct.wgsl".as_ref(),
        None,
    )
    .unwrap();
    let all = |target: Target| {
        Compiler::new(Options {
            passes: PassSelection::All,
            target,
            ..Options::default()
        })
        .unwrap()
        .transform(&source)
        .unwrap()
    };
    let without = all(Target::default());
    let report = without
        .passes
        .iter()
        .find(|p| p.name == shaderxform::passes::lane_transpose::NAME)
        .unwrap();
    assert!(report.changes.is_empty());
    assert!(report.skipped.is_some());
    let with = all(Target {
        subgroups: true,
        ..Target::default()
    });
    let report = with
        .passes
        .iter()
        .find(|p| p.name == shaderxform::passes::lane_transpose::NAME)
        .unwrap();
    assert!(report.changes.iter().any(|c| c.kind == "coalesce-store"));
}

/// Each shader breaks one condition; the pass leaves the access and says
/// which.
#[test]
fn accesses_it_cannot_prove_safe_stay_with_the_reason() {
    let cases = [
        (
            "the record index is not one of the forms",
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    out[2u * i] = i;
    out[2u * i + 1u] = i;
}",
        ),
        (
            "the record index is not one of the forms",
            "struct P { a: f32, b: f32 }
@group(0) @binding(0) var<storage, read_write> out: array<P>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    out[gid.x * 2u] = P(1.0, 2.0);
}",
        ),
        (
            // The workgroup is 64 wide: workgroup 1 starts at 64, not 32.
            "here `workgroup_id.x` is multiplied by 32, not by the workgroup's x size, 64",
            "struct P { a: f32, b: f32 }
@group(0) @binding(0) var<storage, read_write> out: array<P>;
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    out[wid.x * 32u + lid.x] = P(1.0, 2.0);
}",
        ),
        (
            // An offset read from memory the invocations write differs
            // between them.
            "the record index is not one of the forms",
            "struct P { a: f32, b: f32 }
@group(0) @binding(0) var<storage, read_write> out: array<P>;
@group(0) @binding(1) var<storage, read_write> offsets: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let v = offsets[gid.x];
    out[gid.x + v] = P(1.0, 2.0);
}",
        ),
        (
            "inside a loop",
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    for (var n = 0u; n < 4u; n++) {
        out[2u * gid.x] = n;
        out[2u * gid.x + 1u] = n;
    }
}",
        ),
        (
            "loads records of the buffer after storing them",
            "@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    data[2u * i] = 1.0;
    data[2u * i + 1u] = 2.0;
    let a = data[2u * i];
    let b = data[2u * i + 1u];
    out[i] = a + b;
}",
        ),
        (
            "other than by whole records",
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    out[2u * gid.x] = 1u;
    out[2u * gid.x + 1u] = 2u;
    out[0] = 3u;
}",
        ),
        (
            "functions other than the entry point access the buffer (`clear`)",
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
fn clear() { out[0] = 0u; }
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    out[2u * gid.x] = 1u;
    out[2u * gid.x + 1u] = 2u;
}",
        ),
    ];
    for (reason, text) in cases {
        let source = inline(text);
        let transformed = transposing()
            .transform(&source)
            .unwrap_or_else(|f| panic!("{reason}: {f}"));
        let report = &transformed.passes[0];
        assert!(
            report
                .changes
                .iter()
                .all(|c| !c.kind.starts_with("coalesce-")),
            "{reason}: rewritten"
        );
        let rendered = render_all(&report.diagnostics, &source, ColorChoice::Never);
        assert!(
            rendered.contains(reason),
            "expected `{reason}` in:\n{rendered}"
        );
    }
}

#[test]
fn a_divergent_record_store_is_explained() {
    let source = Source::read(
        "corpus/lane-transpose/nonuniform_branch.wgsl".as_ref(),
        None,
    )
    .unwrap();
    let transformed = transposing().transform(&source).unwrap();
    insta::assert_snapshot!(render_all(
        &transformed.passes[0].diagnostics,
        &source,
        ColorChoice::Never
    ));
}

/// The transformed shader with its fallbacks (the `else` of each check)
/// removed: only the coalesced accesses remain. The `else { break; }` by
/// which naga writes a loop's condition stays.
fn without_fallbacks(text: &str) -> String {
    let mut kept = Vec::new();
    let mut skipping: Option<String> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (n, &line) in lines.iter().enumerate() {
        if let Some(end) = &skipping {
            if line == end {
                skipping = None;
            }
            continue;
        }
        let loop_exit = lines.get(n + 1).is_some_and(|next| next.trim() == "break;");
        match line.strip_suffix(" else {").filter(|_| !loop_exit) {
            Some(closing) => {
                kept.push(closing);
                let indent = &line[..line.len() - line.trim_start().len()];
                skipping = Some(format!("{indent}}}"));
            }
            None => kept.push(line),
        }
    }
    kept.join("\n") + "\n"
}

/// On a real adapter, the coalesced accesses alone compute what the
/// original computes: the fast path runs and is right, at the adapter's
/// subgroup size, for every shader whose subgroups are all full.
#[test]
fn the_coalesced_path_alone_agrees_with_the_original() {
    use shaderxform::gpu::{self, Error, ValidateOptions, Verdict};
    let dir = tempfile::tempdir().unwrap();
    let compiler = transposing();
    for (path, source) in common::corpus("lane-transpose") {
        let name = common::stem(&path);
        // Guarded kernels whose last subgroups run past the array need
        // their fallback there.
        let tail = [
            "particles_vec2_guard",
            "particles_vec4_integrate",
            "particles_vec3_mass_integrate",
            "particles_wid_lid",
            "particles_vec4_integrate_glsl",
            "bounds_guard_assigns_local",
        ];
        // Rows of the workgroup shorter than a subgroup of 32 lanes: their
        // subgroups' records are not consecutive there.
        let short_rows = ["grid2d_short_rows"];
        if name.starts_with("nonuniform_")
            || name.starts_with("partial_")
            || name.starts_with("kept_")
            || tail.contains(&name.as_str())
            || short_rows.contains(&name.as_str())
        {
            continue;
        }
        let fast_only = without_fallbacks(&common::wgsl(&compiler, &source));
        let fallback_left = fast_only
            .lines()
            .zip(fast_only.lines().skip(1))
            .any(|(line, next)| line.contains("else") && next.trim() != "break;");
        assert!(!fallback_left, "{name}: a fallback is left");
        let shader = dir.path().join(format!("{name}.wgsl"));
        std::fs::write(&shader, fast_only).unwrap();
        let original = common::root().join(&path);
        let harness = std::fs::read_to_string(original.with_extension("harness.toml")).unwrap();
        std::fs::write(
            dir.path().join(format!("{name}.harness.toml")),
            format!(
                "reference = {:?}\n{harness}",
                original.display().to_string()
            ),
        )
        .unwrap();
        let options = ValidateOptions::new(Options {
            passes: PassSelection::None,
            ..Options::default()
        });
        match gpu::validate(&shader, &options) {
            Ok(v) => assert_eq!(v.verdict, Verdict::Agree, "{name}:\n{}", v.describe()),
            Err(Error::NoAdapter(e)) if std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_none() => {
                eprintln!("skipped: no adapter ({e})");
                return;
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

#[test]
fn a_guarded_particle_integrate_of_eight_word_records() {
    let source = Source::read(
        "corpus/lane-transpose/particles_vec4_integrate.wgsl".as_ref(),
        None,
    )
    .unwrap();
    insta::assert_snapshot!(common::wgsl(&transposing(), &source));
}

#[test]
fn a_record_with_vec3_padding() {
    let source = Source::read(
        "corpus/lane-transpose/vertex_vec3_padding.wgsl".as_ref(),
        None,
    )
    .unwrap();
    insta::assert_snapshot!(common::wgsl(&transposing(), &source));
}

/// Under `--passes all` only the stores are coalesced: the loads were
/// measured slower, and the report names the measurement.
#[test]
fn passes_all_coalesces_stores_only() {
    let (_, transformed) = under_all("particles_vec4_integrate");
    let report = common::pass_report(shaderxform::passes::lane_transpose::NAME, &transformed);
    let kinds: Vec<_> = report.changes.iter().map(|c| c.kind.as_str()).collect();
    assert!(kinds.contains(&"coalesce-store"), "{kinds:?}");
    assert!(!kinds.contains(&"coalesce-load"), "{kinds:?}");
    let store = report
        .changes
        .iter()
        .find(|c| c.kind == "coalesce-store")
        .unwrap();
    assert_eq!(store.details["expected_speedup"], "5.65");
    assert!(store.details["measurement"].contains("BENCHMARKS.md"));
    assert!(report
        .diagnostics
        .iter()
        .any(|d| d.code.as_deref() == Some("lane-transpose::not-profitable")));
}

fn all_with_subgroups() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::All,
        target: Target {
            subgroups: true,
            ..Target::default()
        },
        ..Options::default()
    })
    .unwrap()
}

/// A corpus shader of `corpus/lane-transpose` through `--passes all` on a
/// target with subgroups.
fn under_all(stem: &str) -> (Source, shaderxform::Transformed) {
    let path = format!("corpus/lane-transpose/{stem}.wgsl");
    let source = Source::read(path.as_ref(), None).unwrap();
    let transformed = all_with_subgroups().transform(&source).unwrap();
    (source, transformed)
}

/// Each corpus shader's record index and the form the report names.
#[test]
fn the_report_names_the_form_of_the_record_index() {
    for (stem, form) in [
        ("store_vec3_struct", "global_invocation_id.x"),
        (
            "particles_offset",
            "global_invocation_id.x + uniform offset",
        ),
        (
            "particles_wid_lid",
            "workgroup_id.x * W + local_invocation_id.x",
        ),
        (
            "grid2d_records",
            "global_invocation_id.y * width + global_invocation_id.x",
        ),
        (
            "grid2d_short_rows",
            "global_invocation_id.y * width + global_invocation_id.x",
        ),
    ] {
        let path = format!("corpus/lane-transpose/{stem}.wgsl");
        let source = Source::read(path.as_ref(), None).unwrap();
        let transformed = transposing().transform(&source).unwrap();
        let report = &transformed.passes[0];
        let store = report
            .changes
            .iter()
            .find(|c| c.kind == "coalesce-store")
            .unwrap_or_else(|| panic!("{stem}: no store coalesced"));
        assert_eq!(store.details["record_index"], form, "{stem}");
    }
}

/// A 16 x 16 workgroup puts two of its rows, a grid row apart, in one
/// subgroup of 32 lanes: `--passes all` leaves the store and says why;
/// named, the pass rewrites it.
#[test]
fn passes_all_leaves_a_grid_whose_subgroups_span_rows() {
    let (source, transformed) = under_all("grid2d_short_rows");
    let report = common::pass_report(shaderxform::passes::lane_transpose::NAME, &transformed);
    assert!(report.changes.is_empty(), "{:?}", report.changes);
    let rendered = render_all(&report.diagnostics, &source, ColorChoice::Never);
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code.as_deref() == Some("lane-transpose::not-profitable")),
        "{rendered}"
    );
    for expected in [
        "@workgroup_size(16, 16, 1)",
        "spans rows",
        "a multiple of 32",
        "name `lane-transpose` in `--passes` to force it",
    ] {
        assert!(
            rendered.contains(expected),
            "`{expected}` not in:\n{rendered}"
        );
    }
    assert_eq!(
        common::wgsl(&all_with_subgroups(), &source),
        common::wgsl(
            &Compiler::new(Options {
                passes: PassSelection::None,
                ..Options::default()
            })
            .unwrap(),
            &source
        ),
        "the shader changed"
    );
    let named = transposing().transform(&source).unwrap();
    assert!(named.passes[0]
        .changes
        .iter()
        .any(|c| c.kind == "coalesce-store"));
}

/// Under `--passes all`, a grid whose workgroup rows are 64 long is left
/// as it is, though a subgroup of 32 lies in one row: such grids ran
/// slower rewritten on an H200, and the note says so.
#[test]
fn passes_all_leaves_a_grid_of_long_rows_and_says_what_was_measured() {
    let (source, transformed) = under_all("grid2d_records");
    let report = common::pass_report(shaderxform::passes::lane_transpose::NAME, &transformed);
    assert!(report.changes.is_empty(), "{:?}", report.changes);
    let rendered = render_all(&report.diagnostics, &source, ColorChoice::Never);
    assert!(
        rendered.contains("lane-transpose::not-profitable")
            && rendered.contains("more than one row")
            && rendered.contains("H200"),
        "{rendered}"
    );
    // Named, the pass rewrites it, and it agrees (tests/gpu.rs).
    let forced = transposing().transform(&source).unwrap();
    assert!(forced.passes[0]
        .changes
        .iter()
        .any(|c| c.kind == "coalesce-store"));
}

/// A row-major 2D index into a grid of 4-word cells, workgroups of 64 x 4:
/// the lane is the subgroup's exclusive count, as naga refuses
/// `subgroup_invocation_id` in workgroups of more than one row.
#[test]
fn a_row_major_grid_of_records() {
    let source = Source::read("corpus/lane-transpose/grid2d_records.wgsl".as_ref(), None).unwrap();
    insta::assert_snapshot!(common::wgsl(&transposing(), &source));
}

/// A record loaded and stored at an index spelled out twice, each time
/// reading the offset from the uniform buffer again: the load and the
/// store are of the same record, and both are coalesced.
#[test]
fn a_load_and_a_store_at_the_same_index_spelled_twice_pair_up() {
    let source = inline(
        "struct P { a: f32, b: f32, c: f32 }
struct Params { first: u32, scale: f32 }
@group(0) @binding(0) var<storage, read_write> points: array<P>;
@group(0) @binding(1) var<uniform> params: Params;
const WG = 64u;
@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    let p = points[wid.x * WG + lid.x + params.first];
    points[wid.x * WG + lid.x + params.first] = P(p.a * params.scale, p.b, p.c);
}",
    );
    let transformed = transposing().transform(&source).unwrap();
    let report = &transformed.passes[0];
    let kinds: Vec<_> = report.changes.iter().map(|c| c.kind.as_str()).collect();
    assert!(
        kinds.contains(&"coalesce-load") && kinds.contains(&"coalesce-store"),
        "{kinds:?}\n{}",
        render_all(&report.diagnostics, &source, ColorChoice::Never)
    );
}

/// `let i = workgroup_id.x * 64u + local_invocation_id.x; if i >= n { return; }`:
/// the guard on an index of a recognised form is lifted like one on
/// `global_invocation_id.x`, and the store is coalesced.
#[test]
fn a_bounds_guard_on_a_workgroup_and_local_index_is_lifted() {
    let source = inline(
        "struct P { a: f32, b: f32 }
@group(0) @binding(0) var<storage, read_write> points: array<P>;
@group(0) @binding(1) var<uniform> n: u32;
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    let i = wid.x * 64u + lid.x;
    if (i >= n) {
        return;
    }
    points[i] = P(f32(i), 1.0);
}",
    );
    let transformed = transposing().transform(&source).unwrap();
    let report = &transformed.passes[0];
    assert!(
        report.changes.iter().any(|c| c.kind == "coalesce-store"),
        "{}",
        render_all(&report.diagnostics, &source, ColorChoice::Never)
    );
}

fn glsl_corpus(name: &str) -> Source {
    Source::read(format!("corpus/lane-transpose/{name}.comp").as_ref(), None).unwrap()
}

/// The changes of `kind` the pass made, as `(buffer, binding)`.
fn coalesced(transformed: &shaderxform::Transformed, kind: &str) -> Vec<(String, String)> {
    transformed.passes[0]
        .changes
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| (c.details["buffer"].clone(), c.details["binding"].clone()))
        .collect()
}

/// GLSL read through glslang arrives as naga's SPIR-V reader shapes it (a
/// wrapper entry point, the index in a local, the array in a block); the
/// records are coalesced all the same, and the outputs validate.
#[test]
fn glsl_block_records_are_coalesced() {
    let compiler = transposing();
    let source = glsl_corpus("particles_vec4_integrate_glsl");
    let transformed = compiler.transform(&source).unwrap();
    assert_eq!(
        coalesced(&transformed, "coalesce-store"),
        [("pout".to_string(), "1".to_string())]
    );
    assert_eq!(
        coalesced(&transformed, "coalesce-load"),
        [("pin".to_string(), "0".to_string())]
    );
    // spirv-val checks the SPIR-V as it is emitted.
    compiler
        .emit(&source, &transformed, OutputFormat::SpirvBinary)
        .unwrap();
    common::assert_tint_accepts(&[(
        "particles_vec4_integrate_glsl".into(),
        common::wgsl(&compiler, &source),
    )]);
}

/// naga's own GLSL reader gives the same wrapper shape, with each `if`
/// body in a block of its own.
#[test]
fn glsl_read_by_naga_is_coalesced_too() {
    let compiler = Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::lane_transpose::NAME.into()]),
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Naga,
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap();
    for name in ["particles_vec4_integrate_glsl", "block_fixed_members_glsl"] {
        let source = glsl_corpus(name);
        let transformed = compiler.transform(&source).unwrap();
        assert_eq!(
            coalesced(&transformed, "coalesce-store").len(),
            1,
            "{name}: {:?}",
            transformed.passes[0].changes
        );
        compiler
            .emit(&source, &transformed, OutputFormat::SpirvBinary)
            .unwrap();
    }
}

/// The same kernel compiled to SPIR-V by glslang and given as SPIR-V.
#[test]
fn spirv_from_glslang_is_coalesced() {
    let Some(glslang) = common::tool("glslangValidator") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let spv = dir.path().join("particles.spv");
    let status = std::process::Command::new(glslang)
        .arg("-V")
        .arg(common::root().join("corpus/lane-transpose/particles_vec4_integrate_glsl.comp"))
        .arg("-o")
        .arg(&spv)
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", common::stderr(&status));
    let source = Source::read(&spv, None).unwrap();
    assert_eq!(source.format, InputFormat::SpirvBinary);
    let compiler = transposing();
    let transformed = compiler.transform(&source).unwrap();
    assert_eq!(
        coalesced(&transformed, "coalesce-store"),
        [("pout".to_string(), "1".to_string())]
    );
    compiler
        .emit(&source, &transformed, OutputFormat::SpirvBinary)
        .unwrap();
}

/// Where the pass coalesces nothing, the normalised entry point is not
/// kept: the output is the one without the pass, byte for byte.
#[test]
fn glsl_with_nothing_to_coalesce_comes_out_as_without_the_pass() {
    let text = "#version 450
layout(local_size_x = 64) in;
struct P { vec2 a; vec2 b; };
layout(std430, binding = 0) buffer Out { P p[]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    P q = p[i];
    q.a += q.b;
    p[i] = q;
}
";
    let source = Source::from_text("local.comp", InputFormat::Glsl(ShaderStage::Compute), text);
    let transformed = transposing().transform(&source).unwrap();
    assert!(coalesced(&transformed, "coalesce-store").is_empty());
    let rendered = render_all(
        &transformed.passes[0].diagnostics,
        &source,
        ColorChoice::Never,
    );
    assert!(
        rendered.contains("the record index is not one of the forms"),
        "{rendered}"
    );
    let none = Compiler::new(Options {
        passes: PassSelection::None,
        ..Options::default()
    })
    .unwrap();
    assert_eq!(
        common::wgsl(&transposing(), &source),
        common::wgsl(&none, &source)
    );
}

#[test]
fn a_glsl_particle_integrate() {
    insta::assert_snapshot!(common::wgsl(
        &transposing(),
        &glsl_corpus("particles_vec4_integrate_glsl")
    ));
}

/// A note of the pass on GLSL read through glslang points at the GLSL
/// line of the access (line 11, column 5), as glslang records it.
#[test]
fn notes_on_glsl_through_glslang_carry_the_source_line() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let text = "#version 450
layout(local_size_x = 64) in;

struct P {
    vec4 a;
    vec4 b;
};
layout(std430, binding = 0) buffer Out { P pout[]; };

void main() {
    pout[2u * gl_LocalInvocationIndex] = P(vec4(1.0), vec4(2.0));
}
";
    let source = Source::from_text("kernel.comp", InputFormat::Glsl(ShaderStage::Compute), text);
    let compiler = Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::lane_transpose::NAME.into()]),
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Glslang,
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap();
    let transformed = compiler.transform(&source).unwrap();
    let report = &transformed.passes[0];
    let rendered = render_all(&report.diagnostics, &source, ColorChoice::Never);
    assert!(
        rendered.contains("the record index is not one of the forms"),
        "{rendered}"
    );
    assert!(rendered.contains("┌─ kernel.comp:11:5"), "{rendered}");
    assert!(
        rendered.contains("11 │     pout[2u * gl_LocalInvocationIndex]"),
        "{rendered}"
    );
}

/// An access whose record index is of no recognised form gets that note
/// under `--passes all` too, whether its buffer is an array of words or
/// of records: the rewrite would be wrong, not only not worth it, so the
/// note does not suggest forcing it.
#[test]
fn passes_all_says_first_what_makes_a_rewrite_wrong() {
    let source = inline(
        "@group(0) @binding(0) var<storage, read> src: array<f32>;
        @group(0) @binding(1) var<storage, read_write> dst: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
            let i = gid.x / 2u;
            let x = src[i * 4u];
            let y = src[i * 4u + 1u];
            let z = src[i * 4u + 2u];
            let w = src[i * 4u + 3u];
            dst[gid.x] = x + y + z + w;
        }",
    );
    let transformed = all_with_subgroups().transform(&source).unwrap();
    let report = common::pass_report(shaderxform::passes::lane_transpose::NAME, &transformed);
    let rendered = render_all(&report.diagnostics, &source, ColorChoice::Never);
    assert!(report.changes.is_empty(), "{:?}", report.changes);
    assert_eq!(report.diagnostics.len(), 1, "{rendered}");
    let note = &report.diagnostics[0];
    assert_eq!(
        note.code.as_deref(),
        Some(shaderxform::codes::LANE_TRANSPOSE_NOT_APPLIED),
        "{rendered}"
    );
    assert!(
        note.message
            .contains("the record index is not one of the forms"),
        "{rendered}"
    );
}
