use naga::{Handle, Module, Scalar, Span, Type, TypeInner, UniqueArena};

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
