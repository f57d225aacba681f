//! corpus/regressions: valid shaders that once ended in an internal error
//! or in output a validator refused. Every one compiles, with every pass
//! and with none, to every format, without an internal error; where a
//! shader is refused, it is refused as the shader's fault, with a
//! position. The tests below check what each one is about.

mod common;

use std::path::Path;

use shaderxform::{
    Compiler, EmitOptions, FailureKind, Options, OutputFormat, PassSelection, Source, SpirvVersion,
    Target,
};

const FORMATS: [OutputFormat; 5] = [
    OutputFormat::Wgsl,
    OutputFormat::SpirvBinary,
    OutputFormat::Hlsl,
    OutputFormat::Msl,
    OutputFormat::Glsl,
];

fn compiler(passes: PassSelection, emit: EmitOptions) -> Compiler {
    Compiler::new(Options {
        passes,
        target: Target {
            subgroups: true,
            ..Target::default()
        },
        emit,
        ..Options::default()
    })
    .expect("valid options")
}

fn regression(name: &str) -> Source {
    let path = format!("corpus/regressions/{name}");
    Source::read(path.as_ref(), None)
        .or_else(|_| Source::read(&common::root().join(&path), None))
        .expect("readable")
}

/// The output of `name` in `format`, or the failure's kind and messages.
fn compile(
    name: &str,
    passes: PassSelection,
    format: OutputFormat,
) -> Result<Vec<u8>, (FailureKind, String)> {
    compile_with(name, passes, format, EmitOptions::default())
}

fn compile_with(
    name: &str,
    passes: PassSelection,
    format: OutputFormat,
    emit: EmitOptions,
) -> Result<Vec<u8>, (FailureKind, String)> {
    let source = regression(name);
    match compiler(passes, emit).compile(&source, &[format]) {
        Ok(mut compiled) => Ok(compiled.outputs.remove(0).bytes),
        Err(f) => Err((
            f.kind,
            f.diagnostics
                .iter()
                .map(|d| format!("{d:?}"))
                .collect::<Vec<_>>()
                .join("\n"),
        )),
    }
}

/// Shaders of the folder that are refused, as the shader's fault.
const REFUSED: [&str; 13] = [
    "block_member_too_large.comp",
    "shared_array_too_large.comp",
    "zero_workgroup_size.wgsl",
    "loop_without_exit.wgsl",
    "texture_array_index_i64.wgsl",
    "workgroup_memory_in_fragment.wgsl",
    "clamp_bounds_reversed.wgsl",
    "read_only_atomic.wgsl",
    "subgroup_lane_out_of_range.wgsl",
    "subgroup_in_vertex.wgsl",
    "texture_offset_out_of_range.wgsl",
    "function_array_too_large.wgsl",
    "missing_local_size.spvasm",
];

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// The shaders of the folder that must be written for every format but
/// those their README names as unsupported.
fn regressions() -> Vec<String> {
    common::corpus("regressions")
        .into_iter()
        .map(|(path, _)| file_name(&path))
        .collect()
}

#[test]
fn no_regression_shader_ends_in_an_internal_error() {
    let names = regressions();
    assert!(!names.is_empty(), "{names:?}");
    let mut internal = Vec::new();
    let mut written = 0;
    for name in &names {
        for passes in [PassSelection::None, PassSelection::All] {
            for format in FORMATS {
                match compile(name, passes.clone(), format) {
                    Ok(_) => written += 1,
                    Err((FailureKind::Internal, message)) => {
                        internal.push(format!("{name} ({passes:?}) -> {format}: {message}"))
                    }
                    Err(_) => {}
                }
            }
        }
    }
    assert!(internal.is_empty(), "{}", internal.join("\n\n"));
    // WGSL and SPIR-V at least, with and without passes.
    let accepted = names.iter().filter(|n| !REFUSED.contains(&n.as_str()));
    assert!(
        written >= accepted.count() * 4,
        "only {written} outputs written"
    );
}

