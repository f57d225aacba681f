//! `lane-transpose`: coalesces array-of-structs accesses to storage with
//! subgroup shuffles.
//!
//! When invocation `i` stores the `k` words of record `i`, each store
//! instruction of a subgroup touches `k` times the memory it needs. The
//! rewrite stores the subgroup's block of `k * S` words in `k` rounds
//! instead, lane `l` writing word `r * S + l` in round `r`, and moves each
//! word to the lane that writes it with `k` shuffles ([`permutation`]).
//! Loads run the other way.
//!
//! The coalesced code runs only when the subgroup is full, its record
//! indices are consecutive and its block lies inside the array; otherwise
//! the original accesses run. At compile time, the accesses must be in
//! uniform control flow, indexed by a form whose values are expected to
//! be consecutive across a subgroup ([`sites::index_form`]: the global
//! invocation index, spelled out or with a uniform offset, or a row-major
//! 2D index), and the only accesses to their array in the entry point
//! (one load of the record before one store of it at most): another
//! invocation's word becomes visible to a lane only through the record
//! accesses that moved it.

mod cost;
mod guards;
mod normalize;
mod permutation;
mod records;
mod sites;

use std::collections::HashMap;

use naga::{
    ArraySize, BinaryOperator, Binding, BuiltIn, Expression, Function, FunctionArgument, Handle,
    Module, Scalar, ShaderStage, Span, Statement, SubgroupOperation, Type, TypeInner,
};

use crate::analysis::uniformity::{FunctionRef, FunctionUniformity, StatementPath, Uniformity};
use crate::diagnostic::Diagnostic;
use crate::ir::{ensure_type, rebuild_function, BlockBuilder, Rewrite};
use crate::pass::{Change, Pass, PassContext, Requirement, Selection, Target};
use cost::Access;
use permutation::{load_record, store_rounds, IrArith};
use records::Layout;
use sites::{LoadGroup, StoreGroup, WordArray};

pub struct LaneTranspose;

impl Pass for LaneTranspose {
    fn name(&self) -> &'static str {
        "lane-transpose"
    }

    fn description(&self) -> &'static str {
        "Coalesce strided array-of-structs storage accesses with subgroup shuffles"
    }

    fn requirements(&self) -> &'static [Requirement] {
        &[Requirement::Subgroups]
    }

    fn is_enabled(&self, module: &Module, _: &Target, _: Selection) -> bool {
        module
            .entry_points
            .iter()
            .any(|ep| ep.stage == ShaderStage::Compute)
            && module
                .global_variables
                .iter()
                .any(|(_, g)| records::layout(module, g).is_some())
    }

    fn run(&self, module: &mut Module, cx: &mut PassContext<'_>) {
        if !normalize::has_wrapper(module) {
            transpose_module(module, cx);
            return;
        }
        let before = module.clone();
        let changes = cx.changes.len();
        if !normalize::normalize(module) {
            transpose_module(module, cx);
            return;
        }
        transpose_module(module, cx);
        let coalesced = cx.changes[changes..]
            .iter()
            .any(|c| c.kind.starts_with("coalesce-"));
        if !coalesced {
            // The notes stand: they speak of the shader's source, whose
            // spans the normalised module keeps.
            *module = before;
            cx.changes.truncate(changes);
        }
    }
}

/// Rewrites the record accesses of every compute entry point of `module`.
fn transpose_module(module: &mut Module, cx: &mut PassContext<'_>) {
    // The pass changes entry points only, so this holds throughout.
    {
        let used_by_functions = globals_used_by_functions(module);
        let mut uniformity = Uniformity::analyze(module);
        let mut flattened = HashMap::new();
        for index in 0..module.entry_points.len() {
            if module.entry_points[index].stage != ShaderStage::Compute {
                continue;
            }
            // First with the bounds guards lifted, then, where that
            // coalesces nothing, as the entry point is.
            for lift_guards in [true, false] {
                let before = (module.clone(), cx.changes.len(), cx.diagnostics.len());
                // The analysis of the entry point as it was, while an
                // attempt analyses its own rewrites.
                let mut analysed_before = None;
                let sunk = if lift_guards {
                    let records: Vec<_> = module
                        .global_variables
                        .iter()
                        .filter(|(_, g)| records::layout(module, g).is_some())
                        .map(|(h, _)| h)
                        .collect();
                    let mut function = std::mem::take(&mut module.entry_points[index].function);
                    let sunk = guards::lift(module, &mut function, &|g| records.contains(&g));
                    module.entry_points[index].function = function;
                    match sunk {
                        Some(sunk) => {
                            analysed_before = Some(std::mem::replace(
                                &mut uniformity,
                                Uniformity::analyze(module),
                            ));
                            Some(sunk)
                        }
                        None => {
                            // Whatever the attempt added goes with it.
                            *module = before.0;
                            continue;
                        }
                    }
                } else {
                    None
                };
                let records = flatten_records(module, index, &uniformity, &used_by_functions, cx);
                let flattened_here = !records.is_empty();
                if flattened_here {
                    // Flattening moved this entry point's statements: its
                    // paths are new. Rewriting an entry point leaves the
                    // others' as they were.
                    flattened.extend(records);
                    let analysed = std::mem::replace(&mut uniformity, Uniformity::analyze(module));
                    analysed_before.get_or_insert(analysed);
                }
                let coalesced = transpose_entry_point(
                    module,
                    index,
                    &uniformity,
                    &used_by_functions,
                    &flattened,
                    sunk.as_ref(),
                    cx,
                );
                if coalesced || !(flattened_here || lift_guards) {
                    break;
                }
                // Flattening and lifting pay only through the accesses they
                // let the pass coalesce: the entry point goes back as it was.
                let (old_module, changes, diagnostics) = before;
                *module = old_module;
                if let Some(analysed) = analysed_before {
                    uniformity = analysed;
                }
                cx.changes.truncate(changes);
                if lift_guards {
                    // The attempt without lifting says why, of the
                    // shader as written.
                    cx.diagnostics.truncate(diagnostics);
                }
                flattened.retain(|&g, _| {
                    matches!(
                        records::layout(module, &module.global_variables[g]),
                        Some(Layout::Words(_))
                    )
                });
            }
        }
    }
}

