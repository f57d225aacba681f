//! The passes' test harness, as Tint's transform tests have one: a pass
//! run on WGSL text by the [`PassManager`], which validates the module
//! after every pass that changed it, so that no test of a pass can accept
//! a module naga refuses; the result is written back as WGSL.

use std::collections::BTreeMap;

use naga::Module;

use crate::{Diagnostic, PassManager, PassReport, PassSelection, RunError, Target};

/// What a pass did to a shader: the module, its WGSL, and the pass's
/// report (its changes and diagnostics).
pub struct PassRun {
    pub module: Module,
    pub wgsl: String,
    pub report: PassReport,
}

/// Runs the pass `name` on `source` with `options` for `target`; the run,
/// or the diagnostics of a refusal (the pass reported an error). A module
/// that does not validate after the pass fails the test.
pub fn run_pass(
    name: &str,
    source: &str,
    options: &[(&str, &str)],
    target: &Target,
) -> Result<PassRun, Vec<Diagnostic>> {
    let mut module = naga::front::wgsl::parse_str(source).expect("test shaders parse");
    let manager = PassManager::with_builtin_passes();
    let options: BTreeMap<String, String> = options
        .iter()
        .map(|&(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let options = manager
        .check_options(&BTreeMap::from([(name.to_string(), options)]))
        .expect("the test's options are valid");
    let selection = PassSelection::Named(vec![name.to_string()]);
    match manager.run(&mut module, &selection, &options, target) {
        Ok(outcome) => {
            let wgsl = naga::back::wgsl::write_string(
                &module,
                &outcome.info,
                naga::back::wgsl::WriterFlags::empty(),
            )
            .expect("naga writes the validated module");
            let report = outcome
                .reports
                .into_iter()
                .find(|r| r.name == name)
                .expect("the pass ran");
            Ok(PassRun {
                module,
                wgsl,
                report,
            })
        }
        Err(RunError::Refused { reports }) => Err(reports
            .into_iter()
            .flat_map(|r| r.diagnostics)
            .filter(Diagnostic::is_error)
            .collect()),
        Err(RunError::PassProducedInvalidModule { pass, error, .. }) => {
            panic!("{pass} left a module that does not validate: {error:?}")
        }
        Err(other) => panic!("{other:?}"),
    }
}
