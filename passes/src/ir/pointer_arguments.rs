//! Calls that pass a pointer to an element or member of a local or
//! private variable (`set_one(&a[1])`, `scale(&p.pos)`).
//!
//! naga 30's SPIR-V writer builds a pointer into a composite only where it
//! is dereferenced, so such a call argument has no value there and the
//! writer stops at `unreachable!`. The argument becomes a temporary local
//! instead: loaded from the pointer before the call, stored back after it.
//! That is the call's meaning in valid WGSL, whose aliasing rules forbid
//! the callee to reach the same memory by another path while it writes
//! through the parameter.

use naga::{AddressSpace, Expression, Function, Handle, Module, Statement, Type, TypeInner};

use super::{ensure_type, rewrite_statements, BlockBuilder};

/// Whether some call of `module` passes such a pointer.
pub fn has_element_pointer_arguments(module: &Module) -> bool {
    super::functions(module).any(|f| {
        let mut found = false;
        super::for_each_statement(&f.body, &mut |statement, _| {
            if let Statement::Call { ref arguments, .. } = *statement {
                found |= arguments.iter().any(|&a| pointee(module, f, a).is_some());
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
                    if let Some(pointee) = pointee(module, function, a) {
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
        .map(|(h, (space, ty))| (h, space, ensure_type(&mut module.types, ty)))
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

/// The address space and type an argument points to, when it is an
/// `Access`/`AccessIndex` chain into a function-local or private variable.
fn pointee(
    module: &Module,
    function: &Function,
    argument: Handle<Expression>,
) -> Option<(AddressSpace, TypeInner)> {
    let e = &function.expressions;
    if !matches!(
        e[argument],
        Expression::Access { .. } | Expression::AccessIndex { .. }
    ) {
        return None;
    }
    let mut steps = Vec::new();
    let mut at = argument;
    let root = loop {
        match e[at] {
            Expression::Access { base, .. } => {
                steps.push(None);
                at = base;
            }
            Expression::AccessIndex { base, index } => {
                steps.push(Some(index));
                at = base;
            }
            Expression::LocalVariable(l) => {
                break (AddressSpace::Function, function.local_variables[l].ty)
            }
            Expression::GlobalVariable(g) => {
                let global = &module.global_variables[g];
                if global.space != AddressSpace::Private {
                    return None;
                }
                break (AddressSpace::Private, global.ty);
            }
            _ => return None,
        }
    };
    let (space, root) = root;
    let mut inner = module.types[root].inner.clone();
    for step in steps.into_iter().rev() {
        inner = element(&module.types, &inner, step)?;
    }
    Some((space, inner))
}

/// The type of one element or member of a composite.
fn element(
    types: &naga::UniqueArena<Type>,
    composite: &TypeInner,
    index: Option<u32>,
) -> Option<TypeInner> {
    match *composite {
        TypeInner::Array { base, .. } => Some(types[base].inner.clone()),
        TypeInner::Struct { ref members, .. } => {
            Some(types[members.get(index? as usize)?.ty].inner.clone())
        }
        TypeInner::Vector { scalar, .. } => Some(TypeInner::Scalar(scalar)),
        TypeInner::Matrix { rows, scalar, .. } => Some(TypeInner::Vector { size: rows, scalar }),
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
        crate::manager::validate(&m).expect("valid after the rewrite");
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
