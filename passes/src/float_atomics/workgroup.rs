//! Workgroup aggregation of f32 sums (`aggregate=workgroup`): where every
//! invocation of a workgroup adds to one address, the workgroup's adds
//! become one atomic.
//!
//! ```text
//! let total = subgroupAdd(value);
//! let first = subgroupExclusiveAdd(1u) == 0u;     // the lowest active lane
//! if (first) { partials[subgroup_id] = total; }
//! workgroupBarrier();
//! if (first && subgroup_id == 0u) {
//!     var sum = 0.0;
//!     for (var k = 0u; k < num_subgroups; k++) { sum += partials[k]; }
//!     atomicAdd(p, sum);                          // relay, loop or native
//! }
//! workgroupBarrier();                             // only inside a loop
//! ```
//!
//! It is correct only where every invocation of the workgroup reaches the
//! add (the barrier needs them all, and the first subgroup's lane must not
//! add before the others have written their partials), which the
//! uniformity analysis proves for the entry point's control flow, and
//! where the address is the same for all of them: no dynamic index, or
//! indices the analysis proves uniform. `partials` has one slot per
//! invocation, as many as there can be subgroups whatever the subgroup
//! size. Inside a loop a second barrier keeps the next iteration's
//! partials from overwriting those being summed.

use std::num::NonZeroU32;

use naga::{
    AddressSpace, ArraySize, Barrier, BinaryOperator, Binding, BuiltIn, Expression, Function,
    FunctionArgument, GlobalVariable, Handle, Module, Statement, SubgroupOperation, TypeInner,
};

use crate::analysis::uniformity::FunctionUniformity;
use crate::ir::{enclosing_loop, ensure_type, BlockBuilder, FunctionRef};

use super::aggregate::{dynamic_indices, AggregateTypes, AggregationPlan, Sharing};

/// WebGPU's default `maxComputeWorkgroupStorageSize`: the workgroup memory
/// every adapter has. The partials are not added where they would pass it.
const WORKGROUP_STORAGE_BYTES: u32 = 16384;

/// Where an entry point reads a built-in: an argument, or a member of a
/// struct argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EntryBuiltin {
    argument: u32,
    member: Option<u32>,
}

/// What the reduction of one add over the workgroup needs: its array of
/// partial sums (declared by [`declare_workgroup_reductions`]), how its
/// slots are indexed, and whether a loop encloses the add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct WorkgroupSlots {
    partials: Option<Handle<GlobalVariable>>,
    indexing: Option<SlotIndexing>,
    in_loop: bool,
}

/// How the partial sums are indexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SlotIndexing {
    /// By `subgroup_id`: each subgroup's first lane writes its slot, and
    /// the first `num_subgroups` slots are summed. naga accepts these
    /// built-ins only in one-dimensional workgroups.
    Subgroups {
        subgroup_id: EntryBuiltin,
        num_subgroups: EntryBuiltin,
    },
    /// By `local_invocation_index`, in other workgroups: every invocation
    /// writes its slot (its subgroup's sum in the first lane, zero in the
    /// others), and all `invocations` slots are summed.
    Invocations {
        local_index: EntryBuiltin,
        invocations: u32,
    },
}

impl WorkgroupSlots {
    /// The slots of the add at `path` in `body`, before their declaration.
    pub(super) fn planned(body: &naga::Block, path: &[u32]) -> Self {
        WorkgroupSlots {
            partials: None,
            indexing: None,
            in_loop: enclosing_loop(body, path).is_some(),
        }
    }
}

/// Why an add cannot be reduced over the workgroup.
pub(super) struct Blocker {
    pub(super) reason: String,
    /// The source ranges that explain it (the analysis's causes).
    pub(super) causes: Vec<(naga::Span, String)>,
}

impl Blocker {
    fn new(reason: &str) -> Self {
        Blocker {
            reason: reason.to_string(),
            causes: Vec::new(),
        }
    }
}

/// The invocations of a workgroup of `entry`, where its size is known.
fn invocations(entry: &naga::EntryPoint) -> Option<u32> {
    if entry.workgroup_size_overrides.is_some() {
        return None;
    }
    entry
        .workgroup_size
        .iter()
        .try_fold(1u32, |n, &d| n.checked_mul(d))
}