/// Whole structs and arrays move between buffers, workgroup memory,
/// locals and calls; SPIR-V gives workgroup memory its own undecorated
/// types, and spirv-val checks that every value that crosses was
/// converted, with `OpCopyLogical` from SPIR-V 1.4 and member by member
/// before.
#[test]
fn whole_values_cross_between_workgroup_memory_and_buffers_in_spirv() {
    for name in [
        "workgroup_values_shared_with_buffers.wgsl",
        "reference/workgroup_values_shared_with_buffers.reference.wgsl",
        "workgroup_records_glsl.comp",
    ] {
        for version in [SpirvVersion(1, 3), SpirvVersion(1, 4)] {
            let emit = EmitOptions {
                spirv_version: Some(version),
                ..EmitOptions::default()
            };
            for passes in [PassSelection::None, PassSelection::All] {
                let spirv = compile_with(name, passes, OutputFormat::SpirvAssembly, emit.clone())
                    .unwrap_or_else(|(kind, m)| panic!("{name} at {version}: {kind:?}: {m}"));
                let text = String::from_utf8(spirv).unwrap();
                if name.starts_with("workgroup") {
                    let copies = text.contains("OpCopyLogical");
                    assert_eq!(copies, version >= SpirvVersion(1, 4), "{text}");
                }
            }
        }
    }
}

/// Every shader of the folder with a harness, run as SPIR-V and as WGSL on
/// an adapter (lavapipe in the test environment), computes what its
/// reference computes: the whole values crossing workgroup memory, the
/// inlined helper, the values read at run time, the early return before
/// loops of barriers.
#[cfg(feature = "gpu")]
#[test]
fn harnessed_regressions_agree_with_their_references_as_spirv_and_wgsl() {
    use shaderxform::gpu::{self, Error, ShaderFormat, ValidateOptions, Verdict};
    let harnessed: Vec<_> = common::corpus("regressions")
        .into_iter()
        .map(|(path, _)| path)
        .filter(|p| p.with_extension("harness.toml").is_file())
        .collect();
    assert!(harnessed.len() >= 4, "{harnessed:?}");
    for path in harnessed {
        for format in [ShaderFormat::Spirv, ShaderFormat::Wgsl] {
            let mut options = ValidateOptions::new(Options {
                passes: PassSelection::All,
                ..Options::default()
            });
            options.shader_format = format;
            // Compiling the zero-initialisation of workgroup arrays of
            // structs is slow on a loaded CPU adapter.
            options.timeout = std::time::Duration::from_secs(120);
            match gpu::validate(&path, &options) {
                Ok(v) => {
                    assert_eq!(
                        v.verdict,
                        Verdict::Agree,
                        "{} as {format:?}: {}",
                        path.display(),
                        v.describe()
                    );
                    assert!(v.report.values_compared > 0, "{}", v.describe());
                    eprintln!(
                        "{} as {format:?}: {} values agree",
                        path.display(),
                        v.report.values_compared
                    );
                }
                Err(Error::NoAdapter(e))
                    if std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_none() =>
                {
                    eprintln!("skipped: no adapter ({e})");
                    return;
                }
                Err(e) => panic!("{} as {format:?}: {e}", path.display()),
            }
        }
    }
}

/// Neighbouring invocations of a subgroup exchange values through
/// workgroup memory across `subgroupBarrier()`. Tint has no such builtin,
/// so the shader lives here rather than in the corpus, whose WGSL Tint
/// compiles.
const SUBGROUP_BARRIER_EXCHANGE: &str = "enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> slots: array<u32, 64>;

fn swap_with_neighbour(i: u32) -> u32 {
    subgroupBarrier();
    return slots[i ^ 1u];
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(global_invocation_id) id: vec3u) {
    slots[i] = data[id.x] * 3u + 1u;
    let neighbour = swap_with_neighbour(i);
    subgroupBarrier();
    slots[i] = neighbour + i;
    subgroupBarrier();
    data[id.x] = slots[i ^ 1u];
}
";

