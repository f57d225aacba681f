use naga::{Function, Handle, Module, Scalar, Span, Type, TypeInner, UniqueArena};

/// The handle of an anonymous type with this shape, added if missing.
pub fn ensure_type(types: &mut UniqueArena<Type>, inner: TypeInner) -> Handle<Type> {
    types.insert(Type { name: None, inner }, Span::UNDEFINED)
}

/// The handle of the anonymous scalar type `scalar`, added if missing.
pub fn scalar_type(module: &mut Module, scalar: Scalar) -> Handle<Type> {
    ensure_type(&mut module.types, TypeInner::Scalar(scalar))
}

/// The scalar of a scalar, vector, matrix or atomic type.
pub fn scalar_of(inner: &TypeInner) -> Option<Scalar> {
    match *inner {
        TypeInner::Scalar(s)
        | TypeInner::Vector { scalar: s, .. }
        | TypeInner::Matrix { scalar: s, .. }
        | TypeInner::Atomic(s) => Some(s),
        _ => None,
    }
}

/// The scalar of every atomic that a value of type `ty` holds, in its
/// arrays and struct members, in the order of the members.
pub fn atomic_scalars(types: &naga::UniqueArena<Type>, ty: Handle<Type>) -> Vec<Scalar> {
    let mut scalars = Vec::new();
    let mut pending = vec![ty];
    while let Some(ty) = pending.pop() {
        match types[ty].inner {
            TypeInner::Atomic(scalar) => scalars.push(scalar),
            TypeInner::Array { base, .. } => pending.push(base),
            TypeInner::Struct { ref members, .. } => {
                pending.extend(members.iter().rev().map(|m| m.ty));
            }
            _ => {}
        }
    }
    scalars
}

/// The scalar of every expression of `function`, by handle index (`None`
/// for a struct, an array or a pointer to one), or `None` where a type does
/// not resolve.
pub fn expression_scalars(module: &Module, function: &Function) -> Option<Vec<Option<Scalar>>> {
    let ctx = naga::proc::ResolveContext::with_locals(
        module,
        &function.local_variables,
        &function.arguments,
    );
    let mut typifier = naga::front::Typifier::new();
    let Some((last, _)) = function.expressions.iter().last() else {
        return Some(Vec::new());
    };
    typifier.grow(last, &function.expressions, &ctx).ok()?;
    Some(
        function
            .expressions
            .iter()
            .map(|(h, _)| typifier[h].inner_with(&module.types).scalar())
            .collect(),
    )
}
