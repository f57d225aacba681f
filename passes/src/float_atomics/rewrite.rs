//! Rewriting each access of a retyped atomic: values are encoded into
//! words on the way in and decoded on the way out, and min and max become
//! integer min and max or a compare-exchange loop.

use std::collections::{HashMap, HashSet};

use naga::{
    AtomicFunction, BinaryOperator, Expression, Function, GlobalVariable, Handle, Literal, Module,
    Scalar, ScalarKind, Statement, Type,
};

use crate::ir::{for_each_block_mut, read_expressions, BlockBuilder, Rewrite, StatementPath};

use super::aggregate::{aggregated_add, AggregateTypes, Sharing, Summand};
use super::fixed::{self, FixedSite, Overflow, OverflowWord};
use super::{float_atomic_global, word_width, Strategy};

pub(super) struct FloatAtomicRewrite {
    /// The types as they were before retyping, to recognise float atomics.
    pub(super) types: naga::UniqueArena<Type>,
    pub(super) global_types: HashMap<Handle<GlobalVariable>, Handle<Type>>,
    pub(super) plan: HashMap<Handle<GlobalVariable>, Strategy>,
    pub(super) ignore_nan: bool,
    /// The integer word types of the rewritten atomics.
    pub(super) word_types: HashMap<Scalar, Handle<Type>>,
    /// `__atomic_compare_exchange_result<T>` of the words some access
    /// needs a compare-exchange on.
    pub(super) exchange_types: HashMap<Scalar, Handle<Type>>,
    /// Compare-exchange results on rewritten atomics, whose `old_value`
    /// is an encoded word that uses must see decoded.
    pub(super) exchange_results: HashMap<Handle<Expression>, Site>,
    /// The atomics whose adds are exchange relays (see `relay.rs`).
    pub(super) relays: std::collections::HashSet<Handle<GlobalVariable>>,
    /// The type of `f32`, for the relays' carries.
    pub(super) f32_type: Option<Handle<Type>>,
    /// The adds of the function being rebuilt that are aggregated over the
    /// subgroup, by their path in the original function.
    pub(super) aggregated: HashMap<StatementPath, Sharing>,
    /// The types the aggregation needs, where any add is aggregated.
    pub(super) aggregate_types: Option<AggregateTypes>,
    /// Mins and maxes whose results are unused load the word first
    /// (`prefilter=load`, see `prefilter.rs`).
    pub(super) prefilter: HashSet<Handle<GlobalVariable>>,
    /// How many of each global's mins and maxes do.
    pub(super) prefiltered: HashMap<Handle<GlobalVariable>, usize>,
    /// The word that records fixed-point sums' overflows, and each sum's
    /// bit in it.
    pub(super) overflow: Option<OverflowWord>,
    /// Whether fixed-point adds check their sums (`overflow=sum`).
    pub(super) check_sums: bool,
}

/// Drops the results of rewritten mins and maxes, and fixed-point adds,
/// that nothing reads (a SPIR-V atomic always has one): 64-bit min and max
/// without a result need less of the target, and an add without one is
/// the cheapest atomic.
pub(super) fn drop_unread_min_max_results(function: &mut Function, rewrite: &FloatAtomicRewrite) {
    let Some(read) = read_expressions(function) else {
        return;
    };
    let expressions = &function.expressions;
    for_each_block_mut(&mut function.body, &mut |block| {
        for statement in block.iter_mut() {
            if let Statement::Atomic {
                pointer,
                fun,
                ref mut result,
                ..
            } = *statement
            {
                let strategy = float_atomic_global(
                    expressions,
                    &rewrite.types,
                    &rewrite.global_types,
                    pointer,
                )
                .and_then(|(g, _)| rewrite.plan.get(&g));
                // Fixed-point adds too: an add that returns nothing is the
                // target's fastest atomic.
                let droppable = match (fun, strategy) {
                    (_, None) => false,
                    (AtomicFunction::Min | AtomicFunction::Max, _) => true,
                    (AtomicFunction::Add | AtomicFunction::Subtract, Some(Strategy::Fixed(_))) => {
                        true
                    }
                    _ => false,
                };
                if droppable && result.is_some_and(|r| !read.contains(&r)) {
                    *result = None;
                }
            }
        }
    });
}

/// How one access's atomic is rewritten.
#[derive(Clone, Copy, Debug)]
pub(super) struct Site {
    strategy: Strategy,
    /// The float the atomic held before.
    float: Scalar,
    /// Its adds are exchange relays.
    relay: bool,
    /// Its words are fixed point.
    fixed: Option<FixedSite>,
}

impl Site {
    fn word(self) -> Scalar {
        self.strategy.word(self.float)
    }
}

