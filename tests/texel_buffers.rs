//! Texel buffers (GLSL `samplerBuffer`, `imageBuffer`, HLSL `Buffer<T>`,
//! `RWBuffer<T>`), which WGSL has not, read as storage buffers of their
//! texels: every packing agrees on the adapter with a hand-written WGSL
//! reader of the same bytes; the reflection tells the host the format,
//! element and stride; what a storage buffer cannot stand for is refused
//! at its line.

mod common;

use common::{assert_exit, run_in as run, stderr};
use shaderxform::reflect::{Reflection, Rewritten};
use shaderxform::{Compiler, InputFormat, Options, Source};

/// A texel buffer of each packing: four words without a format, 8-bit
/// unorm and signed channels in one word, 16-bit floats in two, 16-bit
/// snorm in one, `rg32i` read and written, an `r32ui` changed
/// atomically, an `rgba8ui` written, and each size.
const FORMATS_GLSL: &str = "#version 450
layout(local_size_x = 64) in;
layout(binding = 0) uniform samplerBuffer plain;
layout(binding = 1, rgba8) uniform readonly imageBuffer colors;
layout(binding = 2, rgba16f) uniform imageBuffer halves;
layout(binding = 3, rgba8i) uniform readonly iimageBuffer signedBytes;
layout(binding = 4, rg16_snorm) uniform readonly imageBuffer normals;
layout(binding = 5, r32ui) uniform uimageBuffer counts;
layout(binding = 6, rgba8ui) uniform writeonly uimageBuffer packedOut;
layout(binding = 7, rg32i) uniform iimageBuffer pairs;
layout(binding = 8) buffer Results { vec4 results[]; };
void main() {
  int i = int(gl_GlobalInvocationID.x);
  vec4 a = texelFetch(plain, i);
  vec4 c = imageLoad(colors, i);
  vec4 h = imageLoad(halves, i);
  ivec4 s = imageLoad(signedBytes, i);
  vec4 n = imageLoad(normals, i);
  ivec4 p = imageLoad(pairs, i);
  imageStore(halves, i, h * 0.5 + c);
  imageStore(pairs, i, p.yxzw + ivec4(3));
  imageAtomicAdd(counts, i % 16, uint(s.x & 0xff));
  imageStore(packedOut, i, uvec4(s.w, s.y, uint(p.x), 300u));
  results[i] = a + c * 3.0 + vec4(s) + n * 7.0 + vec4(p)
      + vec4(float(textureSize(plain)), float(imageSize(counts)), float(imageSize(halves)), 0.0);
}
";

/// The same shader over storage buffers of the texels' bytes, unpacked
/// by hand: WGSL's own unpack built-ins and `extractBits`.
#[cfg(feature = "gpu")]
const FORMATS_REFERENCE: &str = "struct PlainTexels { texels: array<vec4<f32>> }
struct WordTexels { texels: array<u32> }
struct HalfTexels { texels: array<vec2<u32>> }
struct CountTexels { texels: array<atomic<u32>> }
struct PairTexels { texels: array<vec2<i32>> }
struct Results { results: array<vec4<f32>> }
@group(0) @binding(0) var<storage> plain: PlainTexels;
@group(0) @binding(1) var<storage> colors: WordTexels;
@group(0) @binding(2) var<storage, read_write> halves: HalfTexels;
@group(0) @binding(3) var<storage> signedBytes: WordTexels;
@group(0) @binding(4) var<storage> normals: WordTexels;
@group(0) @binding(5) var<storage, read_write> counts: CountTexels;
@group(0) @binding(6) var<storage, read_write> packedOut: WordTexels;
@group(0) @binding(7) var<storage, read_write> pairs: PairTexels;
@group(0) @binding(8) var<storage, read_write> results: Results;

