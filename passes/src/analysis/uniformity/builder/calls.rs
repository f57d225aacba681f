//! Calls: what the callee's summary says its call needs (uniform control
//! flow, uniform arguments), returns and leaves behind pointer arguments.

use naga::{Expression, Function, Handle, Span};
use petgraph::graph::NodeIndex;

use super::{Builder, TrackedRoot, Values};
use crate::analysis::uniformity::rules::{RuleRequirement, RuleRequirementKind};
use crate::analysis::uniformity::{NodeKind, ParamEffect, RequirementKind, StatementPath};

impl Builder<'_> {
    pub(super) fn require_under_rule(
        &mut self,
        what: RuleRequirementKind,
        span: Span,
        path: &StatementPath,
        node: NodeIndex,
        severity: naga::diagnostic_filter::Severity,
    ) {
        if self.unreachable > 0 || severity == naga::diagnostic_filter::Severity::Off {
            return;
        }
        self.rule_requirements.push(RuleRequirement {
            what,
            span,
            path: path.clone(),
            severity,
            node,
        });
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn call(
        &mut self,
        callee: Handle<Function>,
        arguments: &[Handle<Expression>],
        result: Option<Handle<Expression>>,
        span: Span,
        cf: NodeIndex,
        values: &mut Values,
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
        // What the callee sees of each argument: its value, and for a
        // pointer, what it points to.
        let mut argument_nodes = Vec::with_capacity(arguments.len());
        let mut contents_nodes = Vec::with_capacity(arguments.len());
        for (i, &a) in arguments.iter().enumerate() {
            let arg_span = self.function.expressions.get_span(a);
            let node = self.node(NodeKind::Argument, arg_span);
            self.edge(self.expr(a), node);
            argument_nodes.push(node);
            let is_pointer = summary.pointer_params.get(i).copied().unwrap_or(false);
            if !is_pointer {
                contents_nodes.push(None);
                continue;
            }
            let contents = self.node(NodeKind::Argument, arg_span);
            self.edge(node, contents);
            match self.pointer_root(a) {
                TrackedRoot::Tracked(var) => self.edge(values[var], contents),
                TrackedRoot::Global(g) => {
                    if let Some(reason) = self.global_is_non_uniform(g) {
                        self.source(contents, reason);
                    }
                }
                TrackedRoot::Parameter(_) | TrackedRoot::Other => {}
            }
            contents_nodes.push(Some(contents));
        }
        let effect = |e: &ParamEffect, i: usize| -> Option<NodeIndex> {
            match e {
                ParamEffect::None => None,
                ParamEffect::Value => argument_nodes.get(i).copied(),
                ParamEffect::Contents => contents_nodes.get(i).copied().flatten(),
            }
        };
        if let Some(result) = result {
            let node = self.expr(result);
            self.edge(cf, node);
            if summary.return_non_uniform {
                self.source(
                    node,
                    format!("`{name}` returns a value that may differ between invocations"),
                );
            }
            for (i, e) in summary.return_depends_on.iter().enumerate() {
                if let Some(from) = effect(e, i) {
                    self.edge(from, node);
                }
            }
        }
        for (i, output) in summary.pointer_outputs.iter().enumerate() {
            let Some(output) = output else { continue };
            let Some(&argument) = arguments.get(i) else {
                continue;
            };
            let TrackedRoot::Tracked(var) = self.pointer_root(argument) else {
                continue;
            };
            let after = self.node(NodeKind::CallStore(var), span);
            if output.non_uniform {
                self.source(
                    after,
                    format!("`{name}` may store a value that differs between invocations through its pointer argument"),
                );
            } else {
                self.edge(cf, after);
                for (j, e) in output.depends_on.iter().enumerate() {
                    if let Some(from) = effect(e, j) {
                        self.edge(from, after);
                    }
                }
            }
            if !self.is_whole(argument) {
                // The callee sees only a part; the rest keeps its value.
                self.edge(values[var], after);
            }
            self.set(values, var, after);
        }
        for reach in &summary.reaches_under_rules {
            let (op, op_span, severity) = (reach.op, reach.op_span, reach.severity);
            self.require_under_rule(
                RuleRequirementKind::Call {
                    callee,
                    op,
                    op_span,
                },
                span,
                path,
                cf,
                severity,
            );
            for (index, e) in reach.params_required_uniform.iter().enumerate() {
                if let Some(node) = effect(e, index) {
                    self.require_under_rule(
                        RuleRequirementKind::Argument {
                            callee,
                            index,
                            op,
                            op_span,
                        },
                        span,
                        path,
                        node,
                        severity,
                    );
                }
            }
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
            for (index, e) in summary.params_required_uniform.iter().enumerate() {
                if let Some(node) = effect(e, index) {
                    self.require(
                        RequirementKind::Argument {
                            callee,
                            index,
                            barrier,
                            barrier_span,
                        },
                        span,
                        path,
                        node,
                    );
                }
            }
        }
    }
}
