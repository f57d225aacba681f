//! A loop whose iterations differ between invocations, made to iterate
//! together.
//!
//! ```text
//!                                  active = ENTRY;
//! loop {                           loop {
//!     if !c { break; }                 let t = tag;
//!     A; barrier(); B;       =>        active = active && c;
//!     continuing { C }                 if active { atomicStore(&votes, t); }
//! }                                    if workgroupUniformLoad(&votes) != t { break; }
//!                                      tag = 3u - t;
//!                                      if active { A; barrier(); B; }
//!                                      continuing { if active { C } }
//!                                  }
//! ```
//!
//! Every invocation runs the loop until none is active: each iteration
//! starts with a vote, the invocations still active storing the
//! iteration's tag into a workgroup word that only this loop touches, and
//! the word read back through `workgroupUniformLoad` (a barrier on each
//! side of the load) is the same in every invocation, and so is the
//! decision to leave. An invocation's own exits (`break`, `continue`,
//! `break if`) clear its flags instead of leaving, so it runs nothing it
//! would not have run; the barriers inside then sit in `if`s that the split
//! hoists out. The exit tests at the top of the body are taken before the
//! vote, so that an invocation leaving in this iteration does not keep the
//! others in it.
//!
//! The tag alternates between 1 and 2. Every vote of an iteration lands
//! after every read of the one before (the second barrier of its load) and
//! before every read of its own (the first barrier), so the word holds this
//! iteration's tag whenever somebody voted in it: the loop never ends
//! early. Where nobody did, it holds the previous iteration's tag, and the
//! loop ends; only on entry may it hold anything, and if that happens to be
//! the first tag, every invocation goes once through an iteration in which
//! none is active and nothing runs. The tag is set once per call, and a
//! run of the loop starts with the tag the last one ended on, not the one
//! it left in the word. A vote is a plain store, where a count would cost
//! an atomic read-modify-write that every active invocation makes on the
//! same word, one after the other.
//!
//! `ENTRY` is `true` for a loop reached by every invocation, or the
//! condition of the `if` the loop was hoisted out of.

use std::collections::BTreeSet;

use naga::{
    Arena, Block, Expression, Handle, Literal, LocalVariable, Scalar, Span, Statement, TypeInner,
};

use crate::analysis::uniformity::FunctionUniformity;
use crate::ir::exits::{Exit, Predicate};
use crate::ir::{add_local, defined_at_top, ensure_type, used_in, LoopLocals};

use counted::{is_arithmetic, Counted};

mod counted;

/// How the workgroup counters of uniform loops are named, followed by a
/// number.
pub(super) const VOTES_PREFIX: &str = "hoist_loop_votes_";

/// Types and the workgroup counter the rewrite uses, made by the caller,
/// which owns the module.
pub(super) struct LoopResources {
    pub bool_ty: Handle<naga::Type>,
    pub u32_ty: Handle<naga::Type>,
    pub votes: Handle<naga::GlobalVariable>,
    /// The globals no invocation writes during a dispatch (uniform
    /// buffers, read-only storage): a load from one is the same on every
    /// iteration of a loop.
    pub read_only: std::collections::HashSet<Handle<naga::GlobalVariable>>,
}

