//! 8-bit integers in storage buffers (`GL_EXT_shader_8bit_storage`),
//! which WGSL and naga's IR have not: their words are read, and each byte
//! extracted with its sign. Uses the rewrite cannot keep are refused at
//! their line.

mod common;

use common::{assert_exit, glslang_compiler as glslang, run_in as run, stderr, wgsl_and_report};
use shaderxform::{InputFormat, Source};

/// Signed and unsigned 8-bit members sharing words, an `i8vec2`, an 8-bit
/// array indexed dynamically (in a structure and in a block that starts
/// with a byte), summed with weights so that every byte counts.
const BYTES_GLSL: &str = "#version 450
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 4) in;

struct Packed {
    int8_t tilt[3];
    int8_t bias;
    uint weight;
    uint8_t count;
    uint8_t flags;
    i8vec2 pair;
};

layout(std430, binding = 0) readonly buffer Items { Packed items[]; } items_in;
layout(std430, binding = 1) readonly buffer Lanes { uint8_t header; int8_t lanes[15]; } lanes_in;
layout(std430, binding = 2) buffer Sums { int sums[]; } sums_out;

void main() {
    uint i = gl_GlobalInvocationID.x;
    int total = int(items_in.items[i].tilt[0]) + int(items_in.items[i].tilt[1]) * 3
        + int(items_in.items[i].tilt[2]) * 5;
    total += int(items_in.items[i].bias) * 7 + int(items_in.items[i].weight);
    total += int(uint(items_in.items[i].count)) * 11 + int(items_in.items[i].flags) * 13;
    ivec2 pair = ivec2(items_in.items[i].pair);
    total += pair.x * 17 + pair.y * 19;
    total += int(lanes_in.lanes[(i * 5u + 1u) % 15u]) * 23 + int(uint(lanes_in.header)) * 29;
    total += int(items_in.items[i].tilt[i % 3u]) * 31;
    sums_out.sums[i] = total;
}
";

#[test]
fn bytes_of_storage_buffers_are_read_from_their_words() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "bytes.comp",
        InputFormat::Glsl(naga::ShaderStage::Compute),
        BYTES_GLSL,
    );
    // Compiled to WGSL and SPIR-V, each validated (naga, spirv-val).
    let (wgsl, json) = wgsl_and_report(&glslang(), &source);
    assert!(json.contains("8bit-storage-words"), "{json}");
    common::assert_tint_accepts(&[("bytes.comp".to_string(), wgsl.clone())]);
    // The words keep the layout: `tilt` and `bias` share the first word,
    // `count`, `flags` and `pair` the third; `header` and `lanes` are four.
    for member in [
        "tilt_bias: u32,",
        "weight: u32,",
        "count_to_pair: u32,",
        "header_lanes: array<u32, 4>,",
    ] {
        assert!(wgsl.contains(member), "{member}:\n{wgsl}");
    }
    // Signed bytes sign-extend, unsigned ones do not.
    assert!(
        wgsl.contains("extractBits(bitcast<i32>(") && wgsl.contains("bitcast<i32>(extractBits("),
        "{wgsl}"
    );
}

/// The same sums, read from the words by hand: a signed byte shifted to
/// the top and back, an unsigned one masked.
#[cfg(feature = "gpu")]
const BYTES_REFERENCE: &str = "struct Packed { tilt_bias: u32, weight: u32, count_to_pair: u32 }
struct Items { items: array<Packed> }
struct Lanes { header_lanes: array<u32, 4> }
struct Sums { sums: array<i32> }
@group(0) @binding(0) var<storage, read> items_in: Items;
@group(0) @binding(1) var<storage, read> lanes_in: Lanes;
@group(0) @binding(2) var<storage, read_write> sums_out: Sums;

fn signed_byte(word: u32, byte: u32) -> i32 {
    return bitcast<i32>(word << (24u - 8u * byte)) >> 24u;
}

fn unsigned_byte(word: u32, byte: u32) -> i32 {
    return i32((word >> (8u * byte)) & 0xffu);
}

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    let p = items_in.items[i];
    var total = signed_byte(p.tilt_bias, 0u) + signed_byte(p.tilt_bias, 1u) * 3
        + signed_byte(p.tilt_bias, 2u) * 5;
    total += signed_byte(p.tilt_bias, 3u) * 7 + bitcast<i32>(p.weight);
    total += unsigned_byte(p.count_to_pair, 0u) * 11 + unsigned_byte(p.count_to_pair, 1u) * 13;
    total += signed_byte(p.count_to_pair, 2u) * 17 + signed_byte(p.count_to_pair, 3u) * 19;
    let lane = 1u + (i * 5u + 1u) % 15u;
    total += signed_byte(lanes_in.header_lanes[lane / 4u], lane % 4u) * 23
        + unsigned_byte(lanes_in.header_lanes[0], 0u) * 29;
    total += signed_byte(p.tilt_bias, i % 3u) * 31;
    sums_out.sums[i] = total;
}
";

