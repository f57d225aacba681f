//! The default command: one shader transformed into every output asked
//! for, with the report, the reflection and the depfile, all written or
//! none.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use shaderxform::write::{persist, stage_file};
use shaderxform::{Diagnostic, Output, OutputFormat, Report};

use super::args::TransformArgs;
use super::exit;
use super::files::same_file;
use super::input::{compiler, load};
use super::print::{
    fail, finish_report, print_changes, print_run_details, print_stage_time, Printer,
};

/// Where one output goes.
pub(super) struct Destination {
    path: Option<PathBuf>,
    format: OutputFormat,
    /// The format the path's extension names, where `--emit` chose
    /// another.
    extension_says: Option<OutputFormat>,
}

impl Destination {
    fn display(&self) -> String {
        self.path
            .as_ref()
            .map_or_else(|| "<stdout>".to_string(), |p| p.display().to_string())
    }
}

fn destinations(args: &TransformArgs, input: &Path) -> Result<Vec<Destination>, String> {
    let forced = args.emit.as_deref().and_then(OutputFormat::from_name);
    let mut out = Vec::new();
    for path in &args.outputs {
        if path.as_os_str() == "-" {
            let format = forced.ok_or("writing to standard output (`-o -`) needs --emit FORMAT")?;
            out.push(Destination {
                path: None,
                format,
                extension_says: None,
            });
            continue;
        }
        let by_extension = OutputFormat::from_path(path);
        let format = match forced.or(by_extension) {
            Some(f) => f,
            None => {
                return Err(format!(
                    "{}: unknown output extension; expected .wgsl, .spv, .spvasm, .glsl, .hlsl or .metal, or give --emit",
                    path.display()
                ))
            }
        };
        if same_file(input, path) {
            return Err(format!(
                "refusing to overwrite the input: {} names the same file as {}",
                path.display(),
                input.display()
            ));
        }
        out.push(Destination {
            path: Some(path.clone()),
            format,
            extension_says: by_extension.filter(|&by_name| by_name != format),
        });
    }
    Ok(out)
}

/// A warning for every output whose extension names another format than
/// `--emit`: `-o shader.wgsl --emit spv` writes SPIR-V that every tool
/// reading by extension will take for WGSL, most often a slip.
fn extension_mismatches(destinations: &[Destination]) -> Vec<Diagnostic> {
    destinations
        .iter()
        .filter_map(|dest| {
            let by_name = dest.extension_says?;
            Some(
                Diagnostic::warning(format!(
                    "{} is written as {} (--emit {}), though its extension says {}",
                    dest.display(),
                    dest.format.describe(),
                    dest.format,
                    by_name.describe()
                ))
                .with_code(shaderxform_passes::codes::EMIT_EXTENSION_MISMATCH),
            )
        })
        .collect()
}

