//! Shapes of glslang's SPIR-V that naga's reader refuses, seen in the
//! compute shaders of real engines, and the legalisation that makes them
//! readable: each test writes the smallest shader that has the shape.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{assert_exit, stderr};
use naga::ShaderStage;
use shaderxform::front::{FrontOptions, GlslFront};
use shaderxform::{Compiler, InputFormat, Options, OutputFormat, PassSelection, Report, Source};

fn glslang() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front: FrontOptions {
            glsl_front: GlslFront::Glslang,
            ..FrontOptions::default()
        },
        ..Options::default()
    })
    .unwrap()
}
/// Runs `candidate` (named `file`, translated, no passes) against the WGSL
/// `reference` on the adapter, with subgroups where `subgroups`, handed to
/// the driver as WGSL and as SPIR-V.
#[cfg(feature = "gpu")]
fn assert_agrees_in_wgsl_and_spirv(
    subgroups: bool,
    (file, candidate): (&str, &str),
    reference: &str,
    size: (&str, u64),
    workgroups: u32,
) {
    let dir = tempfile::tempdir().unwrap();
    let candidate_path = dir.path().join(file);
    let reference_path = dir.path().join("reference.wgsl");
    std::fs::write(&candidate_path, candidate).unwrap();
    std::fs::write(&reference_path, reference).unwrap();
    for format in [
        shaderxform::gpu::ShaderFormat::Wgsl,
        shaderxform::gpu::ShaderFormat::Spirv,
    ] {
        common::assert_agrees_on_the_adapter_for(
            shaderxform::Target {
                subgroups,
                ..Default::default()
            },
            &candidate_path,
            &reference_path,
            format,
            size,
            workgroups,
        );
    }
}

/// The WGSL of `source` and the JSON report, compiled to WGSL and SPIR-V:
/// the compile validates each output (naga, spirv-val).
fn wgsl_and_report(compiler: &Compiler, source: &Source) -> (String, String) {
    let compiled = compiler
        .compile(source, &[OutputFormat::Wgsl, OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{}: {:?}", source.name, f.diagnostics));
    let mut report = Report::new(source);
    report.add_passes(source, &compiled.transformed.passes);
    (
        compiled.outputs[0].text().unwrap().to_string(),
        report.to_json(),
    )
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("shaderxform runs")
}

/// A compute shader whose text glslang cannot embed in one `OpSource`
/// (65,535 words): a comment block of 300,000 characters before a
/// barrier in non-uniform control flow, at line `lines + 9`, column 9.
fn long_shader(lines: usize) -> String {
    let mut text = String::from("#version 450\n");
    for n in 0..lines {
        text.push_str(&format!(
            "// {n:05}: a comment as long as a license header or generated tables\n"
        ));
    }
    text.push_str(
        "layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Values { float values[]; };
shared float staged[64];
void main() {
    uint slot = gl_LocalInvocationIndex;
    staged[slot] = values[slot];
    if (values[slot] > 0.5) {
        barrier();
        values[slot] = staged[slot ^ 1u];
    }
}
",
    );
    text
}

#[test]
fn source_text_over_one_instruction_is_dropped_and_lines_stay() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let lines = 4200;
    let text = long_shader(lines);
    assert!(text.len() > 4 * 65_535, "{} characters", text.len());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("long.comp"), &text).unwrap();

    let written = run(dir.path(), &["long.comp", "-o", "out.wgsl"]);
    assert_exit(&written, 0);
    let err = stderr(&written);
    assert!(
        err.contains("spirv-legalize: long.comp: 1 OpSourceContinued removed"),
        "{err}"
    );
    let wgsl = std::fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    assert!(wgsl.contains("workgroupBarrier()"), "{wgsl}");

    // Without the passes the barrier is an error, placed by the `OpLine`s
    // glslang wrote.
    let refused = run(
        dir.path(),
        &["long.comp", "-o", "out2.wgsl", "--passes", "none"],
    );
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    let line = lines + 9;
    assert!(
        err.contains(&format!("long.comp:{line}:9")) && err.contains("barrier();"),
        "{err}"
    );
}

/// glslang declares one `SubgroupSize` input per `WaveGetLaneCount()` and
/// one `SubgroupLocalInvocationId` per `WaveGetLaneIndex()`.
const WAVE_LANES_HLSL: &str = "RWStructuredBuffer<uint> data : register(u0);

