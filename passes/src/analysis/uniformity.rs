//! Uniformity analysis: which values and which points of control flow are
//! the same for every invocation of a workgroup, after the uniformity rules
//! of the WGSL specification, over naga IR.
//!
//! Every function gets a dependence graph (petgraph) whose edges run from a
//! dependency to what depends on it: expressions on their operands,
//! function-local variables on the values stored into them and on the
//! control flow of those stores, control flow on the conditions that choose
//! it and on the early exits that thin it out. One extra node, the *root*,
//! stands for "may differ between invocations"; it points at every source
//! of non-uniformity (invocation ids, loads of memory other invocations may
//! write, atomic results...). A node is non-uniform exactly when the root
//! reaches it, and the breadth-first search that decides it keeps, for
//! every non-uniform node, the edge it was reached by: walking those edges
//! back explains where a non-uniform value comes from.
//!
//! Function-local variables are tracked flow-insensitively: a variable is
//! non-uniform when any store into it is. That is conservative where WGSL's
//! own analysis is flow-sensitive (a variable overwritten with a uniform
//! value before its use): the analysis may call such a value non-uniform,
//! never the other way round.
//!
//! Functions are analysed callees first and summarised for their callers:
//! whether they reach a barrier (so that their call sites need uniform
//! control flow), which parameters must be uniform, and which parameters
//! make their return value non-uniform.

use std::collections::{HashMap, VecDeque};

use naga::{
    AddressSpace, Binding, BuiltIn, Expression, Function, Handle, ImageClass, LocalVariable,
    Module, Span, Statement, StorageAccess, TypeInner,
};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use crate::ir::for_each_operand;

/// A function or an entry point of the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunctionRef {
    Function(Handle<Function>),
    EntryPoint(usize),
}

/// Where a statement is in a function body: the index of the statement in
/// its block, preceded, for nested blocks, by the index of the enclosing
/// statement and of the child block (0 for `accept`, a loop's `body` or the
/// first case; 1 for `reject` or `continuing`; case `n` for switches).
pub type StatementPath = Vec<u32>;

/// A statement that needs every invocation of the workgroup to reach it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarrierKind {
    WorkgroupBarrier,
    StorageBarrier,
    TextureBarrier,
    SubgroupBarrier,
    WorkgroupUniformLoad,
}

impl BarrierKind {
    /// The WGSL name, as users wrote it.
    pub fn name(self) -> &'static str {
        match self {
            BarrierKind::WorkgroupBarrier => "workgroupBarrier",
            BarrierKind::StorageBarrier => "storageBarrier",
            BarrierKind::TextureBarrier => "textureBarrier",
            BarrierKind::SubgroupBarrier => "subgroupBarrier",
            BarrierKind::WorkgroupUniformLoad => "workgroupUniformLoad",
        }
    }

    /// The barrier a statement is, if it is one.
    pub fn of(statement: &Statement) -> Option<BarrierKind> {
        match *statement {
            Statement::ControlBarrier(b) => Some(if b.contains(naga::Barrier::WORK_GROUP) {
                BarrierKind::WorkgroupBarrier
            } else if b.contains(naga::Barrier::STORAGE) {
                BarrierKind::StorageBarrier
            } else if b.contains(naga::Barrier::TEXTURE) {
                BarrierKind::TextureBarrier
            } else if b.contains(naga::Barrier::SUB_GROUP) {
                BarrierKind::SubgroupBarrier
            } else {
                BarrierKind::WorkgroupBarrier
            }),
            Statement::WorkGroupUniformLoad { .. } => Some(BarrierKind::WorkgroupUniformLoad),
            _ => None,
        }
    }
}

/// One step of the explanation of a non-uniform value: a source range and
/// what it contributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Cause {
    pub span: Span,
    pub message: String,
}

