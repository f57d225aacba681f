//! `sum=fixed`: a float sum on a signed integer word in fixed point.
//!
//! ```text
//! // an add of `value` (an atomicSub adds `-value`), with F fraction bits:
//! let scaled = round(value * 2^F);                     // ties to even
//! let fits = abs(scaled) < 2^(W-1);                    // false for NaN, inf
//! let addend = i32(select(0.0, scaled, fits));
//! let old = atomicAdd(&word, addend);
//! let new = old + addend;                              // wraps
//! if (!fits || ((old ^ new) & (addend ^ new)) < 0) {   // the sum wrapped
//!     atomicOr(&float_atomics_overflow, 1u << bit);
//! }
//! ```
//!
//! Integer addition is associative, so the word holds the same bits after
//! the dispatch whatever order the adds ran in: on every run and every
//! GPU. Each addend is off by at most half a step (`2^-(F+1)`); the sum of
//! `n` adds by at most `n` half steps. An addend that does not fit, or an
//! add that carries the sum past the word's range (the old value
//! `atomicAdd` returns tells it), sets the sum's bit in one `u32` word of
//! a storage buffer the pass adds, `float_atomics_overflow`: the host
//! clears it to zero and reads it back, and a set bit means the sum is
//! wrong. Nothing wraps silently.
//!
//! Loads, exchanges and returned old values decode: `f32(word) * 2^-F`,
//! rounded once; stores and exchanges encode as adds do.
//!
//! Reduced over the subgroup first (`aggregate.rs`), lanes sum their
//! addends as integers too: exact and order-free like the atomic. The
//! lanes' sum may leave the word's range although each addend fits, so it
//! is summed in two halves that cannot overflow (`subgroup_sum`).

use naga::{
    AddressSpace, AtomicFunction, BinaryOperator, Expression, GlobalVariable, Handle, Literal,
    MathFunction, Module, ResourceBinding, Scalar, ScalarKind, Statement, SubgroupOperation, Type,
    TypeInner, UnaryOperator,
};
use shaderxform_host::FixedPoint;

use crate::ir::{ensure_type, BlockBuilder};

/// The name of the word the pass adds to record overflows.
pub const OVERFLOW_FLAG_NAME: &str = "float_atomics_overflow";

/// The word that records overflows, and each fixed-point sum's bit in it.
pub(super) struct OverflowWord {
    pub(super) flag: Handle<GlobalVariable>,
    pub(super) bits: std::collections::HashMap<Handle<GlobalVariable>, u32>,
}

/// Where an add records that its sum overflowed: a bit of the flag word.
#[derive(Clone, Copy, Debug)]
pub(super) struct Overflow {
    pub(super) flag: Handle<GlobalVariable>,
    pub(super) bit: u32,
}

/// One fixed-point sum's words, as its accesses see them.
#[derive(Clone, Copy, Debug)]
pub(super) struct FixedSite {
    pub(super) format: FixedPoint,
    /// The float the arithmetic runs in: the atomic's (an f16's widened
    /// to f32).
    pub(super) float: Scalar,
    pub(super) overflow: Overflow,
    /// Whether adds read the old value to check the sum (`overflow=sum`);
    /// else only addends are checked, and adds whose old value nothing
    /// reads return nothing.
    pub(super) check_sum: bool,
}

impl FixedSite {
    fn word(self) -> Scalar {
        Scalar {
            kind: ScalarKind::Sint,
            width: (self.format.word_bits() / 8) as u8,
        }
    }

    fn float_literal(self, value: f64) -> Literal {
        match self.float.width {
            8 => Literal::F64(value),
            _ => Literal::F32(value as f32),
        }
    }

    fn word_literal(self, value: i64) -> Literal {
        match self.format.word_bits() {
            64 => Literal::I64(value),
            _ => Literal::I32(value as i32),
        }
    }
}

