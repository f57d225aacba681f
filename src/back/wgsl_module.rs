//! Rewrites of the module that let naga's WGSL writer spell it.
//!
//! - The result types of `modf`, `frexp` and `atomicCompareExchangeWeak`
//!   are predeclared in WGSL and cannot be named, yet naga names them in
//!   the declarations of variables, parameters and return types that hold
//!   them (`var m: _modf_result_f32_;`). Those places get a declared struct
//!   with the same members, and every whole value stored, passed or returned
//!   there is rebuilt member by member.
//! - WGSL has no spelling for an infinite or NaN float. A const-expression
//!   that evaluates to one is a shader-creation error, so even
//!   `bitcast<f32>(0x7fc00000u)` is refused. Such values are read at run
//!   time from the bits in a function's own variable, which is never
//!   written after its initialiser: a local holding a constant is uniform
//!   to WGSL's uniformity analysis, where a private variable is not, so a
//!   barrier under `if (u.x > -0.0)` stays in uniform control flow.
//!   So is a negative zero: WGSL lets constant evaluation ignore the sign
//!   of a zero, and Tint does (`-0f` is +0, and a `bitcast` of the bits
//!   becomes +0 once a +0 constant exists, as Tint interns constants).
//!   Where such a value (f32 or f16) sits in a module-scope constant or a
//!   private variable's initialiser, it is first moved into the functions
//!   (`shaderxform_passes::ir::compute_floats_at_run_time`).
//! - naga's writer spells an expression used once inside its user, in
//!   parentheses, and its WGSL parser stops at about 200 levels of them:
//!   `x + x + ... + x` of a few hundred terms reads, but is written as
//!   nested parentheses that naga, reading the text back, refuses. Every
//!   [`NAMED_DEPTH`] levels of operands, an expression is written as a
//!   `let` of its own.
//! - WGSL has no `isNan` or `isInf` (GLSL and SPIR-V do). They are
//!   written with comparisons that IEEE 754 defines for every value:
//!   `x != x` holds only for NaN, and `x - x` is NaN exactly when `x` is
//!   infinite or NaN.
//! - A shift by a constant amount at least the width of the value (GLSL
//!   `v << 33`) is undefined in GLSL, HLSL and SPIR-V, and a
//!   shader-creation error in WGSL (Tint: "shift left value must be less
//!   than the bit width"). It is written with the amount masked to the
//!   width, which is what WGSL does with such an amount at run time.

use std::collections::{HashMap, HashSet};

use naga::valid::ModuleInfo;
use naga::{
    BinaryOperator, Block, Expression, Function, Handle, Literal, Module, RelationalFunction,
    Scalar, ScalarKind, Span, Statement, Type, TypeInner,
};
use shaderxform_passes::ir::{
    self, for_each_statement_operand, rebuild_function, rewrite_statements, substitute_uses,
    BlockBuilder, Rewrite,
};

