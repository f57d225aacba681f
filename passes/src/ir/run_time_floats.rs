//! Float values that a module cannot hold as constants, computed at run
//! time from their bits instead.
//!
//! naga's IR refuses infinite and NaN f32 and f64 literals, yet SPIR-V
//! constants (glslang folds `1.0 / 0.0`) hold them; WGSL constant
//! evaluation may drop the sign of a zero. Each such literal becomes
//! `bitcast<f32>(bits)` (converted to its own width), built in the
//! functions that use it. A module-scope constant that holds one is built
//! in each function that uses the constant, and a private variable's
//! initialiser that holds one becomes a store at the start of every entry
//! point that reaches the variable. So does an operation that WGSL
//! evaluates as a constant and whose value is such a float
//! ([`folded_float`], [`folded_vector`]); an integer operation of that
//! kind that overflows becomes the value the run time computes
//! ([`overflowing_integer`]).

use std::collections::{HashMap, HashSet};

use naga::{Expression, Function, Handle, Literal, Module, ScalarKind, Span, Statement};

use super::{for_each_statement, functions, functions_mut, substitute_uses, BlockBuilder};

/// The f32 bits that stand for a float literal: its own for an f32, those
/// of the f32 it converts from for an f16 or f64 (exact for zeros and
/// infinities; a NaN stays a NaN).
pub fn f32_bits_of(literal: Literal) -> Option<u32> {
    Some(match literal {
        Literal::F32(v) => v.to_bits(),
        Literal::F16(v) => f32::from(v).to_bits(),
        Literal::F64(v) => (v as f32).to_bits(),
        _ => return None,
    })
}

/// Rewrites every literal `at_run_time` selects as described in the
/// module documentation, and returns whether anything changed. An
/// override's default is left as it is: it has no run time to move to.
pub fn compute_floats_at_run_time(
    module: &mut Module,
    at_run_time: &dyn Fn(Literal) -> bool,
) -> Result<bool, String> {
    let tainted = tainted_global_expressions(module, at_run_time);
    if !uses_tainted(module, at_run_time, &tainted) {
        return Ok(false);
    }
    let initialised: Vec<Handle<naga::GlobalVariable>> = module
        .global_variables
        .iter()
        .filter(|(_, g)| g.init.is_some_and(|i| tainted.contains(&i)))
        .map(|(h, _)| h)
        .collect();
    let snapshot = module.clone();
    let globals = module.global_expressions.clone();
    let constants = module.constants.clone();
    let materialiser = Materialiser {
        module: &snapshot,
        globals: &globals,
        constants: &constants,
        tainted: &tainted,
        at_run_time,
    };
    // Initialisers moved into the entry points that reach their variable.
    let mut stores: Vec<(Handle<naga::GlobalVariable>, Handle<Expression>)> = Vec::new();
    for &global in &initialised {
        let init = module.global_variables[global]
            .init
            .take()
            .expect("initialised");
        stores.push((global, init));
    }
    let reached = reached_globals(module);
    let first_entry_point = module.functions.len();
    for (index, function) in functions_mut(module).enumerate() {
        let initialise: Vec<_> = if index >= first_entry_point {
            stores
                .iter()
                .filter(|(g, _)| reached[index].contains(g))
                .copied()
                .collect()
        } else {
            Vec::new()
        };
        materialiser.rewrite(function, &initialise)?;
    }
    // Constants that held such values are no longer used by functions;
    // without a name, compaction drops them.
    for (_, constant) in module.constants.iter_mut() {
        if tainted.contains(&constant.init) {
            constant.name = None;
        }
    }
    naga::compact::compact(module, naga::compact::KeepUnused::Yes);
    Ok(true)
}

/// Whether a function uses a literal `at_run_time` selects (itself or in
/// a constant), or a global variable is initialised with one.
pub fn has_floats_for_run_time(module: &Module, at_run_time: &dyn Fn(Literal) -> bool) -> bool {
    uses_tainted(
        module,
        at_run_time,
        &tainted_global_expressions(module, at_run_time),
    )
}