fn signed_byte(word: u32, byte: u32) -> i32 {
    return extractBits(bitcast<i32>(word), byte * 8u, 8u);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = i32(id.x);
    let a = plain.texels[i];
    let c = unpack4x8unorm(colors.texels[i]);
    let hw = halves.texels[i];
    let h = vec4(unpack2x16float(hw.x), unpack2x16float(hw.y));
    let sw = signedBytes.texels[i];
    let s = vec4(signed_byte(sw, 0u), signed_byte(sw, 1u), signed_byte(sw, 2u), signed_byte(sw, 3u));
    let n = vec4(unpack2x16snorm(normals.texels[i]), 0.0, 1.0);
    let p = vec4(pairs.texels[i], 0, 1);
    let hn = h * 0.5 + c;
    halves.texels[i] = vec2(pack2x16float(hn.xy), pack2x16float(hn.zw));
    pairs.texels[i] = (p.yxzw + vec4(3)).xy;
    atomicAdd(&counts.texels[i % 16], u32(s.x & 0xff));
    let o = vec4(u32(s.w), u32(s.y), u32(p.x), 300u);
    packedOut.texels[i] = (o.x & 0xffu) | ((o.y & 0xffu) << 8u) | ((o.z & 0xffu) << 16u) | ((o.w & 0xffu) << 24u);
    results.results[i] = a + c * 3.0 + vec4<f32>(s) + n * 7.0 + vec4<f32>(p)
        + vec4(f32(arrayLength(&plain.texels)), f32(arrayLength(&counts.texels)), f32(arrayLength(&halves.texels)), 0.0);
}
";

/// HLSL's texel buffers: glslang infers `Buffer<float4>`'s format from
/// its type; an `InterlockedAdd` on a `RWBuffer<uint>` and an
/// `InterlockedMax` whose old value is used; `GetDimensions`.
const HLSL_TEXELS: &str = "Buffer<float4> Input : register(t0);
Buffer<uint2> Pairs : register(t1);
RWBuffer<float> Output : register(u0);
RWBuffer<uint> Counter : register(u1);
RWBuffer<int> Highest : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint n;
    Input.GetDimensions(n);
    if (id.x >= n / 2) return;
    float4 v = Input[id.x];
    uint2 p = Pairs[id.x];
    int before;
    InterlockedMax(Highest[id.x], int(p.y), before);
    Output[id.x] = v.x + v.y * 2.0 + v.w + float(p.y % 1000) + float(before & 1023);
    InterlockedAdd(Counter[p.x % 8], 1);
}
";

/// glslang moves the `u` registers past the `t` ones where they would
/// share bindings (the default shifts, 300 and 500).
#[cfg(feature = "gpu")]
const HLSL_REFERENCE: &str = "struct Vec4Texels { texels: array<vec4<f32>> }
struct PairTexels { texels: array<vec2<u32>> }
struct FloatTexels { texels: array<f32> }
struct CountTexels { texels: array<atomic<u32>> }
struct IntTexels { texels: array<atomic<i32>> }
@group(0) @binding(300) var<storage> Input: Vec4Texels;
@group(0) @binding(301) var<storage> Pairs: PairTexels;
@group(0) @binding(500) var<storage, read_write> Output: FloatTexels;
@group(0) @binding(501) var<storage, read_write> Counter: CountTexels;
@group(0) @binding(502) var<storage, read_write> Highest: IntTexels;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= arrayLength(&Input.texels) / 2u {
        return;
    }
    let v = Input.texels[id.x];
    let p = Pairs.texels[id.x];
    let before = atomicMax(&Highest.texels[id.x], i32(p.y));
    Output.texels[id.x] = v.x + v.y * 2.0 + v.w + f32(p.y % 1000u) + f32(before & 1023);
    atomicAdd(&Counter.texels[p.x % 8u], 1u);
}
";

fn glslang_available() -> bool {
    common::tool("glslangValidator").is_some()
}

fn reflection_of(name: &str, format: InputFormat, text: &str, options: Options) -> Reflection {
    let source = Source::from_text(name, format, text);
    let compiler = Compiler::new(options).unwrap();
    compiler
        .transform(&source)
        .unwrap_or_else(|f| panic!("{name}: {:?}", f.diagnostics))
        .reflection()
}

