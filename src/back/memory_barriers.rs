//! Memory barriers where the output has none.
//!
//! naga IR has memory-only barriers (`Statement::MemoryBarrier`, from
//! SPIR-V's `OpMemoryBarrier` and GLSL's `memoryBarrierShared()`), which
//! order an invocation's memory accesses without waiting for the others.
//! WGSL has none: its only barriers (`workgroupBarrier`, `storageBarrier`,
//! `textureBarrier`) are control barriers, which wait for every invocation
//! of the workgroup, and naga's writer spells a memory barrier as one.
//! naga's Metal writer does the same (`threadgroup_barrier`). That is
//! right only where every invocation reaches it. So, before WGSL or Metal
//! is written:
//!
//! - a memory barrier whose flags a control barrier executed right before
//!   or right after it covers (no memory access between them, the control
//!   barrier's flags holding all of the memory barrier's) is dropped: the
//!   control barrier orders the same accesses. "Right after" follows
//!   control flow out of `if` branches, so that a memory barrier left at
//!   the end of a branch in front of a control barrier (as
//!   `hoist-barriers` leaves GLSL's `memoryBarrierShared(); barrier();`)
//!   goes too;
//! - a memory barrier with no flags orders nothing and is dropped;
//! - every other one becomes the control barrier of its flags, which it
//!   is written as anyway, and the uniformity analysis checks the module
//!   so changed. A barrier the change left in non-uniform control flow
//!   (directly or through a call) is refused with its place and why it is
//!   non-uniform: the output cannot say it.

use std::collections::HashSet;

use naga::{
    AddressSpace, Barrier, Block, Expression, Function, Handle, Module, Statement, TypeInner,
};
use shaderxform_passes::analysis::divergent_barriers::function_name;
use shaderxform_passes::analysis::uniformity::{
    FunctionRef, RequirementKind, StatementPath, Uniformity, UniformityRequirement,
};
use shaderxform_passes::ir::{for_each_block_mut, for_each_statement, functions, functions_mut};

use super::EmitError;
use crate::diagnostics::Diagnostic;

/// The outputs whose writers have no memory-only barrier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Wgsl,
    Metal,
}

impl Target {
    /// The message of a refusal: what the output lacks.
    fn lacks(self) -> &'static str {
        match self {
            Target::Wgsl => "WGSL has no memory-only barrier",
            Target::Metal => "naga's Metal writer has no memory-only barrier",
        }
    }

    /// Why it matters, the first note of a refusal.
    fn why(self) -> &'static str {
        match self {
            Target::Wgsl => "WGSL's barriers (`workgroupBarrier`, `storageBarrier`, `textureBarrier`) wait for every invocation of the workgroup: a memory barrier can only be written as one, and reached by only some invocations it hangs the GPU or races (Tint refuses it)",
            Target::Metal => "naga writes a memory barrier in Metal as `threadgroup_barrier`, which waits for every invocation of the threadgroup: reached by only some, it hangs the GPU or races",
        }
    }
}

/// The module with its memory barriers made into what the target can say,
/// or `None` where it has none.
pub fn prepare(module: &Module, target: Target) -> Result<Option<Module>, EmitError> {
    if !functions(module).any(|f| has_memory_barrier(&f.body)) {
        return Ok(None);
    }
    let mut without_redundant = module.clone();
    // The clone's statements change, its expressions do not: they are
    // read from the original.
    for (function, body) in functions(module).zip(functions_mut(&mut without_redundant)) {
        let scope = Scope { module, function };
        drop_redundant(&scope, &mut body.body, None, None);
    }
    let mut converted = without_redundant.clone();
    let mut converted_any = false;
    for function in functions_mut(&mut converted) {
        converted_any |= convert(function);
    }
    if !converted_any {
        return Ok(Some(converted));
    }
    let after = Uniformity::analyze(&converted);
    let violations = after.violations();
    if violations.is_empty() {
        return Ok(Some(converted));
    }
    // The module came validated and checked, so a broken requirement is
    // the conversion's unless the module without it broke it already.
    let before = Uniformity::analyze(&without_redundant);
    let known: HashSet<(FunctionRef, StatementPath)> = before
        .violations()
        .into_iter()
        .map(|(f, r)| (f, r.path.clone()))
        .collect();
    let new: Vec<(FunctionRef, &UniformityRequirement)> = violations
        .into_iter()
        .filter(|(f, r)| !known.contains(&(*f, r.path.clone())))
        .collect();
    match new.first() {
        None => Ok(Some(converted)),
        Some(&(function, requirement)) => Err(refusal(
            &converted,
            &after,
            function,
            requirement,
            new.len(),
            target,
        )),
    }
}

