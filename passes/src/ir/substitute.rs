use std::collections::HashMap;

use naga::{Arena, Block, Expression, Handle, Range, Statement};

use super::rebuild::{for_each_operand, for_each_statement_operand, Unsupported};
use super::walk::child_blocks_mut;

/// Replaces uses of expressions in `block` and its nested blocks by other
/// expressions, e.g. by loads of a variable that carries a value across a
/// point where the original is out of scope.
///
/// naga wants operands to have smaller handles than their users, so every
/// expression emitted in the block that (transitively) uses a replaced one
/// is appended anew with the substituted operands and emitted where the
/// original was; the original is left unemitted and unused.
pub fn substitute_uses(
    expressions: &mut Arena<Expression>,
    block: &mut Block,
    substitutions: &HashMap<Handle<Expression>, Handle<Expression>>,
) -> Result<(), Unsupported> {
    substitute_uses_recreating(expressions, block, substitutions).map(|_| ())
}

/// [`substitute_uses`], giving back each expression it re-created and its
/// copy: a later block that uses the original, out of this block's reach
/// when it was written, must use the copy, which stands where the original
/// stood.
pub fn substitute_uses_recreating(
    expressions: &mut Arena<Expression>,
    block: &mut Block,
    substitutions: &HashMap<Handle<Expression>, Handle<Expression>>,
) -> Result<HashMap<Handle<Expression>, Handle<Expression>>, Unsupported> {
    let mut map = substitutions.clone();
    substitute_in_block(expressions, block, &mut map)?;
    map.retain(|original, _| !substitutions.contains_key(original));
    Ok(map)
}

fn substitute_in_block(
    expressions: &mut Arena<Expression>,
    block: &mut Block,
    map: &mut HashMap<Handle<Expression>, Handle<Expression>>,
) -> Result<(), Unsupported> {
    let old = std::mem::take(block);
    for (mut statement, span) in old.span_into_iter() {
        if let Statement::Emit(range) = statement {
            for emit in reemit(expressions, range, map) {
                block.push(emit, span);
            }
            continue;
        }
        for_each_statement_operand(&mut statement, &mut |h| {
            if let Some(new) = replacement(map, *h) {
                *h = new;
            }
        })?;
        for child in child_blocks_mut(&mut statement) {
            substitute_in_block(expressions, child, map)?;
        }
        block.push(statement, span);
    }
    Ok(())
}

/// The `Emit` statements that stand for `range` once the expressions that
/// use substituted operands are re-created.
fn reemit(
    expressions: &mut Arena<Expression>,
    range: Range<Expression>,
    map: &mut HashMap<Handle<Expression>, Handle<Expression>>,
) -> Vec<Statement> {
    let mut emits = Vec::new();
    let mut kept: Option<(Handle<Expression>, Handle<Expression>)> = None;
    let flush = |kept: &mut Option<(Handle<Expression>, Handle<Expression>)>,
                 emits: &mut Vec<Statement>| {
        if let Some((first, last)) = kept.take() {
            emits.push(Statement::Emit(Range::new_from_bounds(first, last)));
        }
    };
    for handle in range {
        let mut expression = expressions[handle].clone();
        let mut changed = false;
        for_each_operand(&mut expression, &mut |h| {
            if let Some(new) = replacement(map, *h) {
                *h = new;
                changed = true;
            }
        });
        if changed {
            flush(&mut kept, &mut emits);
            let new = expressions.append(expression, expressions.get_span(handle));
            map.insert(handle, new);
            emits.push(Statement::Emit(Range::new_from_bounds(new, new)));
        } else {
            kept = Some(match kept {
                Some((first, _)) => (first, handle),
                None => (handle, handle),
            });
        }
    }
    flush(&mut kept, &mut emits);
    emits
}

/// What a use of `h` becomes: its substitute, or the substitute's own
/// re-created copy where the substitute used a replaced operand (a local's
/// value `pin[i].pos`, re-created once `i` is replaced, stands for the
/// local's loads as the copy).
fn replacement(
    map: &HashMap<Handle<Expression>, Handle<Expression>>,
    h: Handle<Expression>,
) -> Option<Handle<Expression>> {
    let mut new = *map.get(&h)?;
    for _ in 0..map.len() {
        match map.get(&new) {
            Some(&next) if next != new => new = next,
            _ => break,
        }
    }
    Some(new)
}
