//! What an operation of a function evaluates to where WGSL evaluates it
//! as a constant: naga keeps some operations on literals as written
//! (`1f / 0f`, `bitcast<f32>(4294967295u)`, `2147483647i + 1i`), whose
//! constant value WGSL cannot hold, so that the WGSL written is refused.
//! [`run_time_floats`](super::run_time_floats) reads such floats at run
//! time and writes such integers as the value the run time computes.

use naga::{Expression, Handle, Literal, Module, ScalarKind};

/// What the operations of one function evaluate to where WGSL evaluates
/// them as constants, computed once, in one pass over its expressions
/// (operands come before their users in the arena): following each chain
/// of operands from every expression took time in the square of the
/// chain's length, and stack in its length.
pub struct Folds {
    /// The value of each expression, by handle index: see [`fold_value`].
    values: Vec<Option<Folded>>,
    /// Whether each expression is an operation (not a literal, a constant,
    /// a splat or a compose, which are what they are).
    operations: Vec<bool>,
    /// Each overflowing integer operation's value: see
    /// [`Folds::overflowing_integer`].
    overflowing: Vec<Option<Literal>>,
}

impl Folds {
    /// The folds of `expressions`, a function's, in `module`.
    pub fn of(module: &Module, expressions: &naga::Arena<Expression>) -> Folds {
        let mut folds = Folds {
            values: Vec::with_capacity(expressions.len()),
            operations: Vec::with_capacity(expressions.len()),
            overflowing: Vec::with_capacity(expressions.len()),
        };
        for (handle, expression) in expressions.iter() {
            let value = |h: Handle<Expression>| folds.values.get(h.index()).cloned().flatten();
            let folded = fold_value(module, expression, &value);
            let overflowing = overflowing_integer(expression, &value);
            folds.operations.push(!matches!(
                *expression,
                Expression::Literal(_)
                    | Expression::Constant(_)
                    | Expression::Splat { .. }
                    | Expression::Compose { .. }
            ));
            folds.values.push(folded);
            folds.overflowing.push(overflowing);
            debug_assert_eq!(folds.values.len(), handle.index() + 1);
        }
        folds
    }

    fn operation(&self, expression: Handle<Expression>) -> Option<&Folded> {
        let i = expression.index();
        if !*self.operations.get(i)? {
            return None;
        }
        self.values[i].as_ref()
    }

    /// The float an operation evaluates to where WGSL evaluates it as a
    /// constant: a bitcast of an integer literal or constant
    /// (`bitcast<f32>(0xffffffffu)`, GLSL's `uintBitsToFloat`), a
    /// negation, arithmetic on such values, literals and constants
    /// (`1f / 0f`, which naga writes for `1.0 / 0.0` through `let`s), or
    /// an f32 built-in that may overflow or leave its domain (`exp(100f)`,
    /// `log(0f)`). Literals and constants themselves are `None`: they are
    /// what they are. Expressions added after [`Folds::of`] are `None`.
    pub fn float(&self, expression: Handle<Expression>) -> Option<Literal> {
        match *self.operation(expression)? {
            Folded::Scalar(l) => Some(l),
            Folded::Vector(..) => None,
        }
    }

    /// [`Folds::float`] for an operation on vectors
    /// (`vec2(1f) / vec2(0f)`): its size and components.
    pub fn vector(
        &self,
        expression: Handle<Expression>,
    ) -> Option<(naga::VectorSize, Vec<Literal>)> {
        match *self.operation(expression)? {
            Folded::Vector(size, ref components) => Some((size, components.clone())),
            Folded::Scalar(_) => None,
        }
    }

    /// The value of an integer operation on literals and constants that
    /// overflows (`2147483647i + 1i`, `i32(-2147483648) / -1i`, which
    /// naga writes for such values through `let`s): WGSL's constant
    /// evaluation refuses it, while at run time it wraps (a left shift
    /// too, where it changes the sign or shifts out set bits), and a
    /// division or remainder of the smallest value by -1 gives the
    /// dividend and 0. `None` where nothing overflows.
    pub fn overflowing_integer(&self, expression: Handle<Expression>) -> Option<Literal> {
        self.overflowing.get(expression.index()).copied().flatten()
    }
}