fn texel_buffer(reflection: &Reflection, binding: u32) -> (String, String, String, u32) {
    let b = reflection
        .bindings
        .iter()
        .find(|b| b.group == 0 && b.binding == binding)
        .unwrap_or_else(|| panic!("no binding {binding} in {reflection:#?}"));
    b.rewritten
        .iter()
        .find_map(|r| match r {
            Rewritten::TexelBuffer {
                format,
                format_from,
                element,
                stride,
            } => Some((
                format.clone(),
                format_from.clone(),
                element.clone(),
                *stride,
            )),
            _ => None,
        })
        .unwrap_or_else(|| panic!("binding {binding}: {:?}", b.rewritten))
}

#[cfg(feature = "gpu")]
#[test]
fn glsl_texel_buffers_of_every_packing_agree_with_a_reader_of_their_bytes() {
    if !glslang_available() {
        return;
    }
    common::assert_agrees_in_wgsl_and_spirv(
        false,
        ("formats.comp", FORMATS_GLSL),
        FORMATS_REFERENCE,
        ("results", 1024),
        16,
    );
}

#[cfg(feature = "gpu")]
#[test]
fn hlsl_texel_buffers_and_their_atomics_agree_with_a_reader_of_their_bytes() {
    if !glslang_available() {
        return;
    }
    common::assert_agrees_in_wgsl_and_spirv(
        false,
        ("texels.hlsl", HLSL_TEXELS),
        HLSL_REFERENCE,
        ("Output", 1024),
        16,
    );
}

#[test]
fn the_reflection_names_each_texel_buffers_format_element_and_stride() {
    if !glslang_available() {
        return;
    }
    let options = || Options {
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Glslang,
            ..Default::default()
        },
        ..Options::default()
    };
    let glsl = InputFormat::Glsl(naga::ShaderStage::Compute);
    let reflection = reflection_of("formats.comp", glsl, FORMATS_GLSL, options());
    let texel = |format: &str, from: &str, element: &str, stride: u32| {
        (
            format.to_string(),
            from.to_string(),
            element.to_string(),
            stride,
        )
    };
    assert_eq!(
        texel_buffer(&reflection, 0),
        texel("rgba32float", "default", "vec4<f32>", 16)
    );
    assert_eq!(
        texel_buffer(&reflection, 1),
        texel("rgba8unorm", "declared", "u32", 4)
    );
    assert_eq!(
        texel_buffer(&reflection, 2),
        texel("rgba16float", "declared", "vec2<u32>", 8)
    );
    assert_eq!(
        texel_buffer(&reflection, 7),
        texel("rg32sint", "declared", "vec2<i32>", 8)
    );
    // Read-only where the shader only reads, as the bind group layout
    // must say.
    let colors = reflection.bindings.iter().find(|b| b.binding == 1).unwrap();
    let halves = reflection.bindings.iter().find(|b| b.binding == 2).unwrap();
    let json = reflection.to_json();
    assert_eq!(colors.access, Some("read"));
    assert_eq!(halves.access, Some("read_write"));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(common::root().join("docs/reflection.schema.json")).unwrap(),
    )
    .unwrap();
    assert!(
        jsonschema::validator_for(&schema).unwrap().is_valid(&value),
        "{json}"
    );

    // The host names the format of a texel buffer that declares none.
    let mut given = options();
    given.front.storage_formats = vec![("plain".into(), naga::StorageFormat::R32Float)];
    let reflection = reflection_of("formats.comp", glsl, FORMATS_GLSL, given);
    assert_eq!(
        texel_buffer(&reflection, 0),
        texel("r32float", "given", "f32", 4)
    );

    // Narrow texels: a stride under a word.
    let reflection = reflection_of("narrow.comp", glsl, NARROW_GLSL, options());
    assert_eq!(
        texel_buffer(&reflection, 0),
        texel("r8unorm", "declared", "u32", 1)
    );
    assert_eq!(
        texel_buffer(&reflection, 2),
        texel("r16float", "declared", "u32", 2)
    );
    let value: serde_json::Value = serde_json::from_str(&reflection.to_json()).unwrap();
    assert!(
        jsonschema::validator_for(&schema).unwrap().is_valid(&value),
        "{value}"
    );

    let hlsl = InputFormat::Hlsl(naga::ShaderStage::Compute);
    let reflection = reflection_of("texels.hlsl", hlsl, HLSL_TEXELS, options());
    assert_eq!(
        texel_buffer(&reflection, 301),
        texel("rg32uint", "declared", "vec2<u32>", 8)
    );
    assert_eq!(
        texel_buffer(&reflection, 502),
        texel("r32sint", "declared", "i32", 4)
    );
}

