//! Shapes of glslang's SPIR-V that naga's reader refuses, seen in the
//! compute shaders of real engines, and the legalisation that makes them
//! readable: each test writes the smallest shader that has the shape.

mod common;

#[cfg(feature = "gpu")]
use common::assert_agrees_in_wgsl_and_spirv;
use common::{assert_exit, glslang_compiler as glslang, run_in as run, stderr, wgsl_and_report};
use naga::ShaderStage;
use shaderxform::front::{FrontOptions, GlslFront};
use shaderxform::{Compiler, InputFormat, Options, PassSelection, Source};

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

/// glslang writes characters outside ASCII into the embedded source text
/// as bytes that are not UTF-8 (`•` becomes `E2 FF FF`); the module is
/// legalised all the same (here its 8-bit storage).
#[test]
fn source_text_that_glslang_embeds_as_bytes_not_utf8_does_not_stop_legalisation() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bytes.comp"),
        "#version 450
// Copyright \u{a9} 2026 \u{2022} signed bytes, widened
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 4) in;
layout(std430, binding = 0) readonly buffer Bytes { int8_t values[]; };
layout(std430, binding = 1) buffer Sums { int sums[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    sums[i] = int(values[i]);
}
",
    )
    .unwrap();
    let written = run(dir.path(), &["bytes.comp", "-o", "out.wgsl"]);
    assert_exit(&written, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    assert!(wgsl.contains("extractBits("), "{wgsl}");
}

/// Buffer device addresses, which naga's IR cannot hold, are refused at
/// the first pointer made from an address, not at the extension (which
/// has no line).
#[test]
fn a_buffer_device_address_is_refused_at_its_first_use() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("address.comp"),
        "#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 4) in;
