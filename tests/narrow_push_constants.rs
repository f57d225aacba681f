//! Push constants of 16 bits (`uint16_t`, `int16_t`, `float16_t` and
//! their vectors), which naga's IR does not hold: legalisation reads them
//! from the 32-bit words that hold them, and refuses at the block what it
//! cannot read that way (16-bit values in arrays and structures).

mod common;

use common::{assert_exit, glslang_compiler as glslang, run_in as run, stderr};
use naga::ShaderStage;
use shaderxform::front::{FrontOptions, GlslFront};
use shaderxform::{
    render, ColorChoice, Compiler, EmitOptions, InputFormat, Options, OutputFormat, PassSelection,
    Source, WgslTarget,
};

/// Each kind of 16-bit member in the lower and the upper half of a word,
/// and a vector, read whole, by a constant component and by a dynamic one.
/// Each result is what one member holds, widened to 32 bits (floats as
/// their `f32` bits).
const NARROW_GLSL: &str = "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 1) in;
layout(push_constant) uniform Settings {
    uint16_t count;
    float16_t scale;
    int16_t offset;
    uint16_t flags;
    i16vec2 delta;
    float16_t gain;
    int16_t bias;
    uint total;
} settings;
layout(set = 0, binding = 0) buffer Results { int results[]; };
void main() {
    results[0] = int(settings.count);
    results[1] = floatBitsToInt(float(settings.scale));
    results[2] = int(settings.offset);
    results[3] = int(settings.flags);
    ivec2 delta = ivec2(settings.delta);
    results[4] = delta.x;
    results[5] = delta.y;
    results[6] = int(settings.delta.y);
    results[7] = int(settings.delta[settings.total & 1u]);
    results[8] = floatBitsToInt(float(settings.gain));
    results[9] = int(settings.bias);
    results[10] = int(settings.total);
}
";

fn narrow_source() -> Source {
    Source::from_text(
        "narrow.comp",
        InputFormat::Glsl(ShaderStage::Compute),
        NARROW_GLSL,
    )
}

fn glslang_for(wgsl_for: WgslTarget) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front: FrontOptions {
            glsl_front: GlslFront::Glslang,
            ..Default::default()
        },
        emit: EmitOptions {
            wgsl_for,
            ..EmitOptions::default()
        },
        ..Options::default()
    })
    .unwrap()
}

fn assert_spirv_val_accepts(bytes: &[u8]) {
    if common::tool("spirv-val").is_some() {
        common::spirv_val(bytes, "vulkan1.1").unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The expressions of every function of `module`.
fn expressions(module: &naga::Module) -> Vec<&naga::Expression> {
    module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|e| &e.function))
        .flat_map(|f| f.expressions.iter().map(|(_, e)| e))
        .collect()
}

/// The members of the block of the immediate variable of SPIR-V that
/// naga wrote (which wraps the block in a structure of its own), as
/// (type, offset).
fn immediate_members(module: &naga::Module) -> Vec<(naga::TypeInner, u32)> {
    let (_, immediate) = module
        .global_variables
        .iter()
        .find(|(_, g)| g.space == naga::AddressSpace::Immediate)
        .expect("the push constants are an immediate");
    let mut ty = immediate.ty;
    loop {
        let naga::TypeInner::Struct { members, .. } = &module.types[ty].inner else {
            panic!("a block of words: {:?}", module.types[ty]);
        };
        if let [only] = &members[..] {
            if matches!(module.types[only.ty].inner, naga::TypeInner::Struct { .. }) {
                ty = only.ty;
                continue;
            }
        }
        return members
            .iter()
            .map(|m| (module.types[m.ty].inner.clone(), m.offset))
            .collect();
    }
}