/// A point that must be reached in uniform control flow, or a value that
/// must be uniform, inside one function.
#[derive(Clone, Debug)]
pub struct UniformityRequirement {
    pub what: RequirementKind,
    /// The barrier or call statement.
    pub span: Span,
    pub path: StatementPath,
    node: NodeIndex,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RequirementKind {
    /// A barrier must be reached in uniform control flow.
    Barrier(BarrierKind),
    /// A call to a function that reaches a barrier must be made in uniform
    /// control flow. `barrier` is that barrier, in the callee or deeper.
    Call {
        callee: Handle<Function>,
        barrier: BarrierKind,
        barrier_span: Span,
    },
    /// An argument the callee needs uniform (it decides whether the
    /// callee's barrier is reached).
    Argument {
        callee: Handle<Function>,
        index: usize,
        barrier: BarrierKind,
        barrier_span: Span,
    },
}

impl UniformityRequirement {
    pub fn barrier(&self) -> BarrierKind {
        match self.what {
            RequirementKind::Barrier(b)
            | RequirementKind::Call { barrier: b, .. }
            | RequirementKind::Argument { barrier: b, .. } => b,
        }
    }
}

/// What callers need to know about a function.
#[derive(Clone, Debug, Default)]
pub struct FunctionSummary {
    /// A barrier the function reaches (itself or through calls), which makes
    /// every call to it need uniform control flow.
    pub reaches_barrier: Option<(BarrierKind, Span)>,
    /// Parameters whose value decides whether a barrier is reached.
    pub params_required_uniform: Vec<bool>,
    /// Parameters that make the return value non-uniform.
    pub return_depends_on_param: Vec<bool>,
    /// The return value is non-uniform whatever the arguments.
    pub return_non_uniform: bool,
    /// For each pointer parameter: whether what the function stores through
    /// it is non-uniform whatever the arguments, and which parameters make
    /// it so.
    pub pointee_stores: Vec<(bool, Vec<bool>)>,
}

#[derive(Clone, Debug)]
enum NodeKind {
    Root,
    Expression,
    Param,
    /// What a function stores through its pointer parameter.
    PointeeStore,
    Local,
    /// Control flow at the start of a block or after a statement.
    ControlFlow,
    /// A store into a local variable.
    Store(Handle<LocalVariable>),
    /// A `return`, `break` or `continue` some invocations may take.
    Exit(&'static str),
    ReturnValue,
}

#[derive(Clone, Debug)]
struct Node {
    kind: NodeKind,
    span: Span,
}

/// The uniformity of one function, assuming its parameters uniform.
#[derive(Debug)]
pub struct FunctionUniformity {
    graph: DiGraph<Node, ()>,
    root: NodeIndex,
    expressions: Vec<NodeIndex>,
    control_flow: HashMap<StatementPath, NodeIndex>,
    /// Why the root reaches a node directly.
    source_reasons: HashMap<NodeIndex, String>,
    /// For every node the root reaches, the node it was reached from.
    reached_from: HashMap<NodeIndex, NodeIndex>,
    pub requirements: Vec<UniformityRequirement>,
    pub summary: FunctionSummary,
    local_names: HashMap<Handle<LocalVariable>, String>,
}

impl FunctionUniformity {
    /// Whether `expression` has the same value in every invocation (for a
    /// function, when its parameters do); `false` for an expression made
    /// after the analysis, which it cannot vouch for.
    pub fn is_expression_uniform(&self, expression: Handle<Expression>) -> bool {
        self.expressions
            .get(expression.index())
            .is_some_and(|n| !self.reached_from.contains_key(n))
    }

    /// Whether every invocation that enters the function reaches the
    /// statement at `path` together; `None` for a path that names no
    /// statement.
    pub fn is_control_flow_uniform_at(&self, path: &[u32]) -> Option<bool> {
        self.control_flow
            .get(path)
            .map(|n| !self.reached_from.contains_key(n))
    }

    /// Why control flow at the statement at `path` is non-uniform, from
    /// the statement back to the source; empty for uniform control flow.
    pub fn explain_control_flow_at(&self, path: &[u32]) -> Vec<Cause> {
        match self.control_flow.get(path) {
            Some(&n) => self.explain(n),
            None => Vec::new(),
        }
    }

    /// The requirements the function itself breaks, whatever its callers.
    pub fn violations(&self) -> impl Iterator<Item = &UniformityRequirement> {
        self.requirements
            .iter()
            .filter(|r| self.reached_from.contains_key(&r.node))
    }

    /// Why the expression is non-uniform, from the expression back to the
    /// source; empty for a uniform one.
    pub fn explain_expression(&self, expression: Handle<Expression>) -> Vec<Cause> {
        match self.expressions.get(expression.index()) {
            Some(&n) => self.explain(n),
            None => Vec::new(),
        }
    }

    /// Why a requirement is not met, from the requirement back to the
    /// source of non-uniformity.
    pub fn explain_requirement(&self, requirement: &UniformityRequirement) -> Vec<Cause> {
        self.explain(requirement.node)
    }

