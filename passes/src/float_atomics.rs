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
//!
//! An f32 or f64 sum (adds without min or max) that the target cannot add
//! natively holds the float's bits in an integer atomic, each add a
//! compare-exchange loop or an exchange relay (`relay.rs`); with
//! `sum=fixed`, every float sum holds fixed point in a signed word, each
//! add one integer `atomicAdd` (`fixed.rs`); where the
//! target has subgroups, f32 adds are first reduced over the lanes that
//! share an address (`aggregate.rs`), native float adds included; with
//! `aggregate=workgroup`, over the whole workgroup where every invocation
//! reaches an add to one proven address (`workgroup.rs`).

use std::collections::{HashMap, HashSet};

use naga::{
    AddressSpace, Expression, GlobalVariable, Handle, Module, Scalar, ScalarKind, Span, Type,
    TypeInner,
};

use crate::analysis::value_sign::SignBit;
use crate::ir::{
    ensure_type, global_name, pointer_steps, rebuild_function, FunctionRef, PointerRoot,
};
use crate::{Change, Diagnostic, OptionSpec, Pass, PassContext, Phase, Selection, Target};
use shaderxform_host::{Accumulation, FixedPoint, FloatEncoding};

mod aggregate;
mod config;
mod find;
mod fixed;
mod prefilter;
mod relay;
mod report;
mod retype;
mod rewrite;
#[cfg(test)]
mod sum_shaders;
mod workgroup;

use aggregate::{plan_aggregation, AggregateTypes, AggregationPlan};
pub use config::{
    Aggregation, Config, NanMode, OverflowCheck, Prefilter, RequestedStrategy, SumLowering,
    AGGREGATE_OPTION, AGGREGATE_VALUES, FIXED_POINT_OPTION, FIXED_POINT_VALUES, NAME, NAN_OPTION,
    NAN_VALUES, OVERFLOW_OPTION, OVERFLOW_VALUES, PREFILTER_OPTION, PREFILTER_VALUES,
    STRATEGY_OPTION, STRATEGY_VALUES, SUM_OPTION, SUM_VALUES,
};
use config::{AGGREGATE, FIXED_POINT, NAN, OVERFLOW, PREFILTER, STRATEGY, SUM};
use find::{
    atomic_offsets, describe, f16_not_widenable, find_accesses, missing_64_bit_atomics,
    proven_sign, scalar_name,
};
pub use fixed::OVERFLOW_FLAG_NAME;
use report::{
    report_f16_not_widenable, report_missing_64_bit_atomics, with_aggregation, with_fixed_point,
    workgroup_not_applied,
};
use retype::retype_globals;
use rewrite::{drop_unread_min_max_results, exchange_result_type, FloatAtomicRewrite};

