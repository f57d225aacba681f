//! How messages name a global variable. GLSL's interface blocks without
//! an instance name (`buffer B { float v[]; };`) become unnamed globals
//! of a struct type: the shader knows them by their members, or by the
//! block's name.

use naga::{Handle, Module, TypeInner};

/// The name a shader uses for `global`: the variable's own name; for an
/// unnamed block, its only member or its runtime-sized array (`v`), else
/// the block's type name (`B`); `global N` when none is known.
pub fn global_name(module: &Module, global: Handle<naga::GlobalVariable>) -> String {
    let var = &module.global_variables[global];
    if let Some(name) = var.name.clone().filter(|n| !n.is_empty()) {
        return name;
    }
    let ty = &module.types[var.ty];
    if let TypeInner::Struct { ref members, .. } = ty.inner {
        let member = match members.as_slice() {
            [only] => only.name.clone(),
            [.., last] if runtime_sized(module, last.ty) => last.name.clone(),
            _ => None,
        };
        if let Some(name) = member.or_else(|| ty.name.clone()).filter(|n| !n.is_empty()) {
            return name;
        }
    }
    format!("global {}", global.index())
}

fn runtime_sized(module: &Module, ty: Handle<naga::Type>) -> bool {
    matches!(
        module.types[ty].inner,
        TypeInner::Array {
            size: naga::ArraySize::Dynamic,
            ..
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The globals of `source` with their names removed, as SPIR-V of an
    /// unnamed GLSL block has them, beside the named `kept`.
    #[test]
    fn unnamed_blocks_are_named_by_member_or_block() {
        let mut module = naga::front::wgsl::parse_str(
            "struct Sized { n: u32, v: array<f32> }
struct Pair { a: u32, b: u32 }
struct One { only: vec4<f32> }
@group(0) @binding(0) var<storage, read_write> sized: Sized;
@group(0) @binding(1) var<storage, read_write> pair: Pair;
@group(0) @binding(2) var<uniform> one: One;
@group(0) @binding(3) var<storage, read_write> kept: Pair;
@compute @workgroup_size(1)
fn main() { sized.v[0] = f32(pair.a + u32(one.only.x) + kept.b); }",
        )
        .unwrap();
        let handles: Vec<_> = module.global_variables.iter().map(|(h, _)| h).collect();
        for &h in &handles[..3] {
            module.global_variables[h].name = None;
        }
        let names: Vec<String> = handles.iter().map(|&h| global_name(&module, h)).collect();
        assert_eq!(names, ["v", "Pair", "only", "kept"]);
    }
}
