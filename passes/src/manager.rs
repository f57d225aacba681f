//! Orders the selected passes, runs them around validation, and collects
//! what each one did.

use std::collections::BTreeMap;

use naga::valid::{ModuleInfo, ValidationError};
use naga::{Module, WithSpan};

use crate::analysis::cache::Analyses;
use crate::analysis::divergent_barriers;
use crate::diagnostic::Diagnostic;
use crate::pass::{Change, Pass, PassContext, PassOptions, Phase, Selection, Target};

/// Which passes the user asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PassSelection {
    /// Every pass that applies to the module and target.
    All,
    /// Pure translation.
    None,
    /// Exactly these, by name.
    Named(Vec<String>),
}

impl PassSelection {
    /// Parses the `--passes` syntax: `all`, `none` or a comma-separated list.
    pub fn parse(list: &str) -> Self {
        match list.trim() {
            "all" => PassSelection::All,
            "none" | "" => PassSelection::None,
            names => PassSelection::Named(
                names
                    .split(',')
                    .map(|n| n.trim().to_string())
                    .filter(|n| !n.is_empty())
                    .collect(),
            ),
        }
    }
}

/// A `--passes` or option name that no pass answers to.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelectionError {
    /// `--passes` (or a `--pass-option`) names a pass that is not
    /// registered.
    UnknownPass {
        /// The name as given.
        name: String,
        /// The registered passes' names, in run order.
        known: Vec<&'static str>,
    },
    /// A `--pass-option` names an option the pass does not take.
    UnknownOption {
        /// The pass's name.
        pass: String,
        /// The option's name as given.
        option: String,
        /// The options the pass takes; empty when it takes none.
        known: Vec<&'static str>,
    },
    /// A `--pass-option` gives an option a value it does not accept.
    BadOptionValue {
        /// The pass's name.
        pass: String,
        /// The option's name.
        option: String,
        /// The value as given.
        value: String,
        /// The values the option accepts ([`OptionSpec::values`](crate::OptionSpec::values)).
        allowed: &'static [&'static str],
    },
}

impl std::fmt::Display for SelectionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SelectionError::UnknownPass { name, known } => {
                let mut valid = known.clone();
                valid.extend(["all", "none"]);
                write!(
                    f,
                    "unknown pass `{name}`; valid names: {}",
                    valid.join(", ")
                )
            }
            SelectionError::UnknownOption {
                pass,
                option,
                known,
            } => {
                if known.is_empty() {
                    write!(f, "pass `{pass}` takes no option `{option}`")
                } else {
                    write!(
                        f,
                        "pass `{pass}` has no option `{option}`; its options: {}",
                        known.join(", ")
                    )
                }
            }
            SelectionError::BadOptionValue {
                pass,
                option,
                value,
                allowed,
            } => write!(
                f,
                "`{value}` is not a value of {pass}.{option}; expected one of: {}",
                allowed.join(", ")
            ),
        }
    }
}

impl std::error::Error for SelectionError {}

/// Why a pass did not run.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// The target lacks something the pass requires, in words
    /// ([`Requirement::describe`](crate::Requirement::describe)). Only a
    /// pass chosen by `all` is skipped so: a pass named explicitly takes
    /// the requirement as granted.
    TargetLacks(&'static str),
    /// The pass found nothing to do.
    NotApplicable,
}

/// What one selected pass did.
#[derive(Clone, Debug)]
pub struct PassReport {
    /// The pass's name ([`Pass::name`]).
    pub name: &'static str,
    /// Why it did not run; `None` when it ran (whether or not it changed
    /// anything).
    pub skipped: Option<Skipped>,
    /// Its rewrites, in the order it made them; empty when skipped.
    pub changes: Vec<Change>,
    /// What it reported, in order; empty when skipped.
    pub diagnostics: Vec<Diagnostic>,
}

