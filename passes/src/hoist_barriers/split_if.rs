//! Splitting the `if` around a barrier: the branch runs in two halves
//! under the same condition, with the barrier between them in uniform
//! control flow, and the values the first half defines carried to the
//! second through function-local variables.

use std::collections::{BTreeSet, HashMap, HashSet};

use naga::valid::ModuleInfo;
use naga::{Block, Expression, Function, Handle, Module, Span, Statement, TypeInner};

use crate::analysis::uniformity::{
    BarrierKind, FunctionRef, FunctionUniformity, RequirementKind, UniformityRequirement,
};
use crate::ir::{
    add_local, block_of, child_blocks, defined_at_top, enclosing, enclosing_loop, ensure_type,
    for_each_operand, for_each_statement, function_mut, local_uses, stored_local, used_in,
    LocalUse, LoopLocals,
};
use crate::pass::Change;

use super::{function_info, span_text, unfixable_reason, uniform_loop};

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
pub(super) fn split_if(
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
    if let Some(resources) = resources {
        resources.drop_votes_if_unused(module);
    }
    result
}

/// The workgroup counter and types of a loop made uniform; the counter is
/// named after the loops already made.
pub(super) fn new_loop_resources(module: &mut Module, span: Span) -> uniform_loop::LoopResources {
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
        recreated: HashMap::new(),
        originals: HashMap::new(),
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
    /// The expressions a carry re-created (their operands carried) and
    /// their copies: the parts after it use the copies.
    recreated: HashMap<Handle<Expression>, Handle<Expression>>,
    /// Each copy's original, whose type the function's info holds.
    originals: HashMap<Handle<Expression>, Handle<Expression>>,
}

impl Carrier<'_> {
    fn carry(&mut self, earlier: &mut [Block], later: &mut Block) -> Result<(), String> {
        // What an earlier carry re-created stands in an earlier part under
        // a new handle: uses here take the copy first.
        if !self.recreated.is_empty() {
            let recreated = self.recreated.clone();
            let more = crate::ir::substitute_uses_recreating(self.expressions, later, &recreated)
                .map_err(|e| {
                format!("a value carried across the barrier is used by {}", e.0)
            })?;
            self.note_recreated(more);
        }
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
        let recreated =
            crate::ir::substitute_uses_recreating(self.expressions, later, &substitutions)
                .map_err(|e| format!("a value carried across the barrier is used by {}", e.0))?;
        self.note_recreated(recreated);
        prologue.append(later);
        *later = prologue;
        Ok(())
    }

    fn note_recreated(&mut self, recreated: HashMap<Handle<Expression>, Handle<Expression>>) {
        for (original, copy) in recreated {
            let first = self.originals.get(&original).copied().unwrap_or(original);
            self.originals.insert(copy, first);
            self.recreated.insert(original, copy);
        }
    }

    fn type_of(&mut self, value: Handle<Expression>) -> Handle<naga::Type> {
        let value = self.originals.get(&value).copied().unwrap_or(value);
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