/// The same exchange across workgroup barriers.
const WORKGROUP_BARRIER_EXCHANGE: &str =
    "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> slots: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(global_invocation_id) id: vec3u) {
    slots[i] = data[id.x] * 3u + 1u;
    workgroupBarrier();
    let neighbour = slots[i ^ 1u];
    workgroupBarrier();
    slots[i] = neighbour + i;
    workgroupBarrier();
    data[id.x] = slots[i ^ 1u];
}
";

/// naga writes `subgroupBarrier()` with semantics that name only
/// subgroup memory, which Vulkan does not know; the barrier keeps its
/// subgroup scopes and orders buffer, workgroup and image memory, as
/// glslang writes GLSL's `subgroupBarrier()`.
#[test]
fn subgroup_barriers_name_memory_vulkan_knows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("exchange.wgsl");
    std::fs::write(&path, SUBGROUP_BARRIER_EXCHANGE).unwrap();
    let source = Source::read(&path, None).unwrap();
    for passes in [PassSelection::None, PassSelection::All] {
        let compiled = compiler(passes.clone(), EmitOptions::default())
            .compile(&source, &[OutputFormat::SpirvAssembly])
            .unwrap_or_else(|f| panic!("{passes:?}: {:?}", f.diagnostics));
        let text = compiled.outputs[0].text().unwrap().to_string();
        // naga's zero-initialisation of workgroup memory adds a workgroup
        // barrier of its own.
        let barriers: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("OpControlBarrier %uint_3"))
            .collect();
        assert_eq!(barriers.len(), 3, "{text}");
        // Subgroup (3) execution and memory scopes; AcquireRelease |
        // UniformMemory | WorkgroupMemory | ImageMemory (0x948).
        for barrier in barriers {
            assert!(
                barrier.ends_with("OpControlBarrier %uint_3 %uint_3 %uint_2376"),
                "{barrier}"
            );
        }
    }
}

#[cfg(feature = "gpu")]
#[test]
fn subgroup_barriers_order_workgroup_memory_on_the_adapter() {
    let dir = tempfile::tempdir().unwrap();
    let candidate = dir.path().join("exchange.wgsl");
    let reference = dir.path().join("reference.wgsl");
    std::fs::write(&candidate, SUBGROUP_BARRIER_EXCHANGE).unwrap();
    std::fs::write(&reference, WORKGROUP_BARRIER_EXCHANGE).unwrap();
    common::assert_agrees_on_the_adapter(
        &candidate,
        &reference,
        shaderxform::gpu::ShaderFormat::Spirv,
        ("data", 256),
        4,
    );
}

/// Pointers to elements and members of arrays of structs passed to
/// functions, from private and function memory, directly, through a `let`,
/// with a dynamic index, and passed on by a function into its own pointee.
/// SPIR-V cannot pass such a pointer; each goes through a temporary of the
/// pointee's declared type. wgpu's own SPIR-V writer cannot take this WGSL
/// (it stops at `unreachable!`), so the shader lives here rather than in
/// the corpus, whose WGSL wgpu loads.
const POINTERS_INTO_ELEMENTS: &str = r#"// Pointers to elements and members of arrays of structs passed to
// functions, from private and function memory, directly, through a `let`,
// with a dynamic index, and passed on by a function into its own pointee.
// SPIR-V cannot pass such a pointer; each goes through a temporary.
struct S { v: vec2f, w: f32 }

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

var<private> P: array<S, 4>;

fn bump(p: ptr<private, S>) {
    (*p).w += 1.0;
    (*p).v *= 2.0;
}

fn bump_local(p: ptr<function, S>, k: f32) {
    (*p).w += k;
}

fn add_one(p: ptr<function, f32>) {
    *p += 1.0;
}

fn add_one_y(p: ptr<function, vec2f>) {
    (*p).y += 1.0;
}

fn add_one_private(p: ptr<private, f32>) {
    *p += 1.0;
}

fn forward_private(p: ptr<private, S>) {
    add_one_private(&(*p).w);
}