#[derive(Clone)]
enum Folded {
    Scalar(Literal),
    Vector(naga::VectorSize, Vec<Literal>),
}

impl Folded {
    fn map(self, f: impl Fn(Literal) -> Option<Literal>) -> Option<Folded> {
        Some(match self {
            Folded::Scalar(l) => Folded::Scalar(f(l)?),
            Folded::Vector(size, ls) => {
                Folded::Vector(size, ls.into_iter().map(f).collect::<Option<Vec<_>>>()?)
            }
        })
    }
}

/// The value of a literal, a constant of one, a splat or a vector built
/// of such values, or an operation on them; `value` gives the values of
/// its operands.
fn fold_value(
    module: &Module,
    expression: &Expression,
    value: &dyn Fn(Handle<Expression>) -> Option<Folded>,
) -> Option<Folded> {
    match *expression {
        Expression::Literal(l) => Some(Folded::Scalar(l)),
        Expression::Constant(c) => match module.global_expressions[module.constants[c].init] {
            Expression::Literal(l) => Some(Folded::Scalar(l)),
            _ => None,
        },
        Expression::Splat { size, value: v } => match value(v)? {
            Folded::Scalar(l) => Some(Folded::Vector(size, vec![l; size as usize])),
            Folded::Vector(..) => None,
        },
        Expression::Compose { ty, ref components } => {
            let naga::TypeInner::Vector { size, .. } = module.types[ty].inner else {
                return None;
            };
            let mut values = Vec::new();
            for &c in components {
                match value(c)? {
                    Folded::Scalar(l) => values.push(l),
                    Folded::Vector(_, ls) => values.extend(ls),
                }
            }
            (values.len() == size as usize).then_some(Folded::Vector(size, values))
        }
        _ => fold_operation(expression, value),
    }
}

