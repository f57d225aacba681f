//! WGSL output that keeps what a valid input meant: its diagnostic
//! filters, and float values that WGSL constant evaluation cannot hold
//! (infinities and NaN, refused; negative zeros, made positive by Tint).
//! Every output is validated by naga (the compiler does), compiled by
//! Tint, and, for values, run on the adapter (lavapipe where there is no
//! GPU) to compare the bits it stores.

#![cfg(feature = "gpu")]

mod common;

use std::time::Duration;

use shaderxform::gpu::device::{Buffer, Code, Dispatch, Gpu, RunOutcome};
use shaderxform::gpu::reflect::Space;
use shaderxform::{Compiler, EmitOptions, InputFormat, Options, OutputFormat, Source, WgslTarget};

fn compiler(reader: WgslTarget, glsl_front: shaderxform::front::GlslFront) -> Compiler {
    Compiler::new(Options {
        emit: EmitOptions {
            wgsl_for: reader,
            ..EmitOptions::default()
        },
        front: shaderxform::front::FrontOptions {
            glsl_front,
            ..Default::default()
        },
        ..Options::default()
    })
    .expect("default options")
}

fn wgsl_for(reader: WgslTarget, source: &Source) -> String {
    let glsl_front = shaderxform::front::GlslFront::Glslang;
    common::wgsl(&compiler(reader, glsl_front), source)
}

/// Asserts that Tint compiles `wgsl` without a message of `severity`
/// ("error", "warning") naming `about`.
fn assert_tint_compiles(name: &str, wgsl: &str) -> Option<Vec<serde_json::Value>> {
    let results = common::tint_check(&[(name.to_string(), wgsl.to_string())])?;
    assert!(
        results[0].ok,
        "Tint rejects {name}: {:?}\n{wgsl}",
        results[0].messages
    );
    Some(results[0].messages.clone())
}

const FILTERED: &str = "\
diagnostic(off, derivative_uniformity);
enable subgroups;

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> lanes: array<u32>;

@diagnostic(warning, subgroup_uniformity)
fn lane_sum(i: u32) -> u32 {
    if (i % 2u == 0u) {
        return subgroupAdd(i);
    }
    return 0u;
}

@diagnostic(error, derivative_uniformity)
@diagnostic(off, subgroup_uniformity)
fn uniform_slope(v: f32) -> f32 {
    return dpdx(v);
}

@fragment
fn shade(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var color = vec4<f32>(uniform_slope(uv.y));
    if (uv.x > 0.5) {
        color = textureSample(t, s, uv);
    }
    return color;
}

@compute @workgroup_size(64)
fn count(@builtin(local_invocation_index) i: u32) {
    lanes[i] = lane_sum(i);
}
";

/// `(severity, rule)` of each filter from `leaf` up to `stop`, innermost
/// last.
fn filters(
    module: &naga::Module,
    leaf: Option<naga::Handle<naga::diagnostic_filter::DiagnosticFilterNode>>,
    stop: Option<naga::Handle<naga::diagnostic_filter::DiagnosticFilterNode>>,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut next = leaf;
    while let Some(node) = next.filter(|n| Some(*n) != stop) {
        let inner = &module.diagnostic_filters[node].inner;
        out.push(format!(
            "{:?} {}",
            inner.new_severity,
            inner.triggering_rule.display_wgsl_ident()
        ));
        next = module.diagnostic_filters[node].parent;
    }
    out.reverse();
    out
}

/// Every function's filters (module functions, then entry points), after
/// the module's.
fn all_filters(module: &naga::Module) -> Vec<Vec<String>> {
    let root = module.diagnostic_filter_leaf;
    std::iter::once(filters(module, root, None))
        .chain(
            module
                .functions
                .iter()
                .map(|(_, f)| f)
                .chain(module.entry_points.iter().map(|ep| &ep.function))
                .map(|f| filters(module, f.diagnostic_filter_leaf, root)),
        )
        .collect()
}

