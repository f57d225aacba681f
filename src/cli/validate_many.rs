//! `shaderxform validate` beyond one compute entry point in one format:
//! every entry point of a module (render stages included), several shader
//! formats (`--shader-format all`), and every shader of a folder.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use shaderxform::gpu::folder;
use shaderxform::gpu::suite::{self, Outcome, Unit};
use shaderxform::gpu::{ShaderFormat, ValidateOptions};

use super::args::ValidateArgs;
use super::exit;
use super::print::{print_gpu_error, write_report, Printer};
use super::validate_isolated::{self, Stopped};

/// The formats `--shader-format` asks for.
pub(super) fn formats(name: &str) -> Vec<ShaderFormat> {
    match name {
        "all" => vec![ShaderFormat::Wgsl, ShaderFormat::Spirv],
        "spirv" => vec![ShaderFormat::Spirv],
        _ => vec![ShaderFormat::Wgsl],
    }
}

fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush());
}

/// Leaves at once after a hang: the hung submission still runs, and
/// returning would wait for it.
fn leave(code: i32, hung: bool) -> i32 {
    if hung {
        super::exit::leave_now(code);
    }
    code
}

/// Whether the one-run path (one compute entry point in one format, with
/// its report as it has always been) applies; else validates every unit.
pub(super) fn validate_module(
    args: &ValidateArgs,
    v: &ValidateOptions,
    printer: &Printer,
) -> Option<i32> {
    let name = args.input.display().to_string();
    let formats = formats(&args.run.shader_format);
    let units = match suite::units(&args.input, v) {
        Ok(units) => units,
        // The one-run path reports it as it always has.
        Err(_) => return None,
    };
    if formats.len() == 1 && matches!(units.as_slice(), [Unit::Compute(_)]) {
        return None;
    }
    let suite = match suite::validate_units(&args.input, v, &units, &formats) {
        Ok(suite) => suite,
        Err(error) => return Some(print_gpu_error(&error, printer, &name)),
    };
    if let Some(run) = suite.runs.first() {
        match &run.outcome {
            Outcome::Compute(c) => printer.warnings(&c.warnings),
            Outcome::Render(r) => printer.warnings(&r.warnings),
            Outcome::Failed(_) => {}
        }
    }
    for run in &suite.runs {
        if let Outcome::Failed(e) = &run.outcome {
            printer.plain_error(
                &format!("{} ({}): {e}", run.unit.label(), run.shader_format.name()),
                &name,
            );
        }
    }
    print(&suite.describe());
    let code = write_report(
        args.report.as_deref(),
        &suite.to_json(),
        printer,
        suite.exit_code(),
    );
    Some(leave(code, suite.hung()))
}

/// `validate DIR`: the shaders run in worker processes, a fresh one after
/// a shader that hung or crashed its own (see [`validate_isolated`]).
pub(super) fn validate_folder(args: &ValidateArgs, v: &ValidateOptions, printer: &Printer) -> i32 {
    let formats = formats(&args.run.shader_format);
    let dir: &Path = &args.input;
    if let Some(start) = args.worker_from {
        return validate_isolated::work(dir, start, v, &formats);
    }
    // A worker answers for each run within its own timeouts; this is for
    // one stuck where no timeout reaches (in the driver's compiler, say).
    let deadline = Duration::from_secs(60) + v.timeout * 10 * formats.len() as u32;
    let result = validate_isolated::validate_folder(
        dir,
        v,
        &validate_isolated::worker_args(),
        deadline,
        |entry| print(&(entry.line() + "\n")),
    );
    let name = dir.display().to_string();
    match result {
        Ok(report) => {
            print(&report.summary());
            write_report(
                args.report.as_deref(),
                &report.to_json(),
                printer,
                report.exit_code(),
            )
        }
        Err(Stopped::NoAdapter(message)) => {
            print_gpu_error(&shaderxform::gpu::Error::NoAdapter(message), printer, &name)
        }
        Err(Stopped::Spawn(message)) => {
            printer.plain_error(
                &format!("cannot start a process to validate in: {message}"),
                &name,
            );
            exit::FAILED
        }
    }
}

/// The options of a folder's runs: those of the command line, with no
/// shader read yet (each is read when it runs).
pub(super) fn folder_options(
    args: &ValidateArgs,
    printer: &Printer,
) -> Result<ValidateOptions, i32> {
    use shaderxform::gpu::BackendChoice;
    let r = &args.run;
    if !(r.timeout.is_finite() && r.timeout > 0.0) {
        printer.plain_error(
            "--timeout must be a positive number of seconds",
            &args.input.display().to_string(),
        );
        return Err(exit::USAGE);
    }
    if r.harness.is_some() || r.reference.is_some() {
        printer.plain_error(
            "--harness and --reference name one shader's; a folder's shaders use the harness beside each",
            &args.input.display().to_string(),
        );
        return Err(exit::USAGE);
    }
    let mut options = super::input::options(&args.common).map_err(|message| {
        printer.plain_error(&message, "<command line>");
        exit::USAGE
    })?;
    // WGSL modules are found anywhere under the folder, as `batch` and
    // `Build` find them.
    options.front.module_dirs.push(args.input.clone());
    let mut v = ValidateOptions::new(options);
    v.stage = super::input::stage(&args.common);
    v.dispatch = r.dispatch;
    v.sizes = r.sizes.clone();
    v.seed = r.seed;
    v.backend = r.backend.as_deref().and_then(BackendChoice::parse);
    v.adapter = r.adapter.clone();
    v.timeout = std::time::Duration::from_secs_f64(r.timeout);
    v.loop_bound = r.loop_bound.0;
    v.spirv_reader = shaderxform::gpu::SpirvReader::parse(&r.spirv_reader).unwrap_or_default();
    Ok(v)
}

/// `batch --validate`: every shader compiled, validated with the batch's
/// options in the formats it emitted that wgpu reads; one line a shader
/// and a summary, as `validate DIR` prints them. The exit code of the
/// validation.
pub(super) fn after_batch(
    inputs: &[&Path],
    options: &shaderxform::Options,
    stage: Option<naga::ShaderStage>,
    emitted: &[shaderxform::OutputFormat],
    printer: &Printer,
) -> i32 {
    use shaderxform::OutputFormat;
    let mut formats: Vec<ShaderFormat> = Vec::new();
    for format in emitted {
        match format {
            OutputFormat::Wgsl => formats.push(ShaderFormat::Wgsl),
            OutputFormat::SpirvBinary | OutputFormat::SpirvAssembly
                if !formats.contains(&ShaderFormat::Spirv) =>
            {
                formats.push(ShaderFormat::Spirv)
            }
            _ => {}
        }
    }
    if formats.is_empty() {
        formats.push(ShaderFormat::Wgsl);
    }
    let mut v = ValidateOptions::new(options.clone());
    v.stage = stage;
    let mut entries = Vec::new();
    for input in inputs {
        let entry = match folder::validate_shader(input, &v, &formats) {
            Ok(entry) => entry,
            Err(error) => return print_gpu_error(&error, printer, &input.display().to_string()),
        };
        print(&(entry.line() + "\n"));
        entries.push(entry);
    }
    let report = folder::FolderReport {
        dir: String::new(),
        entries,
    };
    print(&report.summary());
    leave(report.exit_code(), report.hung())
}