#[test]
fn sixteen_bit_push_constants_are_read_from_their_words() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = narrow_source();
    let compiled = glslang_for(WgslTarget::Wgpu)
        .compile(&source, &[OutputFormat::SpirvBinary, OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{:?}", f.diagnostics));
    let spirv = &compiled.outputs[0].bytes;
    assert_spirv_val_accepts(spirv);

    // Read back: the block holds the same bytes as words, and the 32-bit
    // member stays where it was.
    let module = naga::front::spv::parse_u8_slice(spirv, &Default::default()).unwrap();
    let u32_type = naga::TypeInner::Scalar(naga::Scalar::U32);
    assert_eq!(
        immediate_members(&module),
        [0, 4, 8, 12, 16].map(|offset| (u32_type.clone(), offset))
    );
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .expect("naga validates the SPIR-V written");
    // Upper halves shifted down, integers narrowed to 16 bits (and the
    // signed ones bitcast), floats unpacked.
    let all = expressions(&module);
    let count =
        |matches: &dyn Fn(&naga::Expression) -> bool| all.iter().filter(|e| matches(e)).count();
    let shifts = count(&|e| {
        matches!(
            e,
            naga::Expression::Binary {
                op: naga::BinaryOperator::ShiftRight,
                ..
            }
        )
    });
    // flags, delta.y (whole, by component and dynamic), bias.
    assert!(shifts >= 5, "{shifts} shifts");
    let narrowed = |kind| {
        count(
            &|e| matches!(e, naga::Expression::As { kind: k, convert: Some(2), .. } if *k == kind),
        )
    };
    assert!(narrowed(naga::ScalarKind::Uint) >= 7, "{all:#?}");
    let unpacked = count(&|e| {
        matches!(
            e,
            naga::Expression::Math {
                fun: naga::MathFunction::Unpack2x16float,
                ..
            }
        )
    });
    assert_eq!(unpacked, 2, "scale and gain");

    // The report names each word's members.
    let mut report = shaderxform::Report::new(&source);
    report.add_passes(&source, &compiled.transformed.passes);
    let json = report.to_json();
    assert!(json.contains("\"push-constant-words\""), "{json}");
    assert!(
        json.contains("0:count,scale;4:offset,flags;8:delta;12:gain,bias"),
        "{json}"
    );
    let wgsl = compiled.outputs[1].text().unwrap();
    assert!(wgsl.contains("enable wgpu_int16;"), "{wgsl}");
    // Each word is named after the members it holds.
    assert!(
        wgsl.contains(
            "count_scale_bits: u32,\n    offset_flags_bits: u32,\n    delta_bits: u32,\n    gain_bias_bits: u32,\n    total: u32,"
        ),
        "{wgsl}"
    );
}

/// WGSL has `f16` and no 16-bit integers: for Tint, a `uint16_t` is refused
/// at the first line that holds one, while a block of `float16_t` only is
/// written with `enable f16;`.
#[test]
fn wgsl_for_tint_refuses_16_bit_integers_at_their_line_and_writes_f16() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = narrow_source();
    let failure = glslang_for(WgslTarget::Tint)
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("WGSL for Tint has no 16-bit integers");
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("emit::unsupported"));
    assert!(
        d.message
            .contains("WGSL for Tint cannot hold 16-bit integers (`u16`)"),
        "{}",
        d.message
    );
    let rendered = render(d, &source, ColorChoice::Never);
    assert!(
        rendered.contains("narrow.comp:18:") && rendered.contains("int(settings.count)"),
        "{rendered}"
    );

    let halves = "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 1) in;
layout(push_constant) uniform Tint { float16_t weight; f16vec2 blend; float bias; } tint;
layout(set = 0, binding = 0) buffer Results { float results[]; };
void main() {
    results[0] = float(tint.weight) + tint.bias;
    results[1] = float(tint.blend.y);
}
";
    let source = Source::from_text(
        "halves.comp",
        InputFormat::Glsl(ShaderStage::Compute),
        halves,
    );
    let wgsl = common::wgsl(&glslang(), &source);
    assert!(wgsl.contains("enable f16;"), "{wgsl}");
    assert!(wgsl.contains("unpack2x16float("), "{wgsl}");
    assert!(!wgsl.contains("u16") && !wgsl.contains("i16"), "{wgsl}");
    common::assert_tint_accepts(&[("halves.comp".to_string(), wgsl)]);
}