#[test]
fn diagnostic_filters_are_written_where_the_input_had_them() {
    let source = Source::from_text("filtered.wgsl", InputFormat::Wgsl, FILTERED);
    let tint = wgsl_for(WgslTarget::Tint, &source);
    assert!(
        tint.starts_with("enable subgroups;\ndiagnostic(off, derivative_uniformity);\n\n"),
        "{tint}"
    );
    assert!(
        tint.contains(
            "@diagnostic(error, derivative_uniformity)\n@diagnostic(off, subgroup_uniformity)\nfn uniform_slope("
        ),
        "{tint}"
    );
    assert!(
        tint.contains("@diagnostic(warning, subgroup_uniformity)\nfn lane_sum("),
        "{tint}"
    );

    // naga reads the same filters back, for each reader's text.
    let wgpu = wgsl_for(WgslTarget::Wgpu, &source);
    assert_eq!(tint.replacen("enable subgroups;\n", "", 1), wgpu);
    let original = naga::front::wgsl::parse_str(&FILTERED.replace("enable subgroups;", ""))
        .expect("naga reads the input without the directive it refuses");
    let read = naga::front::wgsl::parse_str(&wgpu).expect("naga reads the WGSL for wgpu");
    assert_eq!(all_filters(&read), all_filters(&original));

    // Tint: the warning the input asked for, and no error. Without the
    // filters, Tint rejects the same text (the derivative in divergent
    // control flow), so they are what makes it valid.
    if let Some(messages) = assert_tint_compiles("filtered.wgsl", &tint) {
        let warnings: Vec<_> = messages
            .iter()
            .filter(|m| m["type"] == "warning")
            .map(|m| m["message"].as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(warnings.len(), 1, "{messages:?}");
        assert!(warnings[0].contains("subgroupAdd"), "{warnings:?}");
        let unfiltered: String = tint
            .lines()
            .filter(|l| !l.starts_with("diagnostic(") && !l.starts_with("@diagnostic("))
            .map(|l| format!("{l}\n"))
            .collect();
        let results =
            common::tint_check(&[("unfiltered.wgsl".to_string(), unfiltered)]).expect("Tint");
        assert!(!results[0].ok, "Tint accepts the text without filters");
    }
}

#[test]
fn diagnostic_filters_are_left_out_of_the_other_targets() {
    let source = Source::from_text("filtered.wgsl", InputFormat::Wgsl, FILTERED);
    let compiler = compiler(WgslTarget::Tint, shaderxform::front::GlslFront::Naga);
    for format in [
        OutputFormat::SpirvBinary,
        OutputFormat::Glsl,
        OutputFormat::Hlsl,
        OutputFormat::Msl,
    ] {
        // GLSL has one entry point per output: the fragment one.
        let compiled = match format {
            OutputFormat::Glsl => Compiler::new(Options {
                emit: EmitOptions {
                    entry_point: Some("shade".into()),
                    ..EmitOptions::default()
                },
                ..Options::default()
            })
            .unwrap()
            .compile(&source, &[format]),
            _ => compiler.compile(&source, &[format]),
        };
        let compiled = compiled.unwrap_or_else(|f| panic!("{format}: {f}"));
        assert!(!compiled.outputs[0].bytes.is_empty(), "{format}");
    }
}

/// Runs the compute entry point `main` of WGSL written for wgpu on one
/// invocation and returns the `count` words it stores in binding 0;
/// `None` without an adapter (when that is allowed).
fn stored_words(wgsl: &str, count: usize) -> Option<Vec<u32>> {
    let gpu = match Gpu::shared(None, None) {
        Ok(gpu) => gpu,
        Err(e) => {
            assert!(
                std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_none_or(|v| v == "0"),
                "SHADERXFORM_REQUIRE_GPU is set: {e:?}"
            );
            eprintln!("skipping the run: {e:?}");
            return None;
        }
    };
    for (name, feature) in [
        ("f16", wgpu::Features::SHADER_F16),
        ("f64", wgpu::Features::SHADER_F64),
    ] {
        if wgsl.contains(name) && !gpu.features.contains(feature) {
            eprintln!("skipping the run: the adapter has no {name}");
            return None;
        }
    }
    // Not a value the shader writes.
    let bytes: Vec<u8> = std::iter::repeat_n(0x5au8, count * 4).collect();
    let buffers = [Buffer {
        group: 0,
        binding: 0,
        space: Space::Storage { writable: true },
        bytes: &bytes,
        read_back: true,
    }];
    let outcome = gpu
        .run(&Dispatch {
            label: "bits",
            code: Code::Wgsl(wgsl),
            entry_point: "main",
            spirv_reader: Default::default(),
            constants: &[],
            buffers: &buffers,
            resources: &[],
            immediates: &[],
            workgroups: [1, 1, 1],
            timeout: Duration::from_secs(30),
        })
        .unwrap_or_else(|e| panic!("the run failed: {e:?}\n{wgsl}"));
    let RunOutcome::Done { contents, .. } = outcome else {
        panic!("the run did not finish");
    };
    let read = contents[0].as_ref().expect("binding 0 is read back");
    Some(
        read.chunks_exact(4)
            .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
            .collect(),
    )
}

/// The f32 literals of a module, as bits, and the bits its `f32_bits_*`
/// variables hold (a function's own, never written after their
/// initialisers).
fn float_bits_held(module: &naga::Module) -> (Vec<u32>, Vec<u32>) {
    let mut literals = Vec::new();
    let mut note = |expressions: &naga::Arena<naga::Expression>| {
        for (_, e) in expressions.iter() {
            if let naga::Expression::Literal(naga::Literal::F32(v)) = *e {
                literals.push(v.to_bits());
            }
        }
    };
    note(&module.global_expressions);
    for (_, f) in module.functions.iter() {
        note(&f.expressions);
    }
    for ep in &module.entry_points {
        note(&ep.function.expressions);
    }
    // One for each value in each function that reads it.
    let functions = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|ep| &ep.function));
    let mut variables: Vec<u32> = functions
        .flat_map(|f| {
            f.local_variables
                .iter()
                .filter(|(_, l)| {
                    l.name
                        .as_deref()
                        .is_some_and(|n| n.starts_with("f32_bits_"))
                })
                .filter_map(|(_, l)| match f.expressions[l.init?] {
                    naga::Expression::Literal(naga::Literal::U32(bits)) => Some(bits),
                    _ => None,
                })
        })
        .collect();
    variables.sort_unstable();
    variables.dedup();
    (literals, variables)
}

