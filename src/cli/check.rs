//! `shaderxform check`: a shader read, transformed and emitted in every
//! format, with nothing written.

use shaderxform::Report;

use super::args::CheckArgs;
use super::exit;
use super::input::{compiler, load};
use super::print::{fail, finish_report, print_validators, Printer};
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
    let code = match compiler.transform(&source) {
        Ok(transformed) => {
            report.add_passes(&source, &transformed.passes);
            for d in transformed.diagnostics() {
                printer.diagnostic(d, &source);
            }
            if !printer.json {
                print_validators(&source, &report.validators);
            }
            exit::OK
        }
        Err(failure) => fail(&failure, &source, &printer, &mut report),
    };
    finish_report(args.report.as_deref(), &report, &printer, code)
}