/// A group of record accesses.
#[derive(Clone)]
enum Plan {
    Stores(StoreGroup),
    Loads(LoadGroup),
}

impl Plan {
    fn global(&self) -> Handle<naga::GlobalVariable> {
        match self {
            Plan::Stores(g) => g.global,
            Plan::Loads(g) => g.global,
        }
    }

    fn k(&self) -> u32 {
        match self {
            Plan::Stores(g) => g.k,
            Plan::Loads(g) => g.k,
        }
    }

    fn i(&self) -> Handle<Expression> {
        match self {
            Plan::Stores(g) => g.i,
            Plan::Loads(g) => g.i,
        }
    }

    /// Where the group starts: its first store, or the `Emit` of its
    /// first load.
    fn path(&self) -> &StatementPath {
        match self {
            Plan::Stores(g) => &g.paths[0],
            Plan::Loads(g) => &g.path,
        }
    }

    fn span(&self) -> Span {
        match self {
            Plan::Stores(g) => g.span,
            Plan::Loads(g) => g.span,
        }
    }

    fn in_loop(&self) -> bool {
        match self {
            Plan::Stores(g) => g.in_loop,
            Plan::Loads(g) => g.in_loop,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Plan::Stores(_) => "store",
            Plan::Loads(_) => "load",
        }
    }

    fn access(&self) -> Access {
        match self {
            Plan::Stores(_) => Access::Store,
            Plan::Loads(_) => Access::Load,
        }
    }
}

/// The note for an access left as it is.
fn not_applied(what: &str, reason: &str, span: Span, label: &str) -> Diagnostic {
    Diagnostic::note(format!("{what} left as it is: {reason}"))
        .with_code("lane-transpose::not-applied")
        .with_primary(span, label)
}

/// The note for an access `--passes all` leaves because no measurement
/// shows that rewriting it pays.
fn not_measured_to_pay(what: &str, access: Access, k: u32, span: Span) -> Diagnostic {
    let reason = match cost::estimate(access, k) {
        Some(e) => format!(
            "under `--passes all` only rewrites measured faster are made, and this one ran at {:.2}x on {} ({}: {}); name `lane-transpose` in `--passes` to force it",
            e.speedup, e.vendor, e.measured_on, e.source
        ),
        None => format!(
            "under `--passes all` only rewrites measured faster are made, and no measurement covers {}s of {k}-word records; name `lane-transpose` in `--passes` to force it",
            match access {
                Access::Store => "store",
                Access::Load => "load",
            }
        ),
    };
    not_applied(what, &reason, span, "not measured to pay")
        .with_code("lane-transpose::not-profitable")
}

const NOT_UNIFORM: &str =
    "it is not in uniform control flow, where subgroup shuffles see every invocation";
/// [`not_applied`] for an access whose record index is of no form the
/// pass recognises.
fn index_not_recognised(
    what: &str,
    span: Span,
    index_span: Span,
    near_miss: Option<String>,
) -> Diagnostic {
    let mut reason = format!(
        "the record index is not one of the forms whose values are consecutive across a subgroup: {}",
        sites::ACCEPTED_FORMS
    );
    if let Some(why) = near_miss {
        reason = format!("{reason}; here {why}");
    }
    not_applied(what, &reason, span, "indexed here").with_secondary(index_span, "the record index")
}

/// Whether `--passes all` expects the run-time check to hold for an index
/// of this form in `entry`: a subgroup that spans rows of the workgroup
/// sees its indices jump between rows.
fn rows_keep_subgroups_together(entry: &naga::EntryPoint, form: sites::IndexForm) -> bool {
    form.shape == sites::IndexShape::WorkgroupLinear || sites::subgroups_within_rows(entry)
}