uint lanes_in_wave()
{
    return WaveGetLaneCount();
}

uint lane_slot(uint i)
{
    return i * WaveGetLaneCount() + WaveGetLaneIndex();
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint total = WaveActiveSum(data[id.x]);
    data[lane_slot(id.x) % 64] = total + lanes_in_wave() + WaveGetLaneIndex();
}
";

#[test]
fn a_built_in_declared_by_several_inputs_is_one_input() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "lanes.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        WAVE_LANES_HLSL,
    );
    let (wgsl, json) = wgsl_and_report(&glslang(), &source);
    assert_eq!(wgsl.matches("@builtin(subgroup_size)").count(), 1, "{wgsl}");
    assert_eq!(
        wgsl.matches("@builtin(subgroup_invocation_id)").count(),
        1,
        "{wgsl}"
    );
    assert!(wgsl.contains("subgroupAdd("), "{wgsl}");
    for built_in in ["SubgroupSize", "SubgroupLocalInvocationId"] {
        assert!(
            json.contains(&format!("\"built_in\": \"{built_in}\"")),
            "{json}"
        );
    }
    common::assert_tint_accepts(&[("lanes.hlsl".to_string(), wgsl)]);
}

/// Three storage images without a format, of one image type, and one with
/// a format: `fixedFormat` is `rgba8`, which `color` also gets.
const FORMATLESS_IMAGES: &str = "#version 450
#extension GL_EXT_shader_image_load_formatted : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0) uniform writeonly image2D color;
layout(binding = 1) uniform writeonly image2D normals;
layout(binding = 2, rgba8) uniform writeonly image2D fixedFormat;
layout(binding = 3) uniform readonly image2D history;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec4 h = imageLoad(history, p);
    imageStore(color, p, h);
    imageStore(normals, p, h * 0.5);
    imageStore(fixedFormat, p, vec4(imageSize(normals), 0.0, 1.0));
}
";

fn storage_formats(formats: &[&str]) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front: FrontOptions {
            glsl_front: GlslFront::Glslang,
            storage_formats: formats
                .iter()
                .map(|f| shaderxform::front::parse_storage_format(f).unwrap())
                .collect(),
            ..FrontOptions::default()
        },
        ..Options::default()
    })
    .unwrap()
}

#[test]
fn storage_images_without_a_format_take_the_ones_given() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "images.comp",
        InputFormat::Glsl(ShaderStage::Compute),
        FORMATLESS_IMAGES,
    );
    let mut wgsl_outputs = Vec::new();
    for (given, expected) in [
        (
            [
                "color=rgba8unorm",
                "normals=rgba8unorm",
                "history=rgba8unorm",
            ],
            ["rgba8unorm,write", "rgba8unorm,write", "rgba8unorm,read"],
        ),
        (
            ["color=rgba16float", "normals=rg16float", "history=r32float"],
            ["rgba16float,write", "rg16float,write", "r32float,read"],
        ),
    ] {
        let (wgsl, json) = wgsl_and_report(&storage_formats(&given), &source);
        for (name, format) in ["color", "normals", "history"].iter().zip(expected) {
            assert!(
                wgsl.contains(&format!("var {name}: texture_storage_2d<{format}>;")),
                "{given:?}\n{wgsl}"
            );
        }
        assert!(
            wgsl.contains("var fixedFormat: texture_storage_2d<rgba8unorm,write>;"),
            "{wgsl}"
        );
        for (name, binding) in [("color", "0:0"), ("normals", "0:1"), ("history", "0:3")] {
            let format = given
                .iter()
                .find_map(|g| g.strip_prefix(&format!("{name}=")))
                .unwrap();
            assert!(
                json.contains(&format!(
                    "storage image `{name}` at set 0 binding {} has format {format}, as given",
                    &binding[2..]
                )),
                "{json}"
            );
        }
        wgsl_outputs.push((format!("images.comp {given:?}"), wgsl));
    }
    common::assert_tint_accepts(&wgsl_outputs);
}