/// Adds the word that records overflows: an `atomic<u32>` in storage
/// memory, bound in the group of the first fixed-point sum that has a
/// binding (else group 0), one past that group's largest binding.
pub(super) fn declare_overflow_flag(
    module: &mut Module,
    sums: &[Handle<GlobalVariable>],
) -> Handle<GlobalVariable> {
    let group = sums
        .iter()
        .find_map(|&g| module.global_variables[g].binding.as_ref())
        .map_or(0, |b| b.group);
    let binding = module
        .global_variables
        .iter()
        .filter_map(|(_, g)| g.binding.as_ref())
        .filter(|b| b.group == group)
        .map(|b| b.binding + 1)
        .max()
        .unwrap_or(0);
    let ty = ensure_type(&mut module.types, TypeInner::Atomic(Scalar::U32));
    let span = sums.first().map_or(naga::Span::UNDEFINED, |&g| {
        module.global_variables.get_span(g)
    });
    module.global_variables.append(
        GlobalVariable {
            name: Some(OVERFLOW_FLAG_NAME.to_string()),
            space: AddressSpace::Storage {
                access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE,
            },
            binding: Some(ResourceBinding { group, binding }),
            ty,
            init: None,
            memory_decorations: Default::default(),
        },
        span,
    )
}

/// `value` (a float of the site's) as a word, and whether it fits: where
/// it does not (or is NaN), the word is zero.
fn to_fixed(
    b: &mut BlockBuilder<'_>,
    site: FixedSite,
    value: Handle<Expression>,
) -> (Handle<Expression>, Handle<Expression>) {
    let scale = b.expr(Expression::Literal(site.float_literal(site.format.scale())));
    let scaled = b.binary(BinaryOperator::Multiply, value, scale);
    let scaled = b.math(MathFunction::Round, scaled);
    let magnitude = b.math(MathFunction::Abs, scaled);
    let limit = 2f64.powi(site.format.word_bits() as i32 - 1);
    let limit = b.expr(Expression::Literal(site.float_literal(limit)));
    // An ordered comparison: false for NaN.
    let fits = b.binary(BinaryOperator::Less, magnitude, limit);
    let zero = b.expr(Expression::Literal(site.float_literal(0.0)));
    // Only values that fit are converted: the conversion of others is
    // the target's own choice.
    let kept = b.select(fits, scaled, zero);
    let word = b.expr(Expression::As {
        expr: kept,
        kind: ScalarKind::Sint,
        convert: Some(site.word().width),
    });
    (word, fits)
}

/// The word of `value` for a store or an exchange, recording an overflow
/// where it does not fit.
pub(super) fn encode(
    b: &mut BlockBuilder<'_>,
    site: FixedSite,
    value: Handle<Expression>,
) -> Handle<Expression> {
    let (word, fits) = to_fixed(b, site, value);
    record_unless(b, site.overflow, fits);
    word
}

/// The float a word holds, in the site's float: rounded once, as the
/// integer converts; the power-of-two scale is exact.
pub(super) fn decode(
    b: &mut BlockBuilder<'_>,
    site: FixedSite,
    word: Handle<Expression>,
) -> Handle<Expression> {
    let float = b.expr(Expression::As {
        expr: word,
        kind: ScalarKind::Float,
        convert: Some(site.float.width),
    });
    let step = b.expr(Expression::Literal(
        site.float_literal(site.format.resolution()),
    ));
    b.binary(BinaryOperator::Multiply, float, step)
}

/// `if (!fits) { atomicOr(&float_atomics_overflow, 1u << bit); }`
pub(super) fn record_unless(
    b: &mut BlockBuilder<'_>,
    overflow: Overflow,
    fits: Handle<Expression>,
) {
    let overflows = b.expr(Expression::Unary {
        op: UnaryOperator::LogicalNot,
        expr: fits,
    });
    record_overflow(b, overflow, overflows);
}

/// `if (overflows) { atomicOr(&float_atomics_overflow, 1u << bit); }`
fn record_overflow(b: &mut BlockBuilder<'_>, overflow: Overflow, overflows: Handle<Expression>) {
    let accept = b.block(|l| {
        let flag = l.expr(Expression::GlobalVariable(overflow.flag));
        let bit = l.u32(1 << overflow.bit);
        l.statement(Statement::Atomic {
            pointer: flag,
            fun: AtomicFunction::InclusiveOr,
            value: bit,
            result: None,
        });
    });
    b.statement(Statement::If {
        condition: overflows,
        accept,
        reject: naga::Block::new(),
    });
}

