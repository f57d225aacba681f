//! Derivatives in non-uniform control flow (WGSL's `derivative_uniformity`)
//! through the whole pipeline: GLSL, which has no such rule, comes out as
//! WGSL that turns the rule off on the functions that need it, and Tint
//! accepts it; WGSL input is judged as Tint judges it.

mod common;

use shaderxform::front::{FrontOptions, GlslFront};
use shaderxform::passes::PassReport;
use shaderxform::{Compiler, FailureKind, Options, OutputFormat, PassSelection, Severity, Source};

const CODE: &str = "uniformity::divergent-derivative";
const FILTER: &str = "@diagnostic(off, derivative_uniformity)";

fn compiler(glsl_front: GlslFront) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
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

fn derivative_report(passes: &[PassReport]) -> Option<&PassReport> {
    passes.iter().find(|p| p.name == "derivative-uniformity")
}

/// Fragment shaders of the shapes GLSL engines write (a shadow map looked
/// up only inside the light's frustum, albedo sampled where the light
/// faces the fragment, a blur with a per-fragment number of taps, an
/// outline from `fwidth` near an edge), through glslang and through naga's
/// GLSL reader: each function holding such a derivative gets the filter,
/// nothing module-wide, the report says so, and Tint accepts the WGSL.
#[test]
fn glsl_derivatives_in_non_uniform_flow_get_function_filters_tint_accepts() {
    // Each shader, and the functions (as written) that hold a derivative
    // in non-uniform control flow: the sample itself, not its callers.
    let shaders: [(&str, &[&str]); 3] = [
        (
            "corpus/uniformity/glsl/shadow_map_branch_sampling.frag",
            &["fn shadow_factor", "fn main_1("],
        ),
        (
            "corpus/uniformity/glsl/radial_blur_varying_taps.frag",
            &["fn tap", "fn main_1("],
        ),
        (
            "corpus/uniformity/glsl/pbr_nested_helpers.frag",
            &["fn sample_albedo"],
        ),
    ];
    let mut fronts = vec![GlslFront::Naga];
    if common::tool("glslangValidator").is_some() {
        fronts.push(GlslFront::Glslang);
    }
    let mut written = Vec::new();
    for front in fronts {
        let compiler = compiler(front);
        for (path, holders) in shaders {
            let name = format!("{path} ({front:?})");
            let compiled = compiler
                .compile(&source(path), &[OutputFormat::Wgsl])
                .unwrap_or_else(|f| panic!("{name}: {f}"));
            let wgsl = compiled.outputs[0].text().unwrap().to_string();
            let lines: Vec<&str> = wgsl.lines().collect();
            let filtered: Vec<&str> = lines
                .windows(2)
                .filter(|w| w[0] == FILTER)
                .map(|w| w[1])
                .collect();
            assert_eq!(filtered.len(), holders.len(), "{name}:\n{wgsl}");
            for holder in holders {
                assert!(
                    filtered.iter().any(|l| l.starts_with(holder)),
                    "{name}: no filter on `{holder}`:\n{wgsl}"
                );
            }
            let functions = holders.len();
            assert!(
                !wgsl.lines().any(|l| l.starts_with("diagnostic(")),
                "{name}: no module-wide filter:\n{wgsl}"
            );
            let report = derivative_report(&compiled.transformed.passes)
                .unwrap_or_else(|| panic!("{name}: no derivative-uniformity report"));
            assert_eq!(report.changes.len(), functions, "{name}");
            assert!(
                report
                    .changes
                    .iter()
                    .all(|c| c.message.contains(FILTER) && c.message.contains("GLSL")),
                "{name}: {:?}",
                report.changes
            );
            assert!(!report.diagnostics.is_empty(), "{name}");
            for d in &report.diagnostics {
                assert_eq!(d.severity, Severity::Note, "{name}: {d:?}");
                assert_eq!(d.code.as_deref(), Some(CODE), "{name}");
                // The builtin, and at least one step back to the cause.
                assert!(d.labels.len() >= 2, "{name}: {d:?}");
            }
            written.push((name, wgsl));
        }
    }
    common::assert_tint_accepts(&written);
}

