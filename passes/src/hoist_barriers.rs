//! `hoist-barriers`: finds barriers that not every invocation of a
//! workgroup reaches, and moves them into uniform control flow where that
//! provably keeps the meaning of the invocations that did reach them.
//!
//! A control barrier (`workgroupBarrier`, `storageBarrier`,
//! `textureBarrier`, `workgroupUniformLoad`, SPIR-V `OpControlBarrier`)
//! waits for every invocation of the workgroup. Reached by only some, it
//! hangs the GPU or races, and naga accepts it without a word. The
//! [uniformity analysis](crate::analysis::uniformity) finds them; this pass
//! reports each one as an error that walks back to the cause, unless it can
//! split the `if` around it:
//!
//! ```text
//! if c { A; barrier(); B } else { R }
//!   =>  if c { A } else { R }  barrier();  if c { B }
//! ```
//!
//! `c` is evaluated once (naga expressions are values, computed where they
//! are emitted), so both halves see the same condition. This is safe when
//! `A` cannot leave the `if` early: every invocation that entered `A`
//! reaches the barrier, now together with those that did not take the
//! branch. Values `A` defines and `B` uses are carried through
//! function-local variables. Both branches may hold barriers when they hold
//! the same sequence of them. Anything else stays an error that says why
//! no rewrite was made, and the module is left as it was.

use std::collections::{BTreeSet, HashMap, HashSet};

use naga::valid::ModuleInfo;
use naga::{Block, Expression, Function, Handle, Module, Span, Statement, TypeInner};

use crate::analysis::divergent_barriers;
use crate::analysis::uniformity::{
    BarrierKind, FunctionRef, FunctionUniformity, RequirementKind, StatementPath, Uniformity,
    UniformityRequirement,
};
use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::exits::{predicate_exits, Exit, Predicate};
use crate::ir::{
    add_local, block_of, child_blocks, defined_at_top, enclosing, enclosing_loop, ensure_type,
    for_each_operand, for_each_statement, function_mut, inline_call, local_uses, stored_local,
    substitute_uses, used_in, CallSite, LocalUse, LoopLocals,
};
use crate::pass::{Change, Pass, PassContext};

mod uniform_loop;

pub struct HoistBarriers;

/// The code of the pass' diagnostics about divergent barriers: an error
/// where it could not fix one, a warning where it did.
pub const DIAGNOSTIC_CODE: &str = "hoist-barriers::divergent-barrier";

/// Barriers the splitter gave up on, with why. A barrier is known by its
/// span, which rewrites keep; by its place where it has none.
#[derive(Default)]
struct Refusals(Vec<(FunctionRef, Span, StatementPath, String)>);

impl Refusals {
    fn get(&self, function: FunctionRef, requirement: &UniformityRequirement) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, span, path, _)| {
                *f == function
                    && if span.is_defined() {
                        *span == requirement.span
                    } else {
                        *path == requirement.path
                    }
            })
            .map(|(.., reason)| reason.as_str())
    }

    fn insert(
        &mut self,
        function: FunctionRef,
        requirement: &UniformityRequirement,
        reason: String,
    ) {
        self.0
            .push((function, requirement.span, requirement.path.clone(), reason));
    }
}

/// More rounds than any real nesting needs; a bound against a rewrite that
/// would not converge.
const MAX_ROUNDS: usize = 256;

impl Pass for HoistBarriers {
    fn name(&self) -> &'static str {
        "hoist-barriers"
    }

    fn description(&self) -> &'static str {
        "diagnose barriers in non-uniform control flow; split the `if` around them where provably safe"
    }

    fn is_enabled(
        &self,
        module: &Module,
        _target: &crate::pass::Target,
        _selection: crate::pass::Selection,
    ) -> bool {
        divergent_barriers::has_barriers(module)
    }

    fn run(&self, module: &mut Module, cx: &mut PassContext<'_>) {
        let analysis = Uniformity::analyze(module);
        if analysis.violations().is_empty() {
            return;
        }
        let mut candidate = module.clone();
        // naga wraps `for` bodies and `{ }` in blocks, which only scope
        // expressions; the rewrites look through none.
        for f in crate::ir::functions_mut(&mut candidate) {
            crate::ir::splice_nested_blocks(&mut f.body);
        }
        let mut changes = Vec::new();
        let mut refused = Refusals::default();
        for _ in 0..MAX_ROUNDS {
            let analysis = Uniformity::analyze(&candidate);
            let mut violations = analysis.violations();
            // Innermost first: an inner `if` is split before the one around it.
            violations.sort_by_key(|(_, r)| std::cmp::Reverse(r.path.len()));
            let Some((function, requirement)) = violations
                .into_iter()
                .find(|(f, r)| refused.get(*f, r).is_none())
            else {
                break;
            };
            let info = match crate::manager::validate(&candidate) {
                Ok(info) => info,
                Err(e) => {
                    cx.report(
                        Diagnostic::error(format!(
                            "hoist-barriers produced an invalid module while rewriting: {}",
                            e.as_inner()
                        ))
                        .with_code("hoist-barriers::internal"),
                    );
                    return;
                }
            };
            let rewritten = split_if(
                &mut candidate,
                &info,
                analysis.function(function),
                function,
                requirement,
                &requirement.path,
            )
            .or_else(|reason| fold_early_exit(&mut candidate, function, requirement).ok_or(reason))
            .or_else(|reason| {
                rewrite_across(&mut candidate, &info, &analysis, function, requirement)
                    .unwrap_or(Err(reason))
            });
            match rewritten {
                Ok(change) => changes.push(change),
                Err(reason) => refused.insert(function, requirement, reason),
            }
        }
        if refused.0.is_empty() && Uniformity::analyze(&candidate).violations().is_empty() {
            // The input was wrong even though the output is right: a
            // warning for each barrier, speaking of the input as written.
            for (function, requirement) in analysis.violations() {
                cx.report(fixed(
                    module,
                    analysis.function(function),
                    requirement,
                    &changes,
                ));
            }
            *module = candidate;
            for change in changes {
                cx.record(change);
            }
            return;
        }
        // Nothing is rewritten when any barrier stays divergent: the
        // diagnostics speak of the input as written.
        for (function, requirement) in analysis.violations() {
            let address = analysis
                .function(function)
                .is_address_non_uniform(requirement)
                .then(|| "no rewrite makes the address the same for every invocation".to_owned());
            let reason = address
                .or_else(|| refused.get(function, requirement).map(str::to_owned))
                .or_else(|| {
                    explain_unfixable(module, function, &requirement.path, &requirement.what)
                })
                .unwrap_or_else(|| {
                    "this barrier could be hoisted, but another one in the module cannot, and the module is rewritten only as a whole".into()
                });
            cx.report(diagnose(
                module,
                analysis.function(function),
                requirement,
                &reason,
            ));
        }
    }
}

