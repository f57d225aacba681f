//! Where a module uses a kind of type, for diagnostics that refuse it.
//!
//! A type's own span is often undefined (naga's readers make scalar types
//! as they meet them, and a WGSL `array<f64>` gives the array a span but
//! not its `f64`), so the place is looked for where the source names
//! values: global variables, then local variables, then expressions (with
//! the validator's types), then the types themselves.

use naga::valid::ModuleInfo;
use naga::{Handle, Module, Span, Type, TypeInner};

/// Where the module first uses a type that `matches` (or a type holding
/// one: an array, struct, pointer or binding array of it), at the first of
/// these that has a place: a global variable, a local variable, an
/// expression, a type. `None` when no type matches; `Some` of an undefined
/// span when nothing that uses one has a place.
pub fn first_place_using(
    module: &Module,
    info: &ModuleInfo,
    matches: impl Fn(&TypeInner) -> bool,
) -> Option<Span> {
    let matches = &matches;
    let holding = holding_types(module, matches);
    let holds = |ty: Handle<Type>| holding[ty.index()];
    let defined = |span: Span| span.is_defined().then_some(span);
    let globals = module
        .global_variables
        .iter()
        .filter(|(_, g)| holds(g.ty))
        .find_map(|(h, _)| defined(module.global_variables.get_span(h)));
    let functions = || {
        module.functions.iter().map(|(h, f)| (f, &info[h])).chain(
            module
                .entry_points
                .iter()
                .enumerate()
                .map(|(i, ep)| (&ep.function, info.get_entry_point(i))),
        )
    };
    let locals = || {
        functions().find_map(|(f, _)| {
            f.local_variables
                .iter()
                .filter(|(_, l)| holds(l.ty))
                .find_map(|(h, _)| defined(f.local_variables.get_span(h)))
        })
    };
    // Values may have such a type that no declaration names (`f16(x)`).
    let expressions = functions()
        .flat_map(|(f, f_info)| {
            f.expressions
                .iter()
                .filter(move |&(h, _)| matches(f_info[h].ty.inner_with(&module.types)))
                .map(move |(h, _)| f.expressions.get_span(h))
        })
        .collect::<Vec<Span>>();
    if expressions.is_empty() && !holding.iter().any(|&h| h) {
        return None;
    }
    let expressions = || expressions.iter().copied().find_map(defined);
    let types = || {
        module
            .types
            .iter()
            .filter(|&(h, _)| holds(h))
            .find_map(|(h, _)| defined(module.types.get_span(h)))
    };
    Some(
        globals
            .or_else(locals)
            .or_else(expressions)
            .or_else(types)
            .unwrap_or(Span::UNDEFINED),
    )
}

/// For each type of the module, whether it is or holds a type that
/// `matches`. Types refer only to types before them.
fn holding_types(module: &Module, matches: &impl Fn(&TypeInner) -> bool) -> Vec<bool> {
    let mut holding = Vec::with_capacity(module.types.len());
    for (_, ty) in module.types.iter() {
        let holds = matches(&ty.inner)
            || match ty.inner {
                TypeInner::Array { base, .. }
                | TypeInner::BindingArray { base, .. }
                | TypeInner::Pointer { base, .. } => holding.get(base.index()) == Some(&true),
                TypeInner::Struct { ref members, .. } => members
                    .iter()
                    .any(|m| holding.get(m.ty.index()) == Some(&true)),
                _ => false,
            };
        holding.push(holds);
    }
    holding
}
