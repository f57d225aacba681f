//! `float-atomics`: float atomic min/max on integer atomics.
//!
//! WGSL's `atomic<f32>` has no min or max that naga, Tint, Metal or D3D12
//! accept. Every atomic of a variable that takes a float min or max is
//! retyped to an integer atomic holding a word that orders like the float:
//!
//! - `ordered` (any sign): `atomic<u32>` holding
//!   `bits(x) ^ (sign set ? 0xFFFFFFFF : 0x80000000)`; stores and exchanges
//!   encode, loads and returned old values decode, min and max become u32
//!   min and max. Branch-free.
//! - `signed`: when every value that reaches the atomic provably has its
//!   sign bit clear, `atomic<i32>` holding the float's own bits: two's
//!   complement order is float order there, so no encoding is needed and the
//!   buffer keeps float bits for the host. When every value provably has
//!   its sign bit set, the same with min and max swapped; zero-initialised
//!   workgroup memory (+0.0) rules that form out.

use std::collections::HashMap;

use naga::{
    AddressSpace, AtomicFunction, BinaryOperator, Expression, Function, GlobalVariable, Handle,
    Literal, Module, Scalar, ScalarKind, Span, Statement, Type, TypeInner,
};

use crate::analysis::value_sign::{SignBit, ValueSign};
use crate::float_order::encode_f32;
use crate::ir::{ensure_type, for_each_statement, rebuild_function, BlockBuilder, Rewrite};
use crate::{Change, Diagnostic, OptionSpec, Pass, PassContext, Phase, Selection, Target};

pub struct FloatAtomics;

const STRATEGY: OptionSpec = OptionSpec {
    name: "strategy",
    values: &["auto", "ordered", "signed", "cas"],
    default: "auto",
    help: "auto: the signed bitcast where the sign of every value is proven, else the ordered encoding; cas: compare-exchange loops on the float bits",
};

const NAN: OptionSpec = OptionSpec {
    name: "nan",
    values: &["propagate", "ignore"],
    default: "propagate",
    help: "propagate: NaNs take part in the order of the encoding; ignore: a NaN leaves the atomic unchanged",
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strategy {
    /// `atomic<u32>` with the order-preserving encoding.
    Ordered,
    /// `atomic<i32>` with the float bits; every value has its sign bit clear.
    SignedClear,
    /// `atomic<i32>` with the float bits and min/max swapped; every value
    /// has its sign bit set.
    SignedSet,
    /// `atomic<u32>` with the float bits, min and max as compare-exchange
    /// loops: obviously correct, the reference for validation.
    Cas,
}

impl Strategy {
    fn name(self) -> &'static str {
        match self {
            Strategy::Ordered => "ordered",
            Strategy::SignedClear => "signed",
            Strategy::SignedSet => "signed-swapped",
            Strategy::Cas => "cas",
        }
    }

    fn int_scalar(self) -> Scalar {
        match self {
            Strategy::Ordered | Strategy::Cas => Scalar::U32,
            Strategy::SignedClear | Strategy::SignedSet => Scalar::I32,
        }
    }

    /// The word the host must store so that a min (or max) sees no value yet.
    fn clear_word(self, for_min: bool) -> u32 {
        match (self, for_min) {
            (Strategy::Ordered, true) => encode_f32(f32::INFINITY),
            (Strategy::Ordered, false) => encode_f32(f32::NEG_INFINITY),
            (Strategy::SignedClear, true) => f32::INFINITY.to_bits(),
            (Strategy::SignedClear, false) => 0.0f32.to_bits(),
            (Strategy::SignedSet, true) => (-0.0f32).to_bits(),
            (Strategy::SignedSet, false) => f32::NEG_INFINITY.to_bits(),
            (Strategy::Cas, true) => f32::INFINITY.to_bits(),
            (Strategy::Cas, false) => f32::NEG_INFINITY.to_bits(),
        }
    }
}