fn uses_tainted(
    module: &Module,
    at_run_time: &dyn Fn(Literal) -> bool,
    tainted: &HashSet<Handle<Expression>>,
) -> bool {
    let in_functions = functions(module).any(|f| {
        f.expressions.iter().any(|(h, e)| match *e {
            Expression::Literal(l) => at_run_time(l),
            Expression::Constant(c) => tainted.contains(&module.constants[c].init),
            _ => {
                folded_float(module, &f.expressions, h).is_some_and(at_run_time)
                    || folded_vector(module, &f.expressions, h)
                        .is_some_and(|(_, ls)| ls.into_iter().any(at_run_time))
                    || overflowing_integer(module, &f.expressions, h).is_some()
            }
        })
    });
    in_functions
        || module
            .global_variables
            .iter()
            .any(|(_, g)| g.init.is_some_and(|i| tainted.contains(&i)))
}

/// Global expressions that hold (through constants, composes and splats)
/// a literal `at_run_time` selects.
fn tainted_global_expressions(
    module: &Module,
    at_run_time: &dyn Fn(Literal) -> bool,
) -> HashSet<Handle<Expression>> {
    let mut tainted = HashSet::new();
    // Operands come before their users in the arena.
    for (h, e) in module.global_expressions.iter() {
        let holds = match *e {
            Expression::Literal(l) => at_run_time(l),
            Expression::Constant(c) => tainted.contains(&module.constants[c].init),
            Expression::Compose { ref components, .. } => {
                components.iter().any(|c| tainted.contains(c))
            }
            Expression::Splat { value, .. } => tainted.contains(&value),
            _ => false,
        };
        if holds {
            tainted.insert(h);
        }
    }
    tainted
}

/// For each function (module functions first, then entry points), the
/// global variables it or a function it calls names.
fn reached_globals(module: &Module) -> Vec<HashSet<Handle<naga::GlobalVariable>>> {
    let direct = |f: &Function| -> HashSet<Handle<naga::GlobalVariable>> {
        f.expressions
            .iter()
            .filter_map(|(_, e)| match *e {
                Expression::GlobalVariable(g) => Some(g),
                _ => None,
            })
            .collect()
    };
    let callees = |f: &Function| -> Vec<Handle<Function>> {
        let mut called = Vec::new();
        for_each_statement(&f.body, &mut |s, _| {
            if let Statement::Call { function, .. } = *s {
                called.push(function);
            }
        });
        called
    };
    // A callee precedes its callers in the arena.
    let mut of_function: HashMap<Handle<Function>, HashSet<Handle<naga::GlobalVariable>>> =
        HashMap::new();
    for (h, f) in module.functions.iter() {
        let mut set = direct(f);
        for callee in callees(f) {
            if let Some(theirs) = of_function.get(&callee) {
                set.extend(theirs.iter().copied());
            }
        }
        of_function.insert(h, set);
    }
    let mut out: Vec<_> = module
        .functions
        .iter()
        .map(|(h, _)| of_function[&h].clone())
        .collect();
    for ep in &module.entry_points {
        let mut set = direct(&ep.function);
        for callee in callees(&ep.function) {
            set.extend(of_function[&callee].iter().copied());
        }
        out.push(set);
    }
    out
}

/// A value a function reads at run time.
enum RunTime {
    Literal(Literal),
    Constant(Handle<naga::Constant>),
    /// A vector of this type with these components.
    Vector(Handle<naga::Type>, Vec<Literal>),
}

struct Materialiser<'m> {
    /// The module before the rewrite, for the constants operations read.
    module: &'m Module,
    globals: &'m naga::Arena<Expression>,
    constants: &'m naga::Arena<naga::Constant>,
    tainted: &'m HashSet<Handle<Expression>>,
    at_run_time: &'m dyn Fn(Literal) -> bool,
}

