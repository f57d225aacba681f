//! Uniformity analysis: which values and which points of control flow are
//! the same for every invocation of a workgroup, after the uniformity rules
//! of the WGSL specification (as Tint, the compiler browsers run,
//! implements them), over naga IR.
//!
//! Every function gets a dependence graph (petgraph) whose edges run from a
//! dependency to what depends on it: expressions on their operands, values
//! of variables on what was stored into them and on the control flow of the
//! store, control flow on the conditions that choose it and on the early
//! exits that thin it out. One extra node, the *root*, stands for "may
//! differ between invocations"; it points at every source of
//! non-uniformity (invocation ids, loads of memory other invocations may
//! write, atomic results...). A node is non-uniform exactly when the root
//! reaches it, and the breadth-first search that decides it keeps, for
//! every non-uniform node, the edge it was reached by: walking those edges
//! back explains where a non-uniform value comes from.
//!
//! The graph is built in program order (`builder`): function-local
//! variables and what pointer parameters point to have a value node per
//! point of the program, so a variable overwritten with a uniform value is
//! uniform again, as in WGSL. Statement behaviours (`behaviour`) decide
//! which paths reach the statement after a construct.
//!
//! Functions are analysed callees first, every function of the module
//! whether an entry point calls it or not, and summarised for their
//! callers with WGSL's function tags: whether a call must be made in
//! uniform control flow, which parameters (or pointees) must be uniform,
//! which make the return value non-uniform, and what the function leaves
//! behind each pointer parameter.

mod behaviour;
mod builder;
mod entry_copies;
mod rules;

use std::collections::{HashMap, HashSet, VecDeque};

use naga::{Expression, Function, Handle, Module, Span, Statement};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use builder::Builder;
pub use entry_copies::uniform_entry_copies;
pub use rules::{
    has_rule_ops, severity_in, Rule, RuleOp, RuleRequirement, RuleRequirementKind, RuleSeverities,
    UniformOperand,
};

pub use crate::ir::FunctionRef;

pub use crate::ir::StatementPath;

/// A statement that needs every invocation of the workgroup to reach it.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarrierKind {
    /// `workgroupBarrier()`: a control barrier on workgroup memory (with
    /// any other flags), or one naga holds with no memory flag.
    WorkgroupBarrier,
    /// `storageBarrier()`: a control barrier on storage memory.
    StorageBarrier,
    /// `textureBarrier()`: a control barrier on storage textures.
    TextureBarrier,
    /// `subgroupBarrier()`: a control barrier among the invocations of one
    /// subgroup.
    SubgroupBarrier,
    /// `workgroupUniformLoad(p)`: a barrier around a load, whose address
    /// must also be uniform.
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
    /// The source range of the step; undefined where the IR node came
    /// from no source (a rewrite's).
    pub span: Span,
    /// What the step contributes, as a sentence fragment for a label
    /// (`control flow depends on this value, ...`).
    pub message: String,
}

/// A point that must be reached in uniform control flow, or a value that
/// must be uniform, inside one function.
#[derive(Clone, Debug)]
pub struct UniformityRequirement {
    /// What is required, and of what.
    pub what: RequirementKind,
    /// The barrier or call statement.
    pub span: Span,
    /// Where the statement is in the function's body (see
    /// [`StatementPath`]).
    pub path: StatementPath,
    node: NodeIndex,
}

/// What a [`UniformityRequirement`] requires.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum RequirementKind {
    /// A barrier must be reached in uniform control flow.
    Barrier(BarrierKind),
    /// A call to a function that reaches a barrier must be made in uniform
    /// control flow. `barrier` is that barrier, in the callee or deeper.
    Call {
        /// The function called.
        callee: Handle<Function>,
        /// The kind of barrier it reaches.
        barrier: BarrierKind,
        /// Where that barrier is, in the callee or deeper.
        barrier_span: Span,
    },
    /// An argument the callee needs uniform (it decides whether the
    /// callee's barrier is reached).
    Argument {
        /// The function called.
        callee: Handle<Function>,
        /// The argument's position, from 0.
        index: usize,
        /// The kind of barrier it decides.
        barrier: BarrierKind,
        /// Where that barrier is, in the callee or deeper.
        barrier_span: Span,
    },
}

impl UniformityRequirement {
    /// The barrier the requirement is about, here or in a callee.
    pub fn barrier(&self) -> BarrierKind {
        match self.what {
            RequirementKind::Barrier(b)
            | RequirementKind::Call { barrier: b, .. }
            | RequirementKind::Argument { barrier: b, .. } => b,
        }
    }

