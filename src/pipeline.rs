//! The driver: front end, passes, validation, emission, with every failure
//! turned into diagnostics and every panic caught.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use naga::valid::ModuleInfo;
use naga::Module;
use shaderxform_passes::analysis::cache::Analyses;
use shaderxform_passes::analysis::uniformity::Uniformity;
use shaderxform_passes::{PassManager, PassOptions, PassReport, PassSelection, RunError, Target};

use crate::back::{self, EmitError, EmitOptions, Output, OutputFormat};
use crate::diagnostics::{self, Diagnostic, Severity};
use crate::front;
use crate::source::Source;

/// Everything that decides what a compilation does.
#[derive(Clone, Debug)]
pub struct Options {
    /// Which passes run: all that apply (the default), none, or those
    /// named.
    pub passes: PassSelection,
    /// `pass name -> option -> value`, e.g. `float-atomics -> strategy -> cas`.
    pub pass_options: BTreeMap<String, BTreeMap<String, String>>,
    /// What the target supports, for passes that depend on it.
    pub target: Target,
    /// What the back ends write (versions, entry point, WGSL reader,
    /// override values).
    pub emit: EmitOptions,
    /// Warnings are errors: a shader with any fails, and nothing is
    /// written (`--deny-warnings`).
    pub deny_warnings: bool,
    /// Codes of warnings and notes the user has accepted (`--allow CODE`,
    /// `Build::allow`): they are left out of every report, and
    /// `deny_warnings` does not deny them. Errors are never left out.
    pub allow: Vec<String>,
    /// Codes of warnings and notes that are errors (`--deny CODE`,
    /// `Build::deny`): a shader with one fails, and nothing is written.
    pub deny: Vec<String>,
    /// How sources are read (GLSL front end, defines, include folders).
    pub front: front::FrontOptions,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            passes: PassSelection::All,
            pass_options: BTreeMap::new(),
            target: Target::default(),
            emit: EmitOptions::default(),
            deny_warnings: false,
            deny: Vec::new(),
            allow: Vec::new(),
            front: front::FrontOptions::default(),
        }
    }
}

/// What went wrong, which decides the exit code of the command line. More
/// kinds may come: match with a wildcard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FailureKind {
    /// The options are wrong (an unknown pass, an entry point that does
    /// not exist): exit code 2.
    Usage,
    /// The shader is wrong: it does not parse or validate. Exit code 1.
    Input,
    /// A pass refused to apply a transformation it was asked for. Exit 1.
    Refused,
    /// The output format cannot express what the shader uses. Exit 1.
    Unsupported,
    /// shaderxform or naga failed on a valid input. Exit 1.
    Internal,
    /// The shader compiled, with warnings, and warnings are denied. Exit 1.
    DeniedWarnings,
}

/// A failed compilation: the diagnostics that say why, and what the passes
/// did up to that point. Fields may be added in any version: build one with
/// [`Failure::new`].
#[non_exhaustive]
#[derive(Debug)]
pub struct Failure {
    /// What went wrong, which decides the exit code.
    pub kind: FailureKind,
    /// Why, at least one error among them (a usage failure may carry a
    /// single error with no place in the source).
    pub diagnostics: Vec<Diagnostic>,
    /// What the passes did before the failure, as in
    /// [`Transformed::passes`]; empty when it came before them (reading,
    /// parsing, options).
    pub passes: Vec<PassReport>,
}

impl Failure {
    /// A failure with no pass report.
    pub fn new(kind: FailureKind, diagnostics: Vec<Diagnostic>) -> Self {
        Failure {
            kind,
            diagnostics,
            passes: Vec::new(),
        }
    }

    fn internal(message: String) -> Self {
        Self::new(
            FailureKind::Internal,
            vec![Diagnostic::error(message)
                .with_code(shaderxform_passes::codes::INTERNAL)
                .with_note("this is a bug in shaderxform or naga, not in the shader")],
        )
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let messages: Vec<&str> = self
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        f.write_str(&messages.join("; "))
    }
}

impl std::error::Error for Failure {}