/// The note for an access `--passes all` leaves because subgroups span
/// rows of the workgroup, where the check that the record indices are
/// consecutive fails.
fn subgroups_span_rows(
    what: &str,
    entry: &naga::EntryPoint,
    form: sites::IndexForm,
    span: Span,
) -> Diagnostic {
    let size = sites::workgroup_size(entry)
        .map(|d| d.map_or_else(|| "an override".to_string(), |n| n.to_string()))
        .join(", ");
    let reason = format!(
        "the record index, `{}`, is consecutive across a subgroup only where the subgroup lies in one row of the workgroup, and with @workgroup_size({size}) a subgroup of {} invocations (the subgroup size of the adapter the cost model was measured on) spans rows: the run-time check would fail and only its cost remain; under `--passes all` only workgroups of one row, or with rows a multiple of {} long, are rewritten; name `lane-transpose` in `--passes` to force it",
        form.describe(),
        sites::EXPECTED_SUBGROUP_SIZE,
        sites::EXPECTED_SUBGROUP_SIZE,
    );
    not_applied(what, &reason, span, "subgroups span rows here")
        .with_code("lane-transpose::not-profitable")
}

/// [`not_applied`] for an access in non-uniform control flow, with the
/// causes the uniformity analysis gives.
fn not_uniform(what: &str, span: Span, flow: &FunctionUniformity, path: &[u32]) -> Diagnostic {
    let mut d = not_applied(
        what,
        NOT_UNIFORM,
        span,
        "not every invocation of the subgroup may get here",
    );
    for cause in flow.explain_control_flow_at(path) {
        d = d.with_secondary(cause.span, cause.message);
    }
    d
}

/// Rewrites the record accesses of one entry point it can prove safe.
fn transpose_entry_point(
    module: &mut Module,
    index: usize,
    uniformity: &Uniformity,
    used_by_functions: &[Handle<naga::GlobalVariable>],
    flattened: &HashMap<Handle<naga::GlobalVariable>, WordArray>,
    sunk: Option<&guards::Sunk>,
    cx: &mut PassContext<'_>,
) -> bool {
    let flow = uniformity.function(FunctionRef::EntryPoint(index));
    let entry = &module.entry_points[index];
    let function = &entry.function;
    let words = |g| match records::layout(module, &module.global_variables[g]) {
        Some(Layout::Words(_)) => Some(flattened.get(&g).cloned().unwrap_or_default()),
        _ => None,
    };
    let sites = sites::find(module, function, words);
    let mut candidates: Vec<Plan> = (sites.stores.iter().cloned().map(Plan::Stores))
        .chain(sites.loads.iter().cloned().map(Plan::Loads))
        .collect();
    candidates.sort_by(|a, b| a.path().cmp(b.path()));
    for partial in &sites.partial_stores {
        let what = format!(
            "the stores to words {:?} of {}-word records of `{}`",
            partial.words,
            partial.k,
            global_name(module, partial.global)
        );
        let reason = "they leave out words of the record that are not padding, which a coalesced store would overwrite";
        cx.report(not_applied(
            &what,
            reason,
            partial.span,
            "part of a record stored here",
        ));
    }
    let mut plans = Vec::new();
    for plan in candidates {
        let k = plan.k();
        let what = format!(
            "the {} of {k}-word records of `{}`",
            plan.kind(),
            global_name(module, plan.global())
        );
        if cx.selection == Selection::All && !cost::pays(plan.access(), k) {
            cx.report(not_measured_to_pay(&what, plan.access(), k, plan.span()));
            continue;
        }
        let Some(form) = sites::index_form(module, entry, flow, plan.i()) else {
            let index_span = function.expressions.get_span(plan.i());
            let why = sites::why_not_a_form(module, entry, flow, plan.i());
            cx.report(index_not_recognised(&what, plan.span(), index_span, why));
            continue;
        };
        if cx.selection == Selection::All && !rows_keep_subgroups_together(entry, form) {
            cx.report(subgroups_span_rows(&what, entry, form, plan.span()));
            continue;
        }
        if let Some(reason) = group_refusal(module, function, &sites, &plan, used_by_functions) {
            cx.report(not_applied(&what, &reason, plan.span(), &reason));
        } else if flow.is_control_flow_uniform_at(plan.path()) != Some(true) {
            cx.report(not_uniform(&what, plan.span(), flow, plan.path()));
        } else {
            plans.push((plan, form));
        }
    }
    if plans.is_empty() {
        return false;
    }
    let regions = sunk
        .map(|s| guards::regions(function, s))
        .unwrap_or_default();
    if let Some(sunk) = sunk {
        // A record store lifted out of its guard is right only coalesced,
        // with the guard in the check and the fallback.
        for &global in &sunk.stored {
            let planned: usize = plans
                .iter()
                .map(|(p, _)| match *p {
                    Plan::Stores(ref g) if g.global == global => g.paths.len(),
                    _ => 0,
                })
                .sum();
            if planned != guards::stores_into(function, global) {
                return false;
            }
        }
    }
    let builtins = ensure_subgroup_builtins(module, index);
    let u32_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32));
    let bool_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::BOOL));
    let mut groups = Vec::new();
    for (plan, form) in plans {
        let (global, k, span) = (plan.global(), plan.k(), plan.span());
        let Layout::Words(scalar) =
            records::layout(module, &module.global_variables[global]).expect("a word array")
        else {
            unreachable!("only word arrays are grouped")
        };
        let (array_ty, _) =
            records::storage_array(module, &module.global_variables[global]).expect("a word array");
        let length = match module.types[array_ty].inner {
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => Some(n.get()),
            _ => None,
        };
        let name = global_name(module, global);
        let binding = module.global_variables[global].binding;
        let mut change = Change::new(
            format!("coalesce-{}", plan.kind()),
            span,
            format!(
                "{k}-word records of `{name}` {} in coalesced rounds, moved between lanes with {k} subgroup shuffles",
                match plan.access() {
                    Access::Store => "stored",
                    Access::Load => "loaded",
                }
            ),
        )
        .with_strategy("shuffle-transpose")
        .with_detail("buffer", &name)
        .with_detail("words_per_record", k)
        .with_detail("record_index", form.describe());
        change = match cost::estimate(plan.access(), k) {
            Some(e) => change
                .with_detail("expected_speedup", format!("{:.2}", e.speedup))
                .with_detail("measured_on", e.measured_on)
                .with_detail("measured_kernel", e.kernel)
                .with_detail("measurement", e.source),
            None => change.with_detail("expected_speedup", "unmeasured"),
        };
        if let Some(b) = binding {
            change = change
                .with_detail("group", b.group)
                .with_detail("binding", b.binding);
        }
        cx.record(change);
        let scalar_ty = ensure_type(&mut module.types, TypeInner::Scalar(scalar));
        let active = guards::region_of(&regions, plan.path());
        groups.push(Group {
            plan,
            scalar,
            scalar_ty,
            length,
            active,
        });
    }
    let mut rewrite = Transpose {
        groups,
        constants: sites::Constants::of(module),
        builtins,
        u32_ty,
        bool_ty,
        pending_stores: HashMap::new(),
        load_results: HashMap::new(),
    };
    let function = &mut module.entry_points[index].function;
    if let Err(e) = rebuild_function(function, &mut rewrite) {
        cx.report(
            Diagnostic::error(format!(
                "lane-transpose could not rebuild the entry point: {}",
                e.0
            ))
            .with_code("lane-transpose::internal"),
        );
    }
    true
}