/// The bytes of workgroup memory the module declares.
fn workgroup_bytes(module: &Module) -> u32 {
    module
        .global_variables
        .iter()
        .filter(|(_, g)| g.space == AddressSpace::WorkGroup)
        .map(|(_, g)| module.types[g.ty].inner.size(module.to_ctx()))
        .sum()
}

/// Why the add at `path` of `f`, on `pointer`, cannot be reduced over the
/// workgroup; `None` where it can. `proven`: its address is proven the
/// same for every invocation. `planned_bytes`: the partials of the adds
/// accepted so far.
#[allow(clippy::too_many_arguments)]
pub(super) fn workgroup_blocker(
    module: &Module,
    f: FunctionRef,
    function: &Function,
    analysed: &FunctionUniformity,
    path: &[u32],
    pointer: Handle<Expression>,
    proven: bool,
    planned_bytes: &mut u32,
) -> Option<Blocker> {
    let FunctionRef::EntryPoint(index) = f else {
        return Some(Blocker::new(
            "it is in a function the entry point calls, and the workgroup's barrier must be in the entry point",
        ));
    };
    let Some(invocations) = invocations(&module.entry_points[index]) else {
        return Some(Blocker::new(
            "the workgroup size is an override, unknown when the partial sums are declared",
        ));
    };
    if analysed.is_control_flow_uniform_at(path) != Some(true) {
        let mut blocker = Blocker::new(
            "not every invocation of the workgroup may reach it (non-uniform control flow), and the workgroup barrier needs them all",
        );
        blocker.causes = analysed
            .explain_control_flow_at(path)
            .into_iter()
            .map(|c| (c.span, c.message))
            .collect();
        return Some(blocker);
    }
    if !proven {
        let mut blocker = Blocker::new(
            "its address is not proven the same for every invocation of the workgroup",
        );
        let indices = dynamic_indices(&function.expressions, pointer);
        if let Some(&index) = indices
            .iter()
            .find(|&&i| !analysed.is_expression_uniform(i))
        {
            blocker.causes = analysed
                .explain_expression(index)
                .into_iter()
                .map(|c| (c.span, c.message))
                .collect();
        }
        return Some(blocker);
    }
    let bytes = invocations.saturating_mul(4);
    if workgroup_bytes(module)
        .saturating_add(*planned_bytes)
        .saturating_add(bytes)
        > WORKGROUP_STORAGE_BYTES
    {
        return Some(Blocker::new(&format!(
            "its {bytes} bytes of partial sums would take the workgroup memory past the {WORKGROUP_STORAGE_BYTES} bytes every adapter has"
        )));
    }
    *planned_bytes += bytes;
    None
}

/// The entry point's argument for `builtin`, added where it has none.
fn entry_builtin(module: &mut Module, index: usize, builtin: BuiltIn) -> EntryBuiltin {
    let wanted = Binding::BuiltIn(builtin);
    let arguments = &module.entry_points[index].function.arguments;
    for (i, argument) in arguments.iter().enumerate() {
        if argument.binding.as_ref() == Some(&wanted) {
            return EntryBuiltin {
                argument: i as u32,
                member: None,
            };
        }
        if let TypeInner::Struct { ref members, .. } = module.types[argument.ty].inner {
            if let Some(m) = members
                .iter()
                .position(|m| m.binding.as_ref() == Some(&wanted))
            {
                return EntryBuiltin {
                    argument: i as u32,
                    member: Some(m as u32),
                };
            }
        }
    }
    let u32_type = ensure_type(&mut module.types, TypeInner::Scalar(naga::Scalar::U32));
    let arguments = &mut module.entry_points[index].function.arguments;
    arguments.push(FunctionArgument {
        name: Some(
            match builtin {
                BuiltIn::SubgroupId => "float_atomics_subgroup_id",
                BuiltIn::NumSubgroups => "float_atomics_num_subgroups",
                _ => "float_atomics_local_index",
            }
            .to_string(),
        ),
        ty: u32_type,
        binding: Some(wanted),
    });
    EntryBuiltin {
        argument: arguments.len() as u32 - 1,
        member: None,
    }
}