/// A validated, transformed module, ready to emit.
#[derive(Debug)]
pub struct Transformed {
    /// The module as the passes left it, validated.
    pub module: Module,
    /// naga's validation info of `module`, which the back ends need.
    pub info: ModuleInfo,
    /// What each selected pass did, in the order they ran, then the
    /// front end's rewrites under their own name (`spirv-legalize`).
    pub passes: Vec<PassReport>,
    /// Files the front end read besides the source (`#include`d).
    pub dependencies: Vec<std::path::PathBuf>,
    /// Where the module's spans are in the source, for the diagnostics of
    /// emission.
    spans: front::SpanMap,
    /// The analyses of `module` as the transform left it, computed once
    /// for every check of it.
    analyses: Analyses,
}

impl Transformed {
    /// The uniformity of `module` as the transform left it (computed on
    /// first use, then kept).
    pub fn uniformity(&self) -> &Uniformity {
        self.analyses.uniformity(&self.module)
    }

    /// The interface of the module as it is written: what a host binds.
    pub fn reflection(&self) -> crate::Reflection {
        crate::reflect::reflect(&self.module, &self.passes)
    }

    /// Warnings and notes of the passes (errors make a [`Failure`]).
    pub fn diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.passes.iter().flat_map(|p| p.diagnostics.iter())
    }

    /// Changes the module after the passes with an instrumentation of the
    /// tool's own (validation bounds loops with one), which no report
    /// lists: the module is validated again and its analyses recomputed.
    #[cfg(feature = "gpu")]
    pub(crate) fn instrument(&mut self, change: impl FnOnce(&mut Module)) -> Result<(), Failure> {
        change(&mut self.module);
        self.analyses.invalidate();
        self.info = shaderxform_passes::manager::validate(&self.module).map_err(|error| {
            Failure::new(
                FailureKind::Internal,
                vec![Diagnostic::error(format!(
                    "internal error: an instrumented module is not valid: {}",
                    error.as_inner()
                ))
                .with_code(shaderxform_passes::codes::INTERNAL)
                .with_note("this is a bug in shaderxform, not in the shader")],
            )
        })?;
        Ok(())
    }
}

/// Runs shaders through a configured pipeline. Build one and reuse it for
/// many shaders.
pub struct Compiler {
    manager: PassManager,
    options: Options,
    pass_options: BTreeMap<String, PassOptions>,
}

impl Compiler {
    /// Checks the options (pass names, pass options) once.
    pub fn new(options: Options) -> Result<Self, Failure> {
        Self::with_manager(PassManager::with_builtin_passes(), options)
    }

    /// [`Compiler::new`] with the passes of `manager` in place of the
    /// built-in ones (a manager holding a pass of your own).
    pub fn with_manager(manager: PassManager, mut options: Options) -> Result<Self, Failure> {
        // The entry point to write is the one to read from HLSL, which
        // holds several and compiles one.
        if options.front.hlsl_entry_point.is_none() {
            options.front.hlsl_entry_point = options.emit.entry_point.clone();
        }
        let usage = |e: shaderxform_passes::SelectionError| {
            Failure::new(
                FailureKind::Usage,
                vec![Diagnostic::error(e.to_string())
                    .with_code(shaderxform_passes::codes::OPTIONS_PASSES)],
            )
        };
        // A code misspelt would accept or deny nothing, silently.
        let unknown = options
            .allow
            .iter()
            .map(|c| ("--allow", c))
            .chain(options.deny.iter().map(|c| ("--deny", c)))
            .find(|(_, c)| !shaderxform_passes::codes::is_known(c));
        if let Some((flag, code)) = unknown {
            return Err(Failure::new(
                FailureKind::Usage,
                vec![Diagnostic::error(format!(
                    "{flag} {code}: shaderxform reports no diagnostic with this code"
                ))
                .with_code(shaderxform_passes::codes::OPTIONS_UNKNOWN_CODE)
                .with_note("the codes, and what each means, are listed in docs/diagnostics.md (`hoist-barriers::divergent-barrier`, `emit::extension-mismatch`, ...)")],
            ));
        }
        manager.select(&options.passes).map_err(usage)?;
        let pass_options = manager
            .check_options(&options.pass_options)
            .map_err(usage)?;
        Ok(Compiler {
            manager,
            options,
            pass_options,
        })
    }

