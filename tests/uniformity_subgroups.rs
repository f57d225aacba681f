//! Subgroup operations in non-uniform control flow (WGSL's
//! `subgroup_uniformity`) through the whole pipeline: GLSL, which has no
//! such rule, comes out as WGSL that turns the rule off on the functions
//! that need it, and Tint accepts it; WGSL input is judged as Tint judges
//! it; WGSL written with such an operation where the rule is an error is
//! refused by the check of the text written.

mod common;

use shaderxform::front::{FrontOptions, GlslFront};
use shaderxform::passes::PassReport;
use shaderxform::{
    back, Compiler, FailureKind, InputFormat, Options, OutputFormat, PassSelection, Severity,
    Source, Target,
};

const CODE: &str = "uniformity::divergent-subgroup-op";
const FILTER: &str = "@diagnostic(off, subgroup_uniformity)";

fn compiler(glsl_front: GlslFront) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        target: Target {
            subgroups: true,
            ..Target::default()
        },
        front: FrontOptions {
            glsl_front,
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap()
}

fn source(path: &str) -> Source {
    Source::read(common::root().join(path).as_ref(), None).unwrap()
}

fn subgroup_report(passes: &[PassReport]) -> Option<&PassReport> {
    passes.iter().find(|p| p.name == "subgroup-uniformity")
}

/// A reduction skipped past the end of the data and a shuffle whose shift
/// depends on the lane, in GLSL through glslang: the entry's body and the
/// helper get the filter (the functions holding the operations, nothing
/// module-wide), the report says so, and Tint accepts the WGSL.
#[test]
fn glsl_subgroup_operations_in_non_uniform_flow_get_function_filters_tint_accepts() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let path = "corpus/uniformity/glsl/subgroup_reduce_in_bounds_branch.comp";
    let compiled = compiler(GlslFront::Glslang)
        .compile(&source(path), &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{path}: {f}"));
    let wgsl = compiled.outputs[0].text().unwrap().to_string();
    let lines: Vec<&str> = wgsl.lines().collect();
    let filtered: Vec<&str> = lines
        .windows(2)
        .filter(|w| w[0] == FILTER)
        .map(|w| w[1])
        .collect();
    assert_eq!(filtered.len(), 2, "{wgsl}");
    assert!(
        filtered.iter().any(|l| l.starts_with("fn shifted")),
        "{wgsl}"
    );
    assert!(
        filtered.iter().any(|l| l.starts_with("fn main_1(")),
        "{wgsl}"
    );
    assert!(
        !wgsl.lines().any(|l| l.starts_with("diagnostic(")),
        "no module-wide filter:\n{wgsl}"
    );
    let report = subgroup_report(&compiled.transformed.passes).expect("a subgroup report");
    assert_eq!(report.changes.len(), 2);
    assert!(report
        .changes
        .iter()
        .all(|c| c.message.contains(FILTER) && c.message.contains("GLSL")));
    assert_eq!(report.diagnostics.len(), 2, "{:?}", report.diagnostics);
    for d in &report.diagnostics {
        assert_eq!(d.severity, Severity::Note, "{d:?}");
        assert_eq!(d.code.as_deref(), Some(CODE));
        assert!(d.labels.len() >= 2, "the cause chain: {d:?}");
    }
    let reduction = report
        .diagnostics
        .iter()
        .find(|d| d.message.contains("`subgroupAdd`"))
        .expect("the reduction");
    assert!(
        reduction
            .labels
            .iter()
            .any(|l| l.message.contains("control flow depends")),
        "{reduction:?}"
    );
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.message.contains("`subgroupShuffleDown` needs argument 1")),
        "{:?}",
        report.diagnostics
    );
    common::assert_tint_accepts(&[(path.to_string(), wgsl)]);
}

/// A WGSL shader keeps what its author wrote: a subgroup operation in
/// non-uniform control flow, or with a non-uniform shift, is an error as
/// in Tint, unless its filters say otherwise; through a call, the severity
/// is the one at the operation.
#[test]
fn wgsl_subgroup_operations_are_judged_as_tint_judges_them() {
    let compiler = compiler(GlslFront::Naga);
    for (case, what) in [
        (
            "subgroup_op_in_divergent_branch_default",
            "`subgroupAdd` is reached",
        ),
        (
            "subgroup_shuffle_xor_mask_from_lane",
            "`subgroupShuffleXor` requires argument 1",
        ),
        (
            "subgroup_caller_filter_off_helper_default",
            "`subgroupAdd` is reached",
        ),
        (
            "subgroup_ballot_after_early_return",
            "`subgroupBallot` is reached",
        ),
    ] {
        let failure = compiler
            .compile(
                &source(&format!("corpus/uniformity/{case}.wgsl")),
                &[OutputFormat::Wgsl],
            )
            .expect_err(case);
        assert_eq!(failure.kind, FailureKind::Input, "{case}");
        let error = &failure.diagnostics[0];
        assert_eq!(error.code.as_deref(), Some(CODE), "{case}: {failure}");
        assert!(error.message.contains(what), "{case}: {error:?}");
        assert!(error.labels.iter().any(|l| !l.primary), "{case}: a cause");
    }

    // The author's warning stays a warning, and nothing is added.
    let compiled = compiler
        .compile(
            &source("corpus/uniformity/subgroup_module_filter_warning_divergent.wgsl"),
            &[OutputFormat::Wgsl],
        )
        .unwrap_or_else(|f| panic!("{f}"));
    let report = subgroup_report(&compiled.transformed.passes).expect("a report");
    assert!(report.changes.is_empty());
    assert_eq!(report.diagnostics.len(), 1);
    assert_eq!(report.diagnostics[0].severity, Severity::Warning);
    let wgsl = compiled.outputs[0].text().unwrap();
    assert!(
        wgsl.contains("diagnostic(warning, subgroup_uniformity);") && !wgsl.contains(FILTER),
        "{wgsl}"
    );

    // Uniform, or turned off where the operation is: nothing to say.
    for case in [
        "subgroup_add_under_uniform_branch",
        "subgroup_shuffle_xor_constant_mask",
        "subgroup_shuffle_any_lane_index",
        "subgroup_helper_filter_off_called_divergently",
    ] {
        let compiled = compiler
            .compile(
                &source(&format!("corpus/uniformity/{case}.wgsl")),
                &[OutputFormat::Wgsl],
            )
            .unwrap_or_else(|f| panic!("{case}: {f}"));
        assert!(
            subgroup_report(&compiled.transformed.passes).is_none(),
            "{case}"
        );
    }
}

/// The check of the text written reads each WGSL back and refuses one
/// that Tint would refuse for a subgroup operation: here the module as
/// read turns the rule off, and the text given to the check does not.
#[test]
fn the_check_of_the_text_written_refuses_a_subgroup_operation_tint_would_refuse() {
    let filtered = std::fs::read_to_string(
        common::root().join("corpus/uniformity/subgroup_helper_filter_off_called_divergently.wgsl"),
    )
    .unwrap();
    let source = Source::from_text("filtered.wgsl", InputFormat::Wgsl, &filtered);
    let module = compiler(GlslFront::Naga).read(&source).unwrap();
    let written = filtered.replace("@diagnostic(off, subgroup_uniformity)", "");
    assert_ne!(
        written, filtered,
        "the case turns the rule off on a function"
    );
    let error = back::recheck::wgsl(&module, &written).expect_err("Tint would refuse it");
    let message = format!("{error:?}");
    assert!(
        message.contains("subgroup_uniformity") && message.contains("subgroupAdd"),
        "{message}"
    );
    back::recheck::wgsl(&module, &filtered).expect("the text as read is accepted");
}