/// A WGSL shader keeps what its author wrote: a derivative in non-uniform
/// control flow is an error, as in Tint, unless its filters say otherwise.
#[test]
fn wgsl_derivatives_in_non_uniform_flow_are_judged_as_tint_judges_them() {
    let compiler = compiler(GlslFront::Naga);
    let failure = compiler
        .compile(
            &source("corpus/uniformity/deriv_texture_sample_in_varying_branch.wgsl"),
            &[OutputFormat::Wgsl],
        )
        .expect_err("Tint rejects it");
    assert_eq!(failure.kind, FailureKind::Input);
    assert_eq!(failure.diagnostics.len(), 1, "{failure}");
    let error = &failure.diagnostics[0];
    assert_eq!(error.code.as_deref(), Some(CODE));
    assert!(error.message.contains("`textureSample`"), "{error:?}");
    assert!(
        error
            .labels
            .iter()
            .any(|l| !l.primary && l.message.contains("`uv`")),
        "the cause chain ends at the input: {error:?}"
    );

    // Through a call, the error names both ends.
    let failure = compiler
        .compile(
            &source("corpus/uniformity/deriv_sample_through_call_in_varying_branch.wgsl"),
            &[OutputFormat::Wgsl],
        )
        .expect_err("Tint rejects it");
    assert!(
        failure.diagnostics[0].message.contains("call to `lookup`"),
        "{failure}"
    );

    // The author's warning stays a warning, and nothing is added.
    let compiled = compiler
        .compile(
            &source("corpus/uniformity/deriv_filter_warning_on_callee.wgsl"),
            &[OutputFormat::Wgsl],
        )
        .unwrap_or_else(|f| panic!("{f}"));
    let report = derivative_report(&compiled.transformed.passes).expect("a report");
    assert!(report.changes.is_empty());
    assert_eq!(report.diagnostics.len(), 1);
    assert_eq!(report.diagnostics[0].severity, Severity::Warning);
    let wgsl = compiled.outputs[0].text().unwrap();
    assert!(
        wgsl.contains("@diagnostic(warning, derivative_uniformity)") && !wgsl.contains(FILTER),
        "{wgsl}"
    );

    // Uniform control flow, and after a `discard` (which demotes, and
    // keeps the quad computing derivatives): nothing to say.
    for case in [
        "deriv_texture_sample_in_uniform_branch",
        "deriv_sample_after_discard_in_varying_branch",
        "deriv_filter_off_on_callee",
    ] {
        let compiled = compiler
            .compile(
                &source(&format!("corpus/uniformity/{case}.wgsl")),
                &[OutputFormat::Wgsl],
            )
            .unwrap_or_else(|f| panic!("{case}: {f}"));
        assert!(
            derivative_report(&compiled.transformed.passes).is_none(),
            "{case}"
        );
    }
}

/// `--diagnostic derivative_uniformity=warning` gives the rule a severity
/// for the whole shader, as the shader's own `diagnostic(...)` directive
/// would (Bevy's motion blur samples after a fragment-dependent
/// `continue`): the shader builds with a warning, and the WGSL written
/// carries the directive, so Tint accepts it too. A directive of the
/// shader's own holds over the option.
#[test]
fn a_rule_severity_given_on_the_command_line_acts_as_the_directive() {
    let dir = tempfile::tempdir().unwrap();
    let body = "@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    if (uv.x < 0.5) {
        return textureSample(t, s, uv);
    }
    return vec4(0.0);
}
";
    std::fs::write(dir.path().join("blur.wgsl"), body).unwrap();
    let run = |args: &[&str]| common::run_in(dir.path(), args);

    let refused = run(&["blur.wgsl", "-o", "out.wgsl"]);
    common::assert_exit(&refused, 1);
    assert!(!dir.path().join("out.wgsl").exists());

    let warned = run(&[
        "blur.wgsl",
        "--diagnostic",
        "derivative_uniformity=warning",
        "-o",
        "out.wgsl",
    ]);
    common::assert_exit(&warned, 0);
    let said = common::stderr(&warned);
    assert!(
        said.contains("warning[uniformity::divergent-derivative]"),
        "{said}"
    );
    let wgsl = std::fs::read_to_string(dir.path().join("out.wgsl")).unwrap();
    assert!(
        wgsl.starts_with("diagnostic(warning, derivative_uniformity);"),
        "{wgsl}"
    );
    common::assert_tint_accepts(&[("blur".into(), wgsl)]);

    // The same given by the shader itself, on a comment line.
    std::fs::write(
        dir.path().join("own.wgsl"),
        format!("// shaderxform: --diagnostic derivative_uniformity=off\n{body}"),
    )
    .unwrap();
    let own = run(&["own.wgsl", "-o", "own_out.wgsl"]);
    common::assert_exit(&own, 0);
    assert!(
        !common::stderr(&own).contains("warning["),
        "{}",
        common::stderr(&own)
    );

    // The shader's own directive holds over the option.
    std::fs::write(
        dir.path().join("strict.wgsl"),
        format!("diagnostic(error, derivative_uniformity);\n{body}"),
    )
    .unwrap();
    let strict = run(&[
        "strict.wgsl",
        "--diagnostic",
        "derivative_uniformity=off",
        "-o",
        "strict_out.wgsl",
    ]);
    common::assert_exit(&strict, 1);

    // A rule or severity that is not one is refused by name.
    let bad = run(&["blur.wgsl", "--diagnostic", "derivative_uniformity=loud"]);
    assert!(
        common::stderr(&bad).contains("`loud` is not a severity"),
        "{}",
        common::stderr(&bad)
    );
    let bad = run(&["blur.wgsl", "--diagnostic", "bad_rule=off"]);
    assert!(
        common::stderr(&bad).contains("derivative_uniformity, subgroup_uniformity"),
        "{}",
        common::stderr(&bad)
    );
}
