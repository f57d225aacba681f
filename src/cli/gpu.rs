//! `shaderxform validate` and `shaderxform bench`: the GPU runs of the
//! library's `gpu` module, their reports and exit codes.

use std::io::Write;
use std::path::Path;

use super::args::{BenchArgs, CommonArgs, GpuRunArgs, ValidateArgs};
use super::exit;
use super::input::{load, options, stage};
use super::print::{print_gpu_error, write_report, Printer};
use super::transform::check_written_beside;
use super::validate_many;

impl GpuRunArgs {
    /// The options of a GPU run, or the exit code of a usage error already
    /// printed.
    pub(super) fn options(
        &self,
        input: &Path,
        common: &CommonArgs,
        printer: &Printer,
    ) -> Result<shaderxform::gpu::ValidateOptions, i32> {
        use shaderxform::gpu::{BackendChoice, ShaderFormat, ValidateOptions};
        let name = input.display().to_string();
        if !(self.timeout.is_finite() && self.timeout > 0.0) {
            printer.plain_error("--timeout must be a positive number of seconds", &name);
            return Err(exit::USAGE);
        }
        let options = options(common).map_err(|message| {
            printer.plain_error(&message, "<command line>");
            exit::USAGE
        })?;
        load(input, common, printer)?;
        let mut v = ValidateOptions::new(options);
        v.stage = stage(common);
        v.shader_format = match self.shader_format.as_str() {
            "spirv" => ShaderFormat::Spirv,
            _ => ShaderFormat::Wgsl,
        };
        v.dispatch = self.dispatch;
        v.sizes = self.sizes.clone();
        v.seed = self.seed;
        v.harness = self.harness.clone();
        v.reference = self.reference.clone();
        v.backend = self.backend.as_deref().and_then(BackendChoice::parse);
        v.adapter = self.adapter.clone();
        v.timeout = std::time::Duration::from_secs_f64(self.timeout);
        v.loop_bound = self.loop_bound.0;
        v.spirv_reader =
            shaderxform::gpu::SpirvReader::parse(&self.spirv_reader).unwrap_or_default();
        Ok(v)
    }
}

pub(super) fn validate(args: ValidateArgs) -> i32 {
    use shaderxform::gpu::{self, Verdict};

    let printer = Printer::new(&args.common);
    let name = args.input.display().to_string();
    if args.input.is_dir() {
        return match validate_many::folder_options(&args, &printer) {
            Ok(v) => validate_many::validate_folder(&args, &v, &printer),
            Err(code) => code,
        };
    }
    if let Err(message) = check_written_beside("--report", args.report.as_deref(), &args.input, &[])
    {
        printer.plain_error(&message, &name);
        return exit::USAGE;
    }
    let v = match args.run.options(&args.input, &args.common, &printer) {
        Ok(v) => v,
        Err(code) => return code,
    };
    if let Some(code) = validate_many::validate_module(&args, &v, &printer) {
        return code;
    }

    match gpu::validate(&args.input, &v) {
        Ok(validation) => {
            printer.warnings(&validation.warnings);
            let mut stdout = std::io::stdout().lock();
            let _ = stdout
                .write_all(validation.describe().as_bytes())
                .and_then(|_| stdout.flush());
            let code = validation.exit_code();
            let code = write_report(
                args.report.as_deref(),
                &validation.report.to_json(),
                &printer,
                code,
            );
            if let Verdict::Hang(_) = validation.verdict {
                exit::leave_now(code);
            }
            code
        }
        Err(error) => {
            let code = print_gpu_error(&error, &printer, &name);
            let report = gpu::ValidationReport::failed(&args.input, &error);
            write_report(args.report.as_deref(), &report.to_json(), &printer, code)
        }
    }
}

pub(super) fn bench(args: BenchArgs) -> i32 {
    use shaderxform::gpu::bench::{self, BenchOptions};

    let printer = Printer::new(&args.common);
    let name = args.input.display().to_string();
    if !(args.seconds.is_finite() && args.seconds > 0.0) {
        printer.plain_error("--seconds must be a positive number of seconds", &name);
        return exit::USAGE;
    }
    if args.run.shader_format == "all" {
        printer.plain_error(
            "bench times one shader format: --shader-format wgsl or spirv",
            &name,
        );
        return exit::USAGE;
    }
    let v = match args.run.options(&args.input, &args.common, &printer) {
        Ok(v) => v,
        Err(code) => return code,
    };
    let opts = BenchOptions {
        validate: v,
        seconds: args.seconds,
        fresh_buffers: args.fresh_buffers,
    };

    match bench::bench(&args.input, &opts) {
        Ok(report) => {
            printer.warnings(&report.warnings);
            if let Some(plot) = &args.plot {
                let svg = shaderxform::gpu::bench_samples::svg(&report);
                if let Err(e) = shaderxform::write::write_atomically(plot, svg.as_bytes()) {
                    printer.plain_error(&format!("cannot write {}: {e}", plot.display()), &name);
                    return exit::FAILED;
                }
            }
            let text = if args.json {
                report.to_json()
            } else if args.csv {
                shaderxform::gpu::bench_samples::csv(&report)
            } else {
                report.describe()
            };
            let mut stdout = std::io::stdout().lock();
            let _ = stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush());
            exit::OK
        }
        Err(error) => {
            let code = print_gpu_error(&error, &printer, &name);
            // A hung pass still runs: leave without waiting for it.
            exit::leave_now(code)
        }
    }
}
