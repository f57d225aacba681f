//! Records flattened into words: the accesses of a buffer whose records
//! are transposed, found with their statement paths.

use naga::{Expression, Function, Handle, Module, Span, Statement};

use crate::analysis::uniformity::{FunctionRef, StatementPath, Uniformity};
use crate::pass::{Change, PassContext};

use super::cost::Access;
use super::global_name;
use super::guards::{self, guarded_by_data};
use super::records;
use super::records::Layout;
use super::refusals::{ladder, not_applied, Candidate};
use super::sites::WordArray;
use super::{Lifted, Refused};

/// Rewrites the arrays of records this entry point accesses in uniform
/// control flow into word arrays, so that their accesses become word
/// groups; the arrays it rewrote, with their records' words and padding.
/// Why it left record accesses goes to `lifted.refused`, with the guards
/// lifted around each ([`Refused`]).
pub(super) fn flatten_records(
    module: &mut Module,
    index: usize,
    uniformity: &Uniformity,
    used_by_functions: &[Handle<naga::GlobalVariable>],
    lifted: &mut Lifted<'_>,
    cx: &mut PassContext<'_>,
) -> Vec<(Handle<naga::GlobalVariable>, WordArray)> {
    let sunk = lifted.sunk;
    let explained = lifted.explained;
    let refused = &mut lifted.refused;
    let flow = uniformity.function(FunctionRef::EntryPoint(index));
    let entry = &module.entry_points[index];
    let function = &entry.function;
    let selection = cx.selection;
    let regions = sunk
        .map(|s| guards::regions(function, s))
        .unwrap_or_default();
    // Whether the pass would rewrite a record access, and the note if not.
    let decide = |a: &RecordAccess, what: &str, k: u32| {
        let candidate = Candidate {
            what,
            span: a.span,
            index: a.index,
            path: &a.path,
            access: a.access,
            k,
            guarded_by_data: guarded_by_data(
                module, function, flow, sunk, &regions, &a.path, a.index,
            ),
        };
        ladder(module, entry, flow, selection, &candidate, || None)
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
            let callers = super::normalize::callers_of_global_left(module, index, global);
            if !callers.is_empty() {
                let name = global_name(module, global);
                let reason = format!(
                    "only functions the entry point calls access it ({}), in a loop or too large to inline",
                    callers
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                let span = module.global_variables.get_span(global);
                cx.report(not_applied(
                    &format!("`{name}`"),
                    &reason,
                    span,
                    "declared here",
                ));
            }
            continue;
        }
        let name = global_name(module, global);
        let span = module.global_variables.get_span(global);
        let what = format!("`{name}`");
        if used_by_functions.contains(&global) {
            let reason = format!(
                "functions other than the entry point access it ({})",
                super::functions_using(module, global)
            );
            cx.report(not_applied(&what, &reason, span, "declared here"));
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
        if accesses.iter().any(|a| decide(a, &what, k).is_ok()) {
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
            match decide(&a, &what, k) {
                // An earlier attempt, which lifted a guard around it, said
                // why.
                Err(_) if explained.iter().any(|n| n.primary_span() == Some(a.span)) => {}
                Err(note) => {
                    refused.push(Refused {
                        lifted: guards::enclosing(&regions, &a.path).collect(),
                        note,
                    });
                }
                Ok(_) => {}
            }
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
    crate::ir::for_each_statement_with_path(
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