/// One access to a float atomic, found before the rewrite.
struct Access {
    span: Span,
    kind: AccessKind,
    /// The value written, for the sign analysis; in the function `function`.
    value: Option<Handle<Expression>>,
    function: FunctionRef,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AccessKind {
    Load,
    Store,
    Min,
    Max,
    Exchange,
    CompareExchange,
    Add,
    Subtract,
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FunctionRef {
    Function(Handle<Function>),
    EntryPoint(usize),
}

fn function_of(module: &Module, f: FunctionRef) -> &Function {
    match f {
        FunctionRef::Function(h) => &module.functions[h],
        FunctionRef::EntryPoint(i) => &module.entry_points[i].function,
    }
}

fn is_float_atomic(inner: &TypeInner) -> bool {
    matches!(
        inner,
        TypeInner::Atomic(Scalar {
            kind: ScalarKind::Float,
            width: 4
        })
    )
}

fn contains_float_atomic(module: &Module, ty: Handle<Type>) -> bool {
    match module.types[ty].inner {
        ref inner if is_float_atomic(inner) => true,
        TypeInner::Array { base, .. } => contains_float_atomic(module, base),
        TypeInner::Struct { ref members, .. } => {
            members.iter().any(|m| contains_float_atomic(module, m.ty))
        }
        _ => false,
    }
}

/// The global whose float atomic `pointer` addresses, if it does.
fn float_atomic_global(
    expressions: &naga::Arena<Expression>,
    types: &naga::UniqueArena<Type>,
    global_types: &HashMap<Handle<GlobalVariable>, Handle<Type>>,
    pointer: Handle<Expression>,
) -> Option<Handle<GlobalVariable>> {
    let mut path = Vec::new();
    let mut current = pointer;
    let global = loop {
        match expressions[current] {
            Expression::Access { base, .. } => {
                path.push(None);
                current = base;
            }
            Expression::AccessIndex { base, index } => {
                path.push(Some(index));
                current = base;
            }
            Expression::GlobalVariable(g) => break g,
            _ => return None,
        }
    };
    let mut ty = *global_types.get(&global)?;
    for step in path.into_iter().rev() {
        ty = match (&types[ty].inner, step) {
            (TypeInner::Struct { members, .. }, Some(i)) => members.get(i as usize)?.ty,
            (TypeInner::Array { base, .. }, _) => *base,
            _ => return None,
        };
    }
    is_float_atomic(&types[ty].inner).then_some(global)
}

impl Pass for FloatAtomics {
    fn name(&self) -> &'static str {
        "float-atomics"
    }

    fn description(&self) -> &'static str {
        "float atomicMin/atomicMax on integer atomics through an order-preserving encoding, or a plain bitcast where the sign is proven"
    }

    fn phase(&self) -> Phase {
        Phase::BeforeValidation
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[STRATEGY, NAN]
    }

    fn is_enabled(&self, module: &Module, _: &Target, _: Selection) -> bool {
        module
            .types
            .iter()
            .any(|(_, ty)| is_float_atomic(&ty.inner))
    }

