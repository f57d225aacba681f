//! `shaderxform validate` on a real adapter (lavapipe where there is no
//! GPU): every corpus shader with a harness agrees with its reference, the
//! deliberately wrong candidates of corpus/gpu-negative are caught, and
//! the command line keeps its exit codes (0 agree, 1 input, 3 mismatch or
//! hang, 4 no adapter).
//!
//! Without an adapter the tests that need one skip with a message, unless
//! SHADERXFORM_REQUIRE_GPU=1, when they fail. Shaders with a barrier that
//! may be divergent are refused before anything is dispatched.

#![cfg(all(feature = "gpu", feature = "cli"))]

mod common;

use common::gpu::{adapter_or_skip, had_adapter, output_text, validate_command};
use common::root;

use std::path::{Path, PathBuf};
use std::time::Instant;

use shaderxform::gpu::{self, Error, ValidateOptions, Validation, Verdict};
use shaderxform::passes::float_atomics::{
    self, Aggregation, NanMode, Prefilter, RequestedStrategy, SumLowering,
};
use shaderxform::{InputFormat, Options, PassSelection};

/// Every `*.harness.toml` under corpus/, with the shader beside it.
fn harnessed_shaders() -> Vec<PathBuf> {
    let harnesses = common::corpus_files_where(|p| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.ends_with(".harness.toml"))
    });
    harnesses
        .into_iter()
        .map(|harness| {
            let name = harness.file_name().unwrap().to_str().unwrap();
            let stem = name.strip_suffix(".harness.toml").unwrap();
            let shader = InputFormat::EXTENSIONS
                .iter()
                .map(|ext| harness.with_file_name(format!("{stem}.{ext}")))
                .find(|p| p.is_file())
                .unwrap_or_else(|| panic!("{} has no shader beside it", harness.display()));
            shader.strip_prefix(root()).unwrap().to_path_buf()
        })
        .collect()
}

fn is_negative(path: &Path) -> bool {
    path.starts_with("corpus/gpu-negative")
}

fn validate(path: &Path) -> Result<Validation, Error> {
    gpu::validate(path, &ValidateOptions::new(Options::default()))
}

#[test]
fn every_harnessed_corpus_shader_agrees_with_its_reference() {
    let shaders: Vec<PathBuf> = harnessed_shaders()
        .into_iter()
        .filter(|p| !is_negative(p))
        .collect();
    assert!(
        shaders.len() >= 3,
        "the float-atomics harnesses are missing: {shaders:?}"
    );
    for shader in shaders {
        let started = Instant::now();
        let Some(v) = adapter_or_skip(validate(&shader), &shader.display().to_string()) else {
            return;
        };
        assert_eq!(
            v.verdict,
            Verdict::Agree,
            "{} disagrees with its reference:\n{}",
            shader.display(),
            v.describe()
        );
        assert!(v.report.values_compared > 0, "{}", v.describe());
        eprintln!(
            "{}: {} values agree on {} in {:.0} ms",
            shader.display(),
            v.report.values_compared,
            v.report.adapter.as_ref().unwrap().name,
            started.elapsed().as_secs_f64() * 1000.0
        );
    }
}

/// Every strategy of float-atomics computes what the reference computes:
/// the encodings, the signed bitcast, the compare-exchange loops and the
/// exchange relays of sums.
#[test]
fn every_float_atomics_strategy_agrees_with_the_reference() {
    let shaders: Vec<PathBuf> = harnessed_shaders()
        .into_iter()
        .filter(|p| p.starts_with("corpus/float-atomics"))
        .collect();
    assert!(shaders.len() >= 3, "{shaders:?}");
    for strategy in [
        RequestedStrategy::Ordered,
        RequestedStrategy::Cas,
        RequestedStrategy::Auto,
    ] {
        for (nan, sum) in NanMode::ALL.into_iter().zip(SumLowering::ALL) {
            let (strategy, nan, sum) = (strategy.name(), nan.name(), sum.name());
            let mut options = Options::default();
            options.pass_options.insert(
                float_atomics::NAME.to_string(),
                [
                    (
                        float_atomics::STRATEGY_OPTION.to_string(),
                        strategy.to_string(),
                    ),
                    (float_atomics::NAN_OPTION.to_string(), nan.to_string()),
                    (float_atomics::SUM_OPTION.to_string(), sum.to_string()),
                ]
                .into(),
            );
            for shader in &shaders {
                let what = format!("{} ({strategy}, nan {nan}, sum {sum})", shader.display());
                let result = gpu::validate(shader, &ValidateOptions::new(options.clone()));
                let Some(v) = adapter_or_skip(result, &what) else {
                    return;
                };
                assert_eq!(v.verdict, Verdict::Agree, "{what}:\n{}", v.describe());
            }
        }
    }
}