/// Seeded words hold every bit pattern, negative bytes among them.
#[cfg(feature = "gpu")]
#[test]
fn bytes_of_storage_buffers_agree_with_the_reference_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    common::assert_agrees_in_wgsl_and_spirv(
        false,
        ("bytes.comp", BYTES_GLSL),
        BYTES_REFERENCE,
        ("sums_out", 1024),
        256,
    );
}

#[test]
fn a_store_to_an_8bit_member_is_refused_at_its_line() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("store.comp"),
        "#version 450
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer Counts {
    uint total;
    uint8_t small[4];
};
void main() {
    uint i = gl_GlobalInvocationID.x;
    total += uint(small[i]);
    small[i] = small[3 - i];
}
",
    )
    .unwrap();
    let refused = run(dir.path(), &["store.comp", "-o", "out.wgsl"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(
        err.contains("error[spirv::8bit-storage]: store to the 8-bit member `Counts.small`")
            && err.contains("store.comp:11:5")
            && err.contains("small[i] = small[3 - i];"),
        "{err}"
    );
    assert!(!err.contains("internal"), "{err}");
    assert!(!dir.path().join("out.wgsl").exists());
}

/// A uniform block (std140: arrays have a stride of 16) with an 8-bit
/// scalar, an 8-bit array and an `i8vec4`, read with constant indices.
const UNIFORM_BYTES_GLSL: &str = "#version 450
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 1) in;
layout(std140, binding = 0) uniform Params { uint8_t k; int8_t arr[2]; i8vec4 v; } params;
layout(std430, binding = 1) buffer Sums { int sums[]; } sums_out;
void main() {
    sums_out.sums[0] = int(uint(params.k)) * 3 + int(params.arr[1]) * 5 + int(params.arr[0]) * 7;
    ivec4 v = ivec4(params.v);
    sums_out.sums[1] = v.x + v.y * 2 + v.z * 4 + v.w * 8;
}
";

#[test]
fn bytes_of_uniform_blocks_are_words_of_their_own() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "uniform.comp",
        InputFormat::Glsl(naga::ShaderStage::Compute),
        UNIFORM_BYTES_GLSL,
    );
    let (wgsl, _) = wgsl_and_report(&glslang(), &source);
    common::assert_tint_accepts(&[("uniform.comp".to_string(), wgsl.clone())]);
    // `arr` spans 16 to 33: five words, none of them an array.
    assert!(!wgsl.contains("array<u32"), "{wgsl}");
}

/// The uniform words, at the offsets std140 gives the bytes.
#[cfg(feature = "gpu")]
const UNIFORM_BYTES_REFERENCE: &str = "struct Params {
    @size(16) k: u32,
    arr0: u32,
    arr1: u32,
    arr2: u32,
    arr3: u32,
    @size(16) arr4: u32,
    v: u32,
}
struct Sums { sums: array<i32> }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> sums_out: Sums;

fn signed_byte(word: u32, byte: u32) -> i32 {
    return bitcast<i32>(word << (24u - 8u * byte)) >> 24u;
}

@compute @workgroup_size(1)
fn main() {
    sums_out.sums[0] = i32(params.k & 0xffu) * 3 + signed_byte(params.arr4, 0u) * 5
        + signed_byte(params.arr0, 0u) * 7;
    sums_out.sums[1] = signed_byte(params.v, 0u) + signed_byte(params.v, 1u) * 2
        + signed_byte(params.v, 2u) * 4 + signed_byte(params.v, 3u) * 8;
}
";

#[cfg(feature = "gpu")]
#[test]
fn bytes_of_uniform_blocks_agree_with_the_reference_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    common::assert_agrees_in_wgsl_and_spirv(
        false,
        ("uniform.comp", UNIFORM_BYTES_GLSL),
        UNIFORM_BYTES_REFERENCE,
        ("sums_out", 4),
        1,
    );
}

/// A structure of two bytes has a stride of 2 in an array: its bytes,
/// read as words, would overlap the next element's.
#[test]
fn an_array_of_structures_narrower_than_a_word_is_refused_at_its_buffer() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pairs.comp"),
        "#version 450
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 1) in;
struct Pair { uint8_t x; uint8_t y; };
layout(std430, binding = 0) readonly buffer In { uint lead; Pair pairs[]; } i;
layout(std430, binding = 1) buffer Out { int v[]; } o;
void main() { o.v[0] = int(uint(i.pairs[3].y)) + int(i.lead); }
",
    )
    .unwrap();
    let refused = run(dir.path(), &["pairs.comp", "-o", "out.wgsl"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(
        err.contains("error[spirv::8bit-storage]: an array of `Pair` has a stride of 2 bytes")
            && err.contains("pairs.comp:5:1"),
        "{err}"
    );
    assert!(
        !err.contains("naga::validation") && !err.contains("internal"),
        "{err}"
    );
}
