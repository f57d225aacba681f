//! The contract between a pass and the pass manager.

use std::collections::BTreeMap;

use naga::valid::ModuleInfo;
use naga::{Module, Span};
use serde::Serialize;

use crate::analysis::cache::Analyses;
use crate::diagnostic::Diagnostic;

/// What the code will run on, as far as passes need to know.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// Subgroup operations (WGSL `subgroups`, SPIR-V GroupNonUniform) are available.
    pub subgroups: bool,
    /// 64-bit integer atomic min and max on storage memory, their results
    /// unused, are available.
    pub int64_atomic_min_max: bool,
    /// Every 64-bit integer atomic operation, in every address space, is
    /// available.
    pub int64_atomic_all_ops: bool,
    /// `f64` is available.
    pub float64: bool,
    /// Float `atomicAdd` and `atomicSub` on `f32` are available (wgpu's
    /// `SHADER_FLOAT32_ATOMIC`, Vulkan's `shaderBufferFloat32AtomicAdd`):
    /// float-atomics leaves f32 sums to the target.
    pub float32_atomic_add: bool,
}

impl Target {
    /// The names [`Target::enable`] takes, as the command line spells them.
    pub const FEATURES: &'static [&'static str] = &[
        "subgroups",
        "f64",
        "int64-atomic-min-max",
        "int64-atomics",
        "float32-atomic-add",
    ];

    /// Declares the feature `name` (one of [`Target::FEATURES`]); `false`
    /// for an unknown name.
    pub fn enable(&mut self, name: &str) -> bool {
        match name {
            "subgroups" => self.subgroups = true,
            "f64" => self.float64 = true,
            "float32-atomic-add" => self.float32_atomic_add = true,
            "int64-atomic-min-max" => self.int64_atomic_min_max = true,
            "int64-atomics" => {
                self.int64_atomic_min_max = true;
                self.int64_atomic_all_ops = true;
            }
            _ => return false,
        }
        true
    }
}

/// Something a pass needs from the target before it may run at all.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Requirement {
    /// Subgroup operations ([`Target::subgroups`]).
    Subgroups,
}

impl Requirement {
    /// Whether `target` provides it.
    pub fn is_met_by(self, target: &Target) -> bool {
        match self {
            Requirement::Subgroups => target.subgroups,
        }
    }

    /// Declares the requirement met.
    pub fn grant(self, target: &mut Target) {
        match self {
            Requirement::Subgroups => target.subgroups = true,
        }
    }

    /// What is required, in words, for the report of a skipped pass
    /// (`the target lacks subgroup operations`).
    pub fn describe(self) -> &'static str {
        match self {
            Requirement::Subgroups => "subgroup operations",
        }
    }
}

/// How the user selected this pass.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Named explicitly in `--passes`: the user asks for the rewrite
    /// wherever it is safe.
    Explicit,
    /// Chosen by `--passes all`: the pass applies only where it is also
    /// expected to pay off.
    All,
}

/// An option a pass accepts (`--pass-option float-atomics.strategy=cas`).
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The option's name after the pass's (`strategy` in
    /// `float-atomics.strategy`).
    pub name: &'static str,
    /// Every value it accepts; anything else is refused before any pass
    /// runs.
    pub values: &'static [&'static str],
    /// The value it has when not given; one of `values`.
    pub default: &'static str,
    /// One line for `--help` and the documentation.
    pub help: &'static str,
}

/// One rewrite a pass made, for the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// What kind of rewrite: `retype-atomic`, `split-if`, ...
    pub kind: String,
    /// Where in the input the rewritten code is; undefined where the
    /// rewrite has no single place (the report then gives no line).
    pub span: Span,
    /// The strategy the pass chose for this site, if it had a choice.
    pub strategy: Option<String>,
    /// One line saying what was rewritten and how.
    pub message: String,
    /// Further facts a host may need (binding, offset, clear values...).
    pub details: BTreeMap<String, String>,
}

impl Change {
    /// A change with no strategy and no details yet.
    pub fn new(kind: impl Into<String>, span: Span, message: impl Into<String>) -> Self {
        Change {
            kind: kind.into(),
            span,
            strategy: None,
            message: message.into(),
            details: BTreeMap::new(),
        }
    }