impl LoopResources {
    pub fn new(module: &mut naga::Module, name: String, span: Span) -> LoopResources {
        let bool_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::BOOL));
        let u32_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32));
        let atomic = ensure_type(&mut module.types, TypeInner::Atomic(Scalar::U32));
        let votes = module.global_variables.append(
            naga::GlobalVariable {
                name: Some(name),
                space: naga::AddressSpace::WorkGroup,
                binding: None,
                ty: atomic,
                init: None,
                memory_decorations: Default::default(),
            },
            span,
        );
        let read_only = module
            .global_variables
            .iter()
            .filter(|(_, g)| match g.space {
                naga::AddressSpace::Uniform => true,
                naga::AddressSpace::Storage { access } => {
                    !access.contains(naga::StorageAccess::STORE)
                }
                _ => false,
            })
            .map(|(h, _)| h)
            .collect();
        LoopResources {
            bool_ty,
            u32_ty,
            votes,
            read_only,
        }
    }

    /// Removes the workgroup counter where the loops it was made for did
    /// not need it (their trip count was uniform), and nothing was
    /// declared after it.
    pub fn drop_votes_if_unused(&self, module: &mut naga::Module) {
        let is_last = module.global_variables.len() == self.votes.index() + 1;
        let used = |f: &naga::Function| {
            f.expressions
                .iter()
                .any(|(_, e)| matches!(*e, Expression::GlobalVariable(g) if g == self.votes))
        };
        if !is_last
            || module.functions.iter().any(|(_, f)| used(f))
            || module.entry_points.iter().any(|ep| used(&ep.function))
        {
            return;
        }
        let mut kept = naga::Arena::new();
        for (handle, global, span) in module.global_variables.drain() {
            if handle != self.votes {
                kept.append(global, span);
            }
        }
        module.global_variables = kept;
    }
}

/// What the rewrite needs to know of the loop's surroundings.
pub(super) struct Surroundings<'a> {
    /// Which invocations take part: an expression emitted before the loop
    /// and whether to negate it; all of them when `None`.
    pub entry: Option<(Handle<Expression>, bool)>,
    /// The local variable that the statement before the loop (in its
    /// block, past what it emits) stores into, and the value.
    pub reset: Option<(Handle<LocalVariable>, Handle<Expression>)>,
    /// How the function names its local variables inside the loop and
    /// outside it.
    pub locals: &'a LoopLocals<'a>,
    /// The function's uniformity, as analysed before this rewrite.
    pub analysed: &'a FunctionUniformity,
    /// Whether the loop is inside another loop, where a variable's
    /// initialiser does not reset it for each run of this one.
    pub in_loop: bool,
}

/// Why a loop cannot be made uniform, if it cannot.
fn refusal(statement: &Statement) -> Option<String> {
    let Statement::Loop { body, .. } = statement else {
        return Some("the barrier is not directly inside a loop".into());
    };
    if Predicate::has_exit(Exit::Return, body) {
        return Some(
            "some invocations may return from inside the loop, in a function that returns a value"
                .into(),
        );
    }
    let mut kills = false;
    crate::ir::for_each_statement(body, &mut |s, _| kills |= matches!(s, Statement::Kill));
    if kills {
        return Some("the loop may `discard`".into());
    }
    None
}