/// Writes `source` as WGSL for Tint and for wgpu and checks what the
/// task of each float value is: Tint compiles the text; naga reads back no
/// literal that Tint's constant evaluation would lose, and a bits
/// variable for each such value; the shader stores `expected` when run.
fn assert_values_survive(source: &Source, expected: &[u32], held_bits: &[u32]) {
    let wgpu = wgsl_for(WgslTarget::Wgpu, source);
    // WGSL has no f64: only naga reads it, as an extension of its own, and
    // WGSL for Tint refuses it.
    let wide = wgpu.contains("f64");
    if wide {
        let refused = compiler(WgslTarget::Tint, shaderxform::front::GlslFront::Glslang)
            .compile(source, &[OutputFormat::Wgsl])
            .expect_err("f64 refused for Tint");
        assert_eq!(
            refused.kind,
            shaderxform::FailureKind::Unsupported,
            "{refused}"
        );
    } else {
        assert_tint_compiles(&source.name, &wgsl_for(WgslTarget::Tint, source));
    }
    let read = naga::front::wgsl::parse_str(&wgpu)
        .unwrap_or_else(|e| panic!("naga does not read the WGSL back: {e}\n{wgpu}"));
    let (literals, variables) = float_bits_held(&read);
    assert!(
        literals
            .iter()
            .all(|&b| f32::from_bits(b).is_finite() && b != 0x8000_0000),
        "{literals:x?}\n{wgpu}"
    );
    assert_eq!(variables, held_bits, "{wgpu}");
    // The other targets are written too (SPIR-V is checked by spirv-val).
    let compiler = compiler(WgslTarget::Tint, shaderxform::front::GlslFront::Glslang);
    for format in [
        OutputFormat::SpirvBinary,
        OutputFormat::Hlsl,
        OutputFormat::Msl,
    ] {
        // Metal has no f64.
        if format == OutputFormat::Msl && wide {
            continue;
        }
        compiler
            .compile(source, &[format])
            .unwrap_or_else(|f| panic!("{format}: {f}"));
    }
    if let Some(stored) = stored_words(&wgpu, expected.len()) {
        assert_eq!(
            stored
                .iter()
                .map(|w| format!("{w:#010x}"))
                .collect::<Vec<_>>(),
            expected
                .iter()
                .map(|w| format!("{w:#010x}"))
                .collect::<Vec<_>>(),
            "{wgpu}"
        );
    }
}

#[test]
fn negative_zeros_at_module_scope_keep_their_sign() {
    let source = Source::from_text(
        "module_scope_zeros.wgsl",
        InputFormat::Wgsl,
        "\
const NEG_ZERO: f32 = -0.0;
const PAIR: vec2<f32> = vec2<f32>(-0.0, 1.5);
var<private> zero: f32 = -0.0;
var<private> pair: vec2<f32> = PAIR;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 6>;

fn read_zero() -> f32 {
    return zero;
}

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
    out[0] = bitcast<u32>(NEG_ZERO);
    out[1] = bitcast<u32>(PAIR[i]);
    out[2] = bitcast<u32>(read_zero());
    out[3] = bitcast<u32>(pair.x);
    out[4] = bitcast<u32>(pair.y);
    out[5] = bitcast<u32>(PAIR[i + 1u]);
}
",
    );
    assert_values_survive(
        &source,
        &[
            0x8000_0000,
            0x8000_0000,
            0x8000_0000,
            0x8000_0000,
            0x3fc0_0000,
            0x3fc0_0000,
        ],
        &[0x8000_0000],
    );
}

