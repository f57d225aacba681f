//! `lane-transpose`: coalesces array-of-structs accesses to storage with
//! subgroup shuffles.
//!
//! When invocation `i` stores the `k` words of record `i`, each store
//! instruction of a subgroup touches `k` times the memory it needs. The
//! rewrite stores the subgroup's block of `k * S` words in `k` rounds
//! instead, lane `l` writing word `r * S + l` in round `r`, and moves each
//! word to the lane that writes it with `k` shuffles (see `permutation`).
//! Loads run the other way.
//!
//! The coalesced code runs only when the subgroup is full, its record
//! indices are consecutive and its block lies inside the array; otherwise
//! the original accesses run. At compile time, the accesses must be in
//! uniform control flow, indexed by a form whose values are expected to
//! be consecutive across a subgroup (`sites::index_form`: the global
//! invocation index, spelled out, plus uniform offsets and terms the same
//! along a row of the workgroup, as in row-major 2D and 3D indices), and
//! the only accesses to their array in the entry point
//! (one load of the record before one store of it at most): another
//! invocation's word becomes visible to a lane only through the record
//! accesses that moved it.

mod cost;
mod emit;
mod flatten;
mod guards;
mod normalize;
mod permutation;
mod records;
mod refusals;
mod sites;

use std::collections::{BTreeSet, HashMap};

use naga::{ArraySize, Expression, Handle, Module, Scalar, ShaderStage, Span, TypeInner};

use crate::analysis::uniformity::{FunctionRef, StatementPath, Uniformity};
use crate::diagnostic::Diagnostic;
use crate::ir::{ensure_type, rebuild_function};
use crate::pass::{Change, Notes, Pass, PassContext, Requirement, Selection, Target};
use cost::Access;
use records::Layout;
use sites::{LoadGroup, StoreGroup, WordArray};

use emit::{ensure_subgroup_builtins, Group, Transpose};
use flatten::flatten_records;
use refusals::{group_refusal, ladder, not_applied, Candidate};

/// The `lane-transpose` pass, for a [`PassManager`](crate::PassManager);
/// it requires subgroup operations.
pub struct LaneTranspose;

/// The pass's name in `--passes` and reports.
pub const NAME: &str = "lane-transpose";

impl Pass for LaneTranspose {
    fn name(&self) -> &'static str {
        NAME
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
        let before = cx.checkpoint(module);
        if !normalize::normalize(module) {
            let uniformity = cx.analyses().take_uniformity(module);
            if let Some(unchanged) = transpose_module(module, uniformity, cx) {
                cx.analyses().restore_uniformity(unchanged);
            }
            return;
        }
        // The analysis is of the normalised module, which goes if nothing
        // is coalesced: it is not handed back.
        let _ = transpose_module(module, Uniformity::analyze(module), cx);
        let coalesced = cx
            .changes_since(&before)
            .iter()
            .any(|c| c.kind.starts_with("coalesce-"));
        if !coalesced {
            // The notes stand: they speak of the shader's source, whose
            // spans the normalised module keeps.
            cx.rollback(module, before, Notes::Keep);
        }
    }
}