    fn run(&self, module: &mut Module, cx: &mut PassContext<'_>) {
        let global_types: HashMap<_, _> = module
            .global_variables
            .iter()
            .filter(|(_, g)| contains_float_atomic(module, g.ty))
            .map(|(h, g)| (h, g.ty))
            .collect();
        let accesses = find_accesses(module, &global_types);

        let requested = cx.options.get(&STRATEGY).to_string();
        let ignore_nan = cx.options.get(&NAN) == "ignore";
        let mut plan: HashMap<Handle<GlobalVariable>, Strategy> = HashMap::new();
        let mut globals: Vec<_> = accesses.keys().copied().collect();
        globals.sort_by_key(|g| g.index());
        for global in globals {
            let uses = &accesses[&global];
            if !uses
                .iter()
                .any(|a| matches!(a.kind, AccessKind::Min | AccessKind::Max))
            {
                continue;
            }
            let name = global_name(module, global);
            if let Some(bad) = uses.iter().find(|a| a.kind == AccessKind::Other) {
                cx.report(
                    Diagnostic::error(format!(
                        "`{name}` takes a float min or max and also {}, which has no meaning on floats",
                        describe(bad.kind)
                    ))
                    .with_code("float-atomics::unsupported-access")
                    .with_primary(bad.span, "this access")
                    .with_secondary(module.global_variables.get_span(global), "the atomic")
                    .with_note("min, max, add, sub, load, store, exchange and compare-exchange are rewritten"),
                );
                continue;
            }
            // A sum may change sign whatever its operands: no proof then.
            let accumulates = uses
                .iter()
                .any(|a| matches!(a.kind, AccessKind::Add | AccessKind::Subtract));
            let (proven, unproven_at) = if accumulates {
                let sum = uses
                    .iter()
                    .find(|a| matches!(a.kind, AccessKind::Add | AccessKind::Subtract));
                (SignBit::Unknown, sum.map(|a| a.span))
            } else {
                proven_sign(module, uses)
            };
            let space = module.global_variables[global].space;
            let signed = match proven {
                SignBit::Clear => Some(Strategy::SignedClear),
                // Workgroup memory starts as +0.0, which breaks the swapped form.
                SignBit::Set if space != AddressSpace::WorkGroup => Some(Strategy::SignedSet),
                _ => None,
            };
            let strategy = match (requested.as_str(), signed) {
                ("ordered", _) => Strategy::Ordered,
                ("cas", _) => Strategy::Cas,
                ("signed", Some(s)) | ("auto", Some(s)) => s,
                ("signed", None) => {
                    let mut d = Diagnostic::error(format!(
                        "cannot use the signed strategy for `{name}`: the sign of the values written to it is not proven"
                    ))
                    .with_code("float-atomics::sign-not-proven");
                    if let Some(span) = unproven_at {
                        d = d.with_primary(span, "the sign of this value is not proven");
                    }
                    cx.report(
                        d.with_secondary(module.global_variables.get_span(global), "the atomic")
                            .with_note("the signed strategy needs every value from abs, length, distance, sqrt of such values, u32-to-f32 conversions or non-negative constants, and no atomicAdd or atomicSub; use strategy=ordered or auto"),
                    );
                    continue;
                }
                _ => Strategy::Ordered,
            };
            plan.insert(global, strategy);
        }
        if plan.is_empty() || cx.diagnostics().iter().any(Diagnostic::is_error) {
            return;
        }

        let needs_exchange = plan.iter().any(|(g, s)| {
            *s == Strategy::Cas
                || accesses[g].iter().any(|a| {
                    matches!(
                        a.kind,
                        AccessKind::Add | AccessKind::Subtract | AccessKind::CompareExchange
                    )
                })
        });
        let original_types = module.types.clone();
        retype_globals(module, &plan);
        let mut rewrite = FloatAtomicRewrite {
            types: original_types.clone(),
            global_types: global_types
                .iter()
                .filter(|(g, _)| plan.contains_key(g))
                .map(|(g, t)| (*g, *t))
                .collect(),
            plan: plan.clone(),
            ignore_nan,
            u32_ty: ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32)),
            i32_ty: ensure_type(&mut module.types, TypeInner::Scalar(Scalar::I32)),
            exchange_u32: needs_exchange.then(|| exchange_result_type(module, Scalar::U32)),
            exchange_i32: needs_exchange.then(|| exchange_result_type(module, Scalar::I32)),
            exchange_results: Default::default(),
        };
        let mut failed = None;
        for (_, function) in module.functions.iter_mut() {
            if let Err(e) = rebuild_function(function, &mut rewrite) {
                failed = Some(e);
            }
        }
        for ep in module.entry_points.iter_mut() {
            if let Err(e) = rebuild_function(&mut ep.function, &mut rewrite) {
                failed = Some(e);
            }
        }
        if let Some(e) = failed {
            cx.report(Diagnostic::error(format!(
                "float-atomics cannot rewrite functions that use {}",
                e.0
            )));
            return;
        }

        // Drops the float-atomic types that nothing uses any more.
        naga::compact::compact(module, naga::compact::KeepUnused::Yes);

        let mut planned: Vec<_> = plan.into_iter().collect();
        planned.sort_by_key(|(g, _)| g.index());
        for (global, strategy) in planned {
            let var = &module.global_variables[global];
            let uses = &accesses[&global];
            let mins = uses.iter().any(|a| a.kind == AccessKind::Min);
            let maxes = uses.iter().any(|a| a.kind == AccessKind::Max);
            let mut change = Change::new(
                "retype-atomic",
                module.global_variables.get_span(global),
                format!(
                    "`{}` becomes atomic<{}> ({} strategy); {} accesses rewritten",
                    global_name(module, global),
                    if strategy == Strategy::Ordered {
                        "u32"
                    } else {
                        "i32"
                    },
                    strategy.name(),
                    uses.len()
                ),
            )
            .with_strategy(strategy.name())
            .with_detail("variable", global_name(module, global))
            .with_detail(
                "address_space",
                match var.space {
                    AddressSpace::WorkGroup => "workgroup",
                    _ => "storage",
                },
            )
            .with_detail("memory_holds_float_bits", strategy != Strategy::Ordered)
            .with_detail("nan", if ignore_nan { "ignore" } else { "propagate" });
            if let Some(binding) = &var.binding {
                change = change
                    .with_detail("group", binding.group)
                    .with_detail("binding", binding.binding);
            }
            let mut places = Vec::new();
            atomic_offsets(
                &original_types,
                global_types[&global],
                "",
                0,
                &mut Vec::new(),
                &mut places,
            );
            change = change.with_detail("byte_offsets", places.join("; "));
            if mins {
                change = change.with_detail(
                    "clear_value_for_min",
                    format!("{:#010x}", strategy.clear_word(true)),
                );
            }
            if maxes {
                change = change.with_detail(
                    "clear_value_for_max",
                    format!("{:#010x}", strategy.clear_word(false)),
                );
            }
            if uses
                .iter()
                .any(|a| matches!(a.kind, AccessKind::Add | AccessKind::Subtract))
            {
                let zero = match strategy {
                    Strategy::Ordered => encode_f32(0.0),
                    _ => 0.0f32.to_bits(),
                };
                change = change.with_detail("clear_value_for_sum", format!("{zero:#010x}"));
            }
            cx.record(change);
        }
    }
}

/// Where the float atomics of a type lie, as `path: offset` with the
/// strides of enclosing arrays, e.g. `[i].peak: 4 + 8*i`.
fn atomic_offsets(
    types: &naga::UniqueArena<Type>,
    ty: Handle<Type>,
    path: &str,
    offset: u32,
    strides: &mut Vec<(String, u32)>,
    out: &mut Vec<String>,
) {
    match types[ty].inner {
        ref inner if is_float_atomic(inner) => {
            let mut place = format!("{}: {offset}", if path.is_empty() { "value" } else { path });
            for (index, stride) in strides.iter() {
                place.push_str(&format!(" + {stride}*{index}"));
            }
            out.push(place);
        }
        TypeInner::Array { base, stride, .. } => {
            let index = ["i", "j", "k", "l"]
                .get(strides.len())
                .copied()
                .unwrap_or("n");
            strides.push((index.to_string(), stride));
            atomic_offsets(
                types,
                base,
                &format!("{path}[{index}]"),
                offset,
                strides,
                out,
            );
            strides.pop();
        }
        TypeInner::Struct { ref members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let name = m.name.clone().unwrap_or_else(|| format!("member{i}"));
                let path = if path.is_empty() {
                    name
                } else {
                    format!("{path}.{name}")
                };
                atomic_offsets(types, m.ty, &path, offset + m.offset, strides, out);
            }
        }
        _ => {}
    }
}