fn diagnose(
    module: &Module,
    analysed: &FunctionUniformity,
    requirement: &UniformityRequirement,
    reason: &str,
) -> Diagnostic {
    divergent_barriers::describe(module, analysed, requirement, Severity::Error)
        .with_code(DIAGNOSTIC_CODE)
        .with_note(divergent_barriers::WHY_IT_MATTERS)
        .with_note(format!("no fix applied: {reason}"))
}

/// The warning for a divergent barrier that the rewrites made uniform,
/// with a note for each rewrite made at it.
fn fixed(
    module: &Module,
    analysed: &FunctionUniformity,
    requirement: &UniformityRequirement,
    changes: &[Change],
) -> Diagnostic {
    let mut diagnostic =
        divergent_barriers::describe(module, analysed, requirement, Severity::Warning)
            .with_code(DIAGNOSTIC_CODE)
            .with_note(divergent_barriers::WHY_IT_MATTERS);
    // Every rewrite is recorded at the barrier it was made for, or at the
    // call it inlined; an inlined barrier keeps the span it has in the
    // callee. A split or a loop rewrite moves every barrier of the `if` or
    // loop at once, and is recorded at the first.
    let barrier_span = match requirement.what {
        RequirementKind::Barrier(_) => requirement.span,
        RequirementKind::Call { barrier_span, .. }
        | RequirementKind::Argument { barrier_span, .. } => barrier_span,
    };
    let encloses_barrier = |change: &Change| {
        ["if_span", "loop_span"].iter().any(|key| {
            change
                .details
                .get(*key)
                .and_then(|range| parse_span_text(range))
                .zip(barrier_span.to_range())
                .is_some_and(|(outer, inner)| outer.start <= inner.start && inner.end <= outer.end)
        })
    };
    // Nested `if`s split around one barrier say the same thing once each.
    let mut said: Vec<(&str, usize)> = Vec::new();
    for change in changes {
        if change.span.is_defined()
            && (change.span == requirement.span
                || change.span == barrier_span
                || encloses_barrier(change))
        {
            match said.iter_mut().find(|(m, _)| *m == change.message) {
                Some((_, n)) => *n += 1,
                None => said.push((&change.message, 1)),
            }
        }
    }
    for (message, times) in &said {
        let times = if *times > 1 {
            format!(" ({times} times)")
        } else {
            String::new()
        };
        diagnostic = diagnostic.with_note(format!("fixed by hoist-barriers: {message}{times}"));
    }
    let noted = said.len();
    if noted == 0 {
        diagnostic = diagnostic.with_note(
            "fixed by hoist-barriers, by the rewrites made for the other barriers of the module",
        );
    }
    diagnostic
}

fn function_info(info: &ModuleInfo, function: FunctionRef) -> &naga::valid::FunctionInfo {
    match function {
        FunctionRef::Function(h) => &info[h],
        FunctionRef::EntryPoint(i) => info.get_entry_point(i),
    }
}

/// Why a barrier that the splitter never got to cannot be hoisted, from
/// where it stands.
fn explain_unfixable(
    module: &Module,
    function: FunctionRef,
    path: &StatementPath,
    what: &RequirementKind,
) -> Option<String> {
    let body = &crate::ir::function_of(module, function).body;
    Some(unfixable_reason(what, enclosing(body, path)?.1))
}

fn unfixable_reason(what: &RequirementKind, parent: Option<&Statement>) -> String {
    if !matches!(what, RequirementKind::Barrier(_)) {
        return "the barrier is in a function called from non-uniform control flow, and inlining the call did not leave it in uniform control flow".into();
    }
    match parent {
        Some(Statement::Loop { .. }) => "the barrier is inside a loop whose iterations may differ between invocations, and the loop could not be made to iterate uniformly".into(),
        Some(Statement::Switch { .. }) => "the barrier is inside a `switch` on a value that may differ between invocations; only `if` is split".into(),
        _ => "some invocations may leave (return, break or continue) before this barrier, and the exit could not be turned into an active flag".into(),
    }
}