    /// Names the strategy chosen for this site (`ordered`, `cas`, ...),
    /// which a host reads to know how the rewritten data is held.
    pub fn with_strategy(mut self, strategy: impl Into<String>) -> Self {
        self.strategy = Some(strategy.into());
        self
    }

    /// Adds the fact `key`, replacing an earlier value of the same key.
    pub fn with_detail(mut self, key: impl Into<String>, value: impl ToString) -> Self {
        self.details.insert(key.into(), value.to_string());
        self
    }
}

/// The options of one pass, already checked against its [`OptionSpec`]s.
#[derive(Clone, Debug, Default)]
pub struct PassOptions {
    values: BTreeMap<String, String>,
}

impl PassOptions {
    /// Options from option names to values. The values are not checked
    /// here: [`PassManager::check_options`](crate::PassManager::check_options)
    /// checks them against the pass's specs, and [`PassOptions::get`]
    /// returns whatever was given.
    pub fn new(values: BTreeMap<String, String>) -> Self {
        PassOptions { values }
    }

    /// The value of `name`, or the spec's default.
    pub fn get<'a>(&'a self, spec: &'a OptionSpec) -> &'a str {
        self.values
            .get(spec.name)
            .map(String::as_str)
            .unwrap_or(spec.default)
    }
}

/// The state [`PassContext::rollback`] returns to: a copy of the module and
/// how many changes and diagnostics the context held.
pub struct Checkpoint {
    module: Module,
    changes: usize,
    diagnostics: usize,
}

impl Checkpoint {
    /// The module as it was at the checkpoint, for diagnostics that speak
    /// of it after a rewrite.
    pub fn module(&self) -> &Module {
        &self.module
    }
}

/// What [`PassContext::rollback`] does with the diagnostics reported since
/// the checkpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notes {
    /// They stay in the pass's report.
    Keep,
    /// They are dropped with the rewrite.
    Discard,
}

/// What a pass sees while it runs and where it leaves its results.
pub struct PassContext<'a> {
    /// What the output will run on.
    pub target: &'a Target,
    /// How the user selected the pass; [`Selection::All`] asks for rewrites
    /// that pay off only.
    pub selection: Selection,
    /// The pass's own options, checked against its [`Pass::options`].
    pub options: &'a PassOptions,
    /// The analysis of the module as it was when the pass started; `None`
    /// for passes that run before validation.
    pub info: Option<&'a ModuleInfo>,
    pub(crate) changes: Vec<Change>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The analyses of the module as the pass got it, shared with the
    /// passes before and after it (see [`Analyses`]).
    analyses: Analyses,
}

impl<'a> PassContext<'a> {
    /// A context with nothing recorded yet and no analyses computed.
    pub fn new(
        target: &'a Target,
        selection: Selection,
        options: &'a PassOptions,
        info: Option<&'a ModuleInfo>,
    ) -> Self {
        PassContext {
            target,
            selection,
            options,
            info,
            changes: Vec::new(),
            diagnostics: Vec::new(),
            analyses: Analyses::default(),
        }
    }

    /// Lends the pass the analyses earlier passes left.
    pub fn with_analyses(mut self, analyses: Analyses) -> Self {
        self.analyses = analyses;
        self.analyses.begin_pass();
        self
    }

    /// The analyses of the module: computed on first use, shared with the
    /// other passes. A pass that asks for one after changing the module
    /// calls [`Analyses::invalidate`] first.
    pub fn analyses(&mut self) -> &mut Analyses {
        &mut self.analyses
    }

    /// A point the pass can go back to with [`PassContext::rollback`]: the
    /// module as it is and what the context holds now.
    pub fn checkpoint(&self, module: &Module) -> Checkpoint {
        Checkpoint {
            module: module.clone(),
            changes: self.changes.len(),
            diagnostics: self.diagnostics.len(),
        }
    }

    /// Goes back to `checkpoint`: the module as it was then, and none of the
    /// changes recorded since. The diagnostics reported since stay with
    /// [`Notes::Keep`] (they speak of the input, whose spans the discarded
    /// rewrite kept) and go with [`Notes::Discard`]. The analyses of the
    /// rewritten module go too.
    pub fn rollback(&mut self, module: &mut Module, checkpoint: Checkpoint, notes: Notes) {
        *module = checkpoint.module;
        self.changes.truncate(checkpoint.changes);
        if notes == Notes::Discard {
            self.diagnostics.truncate(checkpoint.diagnostics);
        }
        self.analyses.invalidate();
    }