fn describe(kind: AccessKind) -> &'static str {
    match kind {
        AccessKind::Add => "atomicAdd",
        AccessKind::Subtract => "atomicSub",
        AccessKind::CompareExchange => "atomicCompareExchangeWeak",
        _ => "a bitwise atomic",
    }
}

fn global_name(module: &Module, global: Handle<GlobalVariable>) -> String {
    module.global_variables[global]
        .name
        .clone()
        .unwrap_or_else(|| format!("global {}", global.index()))
}

/// Every access to a float atomic, per global.
fn find_accesses(
    module: &Module,
    global_types: &HashMap<Handle<GlobalVariable>, Handle<Type>>,
) -> HashMap<Handle<GlobalVariable>, Vec<Access>> {
    let mut accesses: HashMap<Handle<GlobalVariable>, Vec<Access>> = HashMap::new();
    let functions = module
        .functions
        .iter()
        .map(|(h, _)| FunctionRef::Function(h))
        .chain((0..module.entry_points.len()).map(FunctionRef::EntryPoint));
    for f in functions {
        let function = function_of(module, f);
        let target = |pointer| {
            float_atomic_global(&function.expressions, &module.types, global_types, pointer)
        };
        for (handle, expression) in function.expressions.iter() {
            if let Expression::Load { pointer } = *expression {
                if let Some(g) = target(pointer) {
                    accesses.entry(g).or_default().push(Access {
                        span: function.expressions.get_span(handle),
                        kind: AccessKind::Load,
                        value: None,
                        function: f,
                    });
                }
            }
        }
        for_each_statement(&function.body, &mut |statement, span| {
            let (pointer, kind, value) = match *statement {
                Statement::Store { pointer, value } => (pointer, AccessKind::Store, value),
                Statement::Atomic {
                    pointer,
                    fun,
                    value,
                    ..
                } => {
                    let kind = match fun {
                        AtomicFunction::Min => AccessKind::Min,
                        AtomicFunction::Max => AccessKind::Max,
                        AtomicFunction::Exchange { compare: None } => AccessKind::Exchange,
                        AtomicFunction::Exchange { compare: Some(_) } => {
                            AccessKind::CompareExchange
                        }
                        AtomicFunction::Add => AccessKind::Add,
                        AtomicFunction::Subtract => AccessKind::Subtract,
                        _ => AccessKind::Other,
                    };
                    (pointer, kind, value)
                }
                _ => return,
            };
            if let Some(g) = target(pointer) {
                accesses.entry(g).or_default().push(Access {
                    span,
                    kind,
                    value: Some(value),
                    function: f,
                });
            }
        });
    }
    accesses
}

/// The sign bit every value written to the global provably has, and where
/// the proof fails if it does.
fn proven_sign(module: &Module, uses: &[Access]) -> (SignBit, Option<Span>) {
    let mut proven: Option<SignBit> = None;
    for access in uses {
        let Some(value) = access.value else { continue };
        let function = function_of(module, access.function);
        let sign = ValueSign::new(module, function).sign_bit(value);
        proven = Some(match proven {
            None if sign != SignBit::Unknown => sign,
            Some(p) if p == sign => p,
            _ => return (SignBit::Unknown, Some(access.span)),
        });
    }
    (proven.unwrap_or(SignBit::Unknown), None)
}

/// Gives the planned globals the same types with their float atomics made
/// integer. Named structs that no global uses any more lose their name, so
/// that compaction drops them instead of writing them out unused.
fn retype_globals(module: &mut Module, plan: &HashMap<Handle<GlobalVariable>, Strategy>) {
    let mut planned: Vec<_> = plan.iter().map(|(g, s)| (*g, s.int_scalar())).collect();
    planned.sort_by_key(|(g, _)| g.index());
    let mut done: HashMap<(Handle<Type>, ScalarKind), Handle<Type>> = HashMap::new();
    for (global, int) in planned {
        let ty = module.global_variables[global].ty;
        let new = retype(module, ty, int, &mut done);
        module.global_variables[global].ty = new;
    }
    let replaced: Vec<Handle<Type>> = done
        .iter()
        .filter(|(k, v)| k.0 != **v)
        .map(|(k, _)| k.0)
        .collect();
    for ty in replaced {
        let still_used = module
            .global_variables
            .iter()
            .any(|(_, var)| type_contains(module, var.ty, ty));
        let old = module.types[ty].clone();
        if old.name.is_some() && !still_used {
            let anonymous = Type {
                name: None,
                inner: old.inner,
            };
            if module.types.get(&anonymous).is_none() {
                module.types.replace(ty, anonymous);
            }
        }
    }
}