/// The module as WGSL can spell it, or `None` when it already can.
pub fn prepare(module: &Module, info: &ModuleInfo) -> Result<Option<(Module, ModuleInfo)>, String> {
    let spelled = spelled_predeclared_types(module);
    let non_finite = has_non_finite_floats(module);
    let constant_floats = ir::has_floats_for_run_time(module, &constant_evaluation_loses);
    let float_classes = has_float_class_tests(module);
    let deep = ir::functions(module).any(|f| !deep_expressions(f).is_empty());
    let shifts = oversized_shifts(module, info);
    let wide_shifts = shifts.iter().any(|s| !s.is_empty());
    if spelled.is_empty()
        && !non_finite
        && !constant_floats
        && !float_classes
        && !deep
        && !wide_shifts
    {
        return Ok(None);
    }
    let mut module = module.clone();
    if wide_shifts {
        for (function, shifts) in ir::functions_mut(&mut module).zip(shifts) {
            if !shifts.is_empty() {
                rebuild_function(function, &mut MaskedShifts(shifts))
                    .map_err(|e| format!("cannot mask shift amounts: {}", e.0))?;
            }
        }
    }
    if float_classes {
        for function in ir::functions_mut(&mut module) {
            rebuild_function(function, &mut FloatClassTests)
                .map_err(|e| format!("cannot rewrite isNan/isInf: {}", e.0))?;
        }
    }
    if !spelled.is_empty() {
        declare_predeclared_types(&mut module, info, &spelled)?;
    }
    if constant_floats {
        ir::compute_floats_at_run_time(&mut module, &constant_evaluation_loses)?;
    }
    if non_finite || constant_floats {
        read_non_finite_floats_at_run_time(&mut module)?;
    }
    // Last: the rewrites above build expressions too.
    for function in ir::functions_mut(&mut module) {
        for (n, handle) in deep_expressions(function).into_iter().enumerate() {
            function
                .named_expressions
                .insert(handle, format!("part{n}"));
        }
    }
    let info = shaderxform_passes::manager::validate(&module)
        .map_err(|e| format!("the module rewritten for WGSL does not validate: {e}"))?;
    Ok(Some((module, info)))
}

/// How many levels of operands naga's writer spells inside one
/// expression before one is named: well below the 200 levels of
/// parentheses its parser reads.
const NAMED_DEPTH: usize = 64;

/// The expressions of `function` to name so that no expression is
/// written with more than [`NAMED_DEPTH`] levels of operands inside it,
/// in one pass over the arena (operands come before their users). Only
/// expressions that a statement emits can be named.
fn deep_expressions(function: &Function) -> Vec<Handle<Expression>> {
    let mut emitted = vec![false; function.expressions.len()];
    ir::for_each_statement(&function.body, &mut |statement, _| {
        if let Statement::Emit(ref range) = *statement {
            for handle in range.clone() {
                emitted[handle.index()] = true;
            }
        }
    });
    let mut depth = vec![1usize; function.expressions.len()];
    let mut named = Vec::new();
    for (handle, expression) in function.expressions.iter() {
        let mut deepest = 0;
        ir::visit_operands(expression, |operand| {
            deepest = deepest.max(depth[operand.index()]);
        });
        let here = deepest + 1;
        let is_named = function.named_expressions.contains_key(&handle);
        depth[handle.index()] = if is_named {
            1
        } else if here >= NAMED_DEPTH && emitted[handle.index()] {
            named.push(handle);
            1
        } else {
            here
        };
    }
    named
}

/// Predeclared types that some declaration names, directly or through a
/// pointer.
fn spelled_predeclared_types(module: &Module) -> HashSet<Handle<Type>> {
    let predeclared: HashSet<Handle<Type>> = module
        .special_types
        .predeclared_types
        .values()
        .copied()
        .collect();
    if predeclared.is_empty() {
        return HashSet::new();
    }
    let value_type = |ty: Handle<Type>| match module.types[ty].inner {
        TypeInner::Pointer { base, .. } => base,
        _ => ty,
    };
    let mut spelled = HashSet::new();
    let mut note = |ty: Handle<Type>| {
        let ty = value_type(ty);
        if predeclared.contains(&ty) {
            spelled.insert(ty);
        }
    };
    for (_, global) in module.global_variables.iter() {
        note(global.ty);
    }
    for function in ir::functions(module) {
        for (_, local) in function.local_variables.iter() {
            note(local.ty);
        }
        for argument in &function.arguments {
            note(argument.ty);
        }
        if let Some(result) = &function.result {
            note(result.ty);
        }
    }
    spelled
}