/// Rewrites `statement`, a loop at `span`, into statements that run it
/// with a uniform trip count.
pub(super) fn make_uniform(
    expressions: &mut Arena<Expression>,
    local_variables: &mut Arena<LocalVariable>,
    resources: &LoopResources,
    statement: Statement,
    span: Span,
    site: &Surroundings,
) -> Result<(Block, LoopStrategy), String> {
    let entry = site.entry;
    if let Some(reason) = refusal(&statement) {
        return Err(reason);
    }
    let Statement::Loop {
        body,
        mut continuing,
        break_if,
    } = statement
    else {
        unreachable!("refusal checks for a loop");
    };
    let counted = Counted::recognise(
        expressions,
        local_variables,
        resources,
        &body,
        &continuing,
        break_if,
        site,
    );
    if let Some(counted) = counted.filter(|c| c.is_uniform() || c.fits_largest_count()) {
        if counted.is_uniform() {
            return Ok((
                counted.guard_body(expressions, body, continuing, span, entry, site.locals),
                LoopStrategy::UniformCount,
            ));
        }
        return Ok((
            counted.rewrite(
                expressions,
                local_variables,
                resources,
                body,
                continuing,
                span,
                entry,
            ),
            LoopStrategy::LargestCount,
        ));
    }
    // The continuing block moves under an `if`: what it reads of the body
    // must not be scoped to the body.
    let mut read_by_continuing = BTreeSet::new();
    used_in(expressions, &continuing, &mut read_by_continuing);
    if let Some(b) = break_if {
        read_by_continuing.insert(b);
    }
    // Where it does, the loads of local variables that open the body (the
    // values a loop read back from SPIR-V carries from one iteration to the
    // next) run in every invocation, ahead of the vote, and stay in its
    // scope.
    let (prelude, body) = if defined_at_top(&body)
        .iter()
        .any(|d| read_by_continuing.contains(d))
    {
        split_prelude(expressions, body)
    } else {
        (Block::new(), body)
    };
    if defined_at_top(&body)
        .iter()
        .any(|d| read_by_continuing.contains(d))
    {
        return Err("the loop's continuing block reads a value computed in the loop body".into());
    }
    let active_local = add_local(local_variables, "loop_active", resources.bool_ty, span);
    // Set once per call of the function, not per run of the loop: a run
    // starts with the tag the last one did not vote with.
    let tag_local = add_local(local_variables, "loop_vote_tag", resources.u32_ty, span);
    local_variables[tag_local].init =
        Some(expressions.append(Expression::Literal(Literal::U32(1)), span));
    let active = expressions.append(Expression::LocalVariable(active_local), span);
    let tag = expressions.append(Expression::LocalVariable(tag_local), span);
    let votes = expressions.append(Expression::GlobalVariable(resources.votes), span);
    let has_continue = Predicate::has_exit(Exit::Continue, &body);

    let (header, body) = split_header(expressions, body, &continuing, break_if);
    let speculated = speculable(expressions, &header);
    let mut predicate = Predicate {
        expressions,
        exit: Exit::Break,
        flag: active,
        result: None,
    };
    let header = if speculated {
        header
    } else {
        predicate.block(header)
    };
    // Where the header's tests are the only way to leave and every
    // invocation takes part, they alone say whether an invocation is still
    // in the loop: once they send it out, nothing of the loop runs for it
    // and the local variables they read keep their values, so they send it
    // out again in every later iteration. Not reading the flag back keeps
    // it out of what each iteration's tests depend on.
    let tests_decide = speculated
        && entry.is_none()
        && break_if.is_none()
        && !Predicate::has_exit(Exit::Break, &body);
    let mut body = predicate.block(body);
    let iterating = if has_continue {
        let local = add_local(local_variables, "loop_iterating", resources.bool_ty, span);
        let flag = expressions.append(Expression::LocalVariable(local), span);
        let mut predicate = Predicate {
            expressions,
            exit: Exit::Continue,
            flag,
            result: None,
        };
        body = predicate.block(body);
        Some(flag)
    } else {
        None
    };

    let mut b = Emitted::new(expressions, span);
    let mut before = Block::new();
    let entry = match b.entry(&mut before, entry) {
        Some(entry) => entry,
        None => b.pre(Expression::Literal(Literal::Bool(true))),
    };
    // (Where the tests decide, each iteration sets the flag before reading it.)
    if !tests_decide {
        before.push(
            Statement::Store {
                pointer: active,
                value: entry,
            },
            span,
        );
    }

    let mut head = prelude;
    let this = b.emit(&mut head, Expression::Load { pointer: tag });
    // The exits at the top of the body are taken before the vote: an
    // invocation that leaves in this iteration does not keep the others
    // in it.
    if speculated {
        // Nothing but arithmetic on local variables: computed by every
        // invocation, each exit test clearing `active` without a branch.
        // Chained onto the flag, unless the tests alone decide.
        let mut still =
            (!tests_decide).then(|| b.emit(&mut head, Expression::Load { pointer: active }));
        for (statement, statement_span) in header.span_into_iter() {
            let stays = match exit_test(&statement) {
                None => {
                    head.push(statement, statement_span);
                    continue;
                }
                Some(ExitTest::StayWhile(condition)) => condition,
                Some(ExitTest::LeaveIf(condition)) => b.emit(
                    &mut head,
                    Expression::Unary {
                        op: naga::UnaryOperator::LogicalNot,
                        expr: condition,
                    },
                ),
            };
            let now = match still {
                None => stays,
                Some(was) => b.emit(
                    &mut head,
                    Expression::Binary {
                        op: naga::BinaryOperator::LogicalAnd,
                        left: was,
                        right: stays,
                    },
                ),
            };
            still = Some(now);
            head.push(
                Statement::Store {
                    pointer: active,
                    value: now,
                },
                statement_span,
            );
        }
    } else if !header.is_empty() {
        let was_active = b.emit(&mut head, Expression::Load { pointer: active });
        push_if(&mut head, was_active, header, span);
    }
    let is_active = b.emit(&mut head, Expression::Load { pointer: active });
    let mut vote = Block::new();
    vote.push(
        Statement::Store {
            pointer: votes,
            value: this,
        },
        span,
    );
    push_if(&mut head, is_active, vote, span);
    let voted = b.pre(Expression::WorkGroupUniformLoadResult {
        ty: resources.u32_ty,
    });
    head.push(
        Statement::WorkGroupUniformLoad {
            pointer: votes,
            result: voted,
        },
        span,
    );
    let nobody_voted = b.emit(
        &mut head,
        Expression::Binary {
            op: naga::BinaryOperator::NotEqual,
            left: voted,
            right: this,
        },
    );
    b.leave_if(&mut head, nobody_voted, true, span);
    let three = b.pre(Expression::Literal(Literal::U32(3)));
    let next = b.emit(
        &mut head,
        Expression::Binary {
            op: naga::BinaryOperator::Subtract,
            left: three,
            right: this,
        },
    );
    head.push(
        Statement::Store {
            pointer: tag,
            value: next,
        },
        span,
    );
    if let Some(iterating) = iterating {
        let yes = b.pre(Expression::Literal(Literal::Bool(true)));
        head.push(
            Statement::Store {
                pointer: iterating,
                value: yes,
            },
            span,
        );
    }
    let is_active = b.emit(&mut head, Expression::Load { pointer: active });
    push_if(&mut head, is_active, body, span);

    // `break if` ends only the invocation that takes it.
    if let Some(condition) = break_if {
        let no = b.pre(Expression::Literal(Literal::Bool(false)));
        let mut stop = Block::new();
        stop.push(
            Statement::Store {
                pointer: active,
                value: no,
            },
            span,
        );
        push_if(&mut continuing, condition, stop, span);
    }
    let mut guarded_continuing = Block::new();
    if !continuing.is_empty() {
        let is_active = b.emit(
            &mut guarded_continuing,
            Expression::Load { pointer: active },
        );
        push_if(&mut guarded_continuing, is_active, continuing, span);
    }
    before.push(
        Statement::Loop {
            body: head,
            continuing: guarded_continuing,
            break_if: None,
        },
        span,
    );
    Ok((before, LoopStrategy::Vote))
}