fn type_contains(module: &Module, ty: Handle<Type>, needle: Handle<Type>) -> bool {
    ty == needle
        || match module.types[ty].inner {
            TypeInner::Array { base, .. } => type_contains(module, base, needle),
            TypeInner::Struct { ref members, .. } => {
                members.iter().any(|m| type_contains(module, m.ty, needle))
            }
            _ => false,
        }
}

fn retype(
    module: &mut Module,
    ty: Handle<Type>,
    int: Scalar,
    done: &mut HashMap<(Handle<Type>, ScalarKind), Handle<Type>>,
) -> Handle<Type> {
    if let Some(&new) = done.get(&(ty, int.kind)) {
        return new;
    }
    let original = module.types[ty].clone();
    let inner = match original.inner {
        ref inner if is_float_atomic(inner) => TypeInner::Atomic(int),
        TypeInner::Array { base, size, stride } => TypeInner::Array {
            base: retype(module, base, int, done),
            size,
            stride,
        },
        TypeInner::Struct { ref members, span } => {
            let mut members = members.clone();
            for m in members.iter_mut() {
                m.ty = retype(module, m.ty, int, done);
            }
            TypeInner::Struct { members, span }
        }
        _ => return ty,
    };
    let new = module.types.insert(
        Type {
            name: original.name.clone(),
            inner,
        },
        module.types.get_span(ty),
    );
    done.insert((ty, int.kind), new);
    new
}

struct FloatAtomicRewrite {
    /// The types as they were before retyping, to recognise float atomics.
    types: naga::UniqueArena<Type>,
    global_types: HashMap<Handle<GlobalVariable>, Handle<Type>>,
    plan: HashMap<Handle<GlobalVariable>, Strategy>,
    ignore_nan: bool,
    u32_ty: Handle<Type>,
    i32_ty: Handle<Type>,
    /// `__atomic_compare_exchange_result<u32>` and `<i32>`, present when
    /// some access needs a compare-exchange.
    exchange_u32: Option<Handle<Type>>,
    exchange_i32: Option<Handle<Type>>,
    /// Compare-exchange results on rewritten atomics, whose `old_value`
    /// is an encoded word that uses must see decoded.
    exchange_results: HashMap<Handle<Expression>, Strategy>,
}

/// `__atomic_compare_exchange_result<T>`.
fn exchange_result_type(module: &mut Module, scalar: Scalar) -> Handle<Type> {
    module.generate_predeclared_type(naga::PredeclaredType::AtomicCompareExchangeWeakResult(
        scalar,
    ))
}

/// The update a compare-exchange loop applies.
#[derive(Clone, Copy)]
enum Update {
    Add,
    Subtract,
    Min,
    Max,
}

/// `old = atomicLoad(p); loop { new = enc(update(dec(old), value));
/// r = atomicCompareExchangeWeak(p, old, new); if r.exchanged { break; }
/// old = r.old_value; }`, returning the decoded `old`: the value the
/// atomic held when the update took effect.
fn compare_exchange_loop(
    b: &mut BlockBuilder<'_>,
    strategy: Strategy,
    pointer: Handle<Expression>,
    update: Update,
    value: Handle<Expression>,
    word_ty: Handle<Type>,
    exchange_ty: Handle<Type>,
) -> Handle<Expression> {
    let seen = b.local("float_atomic_seen", word_ty);
    let first = b.expr(Expression::Load { pointer });
    b.statement(Statement::Store {
        pointer: seen,
        value: first,
    });
    let body = b.block(|l| {
        let word = l.expr(Expression::Load { pointer: seen });
        let current = decode(l, strategy, word);
        let updated = match update {
            Update::Add => binary(l, BinaryOperator::Add, current, value),
            Update::Subtract => binary(l, BinaryOperator::Subtract, current, value),
            Update::Min | Update::Max => l.expr(Expression::Math {
                fun: if matches!(update, Update::Min) {
                    naga::MathFunction::Min
                } else {
                    naga::MathFunction::Max
                },
                arg: current,
                arg1: Some(value),
                arg2: None,
                arg3: None,
            }),
        };
        let new_word = encode(l, strategy, updated);
        let result = l.statement_with_result(
            Expression::AtomicResult {
                ty: exchange_ty,
                comparison: true,
            },
            |result| Statement::Atomic {
                pointer,
                fun: AtomicFunction::Exchange {
                    compare: Some(word),
                },
                value: new_word,
                result: Some(result),
            },
        );
        let exchanged = l.expr(Expression::AccessIndex {
            base: result,
            index: 1,
        });
        let leave = l.block(|x| x.statement(Statement::Break));
        l.statement(Statement::If {
            condition: exchanged,
            accept: leave,
            reject: naga::Block::new(),
        });
        let old = l.expr(Expression::AccessIndex {
            base: result,
            index: 0,
        });
        l.statement(Statement::Store {
            pointer: seen,
            value: old,
        });
    });
    b.statement(Statement::Loop {
        body,
        continuing: naga::Block::new(),
        break_if: None,
    });
    let last = b.expr(Expression::Load { pointer: seen });
    decode(b, strategy, last)
}