#[test]
fn a_storage_image_without_a_format_is_an_error_at_its_declaration() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("images.comp"), FORMATLESS_IMAGES).unwrap();
    // `images.comp -o out.wgsl`, with `--storage-format` for each of these.
    let compile = |formats: &[&str]| {
        let mut args = vec!["images.comp", "-o", "out.wgsl"];
        for format in formats {
            args.extend(["--storage-format", format]);
        }
        run(dir.path(), &args)
    };
    let refused = compile(&["color=rgba8unorm", "history=rgba8unorm"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(err.contains("error[input::storage-format]"), "{err}");
    assert!(
        err.contains("storage image `normals` declares no format")
            && err.contains("images.comp:5:1")
            && err.contains("layout(binding = 1) uniform writeonly image2D normals;")
            && err.contains("`--storage-format normals=rgba8unorm`"),
        "{err}"
    );
    assert!(!err.contains("`color` declares no format"), "{err}");
    assert!(!dir.path().join("out.wgsl").exists());

    // A format whose texels are not the image's: `r32uint` for floats.
    let refused = compile(&["color=rgba8unorm", "normals=rgba8unorm", "history=r32uint"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(
        err.contains("`--storage-format history=r32uint` does not fit `history`")
            && err.contains("images.comp:7:1"),
        "{err}"
    );
    assert!(!dir.path().join("out.wgsl").exists());

    let written = compile(&["color=rgba8unorm", "normals=rgba8unorm", "history=r32float"]);
    assert_exit(&written, 0);
}

/// An atomic operation on a component of a `uint4` member (line 7) and of
/// a `uvec4` element (line 5): WGSL's atomics are scalars.
#[test]
fn atomics_on_vector_components_are_refused_at_their_line() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("member.hlsl"),
        "struct Cell { uint4 lanes; };
RWStructuredBuffer<Cell> cells : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    InterlockedAdd(cells[0].lanes[id.x % 4], 1);
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("element.comp"),
        "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Cells { uvec4 lanes[]; };
void main() {
    atomicAdd(lanes[gl_GlobalInvocationID.x].y, 1u);
}
",
    )
    .unwrap();
    for (file, at, line, within) in [
        (
            "member.hlsl",
            "member.hlsl:7:5",
            "InterlockedAdd(cells[0].lanes[id.x % 4], 1);",
            "(in `Cell.lanes`)",
        ),
        (
            "element.comp",
            "element.comp:5:5",
            "atomicAdd(lanes[gl_GlobalInvocationID.x].y, 1u);",
            "(in `Cells.lanes`)",
        ),
    ] {
        let refused = run(dir.path(), &[file, "--stage", "compute", "-o", "out.wgsl"]);
        assert_exit(&refused, 1);
        let err = stderr(&refused);
        assert!(
            err.contains(&format!(
                "error[spirv::atomic-vector-component]: atomic operation on a vector component {within}"
            )) && err.contains(at)
                && err.contains(line),
            "{err}"
        );
        assert!(!err.contains("internal"), "{err}");
        assert!(!dir.path().join("out.wgsl").exists());
    }
}

/// Every ballot bit count (reduce, inclusive and exclusive) and elect, in
/// control flow only some lanes reach.
const BALLOT_COUNTS_GLSL: &str = "#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Counts { uint counts[]; };
void main() {
    uint v = counts[gl_GlobalInvocationID.x];
    uint r = 0u;
    if (v % 3u != 0u) {
        uvec4 b = subgroupBallot(v % 5u > 1u);
        r = subgroupBallotInclusiveBitCount(b) + 100u * subgroupBallotExclusiveBitCount(b)
            + 10000u * subgroupBallotBitCount(b) + (subgroupElect() ? 1000000u : 0u);
    }
    counts[gl_GlobalInvocationID.x] = r;
}
";

/// `BALLOT_COUNTS_GLSL` written with WGSL's subgroup sums: the first
/// active lane is the one whose exclusive sum of ones is 0.
const BALLOT_COUNTS_REFERENCE: &str = "enable subgroups;
@group(0) @binding(0) var<storage, read_write> counts: array<u32>;
@diagnostic(off, subgroup_uniformity)
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let v = counts[id.x];
    var r = 0u;
    if (v % 3u != 0u) {
        let bit = select(0u, 1u, v % 5u > 1u);
        r = subgroupInclusiveAdd(bit) + 100u * subgroupExclusiveAdd(bit) + 10000u * subgroupAdd(bit)
            + select(0u, 1000000u, subgroupExclusiveAdd(1u) == 0u);
    }
    counts[id.x] = r;
}
";