/// The addend of an add of `value` (`negate`: a subtract), and whether it
/// fits. Negating the float is exact, and a word that fits negates
/// without overflow (the word's minimum never fits).
pub(super) fn addend(
    b: &mut BlockBuilder<'_>,
    site: FixedSite,
    value: Handle<Expression>,
    negate: bool,
) -> (Handle<Expression>, Handle<Expression>) {
    let value = match negate {
        true => b.expr(Expression::Unary {
            op: UnaryOperator::Negate,
            expr: value,
        }),
        false => value,
    };
    to_fixed(b, site, value)
}

/// `atomicAdd(pointer, addend)`, recording an overflow where the sum
/// wrapped (with `check_sum`, or where the old value is read anyway) or
/// `invalid` (an addend or a partial sum that did not fit) holds; returns
/// the old word where it was read. `result` is the atomic's result
/// expression where it had one, retyped to the word.
pub(super) fn add_checked(
    b: &mut BlockBuilder<'_>,
    site: FixedSite,
    pointer: Handle<Expression>,
    addend: Handle<Expression>,
    invalid: Option<Handle<Expression>>,
    word_ty: Handle<Type>,
    result: Option<Handle<Expression>>,
) -> Option<Handle<Expression>> {
    if !site.check_sum && result.is_none() {
        // An add that returns nothing: the target's fastest atomic.
        b.statement(Statement::Atomic {
            pointer,
            fun: AtomicFunction::Add,
            value: addend,
            result: None,
        });
        if let Some(invalid) = invalid {
            record_overflow(b, site.overflow, invalid);
        }
        return None;
    }
    let old = match result {
        Some(result) => {
            b.expressions_mut()[result] = Expression::AtomicResult {
                ty: word_ty,
                comparison: false,
            };
            b.statement(Statement::Atomic {
                pointer,
                fun: AtomicFunction::Add,
                value: addend,
                result: Some(result),
            });
            result
        }
        None => b.statement_with_result(
            Expression::AtomicResult {
                ty: word_ty,
                comparison: false,
            },
            |result| Statement::Atomic {
                pointer,
                fun: AtomicFunction::Add,
                value: addend,
                result: Some(result),
            },
        ),
    };
    // Two's complement addition wrapped when both operands have one sign
    // and the result the other.
    let new = b.binary(BinaryOperator::Add, old, addend);
    let from_old = b.binary(BinaryOperator::ExclusiveOr, old, new);
    let from_addend = b.binary(BinaryOperator::ExclusiveOr, addend, new);
    let both = b.binary(BinaryOperator::And, from_old, from_addend);
    let zero = b.expr(Expression::Literal(site.word_literal(0)));
    let mut overflows = b.binary(BinaryOperator::Less, both, zero);
    if let Some(invalid) = invalid {
        overflows = b.binary(BinaryOperator::LogicalOr, overflows, invalid);
    }
    record_overflow(b, site.overflow, overflows);
    Some(old)
}

/// The subgroup's sum of 32-bit words, and whether it fits a word: each
/// word splits into its upper half (signed) and lower half (unsigned),
/// whose sums over up to 128 lanes cannot overflow; the sum is the upper
/// halves' plus the carry out of the lower halves', shifted back.
pub(super) fn subgroup_sum(
    b: &mut BlockBuilder<'_>,
    addend: Handle<Expression>,
    i32_ty: Handle<Type>,
) -> (Handle<Expression>, Handle<Expression>) {
    let sixteen = b.u32(16);
    let upper = b.binary(BinaryOperator::ShiftRight, addend, sixteen);
    let mask = b.expr(Expression::Literal(Literal::I32(0xFFFF)));
    let lower = b.binary(BinaryOperator::And, addend, mask);
    let uppers = b.subgroup_reduce(SubgroupOperation::Add, upper, i32_ty);
    let lowers = b.subgroup_reduce(SubgroupOperation::Add, lower, i32_ty);
    let carry = b.binary(BinaryOperator::ShiftRight, lowers, sixteen);
    let upper = b.binary(BinaryOperator::Add, uppers, carry);
    let lower = b.binary(BinaryOperator::And, lowers, mask);
    // `upper` fits 16 signed bits exactly when `upper + 2^15`, as a u32,
    // is below 2^16.
    let half = b.expr(Expression::Literal(Literal::I32(0x8000)));
    let biased = b.binary(BinaryOperator::Add, upper, half);
    let biased = b.bitcast(biased, ScalarKind::Uint);
    let range = b.u32(0x1_0000);
    let fits = b.binary(BinaryOperator::Less, biased, range);
    let shifted = b.binary(BinaryOperator::ShiftLeft, upper, sixteen);
    let total = b.binary(BinaryOperator::InclusiveOr, shifted, lower);
    (total, fits)
}