impl PassReport {
    /// Whether it reported an error, which failed the run.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Why a pipeline run produced no module.
#[non_exhaustive]
#[derive(Debug)]
pub enum RunError {
    /// A pass reported an error: it was asked for a rewrite it cannot make.
    /// Its diagnostics are in its report.
    Refused {
        /// Every pass run so far, the refusing one last.
        reports: Vec<PassReport>,
    },
    /// The module does not validate after the passes that run before
    /// validation: the input is wrong. `rewritten_by` names the passes that
    /// changed it first, for the notes of the diagnostic.
    InvalidInput {
        /// naga's validation error, with the spans of the input.
        error: Box<WithSpan<ValidationError>>,
        /// The passes that rewrote the module before validation, in order;
        /// empty when the input itself failed.
        rewritten_by: Vec<&'static str>,
        /// Every pass run before validation.
        reports: Vec<PassReport>,
    },
    /// The module holds a barrier that not every invocation of a workgroup
    /// may reach, and no selected pass made it uniform: the input is wrong,
    /// and the output would be too. One error per barrier, in
    /// `diagnostics`.
    DivergentBarriers {
        /// One error per divergent barrier, with the condition that makes
        /// it divergent.
        diagnostics: Vec<Diagnostic>,
        /// One per selected pass, in the order they ran.
        reports: Vec<PassReport>,
    },
    /// A pass turned a valid module into an invalid one. This is a bug in
    /// the pass, never the user's.
    PassProducedInvalidModule {
        /// The name of the pass whose output failed validation.
        pass: &'static str,
        /// naga's validation error on that output.
        error: Box<WithSpan<ValidationError>>,
        /// Every pass run so far, that one last.
        reports: Vec<PassReport>,
    },
}

/// The result of a pipeline run: the validated module's info and a report
/// for every selected pass, in the order they ran.
#[derive(Debug)]
pub struct RunOutcome {
    /// naga's validation info of the module as the passes left it, which
    /// the back ends need.
    pub info: ModuleInfo,
    /// One report per selected pass, in the order they ran.
    pub reports: Vec<PassReport>,
    /// The analyses of the module as the run left it, for the driver's
    /// own checks of it.
    pub analyses: Analyses,
}

/// The registry of passes, in the order they run.
pub struct PassManager {
    passes: Vec<Box<dyn Pass>>,
}

impl Default for PassManager {
    fn default() -> Self {
        Self::with_builtin_passes()
    }
}

pub use crate::ir::{validate, validator};

impl PassManager {
    /// A manager with no pass: `all` selects nothing, any pass named is
    /// unknown, and a run only validates.
    pub fn empty() -> Self {
        PassManager { passes: Vec::new() }
    }

    /// A manager with [`builtin_passes`](crate::builtin_passes), in their
    /// order; what [`Default`] gives.
    pub fn with_builtin_passes() -> Self {
        let mut manager = Self::empty();
        for pass in crate::builtin_passes() {
            manager.register(pass);
        }
        manager
    }

    /// Adds a pass at the end of the order. Passes that run before
    /// validation always run before the others, whatever the order of
    /// registration.
    pub fn register(&mut self, pass: Box<dyn Pass>) {
        self.passes.push(pass);
    }

    /// The registered passes' names, in registration order.
    pub fn names(&self) -> Vec<&'static str> {
        self.passes.iter().map(|p| p.name()).collect()
    }

    /// The registered passes, in registration order.
    pub fn passes(&self) -> impl Iterator<Item = &dyn Pass> {
        self.passes.iter().map(|p| p.as_ref())
    }

    /// The registered pass called `name`; `None` when there is none.
    pub fn get(&self, name: &str) -> Option<&dyn Pass> {
        self.passes().find(|p| p.name() == name)
    }

    /// Resolves a selection to the passes to run, in run order.
    pub fn select(
        &self,
        selection: &PassSelection,
    ) -> Result<Vec<(&dyn Pass, Selection)>, SelectionError> {
        let mut chosen: Vec<(&dyn Pass, Selection)> = match selection {
            PassSelection::None => Vec::new(),
            PassSelection::All => self.passes().map(|p| (p, Selection::All)).collect(),
            PassSelection::Named(names) => {
                for name in names {
                    if self.get(name).is_none() {
                        return Err(SelectionError::UnknownPass {
                            name: name.clone(),
                            known: self.names(),
                        });
                    }
                }
                self.passes()
                    .filter(|p| names.iter().any(|n| n == p.name()))
                    .map(|p| (p, Selection::Explicit))
                    .collect()
            }
        };
        chosen.sort_by_key(|(p, _)| p.phase());
        Ok(chosen)
    }

    /// Checks `pass.option=value` settings against the passes' specs and
    /// groups them per pass.
    pub fn check_options(
        &self,
        settings: &BTreeMap<String, BTreeMap<String, String>>,
    ) -> Result<BTreeMap<String, PassOptions>, SelectionError> {
        let mut checked = BTreeMap::new();
        for (pass_name, values) in settings {
            let pass = self
                .get(pass_name)
                .ok_or_else(|| SelectionError::UnknownPass {
                    name: pass_name.clone(),
                    known: self.names(),
                })?;
            for (option, value) in values {
                let spec = pass
                    .options()
                    .iter()
                    .find(|s| s.name == option)
                    .ok_or_else(|| SelectionError::UnknownOption {
                        pass: pass_name.clone(),
                        option: option.clone(),
                        known: pass.options().iter().map(|s| s.name).collect(),
                    })?;
                if !spec.values.contains(&value.as_str()) {
                    return Err(SelectionError::BadOptionValue {
                        pass: pass_name.clone(),
                        option: option.clone(),
                        value: value.clone(),
                        allowed: spec.values,
                    });
                }
            }
            checked.insert(pass_name.clone(), PassOptions::new(values.clone()));
        }
        Ok(checked)
    }