/// Where early exits in a block would go.
fn leaves_early(block: &Block, in_loop: bool, in_switch: bool) -> Option<&'static str> {
    for statement in block.iter() {
        let found = match *statement {
            Statement::Return { .. } => Some("return"),
            Statement::Kill => Some("discard"),
            Statement::Break if !in_loop && !in_switch => Some("break"),
            Statement::Continue if !in_loop => Some("continue"),
            Statement::Loop {
                ref body,
                ref continuing,
                ..
            } => leaves_early(body, true, false).or(leaves_early(continuing, true, false)),
            Statement::Switch { ref cases, .. } => cases
                .iter()
                .find_map(|c| leaves_early(&c.body, in_loop, true)),
            _ => child_blocks(statement)
                .into_iter()
                .find_map(|b| leaves_early(b, in_loop, in_switch)),
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The top-level statements of a branch, cut at its barriers.
struct Segments {
    parts: Vec<Block>,
    barriers: Vec<(Statement, Span)>,
}

fn cut(block: Block) -> Segments {
    let mut parts = vec![Block::new()];
    let mut barriers = Vec::new();
    for (statement, span) in block.span_into_iter() {
        if BarrierKind::of(&statement).is_some() || is_loop_with_barrier(&statement) {
            barriers.push((statement, span));
            parts.push(Block::new());
        } else {
            parts
                .last_mut()
                .expect("one part at least")
                .push(statement, span);
        }
    }
    Segments { parts, barriers }
}

/// A loop that holds a barrier: a split moves it out of the `if` whole,
/// made to iterate uniformly (see [`uniform_loop`]).
fn is_loop_with_barrier(statement: &Statement) -> bool {
    let mut found = false;
    if let Statement::Loop { .. } = statement {
        for child in child_blocks(statement) {
            for_each_statement(child, &mut |s, _| found |= BarrierKind::of(s).is_some());
        }
    }
    found
}

fn same_barrier(a: &Statement, b: &Statement) -> bool {
    match (a, b) {
        (Statement::ControlBarrier(x), Statement::ControlBarrier(y)) => x == y,
        (
            Statement::WorkGroupUniformLoad { pointer: p, .. },
            Statement::WorkGroupUniformLoad { pointer: q, .. },
        ) => p == q,
        _ => false,
    }
}

/// Splits the `if` that holds the barrier of `requirement` at its top
/// level. Returns the change, or why it cannot be made.
fn split_if(
    module: &mut Module,
    info: &ModuleInfo,
    analysed: &FunctionUniformity,
    function: FunctionRef,
    requirement: &UniformityRequirement,
    cut_path: &[u32],
) -> Result<Change, String> {
    let if_path = &cut_path[..cut_path.len().saturating_sub(2)];
    let moves_loop = {
        let body = &function_mut(module, function).body;
        let (_, parent) = enclosing(body, cut_path).ok_or("the barrier could not be located")?;
        if !matches!(parent, Some(Statement::If { .. }))
            || !matches!(requirement.what, RequirementKind::Barrier(_))
            || cut_path.len() < 3
        {
            return Err(unfixable_reason(&requirement.what, parent));
        }
        let (the_if, _) = enclosing(body, if_path).ok_or("the `if` could not be located")?;
        child_blocks(the_if)
            .into_iter()
            .any(|b| b.iter().any(is_loop_with_barrier))
    };
    let resources = moves_loop.then(|| new_loop_resources(module, requirement.span));
    let fn_info = function_info(info, function);
    let mut types = std::mem::take(&mut module.types);
    let result = split_if_at(
        function_mut(module, function),
        &mut types,
        fn_info,
        analysed,
        if_path,
        requirement,
        resources.as_ref(),
    );
    module.types = types;
    result
}

/// The workgroup counter and types of a loop made uniform; the counter is
/// named after the loops already made.
fn new_loop_resources(module: &mut Module, span: Span) -> uniform_loop::LoopResources {
    let taken = module
        .global_variables
        .iter()
        .filter(|(_, g)| {
            g.name
                .as_deref()
                .is_some_and(|n| n.starts_with(uniform_loop::VOTES_PREFIX))
        })
        .count();
    uniform_loop::LoopResources::new(
        module,
        format!("{}{taken}", uniform_loop::VOTES_PREFIX),
        span,
    )
}

fn split_if_at(
    function: &mut Function,
    types: &mut naga::UniqueArena<naga::Type>,
    info: &naga::valid::FunctionInfo,
    analysed: &FunctionUniformity,
    if_path: &[u32],
    requirement: &UniformityRequirement,
    resources: Option<&uniform_loop::LoopResources>,
) -> Result<Change, String> {
    let Function {
        body,
        expressions,
        local_variables,
        named_expressions,
        ..
    } = function;
    // What the loops moved out of the `if` need to know of the function as
    // it was analysed.
    let known = expressions.len();
    let in_loop = enclosing_loop(body, if_path).is_some();
    let all_uses = local_uses(expressions, body);
    let (block, index) = block_of(body, if_path).ok_or("the `if` could not be located")?;
    let (statement, if_span) = {
        let mut iter = block.span_iter().skip(index);
        let (s, span) = iter.next().ok_or("the `if` could not be located")?;
        (s.clone(), *span)
    };
    let Statement::If {
        condition,
        accept,
        reject,
    } = statement
    else {
        return Err("the barrier is not directly inside an `if`".into());
    };
    let accept = cut(accept);
    let reject = cut(reject);
    let barriers = match (accept.barriers.len(), reject.barriers.len()) {
        (_, 0) => accept.barriers.clone(),
        (0, _) => reject.barriers.clone(),
        (a, b) if a == b => {
            if !accept
                .barriers
                .iter()
                .zip(&reject.barriers)
                .all(|((x, _), (y, _))| same_barrier(x, y))
            {
                return Err(
                    "both branches of the `if` hold barriers, but not the same sequence of them"
                        .into(),
                );
            }
            accept.barriers.clone()
        }
        _ => {
            return Err("both branches of the `if` hold barriers, but not as many".into());
        }
    };
    let n = barriers.len();
    let mut parts = [accept.parts, reject.parts];
    for branch in parts.iter_mut() {
        if branch.len() == 1 && leaves_early(&branch[0], false, false).is_some() {
            // A branch without barriers that may leave runs after the last
            // barrier, where leaving keeps nobody from it. (naga puts the
            // function's final `return` in both branches of a trailing `if`.)
            branch.splice(0..0, (0..n).map(|_| Block::new()));
        } else {
            branch.resize_with(n + 1, Block::new);
        }
    }
    for branch in &parts {
        for part in &branch[..n] {
            if let Some(exit) = leaves_early(part, false, false) {
                return Err(format!(
                    "the branch may leave the `if` (`{exit}`) before the barrier, so not every invocation that enters it reaches the barrier"
                ));
            }
        }
    }
    // The barriers move out of the branches: their own operands must be
    // visible there.
    let mut defined_inside: HashSet<Handle<Expression>> = HashSet::new();
    for branch in &parts {
        for part in branch {
            defined_inside.extend(defined_at_top(part));
        }
    }
    for (barrier, _) in &barriers {
        let inside = match barrier {
            Statement::WorkGroupUniformLoad { pointer, .. } => defined_inside.contains(pointer),
            _ => false,
        };
        if inside {
            return Err(
                "the pointer of `workgroupUniformLoad` is computed inside the branch".into(),
            );
        }
    }
    // A loop moved out of the `if` runs for the invocations of its branch
    // only. (Loops are never the same cut in both branches.)
    let cuts_in_reject = accept.barriers.is_empty();
    let mut cut_blocks: Vec<Block> = barriers
        .iter()
        .map(|(b, span)| {
            let mut block = Block::new();
            block.push(b.clone(), *span);
            block
        })
        .collect();
    let is_moved_loop: Vec<bool> = barriers
        .iter()
        .map(|(b, _)| matches!(b, Statement::Loop { .. }))
        .collect();
    // Values a part defines and a later part (or a loop moved out) of the
    // same branch uses live on in function-local variables.
    let mut carrier = Carrier {
        expressions,
        local_variables,
        named_expressions,
        types,
        info,
        carried: 0,
    };
    for (b, branch) in parts.iter_mut().enumerate() {
        for later in 1..=n {
            let (before, after) = branch.split_at_mut(later);
            carrier.carry(before, &mut after[0])?;
            if is_moved_loop[later - 1] && cuts_in_reject == (b == 1) {
                carrier.carry(before, &mut cut_blocks[later - 1])?;
            }
        }
    }
    let carried = carrier.carried;
    let Carrier {
        expressions,
        local_variables,
        ..
    } = carrier;
    let [mut accept_parts, mut reject_parts] = parts;
    let mut replacement = Block::new();
    let mut moved_loops = Vec::new();
    for i in 0..=n {
        let mut accept = std::mem::take(&mut accept_parts[i]);
        let mut reject = std::mem::take(&mut reject_parts[i]);
        // A variable that only a loop moved out next reads, reset just
        // before it, is reset outside the `if` (for every invocation: the
        // others never read it), so that a counted loop starts from the
        // same value everywhere.
        let locals = (i < n && is_moved_loop[i]).then(|| {
            let the_loop = cut_blocks[i]
                .last()
                .expect("the loop is the cut block's last statement");
            LoopLocals::new(expressions, all_uses.as_ref(), the_loop)
        });
        let reset = locals.as_ref().and_then(|locals| {
            let part = if cuts_in_reject {
                &mut reject
            } else {
                &mut accept
            };
            take_reset(expressions, part, locals, &defined_inside, known)
        });
        if !accept.is_empty() || !reject.is_empty() {
            replacement.push(
                Statement::If {
                    condition,
                    accept,
                    reject,
                },
                if_span,
            );
        }
        if i == n {
            break;
        }
        let mut cut = std::mem::take(&mut cut_blocks[i]);
        if !is_moved_loop[i] {
            replacement.append(&mut cut);
            continue;
        }
        // The loop is the cut block's last statement, after the loads of
        // what it carries.
        let mut statements: Vec<(Statement, Span)> = cut.span_into_iter().collect();
        let (the_loop, loop_span) = statements.pop().expect("the loop");
        let reset = reset.map(|(store, span)| {
            let stored = stored_local(expressions, &store);
            replacement.push(store, span);
            stored.expect("take_reset takes a store into a local variable")
        });
        for (s, span) in statements {
            replacement.push(s, span);
        }
        let resources = resources.ok_or("internal: no loop resources were made")?;
        let site = uniform_loop::Surroundings {
            entry: Some((condition, cuts_in_reject)),
            reset,
            locals: locals.as_ref().expect("made for every moved loop"),
            analysed,
            in_loop,
        };
        let (mut made, strategy) = uniform_loop::make_uniform(
            expressions,
            local_variables,
            resources,
            the_loop,
            loop_span,
            &site,
        )?;
        moved_loops.push(strategy.name());
        replacement.append(&mut made);
    }
    block.splice(index..index + 1, replacement);
    let change = Change::new(
        "split-if",
        requirement.span,
        format!(
            "split the `if` around `{}` so that every invocation of the workgroup reaches it",
            requirement.barrier().name()
        ),
    )
    .with_detail("condition_span", span_text(expressions.get_span(condition)))
    .with_detail("if_span", span_text(if_span))
    .with_detail("barriers", n)
    .with_detail("carried_values", carried);
    Ok(if moved_loops.is_empty() {
        change
    } else {
        change.with_detail("uniform_loops", moved_loops.join(","))
    })
}

/// Carries values across a cut: what earlier parts of a branch define and a
/// later part uses is stored into a function-local variable at the end of
/// its part and loaded at the start of the later one.
struct Carrier<'a> {
    expressions: &'a mut naga::Arena<Expression>,
    local_variables: &'a mut naga::Arena<naga::LocalVariable>,
    named_expressions: &'a naga::FastIndexMap<Handle<Expression>, String>,
    types: &'a mut naga::UniqueArena<naga::Type>,
    info: &'a naga::valid::FunctionInfo,
    carried: usize,
}

impl Carrier<'_> {
    fn carry(&mut self, earlier: &mut [Block], later: &mut Block) -> Result<(), String> {
        let mut used = BTreeSet::new();
        used_in(self.expressions, later, &mut used);
        // Which part defines each value.
        let defined: HashMap<Handle<Expression>, usize> = earlier
            .iter()
            .enumerate()
            .flat_map(|(i, part)| defined_at_top(part).into_iter().map(move |v| (v, i)))
            .collect();
        // A pointer is an address, not a value a variable can hold: it is
        // computed again after the cut, from its carried indices.
        let mut pointers = Vec::new();
        let mut values = Vec::new();
        let mut pending: Vec<Handle<Expression>> = used.iter().copied().collect();
        let mut seen = HashSet::new();
        while let Some(value) = pending.pop() {
            if !defined.contains_key(&value) || !seen.insert(value) {
                continue;
            }
            if self.is_pointer(value) {
                match self.expressions[value] {
                    Expression::Access { base, index } => pending.extend([base, index]),
                    Expression::AccessIndex { base, .. } => pending.push(base),
                    _ => return Err("a pointer computed before the barrier is used after it; it cannot be carried across".into()),
                }
                pointers.push(value);
            } else {
                values.push(value);
            }
        }
        values.sort();
        pointers.sort();
        let mut substitutions = HashMap::new();
        let mut prologue = Block::new();
        for value in values {
            let ty = self.type_of(value);
            let name = self.named_expressions.get(&value).map_or_else(
                || format!("carried_{}", value.index()),
                |n| format!("{n}_carried"),
            );
            self.carried += 1;
            let span = self.expressions.get_span(value);
            let local = add_local(self.local_variables, name, ty, span);
            let pointer = self
                .expressions
                .append(Expression::LocalVariable(local), span);
            earlier[defined[&value]].push(Statement::Store { pointer, value }, span);
            let load = self.expressions.append(Expression::Load { pointer }, span);
            prologue.push(
                Statement::Emit(naga::Range::new_from_bounds(load, load)),
                span,
            );
            substitutions.insert(value, load);
        }
        // Operands before their users: handles grow in that order.
        for pointer in pointers {
            let span = self.expressions.get_span(pointer);
            let mut copy = self.expressions[pointer].clone();
            for_each_operand(&mut copy, &mut |h| {
                if let Some(&new) = substitutions.get(h) {
                    *h = new;
                }
            });
            let new = self.expressions.append(copy, span);
            prologue.push(
                Statement::Emit(naga::Range::new_from_bounds(new, new)),
                span,
            );
            substitutions.insert(pointer, new);
        }
        if substitutions.is_empty() {
            return Ok(());
        }
        substitute_uses(self.expressions, later, &substitutions)
            .map_err(|e| format!("a value carried across the barrier is used by {}", e.0))?;
        prologue.append(later);
        *later = prologue;
        Ok(())
    }

    fn type_of(&mut self, value: Handle<Expression>) -> Handle<naga::Type> {
        match self.info[value].ty {
            naga::proc::TypeResolution::Handle(t) => t,
            naga::proc::TypeResolution::Value(ref inner) => ensure_type(self.types, inner.clone()),
        }
    }

    fn is_pointer(&mut self, value: Handle<Expression>) -> bool {
        let ty = self.type_of(value);
        matches!(
            self.types[ty].inner,
            TypeInner::Pointer { .. } | TypeInner::ValuePointer { .. }
        )
    }
}