/// The f32 sums of corpus/float-atomics/sums, reduced over the subgroup
/// first (where the adapter has subgroups), over the workgroup
/// (`aggregate=workgroup`, where every invocation of a workgroup adds to
/// one address; elsewhere over the subgroup; fixed point over the
/// subgroup only) or added per invocation, on compare-exchange loops,
/// exchange relays, fixed-point integer adds or the adapter's own float
/// add, agree with one float add per invocation within the bound for
/// their terms; the report says where the order of float additions
/// changed.
#[test]
fn subgroup_aggregated_sums_agree_with_per_invocation_adds() {
    let shaders: Vec<PathBuf> = harnessed_shaders()
        .into_iter()
        .filter(|p| p.starts_with("corpus/float-atomics/sums"))
        .collect();
    assert!(shaders.len() >= 5, "{shaders:?}");
    for native_add in [false, true] {
        for sum in SumLowering::ALL {
            for aggregate in [Aggregation::Auto, Aggregation::Workgroup, Aggregation::None] {
                let mut options = Options {
                    passes: PassSelection::Named(vec![float_atomics::NAME.to_string()]),
                    ..Options::default()
                };
                options.target.float32_atomic_add = native_add;
                options.pass_options.insert(
                    float_atomics::NAME.to_string(),
                    [
                        (
                            float_atomics::SUM_OPTION.to_string(),
                            sum.name().to_string(),
                        ),
                        (
                            float_atomics::AGGREGATE_OPTION.to_string(),
                            aggregate.name().to_string(),
                        ),
                    ]
                    .into(),
                );
                for shader in &shaders {
                    let what = format!(
                        "{} (native add {native_add}, sum {}, aggregate {})",
                        shader.display(),
                        sum.name(),
                        aggregate.name()
                    );
                    let result = gpu::validate(shader, &ValidateOptions::new(options.clone()));
                    let Some(v) = adapter_or_skip(result, &what) else {
                        return;
                    };
                    assert_eq!(v.verdict, Verdict::Agree, "{what}:\n{}", v.describe());
                    let reordered = v.report.passes.iter().flat_map(|p| &p.changes).any(|c| {
                        c.details.get("float_addition_order").map(String::as_str) == Some("changed")
                    });
                    // Fixed-point words are summed as integers: exact in
                    // any order.
                    let fixed = sum == SumLowering::Fixed;
                    assert_eq!(
                        reordered,
                        aggregate != Aggregation::None && !fixed,
                        "{what}: aggregated where asked for (the adapter has subgroups)"
                    );
                    let per_workgroup = v
                        .report
                        .passes
                        .iter()
                        .flat_map(|p| &p.changes)
                        .any(|c| c.details.contains_key("aggregated_adds_per_workgroup"));
                    let uniform = shader
                        .to_str()
                        .is_some_and(|s| s.contains("uniform_workgroup_adds"));
                    assert_eq!(
                        per_workgroup,
                        matches!(aggregate, Aggregation::Workgroup | Aggregation::Auto)
                            && uniform
                            && !fixed,
                        "{what}: reduced over the workgroup (by `auto` too) only where every invocation adds to one address"
                    );
                }
            }
        }
    }
}

/// Float mins and maxes that load the word first and skip the atomic
/// where it would change nothing (`prefilter=load`) agree with the
/// reference under the encodings and NaN modes.
#[test]
fn loading_before_min_and_max_keeps_their_results() {
    let shaders: Vec<PathBuf> = harnessed_shaders()
        .into_iter()
        .filter(|p| p.parent() == Some(Path::new("corpus/float-atomics")))
        .collect();
    assert!(shaders.len() >= 3, "{shaders:?}");
    for strategy in [RequestedStrategy::Auto, RequestedStrategy::Ordered] {
        for nan in NanMode::ALL {
            let mut options = Options::default();
            options.pass_options.insert(
                float_atomics::NAME.to_string(),
                [
                    (
                        float_atomics::STRATEGY_OPTION.to_string(),
                        strategy.name().to_string(),
                    ),
                    (
                        float_atomics::NAN_OPTION.to_string(),
                        nan.name().to_string(),
                    ),
                    (
                        float_atomics::PREFILTER_OPTION.to_string(),
                        Prefilter::Load.name().to_string(),
                    ),
                ]
                .into(),
            );
            for shader in &shaders {
                let what = format!(
                    "{} ({}, nan {}, prefilter load)",
                    shader.display(),
                    strategy.name(),
                    nan.name()
                );
                let result = gpu::validate(shader, &ValidateOptions::new(options.clone()));
                let Some(v) = adapter_or_skip(result, &what) else {
                    return;
                };
                assert_eq!(v.verdict, Verdict::Agree, "{what}:\n{}", v.describe());
            }
        }
    }
}

