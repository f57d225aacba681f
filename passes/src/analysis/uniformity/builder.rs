//! Builds one function's dependence graph by walking its body in program
//! order, as WGSL's uniformity rules (and Tint, which browsers run) do.
//!
//! Function-local variables, and what pointer parameters point to, are
//! tracked flow-sensitively: the walk keeps the node that stands for the
//! current value of each one. A store makes a new node; where paths join
//! (after an `if`, at a loop's head, after a `break`) a merge node depends
//! on the value of every path that reaches the join. A loop's head gets
//! the values from before the loop, from the end of its body and from
//! every `continue` as edges of one node per variable, so cycles through
//! the loop need no iteration: reachability in the graph is the fixed
//! point.

use std::collections::HashMap;

use naga::{AddressSpace, Expression, Function, Handle, Module, Span, Statement, TypeInner};
use petgraph::graph::{DiGraph, NodeIndex};

use super::behaviour::Behaviours;
use super::rules::{Rule, RuleOp, RuleRequirement, RuleRequirementKind, RuleSeverities};
use super::{
    reachable_from, BarrierKind, FunctionSummary, FunctionUniformity, Node, NodeKind,
    RequirementKind, StatementPath, UniformityRequirement,
};
use crate::ir;

mod calls;
mod sources;

/// What a pointer expression points into.
enum TrackedRoot {
    /// A tracked variable: a function-local variable, or what a pointer
    /// parameter points to.
    Tracked(usize),
    Global(Handle<naga::GlobalVariable>),
    /// A pointer parameter the analysis does not follow (one outside the
    /// function address space).
    Parameter(u32),
    Other,
}

#[derive(Clone, Copy, PartialEq)]
enum FrameKind {
    Loop,
    Switch,
}

/// A construct `break` (or `continue`) leaves: the values each variable
/// has on the paths that leave it.
struct Frame {
    kind: FrameKind,
    /// The value of each variable after the construct, where some path
    /// leaves it.
    exits: Vec<Option<NodeIndex>>,
    /// For a loop, the value of each variable at its `continue`s, which
    /// go to the continuing block (not straight to the next iteration).
    continues: Vec<Option<NodeIndex>>,
}

pub(super) struct Builder<'a> {
    module: &'a Module,
    /// Private variables whose loads are uniform (`analyze_assuming`).
    uniform_privates: &'a std::collections::HashSet<Handle<naga::GlobalVariable>>,
    function: &'a Function,
    is_entry_point: bool,
    callees: &'a [(Handle<Function>, FunctionUniformity)],
    graph: DiGraph<Node, ()>,
    root: NodeIndex,
    expressions: Vec<NodeIndex>,
    params: Vec<NodeIndex>,
    /// What each pointer parameter points to on entry and on return.
    contents_in: Vec<Option<NodeIndex>>,
    contents_out: Vec<Option<NodeIndex>>,
    locals: usize,
    names: Vec<String>,
    /// Every value node a variable ever had, for loads the walk never saw
    /// evaluated.
    history: Vec<Vec<NodeIndex>>,
    loads_seen: Vec<bool>,
    frames: Vec<Frame>,
    unreachable: usize,
    control_flow: HashMap<StatementPath, NodeIndex>,
    source_reasons: HashMap<NodeIndex, String>,
    requirements: Vec<UniformityRequirement>,
    rule_requirements: Vec<RuleRequirement>,
    /// The severity of each filterable rule in this function.
    rule_severities: RuleSeverities,
    return_value: NodeIndex,
}

type Values = Vec<NodeIndex>;