/// Gives each spelled predeclared type a declared twin and uses the twin
/// wherever a declaration names the type.
fn declare_predeclared_types(
    module: &mut Module,
    info: &ModuleInfo,
    spelled: &HashSet<Handle<Type>>,
) -> Result<(), String> {
    let mut twins: HashMap<Handle<Type>, Handle<Type>> = HashMap::new();
    let mut ordered: Vec<Handle<Type>> = spelled.iter().copied().collect();
    ordered.sort_by_key(|h| h.index());
    for ty in ordered {
        let original = module.types[ty].clone();
        let name = original
            .name
            .as_deref()
            .unwrap_or("result")
            .trim_start_matches('_')
            .to_string();
        let twin = module.types.insert(
            Type {
                name: Some(name),
                inner: original.inner,
            },
            Span::UNDEFINED,
        );
        twins.insert(ty, twin);
    }
    let pointers: Vec<(Handle<Type>, TypeInner)> = module
        .types
        .iter()
        .filter_map(|(h, t)| match t.inner {
            TypeInner::Pointer { base, space } => twins
                .get(&base)
                .map(|&twin| (h, TypeInner::Pointer { base: twin, space })),
            _ => None,
        })
        .collect();
    let mut retype = twins.clone();
    for (pointer, inner) in pointers {
        let twin = module
            .types
            .insert(Type { name: None, inner }, Span::UNDEFINED);
        retype.insert(pointer, twin);
    }
    let retyped = |ty: &mut Handle<Type>| {
        if let Some(&twin) = retype.get(ty) {
            *ty = twin;
        }
    };
    for (_, global) in module.global_variables.iter_mut() {
        retyped(&mut global.ty);
    }

    let function_infos: Vec<&naga::valid::FunctionInfo> = module
        .functions
        .iter()
        .map(|(h, _)| &info[h])
        .chain((0..module.entry_points.len()).map(|i| info.get_entry_point(i)))
        .collect();
    for (function, function_info) in ir::functions_mut(module).zip(function_infos) {
        for (_, local) in function.local_variables.iter_mut() {
            retyped(&mut local.ty);
        }
        for argument in &mut function.arguments {
            retyped(&mut argument.ty);
        }
        if let Some(result) = &mut function.result {
            retyped(&mut result.ty);
        }
        // Values the builtins produce; loads of retyped variables and
        // results of retyped functions already have the twin.
        let whole_values: HashMap<Handle<Expression>, Handle<Type>> = function
            .expressions
            .iter()
            .filter(|(_, e)| matches!(e, Expression::Math { .. } | Expression::AtomicResult { .. }))
            .filter_map(|(h, _)| {
                let ty = function_info[h].ty.handle()?;
                twins.get(&ty).map(|&twin| (h, twin))
            })
            .collect();
        if whole_values.is_empty() {
            continue;
        }
        rebuild_whole_values(function, &whole_values)?;
    }
    Ok(())
}

/// Where a statement stores, passes or returns a value of a predeclared
/// type, it gets the twin built from the value's members instead.
fn rebuild_whole_values(
    function: &mut Function,
    whole_values: &HashMap<Handle<Expression>, Handle<Type>>,
) -> Result<(), String> {
    let expressions = &mut function.expressions;
    let mut failure = None;
    rewrite_statements(&mut function.body, &mut |statement, span| {
        let takes_whole_value = matches!(
            statement,
            Statement::Store { .. } | Statement::Call { .. } | Statement::Return { .. }
        );
        if !takes_whole_value {
            return None;
        }
        let mut statement = statement.clone();
        let mut prelude = Vec::new();
        let mut operands = Vec::new();
        let _ = for_each_statement_operand(&mut statement, &mut |h| operands.push(*h));
        // A call's result is its own; only its arguments are values passed.
        let result = match statement {
            Statement::Call { result, .. } => result,
            _ => None,
        };
        let mut rebuilt: HashMap<Handle<Expression>, Handle<Expression>> = HashMap::new();
        for operand in operands {
            if Some(operand) == result || rebuilt.contains_key(&operand) {
                continue;
            }
            let Some(&twin) = whole_values.get(&operand) else {
                continue;
            };
            // fract/whole, fract/exp, old_value/exchanged.
            let members = [0u32, 1].map(|index| {
                expressions.append(
                    Expression::AccessIndex {
                        base: operand,
                        index,
                    },
                    span,
                )
            });
            let compose = expressions.append(
                Expression::Compose {
                    ty: twin,
                    components: members.to_vec(),
                },
                span,
            );
            prelude.push((members[0], compose));
            rebuilt.insert(operand, compose);
        }
        if rebuilt.is_empty() {
            return None;
        }
        if let Err(e) = for_each_statement_operand(&mut statement, &mut |h| {
            if Some(*h) != result {
                if let Some(&new) = rebuilt.get(h) {
                    *h = new;
                }
            }
        }) {
            failure = Some(e.0);
        }
        let mut block = Block::new();
        for (first, last) in prelude {
            block.push(
                Statement::Emit(naga::Range::new_from_bounds(first, last)),
                span,
            );
        }
        block.push(statement, span);
        Some(block)
    });
    match failure {
        Some(what) => Err(format!("cannot rebuild a predeclared value: {what}")),
        None => Ok(()),
    }
}