/// Texels narrower than a word, several to a word, read only: 8-bit
/// unorm and `rg8ui`, 16-bit float and signed, and their sizes.
const NARROW_GLSL: &str = "#version 450
layout(local_size_x = 64) in;
layout(binding = 0, r8) uniform readonly imageBuffer bytes;
layout(binding = 1, rg8ui) uniform readonly uimageBuffer pairs;
layout(binding = 2, r16f) uniform readonly imageBuffer halves;
layout(binding = 3, r16i) uniform readonly iimageBuffer shorts;
layout(binding = 4) buffer Results { vec4 results[]; };
void main() {
  int i = int(gl_GlobalInvocationID.x);
  vec4 b = imageLoad(bytes, i);
  uvec4 p = imageLoad(pairs, i);
  vec4 h = imageLoad(halves, i);
  ivec4 s = imageLoad(shorts, i);
  results[i] = b + vec4(p) * 0.5 + h + vec4(s) * 0.25
      + vec4(float(imageSize(bytes)), float(imageSize(pairs)), float(imageSize(halves)), float(imageSize(shorts)));
}
";

/// The same, reading each texel out of its word by hand.
#[cfg(feature = "gpu")]
const NARROW_REFERENCE: &str = "struct Words { texels: array<u32> }
struct Results { results: array<vec4<f32>> }
@group(0) @binding(0) var<storage> bytes: Words;
@group(0) @binding(1) var<storage> pairs: Words;
@group(0) @binding(2) var<storage> halves: Words;
@group(0) @binding(3) var<storage> shorts: Words;
@group(0) @binding(4) var<storage, read_write> results: Results;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    let bw = bytes.texels[i / 4u];
    let b = vec4(f32(extractBits(bw, (i % 4u) * 8u, 8u)) / 255.0, 0.0, 0.0, 1.0);
    let pw = extractBits(pairs.texels[i / 2u], (i % 2u) * 16u, 16u);
    let p = vec4(extractBits(pw, 0u, 8u), extractBits(pw, 8u, 8u), 0u, 1u);
    let hw = extractBits(halves.texels[i / 2u], (i % 2u) * 16u, 16u);
    let h = vec4(unpack2x16float(hw).x, 0.0, 0.0, 1.0);
    let sw = bitcast<i32>(extractBits(shorts.texels[i / 2u], (i % 2u) * 16u, 16u));
    let s = vec4(extractBits(sw, 0u, 16u), 0, 0, 1);
    results.results[i] = b + vec4<f32>(p) * 0.5 + h + vec4<f32>(s) * 0.25
        + vec4(f32(arrayLength(&bytes.texels) * 4u), f32(arrayLength(&pairs.texels) * 2u), f32(arrayLength(&halves.texels) * 2u), f32(arrayLength(&shorts.texels) * 2u));
}
";

#[cfg(feature = "gpu")]
#[test]
fn narrow_texels_are_read_out_of_their_words() {
    if !glslang_available() {
        return;
    }
    common::assert_agrees_in_wgsl_and_spirv(
        false,
        ("narrow.comp", NARROW_GLSL),
        NARROW_REFERENCE,
        ("results", 1024),
        16,
    );
}

