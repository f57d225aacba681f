//! `shaderxform uniformity IN`: every barrier, `workgroupUniformLoad` and
//! call of a function that reaches one, and every builtin computing
//! implicit derivatives and every subgroup operation (and call reaching
//! one), with the uniformity analysis' verdict and its cause chain, and
//! Tint's verdict beside it where Tint is available.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use clap::Args;
use shaderxform::passes::analysis::uniformity::{
    Cause, FunctionRef, FunctionUniformity, ParamEffect, RequirementKind, RuleRequirement,
    RuleRequirementKind, Uniformity, UniformityRequirement,
};
use shaderxform::passes::naga::diagnostic_filter::Severity as FilterSeverity;
use shaderxform::{front, Compiler, InputFormat, Options, PassSelection, Source};

use super::args::CommonArgs;
use super::exit;
use super::input::load;
use super::print::Printer;

#[derive(Args, Debug)]
pub(super) struct UniformityArgs {
    /// The shader to analyse.
    #[arg(value_name = "IN")]
    input: PathBuf,

    /// Do not ask Tint, even where it is available.
    #[arg(long)]
    no_tint: bool,

    #[command(flatten)]
    common: CommonArgs,
}

/// One place that needs every invocation of the workgroup.
struct Site {
    function: String,
    what: String,
    line: usize,
    column: usize,
    uniform: bool,
    causes: Vec<(usize, usize, String)>,
    /// A function's own barrier that is uniform only where its callers
    /// pass uniform arguments.
    depends_on_arguments: bool,
    /// For a derivative or subgroup operation in non-uniform control flow
    /// that is no error:
    /// why (its filters, or a source language without the rule).
    allowed: Option<String>,
}

/// What Tint said about the shader.
enum TintVerdict {
    NotAsked,
    Unavailable(String),
    Accepted,
    /// Tint's first uniformity error, and the lines its notes point at
    /// (the barrier, the calls that lead to it).
    Rejected {
        lines: Vec<usize>,
        message: String,
    },
    /// Tint rejected the shader for another reason.
    Other(String),
}

pub(super) fn run(args: UniformityArgs) -> i32 {
    let printer = Printer::new(&args.common);
    let source = match load(&args.input, &args.common, &printer) {
        Ok(s) => s,
        Err(code) => return code,
    };
    // The shader as it is read (defines, include and module folders), with
    // no pass run on it.
    let options = Options {
        passes: PassSelection::None,
        front: super::input::options(&args.common)
            .map(|o| o.front)
            .unwrap_or_default(),
        ..Options::default()
    };
    let compiler = match Compiler::new(options) {
        Ok(c) => c,
        Err(failure) => {
            failure
                .diagnostics
                .iter()
                .for_each(|d| printer.diagnostic(d, &source));
            return exit::FAILED;
        }
    };
    let module = match compiler.read(&source) {
        Ok(module) => module,
        Err(failure) => {
            failure
                .diagnostics
                .iter()
                .for_each(|d| printer.diagnostic(d, &source));
            return exit::FAILED;
        }
    };
    let analysis = Uniformity::analyze(&module);
    // GLSL read through glslang: the spans index the SPIR-V it wrote, and
    // the front end knows their source lines.
    let source_lines = match source.format {
        InputFormat::Glsl(_) | InputFormat::Hlsl(_) => {
            let options = compiler.options();
            front::parse_with_overrides(&source, &options.front, &options.emit.overrides)
                .ok()
                .and_then(|p| p.spans.source_lines().cloned())
        }
        _ => None,
    };
    // WGSL with modules: the spans index the shader composed with them; a
    // site in a module stands at the shader's `#import` that led to it.
    let modules = match source.format {
        InputFormat::Wgsl => front::parse(&source, &compiler.options().front)
            .ok()
            .map(|p| p.spans)
            .filter(|spans| matches!(spans, front::SpanMap::Modules(_))),
        _ => None,
    };
    let text = if source_lines.is_some() {
        source.text()
    } else {
        source.span_text()
    };
    let locate = |span: naga::Span| {
        let span = match (&source_lines, &modules) {
            (Some(lines), _) => lines.text_span(span).unwrap_or(naga::Span::UNDEFINED),
            (None, Some(front::SpanMap::Modules(map))) => map.in_shader(span),
            _ => span,
        };
        match text {
            Some(text)
                if span.is_defined() && span.to_range().is_some_and(|r| r.end <= text.len()) =>
            {
                let l = span.location(text);
                (l.line_number as usize, l.line_position as usize)
            }
            _ => (0, 0),
        }
    };
    let mut sites = list_sites::<UniformityRequirement>(&module, &analysis, &locate, |_| None);
    sites.extend(list_sites::<RuleRequirement>(
        &module,
        &analysis,
        &locate,
        rule_allowed(source.format),
    ));
    sites.sort_by_key(|s| (s.line, s.column));
    let tint = if args.no_tint {
        TintVerdict::NotAsked
    } else {
        tint_verdict(&source)
    };
    print(&args.input, &sites, &tint);
    if sites.iter().any(|s| !s.uniform && s.allowed.is_none()) {
        exit::FAILED
    } else {
        exit::OK
    }
}