impl<'a> Builder<'a> {
    pub fn new(
        module: &'a Module,
        function: &'a Function,
        is_entry_point: bool,
        callees: &'a [(Handle<Function>, FunctionUniformity)],
        uniform_privates: &'a std::collections::HashSet<Handle<naga::GlobalVariable>>,
    ) -> Self {
        let mut graph = DiGraph::new();
        let root = graph.add_node(Node {
            kind: NodeKind::Root,
            span: Span::UNDEFINED,
        });
        let return_value = graph.add_node(Node {
            kind: NodeKind::ReturnValue,
            span: Span::UNDEFINED,
        });
        let locals = function.local_variables.len();
        let mut names: Vec<String> = function
            .local_variables
            .iter()
            .map(|(_, l)| l.name.clone().unwrap_or_else(|| "a variable".into()))
            .collect();
        names.extend(function.arguments.iter().enumerate().map(|(i, a)| {
            a.name
                .as_ref()
                .map_or_else(|| format!("*argument {i}"), |n| format!("*{n}"))
        }));
        Builder {
            module,
            uniform_privates,
            function,
            is_entry_point,
            callees,
            graph,
            root,
            expressions: Vec::new(),
            params: Vec::new(),
            contents_in: Vec::new(),
            contents_out: Vec::new(),
            locals,
            history: vec![Vec::new(); names.len()],
            names,
            loads_seen: vec![false; function.expressions.len()],
            frames: Vec::new(),
            unreachable: 0,
            control_flow: HashMap::new(),
            source_reasons: HashMap::new(),
            requirements: Vec::new(),
            rule_requirements: Vec::new(),
            rule_severities: RuleSeverities::of(module, function),
            return_value,
        }
    }

    fn node(&mut self, kind: NodeKind, span: Span) -> NodeIndex {
        self.graph.add_node(Node { kind, span })
    }

    fn edge(&mut self, from: NodeIndex, to: NodeIndex) {
        self.graph.update_edge(from, to, ());
    }

    fn source(&mut self, node: NodeIndex, reason: String) {
        self.edge(self.root, node);
        self.source_reasons.entry(node).or_insert(reason);
    }

    fn expr(&self, handle: Handle<Expression>) -> NodeIndex {
        self.expressions[handle.index()]
    }

    /// Whether a parameter of this type is a pointer whose pointee the
    /// analysis follows: one into the function address space. What a
    /// pointer into private (or any other shared) memory points to may
    /// differ between invocations whatever was stored there, as Tint has
    /// it.
    fn is_tracked_pointer(&self, ty: Handle<naga::Type>) -> bool {
        matches!(
            self.module.types[ty].inner,
            TypeInner::Pointer {
                space: AddressSpace::Function,
                ..
            }
        )
    }

    /// The address space of a parameter that points outside the function.
    fn untracked_pointer_space(&self, argument: u32) -> Option<AddressSpace> {
        let ty = self.function.arguments.get(argument as usize)?.ty;
        match self.module.types[ty].inner {
            TypeInner::Pointer { space, .. } if space != AddressSpace::Function => Some(space),
            _ => None,
        }
    }

    /// A new value of a tracked variable.
    fn set(&mut self, values: &mut Values, var: usize, node: NodeIndex) {
        values[var] = node;
        self.history[var].push(node);
    }

    pub fn run(mut self) -> FunctionUniformity {
        let mut values: Values = Vec::with_capacity(self.names.len());
        for (handle, _) in self.function.local_variables.iter() {
            let span = self.function.local_variables.get_span(handle);
            // A variable starts as its constant initialiser or zero: the
            // same everywhere. (naga stores a runtime initialiser, and any
            // initialiser inside a loop, where the declaration is.)
            let node = self.node(NodeKind::Merge, span);
            values.push(node);
        }
        for argument in &self.function.arguments {
            let param = self.node(NodeKind::Param, Span::UNDEFINED);
            self.params.push(param);
            if self.is_tracked_pointer(argument.ty) {
                let contents = self.node(NodeKind::ParamContents, Span::UNDEFINED);
                let out = self.node(NodeKind::ParamContents, Span::UNDEFINED);
                self.contents_in.push(Some(contents));
                self.contents_out.push(Some(out));
                values.push(contents);
            } else {
                self.contents_in.push(None);
                self.contents_out.push(None);
                values.push(param);
            }
        }
        for (var, &node) in values.iter().enumerate() {
            self.history[var].push(node);
        }
        for (handle, _) in self.function.expressions.iter() {
            let span = self.function.expressions.get_span(handle);
            let node = self.node(NodeKind::Expression, span);
            self.expressions.push(node);
        }
        for (handle, expression) in self.function.expressions.iter() {
            self.expression_edges(handle, expression);
        }
        let entry = self.node(NodeKind::ControlFlow, Span::UNDEFINED);
        let mut path = Vec::new();
        let body = &self.function.body;
        let (_, behaviours) = self.block(body, entry, &mut values, &mut path);
        if behaviours.contains(Behaviours::NEXT) {
            self.pointer_outputs(&values);
        }
        self.unseen_loads();
        self.finish()
    }