/// Whether WGSL constant evaluation (Tint's) cannot hold an f32: an
/// infinity or NaN is refused, and a negative zero becomes a positive one
/// (Tint interns constants by value, and -0 == +0).
fn read_at_run_time(bits: u32) -> bool {
    !f32::from_bits(bits).is_finite() || bits == 0x8000_0000
}

fn non_finite_bits(literal: &Literal) -> Option<u32> {
    match *literal {
        Literal::F32(v) if read_at_run_time(v.to_bits()) => Some(v.to_bits()),
        _ => None,
    }
}

/// Whether Tint's constant evaluation loses a float literal: an infinity
/// or NaN, refused, or a negative zero, made positive. f32 and f16.
fn constant_evaluation_loses(literal: Literal) -> bool {
    match literal {
        Literal::F32(v) => read_at_run_time(v.to_bits()),
        Literal::F16(v) => !v.is_finite() || v.to_bits() == 0x8000,
        _ => false,
    }
}

/// The bits of a non-finite f32 that `expression` evaluates to without
/// reading memory: a literal, a constant, or a bitcast of an integer literal.
fn non_finite_value(
    module: &Module,
    expressions: &naga::Arena<Expression>,
    expression: &Expression,
) -> Option<u32> {
    match *expression {
        Expression::Literal(ref literal) => non_finite_bits(literal),
        Expression::Constant(c) => match module.global_expressions[module.constants[c].init] {
            Expression::Literal(ref literal) => non_finite_bits(literal),
            _ => None,
        },
        Expression::As {
            expr,
            kind: ScalarKind::Float,
            convert: None,
        } => {
            let bits = match expressions[expr] {
                Expression::Literal(Literal::U32(bits)) => bits,
                Expression::Literal(Literal::I32(bits)) => bits as u32,
                _ => return None,
            };
            read_at_run_time(bits).then_some(bits)
        }
        _ => None,
    }
}

fn has_non_finite_floats(module: &Module) -> bool {
    ir::functions(module).any(|f| {
        f.expressions
            .iter()
            .any(|(_, e)| non_finite_value(module, &f.expressions, e).is_some())
    })
}