layout(buffer_reference, std430) buffer Values { uint values[]; };
layout(push_constant) uniform Registers { Values target; } registers;
void main() {
    uint i = gl_GlobalInvocationID.x;
    registers.target.values[i] = i;
}
",
    )
    .unwrap();
    let refused = run(dir.path(), &["address.comp", "-o", "out.wgsl"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(
        err.contains("error[spirv::parse]: a buffer device address")
            && err.contains("address.comp:8:5")
            && err.contains("registers.target.values[i] = i;"),
        "{err}"
    );
    assert!(!dir.path().join("out.wgsl").exists());
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
/// a `uvec4` element (line 5) in storage buffers, whose layout the host
/// shares: WGSL's atomics are scalars.
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

/// `debugPrintfEXT` (HLSL `printf`) is a non-semantic instruction, which
/// naga's reader refused ("unsupported extension set"): it is removed and
/// reported, and the shader translates. An HLSL class with methods only is
/// a structure without members, which naga refused ("Structure types must
/// have at least one member"): it gets one that nothing reads.
#[test]
fn debug_printf_is_removed_and_empty_structures_get_a_member() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let glsl = "#version 450
#extension GL_EXT_debug_printf : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { uint v[]; };
void main() {
    uint x = v[gl_GlobalInvocationID.x];
    debugPrintfEXT(\"x = %u\", x);
    v[gl_GlobalInvocationID.x] = x * 2u;
}
";
    let source = Source::from_text("printf.comp", InputFormat::Glsl(ShaderStage::Compute), glsl);
    let (wgsl, report) = wgsl_and_report(&glslang(), &source);
    assert!(wgsl.contains("* 2u"), "{wgsl}");
    assert!(
        report.contains("strip-non-semantic") && report.contains("1 non-semantic instructions"),
        "{report}"
    );

    let hlsl = "RWStructuredBuffer<uint> v : register(u0);
class Logger {
    uint twice(uint x) { printf(\"%u\", x); return x * 2; }
};
[numthreads(1, 1, 1)]
void main()
{
    Logger l;
    v[0] = l.twice(v[0]);
}
";
    let source = Source::from_text("class.hlsl", InputFormat::Hlsl(ShaderStage::Compute), hlsl);
    let (wgsl, report) = wgsl_and_report(&glslang(), &source);
    assert!(
        wgsl.contains("struct Logger {\n    member: u32,\n}"),
        "{wgsl}"
    );
    assert!(report.contains("fill-empty-struct"), "{report}");
    common::assert_tint_accepts(&[("class.hlsl".to_string(), wgsl)]);
}

/// glslang gives `RWByteAddressBuffer.InterlockedAdd(offset, 1)` a value
/// of type `int` on a `uint` atomic, which spirv-val refuses; the value is
/// bitcast to the atomic's type and the shader translates.
#[test]
fn byte_address_buffer_atomics_with_literal_values_translate() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let hlsl = "RWByteAddressBuffer counters : register(u0);
RWStructuredBuffer<uint> seen : register(u1);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint previous;
    counters.InterlockedAdd(4, 1, previous);
    counters.InterlockedMax(8, 7);
    seen[id.x] = previous;
}
";
    let source = Source::from_text(
        "counters.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        hlsl,
    );
    let (wgsl, _) = wgsl_and_report(&glslang(), &source);
    assert!(
        wgsl.contains("atomicAdd((&counters_2.u0040_data[1i]), bitcast<u32>(1i))"),
        "{wgsl}"
    );
    assert!(wgsl.contains("atomicMax("), "{wgsl}");
    common::assert_tint_accepts(&[("counters.hlsl".to_string(), wgsl)]);
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

/// `[[vk::push_constant]]` on a global of struct type: DXC makes it push
/// constants, glslang alone a member of `$Global` at binding 0, on the
/// binding the shader gives its buffer. It is read as DXC reads it, and the
/// report says so with the line.
#[test]
fn a_push_constant_global_is_push_constants_as_dxc_makes_it() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let hlsl = "struct Params { uint scale; };
[[vk::binding(0)]] RWStructuredBuffer<uint> values;
[[vk::push_constant]]
Params params;
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    values[id.x] *= params.scale;
}
";
    let source = Source::from_text("scale.hlsl", InputFormat::Hlsl(ShaderStage::Compute), hlsl);
    let (wgsl, report) = wgsl_and_report(&glslang(), &source);
    assert!(wgsl.contains("var<immediate> params"), "{wgsl}");
    assert!(!wgsl.contains("var<uniform>"), "{wgsl}");
    assert!(wgsl.contains("@group(0) @binding(0)"), "{wgsl}");
    assert!(
        report.contains("`params` is read as push constants") && report.contains("\"line\": \"4\""),
        "{report}"
    );
    common::assert_tint_accepts(&[("scale.hlsl".to_string(), wgsl)]);
}

/// `globallycoherent` on a storage texture, which naga refuses on a
/// texture: dropped where the shader only writes the texture (and says
/// so), refused by name at its declaration where the shader reads it.
#[test]
fn coherent_storage_images_are_read_where_only_written_and_refused_where_read() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("written.hlsl"),
        "globallycoherent RWTexture2D<float4> level : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    level[id.xy] = float4(id.xy, 0.0, 1.0);
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("read.hlsl"),
        "RWTexture2D<float4> output : register(u0);
globallycoherent RWTexture2D<float4> level : register(u1);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    level[id.xy] = float4(id.xy, 0.0, 1.0);
    output[id.xy] = level[id.yx];
}
",
    )
    .unwrap();
    let written = run(
        dir.path(),
        &[
            "written.hlsl",
            "-o",
            "written.wgsl",
            "--report",
            "report.json",
        ],
    );
    assert_exit(&written, 0);
    let report = std::fs::read_to_string(dir.path().join("report.json")).unwrap();
    assert!(
        report.contains("\"drop-image-coherence\"")
            && report.contains("storage image `level` is only written"),
        "{report}"
    );
    let wgsl = std::fs::read_to_string(dir.path().join("written.wgsl")).unwrap();
    common::assert_tint_accepts(&[("written.hlsl".to_string(), wgsl)]);

    let read = run(dir.path(), &["read.hlsl", "-o", "read.wgsl"]);
    assert_exit(&read, 1);
    let err = stderr(&read);
    assert!(
        err.contains(
            "error[spirv::coherent-image]: `level` is a coherent storage image (`globallycoherent`, `coherent`) that the shader reads"
        ) && err.contains("read.hlsl:2:"),
        "{err}"
    );
    assert!(!dir.path().join("read.wgsl").exists());
}

/// A histogram in `groupshared uint4` counted with atomics on components
/// (GPUSorting's `g_gHist`): workgroup memory has no layout the host sees,
/// so its vectors become arrays of components, whole-vector stores and
/// loads go component by component, and the shader agrees with a reference
/// that keeps four arrays of `atomic<u32>`.
const WORKGROUP_VECTOR_ATOMICS_HLSL: &str = "RWStructuredBuffer<uint> values : register(u0);
RWStructuredBuffer<uint> counts : register(u1);
groupshared uint4 bins[16];

