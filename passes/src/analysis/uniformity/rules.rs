//! WGSL's filterable uniformity rules, as Tint applies them: builtins that
//! must be reached in uniform control flow, at a severity the module's and
//! the function's `diagnostic(...)` filters decide.
//!
//! - `derivative_uniformity`: the builtins computing implicit derivatives
//!   (`textureSample`, `textureSampleBias`, `textureSampleCompare`, `dpdx`,
//!   `dpdy`, `fwidth` and their `Coarse` and `Fine` forms).
//! - `subgroup_uniformity`: every subgroup and quad builtin; the shift of
//!   `subgroupShuffleUp`/`Down` and the mask of `subgroupShuffleXor` must
//!   also be uniform values.
//!
//! The severity is that of the rule at the builtin: error unless a filter
//! of the function or of the module says otherwise. A function reaching
//! such a builtin hands the requirement to its callers with the severity
//! at the builtin, whatever filters the callers have (Tint reports a call
//! in non-uniform control flow of a function whose `textureSample` is
//! under the default filter, even from a caller that turns the rule off).
//! Where the rule is off, nothing is required. The result of every such
//! builtin may differ between invocations, whatever the filters.
//!
//! `discard` demotes the invocation to a helper that goes on computing
//! derivatives: control flow after a `discard` in a non-uniform branch is
//! as uniform as before it.

use naga::diagnostic_filter::{
    FilterableTriggeringRule, Severity, StandardFilterableTriggeringRule,
};
use naga::{
    CollectiveOperation, DerivativeAxis, DerivativeControl, Direction, Expression, Function,
    GatherMode, Handle, Module, SampleLevel, Span, Statement, SubgroupOperation,
};
use petgraph::graph::NodeIndex;

use super::{Cause, FunctionRef, FunctionUniformity, StatementPath, Uniformity};

/// A filterable uniformity rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// `derivative_uniformity`: implicit derivatives (`textureSample`,
    /// `dpdx`, ...) need uniform control flow.
    DerivativeUniformity,
    /// `subgroup_uniformity`: subgroup and quad builtins need uniform
    /// control flow, and some of their operands uniform values.
    SubgroupUniformity,
}

impl Rule {
    /// Every rule, in declaration order.
    pub const ALL: [Rule; 2] = [Rule::DerivativeUniformity, Rule::SubgroupUniformity];