    /// The options it was built with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The names of the passes it knows, in run order (those `--passes`
    /// accepts besides `all` and `none`).
    pub fn pass_names(&self) -> Vec<&'static str> {
        self.manager.names()
    }

    /// Parses, transforms and validates a shader.
    pub fn transform(&self, source: &Source) -> Result<Transformed, Failure> {
        let format = source.format;
        let mut transformed = guarded(source, "reading and transforming", || {
            self.transform_unguarded(source)
        })
        .map_err(|mut failure| {
            name_barriers_as_written(&mut failure.diagnostics, &mut failure.passes, format);
            failure
        })?;
        name_barriers_as_written(&mut [], &mut transformed.passes, format);
        if !self.options.allow.is_empty() {
            for report in &mut transformed.passes {
                report.diagnostics.retain(|d| {
                    d.is_error()
                        || !d
                            .code
                            .as_deref()
                            .is_some_and(|c| self.options.allow.iter().any(|a| a == c))
                });
            }
        }
        // Why a warning or note is denied, where it is.
        let denied = |d: &Diagnostic| {
            if d.is_error() {
                None
            } else if self.options.deny_warnings && d.severity == Severity::Warning {
                Some("warnings are denied (`--deny-warnings`): nothing is written")
            } else if d
                .code
                .as_deref()
                .is_some_and(|c| self.options.deny.iter().any(|a| a == c))
            {
                Some("this code is denied (`--deny`): nothing is written")
            } else {
                None
            }
        };
        deny(transformed, &denied)
    }

    /// Parses and validates a shader as it is: no passes, and no check of
    /// its barriers (for tools that report on the shader itself).
    pub fn read(&self, source: &Source) -> Result<Module, Failure> {
        guarded(source, "reading", || {
            let parsed = self.parse(source)?;
            match shaderxform_passes::manager::validate(&parsed.module) {
                Ok(_) => Ok(parsed.module),
                Err(error) => Err(Failure::new(
                    FailureKind::Input,
                    vec![parsed.spans.locate(input_validation_error(
                        &parsed.module,
                        &error,
                        parsed.spans.keeps_spans(),
                        source,
                        &parsed.binding_conflict_notes,
                    ))],
                )),
            }
        })
    }

    /// The front end, with the override values the host gives: the
    /// specialization constants it fixes take them.
    fn parse(&self, source: &Source) -> Result<front::Parsed, Failure> {
        front::parse_with_overrides(source, &self.options.front, &self.options.emit.overrides)
            .map_err(|d| Failure::new(FailureKind::Input, d))
    }

    fn transform_unguarded(&self, source: &Source) -> Result<Transformed, Failure> {
        let parsed = self.parse(source)?;
        let binding_conflict_notes = parsed.binding_conflict_notes;
        let mut module = parsed.module;
        let spans = parsed.spans;
        let keep_spans = spans.keeps_spans();
        front::refuse_before_passes(&module, source)
            .map_err(|d| Failure::new(FailureKind::Input, vec![spans.locate(d)]))?;
        let dependencies = parsed.dependencies;
        let front_reports: Vec<PassReport> = parsed.rewrites.into_iter().collect();
        // After the passes, so that `passes[i]` stays the i-th pass run.
        let with_front = |reports: Vec<PassReport>| -> Vec<PassReport> {
            reports
                .into_iter()
                .chain(front_reports.iter().cloned())
                .collect()
        };
        let outcome = self
            .manager
            .run(
                &mut module,
                &self.options.passes,
                &self.pass_options,
                &self.options.target,
            )
            .map_err(|e| match e {
                RunError::Refused { reports } => Failure {
                    kind: FailureKind::Refused,
                    diagnostics: reports
                        .iter()
                        .flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned())
                        .collect(),
                    passes: with_front(reports),
                },
                RunError::DivergentBarriers {
                    diagnostics,
                    reports,
                } => Failure {
                    kind: FailureKind::Input,
                    diagnostics,
                    passes: with_front(reports),
                },
                RunError::InvalidInput {
                    error,
                    rewritten_by,
                    reports,
                } => {
                    // Located with the failure's other diagnostics.
                    let mut d = input_validation_error(
                        &module,
                        &error,
                        keep_spans,
                        source,
                        &binding_conflict_notes,
                    );
                    for pass in rewritten_by {
                        d = d.with_note(format!("after the `{pass}` pass rewrote the module"));
                    }
                    Failure {
                        kind: FailureKind::Input,
                        diagnostics: vec![d],
                        passes: with_front(reports),
                    }
                }
                RunError::PassProducedInvalidModule {
                    pass,
                    error,
                    reports,
                } => {
                    let d = diagnostics::from_spanned(
                        &error,
                        shaderxform_passes::codes::INTERNAL,
                        keep_spans,
                    );
                    let d = Diagnostic {
                        message: format!(
                            "internal error: the `{pass}` pass produced an invalid module: {}",
                            d.message
                        ),
                        ..d
                    }
                    .with_note("this is a bug in shaderxform, not in the shader");
                    Failure {
                        kind: FailureKind::Internal,
                        diagnostics: vec![d],
                        passes: with_front(reports),
                    }
                }
                // A failure added to the passes crate after this driver.
                other => Failure {
                    kind: FailureKind::Internal,
                    diagnostics: vec![Diagnostic::error(format!(
                        "internal error: the passes failed: {other:?}"
                    ))
                    .with_code(shaderxform_passes::codes::INTERNAL)
                    .with_note("this is a bug in shaderxform, not in the shader")],
                    passes: with_front(Vec::new()),
                },
            })
            .map_err(|failure| locate_failure(failure, &spans))?;
        let mut reports = outcome.reports;
        let mut analyses = outcome.analyses;
        let filtered = back::check_uniformity_rules(&mut module, &analyses, source.format)
            .map_err(|d| locate_failure(Failure::new(FailureKind::Input, d), &spans))?;
        if !filtered.is_empty() {
            // Turning a rule off changed the module.
            analyses.invalidate();
        }
        reports.extend(filtered);
        // The front end's reports too: legalisation's spans index the
        // SPIR-V that glslang wrote, as the passes' do.
        let mut passes = with_front(reports);
        spans.locate_reports(&mut passes);
        Ok(Transformed {
            module,
            info: outcome.info,
            passes,
            dependencies,
            spans,
            analyses,
        })
    }

    /// Emits a transformed module in one format, validated (spirv-val for
    /// SPIR-V) and read back and checked against the module
    /// ([`back::recheck`]) before it is returned.
    pub fn emit(
        &self,
        source: &Source,
        transformed: &Transformed,
        format: OutputFormat,
    ) -> Result<Output, Failure> {
        guarded(source, &format!("writing {format}"), || {
            back::emit(
                &transformed.module,
                &transformed.info,
                format,
                &self.options.emit,
            )
            .map_err(|e| {
                let (kind, d) = match e {
                    EmitError::Options(d) => (FailureKind::Usage, d),
                    EmitError::Unsupported(d) => (FailureKind::Unsupported, d),
                    EmitError::Backend(d) => (FailureKind::Internal, d),
                };
                let d = transformed.spans.locate(d);
                Failure::new(kind, vec![front::place_array_by_name(d, source)])
            })
        })
    }

    /// Transforms and emits in every format asked for; nothing is returned
    /// unless every output was produced and validated.
    pub fn compile(&self, source: &Source, formats: &[OutputFormat]) -> Result<Compiled, Failure> {
        self.compile_timed(source, formats, &mut |_, _| {})
    }

    /// [`Compiler::compile`], telling `stage_done` how long each stage
    /// took: `transform` (reading, the passes and validation), then
    /// `emit FORMAT` for each output.
    pub fn compile_timed(
        &self,
        source: &Source,
        formats: &[OutputFormat],
        stage_done: &mut dyn FnMut(&str, std::time::Duration),
    ) -> Result<Compiled, Failure> {
        let started = std::time::Instant::now();
        let transformed = self.transform(source)?;
        stage_done("transform", started.elapsed());
        let mut outputs = Vec::with_capacity(formats.len());
        for &format in formats {
            let started = std::time::Instant::now();
            let emitted = self.emit(source, &transformed, format);
            stage_done(&format!("emit {format}"), started.elapsed());
            match emitted {
                Ok(output) => outputs.push(output),
                Err(mut failure) => {
                    failure.passes = transformed.passes;
                    if failure
                        .diagnostics
                        .iter()
                        .any(back::recheck::finds_divergent_barrier)
                    {
                        withdraw_fixed_barriers(&mut failure.passes);
                    }
                    return Err(failure);
                }
            }
        }
        Ok(Compiled {
            transformed,
            outputs,
        })
    }
}