    fn finish(self) -> FunctionUniformity {
        let reached_from = reachable_from(&self.graph, self.root);
        let mut analysed = FunctionUniformity {
            graph: self.graph,
            root: self.root,
            expressions: self.expressions,
            control_flow: self.control_flow,
            source_reasons: self.source_reasons,
            reached_from,
            requirements: self.requirements,
            rule_requirements: self.rule_requirements,
            summary: FunctionSummary::default(),
            names: self.names,
        };
        analysed.summary = super::summarise(
            &analysed,
            &self.params,
            &self.contents_in,
            &self.contents_out,
            self.return_value,
        );
        analysed
    }

    /// A load that no `Emit` evaluated (the module is being rewritten and
    /// not yet valid) may see any value its variable ever had.
    fn unseen_loads(&mut self) {
        for (handle, expression) in self.function.expressions.iter() {
            if let Expression::Load { pointer } = *expression {
                if self.loads_seen[handle.index()] {
                    continue;
                }
                if let TrackedRoot::Tracked(var) = self.pointer_root(pointer) {
                    let node = self.expr(handle);
                    for value in self.history[var].clone() {
                        self.edge(value, node);
                    }
                }
            }
        }
    }

    fn pointer_root(&self, pointer: Handle<Expression>) -> TrackedRoot {
        match ir::pointer_root(&self.function.expressions, pointer) {
            ir::PointerRoot::Local(l) => TrackedRoot::Tracked(l.index()),
            ir::PointerRoot::Global(g) => TrackedRoot::Global(g),
            ir::PointerRoot::Argument(i)
                if self
                    .contents_in
                    .get(i as usize)
                    .is_some_and(Option::is_some) =>
            {
                TrackedRoot::Tracked(self.locals + i as usize)
            }
            ir::PointerRoot::Argument(i) => TrackedRoot::Parameter(i),
            ir::PointerRoot::Other(_) => TrackedRoot::Other,
        }
    }

    /// The edges an expression has wherever it is evaluated; a load's
    /// edge to the variable's current value is added where it is emitted.
    fn expression_edges(&mut self, handle: Handle<Expression>, expression: &Expression) {
        let node = self.expressions[handle.index()];
        if let Some(op) = RuleOp::of_expression(expression) {
            // Whatever its operands and the filters.
            self.source(
                node,
                format!(
                    "`{}` returns a value that may differ between invocations",
                    op.name()
                ),
            );
        }
        match *expression {
            Expression::FunctionArgument(i) => {
                let i = i as usize;
                if self.is_entry_point {
                    if let Some(reason) = self.entry_argument_reason(i) {
                        self.source(node, reason);
                    }
                } else {
                    self.edge(self.params[i], node);
                }
            }
            Expression::Load { pointer } => {
                self.edge(self.expr(pointer), node);
                match self.pointer_root(pointer) {
                    TrackedRoot::Global(g) => {
                        if let Some(reason) = self.global_is_non_uniform(g) {
                            self.source(node, reason);
                        }
                    }
                    TrackedRoot::Parameter(i) => {
                        if let Some(space) = self.untracked_pointer_space(i) {
                            let name = self.function.arguments[i as usize]
                                .name
                                .clone()
                                .unwrap_or_else(|| format!("argument {i}"));
                            let space = match space {
                                AddressSpace::Private => "private",
                                AddressSpace::WorkGroup => "workgroup",
                                AddressSpace::Storage { .. } => "storage",
                                _ => "module-scope",
                            };
                            self.source(
                                node,
                                format!("`{name}` points into {space} memory, which may hold a different value in each invocation"),
                            );
                        }
                    }
                    _ => {}
                }
            }
            Expression::ImageLoad { image, .. } => {
                self.operand_edges(node, expression);
                if let Expression::GlobalVariable(g) = self.function.expressions[image] {
                    if let Some(reason) = self.global_is_non_uniform(g) {
                        self.source(node, reason);
                    }
                }
            }
            Expression::AtomicResult { .. } => self.source(
                node,
                "atomic operations return values that differ between invocations".into(),
            ),
            Expression::SubgroupBallotResult | Expression::SubgroupOperationResult { .. } => self
                .source(
                    node,
                    "subgroup operations return values that may differ between subgroups".into(),
                ),
            Expression::RayQueryProceedResult => {
                self.source(node, "ray queries differ between invocations".into())
            }
            Expression::WorkGroupUniformLoadResult { .. } | Expression::CallResult(_) => {}
            _ => self.operand_edges(node, expression),
        }
    }

