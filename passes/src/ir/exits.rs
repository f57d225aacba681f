//! Early exits as a per-invocation flag.
//!
//! An invocation that leaves early (`return`, or a loop's `break` or
//! `continue`) stops taking part in the barriers after the exit. Here it
//! stays: the exit becomes `flag = false`, and every statement the exit
//! used to skip runs only where the flag still holds. The invocations that
//! did not leave run exactly what they ran before; those that did run no
//! side effect after the exit point, and are now free to wait at barriers.
//!
//! ```text
//! if c { return; }        flag = true;
//! A;                 =>   if c { flag = false; }
//!                         if flag { A; }
//! ```
//!
//! Inside a loop the rest of the loop body is not guarded (an inactive
//! invocation would iterate forever): a `return` there leaves the loop
//! through a `break` taken where the flag is clear, and the loop itself
//! becomes the statement after which the rest is guarded.

use naga::{Arena, Block, Expression, Function, Handle, Literal, Span, Statement};

use crate::ir::add_local;

/// `body`'s early `return`s turned into a flag: a new `bool` local named
/// `flag_name` is set at the start, each `return` clears it, and what a
/// `return` skipped runs only where it still holds. A returned value is
/// stored into `result`. Gives the flag's pointer and the predicated body.
pub(crate) fn predicate_exits(
    function: &mut Function,
    flag_name: impl Into<String>,
    bool_ty: Handle<naga::Type>,
    span: Span,
    body: Block,
    result: Option<Handle<Expression>>,
) -> (Handle<Expression>, Block) {
    let local = add_local(&mut function.local_variables, flag_name, bool_ty, span);
    let flag = function
        .expressions
        .append(Expression::LocalVariable(local), span);
    let yes = function
        .expressions
        .append(Expression::Literal(Literal::Bool(true)), span);
    let mut predicated = Block::new();
    predicated.push(
        Statement::Store {
            pointer: flag,
            value: yes,
        },
        span,
    );
    let mut rest = Predicate {
        expressions: &mut function.expressions,
        exit: Exit::Return,
        flag,
        result,
    }
    .block(body);
    predicated.append(&mut rest);
    (flag, predicated)
}

/// Whether a loop with this body, `continuing` block and `break if` has a
/// way out: a `break if`, a `break` of its own (one inside a `switch`
/// leaves the switch, one inside a nested loop that loop), or a `return`
/// anywhere in it. A `discard` is none: WGSL demotes the invocation to a
/// helper, which goes on.
pub fn loop_has_exit(
    body: &Block,
    continuing: &Block,
    break_if: Option<Handle<Expression>>,
) -> bool {
    break_if.is_some()
        || [body, continuing].into_iter().any(|block| {
            Predicate::has_exit(Exit::Break, block) || Predicate::has_exit(Exit::Return, block)
        })
}

/// Which exits are turned into the flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// `return` from the function, its value (if any) stored into the
    /// result variable.
    Return,
    /// `break` out of the loop whose body is being predicated.
    Break,
    /// `continue` of the loop whose body is being predicated.
    Continue,
}

pub(crate) struct Predicate<'a> {
    pub expressions: &'a mut Arena<Expression>,
    pub exit: Exit,
    /// Pointer to the `bool` local that holds whether the invocation is
    /// still active.
    pub flag: Handle<Expression>,
    /// Pointer to the local that receives a returned value.
    pub result: Option<Handle<Expression>>,
}

/// Where a block sits, which decides what its exits mean.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Straight-line code: the rest of the block is guarded by the flag.
    Plain,
    /// A loop body (for `Return`): a cleared flag leaves the loop.
    LoopBody,
    /// Inside a `switch` (for `Break`, whose breaks there are the switch's).
    Switch,
}