fn read_non_finite_floats_at_run_time(module: &mut Module) -> Result<(), String> {
    let u32_ty = shaderxform_passes::ir::scalar_type(module, Scalar::U32);
    let snapshot = module.clone();
    for function in ir::functions_mut(module) {
        let found: Vec<(Handle<Expression>, u32)> = function
            .expressions
            .iter()
            .filter_map(|(h, e)| Some((h, non_finite_value(&snapshot, &function.expressions, e)?)))
            .collect();
        if found.is_empty() {
            continue;
        }
        let mut prelude = Block::new();
        let mut value_of_bits: HashMap<u32, Handle<Expression>> = HashMap::new();
        let mut all_bits: Vec<u32> = found.iter().map(|&(_, bits)| bits).collect();
        all_bits.sort_unstable();
        all_bits.dedup();
        for bits in all_bits {
            let init = function
                .expressions
                .append(Expression::Literal(Literal::U32(bits)), Span::UNDEFINED);
            let local = function.local_variables.append(
                naga::LocalVariable {
                    name: Some(format!("f32_bits_{bits:08x}")),
                    ty: u32_ty,
                    init: Some(init),
                },
                Span::UNDEFINED,
            );
            let pointer = function
                .expressions
                .append(Expression::LocalVariable(local), Span::UNDEFINED);
            let load = function
                .expressions
                .append(Expression::Load { pointer }, Span::UNDEFINED);
            let value = function.expressions.append(
                Expression::As {
                    expr: load,
                    kind: ScalarKind::Float,
                    convert: None,
                },
                Span::UNDEFINED,
            );
            prelude.push(
                Statement::Emit(naga::Range::new_from_bounds(load, value)),
                Span::UNDEFINED,
            );
            value_of_bits.insert(bits, value);
        }
        let substitutions: HashMap<Handle<Expression>, Handle<Expression>> = found
            .iter()
            .map(|&(h, bits)| (h, value_of_bits[&bits]))
            .collect();
        for h in substitutions.keys() {
            function.named_expressions.shift_remove(h);
        }
        // A local's initializer is a const-expression: it becomes a store.
        let mut stores = Block::new();
        for (local, variable) in function.local_variables.iter_mut() {
            let Some(value) = variable.init.and_then(|i| substitutions.get(&i)) else {
                continue;
            };
            variable.init = None;
            let pointer = function
                .expressions
                .append(Expression::LocalVariable(local), Span::UNDEFINED);
            stores.push(
                Statement::Store {
                    pointer,
                    value: *value,
                },
                Span::UNDEFINED,
            );
        }
        substitute_uses(
            &mut function.expressions,
            &mut function.body,
            &substitutions,
        )
        .map_err(|e| format!("cannot read a non-finite float at run time: {}", e.0))?;
        let body = std::mem::take(&mut function.body);
        prelude.append(&mut stores);
        for (statement, span) in body.span_into_iter() {
            prelude.push(statement, span);
        }
        function.body = prelude;
    }
    // Named constants that held such values are no longer used by the
    // functions; without a name, compaction drops them.
    for (_, constant) in module.constants.iter_mut() {
        let init = &module.global_expressions[constant.init];
        if matches!(init, Expression::Literal(l) if non_finite_bits(l).is_some()) {
            constant.name = None;
        }
    }
    naga::compact::compact(module, naga::compact::KeepUnused::Yes);
    Ok(())
}

fn has_float_class_tests(module: &Module) -> bool {
    ir::functions(module).any(|f| {
        f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::Relational {
                    fun: RelationalFunction::IsNan | RelationalFunction::IsInf,
                    ..
                }
            )
        })
    })
}

/// A function's shifts by a constant at least the width of the value
/// shifted: the amount masked to the width, and the vector size of a
/// splat amount, by the shift.
type MaskedAmounts = HashMap<Handle<Expression>, (Literal, Option<naga::VectorSize>)>;

