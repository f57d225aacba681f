//! Compute entry points read from SPIR-V (GLSL through glslang included),
//! put into the shape the rest of the pass reads.
//!
//! naga's SPIR-V reader gives a GLSL `main` as a wrapper entry point that
//! copies its built-in arguments into private globals and calls the
//! shader's `main` (`main_1`), which reads the built-ins back from those
//! globals and keeps every GLSL variable in a local `var`:
//!
//! ```text
//! var<private> gid_1: vec3<u32>;          fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
//! fn main_1() {                               let i = gid.x;
//!     var i: u32;                             ...a[i]...
//!     i = gid_1.x;                 =>     }
//!     ...a[i]...
//! }
//! fn main(@builtin(...) gid: vec3<u32>) { gid_1 = gid; main_1(); }
//! ```
//!
//! Here the call is inlined, the loads of the private built-ins become the
//! arguments, locals stored once before they are read become the stored
//! values, so that the record index is `global_invocation_id.x` itself,
//! and nested blocks are spliced into their parents. The pass runs on the result; where it coalesces nothing, it
//! puts the module back as it was.

use std::collections::HashMap;

use naga::{
    AddressSpace, Binding, Expression, Function, GlobalVariable, Handle, Literal, Module,
    ShaderStage, Statement,
};

use crate::analysis::uniformity::FunctionRef;

mod helpers;

use crate::ir::{
    for_each_statement, inline_call, pointer_global, promote_single_store_locals,
    remove_uncalled_function, splice_nested_blocks, substitute_uses, CallSite, IntegerConstants,
};
pub use helpers::callers_of_global_left;

/// A wrapper entry point: its stores of built-in arguments into private
/// globals, then its call.
struct Wrapper {
    /// Each private global, with the argument expression stored into it.
    builtins: Vec<(Handle<GlobalVariable>, Handle<Expression>)>,
    call: usize,
    callee: Handle<Function>,
}

/// Normalises every compute entry point of `module`: a SPIR-V wrapper is
/// inlined, calls to helpers that access record buffers are inlined
/// ([`helpers`]), and locals stored once are promoted; whether anything
/// changed.
pub fn normalize(module: &mut Module) -> bool {
    let mut changed = false;
    for index in 0..module.entry_points.len() {
        if module.entry_points[index].stage != ShaderStage::Compute {
            continue;
        }
        let mut changed_here = false;
        if let Some(wrapper) = wrapper(module, index) {
            let inlined = inline_call(
                module,
                FunctionRef::EntryPoint(index),
                &[wrapper.call as u32],
                CallSite::Tail,
            );
            if inlined.is_ok() {
                changed_here = true;
                // Before the built-ins: the callee reads them too.
                remove_uncalled_function(module, wrapper.callee);
                read_builtins_from_arguments(module, index, &wrapper);
            }
        }
        changed_here |= helpers::inline_record_helpers(module, index);
        let constants = IntegerConstants::of(module);
        let function = &mut module.entry_points[index].function;
        // WGSL's `var i = gid.x;` is such a local too.
        changed_here |= !promote_single_store_locals(function, &constants).is_empty();
        if changed_here {
            // naga's GLSL reader wraps the body of each `if` in a block
            // (`if c { { return; } }`), which hides the bounds guard.
            splice_nested_blocks(&mut function.body);
        }
        changed |= changed_here;
    }
    changed
}

/// The entry point at `index` as a wrapper: stores of built-in arguments
/// into private globals that nothing else writes, a call without
/// arguments, and a `return`.
fn wrapper(module: &Module, index: usize) -> Option<Wrapper> {
    let function = &module.entry_points[index].function;
    let e = &function.expressions;
    let mut builtins = Vec::new();
    for (n, statement) in function.body.iter().enumerate() {
        match *statement {
            Statement::Emit(_) => {}
            Statement::Store { pointer, value } => {
                let Expression::GlobalVariable(g) = e[pointer] else {
                    return None;
                };
                let Expression::FunctionArgument(a) = e[value] else {
                    return None;
                };
                let is_builtin = matches!(
                    function.arguments[a as usize].binding,
                    Some(Binding::BuiltIn(_))
                );
                if module.global_variables[g].space != AddressSpace::Private || !is_builtin {
                    return None;
                }
                builtins.push((g, value));
            }
            Statement::Call {
                function: callee,
                ref arguments,
                result: None,
            } if arguments.is_empty() => {
                let rest_returns =
                    function.body.iter().skip(n + 1).all(|s| {
                        matches!(s, Statement::Emit(_) | Statement::Return { value: None })
                    });
                let written_elsewhere = builtins
                    .iter()
                    .any(|&(g, _)| module.functions.iter().any(|(_, f)| writes_global(f, g)));
                return (rest_returns && !written_elsewhere).then_some(Wrapper {
                    builtins,
                    call: n,
                    callee,
                });
            }
            _ => return None,
        }
    }
    None
}