#[test]
fn constants_that_glslang_folds_to_infinities_keep_their_bits() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "folded.comp",
        InputFormat::Glsl(naga::ShaderStage::Compute),
        "\
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uint bits[]; };
const float INF = 1.0 / 0.0;
const vec2 PAIR = vec2(-1.0 / 0.0, -0.0);
float zero = -0.0;
void main() {
    uint i = gl_LocalInvocationID.x;
    bits[0] = floatBitsToUint(INF);
    bits[1] = floatBitsToUint(PAIR[i]);
    bits[2] = floatBitsToUint(PAIR[i + 1u]);
    bits[3] = floatBitsToUint(zero);
    bits[4] = floatBitsToUint(-INF);
}
",
    );
    assert_values_survive(
        &source,
        &[
            0x7f80_0000,
            0xff80_0000,
            0x8000_0000,
            0x8000_0000,
            0xff80_0000,
        ],
        &[0x7f80_0000, 0x8000_0000, 0xff80_0000],
    );
}

#[test]
fn f64_infinities_that_glslang_folds_are_converted_at_run_time() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "folded_f64.comp",
        InputFormat::Glsl(naga::ShaderStage::Compute),
        "\
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uint bits[]; };
const double INF = 1.0lf / 0.0lf;
void main() {
    double d = INF * double(gl_LocalInvocationID.x + 1u);
    bits[0] = floatBitsToUint(float(d));
    bits[1] = floatBitsToUint(float(-d));
}
",
    );
    assert_values_survive(&source, &[0x7f80_0000, 0xff80_0000], &[0x7f80_0000]);
}

#[test]
fn non_finite_spirv_constants_keep_their_bits() {
    let source = Source::from_text(
        "non_finite.spvasm",
        InputFormat::SpirvAssembly,
        include_str!("wgsl_fidelity/non_finite.spvasm"),
    );
    assert_values_survive(
        &source,
        &[0x7f80_0000, 0x7fc0_0000, 0x8000_0000, 0x7f80_0000],
        &[0x7f80_0000, 0x7fc0_0000, 0x8000_0000],
    );
}

#[test]
fn f16_negative_zeros_and_local_initialisers_keep_their_sign() {
    let source = Source::from_text(
        "f16_zeros.wgsl",
        InputFormat::Wgsl,
        "\
enable f16;
const NEG_ZERO_H: f16 = -0.0h;
var<private> zero: f16 = -0.0h;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 3>;

@compute @workgroup_size(1)
fn main() {
    var held = NEG_ZERO_H;
    out[0] = bitcast<u32>(f32(held));
    out[1] = bitcast<u32>(f32(zero));
    var pair = vec2<f32>(-0.0, 2.0);
    out[2] = bitcast<u32>(pair.x);
}
",
    );
    let wgsl = wgsl_for(WgslTarget::Tint, &source);
    assert!(!wgsl.contains("-0h") && !wgsl.contains("-0f"), "{wgsl}");
    assert_values_survive(
        &source,
        &[0x8000_0000, 0x8000_0000, 0x8000_0000],
        &[0x8000_0000],
    );
}

#[test]
fn an_infinite_specialization_constant_default_is_refused_at_its_instruction() {
    let source = Source::from_text(
        "non_finite_spec_constant.spvasm",
        InputFormat::SpirvAssembly,
        include_str!("wgsl_fidelity/non_finite_spec_constant.spvasm"),
    );
    let compiler = compiler(WgslTarget::Tint, shaderxform::front::GlslFront::Naga);
    let failure = compiler
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("an infinite default has no spelling");
    assert_eq!(failure.kind, shaderxform::FailureKind::Input, "{failure}");
    let diagnostic = &failure.diagnostics[0];
    assert_eq!(
        diagnostic.code.as_deref(),
        Some("spirv::non-finite"),
        "{failure}"
    );
    assert!(diagnostic.message.contains("`limit`"), "{failure}");
    let json = shaderxform::DiagnosticJson::new(diagnostic, &source);
    assert_eq!(json.line, Some(21), "{json:?}");
}
