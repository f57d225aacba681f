//! A `switch` with nothing but a `default` case, at the end of a function,
//! unwrapped: its `break`s become `return`s.
//!
//! glslang's HLSL front end inlines the entry point's body (`@main`) into
//! the wrapper that copies the built-ins, and writes each of its `return`s
//! as a `break` out of a `switch` that runs once:
//!
//! ```text
//! switch 0 {                         if c { return; }
//!     default: {                     A; barrier(); B
//!         if c { break; }      =>
//!         A; barrier(); B
//!         break;
//!     }
//! }
//! return;
//! ```
//!
//! Every invocation enters the only case, whatever the selector. Where
//! nothing but the end of the function follows the `switch`, leaving it is
//! leaving the function, so the rewrite is exact; the `return`s are then
//! kept alive to the barriers by the early-exit rewrites.

use naga::{Block, Module, Statement, SwitchValue};

use crate::analysis::uniformity::{FunctionRef, UniformityRequirement};
use crate::ir::function_mut;
use crate::pass::Change;

use super::span_text;

/// Unwraps the `switch` that holds the requirement's statement, where it
/// is a statement of the function's body followed by nothing but plain
/// `return`s, has a `default` case only, and the function returns no
/// value.
pub(super) fn unwrap_tail_switch(
    module: &mut Module,
    function: FunctionRef,
    requirement: &UniformityRequirement,
) -> Option<Change> {
    let f = function_mut(module, function);
    if f.result.is_some() || requirement.path.len() < 3 {
        return None;
    }
    let index = requirement.path[0] as usize;
    let rest_returns_only = f
        .body
        .iter()
        .skip(index + 1)
        .all(|s| matches!(s, Statement::Return { value: None }));
    match f.body.get(index) {
        Some(Statement::Switch { cases, .. })
            if rest_returns_only
                && cases.len() == 1
                && cases[0].value == SwitchValue::Default
                && !cases[0].fall_through => {}
        _ => return None,
    }
    let old = std::mem::take(&mut f.body);
    let mut switch_span = naga::Span::UNDEFINED;
    let mut exits = 0;
    for (i, (statement, span)) in old.span_into_iter().enumerate() {
        if i != index {
            f.body.push(statement, span);
            continue;
        }
        let Statement::Switch { mut cases, .. } = statement else {
            unreachable!("checked above");
        };
        switch_span = span;
        let mut body = std::mem::take(&mut cases[0].body);
        // The case's last `break` falls through to the end of the function.
        if matches!(body.last(), Some(Statement::Break)) {
            body.cull(body.len() - 1..);
        }
        exits = breaks_to_returns(&mut body);
        for (s, span) in body.span_into_iter() {
            f.body.push(s, span);
        }
    }
    Some(
        Change::new(
            "unwrap-switch",
            requirement.span,
            format!(
                "the `switch` with only a `default` case around `{}` is unwrapped: it ends the function, so each `break` out of it is a `return`",
                requirement.barrier().name()
            ),
        )
        .with_detail("switch_span", span_text(switch_span))
        .with_detail("breaks", exits),
    )
}

/// Turns the `break`s that leave the block's `switch` (those not inside a
/// nested loop or `switch`) into `return`s; how many there were.
fn breaks_to_returns(block: &mut Block) -> usize {
    let mut count = 0;
    for statement in block.iter_mut() {
        match statement {
            Statement::Break => {
                *statement = Statement::Return { value: None };
                count += 1;
            }
            Statement::If { accept, reject, .. } => {
                count += breaks_to_returns(accept) + breaks_to_returns(reject);
            }
            Statement::Block(inner) => count += breaks_to_returns(inner),
            _ => {}
        }
    }
    count
}
