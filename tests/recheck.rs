//! Every output true: memory barriers in WGSL, the check of the written
//! text against the module (`emit::recheck`), what only wgpu reads refused
//! for Tint, and the front end's reports kept where a barrier is refused.

mod common;

use shaderxform::back::{recheck, EmitError};
use shaderxform::front::{FrontOptions, GlslFront, LEGALIZE_REPORT};
use shaderxform::{
    Compiler, FailureKind, InputFormat, Options, OutputFormat, PassSelection, Source, WgslTarget,
};

fn compiler(passes: PassSelection, wgsl_for: WgslTarget) -> Compiler {
    Compiler::new(Options {
        passes,
        front: FrontOptions {
            glsl_front: GlslFront::Glslang,
            ..FrontOptions::default()
        },
        emit: shaderxform::EmitOptions {
            wgsl_for,
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap()
}

fn glsl(name: &str, stage: naga::ShaderStage, text: &str) -> Source {
    Source::from_text(name, InputFormat::Glsl(stage), text)
}

fn compute(name: &str, text: &str) -> Source {
    glsl(name, naga::ShaderStage::Compute, text)
}

/// Whether glslang is here (it must be where tools are required).
fn have_glslang() -> bool {
    common::tool("glslangValidator").is_some()
}

fn tint_accepts(name: &str, wgsl: &str) {
    if let Some(results) = common::tint_check(&[(name.to_string(), wgsl.to_string())]) {
        assert!(
            results[0].ok,
            "Tint refuses {name}: {:?}\n{wgsl}",
            results[0].messages
        );
    }
}

/// `(line, column)` of the primary label of the first diagnostic.
fn primary_place(failure: &shaderxform::Failure, text: &str) -> (usize, usize) {
    let label = failure.diagnostics[0]
        .labels
        .iter()
        .find(|l| l.primary)
        .or(failure.diagnostics[0].labels.first())
        .unwrap_or_else(|| panic!("no label: {:?}", failure.diagnostics[0]));
    shaderxform::source::line_column(text, label.span.to_range().unwrap().start)
}

fn count(text: &str, what: &str) -> usize {
    text.matches(what).count()
}

#[test]
fn nbody_tiles_with_an_early_return_give_wgsl_that_tint_accepts_and_a_true_fixed() {
    if !have_glslang() {
        return;
    }
    let path = "corpus/recheck/gravity_tiles_early_return.comp";
    let source = Source::read(common::root().join(path).as_ref(), None).unwrap();
    let compiled = compiler(PassSelection::All, WgslTarget::Tint)
        .compile(
            &source,
            &[
                OutputFormat::Wgsl,
                OutputFormat::SpirvAssembly,
                OutputFormat::Msl,
            ],
        )
        .unwrap_or_else(|f| panic!("{path}: {f}"));
    let wgsl = compiled.outputs[0].text().unwrap();
    tint_accepts(path, wgsl);
    // Each `memoryBarrierShared(); barrier();` is one barrier in WGSL, and
    // the memory barrier hoisting left in the branch goes with it.
    assert!(!wgsl.contains("storageBarrier"), "{wgsl}");
    // SPIR-V keeps the memory barrier where it was: in the branch.
    let spirv = compiled.outputs[1].text().unwrap();
    assert!(count(spirv, "OpMemoryBarrier") >= 2, "{spirv}");
    let fixed: Vec<&str> = compiled
        .transformed
        .passes
        .iter()
        .filter(|r| r.name == "hoist-barriers")
        .flat_map(|r| r.diagnostics.iter())
        .flat_map(|d| d.notes.iter())
        .map(String::as_str)
        .filter(|n| n.starts_with("fixed by hoist-barriers"))
        .collect();
    assert!(!fixed.is_empty(), "the report says nothing was fixed");
}

/// `memoryBarrierShared()` at line 10, column 9, under `if (lid < 32u)`,
/// with a load of shared memory after it: nothing covers it.
const DIVERGENT_MEMORY_BARRIER: &str = "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint data[]; };
shared uint tile[64];

void main() {
    uint lid = gl_LocalInvocationIndex;
    if (lid < 32u) {
        tile[lid] = data[lid];
        memoryBarrierShared();
        data[lid] = tile[lid] + 1u;
    }
}
";

#[test]
fn a_memory_barrier_in_divergent_control_flow_is_refused_for_wgsl_where_it_is() {
    if !have_glslang() {
        return;
    }
    let source = compute("divergent_memory_barrier.comp", DIVERGENT_MEMORY_BARRIER);
    let compiler = compiler(PassSelection::All, WgslTarget::Tint);
    let failure = compiler
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("WGSL cannot say it");
    assert_eq!(failure.kind, FailureKind::Unsupported);
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("emit::unsupported"));
    assert!(
        d.message.contains("no memory-only barrier"),
        "{}",
        d.message
    );
    assert_eq!(primary_place(&failure, DIVERGENT_MEMORY_BARRIER), (10, 9));
    // The explanation walks back to the branch.
    assert!(d.labels.iter().any(|l| !l.primary
        && shaderxform::source::line_column(
            DIVERGENT_MEMORY_BARRIER,
            l.span.to_range().unwrap().start
        )
        .0 == 8));
    // SPIR-V has memory-only barriers: it is written there.
    let spirv = compiler
        .compile(&source, &[OutputFormat::SpirvAssembly])
        .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(
        count(spirv.outputs[0].text().unwrap(), "OpMemoryBarrier"),
        1
    );
}

#[test]
fn the_command_line_writes_nothing_when_wgsl_cannot_say_a_memory_barrier() {
    if !have_glslang() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("divergent.comp");
    std::fs::write(&input, DIVERGENT_MEMORY_BARRIER).unwrap();
    let run = |outputs: &[&str]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_shaderxform"));
        command
            .current_dir(dir.path())
            .args(["divergent.comp", "--glsl-front", "glslang"]);
        for output in outputs {
            command.args(["-o", output]);
        }
        command.output().unwrap()
    };
    let out = run(&["out.spv", "out.wgsl"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("divergent.comp:10:9"), "{stderr}");
    assert!(!dir.path().join("out.spv").exists());
    assert!(!dir.path().join("out.wgsl").exists());
    let out = run(&["out.spv"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("out.spv").exists());
}

#[test]
fn memory_barriers_in_uniform_control_flow_become_the_control_barrier_or_go_beside_one() {
    if !have_glslang() {
        return;
    }
    // A memory barrier beside the control barrier, then one alone, both
    // reached by every invocation.
    let text = "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint data[]; };
shared uint tile[64];

void main() {
    uint lid = gl_LocalInvocationIndex;
    tile[lid] = data[lid];
    memoryBarrierShared();
    barrier();
    uint seen = tile[63u - lid];
    tile[lid] = seen * 2u;
    memoryBarrierShared();
    data[lid] = tile[lid] + seen;
}
";
    let compiled = compiler(PassSelection::All, WgslTarget::Tint)
        .compile(&compute("uniform.comp", text), &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{f}"));
    let wgsl = compiled.outputs[0].text().unwrap();
    assert_eq!(count(wgsl, "workgroupBarrier()"), 2, "{wgsl}");
    tint_accepts("uniform.comp", wgsl);
}

#[test]
fn a_function_holding_a_memory_barrier_called_in_divergent_control_flow_is_refused() {
    if !have_glslang() {
        return;
    }
    // `publish` is called at line 13, column 9, in the branch.
    let text = "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint data[]; };
shared uint tile[64];

void publish(uint lid) {
    tile[lid] = data[lid];
    memoryBarrierShared();
}

void main() {
    uint lid = gl_LocalInvocationIndex;
    if (lid < 32u) {
        publish(lid);
        data[lid] = tile[lid ^ 1u];
    }
}
";
    let failure = compiler(PassSelection::All, WgslTarget::Wgpu)
        .compile(&compute("call.comp", text), &[OutputFormat::Wgsl])
        .expect_err("WGSL cannot say it");
    assert_eq!(failure.kind, FailureKind::Unsupported);
    let d = &failure.diagnostics[0];
    // (glslang names it with its parameter types: `publish(u1;`.)
    assert!(d.message.contains("`publish("), "{}", d.message);
    assert_eq!(primary_place(&failure, text), (8, 5));
}

const UNIFORM_BARRIER: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read> input: array<u32>;
var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    tile[lid] = input[lid];
    workgroupBarrier();
    data[lid] = tile[63u - lid];
}
";

fn module(text: &str) -> naga::Module {
    let module = naga::front::wgsl::parse_str(text).unwrap();
    shaderxform::passes::manager::validate(&module).unwrap();
    module
}

fn recheck_error(written_from: &str, text: &str) -> shaderxform::Diagnostic {
    match recheck::wgsl(&module(written_from), text) {
        Err(EmitError::Backend(d)) => {
            assert_eq!(d.code.as_deref(), Some(shaderxform::codes::EMIT_RECHECK));
            d
        }
        Err(other) => panic!("not an internal error: {other:?}"),
        Ok(()) => panic!("accepted:\n{text}"),
    }
}

#[test]
fn the_check_accepts_the_text_of_the_module() {
    recheck::wgsl(&module(UNIFORM_BARRIER), UNIFORM_BARRIER).unwrap();
}

#[test]
fn the_check_refuses_text_with_a_barrier_in_divergent_control_flow() {
    let broken = UNIFORM_BARRIER.replace(
        "    workgroupBarrier();",
        "    if (lid < 32u) { workgroupBarrier(); }",
    );
    let d = recheck_error(UNIFORM_BARRIER, &broken);
    assert!(
        d.message.contains("non-uniform control flow"),
        "{}",
        d.message
    );
    // Where it is, no report may say a barrier was fixed.
    assert!(recheck::finds_divergent_barrier(&d), "{d:?}");
    // The line and column of the barrier in the text.
    assert!(
        d.notes.iter().any(|n| n.contains("line 8, column 22")),
        "{:?}",
        d.notes
    );
}

#[test]
fn the_check_refuses_text_whose_interface_differs() {
    for (from, to, says) in [
        ("@binding(0)", "@binding(2)", "@binding(2)"),
        (
            "var<storage, read>",
            "var<storage, read_write>",
            "read-write storage buffer",
        ),
        (
            "@workgroup_size(64)",
            "@workgroup_size(32)",
            "workgroup size 32",
        ),
        ("fn main(", "fn main_1(", "`main_1`"),
    ] {
        let d = recheck_error(UNIFORM_BARRIER, &UNIFORM_BARRIER.replace(from, to));
        assert!(d.message.contains(says), "{from} -> {to}: {}", d.message);
        assert!(!recheck::finds_divergent_barrier(&d));
    }
    let d = recheck_error(UNIFORM_BARRIER, "fn main( {");
    assert!(d.message.contains("cannot read it back"), "{}", d.message);
}

#[test]
fn spirv_with_a_workgroup_uniform_load_reads_back_uniform() {
    // naga writes `workgroupUniformLoad` in SPIR-V as barrier, load,
    // barrier; read back, the loaded value decides a barrier, which must
    // still be found uniform.
    let text = "var<workgroup> rounds: u32;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    if lid == 0u { rounds = data[0]; }
    let n = workgroupUniformLoad(&rounds);
    for (var i = 0u; i < n; i++) {
        data[lid] += 1u;
        workgroupBarrier();
    }
}
";
    let source = Source::from_text("uniform_load.wgsl", InputFormat::Wgsl, text);
    let compiled = compiler(PassSelection::None, WgslTarget::Tint)
        .compile(&source, &[OutputFormat::SpirvBinary, OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(compiled.outputs.len(), 2);
}

#[test]
fn spirv_with_barriers_around_a_load_of_a_differing_address_reads_back() {
    // The same barrier, load, barrier written by hand, loading an address
    // that differs between invocations: no `workgroupUniformLoad`, and no
    // barrier of it in non-uniform control flow.
    let text = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> slots: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(global_invocation_id) id: vec3u) {
    slots[i] = data[id.x];
    workgroupBarrier();
    let neighbour = slots[i ^ 1u];
    workgroupBarrier();
    data[id.x] = neighbour;
}
";
    let source = Source::from_text("exchange.wgsl", InputFormat::Wgsl, text);
    compiler(PassSelection::None, WgslTarget::Tint)
        .compile(&source, &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{f}"));
}

const BINDING_ARRAY: &str = "#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(set = 0, binding = 0) uniform texture2D textures[4];
layout(set = 0, binding = 1) uniform sampler linearSampler;
layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint material;
layout(location = 0) out vec4 color;
void main() {
    color = texture(sampler2D(textures[nonuniformEXT(material)], linearSampler), uv);
}
";

const BARYCENTRICS: &str = "#version 450
#extension GL_EXT_fragment_shader_barycentric : require
layout(location = 0) out vec4 color;
void main() {
    color = vec4(gl_BaryCoordEXT, 1.0);
}
";

#[test]
fn binding_arrays_and_barycentrics_are_refused_for_tint_where_used_and_written_for_wgpu() {
    if !have_glslang() {
        return;
    }
    for (name, text, line, written) in [
        (
            "textures.frag",
            BINDING_ARRAY,
            // The declaration: glslang writes no line for a global, which
            // is found by its name.
            3,
            "enable wgpu_binding_array;",
        ),
        (
            "barycentrics.frag",
            BARYCENTRICS,
            5,
            "@builtin(barycentric)",
        ),
    ] {
        let source = glsl(name, naga::ShaderStage::Fragment, text);
        let failure = compiler(PassSelection::All, WgslTarget::Tint)
            .compile(&source, &[OutputFormat::Wgsl])
            .expect_err("Tint cannot read it");
        assert_eq!(failure.kind, FailureKind::Unsupported, "{name}");
        let d = &failure.diagnostics[0];
        assert_eq!(d.code.as_deref(), Some("emit::unsupported"), "{name}");
        assert!(
            d.notes.iter().any(|n| n.contains("--wgsl-for wgpu")),
            "{name}: {:?}",
            d.notes
        );
        assert_eq!(primary_place(&failure, text).0, line, "{name}: {d:?}");
        let compiled = compiler(PassSelection::All, WgslTarget::Wgpu)
            .compile(&source, &[OutputFormat::Wgsl])
            .unwrap_or_else(|f| panic!("{name} for wgpu: {f}"));
        let wgsl = compiled.outputs[0].text().unwrap();
        assert!(wgsl.contains(written), "{name}:\n{wgsl}");
    }
}

#[test]
fn a_barycentric_argument_of_wgsl_input_is_refused_at_the_argument() {
    let text = "@fragment fn main(@builtin(barycentric) b: vec3<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(b, 1.0);
}
";
    let source = Source::from_text("b.wgsl", InputFormat::Wgsl, text);
    let failure = compiler(PassSelection::None, WgslTarget::Tint)
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("Tint cannot read it");
    assert_eq!(primary_place(&failure, text), (1, 41));
}

#[test]
fn a_divergent_barrier_refused_keeps_the_front_end_reports() {
    if !have_glslang() {
        return;
    }
    // A combined image sampler, which legalisation splits (a front-end
    // report), and a barrier in a branch, which no pass fixes.
    let text = "#version 450
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2D ramp;
layout(std430, binding = 1) buffer Data { vec4 data[]; };

void main() {
    uint lid = gl_LocalInvocationIndex;
    if (lid < 32u) {
        barrier();
        data[lid] = textureLod(ramp, vec2(float(lid) / 64.0, 0.5), 0.0);
    }
}
";
    let failure = compiler(PassSelection::None, WgslTarget::Tint)
        .compile(&compute("ramp.comp", text), &[OutputFormat::Wgsl])
        .expect_err("a divergent barrier");
    assert_eq!(failure.kind, FailureKind::Input);
    let legalised = failure
        .passes
        .iter()
        .find(|r| r.name == LEGALIZE_REPORT)
        .unwrap_or_else(|| panic!("no front-end report in {:?}", failure.passes));
    assert!(!legalised.changes.is_empty());
}

#[test]
fn workgroup_sizes_set_by_overrides_are_written() {
    let text = "override block_size: u32 = 64u;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(block_size, 2)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = id.y;
}
";
    let source = Source::from_text("sized.wgsl", InputFormat::Wgsl, text);
    let compiled = compiler(PassSelection::None, WgslTarget::Tint)
        .compile(&source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{f}"));
    let wgsl = compiled.outputs[0].text().unwrap();
    assert!(wgsl.contains("@workgroup_size(block_size, 2, 1)"), "{wgsl}");
}

/// The cost of the check over every corpus shader that compiles with the
/// default passes: the time of emission (which includes the check) and of
/// the check alone, WGSL and SPIR-V, each the fastest of five runs (the
/// machine is shared). Run with
/// `cargo test --test recheck -- --ignored --nocapture recheck_cost`;
/// docs/BENCHMARKS.md has the numbers.
#[test]
#[ignore = "a measurement, not a test"]
fn recheck_cost_over_the_corpus() {
    use std::time::{Duration, Instant};
    fn fastest<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
        let mut best = Duration::MAX;
        let mut result = None;
        for _ in 0..5 {
            let start = Instant::now();
            let r = f();
            best = best.min(start.elapsed());
            result = Some(r);
        }
        (best, result.unwrap())
    }
    let compiler = compiler(PassSelection::All, WgslTarget::Tint);
    let folders = [
        "translate",
        "emission",
        "glsl",
        "hoist-barriers",
        "uniformity",
        "lane-transpose",
        "float-atomics",
        "bench",
    ];
    let (mut shaders, mut with_barriers) = (0, 0);
    let mut transform = Duration::ZERO;
    let mut emit = [Duration::ZERO; 2];
    let mut check = [Duration::ZERO; 2];
    // The WGSL check in its parts: reading, validating, the analysis.
    let mut parts = [Duration::ZERO; 3];
    for folder in folders {
        for (path, source) in common::corpus(folder) {
            let (transform_time, transformed) = fastest(|| compiler.transform(&source));
            let Ok(transformed) = transformed else {
                continue;
            };
            let (wgsl_time, wgsl) =
                fastest(|| compiler.emit(&source, &transformed, OutputFormat::Wgsl));
            let (spirv_time, spirv) =
                fastest(|| compiler.emit(&source, &transformed, OutputFormat::SpirvBinary));
            let (Ok(wgsl), Ok(spirv)) = (wgsl, spirv) else {
                continue;
            };
            shaders += 1;
            with_barriers += usize::from(
                shaderxform::passes::analysis::divergent_barriers::has_barriers(
                    &transformed.module,
                ),
            );
            transform += transform_time;
            emit[0] += wgsl_time;
            emit[1] += spirv_time;
            let text = wgsl.text().unwrap();
            let (time, checked) = fastest(|| recheck::wgsl(&transformed.module, text));
            checked.unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
            check[0] += time;
            let stripped = shaderxform::front::strip_unsupported_enables(text);
            let (time, read) = fastest(|| naga::front::wgsl::parse_str(&stripped).unwrap());
            parts[0] += time;
            parts[1] += fastest(|| shaderxform::passes::manager::validate(&read).unwrap()).0;
            parts[2] += fastest(|| {
                shaderxform::passes::analysis::divergent_barriers::has_barriers(&read)
                    .then(|| shaderxform::passes::analysis::divergent_barriers::errors(&read, ""))
            })
            .0;
            let words: Vec<u32> = spirv
                .bytes
                .chunks(4)
                .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
                .collect();
            // Overrides are resolved for SPIR-V, so the interface may
            // differ from the unresolved module's: only the time counts.
            check[1] += fastest(|| {
                recheck::spirv(&transformed.module, &transformed.info, None, &words).is_ok()
            })
            .0;
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{shaders} shaders ({with_barriers} with barriers); reading, passes and validation {:.1} ms",
        ms(transform)
    );
    println!(
        "WGSL check: reading {:.1} ms, validating {:.1} ms, barrier analysis {:.1} ms",
        ms(parts[0]),
        ms(parts[1]),
        ms(parts[2])
    );
    for (i, format) in ["WGSL", "SPIR-V"].iter().enumerate() {
        println!(
            "{format}: emission {:.1} ms in all, of which the check {:.1} ms ({:.0} %), {:.3} ms per shader",
            ms(emit[i]),
            ms(check[i]),
            100.0 * ms(check[i]) / ms(emit[i]),
            ms(check[i]) / shaders as f64
        );
    }
}

/// No corpus shader's WGSL or SPIR-V is refused by the check of what is
/// written: read back, naga's SPIR-V reader copies built-in inputs into
/// private variables, and a copy of `workgroup_id` is as uniform as the
/// built-in (corpus/hoist-barriers/uniform_conditions.wgsl branches on it).
#[test]
fn no_corpus_output_is_refused_by_the_check_of_what_is_written() {
    let shaders = common::corpus_files_where(|p| {
        InputFormat::from_path(p, None).is_some()
            && !p
                .components()
                .any(|c| c.as_os_str() == "include" || c.as_os_str() == "uniformity")
    });
    let compiler = Compiler::new(Options {
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Naga,
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap();
    let mut refused = Vec::new();
    let mut written = 0;
    for path in shaders {
        let source = Source::read(&path, None).unwrap();
        for format in [OutputFormat::Wgsl, OutputFormat::SpirvBinary] {
            match compiler.compile(&source, &[format]) {
                Ok(_) => written += 1,
                Err(f) if f.kind == shaderxform::FailureKind::Internal => {
                    refused.push(format!("{} -> {format}: {f}", common::display(&path)))
                }
                Err(_) => {}
            }
        }
    }
    assert!(refused.is_empty(), "{}", refused.join("\n"));
    assert!(written >= 350, "only {written} outputs written");
}

/// naga's writer gives a name ending in a digit a trailing `_`; entry
/// points keep theirs in the WGSL written, which the check of the text
/// refused before.
#[test]
fn entry_points_whose_names_end_in_digits_keep_them_in_wgsl() {
    let text = "@vertex fn vs32() -> @builtin(position) vec4f { return vec4f(0); }
@group(0) @binding(0) var<storage, read_write> b2: array<u32>;
@compute @workgroup_size(1) fn cs2() { b2[0] = 1u; }
";
    let source = Source::from_text("digits.wgsl", InputFormat::Wgsl, text);
    let compiled = compiler(PassSelection::All, WgslTarget::Tint)
        .compile(&source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{f}"));
    let wgsl = compiled.outputs[0].text().unwrap();
    assert!(
        wgsl.contains("fn vs32(") && wgsl.contains("fn cs2("),
        "{wgsl}"
    );
    common::assert_tint_accepts(&[("digits.wgsl".to_string(), wgsl.to_string())]);
}

/// WGSL has no 64-bit types: naga writes them as its own extension, which
/// Tint refuses. For Tint they are refused at the declaration that holds
/// one; for wgpu they are written.
#[test]
fn sixty_four_bit_types_are_refused_for_tint_and_written_for_wgpu() {
    let text = "@group(0) @binding(0) var<storage, read_write> b: array<u64>;
@compute @workgroup_size(1) fn main() { b[0] = 1lu; }
";
    let source = Source::from_text("wide.wgsl", InputFormat::Wgsl, text);
    let refused = compiler(PassSelection::None, WgslTarget::Tint)
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("refused for Tint");
    assert_eq!(refused.kind, shaderxform::FailureKind::Unsupported);
    let d = &refused.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("emit::unsupported"));
    assert!(d.message.contains("64-bit integers"), "{}", d.message);
    let span = d.primary_span().expect("placed").to_range().unwrap();
    assert!(text[span].starts_with("var<storage, read_write> b"));
    let written = compiler(PassSelection::None, WgslTarget::Wgpu)
        .compile(&source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{f}"));
    assert!(written.outputs[0].text().unwrap().contains("u64"));
}

/// Resources named only by phony assignments (`_ = &buf;`, `_ = tex;`),
/// as samples write to share one bind group layout between entry points,
/// in the entry point or in a function it calls.
const NAMED_ONLY: &str = "@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(3) var<uniform> u: vec4f;
@group(0) @binding(4) var<storage, read_write> o: array<f32>;
fn helper() { _ = &u; }
@compute @workgroup_size(1) fn main() {
  _ = &a;
  _ = t;
  _ = s;
  helper();
  o[0] = 1.0;
}
@compute @workgroup_size(1) fn other() {
  o[1] = 2.0;
}
";

#[test]
fn the_check_refuses_text_where_an_entry_point_lost_a_resource_it_names() {
    let lost = NAMED_ONLY
        .replace("  _ = &a;\n", "")
        .replace("fn helper() { _ = &u; }", "fn helper() { }");
    let d = recheck_error(NAMED_ONLY, &lost);
    assert!(
        d.message.contains("entry point `main` uses")
            && d.message.contains("@group(0) @binding(0)")
            && d.message.contains("in the text"),
        "{}",
        d.message
    );
}

#[test]
fn resources_named_only_keep_their_static_use_in_the_wgsl_written() {
    for reader in [WgslTarget::Tint, WgslTarget::Wgpu] {
        let source = Source::from_text("named_only.wgsl", InputFormat::Wgsl, NAMED_ONLY);
        let compiled = compiler(PassSelection::None, reader)
            .compile(&source, &[OutputFormat::Wgsl])
            .unwrap_or_else(|f| panic!("{f}"));
        let wgsl = compiled.outputs[0].text().unwrap();
        for phony in ["_ = &a;", "_ = t;", "_ = s;", "_ = &u;"] {
            assert_eq!(count(wgsl, phony), 1, "{phony}:\n{wgsl}");
        }
        // `other` names nothing but `o`, and gains nothing.
        let other = &wgsl[wgsl.find("fn other").unwrap()..];
        assert!(!other.contains("_ ="), "{other}");
        tint_accepts("named_only.wgsl", wgsl);
    }
}

/// A comparison sampler that no entry point uses is written to SPIR-V,
/// which has one sampler type, and reads back as a plain sampler: that is
/// no difference between the module and the text.
#[test]
fn spirv_with_an_unused_comparison_sampler_reads_back() {
    let source = Source::from_text(
        "unused_comparison.wgsl",
        InputFormat::Wgsl,
        "@group(0) @binding(1) var s: sampler_comparison;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() { out[0] = 1u; }\n",
    );
    let compiled = compiler(PassSelection::None, WgslTarget::Wgpu)
        .compile(&source, &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{f}"));
    assert!(!compiled.outputs[0].bytes.is_empty());
}

/// A slot shared by a texture one entry point samples and a storage
/// texture another writes (the WebGPU samples' probability map): each
/// entry point written alone, as SPIR-V and WGSL, holds its own, which the
/// check accepts; the wrong kind in the slot is still refused.
#[test]
fn a_slot_shared_by_two_entry_points_is_checked_against_the_one_written() {
    let text = "@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@group(0) @binding(3) var tex_in: texture_2d<f32>;
@group(0) @binding(3) var tex_out: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8)
fn import_level(@builtin(global_invocation_id) id: vec3u) {
    out[id.x] = textureLoad(tex_in, vec2i(id.xy), 0).w;
}

@compute @workgroup_size(8)
fn export_level(@builtin(global_invocation_id) id: vec3u) {
    textureStore(tex_out, vec2i(id.xy), vec4f(out[id.x]));
}
";
    for entry in ["import_level", "export_level"] {
        let compiler = Compiler::new(Options {
            passes: PassSelection::None,
            emit: shaderxform::EmitOptions {
                entry_point: Some(entry.to_string()),
                ..Default::default()
            },
            ..Options::default()
        })
        .unwrap();
        let source = Source::from_text("shared.wgsl", InputFormat::Wgsl, text);
        for format in [OutputFormat::SpirvBinary, OutputFormat::Wgsl] {
            let compiled = compiler.compile(&source, &[format]);
            assert!(compiled.is_ok(), "{entry} as {format}: {compiled:?}");
        }
    }
    // The slot holds neither of the module's two kinds.
    let d = recheck_error(
        text,
        &text
            .replace(
                "var tex_out: texture_storage_2d<rgba8unorm, write>",
                "var<storage, read> tex_out: array<f32>",
            )
            .replace(
                "textureStore(tex_out, vec2i(id.xy), vec4f(out[id.x]));",
                "out[id.x] = tex_out[id.x];",
            ),
    );
    assert!(d.message.contains("@binding(3)"), "{}", d.message);
}
