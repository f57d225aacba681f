//! Shorthands for the expressions and statements passes build most, so
//! that generated code reads as the arithmetic it stands for.

use naga::{
    BinaryOperator, CollectiveOperation, Expression, GatherMode, Handle, Literal, MathFunction,
    ScalarKind, Statement, SubgroupOperation, Type,
};

use super::BlockBuilder;

impl BlockBuilder<'_> {
    /// The literal `value` as a `u32`.
    pub fn u32(&mut self, value: u32) -> Handle<Expression> {
        self.expr(Expression::Literal(Literal::U32(value)))
    }

    /// `left op right`; the operands must have types `op` accepts.
    pub fn binary(
        &mut self,
        op: BinaryOperator,
        left: Handle<Expression>,
        right: Handle<Expression>,
    ) -> Handle<Expression> {
        self.expr(Expression::Binary { op, left, right })
    }

    /// `condition ? accept : reject`.
    pub fn select(
        &mut self,
        condition: Handle<Expression>,
        accept: Handle<Expression>,
        reject: Handle<Expression>,
    ) -> Handle<Expression> {
        self.expr(Expression::Select {
            condition,
            accept,
            reject,
        })
    }

    /// Reinterprets the bits of a scalar as another kind of its width.
    pub fn bitcast(&mut self, value: Handle<Expression>, kind: ScalarKind) -> Handle<Expression> {
        self.expr(Expression::As {
            expr: value,
            kind,
            convert: None,
        })
    }

    /// The bits of a 32-bit scalar of kind `kind` as a `u32`.
    pub fn to_u32_bits(
        &mut self,
        value: Handle<Expression>,
        kind: ScalarKind,
    ) -> Handle<Expression> {
        match kind {
            ScalarKind::Uint => value,
            _ => self.bitcast(value, ScalarKind::Uint),
        }
    }

    /// A `u32`'s bits as a 32-bit scalar of kind `kind`.
    pub fn from_u32_bits(
        &mut self,
        word: Handle<Expression>,
        kind: ScalarKind,
    ) -> Handle<Expression> {
        match kind {
            ScalarKind::Uint => word,
            _ => self.bitcast(word, kind),
        }
    }

    /// The one-argument math function `fun(arg)`.
    pub fn math(&mut self, fun: MathFunction, arg: Handle<Expression>) -> Handle<Expression> {
        self.expr(Expression::Math {
            fun,
            arg,
            arg1: None,
            arg2: None,
            arg3: None,
        })
    }

    /// The value `pointer` points to.
    pub fn load(&mut self, pointer: Handle<Expression>) -> Handle<Expression> {
        self.expr(Expression::Load { pointer })
    }

    /// A pointer to element `index` of the array `base` points to.
    pub fn access(
        &mut self,
        base: Handle<Expression>,
        index: Handle<Expression>,
    ) -> Handle<Expression> {
        self.expr(Expression::Access { base, index })
    }

    /// The statement `*pointer = value`.
    pub fn store(&mut self, pointer: Handle<Expression>, value: Handle<Expression>) {
        self.statement(Statement::Store { pointer, value });
    }

    /// `subgroupShuffle(value, lane)`; `ty` is the type of `value`.
    pub fn subgroup_shuffle(
        &mut self,
        value: Handle<Expression>,
        lane: Handle<Expression>,
        ty: Handle<Type>,
    ) -> Handle<Expression> {
        self.subgroup_gather(GatherMode::Shuffle(lane), value, ty)
    }

    /// `subgroupBroadcastFirst(value)`; `ty` is the type of `value`.
    pub fn subgroup_broadcast_first(
        &mut self,
        value: Handle<Expression>,
        ty: Handle<Type>,
    ) -> Handle<Expression> {
        self.subgroup_gather(GatherMode::BroadcastFirst, value, ty)
    }

    fn subgroup_gather(
        &mut self,
        mode: GatherMode,
        argument: Handle<Expression>,
        ty: Handle<Type>,
    ) -> Handle<Expression> {
        self.statement_with_result(Expression::SubgroupOperationResult { ty }, |result| {
            Statement::SubgroupGather {
                mode,
                argument,
                result,
            }
        })
    }

    /// The reduction `op` of `value` over the active invocations of the
    /// subgroup (`subgroupAdd`, `subgroupAll`, ...); `ty` is the type of
    /// the result.
    pub fn subgroup_reduce(
        &mut self,
        op: SubgroupOperation,
        value: Handle<Expression>,
        ty: Handle<Type>,
    ) -> Handle<Expression> {
        self.subgroup_collective(op, CollectiveOperation::Reduce, value, ty)
    }

    /// `subgroupExclusiveAdd`-style scans: `op` over the lanes below this
    /// one, in lane order.
    pub fn subgroup_exclusive_scan(
        &mut self,
        op: SubgroupOperation,
        value: Handle<Expression>,
        ty: Handle<Type>,
    ) -> Handle<Expression> {
        self.subgroup_collective(op, CollectiveOperation::ExclusiveScan, value, ty)
    }

    fn subgroup_collective(
        &mut self,
        op: SubgroupOperation,
        collective_op: CollectiveOperation,
        argument: Handle<Expression>,
        ty: Handle<Type>,
    ) -> Handle<Expression> {
        self.statement_with_result(Expression::SubgroupOperationResult { ty }, |result| {
            Statement::SubgroupCollectiveOperation {
                op,
                collective_op,
                argument,
                result,
            }
        })
    }
}
