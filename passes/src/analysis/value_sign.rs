//! What can be proven about the sign bit of a float expression.
//!
//! This is about the bit, not the value: `-0.0` has its sign bit set. Only
//! facts that hold for every input are derived; `max(x, 0.0)` proves
//! nothing, as it may return either zero.

use naga::{
    BinaryOperator, Expression, Function, Handle, Literal, MathFunction, Module, ScalarKind,
    Statement, UnaryOperator,
};

use crate::ir::for_each_statement;

/// What is proven about the sign bit of a float value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignBit {
    /// Provably clear: `+0.0`, positive values, `+inf`.
    Clear,
    /// Provably set: `-0.0`, negative values, `-inf`.
    Set,
    /// Nothing proven: it may be either, or the value is not a float.
    Unknown,
}

impl SignBit {
    fn join(self, other: SignBit) -> SignBit {
        if self == other {
            self
        } else {
            SignBit::Unknown
        }
    }

    fn flip(self) -> SignBit {
        match self {
            SignBit::Clear => SignBit::Set,
            SignBit::Set => SignBit::Clear,
            SignBit::Unknown => SignBit::Unknown,
        }
    }
}

/// Sign facts about the expressions of one function.
pub struct ValueSign<'a> {
    module: &'a Module,
    function: &'a Function,
    /// Guards against cycles through local variables.
    visiting: Vec<Handle<Expression>>,
}

impl<'a> ValueSign<'a> {
    /// The facts of `function`'s expressions, in `module`.
    pub fn new(module: &'a Module, function: &'a Function) -> Self {
        ValueSign {
            module,
            function,
            visiting: Vec::new(),
        }
    }

    /// What holds for the sign bit of `expr` in every invocation, for
    /// every input.
    pub fn sign_bit(&mut self, expr: Handle<Expression>) -> SignBit {
        if self.visiting.contains(&expr) {
            return SignBit::Unknown;
        }
        self.visiting.push(expr);
        let sign = self.sign_bit_of(&self.function.expressions[expr], true);
        self.visiting.pop();
        sign
    }

    /// Strictly positive (not zero, not NaN): what `max` needs of one side.
    fn strictly_positive(&self, expr: Handle<Expression>) -> bool {
        literal_value(self.module, &self.function.expressions, expr).is_some_and(|v| v > 0.0)
    }

    fn strictly_negative(&self, expr: Handle<Expression>) -> bool {
        literal_value(self.module, &self.function.expressions, expr).is_some_and(|v| v < 0.0)
    }

    fn sign_bit_of(&mut self, expression: &Expression, _in_function: bool) -> SignBit {
        use SignBit::*;
        match *expression {
            Expression::Literal(literal) => literal_sign(literal),
            Expression::Constant(c) => {
                let init = self.module.constants[c].init;
                match self.module.global_expressions[init] {
                    Expression::Literal(l) => literal_sign(l),
                    _ => Unknown,
                }
            }
            Expression::As {
                expr,
                kind: ScalarKind::Float,
                convert: Some(_),
            } => match self.scalar_kind(expr) {
                // A conversion from unsigned is never negative.
                Some(ScalarKind::Uint) => Clear,
                Some(ScalarKind::Float) => self.sign_bit(expr),
                _ => Unknown,
            },
            Expression::Unary {
                op: UnaryOperator::Negate,
                expr,
            } => self.sign_bit(expr).flip(),
            Expression::Select { accept, reject, .. } => {
                self.sign_bit(accept).join(self.sign_bit(reject))
            }
            Expression::Binary { op, left, right } => {
                let (l, r) = (self.sign_bit(left), self.sign_bit(right));
                match op {
                    // IEEE 754: the sign of a product or quotient is the
                    // exclusive or of the operands' signs, zeros included.
                    BinaryOperator::Multiply | BinaryOperator::Divide => match (l, r) {
                        (Unknown, _) | (_, Unknown) => Unknown,
                        (a, b) if a == b => Clear,
                        _ => Set,
                    },
                    // +0 + +0 = +0 and -0 + -0 = -0; mixed signs prove nothing.
                    BinaryOperator::Add if l == r => l,
                    BinaryOperator::Subtract if l == r.flip() => l,
                    _ => Unknown,
                }
            }
            Expression::Math {
                fun,
                arg,
                arg1,
                arg2,
                ..
            } => match fun {
                MathFunction::Abs
                | MathFunction::Length
                | MathFunction::Distance
                | MathFunction::Exp
                | MathFunction::Exp2 => Clear,
                // sqrt(-0) is -0: the argument's sign decides.
                MathFunction::Sqrt
                | MathFunction::Floor
                | MathFunction::Ceil
                | MathFunction::Round
                | MathFunction::Trunc => self.sign_bit(arg),
                MathFunction::Max => {
                    let b = arg1.expect("max has two arguments");
                    if self.strictly_positive(arg) || self.strictly_positive(b) {
                        Clear
                    } else {
                        match (self.sign_bit(arg), self.sign_bit(b)) {
                            (Clear, Clear) => Clear,
                            (Set, Set) => Set,
                            _ => Unknown,
                        }
                    }
                }
                MathFunction::Min => {
                    let b = arg1.expect("min has two arguments");
                    if self.strictly_negative(arg) || self.strictly_negative(b) {
                        Set
                    } else {
                        match (self.sign_bit(arg), self.sign_bit(b)) {
                            (Clear, Clear) => Clear,
                            (Set, Set) => Set,
                            _ => Unknown,
                        }
                    }
                }
                MathFunction::Clamp => {
                    let (low, high) = (arg1.expect("low"), arg2.expect("high"));
                    if self.strictly_positive(low) {
                        Clear
                    } else if self.strictly_negative(high) {
                        Set
                    } else {
                        Unknown
                    }
                }
                _ => Unknown,
            },
            Expression::Load { pointer } => self.stored_sign(pointer),
            _ => Unknown,
        }
    }