/// A compiled shader: the transformed module and its outputs, one per
/// format asked for, in that order.
#[non_exhaustive]
#[derive(Debug)]
pub struct Compiled {
    /// The module the outputs were written from, with the passes' reports.
    pub transformed: Transformed,
    /// One output per format asked for, in the order asked.
    pub outputs: Vec<Output>,
}

impl Compiled {
    /// The interface of the outputs, with the entry points' names in each
    /// format written where that format names them otherwise.
    pub fn reflection(&self) -> crate::Reflection {
        let formats: Vec<OutputFormat> = self.outputs.iter().map(|o| o.format).collect();
        let t = &self.transformed;
        t.reflection()
            .with_target_names(&t.module, &t.info, &formats)
    }
}

/// Where the text written still has a barrier in non-uniform control flow,
/// no barrier may be reported fixed: each warning of `hoist-barriers` that
/// says it fixed one says instead that the text written does not show it.
fn withdraw_fixed_barriers(reports: &mut [PassReport]) {
    let fixed = |d: &Diagnostic| {
        d.severity == Severity::Warning
            && d.code.as_deref()
                == Some(shaderxform_passes::codes::HOIST_BARRIERS_DIVERGENT_BARRIER)
    };
    for d in reports.iter_mut().flat_map(|r| r.diagnostics.iter_mut()) {
        if !fixed(d) {
            continue;
        }
        let before = d.notes.len();
        d.notes
            .retain(|n| !n.starts_with("fixed by hoist-barriers"));
        if d.notes.len() != before {
            d.notes.push(
                "not fixed: hoist-barriers rewrote the module, but the text written still has a barrier in non-uniform control flow (`emit::recheck`), and nothing was written"
                    .into(),
            );
        }
    }
}