    /// Where the barrier is: the requirement's own span for a barrier
    /// here, the barrier's in the callee for a call or an argument.
    pub fn barrier_span(&self) -> Span {
        match self.what {
            RequirementKind::Barrier(_) => self.span,
            RequirementKind::Call { barrier_span, .. }
            | RequirementKind::Argument { barrier_span, .. } => barrier_span,
        }
    }
}

/// How a parameter acts on something: not at all, through its value, or
/// (for a pointer) through what it points to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ParamEffect {
    /// The parameter does not act on it.
    #[default]
    None,
    /// The parameter's value acts on it.
    Value,
    /// What the pointer parameter points to acts on it (its value, the
    /// address, does not).
    Contents,
}

/// What a function leaves behind a pointer parameter when it returns.
#[derive(Clone, Debug, Default)]
pub struct PointerOutput {
    /// It may differ between invocations whatever the arguments.
    pub non_uniform: bool,
    /// The parameters it depends on (itself included, where the function
    /// does not overwrite all of it).
    pub depends_on: Vec<ParamEffect>,
}

/// What callers need to know about a function: WGSL's function tags.
#[derive(Clone, Debug, Default)]
pub struct FunctionSummary {
    /// A barrier the function reaches (itself or through calls), which makes
    /// every call to it need uniform control flow.
    pub reaches_barrier: Option<(BarrierKind, Span)>,
    /// Which parameters are pointers.
    pub pointer_params: Vec<bool>,
    /// Parameters whose value (or pointee) decides whether a barrier is
    /// reached, or where a `workgroupUniformLoad` loads from.
    pub params_required_uniform: Vec<ParamEffect>,
    /// The return value is non-uniform whatever the arguments.
    pub return_non_uniform: bool,
    /// Parameters that make the return value non-uniform.
    pub return_depends_on: Vec<ParamEffect>,
    /// For each pointer parameter, what the function leaves behind it.
    pub pointer_outputs: Vec<Option<PointerOutput>>,
    /// For each rule whose builtins the function reaches (itself or
    /// through calls), what its callers must do.
    pub reaches_under_rules: Vec<RuleReach>,
}

/// A rule's builtin that a function reaches, with the rule's severity at
/// it (the heaviest, where there are several): every call must be made in
/// uniform control flow, with uniform values for `params_required_uniform`.
#[derive(Clone, Debug)]
pub struct RuleReach {
    /// The builtin reached.
    pub op: RuleOp,
    /// Where it is, in the function or deeper.
    pub op_span: Span,
    /// The rule's severity at the builtin: never `Off` (nothing is
    /// required then).
    pub severity: naga::diagnostic_filter::Severity,
    /// Parameters whose value (or pointee) decides whether such a builtin
    /// is reached, or is an operand it requires uniform.
    pub params_required_uniform: Vec<ParamEffect>,
}

#[derive(Clone, Debug)]
enum NodeKind {
    Root,
    Expression,
    Param,
    /// What a pointer parameter points to, on entry or on return.
    ParamContents,
    /// A value of a tracked variable where paths join.
    Merge,
    /// Control flow at the start of a block or after a statement.
    ControlFlow,
    /// A `workgroupUniformLoad`: its control flow and its address.
    UniformLoad,
    /// A store into a tracked variable (a function-local variable, or what
    /// a pointer parameter points to).
    Store(usize),
    /// A call that may store into a tracked variable through a pointer.
    CallStore(usize),
    /// An argument of a call, or what a pointer argument points to.
    Argument,
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
    /// The barriers in the function, and the calls and arguments that
    /// reach barriers, that need uniformity; in program order. Those
    /// broken whatever the callers are [`FunctionUniformity::violations`].
    pub requirements: Vec<UniformityRequirement>,
    /// The builtins of the filterable rules (derivatives, subgroup
    /// operations), and the calls reaching them, that must be in uniform
    /// control flow; apart from `requirements`, which are about barriers.
    pub rule_requirements: Vec<RuleRequirement>,
    /// What callers need to know of the function.
    pub summary: FunctionSummary,
    /// The names of the tracked variables, by index.
    names: Vec<String>,
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

    /// Whether a `workgroupUniformLoad` requirement is broken by its
    /// address rather than by its control flow.
    pub fn is_address_non_uniform(&self, requirement: &UniformityRequirement) -> bool {
        requirement.what == RequirementKind::Barrier(BarrierKind::WorkgroupUniformLoad)
            && self.reached_from.contains_key(&requirement.node)
            && self.is_control_flow_uniform_at(&requirement.path) == Some(true)
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
            let is_address = matches!(self.graph[node].kind, NodeKind::UniformLoad)
                && matches!(self.graph[from].kind, NodeKind::Expression);
            if is_address {
                causes.push(Cause {
                    span: self.graph[from].span,
                    message: "`workgroupUniformLoad` loads from this address, which may differ between invocations".into(),
                });
            } else if is_condition {
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
            previous_was_condition = is_condition || is_address;
            node = from;
        }
        causes.dedup_by(|a, b| a.span == b.span);
        causes
    }