    /// The rule's name in WGSL's `diagnostic(...)`.
    pub fn wgsl_name(self) -> &'static str {
        match self {
            Rule::DerivativeUniformity => "derivative_uniformity",
            Rule::SubgroupUniformity => "subgroup_uniformity",
        }
    }

    /// The rule as naga's filters hold it: naga knows
    /// `derivative_uniformity` by name and keeps others as written.
    pub fn triggering_rule(self) -> FilterableTriggeringRule {
        match self {
            Rule::DerivativeUniformity => FilterableTriggeringRule::Standard(
                StandardFilterableTriggeringRule::DerivativeUniformity,
            ),
            Rule::SubgroupUniformity => FilterableTriggeringRule::Unknown(self.wgsl_name().into()),
        }
    }

    /// The rule of a WGSL name (`derivative_uniformity`).
    pub fn from_wgsl_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.wgsl_name() == name)
    }

    /// Gives the rule `severity` for the whole module, as a module-scope
    /// `diagnostic(severity, rule);` directive does, unless the module's
    /// own directives already name the rule (those hold). Returns whether
    /// it was given.
    pub fn set_module_severity(self, module: &mut Module, severity: Severity) -> bool {
        let triggering_rule = self.triggering_rule();
        let mut node = module.diagnostic_filter_leaf;
        while let Some(handle) = node {
            let filter = &module.diagnostic_filters[handle];
            if filter.inner.triggering_rule == triggering_rule {
                return false;
            }
            node = filter.parent;
        }
        let leaf = module.diagnostic_filters.append(
            naga::diagnostic_filter::DiagnosticFilterNode {
                inner: naga::diagnostic_filter::DiagnosticFilter {
                    new_severity: severity,
                    triggering_rule,
                },
                parent: module.diagnostic_filter_leaf,
            },
            Span::UNDEFINED,
        );
        module.diagnostic_filter_leaf = Some(leaf);
        true
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A builtin that one of the rules requires in uniform control flow.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleOp {
    /// `textureSample`, with its implicit level of detail.
    TextureSample,
    /// `textureSampleBias`.
    TextureSampleBias,
    /// `textureSampleCompare`, with its implicit level of detail.
    TextureSampleCompare,
    /// `dpdx`, `dpdy`, `fwidth` and their `Coarse` and `Fine` forms.
    Derivative(DerivativeAxis, DerivativeControl),
    /// A subgroup or quad builtin, by its WGSL name.
    Subgroup(&'static str),
}

/// A subgroup builtin's operand that `subgroup_uniformity` requires to be
/// uniform: the shift or mask of a relative shuffle.
#[derive(Clone, Copy, Debug)]
pub struct UniformOperand {
    /// Its position among the builtin's arguments, as Tint counts them.
    pub index: usize,
    /// The operand's expression, in the function holding the builtin.
    pub expression: Handle<Expression>,
}

impl RuleOp {
    /// The rule that requires this builtin in uniform control flow.
    pub fn rule(self) -> Rule {
        match self {
            RuleOp::Subgroup(_) => Rule::SubgroupUniformity,
            _ => Rule::DerivativeUniformity,
        }
    }

    /// The subgroup builtin a statement calls, and the operand that must
    /// be uniform, if any.
    pub fn of_statement(statement: &Statement) -> Option<(RuleOp, Option<UniformOperand>)> {
        let operand = |expression| {
            Some(UniformOperand {
                index: 1,
                expression,
            })
        };
        let (name, uniform) = match *statement {
            Statement::SubgroupBallot { .. } => ("subgroupBallot", None),
            Statement::SubgroupCollectiveOperation {
                op, collective_op, ..
            } => (collective_name(op, collective_op), None),
            Statement::SubgroupGather { mode, .. } => match mode {
                GatherMode::BroadcastFirst => ("subgroupBroadcastFirst", None),
                GatherMode::Broadcast(_) => ("subgroupBroadcast", None),
                GatherMode::Shuffle(_) => ("subgroupShuffle", None),
                GatherMode::ShuffleDown(d) => ("subgroupShuffleDown", operand(d)),
                GatherMode::ShuffleUp(d) => ("subgroupShuffleUp", operand(d)),
                GatherMode::ShuffleXor(m) => ("subgroupShuffleXor", operand(m)),
                GatherMode::QuadBroadcast(_) => ("quadBroadcast", None),
                GatherMode::QuadSwap(Direction::X) => ("quadSwapX", None),
                GatherMode::QuadSwap(Direction::Y) => ("quadSwapY", None),
                GatherMode::QuadSwap(Direction::Diagonal) => ("quadSwapDiagonal", None),
            },
            _ => return None,
        };
        Some((RuleOp::Subgroup(name), uniform))
    }

    /// The builtin an expression calls, where it computes implicit
    /// derivatives: sampling with an implicit level of detail (none given,
    /// or a bias), and the derivative builtins.
    pub fn of_expression(expression: &Expression) -> Option<RuleOp> {
        match *expression {
            Expression::Derivative { axis, ctrl, .. } => Some(RuleOp::Derivative(axis, ctrl)),
            Expression::ImageSample {
                gather: None,
                ref level,
                depth_ref,
                ..
            } => match (level, depth_ref) {
                (SampleLevel::Auto, Some(_)) => Some(RuleOp::TextureSampleCompare),
                (SampleLevel::Auto, None) => Some(RuleOp::TextureSample),
                (SampleLevel::Bias(_), _) => Some(RuleOp::TextureSampleBias),
                _ => None,
            },
            _ => None,
        }
    }

    /// The WGSL name, as Tint quotes it.
    pub fn name(self) -> &'static str {
        use DerivativeAxis::{Width, X, Y};
        use DerivativeControl::{Coarse, Fine, None};
        match self {
            RuleOp::TextureSample => "textureSample",
            RuleOp::TextureSampleBias => "textureSampleBias",
            RuleOp::TextureSampleCompare => "textureSampleCompare",
            RuleOp::Derivative(axis, ctrl) => match (axis, ctrl) {
                (X, None) => "dpdx",
                (X, Coarse) => "dpdxCoarse",
                (X, Fine) => "dpdxFine",
                (Y, None) => "dpdy",
                (Y, Coarse) => "dpdyCoarse",
                (Y, Fine) => "dpdyFine",
                (Width, None) => "fwidth",
                (Width, Coarse) => "fwidthCoarse",
                (Width, Fine) => "fwidthFine",
            },
            RuleOp::Subgroup(name) => name,
        }
    }
}

/// The WGSL name of a subgroup reduction or scan.
fn collective_name(op: SubgroupOperation, collective: CollectiveOperation) -> &'static str {
    use CollectiveOperation::{ExclusiveScan, InclusiveScan, Reduce};
    use SubgroupOperation as Op;
    match (collective, op) {
        (_, Op::All) => "subgroupAll",
        (_, Op::Any) => "subgroupAny",
        (Reduce, Op::Add) => "subgroupAdd",
        (Reduce, Op::Mul) => "subgroupMul",
        (Reduce, Op::Min) => "subgroupMin",
        (Reduce, Op::Max) => "subgroupMax",
        (Reduce, Op::And) => "subgroupAnd",
        (Reduce, Op::Or) => "subgroupOr",
        (Reduce, Op::Xor) => "subgroupXor",
        (InclusiveScan, Op::Add) => "subgroupInclusiveAdd",
        (InclusiveScan, Op::Mul) => "subgroupInclusiveMul",
        (ExclusiveScan, Op::Add) => "subgroupExclusiveAdd",
        (ExclusiveScan, Op::Mul) => "subgroupExclusiveMul",
        // No such builtin in WGSL; named after the operation.
        (InclusiveScan | ExclusiveScan, _) => "subgroup scan",
    }
}