fn forward_local(p: ptr<function, array<S, 4>>, i: u32) {
    bump_local(&(*p)[i], 10.0);
    add_one_y(&(*p)[i].v);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x % 4u;
    P[i] = S(vec2f(f32(id.x), 1.0), 0.5);
    bump(&P[2]);
    forward_private(&P[i]);
    var L = array<S, 4>(P[0], P[1], P[2], P[3]);
    let q = &L[(i + 1u) % 4u];
    bump_local(q, 3.0);
    forward_local(&L, i);
    add_one(&L[3].w);
    var total = 0.0;
    for (var k = 0u; k < 4u; k++) {
        total += P[k].w + 10.0 * P[k].v.x + 100.0 * L[k].w + 1000.0 * L[k].v.y;
    }
    out[id.x] = total;
}
"#;

/// [`POINTERS_INTO_ELEMENTS`] with every call written out in place.
const POINTERS_INTO_ELEMENTS_WRITTEN_OUT: &str = r#"// pointer_arguments_into_elements.wgsl with every call written out in
// place.
struct S { v: vec2f, w: f32 }

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

var<private> P: array<S, 4>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x % 4u;
    P[i] = S(vec2f(f32(id.x), 1.0), 0.5);
    P[2].w += 1.0;
    P[2].v *= 2.0;
    P[i].w += 1.0;
    var L = array<S, 4>(P[0], P[1], P[2], P[3]);
    L[(i + 1u) % 4u].w += 3.0;
    L[i].w += 10.0;
    L[i].v.y += 1.0;
    L[3].w += 1.0;
    var total = 0.0;
    for (var k = 0u; k < 4u; k++) {
        total += P[k].w + 10.0 * P[k].v.x + 100.0 * L[k].w + 1000.0 * L[k].v.y;
    }
    out[id.x] = total;
}
"#;

#[test]
fn pointers_into_arrays_of_structs_passed_to_functions_reach_spirv() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("calls.wgsl");
    std::fs::write(&path, POINTERS_INTO_ELEMENTS).unwrap();
    let source = Source::read(&path, None).unwrap();
    for passes in [PassSelection::None, PassSelection::All] {
        for format in FORMATS {
            if let Err(f) =
                compiler(passes.clone(), EmitOptions::default()).compile(&source, &[format])
            {
                panic!("{passes:?} -> {format}: {:?}", f.diagnostics);
            }
        }
    }
}

/// The SPIR-V, and the WGSL as wgpu takes it (through naga's SPIR-V
/// writer, which has no value for such arguments either), compute what the
/// calls written out compute, on the adapter.
#[cfg(feature = "gpu")]
#[test]
fn pointers_into_arrays_of_structs_passed_to_functions_compute_the_same_in_spirv_and_wgsl() {
    use shaderxform::gpu::ShaderFormat;
    let dir = tempfile::tempdir().unwrap();
    let candidate = dir.path().join("calls.wgsl");
    let reference = dir.path().join("written_out.wgsl");
    std::fs::write(&candidate, POINTERS_INTO_ELEMENTS).unwrap();
    std::fs::write(&reference, POINTERS_INTO_ELEMENTS_WRITTEN_OUT).unwrap();
    for format in [ShaderFormat::Spirv, ShaderFormat::Wgsl] {
        common::assert_agrees_on_the_adapter(&candidate, &reference, format, ("out", 256), 4);
    }
}

