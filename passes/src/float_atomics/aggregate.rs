//! Subgroup aggregation of f32 sums: where the lanes of a subgroup add to
//! one address, they add their values with `subgroupAdd` first and one
//! lane does the single atomic (a compare-exchange loop, an exchange relay
//! or the target's own float `atomicAdd`).
//!
//! ```text
//! let total = subgroupAdd(value);
//! let first = subgroupExclusiveAdd(1u) == 0u;       // the lowest active lane
//! // address proven the same for the subgroup:
//! if (first) { atomicAdd(p, total); }
//! // address checked at run time (`i` each dynamic index of `p`):
//! let same = subgroupAll(subgroupBroadcastFirst(i) == i);
//! if (first || !same) { atomicAdd(p, select(value, total, same)); }
//! ```
//!
//! The operations count the *active* lanes, those that reach the add
//! together, which is exactly the set of contributions to combine: an add
//! under a branch aggregates the lanes that took it. So the add may sit in
//! non-uniform control flow; WGSL's `subgroup_uniformity` rule (an error
//! in Tint) is turned off on the function holding it where the control
//! flow there is not proven uniform. The reduction, the election and the
//! check run back to back, with no branch between them, so they see the
//! same active lanes.
//!
//! Only adds and subtracts whose returned old value nothing reads are
//! aggregated (each lane would need its own prefix of the sum), and only
//! in functions that compute entry points alone reach: fragment shaders
//! have helper invocations, which take part in subgroup operations but
//! whose atomics do nothing. The order of the float additions changes:
//! `subgroupAdd` adds in an order of its own before the atomic adds the
//! subgroup's total.

use std::collections::{HashMap, HashSet};

use naga::{
    BinaryOperator, Expression, GlobalVariable, Handle, Module, ScalarKind, ShaderStage, Statement,
    SubgroupOperation, Type, UnaryOperator,
};

use crate::analysis::features::function_uses_subgroup_ops;
use crate::analysis::uniformity::Uniformity;
use crate::ir::{
    for_each_statement_with_path, function_of, functions_called_from, read_expressions,
    BlockBuilder, FunctionRef, StatementPath,
};

use super::float_atomic_global;
use super::workgroup::{workgroup_add, workgroup_blocker, WorkgroupSlots};

/// How an aggregated add knows that the lanes share its address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sharing {
    /// Reduced over the whole workgroup (`aggregate=workgroup`, see
    /// `workgroup.rs`): the address is proven the same for every
    /// invocation, and every invocation reaches the add.
    Workgroup(WorkgroupSlots),
    /// Proven: no dynamic index, or indices the uniformity analysis proves
    /// the same for every invocation of the workgroup.
    Proven,
    /// Checked at run time: each dynamic index against the first active
    /// lane's; where any differs, every lane adds its own value.
    Checked,
}

/// The adds to aggregate, by function and statement path, and the
/// functions whose `subgroup_uniformity` rule must be off.
#[derive(Default)]
pub(super) struct AggregationPlan {
    pub(super) sites: HashMap<FunctionRef, HashMap<StatementPath, Sharing>>,
    pub(super) rule_off: HashSet<FunctionRef>,
    /// Per global: how many of its adds are aggregated, and how.
    pub(super) per_global: HashMap<Handle<GlobalVariable>, AggregatedCounts>,
    /// Under `aggregate=workgroup`, the adds reduced per subgroup (or not
    /// at all) instead, and why.
    pub(super) not_per_workgroup: Vec<NotPerWorkgroup>,
}

/// How many of a sum's adds are aggregated, by how they know that the
/// lanes share the address.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct AggregatedCounts {
    pub(super) proven: usize,
    pub(super) checked: usize,
    pub(super) per_workgroup: usize,
}

/// An add that `aggregate=workgroup` could not reduce over the workgroup.
pub(super) struct NotPerWorkgroup {
    /// The add.
    pub(super) span: naga::Span,
    /// Why, as a sentence fragment.
    pub(super) reason: String,
    /// Where the reason comes from (the source of divergent control flow
    /// or of a non-uniform index), where the analysis knows it.
    pub(super) causes: Vec<(naga::Span, String)>,
    /// Whether the add is still reduced over the subgroup.
    pub(super) per_subgroup: bool,
}