/// The rewrites for a barrier that no split of its own `if` reaches: a
/// call to it is inlined, a loop around it made uniform, early returns
/// before it predicated. `None` where none applies.
fn rewrite_across(
    module: &mut Module,
    info: &ModuleInfo,
    analysis: &Uniformity,
    function: FunctionRef,
    requirement: &UniformityRequirement,
) -> Option<Result<Change, String>> {
    if let RequirementKind::Call { barrier_span, .. }
    | RequirementKind::Argument { barrier_span, .. } = requirement.what
    {
        return Some(
            inline_call(module, function, &requirement.path, CallSite::Anywhere).map(|name| {
                Change::new(
                    "inline-call",
                    requirement.span,
                    format!(
                        "inlined `{name}`, which reaches `{}`, so that the barrier can be hoisted where it is called",
                        requirement.barrier().name()
                    ),
                )
                .with_detail("callee", name)
                .with_detail("barrier_span", span_text(barrier_span))
            }),
        );
    }
    let loop_path = {
        let body = &function_mut(module, function).body;
        enclosing_loop(body, &requirement.path)
    };
    // Returns inside the loop are predicated first: they leave it through a
    // `break`, which the loop's rewrite then takes care of.
    let loop_returns = loop_path.as_ref().is_some_and(|p| {
        let body = &function_mut(module, function).body;
        matches!(
            enclosing(body, p),
            Some((Statement::Loop { body, .. }, _))
                if Predicate::has_exit(Exit::Return, body)
        )
    });
    if loop_path.is_none() || loop_returns {
        if let Some(change) = predicate_returns(module, function, requirement) {
            return Some(Ok(change));
        }
    }
    let path = loop_path?;
    Some(make_loop_uniform(
        module,
        info,
        analysis,
        function,
        requirement,
        path,
    ))
}