/// An array of 4 GiB (in workgroup memory, or as a buffer block's member)
/// made naga's GLSL and SPIR-V readers panic on its layout. It is refused
/// as the shader's fault, at its declaration, through glslang and through
/// naga's GLSL reader alike.
#[test]
fn types_of_four_gibibytes_are_refused_at_their_declaration() {
    use shaderxform::front::{FrontOptions, GlslFront};
    for (name, declared) in [
        ("shared_array_too_large.comp", "big"),
        ("block_member_too_large.comp", "a"),
    ] {
        let source = regression(name);
        let text = std::str::from_utf8(&source.bytes).unwrap();
        let mut fronts = vec![GlslFront::Naga];
        if common::tool("glslangValidator").is_some() {
            fronts.push(GlslFront::Glslang);
        }
        for front in fronts {
            let failure = Compiler::new(Options {
                front: FrontOptions {
                    glsl_front: front,
                    ..Default::default()
                },
                ..Options::default()
            })
            .unwrap()
            .compile(&source, &[OutputFormat::SpirvBinary])
            .expect_err("refused");
            assert_eq!(failure.kind, FailureKind::Input, "{name} {front:?}");
            let d = &failure.diagnostics[0];
            assert_eq!(d.code.as_deref(), Some("input::size-overflow"), "{d:?}");
            let span = d.primary_span().expect("a position").to_range().unwrap();
            let line = text[..span.start].lines().count();
            let declaration = text
                .lines()
                .position(|l| l.contains(&format!("{declared}[")))
                .unwrap()
                + 1;
            assert_eq!(line, declaration, "{name} {front:?}: {d:?}");
        }
    }
}

/// WGSL inputs that break a rule naga's reader does not check (a
/// workgroup size of zero, a loop with no way out, a 64-bit texture array
/// index, workgroup memory in a fragment shader) are refused as the shader's fault, at the construct, with every
/// pass and with none; before, each ended in an internal error (a plan by
/// the workgroup's size, a barrier the read-back found divergent, naga's
/// SPIR-V writer stopping on `unreachable!`).
#[test]
fn wgsl_rules_naga_does_not_check_are_refused_at_the_construct() {
    for (name, code, at) in [
        (
            "zero_workgroup_size.wgsl",
            "input::workgroup-size-zero",
            "fn main",
        ),
        (
            "loop_without_exit.wgsl",
            "wgsl::loop-without-exit",
            "loop {",
        ),
        (
            "texture_array_index_i64.wgsl",
            "wgsl::texture-array-index",
            "textureStore(",
        ),
        (
            "workgroup_memory_in_fragment.wgsl",
            "input::workgroup-outside-compute",
            "var<workgroup>",
        ),
        ("clamp_bounds_reversed.wgsl", "wgsl::clamp-bounds", "clamp("),
        (
            "read_only_atomic.wgsl",
            "wgsl::read-only-atomic",
            "var<storage, read>",
        ),
        (
            "subgroup_lane_out_of_range.wgsl",
            "wgsl::constant-lane",
            "subgroupShuffle(",
        ),
        (
            "subgroup_in_vertex.wgsl",
            "wgsl::subgroup-in-vertex",
            "subgroupAdd(",
        ),
        (
            "texture_offset_out_of_range.wgsl",
            "wgsl::texture-offset",
            "textureSample(",
        ),
        (
            "function_array_too_large.wgsl",
            "wgsl::array-count",
            "var scratch",
        ),
    ] {
        let text = std::str::from_utf8(&regression(name).bytes)
            .unwrap()
            .to_string();
        let line = text.lines().position(|l| l.contains(at)).unwrap() + 1;
        for passes in [PassSelection::None, PassSelection::All] {
            for format in [OutputFormat::Wgsl, OutputFormat::SpirvBinary] {
                let source = regression(name);
                let failure = compiler(passes.clone(), EmitOptions::default())
                    .compile(&source, &[format])
                    .expect_err("refused");
                assert_eq!(failure.kind, FailureKind::Input, "{name}: {failure:?}");
                let d = &failure.diagnostics[0];
                assert_eq!(d.code.as_deref(), Some(code), "{name}: {d:?}");
                let span = d.primary_span().expect("a position").to_range().unwrap();
                let at_line = text[..span.start].matches('\n').count() + 1;
                assert_eq!(at_line, line, "{name}: {d:?}");
            }
        }
    }
}