/// A statement that leaves the loop on a condition and does nothing else.
#[derive(Clone, Copy)]
enum ExitTest {
    /// `if c { break; }`
    LeaveIf(Handle<Expression>),
    /// `if c {} else { break; }`, as naga writes a `for` loop's condition.
    StayWhile(Handle<Expression>),
}

fn exit_test(statement: &Statement) -> Option<ExitTest> {
    let Statement::If {
        condition,
        ref accept,
        ref reject,
    } = *statement
    else {
        return None;
    };
    let leaves = |b: &Block| b.len() == 1 && matches!(b[0], Statement::Break);
    if leaves(accept) && reject.is_empty() {
        Some(ExitTest::LeaveIf(condition))
    } else if accept.is_empty() && leaves(reject) {
        Some(ExitTest::StayWhile(condition))
    } else {
        None
    }
}

/// Splits off the top of a loop body that only computes values and
/// leaves (`if c { break; }`, or a `for` loop's `if c {} else { break; }`),
/// when nothing after it uses what it computes. Moved before the vote,
/// it still runs between the same barriers: the previous iteration's last
/// and this iteration's first.
fn split_header(
    expressions: &Arena<Expression>,
    body: Block,
    continuing: &Block,
    break_if: Option<Handle<Expression>>,
) -> (Block, Block) {
    let mut end = 0;
    for (i, s) in body.iter().enumerate() {
        if exit_test(s).is_some() {
            end = i + 1;
        } else if !matches!(s, Statement::Emit(_)) {
            break;
        }
    }
    let mut header = Block::new();
    let mut rest = Block::new();
    for (i, (s, span)) in body.span_into_iter().enumerate() {
        if i < end { &mut header } else { &mut rest }.push(s, span);
    }
    let mut used = BTreeSet::new();
    used_in(expressions, &rest, &mut used);
    used_in(expressions, continuing, &mut used);
    used.extend(break_if);
    if defined_at_top(&header).iter().any(|d| used.contains(d)) {
        header.append(&mut rest);
        return (Block::new(), header);
    }
    (header, rest)
}