/// Rewrites the arrays of records this entry point accesses in uniform
/// control flow into word arrays, so that their accesses become word
/// groups; the arrays it rewrote, with their records' words and padding.
fn flatten_records(
    module: &mut Module,
    index: usize,
    uniformity: &Uniformity,
    used_by_functions: &[Handle<naga::GlobalVariable>],
    cx: &mut PassContext<'_>,
) -> Vec<(Handle<naga::GlobalVariable>, WordArray)> {
    let flow = uniformity.function(FunctionRef::EntryPoint(index));
    let entry = &module.entry_points[index];
    let function = &entry.function;
    let selection = cx.selection;
    // The index of a record access the pass expects to coalesce.
    let expected_form = |i| {
        sites::index_form(module, entry, flow, i).filter(|&form| {
            selection == Selection::Explicit || rows_keep_subgroups_together(entry, form)
        })
    };
    let mut chosen = Vec::new();
    for (global, var) in module.global_variables.iter() {
        let Some(layout @ Layout::Records { words: k, .. }) = records::layout(module, var) else {
            continue;
        };
        let Layout::Records { ref members, .. } = layout else {
            unreachable!()
        };
        let accessed = function
            .expressions
            .iter()
            .any(|(_, e)| matches!(*e, Expression::GlobalVariable(g) if g == global));
        if !accessed {
            continue;
        }
        let name = global_name(module, global);
        let span = module.global_variables.get_span(global);
        let what = format!("`{name}`");
        if used_by_functions.contains(&global) {
            let reason = "functions other than the entry point access it";
            cx.report(not_applied(&what, reason, span, "declared here"));
            continue;
        }
        let array_member = records::storage_array(module, var).and_then(|(_, m)| m);
        if let Some(reason) = records::unflattenable_use(function, global, array_member, members) {
            cx.report(not_applied(&what, reason, span, "declared here"));
            continue;
        }
        // Only worth it where a record is accessed in uniform control flow
        // by an index of a form the pass recognises. Under `--passes all`,
        // only where such an access is one the cost model rewrites.
        let accesses = record_accesses(module, function, global);
        if accesses.iter().any(|a| {
            flow.is_control_flow_uniform_at(&a.path) == Some(true)
                && expected_form(a.index).is_some()
                && (selection == Selection::Explicit || cost::pays(a.access, k))
        }) {
            let array = WordArray {
                record_words: Some(k),
                padding: layout.padding(),
            };
            chosen.push((global, span, array));
            continue;
        }
        // The member-wise accesses of one record at one index are one
        // access to the reader of the notes: one note for its loads and
        // one for its stores, at the first of each.
        let mut noted = Vec::new();
        for a in accesses {
            if noted.contains(&(a.kind, a.index)) {
                continue;
            }
            noted.push((a.kind, a.index));
            let what = format!("the {} of a record of `{name}`", a.kind);
            let uniform = flow.is_control_flow_uniform_at(&a.path) == Some(true);
            cx.report(match sites::index_form(module, entry, flow, a.index) {
                None => index_not_recognised(
                    &what,
                    a.span,
                    function.expressions.get_span(a.index),
                    sites::why_not_a_form(module, entry, flow, a.index),
                ),
                Some(_) if !uniform => not_uniform(&what, a.span, flow, &a.path),
                Some(form) if expected_form(a.index).is_none() => {
                    subgroups_span_rows(&what, entry, form, a.span)
                }
                Some(_) => not_measured_to_pay(&what, a.access, k, a.span),
            });
        }
    }
    let mut flattened = Vec::new();
    for (global, span, array) in chosen {
        let name = global_name(module, global);
        let mut function = std::mem::take(&mut module.entry_points[index].function);
        let result = records::flatten(module, &mut function, global, span);
        module.entry_points[index].function = function;
        match result {
            Ok(()) => {
                cx.record(
                    Change::new(
                        "flatten-records",
                        span,
                        format!("`{name}` is accessed as the array<u32> of the same bytes"),
                    )
                    .with_detail("buffer", &name),
                );
                flattened.push((global, array));
            }
            Err(e) => cx.report(not_applied(
                &format!("`{name}`"),
                e.0,
                span,
                "declared here",
            )),
        }
    }
    flattened
}