/// Entry points named outside ASCII (`𝕖`, `résumé2`), which WGSL allows,
/// keep their names in the WGSL written: naga's writer spells them by
/// code point (`u1d556_`), which no host asks the pipeline for.
#[test]
fn entry_points_named_outside_ascii_keep_their_names() {
    for passes in [PassSelection::None, PassSelection::All] {
        let wgsl = compile("unicode_entry_point.wgsl", passes, OutputFormat::Wgsl)
            .unwrap_or_else(|(kind, m)| panic!("{kind:?}: {m}"));
        let text = String::from_utf8(wgsl).unwrap();
        let read = naga::front::wgsl::parse_str(&text).expect("WGSL");
        let names: Vec<&str> = read.entry_points.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["\u{1d556}", "r\u{e9}sum\u{e9}2"], "{text}");
    }
}

/// A negative zero is read at run time from its bits (WGSL's constant
/// evaluation may drop its sign), from a variable of the function that
/// reads it: a private variable would make a branch on it non-uniform to
/// WGSL's uniformity analysis, and the barrier under it divergent.
#[test]
fn a_negative_zero_read_at_run_time_keeps_a_branch_uniform() {
    let wgsl = compile(
        "negative_zero_uniform_branch.wgsl",
        PassSelection::None,
        OutputFormat::Wgsl,
    )
    .unwrap_or_else(|(kind, m)| panic!("{kind:?}: {m}"));
    let text = String::from_utf8(wgsl).unwrap();
    assert!(!text.contains("var<private>"), "{text}");
    assert!(
        text.contains("var f32_bits_80000000_: u32 = 2147483648u;"),
        "{text}"
    );
}

/// Operations WGSL evaluates as constants whose value is an infinity or a
/// NaN (`1f / 0f` through `let`s, `bitcast<f32>(0xffffffffu)`, GLSL's
/// `uintBitsToFloat` of such bits, in f32 and f16), or an integer that
/// overflows (`2147483647i + 1i`): the WGSL written reads each float at
/// run time and holds each integer's wrapped value, so Tint compiles it
/// and naga reads it back.
#[test]
fn constant_operations_with_non_finite_values_are_written_for_run_time() {
    use shaderxform::front::{FrontOptions, GlslFront};
    let mut written = Vec::new();
    for name in [
        "non_finite_operations.wgsl",
        "non_finite_operations_f16.wgsl",
        "non_finite_bit_casts.comp",
        "integer_overflow_operations.wgsl",
    ] {
        let source = regression(name);
        for passes in [PassSelection::None, PassSelection::All] {
            // naga's GLSL reader refuses `1.0 / 0.0` itself ("Float literal
            // is infinite"); glslang folds it into a constant.
            let front = GlslFront::Glslang;
            if name.ends_with(".comp") && common::tool("glslangValidator").is_none() {
                continue;
            }
            let compiled = Compiler::new(Options {
                passes: passes.clone(),
                front: FrontOptions {
                    glsl_front: front,
                    ..Default::default()
                },
                ..Options::default()
            })
            .unwrap()
            .compile(&source, &[OutputFormat::Wgsl])
            .unwrap_or_else(|f| panic!("{name}: {:?}", f.diagnostics));
            let wgsl = compiled.outputs[0].text().unwrap().to_string();
            naga::front::wgsl::parse_str(&wgsl)
                .unwrap_or_else(|e| panic!("{name}: naga cannot read back:\n{e}\n{wgsl}"));
            assert!(!wgsl.contains(" / 0"), "{name}:\n{wgsl}");
            written.push((format!("{name} ({passes:?})"), wgsl));
        }
    }
    common::assert_tint_accepts(&written);
}