/// HLSL's wave operations that glslang writes as ballot bit counts and an
/// elect, in uniform control flow.
const WAVE_COUNTS_HLSL: &str = "RWStructuredBuffer<uint> counts : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint v = counts[id.x];
    counts[id.x] = WavePrefixCountBits(v > 3) + WaveActiveCountBits(v > 5) + (WaveIsFirstLane() ? 1 : 0);
}
";

#[test]
fn subgroup_elect_and_ballot_bit_counts_are_read() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let mut wgsl_outputs = Vec::new();
    for source in [
        Source::from_text(
            "counts.comp",
            InputFormat::Glsl(ShaderStage::Compute),
            BALLOT_COUNTS_GLSL,
        ),
        Source::from_text(
            "counts.hlsl",
            InputFormat::Hlsl(ShaderStage::Compute),
            WAVE_COUNTS_HLSL,
        ),
    ] {
        let (wgsl, json) = wgsl_and_report(&glslang(), &source);
        assert!(wgsl.contains("countOneBits("), "{wgsl}");
        assert!(wgsl.contains("subgroupBroadcastFirst("), "{wgsl}");
        assert!(wgsl.contains("@builtin(subgroup_invocation_id)"), "{wgsl}");
        assert!(json.contains("subgroup-lane-ops"), "{json}");
        wgsl_outputs.push((source.name.clone(), wgsl));
    }
    // The GLSL's counts are in non-uniform control flow, which WGSL
    // refuses: Tint judges the HLSL's.
    common::assert_tint_accepts(&wgsl_outputs[1..]);
}

/// The rewrite computes what the reference computes, on the adapter, in
/// WGSL and in SPIR-V.
#[cfg(feature = "gpu")]
#[test]
fn ballot_bit_counts_and_elect_agree_with_subgroup_sums_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    assert_agrees_in_wgsl_and_spirv(
        true,
        ("counts.comp", BALLOT_COUNTS_GLSL),
        BALLOT_COUNTS_REFERENCE,
        ("counts", 4096),
        64,
    );
}

/// `acc` leaves the loop as an `OpPhi` of the loop header, which the
/// atomic and the subgroup operations after the loop use.
const LOOP_VALUE_HLSL: &str = "RWStructuredBuffer<uint> values : register(u0);
RWStructuredBuffer<uint> sums : register(u1);
RWStructuredBuffer<uint> results : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint acc = 0;
    for (uint i = 0; i < id.x % 4; i++) {
        acc += values[id.x ^ i] % 16;
    }
    InterlockedAdd(sums[id.x % 16], acc);
    results[id.x] = WaveActiveSum(acc) + 1000 * WaveReadLaneFirst(acc);
}
";

const LOOP_VALUE_REFERENCE: &str = "enable subgroups;
@group(0) @binding(0) var<storage, read_write> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> results: array<u32>;
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var acc = 0u;
    for (var i = 0u; i < id.x % 4u; i++) {
        acc += values[id.x ^ i] % 16u;
    }
    atomicAdd(&sums[id.x % 16u], acc);
    results[id.x] = subgroupAdd(acc) + 1000u * subgroupBroadcastFirst(acc);
}
";

#[test]
fn operands_from_another_block_reach_subgroup_and_atomic_operations() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "loop.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        LOOP_VALUE_HLSL,
    );
    let (wgsl, json) = wgsl_and_report(&glslang(), &source);
    assert!(wgsl.contains("atomicAdd("), "{wgsl}");
    assert!(wgsl.contains("subgroupAdd("), "{wgsl}");
    assert!(json.contains("cross-block-operands"), "{json}");
    common::assert_tint_accepts(&[("loop.hlsl".to_string(), wgsl)]);
}

#[cfg(feature = "gpu")]
#[test]
fn operands_from_another_block_agree_with_the_reference_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    // 16 workgroups: 1024 invocations, each buffer's default length.
    assert_agrees_in_wgsl_and_spirv(
        true,
        ("loop.hlsl", LOOP_VALUE_HLSL),
        LOOP_VALUE_REFERENCE,
        ("values", 1024),
        16,
    );
}