fn fold_operation(
    expression: &Expression,
    value: &dyn Fn(Handle<Expression>) -> Option<Folded>,
) -> Option<Folded> {
    use naga::UnaryOperator as U;
    match *expression {
        Expression::As {
            expr,
            kind: ScalarKind::Float,
            convert: None,
        } => value(expr)?.map(|l| match l {
            Literal::U32(bits) => Some(Literal::F32(f32::from_bits(bits))),
            Literal::I32(bits) => Some(Literal::F32(f32::from_bits(bits as u32))),
            _ => None,
        }),
        Expression::Unary {
            op: U::Negate,
            expr,
        } => value(expr)?.map(|l| match l {
            Literal::F32(v) => Some(Literal::F32(-v)),
            Literal::F16(v) => Some(Literal::F16(-v)),
            _ => None,
        }),
        // Built-ins whose value may be infinite or NaN, on f32: WGSL
        // evaluates them as constants too (`exp(100f)`, `log(0f)`).
        Expression::Math {
            fun,
            arg,
            arg1,
            arg2: None,
            arg3: None,
        } => {
            let x = value(arg)?;
            match arg1 {
                None => x.map(|l| match l {
                    Literal::F32(x) => math_f32(fun, x, None).map(Literal::F32),
                    _ => None,
                }),
                Some(arg1) => match (x, value(arg1)?) {
                    (Folded::Scalar(Literal::F32(x)), Folded::Scalar(Literal::F32(y))) => {
                        math_f32(fun, x, Some(y)).map(|v| Folded::Scalar(Literal::F32(v)))
                    }
                    (Folded::Vector(size, xs), Folded::Vector(_, ys)) if xs.len() == ys.len() => {
                        Some(Folded::Vector(
                            size,
                            xs.into_iter()
                                .zip(ys)
                                .map(|(x, y)| match (x, y) {
                                    (Literal::F32(x), Literal::F32(y)) => {
                                        math_f32(fun, x, Some(y)).map(Literal::F32)
                                    }
                                    _ => None,
                                })
                                .collect::<Option<Vec<_>>>()?,
                        ))
                    }
                    _ => None,
                },
            }
        }
        Expression::Binary { op, left, right } => {
            let left = value(left)?;
            let right = value(right)?;
            let scalar = |a: Literal, b: Literal| match (a, b) {
                (Literal::F32(a), Literal::F32(b)) => arithmetic(op, a, b).map(Literal::F32),
                (Literal::F16(a), Literal::F16(b)) => arithmetic(op, a, b).map(Literal::F16),
                _ => None,
            };
            match (left, right) {
                (Folded::Scalar(a), Folded::Scalar(b)) => scalar(a, b).map(Folded::Scalar),
                (Folded::Vector(size, a), Folded::Scalar(b)) => {
                    Folded::Vector(size, a).map(|a| scalar(a, b))
                }
                (Folded::Scalar(a), Folded::Vector(size, b)) => {
                    Folded::Vector(size, b).map(|b| scalar(a, b))
                }
                (Folded::Vector(size, a), Folded::Vector(_, b)) if a.len() == b.len() => {
                    Some(Folded::Vector(
                        size,
                        a.into_iter()
                            .zip(b)
                            .map(|(a, b)| scalar(a, b))
                            .collect::<Option<Vec<_>>>()?,
                    ))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// `a op b` for the arithmetic operators, as IEEE 754 computes it (f16
/// through f32, exact for these operations after rounding).
fn arithmetic<T>(op: naga::BinaryOperator, a: T, b: T) -> Option<T>
where
    T: std::ops::Add<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Mul<Output = T>
        + std::ops::Div<Output = T>
        + std::ops::Rem<Output = T>,
{
    use naga::BinaryOperator as B;
    Some(match op {
        B::Add => a + b,
        B::Subtract => a - b,
        B::Multiply => a * b,
        B::Divide => a / b,
        B::Modulo => a % b,
        _ => return None,
    })
}

fn overflowing_integer(
    expression: &Expression,
    value: &dyn Fn(Handle<Expression>) -> Option<Folded>,
) -> Option<Literal> {
    use naga::{BinaryOperator as B, UnaryOperator as U};
    let operand = |h: Handle<Expression>| match value(h)? {
        Folded::Scalar(l) => Some(l),
        Folded::Vector(..) => None,
    };
    match *expression {
        Expression::Unary {
            op: U::Negate,
            expr,
        } => match operand(expr)? {
            Literal::I32(i32::MIN) => Some(Literal::I32(i32::MIN)),
            _ => None,
        },
        // A left shift that changes the sign, or shifts out set bits of
        // an unsigned value, is an error in constant evaluation only.
        Expression::Binary {
            op: B::ShiftLeft,
            left,
            right,
        } => {
            let Literal::U32(shift @ 0..=31) = operand(right)? else {
                return None;
            };
            match operand(left)? {
                Literal::I32(a) => {
                    let kept = a.wrapping_shl(shift);
                    (kept >> shift != a).then_some(Literal::I32(kept))
                }
                Literal::U32(a) => {
                    let kept = a.wrapping_shl(shift);
                    (kept >> shift != a).then_some(Literal::U32(kept))
                }
                _ => None,
            }
        }
        Expression::Binary { op, left, right } => match (operand(left)?, operand(right)?) {
            (Literal::I32(a), Literal::I32(b)) => {
                let (checked, wrapped) = match op {
                    B::Add => (a.checked_add(b), a.wrapping_add(b)),
                    B::Subtract => (a.checked_sub(b), a.wrapping_sub(b)),
                    B::Multiply => (a.checked_mul(b), a.wrapping_mul(b)),
                    B::Divide if b == -1 => (a.checked_div(b), a),
                    B::Modulo if b == -1 => (a.checked_rem(b), 0),
                    _ => return None,
                };
                checked.is_none().then_some(Literal::I32(wrapped))
            }
            (Literal::U32(a), Literal::U32(b)) => {
                let (checked, wrapped) = match op {
                    B::Add => (a.checked_add(b), a.wrapping_add(b)),
                    B::Subtract => (a.checked_sub(b), a.wrapping_sub(b)),
                    B::Multiply => (a.checked_mul(b), a.wrapping_mul(b)),
                    _ => return None,
                };
                checked.is_none().then_some(Literal::U32(wrapped))
            }
            _ => None,
        },
        _ => None,
    }
}

/// The built-ins of one or two f32 arguments whose value may be infinite
/// or NaN for finite arguments, as IEEE 754 computes them.
fn math_f32(fun: naga::MathFunction, x: f32, y: Option<f32>) -> Option<f32> {
    use naga::MathFunction as M;
    Some(match (fun, y) {
        (M::Exp, None) => x.exp(),
        (M::Exp2, None) => x.exp2(),
        (M::Log, None) => x.ln(),
        (M::Log2, None) => x.log2(),
        (M::Sqrt, None) => x.sqrt(),
        (M::InverseSqrt, None) => 1.0 / x.sqrt(),
        (M::Sinh, None) => x.sinh(),
        (M::Cosh, None) => x.cosh(),
        (M::Asin, None) => x.asin(),
        (M::Acos, None) => x.acos(),
        (M::Acosh, None) => x.acosh(),
        (M::Atanh, None) => x.atanh(),
        (M::Pow, Some(y)) => x.powf(y),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folded value of each expression stored into `o[i]`, in order.
    fn stored(
        source: &str,
        fold: impl Fn(&Module, &naga::Function, Handle<Expression>) -> Option<Literal>,
    ) -> Vec<Option<Literal>> {
        let module = naga::front::wgsl::parse_str(source).unwrap();
        let f = &module.entry_points[0].function;
        let mut values = Vec::new();
        crate::ir::for_each_statement(&f.body, &mut |s, _| {
            if let naga::Statement::Store { value, .. } = *s {
                values.push(fold(&module, f, value));
            }
        });
        values
    }

    #[test]
    fn operations_on_constants_fold_to_what_ieee_754_computes() {
        let values = stored(
            "@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() {
    let one = 1.0; let zero = 0.0; let x = 100.0;
    o[0] = one / zero;
    o[1] = -(one / zero);
    o[2] = bitcast<f32>(0x7f800000u);
    o[3] = exp(x);
    o[4] = one + one;
    o[5] = o[0] / zero;
}",
            |m, f, h| Folds::of(m, &f.expressions).float(h),
        );
        assert_eq!(
            values,
            vec![
                Some(Literal::F32(f32::INFINITY)),
                Some(Literal::F32(f32::NEG_INFINITY)),
                Some(Literal::F32(f32::INFINITY)),
                Some(Literal::F32(f32::INFINITY)),
                // Finite: WGSL holds it, and it stays as written.
                Some(Literal::F32(2.0)),
                // A load is read at run time already.
                None,
            ]
        );
    }

    #[test]
    fn only_overflowing_integer_operations_fold() {
        let values = stored(
            "@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@compute @workgroup_size(1) fn main() {
    let big = 2147483647; let m = -2147483648; let one = 1;
    o[0] = big + one;
    o[1] = m / -1;
    o[2] = one << 31u;
    o[3] = big - one;
}",
            |m, f, h| Folds::of(m, &f.expressions).overflowing_integer(h),
        );
        assert_eq!(
            values,
            vec![
                Some(Literal::I32(i32::MIN)),
                Some(Literal::I32(i32::MIN)),
                Some(Literal::I32(i32::MIN)),
                None,
            ]
        );
    }

    /// A chain of 200,000 operations, each on the one before (a `let`
    /// after a `let`), folds in one pass: no stack that grows with the
    /// chain, no time in its square.
    #[test]
    fn a_long_chain_of_operations_folds_in_one_pass() {
        let n = 200_000;
        let module = naga::Module::default();
        let mut expressions = naga::Arena::new();
        let zero = expressions.append(
            Expression::Literal(Literal::F32(0.0)),
            naga::Span::UNDEFINED,
        );
        let one = expressions.append(
            Expression::Literal(Literal::F32(1.0)),
            naga::Span::UNDEFINED,
        );
        let mut last = expressions.append(
            Expression::Binary {
                op: naga::BinaryOperator::Divide,
                left: one,
                right: zero,
            },
            naga::Span::UNDEFINED,
        );
        for _ in 0..n {
            last = expressions.append(
                Expression::Binary {
                    op: naga::BinaryOperator::Add,
                    left: last,
                    right: one,
                },
                naga::Span::UNDEFINED,
            );
        }
        let folds = Folds::of(&module, &expressions);
        assert_eq!(folds.float(last), Some(Literal::F32(f32::INFINITY)));
        assert_eq!(folds.float(one), None, "a literal is what it is");
    }
}