/// Rewrites the record accesses of every compute entry point of `module`,
/// whose uniformity is `uniformity`. Where it rewrites nothing, it gives
/// the analysis back: that of the module, which it left as it was.
fn transpose_module(
    module: &mut Module,
    mut uniformity: Uniformity,
    cx: &mut PassContext<'_>,
) -> Option<Uniformity> {
    let changes_before = cx.changes.len();
    // The pass changes entry points only, so this holds throughout.
    {
        let used_by_functions = globals_used_by_functions(module);
        let mut flattened = HashMap::new();
        for index in 0..module.entry_points.len() {
            if module.entry_points[index].stage != ShaderStage::Compute {
                continue;
            }
            // First with the bounds guards lifted, then, where that
            // coalesces nothing, as the entry point is. Of the guards, only
            // those that enclose an access the pass rewrites stay lifted:
            // an attempt that lifted others is made again without them.
            let mut attempt = Attempt::Lift(None);
            let mut explained: Vec<Diagnostic> = Vec::new();
            loop {
                let before = cx.checkpoint(module);
                // The analysis of the entry point as it was, while an
                // attempt analyses its own rewrites.
                let mut analysed_before = None;
                let sunk = if let Attempt::Lift(ref allowed) = attempt {
                    let records: Vec<_> = module
                        .global_variables
                        .iter()
                        .filter(|(_, g)| records::layout(module, g).is_some())
                        .map(|(h, _)| h)
                        .collect();
                    let mut function = std::mem::take(&mut module.entry_points[index].function);
                    let sunk = guards::lift(
                        module,
                        &mut function,
                        &|g| records.contains(&g),
                        allowed.as_ref(),
                    );
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
                            cx.rollback(module, before, Notes::Discard);
                            attempt = Attempt::AsWritten;
                            continue;
                        }
                    }
                } else {
                    None
                };
                let lift_guards = sunk.is_some();
                let mut lifted = Lifted {
                    sunk: sunk.as_ref(),
                    explained: &explained,
                    refused: Vec::new(),
                };
                let records = flatten_records(
                    module,
                    index,
                    &uniformity,
                    &used_by_functions,
                    &mut lifted,
                    cx,
                );
                let flattened_here = !records.is_empty();
                if flattened_here {
                    // Flattening moved this entry point's statements: its
                    // paths are new. Rewriting an entry point leaves the
                    // others' as they were.
                    flattened.extend(records);
                    let analysed = std::mem::replace(&mut uniformity, Uniformity::analyze(module));
                    analysed_before.get_or_insert(analysed);
                }
                let outcome = transpose_entry_point(
                    module,
                    index,
                    &uniformity,
                    &used_by_functions,
                    &flattened,
                    lifted,
                    cx,
                );
                let coalesced = matches!(outcome, Outcome::Coalesced);
                if coalesced || !(flattened_here || lift_guards) {
                    break;
                }
                // Flattening and lifting pay only through the accesses they
                // let the pass coalesce: the entry point goes back as it was.
                // The attempt without lifting says why, of the shader as
                // written.
                let notes = if lift_guards {
                    Notes::Discard
                } else {
                    Notes::Keep
                };
                cx.rollback(module, before, notes);
                if let Some(analysed) = analysed_before {
                    uniformity = analysed;
                }
                flattened.retain(|&g, _| {
                    matches!(
                        records::layout(module, &module.global_variables[g]),
                        Some(Layout::Words(_))
                    )
                });
                attempt = match outcome {
                    Outcome::Relift(used, notes) => {
                        explained.extend(notes);
                        if used.is_empty() {
                            Attempt::AsWritten
                        } else {
                            Attempt::Lift(Some(used))
                        }
                    }
                    _ if lift_guards => Attempt::AsWritten,
                    _ => break,
                };
            }
            for note in explained {
                cx.report(note);
            }
        }
    }
    (cx.changes.len() == changes_before).then_some(uniformity)
}

/// Which guards an attempt at an entry point lifts.
enum Attempt {
    /// The bounds guards around record accesses: every one, or those named.
    Lift(Option<BTreeSet<Handle<Expression>>>),
    /// None: the entry point as it is.
    AsWritten,
}

/// What an attempt at an entry point came to.
enum Outcome {
    Coalesced,
    Nothing,
    /// Some lifted guards enclose no access the pass would rewrite: lift
    /// only these, which do, and try again. The notes say why accesses
    /// under the others were left; they stand for the note the next
    /// attempt would give (that the access is not in uniform control
    /// flow), which says less.
    Relift(BTreeSet<Handle<Expression>>, Vec<Diagnostic>),
}

/// What one attempt at an entry point lifted, for the steps that decide
/// about its accesses.
struct Lifted<'a> {
    /// The guards lifted, where the attempt lifted any.
    sunk: Option<&'a guards::Sunk>,
    /// Notes of earlier attempts on accesses this one cannot reach.
    explained: &'a [Diagnostic],
    /// The accesses left as they are so far.
    refused: Vec<Refused>,
}