/// What a requirement of the analysis is in the listing.
enum Listed {
    /// A site of its own: what it is (`workgroupBarrier()`, `call of ...`).
    Site(String),
    /// An argument (by index) that the call or builtin at the same place
    /// needs uniform: its verdict and causes join that site's.
    Argument(usize),
}

/// The two kinds of requirements the listing shows: barriers (and calls
/// reaching one), and the builtins of the filterable rules (derivatives,
/// subgroup operations, and calls reaching one). [`list_sites`] walks both.
trait Requirement: Sized {
    /// The requirements of this kind in a function.
    fn of(analysed: &FunctionUniformity) -> &[Self];
    /// Those of them that the function breaks.
    fn broken(analysed: &FunctionUniformity) -> Vec<&Self>;
    /// Whether this requirement is among `broken`.
    fn is_among(&self, broken: &[&Self]) -> bool;
    fn span(&self) -> naga::Span;
    fn listed(&self, module: &naga::Module) -> Listed;
    fn explain(&self, analysed: &FunctionUniformity) -> Vec<Cause>;
    /// Whether the function (with `arguments` arguments) meets its
    /// requirements of this kind only where its callers pass uniform
    /// arguments.
    fn needs_uniform_arguments(analysed: &FunctionUniformity, arguments: usize) -> bool;
}

impl Requirement for UniformityRequirement {
    fn of(analysed: &FunctionUniformity) -> &[Self] {
        &analysed.requirements
    }

    fn broken(analysed: &FunctionUniformity) -> Vec<&Self> {
        analysed.violations().collect()
    }

    fn is_among(&self, broken: &[&Self]) -> bool {
        broken
            .iter()
            .any(|b| std::ptr::eq(*b, self) || (b.path == self.path && b.span == self.span))
    }

    fn span(&self) -> naga::Span {
        self.span
    }

    fn listed(&self, module: &naga::Module) -> Listed {
        Listed::Site(match self.what {
            RequirementKind::Barrier(kind) => format!("{}()", kind.name()),
            RequirementKind::Call {
                callee, barrier, ..
            } => format!(
                "call of `{}` (reaches {})",
                module.functions[callee].name.as_deref().unwrap_or("?"),
                barrier.name()
            ),
            // An argument's requirement belongs to its call's line.
            RequirementKind::Argument { index, .. } => return Listed::Argument(index),
            // A kind the analysis may add later: the barrier it is about.
            _ => format!("{}()", self.barrier().name()),
        })
    }

    fn explain(&self, analysed: &FunctionUniformity) -> Vec<Cause> {
        analysed.explain_requirement(self)
    }

    fn needs_uniform_arguments(analysed: &FunctionUniformity, arguments: usize) -> bool {
        arguments > 0
            && analysed
                .summary
                .params_required_uniform
                .iter()
                .any(|e| *e != ParamEffect::None)
    }
}

impl Requirement for RuleRequirement {
    fn of(analysed: &FunctionUniformity) -> &[Self] {
        &analysed.rule_requirements
    }

    fn broken(analysed: &FunctionUniformity) -> Vec<&Self> {
        analysed.rule_violations().collect()
    }

    fn is_among(&self, broken: &[&Self]) -> bool {
        broken.iter().any(|b| std::ptr::eq(*b, self))
    }

    fn span(&self) -> naga::Span {
        self.span
    }

    fn listed(&self, module: &naga::Module) -> Listed {
        let op = self.op().name();
        Listed::Site(match self.what {
            RuleRequirementKind::Builtin(_) => format!("{op}()"),
            RuleRequirementKind::Call { callee, .. } => format!(
                "call of `{}` (reaches {op})",
                module.functions[callee].name.as_deref().unwrap_or("?")
            ),
            RuleRequirementKind::Argument { index, .. }
            | RuleRequirementKind::BuiltinOperand { index, .. } => return Listed::Argument(index),
            // A kind the analysis may add later: the operation it is about.
            _ => format!("{op}()"),
        })
    }

