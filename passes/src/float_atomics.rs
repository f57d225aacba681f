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
use crate::ir::{
    ensure_type, for_each_block_mut, for_each_statement, function_of, global_name, pointer_steps,
    read_expressions, rebuild_function, BlockBuilder, FunctionRef, PointerRoot, Rewrite,
};
use crate::{Change, Diagnostic, OptionSpec, Pass, PassContext, Phase, Selection, Target};
use shaderxform_host::{Accumulation, FloatEncoding};

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
    /// The strategy's name in reports, which hosts read back with
    /// `FloatEncoding::from_strategy`.
    fn name(self) -> &'static str {
        self.encoding().strategy()
    }

    /// The integer atomic that replaces an atomic of `float`.
    fn word(self, float: Scalar) -> Scalar {
        let kind = match self {
            Strategy::Ordered | Strategy::Cas => ScalarKind::Uint,
            Strategy::SignedClear | Strategy::SignedSet => ScalarKind::Sint,
        };
        Scalar {
            kind,
            width: word_width(float),
        }
    }

    /// How the word holds the float, as the host sees it.
    fn encoding(self) -> FloatEncoding {
        match self {
            Strategy::Ordered => FloatEncoding::Ordered,
            Strategy::SignedClear => FloatEncoding::Signed,
            Strategy::SignedSet => FloatEncoding::SignedSwapped,
            Strategy::Cas => FloatEncoding::Bits,
        }
    }

    /// The word the host must store so that `accumulation` sees no value
    /// yet, as hex digits of the word's width.
    fn clear_word(self, float: Scalar, accumulation: Accumulation) -> String {
        let encoding = self.encoding();
        if word_width(float) == 8 {
            format!("{:#018x}", encoding.clear_f64(accumulation))
        } else {
            format!("{:#010x}", encoding.clear_f32(accumulation))
        }
    }
}

/// Bytes of the integer word that holds an atomic of `float`.
fn word_width(float: Scalar) -> u8 {
    if float.width == 8 {
        8
    } else {
        4
    }
}

