//! Drops the 16-bit storage capabilities that a module declares but does
//! not use, and declares the extension that the remaining ones need.
//!
//! naga declares `StorageInputOutput16` and
//! `UniformAndStorageBuffer16BitAccess` in every module that has an f16
//! anywhere. Each is a separate device feature in Vulkan
//! (`storageInputOutput16`, `uniformAndStorageBuffer16BitAccess`) that
//! many drivers lack, and wgpu's SPIR-V reader refuses
//! `StorageInputOutput16` outright, so a compute shader that keeps f16
//! only in storage buffers would be rejected for features it never uses.
//! A capability stays when some variable of its storage class (Input or
//! Output; Uniform; StorageBuffer) holds a 16-bit scalar. naga also
//! declares `StorageBuffer16BitAccess` when f16 appears only in values
//! (`let h = f16(x);`), without the `SPV_KHR_16bit_storage` extension that
//! SPIR-V before 1.3 requires for it.

use std::collections::HashMap;

use rspirv::binary::Assemble as _;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{Capability, Op, StorageClass, Word};

/// The module without the 16-bit capabilities it does not use, or `None`
/// when there is nothing to drop.
pub fn drop_unused_16bit_capabilities(words: &[u32]) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| e.to_string())?;
    let declared = |cap: Capability| {
        module
            .capabilities
            .iter()
            .any(|i| i.operands.first() == Some(&Operand::Capability(cap)))
    };
    let candidates: Vec<(Capability, &[StorageClass])> = [
        (
            Capability::StorageInputOutput16,
            &[StorageClass::Input, StorageClass::Output][..],
        ),
        (
            Capability::UniformAndStorageBuffer16BitAccess,
            &[StorageClass::Uniform][..],
        ),
        // `UniformAndStorageBuffer16BitAccess` implies this one, so
        // 16-bit uniforms keep it too.
        (
            Capability::StorageBuffer16BitAccess,
            &[
                StorageClass::StorageBuffer,
                StorageClass::Uniform,
                StorageClass::PushConstant,
            ][..],
        ),
    ]
    .into_iter()
    .filter(|(cap, _)| declared(*cap))
    .collect();
    if candidates.is_empty() {
        return Ok(None);
    }

    let types: HashMap<Word, &Instruction> = module
        .types_global_values
        .iter()
        .filter_map(|i| i.result_id.map(|id| (id, i)))
        .collect();
    let classes_with_16bit: Vec<StorageClass> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Variable)
        .filter_map(|i| {
            let class = match i.operands.first() {
                Some(&Operand::StorageClass(c)) => c,
                _ => return None,
            };
            let pointer = i.result_type?;
            holds_16bit(&types, pointer, 0).then_some(class)
        })
        .collect();
    let unused: Vec<Capability> = candidates
        .into_iter()
        .filter(|(_, classes)| !classes.iter().any(|c| classes_with_16bit.contains(c)))
        .map(|(cap, _)| cap)
        .collect();
    if unused.is_empty() {
        return Ok(None);
    }
    module.capabilities.retain(
        |i| !matches!(i.operands.first(), Some(Operand::Capability(c)) if unused.contains(c)),
    );
    Ok(Some(module.assemble()))
}

/// Capabilities that SPIR-V before 1.3 only has through
/// `SPV_KHR_16bit_storage`.
const STORAGE_16BIT: [Capability; 4] = [
    Capability::StorageBuffer16BitAccess,
    Capability::UniformAndStorageBuffer16BitAccess,
    Capability::StoragePushConstant16,
    Capability::StorageInputOutput16,
];
const STORAGE_16BIT_EXTENSION: &str = "SPV_KHR_16bit_storage";

/// The module with `OpExtension "SPV_KHR_16bit_storage"` when it declares a
/// 16-bit storage capability, is older than 1.3 (where the extension became
/// core) and lacks the extension; `None` when nothing is missing.
pub fn add_16bit_storage_extension(words: &[u32]) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| e.to_string())?;
    let version = module
        .header
        .as_ref()
        .map(|h| h.version())
        .ok_or("the module has no header")?;
    if version >= (1, 3) {
        return Ok(None);
    }
    let needs = module.capabilities.iter().any(
        |i| matches!(i.operands.first(), Some(Operand::Capability(c)) if STORAGE_16BIT.contains(c)),
    );
    let has = module.extensions.iter().any(|i| {
        matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == STORAGE_16BIT_EXTENSION)
    });
    if !needs || has {
        return Ok(None);
    }
    module.extensions.push(Instruction::new(
        Op::Extension,
        None,
        None,
        vec![Operand::LiteralString(STORAGE_16BIT_EXTENSION.to_string())],
    ));
    Ok(Some(module.assemble()))
}

const DESCRIPTOR_INDEXING_EXTENSION: &str = "SPV_EXT_descriptor_indexing";