/// A runtime-sized array of combined image samplers (bindless materials)
/// becomes runtime-sized arrays of textures and samplers; SPIR-V declares
/// `RuntimeDescriptorArray`, without which spirv-val refused it, and
/// WGSL for wgpu keeps the binding arrays.
#[test]
fn runtime_sized_sampler_arrays_reach_spirv() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let name = "runtime_sampler_array.frag";
    for passes in [PassSelection::None, PassSelection::All] {
        let words = compile(name, passes.clone(), OutputFormat::SpirvBinary)
            .unwrap_or_else(|(kind, message)| panic!("{passes:?}: {kind:?}: {message}"));
        let words: Vec<u32> = words
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .collect();
        let module = rspirv::dr::load_words(&words).expect("SPIR-V");
        assert!(
            module.capabilities.iter().any(|i| i.operands.first()
                == Some(&rspirv::dr::Operand::Capability(
                    rspirv::spirv::Capability::RuntimeDescriptorArray
                ))),
            "{passes:?}: no RuntimeDescriptorArray"
        );
    }
    let wgsl = compile_with(
        name,
        PassSelection::None,
        OutputFormat::Wgsl,
        EmitOptions {
            wgsl_for: shaderxform::WgslTarget::Wgpu,
            ..EmitOptions::default()
        },
    )
    .unwrap_or_else(|(kind, message)| panic!("{kind:?}: {message}"));
    let wgsl = String::from_utf8(wgsl).unwrap();
    assert!(
        wgsl.contains("binding_array<texture_2d<f32>>") && wgsl.contains("binding_array<sampler>"),
        "{wgsl}"
    );
}

/// Locations past `i32::MAX` are written with a `u` suffix that Tint
/// reads (naga's `@location(2147483648)` is an abstract integer Tint
/// converts to `i32` and refuses), and refused for SPIR-V at the entry
/// point, where Vulkan's count of components aliases them with location 0.
#[test]
fn huge_locations_are_written_for_tint_and_refused_for_spirv() {
    let mut written = Vec::new();
    for passes in [PassSelection::None, PassSelection::All] {
        let wgsl = compile("huge_locations.wgsl", passes.clone(), OutputFormat::Wgsl)
            .unwrap_or_else(|(kind, m)| panic!("{kind:?}: {m}"));
        let text = String::from_utf8(wgsl).unwrap();
        assert!(text.contains("@location(2147483648u)"), "{text}");
        written.push(("huge_locations.wgsl".to_string(), text));
        let (kind, message) = compile("huge_locations.wgsl", passes, OutputFormat::SpirvBinary)
            .expect_err("refused for SPIR-V");
        assert_eq!(kind, FailureKind::Unsupported, "{message}");
        assert!(message.contains("emit::unsupported"), "{message}");
        assert!(message.contains("location(2147483648)"), "{message}");
    }
    common::assert_tint_accepts(&written);
}

/// A GLSL shift by more than the width is written with the amount masked
/// to the width, which Tint takes (it refuses a constant shift amount past
/// the width) and which is what WGSL does with such an amount at run time.
#[test]
fn shifts_past_the_width_are_written_masked() {
    let mut written = Vec::new();
    for passes in [PassSelection::None, PassSelection::All] {
        let wgsl = compile("shift_past_width.comp", passes, OutputFormat::Wgsl)
            .unwrap_or_else(|(kind, m)| panic!("{kind:?}: {m}"));
        let text = String::from_utf8(wgsl).unwrap();
        assert!(text.contains("<< 1u)"), "{text}");
        assert!(text.contains(">> 8u)"), "{text}");
        assert!(!text.contains("33"), "{text}");
        written.push(("shift_past_width.comp".to_string(), text));
    }
    common::assert_tint_accepts(&written);
}

/// A SPIR-V compute entry point without `LocalSize` is refused with a
/// place: its line in assembly, a word offset in a binary.
#[test]
fn a_missing_local_size_is_refused_with_a_place() {
    let source = regression("missing_local_size.spvasm");
    let failure = compiler(PassSelection::None, EmitOptions::default())
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("refused");
    let d = &failure.diagnostics[0];
    assert_eq!(
        d.code.as_deref(),
        Some("input::workgroup-size-zero"),
        "{d:?}"
    );
    assert!(d.primary_span().is_some(), "{d:?}");
}

/// A GLSL local array of 100,000 floats: GLSL and SPIR-V take it, WGSL as
/// Tint reads it does not ("array count must be less than 65536"). Not a
/// corpus file: every corpus shader's WGSL must be one wgpu compiles, and
/// a driver takes minutes over such an array.
const LOCAL_ARRAY_TOO_LARGE: &str = "#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Values { float values[]; };
void main() {
    float scratch[100000];
    scratch[int(values[1])] = 1.0;
    values[0] = scratch[int(values[2])];
}
";

