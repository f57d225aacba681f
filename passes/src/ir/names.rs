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
