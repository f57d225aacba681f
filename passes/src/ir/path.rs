//! Statement paths: where a statement is in a function body.

use naga::{Block, Span, Statement};

use crate::ir::{child_blocks, child_blocks_mut};

/// Where a statement is in a function body: the index of the statement in
/// its block, preceded, for nested blocks, by the index of the enclosing
/// statement and of the child block (0 for `accept`, a loop's `body` or the
/// first case; 1 for `reject` or `continuing`; case `n` for switches).
pub type StatementPath = Vec<u32>;

/// The statement a path leads to, and the statement that encloses it.
pub fn enclosing<'b>(
    body: &'b Block,
    path: &[u32],
) -> Option<(&'b Statement, Option<&'b Statement>)> {
    let mut block = body;
    let mut parent = None;
    let mut rest = path;
    loop {
        let (&index, tail) = rest.split_first()?;
        let statement = block.get(index as usize)?;
        if tail.is_empty() {
            return Some((statement, parent));
        }
        let (&child, tail) = tail.split_first()?;
        block = *child_blocks(statement).get(child as usize)?;
        // A plain `{ }` block (naga wraps a `for` body in one) says nothing
        // about why the barrier is divergent.
        if !matches!(statement, Statement::Block(_)) {
            parent = Some(statement);
        }
        rest = tail;
    }
}

/// The path of the nearest loop around the statement at `path`.
pub fn enclosing_loop(body: &Block, path: &[u32]) -> Option<StatementPath> {
    let mut found = None;
    let mut block = body;
    let mut rest = path;
    let mut at = Vec::new();
    while rest.len() > 1 {
        let statement = block.get(rest[0] as usize)?;
        at.push(rest[0]);
        if matches!(statement, Statement::Loop { .. }) {
            found = Some(at.clone());
        }
        block = *child_blocks(statement).get(rest[1] as usize)?;
        at.push(rest[1]);
        rest = &rest[2..];
    }
    found
}

/// The block that holds the statement at `path`, and its index there.
pub fn block_of<'b>(body: &'b mut Block, path: &[u32]) -> Option<(&'b mut Block, usize)> {
    let (&index, rest) = path.split_first()?;
    if rest.is_empty() {
        return Some((body, index as usize));
    }
    let (&child, rest) = rest.split_first()?;
    let statement = body.get_mut(index as usize)?;
    let child_block = child_blocks_mut(statement)
        .into_iter()
        .nth(child as usize)?;
    block_of(child_block, rest)
}

/// Calls `f` on every statement of `block` and of the blocks nested in it,
/// with its path from `block` (extending `path`) and its span.
pub fn for_each_statement_with_path(
    block: &Block,
    path: &mut StatementPath,
    f: &mut impl FnMut(&Statement, &StatementPath, Span),
) {
    for (index, (statement, &span)) in block.span_iter().enumerate() {
        path.push(index as u32);
        f(statement, path, span);
        for (child, inner) in child_blocks(statement).into_iter().enumerate() {
            path.push(child as u32);
            for_each_statement_with_path(inner, path, f);
            path.pop();
        }
        path.pop();
    }
}