/// Per function of `module`, in the order of [`ir::functions`], its
/// [`MaskedAmounts`].
fn oversized_shifts(module: &Module, info: &ModuleInfo) -> Vec<MaskedAmounts> {
    let infos = module
        .functions
        .iter()
        .map(|(h, _)| &info[h])
        .chain((0..module.entry_points.len()).map(|i| info.get_entry_point(i)));
    ir::functions(module)
        .zip(infos)
        .map(|(function, function_info)| {
            let mut found = HashMap::new();
            for (handle, expression) in function.expressions.iter() {
                let Expression::Binary {
                    op: BinaryOperator::ShiftLeft | BinaryOperator::ShiftRight,
                    left,
                    right,
                } = *expression
                else {
                    continue;
                };
                let (amount, size) = match function.expressions[right] {
                    Expression::Splat { size, value } => {
                        (constant_amount(module, function, value), Some(size))
                    }
                    _ => (constant_amount(module, function, right), None),
                };
                let width = function_info[left]
                    .ty
                    .inner_with(&module.types)
                    .scalar_width()
                    .map(|w| u64::from(w) * 8);
                let (Some((bits, scalar)), Some(width)) = (amount, width) else {
                    continue;
                };
                if bits < width {
                    continue;
                }
                let masked = bits & (width - 1);
                let masked = match (scalar.kind, scalar.width) {
                    (ScalarKind::Uint, 8) => Literal::U64(masked),
                    (ScalarKind::Sint, 8) => Literal::I64(masked as i64),
                    (ScalarKind::Sint, _) => Literal::I32(masked as i32),
                    _ => Literal::U32(masked as u32),
                };
                found.insert(handle, (masked, size));
            }
            found
        })
        .collect()
}

/// The bits of a constant shift amount, as an unsigned number, and its
/// scalar: a literal, a constant initialised with one, or a conversion or
/// bitcast of one (glslang's `bitcast<u32>(33i)`).
fn constant_amount(
    module: &Module,
    function: &Function,
    h: Handle<Expression>,
) -> Option<(u64, Scalar)> {
    let of_literal = |l: Literal| {
        Some(match l {
            Literal::U32(v) => (u64::from(v), Scalar::U32),
            Literal::I32(v) => (u64::from(v as u32), Scalar::I32),
            Literal::U64(v) => (v, Scalar::U64),
            Literal::I64(v) => (v as u64, Scalar::I64),
            _ => return None,
        })
    };
    match function.expressions[h] {
        Expression::Literal(l) => of_literal(l),
        Expression::Constant(c) => match module.global_expressions[module.constants[c].init] {
            Expression::Literal(l) => of_literal(l),
            _ => None,
        },
        Expression::As {
            expr,
            kind: kind @ (ScalarKind::Uint | ScalarKind::Sint),
            convert,
        } => {
            let (bits, scalar) = constant_amount(module, function, expr)?;
            let width = convert.unwrap_or(scalar.width);
            // Same-width conversions and bitcasts keep the bits; a
            // negative amount is a large one either way.
            (width == scalar.width).then_some((bits, Scalar { kind, width }))
        }
        _ => None,
    }
}

/// Writes each shift of [`oversized_shifts`] with its masked amount.
struct MaskedShifts(MaskedAmounts);

impl Rewrite for MaskedShifts {
    fn expression_from(
        &mut self,
        b: &mut BlockBuilder<'_>,
        original: Handle<Expression>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        let &(amount, size) = self.0.get(&original)?;
        let Expression::Binary { op, left, .. } = *expression else {
            return None;
        };
        let mut right = b.expr(Expression::Literal(amount));
        if let Some(size) = size {
            right = b.expr(Expression::Splat { size, value: right });
        }
        Some(b.expr(Expression::Binary { op, left, right }))
    }
}

struct FloatClassTests;

impl Rewrite for FloatClassTests {
    fn expression(
        &mut self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        let Expression::Relational { fun, argument: x } = *expression else {
            return None;
        };
        let binary = |b: &mut BlockBuilder<'_>, op, left, right| {
            b.expr(Expression::Binary { op, left, right })
        };
        match fun {
            RelationalFunction::IsNan => Some(binary(b, BinaryOperator::NotEqual, x, x)),
            RelationalFunction::IsInf => {
                let zero_or_nan = binary(b, BinaryOperator::Subtract, x, x);
                let not_finite = binary(b, BinaryOperator::NotEqual, zero_or_nan, zero_or_nan);
                let not_nan = binary(b, BinaryOperator::Equal, x, x);
                Some(binary(b, BinaryOperator::And, not_finite, not_nan))
            }
            _ => None,
        }
    }
}