fn refusal(
    module: &Module,
    analysis: &Uniformity,
    function: FunctionRef,
    requirement: &UniformityRequirement,
    count: usize,
    target: Target,
) -> EmitError {
    let analysed = analysis.function(function);
    let mut diagnostic = match requirement.what {
        RequirementKind::Barrier(_) => Diagnostic::error(format!(
            "{}, and this memory barrier is reached in non-uniform control flow",
            target.lacks()
        ))
        .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
        .with_primary(
            requirement.span,
            "not every invocation of the workgroup may reach this memory barrier",
        ),
        RequirementKind::Call {
            callee,
            barrier_span,
            ..
        } => {
            let name = function_name(module, callee);
            Diagnostic::error(format!(
                "{}, and `{name}`, which holds one, is called in non-uniform control flow",
                target.lacks()
            ))
            .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
            .with_primary(
                barrier_span,
                format!("`{name}` reaches this memory barrier"),
            )
            .with_secondary(
                requirement.span,
                format!(
                    "`{name}` is called here, where not every invocation of the workgroup may be"
                ),
            )
        }
        RequirementKind::Argument {
            callee,
            index,
            barrier_span,
            ..
        } => {
            let name = function_name(module, callee);
            Diagnostic::error(format!(
                "{}, and whether `{name}` reaches the one it holds depends on its argument {index}, which may differ between invocations",
                target.lacks()
            ))
            .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
            .with_primary(barrier_span, format!("`{name}` may reach this memory barrier"))
            .with_secondary(requirement.span, "called here with a non-uniform argument")
        }
        // A kind of requirement the analysis may add later: said at its
        // place without the details the ones above give.
        _ => Diagnostic::error(format!(
            "{}, and a memory barrier is reached in non-uniform control flow",
            target.lacks()
        ))
        .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
        .with_primary(
            requirement.span,
            "not every invocation of the workgroup may reach a memory barrier from here",
        ),
    };
    for cause in analysed.explain_requirement(requirement) {
        diagnostic = diagnostic.with_secondary(cause.span, cause.message);
    }
    diagnostic = diagnostic
        .with_note(target.why())
        .with_note("move the memory barrier to where every invocation reaches it (or next to the control barrier it stands beside), or write SPIR-V, GLSL or HLSL, which keep memory-only barriers");
    if count > 1 {
        diagnostic = diagnostic.with_note(format!(
            "{} more memory barriers are in non-uniform control flow",
            count - 1
        ));
    }
    EmitError::Unsupported(diagnostic)
}

fn has_memory_barrier(block: &Block) -> bool {
    let mut found = false;
    for_each_statement(block, &mut |s, _| {
        found |= matches!(s, Statement::MemoryBarrier(_))
    });
    found
}

/// The flags of the control barrier that is executed next to a block's
/// end (or before its start) with no memory access between, where one is.
type Neighbour = Option<Barrier>;

/// Drops the memory barriers of `block` (and of the blocks in it) that
/// order nothing or that a neighbouring control barrier covers. `before`
/// and `after` are the control barriers executed right before the block
/// starts and right after it ends normally, where known.
fn drop_redundant(scope: &Scope, block: &mut Block, before: Neighbour, after: Neighbour) {
    // The nested blocks first, with what surrounds their statement.
    let count = block.len();
    let neighbours: Vec<(Neighbour, Neighbour)> = (0..count)
        .map(|i| {
            (
                barrier_before(scope, block, i, before),
                barrier_after(scope, block, i, after),
            )
        })
        .collect();
    for (statement, (before, after)) in block.iter_mut().zip(neighbours) {
        match *statement {
            Statement::Block(ref mut inner) => drop_redundant(scope, inner, before, after),
            Statement::If {
                ref mut accept,
                ref mut reject,
                ..
            } => {
                // The condition's expressions were emitted before the `if`,
                // so its branches start where the statement does.
                drop_redundant(scope, accept, before, after);
                drop_redundant(scope, reject, before, after);
            }
            Statement::Switch { ref mut cases, .. } => {
                for case in cases {
                    drop_redundant(scope, &mut case.body, None, None);
                }
            }
            Statement::Loop {
                ref mut body,
                ref mut continuing,
                ..
            } => {
                drop_redundant(scope, body, None, None);
                drop_redundant(scope, continuing, None, None);
            }
            _ => {}
        }
    }
    let keep: Vec<bool> = (0..count)
        .map(|i| match block[i] {
            Statement::MemoryBarrier(flags) => {
                let covered = |n: Neighbour| n.is_some_and(|c| c.contains(flags));
                !(flags.is_empty()
                    || covered(barrier_before(scope, block, i, before))
                    || covered(barrier_after(scope, block, i, after)))
            }
            _ => true,
        })
        .collect();
    if keep.iter().all(|&k| k) {
        return;
    }
    let old = std::mem::take(block);
    for ((statement, span), keep) in old.span_into_iter().zip(keep) {
        if keep {
            block.push(statement, span);
        }
    }
}

