//! The exchange relay: a float `atomicAdd` whose result nothing reads, on
//! integer atomics alone, without the compare-exchange loop's retries.
//!
//! ```text
//! var carry = value;                       // -value for atomicSub
//! loop {
//!     carry += bitcast<f32>(atomicExchange(p, 0u));      // take what is there
//!     let back = atomicExchange(p, bitcast<u32>(carry));  // put the sum back
//!     if (back == 0u) { break; }                          // nobody added meanwhile
//!     carry = bitcast<f32>(back);                         // add theirs next time
//! }
//! ```
//!
//! Every contribution is held by exactly one place at any time (the atomic,
//! or one invocation's `carry`): an exchange moves a value, never copies
//! it, so each is added exactly once. An invocation leaves when its second
//! exchange returns the word of `+0.0`, nothing deposited between its two
//! exchanges; otherwise it carries what it got back into the next round.
//! No invocation waits for another, so the loop cannot deadlock under any
//! scheduling; each round that does not end moves another invocation's
//! contribution into the sum.
//!
//! What the atomic holds during the dispatch is a part of the sum while
//! relays are in flight (down to `+0.0` for an instant): a load, an
//! exchange or a compare-exchange could see a sum that misses an add
//! already finished. So the relay is used only where the atomic has no
//! other access than adds and subtracts whose results nothing reads, and
//! stores; elsewhere adds are compare-exchange loops. After the dispatch
//! (or after a barrier every adding invocation has passed) the atomic
//! holds the whole sum, as with a native float `atomicAdd`, in an order of
//! additions that is not the native one.

use naga::{AtomicFunction, BinaryOperator, Expression, Handle, Statement, Type, UnaryOperator};

use crate::ir::BlockBuilder;

/// Adds `value` (`negate`: subtracts it) to the f32 atomic `pointer`,
/// which holds the float's bits in a `u32` word of type `word_ty`.
pub(super) fn exchange_relay(
    b: &mut BlockBuilder<'_>,
    pointer: Handle<Expression>,
    value: Handle<Expression>,
    negate: bool,
    word_ty: Handle<Type>,
    float_ty: Handle<Type>,
) {
    let carry = b.local("float_atomic_carry", float_ty);
    let contribution = match negate {
        true => b.expr(Expression::Unary {
            op: UnaryOperator::Negate,
            expr: value,
        }),
        false => value,
    };
    b.statement(Statement::Store {
        pointer: carry,
        value: contribution,
    });
    let body = b.block(|l| {
        let zero = l.u32(0);
        let taken = exchange(l, pointer, zero, word_ty);
        let taken = l.bitcast(taken, naga::ScalarKind::Float);
        let held = l.expr(Expression::Load { pointer: carry });
        let sum = l.binary(BinaryOperator::Add, held, taken);
        l.statement(Statement::Store {
            pointer: carry,
            value: sum,
        });
        let sum = l.expr(Expression::Load { pointer: carry });
        let bits = l.bitcast(sum, naga::ScalarKind::Uint);
        let back = exchange(l, pointer, bits, word_ty);
        let zero = l.u32(0);
        let alone = l.binary(BinaryOperator::Equal, back, zero);
        l.break_if(alone);
        let theirs = l.bitcast(back, naga::ScalarKind::Float);
        l.statement(Statement::Store {
            pointer: carry,
            value: theirs,
        });
    });
    b.statement(Statement::Loop {
        body,
        continuing: naga::Block::new(),
        break_if: None,
    });
}

/// `atomicExchange(pointer, word)`: the word it held.
fn exchange(
    b: &mut BlockBuilder<'_>,
    pointer: Handle<Expression>,
    word: Handle<Expression>,
    word_ty: Handle<Type>,
) -> Handle<Expression> {
    b.statement_with_result(
        Expression::AtomicResult {
            ty: word_ty,
            comparison: false,
        },
        |result| Statement::Atomic {
            pointer,
            fun: AtomicFunction::Exchange { compare: None },
            value: word,
            result: Some(result),
        },
    )
}