/// Makes every warning or note of the passes that `denied` picks (every
/// warning under `--deny-warnings`, every one of a code `--deny` names) an
/// error: the run fails with them, and the reports hold them as errors
/// too, so that they are said once.
fn deny(
    mut transformed: Transformed,
    why_denied: &dyn Fn(&Diagnostic) -> Option<&'static str>,
) -> Result<Transformed, Failure> {
    let mut denied = Vec::new();
    for report in &mut transformed.passes {
        for d in &mut report.diagnostics {
            if let Some(why) = why_denied(d) {
                d.severity = Severity::Error;
                d.notes.push(why.into());
                denied.push(d.clone());
            }
        }
    }
    if denied.is_empty() {
        return Ok(transformed);
    }
    Err(Failure {
        kind: FailureKind::DeniedWarnings,
        diagnostics: denied,
        passes: transformed.passes,
    })
}

/// A failure with its diagnostics, and those and the changes of its
/// reports, placed in the source: every diagnostic made from the module
/// leaves the driver through here or [`front::SpanMap::locate_reports`].
/// The barriers the passes name in WGSL (`workgroupBarrier`), named as
/// the source's language writes them (`barrier()` in GLSL) in what the
/// user reads: diagnostics and the changes' messages.
fn name_barriers_as_written(
    diagnostics: &mut [Diagnostic],
    passes: &mut [PassReport],
    format: crate::InputFormat,
) {
    for d in diagnostics
        .iter_mut()
        .chain(passes.iter_mut().flat_map(|p| p.diagnostics.iter_mut()))
    {
        diagnostics::name_barriers_as_written(d, format);
    }
    for change in passes.iter_mut().flat_map(|p| p.changes.iter_mut()) {
        change.message = diagnostics::barriers_named_as_written(&change.message, format);
    }
}

fn locate_failure(mut failure: Failure, spans: &front::SpanMap) -> Failure {
    failure.diagnostics = failure
        .diagnostics
        .into_iter()
        .map(|d| spans.locate(d))
        .collect();
    spans.locate_reports(&mut failure.passes);
    failure
}

/// The stack that reading, transforming and writing a shader run on.
/// naga's readers, validator and writers recurse over expressions and
/// blocks, as deep as an expression is long; the WGSL front end refuses a
/// statement of more than 2^18 tokens, and this stack holds the deepest
/// it takes many times over (an expression of 10^6 operators reads,
/// checks and writes in it). It is address space, not memory: only the
/// pages a shader reaches are touched.
const COMPILE_STACK: usize = 1 << 30;