impl FloatAtomicRewrite {
    fn strategy(&self, b: &BlockBuilder<'_>, pointer: Handle<Expression>) -> Option<Strategy> {
        let global =
            float_atomic_global(b.expressions(), &self.types, &self.global_types, pointer)?;
        self.plan.get(&global).copied()
    }
}

fn u32_lit(b: &mut BlockBuilder<'_>, v: u32) -> Handle<Expression> {
    b.expr(Expression::Literal(Literal::U32(v)))
}

fn binary(
    b: &mut BlockBuilder<'_>,
    op: BinaryOperator,
    left: Handle<Expression>,
    right: Handle<Expression>,
) -> Handle<Expression> {
    b.expr(Expression::Binary { op, left, right })
}

fn bitcast(
    b: &mut BlockBuilder<'_>,
    expr: Handle<Expression>,
    kind: ScalarKind,
) -> Handle<Expression> {
    b.expr(Expression::As {
        expr,
        kind,
        convert: None,
    })
}

/// The integer word that stands for `value` under `strategy`.
fn encode(
    b: &mut BlockBuilder<'_>,
    strategy: Strategy,
    value: Handle<Expression>,
) -> Handle<Expression> {
    match strategy {
        Strategy::Ordered => {
            let bits = bitcast(b, value, ScalarKind::Uint);
            let signed = bitcast(b, bits, ScalarKind::Sint);
            let thirty_one = u32_lit(b, 31);
            // All ones for negative floats, zero for positive ones.
            let spread = binary(b, BinaryOperator::ShiftRight, signed, thirty_one);
            let spread = bitcast(b, spread, ScalarKind::Uint);
            let sign_bit = u32_lit(b, 0x8000_0000);
            let mask = binary(b, BinaryOperator::InclusiveOr, spread, sign_bit);
            binary(b, BinaryOperator::ExclusiveOr, bits, mask)
        }
        Strategy::SignedClear | Strategy::SignedSet => bitcast(b, value, ScalarKind::Sint),
        Strategy::Cas => bitcast(b, value, ScalarKind::Uint),
    }
}

/// The float an integer word stands for under `strategy`.
fn decode(
    b: &mut BlockBuilder<'_>,
    strategy: Strategy,
    word: Handle<Expression>,
) -> Handle<Expression> {
    match strategy {
        Strategy::Ordered => {
            let thirty_one = u32_lit(b, 31);
            let top = binary(b, BinaryOperator::ShiftRight, word, thirty_one);
            let one = u32_lit(b, 1);
            // Zero for encoded positives, all ones for encoded negatives.
            let spread = binary(b, BinaryOperator::Subtract, top, one);
            let sign_bit = u32_lit(b, 0x8000_0000);
            let mask = binary(b, BinaryOperator::InclusiveOr, spread, sign_bit);
            let bits = binary(b, BinaryOperator::ExclusiveOr, word, mask);
            bitcast(b, bits, ScalarKind::Float)
        }
        Strategy::SignedClear | Strategy::SignedSet | Strategy::Cas => {
            bitcast(b, word, ScalarKind::Float)
        }
    }
}

/// `word`, or the identity of the operation when `value` is a NaN, so that
/// a NaN leaves the atomic unchanged.
fn unless_nan(
    b: &mut BlockBuilder<'_>,
    value: Handle<Expression>,
    word: Handle<Expression>,
    identity: Literal,
) -> Handle<Expression> {
    // An exact bit test: a float comparison may be folded away by drivers
    // that assume no NaNs.
    let bits = bitcast(b, value, ScalarKind::Uint);
    let magnitude_mask = u32_lit(b, 0x7FFF_FFFF);
    let magnitude = binary(b, BinaryOperator::And, bits, magnitude_mask);
    let infinity = u32_lit(b, 0x7F80_0000);
    let is_nan = binary(b, BinaryOperator::Greater, magnitude, infinity);
    let identity = b.expr(Expression::Literal(identity));
    b.expr(Expression::Select {
        condition: is_nan,
        accept: identity,
        reject: word,
    })
}

impl Rewrite for FloatAtomicRewrite {
    fn expression(
        &mut self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        match *expression {
            Expression::Load { pointer } => {
                let strategy = self.strategy(b, pointer)?;
                let word = b.expr(Expression::Load { pointer });
                Some(decode(b, strategy, word))
            }
            Expression::AccessIndex { base, index: 0 } => {
                let strategy = *self.exchange_results.get(&base)?;
                let word = b.expr(Expression::AccessIndex { base, index: 0 });
                Some(decode(b, strategy, word))
            }
            _ => None,
        }
    }

