use std::collections::HashSet;

use naga::{AtomicFunction, Block, Expression, GatherMode, Handle, Span, Statement};

/// Calls `f` on every statement of `block` and of the blocks nested in it,
/// outer statements before the blocks they contain.
pub fn for_each_statement(block: &Block, f: &mut impl FnMut(&Statement, Span)) {
    for (statement, span) in block.span_iter() {
        f(statement, *span);
        for child in child_blocks(statement) {
            for_each_statement(child, f);
        }
    }
}

/// Calls `f` on `block` and every block nested in it, innermost first.
pub fn for_each_block_mut(block: &mut Block, f: &mut impl FnMut(&mut Block)) {
    for statement in block.iter_mut() {
        for child in child_blocks_mut(statement) {
            for_each_block_mut(child, f);
        }
    }
    f(block);
}

/// Replaces statements, in `block` and all nested blocks: `f` returns the
/// statements that stand for one statement, or `None` to keep it.
pub fn rewrite_statements(
    block: &mut Block,
    f: &mut impl FnMut(&Statement, Span) -> Option<Block>,
) {
    for_each_block_mut(block, &mut |block: &mut Block| {
        let old = std::mem::take(block);
        for (statement, span) in old.span_into_iter() {
            match f(&statement, span) {
                Some(mut replacement) => block.append(&mut replacement),
                None => block.push(statement, span),
            }
        }
    });
}

fn child_blocks(statement: &Statement) -> Vec<&Block> {
    match *statement {
        Statement::Block(ref b) => vec![b],
        Statement::If {
            ref accept,
            ref reject,
            ..
        } => vec![accept, reject],
        Statement::Switch { ref cases, .. } => cases.iter().map(|c| &c.body).collect(),
        Statement::Loop {
            ref body,
            ref continuing,
            ..
        } => vec![body, continuing],
        _ => Vec::new(),
    }
}

fn child_blocks_mut(statement: &mut Statement) -> Vec<&mut Block> {
    match *statement {
        Statement::Block(ref mut b) => vec![b],
        Statement::If {
            ref mut accept,
            ref mut reject,
            ..
        } => vec![accept, reject],
        Statement::Switch { ref mut cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
        Statement::Loop {
            ref mut body,
            ref mut continuing,
            ..
        } => vec![body, continuing],
        _ => Vec::new(),
    }
}

/// Every expression that some expression or statement of `function` reads;
/// `None` where the function holds a statement whose operands this does not
/// know (ray tracing, cooperative matrices), so that callers assume
/// everything is read.
pub fn read_expressions(function: &naga::Function) -> Option<HashSet<Handle<Expression>>> {
    let mut read = HashSet::new();
    for (_, expression) in function.expressions.iter() {
        let mut expression = expression.clone();
        crate::ir::for_each_operand(&mut expression, &mut |operand| {
            read.insert(*operand);
        });
    }
    let mut known = true;
    for_each_statement(&function.body, &mut |statement, _| {
        let operands: Vec<Handle<Expression>> = match *statement {
            Statement::If { condition, .. } => vec![condition],
            Statement::Switch { selector, .. } => vec![selector],
            Statement::Loop { break_if, .. } => break_if.into_iter().collect(),
            Statement::Return { value } => value.into_iter().collect(),
            Statement::Store { pointer, value } => vec![pointer, value],
            Statement::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => [image, coordinate, value]
                .into_iter()
                .chain(array_index)
                .collect(),
            Statement::Atomic {
                pointer,
                fun,
                value,
                ..
            } => {
                let compare = match fun {
                    AtomicFunction::Exchange { compare } => compare,
                    _ => None,
                };
                [pointer, value].into_iter().chain(compare).collect()
            }
            Statement::ImageAtomic {
                image,
                coordinate,
                array_index,
                fun,
                value,
            } => {
                let compare = match fun {
                    AtomicFunction::Exchange { compare } => compare,
                    _ => None,
                };
                [image, coordinate, value]
                    .into_iter()
                    .chain(array_index)
                    .chain(compare)
                    .collect()
            }
            Statement::WorkGroupUniformLoad { pointer, .. } => vec![pointer],
            Statement::Call { ref arguments, .. } => arguments.clone(),
            Statement::SubgroupBallot { predicate, .. } => predicate.into_iter().collect(),
            Statement::SubgroupGather { mode, argument, .. } => {
                let index = match mode {
                    GatherMode::BroadcastFirst | GatherMode::QuadSwap(_) => None,
                    GatherMode::Broadcast(i)
                    | GatherMode::Shuffle(i)
                    | GatherMode::ShuffleDown(i)
                    | GatherMode::ShuffleUp(i)
                    | GatherMode::ShuffleXor(i)
                    | GatherMode::QuadBroadcast(i) => Some(i),
                };
                [argument].into_iter().chain(index).collect()
            }
            Statement::SubgroupCollectiveOperation { argument, .. } => vec![argument],
            Statement::Emit(_)
            | Statement::Block(_)
            | Statement::Break
            | Statement::Continue
            | Statement::Kill
            | Statement::ControlBarrier(_)
            | Statement::MemoryBarrier(_) => Vec::new(),
            Statement::RayQuery { .. }
            | Statement::RayPipelineFunction(_)
            | Statement::CooperativeStore { .. } => {
                known = false;
                Vec::new()
            }
        };
        read.extend(operands);
    });
    known.then_some(read)
}