/// Whether the word of a fixed-point sum can replace the float atomics
/// of `global`: a 64-bit word is wider than an f32 or f16 atomic, so the
/// atomics must be the variable itself or the elements of a tightly
/// packed array that is (a struct's members keep their offsets).
pub(super) fn not_widenable_to(
    module: &Module,
    global: Handle<GlobalVariable>,
    format: FixedPoint,
) -> Option<&'static str> {
    let word_bytes = format.word_bits() / 8;
    let narrow = |inner: &TypeInner| {
        super::float_atomic(inner).is_some_and(|f| u32::from(f.width) < word_bytes)
    };
    let ty = module.global_variables[global].ty;
    let floats = super::atomic_floats(&module.types, ty);
    if floats.iter().all(|f| u32::from(f.width) >= word_bytes) {
        return None;
    }
    match module.types[ty].inner {
        ref inner if narrow(inner) => None,
        TypeInner::Array { base, stride, .. }
            if narrow(&module.types[base].inner)
                && super::float_atomic(&module.types[base].inner)
                    .is_some_and(|f| u32::from(f.width) == stride) =>
        {
            None
        }
        _ => Some(
            "its atomics are in a struct or a nested array, whose layout a wider word would change",
        ),
    }
}

/// The stride of an array of `word_bytes` words that held `float`s at
/// `stride`: as before where the word fits, else the word's own.
pub(super) fn widened_stride(stride: u32, float: Scalar, word_bytes: u32) -> u32 {
    if u32::from(float.width) < word_bytes && stride == u32::from(float.width) {
        word_bytes
    } else {
        stride
    }
}

#[cfg(test)]
mod tests {
    use super::super::config::{AGGREGATE_OPTION, FIXED_POINT_OPTION, SUM_OPTION};
    use super::super::sum_shaders::{detail, run, shader, subgroups};
    use crate::testing::run_pass;
    use crate::Target;

    const FIXED: (&str, &str) = (SUM_OPTION, "fixed");
    const NO_AGGREGATION: (&str, &str) = (AGGREGATE_OPTION, "none");

    #[test]
    fn every_float_sum_becomes_one_integer_add_those_the_target_adds_too() {
        let native = Target {
            float32_atomic_add: true,
            ..Target::default()
        };
        for target in [Target::default(), native] {
            let run = run(
                &shader("atomicAdd(&bins[i % 64u], v); atomicSub(&total, v);"),
                &[FIXED],
                &target,
            );
            assert_eq!(detail(&run, "sum_lowering"), ["fixed-point", "fixed-point"]);
            assert_eq!(detail(&run, "fixed_point"), ["16.16", "16.16"]);
            assert_eq!(detail(&run, "overflow_bit"), ["0", "1"]);
            let wgsl = &run.wgsl;
            assert!(
                wgsl.contains("var<storage, read_write> total: atomic<i32>;"),
                "{wgsl}"
            );
            assert!(wgsl.contains("bins: array<atomic<i32>, 64>"), "{wgsl}");
            // One past the group's largest binding.
            assert!(
                wgsl.contains("@group(0) @binding(4) \nvar<storage, read_write> float_atomics_overflow: atomic<u32>;"),
                "{wgsl}"
            );
            assert_eq!(wgsl.matches("atomicAdd(").count(), 2, "{wgsl}");
            assert!(!wgsl.contains("atomicCompareExchangeWeak"), "{wgsl}");
            assert!(!wgsl.contains("atomicExchange"), "{wgsl}");
            // The subtract adds the negated value.
            assert!(wgsl.contains("-(v)"), "{wgsl}");
            assert_eq!(
                wgsl.matches("atomicOr((&float_atomics_overflow), 2u)")
                    .count(),
                1
            );
        }
    }