/// A copy of the block's pointer, loaded whole: naga reads a construct of
/// the members' values.
const WHOLE_BLOCK_SPVASM: &str = "OpCapability Shader
OpCapability Int16
OpCapability StoragePushConstant16
OpExtension \"SPV_KHR_16bit_storage\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpName %Push \"Push\"
OpMemberName %Push 0 \"low\"
OpMemberName %Push 1 \"high\"
OpMemberName %Push 2 \"total\"
OpName %push \"push\"
OpMemberDecorate %Push 0 Offset 0
OpMemberDecorate %Push 1 Offset 2
OpMemberDecorate %Push 2 Offset 4
OpDecorate %Push Block
OpDecorate %Out Block
OpMemberDecorate %Out 0 Offset 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%short = OpTypeInt 16 1
%Push = OpTypeStruct %short %short %uint
%pc_Push = OpTypePointer PushConstant %Push
%push = OpVariable %pc_Push PushConstant
%Out = OpTypeStruct %int
%sb_Out = OpTypePointer StorageBuffer %Out
%sb_int = OpTypePointer StorageBuffer %int
%out = OpVariable %sb_Out StorageBuffer
%int_0 = OpConstant %int 0
%main = OpFunction %void None %fn
%entry = OpLabel
%copy = OpCopyObject %pc_Push %push
%all = OpLoad %Push %copy
%low = OpCompositeExtract %short %all 0
%high = OpCompositeExtract %short %all 1
%total = OpCompositeExtract %uint %all 2
%l = OpSConvert %int %low
%h = OpSConvert %int %high
%t = OpBitcast %int %total
%sum0 = OpIAdd %int %l %h
%sum = OpIAdd %int %sum0 %t
%o = OpAccessChain %sb_int %out %int_0
OpStore %o %sum
OpReturn
OpFunctionEnd
";

#[test]
fn copies_and_whole_block_loads_are_read_from_the_words() {
    if common::tool("spirv-as").is_none() {
        return;
    }
    let source = Source::from_text(
        "whole.spvasm",
        InputFormat::SpirvAssembly,
        WHOLE_BLOCK_SPVASM,
    );
    let compiled = glslang()
        .compile(&source, &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{:?}", f.diagnostics));
    let spirv = &compiled.outputs[0].bytes;
    assert_spirv_val_accepts(spirv);
    let module = naga::front::spv::parse_u8_slice(spirv, &Default::default()).unwrap();
    let u32_type = naga::TypeInner::Scalar(naga::Scalar::U32);
    assert_eq!(
        immediate_members(&module),
        [(u32_type.clone(), 0), (u32_type, 4)]
    );
    let all = expressions(&module);
    assert!(
        all.iter()
            .any(|e| matches!(e, naga::Expression::Compose { .. })),
        "the block's value is constructed: {all:#?}"
    );
}

/// 16-bit values in an array or a structure cannot be read through words
/// of the block: refused at the block, by the member's name.
#[test]
fn arrays_and_structures_of_16_bit_values_are_refused_at_the_block() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let array = "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 1) in;
layout(push_constant) uniform Steps {
    uint total;
    uint16_t steps[4];
} steps;
layout(set = 0, binding = 0) buffer Results { uint results[]; };
void main() {
    results[0] = uint(steps.steps[1]) + steps.total;
}
";
    let structure = "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 1) in;
struct Range { float16_t low; float16_t high; };
layout(push_constant) uniform Limits {
    Range range;
} limits;
layout(set = 0, binding = 0) buffer Results { float results[]; };
void main() {
    results[0] = float(limits.range.high);
}
";
    // At the block (glslang places its variable on one of its lines).
    for (file, text, member, lines) in [
        (
            "array.comp",
            array,
            "`steps.steps` holds 16-bit values in an array",
            5..=8,
        ),
        (
            "structure.comp",
            structure,
            "`limits.range` holds 16-bit values in an array",
            6..=8,
        ),
    ] {
        std::fs::write(dir.path().join(file), text).unwrap();
        let out = run(dir.path(), &[file, "-o", "out.spv"]);
        assert_exit(&out, 1);
        let err = stderr(&out);
        assert!(err.contains("error[spirv::16bit-push-constant]"), "{err}");
        assert!(err.contains(member), "{err}");
        assert!(
            lines
                .clone()
                .any(|line| err.contains(&format!("{file}:{line}:"))),
            "{err}"
        );
        assert!(!dir.path().join("out.spv").exists());
    }
}