/// The functions that only compute entry points reach (themselves
/// included).
fn compute_only_functions(module: &Module) -> Vec<FunctionRef> {
    let mut reached_by_other = HashSet::new();
    let mut reached_by_compute = HashSet::new();
    let mut out = Vec::new();
    for (index, entry) in module.entry_points.iter().enumerate() {
        let called = functions_called_from(module, index);
        if entry.stage == ShaderStage::Compute {
            out.push(FunctionRef::EntryPoint(index));
            reached_by_compute.extend(called);
        } else {
            reached_by_other.extend(called);
        }
    }
    let mut helpers: Vec<_> = reached_by_compute
        .difference(&reached_by_other)
        .copied()
        .collect();
    helpers.sort_by_key(|h| h.index());
    out.extend(helpers.into_iter().map(FunctionRef::Function));
    out
}

/// Finds the adds and subtracts on `sums` (f32 atomics whose adds are
/// kept native or lowered by this pass) that can be aggregated.
pub(super) fn plan_aggregation(
    module: &Module,
    uniformity: &Uniformity,
    sums: &HashSet<Handle<GlobalVariable>>,
    global_types: &HashMap<Handle<GlobalVariable>, Handle<Type>>,
    per_workgroup: bool,
) -> AggregationPlan {
    let mut plan = AggregationPlan::default();
    let mut planned_bytes = 0;
    for f in compute_only_functions(module) {
        let function = function_of(module, f);
        let analysed = uniformity.function(f);
        let read = read_expressions(function);
        // A function with subgroup operations of its own keeps its rule:
        // turning it off would hide the source's own divergent ones.
        let own_subgroup_ops = function_uses_subgroup_ops(function);
        let mut sites = HashMap::new();
        let mut rule_off = false;
        for_each_statement_with_path(
            &function.body,
            &mut StatementPath::new(),
            &mut |statement, path, span| {
                let Statement::Atomic {
                    pointer,
                    fun: naga::AtomicFunction::Add | naga::AtomicFunction::Subtract,
                    result,
                    ..
                } = *statement
                else {
                    return;
                };
                let Some((global, float)) = float_atomic_global(
                    &function.expressions,
                    &module.types,
                    global_types,
                    pointer,
                ) else {
                    return;
                };
                if !sums.contains(&global) || float != naga::Scalar::F32 {
                    return;
                }
                let result_read =
                    result.is_some_and(|r| read.as_ref().is_none_or(|s| s.contains(&r)));
                let mut not_per_workgroup = |reason: &str, per_subgroup| {
                    if per_workgroup {
                        plan.not_per_workgroup.push(NotPerWorkgroup {
                            span,
                            reason: reason.to_string(),
                            causes: Vec::new(),
                            per_subgroup,
                        });
                    }
                };
                if result_read {
                    not_per_workgroup(
                        "its returned old value is read, and each invocation would need its own",
                        false,
                    );
                    return;
                }
                let uniform_flow = matches!(f, FunctionRef::EntryPoint(_))
                    && analysed.is_control_flow_uniform_at(path) == Some(true);
                if !uniform_flow && own_subgroup_ops {
                    not_per_workgroup(
                        "it is in non-uniform control flow, in a function with subgroup operations of its own",
                        false,
                    );
                    return;
                }
                let indices = dynamic_indices(&function.expressions, pointer);
                let proven = indices.iter().all(|&i| {
                    matches!(
                        function.expressions[i],
                        Expression::Literal(_) | Expression::Constant(_)
                    ) || (matches!(f, FunctionRef::EntryPoint(_))
                        && analysed.is_expression_uniform(i))
                });
                let mut sharing = if proven {
                    Sharing::Proven
                } else {
                    Sharing::Checked
                };
                if per_workgroup {
                    match workgroup_blocker(
                        module,
                        f,
                        function,
                        analysed,
                        path,
                        pointer,
                        proven,
                        &mut planned_bytes,
                    ) {
                        None => {
                            sharing =
                                Sharing::Workgroup(WorkgroupSlots::planned(&function.body, path))
                        }
                        Some(blocker) => plan.not_per_workgroup.push(NotPerWorkgroup {
                            span,
                            reason: blocker.reason,
                            causes: blocker.causes,
                            per_subgroup: true,
                        }),
                    }
                }
                let counts = plan.per_global.entry(global).or_default();
                match sharing {
                    Sharing::Proven => counts.proven += 1,
                    Sharing::Checked => counts.checked += 1,
                    Sharing::Workgroup(_) => counts.per_workgroup += 1,
                }
                rule_off |= !uniform_flow;
                sites.insert(path.clone(), sharing);
            },
        );
        if !sites.is_empty() {
            plan.sites.insert(f, sites);
            if rule_off {
                plan.rule_off.insert(f);
            }
        }
    }
    plan
}

