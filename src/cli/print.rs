//! Printing: diagnostics as text or JSON lines, the changes and the
//! validators of a run, and a failure's report.

use std::io::{IsTerminal, Write};
use std::path::Path;

use shaderxform::front::{glsl_through_glslang, FrontOptions};
use shaderxform::write::write_atomically;
use shaderxform::{
    render, ColorChoice, Diagnostic, DiagnosticJson, Failure, InputFormat, Report, Source,
};

use super::args::{ColorWhen, CommonArgs, MessageFormat};
use super::exit;
use super::verbosity;

/// Printing, as the user configured it.
pub(super) struct Printer {
    pub(super) color: ColorChoice,
    pub(super) json: bool,
}

impl Printer {
    pub(super) fn new(common: &CommonArgs) -> Self {
        let color = match common.color {
            ColorWhen::Always => ColorChoice::Always,
            ColorWhen::Never => ColorChoice::Never,
            ColorWhen::Auto => {
                if std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
                    ColorChoice::Always
                } else {
                    ColorChoice::Never
                }
            }
        };
        Printer {
            color,
            json: common.message_format == MessageFormat::Json,
        }
    }

    pub(super) fn diagnostic(&self, diagnostic: &Diagnostic, source: &Source) {
        if verbosity::quiet() && !diagnostic.is_error() {
            return;
        }
        let mut stderr = std::io::stderr().lock();
        let _ = if self.json {
            writeln!(
                stderr,
                "{}",
                serde_json::to_string(&DiagnosticJson::new(diagnostic, source))
                    .expect("diagnostics serialize")
            )
        } else {
            write!(stderr, "{}", render(diagnostic, source, self.color))
        };
    }

    #[cfg(feature = "gpu")]
    pub(super) fn warnings(&self, warnings: &shaderxform::gpu::Warnings) {
        for d in &warnings.diagnostics {
            self.diagnostic(d, &warnings.source);
        }
    }

    /// A problem with the invocation or the file system, not inside a shader.
    pub(super) fn plain_error(&self, message: &str, file: &str) {
        self.plain_diagnostic(&Diagnostic::error(message), file);
    }

    /// A diagnostic about the invocation, shown against the input's name.
    pub(super) fn plain_diagnostic(&self, diagnostic: &Diagnostic, file: &str) {
        let source = Source::new(file, InputFormat::Wgsl, Vec::new());
        self.diagnostic(diagnostic, &source);
    }
}

/// Which validators passed the shader, and what is missing when SPIR-V
/// input was checked without SPIRV-Tools.
pub(super) fn print_validators(source: &Source, validators: &shaderxform::Validators) {
    if verbosity::quiet() {
        return;
    }
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "{}: valid: checked by {validators}", source.name);
    if source.format.is_spirv() && !validators.has_spirv_val() {
        let _ = writeln!(
            stderr,
            "  = note: no spirv-val: install SPIRV-Tools (`spirv-val` on PATH) for SPIRV-Tools' checks of SPIR-V input"
        );
    }
}

/// One line per rewrite on stderr, with what a host needs to know.
pub(super) fn print_changes(report: &Report) {
    if verbosity::quiet() {
        return;
    }
    let mut stderr = std::io::stderr().lock();
    for pass in &report.passes {
        for change in &pass.changes {
            let position = match (change.line, change.column) {
                (Some(l), Some(c)) => format!("{}:{l}:{c}", change.file),
                _ => change.file.clone(),
            };
            let _ = writeln!(stderr, "{}: {position}: {}", pass.name, change.message);
            for (key, value) in &change.details {
                let _ = writeln!(stderr, "    {key}: {value}");
            }
        }
    }
}