/// Takes out of `part` a top-level store into a local variable that
/// nothing but the loop after the part names (outside it, the store is
/// its only use), of a value from before the `if` (not `defined_inside` its
/// branches, nor made since the analysis: `known`).
fn take_reset(
    expressions: &naga::Arena<Expression>,
    part: &mut Block,
    locals: &LoopLocals,
    defined_inside: &HashSet<Handle<Expression>>,
    known: usize,
) -> Option<(Statement, Span)> {
    let at = part.iter().position(|s| {
        stored_local(expressions, s).is_some_and(|(local, value)| {
            locals.named_inside(local)
                && locals.outside(local) == Some(LocalUse { reads: 0, other: 1 })
                && value.index() < known
                && !defined_inside.contains(&value)
        })
    })?;
    let mut statements: Vec<(Statement, Span)> = std::mem::take(part).span_into_iter().collect();
    let taken = statements.remove(at);
    for (s, span) in statements {
        part.push(s, span);
    }
    Some(taken)
}

/// Makes the loop at `loop_path` (or, where it is itself in a loop reached
/// non-uniformly, that one) iterate uniformly; a loop inside an `if` is
/// moved out of it by a split.
fn make_loop_uniform(
    module: &mut Module,
    info: &ModuleInfo,
    analysis: &Uniformity,
    function: FunctionRef,
    requirement: &UniformityRequirement,
    mut loop_path: StatementPath,
) -> Result<Change, String> {
    let analysed = analysis.function(function);
    loop {
        if analysed.is_control_flow_uniform_at(&loop_path) == Some(true) {
            // A loop that all invocations iterate together (one made so
            // already) is not what makes the barrier divergent.
            let mut first = loop_path.clone();
            first.extend([0, 0]);
            if analysed.is_control_flow_uniform_at(&first) != Some(false) {
                return Err("the barrier is inside a loop that every invocation iterates together, but something inside the loop cannot be hoisted".into());
            }
            break;
        }
        let body = &function_mut(module, function).body;
        let (_, parent) = enclosing(body, &loop_path).ok_or("the loop could not be located")?;
        match parent {
            Some(Statement::If { .. }) => {
                return split_if(module, info, analysed, function, requirement, &loop_path);
            }
            Some(Statement::Loop { .. }) => {
                loop_path =
                    enclosing_loop(body, &loop_path).ok_or("the loop could not be located")?;
            }
            _ => {
                return Err("the loop around the barrier is itself reached by only some invocations, and not through an `if` that can be split".into());
            }
        }
    }
    let resources = new_loop_resources(module, requirement.span);
    let f = function_mut(module, function);
    let in_loop = enclosing_loop(&f.body, &loop_path).is_some();
    let all_uses = local_uses(&f.expressions, &f.body);
    let (block, index) =
        block_of(&mut f.body, &loop_path).ok_or("the loop could not be located")?;
    let (the_loop, loop_span) = block
        .span_iter()
        .nth(index)
        .map(|(s, span)| (s.clone(), *span))
        .ok_or("the loop could not be located")?;
    // The statement before the loop, past what it emits.
    let reset = block
        .iter()
        .take(index)
        .rev()
        .find(|s| !matches!(s, Statement::Emit(_)))
        .and_then(|s| stored_local(&f.expressions, s));
    let locals = LoopLocals::new(&f.expressions, all_uses.as_ref(), &the_loop);
    let site = uniform_loop::Surroundings {
        entry: None,
        reset,
        locals: &locals,
        analysed,
        in_loop,
    };
    let (made, strategy) = uniform_loop::make_uniform(
        &mut f.expressions,
        &mut f.local_variables,
        &resources,
        the_loop,
        loop_span,
        &site,
    )?;
    let (block, _) = block_of(&mut f.body, &loop_path).expect("located above");
    block.splice(index..index + 1, made);
    Ok(Change::new(
        "uniform-loop",
        requirement.span,
        format!(
            "every invocation of the workgroup now runs the loop around `{}` as long as any does, each running the body only in its own iterations",
            requirement.barrier().name()
        ),
    )
    .with_detail("loop_span", span_text(loop_span))
    .with_detail("strategy", strategy.name()))
}