    fn explain(&self, analysed: &FunctionUniformity) -> Vec<Cause> {
        analysed.explain_rule(self)
    }

    fn needs_uniform_arguments(analysed: &FunctionUniformity, _arguments: usize) -> bool {
        analysed
            .summary
            .reaches_under_rules
            .iter()
            .flat_map(|reach| &reach.params_required_uniform)
            .any(|e| *e != ParamEffect::None)
    }
}

/// Every requirement of kind `R` in the module as a site, with its
/// verdict and, where it is broken, the causes; `allowed` says why a
/// broken one is no error.
fn list_sites<R: Requirement>(
    module: &naga::Module,
    analysis: &Uniformity,
    locate: &impl Fn(naga::Span) -> (usize, usize),
    allowed: impl Fn(&R) -> Option<String>,
) -> Vec<Site> {
    let causes = |analysed: &FunctionUniformity, requirement: &R| -> Vec<(usize, usize, String)> {
        requirement
            .explain(analysed)
            .into_iter()
            .map(|c| {
                let (l, col) = locate(c.span);
                (l, col, c.message)
            })
            .collect()
    };
    let mut sites: Vec<Site> = Vec::new();
    for (function, analysed) in analysis.iter() {
        let (name, arguments) = match function {
            FunctionRef::Function(h) => (
                module.functions[h].name.clone().unwrap_or_default(),
                module.functions[h].arguments.len(),
            ),
            FunctionRef::EntryPoint(i) => (module.entry_points[i].name.clone(), 0),
        };
        let needs_arguments = R::needs_uniform_arguments(analysed, arguments);
        let broken = R::broken(analysed);
        for requirement in R::of(analysed) {
            let what = match requirement.listed(module) {
                Listed::Site(what) => what,
                Listed::Argument(index) => {
                    if requirement.is_among(&broken) {
                        let at = locate(requirement.span());
                        if let Some(site) = sites
                            .iter_mut()
                            .rev()
                            .find(|s| s.function == name && (s.line, s.column) == at)
                        {
                            site.uniform = false;
                            site.causes
                                .push((0, 0, format!("argument {index} must be uniform")));
                            site.causes.extend(causes(analysed, requirement));
                        }
                    }
                    continue;
                }
            };
            let uniform = !requirement.is_among(&broken);
            let (line, column) = locate(requirement.span());
            sites.push(Site {
                function: name.clone(),
                what,
                line,
                column,
                uniform,
                causes: if uniform {
                    Vec::new()
                } else {
                    causes(analysed, requirement)
                },
                depends_on_arguments: uniform
                    && needs_arguments
                    && matches!(function, FunctionRef::Function(_)),
                allowed: allowed(requirement),
            });
        }
    }
    sites
}

/// Why a derivative or subgroup operation in non-uniform control flow is
/// no error: a WGSL filter below `error`, or a source language without
/// the rule (whose WGSL output turns it off).
fn rule_allowed(format: InputFormat) -> impl Fn(&RuleRequirement) -> Option<String> {
    move |requirement| match (format, requirement.severity) {
        (InputFormat::Wgsl, FilterSeverity::Error) => None,
        (InputFormat::Wgsl, severity) => {
            Some(format!("a {severity:?} here (its diagnostic filter)").to_lowercase())
        }
        _ => Some(format!(
            "allowed by the source language; the WGSL written turns {} off",
            requirement.rule().wgsl_name()
        )),
    }
}