/// A builtin that a rule requires in uniform control flow, an operand it
/// requires uniform, or a call or argument that decides whether one is
/// reached.
#[derive(Clone, Debug)]
pub struct RuleRequirement {
    /// What is required, and of what.
    pub what: RuleRequirementKind,
    /// The builtin, or the call statement.
    pub span: Span,
    /// Where the builtin's or call's statement is in the function's body
    /// (for an expression, the statement that evaluates it).
    pub path: StatementPath,
    /// The severity of the builtin's rule at the builtin: never `Off`
    /// (nothing is required then).
    pub severity: Severity,
    pub(super) node: NodeIndex,
}

/// What a [`RuleRequirement`] requires.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum RuleRequirementKind {
    /// The builtin itself, evaluated in this function.
    Builtin(RuleOp),
    /// An operand of the builtin that must be uniform (`index` as Tint
    /// counts the builtin's arguments).
    BuiltinOperand {
        /// The builtin.
        op: RuleOp,
        /// The operand's position among the builtin's arguments.
        index: usize,
    },
    /// A call of a function that reaches one; `op_span` is the builtin, in
    /// the callee or deeper.
    Call {
        /// The function called.
        callee: Handle<Function>,
        /// The builtin it reaches.
        op: RuleOp,
        /// Where that builtin is.
        op_span: Span,
    },
    /// An argument that decides whether the callee reaches one.
    Argument {
        /// The function called.
        callee: Handle<Function>,
        /// The argument's position, from 0.
        index: usize,
        /// The builtin it decides.
        op: RuleOp,
        /// Where that builtin is.
        op_span: Span,
    },
}