/// The dynamic indices on the way from the global to `pointer`.
pub(super) fn dynamic_indices(
    expressions: &naga::Arena<Expression>,
    pointer: Handle<Expression>,
) -> Vec<Handle<Expression>> {
    let mut out = Vec::new();
    let mut at = pointer;
    loop {
        match expressions[at] {
            Expression::Access { base, index } => {
                out.push(index);
                at = base;
            }
            Expression::AccessIndex { base, .. } => at = base,
            _ => return out,
        }
    }
}

/// The types the aggregated code needs.
#[derive(Clone, Copy)]
pub(super) struct AggregateTypes {
    pub(super) f32: Handle<Type>,
    pub(super) i32: Handle<Type>,
    pub(super) u32: Handle<Type>,
    pub(super) bool: Handle<Type>,
}

/// What the lanes add before the atomic.
#[derive(Clone, Copy)]
pub(super) enum Summand {
    /// An f32, summed with `subgroupAdd` (or over the workgroup).
    Float,
    /// A 32-bit fixed-point word, summed exactly over the subgroup with
    /// its overflow checked (`fixed::subgroup_sum`).
    Fixed,
}

/// Emits the aggregation of an add of `value` to `pointer`; `add` emits
/// the atomic add of the value it is given, in the block it is given, and
/// with a fixed-point summand also the condition under which that value
/// is invalid (the lanes' sum overflowed the word).
pub(super) fn aggregated_add(
    b: &mut BlockBuilder<'_>,
    sharing: Sharing,
    pointer: Handle<Expression>,
    value: Handle<Expression>,
    summand: Summand,
    types: AggregateTypes,
    add: impl FnOnce(&mut BlockBuilder<'_>, Handle<Expression>, Option<Handle<Expression>>),
) {
    // Read the indices before emitting anything: `pointer`'s chain is in
    // the new arena already.
    let indices = match sharing {
        Sharing::Workgroup(slots) => {
            // Planned for float summands only.
            workgroup_add(b, slots, value, types, |l, total| add(l, total, None));
            return;
        }
        Sharing::Proven => Vec::new(),
        Sharing::Checked => dynamic_indices(b.expressions(), pointer),
    };
    let (total, fits) = match summand {
        Summand::Float => (
            b.subgroup_reduce(SubgroupOperation::Add, value, types.f32),
            None,
        ),
        Summand::Fixed => {
            let (total, fits) = super::fixed::subgroup_sum(b, value, types.i32);
            (total, Some(fits))
        }
    };
    let one = b.u32(1);
    let below = b.subgroup_exclusive_scan(SubgroupOperation::Add, one, types.u32);
    let zero = b.u32(0);
    let first = b.binary(BinaryOperator::Equal, below, zero);
    let (acts, contribution, invalid) = match sharing {
        Sharing::Proven | Sharing::Workgroup(_) => {
            let invalid = fits.map(|fits| {
                b.expr(Expression::Unary {
                    op: UnaryOperator::LogicalNot,
                    expr: fits,
                })
            });
            (first, total, invalid)
        }
        Sharing::Checked => {
            let mut all_equal = None;
            for index in indices {
                let index = b.expr(Expression::As {
                    expr: index,
                    kind: ScalarKind::Uint,
                    convert: Some(4),
                });
                let leader = b.subgroup_broadcast_first(index, types.u32);
                let equal = b.binary(BinaryOperator::Equal, leader, index);
                all_equal = Some(match all_equal {
                    None => equal,
                    Some(before) => b.binary(BinaryOperator::LogicalAnd, before, equal),
                });
            }
            let all_equal = all_equal.expect("a checked address has a dynamic index");
            let same = b.subgroup_reduce(SubgroupOperation::All, all_equal, types.bool);
            let differ = b.expr(Expression::Unary {
                op: UnaryOperator::LogicalNot,
                expr: same,
            });
            let acts = b.binary(BinaryOperator::LogicalOr, first, differ);
            let contribution = b.select(same, total, value);
            // The lanes' sum is only used, and only matters, where they
            // share the address.
            let invalid = fits.map(|fits| {
                let fine = b.binary(BinaryOperator::LogicalOr, fits, differ);
                b.expr(Expression::Unary {
                    op: UnaryOperator::LogicalNot,
                    expr: fine,
                })
            });
            (acts, contribution, invalid)
        }
    };
    let accept = b.block(|inner| add(inner, contribution, invalid));
    b.statement(Statement::If {
        condition: acts,
        accept,
        reject: naga::Block::new(),
    });
}

#[cfg(test)]
mod tests {
    use super::super::config::{AGGREGATE_OPTION, NAME, SUM_OPTION};
    use super::super::sum_shaders::{detail, run, shader, subgroups};
    use crate::testing::{run_pass, PassRun};
    use crate::Target;

    /// One atomic per subgroup even where one per workgroup is proven
    /// safe, which `auto` would choose.
    const SUBGROUP: (&str, &str) = (AGGREGATE_OPTION, "subgroup");

    fn rule_off(run: &PassRun) -> bool {
        run.module.entry_points[0]
            .function
            .diagnostic_filter_leaf
            .is_some()
    }

    #[test]
    fn a_shared_address_is_added_to_once_per_subgroup() {
        for body in [
            "atomicAdd(&total, v);",
            "atomicSub(&bins[3], v);",
            "atomicAdd(&bins[u % 64u], v);",
        ] {
            let run = run(&shader(body), &[SUBGROUP], &subgroups());
            let wgsl = &run.wgsl;
            assert_eq!(wgsl.matches("subgroupAdd(").count(), 1, "{body}: {wgsl}");
            assert!(wgsl.contains("subgroupExclusiveAdd(1u)"), "{body}: {wgsl}");
            // Proven shared: no run-time check.
            assert!(!wgsl.contains("subgroupAll"), "{body}: {wgsl}");
            assert_eq!(detail(&run, "aggregated_adds_proven_uniform"), ["1"]);
            assert_eq!(detail(&run, "float_addition_order"), ["changed"]);
            assert!(!rule_off(&run), "uniform control flow needs no filter");
        }
    }

    #[test]
    fn an_address_of_the_invocation_is_checked_at_run_time() {
        let run = run(&shader("atomicAdd(&bins[i % 64u], v);"), &[], &subgroups());
        let wgsl = &run.wgsl;
        assert!(wgsl.contains("subgroupBroadcastFirst("), "{wgsl}");
        assert!(wgsl.contains("subgroupAll("), "{wgsl}");
        // Every lane adds its own value where the lanes' bins differ.
        assert!(wgsl.contains("select(v"), "{wgsl}");
        assert_eq!(detail(&run, "aggregated_adds_checked_at_run_time"), ["1"]);
    }

    #[test]
    fn an_add_under_a_branch_aggregates_the_lanes_that_take_it() {
        let run = run(
            &shader("if (v > 0.5) { atomicAdd(&total, v); }"),
            &[],
            &subgroups(),
        );
        assert!(run.wgsl.contains("subgroupAdd("), "{}", run.wgsl);
        assert!(rule_off(&run), "subgroup_uniformity must be off in main");
    }

    #[test]
    fn adds_that_cannot_be_aggregated_stay_per_invocation() {
        let none = [(AGGREGATE_OPTION, "none")];
        for (body, options, target) in [
            ("atomicAdd(&total, v);", &none[..], subgroups()),
            ("atomicAdd(&total, v);", &[][..], Target::default()),
            // Each lane needs its own old value.
            ("out[i] = atomicAdd(&total, v);", &[][..], subgroups()),
        ] {
            let run = run(&shader(body), options, &target);
            assert!(!run.wgsl.contains("subgroup"), "{body}: {}", run.wgsl);
            assert!(detail(&run, "aggregation").is_empty(), "{body}");
        }
    }

    #[test]
    fn asking_for_subgroups_without_them_is_an_error() {
        let Err(errors) = run_pass(
            NAME,
            &shader("atomicAdd(&total, v);"),
            &[(AGGREGATE_OPTION, "subgroup")],
            &Target::default(),
        ) else {
            panic!("aggregate=subgroup without subgroups ran");
        };
        assert_eq!(
            errors[0].code.as_deref(),
            Some(crate::codes::FLOAT_ATOMICS_SUBGROUPS_MISSING)
        );
    }

    #[test]
    fn relays_and_native_adds_are_aggregated_too() {
        let run_relay = run(
            &shader("atomicAdd(&total, v);"),
            &[(SUM_OPTION, "relay")],
            &subgroups(),
        );
        assert!(
            run_relay.wgsl.contains("subgroupAdd("),
            "{}",
            run_relay.wgsl
        );
        assert_eq!(detail(&run_relay, "sum_lowering"), ["exchange-relay"]);

        let native = Target {
            float32_atomic_add: true,
            ..subgroups()
        };
        let run = run(&shader("atomicAdd(&total, v);"), &[], &native);
        assert!(run.wgsl.contains("atomic<f32>"), "{}", run.wgsl);
        assert!(run.wgsl.contains("subgroupAdd("), "{}", run.wgsl);
        assert_eq!(run.report.changes[0].kind, "aggregate-sum");
        assert_eq!(detail(&run, "sum_lowering"), ["native"]);
    }

    #[test]
    fn only_functions_that_compute_shaders_alone_reach_are_aggregated() {
        let source = "@group(0) @binding(0) var<storage, read_write> total: atomic<f32>;
             fn add(v: f32) { atomicAdd(&total, v); }
             @compute @workgroup_size(64)
             fn main(@builtin(global_invocation_id) gid: vec3<u32>) { add(f32(gid.x)); }
             @fragment
             fn shade(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
                 add(p.x);
                 atomicAdd(&total, p.y);
                 return p;
             }";
        let run = run(source, &[], &subgroups());
        // Helper invocations of the fragment shader take part in subgroup
        // operations, and their atomics do nothing.
        assert!(!run.wgsl.contains("subgroup"), "{}", run.wgsl);
    }

    #[test]
    fn workgroup_sums_are_aggregated() {
        let source = "var<workgroup> partial: atomic<f32>;
             @group(0) @binding(0) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(64)
             fn main(@builtin(local_invocation_index) i: u32) {
                 atomicAdd(&partial, out[i]);
                 workgroupBarrier();
                 if (i == 0u) { out[0] = atomicLoad(&partial); }
             }";
        let run = run(source, &[SUBGROUP], &subgroups());
        assert!(run.wgsl.contains("subgroupAdd("), "{}", run.wgsl);
        assert_eq!(detail(&run, "aggregated_adds_proven_uniform"), ["1"]);
    }

    /// `auto` reduces over the workgroup where that is proven safe (one
    /// contended address, every invocation reaching the add), over the
    /// subgroup elsewhere, and says nothing about the difference.
    #[test]
    fn auto_reduces_over_the_workgroup_where_proven_and_over_the_subgroup_elsewhere() {
        let uniform = run(&shader("atomicAdd(&total, v);"), &[], &subgroups());
        assert_eq!(detail(&uniform, "aggregated_adds_per_workgroup"), ["1"]);
        assert!(
            uniform.wgsl.contains("workgroupBarrier()"),
            "{}",
            uniform.wgsl
        );
        let per_invocation = run(&shader("atomicAdd(&bins[i % 64u], v);"), &[], &subgroups());
        assert!(detail(&per_invocation, "aggregated_adds_per_workgroup").is_empty());
        assert_eq!(
            detail(&per_invocation, "aggregated_adds_checked_at_run_time"),
            ["1"]
        );
        assert!(!per_invocation.wgsl.contains("workgroupBarrier()"));
        assert!(
            per_invocation.report.diagnostics.is_empty(),
            "{:?}",
            per_invocation.report.diagnostics
        );
    }
}
