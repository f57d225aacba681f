//! The reports of `float-atomics`: the errors for atomics it cannot
//! rewrite, and what a rewrite adds to its change (fixed point,
//! aggregation) and to its notes.

use naga::{GlobalVariable, Handle, Module};
use shaderxform_host::FixedPoint;

use super::aggregate::AggregatedCounts;
use super::config::OverflowCheck;
use super::{find, fixed, Strategy};
use crate::ir::global_name;
use crate::{Change, Diagnostic, PassContext};

/// The error for an f64 atomic whose rewrite needs 64-bit integer atomics
/// the target does not declare.
pub(super) fn report_missing_64_bit_atomics(
    cx: &mut PassContext<'_>,
    module: &Module,
    global: Handle<GlobalVariable>,
    strategy: Strategy,
    missing: find::Missing64,
) {
    let name = global_name(module, global);
    let mut d = Diagnostic::error(format!(
        "`{name}` holds f64: its {} rewrite needs {}, which the target does not declare",
        strategy.name(),
        missing.feature
    ))
    .with_code(crate::codes::FLOAT_ATOMICS_INT64_ATOMICS_MISSING);
    d = match missing.culprit {
        Some(span) => d
            .with_primary(span, "this access needs more than 64-bit min/max")
            .with_secondary(module.global_variables.get_span(global), "the atomic"),
        None => d.with_primary(module.global_variables.get_span(global), "the atomic"),
    };
    cx.report(d.with_note(
        "f64 atomics become u64 or i64 atomics (an f64 sum a compare-exchange loop on a u64); with 64-bit integer min/max alone, only atomicMin and atomicMax on storage memory whose results are unused can be rewritten",
    ));
}

/// The report of a fixed-point sum: its format, range and resolution, and
/// where its overflows are recorded.
pub(super) fn with_fixed_point(
    mut change: Change,
    module: &Module,
    format: FixedPoint,
    (flag, bit): (Handle<GlobalVariable>, u32),
    check: OverflowCheck,
) -> Change {
    let binding = module.global_variables[flag]
        .binding
        .as_ref()
        .expect("the flag is bound");
    change.message.push_str(&format!(
        "; each add one integer atomicAdd in {} fixed point (from {} to {}, in steps of 2^-{}): the same bits whatever the order of the adds; {} sets bit {bit} of `{}` (@group({}) @binding({}))",
        format.name(),
        format.smallest(),
        format.largest(),
        format.fraction_bits(),
        match check {
            OverflowCheck::Sum => "an addend or a sum out of range",
            _ => "an addend out of range (a sum carried past the range wraps: overflow=addends)",
        },
        fixed::OVERFLOW_FLAG_NAME,
        binding.group,
        binding.binding,
    ));
    change
        .with_detail("fixed_point", format.name())
        .with_detail("fraction_bits", format.fraction_bits())
        .with_detail("word_bits", format.word_bits())
        .with_detail("smallest", format.smallest())
        .with_detail("largest", format.largest())
        .with_detail("overflow_flag", fixed::OVERFLOW_FLAG_NAME)
        .with_detail("overflow_group", binding.group)
        .with_detail("overflow_binding", binding.binding)
        .with_detail("overflow_bit", bit)
        .with_detail("overflow_checks", check.name())
        .with_detail(
            "float_addition_order",
            "none: integer adds, exact in any order",
        )
}

/// The report of a sum's aggregated adds: how many, how their address is
/// known to be shared, and that the order of float additions changed
/// (not for `exact` sums, which add integers).
pub(super) fn with_aggregation(
    mut change: Change,
    counts: AggregatedCounts,
    exact: bool,
) -> Change {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let per_subgroup = counts.proven + counts.checked;
    if per_subgroup > 0 {
        change.message.push_str(&format!(
            "; {per_subgroup} add{} reduced over the subgroup first, one atomic per subgroup",
            plural(per_subgroup)
        ));
    }
    if counts.per_workgroup > 0 {
        change.message.push_str(&format!(
            "; {} add{} reduced over the workgroup first, one atomic per workgroup",
            counts.per_workgroup,
            plural(counts.per_workgroup)
        ));
    }
    if !exact {
        change
            .message
            .push_str(" (the order of float additions changed)");
    }
    let aggregation = match (per_subgroup > 0, counts.per_workgroup > 0) {
        (true, true) => "workgroup and subgroup",
        (false, true) => "workgroup",
        _ => "subgroup",
    };
    let mut change = change
        .with_detail("aggregation", aggregation)
        .with_detail("aggregated_adds_proven_uniform", counts.proven)
        .with_detail("aggregated_adds_checked_at_run_time", counts.checked);
    if counts.per_workgroup > 0 {
        change = change.with_detail("aggregated_adds_per_workgroup", counts.per_workgroup);
    }
    if exact {
        return change;
    }
    change.with_detail("float_addition_order", "changed")
}

/// The note for an add `aggregate=workgroup` does not reduce over the
/// workgroup, with the reason and what it gets instead.
pub(super) fn workgroup_not_applied(not_applied: super::aggregate::NotPerWorkgroup) -> Diagnostic {
    let instead = match not_applied.per_subgroup {
        true => "reduced over the subgroup instead, one atomic per subgroup",
        false => "added per invocation instead",
    };
    let mut d = Diagnostic::note(format!(
        "`float-atomics.aggregate=workgroup`: this add is {instead}: {}",
        not_applied.reason
    ))
    .with_code(crate::codes::FLOAT_ATOMICS_WORKGROUP_NOT_APPLIED)
    .with_primary(not_applied.span, "not reduced over the workgroup");
    for (span, message) in not_applied.causes {
        d = d.with_secondary(span, message);
    }
    d
}

/// The error for an f16 atomic the pass cannot widen to a 32-bit word.
pub(super) fn report_f16_not_widenable(
    cx: &mut PassContext<'_>,
    module: &Module,
    global: Handle<GlobalVariable>,
    reason: &str,
) {
    let name = global_name(module, global);
    cx.report(
        Diagnostic::error(format!(
            "`{name}` holds f16, which no back end has atomics for, and cannot be widened to 32 bits: {reason}"
        ))
        .with_code(crate::codes::FLOAT_ATOMICS_F16_NOT_WIDENABLE)
        .with_primary(module.global_variables.get_span(global), "the atomic")
        .with_note("f16 atomics are widened to f32 words in workgroup memory, as `atomic<f16>` or an array of them"),
    );
}