    fn statement(
        &mut self,
        b: &mut BlockBuilder<'_>,
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        match *statement {
            Statement::Store { pointer, value } => {
                let strategy = self.strategy(b, pointer)?;
                let word = encode(b, strategy, value);
                b.statement(Statement::Store {
                    pointer,
                    value: word,
                });
                Some(None)
            }
            Statement::Atomic {
                pointer,
                fun,
                value,
                result,
            } => {
                let strategy = self.strategy(b, pointer)?;
                let (int_ty, exchange_ty) = match strategy.int_scalar().kind {
                    ScalarKind::Uint => (self.u32_ty, self.exchange_u32),
                    _ => (self.i32_ty, self.exchange_i32),
                };
                let exchange_ty =
                    || exchange_ty.expect("planned whenever an access needs a compare-exchange");
                let looped = match fun {
                    AtomicFunction::Add => Some(Update::Add),
                    AtomicFunction::Subtract => Some(Update::Subtract),
                    AtomicFunction::Min if strategy == Strategy::Cas => Some(Update::Min),
                    AtomicFunction::Max if strategy == Strategy::Cas => Some(Update::Max),
                    _ => None,
                };
                if let Some(update) = looped {
                    if let Some(result) = result {
                        // The old value now comes out of the loop; the
                        // result expression is left unused and compacted.
                        b.expressions_mut()[result] = Expression::Literal(Literal::F32(0.0));
                    }
                    let old = compare_exchange_loop(
                        b,
                        strategy,
                        pointer,
                        update,
                        value,
                        int_ty,
                        exchange_ty(),
                    );
                    return Some(Some(old));
                }
                if let AtomicFunction::Exchange {
                    compare: Some(compare),
                } = fun
                {
                    let compare = encode(b, strategy, compare);
                    let word = encode(b, strategy, value);
                    if let Some(result) = result {
                        b.expressions_mut()[result] = Expression::AtomicResult {
                            ty: exchange_ty(),
                            comparison: true,
                        };
                        self.exchange_results.insert(result, strategy);
                    }
                    b.statement(Statement::Atomic {
                        pointer,
                        fun: AtomicFunction::Exchange {
                            compare: Some(compare),
                        },
                        value: word,
                        result,
                    });
                    return Some(result);
                }
                let fun = match (fun, strategy) {
                    (AtomicFunction::Min, Strategy::SignedSet) => AtomicFunction::Max,
                    (AtomicFunction::Max, Strategy::SignedSet) => AtomicFunction::Min,
                    (f, _) => f,
                };
                let mut word = encode(b, strategy, value);
                if self.ignore_nan && matches!(fun, AtomicFunction::Min | AtomicFunction::Max) {
                    let is_min = fun == AtomicFunction::Min;
                    let identity = match strategy {
                        Strategy::Ordered | Strategy::Cas if is_min => Literal::U32(u32::MAX),
                        Strategy::Ordered | Strategy::Cas => Literal::U32(0),
                        _ if is_min => Literal::I32(i32::MAX),
                        _ => Literal::I32(i32::MIN),
                    };
                    word = unless_nan(b, value, word, identity);
                }
                if let Some(result) = result {
                    b.expressions_mut()[result] = Expression::AtomicResult {
                        ty: int_ty,
                        comparison: false,
                    };
                }
                b.statement(Statement::Atomic {
                    pointer,
                    fun,
                    value: word,
                    result,
                });
                Some(result.map(|r| decode(b, strategy, r)))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::{PassManager, PassSelection, RunError, Target};

    /// Runs float-atomics on a WGSL shader; returns the strategy recorded
    /// for each rewritten atomic and the WGSL written for the result.
    fn run(source: &str, strategy: &str) -> Result<(Vec<String>, String), Vec<String>> {
        let mut module = naga::front::wgsl::parse_str(source).expect("test shaders parse");
        let manager = PassManager::with_builtin_passes();
        let mut options = BTreeMap::new();
        options.insert(
            "float-atomics".to_string(),
            BTreeMap::from([("strategy".to_string(), strategy.to_string())]),
        );
        let options = manager.check_options(&options).unwrap();
        let selection = PassSelection::Named(vec!["float-atomics".into()]);
        match manager.run(&mut module, &selection, &options, &Target::default()) {
            Ok(outcome) => {
                let strategies = outcome.reports[0]
                    .changes
                    .iter()
                    .map(|c| c.strategy.clone().unwrap())
                    .collect();
                let wgsl = naga::back::wgsl::write_string(
                    &module,
                    &outcome.info,
                    naga::back::wgsl::WriterFlags::empty(),
                )
                .unwrap();
                Ok((strategies, wgsl))
            }
            Err(RunError::Refused { reports }) => Err(reports
                .iter()
                .flat_map(|r| r.diagnostics.iter().map(|d| d.message.clone()))
                .collect()),
            Err(e) => panic!("{e:?}"),
        }
    }

    /// A workgroup atomic that takes the minimum of `value`, an expression
    /// over `x: f32`, `u: u32` and `v: vec3<f32>`.
    fn min_of(value: &str) -> String {
        format!(
            "var<workgroup> m: atomic<f32>;
             @group(0) @binding(0) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(8)
             fn main(@builtin(local_invocation_index) i: u32) {{
                 let x = out[i];
                 let u = i * 3u;
                 let v = vec3<f32>(x, 1.0, -2.0);
                 atomicMin(&m, {value});
                 workgroupBarrier();
                 out[i] = atomicLoad(&m);
             }}"
        )
    }

    #[test]
    fn proven_non_negative_values_take_the_signed_bitcast() {
        for value in [
            "abs(x)",
            "length(v)",
            "distance(v, vec3<f32>(1.0))",
            "sqrt(abs(x))",
            "f32(u)",
            "2.5",
            "abs(x) * 2.0",
            "select(abs(x), 1.0, x > 0.0)",
            "max(x, 1.0)",
            "exp(x)",
        ] {
            let (strategies, wgsl) = run(&min_of(value), "auto").unwrap();
            assert_eq!(strategies, ["signed"], "{value}");
            assert!(wgsl.contains("atomic<i32>"), "{value}: {wgsl}");
            assert!(
                !wgsl.contains("2147483648u"),
                "{value}: no encoding expected"
            );
        }
    }

    #[test]
    fn unproven_signs_take_the_ordered_encoding() {
        // max(x, 0.0) may return -0.0; min(x, 0.0) may return +0.0.
        for value in [
            "x",
            "max(x, 0.0)",
            "min(x, 0.0)",
            "abs(x) - 1.0",
            "-abs(x)",
            "f32(i32(u))",
        ] {
            let (strategies, wgsl) = run(&min_of(value), "auto").unwrap();
            assert_eq!(strategies, ["ordered"], "{value}");
            assert!(wgsl.contains("atomic<u32>"), "{value}");
            assert!(wgsl.contains("atomicMin"), "{value}");
        }
    }

    #[test]
    fn workgroup_memory_never_takes_the_swapped_form() {
        // Every value is negative, but the atomic starts as +0.0.
        let (strategies, _) = run(&min_of("-abs(x) - 1.0"), "auto").unwrap();
        assert_eq!(strategies, ["ordered"]);
    }

    #[test]
    fn negative_storage_values_swap_min_and_max() {
        let source = "@group(0) @binding(0) var<storage, read_write> m: atomic<f32>;
            @group(0) @binding(1) var<storage, read> xs: array<f32>;
            @compute @workgroup_size(8)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                atomicMin(&m, -abs(xs[g.x]));
            }";
        let (strategies, wgsl) = run(source, "auto").unwrap();
        assert_eq!(strategies, ["signed-swapped"]);
        assert!(wgsl.contains("atomicMax"), "{wgsl}");
        assert!(!wgsl.contains("atomicMin"), "{wgsl}");
    }

    #[test]
    fn signed_is_refused_where_the_sign_is_not_proven() {
        let errors = run(&min_of("x"), "signed").unwrap_err();
        assert!(errors[0].contains("not proven"), "{errors:?}");
    }

    #[test]
    fn add_and_compare_exchange_work_on_the_encoded_word() {
        let source = "var<workgroup> m: atomic<f32>;
            @group(0) @binding(0) var<storage, read_write> out: array<f32>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) i: u32) {
                atomicMin(&m, out[i]);
                let before = atomicAdd(&m, 2.0);
                let r = atomicCompareExchangeWeak(&m, before, 1.0);
                out[i] = select(0.0, r.old_value, r.exchanged);
            }";
        let (strategies, wgsl) = run(source, "auto").unwrap();
        assert_eq!(strategies, ["ordered"]);
        assert!(
            wgsl.contains("loop {"),
            "an add is a compare-exchange loop: {wgsl}"
        );
        assert_eq!(
            wgsl.matches("atomicCompareExchangeWeak").count(),
            2,
            "{wgsl}"
        );
        assert!(!wgsl.contains("atomic<f32>"), "{wgsl}");
    }

    #[test]
    fn the_cas_strategy_loops_on_the_float_bits() {
        let (strategies, wgsl) = run(&min_of("x"), "cas").unwrap();
        assert_eq!(strategies, ["cas"]);
        assert!(wgsl.contains("atomicCompareExchangeWeak"), "{wgsl}");
        assert!(!wgsl.contains("atomicMin"), "{wgsl}");
        assert!(wgsl.contains("min(bitcast<f32>("), "{wgsl}");
    }

    #[test]
    fn atomics_without_min_or_max_are_left_alone() {
        let source = "@group(0) @binding(0) var<storage, read_write> s: atomic<f32>;
            @compute @workgroup_size(8)
            fn main() {
                atomicStore(&s, 1.0);
            }";
        let mut module = naga::front::wgsl::parse_str(source).unwrap();
        let before = format!("{:?}", module.global_variables);
        let manager = PassManager::with_builtin_passes();
        let selection = PassSelection::Named(vec!["float-atomics".into()]);
        let outcome = manager
            .run(
                &mut module,
                &selection,
                &Default::default(),
                &Target::default(),
            )
            .unwrap();
        assert!(outcome.reports[0].changes.is_empty());
        assert_eq!(format!("{:?}", module.global_variables), before);
    }
}
