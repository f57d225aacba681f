//! Calls that pass a pointer to an element or member of a local or
//! private variable (`set_one(&a[1])`, `scale(&p.pos)`), or of what a
//! pointer parameter points to (`set_one(&(*p)[1])`).
//!
//! naga 30's SPIR-V writer builds a pointer into a composite only where it
//! is dereferenced, so such a call argument has no value there and the
//! writer stops at `unreachable!`. The argument becomes a temporary local
//! instead, of the pointee's declared type (a struct keeps its name, which
//! is part of its type): loaded from the pointer before the call, stored
//! back after it.
//! That is the call's meaning in valid WGSL, whose aliasing rules forbid
//! the callee to reach the same memory by another path while it writes
//! through the parameter.

use naga::{AddressSpace, Expression, Function, Handle, Module, Statement, Type, TypeInner};

use super::{ensure_type, pointer_steps, rewrite_statements, BlockBuilder, PointerRoot};

/// Whether some call of `module` passes such a pointer.
pub fn has_element_pointer_arguments(module: &Module) -> bool {
    super::functions(module).any(|f| {
        let mut found = false;
        super::for_each_statement(&f.body, &mut |statement, _| {
            if let Statement::Call { ref arguments, .. } = *statement {
                found |= arguments
                    .iter()
                    .any(|&a| pointee_type(module, f, a).is_some());
            }
        });
        found
    })
}

/// Passes each such pointer through a temporary local, copied in before
/// the call and out after it; returns how many arguments were rewritten.
pub fn copy_element_pointer_arguments(module: &mut Module) -> usize {
    let mut rewritten = 0;
    let handles: Vec<_> = module.functions.iter().map(|(h, _)| h).collect();
    for handle in handles {
        let mut function = std::mem::take(&mut module.functions[handle]);
        rewritten += copy_in_function(module, &mut function);
        module.functions[handle] = function;
    }
    for index in 0..module.entry_points.len() {
        let mut function = std::mem::take(&mut module.entry_points[index].function);
        rewritten += copy_in_function(module, &mut function);
        module.entry_points[index].function = function;
    }
    rewritten
}

fn copy_in_function(module: &mut Module, function: &mut Function) -> usize {
    // The pointee types first: resolving them may add types to the module.
    let mut pointees = Vec::new();
    super::for_each_statement(&function.body, &mut |statement, _| {
        if let Statement::Call { ref arguments, .. } = *statement {
            for &a in arguments {
                if !pointees.iter().any(|&(h, _)| h == a) {
                    if let Some(pointee) = pointee_type(module, function, a) {
                        pointees.push((a, pointee));
                    }
                }
            }
        }
    });
    if pointees.is_empty() {
        return 0;
    }
    let pointees: Vec<_> = pointees
        .into_iter()
        .map(|(h, (space, pointee))| {
            let ty = match pointee {
                Pointee::Declared(ty) => ty,
                Pointee::Inner(inner) => ensure_type(&mut module.types, inner),
            };
            (h, space, ty)
        })
        .collect();
    let mut rewritten = 0;
    let mut body = std::mem::take(&mut function.body);
    let expressions = &mut function.expressions;
    let locals = &mut function.local_variables;
    let globals = &mut module.global_variables;
    rewrite_statements(&mut body, &mut |statement, span| {
        let Statement::Call {
            function: callee,
            ref arguments,
            result,
        } = *statement
        else {
            return None;
        };
        if !arguments
            .iter()
            .any(|a| pointees.iter().any(|(h, ..)| h == a))
        {
            return None;
        }
        let mut block = BlockBuilder::new(expressions, span).with_locals(locals);
        let mut copies = Vec::new();
        let arguments = arguments
            .iter()
            .map(|&a| match pointees.iter().find(|(h, ..)| *h == a) {
                Some(&(_, space, ty)) => {
                    // The parameter's address space is the pointer's.
                    let temporary = if space == AddressSpace::Private {
                        let global = globals.append(
                            naga::GlobalVariable {
                                name: Some("argument".into()),
                                space,
                                binding: None,
                                ty,
                                init: None,
                                memory_decorations: Default::default(),
                            },
                            span,
                        );
                        block.expr(Expression::GlobalVariable(global))
                    } else {
                        block.local("argument", ty)
                    };
                    let value = block.expr(Expression::Load { pointer: a });
                    block.statement(Statement::Store {
                        pointer: temporary,
                        value,
                    });
                    copies.push((a, temporary));
                    temporary
                }
                None => a,
            })
            .collect();
        rewritten += copies.len();
        block.statement(Statement::Call {
            function: callee,
            arguments,
            result,
        });
        for (pointer, temporary) in copies {
            let value = block.expr(Expression::Load { pointer: temporary });
            block.statement(Statement::Store { pointer, value });
        }
        Some(block.finish())
    });
    function.body = body;
    rewritten
}

/// The type an argument points to: the type itself where the module
/// declares it (an array's element, a struct's member), else the inner
/// type of a vector's component or a matrix's column, to be added.
#[derive(Clone)]
enum Pointee {
    Declared(Handle<Type>),
    Inner(TypeInner),
}