/// A load or store of a record, a member or a component.
struct RecordAccess {
    kind: &'static str,
    access: Access,
    /// The statement, or the `Emit` of the load.
    path: StatementPath,
    index: Handle<Expression>,
    span: Span,
}

fn record_accesses(
    module: &Module,
    function: &Function,
    global: Handle<naga::GlobalVariable>,
) -> Vec<RecordAccess> {
    let e = &function.expressions;
    let record_index = |mut pointer: Handle<Expression>| loop {
        match e[pointer] {
            Expression::Access { base, index } => {
                break (records::array_global(module, e, base) == Some(global)).then_some(index)
            }
            Expression::AccessIndex { base, .. } => pointer = base,
            _ => break None,
        }
    };
    let mut out = Vec::new();
    walk_with_paths(
        &function.body,
        &mut Vec::new(),
        &mut |statement, path, span| match *statement {
            Statement::Store { pointer, .. } => {
                if let Some(index) = record_index(pointer) {
                    out.push(RecordAccess {
                        kind: "store",
                        access: Access::Store,
                        path: path.clone(),
                        index,
                        span,
                    });
                }
            }
            Statement::Emit(ref range) => {
                for h in range.clone() {
                    if let Expression::Load { pointer } = e[h] {
                        if let Some(index) = record_index(pointer) {
                            out.push(RecordAccess {
                                kind: "load",
                                access: Access::Load,
                                path: path.clone(),
                                index,
                                span: e.get_span(h),
                            });
                        }
                    }
                }
            }
            _ => {}
        },
    );
    out
}

fn walk_with_paths(
    block: &naga::Block,
    path: &mut StatementPath,
    f: &mut impl FnMut(&Statement, &StatementPath, Span),
) {
    for (index, (statement, &span)) in block.span_iter().enumerate() {
        path.push(index as u32);
        f(statement, path, span);
        for (child, inner) in crate::ir::child_blocks(statement).into_iter().enumerate() {
            path.push(child as u32);
            walk_with_paths(inner, path, f);
            path.pop();
        }
        path.pop();
    }
}

/// Why a group must stay as it is, whatever the control flow.
fn group_refusal(
    module: &Module,
    function: &Function,
    sites: &sites::Sites,
    plan: &Plan,
    used_by_functions: &[Handle<naga::GlobalVariable>],
) -> Option<String> {
    let global = plan.global();
    if used_by_functions.contains(&global) {
        return Some("functions other than the entry point access the buffer".into());
    }
    if !sites::accessed_only_by_groups(module, function, global, sites) {
        return Some("the entry point also accesses the buffer other than by whole records".into());
    }
    let stores: Vec<_> = sites.stores.iter().filter(|g| g.global == global).collect();
    let loads: Vec<_> = sites.loads.iter().filter(|g| g.global == global).collect();
    if stores.len() > 1 || loads.len() > 1 {
        return Some("the entry point accesses the buffer's records more than once".into());
    }
    if let (Some(store), Some(load)) = (stores.first(), loads.first()) {
        if store.paths[0] < load.path {
            return Some("the entry point loads records of the buffer after storing them".into());
        }
        if !sites::same_value(module, function, store.i, load.i) {
            return Some("the entry point loads and stores different records of the buffer".into());
        }
    }
    if plan.in_loop() {
        return Some("the access is inside a loop".into());
    }
    None
}

/// Globals that functions other than entry points refer to.
fn globals_used_by_functions(module: &Module) -> Vec<Handle<naga::GlobalVariable>> {
    let mut out = Vec::new();
    for (_, f) in module.functions.iter() {
        for (_, e) in f.expressions.iter() {
            if let Expression::GlobalVariable(g) = *e {
                out.push(g);
            }
        }
    }
    out
}