#[test]
fn deliberately_wrong_candidates_are_caught() {
    let negatives: Vec<PathBuf> = harnessed_shaders()
        .into_iter()
        .filter(|p| is_negative(p))
        .collect();
    assert!(negatives.len() >= 3, "{negatives:?}");
    for shader in negatives {
        let Some(v) = adapter_or_skip(validate(&shader), &shader.display().to_string()) else {
            return;
        };
        assert_eq!(
            v.verdict,
            Verdict::Mismatch,
            "{} is wrong on purpose but passed:\n{}",
            shader.display(),
            v.describe()
        );
        assert_eq!(v.exit_code(), 3);
        assert!(v.report.mismatches > 0);
        let first = &v.report.bindings.iter().find(|b| b.mismatches > 0).unwrap();
        assert!(!first.first_mismatches.is_empty());
    }
}

#[test]
fn one_ulp_passes_with_a_tolerance_of_one_ulp() {
    let dir = tempfile::tempdir().unwrap();
    let negative = root().join("corpus/gpu-negative");
    let harness = dir.path().join("tolerant.harness.toml");
    std::fs::write(
        &harness,
        format!(
            "reference = {:?}\ntolerance_ulps = 1\n[binding.input]\nsize = 256\nrange = [-1000.0, 1000.0]\n[binding.output]\nsize = 256\n",
            negative.join("reference/scale_f32.reference.wgsl")
        ),
    )
    .unwrap();
    let mut options = ValidateOptions::new(Options::default());
    options.harness = Some(harness);
    let result = gpu::validate(&negative.join("one_ulp_off.wgsl"), &options);
    let Some(v) = adapter_or_skip(result, "one_ulp_off with a tolerance") else {
        return;
    };
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.describe());
}

/// Results written in the order invocations run compare as a multiset.
#[test]
fn sorted_comparison_ignores_the_order_of_appends() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("append.wgsl");
    std::fs::write(
        &shader,
        "@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;
@group(0) @binding(2) var<storage, read_write> count: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&input)) {
        return;
    }
    // Slots taken in whatever order the invocations get there; the
    // reference writes slot i.
    let slot = atomicAdd(&count, 1u);
    output[slot] = input[i] * 3.0;
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("append.reference.wgsl"),
        "@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;
@group(0) @binding(2) var<storage, read_write> count: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&input)) {
        return;
    }
    atomicAdd(&count, 1u);
    output[i] = input[i] * 3.0;
}
",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("append.harness.toml"),
        "reference = \"append.reference.wgsl\"
[binding.input]
size = 500
[binding.output]
size = 500
compare = \"sorted\"
[binding.count]
fill = 0
",
    )
    .unwrap();
    let Some(v) = adapter_or_skip(validate(&shader), "append") else {
        return;
    };
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.describe());
    assert_eq!(v.report.values_compared, 501);
}

// --- The command line ---------------------------------------------------