pub(super) fn fail(
    failure: &Failure,
    source: &Source,
    printer: &Printer,
    report: &mut Report,
) -> i32 {
    report.add_passes(source, &failure.passes);
    // Warnings of the passes first, then what stopped the run.
    for pass in &failure.passes {
        for d in pass.diagnostics.iter().filter(|d| !d.is_error()) {
            printer.diagnostic(d, source);
        }
    }
    for d in &failure.diagnostics {
        printer.diagnostic(d, source);
    }
    report.add_diagnostics(source, &failure.diagnostics);
    exit::for_failure(failure.kind)
}

pub(super) fn finish_report(
    path: Option<&Path>,
    report: &Report,
    printer: &Printer,
    code: i32,
) -> i32 {
    write_report(path, &report.to_json(), printer, code)
}

/// Writes a JSON report (`--report`) where one was asked for; failing to
/// write it fails a run that had succeeded.
pub(super) fn write_report(path: Option<&Path>, json: &str, printer: &Printer, code: i32) -> i32 {
    let Some(path) = path else { return code };
    match write_atomically(path, json.as_bytes()) {
        Ok(()) => code,
        Err(message) => {
            printer.plain_error(&message, &path.display().to_string());
            if code == exit::OK {
                exit::FAILED
            } else {
                code
            }
        }
    }
}

/// What `-v` adds about one run: the front end that read the shader and
/// the passes run, with how many rewrites each made. Human text only:
/// with `--message-format json` stderr holds diagnostics alone.
pub(super) fn print_run_details(
    printer: &Printer,
    source: &Source,
    options: &shaderxform::Options,
    passes: &[shaderxform::passes::manager::PassReport],
) {
    if !verbosity::verbose() || printer.json {
        return;
    }
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(
        stderr,
        "{}: front end: {}",
        source.name,
        front_end(source.format, &options.front)
    );
    let run: Vec<String> = passes
        .iter()
        .map(|p| match (&p.skipped, p.changes.len()) {
            (Some(shaderxform::passes::manager::Skipped::TargetLacks(what)), _) => {
                format!("{} (skipped: the target lacks {what})", p.name)
            }
            (Some(_), _) => format!("{} (nothing to do)", p.name),
            (None, 1) => format!("{} (1 rewrite)", p.name),
            (None, n) => format!("{} ({n} rewrites)", p.name),
        })
        .collect();
    let run = if run.is_empty() {
        "none".to_string()
    } else {
        run.join(", ")
    };
    let _ = writeln!(stderr, "{}: passes run: {run}", source.name);
}

/// One stage's time, under `-v`.
pub(super) fn print_stage_time(printer: &Printer, stage: &str, duration: std::time::Duration) {
    if verbosity::verbose() && !printer.json {
        eprintln!("time: {stage}: {}", verbosity::millis(duration));
    }
}

/// The reader a shader goes through, as `-v` names it.
fn front_end(format: InputFormat, options: &FrontOptions) -> &'static str {
    match format {
        InputFormat::Wgsl => "naga's WGSL reader",
        InputFormat::SpirvBinary => "naga's SPIR-V reader",
        InputFormat::SpirvAssembly => "SPIR-V assembler, then naga's SPIR-V reader",
        InputFormat::Glsl(_) if glsl_through_glslang(options) => {
            "glslang (GLSL to SPIR-V), then naga's SPIR-V reader"
        }
        InputFormat::Glsl(_) => "naga's GLSL reader",
        InputFormat::Hlsl(_) => "glslang (HLSL to SPIR-V), then naga's SPIR-V reader",
        _ => "its reader",
    }
}

/// Prints why a GPU run could not happen; returns its exit code.
pub(super) fn print_gpu_error(
    error: &shaderxform::gpu::Error,
    printer: &Printer,
    name: &str,
) -> i32 {
    match error {
        shaderxform::gpu::Error::Compile {
            role,
            source,
            failure,
        } => {
            printer.plain_error(
                &format!("the {} {} does not compile", role.name(), source.name),
                &source.name,
            );
            let mut report = Report::new(source);
            fail(failure, source, printer, &mut report)
        }
        other => {
            printer.plain_error(&other.to_string(), name);
            other.exit_code()
        }
    }
}