    /// The sign of what a load from a function-local variable can see: the
    /// join of its initializer and every value stored to it.
    fn stored_sign(&mut self, pointer: Handle<Expression>) -> SignBit {
        let Expression::LocalVariable(local) = self.function.expressions[pointer] else {
            return SignBit::Unknown;
        };
        let mut stored = Vec::new();
        for_each_statement(&self.function.body, &mut |statement, _| {
            if let Statement::Store { pointer: p, value } = *statement {
                if matches!(self.function.expressions[p], Expression::LocalVariable(l) if l == local)
                {
                    stored.push(value);
                }
            }
        });
        // A variable without initializer starts as +0.0.
        let mut sign = match self.function.local_variables[local].init {
            Some(init) => self.sign_bit(init),
            None => SignBit::Clear,
        };
        for value in stored {
            sign = sign.join(self.sign_bit(value));
        }
        sign
    }

    fn scalar_kind(&self, expr: Handle<Expression>) -> Option<ScalarKind> {
        match self.function.expressions[expr] {
            Expression::Literal(l) => Some(l.scalar_kind()),
            Expression::FunctionArgument(i) => {
                let ty = self.function.arguments[i as usize].ty;
                crate::ir::scalar_of(&self.module.types[ty].inner).map(|s| s.kind)
            }
            Expression::As { kind, .. } => Some(kind),
            Expression::Binary { op, left, .. } => match op {
                BinaryOperator::Equal
                | BinaryOperator::NotEqual
                | BinaryOperator::Less
                | BinaryOperator::LessEqual
                | BinaryOperator::Greater
                | BinaryOperator::GreaterEqual
                | BinaryOperator::LogicalAnd
                | BinaryOperator::LogicalOr => Some(ScalarKind::Bool),
                _ => self.scalar_kind(left),
            },
            Expression::Unary { expr, .. } => self.scalar_kind(expr),
            Expression::Math { arg, .. } => self.scalar_kind(arg),
            Expression::Select { accept, .. } => self.scalar_kind(accept),
            _ => None,
        }
    }
}

fn literal_sign(literal: Literal) -> SignBit {
    let negative = match literal {
        Literal::F32(v) => v.is_sign_negative(),
        Literal::F64(v) | Literal::AbstractFloat(v) => v.is_sign_negative(),
        Literal::F16(v) => v.is_sign_negative(),
        _ => return SignBit::Unknown,
    };
    if negative {
        SignBit::Set
    } else {
        SignBit::Clear
    }
}

fn literal_value(
    module: &Module,
    expressions: &naga::Arena<Expression>,
    expr: Handle<Expression>,
) -> Option<f64> {
    let literal = match expressions[expr] {
        Expression::Literal(l) => l,
        Expression::Constant(c) => match module.global_expressions[module.constants[c].init] {
            Expression::Literal(l) => l,
            _ => return None,
        },
        _ => return None,
    };
    match literal {
        Literal::F32(v) => Some(v as f64),
        Literal::F64(v) | Literal::AbstractFloat(v) => Some(v),
        _ => None,
    }
}