/// Splits off the start of a loop body that only loads local variables
/// and computes from them, without faults: the longest such run of
/// expressions in the `Emit`s before the body's first other statement.
/// Every invocation can run it, active or not, and an active one computes
/// the same values there as at the top of its body: nothing runs in
/// between but the vote, which stores no local variable of the loop.
fn split_prelude(expressions: &Arena<Expression>, body: Block) -> (Block, Block) {
    let speculable = |h: Handle<Expression>| match expressions[h] {
        Expression::Load { pointer } => {
            matches!(expressions[pointer], Expression::LocalVariable(_))
        }
        ref e => is_arithmetic(e),
    };
    let mut prelude = Block::new();
    let mut rest = Block::new();
    let mut open = true;
    for (statement, span) in body.span_into_iter() {
        let Statement::Emit(ref range) = statement else {
            open = false;
            rest.push(statement, span);
            continue;
        };
        if !open {
            rest.push(statement, span);
            continue;
        }
        let handles: Vec<Handle<Expression>> = range.clone().collect();
        let taken = handles.iter().take_while(|&&h| speculable(h)).count();
        if let (Some(&first), Some(&last)) = (handles.first(), handles.get(taken.wrapping_sub(1))) {
            if taken > 0 {
                prelude.push(
                    Statement::Emit(naga::Range::new_from_bounds(first, last)),
                    span,
                );
            }
        }
        if taken < handles.len() {
            open = false;
            rest.push(
                Statement::Emit(naga::Range::new_from_bounds(
                    handles[taken],
                    handles[handles.len() - 1],
                )),
                span,
            );
        }
    }
    (prelude, rest)
}

/// Whether a loop header (emits and exit tests) can run in every
/// invocation, active or not: it reads nothing but function-local
/// variables, and computes nothing that could fault.
fn speculable(expressions: &Arena<Expression>, header: &Block) -> bool {
    !header.is_empty()
        && header.iter().all(|s| match *s {
            Statement::Emit(ref range) => range.clone().all(|h| match expressions[h] {
                Expression::Load { pointer } => {
                    matches!(expressions[pointer], Expression::LocalVariable(_))
                }
                ref e => is_arithmetic(e),
            }),
            _ => true,
        })
}

/// How a loop was made uniform, as the report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LoopStrategy {
    /// The same trip count in every invocation: the loop as written, its
    /// body guarded.
    UniformCount,
    /// The workgroup's largest trip count, computed once before the loop.
    LargestCount,
    /// A workgroup vote at the start of every iteration.
    Vote,
}

impl LoopStrategy {
    pub fn name(self) -> &'static str {
        match self {
            LoopStrategy::UniformCount => "uniform-count",
            LoopStrategy::LargestCount => "largest-count",
            LoopStrategy::Vote => "vote",
        }
    }
}

/// Appends expressions with one span, emitting each where it is needed.
struct Emitted<'a> {
    expressions: &'a mut naga::Arena<Expression>,
    span: Span,
}

impl<'a> Emitted<'a> {
    fn new(expressions: &'a mut naga::Arena<Expression>, span: Span) -> Self {
        Emitted { expressions, span }
    }

    /// An expression no `Emit` covers: a literal or a variable, usable
    /// anywhere, or a statement's result, created by the statement that
    /// follows.
    fn pre(&mut self, expression: Expression) -> Handle<Expression> {
        self.expressions.append(expression, self.span)
    }

    /// `value` usable at the end of `block`: itself if it comes from
    /// before, else a copy of what the loop header computes it from,
    /// emitted there.
    fn copy_before(
        &mut self,
        block: &mut Block,
        value: Handle<Expression>,
        header: &BTreeSet<Handle<Expression>>,
    ) -> Handle<Expression> {
        let mut copies = std::collections::HashMap::new();
        self.copy_into(block, value, header, &mut copies)
    }