    fn explain(&self, mut node: NodeIndex) -> Vec<Cause> {
        let mut causes = Vec::new();
        let mut previous_was_condition = false;
        while let Some(&from) = self.reached_from.get(&node) {
            if from == self.root {
                let message = self
                    .source_reasons
                    .get(&node)
                    .cloned()
                    .unwrap_or_else(|| "this value may differ between invocations".into());
                causes.push(Cause {
                    span: self.graph[node].span,
                    message,
                });
                break;
            }
            let is_condition = matches!(self.graph[node].kind, NodeKind::ControlFlow)
                && matches!(self.graph[from].kind, NodeKind::Expression);
            if is_condition {
                causes.push(Cause {
                    span: self.graph[from].span,
                    message:
                        "control flow depends on this value, which may differ between invocations"
                            .into(),
                });
            } else if !previous_was_condition {
                if let Some(cause) = self.describe(from) {
                    causes.push(cause);
                }
            }
            previous_was_condition = is_condition;
            node = from;
        }
        causes.dedup_by(|a, b| a.span == b.span);
        causes
    }

    fn describe(&self, node: NodeIndex) -> Option<Cause> {
        let n = &self.graph[node];
        let message = match n.kind {
            NodeKind::Store(local) => format!(
                "`{}` is assigned here a value that may differ between invocations, or in control flow that does",
                self.local_names.get(&local).map_or("a variable", String::as_str)
            ),
            NodeKind::Exit(what) => {
                format!("some invocations may leave here (`{what}`) while others go on")
            }
            _ => return None,
        };
        Some(Cause {
            span: n.span,
            message,
        })
    }
}

/// The uniformity of every function and entry point of a module.
#[derive(Debug)]
pub struct Uniformity {
    functions: Vec<(Handle<Function>, FunctionUniformity)>,
    entry_points: Vec<FunctionUniformity>,
}

impl Uniformity {
    pub fn analyze(module: &Module) -> Uniformity {
        let mut functions = Vec::with_capacity(module.functions.len());
        // naga orders callees before their callers.
        for (handle, function) in module.functions.iter() {
            let analysed = Builder::new(module, function, None, &functions).run();
            functions.push((handle, analysed));
        }
        let entry_points = module
            .entry_points
            .iter()
            .map(|ep| Builder::new(module, &ep.function, Some(()), &functions).run())
            .collect();
        Uniformity {
            functions,
            entry_points,
        }
    }

    pub fn function(&self, function: FunctionRef) -> &FunctionUniformity {
        match function {
            FunctionRef::Function(h) => &self.functions[h.index()].1,
            FunctionRef::EntryPoint(i) => &self.entry_points[i],
        }
    }

    /// Every function and entry point, functions first.
    pub fn iter(&self) -> impl Iterator<Item = (FunctionRef, &FunctionUniformity)> {
        self.functions
            .iter()
            .map(|(h, f)| (FunctionRef::Function(*h), f))
            .chain(
                self.entry_points
                    .iter()
                    .enumerate()
                    .map(|(i, f)| (FunctionRef::EntryPoint(i), f)),
            )
    }

    /// Every broken requirement of the module, in order of functions.
    pub fn violations(&self) -> Vec<(FunctionRef, &UniformityRequirement)> {
        self.iter()
            .flat_map(|(r, f)| f.violations().map(move |v| (r, v)))
            .collect()
    }
}

fn reachable_from(graph: &DiGraph<Node, ()>, start: NodeIndex) -> HashMap<NodeIndex, NodeIndex> {
    let mut reached = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        // Edges in insertion order keep explanations deterministic.
        let mut next: Vec<NodeIndex> = graph
            .edges_directed(node, Direction::Outgoing)
            .map(|e| e.target())
            .collect();
        next.reverse();
        for target in next {
            if target != start && !reached.contains_key(&target) {
                reached.insert(target, node);
                queue.push_back(target);
            }
        }
    }
    reached
}

/// Early exits a statement lets escape, as the nodes of their sites.
#[derive(Default)]
struct Exits {
    returns: Vec<NodeIndex>,
    breaks: Vec<NodeIndex>,
    continues: Vec<NodeIndex>,
    switch_breaks: Vec<NodeIndex>,
}

impl Exits {
    fn is_empty(&self) -> bool {
        self.returns.is_empty()
            && self.breaks.is_empty()
            && self.continues.is_empty()
            && self.switch_breaks.is_empty()
    }

    fn all(&self) -> impl Iterator<Item = NodeIndex> + '_ {
        self.returns
            .iter()
            .chain(&self.breaks)
            .chain(&self.continues)
            .chain(&self.switch_breaks)
            .copied()
    }

    fn extend(&mut self, other: Exits) {
        self.returns.extend(other.returns);
        self.breaks.extend(other.breaks);
        self.continues.extend(other.continues);
        self.switch_breaks.extend(other.switch_breaks);
    }
}

/// What a pointer expression points into.
enum PointerRoot {
    Local(Handle<LocalVariable>),
    Global(Handle<naga::GlobalVariable>),
    Param(usize),
    Other,
}