pub(super) fn transform(args: TransformArgs) -> i32 {
    let printer = Printer::new(&args.common);
    let input = args.input.clone().expect("clap requires IN");
    let name = input.display().to_string();
    let destinations = match destinations(&args, &input) {
        Ok(d) => d,
        Err(message) => {
            printer.plain_error(&message, &name);
            return exit::USAGE;
        }
    };
    let mut mismatches = extension_mismatches(&destinations);
    // Accepted with `--allow emit::extension-mismatch`.
    mismatches.retain(|d| {
        !d.code
            .as_deref()
            .is_some_and(|c| args.common.allow.iter().any(|a| a == c))
    });
    if !mismatches.is_empty() {
        for warning in &mismatches {
            printer.plain_diagnostic(warning, &name);
        }
        let denied = mismatches.iter().any(|d| {
            d.code
                .as_deref()
                .is_some_and(|c| args.common.deny.iter().any(|a| a == c))
        });
        if args.common.deny_warnings || denied {
            printer.plain_error(
                "a warning was denied (--deny-warnings or --deny); nothing written",
                &name,
            );
            return exit::FAILED;
        }
    }
    let checked = check_written_beside("--report", args.report.as_deref(), &input, &destinations)
        .and_then(|()| {
            check_written_beside("--reflect", args.reflect.as_deref(), &input, &destinations)
        })
        .and_then(|()| match (&args.report, &args.reflect) {
            (Some(report), Some(reflect)) if report == reflect || same_file(report, reflect) => {
                Err(format!(
                    "--reflect {} names the same file as --report",
                    reflect.display()
                ))
            }
            _ => Ok(()),
        });
    if let Err(message) = checked {
        printer.plain_error(&message, &name);
        return exit::USAGE;
    }
    let output_paths: Vec<&Path> = destinations
        .iter()
        .filter_map(|d| d.path.as_deref())
        .collect();
    if let Some(depfile) = &args.depfile {
        // The reflection is one more file the depfile may not replace.
        let written: Vec<&Path> = output_paths
            .iter()
            .copied()
            .chain(args.reflect.as_deref())
            .collect();
        if let Err(message) =
            super::files::check_depfile_path(depfile, &input, &written, args.report.as_deref())
        {
            printer.plain_error(&message, &name);
            return exit::USAGE;
        }
    }
    let compiler = match compiler(&args.common, &printer) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let started = Instant::now();
    let source = match load(&input, &args.common, &printer) {
        Ok(s) => s,
        Err(code) => return code,
    };
    print_stage_time(&printer, "read", started.elapsed());
    let formats: Vec<OutputFormat> = destinations.iter().map(|d| d.format).collect();
    let mut report = Report::new(&source);
    report.set_output_formats(&source, &formats);
    let mut stage_done = |stage: &str, took| print_stage_time(&printer, stage, took);
    match compiler.compile_timed(&source, &formats, &mut stage_done) {
        Ok(compiled) => {
            print_run_details(
                &printer,
                &source,
                compiler.options(),
                &compiled.transformed.passes,
            );
            report.add_compiled(&source, &compiled);
            for d in compiled.transformed.diagnostics() {
                printer.diagnostic(d, &source);
            }
            if !printer.json {
                print_changes(&report);
            }
            for (dest, output) in destinations.iter().zip(&compiled.outputs) {
                report.add_output(dest.display(), output.format, output.bytes.len());
            }
            let mut files: Vec<(PathBuf, Vec<u8>)> = args
                .report
                .iter()
                .map(|path| (path.clone(), report.to_json().into_bytes()))
                .collect();
            if let (Some(path), Some(reflection)) = (&args.reflect, &report.reflection) {
                files.push((path.clone(), reflection.to_json().into_bytes()));
            }
            let depfile = args.depfile.as_ref().map(|depfile| {
                super::files::depfile_rule(
                    depfile,
                    &output_paths,
                    &source.name,
                    &compiled.transformed.dependencies,
                )
                .map(|rule| files.push((depfile.clone(), rule)))
            });
            let started = Instant::now();
            let written = depfile
                .unwrap_or(Ok(()))
                .and_then(|()| write_outputs(&destinations, &compiled.outputs, files));
            print_stage_time(&printer, "write", started.elapsed());
            match written {
                Ok(()) => exit::OK,
                Err(message) => {
                    let d =
                        Diagnostic::error(message).with_code(shaderxform_passes::codes::IO_WRITE);
                    printer.diagnostic(&d, &source);
                    // The report says why nothing was written, if it can
                    // be written at all.
                    report.outputs.clear();
                    report.add_diagnostics(&source, [&d]);
                    finish_report(args.report.as_deref(), &report, &printer, exit::FAILED)
                }
            }
        }
        Err(failure) => {
            print_run_details(&printer, &source, compiler.options(), &failure.passes);
            let code = fail(&failure, &source, &printer, &mut report);
            finish_report(args.report.as_deref(), &report, &printer, code)
        }
    }
}

/// A file written beside the outputs (`--report`, `--reflect`) may not
/// overwrite the input or an output.
pub(super) fn check_written_beside(
    flag: &str,
    written: Option<&Path>,
    input: &Path,
    destinations: &[Destination],
) -> Result<(), String> {
    let Some(written) = written else {
        return Ok(());
    };
    if same_file(input, written) {
        return Err(format!(
            "refusing to overwrite the input: {flag} {} names the same file as {}",
            written.display(),
            input.display()
        ));
    }
    for dest in destinations {
        if let Some(path) = &dest.path {
            if path == written || same_file(path, written) {
                return Err(format!(
                    "{flag} {} names the same file as the output {}",
                    written.display(),
                    path.display()
                ));
            }
        }
    }
    Ok(())
}

/// Writes every output, the report and the depfile (`files`), or none:
/// each file goes to a temporary file beside its destination, standard
/// output is written once all of them are staged, and then they are
/// renamed into place.
fn write_outputs(
    destinations: &[Destination],
    outputs: &[Output],
    files: Vec<(PathBuf, Vec<u8>)>,
) -> Result<(), String> {
    let mut staged = Vec::new();
    let mut to_stdout = Vec::new();
    for (dest, output) in destinations.iter().zip(outputs) {
        match &dest.path {
            None => to_stdout.push(&output.bytes),
            Some(path) => staged.push((path.clone(), stage_file(path, &output.bytes)?)),
        }
    }
    for (path, bytes) in files {
        let file = stage_file(&path, &bytes)?;
        staged.push((path, file));
    }
    let mut stdout = std::io::stdout().lock();
    for bytes in to_stdout {
        stdout
            .write_all(bytes)
            .and_then(|_| stdout.flush())
            .map_err(|e| format!("cannot write to standard output: {e}"))?;
    }
    for (path, file) in staged {
        persist(file, &path)?;
    }
    Ok(())
}