/// The address space and type an argument points to, when it is an
/// `Access`/`AccessIndex` chain into a function-local or private variable,
/// or into what a pointer parameter points to (a function passing on a
/// pointer into its own pointee).
fn pointee_type(
    module: &Module,
    function: &Function,
    argument: Handle<Expression>,
) -> Option<(AddressSpace, Pointee)> {
    let e = &function.expressions;
    if !matches!(
        e[argument],
        Expression::Access { .. } | Expression::AccessIndex { .. }
    ) {
        return None;
    }
    let (root, steps) = pointer_steps(e, argument);
    let (space, root) = match root {
        PointerRoot::Local(l) => (AddressSpace::Function, function.local_variables[l].ty),
        PointerRoot::Global(g) => {
            let global = &module.global_variables[g];
            if global.space != AddressSpace::Private {
                return None;
            }
            (AddressSpace::Private, global.ty)
        }
        PointerRoot::Argument(index) => {
            let argument = function.arguments.get(index as usize)?;
            match module.types[argument.ty].inner {
                TypeInner::Pointer {
                    base,
                    space: space @ (AddressSpace::Function | AddressSpace::Private),
                } => (space, base),
                _ => return None,
            }
        }
        PointerRoot::Other(_) => return None,
    };
    let mut pointee = Pointee::Declared(root);
    for step in steps {
        let inner = match pointee {
            Pointee::Declared(ty) => &module.types[ty].inner,
            Pointee::Inner(ref inner) => inner,
        };
        pointee = element(inner, step)?;
    }
    Some((space, pointee))
}

/// The type of one element or member of a composite.
fn element(composite: &TypeInner, index: Option<u32>) -> Option<Pointee> {
    match *composite {
        TypeInner::Array { base, .. } => Some(Pointee::Declared(base)),
        TypeInner::Struct { ref members, .. } => {
            Some(Pointee::Declared(members.get(index? as usize)?.ty))
        }
        TypeInner::Vector { scalar, .. } => Some(Pointee::Inner(TypeInner::Scalar(scalar))),
        TypeInner::Matrix { rows, scalar, .. } => {
            Some(Pointee::Inner(TypeInner::Vector { size: rows, scalar }))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(source: &str) -> Module {
        naga::front::wgsl::parse_str(source).unwrap()
    }

    const CALLS: &str = "
struct P { pos: vec2f, w: f32 }
var<private> g: array<f32, 4>;
fn add_one(p: ptr<function, f32>) { *p = *p + 1.0; }
fn whole(p: ptr<function, array<f32, 4>>) { (*p)[0] = 2.0; }
fn triple(p: ptr<private, f32>) { *p = *p * 3.0; }
@compute @workgroup_size(1)
fn main() {
    var a = array<f32, 4>(1.0, 2.0, 3.0, 4.0);
    var s = P(vec2f(1.0, 2.0), 5.0);
    add_one(&a[2]);
    add_one(&s.w);
    whole(&a);
    triple(&g[1]);
}
";

    #[test]
    fn element_and_member_pointers_go_through_temporaries_of_their_space() {
        let mut m = module(CALLS);
        assert!(has_element_pointer_arguments(&m));
        // `&a` itself is a variable, which naga's writer handles.
        assert_eq!(copy_element_pointer_arguments(&mut m), 3);
        assert!(!has_element_pointer_arguments(&m));
        let private_temporaries = m
            .global_variables
            .iter()
            .filter(|(_, g)| g.name.as_deref() == Some("argument"))
            .count();
        assert_eq!(private_temporaries, 1);
        crate::ir::validate(&m).expect("valid after the rewrite");
    }

    #[test]
    fn struct_elements_and_pointers_into_a_parameter_keep_their_declared_types() {
        let mut m = module(
            "struct S { v: vec2f, w: f32 }
var<private> P: array<S, 4>;
fn bump(p: ptr<private, S>) { (*p).w += 1.0; }
fn add_one(p: ptr<private, f32>) { *p += 1.0; }
fn forward(p: ptr<private, S>) { add_one(&(*p).w); }
fn forward_local(p: ptr<function, array<S, 2>>, i: u32) { let q = &(*p)[i]; (*q).w = 2.0; }
fn outer(p: ptr<function, array<S, 2>>) { forward_local(p, 1u); }
fn store_w(p: ptr<function, S>) { (*p).w = 3.0; }
fn through(p: ptr<function, array<S, 2>>, i: u32) { store_w(&(*p)[i]); }
@compute @workgroup_size(1)
fn main() {
    bump(&P[2]);
    forward(&P[1]);
    var l: array<S, 2>;
    outer(&l);
    through(&l, 0u);
}",
        );
        assert!(has_element_pointer_arguments(&m));
        assert_eq!(copy_element_pointer_arguments(&mut m), 4);
        // The temporaries are of `S` itself, not of a struct without a
        // name that has the same members.
        let s = m.types.iter().find(|(_, t)| t.name.as_deref() == Some("S"));
        let s = s.expect("S").0;
        let private_temporaries: Vec<_> = m
            .global_variables
            .iter()
            .filter(|(_, g)| g.name.as_deref() == Some("argument"))
            .collect();
        assert_eq!(private_temporaries.len(), 3);
        assert_eq!(
            private_temporaries
                .iter()
                .filter(|(_, g)| g.ty == s)
                .count(),
            2
        );
        crate::ir::validate(&m).expect("valid after the rewrite");
    }

    #[test]
    fn calls_with_variables_or_values_are_left_alone() {
        let m = module(
            "fn f(p: ptr<function, f32>, x: f32) { *p = x; }
@compute @workgroup_size(1)
fn main() { var v = 1.0; f(&v, 2.0); }",
        );
        assert!(!has_element_pointer_arguments(&m));
    }
}