    #[test]
    fn checking_addends_only_leaves_adds_returning_nothing() {
        let checks = (super::super::config::OVERFLOW_OPTION, "addends");
        let run = run(
            &shader("atomicAdd(&bins[i % 64u], v); let old = atomicAdd(&total, v); out[i] = old;"),
            &[FIXED, checks, NO_AGGREGATION],
            &Target::default(),
        );
        let wgsl = &run.wgsl;
        // The bins' add returns nothing; the total's old value is read,
        // so its sum is checked all the same.
        assert!(
            wgsl.contains("    atomicAdd((&bins[(i % 64u)]), "),
            "{wgsl}"
        );
        assert_eq!(wgsl.matches("= atomicAdd(").count(), 1, "{wgsl}");
        assert_eq!(detail(&run, "overflow_checks"), ["addends", "addends"]);
        assert!(
            run.report.changes[0].message.contains("wraps"),
            "{}",
            run.report.changes[0].message
        );
    }

    #[test]
    fn loads_stores_exchanges_and_old_values_decode_and_encode() {
        let run = run(
            &shader(
                "atomicStore(&total, v);
                 let old = atomicAdd(&total, 1.5);
                 let swapped = atomicExchange(&total, old);
                 out[i] = atomicLoad(&total) + swapped;",
            ),
            &[FIXED],
            &Target::default(),
        );
        let wgsl = &run.wgsl;
        // Three decodes: the add's old value, the exchange's, the load.
        assert_eq!(wgsl.matches("* 0.000015258789f").count(), 3, "{wgsl}");
        // The store and the exchange encode, and record what does not fit.
        assert_eq!(wgsl.matches("* 65536f").count(), 3, "{wgsl}");
        assert_eq!(
            wgsl.matches("atomicOr((&float_atomics_overflow), 1u)")
                .count(),
            3
        );
    }

    #[test]
    fn compare_exchange_on_a_fixed_point_sum_is_refused() {
        let errors = run_pass(
            super::super::config::NAME,
            &shader(
                "atomicAdd(&total, v);
                 let r = atomicCompareExchangeWeak(&total, 0.0, v);
                 out[i] = r.old_value;",
            ),
            &[FIXED],
            &Target::default(),
        )
        .err()
        .expect("refused");
        assert_eq!(
            errors[0].code.as_deref(),
            Some(crate::codes::FLOAT_ATOMICS_FIXED_POINT_UNSUPPORTED)
        );
        assert!(
            errors[0].message.contains("atomicCompareExchangeWeak"),
            "{}",
            errors[0].message
        );
    }