/// The module with `OpCapability RuntimeDescriptorArray` (and its extension
/// before SPIR-V 1.5) when a variable is a runtime-sized array of
/// resources (WGSL's `binding_array<T>` without a size, GLSL's
/// `sampler2D tex[]`): naga writes the array but not the capability,
/// without which Vulkan allows runtime arrays only as the last member of
/// a buffer block. `None` when nothing is missing.
pub fn declare_runtime_descriptor_arrays(words: &[u32]) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| e.to_string())?;
    let types: HashMap<Word, &Instruction> = module
        .types_global_values
        .iter()
        .filter_map(|i| i.result_id.map(|id| (id, i)))
        .collect();
    let pointee = |pointer: Word| {
        let pointer = types.get(&pointer)?;
        (pointer.class.opcode == Op::TypePointer).then_some(())?;
        match pointer.operands.get(1) {
            Some(&Operand::IdRef(pointee)) => types.get(&pointee),
            _ => None,
        }
    };
    let needs = module.types_global_values.iter().any(|i| {
        i.class.opcode == Op::Variable
            && i.result_type
                .and_then(pointee)
                .is_some_and(|t| t.class.opcode == Op::TypeRuntimeArray)
    });
    let has = module.capabilities.iter().any(|i| {
        i.operands.first() == Some(&Operand::Capability(Capability::RuntimeDescriptorArray))
    });
    if !needs || has {
        return Ok(None);
    }
    module.capabilities.push(Instruction::new(
        Op::Capability,
        None,
        None,
        vec![Operand::Capability(Capability::RuntimeDescriptorArray)],
    ));
    let version = module
        .header
        .as_ref()
        .map(|h| h.version())
        .ok_or("the module has no header")?;
    let has_extension = module.extensions.iter().any(|i| {
        matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == DESCRIPTOR_INDEXING_EXTENSION)
    });
    if version < (1, 5) && !has_extension {
        module.extensions.push(Instruction::new(
            Op::Extension,
            None,
            None,
            vec![Operand::LiteralString(
                DESCRIPTOR_INDEXING_EXTENSION.to_string(),
            )],
        ));
    }
    Ok(Some(module.assemble()))
}

/// Whether the type `id` (a pointer's pointee, an aggregate's members)
/// contains a 16-bit integer or float.
fn holds_16bit(types: &HashMap<Word, &Instruction>, id: Word, depth: usize) -> bool {
    let Some(inst) = types.get(&id) else {
        return false;
    };
    // Types are acyclic except through physical pointers, which no shader
    // of ours has; the bound only guards against malformed input.
    if depth > 64 {
        return false;
    }
    let refs = || {
        inst.operands.iter().filter_map(|o| match *o {
            Operand::IdRef(r) => Some(r),
            _ => None,
        })
    };
    match inst.class.opcode {
        Op::TypeInt | Op::TypeFloat => inst.operands.first() == Some(&Operand::LiteralBit32(16)),
        Op::TypeVector | Op::TypeMatrix | Op::TypeArray | Op::TypeRuntimeArray => refs()
            .next()
            .is_some_and(|element| holds_16bit(types, element, depth + 1)),
        Op::TypeStruct | Op::TypePointer => refs().any(|r| holds_16bit(types, r, depth + 1)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::back::{emit, EmitOptions, OutputFormat};

    fn capabilities(wgsl: &str) -> String {
        let module = naga::front::wgsl::parse_str(wgsl).unwrap();
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .validate(&module)
        .unwrap();
        let output = emit(
            &module,
            &info,
            OutputFormat::SpirvAssembly,
            &EmitOptions::default(),
        )
        .unwrap();
        output
            .text()
            .unwrap()
            .lines()
            .filter(|l| l.contains("OpCapability"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A runtime-sized array of textures and one of samplers (what a
    /// GLSL `sampler2D tex[]` is split into): spirv-val refused the module
    /// before the capability was declared, and `emit` validates it.
    #[test]
    fn runtime_sized_resource_arrays_declare_runtime_descriptor_array() {
        let caps = capabilities(
            "enable wgpu_binding_array;
             @group(0) @binding(0) var tex: binding_array<texture_2d<f32>>;
             @group(0) @binding(1) var samp: binding_array<sampler>;
             @fragment
             fn main(@location(0) @interpolate(flat) i: u32, @location(1) uv: vec2<f32>)
                 -> @location(0) vec4<f32> {
                 return textureSample(tex[i], samp[i], uv);
             }",
        );
        assert!(caps.contains("RuntimeDescriptorArray"), "{caps}");
    }

    #[test]
    fn f16_only_in_storage_buffers_needs_no_io_or_uniform_capability() {
        let caps = capabilities(
            "enable f16;
             @group(0) @binding(0) var<storage, read_write> xs: array<f16>;
             @compute @workgroup_size(8)
             fn main(@builtin(global_invocation_id) g: vec3<u32>) { xs[g.x] = xs[g.x] * 2h; }",
        );
        assert!(caps.contains("StorageBuffer16BitAccess"), "{caps}");
        assert!(!caps.contains("StorageInputOutput16"), "{caps}");
        assert!(
            !caps.contains("UniformAndStorageBuffer16BitAccess"),
            "{caps}"
        );
    }

    #[test]
    fn f16_in_uniforms_and_interfaces_keeps_their_capabilities() {
        let caps = capabilities(
            "enable f16;
             @group(0) @binding(0) var<uniform> scale: vec4<f16>;
             struct Out { @builtin(position) p: vec4<f32>, @location(0) c: vec4<f16> }
             @vertex
             fn main() -> Out { return Out(vec4<f32>(0.0), scale); }",
        );
        assert!(caps.contains("StorageInputOutput16"), "{caps}");
        assert!(
            caps.contains("UniformAndStorageBuffer16BitAccess"),
            "{caps}"
        );
    }
}
