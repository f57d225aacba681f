//! Atomic operations on storage image texels, which glslang writes as
//! `OpImageTexelPointer` and an atomic and naga's reader does not read:
//! where their value is unused they are read as naga's image atomics and
//! written as SPIR-V, HLSL and WGSL for wgpu; WGSL for Tint, which has no
//! texture atomics, is refused at the atomic; a used value is refused at
//! its line, naming the image.

mod common;

use common::{assert_exit, run_in as run, stderr};
use shaderxform::{Options, OutputFormat, WgslTarget};

const READ: &str = "corpus/image-atomics/depth_resolve_max.comp";

#[test]
fn unused_image_atomics_are_read_and_written_for_spirv_hlsl_and_wgpu() {
    if common::tool("glslangValidator").is_none() || common::tool("spirv-val").is_none() {
        return;
    }
    let formats = [
        OutputFormat::Wgsl,
        OutputFormat::SpirvBinary,
        OutputFormat::SpirvAssembly,
        OutputFormat::Hlsl,
        OutputFormat::Msl,
    ];
    let compiled = common::compiler_for(WgslTarget::Wgpu)
        .compile(&common::source_at(READ), &formats)
        .unwrap_or_else(|f| panic!("{f}"));
    let wgsl = compiled.outputs[0].text().unwrap();
    for call in [
        "textureAtomicMax(nearest_depth,",
        "textureAtomicMin(nearest_depth,",
        "textureAtomicAdd(histogram,",
        "textureAtomicOr(nearest_depth,",
        "textureAtomicAnd(nearest_depth,",
        "textureAtomicXor(nearest_depth,",
        "textureAtomicMax(signed_range,",
        "textureAtomicMin(signed_range,",
    ] {
        assert!(wgsl.contains(call), "{call} in\n{wgsl}");
    }
    assert!(
        wgsl.contains("texture_storage_2d<r32uint,atomic>")
            && wgsl.contains("texture_storage_3d<r32sint,atomic>"),
        "{wgsl}"
    );
    // The functions that stood for the atomics in the SPIR-V naga read
    // are gone.
    assert!(!wgsl.contains("shaderxform_image_atomic"), "{wgsl}");
    // naga (wgpu) reads the WGSL back and validates it with texture
    // atomics.
    let module = naga::front::wgsl::parse_str(wgsl).unwrap();
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::TEXTURE_ATOMIC,
    )
    .validate(&module)
    .unwrap_or_else(|e| panic!("{e:?}\n{wgsl}"));
    common::spirv_val(&compiled.outputs[1].bytes, "vulkan1.1").unwrap();
    let spirv = compiled.outputs[2].text().unwrap();
    for op in [
        "OpAtomicUMax",
        "OpAtomicUMin",
        "OpAtomicIAdd",
        "OpAtomicOr",
        "OpAtomicAnd",
        "OpAtomicXor",
        "OpAtomicSMax",
        "OpAtomicSMin",
    ] {
        assert!(spirv.contains(op), "{op} in\n{spirv}");
    }
    let hlsl = compiled.outputs[3].text().unwrap();
    assert!(
        hlsl.contains("InterlockedMax(nearest_depth[")
            && hlsl.contains("InterlockedAdd(histogram["),
        "{hlsl}"
    );
    let metal = compiled.outputs[4].text().unwrap();
    assert!(metal.contains("nearest_depth.atomic_fetch_max("), "{metal}");
}