/// `__atomic_compare_exchange_result<T>`.
pub(super) fn exchange_result_type(module: &mut Module, scalar: Scalar) -> Handle<Type> {
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
        l.break_if(exchanged);
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
        let fixed = match strategy {
            Strategy::Fixed(format) => {
                let word = self.overflow.as_ref().expect("declared with the plan");
                Some(FixedSite {
                    format,
                    float: if float.width == 2 { Scalar::F32 } else { float },
                    overflow: Overflow {
                        flag: word.flag,
                        bit: word.bits[&global],
                    },
                    check_sum: self.check_sums,
                })
            }
            _ => None,
        };
        Some(Site {
            strategy,
            float,
            relay: self.relays.contains(&global),
            fixed,
        })
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
        Strategy::Fixed(_) => fixed::encode(b, site.fixed.expect("a fixed site"), value),
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
        Strategy::Fixed(_) => fixed::decode(b, site.fixed.expect("a fixed site"), word),
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

impl FloatAtomicRewrite {
    /// An add or subtract whose result nothing reads, reduced over the
    /// subgroup first (see `aggregate.rs`): the native float add where the
    /// atomic keeps its type, else the loop or relay of its lowering.
    fn aggregated(
        &mut self,
        b: &mut BlockBuilder<'_>,
        sharing: Sharing,
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        let Statement::Atomic {
            pointer,
            fun: fun @ (AtomicFunction::Add | AtomicFunction::Subtract),
            value,
            result,
        } = *statement
        else {
            return None;
        };
        let types = self.aggregate_types?;
        let Some(site) = self.site(b, pointer) else {
            aggregated_add(
                b,
                sharing,
                pointer,
                value,
                Summand::Float,
                types,
                |l, contribution, _| {
                    l.statement(Statement::Atomic {
                        pointer,
                        fun,
                        value: contribution,
                        result,
                    })
                },
            );
            return Some(result);
        };
        if let Some(result) = result {
            // Nothing reads it (only such adds are aggregated).
            b.expressions_mut()[result] = Expression::Literal(Literal::Bool(false));
        }
        let word_ty = self.word_types[&site.word()];
        let negate = fun == AtomicFunction::Subtract;
        if let Some(fixed_site) = site.fixed {
            // Each lane's addend, summed over the subgroup as integers; a
            // lane whose addend does not fit records it itself.
            let value = widen(b, site, value);
            let (addend, fits) = fixed::addend(b, fixed_site, value, negate);
            fixed::record_unless(b, fixed_site.overflow, fits);
            aggregated_add(
                b,
                sharing,
                pointer,
                addend,
                Summand::Fixed,
                types,
                |l, contribution, invalid| {
                    fixed::add_checked(
                        l,
                        fixed_site,
                        pointer,
                        contribution,
                        invalid,
                        word_ty,
                        None,
                    );
                },
            );
        } else if site.relay {
            let float_ty = self.f32_type.expect("planned with the relays");
            aggregated_add(
                b,
                sharing,
                pointer,
                value,
                Summand::Float,
                types,
                |l, contribution, _| {
                    super::relay::exchange_relay(
                        l,
                        pointer,
                        contribution,
                        negate,
                        word_ty,
                        float_ty,
                    )
                },
            );
        } else {
            let exchange_ty = *self
                .exchange_types
                .get(&site.word())
                .expect("planned whenever an access adds");
            let update = if negate {
                Update::Subtract
            } else {
                Update::Add
            };
            aggregated_add(
                b,
                sharing,
                pointer,
                value,
                Summand::Float,
                types,
                |l, contribution, _| {
                    compare_exchange_loop(
                        l,
                        site,
                        pointer,
                        update,
                        contribution,
                        word_ty,
                        exchange_ty,
                    );
                },
            );
        }
        Some(None)
    }
}

impl Rewrite for FloatAtomicRewrite {
    fn statement_at(
        &mut self,
        b: &mut BlockBuilder<'_>,
        path: &[u32],
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        if let Some(&sharing) = self.aggregated.get(path) {
            if let Some(done) = self.aggregated(b, sharing, statement) {
                return Some(done);
            }
        }
        self.statement(b, statement)
    }

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
                if let (Some(fixed_site), AtomicFunction::Add | AtomicFunction::Subtract) =
                    (site.fixed, fun)
                {
                    let negate = fun == AtomicFunction::Subtract;
                    let value = widen(b, site, value);
                    let (addend, fits) = fixed::addend(b, fixed_site, value, negate);
                    let invalid = b.expr(Expression::Unary {
                        op: naga::UnaryOperator::LogicalNot,
                        expr: fits,
                    });
                    let old = fixed::add_checked(
                        b,
                        fixed_site,
                        pointer,
                        addend,
                        Some(invalid),
                        word_ty,
                        result,
                    );
                    return Some(result.and(old).map(|old| decode(b, site, old)));
                }
                let looped = match fun {
                    AtomicFunction::Add => Some(Update::Add),
                    AtomicFunction::Subtract => Some(Update::Subtract),
                    AtomicFunction::Min if strategy == Strategy::Cas => Some(Update::Min),
                    AtomicFunction::Max if strategy == Strategy::Cas => Some(Update::Max),
                    _ => None,
                };
                if let (Some(update @ (Update::Add | Update::Subtract)), true) =
                    (looped, site.relay)
                {
                    if let Some(result) = result {
                        // Nothing reads it (a relay is planned only then).
                        b.expressions_mut()[result] = Expression::Literal(Literal::Bool(false));
                    }
                    let float_ty = self.f32_type.expect("planned with the relays");
                    let negate = matches!(update, Update::Subtract);
                    super::relay::exchange_relay(b, pointer, value, negate, word_ty, float_ty);
                    return Some(None);
                }
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
                let min_max = matches!(fun, AtomicFunction::Min | AtomicFunction::Max);
                if min_max && result.is_none() && site.word().width == 4 {
                    let global = float_atomic_global(
                        b.expressions(),
                        &self.types,
                        &self.global_types,
                        pointer,
                    )
                    .map(|(global, _)| global);
                    if let Some(global) = global.filter(|g| self.prefilter.contains(g)) {
                        super::prefilter::load_first(b, pointer, fun, word);
                        *self.prefiltered.entry(global).or_default() += 1;
                        return Some(None);
                    }
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
