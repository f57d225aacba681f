//! Float atomic min/max in SPIR-V, made readable for naga.
//!
//! glslang writes GLSL's `atomicMin`/`atomicMax` on a `float` (with
//! `GL_EXT_shader_atomic_float2`) as `OpAtomicFMinEXT`/`OpAtomicFMaxEXT`
//! under `SPV_EXT_shader_atomic_float_min_max`. naga's SPIR-V reader knows
//! neither the extension nor the instructions, so it refuses such a module
//! outright, before the `float-atomics` pass could rewrite the atomics onto
//! integers.
//!
//! This step rewrites the words before naga reads them so that naga builds
//! the same IR its WGSL reader builds for `atomicMin(&a, x)` on
//! `atomic<f32>`: a `Statement::Atomic` with `AtomicFunction::Min`/`Max`
//! on a global whose pointee naga upgrades to `atomic<f32>`. That module
//! does not validate until `float-atomics` runs, which is the intended
//! path; with the pass deselected the user gets naga's validation error.

use rspirv::binary::Assemble as _;
use rspirv::dr::{Instruction, Operand};
use rspirv::grammar::CoreInstructionTable;
use rspirv::spirv::{Capability, Op, Word};

use crate::diagnostics::Diagnostic;

const MIN_MAX_EXTENSION: &str = "SPV_EXT_shader_atomic_float_min_max";

/// The module to hand to naga, and how many float min/max it held.
#[derive(Debug)]
pub struct Lowered {
    pub words: Vec<u32>,
    /// `OpAtomicFMinEXT`/`OpAtomicFMaxEXT` rewritten; when 0, `words` are
    /// the input, untouched.
    pub float_min_max: usize,
}

/// Rewrites `OpAtomicFMinEXT`/`OpAtomicFMaxEXT` on 16-, 32- and 64-bit floats into
/// `OpAtomicSMin`/`OpAtomicSMax` with the same operands and result type, and
/// drops the min/max capabilities and extension.
///
/// The result is not valid SPIR-V (the signed integer atomics take integer
/// operands); it is meant for naga's reader only, which has already seen
/// the input pass spirv-val.
pub fn lower_float_min_max(words: Vec<u32>) -> Result<Lowered, Diagnostic> {
    // A scan of the opcodes, not rspirv: a module without float min/max
    // must reach naga exactly as given, even one that rspirv (whose grammar
    // is older than naga's) cannot load.
    if !uses_float_min_max(&words) {
        return Ok(Lowered {
            words,
            float_min_max: 0,
        });
    }
    let mut module = rspirv::dr::load_words(&words).map_err(|e| {
        Diagnostic::error(format!(
            "cannot rewrite the float atomic min/max of this SPIR-V: rspirv cannot load it: {e}"
        ))
        .with_code(shaderxform_passes::codes::SPIRV_FLOAT_MIN_MAX)
    })?;

    let float_widths: Vec<(Word, u32)> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeFloat)
        .filter_map(|i| match (i.result_id, i.operands.first()) {
            (Some(id), Some(&Operand::LiteralBit32(width))) => Some((id, width)),
            _ => None,
        })
        .collect();
    let width_of = |ty: Option<Word>| {
        ty.and_then(|ty| float_widths.iter().find(|(id, _)| *id == ty))
            .map(|&(_, w)| w)
    };

    let mut rewritten = 0;
    for function in &mut module.functions {
        for block in &mut function.blocks {
            for inst in &mut block.instructions {
                let op = inst.class.opcode;
                let signed = match op {
                    Op::AtomicFMinEXT => Op::AtomicSMin,
                    Op::AtomicFMaxEXT => Op::AtomicSMax,
                    _ => continue,
                };
                // Every float width goes on to float-atomics, which widens
                // f16 where it can and says why where it cannot.
                match width_of(inst.result_type) {
                    Some(16 | 32 | 64) => {}
                    width => return Err(unsupported_width(op, width)),
                }
                // naga's reader maps OpAtomicSMin/SMax to
                // AtomicFunction::Min/Max without looking at the result
                // type, and types the result and the upgraded pointee from
                // the pointer's float pointee: the float survives, so no
                // operand needs retyping.
                inst.class = CoreInstructionTable::get(signed);
                rewritten += 1;
            }
        }
    }

    // strict_capabilities is off, so naga would only warn about the
    // capabilities, but it rejects the extension; both go so that nothing
    // in the module claims float min/max any more. The float add
    // capability and extension stay: OpAtomicFAddEXT is still there, and
    // naga reads it.
    module.capabilities.retain(|i| {
        !matches!(
            i.operands.first(),
            Some(Operand::Capability(
                Capability::AtomicFloat16MinMaxEXT
                    | Capability::AtomicFloat32MinMaxEXT
                    | Capability::AtomicFloat64MinMaxEXT
            ))
        )
    });
    module
        .extensions
        .retain(|i| !is_string(i, MIN_MAX_EXTENSION));

    Ok(Lowered {
        words: module.assemble(),
        float_min_max: rewritten,
    })
}