/// Whether a statement of `function` stores into `global` or passes a
/// pointer into it on.
fn writes_global(function: &Function, global: Handle<GlobalVariable>) -> bool {
    let e = &function.expressions;
    let into_global = |pointer| pointer_global(e, pointer) == Some(global);
    let mut writes = false;
    for_each_statement(&function.body, &mut |s, _| match *s {
        Statement::Store { pointer, .. } | Statement::Atomic { pointer, .. } => {
            writes |= into_global(pointer)
        }
        Statement::Call { ref arguments, .. } => {
            writes |= arguments.iter().any(|&a| into_global(a))
        }
        _ => {}
    });
    writes
}

/// Replaces the inlined body's loads of the private built-ins by the
/// arguments stored into them; the stores go where no other function
/// reads the globals.
fn read_builtins_from_arguments(module: &mut Module, index: usize, wrapper: &Wrapper) {
    let argument_of: HashMap<_, _> = wrapper.builtins.iter().copied().collect();
    let Module {
        ref mut entry_points,
        ref constants,
        ref global_expressions,
        ..
    } = *module;
    let function = &mut entry_points[index].function;
    let mut substitutions = HashMap::new();
    let mut in_place = Vec::new();
    for (h, x) in function.expressions.iter() {
        let Expression::Load { pointer } = *x else {
            continue;
        };
        match function.expressions[pointer] {
            Expression::GlobalVariable(g) => {
                if let Some(&argument) = argument_of.get(&g) {
                    substitutions.insert(h, argument);
                }
            }
            // `gid_1.x` loaded through a pointer: the component of the
            // argument, evaluated where the load was.
            Expression::AccessIndex { base, index } => {
                if let Expression::GlobalVariable(g) = function.expressions[base] {
                    if let Some(&argument) = argument_of.get(&g) {
                        in_place.push((h, argument, index));
                    }
                }
            }
            Expression::Access { base, index } => {
                let literal = match function.expressions[index] {
                    Expression::Literal(l) => Some(l),
                    Expression::Constant(c) => match global_expressions[constants[c].init] {
                        Expression::Literal(l) => Some(l),
                        _ => None,
                    },
                    _ => None,
                };
                let constant = match literal {
                    Some(Literal::U32(i)) => Some(i),
                    Some(Literal::I32(i)) => u32::try_from(i).ok(),
                    _ => None,
                };
                if let (Expression::GlobalVariable(g), Some(index)) =
                    (&function.expressions[base], constant)
                {
                    if let Some(&argument) = argument_of.get(g) {
                        in_place.push((h, argument, index));
                    }
                }
            }
            _ => {}
        }
    }
    for (h, base, index) in in_place {
        function.expressions[h] = Expression::AccessIndex { base, index };
    }
    if substitute_uses(
        &mut function.expressions,
        &mut function.body,
        &substitutions,
    )
    .is_err()
    {
        return;
    }
    let still_read: Vec<_> = wrapper
        .builtins
        .iter()
        .filter(|&&(g, _)| {
            module.functions.iter().any(|(_, f)| {
                f.expressions
                    .iter()
                    .any(|(_, x)| matches!(*x, Expression::GlobalVariable(v) if v == g))
            })
        })
        .map(|&(g, _)| g)
        .collect();
    let function = &mut module.entry_points[index].function;
    let e = &function.expressions;
    let body = std::mem::take(&mut function.body);
    let mut kept = naga::Block::with_capacity(body.len());
    for (statement, span) in body.span_into_iter() {
        let removable = match statement {
            Statement::Store { pointer, .. } => matches!(
                e[pointer],
                Expression::GlobalVariable(g) if argument_of.contains_key(&g) && !still_read.contains(&g)
            ),
            _ => false,
        };
        if !removable {
            kept.push(statement, span);
        }
    }
    function.body = kept;
}