    fn operand_edges(&mut self, node: NodeIndex, expression: &Expression) {
        for operand in ir::operands(expression) {
            if let Some(&from) = self.expressions.get(operand.index()) {
                self.edge(from, node);
            }
        }
    }

    /// An expression evaluated here: a load reads the variable's current
    /// value, and a builtin computing derivatives needs control flow here
    /// to be uniform.
    fn evaluate(
        &mut self,
        handle: Handle<Expression>,
        values: &Values,
        cf: NodeIndex,
        path: &StatementPath,
    ) {
        if let Some(op) = RuleOp::of_expression(&self.function.expressions[handle]) {
            let span = self.function.expressions.get_span(handle);
            let severity = self.rule_severities.get(Rule::DerivativeUniformity);
            self.require_under_rule(RuleRequirementKind::Builtin(op), span, path, cf, severity);
        }
        if let Expression::Load { pointer } = self.function.expressions[handle] {
            self.loads_seen[handle.index()] = true;
            if let TrackedRoot::Tracked(var) = self.pointer_root(pointer) {
                self.edge(values[var], self.expr(handle));
            }
        }
    }

    fn require(
        &mut self,
        what: RequirementKind,
        span: Span,
        path: &StatementPath,
        node: NodeIndex,
    ) {
        if self.unreachable > 0 {
            return;
        }
        self.requirements.push(UniformityRequirement {
            what,
            span,
            path: path.clone(),
            node,
        });
    }

    /// The values pointer parameters hand back where the function returns.
    fn pointer_outputs(&mut self, values: &Values) {
        if self.unreachable > 0 {
            return;
        }
        for i in 0..self.contents_out.len() {
            if let Some(out) = self.contents_out[i] {
                self.edge(values[self.locals + i], out);
            }
        }
    }

    /// Walks a block in control flow `cf`; returns the control flow after
    /// it and its behaviours.
    fn block(
        &mut self,
        block: &naga::Block,
        mut cf: NodeIndex,
        values: &mut Values,
        path: &mut StatementPath,
    ) -> (NodeIndex, Behaviours) {
        let mut behaviours = Behaviours::NEXT;
        let mut dead: Option<Values> = None;
        for (index, (statement, &span)) in block.span_iter().enumerate() {
            path.push(index as u32);
            self.control_flow.insert(path.clone(), cf);
            match dead {
                None => {
                    let (after, b) = self.statement(statement, span, cf, values, path);
                    cf = after;
                    behaviours = behaviours.then(b);
                    if !b.contains(Behaviours::NEXT) {
                        // What follows is never reached: it is walked for
                        // the places and expressions it holds, and
                        // requires nothing.
                        dead = Some(values.clone());
                        self.unreachable += 1;
                    }
                }
                Some(ref mut scratch) => {
                    self.statement(statement, span, cf, scratch, path);
                }
            }
            path.pop();
        }
        if dead.is_some() {
            self.unreachable -= 1;
        }
        (cf, behaviours)
    }

    fn nested(
        &mut self,
        block: &naga::Block,
        cf: NodeIndex,
        values: &mut Values,
        path: &mut StatementPath,
        child: u32,
    ) -> (NodeIndex, Behaviours) {
        path.push(child);
        let result = self.block(block, cf, values, path);
        path.pop();
        result
    }

