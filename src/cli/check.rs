//! `shaderxform check`: a shader read, transformed and emitted in every
//! format, with nothing written.

use std::time::Instant;

use shaderxform::Report;

use super::args::CheckArgs;
use super::exit;
use super::input::{compiler, load};
use super::print::{
    fail, finish_report, print_run_details, print_stage_time, print_validators, Printer,
};
use super::transform::check_written_beside;

pub(super) fn check(args: CheckArgs) -> i32 {
    let printer = Printer::new(&args.common);
    let source = match load(&args.input, &args.common, &printer) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if let Err(message) = check_written_beside("--report", args.report.as_deref(), &args.input, &[])
    {
        printer.plain_error(&message, &args.input.display().to_string());
        return exit::USAGE;
    }
    let compiler = match compiler(&args.common, &printer) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let mut report = Report::new(&source);
    let started = Instant::now();
    let transformed = compiler.transform(&source);
    print_stage_time(&printer, "transform", started.elapsed());
    let code = match transformed {
        Ok(transformed) => {
            print_run_details(&printer, &source, compiler.options(), &transformed.passes);
            report.add_passes(&source, &transformed.passes);
            for d in transformed.diagnostics() {
                printer.diagnostic(d, &source);
            }
            if !printer.json {
                print_validators(&source, &report.validators);
            }
            exit::OK
        }
        Err(failure) => {
            print_run_details(&printer, &source, compiler.options(), &failure.passes);
            fail(&failure, &source, &printer, &mut report)
        }
    };
    finish_report(args.report.as_deref(), &report, &printer, code)
}