    /// The changes recorded since `checkpoint`.
    pub fn changes_since(&self, checkpoint: &Checkpoint) -> &[Change] {
        &self.changes[checkpoint.changes.min(self.changes.len())..]
    }

    /// Records a rewrite for the report.
    pub fn record(&mut self, change: Change) {
        self.changes.push(change);
    }

    /// Reports a diagnostic; an error one stops the run after this pass
    /// and fails the compilation.
    pub fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// The rewrites recorded so far, in order.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// The diagnostics reported so far, in order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The rewrites and diagnostics recorded, in order.
    pub fn into_results(self) -> (Vec<Change>, Vec<Diagnostic>) {
        (self.changes, self.diagnostics)
    }

    /// What [`PassContext::into_results`] gives, and the analyses to hand
    /// on to the next pass.
    pub fn into_parts(self) -> (Vec<Change>, Vec<Diagnostic>, Analyses) {
        (self.changes, self.diagnostics, self.analyses)
    }
}

/// When a pass runs relative to validation.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// Before the module is validated: the pass makes an input that naga
    /// rejects into one it accepts (float atomic min/max).
    BeforeValidation,
    /// On a validated module, with its [`ModuleInfo`].
    Validated,
}

/// A transformation on naga IR.
///
/// A pass reports every rewrite it makes as a [`Change`] and everything it
/// refused, with the reason, as a [`Diagnostic`]. An error diagnostic means
/// the input cannot be compiled as asked; the pipeline writes nothing.
pub trait Pass: Send + Sync {
    /// The name used in `--passes` and in reports.
    fn name(&self) -> &'static str;

    /// One line for `--help` and the documentation.
    fn description(&self) -> &'static str;

    /// When it runs; [`Phase::Validated`] unless it says otherwise.
    fn phase(&self) -> Phase {
        Phase::Validated
    }

    /// What the target must provide for the pass to run at all.
    fn requirements(&self) -> &'static [Requirement] {
        &[]
    }

    /// The options it takes (`--pass-option NAME.OPTION=VALUE`); none
    /// unless it says otherwise.
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// Whether the pass moves barriers out of non-uniform control flow:
    /// the manager names it in the error of a divergent barrier that no
    /// selected pass fixed.
    fn makes_barriers_uniform(&self) -> bool {
        false
    }

    /// Whether the pass has anything to do on this module; the manager skips
    /// it otherwise.
    fn is_enabled(&self, module: &Module, target: &Target, selection: Selection) -> bool {
        let _ = (module, target, selection);
        true
    }

    /// Rewrites `module` in place, recording each rewrite and diagnostic in
    /// `cx`. A pass that reports an error may leave `module` half
    /// rewritten: nothing is written from it.
    fn run(&self, module: &mut Module, cx: &mut PassContext<'_>);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rollback_restores_the_module_and_drops_what_was_recorded_since() {
        let target = Target::default();
        let options = PassOptions::default();
        let mut module = Module::default();
        let mut cx = PassContext::new(&target, Selection::Explicit, &options, None);
        cx.record(Change::new(
            "kept",
            Span::UNDEFINED,
            "before the checkpoint",
        ));
        for notes in [Notes::Keep, Notes::Discard] {
            let checkpoint = cx.checkpoint(&module);
            module.types.insert(
                naga::Type {
                    name: None,
                    inner: naga::TypeInner::Scalar(naga::Scalar::U32),
                },
                Span::UNDEFINED,
            );
            cx.record(Change::new("dropped", Span::UNDEFINED, "after it"));
            cx.report(Diagnostic::note("said of the input"));
            assert_eq!(cx.changes_since(&checkpoint).len(), 1);
            cx.rollback(&mut module, checkpoint, notes);
            assert!(module.types.is_empty());
            assert_eq!(cx.changes().len(), 1);
            assert_eq!(cx.changes()[0].kind, "kept");
        }
        // The first rollback kept its note, the second dropped its own.
        assert_eq!(cx.diagnostics().len(), 1);
    }
}
