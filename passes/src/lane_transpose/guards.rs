//! Bounds guards around record accesses.
//!
//! Compute shaders start with `if i >= arrayLength(&a) { return; }`, or
//! hold their body in `if i < n { ... }`. Either leaves the record accesses
//! in non-uniform control flow, where the shuffles cannot run. Here the
//! guard becomes a per-invocation `active` flag, as `hoist-barriers` keeps
//! early-returning invocations alive (its [`Predicate`] turns the returns
//! into the flag), and the guarded block is lifted out of its `if`:
//!
//! ```text
//! if i < n {                 active = i < n;
//!     let v = f(a[i]);  =>   let v = f(a[i]);          // every invocation
//!     a[i] = v;              a[i] = v;                 // coalesced, see below
//!     out[j] = v;            if active { out[j] = v; }
//! }
//! ```
//!
//! Every invocation now evaluates the block's expressions: naga's
//! expressions have no side effects, and a load past the end of a buffer is
//! defined in WGSL (it reads some value of the buffer, or zero). Every
//! statement with an effect runs only where the flag is set, stores into
//! the invocation's own variables included (a value the `if` assigned is
//! read after it by invocations that did not enter it), except the stores
//! of records, which the caller must coalesce with the flag in its
//! run-time check and in its fallback, or give the lifted function up
//! ([`Sunk::stored`]).
//!
//! A guard is worth lifting only where it stands between a record access
//! the pass rewrites and uniform control flow: the caller lifts every
//! guard first, then lifts again only those ([`Sunk::guards`], the
//! `allowed` of [`lift`]) that enclose an access it plans to rewrite.

use std::collections::BTreeSet;

use naga::{
    BinaryOperator, Block, Expression, Function, GlobalVariable, Handle, LocalVariable, Module,
    Range, Scalar, Span, Statement, TypeInner,
};

use crate::analysis::uniformity::FunctionUniformity;
use crate::ir::exits::{predicate_exits, Exit, Predicate};
use crate::ir::{add_local, ensure_type, pointer_global, pointer_root, PointerRoot};

/// What lifting did.
#[derive(Debug, Default)]
pub struct Sunk {
    /// The flags, outermost first. Each is stored once, at the top level of
    /// the function, before the statements it guards; those run to the
    /// end of the body (or the next flag, which implies it).
    pub flags: Vec<Handle<LocalVariable>>,
    /// The condition of the `if` each flag of `flags` replaced, which
    /// names the guard from one attempt to the next: a condition is an
    /// expression of the function as it was before lifting.
    pub guards: Vec<Handle<Expression>>,
    /// The flag the early returns clear, if they were predicated.
    pub predicate: Option<Handle<LocalVariable>>,
    /// The arrays whose record stores were lifted without a guard.
    pub stored: BTreeSet<Handle<GlobalVariable>>,
}

/// Lifts the guarded blocks of `function` that access records of the
/// arrays `records` accepts (of those, only the guards `allowed` names,
/// where it is given); `None` where there is none.
pub fn lift(
    module: &mut Module,
    function: &mut Function,
    records: &impl Fn(Handle<GlobalVariable>) -> bool,
    allowed: Option<&BTreeSet<Handle<Expression>>>,
) -> Option<Sunk> {
    let original = function.body.clone();
    let mut body = std::mem::take(&mut function.body);
    drop_trailing_returns(&mut body);
    if !accesses_records(function, &body, records) {
        function.body = original;
        return None;
    }
    let bool_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::BOOL));
    let mut predicate_flag = None;
    if Predicate::has_exit(Exit::Return, &body) {
        // Only returns that are bounds guards themselves.
        let guards_only = body.iter().all(|st| match *st {
            Statement::If {
                condition,
                ref accept,
                ref reject,
            } if is_bounds_check(&function.expressions, condition)
                && reject.is_empty()
                && matches!(accept.last(), Some(Statement::Return { value: None }))
                && accept.len() == 1 =>
            {
                true
            }
            ref other => !Predicate::statement_exits(Exit::Return, other),
        });
        if !guards_only {
            function.body = original;
            return None;
        }
        let span = body.span_iter().next().map_or(Span::UNDEFINED, |(_, s)| *s);
        let (flag, predicated) = predicate_exits(function, "in_bounds", bool_ty, span, body, None);
        predicate_flag = Some(flag);
        body = predicated;
    }
    let predicate = predicate_flag.map(|flag| match function.expressions[flag] {
        Expression::LocalVariable(local) => local,
        _ => unreachable!("the flag of the early returns is a local"),
    });
    let mut lifter = Lifter {
        predicate_flag,
        function,
        bool_ty,
        records,
        allowed,
        sunk: Sunk {
            predicate,
            ..Sunk::default()
        },
    };
    let body = lifter.block(body, None);
    let sunk = std::mem::take(&mut lifter.sunk);
    if sunk.flags.is_empty() {
        function.body = original;
        return None;
    }
    function.body = body;
    Some(sunk)
}