/// Runs `f` on a thread of its own with [`COMPILE_STACK`], turning a
/// panic inside naga or a pass into an internal error that names the
/// input.
fn guarded<T: Send>(
    source: &Source,
    doing: &str,
    f: impl FnOnce() -> Result<T, Failure> + Send,
) -> Result<T, Failure> {
    let work = std::sync::Mutex::new(Some(f));
    let run = || {
        let f = work.lock().ok().and_then(|mut f| f.take());
        f.map(|f| catch_unwind(AssertUnwindSafe(f)))
    };
    let ran = std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("shaderxform-compile".into())
            .stack_size(COMPILE_STACK)
            .spawn_scoped(scope, run);
        match spawned {
            Ok(thread) => thread.join().unwrap_or_else(|payload| Some(Err(payload))),
            // No thread to be had (address space, limits): the caller's
            // own stack.
            Err(_) => run(),
        }
    });
    let Some(ran) = ran else {
        return Err(Failure::internal(format!(
            "internal error while {doing} {}: the compilation did not start",
            source.name
        )));
    };
    match ran {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(Failure::internal(format!(
                "internal error while {doing} {}: {what}",
                source.name
            )))
        }
    }
}

/// naga's validation error about the input, with the module's spans (the
/// caller locates them in the source): where naga gives no span (an entry
/// point with an empty body has none), a WGSL input's error is placed at
/// the declaration of the function it names. A binding conflict gets
/// `binding_conflict_notes`, what the front end tried against it.
fn input_validation_error(
    module: &Module,
    error: &naga::WithSpan<naga::valid::ValidationError>,
    keep_spans: bool,
    source: &Source,
    binding_conflict_notes: &[String],
) -> Diagnostic {
    use naga::valid::ValidationError as E;
    let mut d = diagnostics::from_validation(module, error, keep_spans, source.format);
    if d.code.as_deref() == Some(shaderxform_passes::codes::INPUT_BINDING_CONFLICT) {
        d.notes.extend(binding_conflict_notes.iter().cloned());
    }
    // A WGSL input's spans index its text as they are.
    if !d.labels.is_empty() || source.format != crate::InputFormat::Wgsl {
        return d;
    }
    let name = match error.as_inner() {
        E::EntryPoint { name, .. } | E::Function { name, .. } => name,
        _ => return d,
    };
    match source
        .text()
        .and_then(|text| front::function_declaration(text, name))
    {
        Some(span) => d.with_primary(span, format!("in `{name}`")),
        None => d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shaderxform_passes::codes::HOIST_BARRIERS_DIVERGENT_BARRIER;

    fn report(diagnostics: Vec<Diagnostic>) -> PassReport {
        PassReport {
            name: shaderxform_passes::hoist_barriers::NAME,
            skipped: None,
            changes: Vec::new(),
            diagnostics,
        }
    }

    #[test]
    fn a_barrier_divergent_in_the_text_written_is_not_reported_fixed() {
        let fixed =
            Diagnostic::warning("`workgroupBarrier` is reached in non-uniform control flow")
                .with_code(HOIST_BARRIERS_DIVERGENT_BARRIER)
                .with_note("a barrier waits for every invocation")
                .with_note("fixed by hoist-barriers: split the `if` around `workgroupBarrier`");
        let unfixed =
            Diagnostic::error("`workgroupBarrier` is reached in non-uniform control flow")
                .with_code(HOIST_BARRIERS_DIVERGENT_BARRIER)
                .with_note("hoist-barriers cannot split this `if`");
        let mut reports = vec![report(vec![fixed, unfixed.clone()])];
        withdraw_fixed_barriers(&mut reports);
        let notes = &reports[0].diagnostics[0].notes;
        assert!(
            !notes.iter().any(|n| n.starts_with("fixed by")),
            "{notes:?}"
        );
        assert!(
            notes.iter().any(|n| n.starts_with("not fixed")),
            "{notes:?}"
        );
        assert_eq!(notes[0], "a barrier waits for every invocation");
        assert_eq!(reports[0].diagnostics[1], unfixed);
    }
}
