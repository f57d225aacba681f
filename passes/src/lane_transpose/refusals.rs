//! Why a buffer's records are left as they are: the notes the pass
//! gives where it does not transpose.

use naga::{EntryPoint, Expression, Function, Handle, Module, Span};

use crate::analysis::uniformity::FunctionUniformity;
use crate::diagnostic::Diagnostic;
use crate::pass::Selection;

use super::cost::Access;
use super::Plan;
use super::{cost, sites};

/// One access to records, as the refusal ladder sees it.
pub(super) struct Candidate<'a> {
    /// What the notes call it: "the stores of 4-word records of `b`".
    pub what: &'a str,
    pub span: Span,
    /// The record index.
    pub index: Handle<Expression>,
    /// The statement that makes the access.
    pub path: &'a [u32],
    pub access: Access,
    /// Words per record.
    pub k: u32,
    /// Whether a guard lifted around the access is other than a bounds
    /// check of its record index ([`super::guards::bounds_guard_of`]).
    pub guarded_by_data: bool,
}

/// Whether the pass may rewrite `candidate`, an access of `entry`: its index
/// form if so, else the note that says why not. Every decision about an
/// access goes through here, so that an access gets the same note
/// whichever step of the pass looks at it. The checks run from what makes
/// the rewrite wrong to what makes it only not worth it: the index form,
/// `refusal` (what the caller knows of the group, the buffer's other
/// accesses), uniform control flow, then, under `--passes all`, whether
/// subgroups stay within rows, whether the rewrite is measured to pay, for
/// the record and for the shape of the kernel, and whether a guard lifted
/// around it leaves out only records past the end.
pub(super) fn ladder(
    module: &Module,
    entry: &EntryPoint,
    flow: &FunctionUniformity,
    selection: Selection,
    candidate: &Candidate<'_>,
    refusal: impl FnOnce() -> Option<String>,
) -> Result<sites::IndexForm, Diagnostic> {
    let Candidate {
        what,
        span,
        index,
        path,
        access,
        k,
        guarded_by_data,
    } = *candidate;
    let Some(form) = sites::index_form(module, entry, flow, index) else {
        return Err(index_not_recognised(
            what,
            span,
            entry.function.expressions.get_span(index),
            &sites::seen_index(module, &entry.function, index),
            sites::why_not_a_form(module, entry, flow, index),
        ));
    };
    if let Some(reason) = refusal() {
        return Err(not_applied(what, &reason, span, &reason));
    }
    if flow.is_control_flow_uniform_at(path) != Some(true) {
        return Err(not_uniform(what, span, flow, path));
    }
    if selection == Selection::All {
        if !rows_keep_subgroups_together(entry, &form) {
            return Err(subgroups_span_rows(what, entry, &form, span));
        }
        if !cost::pays(access, k) {
            return Err(not_measured_to_pay(what, access, k, span));
        }
        if let Some(shape) = cost::unmeasured_shape(entry) {
            return Err(shape_not_measured_to_pay(what, shape, span));
        }
        if guarded_by_data {
            return Err(guarded_by_data_note(what, span));
        }
    }
    Ok(form)
}

/// The note for an access left as it is.
pub(super) fn not_applied(what: &str, reason: &str, span: Span, label: &str) -> Diagnostic {
    Diagnostic::note(format!("{what} left as it is: {reason}"))
        .with_code(crate::codes::LANE_TRANSPOSE_NOT_APPLIED)
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
        .with_code(crate::codes::LANE_TRANSPOSE_NOT_PROFITABLE)
}

/// The note for an access `--passes all` leaves because its kernel is of
/// a shape that ran slower rewritten on one of the adapters measured.
fn shape_not_measured_to_pay(what: &str, shape: cost::Shape, span: Span) -> Diagnostic {
    let reason = format!(
        "{}; under `--passes all` only rewrites measured faster on every adapter measured are made; name `lane-transpose` in `--passes` to force it",
        shape.measured()
    );
    not_applied(what, &reason, span, shape.label())
        .with_code(crate::codes::LANE_TRANSPOSE_NOT_PROFITABLE)
}

/// The note for an access `--passes all` leaves because the guard around
/// it is not a bounds check of its record index: where the guard leaves
/// most lanes out, the coalesced path never runs, yet every lane pays for
/// the shuffles of its rounds.
fn guarded_by_data_note(what: &str, span: Span) -> Diagnostic {
    let reason = "it is under an `if` that is not a bounds check of its record index against a value the same in every invocation; where that `if` leaves lanes out, every lane still pays for the shuffles and the records take the original path, and no measurement covers such a guard; name `lane-transpose` in `--passes` to force it";
    not_applied(
        what,
        reason,
        span,
        "under a guard other than a bounds check",
    )
    .with_code(crate::codes::LANE_TRANSPOSE_NOT_PROFITABLE)
}

const NOT_UNIFORM: &str =
    "it is not in uniform control flow, where subgroup shuffles see every invocation";

/// [`not_applied`] for an access whose record index is of no form the
/// pass recognises.
fn index_not_recognised(
    what: &str,
    span: Span,
    index_span: Span,
    seen: &str,
    near_miss: Option<String>,
) -> Diagnostic {
    let mut reason = format!(
        "the record index is not one of the forms whose values are consecutive across a subgroup: {}",
        sites::ACCEPTED_FORMS
    );
    reason = format!("{reason}; the index seen is `{seen}`");
    if let Some(why) = near_miss {
        reason = format!("{reason}; here {why}");
    }
    not_applied(what, &reason, span, "indexed here").with_secondary(index_span, "the record index")
}

/// Whether `--passes all` expects the run-time check to hold for an index
/// of this form in `entry`: a subgroup that spans rows of the workgroup
/// sees its indices jump between rows.
fn rows_keep_subgroups_together(entry: &naga::EntryPoint, form: &sites::IndexForm) -> bool {
    form.shape == sites::IndexShape::WorkgroupLinear || sites::subgroups_within_rows(entry)
}

/// The note for an access `--passes all` leaves because subgroups span
/// rows of the workgroup, where the check that the record indices are
/// consecutive fails.
fn subgroups_span_rows(
    what: &str,
    entry: &naga::EntryPoint,
    form: &sites::IndexForm,
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
        .with_code(crate::codes::LANE_TRANSPOSE_NOT_PROFITABLE)
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

/// Why a group must stay as it is, whatever the control flow.
pub(super) fn group_refusal(
    module: &Module,
    function: &Function,
    sites: &sites::Sites,
    plan: &Plan,
    used_by_functions: &[Handle<naga::GlobalVariable>],
) -> Option<String> {
    let global = plan.global();
    if used_by_functions.contains(&global) {
        return Some(format!(
            "functions other than the entry point access the buffer ({})",
            super::functions_using(module, global)
        ));
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