struct Lifter<'a, R> {
    /// The flag the early returns clear.
    predicate_flag: Option<Handle<Expression>>,
    function: &'a mut Function,
    bool_ty: Handle<naga::Type>,
    records: &'a R,
    allowed: Option<&'a BTreeSet<Handle<Expression>>>,
    sunk: Sunk,
}

impl<R: Fn(Handle<GlobalVariable>) -> bool> Lifter<'_, R> {
    /// `block`, its liftable guards lifted, each statement with an effect
    /// guarded by `active` (where it is under a lifted guard).
    fn block(&mut self, block: Block, active: Option<Handle<Expression>>) -> Block {
        let mut out = Block::new();
        for (statement, span) in block.span_into_iter() {
            match statement {
                Statement::If {
                    condition,
                    accept,
                    reject,
                } if reject.is_empty()
                    && self.is_guard(condition)
                    && self.allowed.is_none_or(|a| a.contains(&condition))
                    && accesses_records(self.function, &accept, self.records)
                    && liftable(&accept) =>
                {
                    let flag = self.flag(&mut out, condition, active, span);
                    let lifted = self.block(accept, Some(flag));
                    out.push(Statement::Block(lifted), span);
                }
                other => match active {
                    None => out.push(other, span),
                    Some(active) => self.guarded(&mut out, other, active, span),
                },
            }
        }
        out
    }

    /// A bounds check, or the flag the early bounds checks clear.
    fn is_guard(&self, condition: Handle<Expression>) -> bool {
        let e = &self.function.expressions;
        is_bounds_check(e, condition)
            || matches!(e[condition], Expression::Load { pointer } if Some(pointer) == self.predicate_flag)
    }

    /// Stores `condition` (and `outer`) into a new flag; a pointer to it.
    fn flag(
        &mut self,
        out: &mut Block,
        condition: Handle<Expression>,
        outer: Option<Handle<Expression>>,
        span: Span,
    ) -> Handle<Expression> {
        let f = &mut *self.function;
        let local = add_local(&mut f.local_variables, "in_bounds", self.bool_ty, span);
        let pointer = f.expressions.append(Expression::LocalVariable(local), span);
        let value = match outer {
            None => condition,
            Some(outer) => {
                let load = f
                    .expressions
                    .append(Expression::Load { pointer: outer }, span);
                let both = f.expressions.append(
                    Expression::Binary {
                        op: BinaryOperator::LogicalAnd,
                        left: load,
                        right: condition,
                    },
                    span,
                );
                out.push(Statement::Emit(Range::new_from_bounds(load, both)), span);
                both
            }
        };
        out.push(Statement::Store { pointer, value }, span);
        self.sunk.flags.push(local);
        self.sunk.guards.push(condition);
        pointer
    }

    fn guarded(
        &mut self,
        out: &mut Block,
        statement: Statement,
        active: Handle<Expression>,
        span: Span,
    ) {
        match statement {
            Statement::Emit(_) => out.push(statement, span),
            Statement::Block(block) => {
                let inner = self.block(block, Some(active));
                out.push(Statement::Block(inner), span);
            }
            Statement::Store { pointer, .. } => {
                match pointer_root(&self.function.expressions, pointer) {
                    PointerRoot::Global(g) if (self.records)(g) => {
                        self.sunk.stored.insert(g);
                        out.push(statement, span);
                    }
                    _ => self.wrap(out, statement, active, span),
                }
            }
            other => self.wrap(out, other, active, span),
        }
    }

    fn wrap(
        &mut self,
        out: &mut Block,
        statement: Statement,
        active: Handle<Expression>,
        span: Span,
    ) {
        let load = self
            .function
            .expressions
            .append(Expression::Load { pointer: active }, span);
        out.push(Statement::Emit(Range::new_from_bounds(load, load)), span);
        let mut accept = Block::new();
        accept.push(statement, span);
        out.push(
            Statement::If {
                condition: load,
                accept,
                reject: Block::new(),
            },
            span,
        );
    }
}