#[cfg(test)]
mod tests {
    use naga::valid::{Capabilities, ValidationFlags, Validator};

    use super::*;

    /// The shape naga's SPIR-V reader gives a GLSL compute shader, written
    /// in WGSL; `body` is `main_1`'s.
    fn spirv_shaped(body: &str) -> Module {
        let source = format!(
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<private> gid_1: vec3<u32>;
fn main_1() {{
{body}
}}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    gid_1 = gid;
    main_1();
}}"
        );
        naga::front::wgsl::parse_str(&source).expect("test shaders parse")
    }

    fn normalized(body: &str) -> Module {
        let mut module = spirv_shaped(body);
        assert!(normalize(&mut module), "not a wrapper");
        Validator::new(ValidationFlags::all(), Capabilities::all())
            .validate(&module)
            .unwrap_or_else(|e| panic!("invalid after normalising: {e:?}"));
        module
    }

    fn entry_wgsl(module: &Module) -> String {
        let info = Validator::new(ValidationFlags::all(), Capabilities::all())
            .validate(module)
            .unwrap();
        naga::back::wgsl::write_string(module, &info, naga::back::wgsl::WriterFlags::empty())
            .unwrap()
    }

    /// Whether the entry point still reads local `name` (inlined from
    /// `main_1`).
    fn loads_local(module: &Module, name: &str) -> bool {
        entry_wgsl(module).contains(&format!("= main_1_{name};"))
    }

    #[test]
    fn the_wrapper_is_inlined_and_reads_its_arguments() {
        let module = normalized(
            "    var i: u32;
    var k = 3u;
    i = gid_1.x;
    out[i] = i;
    k += 1u;
    out[k] = k;",
        );
        assert!(module.functions.is_empty(), "main_1 is left");
        let f = &module.entry_points[0].function;
        assert!(
            !f.body.iter().any(|s| matches!(*s, Statement::Call { .. })),
            "the call is left"
        );
        let wgsl = entry_wgsl(&module);
        // The store's index and value are the argument's component itself.
        assert!(wgsl.contains("out[gid.x] = gid.x;"), "{wgsl}");
        assert!(!wgsl.contains("gid_1 = gid"), "{wgsl}");
        // An initialised local keeps its initialiser.
        assert!(wgsl.contains("var main_1_k: u32 = 3u;"), "{wgsl}");
    }

    #[test]
    fn a_local_stored_once_before_its_loads_is_promoted() {
        let module = normalized(
            "    var i: u32;
    i = gid_1.x * 2u;
    if i > 10u { out[i] = 1u; }
    out[i + 1u] = i;",
        );
        assert!(!loads_local(&module, "i"), "{}", entry_wgsl(&module));
    }

    #[test]
    fn a_local_stored_from_another_promoted_local_reads_its_value() {
        let module = normalized(
            "    var i: u32;
    var j: u32;
    i = gid_1.x;
    j = i;
    out[j] = i;",
        );
        assert!(!loads_local(&module, "i"));
        assert!(!loads_local(&module, "j"));
        let wgsl = entry_wgsl(&module);
        assert!(wgsl.contains("out[gid.x] = gid.x;"), "{wgsl}");
    }

    #[test]
    fn a_local_stored_twice_stays() {
        let module = normalized(
            "    var i: u32;
    i = gid_1.x;
    i = i + 1u;
    out[i] = 1u;",
        );
        assert!(loads_local(&module, "i"), "{}", entry_wgsl(&module));
    }

    #[test]
    fn a_local_stored_in_a_branch_stays() {
        let module = normalized(
            "    var i: u32;
    if gid_1.x > 3u { i = gid_1.x; }
    out[i] = 1u;",
        );
        assert!(loads_local(&module, "i"), "{}", entry_wgsl(&module));
    }

    #[test]
    fn a_local_read_before_its_store_stays() {
        let module = normalized(
            "    var i: u32;
    out[0] = i;
    i = gid_1.x;
    out[i] = 1u;",
        );
        assert!(loads_local(&module, "i"), "{}", entry_wgsl(&module));
    }

    #[test]
    fn a_local_whose_pointer_is_passed_on_stays() {
        let source = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<private> gid_1: vec3<u32>;
fn bump(p: ptr<function, u32>) { *p = *p + 1u; }
fn main_1() {
    var i: u32;
    i = gid_1.x;
    bump(&i);
    out[i] = 1u;
}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    gid_1 = gid;
    main_1();
}";
        let mut module = naga::front::wgsl::parse_str(source).unwrap();
        assert!(normalize(&mut module));
        assert!(loads_local(&module, "i"), "{}", entry_wgsl(&module));
        // `bump` is still called, and renumbered.
        assert_eq!(module.functions.len(), 1);
    }

    #[test]
    fn a_builtin_global_written_elsewhere_is_no_wrapper() {
        let source = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<private> gid_1: vec3<u32>;
fn main_1() {
    gid_1.x = 0u;
    out[gid_1.x] = 1u;
}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    gid_1 = gid;
    main_1();
}";
        let mut module = naga::front::wgsl::parse_str(source).unwrap();
        assert!(wrapper(&module, 0).is_none());
        // `main_1` is inlined as a helper that accesses `out`, but the
        // private copy of the built-in stays what `main_1` reads.
        normalize(&mut module);
        let wgsl = entry_wgsl(&module);
        assert!(wgsl.contains("gid_1_ = gid;"), "{wgsl}");
        assert!(wgsl.contains("gid_1_.x"), "{wgsl}");
    }

    #[test]
    fn an_entry_point_that_does_more_than_call_is_no_wrapper() {
        let source = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<private> gid_1: vec3<u32>;
fn main_1() { out[gid_1.x] = 1u; }
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    gid_1 = gid;
    main_1();
    out[0] = 2u;
}";
        let mut module = naga::front::wgsl::parse_str(source).unwrap();
        assert!(wrapper(&module, 0).is_none());
        // `main_1` is inlined as a helper that accesses `out`, but the
        // private copy of the built-in stays what `main_1` reads.
        normalize(&mut module);
        let wgsl = entry_wgsl(&module);
        assert!(wgsl.contains("gid_1_ = gid;"), "{wgsl}");
        assert!(wgsl.contains("gid_1_.x"), "{wgsl}");
    }

    #[test]
    fn a_helper_that_accesses_a_record_buffer_is_inlined_and_a_var_promoted() {
        let source = "struct P { a: f32, b: f32 }
@group(0) @binding(0) var<storage, read_write> out: array<P>;
fn put(i: u32) { out[i] = P(1.0, 2.0); }
fn twice(x: f32) -> f32 { return 2.0 * x; }
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var index = gid.x;
    put(index);
    loop {
        put(index + 1u);
        if twice(1.0) > 0.0 { break; }
    }
}";
        let mut module = naga::front::wgsl::parse_str(source).unwrap();
        assert!(normalize(&mut module));
        Validator::new(ValidationFlags::all(), Capabilities::all())
            .validate(&module)
            .unwrap_or_else(|e| panic!("invalid after normalising: {e:?}"));
        let wgsl = entry_wgsl(&module);
        // The call outside the loop is inlined, with the var's value as
        // its argument; the one in the loop stays, and so does `put`.
        assert!(wgsl.contains("out[gid.x] = P(1f, 2f);"), "{wgsl}");
        assert!(wgsl.contains("put((gid.x + 1u));"), "{wgsl}");
        // A function that touches no record buffer is not inlined.
        assert!(wgsl.contains("twice(1f)"), "{wgsl}");
    }

    #[test]
    fn a_plain_entry_point_is_left_as_it_is() {
        let source = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    out[gid.x] = 1u;
}";
        let mut module = naga::front::wgsl::parse_str(source).unwrap();
        assert!(!normalize(&mut module));
    }
}