/// Keeps invocations that return early alive, with an active flag: every
/// `return` but a trailing one clears it, and what it skipped runs only
/// where the flag holds. For functions that return no value.
fn predicate_returns(
    module: &mut Module,
    function: FunctionRef,
    requirement: &UniformityRequirement,
) -> Option<Change> {
    let bool_ty = ensure_type(&mut module.types, TypeInner::Scalar(naga::Scalar::BOOL));
    let f = function_mut(module, function);
    if f.result.is_some() {
        return None;
    }
    let mut returns = Vec::new();
    for_each_statement(&f.body, &mut |s, span| {
        if matches!(s, Statement::Return { .. }) {
            returns.push(span);
        }
    });
    // A trailing `return`, the last statement visited, is where every
    // invocation ends anyway.
    let trailing = matches!(f.body.last(), Some(Statement::Return { value: None }));
    if trailing {
        returns.pop();
    }
    if returns.is_empty() {
        return None;
    }
    let mut body = std::mem::take(&mut f.body);
    if trailing {
        body.cull(body.len() - 1..);
    }
    let span = returns[0];
    let (_, predicated) = predicate_exits(f, "invocation_active", bool_ty, span, body, None);
    f.body = predicated;
    let change = Change::new(
        "predicate-early-exit",
        requirement.span,
        format!(
            "the invocations that return early stay alive to `{}`: each `return` clears a per-invocation active flag, and what it skipped runs only where the flag is set",
            requirement.barrier().name()
        ),
    )
    .with_detail("strategy", "active-flag")
    .with_detail("returns", returns.len())
    .with_detail(
        "return_spans",
        returns
            .iter()
            .map(|s| span_text(*s))
            .collect::<Vec<_>>()
            .join(","),
    );
    Some(change)
}

/// Whether a statement is a `return` without a value.
fn is_plain_return(statement: &Statement) -> bool {
    matches!(statement, Statement::Return { value: None })
}

/// Keeps invocations that leave through an early `return` alive to the
/// barriers after it:
///
/// ```text
/// if c { A; return; } REST   =>   if c { A } else { REST }
/// ```
///
/// Exact where the block is in tail position (nothing but the end of the
/// function follows it): the invocations that took the guard did nothing
/// after it, and now do nothing but fall through to the end. With the
/// barrier in a branch, the next rounds split that `if`; the guard's
/// condition, evaluated once, is each invocation's active flag. The guard
/// nearest the barrier is folded first.
fn fold_early_exit(
    module: &mut Module,
    function: FunctionRef,
    requirement: &UniformityRequirement,
) -> Option<Change> {
    if !matches!(requirement.what, RequirementKind::Barrier(_)) {
        return None;
    }
    let f = function_mut(module, function);
    if f.result.is_some() {
        return None;
    }
    let path = &requirement.path;
    // The levels of the path whose block is in tail position.
    let mut tail_levels = Vec::new();
    {
        let mut block: &Block = &f.body;
        let mut level = 0;
        loop {
            tail_levels.push(level);
            let index = path[level] as usize;
            if level + 1 >= path.len() {
                break;
            }
            let statement = block.get(index)?;
            let rest_returns_only = block.iter().skip(index + 1).all(is_plain_return);
            if !matches!(statement, Statement::If { .. }) || !rest_returns_only {
                break;
            }
            block = child_blocks(statement).get(path[level + 1] as usize)?;
            level += 2;
        }
    }
    for &level in tail_levels.iter().rev() {
        let (block, index) = block_of(&mut f.body, &path[..=level])?;
        let guard = (0..index).rev().find(|&j| {
            matches!(
                block.get(j),
                Some(Statement::If { accept, reject, .. })
                    if accept.last().is_some_and(is_plain_return)
                        || reject.last().is_some_and(is_plain_return)
            )
        });
        let Some(guard) = guard else {
            continue;
        };
        let old = std::mem::take(block);
        let mut statements: Vec<(Statement, Span)> = old.span_into_iter().collect();
        let rest: Vec<(Statement, Span)> = statements.drain(guard + 1..).collect();
        let (mut guard_statement, guard_span) = statements.pop()?;
        let Statement::If {
            condition,
            ref mut accept,
            ref mut reject,
        } = guard_statement
        else {
            return None;
        };
        let (leaving, staying) = if accept.last().is_some_and(is_plain_return) {
            (accept, reject)
        } else {
            (reject, accept)
        };
        let mut kept = Block::new();
        let count = leaving.len();
        for (i, (s, span)) in std::mem::take(leaving).span_into_iter().enumerate() {
            if i + 1 < count {
                kept.push(s, span);
            }
        }
        *leaving = kept;
        for (s, span) in rest {
            staying.push(s, span);
        }
        for (s, span) in statements {
            block.push(s, span);
        }
        block.push(guard_statement, guard_span);
        let expressions = &f.expressions;
        return Some(
            Change::new(
                "predicate-early-exit",
                requirement.span,
                format!(
                    "the invocations that return early stay alive to `{}`: what followed the `return` now runs only where its condition is false",
                    requirement.barrier().name()
                ),
            )
            .with_detail("condition_span", span_text(expressions.get_span(condition)))
            .with_detail("return_span", span_text(guard_span)),
        );
    }
    None
}

fn span_text(span: Span) -> String {
    span.to_range()
        .map_or_else(|| "undefined".into(), |r| format!("{}..{}", r.start, r.end))
}