/// naga ends every branch of a function's last `if` with a `return`:
/// they return where the function would anyway, and would stand in the
/// way of lifting the `if`.
fn drop_trailing_returns(body: &mut Block) {
    let is_return = |b: &Block| matches!(b.last(), Some(Statement::Return { value: None }));
    if is_return(body) {
        body.cull(body.len() - 1..);
    }
    if let Some(Statement::If { accept, reject, .. }) = body.last_mut() {
        for branch in [accept, reject] {
            if is_return(branch) {
                branch.cull(branch.len() - 1..);
            }
        }
    }
}

/// Whether `condition` compares the invocation's index with something:
/// `i < n`, `i >= arrayLength(&a)`, where `i` is a component of a built-in
/// argument or arithmetic on one (`wid.x * 64u + lid.x`, `gid.x + offset`).
fn is_bounds_check(e: &naga::Arena<Expression>, condition: Handle<Expression>) -> bool {
    match e[condition] {
        Expression::Binary { op, left, right } => {
            use BinaryOperator as B;
            matches!(op, B::Less | B::LessEqual | B::Greater | B::GreaterEqual)
                && (is_invocation_index(e, left) || is_invocation_index(e, right))
        }
        _ => false,
    }
}

/// A built-in argument, a component of one, or `+`, `-`, `*` or a
/// conversion with one of those among the operands.
fn is_invocation_index(e: &naga::Arena<Expression>, h: Handle<Expression>) -> bool {
    match e[h] {
        Expression::AccessIndex { base, .. } => match e[base] {
            Expression::FunctionArgument(_) => true,
            Expression::AccessIndex { base, .. } => {
                matches!(e[base], Expression::FunctionArgument(_))
            }
            _ => false,
        },
        Expression::FunctionArgument(_) => true,
        Expression::Binary {
            op: BinaryOperator::Add | BinaryOperator::Subtract | BinaryOperator::Multiply,
            left,
            right,
        } => is_invocation_index(e, left) || is_invocation_index(e, right),
        Expression::As { expr, .. } => is_invocation_index(e, expr),
        _ => false,
    }
}

/// Whether a statement of `block` (or a block nested in it without a
/// branch) loads or stores a record of an array `records` accepts.
fn accesses_records(
    function: &Function,
    block: &Block,
    records: &impl Fn(Handle<GlobalVariable>) -> bool,
) -> bool {
    let e = &function.expressions;
    let is_record = |pointer| matches!(pointer_global(e, pointer), Some(g) if records(g));
    block.iter().any(|s| match *s {
        Statement::Store { pointer, .. } => is_record(pointer),
        Statement::Emit(ref range) => range
            .clone()
            .any(|h| matches!(e[h], Expression::Load { pointer } if is_record(pointer))),
        Statement::Block(ref b) => accesses_records(function, b, records),
        Statement::If {
            ref accept,
            ref reject,
            ..
        } => reject.is_empty() && accesses_records(function, accept, records),
        _ => false,
    })
}

/// Whether every statement of `block` may move into a block of its own:
/// none defines a value that statements after it use.
fn liftable(block: &Block) -> bool {
    block.iter().all(|s| match *s {
        Statement::Emit(_)
        | Statement::Store { .. }
        | Statement::If { .. }
        | Statement::Switch { .. }
        | Statement::Loop { .. }
        | Statement::Block(_)
        | Statement::Return { value: None }
        | Statement::ImageStore { .. }
        | Statement::ImageAtomic { .. } => true,
        Statement::Call { result, .. } => result.is_none(),
        Statement::Atomic { result, .. } => result.is_none(),
        _ => false,
    })
}

/// Where each flag of `sunk` guards: the path of the block lifted out of
/// its `if`, which follows the flag's store.
pub fn regions(function: &Function, sunk: &Sunk) -> Vec<(Vec<u32>, Handle<LocalVariable>)> {
    let e = &function.expressions;
    let mut out = Vec::new();
    crate::ir::for_each_statement_with_path(
        &function.body,
        &mut Vec::new(),
        &mut |statement, path, _| {
            if let Statement::Store { pointer, .. } = *statement {
                if let Expression::LocalVariable(local) = e[pointer] {
                    if sunk.flags.contains(&local) {
                        let mut block = path.to_vec();
                        if let Some(last) = block.last_mut() {
                            *last += 1;
                        }
                        out.push((block, local));
                    }
                }
            }
        },
    );
    out
}

/// The flags guarding the statement at `path`, outermost first.
pub fn enclosing<'a>(
    regions: &'a [(Vec<u32>, Handle<LocalVariable>)],
    path: &'a [u32],
) -> impl Iterator<Item = Handle<LocalVariable>> + 'a {
    regions
        .iter()
        .filter(move |(block, _)| path.starts_with(block))
        .map(|&(_, local)| local)
}