/// How notes and reports name a buffer: the variable, or, for an array in
/// a block, the array member (as GLSL's `buffer B { T a[]; }` is used by
/// `a` alone), after the variable's name where it has one.
fn global_name(module: &Module, global: Handle<naga::GlobalVariable>) -> String {
    let var = &module.global_variables[global];
    let member = records::storage_array(module, var)
        .and_then(|(_, m)| m)
        .and_then(|m| match module.types[var.ty].inner {
            TypeInner::Struct { ref members, .. } => members[m as usize].name.clone(),
            _ => None,
        });
    match (var.name.as_deref().filter(|n| !n.is_empty()), member) {
        (Some(name), Some(member)) => format!("{name}.{member}"),
        (None, Some(member)) => member,
        _ => crate::ir::global_name(module, global),
    }
}

/// Where an entry point receives a built-in: an argument, or a member of
/// a struct argument.
#[derive(Clone, Copy)]
enum BuiltinArg {
    Direct(u32),
    Member(u32, u32),
}

struct SubgroupBuiltins {
    lane: Lane,
    size: BuiltinArg,
}

/// How the rewrite learns its lane in the subgroup.
#[derive(Clone, Copy)]
enum Lane {
    /// `subgroup_invocation_id`.
    Builtin(BuiltinArg),
    /// The number of active lanes below this one, `subgroupExclusiveAdd(1u)`:
    /// `subgroup_invocation_id` wherever the subgroup is full, which is the
    /// only case the coalesced path runs in. For workgroups of more than
    /// one row, where naga (after Metal and D3D) refuses the built-in.
    Rank,
}

fn ensure_subgroup_builtins(module: &mut Module, index: usize) -> SubgroupBuiltins {
    let u32_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32));
    let find_or_add = |module: &mut Module, builtin: BuiltIn, name: &str| {
        let function = &module.entry_points[index].function;
        for (n, arg) in function.arguments.iter().enumerate() {
            if arg.binding == Some(Binding::BuiltIn(builtin)) {
                return BuiltinArg::Direct(n as u32);
            }
            if let TypeInner::Struct { ref members, .. } = module.types[arg.ty].inner {
                if let Some(m) = members
                    .iter()
                    .position(|m| m.binding == Some(Binding::BuiltIn(builtin)))
                {
                    return BuiltinArg::Member(n as u32, m as u32);
                }
            }
        }
        let function = &mut module.entry_points[index].function;
        function.arguments.push(FunctionArgument {
            name: Some(name.into()),
            ty: u32_ty,
            binding: Some(Binding::BuiltIn(builtin)),
        });
        BuiltinArg::Direct(function.arguments.len() as u32 - 1)
    };
    let entry = &module.entry_points[index];
    let one_row = matches!(sites::workgroup_size(entry), [_, Some(1), Some(1)]);
    let lane = if one_row {
        Lane::Builtin(find_or_add(
            module,
            BuiltIn::SubgroupInvocationId,
            "subgroup_invocation_id",
        ))
    } else {
        Lane::Rank
    };
    SubgroupBuiltins {
        lane,
        size: find_or_add(module, BuiltIn::SubgroupSize, "subgroup_size"),
    }
}

struct Group {
    plan: Plan,
    /// The scalar the array holds.
    scalar: Scalar,
    scalar_ty: Handle<Type>,
    /// The array's length in words, if fixed.
    length: Option<u32>,
    /// The flag of the bounds guard the group was lifted out of.
    active: Option<Handle<naga::LocalVariable>>,
}

/// A store's pointer and value.
type PointerAndValue = (Handle<Expression>, Handle<Expression>);

struct Transpose {
    groups: Vec<Group>,
    constants: sites::Constants,
    builtins: SubgroupBuiltins,
    u32_ty: Handle<Type>,
    bool_ty: Handle<Type>,
    /// Stores of a group seen before its last one: (pointer, value).
    pending_stores: HashMap<usize, Vec<PointerAndValue>>,
    /// For each grouped load, the load of the local that replaces it.
    load_results: HashMap<Handle<Expression>, Handle<naga::LocalVariable>>,
}

/// What the coalesced code needs from the rebuilt function.
struct Operands {
    words: Handle<Expression>,
    i: Handle<Expression>,
    k: u32,
    scalar: Scalar,
    length: Option<u32>,
    active: Option<Handle<naga::LocalVariable>>,
}

impl Transpose {
    fn builtin(&self, b: &mut BlockBuilder<'_>, arg: BuiltinArg) -> Handle<Expression> {
        match arg {
            BuiltinArg::Direct(n) => b.expr(Expression::FunctionArgument(n)),
            BuiltinArg::Member(n, m) => {
                let base = b.expr(Expression::FunctionArgument(n));
                b.expr(Expression::AccessIndex { base, index: m })
            }
        }
    }

    fn lane(&self, b: &mut BlockBuilder<'_>) -> Handle<Expression> {
        match self.builtins.lane {
            Lane::Builtin(arg) => self.builtin(b, arg),
            Lane::Rank => {
                let one = b.u32(1);
                b.subgroup_exclusive_scan(SubgroupOperation::Add, one, self.u32_ty)
            }
        }
    }

