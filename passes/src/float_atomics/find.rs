//! Finding the float atomics to rewrite: every access to a float atomic,
//! what the target's 64-bit atomics lack, where f16 atomics cannot widen,
//! and the sign every stored value provably has.

use std::collections::HashMap;

use naga::{
    AddressSpace, AtomicFunction, Expression, GlobalVariable, Handle, Module, Scalar, ScalarKind,
    Span, Statement, Type, TypeInner,
};

use crate::analysis::value_sign::{SignBit, ValueSign};
use crate::ir::{for_each_statement, function_of, read_expressions, FunctionRef};
use crate::Target;

use super::{float_atomic, float_atomic_global, is_float_atomic, Access, AccessKind, Strategy};

/// Why the f16 atomics of `global` cannot be widened to 32-bit words, if
/// it has any: widening changes the layout, which the host shares for
/// every address space but workgroup memory, and which structs would need
/// re-laid out for.
pub(super) fn f16_not_widenable(
    module: &Module,
    global: Handle<GlobalVariable>,
) -> Option<&'static str> {
    fn has_f16(module: &Module, ty: Handle<Type>) -> bool {
        match module.types[ty].inner {
            ref inner if float_atomic(inner).is_some_and(|f| f.width == 2) => true,
            TypeInner::Array { base, .. } => has_f16(module, base),
            TypeInner::Struct { ref members, .. } => members.iter().any(|m| has_f16(module, m.ty)),
            _ => false,
        }
    }
    let var = &module.global_variables[global];
    if !has_f16(module, var.ty) {
        return None;
    }
    if var.space != AddressSpace::WorkGroup {
        return Some("the wider words would change the buffer layout the host shares");
    }
    let widenable = match module.types[var.ty].inner {
        ref inner if float_atomic(inner).is_some() => true,
        TypeInner::Array { base, .. } => float_atomic(&module.types[base].inner).is_some(),
        _ => false,
    };
    (!widenable)
        .then_some("only `atomic<f16>` and arrays of it are widened, not structs or nested arrays")
}

/// What the target lacks for the 64-bit integer atomics an f64 atomic
/// becomes, and the first access that needs it beyond min and max.
pub(super) struct Missing64 {
    pub(super) feature: &'static str,
    pub(super) culprit: Option<Span>,
}

pub(super) fn missing_64_bit_atomics(
    target: &Target,
    space: AddressSpace,
    strategy: Strategy,
    uses: &[Access],
) -> Option<Missing64> {
    if !uses.iter().any(|a| a.float.width == 8) || target.int64_atomic_all_ops {
        return None;
    }
    // The rule of 64-bit min/max-only atomics (Metal, some Vulkan drivers):
    // min and max on storage memory, their results unused.
    let beyond_min_max =
        |a: &&Access| !matches!(a.kind, AccessKind::Min | AccessKind::Max) || a.returns;
    let culprit = uses.iter().find(beyond_min_max).map(|a| a.span);
    let min_max_only = matches!(space, AddressSpace::Storage { .. })
        && strategy != Strategy::Cas
        && culprit.is_none();
    if min_max_only {
        return (!target.int64_atomic_min_max).then_some(Missing64 {
            feature: "64-bit integer atomic min/max (`--features int64-atomic-min-max`)",
            culprit: None,
        });
    }
    Some(Missing64 {
        feature: "every 64-bit integer atomic operation (`--features int64-atomics`)",
        culprit,
    })
}

/// Where the float atomics of a type lie, as `path: offset` with the
/// strides of enclosing arrays, e.g. `[i].peak: 4 + 8*i`.
pub(super) fn atomic_offsets(
    types: &naga::UniqueArena<Type>,
    ty: Handle<Type>,
    path: &str,
    offset: u32,
    strides: &mut Vec<(String, u32)>,
    out: &mut Vec<String>,
) {
    match types[ty].inner {
        ref inner if is_float_atomic(inner) => {
            let mut place = format!("{}: {offset}", if path.is_empty() { "value" } else { path });
            for (index, stride) in strides.iter() {
                place.push_str(&format!(" + {stride}*{index}"));
            }
            out.push(place);
        }
        TypeInner::Array { base, stride, .. } => {
            let index = ["i", "j", "k", "l"]
                .get(strides.len())
                .copied()
                .unwrap_or("n");
            strides.push((index.to_string(), stride));
            atomic_offsets(
                types,
                base,
                &format!("{path}[{index}]"),
                offset,
                strides,
                out,
            );
            strides.pop();
        }
        TypeInner::Struct { ref members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let name = m.name.clone().unwrap_or_else(|| format!("member{i}"));
                let path = if path.is_empty() {
                    name
                } else {
                    format!("{path}.{name}")
                };
                atomic_offsets(types, m.ty, &path, offset + m.offset, strides, out);
            }
        }
        _ => {}
    }
}