#[test]
fn cli_exit_codes_and_report() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let out = validate_command(&[
        "corpus/float-atomics/bounds_storage_any_sign.wgsl",
        "--report",
        report.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("agree:"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(json["verdict"], "agree");
    assert_eq!(json["bindings"][1]["encoding"], "ordered-f32");
    assert_eq!(json["passes"][0]["name"], "float-atomics");

    let out = validate_command(&[
        "corpus/gpu-negative/off_by_one_store.wgsl",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", output_text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("mismatch: output[0]: expected"), "{stdout}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(json["verdict"], "mismatch");
    assert!(json["mismatches"].as_u64().unwrap() > 0);
}

#[test]
fn without_a_reference_the_passes_reference_lowering_is_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    for strategy in ["auto", "ordered", "cas"] {
        let out = validate_command(&[
            "corpus/float-atomics/extent_min_max_no_harness.wgsl",
            "--passes",
            "float-atomics",
            "--float-atomics",
            strategy,
            "--report",
            report.to_str().unwrap(),
        ]);
        if !had_adapter(&out) {
            return;
        }
        assert_eq!(
            out.status.code(),
            Some(0),
            "{strategy}: {}",
            output_text(&out)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("reference lowering: --passes float-atomics --pass-option float-atomics.aggregate=none --pass-option float-atomics.strategy=cas"),
            "{stdout}"
        );
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        assert_eq!(json["verdict"], "agree");
        assert_eq!(json["reference"]["kind"], "lowering");
        assert!(json["reference"]["lowering"]
            .as_str()
            .unwrap()
            .contains("float-atomics.strategy=cas"));
        assert!(json["values_compared"].as_u64().unwrap() >= 2);
    }
    // The NaN mode asked for is the reference's too.
    let out = validate_command(&[
        "corpus/float-atomics/extent_min_max_no_harness.wgsl",
        "--float-atomics-nan",
        "ignore",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("float-atomics.nan=ignore"),
        "{}",
        output_text(&out)
    );
}

#[test]
fn cli_without_a_matching_adapter_exits_4_and_says_what_it_tried() {
    let out = validate_command(&[
        "corpus/translate/buffer_double_f32.wgsl",
        "--adapter",
        "no-such-adapter-anywhere",
    ]);
    assert_eq!(out.status.code(), Some(4), "{}", output_text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("tried backends"), "{stderr}");
}

#[test]
fn cli_input_errors_exit_1() {
    // Not valid as it is, and no reference given.
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("bounds.wgsl");
    std::fs::copy(
        root().join("corpus/float-atomics/bounds_storage_any_sign.wgsl"),
        &shader,
    )
    .unwrap();
    // Not valid as it is, and not made runnable by the passes asked for.
    let out = validate_command(&[shader.to_str().unwrap(), "--passes", "hoist-barriers"]);
    assert_eq!(out.status.code(), Some(1), "{}", output_text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("does not compile"),
        "{}",
        output_text(&out)
    );

    // A harness naming a binding the shader does not have.
    std::fs::write(
        dir.path().join("bounds.harness.toml"),
        "reference = \"ref.wgsl\"\n[binding.nope]\nsize = 3\n",
    )
    .unwrap();
    std::fs::copy(
        root().join("corpus/float-atomics/reference/bounds_storage_any_sign.reference.wgsl"),
        dir.path().join("ref.wgsl"),
    )
    .unwrap();
    let out = validate_command(&[shader.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", output_text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("`nope`"),
        "{}",
        output_text(&out)
    );
}

/// Refused before any adapter is opened, so this runs everywhere.
#[test]
fn divergent_barriers_are_never_dispatched() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("divergent.wgsl");
    std::fs::write(
        &shader,
        "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&data)) {
        return;
    }
    tile[lid] = data[gid.x];
    workgroupBarrier();
    data[gid.x] = tile[63u - lid];
}
",
    )
    .unwrap();
    let out = validate_command(&[shader.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", output_text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("refusing to dispatch the reference: `workgroupBarrier` is reached in non-uniform control flow")
            && stderr.contains("divergent.wgsl:10:5)"),
        "{stderr}"
    );
    let result = gpu::validate(&shader, &ValidateOptions::new(Options::default()));
    assert!(matches!(result, Err(Error::Input(_))), "{result:?}");
}

/// A dispatch that outlives --timeout is a hang: exit 3, promptly.
#[test]
fn cli_reports_a_hang_and_exits() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("slow.wgsl");
    // Finite, but 2^42 dependent integer steps in all: about a second on
    // the fastest GPUs, far more than the 50 ms timeout anywhere, and
    // never a barrier or anything else that could wedge a device.
    std::fs::write(
        &shader,
        "@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var x = data[gid.x % 64u];
    for (var i = 0u; i < 1000000u; i++) {
        x = x * 1664525u + 1013904223u + i;
        x = x ^ (x >> 13u);
    }
    data[gid.x % 64u] = x;
}
",
    )
    .unwrap();
    let report = dir.path().join("hang.json");
    let started = Instant::now();
    let out = validate_command(&[
        shader.to_str().unwrap(),
        "--size",
        "data=64",
        "--dispatch",
        "65535,1,1",
        "--timeout",
        "0.05",
        "--report",
        report.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(3), "{}", output_text(&out));
    assert!(
        started.elapsed().as_secs() < 30,
        "the hang was not cut short"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("hang: the reference"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(json["verdict"], "hang");
}