/// Declares the partial sums of every add reduced over the workgroup, and
/// the built-ins they are indexed by, before the functions are rebuilt.
pub(super) fn declare_workgroup_reductions(module: &mut Module, plan: &mut AggregationPlan) {
    let mut functions: Vec<_> = plan.sites.keys().copied().collect();
    functions.sort_by_key(|f| match *f {
        FunctionRef::Function(h) => (0, h.index()),
        FunctionRef::EntryPoint(i) => (1, i),
    });
    let f32_type = ensure_type(&mut module.types, TypeInner::Scalar(naga::Scalar::F32));
    for f in functions {
        let FunctionRef::EntryPoint(index) = f else {
            continue;
        };
        let sites = plan.sites.get_mut(&f).expect("listed from the plan");
        let mut paths: Vec<_> = sites
            .iter()
            .filter(|(_, s)| matches!(s, Sharing::Workgroup(_)))
            .map(|(p, _)| p.clone())
            .collect();
        if paths.is_empty() {
            continue;
        }
        paths.sort();
        let entry = &module.entry_points[index];
        let length = invocations(entry)
            .and_then(NonZeroU32::new)
            .expect("planned where the workgroup size is known");
        let one_dimensional = entry.workgroup_size[1] == 1 && entry.workgroup_size[2] == 1;
        let indexing = if one_dimensional {
            SlotIndexing::Subgroups {
                subgroup_id: entry_builtin(module, index, BuiltIn::SubgroupId),
                num_subgroups: entry_builtin(module, index, BuiltIn::NumSubgroups),
            }
        } else {
            SlotIndexing::Invocations {
                local_index: entry_builtin(module, index, BuiltIn::LocalInvocationIndex),
                invocations: length.get(),
            }
        };
        let array = ensure_type(
            &mut module.types,
            TypeInner::Array {
                base: f32_type,
                size: ArraySize::Constant(length),
                stride: 4,
            },
        );
        for path in paths {
            let partials = module.global_variables.append(
                GlobalVariable {
                    name: Some("float_atomics_partials".to_string()),
                    space: AddressSpace::WorkGroup,
                    binding: None,
                    ty: array,
                    init: None,
                    memory_decorations: Default::default(),
                },
                naga::Span::UNDEFINED,
            );
            if let Some(Sharing::Workgroup(slots)) = sites.get_mut(&path) {
                slots.partials = Some(partials);
                slots.indexing = Some(indexing);
            }
        }
    }
}

/// The value of a built-in the entry point reads.
fn read_builtin(b: &mut BlockBuilder<'_>, at: EntryBuiltin) -> Handle<Expression> {
    let argument = b.expr(Expression::FunctionArgument(at.argument));
    match at.member {
        None => argument,
        Some(index) => b.expr(Expression::AccessIndex {
            base: argument,
            index,
        }),
    }
}