/// The innermost flag guarding the statement at `path`.
pub fn region_of(
    regions: &[(Vec<u32>, Handle<LocalVariable>)],
    path: &[u32],
) -> Option<Handle<LocalVariable>> {
    regions
        .iter()
        .filter(|(block, _)| path.starts_with(block))
        .max_by_key(|(block, _)| block.len())
        .map(|&(_, local)| local)
}

/// How many statements store into `global`.
pub fn stores_into(function: &Function, global: Handle<GlobalVariable>) -> usize {
    let mut count = 0;
    crate::ir::for_each_statement(&function.body, &mut |statement, _| {
        if let Statement::Store { pointer, .. } = *statement {
            if pointer_global(&function.expressions, pointer) == Some(global) {
                count += 1;
            }
        }
    });
    count
}

/// Whether some guard lifted around the statement at `path` (one of
/// `regions`, those of `sunk`), an access of the record at `index`, is
/// other than a bounds check of `index` ([`bounds_guard_of`]); `false`
/// where nothing was lifted.
pub fn guarded_by_data(
    module: &Module,
    function: &Function,
    flow: &FunctionUniformity,
    sunk: Option<&Sunk>,
    regions: &[(Vec<u32>, Handle<LocalVariable>)],
    path: &[u32],
    index: Handle<Expression>,
) -> bool {
    let Some(sunk) = sunk else {
        return false;
    };
    enclosing(regions, path).any(|flag| !bounds_guard_of(module, function, flow, sunk, flag, index))
}

/// Whether the guard whose flag is `flag` leaves out only invocations
/// whose record index `index` is past a bound the same in every
/// invocation: `index < n`, or an early return where `index >= n`. Such a
/// guard is false in one subgroup at most, the last one of the array, so
/// the coalesced rounds run nearly everywhere. Any other guard (`lid.x <
/// count`, `count` the result of a workgroup scan) may leave most lanes
/// idle, and every lane still pays the shuffles of the rounds.
pub fn bounds_guard_of(
    module: &Module,
    function: &Function,
    flow: &FunctionUniformity,
    sunk: &Sunk,
    flag: Handle<LocalVariable>,
    index: Handle<Expression>,
) -> bool {
    let e = &function.expressions;
    let is_local = |pointer: Handle<Expression>, local| matches!(e[pointer], Expression::LocalVariable(l) if l == local);
    let mut value = None;
    crate::ir::for_each_statement(&function.body, &mut |statement, _| {
        if let Statement::Store { pointer, value: v } = *statement {
            if is_local(pointer, flag) {
                value = Some(v);
            }
        }
    });
    let Some(mut condition) = value else {
        return false;
    };
    // An inner flag is stored as `outer && condition`; the outer flag is a
    // region of its own, which the caller asks about too.
    if let Expression::Binary {
        op: BinaryOperator::LogicalAnd,
        left,
        right,
    } = e[condition]
    {
        if let Expression::Load { pointer } = e[left] {
            if let Expression::LocalVariable(l) = e[pointer] {
                if sunk.flags.contains(&l) {
                    condition = right;
                }
            }
        }
    }
    let index = super::sites::strip_integer_casts(function, index);
    let bounds = |c: Handle<Expression>| match e[c] {
        Expression::Binary { op, left, right } => {
            use BinaryOperator as B;
            let compares = |side, other| {
                super::sites::same_value(
                    module,
                    function,
                    super::sites::strip_integer_casts(function, side),
                    index,
                ) && flow.is_expression_uniform(other)
            };
            matches!(op, B::Less | B::LessEqual | B::Greater | B::GreaterEqual)
                && (compares(left, right) || compares(right, left))
        }
        _ => false,
    };
    match (e[condition].clone(), sunk.predicate) {
        (Expression::Load { pointer }, Some(predicate)) if is_local(pointer, predicate) => {
            // The flag of the early returns: each `return` became a store
            // of `false` under the `if` that held it.
            let mut exits = Vec::new();
            crate::ir::for_each_statement(&function.body, &mut |statement, _| {
                if let Statement::If {
                    condition,
                    ref accept,
                    ..
                } = *statement
                {
                    let clears = accept.iter().any(|s| {
                        matches!(*s, Statement::Store { pointer, value }
                            if is_local(pointer, predicate)
                                && matches!(e[value], Expression::Literal(naga::Literal::Bool(false))))
                    });
                    if clears {
                        exits.push(condition);
                    }
                }
            });
            !exits.is_empty() && exits.into_iter().all(bounds)
        }
        _ => bounds(condition),
    }
}