[numthreads(64, 1, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 id : SV_DispatchThreadID)
{
    if (gtid.x < 16)
        bins[gtid.x] = uint4(0, 0, 0, 0);
    GroupMemoryBarrierWithGroupSync();
    uint v = values[id.x];
    InterlockedAdd(bins[v & 15].x, 1);
    InterlockedAdd(bins[(v >> 4) & 15].y, 1);
    InterlockedMax(bins[(v >> 8) & 15].z, v);
    InterlockedOr(bins[(v >> 12) & 15].w, 1u << (v & 31));
    GroupMemoryBarrierWithGroupSync();
    if (gtid.x < 16) {
        uint4 b = bins[gtid.x];
        uint base = id.x / 64 * 64 + gtid.x * 4;
        counts[base] = b.x;
        counts[base + 1] = b.y;
        counts[base + 2] = b.z;
        counts[base + 3] = b.w;
    }
}
";

const WORKGROUP_VECTOR_ATOMICS_REFERENCE: &str = "@group(0) @binding(0) var<storage, read_write> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;
var<workgroup> bx: array<atomic<u32>, 16>;
var<workgroup> by: array<atomic<u32>, 16>;
var<workgroup> bz: array<atomic<u32>, 16>;
var<workgroup> bw: array<atomic<u32>, 16>;
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(local_invocation_id) gtid: vec3<u32>, @builtin(global_invocation_id) id: vec3<u32>) {
    if (gtid.x < 16u) {
        atomicStore(&bx[gtid.x], 0u);
        atomicStore(&by[gtid.x], 0u);
        atomicStore(&bz[gtid.x], 0u);
        atomicStore(&bw[gtid.x], 0u);
    }
    workgroupBarrier();
    let v = values[id.x];
    atomicAdd(&bx[v & 15u], 1u);
    atomicAdd(&by[(v >> 4u) & 15u], 1u);
    atomicMax(&bz[(v >> 8u) & 15u], v);
    atomicOr(&bw[(v >> 12u) & 15u], 1u << (v & 31u));
    workgroupBarrier();
    if (gtid.x < 16u) {
        let base = id.x / 64u * 64u + gtid.x * 4u;
        counts[base] = atomicLoad(&bx[gtid.x]);
        counts[base + 1u] = atomicLoad(&by[gtid.x]);
        counts[base + 2u] = atomicLoad(&bz[gtid.x]);
        counts[base + 3u] = atomicLoad(&bw[gtid.x]);
    }
}
";

#[test]
fn atomics_on_components_of_workgroup_vectors_become_atomics_on_array_elements() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "bins.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        WORKGROUP_VECTOR_ATOMICS_HLSL,
    );
    let (wgsl, report) = wgsl_and_report(&glslang(), &source);
    assert!(
        wgsl.contains("var<workgroup> bins: array<array<atomic<u32>, 4>, 16>;"),
        "{wgsl}"
    );
    assert!(
        report.contains("\"split-workgroup-vectors\"")
            && report.contains("workgroup variable `bins`"),
        "{report}"
    );
    common::assert_tint_accepts(&[("bins.hlsl".to_string(), wgsl)]);
}

#[cfg(feature = "gpu")]
#[test]
fn atomics_on_components_of_workgroup_vectors_agree_with_the_reference_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let candidate = dir.path().join("bins.hlsl");
    let reference = dir.path().join("reference.wgsl");
    std::fs::write(&candidate, WORKGROUP_VECTOR_ATOMICS_HLSL).unwrap();
    std::fs::write(&reference, WORKGROUP_VECTOR_ATOMICS_REFERENCE).unwrap();
    // As WGSL only: wgpu reads SPIR-V through naga's reader, which cannot
    // read the zero-initialisation of a workgroup array of atomics (the
    // reference's too: "The type of [17] doesn't match the type stored").
    // 16 workgroups: 1024 invocations, each buffer's default length.
    common::assert_agrees_on_the_adapter_for(
        shaderxform::Target::default(),
        &candidate,
        &reference,
        shaderxform::gpu::ShaderFormat::Wgsl,
        ("values", 1024),
        16,
    );
}

/// glslang decorates a `[[vk::push_constant]]` constant buffer that has a
/// register with a set and a binding, which naga's validator refuses and
/// Vulkan ignores: they are dropped, and the report says so.
#[test]
fn a_push_constant_block_with_a_register_loses_its_binding() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "scale.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        "struct Constants { float scale; };
[[vk::push_constant]] ConstantBuffer<Constants> g_Const : register(b0);
RWStructuredBuffer<float> values : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { values[id.x] *= g_Const.scale; }
",
    );
    let (wgsl, report) = wgsl_and_report(&glslang(), &source);
    assert!(wgsl.contains("var<immediate> g_Const"), "{wgsl}");
    assert!(report.contains("push-constant-binding"), "{report}");
    common::assert_tint_accepts(&[("scale.hlsl".to_string(), wgsl)]);
}