fn print(input: &Path, sites: &[Site], tint: &TintVerdict) {
    let mut out = std::io::stdout().lock();
    let file = input.display();
    match tint {
        TintVerdict::NotAsked => {
            let _ = writeln!(out, "Tint: not asked (--no-tint)");
        }
        TintVerdict::Unavailable(why) => {
            let _ = writeln!(out, "Tint: not available: {why}");
        }
        TintVerdict::Other(message) => {
            let _ = writeln!(
                out,
                "Tint: rejects the shader for another reason: {message}"
            );
        }
        TintVerdict::Accepted | TintVerdict::Rejected { .. } => {}
    }
    if sites.is_empty() {
        let _ = writeln!(
            out,
            "{file}: no barrier, workgroupUniformLoad, derivative, subgroup operation or call of a function that reaches one"
        );
    }
    for site in sites {
        let verdict = match &site.allowed {
            Some(why) if !site.uniform => format!("non-uniform, {why}"),
            _ if !site.uniform => "non-uniform".to_string(),
            _ if site.depends_on_arguments => "uniform where the arguments are".to_string(),
            _ => "uniform".to_string(),
        };
        let tint_column = match tint {
            TintVerdict::Accepted => " | Tint: uniform".to_string(),
            TintVerdict::Rejected { lines, .. } if lines.contains(&site.line) => {
                " | Tint: non-uniform".to_string()
            }
            TintVerdict::Rejected { .. } => {
                " | Tint: no error here (it reports only its first)".to_string()
            }
            TintVerdict::NotAsked | TintVerdict::Unavailable(_) | TintVerdict::Other(_) => {
                String::new()
            }
        };
        let _ = writeln!(
            out,
            "{file}:{}:{}: {} in `{}`: {verdict}{tint_column}",
            site.line, site.column, site.what, site.function
        );
        for (line, column, message) in &site.causes {
            if *line == 0 {
                let _ = writeln!(out, "    {message}");
            } else {
                let _ = writeln!(out, "    {file}:{line}:{column}: {message}");
            }
        }
    }
    if let TintVerdict::Rejected { message, .. } = tint {
        let _ = writeln!(out, "Tint: {message}");
    }
}

/// Where Dawn's node bindings and the checker script are:
/// `SHADERXFORM_TINT`, else `tools/tint` of the clone the current folder or
/// the executable is in.
fn tint_dir() -> Result<PathBuf, String> {
    let has_bindings =
        |dir: &Path| dir.join("check.mjs").is_file() && dir.join("node_modules/webgpu").is_dir();
    if let Some(dir) = std::env::var_os("SHADERXFORM_TINT") {
        let dir = PathBuf::from(dir);
        return if has_bindings(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "SHADERXFORM_TINT={} holds no check.mjs with node_modules/webgpu",
                dir.display()
            ))
        };
    }
    let starts = [std::env::current_dir().ok(), std::env::current_exe().ok()];
    for start in starts.into_iter().flatten() {
        for dir in start.ancestors() {
            let candidate = dir.join("tools/tint");
            if has_bindings(&candidate) {
                return Ok(candidate);
            }
        }
    }
    Err("set SHADERXFORM_TINT to a folder with check.mjs and Dawn's `webgpu` node package (tools/tint after `npm ci --prefix tools/tint`)".into())
}

fn tint_verdict(source: &Source) -> TintVerdict {
    if source.format != InputFormat::Wgsl {
        return TintVerdict::Unavailable("Tint reads WGSL only".into());
    }
    let Some(text) = source.text() else {
        return TintVerdict::Unavailable("the input is not text".into());
    };
    if front::wgsl_modules::has_directives(text) {
        return TintVerdict::Unavailable(
            "Tint reads plain WGSL, and this shader imports modules or tests shader defs".into(),
        );
    }
    let dir = match tint_dir() {
        Ok(dir) => dir,
        Err(why) => return TintVerdict::Unavailable(why),
    };
    let input = serde_json::json!([{ "name": source.name, "source": text }]);
    let child = Command::new("node")
        .arg(dir.join("check.mjs"))
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return TintVerdict::Unavailable(format!("cannot run node: {e}")),
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.to_string().as_bytes());
    }
    let out = match child.wait_with_output() {
        Ok(out) => out,
        Err(e) => return TintVerdict::Unavailable(format!("node failed: {e}")),
    };
    let Some(result) = String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
    else {
        return TintVerdict::Unavailable(format!(
            "the checker gave no answer: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    };
    interpret(&result)
}

fn interpret(result: &serde_json::Value) -> TintVerdict {
    if result["ok"].as_bool() == Some(true) {
        return TintVerdict::Accepted;
    }
    let messages = result["messages"].as_array().cloned().unwrap_or_default();
    let text = |m: &serde_json::Value| m["message"].as_str().unwrap_or("").to_string();
    let Some(error) = messages.iter().find(|m| m["type"] == "error") else {
        return TintVerdict::Other("no error message".into());
    };
    let message = format!("{}:{}: {}", error["line"], error["column"], text(error));
    if !text(error).contains("uniform") {
        return TintVerdict::Other(message);
    }
    // The error is at the barrier; the notes name the calls that lead to
    // it and the arguments passed to them.
    let lines = std::iter::once(error)
        .chain(messages.iter().filter(|m| {
            let t = text(m);
            t.starts_with("called by") || t.contains("passed here") || t.contains("passed by")
        }))
        .filter_map(|m| m["line"].as_u64().map(|l| l as usize))
        .collect();
    TintVerdict::Rejected { lines, message }
}
