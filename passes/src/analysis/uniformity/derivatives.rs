//! Derivative uniformity: WGSL's rule that the builtins computing
//! implicit derivatives (`textureSample`, `textureSampleBias`,
//! `textureSampleCompare`, `dpdx`, `dpdy`, `fwidth` and their `Coarse` and
//! `Fine` forms) be reached in uniform control flow, as Tint applies it.
//!
//! Its severity is that of the `derivative_uniformity` diagnostic at the
//! builtin: error unless a `diagnostic(...)` filter of the function or of
//! the module says otherwise. A function reaching such a builtin hands the
//! requirement to its callers with the severity at the builtin, whatever
//! filters the callers have (Tint reports a call in non-uniform control
//! flow of a function whose `textureSample` is under the default filter,
//! even from a caller that turns the rule off). Where the rule is off,
//! nothing is required. The result of every such builtin may differ
//! between invocations, whatever the filters.
//!
//! `discard` demotes the invocation to a helper that goes on computing
//! derivatives: control flow after a `discard` in a non-uniform branch is
//! as uniform as before it.

use naga::diagnostic_filter::{
    FilterableTriggeringRule, Severity, StandardFilterableTriggeringRule,
};
use naga::{
    DerivativeAxis, DerivativeControl, Expression, Function, Handle, Module, SampleLevel, Span,
};
use petgraph::graph::NodeIndex;

use super::{Cause, FunctionRef, FunctionUniformity, StatementPath, Uniformity};

/// A builtin that computes implicit derivatives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DerivativeOp {
    TextureSample,
    TextureSampleBias,
    TextureSampleCompare,
    Derivative(DerivativeAxis, DerivativeControl),
}

impl DerivativeOp {
    /// The builtin an expression calls, where it computes implicit
    /// derivatives: sampling with an implicit level of detail (none given,
    /// or a bias), and the derivative builtins.
    pub fn of(expression: &Expression) -> Option<DerivativeOp> {
        match *expression {
            Expression::Derivative { axis, ctrl, .. } => Some(DerivativeOp::Derivative(axis, ctrl)),
            Expression::ImageSample {
                gather: None,
                ref level,
                depth_ref,
                ..
            } => match (level, depth_ref) {
                (SampleLevel::Auto, Some(_)) => Some(DerivativeOp::TextureSampleCompare),
                (SampleLevel::Auto, None) => Some(DerivativeOp::TextureSample),
                (SampleLevel::Bias(_), _) => Some(DerivativeOp::TextureSampleBias),
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
            DerivativeOp::TextureSample => "textureSample",
            DerivativeOp::TextureSampleBias => "textureSampleBias",
            DerivativeOp::TextureSampleCompare => "textureSampleCompare",
            DerivativeOp::Derivative(axis, ctrl) => match (axis, ctrl) {
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
        }
    }
}

/// A builtin computing derivatives that must be reached in uniform
/// control flow, or a call or argument that decides whether one is.
#[derive(Clone, Debug)]
pub struct DerivativeRequirement {
    pub what: DerivativeRequirementKind,
    /// The builtin, or the call statement.
    pub span: Span,
    pub path: StatementPath,
    /// The severity of `derivative_uniformity` at the builtin: never
    /// `Off` (nothing is required then).
    pub severity: Severity,
    pub(super) node: NodeIndex,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DerivativeRequirementKind {
    /// The builtin itself, evaluated in this function.
    Builtin(DerivativeOp),
    /// A call of a function that reaches one; `op_span` is the builtin, in
    /// the callee or deeper.
    Call {
        callee: Handle<Function>,
        op: DerivativeOp,
        op_span: Span,
    },
    /// An argument that decides whether the callee reaches one.
    Argument {
        callee: Handle<Function>,
        index: usize,
        op: DerivativeOp,
        op_span: Span,
    },
}

impl DerivativeRequirement {
    pub fn op(&self) -> DerivativeOp {
        match self.what {
            DerivativeRequirementKind::Builtin(op)
            | DerivativeRequirementKind::Call { op, .. }
            | DerivativeRequirementKind::Argument { op, .. } => op,
        }
    }

    /// The builtin, wherever it is: Tint reports a broken requirement
    /// there.
    pub fn op_span(&self) -> Span {
        match self.what {
            DerivativeRequirementKind::Builtin(_) => self.span,
            DerivativeRequirementKind::Call { op_span, .. }
            | DerivativeRequirementKind::Argument { op_span, .. } => op_span,
        }
    }
}

/// The severity of `derivative_uniformity` in a function: its own
/// filters first, then the module's, else an error.
pub fn severity_in(module: &Module, function: &Function) -> Severity {
    let mut next = function
        .diagnostic_filter_leaf
        .or(module.diagnostic_filter_leaf);
    while let Some(handle) = next {
        let node = &module.diagnostic_filters[handle];
        if node.inner.triggering_rule
            == FilterableTriggeringRule::Standard(
                StandardFilterableTriggeringRule::DerivativeUniformity,
            )
        {
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
    /// The derivative requirements the function itself breaks, whatever
    /// its callers, at every severity.
    pub fn derivative_violations(&self) -> impl Iterator<Item = &DerivativeRequirement> {
        self.derivative_requirements
            .iter()
            .filter(|r| self.reached_from.contains_key(&r.node))
    }

    /// Why a derivative requirement is not met, from the builtin (or
    /// call) back to the source of non-uniformity.
    pub fn explain_derivative(&self, requirement: &DerivativeRequirement) -> Vec<Cause> {
        self.explain(requirement.node)
    }
}

impl Uniformity {
    /// Every broken derivative requirement of the module, in order of
    /// functions, at every severity but `Off`.
    pub fn derivative_violations(&self) -> Vec<(FunctionRef, &DerivativeRequirement)> {
        self.iter()
            .flat_map(|(r, f)| f.derivative_violations().map(move |v| (r, v)))
            .collect()
    }
}

/// Whether the module computes implicit derivatives anywhere; the
/// analysis is not needed when it does not.
pub fn has_derivatives(module: &Module) -> bool {
    module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|ep| &ep.function))
        .any(|f| {
            f.expressions
                .iter()
                .any(|(_, e)| DerivativeOp::of(e).is_some())
        })
}