/// The control barrier executed right after statement `index` of `block`
/// with no memory access between, where there is one.
fn barrier_after(scope: &Scope, block: &Block, index: usize, after_block: Neighbour) -> Neighbour {
    for statement in block.iter().skip(index + 1) {
        match *statement {
            Statement::ControlBarrier(flags) => return Some(flags),
            ref s if is_inert(scope, s) => continue,
            _ => return None,
        }
    }
    after_block
}

/// The control barrier executed right before statement `index` of `block`
/// with no memory access between, where there is one.
fn barrier_before(
    scope: &Scope,
    block: &Block,
    index: usize,
    before_block: Neighbour,
) -> Neighbour {
    for statement in block.iter().take(index).rev() {
        match *statement {
            Statement::ControlBarrier(flags) => return Some(flags),
            ref s if is_inert(scope, s) => continue,
            _ => return None,
        }
    }
    before_block
}

/// The function whose statements are judged, in its module.
struct Scope<'a> {
    module: &'a Module,
    function: &'a Function,
}

/// A statement that touches no memory a barrier orders and always goes
/// on to the next: the evaluation of expressions, and stores into the
/// invocation's own variables (function and private memory, which no
/// barrier is about).
fn is_inert(scope: &Scope, statement: &Statement) -> bool {
    match *statement {
        Statement::Emit(ref range) => range
            .clone()
            .all(|e| !touches_shared_memory(scope, &scope.function.expressions[e])),
        Statement::Store { pointer, .. } => is_invocation_private(scope, pointer),
        _ => false,
    }
}

/// Whether an expression reads memory other invocations share, or the
/// state of the machine: a memory barrier must not move across it.
fn touches_shared_memory(scope: &Scope, expression: &Expression) -> bool {
    match *expression {
        Expression::Load { pointer } => !is_invocation_private(scope, pointer),
        Expression::Literal(_)
        | Expression::Constant(_)
        | Expression::Override(_)
        | Expression::ZeroValue(_)
        | Expression::Compose { .. }
        | Expression::Access { .. }
        | Expression::AccessIndex { .. }
        | Expression::Splat { .. }
        | Expression::Swizzle { .. }
        | Expression::FunctionArgument(_)
        | Expression::GlobalVariable(_)
        | Expression::LocalVariable(_)
        | Expression::Unary { .. }
        | Expression::Binary { .. }
        | Expression::Select { .. }
        | Expression::Relational { .. }
        | Expression::Math { .. }
        | Expression::As { .. } => false,
        _ => true,
    }
}

/// Whether a pointer points into the invocation's own memory (a local or
/// private variable).
fn is_invocation_private(scope: &Scope, pointer: Handle<Expression>) -> bool {
    use shaderxform_passes::ir::{pointer_root, PointerRoot};
    let private = |space| matches!(space, AddressSpace::Function | AddressSpace::Private);
    match pointer_root(&scope.function.expressions, pointer) {
        PointerRoot::Local(_) => true,
        PointerRoot::Global(g) => private(scope.module.global_variables[g].space),
        PointerRoot::Argument(i) => {
            let ty = scope.function.arguments[i as usize].ty;
            matches!(scope.module.types[ty].inner, TypeInner::Pointer { space, .. } if private(space))
        }
        PointerRoot::Other(_) => false,
    }
}

/// Replaces every memory barrier of the function by the control barrier
/// of its flags; whether there was one.
fn convert(function: &mut Function) -> bool {
    let mut converted = false;
    for_each_block_mut(&mut function.body, &mut |block: &mut Block| {
        for statement in block.iter_mut() {
            if let Statement::MemoryBarrier(flags) = *statement {
                *statement = Statement::ControlBarrier(flags);
                converted = true;
            }
        }
    });
    converted
}