impl Predicate<'_> {
    /// Predicates the exits of `block`, the body of the construct the
    /// exits leave (a function body, or a loop body for `Break` and
    /// `Continue`).
    pub fn block(&mut self, block: Block) -> Block {
        self.walk(block, Scope::Plain).block
    }

    /// Whether `block` holds an exit this predicate rewrites.
    pub fn has_exit(exit: Exit, block: &Block) -> bool {
        block.iter().any(|s| Self::statement_exits(exit, s))
    }

    /// Whether `statement`, as a statement of a block, holds `exit`.
    pub fn statement_exits(exit: Exit, statement: &Statement) -> bool {
        Self::statement_has_exit(exit, statement, false)
    }

    fn statement_has_exit(exit: Exit, statement: &Statement, in_switch: bool) -> bool {
        match (exit, statement) {
            (Exit::Return, Statement::Return { .. }) => true,
            (Exit::Break, Statement::Break) => !in_switch,
            (Exit::Continue, Statement::Continue) => true,
            (Exit::Break | Exit::Continue, Statement::Loop { .. }) => false,
            (_, Statement::Switch { cases, .. }) => cases.iter().any(|c| {
                c.body
                    .iter()
                    .any(|s| Self::statement_has_exit(exit, s, true))
            }),
            (_, Statement::Loop { body, .. }) => body
                .iter()
                .any(|s| Self::statement_has_exit(exit, s, false)),
            _ => crate::ir::child_blocks(statement).into_iter().any(|b| {
                b.iter()
                    .any(|s| Self::statement_has_exit(exit, s, in_switch))
            }),
        }
    }

    fn is_exit(&self, statement: &Statement, scope: Scope) -> bool {
        match (self.exit, statement) {
            (Exit::Return, Statement::Return { .. }) => true,
            (Exit::Break, Statement::Break) => scope != Scope::Switch,
            (Exit::Continue, Statement::Continue) => true,
            _ => false,
        }
    }

    fn store_flag(&mut self, out: &mut Block, value: bool, span: Span) {
        let literal = self
            .expressions
            .append(Expression::Literal(Literal::Bool(value)), span);
        out.push(
            Statement::Store {
                pointer: self.flag,
                value: literal,
            },
            span,
        );
    }

    /// `flag`, loaded and emitted into `out`.
    fn load_flag(&mut self, out: &mut Block, span: Span) -> Handle<Expression> {
        let load = self
            .expressions
            .append(Expression::Load { pointer: self.flag }, span);
        out.push(
            Statement::Emit(naga::Range::new_from_bounds(load, load)),
            span,
        );
        load
    }

    /// The predicated block, and whether it may clear the flag.
    fn walk(&mut self, block: Block, scope: Scope) -> Walked {
        let mut out = Block::new();
        let mut clears = false;
        let mut pending = false;
        let mut statements = block.span_into_iter();
        while let Some((statement, span)) = statements.next() {
            if self.is_exit(&statement, scope) {
                if let (Statement::Return { value: Some(value) }, Some(result)) =
                    (&statement, self.result)
                {
                    out.push(
                        Statement::Store {
                            pointer: result,
                            value: *value,
                        },
                        span,
                    );
                }
                self.store_flag(&mut out, false, span);
                let left = scope == Scope::LoopBody;
                if left {
                    out.push(Statement::Break, span);
                }
                // What followed the exit was never reached.
                return Walked {
                    block: out,
                    clears: true,
                    pending: pending || !left,
                };
            }
            let walked = self.statement(statement, scope);
            out.push(walked.block, span);
            if !walked.clears {
                continue;
            }
            clears = true;
            if scope == Scope::LoopBody {
                // Only where a cleared flag has not left the loop already
                // (from inside a `switch` or an inner loop).
                if walked.pending {
                    let active = self.load_flag(&mut out, span);
                    let mut leave = Block::new();
                    leave.push(Statement::Break, span);
                    out.push(
                        Statement::If {
                            condition: active,
                            accept: Block::new(),
                            reject: leave,
                        },
                        span,
                    );
                }
                continue;
            }
            pending = true;
            let rest: Vec<(Statement, Span)> = statements.collect();
            if rest.is_empty() {
                break;
            }
            let rest_span = rest[0].1;
            let mut rest_block = Block::new();
            for (s, sp) in rest {
                rest_block.push(s, sp);
            }
            let rest_block = self.walk(rest_block, scope).block;
            let active = self.load_flag(&mut out, rest_span);
            out.push(
                Statement::If {
                    condition: active,
                    accept: rest_block,
                    reject: Block::new(),
                },
                rest_span,
            );
            break;
        }
        Walked {
            block: out,
            clears,
            pending,
        }
    }

    fn statement(&mut self, statement: Statement, scope: Scope) -> Walked<Statement> {
        match statement {
            Statement::If {
                condition,
                accept,
                reject,
            } => {
                let a = self.walk(accept, scope);
                let r = self.walk(reject, scope);
                Walked {
                    block: Statement::If {
                        condition,
                        accept: a.block,
                        reject: r.block,
                    },
                    clears: a.clears || r.clears,
                    pending: a.pending || r.pending,
                }
            }
            Statement::Block(block) => {
                let w = self.walk(block, scope);
                Walked {
                    block: Statement::Block(w.block),
                    clears: w.clears,
                    pending: w.pending,
                }
            }
            Statement::Switch { selector, cases } => {
                let inner = match self.exit {
                    Exit::Break => Scope::Switch,
                    _ => scope,
                };
                let mut clears = false;
                let cases = cases
                    .into_iter()
                    .map(|mut case| {
                        let w = self.walk(std::mem::take(&mut case.body), inner);
                        clears |= w.clears;
                        case.body = w.block;
                        case
                    })
                    .collect();
                // A `break` in a case leaves only the switch.
                Walked {
                    block: Statement::Switch { selector, cases },
                    clears,
                    pending: clears,
                }
            }
            Statement::Loop {
                body,
                continuing,
                break_if,
            } if self.exit == Exit::Return => {
                let w = self.walk(body, Scope::LoopBody);
                Walked {
                    block: Statement::Loop {
                        body: w.block,
                        continuing,
                        break_if,
                    },
                    clears: w.clears,
                    pending: w.clears,
                }
            }
            other => Walked {
                block: other,
                clears: false,
                pending: false,
            },
        }
    }
}

/// What predicating a block (or statement) gave.
struct Walked<T = Block> {
    block: T,
    /// It may clear the flag.
    clears: bool,
    /// It may clear the flag and still go on in the enclosing loop body.
    pending: bool,
}