    fn copy_into(
        &mut self,
        block: &mut Block,
        value: Handle<Expression>,
        header: &BTreeSet<Handle<Expression>>,
        copies: &mut std::collections::HashMap<Handle<Expression>, Handle<Expression>>,
    ) -> Handle<Expression> {
        if let Some(&copy) = copies.get(&value) {
            return copy;
        }
        if !header.contains(&value) {
            return value;
        }
        let mut copy = self.expressions[value].clone();
        let mut operands = Vec::new();
        crate::ir::for_each_operand(&mut copy, &mut |h| operands.push(*h));
        for operand in operands {
            let c = self.copy_into(block, operand, header, copies);
            copies.insert(operand, c);
        }
        crate::ir::for_each_operand(&mut copy, &mut |h| {
            if let Some(&c) = copies.get(h) {
                *h = c;
            }
        });
        let new = self.emit(block, copy);
        copies.insert(value, new);
        new
    }

    /// A copy of `steps`, a continuing block of emits and stores into
    /// `counter`, that reads and stores `into` instead.
    fn copy_steps(
        &mut self,
        steps: &Block,
        counter: Handle<LocalVariable>,
        into: Handle<Expression>,
    ) -> Block {
        let mut copies = std::collections::HashMap::new();
        let mut copy = Block::new();
        for statement in steps.iter() {
            match *statement {
                Statement::Emit(ref range) => {
                    for h in range.clone() {
                        let mut e = self.expressions[h].clone();
                        if let Expression::Load { ref mut pointer } = e {
                            if matches!(self.expressions[*pointer], Expression::LocalVariable(l) if l == counter)
                            {
                                *pointer = into;
                            }
                        }
                        crate::ir::for_each_operand(&mut e, &mut |o| {
                            if let Some(&c) = copies.get(o) {
                                *o = c;
                            }
                        });
                        let new = self.emit(&mut copy, e);
                        copies.insert(h, new);
                    }
                }
                Statement::Store { value, .. } => copy.push(
                    Statement::Store {
                        pointer: into,
                        value: copies.get(&value).copied().unwrap_or(value),
                    },
                    self.span,
                ),
                _ => unreachable!("a counted loop's continuing block only steps its counter"),
            }
        }
        copy
    }

    /// The flag of the invocations that take part, emitted at the end of
    /// `block`: the condition, or its negation; `None` for all of them.
    fn entry(
        &mut self,
        block: &mut Block,
        entry: Option<(Handle<Expression>, bool)>,
    ) -> Option<Handle<Expression>> {
        match entry? {
            (condition, false) => Some(condition),
            (condition, true) => Some(self.emit(
                block,
                Expression::Unary {
                    op: naga::UnaryOperator::LogicalNot,
                    expr: condition,
                },
            )),
        }
    }

    /// `if condition == when { break; }` at the end of `block`.
    fn leave_if(
        &mut self,
        block: &mut Block,
        condition: Handle<Expression>,
        when: bool,
        span: Span,
    ) {
        let mut leave = Block::new();
        leave.push(Statement::Break, span);
        let (accept, reject) = if when {
            (leave, Block::new())
        } else {
            (Block::new(), leave)
        };
        block.push(
            Statement::If {
                condition,
                accept,
                reject,
            },
            span,
        );
    }

    /// An expression emitted at the end of `block`.
    fn emit(&mut self, block: &mut Block, expression: Expression) -> Handle<Expression> {
        let handle = self.expressions.append(expression, self.span);
        block.push(
            Statement::Emit(naga::Range::new_from_bounds(handle, handle)),
            self.span,
        );
        handle
    }
}

/// `if condition { accept }` at the end of `block`.
fn push_if(block: &mut Block, condition: Handle<Expression>, accept: Block, span: Span) {
    block.push(
        Statement::If {
            condition,
            accept,
            reject: Block::new(),
        },
        span,
    );
}