    /// Records the values leaving, here, the innermost loop or `switch`
    /// (`to` is `None`) or the innermost construct of kind `to`.
    fn leave(&mut self, values: &Values, to: Option<FrameKind>, span: Span) {
        if self.unreachable > 0 {
            return;
        }
        let Some(depth) = self
            .frames
            .iter()
            .rposition(|f| to.is_none_or(|k| f.kind == k))
        else {
            return;
        };
        for (var, &value) in values.iter().enumerate() {
            let exit = match self.frames[depth].exits[var] {
                Some(exit) => exit,
                None => {
                    let exit = self.node(NodeKind::Merge, span);
                    self.frames[depth].exits[var] = Some(exit);
                    exit
                }
            };
            self.edge(value, exit);
        }
    }

    /// A `continue`: the values go to the continuing block of the
    /// innermost loop, and through it round to the next iteration.
    fn go_round(&mut self, values: &Values, span: Span) {
        if self.unreachable > 0 {
            return;
        }
        let Some(depth) = self.frames.iter().rposition(|f| f.kind == FrameKind::Loop) else {
            return;
        };
        for (var, &value) in values.iter().enumerate() {
            let merged = match self.frames[depth].continues[var] {
                Some(merged) => merged,
                None => {
                    let merged = self.node(NodeKind::Merge, span);
                    self.frames[depth].continues[var] = Some(merged);
                    merged
                }
            };
            self.edge(value, merged);
        }
    }

    fn statement(
        &mut self,
        statement: &Statement,
        span: Span,
        cf: NodeIndex,
        values: &mut Values,
        path: &mut StatementPath,
    ) -> (NodeIndex, Behaviours) {
        match *statement {
            Statement::Emit(ref range) => {
                for handle in range.clone() {
                    self.evaluate(handle, values, cf, path);
                }
            }
            Statement::Block(ref block) => return self.nested(block, cf, values, path, 0),
            Statement::If {
                condition,
                ref accept,
                ref reject,
            } => return self.if_statement(condition, accept, reject, span, cf, values, path),
            Statement::Switch {
                selector,
                ref cases,
            } => return self.switch(selector, cases, span, cf, values, path),
            Statement::Loop {
                ref body,
                ref continuing,
                break_if,
            } => return self.loop_statement(body, continuing, break_if, span, cf, values, path),
            Statement::Return { value } => {
                if let Some(value) = value {
                    self.edge(self.expr(value), self.return_value);
                }
                let exit = self.exit("return", span, cf);
                self.edge(exit, self.return_value);
                self.pointer_outputs(values);
                return (exit, Behaviours::RETURN);
            }
            Statement::Break => {
                self.leave(values, None, span);
                return (self.exit("break", span, cf), Behaviours::BREAK);
            }
            Statement::Continue => {
                self.go_round(values, span);
                return (self.exit("continue", span, cf), Behaviours::CONTINUE);
            }
            Statement::ControlBarrier(_) => {
                let kind = BarrierKind::of(statement).expect("a barrier");
                self.require(RequirementKind::Barrier(kind), span, path, cf);
            }
            Statement::SubgroupBallot { .. }
            | Statement::SubgroupCollectiveOperation { .. }
            | Statement::SubgroupGather { .. } => {
                let (op, operand) = RuleOp::of_statement(statement).expect("a subgroup builtin");
                let severity = self.rule_severities.get(Rule::SubgroupUniformity);
                self.require_under_rule(RuleRequirementKind::Builtin(op), span, path, cf, severity);
                if let Some(operand) = operand {
                    let node = self.expr(operand.expression);
                    self.require_under_rule(
                        RuleRequirementKind::BuiltinOperand {
                            op,
                            index: operand.index,
                        },
                        span,
                        path,
                        node,
                        severity,
                    );
                }
            }
            Statement::WorkGroupUniformLoad { pointer, .. } => {
                // Every invocation must reach it, and load from the same
                // place.
                let node = self.node(NodeKind::UniformLoad, span);
                self.edge(cf, node);
                self.edge(self.expr(pointer), node);
                self.require(
                    RequirementKind::Barrier(BarrierKind::WorkgroupUniformLoad),
                    span,
                    path,
                    node,
                );
            }
            Statement::Store { pointer, value } => {
                if let TrackedRoot::Tracked(var) = self.pointer_root(pointer) {
                    let store = self.node(NodeKind::Store(var), span);
                    self.edge(self.expr(value), store);
                    self.edge(self.expr(pointer), store);
                    self.edge(cf, store);
                    if !self.is_whole(pointer) {
                        // Storing into a part keeps the rest.
                        self.edge(values[var], store);
                    }
                    self.set(values, var, store);
                }
            }
            Statement::Call {
                function,
                ref arguments,
                result,
            } => self.call(function, arguments, result, span, cf, values, path),
            _ => {}
        }
        (cf, Behaviours::NEXT)
    }