impl Materialiser<'_> {
    /// Builds the function's values at its start, replaces their uses,
    /// and stores the initialisers given.
    fn rewrite(
        &self,
        function: &mut Function,
        initialise: &[(Handle<naga::GlobalVariable>, Handle<Expression>)],
    ) -> Result<(), String> {
        let found: Vec<(Handle<Expression>, RunTime)> = function
            .expressions
            .iter()
            .filter_map(|(h, e)| match *e {
                Expression::Literal(l) => (self.at_run_time)(l).then_some((h, RunTime::Literal(l))),
                Expression::Constant(c) => self
                    .tainted
                    .contains(&self.constants[c].init)
                    .then_some((h, RunTime::Constant(c))),
                // An operation WGSL evaluates as a constant, whose value
                // is one to read at run time: its value, read at run time.
                _ => self
                    .folded(&function.expressions, h)
                    .map(|value| (h, value)),
            })
            .collect();
        if found.is_empty() && initialise.is_empty() {
            return Ok(());
        }
        let mut built: HashMap<Handle<Expression>, Handle<Expression>> = HashMap::new();
        let mut b = BlockBuilder::new(&mut function.expressions, Span::UNDEFINED);
        let mut substitutions = HashMap::new();
        for (h, e) in &found {
            let value = match *e {
                RunTime::Literal(l) => self.literal(&mut b, l),
                RunTime::Constant(c) => self.global(&mut b, self.constants[c].init, &mut built)?,
                RunTime::Vector(ty, ref components) => {
                    let components = components
                        .iter()
                        .map(|&l| self.literal(&mut b, l))
                        .collect();
                    b.expr(Expression::Compose { ty, components })
                }
            };
            substitutions.insert(*h, value);
        }
        for &(global, init) in initialise {
            let value = self.global(&mut b, init, &mut built)?;
            let pointer = b.expr(Expression::GlobalVariable(global));
            b.statement(Statement::Store { pointer, value });
        }
        // A local's initialiser is a const-expression, evaluated where
        // the function starts: one that holds such a value becomes a store
        // there.
        for (local, variable) in function.local_variables.iter_mut() {
            let Some(init) = variable.init else {
                continue;
            };
            let value = rebuilt_with(&mut b, init, &substitutions);
            if value == init {
                continue;
            }
            variable.init = None;
            let pointer = b.expr(Expression::LocalVariable(local));
            b.statement(Statement::Store { pointer, value });
        }
        let mut prelude = b.finish();
        for h in substitutions.keys() {
            function.named_expressions.shift_remove(h);
        }
        substitute_uses(
            &mut function.expressions,
            &mut function.body,
            &substitutions,
        )
        .map_err(|e| format!("cannot compute a float at run time: {}", e.0))?;
        let body = std::mem::take(&mut function.body);
        for (statement, span) in body.span_into_iter() {
            prelude.push(statement, span);
        }
        function.body = prelude;
        Ok(())
    }

    /// The value of an operation WGSL evaluates as a constant, where it
    /// is one to read at run time (or, for a vector, holds one): a literal,
    /// or the components of a vector.
    fn folded(
        &self,
        expressions: &naga::Arena<Expression>,
        h: Handle<Expression>,
    ) -> Option<RunTime> {
        if let Some(l) = folded_float(self.module, expressions, h) {
            return (self.at_run_time)(l).then_some(RunTime::Literal(l));
        }
        // An integer one is a plain literal: its value is what the run
        // time computes, and one WGSL can spell.
        if let Some(l) = overflowing_integer(self.module, expressions, h) {
            return Some(RunTime::Literal(l));
        }
        let (size, components) = folded_vector(self.module, expressions, h)?;
        if !components.iter().any(|&l| (self.at_run_time)(l)) {
            return None;
        }
        // A vector operation's type is declared wherever one of its
        // operands was built.
        let ty = self.module.types.get(&naga::Type {
            name: None,
            inner: naga::TypeInner::Vector {
                size,
                scalar: components[0].scalar(),
            },
        })?;
        Some(RunTime::Vector(ty, components))
    }

    /// `bitcast<f32>(bits)`, converted to the literal's width; other
    /// literals as they are.
    fn literal(&self, b: &mut BlockBuilder<'_>, literal: Literal) -> Handle<Expression> {
        let bits = match f32_bits_of(literal) {
            Some(bits) if (self.at_run_time)(literal) => bits,
            _ => return b.expr(Expression::Literal(literal)),
        };
        let word = b.u32(bits);
        let value = b.bitcast(word, ScalarKind::Float);
        match literal.scalar().width {
            4 => value,
            width => b.expr(Expression::As {
                expr: value,
                kind: ScalarKind::Float,
                convert: Some(width),
            }),
        }
    }

    /// A global expression's value, built in the function.
    fn global(
        &self,
        b: &mut BlockBuilder<'_>,
        expression: Handle<Expression>,
        built: &mut HashMap<Handle<Expression>, Handle<Expression>>,
    ) -> Result<Handle<Expression>, String> {
        if let Some(&done) = built.get(&expression) {
            return Ok(done);
        }
        let value = match self.globals[expression] {
            Expression::Literal(l) => self.literal(b, l),
            Expression::Constant(c) => self.global(b, self.constants[c].init, built)?,
            Expression::ZeroValue(ty) => b.expr(Expression::ZeroValue(ty)),
            Expression::Compose { ty, ref components } => {
                let components = components
                    .iter()
                    .map(|&c| self.global(b, c, built))
                    .collect::<Result<Vec<_>, _>>()?;
                b.expr(Expression::Compose { ty, components })
            }
            Expression::Splat { size, value } => {
                let value = self.global(b, value, built)?;
                b.expr(Expression::Splat { size, value })
            }
            ref other => {
                return Err(format!(
                    "cannot build this module-scope value in a function: {other:?}"
                ))
            }
        };
        built.insert(expression, value);
        Ok(value)
    }
}