/// HLSL's prefix sum and product are exclusive: the lanes below this one.
const PREFIX_HLSL: &str = "RWStructuredBuffer<uint> counts : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    counts[id.x] = WavePrefixSum(counts[id.x] % 7) + 1000 * WavePrefixProduct(counts[id.x] % 2 + 1);
}
";

const PREFIX_REFERENCE: &str = "enable subgroups;
@group(0) @binding(0) var<storage, read_write> counts: array<u32>;
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let v = counts[id.x];
    counts[id.x] = subgroupExclusiveAdd(v % 7u) + 1000u * subgroupExclusiveMul(v % 2u + 1u);
}
";

#[test]
fn hlsl_prefix_sums_and_products_are_exclusive() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "prefix.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        PREFIX_HLSL,
    );
    let (wgsl, json) = wgsl_and_report(&glslang(), &source);
    assert!(json.contains("hlsl-prefix-scan"), "{json}");
    assert!(wgsl.contains("subgroupExclusiveAdd("), "{wgsl}");
    assert!(wgsl.contains("subgroupExclusiveMul("), "{wgsl}");
    assert!(!wgsl.contains("subgroupInclusive"), "{wgsl}");

    // GLSL's inclusive scans stay inclusive.
    let glsl = Source::from_text(
        "inclusive.comp",
        InputFormat::Glsl(ShaderStage::Compute),
        "#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Counts { uint counts[]; };
void main() {
    counts[gl_GlobalInvocationID.x] = subgroupInclusiveAdd(counts[gl_GlobalInvocationID.x]);
}
",
    );
    let (wgsl, _) = wgsl_and_report(&glslang(), &glsl);
    assert!(wgsl.contains("subgroupInclusiveAdd("), "{wgsl}");
}

#[cfg(feature = "gpu")]
#[test]
fn hlsl_prefix_sums_agree_with_exclusive_scans_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    assert_agrees_in_wgsl_and_spirv(
        true,
        ("prefix.hlsl", PREFIX_HLSL),
        PREFIX_REFERENCE,
        ("counts", 4096),
        64,
    );
}

/// `ByteAddressBuffer` loads and stores: glslang computes the word index
/// as `OpShiftRightLogical %int %uint_offset %int_2`.
const BYTE_ADDRESS_HLSL: &str = "ByteAddressBuffer src : register(t0);
RWByteAddressBuffer dst : register(u1);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint4 v = src.Load4(id.x * 16);
    dst.Store4(id.x * 16, v + 1);
}
";

const BYTE_ADDRESS_REFERENCE: &str = "@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let at = id.x * 4u;
    let v = vec4(src[at], src[at + 1u], src[at + 2u], src[at + 3u]) + 1u;
    dst[at] = v.x;
    dst[at + 1u] = v.y;
    dst[at + 2u] = v.z;
    dst[at + 3u] = v.w;
}
";

/// A logical shift of a signed value to a signed result, which SPIR-V
/// allows: the bits shift in as zeros, whatever the sign.
const SIGNED_LOGICAL_SHIFT_SPVASM: &str = "OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %gid
OpExecutionMode %main LocalSize 64 1 1
OpName %main \"main\"
OpName %Data \"Data\"
OpMemberName %Data 0 \"data\"
OpName %data \"data\"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %ints ArrayStride 4
OpMemberDecorate %Data 0 Offset 0
OpDecorate %Data Block
OpDecorate %data DescriptorSet 0
OpDecorate %data Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v3uint = OpTypeVector %uint 3
%in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %in_v3uint Input
%ints = OpTypeRuntimeArray %int
%Data = OpTypeStruct %ints
%sb_Data = OpTypePointer StorageBuffer %Data
%data = OpVariable %sb_Data StorageBuffer
%sb_int = OpTypePointer StorageBuffer %int
%int_0 = OpConstant %int 0
%int_3 = OpConstant %int 3
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%at = OpAccessChain %sb_int %data %int_0 %x
%value = OpLoad %int %at
%shifted = OpShiftRightLogical %int %value %int_3
OpStore %at %shifted
OpReturn
OpFunctionEnd
";