/// A record access left as it is: why, and the flags of the guards lifted
/// around it.
struct Refused {
    lifted: Vec<Handle<naga::LocalVariable>>,
    note: Diagnostic,
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

/// Rewrites the record accesses of one entry point it can prove safe.
fn transpose_entry_point(
    module: &mut Module,
    index: usize,
    uniformity: &Uniformity,
    used_by_functions: &[Handle<naga::GlobalVariable>],
    flattened: &HashMap<Handle<naga::GlobalVariable>, WordArray>,
    lifted: Lifted<'_>,
    cx: &mut PassContext<'_>,
) -> Outcome {
    let Lifted {
        sunk,
        explained,
        mut refused,
    } = lifted;
    let flow = uniformity.function(FunctionRef::EntryPoint(index));
    // Adding types and builtins below leaves the globals' layouts as
    // they are.
    let layouts = records::layouts(module);
    let entry = &module.entry_points[index];
    let function = &entry.function;
    let words = |g| match layouts.get(&g) {
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
    let regions = sunk
        .map(|s| guards::regions(function, s))
        .unwrap_or_default();
    let mut plans = Vec::new();
    for plan in candidates {
        let k = plan.k();
        let what = format!(
            "the {} of {k}-word records of `{}`",
            plan.kind(),
            global_name(module, plan.global())
        );
        let candidate = Candidate {
            what: &what,
            span: plan.span(),
            index: plan.i(),
            path: plan.path(),
            access: plan.access(),
            k,
            guarded_by_data: guards::guarded_by_data(
                module,
                function,
                flow,
                sunk,
                &regions,
                plan.path(),
                plan.i(),
            ),
        };
        let group = || group_refusal(module, function, &sites, &plan, used_by_functions);
        match ladder(module, entry, flow, cx.selection, &candidate, group) {
            Ok(form) => plans.push((plan, form)),
            // An earlier attempt, which lifted a guard around it, said why.
            Err(_)
                if explained
                    .iter()
                    .any(|n| n.primary_span() == Some(plan.span())) => {}
            Err(note) => refused.push(Refused {
                lifted: guards::enclosing(&regions, plan.path()).collect(),
                note,
            }),
        }
    }
    if let Some(sunk) = sunk {
        // Every lifted guard must enclose an access the pass rewrites:
        // where some do not, only those that do are lifted again. And a
        // record store lifted out of its guard is right only coalesced,
        // with the guard in the check and the fallback.
        let used_flags: BTreeSet<_> = plans
            .iter()
            .flat_map(|(plan, _)| guards::enclosing(&regions, plan.path()))
            .collect();
        let unused = |flag| !used_flags.contains(&flag);
        if sunk.flags.iter().any(|&flag| unused(flag)) {
            let used: BTreeSet<_> = sunk
                .flags
                .iter()
                .zip(&sunk.guards)
                .filter(|&(&flag, _)| !unused(flag))
                .map(|(_, &guard)| guard)
                .collect();
            // Two `if`s on one condition are one guard: where one of them
            // encloses a rewrite and the other does not, lifting again
            // would lift both again.
            let lifted: BTreeSet<_> = sunk.guards.iter().copied().collect();
            if used == lifted {
                return Outcome::Nothing;
            }
            // Without their guards lifted, the accesses under the others
            // are not in uniform control flow: what stopped them here says
            // more.
            let notes = refused
                .into_iter()
                .filter(|r| r.lifted.iter().any(|&flag| unused(flag)))
                .map(|r| r.note)
                .collect();
            return Outcome::Relift(used, notes);
        }
        let uncoalesced = sunk.stored.iter().any(|&global| {
            let planned: usize = plans
                .iter()
                .map(|(p, _)| match *p {
                    Plan::Stores(ref g) if g.global == global => g.paths.len(),
                    _ => 0,
                })
                .sum();
            planned != guards::stores_into(function, global)
        });
        if uncoalesced {
            // Guarding those stores instead would be right by WGSL's
            // rules, but such a store read back by the same invocation
            // (`side[i] = a; ... side[i] = side[i] + b;`) computed other
            // values on an NVIDIA H200 handed the SPIR-V, where the WGSL
            // agreed (docs/lane-transpose.md): the entry point is left as
            // it was.
            return Outcome::Nothing;
        }
    }
    for r in refused {
        cx.report(r.note);
    }
    if plans.is_empty() {
        return Outcome::Nothing;
    }
    // The types of the record indices: an `i32` one is read as `u32`.
    let Some(scalars) = crate::ir::expression_scalars(module, function) else {
        return Outcome::Nothing;
    };
    let signed_indices: Vec<bool> = plans
        .iter()
        .map(|(p, _)| scalars[p.i().index()].map(|s| s.kind) == Some(naga::ScalarKind::Sint))
        .collect();
    let builtins = ensure_subgroup_builtins(module, index);
    let u32_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32));
    let bool_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::BOOL));
    let mut groups = Vec::new();
    for ((plan, form), signed_index) in plans.into_iter().zip(signed_indices) {
        let (global, k, span) = (plan.global(), plan.k(), plan.span());
        let Some(&Layout::Words(scalar)) = layouts.get(&global) else {
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
            signed_index,
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
            .with_code(crate::codes::LANE_TRANSPOSE_INTERNAL),
        );
    }
    Outcome::Coalesced
}

/// Globals that functions other than entry points use.
fn globals_used_by_functions(module: &Module) -> Vec<Handle<naga::GlobalVariable>> {
    module
        .global_variables
        .iter()
        .map(|(g, _)| g)
        .filter(|&g| {
            module
                .functions
                .iter()
                .any(|(_, f)| crate::ir::function_uses_global(f, g))
        })
        .collect()
}

/// The functions other than entry points that use `global`, for notes:
/// "`clear`, `reset`".
fn functions_using(module: &Module, global: Handle<naga::GlobalVariable>) -> String {
    module
        .functions
        .iter()
        .filter(|&(_, f)| crate::ir::function_uses_global(f, global))
        .map(|(_, f)| format!("`{}`", f.name.as_deref().unwrap_or("a function")))
        .collect::<Vec<_>>()
        .join(", ")
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