fn is_string(inst: &Instruction, name: &str) -> bool {
    matches!(inst.operands.first(), Some(Operand::LiteralString(s)) if s == name)
}

fn unsupported_width(op: Op, width: Option<u32>) -> Diagnostic {
    let what = width.map_or_else(
        || "a non-float result type".to_string(),
        |w| format!("a {w}-bit float"),
    );
    Diagnostic::error(format!(
        "Op{op:?} on {what}: shaderxform rewrites float atomic min/max only on 16-, 32- and 64-bit floats"
    ))
    .with_code(shaderxform_passes::codes::SPIRV_FLOAT_MIN_MAX)
}

/// Whether any instruction is `OpAtomicFMinEXT` or `OpAtomicFMaxEXT`.
fn uses_float_min_max(words: &[u32]) -> bool {
    let mut at = 5;
    while let Some(&first) = words.get(at) {
        let opcode = first & 0xffff;
        if opcode == Op::AtomicFMinEXT as u32 || opcode == Op::AtomicFMaxEXT as u32 {
            return true;
        }
        // A zero word count is malformed; spirv-val has rejected it before
        // this runs, but the scan must end anyway.
        at += (first >> 16).max(1) as usize;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: &str = "
               OpCapability Shader
               OpCapability AtomicFloat32AddEXT
               OpExtension \"SPV_EXT_shader_atomic_float_add\"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main \"main\"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %S Block
               OpMemberDecorate %S 0 Offset 0
               OpMemberDecorate %S 1 Offset 4
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
          %S = OpTypeStruct %float %uint
      %ptr_S = OpTypePointer StorageBuffer %S
      %ptr_f = OpTypePointer StorageBuffer %float
      %ptr_u = OpTypePointer StorageBuffer %uint
        %buf = OpVariable %ptr_S StorageBuffer
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
    %float_1 = OpConstant %float 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %ptr_f %buf %uint_0
          %a = OpAtomicFAddEXT %float %p %uint_1 %uint_0 %float_1
          %q = OpAccessChain %ptr_u %buf %uint_1
          %b = OpAtomicUMin %uint %q %uint_1 %uint_0 %uint_1
               OpReturn
               OpFunctionEnd
";

    #[test]
    fn modules_without_float_min_max_pass_through_unchanged() {
        let words = crate::front::assemble_spirv(PLAIN).unwrap();
        let lowered = lower_float_min_max(words.clone()).unwrap();
        assert_eq!(lowered.float_min_max, 0);
        assert_eq!(lowered.words, words);
    }

    #[test]
    fn float_min_max_become_signed_min_max_and_lose_their_capability() {
        let text = PLAIN
            .replace(
                "OpCapability AtomicFloat32AddEXT",
                "OpCapability AtomicFloat32AddEXT\nOpCapability AtomicFloat32MinMaxEXT",
            )
            .replace(
                "OpExtension \"SPV_EXT_shader_atomic_float_add\"",
                "OpExtension \"SPV_EXT_shader_atomic_float_add\"\nOpExtension \"SPV_EXT_shader_atomic_float_min_max\"",
            )
            .replace(
                "OpReturn",
                "%c = OpAtomicFMinEXT %float %p %uint_1 %uint_0 %float_1\n\
                 %d = OpAtomicFMaxEXT %float %p %uint_1 %uint_0 %float_1\n\
                 OpReturn",
            );
        let words = crate::front::assemble_spirv(&text).unwrap();
        let lowered = lower_float_min_max(words).unwrap();
        assert_eq!(lowered.float_min_max, 2);
        let module = rspirv::dr::load_words(&lowered.words).unwrap();
        let ops: Vec<Op> = module.all_inst_iter().map(|i| i.class.opcode).collect();
        assert!(!ops.contains(&Op::AtomicFMinEXT) && !ops.contains(&Op::AtomicFMaxEXT));
        assert!(ops.contains(&Op::AtomicSMin) && ops.contains(&Op::AtomicSMax));
        assert!(ops.contains(&Op::AtomicFAddEXT));
        let signed: Vec<&Instruction> = module
            .all_inst_iter()
            .filter(|i| matches!(i.class.opcode, Op::AtomicSMin | Op::AtomicSMax))
            .collect();
        for inst in signed {
            // The float result type and operands are kept.
            assert_eq!(inst.result_type, Some(module_float(&module)));
        }
        let capabilities: Vec<&Operand> =
            module.capabilities.iter().map(|i| &i.operands[0]).collect();
        assert_eq!(
            capabilities,
            [
                &Operand::Capability(Capability::Shader),
                &Operand::Capability(Capability::AtomicFloat32AddEXT)
            ]
        );
        assert_eq!(module.extensions.len(), 1);
        assert!(is_string(
            &module.extensions[0],
            "SPV_EXT_shader_atomic_float_add"
        ));
    }

    fn module_float(module: &rspirv::dr::Module) -> Word {
        module
            .types_global_values
            .iter()
            .find(|i| i.class.opcode == Op::TypeFloat)
            .and_then(|i| i.result_id)
            .unwrap()
    }

    /// PLAIN with an `OpAtomicFMinEXT` on a `width`-bit float.
    fn with_min_on_width(width: u32, capability: &str) -> String {
        PLAIN
            .replace(
                "OpCapability Shader",
                &format!("OpCapability Shader\nOpCapability {capability}"),
            )
            .replace(
                "OpExtension \"SPV_EXT_shader_atomic_float_add\"",
                "OpExtension \"SPV_EXT_shader_atomic_float_add\"\nOpExtension \"SPV_EXT_shader_atomic_float_min_max\"",
            )
            .replace(
                "%buf = OpVariable",
                &format!("%wide = OpTypeFloat {width}\n%ptr_d = OpTypePointer StorageBuffer %wide\n%D = OpTypeStruct %wide\n%ptr_D = OpTypePointer StorageBuffer %D\n%dbuf = OpVariable %ptr_D StorageBuffer\n%wide_1 = OpConstant %wide 1\n%buf = OpVariable"),
            )
            .replace(
                "OpReturn",
                "%r = OpAccessChain %ptr_d %dbuf %uint_0\n\
                 %c = OpAtomicFMinEXT %wide %r %uint_1 %uint_0 %wide_1\n\
                 OpReturn",
            )
    }

    #[test]
    fn float_min_max_on_64_bit_floats_is_lowered() {
        let text = with_min_on_width(64, "Float64\nOpCapability AtomicFloat64MinMaxEXT");
        let words = crate::front::assemble_spirv(&text).unwrap();
        let lowered = lower_float_min_max(words).unwrap();
        assert_eq!(lowered.float_min_max, 1);
    }

    #[test]
    fn float_min_max_on_16_bit_floats_is_lowered_for_the_pass_to_widen() {
        let text = with_min_on_width(16, "Float16\nOpCapability AtomicFloat16MinMaxEXT");
        let words = crate::front::assemble_spirv(&text).unwrap();
        let lowered = lower_float_min_max(words).unwrap();
        assert_eq!(lowered.float_min_max, 1);
    }
}