const SIGNED_LOGICAL_SHIFT_REFERENCE: &str =
    "@group(0) @binding(0) var<storage, read_write> data: array<i32>;
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = bitcast<i32>(bitcast<u32>(data[id.x]) >> 3u);
}
";

#[test]
fn shifts_of_mixed_signedness_shift_in_their_own() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "bytes.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        BYTE_ADDRESS_HLSL,
    );
    let (wgsl, json) = wgsl_and_report(&glslang(), &source);
    assert!(json.contains("shift-signedness"), "{json}");
    common::assert_tint_accepts(&[("bytes.hlsl".to_string(), wgsl)]);

    let source = Source::from_text(
        "shift.spvasm",
        InputFormat::SpirvAssembly,
        SIGNED_LOGICAL_SHIFT_SPVASM,
    );
    let (wgsl, _) = wgsl_and_report(&glslang(), &source);
    // The shift is on the bits, unsigned, and the result signed again.
    assert!(wgsl.contains("bitcast<i32>((bitcast<u32>("), "{wgsl}");
}

#[cfg(feature = "gpu")]
#[test]
fn shifts_of_mixed_signedness_agree_with_the_reference_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    assert_agrees_in_wgsl_and_spirv(
        false,
        ("bytes.hlsl", BYTE_ADDRESS_HLSL),
        BYTE_ADDRESS_REFERENCE,
        // 256 invocations of 4 words each: both buffers' 1024.
        ("dst", 1024),
        4,
    );
    // Without the bitcasts, WGSL's `>>` of an `i32` is arithmetic.
    assert_agrees_in_wgsl_and_spirv(
        false,
        ("shift.spvasm", SIGNED_LOGICAL_SHIFT_SPVASM),
        SIGNED_LOGICAL_SHIFT_REFERENCE,
        ("data", 4096),
        64,
    );
}

/// Ballot queries and all-equal tests, each to its own decimal digits.
const BALLOT_QUERIES_GLSL: &str = "#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint data[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = data[i];
    bool p = v % 5u > 1u || gl_SubgroupInvocationID == 0u;
    uvec4 b = subgroupBallot(p);
    uint r = subgroupBallotFindLSB(b) + 100u * subgroupBallotFindMSB(b);
    r += subgroupBallotBitExtract(b, 3u) ? 10000u : 0u;
    r += subgroupInverseBallot(b) ? 100000u : 0u;
    r += subgroupAllEqual(i / 16u) ? 1000000u : 0u;
    r += subgroupAllEqual(vec2(i / 2u, 1.0)) ? 10000000u : 0u;
    data[i] = r;
}
";

/// `BALLOT_QUERIES_GLSL` with lane minima and maxima: the lowest and
/// highest lanes where `p` holds, lane 3's `p`, the lane's own, and
/// whether a value's minimum is its maximum.
const BALLOT_QUERIES_REFERENCE: &str = "enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(subgroup_invocation_id) lane: u32) {
    let i = id.x;
    let v = data[i];
    let p = v % 5u > 1u || lane == 0u;
    var r = subgroupMin(select(1000u, lane, p)) + 100u * subgroupMax(select(0u, lane, p));
    r += select(0u, 10000u, subgroupShuffle(select(0u, 1u, p), 3u) == 1u);
    r += select(0u, 100000u, p);
    r += select(0u, 1000000u, subgroupMin(i / 16u) == subgroupMax(i / 16u));
    r += select(0u, 10000000u, subgroupMin(i / 2u) == subgroupMax(i / 2u));
    data[i] = r;
}
";

#[test]
fn ballot_queries_and_all_equal_are_read() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "queries.comp",
        InputFormat::Glsl(ShaderStage::Compute),
        BALLOT_QUERIES_GLSL,
    );
    let (wgsl, json) = wgsl_and_report(&glslang(), &source);
    assert!(json.contains("subgroup-lane-ops"), "{json}");
    assert!(wgsl.contains("firstTrailingBit("), "{wgsl}");
    assert!(wgsl.contains("firstLeadingBit("), "{wgsl}");
    assert!(wgsl.contains("subgroupAll("), "{wgsl}");
    common::assert_tint_accepts(&[("queries.comp".to_string(), wgsl)]);

    let source = Source::from_text(
        "all_equal.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        "RWStructuredBuffer<uint> d : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { d[id.x] = WaveActiveAllEqual(d[id.x] / 8) ? 1 : 0; }
",
    );
    let (wgsl, _) = wgsl_and_report(&glslang(), &source);
    assert!(wgsl.contains("subgroupBroadcastFirst("), "{wgsl}");
}