/// Emits the reduction of an add of `value` over the workgroup; `add`
/// emits the single atomic add of the value it is given.
pub(super) fn workgroup_add(
    b: &mut BlockBuilder<'_>,
    slots: WorkgroupSlots,
    value: Handle<Expression>,
    types: AggregateTypes,
    add: impl FnOnce(&mut BlockBuilder<'_>, Handle<Expression>),
) {
    let (Some(partials), Some(indexing)) = (slots.partials, slots.indexing) else {
        unreachable!("declared before the rewrite");
    };
    let total = b.subgroup_reduce(SubgroupOperation::Add, value, types.f32);
    let one = b.u32(1);
    let below = b.subgroup_exclusive_scan(SubgroupOperation::Add, one, types.u32);
    let zero = b.u32(0);
    let first = b.binary(BinaryOperator::Equal, below, zero);
    let array = b.expr(Expression::GlobalVariable(partials));
    let (adds, count) = match indexing {
        SlotIndexing::Subgroups {
            subgroup_id,
            num_subgroups,
        } => {
            let subgroup = read_builtin(b, subgroup_id);
            let write = b.block(|w| {
                let slot = w.expr(Expression::Access {
                    base: array,
                    index: subgroup,
                });
                w.store(slot, total);
            });
            b.statement(Statement::If {
                condition: first,
                accept: write,
                reject: naga::Block::new(),
            });
            b.statement(Statement::ControlBarrier(Barrier::WORK_GROUP));
            let count = read_builtin(b, num_subgroups);
            let first_subgroup = b.binary(BinaryOperator::Equal, subgroup, zero);
            let adds = b.binary(BinaryOperator::LogicalAnd, first, first_subgroup);
            (adds, count)
        }
        SlotIndexing::Invocations {
            local_index,
            invocations,
        } => {
            let invocation = read_builtin(b, local_index);
            let slot = b.expr(Expression::Access {
                base: array,
                index: invocation,
            });
            let nothing = b.expr(Expression::Literal(naga::Literal::F32(0.0)));
            let written = b.select(first, total, nothing);
            b.store(slot, written);
            b.statement(Statement::ControlBarrier(Barrier::WORK_GROUP));
            let adds = b.binary(BinaryOperator::Equal, invocation, zero);
            (adds, b.u32(invocations))
        }
    };
    let sum_and_add = b.block(|s| {
        let sum = s.local("float_atomics_workgroup_sum", types.f32);
        let nothing = s.expr(Expression::Literal(naga::Literal::F32(0.0)));
        s.store(sum, nothing);
        let k = s.local("float_atomics_slot", types.u32);
        let start = s.u32(0);
        s.store(k, start);
        let body = s.block(|l| {
            let at = l.expr(Expression::Load { pointer: k });
            let done = l.binary(BinaryOperator::GreaterEqual, at, count);
            l.break_if(done);
            let slot = l.expr(Expression::Access {
                base: array,
                index: at,
            });
            let partial = l.expr(Expression::Load { pointer: slot });
            let before = l.expr(Expression::Load { pointer: sum });
            let after = l.binary(BinaryOperator::Add, before, partial);
            l.store(sum, after);
            let step = l.u32(1);
            let next = l.binary(BinaryOperator::Add, at, step);
            l.store(k, next);
        });
        s.statement(Statement::Loop {
            body,
            continuing: naga::Block::new(),
            break_if: None,
        });
        let workgroup_total = s.expr(Expression::Load { pointer: sum });
        add(s, workgroup_total);
    });
    b.statement(Statement::If {
        condition: adds,
        accept: sum_and_add,
        reject: naga::Block::new(),
    });
    if slots.in_loop {
        b.statement(Statement::ControlBarrier(Barrier::WORK_GROUP));
    }
}

#[cfg(test)]
mod tests {
    use super::super::config::{AGGREGATE_OPTION, NAME, SUM_OPTION};
    use super::super::sum_shaders::{detail, run, shader, subgroups};
    use crate::codes::FLOAT_ATOMICS_WORKGROUP_NOT_APPLIED;
    use crate::testing::{run_pass, PassRun};
    use crate::Target;

    const WORKGROUP: (&str, &str) = (AGGREGATE_OPTION, "workgroup");

    fn notes(run: &PassRun) -> Vec<&crate::Diagnostic> {
        run.report
            .diagnostics
            .iter()
            .filter(|d| d.code.as_deref() == Some(FLOAT_ATOMICS_WORKGROUP_NOT_APPLIED))
            .collect()
    }

    #[test]
    fn a_uniform_add_to_one_address_is_one_atomic_per_workgroup() {
        for (body, sum) in [
            ("atomicAdd(&total, v);", "relay"),
            ("atomicSub(&bins[3], v);", "compare-exchange"),
            ("atomicAdd(&bins[u % 64u], v);", "relay"),
        ] {
            let run = run(&shader(body), &[WORKGROUP, (SUM_OPTION, sum)], &subgroups());
            let wgsl = &run.wgsl;
            assert_eq!(wgsl.matches("subgroupAdd(").count(), 1, "{body}: {wgsl}");
            assert_eq!(
                wgsl.matches("workgroupBarrier()").count(),
                1,
                "{body}: {wgsl}"
            );
            // One slot per invocation: as many as there can be subgroups.
            assert!(
                wgsl.contains("var<workgroup> float_atomics_partials: array<f32, 64>;"),
                "{body}: {wgsl}"
            );
            assert!(wgsl.contains("@builtin(subgroup_id)"), "{body}: {wgsl}");
            assert!(wgsl.contains("@builtin(num_subgroups)"), "{body}: {wgsl}");
            assert_eq!(detail(&run, "aggregation"), ["workgroup"], "{body}");
            assert_eq!(detail(&run, "aggregated_adds_per_workgroup"), ["1"]);
            assert_eq!(detail(&run, "float_addition_order"), ["changed"]);
            assert!(notes(&run).is_empty(), "{body}: {:?}", notes(&run));
        }
    }

    #[test]
    fn native_adds_are_one_atomic_per_workgroup_too() {
        let native = Target {
            float32_atomic_add: true,
            ..subgroups()
        };
        let run = run(&shader("atomicAdd(&total, v);"), &[WORKGROUP], &native);
        assert!(run.wgsl.contains("atomic<f32>"), "{}", run.wgsl);
        assert!(run.wgsl.contains("workgroupBarrier()"), "{}", run.wgsl);
        assert_eq!(detail(&run, "sum_lowering"), ["native"]);
        assert_eq!(detail(&run, "aggregation"), ["workgroup"]);
    }

    #[test]
    fn an_add_in_a_uniform_loop_waits_before_the_next_iteration() {
        let run = run(
            &shader("for (var k = 0u; k < 4u; k++) { atomicAdd(&total, v); }"),
            &[WORKGROUP],
            &subgroups(),
        );
        // The next iteration's partials must not overwrite those summed.
        assert_eq!(
            run.wgsl.matches("workgroupBarrier()").count(),
            2,
            "{}",
            run.wgsl
        );
        assert_eq!(detail(&run, "aggregated_adds_per_workgroup"), ["1"]);
    }

    #[test]
    fn the_entry_points_own_subgroup_id_is_read() {
        let source = "@group(0) @binding(0) var<storage, read_write> total: atomic<f32>;
             @group(0) @binding(1) var<storage, read_write> out: array<f32>;
             struct Ids { @builtin(num_subgroups) count: u32, @builtin(local_invocation_index) lid: u32 }
             @compute @workgroup_size(64)
             fn main(@builtin(subgroup_id) sid: u32, ids: Ids) {
                 atomicAdd(&total, out[ids.lid]);
                 out[ids.lid + 64u] = f32(sid + ids.count);
             }";
        let run = run(source, &[WORKGROUP], &subgroups());
        let wgsl = &run.wgsl;
        assert_eq!(wgsl.matches("@builtin(subgroup_id)").count(), 1, "{wgsl}");
        assert_eq!(wgsl.matches("@builtin(num_subgroups)").count(), 1, "{wgsl}");
        assert!(wgsl.contains("array<f32, 64>"), "{wgsl}");
        assert_eq!(detail(&run, "aggregated_adds_per_workgroup"), ["1"]);
    }

    #[test]
    fn a_workgroup_of_several_dimensions_sums_a_slot_per_invocation() {
        let source = "@group(0) @binding(0) var<storage, read_write> total: atomic<f32>;
             @group(0) @binding(1) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(8, 4, 2)
             fn main(@builtin(local_invocation_index) lid: u32) {
                 atomicAdd(&total, out[lid]);
             }";
        let run = run(source, &[WORKGROUP], &subgroups());
        let wgsl = &run.wgsl;
        // naga accepts `subgroup_id` only in one-dimensional workgroups.
        assert!(!wgsl.contains("subgroup_id"), "{wgsl}");
        assert_eq!(
            wgsl.matches("@builtin(local_invocation_index)").count(),
            1,
            "{wgsl}"
        );
        assert!(wgsl.contains("array<f32, 64>"), "{wgsl}");
        assert!(wgsl.contains(">= 64u"), "{wgsl}");
        assert_eq!(detail(&run, "aggregated_adds_per_workgroup"), ["1"]);
    }

    #[test]
    fn divergent_control_flow_falls_back_to_the_subgroup_with_a_located_note() {
        let source = shader("if (v > 0.5) { atomicAdd(&total, v); }");
        let run = run(&source, &[WORKGROUP], &subgroups());
        assert!(run.wgsl.contains("subgroupAdd("), "{}", run.wgsl);
        assert!(!run.wgsl.contains("workgroupBarrier"), "{}", run.wgsl);
        assert!(!run.wgsl.contains("float_atomics_partials"), "{}", run.wgsl);
        assert_eq!(detail(&run, "aggregation"), ["subgroup"]);
        let notes = notes(&run);
        assert_eq!(notes.len(), 1, "{notes:?}");
        let note = notes[0];
        assert_eq!(note.severity, crate::Severity::Note);
        assert!(
            note.message.contains("non-uniform control flow"),
            "{note:?}"
        );
        assert!(note.message.contains("reduced over the subgroup instead"));
        let primary = note.labels.iter().find(|l| l.primary).expect("located");
        let range = primary.span.to_range().expect("a source range");
        assert_eq!(Some(range.start), source.find("atomicAdd(&total, v)"));
        // The condition the control flow depends on is pointed at.
        assert!(
            note.labels
                .iter()
                .any(|l| !l.primary && source[l.span.to_range().unwrap()].contains("v > 0.5")),
            "{note:?}"
        );
    }

    #[test]
    fn an_address_of_the_invocation_falls_back_with_a_located_note() {
        let source = shader("atomicAdd(&bins[i % 64u], v);");
        let run = run(&source, &[WORKGROUP], &subgroups());
        // What `subgroup` does: the check at run time.
        assert!(run.wgsl.contains("subgroupAll("), "{}", run.wgsl);
        assert!(!run.wgsl.contains("workgroupBarrier"), "{}", run.wgsl);
        assert_eq!(detail(&run, "aggregated_adds_checked_at_run_time"), ["1"]);
        let notes = notes(&run);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].message.contains("address is not proven"),
            "{notes:?}"
        );
        let primary = notes[0].labels.iter().find(|l| l.primary).unwrap();
        assert_eq!(
            Some(primary.span.to_range().unwrap().start),
            source.find("atomicAdd(&bins[i % 64u], v)")
        );
    }

    #[test]
    fn adds_after_a_divergent_return_and_read_results_are_noted() {
        let run = run(
            &shader(
                "if (i >= 100u) { return; } atomicAdd(&total, v); out[i] = atomicAdd(&bins[0], v);",
            ),
            &[WORKGROUP],
            &subgroups(),
        );
        let notes = notes(&run);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[0].message.contains("non-uniform control flow"));
        assert!(notes[1].message.contains("added per invocation instead"));
        assert!(!run.wgsl.contains("workgroupBarrier"), "{}", run.wgsl);
    }

    #[test]
    fn other_strategies_say_nothing_of_the_workgroup() {
        let source = shader("if (v > 0.5) { atomicAdd(&total, v); }");
        for aggregate in ["auto", "subgroup", "none"] {
            let run = run(&source, &[(AGGREGATE_OPTION, aggregate)], &subgroups());
            assert!(notes(&run).is_empty(), "{aggregate}");
            assert!(!run.wgsl.contains("workgroupBarrier"), "{aggregate}");
        }
    }

    #[test]
    fn asking_for_the_workgroup_without_subgroups_is_an_error() {
        let Err(errors) = run_pass(
            NAME,
            &shader("atomicAdd(&total, v);"),
            &[WORKGROUP],
            &Target::default(),
        ) else {
            panic!("aggregate=workgroup without subgroups ran");
        };
        assert_eq!(
            errors[0].code.as_deref(),
            Some(crate::codes::FLOAT_ATOMICS_SUBGROUPS_MISSING)
        );
        assert!(
            errors[0].message.contains("aggregate=workgroup"),
            "{}",
            errors[0].message
        );
    }
}