/// A function's const-expression with `substitutions` made in it (through
/// composes and splats), built anew where anything changed.
fn rebuilt_with(
    b: &mut BlockBuilder<'_>,
    expression: Handle<Expression>,
    substitutions: &HashMap<Handle<Expression>, Handle<Expression>>,
) -> Handle<Expression> {
    if let Some(&value) = substitutions.get(&expression) {
        return value;
    }
    match b.expressions()[expression].clone() {
        Expression::Compose { ty, components } => {
            let rebuilt: Vec<_> = components
                .iter()
                .map(|&c| rebuilt_with(b, c, substitutions))
                .collect();
            if rebuilt == components {
                return expression;
            }
            b.expr(Expression::Compose {
                ty,
                components: rebuilt,
            })
        }
        Expression::Splat { size, value } => {
            let rebuilt = rebuilt_with(b, value, substitutions);
            if rebuilt == value {
                return expression;
            }
            b.expr(Expression::Splat {
                size,
                value: rebuilt,
            })
        }
        _ => expression,
    }
}

/// The float an operation of a function evaluates to where WGSL evaluates
/// it as a constant: a bitcast of an integer literal or constant
/// (`bitcast<f32>(0xffffffffu)`, GLSL's `uintBitsToFloat`), a negation,
/// arithmetic on such values, literals and constants (`1f / 0f`, which
/// naga writes for `1.0 / 0.0` through `let`s), or an f32 built-in that
/// may overflow or leave its domain (`exp(100f)`, `log(0f)`). Literals and constants
/// themselves are `None`: they are what they are. Vectors: see
/// [`folded_vector`].
pub fn folded_float(
    module: &Module,
    expressions: &naga::Arena<Expression>,
    expression: Handle<Expression>,
) -> Option<Literal> {
    match fold_operation(module, expressions, expression)? {
        Folded::Scalar(l) => Some(l),
        Folded::Vector(..) => None,
    }
}