/// One access to a float atomic, found before the rewrite.
struct Access {
    span: Span,
    kind: AccessKind,
    /// The value written, for the sign analysis; in the function `function`.
    value: Option<Handle<Expression>>,
    function: FunctionRef,
    /// The float the accessed atomic holds.
    float: Scalar,
    /// Whether the access returns a value (an atomic with a result).
    returns: bool,
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

/// The float of an atomic this pass rewrites: f16 (widened to f32), f32
/// and f64.
fn float_atomic(inner: &TypeInner) -> Option<Scalar> {
    match *inner {
        TypeInner::Atomic(
            s @ Scalar {
                kind: ScalarKind::Float,
                width: 2 | 4 | 8,
            },
        ) => Some(s),
        _ => None,
    }
}

fn is_float_atomic(inner: &TypeInner) -> bool {
    float_atomic(inner).is_some()
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

/// The global whose float atomic `pointer` addresses, if it does, and the
/// float that atomic holds.
fn float_atomic_global(
    expressions: &naga::Arena<Expression>,
    types: &naga::UniqueArena<Type>,
    global_types: &HashMap<Handle<GlobalVariable>, Handle<Type>>,
    pointer: Handle<Expression>,
) -> Option<(Handle<GlobalVariable>, Scalar)> {
    let (PointerRoot::Global(global), path) = pointer_steps(expressions, pointer) else {
        return None;
    };
    let mut ty = *global_types.get(&global)?;
    for step in path {
        ty = match (&types[ty].inner, step) {
            (TypeInner::Struct { members, .. }, Some(i)) => members.get(i as usize)?.ty,
            (TypeInner::Array { base, .. }, _) => *base,
            _ => return None,
        };
    }
    float_atomic(&types[ty].inner).map(|float| (global, float))
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
            if let Some(reason) = f16_not_widenable(module, global) {
                cx.report(
                    Diagnostic::error(format!(
                        "`{name}` holds f16, which no back end has atomics for, and cannot be widened to 32 bits: {reason}"
                    ))
                    .with_code("float-atomics::f16-not-widenable")
                    .with_primary(module.global_variables.get_span(global), "the atomic")
                    .with_note("f16 atomics are widened to f32 words in workgroup memory, as `atomic<f16>` or an array of them"),
                );
                continue;
            }
            if let Some(missing) = missing_64_bit_atomics(cx.target, space, strategy, uses) {
                let mut d = Diagnostic::error(format!(
                    "`{name}` holds f64: its {} rewrite needs {}, which the target does not declare",
                    strategy.name(),
                    missing.feature
                ))
                .with_code("float-atomics::int64-atomics-missing");
                d = match missing.culprit {
                    Some(span) => d
                        .with_primary(span, "this access needs more than 64-bit min/max")
                        .with_secondary(module.global_variables.get_span(global), "the atomic"),
                    None => d.with_primary(module.global_variables.get_span(global), "the atomic"),
                };
                cx.report(d.with_note(
                    "f64 atomics become u64 or i64 atomics; with 64-bit integer min/max alone, only atomicMin and atomicMax on storage memory whose results are unused can be rewritten",
                ));
                continue;
            }
            plan.insert(global, strategy);
        }
        if plan.is_empty() || cx.diagnostics().iter().any(Diagnostic::is_error) {
            return;
        }

        // The integer words the rewrite needs, and their compare-exchange
        // results where some access loops or compares.
        let mut words: Vec<(Scalar, bool)> = Vec::new();
        for (global, strategy) in &plan {
            let exchanges = *strategy == Strategy::Cas
                || accesses[global].iter().any(|a| {
                    matches!(
                        a.kind,
                        AccessKind::Add | AccessKind::Subtract | AccessKind::CompareExchange
                    )
                });
            for access in &accesses[global] {
                words.push((strategy.word(access.float), exchanges));
            }
        }
        words.sort_by_key(|(w, exchanges)| (w.width, w.kind as u8, *exchanges));
        let original_types = module.types.clone();
        retype_globals(module, &plan);
        let mut word_types = HashMap::new();
        let mut exchange_types = HashMap::new();
        for (word, exchanges) in words {
            word_types.insert(
                word,
                ensure_type(&mut module.types, TypeInner::Scalar(word)),
            );
            if exchanges {
                exchange_types.insert(word, exchange_result_type(module, word));
            }
        }
        let mut rewrite = FloatAtomicRewrite {
            types: original_types.clone(),
            global_types: global_types
                .iter()
                .filter(|(g, _)| plan.contains_key(g))
                .map(|(g, t)| (*g, *t))
                .collect(),
            plan: plan.clone(),
            ignore_nan,
            word_types,
            exchange_types,
            exchange_results: Default::default(),
        };
        let mut failed = None;
        for function in crate::ir::functions_mut(module) {
            drop_unread_min_max_results(function, &rewrite);
            if let Err(e) = rebuild_function(function, &mut rewrite) {
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
            let mut floats: Vec<Scalar> = uses.iter().map(|a| a.float).collect();
            floats.sort_by_key(|f| f.width);
            floats.dedup();
            let word_names: Vec<String> = floats
                .iter()
                .map(|f| format!("atomic<{}>", scalar_name(strategy.word(*f))))
                .collect();
            let mut change = Change::new(
                "retype-atomic",
                module.global_variables.get_span(global),
                format!(
                    "`{}` becomes {} ({} strategy); {} accesses rewritten",
                    global_name(module, global),
                    word_names.join(" and "),
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
            .with_detail(
                "memory_holds_float_bits",
                strategy != Strategy::Ordered && floats.iter().all(|f| f.width != 2),
            )
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
            change = change
                .with_detail("byte_offsets", places.join("; "))
                .with_detail(
                    "float",
                    floats
                        .iter()
                        .map(|f| scalar_name(*f))
                        .collect::<Vec<_>>()
                        .join(", "),
                );
            let sums = uses
                .iter()
                .any(|a| matches!(a.kind, AccessKind::Add | AccessKind::Subtract));
            for &float in &floats {
                // One set of clear values per float width, named by the
                // width only where a global mixes widths.
                let key = |what: &str| match floats.len() {
                    1 => format!("clear_value_for_{what}"),
                    _ => format!("clear_value_for_{what}_{}", scalar_name(float)),
                };
                if mins {
                    let word = strategy.clear_word(float, Accumulation::Min);
                    change = change.with_detail(key("min"), word);
                }
                if maxes {
                    let word = strategy.clear_word(float, Accumulation::Max);
                    change = change.with_detail(key("max"), word);
                }
                if sums {
                    let word = strategy.clear_word(float, Accumulation::Sum);
                    change = change.with_detail(key("sum"), word);
                }
            }
            cx.record(change);
        }
    }
}

/// Why the f16 atomics of `global` cannot be widened to 32-bit words, if
/// it has any: widening changes the layout, which the host shares for
/// every address space but workgroup memory, and which structs would need
/// re-laid out for.
fn f16_not_widenable(module: &Module, global: Handle<GlobalVariable>) -> Option<&'static str> {
    fn has_f16(module: &Module, ty: Handle<Type>) -> bool {
        match module.types[ty].inner {
            ref inner if float_atomic(inner).is_some_and(|f| f.width == 2) => true,
            TypeInner::Array { base, .. } => has_f16(module, base),
            TypeInner::Struct { ref members, .. } => members.iter().any(|m| has_f16(module, m.ty)),
            _ => false,
        }
    }
    let var = &module.global_variables[global];
    if !has_f16(module, var.ty) {
        return None;
    }
    if var.space != AddressSpace::WorkGroup {
        return Some("the wider words would change the buffer layout the host shares");
    }
    let widenable = match module.types[var.ty].inner {
        ref inner if float_atomic(inner).is_some() => true,
        TypeInner::Array { base, .. } => float_atomic(&module.types[base].inner).is_some(),
        _ => false,
    };
    (!widenable)
        .then_some("only `atomic<f16>` and arrays of it are widened, not structs or nested arrays")
}

/// What the target lacks for the 64-bit integer atomics an f64 atomic
/// becomes, and the first access that needs it beyond min and max.
struct Missing64 {
    feature: &'static str,
    culprit: Option<Span>,
}

fn missing_64_bit_atomics(
    target: &Target,
    space: AddressSpace,
    strategy: Strategy,
    uses: &[Access],
) -> Option<Missing64> {
    if !uses.iter().any(|a| a.float.width == 8) || target.int64_atomic_all_ops {
        return None;
    }
    // The rule of 64-bit min/max-only atomics (Metal, some Vulkan drivers):
    // min and max on storage memory, their results unused.
    let beyond_min_max =
        |a: &&Access| !matches!(a.kind, AccessKind::Min | AccessKind::Max) || a.returns;
    let culprit = uses.iter().find(beyond_min_max).map(|a| a.span);
    let min_max_only = matches!(space, AddressSpace::Storage { .. })
        && strategy != Strategy::Cas
        && culprit.is_none();
    if min_max_only {
        return (!target.int64_atomic_min_max).then_some(Missing64 {
            feature: "64-bit integer atomic min/max (`--features int64-atomic-min-max`)",
            culprit: None,
        });
    }
    Some(Missing64 {
        feature: "every 64-bit integer atomic operation (`--features int64-atomics`)",
        culprit,
    })
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

fn scalar_name(scalar: Scalar) -> String {
    let kind = match scalar.kind {
        ScalarKind::Float => "f",
        ScalarKind::Sint => "i",
        _ => "u",
    };
    format!("{kind}{}", scalar.width * 8)
}

fn describe(kind: AccessKind) -> &'static str {
    match kind {
        AccessKind::Add => "atomicAdd",
        AccessKind::Subtract => "atomicSub",
        AccessKind::CompareExchange => "atomicCompareExchangeWeak",
        _ => "a bitwise atomic",
    }
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
        let read = read_expressions(function);
        let is_read =
            |result: Handle<Expression>| read.as_ref().is_none_or(|r| r.contains(&result));
        for (handle, expression) in function.expressions.iter() {
            if let Expression::Load { pointer } = *expression {
                if let Some((g, float)) = target(pointer) {
                    accesses.entry(g).or_default().push(Access {
                        span: function.expressions.get_span(handle),
                        kind: AccessKind::Load,
                        value: None,
                        function: f,
                        float,
                        returns: true,
                    });
                }
            }
        }
        for_each_statement(&function.body, &mut |statement, span| {
            let (pointer, kind, value, returns) = match *statement {
                Statement::Store { pointer, value } => (pointer, AccessKind::Store, value, false),
                Statement::Atomic {
                    pointer,
                    fun,
                    value,
                    result,
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
                    (pointer, kind, value, result.is_some_and(is_read))
                }
                _ => return,
            };
            if let Some((g, float)) = target(pointer) {
                accesses.entry(g).or_default().push(Access {
                    span,
                    kind,
                    value: Some(value),
                    function: f,
                    float,
                    returns,
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
    let mut planned: Vec<_> = plan.iter().map(|(g, s)| (*g, *s)).collect();
    planned.sort_by_key(|(g, _)| g.index());
    let mut done: HashMap<(Handle<Type>, ScalarKind), Handle<Type>> = HashMap::new();
    for (global, strategy) in planned {
        let ty = module.global_variables[global].ty;
        let new = retype(module, ty, strategy, &mut done);
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

/// `ty` with its float atomics made the integer words of `strategy`;
/// `done` is keyed by the words' kind, which differs between strategies.
fn retype(
    module: &mut Module,
    ty: Handle<Type>,
    strategy: Strategy,
    done: &mut HashMap<(Handle<Type>, ScalarKind), Handle<Type>>,
) -> Handle<Type> {
    let kind = strategy.word(Scalar::F32).kind;
    if let Some(&new) = done.get(&(ty, kind)) {
        return new;
    }
    let original = module.types[ty].clone();
    let inner = match original.inner {
        TypeInner::Atomic(float) if is_float_atomic(&original.inner) => {
            TypeInner::Atomic(strategy.word(float))
        }
        TypeInner::Array { base, size, stride } => TypeInner::Array {
            // An f16 atomic widens to a 4-byte word (only in workgroup
            // memory, where no host sees the layout).
            stride: match float_atomic(&module.types[base].inner) {
                Some(float) if float.width == 2 => 4,
                _ => stride,
            },
            base: retype(module, base, strategy, done),
            size,
        },
        TypeInner::Struct { ref members, span } => {
            let mut members = members.clone();
            for m in members.iter_mut() {
                m.ty = retype(module, m.ty, strategy, done);
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
    done.insert((ty, kind), new);
    new
}

struct FloatAtomicRewrite {
    /// The types as they were before retyping, to recognise float atomics.
    types: naga::UniqueArena<Type>,
    global_types: HashMap<Handle<GlobalVariable>, Handle<Type>>,
    plan: HashMap<Handle<GlobalVariable>, Strategy>,
    ignore_nan: bool,
    /// The integer word types of the rewritten atomics.
    word_types: HashMap<Scalar, Handle<Type>>,
    /// `__atomic_compare_exchange_result<T>` of the words some access
    /// needs a compare-exchange on.
    exchange_types: HashMap<Scalar, Handle<Type>>,
    /// Compare-exchange results on rewritten atomics, whose `old_value`
    /// is an encoded word that uses must see decoded.
    exchange_results: HashMap<Handle<Expression>, Site>,
}

/// Drops the results of rewritten mins and maxes that nothing reads (a
/// SPIR-V atomic always has one): 64-bit min and max without a result need
/// less of the target.
fn drop_unread_min_max_results(function: &mut Function, rewrite: &FloatAtomicRewrite) {
    let Some(read) = read_expressions(function) else {
        return;
    };
    let expressions = &function.expressions;
    for_each_block_mut(&mut function.body, &mut |block| {
        for statement in block.iter_mut() {
            if let Statement::Atomic {
                pointer,
                fun: AtomicFunction::Min | AtomicFunction::Max,
                ref mut result,
                ..
            } = *statement
            {
                let rewritten = float_atomic_global(
                    expressions,
                    &rewrite.types,
                    &rewrite.global_types,
                    pointer,
                )
                .is_some_and(|(g, _)| rewrite.plan.contains_key(&g));
                if rewritten && result.is_some_and(|r| !read.contains(&r)) {
                    *result = None;
                }
            }
        }
    });
}

/// How one access's atomic is rewritten.
#[derive(Clone, Copy, Debug)]
struct Site {
    strategy: Strategy,
    /// The float the atomic held before.
    float: Scalar,
}

impl Site {
    fn word(self) -> Scalar {
        self.strategy.word(self.float)
    }
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
    site: Site,
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
        let current = decode(l, site, word);
        let updated = match update {
            Update::Add => l.binary(BinaryOperator::Add, current, value),
            Update::Subtract => l.binary(BinaryOperator::Subtract, current, value),
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
        let new_word = encode(l, site, updated);
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
    decode(b, site, last)
}

impl FloatAtomicRewrite {
    fn site(&self, b: &BlockBuilder<'_>, pointer: Handle<Expression>) -> Option<Site> {
        let (global, float) =
            float_atomic_global(b.expressions(), &self.types, &self.global_types, pointer)?;
        let strategy = self.plan.get(&global).copied()?;
        Some(Site { strategy, float })
    }
}

/// An unsigned literal of the word's width.
fn word_lit(b: &mut BlockBuilder<'_>, word: Scalar, v: u64) -> Handle<Expression> {
    let literal = match word.width {
        8 => Literal::U64(v),
        _ => Literal::U32(v as u32),
    };
    b.expr(Expression::Literal(literal))
}

/// `value` as the float its word holds: f16 widens to f32, exactly.
fn widen(b: &mut BlockBuilder<'_>, site: Site, value: Handle<Expression>) -> Handle<Expression> {
    if site.float.width != 2 {
        return value;
    }
    b.expr(Expression::As {
        expr: value,
        kind: ScalarKind::Float,
        convert: Some(4),
    })
}

/// The integer word that stands for `value` at `site`.
fn encode(b: &mut BlockBuilder<'_>, site: Site, value: Handle<Expression>) -> Handle<Expression> {
    let value = widen(b, site, value);
    match site.strategy {
        Strategy::Ordered => {
            let word = site.word();
            let bits = b.bitcast(value, ScalarKind::Uint);
            let signed = b.bitcast(bits, ScalarKind::Sint);
            let top_bit = b.u32(word.width as u32 * 8 - 1);
            // All ones for negative floats, zero for positive ones.
            let spread = b.binary(BinaryOperator::ShiftRight, signed, top_bit);
            let spread = b.bitcast(spread, ScalarKind::Uint);
            let sign_bit = word_lit(b, word, 1 << (word.width as u32 * 8 - 1));
            let mask = b.binary(BinaryOperator::InclusiveOr, spread, sign_bit);
            b.binary(BinaryOperator::ExclusiveOr, bits, mask)
        }
        Strategy::SignedClear | Strategy::SignedSet => b.bitcast(value, ScalarKind::Sint),
        Strategy::Cas => b.bitcast(value, ScalarKind::Uint),
    }
}

/// The float an integer word stands for at `site`. An f16 atomic's word
/// only ever holds widened f16 values, so narrowing it back is exact.
fn decode(b: &mut BlockBuilder<'_>, site: Site, word: Handle<Expression>) -> Handle<Expression> {
    let float = decode_word(b, site, word);
    if site.float.width != 2 {
        return float;
    }
    b.expr(Expression::As {
        expr: float,
        kind: ScalarKind::Float,
        convert: Some(2),
    })
}

fn decode_word(
    b: &mut BlockBuilder<'_>,
    site: Site,
    word: Handle<Expression>,
) -> Handle<Expression> {
    match site.strategy {
        Strategy::Ordered => {
            let scalar = site.word();
            let top_bit = b.u32(scalar.width as u32 * 8 - 1);
            let top = b.binary(BinaryOperator::ShiftRight, word, top_bit);
            let one = word_lit(b, scalar, 1);
            // Zero for encoded positives, all ones for encoded negatives.
            let spread = b.binary(BinaryOperator::Subtract, top, one);
            let sign_bit = word_lit(b, scalar, 1 << (scalar.width as u32 * 8 - 1));
            let mask = b.binary(BinaryOperator::InclusiveOr, spread, sign_bit);
            let bits = b.binary(BinaryOperator::ExclusiveOr, word, mask);
            b.bitcast(bits, ScalarKind::Float)
        }
        Strategy::SignedClear | Strategy::SignedSet | Strategy::Cas => {
            b.bitcast(word, ScalarKind::Float)
        }
    }
}

/// `word`, or the identity of the operation when `value` is a NaN, so that
/// a NaN leaves the atomic unchanged.
fn unless_nan(
    b: &mut BlockBuilder<'_>,
    site: Site,
    value: Handle<Expression>,
    word: Handle<Expression>,
    identity: Literal,
) -> Handle<Expression> {
    // An exact bit test: a float comparison may be folded away by drivers
    // that assume no NaNs.
    let scalar = Scalar {
        kind: ScalarKind::Uint,
        width: word_width(site.float),
    };
    let (magnitude_mask, infinity) = match scalar.width {
        8 => (0x7FFF_FFFF_FFFF_FFFF, 0x7FF0_0000_0000_0000),
        _ => (0x7FFF_FFFF, 0x7F80_0000),
    };
    let value = widen(b, site, value);
    let bits = b.bitcast(value, ScalarKind::Uint);
    let magnitude_mask = word_lit(b, scalar, magnitude_mask);
    let magnitude = b.binary(BinaryOperator::And, bits, magnitude_mask);
    let infinity = word_lit(b, scalar, infinity);
    let is_nan = b.binary(BinaryOperator::Greater, magnitude, infinity);
    let identity = b.expr(Expression::Literal(identity));
    b.expr(Expression::Select {
        condition: is_nan,
        accept: identity,
        reject: word,
    })
}

/// The word a min (or max) leaves unchanged whatever the atomic holds.
fn identity_word(word: Scalar, is_min: bool) -> Literal {
    match (word.kind, word.width, is_min) {
        (ScalarKind::Uint, 8, true) => Literal::U64(u64::MAX),
        (ScalarKind::Uint, 8, false) => Literal::U64(0),
        (ScalarKind::Uint, _, true) => Literal::U32(u32::MAX),
        (ScalarKind::Uint, _, false) => Literal::U32(0),
        (_, 8, true) => Literal::I64(i64::MAX),
        (_, 8, false) => Literal::I64(i64::MIN),
        (_, _, true) => Literal::I32(i32::MAX),
        (_, _, false) => Literal::I32(i32::MIN),
    }
}

impl Rewrite for FloatAtomicRewrite {
    fn expression(
        &mut self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        match *expression {
            Expression::Load { pointer } => {
                let site = self.site(b, pointer)?;
                let word = b.expr(Expression::Load { pointer });
                Some(decode(b, site, word))
            }
            Expression::AccessIndex { base, index: 0 } => {
                let site = *self.exchange_results.get(&base)?;
                let word = b.expr(Expression::AccessIndex { base, index: 0 });
                Some(decode(b, site, word))
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
                let site = self.site(b, pointer)?;
                let word = encode(b, site, value);
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
                let site = self.site(b, pointer)?;
                let strategy = site.strategy;
                let word_ty = self.word_types[&site.word()];
                let exchange_ty = || {
                    *self
                        .exchange_types
                        .get(&site.word())
                        .expect("planned whenever an access needs a compare-exchange")
                };
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
                        b.expressions_mut()[result] = Expression::Literal(Literal::Bool(false));
                    }
                    let old = compare_exchange_loop(
                        b,
                        site,
                        pointer,
                        update,
                        value,
                        word_ty,
                        exchange_ty(),
                    );
                    return Some(Some(old));
                }
                if let AtomicFunction::Exchange {
                    compare: Some(compare),
                } = fun
                {
                    let compare = encode(b, site, compare);
                    let word = encode(b, site, value);
                    if let Some(result) = result {
                        b.expressions_mut()[result] = Expression::AtomicResult {
                            ty: exchange_ty(),
                            comparison: true,
                        };
                        self.exchange_results.insert(result, site);
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
                let mut word = encode(b, site, value);
                if self.ignore_nan && matches!(fun, AtomicFunction::Min | AtomicFunction::Max) {
                    let identity = identity_word(site.word(), fun == AtomicFunction::Min);
                    word = unless_nan(b, site, value, word, identity);
                }
                if let Some(result) = result {
                    b.expressions_mut()[result] = Expression::AtomicResult {
                        ty: word_ty,
                        comparison: false,
                    };
                }
                b.statement(Statement::Atomic {
                    pointer,
                    fun,
                    value: word,
                    result,
                });
                Some(result.map(|r| decode(b, site, r)))
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
        run_on(source, strategy, &Target::default())
    }

    fn run_on(
        source: &str,
        strategy: &str,
        target: &Target,
    ) -> Result<(Vec<String>, String), Vec<String>> {
        let mut module = naga::front::wgsl::parse_str(source).expect("test shaders parse");
        let manager = PassManager::with_builtin_passes();
        let mut options = BTreeMap::new();
        options.insert(
            "float-atomics".to_string(),
            BTreeMap::from([("strategy".to_string(), strategy.to_string())]),
        );
        let options = manager.check_options(&options).unwrap();
        let selection = PassSelection::Named(vec!["float-atomics".into()]);
        match manager.run(&mut module, &selection, &options, target) {
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

    const F64_BOUNDS: &str = "@group(0) @binding(0) var<storage, read_write> lo: atomic<f64>;
        @group(0) @binding(1) var<storage, read> xs: array<f64>;
        @compute @workgroup_size(8)
        fn main(@builtin(global_invocation_id) g: vec3<u32>) {
            atomicMin(&lo, xs[g.x]);
        }";

    fn min_max_only() -> Target {
        Target {
            int64_atomic_min_max: true,
            ..Target::default()
        }
    }

    #[test]
    fn f64_min_becomes_a_u64_min_with_the_64_bit_encoding() {
        let (strategies, wgsl) = run_on(F64_BOUNDS, "auto", &min_max_only()).unwrap();
        assert_eq!(strategies, ["ordered"]);
        assert!(wgsl.contains("atomic<u64>"), "{wgsl}");
        assert!(wgsl.contains("9223372036854775808lu"), "{wgsl}");
        assert!(wgsl.contains(">> 63u"), "{wgsl}");
        assert!(!wgsl.contains("f32"), "{wgsl}");
    }

    #[test]
    fn f64_needs_64_bit_atomics_on_the_target() {
        let errors = run(F64_BOUNDS, "auto").unwrap_err();
        assert!(errors[0].contains("int64-atomic-min-max"), "{errors:?}");
        // A load needs more than min and max.
        let with_load = F64_BOUNDS.replace(
            "atomicMin(&lo, xs[g.x]);",
            "atomicMin(&lo, xs[g.x]); let seen = atomicLoad(&lo);",
        );
        let errors = run_on(&with_load, "auto", &min_max_only()).unwrap_err();
        assert!(errors[0].contains("int64-atomics`"), "{errors:?}");
        // And so does the compare-exchange reference.
        let errors = run_on(F64_BOUNDS, "cas", &min_max_only()).unwrap_err();
        assert!(errors[0].contains("int64-atomics`"), "{errors:?}");
        let all_ops = Target {
            int64_atomic_all_ops: true,
            ..Target::default()
        };
        let (strategies, wgsl) = run_on(&with_load, "cas", &all_ops).unwrap();
        assert_eq!(strategies, ["cas"]);
        assert!(wgsl.contains("atomicCompareExchangeWeak"), "{wgsl}");
    }

    #[test]
    fn proven_non_negative_f64_takes_the_signed_bitcast() {
        let source = F64_BOUNDS.replace("xs[g.x])", "abs(xs[g.x]))");
        let (strategies, wgsl) = run_on(&source, "auto", &min_max_only()).unwrap();
        assert_eq!(strategies, ["signed"]);
        assert!(wgsl.contains("atomic<i64>"), "{wgsl}");
        assert!(wgsl.contains("bitcast<i64>"), "{wgsl}");
    }

    #[test]
    fn f16_in_workgroup_memory_is_widened_to_a_32_bit_word() {
        let source = "enable f16;
            var<workgroup> lo: array<atomic<f16>, 4>;
            @group(0) @binding(0) var<storage, read_write> xs: array<f16>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) i: u32) {
                atomicMin(&lo[i % 4u], xs[i]);
                workgroupBarrier();
                xs[i] = atomicLoad(&lo[i % 4u]);
            }";
        let (strategies, wgsl) = run(source, "auto").unwrap();
        assert_eq!(strategies, ["ordered"]);
        assert!(wgsl.contains("array<atomic<u32>, 4>"), "{wgsl}");
        assert!(wgsl.contains("bitcast<u32>(f32("), "{wgsl}");
        assert!(wgsl.contains("f16(bitcast<f32>("), "{wgsl}");
    }

    #[test]
    fn f16_that_the_host_or_a_struct_lays_out_is_refused() {
        let storage = "enable f16;
            @group(0) @binding(0) var<storage, read_write> lo: atomic<f16>;
            @group(0) @binding(1) var<storage, read> xs: array<f16>;
            @compute @workgroup_size(8)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                atomicMin(&lo, xs[g.x]);
            }";
        let errors = run(storage, "auto").unwrap_err();
        assert!(errors[0].contains("buffer layout"), "{errors:?}");
        let in_struct = "enable f16;
            struct Pair { a: atomic<f16>, b: atomic<f16> }
            var<workgroup> p: Pair;
            @group(0) @binding(0) var<storage, read> xs: array<f16>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) i: u32) {
                atomicMin(&p.a, xs[i]);
            }";
        let errors = run(in_struct, "auto").unwrap_err();
        assert!(errors[0].contains("not structs"), "{errors:?}");
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