impl RuleRequirement {
    /// The builtin the requirement is about, here or in a callee.
    pub fn op(&self) -> RuleOp {
        match self.what {
            RuleRequirementKind::Builtin(op)
            | RuleRequirementKind::BuiltinOperand { op, .. }
            | RuleRequirementKind::Call { op, .. }
            | RuleRequirementKind::Argument { op, .. } => op,
        }
    }

    /// The builtin, wherever it is: Tint reports a broken requirement
    /// there.
    pub fn op_span(&self) -> Span {
        match self.what {
            RuleRequirementKind::Builtin(_) | RuleRequirementKind::BuiltinOperand { .. } => {
                self.span
            }
            RuleRequirementKind::Call { op_span, .. }
            | RuleRequirementKind::Argument { op_span, .. } => op_span,
        }
    }

    /// The rule that requires it.
    pub fn rule(&self) -> Rule {
        self.op().rule()
    }

    /// Whether the requirement is about control flow (the builtin, or a
    /// call reaching one) rather than a value.
    pub fn is_about_control_flow(&self) -> bool {
        matches!(
            self.what,
            RuleRequirementKind::Builtin(_) | RuleRequirementKind::Call { .. }
        )
    }
}

/// The severity of each rule in a function: its own filters first, then
/// the module's, else an error.
#[derive(Clone, Copy, Debug)]
pub struct RuleSeverities([Severity; 2]);

impl RuleSeverities {
    /// The severities in `function` of `module` (see [`severity_in`]).
    pub fn of(module: &Module, function: &Function) -> Self {
        RuleSeverities(Rule::ALL.map(|rule| severity_in(module, function, rule)))
    }

    /// The severity of `rule`; `Off` where a filter turned it off.
    pub fn get(self, rule: Rule) -> Severity {
        self.0[rule.index()]
    }
}

/// The severity of `rule` in a function: its own filters first, then the
/// module's, else an error.
pub fn severity_in(module: &Module, function: &Function, rule: Rule) -> Severity {
    let wanted = rule.triggering_rule();
    let mut next = function
        .diagnostic_filter_leaf
        .or(module.diagnostic_filter_leaf);
    while let Some(handle) = next {
        let node = &module.diagnostic_filters[handle];
        if node.inner.triggering_rule == wanted {
            return node.inner.new_severity;
        }
        next = node.parent;
    }
    Severity::Error
}

/// How much a severity weighs, to keep the heaviest of several.
pub(super) fn weight(severity: Severity) -> u8 {
    match severity {
        Severity::Off => 0,
        Severity::Info => 1,
        Severity::Warning => 2,
        Severity::Error => 3,
    }
}

impl FunctionUniformity {
    /// The rule requirements the function itself breaks, whatever its
    /// callers, at every severity.
    pub fn rule_violations(&self) -> impl Iterator<Item = &RuleRequirement> {
        self.rule_requirements
            .iter()
            .filter(|r| self.reached_from.contains_key(&r.node))
    }

    /// Why a rule requirement is not met, from the builtin (or
    /// call) back to the source of non-uniformity.
    pub fn explain_rule(&self, requirement: &RuleRequirement) -> Vec<Cause> {
        self.explain(requirement.node)
    }
}

impl Uniformity {
    /// Every broken rule requirement of the module, in order of
    /// functions, at every severity but `Off`.
    pub fn rule_violations(&self) -> Vec<(FunctionRef, &RuleRequirement)> {
        self.iter()
            .flat_map(|(r, f)| f.rule_violations().map(move |v| (r, v)))
            .collect()
    }
}

/// Whether the module calls a builtin under one of the rules anywhere;
/// the analysis is not needed when it does not. (Every subgroup builtin
/// has a result expression.)
pub fn has_rule_ops(module: &Module) -> bool {
    module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|ep| &ep.function))
        .any(|f| {
            f.expressions.iter().any(|(_, e)| {
                RuleOp::of_expression(e).is_some()
                    || matches!(
                        e,
                        Expression::SubgroupBallotResult
                            | Expression::SubgroupOperationResult { .. }
                    )
            })
        })
}