/// A GLSL local array Tint cannot hold is refused for WGSL at its
/// declaration (glslang keeps no line for a local: it is found by name),
/// and written as SPIR-V.
#[test]
fn a_local_array_too_large_for_wgsl_is_refused_there_with_a_place() {
    let source = Source::from_text(
        "local_array_too_large.comp",
        shaderxform::InputFormat::Glsl(naga::ShaderStage::Compute),
        LOCAL_ARRAY_TOO_LARGE,
    );
    let compiler = compiler(PassSelection::None, EmitOptions::default());
    let failure = compiler
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("refused for WGSL");
    assert_eq!(failure.kind, FailureKind::Unsupported, "{failure:?}");
    let d = &failure.diagnostics[0];
    let span = d.primary_span().expect("a place").to_range().unwrap();
    assert_eq!(&LOCAL_ARRAY_TOO_LARGE[span], "scratch", "{d:?}");
    compiler
        .compile(&source, &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{f:?}"));
}

/// naga's SPIR-V writer declares `ShaderNonUniform` for a binding array
/// indexed by a non-uniform value; its reader, which wgpu reads SPIR-V
/// with (strictly), refused the capability (`vendor/patches/0007`).
#[test]
fn spirv_with_non_uniform_binding_array_indices_is_read_back_strictly() {
    let words = compile(
        "binding_array_non_uniform.wgsl",
        PassSelection::None,
        OutputFormat::SpirvBinary,
    )
    .unwrap();
    let module = rspirv::dr::load_bytes(&words).unwrap();
    assert!(
        module.capabilities.iter().any(|c| c.operands[0]
            == rspirv::dr::Operand::Capability(rspirv::spirv::Capability::ShaderNonUniform)),
        "the writer declares ShaderNonUniform"
    );
    let options = naga::front::spv::Options {
        strict_capabilities: true,
        ..Default::default()
    };
    naga::front::spv::parse_u8_slice(&words, &options)
        .unwrap_or_else(|e| panic!("read back strictly: {e}"));
}

/// WGSL lays out an `f16` matrix in a uniform buffer with its columns 4
/// or 8 bytes apart, which std140 cannot hold: the SPIR-V used to be valid
/// only with Vulkan's `uniformBufferStandardLayout`. naga's writer now
/// writes such matrices as their columns, as it did two-row `f32` ones
/// (`vendor/patches/0008`), so spirv-val accepts the module for Vulkan
/// 1.1 with no feature asked for. What the columns hold is checked on the
/// GPU against constants (`uniform_f16_matrices.harness.toml`).
#[test]
fn f16_matrices_in_uniform_buffers_are_valid_std140() {
    let Some(spirv_val) = common::tool("spirv-val") else {
        return;
    };
    let words = compile(
        "uniform_f16_matrices.wgsl",
        PassSelection::None,
        OutputFormat::SpirvBinary,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("uniform_f16_matrices.spv");
    std::fs::write(&path, &words).unwrap();
    let out = std::process::Command::new(spirv_val)
        .args(["--target-env", "vulkan1.1"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// naga's SPIR-V writer writes `&` and `|` on vectors of booleans as
/// `OpLogicalAnd` and `OpLogicalOr`; its reader, which wgpu reads SPIR-V
/// with, refused them on vectors (`vendor/patches/0009`).
#[test]
fn vector_logical_ops_are_read_back_from_spirv() {
    let words = compile(
        "vector_logical_ops.wgsl",
        PassSelection::None,
        OutputFormat::SpirvBinary,
    )
    .unwrap();
    let module = naga::front::spv::parse_u8_slice(&words, &Default::default())
        .unwrap_or_else(|e| panic!("read back: {e}"));
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .unwrap_or_else(|e| panic!("the module read back is valid: {e:?}"));
}
