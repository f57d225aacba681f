//! Retyping the float atomics' globals to the integer atomics that hold
//! their words.

use std::collections::HashMap;

use naga::{GlobalVariable, Handle, Module, Scalar, Type, TypeInner};

use super::{float_atomic, is_float_atomic, Strategy};

/// Gives the planned globals the same types with their float atomics made
/// integer. Named structs that no global uses any more lose their name, so
/// that compaction drops them instead of writing them out unused.
pub(super) fn retype_globals(
    module: &mut Module,
    plan: &HashMap<Handle<GlobalVariable>, Strategy>,
) {
    let mut planned: Vec<_> = plan.iter().map(|(g, s)| (*g, *s)).collect();
    planned.sort_by_key(|(g, _)| g.index());
    let mut done: HashMap<(Handle<Type>, Scalar), Handle<Type>> = HashMap::new();
    for (global, strategy) in planned {
        let ty = module.global_variables[global].ty;
        let new = retype(module, ty, strategy, &mut done);
        module.global_variables[global].ty = new;
    }
    let replaced: Vec<Handle<Type>> = done
        .iter()
        .filter(|(k, v)| k.0 != **v)
        .map(|(k, _)| k.0)
        .collect();
    for ty in replaced {
        let still_used = module
            .global_variables
            .iter()
            .any(|(_, var)| type_contains(module, var.ty, ty));
        let old = module.types[ty].clone();
        if old.name.is_some() && !still_used {
            let anonymous = Type {
                name: None,
                inner: old.inner,
            };
            if module.types.get(&anonymous).is_none() {
                module.types.replace(ty, anonymous);
            }
        }
    }
}

fn type_contains(module: &Module, ty: Handle<Type>, needle: Handle<Type>) -> bool {
    ty == needle
        || match module.types[ty].inner {
            TypeInner::Array { base, .. } => type_contains(module, base, needle),
            TypeInner::Struct { ref members, .. } => {
                members.iter().any(|m| type_contains(module, m.ty, needle))
            }
            _ => false,
        }
}

/// `ty` with its float atomics made the integer words of `strategy`;
/// `done` is keyed by the word of an f32, whose kind and width differ
/// between strategies.
fn retype(
    module: &mut Module,
    ty: Handle<Type>,
    strategy: Strategy,
    done: &mut HashMap<(Handle<Type>, Scalar), Handle<Type>>,
) -> Handle<Type> {
    let kind = strategy.word(Scalar::F32);
    if let Some(&new) = done.get(&(ty, kind)) {
        return new;
    }
    let original = module.types[ty].clone();
    let inner = match original.inner {
        TypeInner::Atomic(float) if is_float_atomic(&original.inner) => {
            TypeInner::Atomic(strategy.word(float))
        }
        TypeInner::Array { base, size, stride } => TypeInner::Array {
            // An f16 atomic widens to a 4-byte word (only in workgroup
            // memory, where no host sees the layout), an f32 one to a
            // 64-bit fixed-point word (tightly packed arrays only).
            stride: match float_atomic(&module.types[base].inner) {
                Some(float) => {
                    super::fixed::widened_stride(stride, float, strategy.word(float).width.into())
                }
                _ => stride,
            },
            base: retype(module, base, strategy, done),
            size,
        },
        TypeInner::Struct { ref members, span } => {
            let mut members = members.clone();
            for m in members.iter_mut() {
                m.ty = retype(module, m.ty, strategy, done);
            }
            TypeInner::Struct { members, span }
        }
        _ => return ty,
    };
    let new = module.types.insert(
        Type {
            name: original.name.clone(),
            inner,
        },
        module.types.get_span(ty),
    );
    done.insert((ty, kind), new);
    new
}