#[test]
fn wgsl_for_tint_refuses_the_first_image_atomic_by_name_at_its_line() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let out = run(
        &common::root(),
        &[READ, "-o", "-", "--emit", "wgsl", "--wgsl-for", "tint"],
    );
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("error[emit::unsupported]: WGSL for Tint cannot hold the texture atomic `textureAtomicMax` on `nearest_depth`")
            && err.contains("depth_resolve_max.comp:18:5")
            && err.contains("imageAtomicMax(nearest_depth, texel / 2, bits);")
            && err.contains("--wgsl-for wgpu"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// naga's Metal writer leaves the array layer out of image atomics: on an
/// arrayed image they are refused for Metal, and written elsewhere.
#[test]
fn metal_refuses_image_atomics_on_arrayed_images() {
    if common::tool("glslangValidator").is_none() || common::tool("spirv-val").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("layers.comp"),
        "#version 450
layout(local_size_x = 8) in;
layout(binding = 0, r32i) uniform iimage2DArray layers;
void main() {
    int x = int(gl_GlobalInvocationID.x);
    imageAtomicMin(layers, ivec3(x, 0, 3), -x);
}
",
    )
    .unwrap();
    let refused = run(dir.path(), &["layers.comp", "-o", "out.metal"]);
    assert_exit(&refused, 1);
    let err = stderr(&refused);
    assert!(
        err.contains("Metal output cannot hold the atomic `textureAtomicMin` on a texel of the arrayed image `layers`")
            && err.contains("layers.comp:6:5"),
        "{err}"
    );
    let written = run(
        dir.path(),
        &[
            "layers.comp",
            "--wgsl-for",
            "wgpu",
            "-o",
            "out.wgsl",
            "-o",
            "out.spv",
            "-o",
            "out.hlsl",
        ],
    );
    assert_exit(&written, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    // The layer is the texel coordinate's last component.
    assert!(wgsl.contains("textureAtomicMin(layers, _e"), "{wgsl}");
    assert!(wgsl.contains(".xy, _e") && wgsl.contains(".z, "), "{wgsl}");
    common::spirv_val(
        &std::fs::read(dir.path().join("out.spv")).unwrap(),
        "vulkan1.1",
    )
    .unwrap();
    let hlsl = std::fs::read_to_string(dir.path().join("out.hlsl")).unwrap();
    assert!(hlsl.contains("InterlockedMin(layers[int3("), "{hlsl}");
}

/// Subtraction, increment and decrement are additions of the negated
/// value, 1 and -1: naga's IR has no image atomic subtraction.
#[test]
fn subtraction_increment_and_decrement_become_additions() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    // HLSL has no atomic subtraction; SPIR-V assembly has all three.
    let spvasm = "; SPIR-V
; Version: 1.3
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main \"main\"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %counts \"counts\"
               OpDecorate %counts DescriptorSet 0
               OpDecorate %counts Binding 0
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %v2int = OpTypeVector %int 2
      %image = OpTypeImage %uint 2D 0 0 0 2 R32ui
  %ptr_image = OpTypePointer UniformConstant %image
     %counts = OpVariable %ptr_image UniformConstant
  %ptr_texel = OpTypePointer Image %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_7 = OpConstant %uint 7
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
     %origin = OpConstantComposite %v2int %int_0 %int_0
       %main = OpFunction %void None %3
          %5 = OpLabel
          %t = OpImageTexelPointer %ptr_texel %counts %origin %uint_0
          %a = OpAtomicISub %uint %t %uint_1 %uint_0 %uint_7
          %b = OpAtomicIIncrement %uint %t %uint_1 %uint_0
          %c = OpAtomicIDecrement %uint %t %uint_1 %uint_0
               OpReturn
               OpFunctionEnd
";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sub.spvasm"), spvasm).unwrap();
    let out = run(
        dir.path(),
        &[
            "sub.spvasm",
            "--wgsl-for",
            "wgpu",
            "-o",
            "-",
            "--emit",
            "wgsl",
        ],
    );
    assert_exit(&out, 0);
    let wgsl = String::from_utf8(out.stdout).unwrap();
    let adds: Vec<&str> = wgsl
        .lines()
        .filter(|l| l.contains("textureAtomicAdd(counts,"))
        .map(str::trim)
        .collect();
    assert_eq!(adds.len(), 3, "{wgsl}");
    assert!(
        adds[0].contains("(0u - 7u)") || adds[0].contains("4294967289u"),
        "{wgsl}"
    );
    assert!(adds[1].ends_with(", 1u);"), "{wgsl}");
    assert!(adds[2].ends_with(", 4294967295u);"), "{wgsl}");
    assert!(!wgsl.contains("textureAtomicSub"), "{wgsl}");
}

/// A used value (FidelityFX's single pass downsampler counts finished
/// workgroups so) is refused at the atomic, naming the image; so is an
/// atomic on an element of an array of images.
#[test]
fn used_values_and_arrays_of_images_are_refused_at_their_line_by_name() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bins.comp"),
        "#version 450
