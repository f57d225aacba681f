//! How a block uses the expressions and local variables of its function:
//! which values it reads, which it makes visible to what follows, and how
//! it names each local (loads, or anything else).

use std::collections::{BTreeSet, HashMap};

use naga::{Block, Expression, Handle, Statement};

use crate::ir::{child_blocks, statement_result, visit_operands, visit_statement_operands};

/// Expressions a block makes visible to the statements after it: its
/// top-level emits and statement results.
pub(crate) fn defined_at_top(block: &Block) -> Vec<Handle<Expression>> {
    let mut defined = Vec::new();
    for statement in block.iter() {
        match *statement {
            Statement::Emit(ref range) => defined.extend(range.clone()),
            _ => defined.extend(statement_result(statement)),
        }
    }
    defined
}

/// Every expression a block uses, in its statements and in the
/// expressions it emits, nested blocks included.
pub(crate) fn used_in(
    expressions: &naga::Arena<Expression>,
    block: &Block,
    used: &mut BTreeSet<Handle<Expression>>,
) {
    for_each_use(expressions, block, &mut |o, _| {
        used.insert(o);
    });
}

/// Calls `f` on every operand of the block's statements and of the
/// expressions it emits, nested blocks included, once per occurrence, and
/// whether that occurrence is the pointer a `Load` reads through.
/// `false` where a statement's operands are beyond the IR helpers (ray
/// queries, cooperative matrices), and some were not visited.
pub(crate) fn for_each_use(
    expressions: &naga::Arena<Expression>,
    block: &Block,
    f: &mut dyn FnMut(Handle<Expression>, bool),
) -> bool {
    let mut complete = true;
    for statement in block.iter() {
        if let Statement::Emit(ref range) = *statement {
            for h in range.clone() {
                let loads = matches!(expressions[h], Expression::Load { .. });
                visit_operands(&expressions[h], |o| f(o, loads));
            }
            continue;
        }
        complete &= visit_statement_operands(statement, |o| f(o, false)).is_ok();
        for child in child_blocks(statement) {
            complete &= for_each_use(expressions, child, f);
        }
    }
    complete
}

/// How a block names a function-local variable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LocalUse {
    /// Loads of its value.
    pub(crate) reads: usize,
    /// Anything else: stores, accesses into it, its address passed on.
    pub(crate) other: usize,
}

/// How the block names each function-local variable; `None` where some
/// operands could not be seen.
pub(crate) fn local_uses(
    expressions: &naga::Arena<Expression>,
    block: &Block,
) -> Option<HashMap<Handle<naga::LocalVariable>, LocalUse>> {
    let mut uses: HashMap<_, LocalUse> = HashMap::new();
    let complete = for_each_use(expressions, block, &mut |o, loaded| {
        if let Expression::LocalVariable(local) = expressions[o] {
            let entry = uses.entry(local).or_default();
            if loaded {
                entry.reads += 1;
            } else {
                entry.other += 1;
            }
        }
    });
    complete.then_some(uses)
}

/// The local variable a statement stores into directly, and the value.
pub(crate) fn stored_local(
    expressions: &naga::Arena<Expression>,
    statement: &Statement,
) -> Option<(Handle<naga::LocalVariable>, Handle<Expression>)> {
    match *statement {
        Statement::Store { pointer, value } => match expressions[pointer] {
            Expression::LocalVariable(local) => Some((local, value)),
            _ => None,
        },
        _ => None,
    }
}

/// How a function names its local variables inside a loop, and outside
/// it; `None` answers where some uses could not be seen.
pub(crate) struct LoopLocals<'a> {
    all: Option<&'a HashMap<Handle<naga::LocalVariable>, LocalUse>>,
    inside: Option<HashMap<Handle<naga::LocalVariable>, LocalUse>>,
}

impl<'a> LoopLocals<'a> {
    pub(crate) fn new(
        expressions: &naga::Arena<Expression>,
        all: Option<&'a HashMap<Handle<naga::LocalVariable>, LocalUse>>,
        the_loop: &Statement,
    ) -> Self {
        let inside = local_uses(expressions, &Block::from_vec(vec![the_loop.clone()]));
        LoopLocals { all, inside }
    }

    pub(crate) fn named_inside(&self, local: Handle<naga::LocalVariable>) -> bool {
        self.inside.as_ref().is_some_and(|u| u.contains_key(&local))
    }

    pub(crate) fn outside(&self, local: Handle<naga::LocalVariable>) -> Option<LocalUse> {
        let of = |uses: &HashMap<_, LocalUse>| uses.get(&local).copied().unwrap_or_default();
        let (all, inside) = (of(self.all?), of(self.inside.as_ref()?));
        Some(LocalUse {
            reads: all.reads.checked_sub(inside.reads)?,
            other: all.other.checked_sub(inside.other)?,
        })
    }
}
