use naga::{Arena, Block, Expression, Handle, LocalVariable, Span, Statement, Type};

/// Appends expressions and statements to a function, emitting each run of
/// new expressions right before the statement that follows it.
///
/// ```
/// use naga::{Arena, Expression, Literal, ScalarKind, Span, Statement};
/// use shaderxform_passes::ir::BlockBuilder;
///
/// let mut expressions = Arena::new();
/// let value = expressions.append(Expression::Literal(Literal::F32(1.0)), Span::UNDEFINED);
/// let mut b = BlockBuilder::new(&mut expressions, Span::UNDEFINED);
/// let bits = b.expr(Expression::As { expr: value, kind: ScalarKind::Uint, convert: None });
/// b.statement(Statement::Return { value: Some(bits) });
/// let block = b.finish();
/// // The conversion is emitted right before the statement that uses it.
/// assert!(matches!(block[0], Statement::Emit(_)));
/// assert!(matches!(block[1], Statement::Return { .. }));
/// ```
pub struct BlockBuilder<'a> {
    expressions: &'a mut Arena<Expression>,
    locals: Option<&'a mut Arena<LocalVariable>>,
    pub(crate) span: Span,
    block: Block,
    emitter: naga::proc::Emitter,
}

impl<'a> BlockBuilder<'a> {
    /// Every expression and statement gets `span`: the source construct the
    /// rewrite stands for, so diagnostics of later stages point there.
    pub fn new(expressions: &'a mut Arena<Expression>, span: Span) -> Self {
        let mut emitter = naga::proc::Emitter::default();
        emitter.start(expressions);
        BlockBuilder {
            expressions,
            locals: None,
            span,
            block: Block::new(),
            emitter,
        }
    }

    /// Adds an expression. Pre-emitted kinds (literals, constants,
    /// variables) are kept out of the emit range as naga requires.
    pub fn expr(&mut self, expression: Expression) -> Handle<Expression> {
        if expression.needs_pre_emit() {
            self.flush();
            let handle = self.expressions.append(expression, self.span);
            self.emitter.start(self.expressions);
            handle
        } else {
            self.expressions.append(expression, self.span)
        }
    }

    /// Lets the builder add function-local variables.
    pub fn with_locals(mut self, locals: &'a mut Arena<LocalVariable>) -> Self {
        self.locals = Some(locals);
        self
    }

    /// Adds a function-local variable and returns the pointer expression to
    /// it. Panics if the builder was made without [`Self::with_locals`].
    pub fn local(&mut self, name: &str, ty: Handle<Type>) -> Handle<Expression> {
        let span = self.span;
        let locals = self
            .locals
            .as_deref_mut()
            .expect("a builder that adds locals is made with_locals");
        let local = add_local(locals, name, ty, span);
        self.expr(Expression::LocalVariable(local))
    }

    /// Builds a nested block (the body of an `if` or a loop) on the same
    /// arena; the returned block is for a statement added afterwards.
    pub fn block(&mut self, build: impl FnOnce(&mut BlockBuilder<'_>)) -> Block {
        self.flush();
        let mut inner = BlockBuilder::new(self.expressions, self.span);
        if let Some(locals) = self.locals.as_deref_mut() {
            inner.locals = Some(locals);
        }
        build(&mut inner);
        let block = inner.finish();
        self.emitter.start(self.expressions);
        block
    }

    /// `if condition { break; }`: leaves the enclosing loop.
    pub fn break_if(&mut self, condition: Handle<Expression>) {
        let leave = self.block(|x| x.statement(Statement::Break));
        self.statement(Statement::If {
            condition,
            accept: leave,
            reject: Block::new(),
        });
    }

    /// Adds a statement after every expression added so far.
    pub fn statement(&mut self, statement: Statement) {
        self.flush();
        self.block.push(statement, self.span);
        self.emitter.start(self.expressions);
    }

    /// Adds a statement that produces its result expression (an atomic, a
    /// call, a subgroup operation): `make` receives the result handle, which
    /// must not be emitted.
    pub fn statement_with_result(
        &mut self,
        result: Expression,
        make: impl FnOnce(Handle<Expression>) -> Statement,
    ) -> Handle<Expression> {
        self.flush();
        let handle = self.expressions.append(result, self.span);
        self.block.push(make(handle), self.span);
        self.emitter.start(self.expressions);
        handle
    }

    /// Appends statements built elsewhere.
    pub fn extend(&mut self, statements: Block) {
        self.flush();
        self.block.append(&mut statements.clone());
        self.emitter.start(self.expressions);
    }

    /// The span every expression and statement added gets.
    pub fn span(&self) -> Span {
        self.span
    }

    /// Read access to the arena, e.g. to inspect an operand.
    pub fn expressions(&self) -> &Arena<Expression> {
        self.expressions
    }

    /// Write access to the arena, e.g. to retype a statement's result.
    pub fn expressions_mut(&mut self) -> &mut Arena<Expression> {
        self.expressions
    }

    /// The statements built, with the last run of expressions emitted.
    pub fn finish(mut self) -> Block {
        self.flush();
        self.block
    }

    fn flush(&mut self) {
        if let Some((emit, _)) = self.emitter.finish(self.expressions) {
            self.block.push(emit, self.span);
        }
    }
}

/// Adds a function-local variable, for values that must survive across
/// statements that a rewrite moves apart.
pub fn add_local(
    locals: &mut Arena<LocalVariable>,
    name: impl Into<String>,
    ty: Handle<Type>,
    span: Span,
) -> Handle<LocalVariable> {
    locals.append(
        LocalVariable {
            name: Some(name.into()),
            ty,
            init: None,
        },
        span,
    )
}