    /// Runs the selected passes on `module` and validates it.
    ///
    /// Passes of [`Phase::BeforeValidation`] run first, then the module is
    /// validated (a failure is the input's fault), then the validated passes
    /// run, each followed by a fresh validation when it changed anything (a
    /// failure is that pass's fault). A pass that reports an error stops
    /// the run: later passes would work on a module the user cannot get.
    ///
    /// Whatever the selection, the result is then checked for barriers in
    /// non-uniform control flow: naga accepts them, browsers do not, and
    /// GPUs hang or race on them. Where no selected pass made them uniform,
    /// each is an error ([`RunError::DivergentBarriers`]).
    pub fn run(
        &self,
        module: &mut Module,
        selection: &PassSelection,
        options: &BTreeMap<String, PassOptions>,
        target: &Target,
    ) -> Result<RunOutcome, RunError> {
        let plan = self
            .select(selection)
            .expect("the selection was checked by the caller");
        let selected: Vec<&'static str> = plan.iter().map(|(p, _)| p.name()).collect();
        let no_options = PassOptions::default();
        let mut reports = Vec::new();
        let mut info: Option<ModuleInfo> = None;
        let mut rewritten_before_validation = Vec::new();
        let mut analyses = Analyses::default();

        for (pass, how) in plan {
            if pass.phase() == Phase::Validated && info.is_none() {
                info = Some(Self::validate_input(
                    module,
                    &rewritten_before_validation,
                    &mut reports,
                )?);
            }
            let report = Self::run_one(
                pass,
                how,
                module,
                options.get(pass.name()).unwrap_or(&no_options),
                target,
                info.as_ref(),
                &mut analyses,
            );
            let changed = !report.changes.is_empty();
            if changed {
                analyses.module_changed();
            }
            let failed = report.has_errors();
            reports.push(report);
            if changed {
                match pass.phase() {
                    Phase::BeforeValidation => rewritten_before_validation.push(pass.name()),
                    Phase::Validated => match validate(module) {
                        Ok(fresh) => info = Some(fresh),
                        Err(error) => {
                            return Err(RunError::PassProducedInvalidModule {
                                pass: pass.name(),
                                error,
                                reports,
                            })
                        }
                    },
                }
            }
            if failed {
                return Err(RunError::Refused { reports });
            }
        }

        let info = match info {
            Some(info) => info,
            None => Self::validate_input(module, &rewritten_before_validation, &mut reports)?,
        };
        let diagnostics =
            divergent_barriers::errors_with(module, &analyses, &self.why_unfixed(&selected));
        if !diagnostics.is_empty() {
            return Err(RunError::DivergentBarriers {
                diagnostics,
                reports,
            });
        }
        Ok(RunOutcome {
            info,
            reports,
            analyses,
        })
    }

    /// The last note of a divergent barrier that no pass fixed: how to get
    /// it fixed, where a registered pass can.
    fn why_unfixed(&self, selected: &[&'static str]) -> String {
        let Some(hoist) = self
            .passes()
            .find(|p| p.makes_barriers_uniform())
            .map(|p| p.name())
        else {
            return "no fix applied: no pass that hoists barriers is registered".into();
        };
        if selected.contains(&hoist) {
            format!("no fix applied: `{hoist}` left it divergent")
        } else {
            format!(
                "no fix applied: the `{hoist}` pass is not selected; select it (`--passes {hoist}`, or `all`) to move the barrier into uniform control flow where that is provably safe"
            )
        }
    }

    fn validate_input(
        module: &Module,
        rewritten_by: &[&'static str],
        reports: &mut Vec<PassReport>,
    ) -> Result<ModuleInfo, RunError> {
        validate(module).map_err(|error| RunError::InvalidInput {
            error,
            rewritten_by: rewritten_by.to_vec(),
            reports: std::mem::take(reports),
        })
    }

    fn run_one(
        pass: &dyn Pass,
        how: Selection,
        module: &mut Module,
        options: &PassOptions,
        target: &Target,
        info: Option<&ModuleInfo>,
        analyses: &mut Analyses,
    ) -> PassReport {
        let mut report = PassReport {
            name: pass.name(),
            skipped: None,
            changes: Vec::new(),
            diagnostics: Vec::new(),
        };
        // Naming a pass declares that the target has what it requires.
        let granted;
        let target = if how == Selection::Explicit {
            let mut t = target.clone();
            for requirement in pass.requirements() {
                requirement.grant(&mut t);
            }
            granted = t;
            &granted
        } else {
            target
        };
        if let Some(missing) = pass.requirements().iter().find(|r| !r.is_met_by(target)) {
            report.skipped = Some(Skipped::TargetLacks(missing.describe()));
            return report;
        }
        if !pass.is_enabled(module, target, how) {
            report.skipped = Some(Skipped::NotApplicable);
            return report;
        }
        let mut cx =
            PassContext::new(target, how, options, info).with_analyses(std::mem::take(analyses));
        pass.run(module, &mut cx);
        let (changes, diagnostics, left) = cx.into_parts();
        *analyses = left;
        report.changes = changes;
        report.diagnostics = diagnostics;
        report
    }
}

#[cfg(test)]
mod tests;