    fn name_of(&self, var: usize) -> &str {
        self.names.get(var).map_or("a variable", String::as_str)
    }

    fn describe(&self, node: NodeIndex) -> Option<Cause> {
        let n = &self.graph[node];
        let message = match n.kind {
            NodeKind::Store(var) => format!(
                "`{}` is assigned here a value that may differ between invocations, or in control flow that does",
                self.name_of(var)
            ),
            NodeKind::CallStore(var) => format!(
                "`{}` is written here through a pointer argument, with a value that may differ between invocations, or in control flow that does",
                self.name_of(var)
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
    /// Analyses every function and entry point of `module`, which must be
    /// valid (or at least have its callees before their callers, as naga
    /// keeps them).
    pub fn analyze(module: &Module) -> Uniformity {
        Self::analyze_assuming(module, &HashSet::new())
    }

    /// [`analyze`](Self::analyze), with loads of the `uniform_privates`
    /// taken as uniform: the private variables naga's SPIR-V reader makes of
    /// uniform built-in inputs ([`uniform_entry_copies`]), for a module
    /// read back from SPIR-V.
    pub fn analyze_assuming(
        module: &Module,
        uniform_privates: &HashSet<Handle<naga::GlobalVariable>>,
    ) -> Uniformity {
        let mut functions = Vec::with_capacity(module.functions.len());
        // naga orders callees before their callers.
        for (handle, function) in module.functions.iter() {
            let analysed =
                Builder::new(module, function, false, &functions, uniform_privates).run();
            functions.push((handle, analysed));
        }
        let entry_points = module
            .entry_points
            .iter()
            .map(|ep| Builder::new(module, &ep.function, true, &functions, uniform_privates).run())
            .collect();
        Uniformity {
            functions,
            entry_points,
        }
    }

    /// The uniformity of one function or entry point of the analysed
    /// module. Panics for a function the module did not have.
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

fn summarise(
    f: &FunctionUniformity,
    params: &[NodeIndex],
    contents_in: &[Option<NodeIndex>],
    contents_out: &[Option<NodeIndex>],
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
    let from_value: Vec<HashMap<NodeIndex, NodeIndex>> = params
        .iter()
        .map(|&p| reachable_from(&f.graph, p))
        .collect();
    let from_contents: Vec<Option<HashMap<NodeIndex, NodeIndex>>> = contents_in
        .iter()
        .map(|c| c.map(|c| reachable_from(&f.graph, c)))
        .collect();
    // Where a parameter reaches any of `targets`, through what it points
    // to first, as WGSL tags it.
    let effect = |i: usize, targets: &[NodeIndex]| -> ParamEffect {
        if let Some(reached) = &from_contents[i] {
            if targets.iter().any(|t| reached.contains_key(t)) {
                return ParamEffect::Contents;
            }
        }
        if targets.iter().any(|t| from_value[i].contains_key(t)) {
            ParamEffect::Value
        } else {
            ParamEffect::None
        }
    };
    let required: Vec<NodeIndex> = f.requirements.iter().map(|r| r.node).collect();
    let reaches_under_rules = Rule::ALL
        .into_iter()
        .filter_map(|rule| {
            let under_rule = || f.rule_requirements.iter().filter(move |r| r.rule() == rule);
            let reached = under_rule()
                .filter(|r| r.is_about_control_flow())
                .max_by_key(|r| rules::weight(r.severity))?;
            let required: Vec<NodeIndex> = under_rule().map(|r| r.node).collect();
            Some(RuleReach {
                op: reached.op(),
                op_span: reached.op_span(),
                severity: reached.severity,
                params_required_uniform: (0..params.len()).map(|i| effect(i, &required)).collect(),
            })
        })
        .collect();
    FunctionSummary {
        reaches_under_rules,
        reaches_barrier,
        pointer_params: contents_in.iter().map(Option::is_some).collect(),
        params_required_uniform: (0..params.len()).map(|i| effect(i, &required)).collect(),
        return_non_uniform: f.reached_from.contains_key(&return_value),
        return_depends_on: (0..params.len())
            .map(|i| effect(i, &[return_value]))
            .collect(),
        pointer_outputs: contents_out
            .iter()
            .map(|out| {
                out.map(|out| PointerOutput {
                    non_uniform: f.reached_from.contains_key(&out),
                    depends_on: (0..params.len()).map(|i| effect(i, &[out])).collect(),
                })
            })
            .collect(),
    }
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

    #[test]
    fn local_variables_are_tracked_in_program_order() {
        // Overwritten with a uniform value before the test.
        let source = shader("var x = lid;\nx = 0u;\nif x == 0u {\n workgroupBarrier(); }");
        assert!(violation_lines(&source).is_empty());
        // Assigned a non-uniform value only after the barrier, in a loop
        // that never goes round again.
        let source = shader(
            "var v = 0u;\nloop {\n if v == 0u { workgroupBarrier(); }\n v = lid;\n break;\n}",
        );
        assert!(violation_lines(&source).is_empty());
        // ... but one that does go round sees it.
        let source = shader(
            "var v = 0u;\nfor (var i = 0u; i < 4u; i++) {\n if v == 0u {\n workgroupBarrier(); }\n v = lid;\n}",
        );
        assert_eq!(violation_lines(&source), vec![10]);
        // A value assigned on a path that returns does not reach what
        // follows; one assigned on a path that falls through does.
        let source = shader(
            "var x = 0u;\nif wid.x == 0u { x = lid; return; }\nif x == 0u { workgroupBarrier(); }",
        );
        assert!(violation_lines(&source).is_empty());
        let source = shader(
            "var x = 0u;\nif wid.x == 0u { x = lid; }\nif x == 0u {\n workgroupBarrier(); }",
        );
        assert_eq!(violation_lines(&source), vec![10]);
        // Through a `continue`, to the next iteration.
        let source = shader(
            "var x = 0u;\nfor (var i = 0u; i < 4u; i++) {\n if x == 0u {\n workgroupBarrier(); }\n if wid.x == 1u { x = lid; continue; }\n x = 0u;\n}",
        );
        assert_eq!(violation_lines(&source), vec![10]);
    }

    #[test]
    fn pointer_parameters_carry_values_through_chains_of_calls() {
        let source = format!(
            "{HEADER}fn f3(p: ptr<function, u32>, a: ptr<function, u32>) {{ *p = *a; }}
fn f2(p: ptr<function, u32>, a: ptr<function, u32>) {{ f3(p, a); }}
fn f1(p: ptr<function, u32>, a: ptr<function, u32>) {{ f2(p, a); }}
fn keep(p: ptr<function, u32>) {{ }}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {{
    var v = 0u;
    var a = lid;
    f1(&v, &a);
    if v == 0u {{
        workgroupBarrier();
    }}
    var k = 0u;
    keep(&k);
    if k == 0u {{ workgroupBarrier(); }}
}}
"
        );
        assert_eq!(violation_lines(&source), vec![15]);
    }

    #[test]
    fn entry_point_structures_are_uniform_only_as_a_whole() {
        let shader_with = |members: &str| {
            format!(
                "struct In {{ {members} }}
@compute @workgroup_size(64)
fn main(s: In) {{
    if s.ng.x == 2u {{
        workgroupBarrier();
    }}
}}
"
            )
        };
        let mixed = shader_with(
            "@builtin(num_workgroups) ng: vec3u, @builtin(local_invocation_index) idx: u32",
        );
        assert_eq!(violation_lines(&mixed), vec![5]);
        let uniform =
            shader_with("@builtin(num_workgroups) ng: vec3u, @builtin(workgroup_id) wid: vec3u");
        assert!(violation_lines(&uniform).is_empty());
    }

    #[test]
    fn functions_no_entry_point_calls_are_checked() {
        let source = format!(
            "{HEADER}fn unused() {{
    if rw[0] == 1u {{
        workgroupBarrier();
    }}
}}
@compute @workgroup_size(64)
fn main() {{ }}
"
        );
        assert_eq!(violation_lines(&source), vec![7]);
    }

    #[test]
    fn workgroup_uniform_load_needs_a_uniform_address() {
        let source = shader(
            "let a = workgroupUniformLoad(&w[wid.x]);\nlet b = workgroupUniformLoad(&w[lid]);",
        );
        let (_, analysis) = analyze(&source);
        let violations = analysis.violations();
        assert_eq!(violations.len(), 1);
        let (function, requirement) = violations[0];
        assert_eq!(requirement.span.location(&source).line_number, 8);
        let analysed = analysis.function(function);
        assert!(analysed.is_address_non_uniform(requirement));
        let causes = analysed.explain_requirement(requirement);
        assert!(causes[0].message.contains("address"), "{causes:?}");
        assert!(causes.last().unwrap().message.contains("lid"), "{causes:?}");
    }
}