/// The range [`span_text`] wrote into a change's details.
fn parse_span_text(text: &str) -> Option<std::ops::Range<usize>> {
    let (start, end) = text.split_once("..")?;
    Some(start.parse().ok()?..end.parse().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::{PassOptions, Selection, Target};

    /// Runs the pass; the rewritten WGSL, or the notes of its errors. A
    /// rewrite comes with one warning per barrier it fixed, each naming a
    /// rewrite.
    fn hoist(source: &str) -> Result<(String, Vec<Change>), Vec<String>> {
        let mut module = naga::front::wgsl::parse_str(source).expect("valid WGSL");
        let target = Target::default();
        let options = PassOptions::default();
        let mut cx = PassContext::new(&target, Selection::Explicit, &options, None);
        HoistBarriers.run(&mut module, &mut cx);
        let (changes, diagnostics) = cx.into_results();
        if diagnostics.iter().any(Diagnostic::is_error) {
            return Err(diagnostics.into_iter().flat_map(|d| d.notes).collect());
        }
        assert_eq!(
            diagnostics.is_empty(),
            changes.is_empty(),
            "{diagnostics:?}"
        );
        for warning in &diagnostics {
            assert_eq!(warning.severity, Severity::Warning);
            assert!(
                warning
                    .notes
                    .iter()
                    .any(|n| n.starts_with("fixed by hoist-barriers: ")),
                "{warning:?}"
            );
        }
        let info = crate::manager::validate(&module).expect("the rewrite validates");
        let text =
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .unwrap();
        Ok((text, changes))
    }

    fn main_with(body: &str) -> String {
        format!(
            "var<workgroup> w: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {{
{body}
}}"
        )
    }

    fn refusal(body: &str) -> String {
        hoist(&main_with(body))
            .expect_err("the barrier stays divergent")
            .join("\n")
    }

    #[test]
    fn uniform_modules_are_left_alone() {
        let source = main_with("w[lid] = lid;\nworkgroupBarrier();\nout[lid] = w[63u - lid];");
        let (_, changes) = hoist(&source).unwrap();
        assert!(changes.is_empty());
    }

    #[test]
    fn a_split_runs_each_half_under_the_same_condition() {
        let source = main_with(
            "if lid < 7u {\n let v = lid * 3u;\n w[lid] = v;\n workgroupBarrier();\n out[lid] = w[lid + 1u] + v;\n}",
        );
        let (text, changes) = hoist(&source).unwrap();
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].kind, "split-if");
        assert_eq!(changes[0].details["carried_values"], "1");
        // The barrier sits between two `if`s on one condition value.
        let barrier = text.find("workgroupBarrier()").unwrap();
        let before = &text[..barrier];
        let after = &text[barrier..];
        let condition = before
            .lines()
            .find_map(|l| {
                l.trim()
                    .strip_prefix("if ")
                    .map(|c| c.trim_end_matches(" {"))
            })
            .unwrap()
            .to_string();
        assert!(after.contains(&format!("if {condition} {{")), "{text}");
        assert!(text.contains("v_carried = v;"), "{text}");
    }

    #[test]
    fn splits_that_would_change_meaning_are_refused() {
        // Different barrier sequences in the two branches.
        let notes = refusal("if lid < 7u { workgroupBarrier(); } else { storageBarrier(); }");
        assert!(notes.contains("not the same sequence"), "{notes}");
        // Fewer barriers in one branch than the other, but not none.
        let notes = refusal(
            "if lid < 7u { workgroupBarrier(); workgroupBarrier(); } else { workgroupBarrier(); }",
        );
        assert!(notes.contains("not as many"), "{notes}");
        // A loop whose continuing block reads what its body computed.
        let notes = refusal(
            "var k = 0u;\nloop {\n let v = w[k];\n if v > lid { break; }\n workgroupBarrier();\n continuing { k += v; }\n}",
        );
        assert!(notes.contains("continuing block reads"), "{notes}");
    }

    /// How the pass made the loop of `body` uniform.
    fn loop_strategy(body: &str) -> String {
        let (text, changes) = hoist(&main_with(body)).unwrap();
        changes
            .iter()
            .find(|c| c.kind == "uniform-loop")
            .unwrap_or_else(|| panic!("no uniform loop:\n{text}"))
            .details["strategy"]
            .clone()
    }

    fn kinds(changes: &[Change]) -> Vec<&str> {
        changes.iter().map(|c| c.kind.as_str()).collect()
    }

    #[test]
    fn pointers_are_computed_again_after_the_barrier() {
        let (text, _) = hoist(&main_with(
            "if lid < 7u {\n let p = &w[lid + 1u];\n *p = 1u;\n workgroupBarrier();\n out[lid] = *p;\n}",
        ))
        .unwrap();
        // The index is carried; the address is formed again from it.
        assert!(text.contains("w[_e"), "{text}");
        assert_eq!(text.matches("(lid + 1u)").count(), 1, "{text}");
    }

    #[test]
    fn returns_that_are_not_guards_clear_an_active_flag() {
        let (text, changes) = hoist(&main_with(
            "for (var k = 0u; k < 2u; k++) {\n if lid == k { return; }\n}\nw[lid] = lid;\nworkgroupBarrier();\nout[lid] = w[0];",
        ))
        .unwrap();
        assert_eq!(kinds(&changes), ["predicate-early-exit", "split-if"]);
        assert_eq!(changes[0].details["strategy"], "active-flag");
        // The return leaves the loop with the flag cleared; what followed
        // it runs only where the flag is set.
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let cleared = lines
            .iter()
            .position(|l| *l == "invocation_active = false;")
            .unwrap();
        assert_eq!(lines[cleared + 1], "break;", "{text}");
        assert_eq!(text.matches("workgroupBarrier()").count(), 1, "{text}");
    }

    #[test]
    fn a_counted_loop_runs_to_the_workgroup_s_longest_count() {
        let (text, changes) = hoist(&main_with(
            "for (var k = 0u; k < lid % 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n out[lid] += w[0];\n workgroupBarrier();\n}",
        ))
        .unwrap();
        assert_eq!(kinds(&changes)[0], "uniform-loop");
        assert!(
            text.contains("atomicMax((&hoist_loop_votes_0_), (lid % 4u));"),
            "{text}"
        );
        assert!(
            !text.contains("loop_vote_tag"),
            "no vote per iteration:\n{text}"
        );
    }

    #[test]
    fn other_loops_vote_every_iteration() {
        // The exit depends on memory the loop writes: no bound to compute
        // up front.
        let (text, changes) = hoist(&main_with(
            "loop {\n if w[lid] > 3u { break; }\n workgroupBarrier();\n w[lid] += 1u;\n workgroupBarrier();\n}",
        ))
        .unwrap();
        assert_eq!(kinds(&changes)[0], "uniform-loop");
        // A plain store of the iteration's tag votes; the loop ends when the
        // word read back is not this iteration's tag.
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let load = lines
            .iter()
            .position(|l| l.ends_with(" = loop_vote_tag;"))
            .expect(&text);
        let tag = lines[load]
            .trim_start_matches("let ")
            .split(' ')
            .next()
            .unwrap();
        assert!(
            text.contains(&format!("atomicStore((&hoist_loop_votes_0_), {tag});")),
            "{text}"
        );
        assert!(text.contains(&format!(" != {tag}) {{")), "{text}");
        assert!(
            text.contains(&format!("loop_vote_tag = (3u - {tag});")),
            "{text}"
        );
        assert!(!text.contains("atomicAdd"), "{text}");
        assert!(text.contains("loop_active = false;"), "{text}");
    }

    #[test]
    fn exits_at_the_top_of_a_voting_loop_are_taken_before_the_vote() {
        // Local arithmetic only: every invocation computes the test, which
        // alone decides whether it is still in the loop.
        let (text, _) = hoist(&main_with(
            "var x = lid;\nloop {\n if x < 2u { break; }\n w[lid] = x;\n workgroupBarrier();\n x = x >> 1u;\n}",
        ))
        .unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let position = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix));
        let cleared = position("loop_active = !((_e").expect(&text);
        let vote = position("atomicStore((&hoist_loop_votes_0_), _e").expect(&text);
        assert!(cleared < vote, "{text}");
        // With another way out, the test only clears the flag.
        let (text, _) = hoist(&main_with(
            "var x = lid;\nloop {\n if x < 2u { break; }\n w[lid] = x;\n workgroupBarrier();\n if w[0] == 7u { break; }\n x = x >> 1u;\n}",
        ))
        .unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let position = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix));
        let cleared = lines
            .iter()
            .position(|l| l.starts_with("loop_active = (") && l.contains(" && !("))
            .expect(&text);
        let vote = position("atomicStore((&hoist_loop_votes_0_), _e").expect(&text);
        assert!(cleared < vote, "{text}");
        // A test that reads shared memory runs only where the invocation
        // is still active, still before the vote.
        let (text, _) = hoist(&main_with(
            "loop {\n if w[lid] > 3u { break; }\n workgroupBarrier();\n w[lid] += 1u;\n workgroupBarrier();\n}",
        ))
        .unwrap();
        let cleared = text.find("loop_active = false;").expect(&text);
        let vote = text
            .find("atomicStore((&hoist_loop_votes_0_), _e")
            .expect(&text);
        assert!(cleared < vote, "{text}");
    }

    #[test]
    fn a_counter_that_differs_between_invocations_votes() {
        // Starting from `lid % 2u`, the counter would reach the workgroup's
        // largest bound after different numbers of iterations.
        assert_eq!(
            loop_strategy(
                "for (var k = lid % 2u; k < 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n}"
            ),
            "vote"
        );
        // Stepped by a value that differs, likewise.
        assert_eq!(
            loop_strategy(
                "for (var k = 0u; k < 8u; k += 1u + lid % 2u) {\n w[lid] = k;\n workgroupBarrier();\n}"
            ),
            "vote"
        );
    }

    #[test]
    fn a_counter_read_after_the_loop_stops_at_its_own_bound() {
        // Run on to the workgroup's largest bound, `k` would no longer be
        // this invocation's own count after the loop: a second counter
        // runs the loop, and `k` steps only in the invocation's own
        // iterations.
        let (text, changes) = hoist(&main_with(
            "var k = 0u;\nfor (; k < lid % 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n}\nout[lid] = k;",
        ))
        .unwrap();
        assert_eq!(changes[0].details["strategy"], "largest-count", "{text}");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let at = |line: &str| lines.iter().position(|l| *l == line).expect(&text);
        assert!(at("loop_iteration = 0u;") < at("loop {"), "{text}");
        let mine = lines[at("let _e6 = (_e3 < (lid % 4u));")]
            .trim_start_matches("let ")
            .split(' ')
            .next()
            .unwrap();
        let continuing = at("continuing {");
        assert_eq!(lines[continuing + 1], format!("if {mine} {{"), "{text}");
        assert_eq!(lines[continuing + 3], "k = (_e11 + 1u);", "{text}");
        assert_eq!(
            lines[continuing + 6],
            "loop_iteration = (_e24 + 1u);",
            "{text}"
        );
    }

    #[test]
    fn a_counter_the_body_changes_votes() {
        assert_eq!(
            loop_strategy(
                "for (var k = 0u; k < lid % 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n k += w[0] % 2u;\n}"
            ),
            "vote"
        );
    }

    #[test]
    fn nested_loops_with_divergent_trip_counts_both_count() {
        let (text, changes) = hoist(&main_with(
            "for (var i = 0u; i < lid % 3u; i++) {\n for (var j = 0u; j < lid % 5u; j++) {\n  w[lid] = i + j;\n  workgroupBarrier();\n  out[lid] += w[(lid + 1u) % 64u];\n  workgroupBarrier();\n }\n}",
        ))
        .unwrap();
        assert_eq!(kinds(&changes)[..2], ["uniform-loop", "split-if"], "{text}");
        assert_eq!(changes[0].details["strategy"], "largest-count");
        assert_eq!(changes[1].details["uniform_loops"], "largest-count");
        // The inner counter is reset for every invocation, outside the
        // outer loop's guarded body, then the inner bound is voted on.
        let reset = text.find("j = 0u;").expect(&text);
        let inner_max = text.find("atomicMax((&hoist_loop_votes_1_)").expect(&text);
        assert!(reset < inner_max, "{text}");
        assert!(!text.contains("loop_vote_tag"), "{text}");
    }

    #[test]
    fn a_loop_in_a_branch_is_moved_out_of_it() {
        let (text, changes) = hoist(&main_with(
            "if lid < 7u {\n for (var k = 0u; k < 3u; k++) {\n  w[lid] = k;\n  workgroupBarrier();\n }\n}",
        ))
        .unwrap();
        assert_eq!(kinds(&changes)[0], "split-if");
        // Those that did not take the branch ask for no iteration.
        assert!(text.contains("select(0u, 3u, "), "{text}");
    }

    #[test]
    fn calls_from_divergent_control_flow_are_inlined() {
        let source = "var<workgroup> w: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
fn exchange(i: u32) -> u32 {
    var r = i;
    if i == 0u { return 7u; }
    w[i] = r;
    workgroupBarrier();
    return w[63u - i];
}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    if lid < 7u { out[lid] = exchange(lid); }
}";
        let (text, changes) = hoist(source).unwrap();
        assert_eq!(kinds(&changes)[0], "inline-call");
        assert_eq!(changes[0].details["callee"], "exchange");
        // The callee's early return went through a flag and its value
        // through a local.
        assert!(text.contains("exchange_result = 7u;"), "{text}");
        assert!(text.contains("exchange_active = false;"), "{text}");
    }
}