    /// Whether a pointer names a whole variable (not a part of one).
    fn is_whole(&self, pointer: Handle<Expression>) -> bool {
        matches!(
            self.function.expressions[pointer],
            Expression::LocalVariable(_) | Expression::FunctionArgument(_)
        )
    }

    fn exit(&mut self, what: &'static str, span: Span, cf: NodeIndex) -> NodeIndex {
        let node = self.node(NodeKind::Exit(what), span);
        self.edge(cf, node);
        node
    }

    /// Control flow after a construct: as before it where every path
    /// through it falls through to what follows, else joined from the
    /// ends of its paths.
    fn join(
        &mut self,
        behaviours: Behaviours,
        cf: NodeIndex,
        branch: NodeIndex,
        ends: &[NodeIndex],
        span: Span,
    ) -> NodeIndex {
        if behaviours.is_next_only() {
            return cf;
        }
        let joined = self.node(NodeKind::ControlFlow, span);
        // Every end is reached from the branch point, so a path that did
        // nothing adds no dependence; leaving it out makes the explanation
        // go through the exit that thinned control flow out.
        let mut taken: Vec<NodeIndex> = ends.iter().copied().filter(|&e| e != branch).collect();
        if taken.is_empty() {
            taken.push(branch);
        }
        for end in taken {
            self.edge(end, joined);
        }
        joined
    }

    /// The control flow of a branch: it follows `cf` and the value that
    /// chooses among its blocks.
    fn branch_on(&mut self, cf: NodeIndex, chooser: Handle<Expression>, span: Span) -> NodeIndex {
        let branch = self.node(NodeKind::ControlFlow, span);
        self.edge(cf, branch);
        self.edge(self.expr(chooser), branch);
        branch
    }

    #[allow(clippy::too_many_arguments)]
    fn if_statement(
        &mut self,
        condition: Handle<Expression>,
        accept: &naga::Block,
        reject: &naga::Block,
        span: Span,
        cf: NodeIndex,
        values: &mut Values,
        path: &mut StatementPath,
    ) -> (NodeIndex, Behaviours) {
        let branch = self.branch_on(cf, condition, span);
        let mut accepted = values.clone();
        let (accept_end, accept_b) = self.nested(accept, branch, &mut accepted, path, 0);
        let mut rejected = values.clone();
        let (reject_end, reject_b) = self.nested(reject, branch, &mut rejected, path, 1);
        for var in 0..values.len() {
            if accepted[var] == values[var] && rejected[var] == values[var] {
                continue;
            }
            let merged = self.node(NodeKind::Merge, span);
            if accept_b.contains(Behaviours::NEXT) {
                self.edge(accepted[var], merged);
            }
            if reject_b.contains(Behaviours::NEXT) {
                self.edge(rejected[var], merged);
            }
            self.set(values, var, merged);
        }
        let behaviours = accept_b | reject_b;
        (
            self.join(behaviours, cf, branch, &[accept_end, reject_end], span),
            behaviours,
        )
    }