/// The words pushed: `count` 0xBEEF (above `i16`'s range) and `scale`
/// -2.5 (0xC100); `offset` -12345 and `flags` 0xFFFE; `delta` (-1, 300);
/// `gain` 0x2E66 and `bias` -32768; `total` 3 (odd: `delta[1]`).
#[cfg(feature = "gpu")]
const NARROW_HARNESS: &str = "[binding.settings]
fields.count_scale.values = [0xC100BEEF]
fields.offset_flags.values = [0xFFFECFC7]
fields.delta.values = [0x012CFFFF]
fields.gain_bias.values = [0x80002E66]
fields.total.values = [3]
";

/// The same results from the words, taken apart with WGSL's own shifts,
/// sign extension and `unpack2x16float`.
#[cfg(feature = "gpu")]
const NARROW_REFERENCE: &str = "struct Settings {
    count_scale: u32,
    offset_flags: u32,
    delta: u32,
    gain_bias: u32,
    total: u32,
}
var<immediate> settings: Settings;
@group(0) @binding(0) var<storage, read_write> results: array<i32>;

fn low_unsigned(w: u32) -> i32 { return i32(w & 0xffffu); }
fn high_unsigned(w: u32) -> i32 { return i32(w >> 16u); }
fn low_signed(w: u32) -> i32 { return bitcast<i32>(w << 16u) >> 16u; }
fn high_signed(w: u32) -> i32 { return bitcast<i32>(w) >> 16u; }

@compute @workgroup_size(1)
fn main() {
    results[0] = low_unsigned(settings.count_scale);
    results[1] = bitcast<i32>(unpack2x16float(settings.count_scale).y);
    results[2] = low_signed(settings.offset_flags);
    results[3] = high_unsigned(settings.offset_flags);
    results[4] = low_signed(settings.delta);
    results[5] = high_signed(settings.delta);
    results[6] = high_signed(settings.delta);
    results[7] = select(low_signed(settings.delta), high_signed(settings.delta), (settings.total & 1u) == 1u);
    results[8] = bitcast<i32>(unpack2x16float(settings.gain_bias).x);
    results[9] = high_signed(settings.gain_bias);
    results[10] = bitcast<i32>(settings.total);
}
";

/// Run on the adapter (lavapipe has 16-bit integers and floats), as WGSL
/// for wgpu and as SPIR-V, with the words above and with seeded ones.
#[cfg(feature = "gpu")]
#[test]
fn sixteen_bit_push_constants_give_the_values_pushed_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let candidate = dir.path().join("narrow.comp");
    let reference = dir.path().join("reference.wgsl");
    std::fs::write(&candidate, NARROW_GLSL).unwrap();
    std::fs::write(&reference, NARROW_REFERENCE).unwrap();
    for harness in [None, Some(NARROW_HARNESS)] {
        // The harness beside the shader, by its name, sets the words.
        if let Some(harness) = harness {
            std::fs::write(dir.path().join("narrow.harness.toml"), harness).unwrap();
        }
        for format in [
            shaderxform::gpu::ShaderFormat::Wgsl,
            shaderxform::gpu::ShaderFormat::Spirv,
        ] {
            common::assert_agrees_on_the_adapter(
                &candidate,
                &reference,
                format,
                ("results", 16),
                1,
            );
        }
    }
}