    /// The rebuilt word array and record index of a grouped access.
    fn operands(
        &self,
        b: &BlockBuilder<'_>,
        pointer: Handle<Expression>,
        group: &Group,
    ) -> Operands {
        let e = b.expressions();
        // The rebuilt pointer has the shape the finder matched.
        let Expression::Access { base, index } = e[pointer] else {
            unreachable!("a grouped access is `words[k * i + c]`")
        };
        let word = sites::word_index(&self.constants, e, index)
            .expect("a grouped access is `words[k * i + c]`");
        Operands {
            words: base,
            i: word.i,
            k: group.plan.k(),
            scalar: group.scalar,
            length: group.length,
            active: group.active,
        }
    }

    /// Emits the check that the subgroup may take the coalesced path, and
    /// returns it with the subgroup's first record, its lane and size.
    fn fast_path(&self, b: &mut BlockBuilder<'_>, o: &Operands) -> [Handle<Expression>; 4] {
        let in_bounds = o.active.map(|local| {
            let pointer = b.expr(Expression::LocalVariable(local));
            b.load(pointer)
        });
        let lane = self.lane(b);
        let size = self.builtin(b, self.builtins.size);
        let base = b.binary(BinaryOperator::Subtract, o.i, lane);
        let one = b.u32(1);
        let active = b.subgroup_reduce(SubgroupOperation::Add, one, self.u32_ty);
        let first_base = b.subgroup_broadcast_first(base, self.u32_ty);
        let words = match o.length {
            Some(n) => b.u32(n),
            None => b.expr(Expression::ArrayLength(o.words)),
        };
        let k = b.u32(o.k);
        let records = b.binary(BinaryOperator::Divide, words, k);
        let full = b.binary(BinaryOperator::Equal, active, size);
        let consecutive = b.binary(BinaryOperator::Equal, base, first_base);
        let room = b.binary(BinaryOperator::GreaterEqual, records, size);
        let last_start = b.binary(BinaryOperator::Subtract, records, size);
        let inside = b.binary(BinaryOperator::LessEqual, base, last_start);
        let fits = b.binary(BinaryOperator::LogicalAnd, room, inside);
        let whole = b.binary(BinaryOperator::LogicalAnd, full, consecutive);
        let mut ok = b.binary(BinaryOperator::LogicalAnd, whole, fits);
        if let Some(in_bounds) = in_bounds {
            ok = b.binary(BinaryOperator::LogicalAnd, ok, in_bounds);
        }
        let fast = b.subgroup_reduce(SubgroupOperation::All, ok, self.bool_ty);
        [fast, base, lane, size]
    }