    fn switch(
        &mut self,
        selector: Handle<Expression>,
        cases: &[naga::SwitchCase],
        span: Span,
        cf: NodeIndex,
        values: &mut Values,
        path: &mut StatementPath,
    ) -> (NodeIndex, Behaviours) {
        let branch = self.branch_on(cf, selector, span);
        self.frames.push(Frame {
            kind: FrameKind::Switch,
            exits: vec![None; values.len()],
            continues: Vec::new(),
        });
        let mut behaviours = Behaviours::NONE;
        let mut ends = Vec::new();
        for (i, case) in cases.iter().enumerate() {
            if case.fall_through && case.body.is_empty() {
                // One of several selectors of the next case.
                self.nested(&case.body, branch, &mut values.clone(), path, i as u32);
                continue;
            }
            let mut in_case = values.clone();
            let (end, b) = self.nested(&case.body, branch, &mut in_case, path, i as u32);
            if b.contains(Behaviours::NEXT) {
                self.leave(&in_case, Some(FrameKind::Switch), span);
            }
            behaviours |= b;
            ends.push(end);
        }
        let frame = self.frames.pop().expect("the switch's frame");
        for (var, exit) in frame.exits.into_iter().enumerate() {
            if let Some(exit) = exit {
                self.set(values, var, exit);
            }
        }
        let behaviours = behaviours.caught_breaks();
        (self.join(behaviours, cf, branch, &ends, span), behaviours)
    }

    #[allow(clippy::too_many_arguments)]
    fn loop_statement(
        &mut self,
        body: &naga::Block,
        continuing: &naga::Block,
        break_if: Option<Handle<Expression>>,
        span: Span,
        cf: NodeIndex,
        values: &mut Values,
        path: &mut StatementPath,
    ) -> (NodeIndex, Behaviours) {
        let head = self.node(NodeKind::ControlFlow, span);
        self.edge(cf, head);
        let mut heads = Vec::with_capacity(values.len());
        for var in 0..values.len() {
            let node = self.node(NodeKind::Merge, span);
            self.edge(values[var], node);
            self.set(values, var, node);
            heads.push(node);
        }
        self.frames.push(Frame {
            kind: FrameKind::Loop,
            exits: vec![None; values.len()],
            continues: vec![None; values.len()],
        });
        let (mut end, body_b) = self.nested(body, head, values, path, 0);
        let mut behaviours = body_b;
        let continues = body_b.contains(Behaviours::NEXT) || body_b.contains(Behaviours::CONTINUE);
        if !continues {
            self.unreachable += 1;
        }
        // The continuing block starts with the values of the paths that
        // reach it: the end of the body and every `continue`.
        let at_continues =
            std::mem::take(&mut self.frames.last_mut().expect("the loop's frame").continues);
        for (var, at_continue) in at_continues.into_iter().enumerate() {
            let Some(merged) = at_continue else { continue };
            if body_b.contains(Behaviours::NEXT) {
                self.edge(values[var], merged);
            }
            self.set(values, var, merged);
        }
        let (after_continuing, continuing_b) = self.nested(continuing, end, values, path, 1);
        if continues {
            end = after_continuing;
            behaviours |= continuing_b;
        }
        if let Some(condition) = break_if {
            let test = self.node(NodeKind::ControlFlow, span);
            self.edge(end, test);
            self.edge(self.expr(condition), test);
            self.leave(values, Some(FrameKind::Loop), span);
            if continues {
                end = test;
                behaviours |= Behaviours::BREAK;
            }
        }
        if !continues {
            self.unreachable -= 1;
        }
        self.edge(end, head);
        if continues && self.unreachable == 0 {
            for (var, &h) in heads.iter().enumerate() {
                if values[var] != h {
                    self.edge(values[var], h);
                }
            }
        }
        let frame = self.frames.pop().expect("the loop's frame");
        for (var, exit) in frame.exits.into_iter().enumerate() {
            let value = exit.unwrap_or(heads[var]);
            self.set(values, var, value);
        }
        let behaviours = if behaviours.contains(Behaviours::BREAK) {
            behaviours.without(Behaviours::BREAK | Behaviours::CONTINUE | Behaviours::NEXT)
                | Behaviours::NEXT
        } else {
            behaviours.without(Behaviours::CONTINUE | Behaviours::NEXT)
        };
        let after = if behaviours.is_next_only() { cf } else { head };
        (after, behaviours)
    }
}