layout(local_size_x = 64) in;
layout(binding = 0, r32ui) uniform uimage2D bins[2];
void main() {
    imageAtomicAdd(bins[1], ivec2(gl_GlobalInvocationID.xy), 1u);
}
",
    )
    .unwrap();
    let used = common::root().join("corpus/image-atomics/spd_counter_used.hlsl");
    for (file, at, line, message) in [
        (
            used.to_str().unwrap(),
            "spd_counter_used.hlsl:15:9",
            "InterlockedAdd(global_atomic[int2(0, 0)], 1, finished);",
            "the value of this atomic operation on a texel of `global_atomic` is used: naga's IR has image atomics that return no value",
        ),
        (
            "bins.comp",
            "bins.comp:5:5",
            "imageAtomicAdd(bins[1], ivec2(gl_GlobalInvocationID.xy), 1u);",
            "atomic operation on a texel of `bins`: it is an element of an array of images",
        ),
    ] {
        let refused = run(dir.path(), &[file, "-o", "out.spv"]);
        assert_exit(&refused, 1);
        let err = stderr(&refused);
        assert!(
            err.contains(&format!("error[spirv::image-atomic]: {message}"))
                && err.contains(at)
                && err.contains(line),
            "{err}"
        );
        assert!(!dir.path().join("out.spv").exists());
    }
}

/// `depth_resolve_max.comp` written by hand with wgpu's texture atomics.
#[cfg(all(feature = "gpu", feature = "cli"))]
const HAND_WRITTEN_REFERENCE: &str = "struct Samples {
    depth_bits: array<u32>,
}

@group(0) @binding(0) var nearest_depth: texture_storage_2d<r32uint, atomic>;
@group(0) @binding(1) var histogram: texture_storage_1d<r32uint, atomic>;
@group(0) @binding(2) var signed_range: texture_storage_3d<r32sint, atomic>;
@group(0) @binding(3) var<storage, read> samples: Samples;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let texel = vec2<i32>(id.xy);
    let bits = samples.depth_bits[id.y * 64u + id.x];
    textureAtomicMax(nearest_depth, texel / 2, bits);
    textureAtomicMin(nearest_depth, texel / 2 + vec2<i32>(8, 0), bits);
    textureAtomicAdd(histogram, i32(bits >> 28u), 1u);
    textureAtomicOr(nearest_depth, vec2<i32>(20, 0), 1u << (bits & 31u));
    textureAtomicAnd(nearest_depth, vec2<i32>(21, 0), ~(1u << (bits & 31u)));
    textureAtomicXor(nearest_depth, vec2<i32>(22, 0), bits);
    let signed_bits = i32(bits) - 0x40000000;
    textureAtomicMax(signed_range, vec3<i32>(texel, 0), signed_bits);
    textureAtomicMin(signed_range, vec3<i32>(texel, 1), signed_bits);
}
";

/// On the adapter (lavapipe where there is no GPU), what shaderxform
/// writes as WGSL for wgpu, with no passes and with all of them, leaves
/// the same texels in every atomic storage texture as the shader written
/// by hand with texture atomics. (wgpu reads SPIR-V with naga's reader,
/// which has no image atomics: SPIR-V output is checked by spirv-val.)
#[cfg(all(feature = "gpu", feature = "cli"))]
#[test]
fn image_atomics_agree_with_a_hand_written_reference_on_the_adapter() {
    use shaderxform::gpu::{self, ShaderFormat, ValidateOptions, Verdict};
    use shaderxform::PassSelection;
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("reference.wgsl");
    std::fs::write(&reference, HAND_WRITTEN_REFERENCE).unwrap();
    let shader = common::root().join(READ);
    for passes in [PassSelection::None, PassSelection::All] {
        let what = format!("{READ} ({passes:?})");
        let mut options = ValidateOptions::new(Options {
            passes,
            ..Options::default()
        });
        options.shader_format = ShaderFormat::Wgsl;
        options.reference = Some(reference.clone());
        let result = gpu::validate(&shader, &options);
        let Some(v) = common::gpu::adapter_or_skip(result, &what) else {
            return;
        };
        assert_eq!(v.verdict, Verdict::Agree, "{what}:\n{}", v.describe());
        let compared: Vec<_> = v
            .report
            .bindings
            .iter()
            .filter(|b| b.space == "storage texture" && b.values_compared > 0)
            .collect();
        assert_eq!(compared.len(), 3, "{what}:\n{}", v.describe());
    }
}