#[cfg(feature = "gpu")]
#[test]
fn ballot_queries_and_all_equal_agree_with_lane_minima_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    assert_agrees_in_wgsl_and_spirv(
        true,
        ("queries.comp", BALLOT_QUERIES_GLSL),
        BALLOT_QUERIES_REFERENCE,
        ("0:0", 4096),
        64,
    );
}

/// Each lane mask, a word of it, and the whole of one, each to its own
/// decimal digits.
const LANE_MASKS_GLSL: &str = "#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint data[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = data[i];
    uvec4 b = subgroupBallot(v % 3u == 0u);
    uint r = bitCount(b.x & gl_SubgroupLtMask.x) + 10u * bitCount(b.x & gl_SubgroupLeMask.x)
        + 100u * bitCount(b.x & gl_SubgroupGtMask.x) + 1000u * bitCount(b.x & gl_SubgroupGeMask.x)
        + 10000u * bitCount(gl_SubgroupEqMask.x) + 100000u * bitCount(gl_SubgroupGeMask.y)
        + 1000000u * bitCount(gl_SubgroupLtMask[1]);
    uvec4 all_lt = gl_SubgroupLtMask;
    r += 10000000u * bitCount(all_lt.x);
    data[i] = r;
}
";

/// `LANE_MASKS_GLSL` with subgroup sums and the lane and size.
const LANE_MASKS_REFERENCE: &str = "enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) id: vec3<u32>,
    @builtin(subgroup_invocation_id) lane: u32,
    @builtin(subgroup_size) size: u32,
) {
    let i = id.x;
    let one = select(0u, 1u, data[i] % 3u == 0u);
    let lt = subgroupExclusiveAdd(one);
    let le = subgroupInclusiveAdd(one);
    let total = subgroupAdd(one);
    var r = lt + 10u * le + 100u * (total - le) + 1000u * (total - lt) + 10000u;
    // Lanes 32 to 63 from this one on, within the subgroup; below it.
    let last = min(size, 64u);
    r += 100000u * select(0u, last - max(lane, 32u), size > 32u && lane < last);
    r += 1000000u * select(0u, min(lane, 64u) - 32u, lane > 32u);
    r += 10000000u * min(lane, 32u);
    data[i] = r;
}
";

#[test]
fn lane_masks_are_computed_from_the_lane() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "masks.comp",
        InputFormat::Glsl(ShaderStage::Compute),
        LANE_MASKS_GLSL,
    );
    let (wgsl, json) = wgsl_and_report(&glslang(), &source);
    assert!(json.contains("subgroup-lane-ops"), "{json}");
    assert!(wgsl.contains("@builtin(subgroup_size)"), "{wgsl}");
    assert!(!wgsl.contains("Mask"), "{wgsl}");
    common::assert_tint_accepts(&[("masks.comp".to_string(), wgsl)]);
}

#[cfg(feature = "gpu")]
#[test]
fn lane_masks_agree_with_subgroup_sums_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    assert_agrees_in_wgsl_and_spirv(
        true,
        ("masks.comp", LANE_MASKS_GLSL),
        LANE_MASKS_REFERENCE,
        ("0:0", 4096),
        64,
    );
}

/// A clustered reduction (line 7), which WGSL has not.
#[test]
fn clustered_reductions_are_refused_at_their_line() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("clustered.comp"),
        "#version 450
#extension GL_KHR_shader_subgroup_clustered : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint data[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    data[i] = subgroupClusteredAdd(data[i], 4u);
}
",
    )
    .unwrap();
    let refused = run(dir.path(), &["clustered.comp", "-o", "out.wgsl"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(
        err.contains("error[spirv::clustered-reduction]: clustered subgroup reduction (IAdd")
            && err.contains("clustered.comp:7:5")
            && err.contains("subgroupClusteredAdd(data[i], 4u);"),
        "{err}"
    );
    assert!(!dir.path().join("out.wgsl").exists());
}