/// [`folded_float`] for an operation on vectors (`vec2(1f) / vec2(0f)`):
/// its size and components.
pub fn folded_vector(
    module: &Module,
    expressions: &naga::Arena<Expression>,
    expression: Handle<Expression>,
) -> Option<(naga::VectorSize, Vec<Literal>)> {
    match fold_operation(module, expressions, expression)? {
        Folded::Vector(size, components) => Some((size, components)),
        Folded::Scalar(_) => None,
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
/// of such values, or an operation on them.
fn fold_value(
    module: &Module,
    expressions: &naga::Arena<Expression>,
    expression: Handle<Expression>,
) -> Option<Folded> {
    match expressions[expression] {
        Expression::Literal(l) => Some(Folded::Scalar(l)),
        Expression::Constant(c) => match module.global_expressions[module.constants[c].init] {
            Expression::Literal(l) => Some(Folded::Scalar(l)),
            _ => None,
        },
        Expression::Splat { size, value } => match fold_value(module, expressions, value)? {
            Folded::Scalar(l) => Some(Folded::Vector(size, vec![l; size as usize])),
            Folded::Vector(..) => None,
        },
        Expression::Compose { ty, ref components } => {
            let naga::TypeInner::Vector { size, .. } = module.types[ty].inner else {
                return None;
            };
            let mut values = Vec::new();
            for &c in components {
                match fold_value(module, expressions, c)? {
                    Folded::Scalar(l) => values.push(l),
                    Folded::Vector(_, ls) => values.extend(ls),
                }
            }
            (values.len() == size as usize).then_some(Folded::Vector(size, values))
        }
        _ => fold_operation(module, expressions, expression),
    }
}

fn fold_operation(
    module: &Module,
    expressions: &naga::Arena<Expression>,
    expression: Handle<Expression>,
) -> Option<Folded> {
    use naga::UnaryOperator as U;
    match expressions[expression] {
        Expression::As {
            expr,
            kind: ScalarKind::Float,
            convert: None,
        } => fold_value(module, expressions, expr)?.map(|l| match l {
            Literal::U32(bits) => Some(Literal::F32(f32::from_bits(bits))),
            Literal::I32(bits) => Some(Literal::F32(f32::from_bits(bits as u32))),
            _ => None,
        }),
        Expression::Unary {
            op: U::Negate,
            expr,
        } => fold_value(module, expressions, expr)?.map(|l| match l {
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
            let x = fold_value(module, expressions, arg)?;
            match arg1 {
                None => x.map(|l| match l {
                    Literal::F32(x) => math_f32(fun, x, None).map(Literal::F32),
                    _ => None,
                }),
                Some(arg1) => match (x, fold_value(module, expressions, arg1)?) {
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
            let left = fold_value(module, expressions, left)?;
            let right = fold_value(module, expressions, right)?;
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

/// The value of an integer operation on literals and constants that
/// overflows (`2147483647i + 1i`, `i32(-2147483648) / -1i`, which naga
/// writes for such values through `let`s): WGSL's constant evaluation
/// refuses it, while at run time it wraps (a left shift too, where it
/// changes the sign or shifts out set bits), and a division or remainder
/// of the smallest value by -1 gives the dividend and 0. `None` where
/// nothing overflows.
pub fn overflowing_integer(
    module: &Module,
    expressions: &naga::Arena<Expression>,
    expression: Handle<Expression>,
) -> Option<Literal> {
    use naga::{BinaryOperator as B, UnaryOperator as U};
    let operand = |h: Handle<Expression>| match fold_value(module, expressions, h)? {
        Folded::Scalar(l) => Some(l),
        Folded::Vector(..) => None,
    };
    match expressions[expression] {
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