    /// A block of what `build` adds, run only where the invocation is
    /// active, if the group was lifted out of a bounds guard.
    fn guarded(
        &self,
        b: &mut BlockBuilder<'_>,
        o: &Operands,
        build: impl FnOnce(&mut BlockBuilder<'_>),
    ) -> naga::Block {
        let Some(local) = o.active else {
            return b.block(build);
        };
        b.block(|b| {
            let pointer = b.expr(Expression::LocalVariable(local));
            let active = b.load(pointer);
            let accept = b.block(build);
            b.statement(Statement::If {
                condition: active,
                accept,
                reject: naga::Block::new(),
            });
        })
    }

    /// `words[k * base + r * size + lane]` for round `r`.
    fn round_pointer(
        &self,
        b: &mut BlockBuilder<'_>,
        o: &Operands,
        start: Handle<Expression>,
        r: u32,
        size: Handle<Expression>,
        lane: Handle<Expression>,
    ) -> Handle<Expression> {
        let offset = match r {
            0 => None,
            1 => Some(size),
            _ => {
                let r_c = b.u32(r);
                Some(b.binary(BinaryOperator::Multiply, r_c, size))
            }
        };
        let at = match offset {
            Some(offset) => b.binary(BinaryOperator::Add, start, offset),
            None => start,
        };
        let index = b.binary(BinaryOperator::Add, at, lane);
        b.access(o.words, index)
    }

    /// The shuffles run in the control flow of the original access, which
    /// is uniform, whichever path the subgroup then takes: WGSL wants
    /// subgroup operations in uniform control flow, and the branch on the
    /// check, uniform across the subgroup, is not uniform to its analysis.
    /// Only the memory accesses are conditional.
    fn emit_stores(
        &self,
        b: &mut BlockBuilder<'_>,
        o: &Operands,
        stores: &[(Handle<Expression>, Handle<Expression>)],
        components: &[u32],
    ) {
        let [fast, base, lane, size] = self.fast_path(b, o);
        let mut values = vec![None; o.k as usize];
        for (&(_, value), &c) in stores.iter().zip(components) {
            values[c as usize] = Some(value);
        }
        // Padding words, which no store writes, are written as zero.
        let registers: Vec<_> = values
            .iter()
            .map(|v| match *v {
                Some(v) => b.to_u32_bits(v, o.scalar.kind),
                None => b.u32(0),
            })
            .collect();
        let rounds = {
            let mut arith = IrArith::new(b, self.u32_ty);
            store_rounds(&mut arith, lane, size, &registers)
        };
        let accept = b.block(|b| {
            let k = b.u32(o.k);
            let start = b.binary(BinaryOperator::Multiply, base, k);
            for (r, word) in rounds.into_iter().enumerate() {
                let value = b.from_u32_bits(word, o.scalar.kind);
                let pointer = self.round_pointer(b, o, start, r as u32, size, lane);
                b.store(pointer, value);
            }
        });
        let reject = self.guarded(b, o, |b| {
            for &(pointer, value) in stores {
                b.store(pointer, value);
            }
        });
        b.statement(Statement::If {
            condition: fast,
            accept,
            reject,
        });
    }

    /// As [`Self::emit_stores`], the shuffles are unconditional; the
    /// coalesced loads land in locals first.
    fn emit_loads(
        &self,
        b: &mut BlockBuilder<'_>,
        o: &Operands,
        locals: &[Option<Handle<Expression>>],
    ) {
        let [fast, base, lane, size] = self.fast_path(b, o);
        let round_locals: Vec<_> = (0..o.k)
            .map(|r| b.local(&format!("coalesced_word{r}"), self.u32_ty))
            .collect();
        let accept = b.block(|b| {
            let k = b.u32(o.k);
            let start = b.binary(BinaryOperator::Multiply, base, k);
            for (r, &local) in round_locals.iter().enumerate() {
                let pointer = self.round_pointer(b, o, start, r as u32, size, lane);
                let value = b.load(pointer);
                let word = b.to_u32_bits(value, o.scalar.kind);
                b.store(local, word);
            }
        });
        b.statement(Statement::If {
            condition: fast,
            accept,
            reject: naga::Block::new(),
        });
        let rounds: Vec<_> = round_locals.iter().map(|&local| b.load(local)).collect();
        let record = {
            let mut arith = IrArith::new(b, self.u32_ty);
            load_record(&mut arith, lane, size, &rounds)
        };
        let accept = b.block(|b| {
            for (word, &local) in record.into_iter().zip(locals) {
                if let Some(local) = local {
                    let value = b.from_u32_bits(word, o.scalar.kind);
                    b.store(local, value);
                }
            }
        });
        let reject = self.guarded(b, o, |b| {
            let k = b.u32(o.k);
            let first = b.binary(BinaryOperator::Multiply, o.i, k);
            for (c, &local) in locals.iter().enumerate() {
                let Some(local) = local else {
                    continue;
                };
                let index = if c == 0 {
                    first
                } else {
                    let c = b.u32(c as u32);
                    b.binary(BinaryOperator::Add, first, c)
                };
                let pointer = b.access(o.words, index);
                let value = b.load(pointer);
                b.store(local, value);
            }
        });
        b.statement(Statement::If {
            condition: fast,
            accept,
            reject,
        });
    }
}

impl Rewrite for Transpose {
    fn expression_from(
        &mut self,
        b: &mut BlockBuilder<'_>,
        original: Handle<Expression>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        if let Some(&local) = self.load_results.get(&original) {
            let pointer = b.expr(Expression::LocalVariable(local));
            return Some(b.load(pointer));
        }
        let n = self
            .groups
            .iter()
            .position(|g| matches!(g.plan, Plan::Loads(ref l) if l.first() == original))?;
        let Expression::Load { pointer } = *expression else {
            return None;
        };
        let group = &self.groups[n];
        let Plan::Loads(ref loads) = group.plan else {
            unreachable!()
        };
        let o = self.operands(b, pointer, group);
        let scalar_ty = group.scalar_ty;
        let mut locals = Vec::new();
        let mut pointers = Vec::new();
        let loads = loads.loads.clone();
        for (c, load) in loads.iter().enumerate() {
            let Some(&load) = load.as_ref() else {
                // Padding: loaded with the rest, then dropped.
                pointers.push(None);
                continue;
            };
            let pointer = b.local(&format!("record_word{c}"), scalar_ty);
            let Expression::LocalVariable(local) = b.expressions()[pointer] else {
                unreachable!()
            };
            locals.push(local);
            pointers.push(Some(pointer));
            self.load_results.insert(load, local);
        }
        self.emit_loads(b, &o, &pointers);
        let pointer = b.expr(Expression::LocalVariable(self.load_results[&original]));
        Some(b.load(pointer))
    }

    fn statement_at(
        &mut self,
        b: &mut BlockBuilder<'_>,
        path: &[u32],
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        let Statement::Store { pointer, value } = *statement else {
            return None;
        };
        let (n, position) = self
            .groups
            .iter()
            .enumerate()
            .find_map(|(n, g)| match g.plan {
                Plan::Stores(ref s) => s
                    .paths
                    .iter()
                    .position(|p| p.as_slice() == path)
                    .map(|p| (n, p)),
                Plan::Loads(_) => None,
            })?;
        let pending = self.pending_stores.entry(n).or_default();
        pending.push((pointer, value));
        let group = &self.groups[n];
        let Plan::Stores(ref stores) = group.plan else {
            unreachable!()
        };
        if position + 1 < stores.paths.len() {
            return Some(None);
        }
        let stores_seen = self.pending_stores.remove(&n).expect("pushed above");
        let o = self.operands(b, stores_seen[0].0, group);
        self.emit_stores(b, &o, &stores_seen, &stores.components);
        Some(None)
    }
}