pub(super) fn scalar_name(scalar: Scalar) -> String {
    let kind = match scalar.kind {
        ScalarKind::Float => "f",
        ScalarKind::Sint => "i",
        _ => "u",
    };
    format!("{kind}{}", scalar.width * 8)
}

pub(super) fn describe(kind: AccessKind) -> &'static str {
    match kind {
        AccessKind::Add => "atomicAdd",
        AccessKind::Subtract => "atomicSub",
        AccessKind::CompareExchange => "atomicCompareExchangeWeak",
        _ => "a bitwise atomic",
    }
}

/// Every access to a float atomic, per global.
pub(super) fn find_accesses(
    module: &Module,
    global_types: &HashMap<Handle<GlobalVariable>, Handle<Type>>,
) -> HashMap<Handle<GlobalVariable>, Vec<Access>> {
    let mut accesses: HashMap<Handle<GlobalVariable>, Vec<Access>> = HashMap::new();
    let functions = module
        .functions
        .iter()
        .map(|(h, _)| FunctionRef::Function(h))
        .chain((0..module.entry_points.len()).map(FunctionRef::EntryPoint));
    for f in functions {
        let function = function_of(module, f);
        let target = |pointer| {
            float_atomic_global(&function.expressions, &module.types, global_types, pointer)
        };
        let read = read_expressions(function);
        let is_read =
            |result: Handle<Expression>| read.as_ref().is_none_or(|r| r.contains(&result));
        for (handle, expression) in function.expressions.iter() {
            if let Expression::Load { pointer } = *expression {
                if let Some((g, float)) = target(pointer) {
                    accesses.entry(g).or_default().push(Access {
                        span: function.expressions.get_span(handle),
                        kind: AccessKind::Load,
                        value: None,
                        function: f,
                        float,
                        returns: true,
                    });
                }
            }
        }
        for_each_statement(&function.body, &mut |statement, span| {
            let (pointer, kind, value, returns) = match *statement {
                Statement::Store { pointer, value } => (pointer, AccessKind::Store, value, false),
                Statement::Atomic {
                    pointer,
                    fun,
                    value,
                    result,
                } => {
                    let kind = match fun {
                        AtomicFunction::Min => AccessKind::Min,
                        AtomicFunction::Max => AccessKind::Max,
                        AtomicFunction::Exchange { compare: None } => AccessKind::Exchange,
                        AtomicFunction::Exchange { compare: Some(_) } => {
                            AccessKind::CompareExchange
                        }
                        AtomicFunction::Add => AccessKind::Add,
                        AtomicFunction::Subtract => AccessKind::Subtract,
                        _ => AccessKind::Other,
                    };
                    (pointer, kind, value, result.is_some_and(is_read))
                }
                _ => return,
            };
            if let Some((g, float)) = target(pointer) {
                accesses.entry(g).or_default().push(Access {
                    span,
                    kind,
                    value: Some(value),
                    function: f,
                    float,
                    returns,
                });
            }
        });
    }
    accesses
}

/// The sign bit every value written to the global provably has, and where
/// the proof fails if it does.
pub(super) fn proven_sign(module: &Module, uses: &[Access]) -> (SignBit, Option<Span>) {
    let mut proven: Option<SignBit> = None;
    for access in uses {
        let Some(value) = access.value else { continue };
        let function = function_of(module, access.function);
        let sign = ValueSign::new(module, function).sign_bit(value);
        proven = Some(match proven {
            None if sign != SignBit::Unknown => sign,
            Some(p) if p == sign => p,
            _ => return (SignBit::Unknown, Some(access.span)),
        });
    }
    (proven.unwrap_or(SignBit::Unknown), None)
}