/// Texels narrower than a word written, arrays of texel buffers, and a
/// texel buffer passed to a function: each refused at its line, nothing
/// written.
#[test]
fn what_a_storage_buffer_cannot_stand_for_is_refused_at_its_line() {
    if !glslang_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("narrow.comp"),
        "#version 450
layout(local_size_x = 64) in;
layout(binding = 0, r16f) uniform imageBuffer halfs;
layout(binding = 1) uniform samplerBuffer many[2];
layout(binding = 2) buffer Results { vec4 results[]; };
void main() {
  int i = int(gl_GlobalInvocationID.x);
  results[i] = imageLoad(halfs, i) + texelFetch(many[1], i);
  imageStore(halfs, i, vec4(1.0));
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("param.comp"),
        "#version 450
layout(local_size_x = 64) in;
layout(binding = 0) uniform samplerBuffer plain;
layout(binding = 1) buffer Results { vec4 results[]; };
vec4 fetch(samplerBuffer b, int i) { return texelFetch(b, i); }
void main() {
  int i = int(gl_GlobalInvocationID.x);
  results[i] = fetch(plain, i);
}
",
    )
    .unwrap();
    let refused = run(dir.path(), &["narrow.comp", "-o", "narrow.wgsl"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    for expected in [
        "error[spirv::unsupported-image]: texel buffer `halfs` of format `r16float` is written",
        "narrower than a 32-bit word",
        "narrow.comp:3:1",
        "`many` is an array of texel buffers",
        "narrow.comp:4:1",
    ] {
        assert!(err.contains(expected), "{expected}:\n{err}");
    }
    assert!(!err.contains("internal"), "{err}");
    assert!(!dir.path().join("narrow.wgsl").exists());

    let refused = run(dir.path(), &["param.comp", "-o", "param.wgsl"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(
        err.contains("texel buffer `plain` is used by `OpFunctionCall`")
            && err.contains("param.comp:8:3"),
        "{err}"
    );
    assert!(!dir.path().join("param.wgsl").exists());
}

/// Texel buffers, where naga's reader stopped at "unsupported image
/// dimension" on the `#version` line, translate; so do arrays of storage
/// images, where it stopped at "invalid image" (vendor/patches/0005), as
/// binding arrays: in SPIR-V and WGSL for wgpu, and refused at their use
/// in WGSL for Tint, which has no binding arrays.
#[test]
fn texel_buffers_and_arrays_of_storage_images_translate() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("texel.comp"),
        "#version 450
layout(local_size_x = 64) in;
layout(binding = 0) uniform samplerBuffer src;
layout(binding = 1, r32f) uniform writeonly imageBuffer dst;
void main() {
    int i = int(gl_GlobalInvocationID.x);
    imageStore(dst, i, texelFetch(src, i) * 2.0);
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("layers.comp"),
        "#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba8) uniform writeonly image2D layers[4];
void main() {
    imageStore(layers[gl_WorkGroupID.z], ivec2(gl_GlobalInvocationID.xy), vec4(1.0));
}
",
    )
    .unwrap();
    let translated = run(dir.path(), &["texel.comp", "-o", "texel.wgsl"]);
    assert_exit(&translated, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("texel.wgsl")).unwrap();
    assert!(
        wgsl.contains("var<storage> src: srcTexels;")
            && wgsl.contains("var<storage, read_write> dst: dstTexels;"),
        "{wgsl}"
    );
    for (args, expected) in [
        (&["layers.comp", "-o", "layers.spv"][..], "layers.spv"),
        (
            &["layers.comp", "--wgsl-for", "wgpu", "-o", "layers.wgsl"][..],
            "layers.wgsl",
        ),
    ] {
        let out = run(dir.path(), args);
        assert_exit(&out, 0);
        assert!(dir.path().join(expected).exists());
    }
    let wgsl = std::fs::read_to_string(dir.path().join("layers.wgsl")).unwrap();
    assert!(
        wgsl.contains("binding_array<texture_storage_2d<rgba8unorm,write>, 4>"),
        "{wgsl}"
    );
    let refused = run(dir.path(), &["layers.comp", "-o", "tint.wgsl"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(
        err.contains(
            "error[emit::unsupported]: WGSL for Tint cannot hold the binding array `layers`"
        ) && err.contains("layers.comp:3:1")
            && err.contains("`layers` is used here"),
        "{err}"
    );
    assert!(!dir.path().join("tint.wgsl").exists());
}
