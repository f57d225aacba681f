//! Subgroup operations of glslang's SPIR-V that naga's reader does not
//! read, and the legalisation that writes them with ones it does, or
//! refuses them at their line: each test writes the smallest shader that
//! has the shape, and where there is an adapter, runs it against a WGSL
//! reference written with other subgroup operations.

mod common;

#[cfg(feature = "gpu")]
use common::assert_agrees_in_wgsl_and_spirv;
use common::{assert_exit, glslang_compiler as glslang, run_in as run, stderr, wgsl_and_report};
use naga::ShaderStage;
use shaderxform::{InputFormat, Source};

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

/// naga's reader keeps the subgroup size and the workgroup id in private
/// variables the entry point stores; a loop that steps by
/// `WaveGetLaneCount()` in the shader's own function, or a condition on
/// the workgroup id, is uniform, and so is the barrier under it: the
/// function gets the built-ins as arguments, and Tint agrees.
#[test]
fn barriers_under_the_subgroup_size_or_the_workgroup_id_of_a_helper_stay_uniform() {
    let hlsl = "RWStructuredBuffer<uint> b : register(u0);
groupshared uint g[64];
uint step() { return WaveGetLaneCount(); }
[numthreads(64, 1, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID)
{
    for (uint i = 0; i < 64; i += step())
    {
        g[i] = i;
        GroupMemoryBarrierWithGroupSync();
    }
    if (gid.x > 2)
    {
        GroupMemoryBarrierWithGroupSync();
    }
    b[gtid.x] = g[gtid.x];
}
";
    let glsl = "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { uint b[]; };
shared uint g[64];
void fill() {
    if (gl_WorkGroupID.x > 2u) {
        g[gl_LocalInvocationID.x] = gl_WorkGroupID.x;
        barrier();
    }
}
void main() {
    fill();
    b[gl_GlobalInvocationID.x] = g[gl_LocalInvocationID.x];
}
";
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let mut written = Vec::new();
    for source in [
        Source::from_text("steps.hlsl", InputFormat::Hlsl(ShaderStage::Compute), hlsl),
        Source::from_text("steps.comp", InputFormat::Glsl(ShaderStage::Compute), glsl),
    ] {
        let (wgsl, _) = wgsl_and_report(&glslang(), &source);
        written.push((source.name.clone(), wgsl));
    }
    common::assert_tint_accepts(&written);
}