struct Builder<'a> {
    module: &'a Module,
    function: &'a Function,
    is_entry_point: bool,
    callees: &'a [(Handle<Function>, FunctionUniformity)],
    graph: DiGraph<Node, ()>,
    root: NodeIndex,
    expressions: Vec<NodeIndex>,
    params: Vec<NodeIndex>,
    pointee_stores: Vec<Option<NodeIndex>>,
    locals: HashMap<Handle<LocalVariable>, NodeIndex>,
    control_flow: HashMap<StatementPath, NodeIndex>,
    source_reasons: HashMap<NodeIndex, String>,
    requirements: Vec<UniformityRequirement>,
    return_value: NodeIndex,
}

impl<'a> Builder<'a> {
    fn new(
        module: &'a Module,
        function: &'a Function,
        entry_point: Option<()>,
        callees: &'a [(Handle<Function>, FunctionUniformity)],
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
        Builder {
            module,
            function,
            is_entry_point: entry_point.is_some(),
            callees,
            graph,
            root,
            expressions: Vec::new(),
            params: Vec::new(),
            pointee_stores: Vec::new(),
            locals: HashMap::new(),
            control_flow: HashMap::new(),
            source_reasons: HashMap::new(),
            requirements: Vec::new(),
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

    fn run(mut self) -> FunctionUniformity {
        for _ in 0..self.function.arguments.len() {
            let span = Span::UNDEFINED;
            let param = self.node(NodeKind::Param, span);
            self.params.push(param);
            let pointee = self.node(NodeKind::PointeeStore, span);
            self.pointee_stores.push(Some(pointee));
        }
        for (handle, _) in self.function.local_variables.iter() {
            let span = self.function.local_variables.get_span(handle);
            let node = self.node(NodeKind::Local, span);
            self.locals.insert(handle, node);
        }
        for (handle, _) in self.function.expressions.iter() {
            let span = self.function.expressions.get_span(handle);
            let node = self.node(NodeKind::Expression, span);
            self.expressions.push(node);
        }
        let inits: Vec<_> = self
            .function
            .local_variables
            .iter()
            .filter_map(|(h, l)| l.init.map(|i| (h, i)))
            .collect();
        for (local, init) in inits {
            self.edge(self.expressions[init.index()], self.locals[&local]);
        }
        for (handle, expression) in self.function.expressions.iter() {
            self.expression_edges(handle, expression);
        }
        let entry = self.node(NodeKind::ControlFlow, Span::UNDEFINED);
        let mut path = Vec::new();
        let body = &self.function.body;
        self.block(body, entry, &mut path, false);
        self.finish()
    }

    fn finish(self) -> FunctionUniformity {
        let reached_from = reachable_from(&self.graph, self.root);
        let local_names = self
            .function
            .local_variables
            .iter()
            .filter_map(|(h, l)| l.name.clone().map(|n| (h, n)))
            .collect();
        let mut analysed = FunctionUniformity {
            graph: self.graph,
            root: self.root,
            expressions: self.expressions,
            control_flow: self.control_flow,
            source_reasons: self.source_reasons,
            reached_from,
            requirements: self.requirements,
            summary: FunctionSummary::default(),
            local_names,
        };
        analysed.summary = summarise(
            &analysed,
            &self.params,
            &self.pointee_stores,
            self.return_value,
        );
        analysed
    }

    fn pointer_root(&self, mut pointer: Handle<Expression>) -> PointerRoot {
        loop {
            match self.function.expressions[pointer] {
                Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => {
                    pointer = base
                }
                Expression::LocalVariable(l) => return PointerRoot::Local(l),
                Expression::GlobalVariable(g) => return PointerRoot::Global(g),
                Expression::FunctionArgument(i) => return PointerRoot::Param(i as usize),
                _ => return PointerRoot::Other,
            }
        }
    }

    fn global_is_non_uniform(&self, global: Handle<naga::GlobalVariable>) -> Option<String> {
        let var = &self.module.global_variables[global];
        let name = var.name.as_deref().unwrap_or("a global variable");
        match var.space {
            AddressSpace::Storage { access } if access.contains(StorageAccess::STORE) => Some(
                format!("`{name}` is read_write storage: other invocations may write it, so loads may differ"),
            ),
            AddressSpace::WorkGroup => Some(format!(
                "`{name}` is workgroup memory: loads may differ between invocations (workgroupUniformLoad reads it uniformly)"
            )),
            AddressSpace::Private => Some(format!(
                "`{name}` is a private variable, which each invocation may write differently"
            )),
            AddressSpace::Handle => match self.module.types[var.ty].inner {
                TypeInner::Image {
                    class: ImageClass::Storage { access, .. },
                    ..
                } if access.contains(StorageAccess::STORE) => Some(format!(
                    "`{name}` is a read_write storage texture: other invocations may write it"
                )),
                _ => None,
            },
            _ => None,
        }
    }

    fn builtin_reason(&self, binding: &Binding, name: &str) -> Option<String> {
        match *binding {
            Binding::BuiltIn(
                BuiltIn::WorkGroupId
                | BuiltIn::NumWorkGroups
                | BuiltIn::WorkGroupSize
                | BuiltIn::SubgroupSize
                | BuiltIn::NumSubgroups,
            ) => None,
            Binding::BuiltIn(b) => Some(format!(
                "`{name}` is the builtin {b:?}, which differs between invocations"
            )),
            Binding::Location { .. } => Some(format!(
                "`{name}` is a shader input, which differs between invocations"
            )),
        }
    }

    fn expression_edges(&mut self, handle: Handle<Expression>, expression: &Expression) {
        let node = self.expressions[handle.index()];
        match *expression {
            Expression::FunctionArgument(i) => {
                let i = i as usize;
                if self.is_entry_point {
                    let argument = &self.function.arguments[i];
                    let name = argument
                        .name
                        .clone()
                        .unwrap_or_else(|| format!("argument {i}"));
                    if let Some(reason) = argument
                        .binding
                        .as_ref()
                        .and_then(|b| self.builtin_reason(b, &name))
                    {
                        self.source(node, reason);
                    }
                } else {
                    self.edge(self.params[i], node);
                }
            }
            Expression::AccessIndex { base, index }
                if self.is_entry_point
                    && matches!(
                        self.function.expressions[base],
                        Expression::FunctionArgument(_)
                    ) =>
            {
                let Expression::FunctionArgument(arg) = self.function.expressions[base] else {
                    unreachable!()
                };
                let argument = &self.function.arguments[arg as usize];
                match self.module.types[argument.ty].inner {
                    TypeInner::Struct { ref members, .. } if argument.binding.is_none() => {
                        if let Some(member) = members.get(index as usize) {
                            let name = member.name.clone().unwrap_or_default();
                            if let Some(reason) = member
                                .binding
                                .as_ref()
                                .and_then(|b| self.builtin_reason(b, &name))
                            {
                                self.source(node, reason);
                            }
                        }
                    }
                    _ => self.edge(self.expressions[base.index()], node),
                }
            }
            Expression::Load { pointer } => {
                self.edge(self.expressions[pointer.index()], node);
                match self.pointer_root(pointer) {
                    PointerRoot::Local(l) => self.edge(self.locals[&l], node),
                    PointerRoot::Global(g) => {
                        if let Some(reason) = self.global_is_non_uniform(g) {
                            self.source(node, reason);
                        }
                    }
                    PointerRoot::Param(i) => {
                        self.edge(self.params[i], node);
                        if let Some(p) = self.pointee_stores[i] {
                            self.edge(p, node);
                        }
                    }
                    PointerRoot::Other => {}
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
        let mut operands = Vec::new();
        let mut copy = expression.clone();
        for_each_operand(&mut copy, &mut |h| operands.push(*h));
        for operand in operands {
            if let Some(&from) = self.expressions.get(operand.index()) {
                self.edge(from, node);
            }
        }
    }

    fn expr(&self, handle: Handle<Expression>) -> NodeIndex {
        self.expressions[handle.index()]
    }

    /// Walks a block in control flow `cf`; returns the early exits that
    /// leave it.
    fn block(
        &mut self,
        block: &naga::Block,
        cf: NodeIndex,
        path: &mut StatementPath,
        in_switch: bool,
    ) -> Exits {
        let mut current = cf;
        let mut exits = Exits::default();
        for (index, (statement, &span)) in block.span_iter().enumerate() {
            path.push(index as u32);
            self.control_flow.insert(path.clone(), current);
            let escaped = self.statement(statement, span, current, path, in_switch);
            path.pop();
            if !escaped.is_empty() {
                let after = self.node(NodeKind::ControlFlow, span);
                self.edge(current, after);
                for exit in escaped.all() {
                    self.edge(exit, after);
                }
                current = after;
                exits.extend(escaped);
            }
        }
        exits
    }

    fn nested(
        &mut self,
        block: &naga::Block,
        cf: NodeIndex,
        path: &mut StatementPath,
        child: u32,
        in_switch: bool,
    ) -> Exits {
        path.push(child);
        let exits = self.block(block, cf, path, in_switch);
        path.pop();
        exits
    }

    fn exit(&mut self, what: &'static str, span: Span, cf: NodeIndex) -> NodeIndex {
        let node = self.node(NodeKind::Exit(what), span);
        self.edge(cf, node);
        node
    }

    fn require(
        &mut self,
        what: RequirementKind,
        span: Span,
        path: &StatementPath,
        node: NodeIndex,
    ) {
        self.requirements.push(UniformityRequirement {
            what,
            span,
            path: path.clone(),
            node,
        });
    }

    fn statement(
        &mut self,
        statement: &Statement,
        span: Span,
        cf: NodeIndex,
        path: &mut StatementPath,
        in_switch: bool,
    ) -> Exits {
        let mut exits = Exits::default();
        match *statement {
            Statement::Block(ref block) => {
                exits = self.nested(block, cf, path, 0, in_switch);
            }
            Statement::If {
                condition,
                ref accept,
                ref reject,
            } => {
                let branch = self.node(NodeKind::ControlFlow, span);
                self.edge(cf, branch);
                self.edge(self.expr(condition), branch);
                exits = self.nested(accept, branch, path, 0, in_switch);
                exits.extend(self.nested(reject, branch, path, 1, in_switch));
            }
            Statement::Switch {
                selector,
                ref cases,
            } => {
                let branch = self.node(NodeKind::ControlFlow, span);
                self.edge(cf, branch);
                self.edge(self.expr(selector), branch);
                for (i, case) in cases.iter().enumerate() {
                    exits.extend(self.nested(&case.body, branch, path, i as u32, true));
                }
                exits.switch_breaks.clear();
            }
            Statement::Loop {
                ref body,
                ref continuing,
                break_if,
            } => {
                let iteration = self.node(NodeKind::ControlFlow, span);
                self.edge(cf, iteration);
                let mut inner = self.nested(body, iteration, path, 0, false);
                inner.extend(self.nested(continuing, iteration, path, 1, false));
                if let Some(condition) = break_if {
                    self.edge(self.expr(condition), iteration);
                }
                // Invocations that leave an iteration early make every later
                // iteration non-uniform; after the loop they rejoin.
                for exit in inner.all().collect::<Vec<_>>() {
                    self.edge(exit, iteration);
                }
                exits.returns = inner.returns;
            }
            Statement::Return { value } => {
                if let Some(value) = value {
                    self.edge(self.expr(value), self.return_value);
                }
                self.edge(cf, self.return_value);
                let site = self.exit("return", span, cf);
                exits.returns.push(site);
            }
            Statement::Break => {
                let site = self.exit("break", span, cf);
                if in_switch {
                    exits.switch_breaks.push(site);
                } else {
                    exits.breaks.push(site);
                }
            }
            Statement::Continue => {
                let site = self.exit("continue", span, cf);
                exits.continues.push(site);
            }
            Statement::ControlBarrier(_) | Statement::WorkGroupUniformLoad { .. } => {
                let kind = BarrierKind::of(statement).expect("a barrier");
                self.require(RequirementKind::Barrier(kind), span, path, cf);
            }
            Statement::Store { pointer, value } => {
                let target = match self.pointer_root(pointer) {
                    PointerRoot::Local(l) => Some((self.locals[&l], NodeKind::Store(l))),
                    PointerRoot::Param(i) => {
                        self.pointee_stores[i].map(|p| (p, NodeKind::ControlFlow))
                    }
                    _ => None,
                };
                if let Some((target, kind)) = target {
                    let store = self.node(kind, span);
                    self.edge(self.expr(value), store);
                    self.edge(self.expr(pointer), store);
                    self.edge(cf, store);
                    self.edge(store, target);
                }
            }
            Statement::Call {
                function,
                ref arguments,
                result,
            } => self.call(function, arguments, result, span, cf, path),
            _ => {}
        }
        exits
    }

    fn call(
        &mut self,
        callee: Handle<Function>,
        arguments: &[Handle<Expression>],
        result: Option<Handle<Expression>>,
        span: Span,
        cf: NodeIndex,
        path: &StatementPath,
    ) {
        let Some(summary) = self
            .callees
            .get(callee.index())
            .map(|(_, c)| c.summary.clone())
        else {
            return;
        };
        let name = self.module.functions[callee]
            .name
            .clone()
            .unwrap_or_else(|| "a function".into());
        // What the callee sees of an argument: the value, and for a pointer
        // into a local variable, what the variable holds.
        let argument_nodes: Vec<NodeIndex> = arguments
            .iter()
            .map(|&a| {
                let node = self.node(NodeKind::ControlFlow, self.function.expressions.get_span(a));
                self.edge(self.expr(a), node);
                if let PointerRoot::Local(l) = self.pointer_root(a) {
                    self.edge(self.locals[&l], node);
                }
                node
            })
            .collect();
        if let Some(result) = result {
            let node = self.expr(result);
            if summary.return_non_uniform {
                self.source(
                    node,
                    format!("`{name}` returns a value that may differ between invocations"),
                );
            }
            for (i, &depends) in summary.return_depends_on_param.iter().enumerate() {
                if depends {
                    self.edge(argument_nodes[i], node);
                }
            }
        }
        for (i, (non_uniform, from_params)) in summary.pointee_stores.iter().enumerate() {
            let Some(&argument) = arguments.get(i) else {
                continue;
            };
            let PointerRoot::Local(local) = self.pointer_root(argument) else {
                continue;
            };
            let stores = *non_uniform || from_params.iter().any(|&p| p);
            if !stores {
                continue;
            }
            let store = self.node(NodeKind::Store(local), span);
            self.edge(cf, store);
            if *non_uniform {
                self.source(store, format!("`{name}` stores a value that may differ between invocations through its pointer argument"));
            }
            for (j, &p) in from_params.iter().enumerate() {
                if p {
                    self.edge(argument_nodes[j], store);
                }
            }
            let target = self.locals[&local];
            self.edge(store, target);
        }
        if let Some((barrier, barrier_span)) = summary.reaches_barrier {
            self.require(
                RequirementKind::Call {
                    callee,
                    barrier,
                    barrier_span,
                },
                span,
                path,
                cf,
            );
            for (index, &required) in summary.params_required_uniform.iter().enumerate() {
                if required {
                    self.require(
                        RequirementKind::Argument {
                            callee,
                            index,
                            barrier,
                            barrier_span,
                        },
                        span,
                        path,
                        argument_nodes[index],
                    );
                }
            }
        }
    }
}

fn summarise(
    f: &FunctionUniformity,
    params: &[NodeIndex],
    pointee_stores: &[Option<NodeIndex>],
    return_value: NodeIndex,
) -> FunctionSummary {
    let reaches_barrier = f.requirements.iter().find_map(|r| match r.what {
        RequirementKind::Barrier(b) => Some((b, r.span)),
        RequirementKind::Call {
            barrier,
            barrier_span,
            ..
        } => Some((barrier, barrier_span)),
        RequirementKind::Argument { .. } => None,
    });
    let from_params: Vec<HashMap<NodeIndex, NodeIndex>> = params
        .iter()
        .map(|&p| reachable_from(&f.graph, p))
        .collect();
    let param_reaches = |i: usize, node: NodeIndex| from_params[i].contains_key(&node);
    let params_required_uniform = (0..params.len())
        .map(|i| f.requirements.iter().any(|r| param_reaches(i, r.node)))
        .collect();
    let return_depends_on_param = (0..params.len())
        .map(|i| param_reaches(i, return_value))
        .collect();
    let pointee = pointee_stores
        .iter()
        .map(|store| match store {
            Some(node) => (
                f.reached_from.contains_key(node) && has_store_into(f, *node),
                (0..params.len())
                    .map(|i| param_reaches(i, *node) && has_store_into(f, *node))
                    .collect(),
            ),
            None => (false, vec![false; params.len()]),
        })
        .collect();
    FunctionSummary {
        reaches_barrier,
        params_required_uniform,
        return_depends_on_param,
        return_non_uniform: f.reached_from.contains_key(&return_value),
        pointee_stores: pointee,
    }
}

/// Whether the function stores anything through the pointer parameter
/// whose store node this is.
fn has_store_into(f: &FunctionUniformity, node: NodeIndex) -> bool {
    f.graph
        .edges_directed(node, Direction::Incoming)
        .next()
        .is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyze(source: &str) -> (Module, Uniformity) {
        let module = naga::front::wgsl::parse_str(source).expect("valid WGSL");
        let analysis = Uniformity::analyze(&module);
        (module, analysis)
    }

    fn violation_lines(source: &str) -> Vec<usize> {
        let (_, analysis) = analyze(source);
        analysis
            .violations()
            .into_iter()
            .map(|(_, r)| r.span.location(source).line_number as usize)
            .collect()
    }

    const HEADER: &str = "var<workgroup> w: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
@group(0) @binding(1) var<storage, read> ro: array<u32>;
@group(0) @binding(2) var<uniform> u: vec4<u32>;
";

    fn shader(body: &str) -> String {
        format!(
            "{HEADER}@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {{
{body}
}}
"
        )
    }

    #[test]
    fn uniform_sources_keep_barriers_uniform() {
        for condition in [
            "wid.x == 0u",
            "nwg.y > 2u",
            "u.x != 0u",
            "ro[u.y] == 3u",
            "ro[wid.x] == 3u",
            "workgroupUniformLoad(&w[0]) == 1u",
        ] {
            let source = shader(&format!("if {condition} {{ workgroupBarrier(); }}"));
            assert!(violation_lines(&source).is_empty(), "{condition}");
        }
    }

    #[test]
    fn non_uniform_sources_make_barriers_divergent() {
        for condition in [
            "lid == 0u",
            "rw[0] == 1u",
            "w[0] == 1u",
            "ro[lid] == 3u",
            "atomicAdd(&a, 1u) == 0u",
        ] {
            let body = format!("if {condition} {{\n workgroupBarrier(); }}");
            let source = format!("var<workgroup> a: atomic<u32>;\n{}", shader(&body));
            assert_eq!(violation_lines(&source), vec![9], "{condition}");
        }
    }

    #[test]
    fn early_exits_make_what_follows_divergent_and_loops_reconverge() {
        // A non-uniform return: everything after it is divergent.
        let source = shader("if lid > 3u { return; }\nworkgroupBarrier();");
        assert_eq!(violation_lines(&source), vec![8]);
        // A non-uniform break: later iterations are divergent, and the code
        // after the loop is uniform again.
        let source =
            shader("loop {\n if lid > 3u { break; }\n workgroupBarrier();\n}\nworkgroupBarrier();");
        assert_eq!(violation_lines(&source), vec![9]);
        // A loop with a uniform trip count is uniform.
        let source = shader(
            "for (var i = 0u; i < u.x; i++) {\n workgroupBarrier();\n}\nworkgroupBarrier();",
        );
        assert!(violation_lines(&source).is_empty());
        // A break out of a switch does not leave the loop around it.
        let source = shader("switch lid { case 0u: { break; } default: {} }\nworkgroupBarrier();");
        assert!(violation_lines(&source).is_empty());
    }

    #[test]
    fn local_variables_carry_non_uniformity_with_its_cause() {
        let source = shader("var x = 0u;\nif lid < 4u { x = 1u; }\nlet y = x + 1u;\nif y == 2u {\n workgroupBarrier(); }");
        let (module, analysis) = analyze(&source);
        let violations = analysis.violations();
        assert_eq!(violations.len(), 1);
        let (function, requirement) = violations[0];
        let causes = analysis.function(function).explain_requirement(requirement);
        let lines: Vec<usize> = causes
            .iter()
            .map(|c| c.span.location(&source).line_number as usize)
            .collect();
        // The condition, the assignment in divergent control flow, the
        // condition that made it divergent, and the invocation index.
        assert_eq!(lines.first(), Some(&10), "{causes:?}");
        assert!(lines.contains(&8), "{causes:?}");
        assert!(causes.last().unwrap().message.contains("lid"), "{causes:?}");
        let _ = module;
    }

    #[test]
    fn calls_carry_requirements_and_return_values() {
        let source = format!(
            "{HEADER}fn sync() {{ workgroupBarrier(); }}
fn maybe(c: u32) {{ if c == 0u {{ workgroupBarrier(); }} }}
fn same(v: u32) -> u32 {{ return v; }}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {{
    if same(wid.x) == 0u {{ sync(); }}
    maybe(same(wid.x));
    if same(lid) == 0u {{ sync(); }}
    maybe(lid);
}}
"
        );
        let (_, analysis) = analyze(&source);
        let kinds: Vec<(usize, bool)> = analysis
            .violations()
            .into_iter()
            .map(|(_, r)| {
                (
                    r.span.location(&source).line_number as usize,
                    matches!(r.what, RequirementKind::Argument { .. }),
                )
            })
            .collect();
        assert_eq!(kinds, vec![(12, false), (13, true)]);
    }

    #[test]
    fn expression_and_control_flow_queries() {
        let source =
            shader("let a = lid * 2u;\nlet b = wid.x * 2u;\nif a == 0u { workgroupBarrier(); }");
        let (module, analysis) = analyze(&source);
        let ep = analysis.function(FunctionRef::EntryPoint(0));
        let f = &module.entry_points[0].function;
        let named = |name: &str| {
            f.named_expressions
                .iter()
                .find(|(_, n)| n.as_str() == name)
                .map(|(h, _)| *h)
                .unwrap()
        };
        assert!(!ep.is_expression_uniform(named("a")));
        assert!(ep.is_expression_uniform(named("b")));
        // The `if` (statement 1 after the emit) is reached uniformly, its
        // body is not.
        let barrier = &ep.requirements[0].path;
        assert_eq!(ep.is_control_flow_uniform_at(barrier), Some(false));
        assert_eq!(ep.is_control_flow_uniform_at(&barrier[..1]), Some(true));
        assert_eq!(ep.is_control_flow_uniform_at(&[99]), None);
    }
}