/// The `float-atomics` pass, for a [`PassManager`](crate::PassManager);
/// its options are [`Config`]'s.
pub struct FloatAtomics;

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
    /// A signed word of the format's width holding the sum in fixed
    /// point, each add one integer `atomicAdd` (`sum=fixed`, `fixed.rs`).
    Fixed(FixedPoint),
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
            Strategy::SignedClear | Strategy::SignedSet | Strategy::Fixed(_) => ScalarKind::Sint,
        };
        let width = match self {
            Strategy::Fixed(format) => (format.word_bits() / 8) as u8,
            _ => word_width(float),
        };
        Scalar { kind, width }
    }

    /// How the word holds the float, as the host sees it.
    fn encoding(self) -> FloatEncoding {
        match self {
            Strategy::Ordered => FloatEncoding::Ordered,
            Strategy::SignedClear => FloatEncoding::Signed,
            Strategy::SignedSet => FloatEncoding::SignedSwapped,
            Strategy::Cas => FloatEncoding::Bits,
            Strategy::Fixed(format) => FloatEncoding::Fixed(format),
        }
    }

    /// The word the host must store so that `accumulation` sees no value
    /// yet, as hex digits of the word's width.
    fn clear_word(self, float: Scalar, accumulation: Accumulation) -> String {
        let encoding = self.encoding();
        if self.word(float).width == 8 {
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

/// The float of every atomic `ty` holds, in its arrays and members.
fn atomic_floats(types: &naga::UniqueArena<Type>, ty: Handle<Type>) -> Vec<Scalar> {
    crate::ir::atomic_scalars(types, ty)
        .into_iter()
        .filter(|s| s.kind == ScalarKind::Float)
        .collect()
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
        NAME
    }

    fn description(&self) -> &'static str {
        "float atomicMin/atomicMax on integer atomics through an order-preserving encoding, or a plain bitcast where the sign is proven; float sums on integer atomics (exchange relays, compare-exchange loops, or with sum=fixed one integer atomicAdd in fixed point), reduced over the subgroup first where the target has subgroups"
    }

    fn phase(&self) -> Phase {
        Phase::BeforeValidation
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[
            STRATEGY,
            NAN,
            SUM,
            FIXED_POINT,
            OVERFLOW,
            AGGREGATE,
            PREFILTER,
        ]
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
            .filter(|(_, g)| !atomic_floats(&module.types, g.ty).is_empty())
            .map(|(h, g)| (h, g.ty))
            .collect();
        let mut accesses = find_accesses(module, &global_types);
        // Every float atomic, those no access names included: a target
        // without float atomics cannot declare one.
        for &global in global_types.keys() {
            accesses.entry(global).or_default();
        }

        let config = Config::from_options(cx.options);
        let ignore_nan = config.nan == NanMode::Ignore;
        let mut plan: HashMap<Handle<GlobalVariable>, Strategy> = HashMap::new();
        let mut globals: Vec<_> = accesses.keys().copied().collect();
        globals.sort_by_key(|g| g.index());
        let mut relays = HashSet::new();
        // f32 sums the target adds itself, which aggregation still speeds up.
        let mut native_sums = HashSet::new();
        for global in globals {
            let uses = &accesses[&global];
            if config.sum == SumLowering::Fixed && is_sum(uses) {
                if plan_fixed_sum(cx, module, global, uses, config.fixed_point) {
                    plan.insert(global, Strategy::Fixed(config.fixed_point));
                }
                continue;
            }
            if !uses
                .iter()
                .any(|a| matches!(a.kind, AccessKind::Min | AccessKind::Max))
            {
                // A float sum the target cannot add natively: its words
                // hold the float's bits (an f16's widened to f32), and its
                // adds are exchange relays where nothing else reads the
                // atomic during the dispatch (f32, `sum=relay`, the
                // default), else compare-exchange loops.
                let space = module.global_variables[global].space;
                if let Some(relay) = sum_on_integer_atomics(uses, space, cx.target, config) {
                    if let Some(reason) = f16_not_widenable(module, global) {
                        report_f16_not_widenable(cx, module, global, reason);
                        continue;
                    }
                    // An f64 sum loops on a u64 word: a 64-bit
                    // compare-exchange.
                    if let Some(missing) =
                        missing_64_bit_atomics(cx.target, space, Strategy::Cas, uses)
                    {
                        report_missing_64_bit_atomics(cx, module, global, Strategy::Cas, missing);
                        continue;
                    }
                    if relay {
                        relays.insert(global);
                    }
                    plan.insert(global, Strategy::Cas);
                } else if is_native_sum(module, global, uses, cx.target) {
                    native_sums.insert(global);
                }
                continue;
            }
            let name = global_name(module, global);
            if let Some(bad) = uses.iter().find(|a| a.kind == AccessKind::Other) {
                cx.report(
                    Diagnostic::error(format!(
                        "`{name}` takes a float min or max and also {}, which has no meaning on floats",
                        describe(bad.kind)
                    ))
                    .with_code(crate::codes::FLOAT_ATOMICS_UNSUPPORTED_ACCESS)
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
            let strategy = match (config.strategy, signed) {
                (RequestedStrategy::Ordered, _) => Strategy::Ordered,
                (RequestedStrategy::Cas, _) => Strategy::Cas,
                (RequestedStrategy::Signed | RequestedStrategy::Auto, Some(s)) => s,
                (RequestedStrategy::Signed, None) => {
                    let mut d = Diagnostic::error(format!(
                        "cannot use the signed strategy for `{name}`: the sign of the values written to it is not proven"
                    ))
                    .with_code(crate::codes::FLOAT_ATOMICS_SIGN_NOT_PROVEN);
                    if let Some(span) = unproven_at {
                        d = d.with_primary(span, "the sign of this value is not proven");
                    }
                    cx.report(
                        d.with_secondary(module.global_variables.get_span(global), "the atomic")
                            .with_note("the signed strategy needs every value from abs, length, distance, sqrt of such values, u32-to-f32 conversions or non-negative constants, and no atomicAdd or atomicSub; use strategy=ordered or auto"),
                    );
                    continue;
                }
                (RequestedStrategy::Auto, None) => Strategy::Ordered,
            };
            if let Some(reason) = f16_not_widenable(module, global) {
                report_f16_not_widenable(cx, module, global, reason);
                continue;
            }
            if let Some(missing) = missing_64_bit_atomics(cx.target, space, strategy, uses) {
                report_missing_64_bit_atomics(cx, module, global, strategy, missing);
                continue;
            }
            plan.insert(global, strategy);
        }
        // 64-bit fixed-point words are not summed over the subgroup: the
        // split that keeps a lanes' sum from overflowing is 32-bit.
        let sums: HashSet<_> = plan
            .iter()
            .filter(|(g, strategy)| {
                !accesses[g]
                    .iter()
                    .any(|a| matches!(a.kind, AccessKind::Min | AccessKind::Max))
                    && !matches!(strategy, Strategy::Fixed(f) if f.word_bits() == 64)
            })
            .map(|(g, _)| *g)
            .chain(native_sums.iter().copied())
            .collect();
        let asks_for_subgroups = matches!(
            config.aggregate,
            Aggregation::Subgroup | Aggregation::Workgroup
        );
        if asks_for_subgroups && !cx.target.subgroups && !sums.is_empty() {
            let mut first: Vec<_> = sums.iter().copied().collect();
            first.sort_by_key(|g| g.index());
            cx.report(
                Diagnostic::error(format!(
                    "`float-atomics.aggregate={}` asks for subgroup operations, and the target has none: `{}` is a float sum",
                    config.aggregate.name(),
                    global_name(module, first[0])
                ))
                .with_code(crate::codes::FLOAT_ATOMICS_SUBGROUPS_MISSING)
                .with_primary(module.global_variables.get_span(first[0]), "the atomic")
                .with_note("declare them with `--features subgroups`, or use aggregate=auto or none"),
            );
        }
        let mut aggregation = match (config.aggregate, cx.target.subgroups) {
            (Aggregation::None, _) | (_, false) => AggregationPlan::default(),
            _ if sums.is_empty() => AggregationPlan::default(),
            _ => plan_aggregation(
                module,
                cx.analyses().uniformity(module),
                &sums,
                &global_types,
                // `auto` too: one atomic per workgroup measured 6 to 7
                // times faster than one per subgroup on a contended
                // address (docs/BENCHMARKS.md), where it is proven safe.
                // Not fixed-point sums, whose partial sums would need the
                // overflow check in workgroup memory too.
                matches!(config.aggregate, Aggregation::Auto | Aggregation::Workgroup)
                    && config.sum != SumLowering::Fixed,
            ),
        };
        if config.aggregate == Aggregation::Workgroup && config.sum == SumLowering::Fixed {
            let mut fixed: Vec<_> = aggregation.per_global.keys().copied().collect();
            fixed.sort_by_key(|g| g.index());
            if let Some(&first) = fixed.first() {
                cx.report(
                    Diagnostic::note(format!(
                        "`float-atomics.aggregate=workgroup`: `{}` is reduced over the subgroup instead: sum=fixed sums over the subgroup only",
                        global_name(module, first)
                    ))
                    .with_code(crate::codes::FLOAT_ATOMICS_WORKGROUP_NOT_APPLIED)
                    .with_primary(module.global_variables.get_span(first), "the atomic"),
                );
            }
        }
        // Only where it was asked for by name does a sum reduced per
        // subgroup instead deserve a note.
        let not_per_workgroup = std::mem::take(&mut aggregation.not_per_workgroup);
        if config.aggregate == Aggregation::Workgroup {
            for not_applied in not_per_workgroup {
                cx.report(workgroup_not_applied(not_applied));
            }
        }
        if (plan.is_empty() && aggregation.sites.is_empty())
            || cx.diagnostics().iter().any(Diagnostic::is_error)
        {
            return;
        }

        // The integer words the rewrite needs, and their compare-exchange
        // results where some access loops or compares.
        let mut words: Vec<(Scalar, bool)> = Vec::new();
        for (global, strategy) in &plan {
            let exchanges = *strategy == Strategy::Cas
                || !matches!(strategy, Strategy::Fixed(_))
                    && accesses[global].iter().any(|a| {
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
        workgroup::declare_workgroup_reductions(module, &mut aggregation);
        // Each fixed-point sum records an overflow in its own bit (the
        // last bit is shared beyond 32 sums).
        let mut fixed_sums: Vec<_> = plan
            .iter()
            .filter(|(_, s)| matches!(s, Strategy::Fixed(_)))
            .map(|(g, _)| *g)
            .collect();
        fixed_sums.sort_by_key(|g| g.index());
        let overflow_flag =
            (!fixed_sums.is_empty()).then(|| fixed::declare_overflow_flag(module, &fixed_sums));
        let overflow_bits: HashMap<_, _> = fixed_sums
            .iter()
            .enumerate()
            .map(|(i, g)| (*g, (i as u32).min(31)))
            .collect();
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
        let f32_type = (!relays.is_empty() || !aggregation.sites.is_empty())
            .then(|| ensure_type(&mut module.types, TypeInner::Scalar(Scalar::F32)));
        let aggregate_types = (!aggregation.sites.is_empty()).then(|| AggregateTypes {
            f32: ensure_type(&mut module.types, TypeInner::Scalar(Scalar::F32)),
            i32: ensure_type(&mut module.types, TypeInner::Scalar(Scalar::I32)),
            u32: ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32)),
            bool: ensure_type(&mut module.types, TypeInner::Scalar(Scalar::BOOL)),
        });
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
            relays: relays.clone(),
            f32_type,
            aggregated: HashMap::new(),
            aggregate_types,
            prefilter: module
                .global_variables
                .iter()
                .filter(|(_, g)| config.prefilter.loads_first_in(g.space))
                .map(|(h, _)| h)
                .collect(),
            prefiltered: HashMap::new(),
            overflow: overflow_flag.map(|flag| fixed::OverflowWord {
                flag,
                bits: overflow_bits.clone(),
            }),
            check_sums: config.overflow == OverflowCheck::Sum,
        };
        let mut failed = None;
        let functions = module
            .functions
            .iter()
            .map(|(h, _)| FunctionRef::Function(h))
            .chain((0..module.entry_points.len()).map(FunctionRef::EntryPoint))
            .collect::<Vec<_>>();
        for f in functions {
            let function = crate::ir::function_mut(module, f);
            rewrite.aggregated = aggregation.sites.get(&f).cloned().unwrap_or_default();
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

        // The subgroup operations of aggregated adds count the lanes that
        // reach them, which is what they mean to do under a branch.
        let mut rule_off: Vec<_> = aggregation.rule_off.iter().copied().collect();
        rule_off.sort_by_key(|f| match *f {
            FunctionRef::Function(h) => (0, h.index()),
            FunctionRef::EntryPoint(i) => (1, i),
        });
        for f in rule_off {
            crate::analysis::divergent_rule_ops::turn_off_in(
                module,
                f,
                crate::analysis::uniformity::Rule::SubgroupUniformity,
            );
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
            if floats.is_empty() {
                // No access: the floats its type declares.
                floats = atomic_floats(&original_types, global_types[&global]);
            }
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
                    "`{}` becomes {} ({} strategy); {} access{} rewritten",
                    global_name(module, global),
                    word_names.join(" and "),
                    strategy.name(),
                    uses.len(),
                    if uses.len() == 1 { "" } else { "es" }
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
                matches!(
                    strategy,
                    Strategy::SignedClear | Strategy::SignedSet | Strategy::Cas
                ) && floats.iter().all(|f| f.width != 2),
            )
            .with_detail("nan", config.nan.name());
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
            if sums {
                let lowering = match (strategy, relays.contains(&global)) {
                    (Strategy::Fixed(_), _) => "fixed-point",
                    (_, true) => "exchange-relay",
                    (_, false) => "compare-exchange-loop",
                };
                change = change.with_detail("sum_lowering", lowering);
                if let (Strategy::Fixed(format), Some(word)) = (strategy, rewrite.overflow.as_ref())
                {
                    change = with_fixed_point(
                        change,
                        module,
                        format,
                        (word.flag, word.bits[&global]),
                        config.overflow,
                    );
                }
                if let Some(&counts) = aggregation.per_global.get(&global) {
                    let exact = matches!(strategy, Strategy::Fixed(_));
                    change = with_aggregation(change, counts, exact);
                }
            }
            if let Some(&count) = rewrite.prefiltered.get(&global) {
                change = change.with_detail("min_max_loaded_first", count);
            }
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
        let mut native: Vec<_> = native_sums.into_iter().collect();
        native.sort_by_key(|g| g.index());
        for global in native {
            let Some(&counts) = aggregation.per_global.get(&global) else {
                continue;
            };
            let name = global_name(module, global);
            let change = Change::new(
                "aggregate-sum",
                module.global_variables.get_span(global),
                format!("`{name}` keeps the target's float atomicAdd"),
            )
            .with_detail("variable", name)
            .with_detail("sum_lowering", "native");
            cx.record(with_aggregation(change, counts, false));
        }
    }
}

/// Whether `global` is an f32 sum that the target adds natively and this
/// pass leaves as it is: only adds, subtracts, loads, stores and
/// exchanges, in storage memory.
fn is_native_sum(
    module: &Module,
    global: Handle<GlobalVariable>,
    uses: &[Access],
    target: &crate::Target,
) -> bool {
    target.float32_atomic_add
        && matches!(
            module.global_variables[global].space,
            AddressSpace::Storage { .. }
        )
        && uses.iter().all(|a| a.float == Scalar::F32)
        && uses
            .iter()
            .any(|a| matches!(a.kind, AccessKind::Add | AccessKind::Subtract))
        && uses.iter().all(|a| {
            matches!(
                a.kind,
                AccessKind::Add
                    | AccessKind::Subtract
                    | AccessKind::Load
                    | AccessKind::Store
                    | AccessKind::Exchange
            )
        })
}

/// Whether an atomic's accesses make a sum: an add or a subtract, and no
/// min or max.
fn is_sum(uses: &[Access]) -> bool {
    uses.iter()
        .any(|a| matches!(a.kind, AccessKind::Add | AccessKind::Subtract))
        && !uses
            .iter()
            .any(|a| matches!(a.kind, AccessKind::Min | AccessKind::Max))
}

/// Whether the sum `global` can hold its words in `format` (`sum=fixed`);
/// where not, reports why.
fn plan_fixed_sum(
    cx: &mut PassContext<'_>,
    module: &Module,
    global: Handle<GlobalVariable>,
    uses: &[Access],
    format: FixedPoint,
) -> bool {
    let name = global_name(module, global);
    let atomic = module.global_variables.get_span(global);
    if let Some(bad) = uses
        .iter()
        .find(|a| matches!(a.kind, AccessKind::CompareExchange | AccessKind::Other))
    {
        cx.report(
            Diagnostic::error(format!(
                "`{name}` is a float sum that `sum=fixed` holds in fixed point, and it also takes {}, which compares floats that fixed point rounds",
                describe(bad.kind)
            ))
            .with_code(crate::codes::FLOAT_ATOMICS_FIXED_POINT_UNSUPPORTED)
            .with_primary(bad.span, "this access")
            .with_secondary(atomic, "the atomic")
            .with_note("sum=fixed rewrites add, sub, load, store and exchange; use sum=relay or compare-exchange for this atomic's sum"),
        );
        return false;
    }
    if let Some(reason) = f16_not_widenable(module, global) {
        report_f16_not_widenable(cx, module, global, reason);
        return false;
    }
    if format.word_bits() == 64 && !cx.target.int64_atomic_all_ops {
        cx.report(
            Diagnostic::error(format!(
                "`{name}`: the fixed-point format {} needs 64-bit integer atomic add (`--features int64-atomics`), which the target does not declare",
                format.name()
            ))
            .with_code(crate::codes::FLOAT_ATOMICS_INT64_ATOMICS_MISSING)
            .with_primary(atomic, "the atomic")
            .with_note("the 32-bit formats (16.16 by default) need no feature"),
        );
        return false;
    }
    if let Some(reason) = fixed::not_widenable_to(module, global, format) {
        cx.report(
            Diagnostic::error(format!(
                "`{name}` cannot hold its sum in {}-bit fixed-point words: {reason}",
                format.word_bits()
            ))
            .with_code(crate::codes::FLOAT_ATOMICS_FIXED_POINT_UNSUPPORTED)
            .with_primary(atomic, "the atomic")
            .with_note("a 32-bit format keeps the layout"),
        );
        return false;
    }
    true
}

/// For an atomic that no access takes a min or max of: whether it is an
/// f16, f32 or f64 sum to rewrite on integer atomics, and if so whether
/// its adds can be exchange relays (`Some(true)`: f32 under `sum=relay`,
/// the default, where nothing else reads the atomic) or are
/// compare-exchange loops (`Some(false)`). `None` leaves it as it is: the
/// target adds floats itself (`float32-atomic-add`, which covers storage
/// memory only), or it is no sum.
fn sum_on_integer_atomics(
    uses: &[Access],
    space: AddressSpace,
    target: &crate::Target,
    config: Config,
) -> Option<bool> {
    let sums = uses
        .iter()
        .any(|a| matches!(a.kind, AccessKind::Add | AccessKind::Subtract));
    let only_f32 = uses.iter().all(|a| a.float == Scalar::F32);
    // f64 sums loop on u64 words (no target adds f64 atomically), and f16
    // sums on the f32 words they are widened to, rounding to f16 at every
    // add as an f16 atomic would; the relay is f32's alone.
    let only_f64 = uses.iter().all(|a| a.float == Scalar::F64);
    let only_f16 = uses.iter().all(|a| a.float.width == 2);
    let understood = uses.iter().all(|a| a.kind != AccessKind::Other);
    let native =
        only_f32 && target.float32_atomic_add && matches!(space, AddressSpace::Storage { .. });
    if !(only_f32 || only_f64 || only_f16) || !understood || native {
        return None;
    }
    // Loads, stores and exchanges alone (or no access at all): the words
    // hold the float's bits, and nothing is summed.
    if !sums {
        return Some(false);
    }
    // A load, an exchange or a used result could see the sum while relays
    // hold parts of it.
    let only_adds_and_stores = uses.iter().all(|a| match a.kind {
        AccessKind::Add | AccessKind::Subtract => !a.returns,
        AccessKind::Store => true,
        _ => false,
    });
    Some(
        only_f32
            && only_adds_and_stores
            && config.sum == SumLowering::Relay
            && config.strategy != RequestedStrategy::Cas,
    )
}

#[cfg(test)]
mod tests;