    #[test]
    fn sixty_four_bit_words_need_int64_atomics_and_widen_packed_arrays() {
        let source = shader("atomicAdd(&bins[i % 64u], v); atomicAdd(&total, v);");
        let wide = (FIXED_POINT_OPTION, "32.32");
        let errors = run_pass(
            super::super::config::NAME,
            &source,
            &[FIXED, wide],
            &Target::default(),
        )
        .err()
        .expect("refused");
        assert_eq!(
            errors[0].code.as_deref(),
            Some(crate::codes::FLOAT_ATOMICS_INT64_ATOMICS_MISSING)
        );
        let mut target = Target::default();
        target.enable("int64-atomics");
        let widened = run(&source, &[FIXED, wide], &target);
        let wgsl = &widened.wgsl;
        assert!(wgsl.contains("bins: array<atomic<i64>, 64>"), "{wgsl}");
        assert!(wgsl.contains("total: atomic<i64>"), "{wgsl}");
        assert!(wgsl.contains("4294967300f"), "{wgsl}");

        let in_struct = "struct Sums { count: u32, sum: atomic<f32> }
             @group(0) @binding(0) var<storage, read_write> sums: Sums;
             @compute @workgroup_size(64)
             fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
                 atomicAdd(&sums.sum, f32(gid.x));
             }";
        let errors = run_pass(
            super::super::config::NAME,
            in_struct,
            &[FIXED, wide],
            &target,
        )
        .err()
        .expect("refused");
        assert_eq!(
            errors[0].code.as_deref(),
            Some(crate::codes::FLOAT_ATOMICS_FIXED_POINT_UNSUPPORTED)
        );
        // A 32-bit format keeps the struct's layout.
        run(in_struct, &[FIXED], &target);
    }

    #[test]
    fn lanes_sum_their_words_exactly_before_one_add() {
        let run = run(
            &shader("atomicAdd(&total, v); atomicAdd(&bins[i % 64u], v);"),
            &[FIXED],
            &subgroups(),
        );
        let wgsl = &run.wgsl;
        // Two integer sums (upper and lower halves) per add, no float sum.
        assert_eq!(wgsl.matches("subgroupAdd(").count(), 4, "{wgsl}");
        assert!(wgsl.contains("& 65535i"), "{wgsl}");
        assert!(!wgsl.contains("subgroupAdd(v"), "{wgsl}");
        assert_eq!(detail(&run, "aggregation"), ["subgroup", "subgroup"]);
        // Integer adds: the order of the float additions is not changed.
        assert!(!run
            .report
            .changes
            .iter()
            .any(|c| c.message.contains("order of float additions changed")));
        // Without aggregation, one add per invocation.
        let alone = super::super::sum_shaders::run(
            &shader("atomicAdd(&total, v);"),
            &[FIXED, NO_AGGREGATION],
            &subgroups(),
        );
        assert!(!alone.wgsl.contains("subgroupAdd"), "{}", alone.wgsl);
    }

    #[test]
    fn workgroup_sums_hold_fixed_point_too() {
        let run = run(
            "var<workgroup> partial: atomic<f32>;
             @group(0) @binding(0) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(64)
             fn main(@builtin(local_invocation_index) i: u32) {
                 atomicAdd(&partial, out[i]);
                 workgroupBarrier();
                 if (i == 0u) { out[0] = atomicLoad(&partial); }
             }",
            &[FIXED],
            &Target::default(),
        );
        assert!(
            run.wgsl.contains("var<workgroup> partial: atomic<i32>;"),
            "{}",
            run.wgsl
        );
        // The overflow word is bound beside the shader's buffer.
        assert!(
            run.wgsl.contains(
                "@group(0) @binding(1) \nvar<storage, read_write> float_atomics_overflow"
            ),
            "{}",
            run.wgsl
        );
    }

    #[test]
    fn the_lanes_sum_split_is_exact_where_it_fits_and_says_where_not() {
        // The arithmetic of `subgroup_sum`, on the host: the halves' sums
        // give the exact sum, and the range check agrees with i64.
        let split = |words: &[i32]| -> (i32, bool) {
            let uppers: i32 = words.iter().map(|w| w >> 16).sum();
            let lowers: i32 = words.iter().map(|w| w & 0xFFFF).sum();
            let upper = uppers + (lowers >> 16);
            let fits = ((upper + 0x8000) as u32) < 0x1_0000;
            (
                ((upper as u32) << 16 | (lowers & 0xFFFF) as u32) as i32,
                fits,
            )
        };
        let cases: [&[i32]; 5] = [
            &[1, -1, 65535, -65536],
            &[i32::MAX, 1],
            &[i32::MIN + 1, -1, -1],
            &[0x4000_0000, 0x3FFF_FFFF],
            &[-7; 128],
        ];
        for words in cases {
            let exact: i64 = words.iter().map(|&w| i64::from(w)).sum();
            let (sum, fits) = split(words);
            assert_eq!(fits, i32::try_from(exact).is_ok(), "{words:?}");
            if fits {
                assert_eq!(i64::from(sum), exact, "{words:?}");
            }
        }
    }
}
