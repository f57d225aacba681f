//! `shaderxform bench` on a real adapter (lavapipe where there is no GPU):
//! it times the ordered rewrite of a corpus/bench shader against its
//! compare-exchange reference and prints the statistics as JSON. Only the
//! shape of the result is checked, never a speed.
//!
//! Without an adapter the test skips with a message, unless
//! SHADERXFORM_REQUIRE_GPU=1, when it fails.

#![cfg(all(feature = "gpu", feature = "cli"))]

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn gpu_required() -> bool {
    std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_some_and(|v| v != "0")
}

#[test]
fn bench_prints_the_statistics_of_both_shaders_as_json() {
    let output = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .current_dir(root())
        .args([
            "bench",
            "corpus/bench/f32_min_storage_contended.wgsl",
            "--float-atomics",
            "ordered",
            "--size",
            "values=4096",
            "--seconds",
            "0.2",
            "--json",
        ])
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() == Some(4) {
        assert!(
            !gpu_required(),
            "SHADERXFORM_REQUIRE_GPU is set but there is no adapter: {stderr}"
        );
        eprintln!("skipping bench: no adapter: {stderr}");
        return;
    }
    assert_eq!(
        output.status.code(),
        Some(0),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(json["command"], "bench", "{json:#}");
    assert_eq!(json["reference_kind"], "harness", "{json:#}");
    assert_eq!(json["dispatch"], serde_json::json!([16, 1, 1]), "{json:#}");
    assert!(
        ["timestamp-query", "wall-clock"].contains(&json["timer"].as_str().unwrap_or("")),
        "{json:#}"
    );
    // Every sample is in the JSON, the reference is timed against itself,
    // and the ratio has an interval around it.
    let ratio = json["ratio"].as_f64().unwrap();
    let ci = json["ratio_ci95"].as_array().unwrap();
    let (low, high) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(low <= ratio && ratio <= high, "{json:#}");
    assert!(json["aa_ratio"].as_f64().unwrap() > 0.0, "{json:#}");
    assert!(json["noise_floor"].as_f64().unwrap() >= 0.0, "{json:#}");
    assert!(
        ["faster", "slower", "no difference"].contains(&json["verdict"].as_str().unwrap()),
        "{json:#}"
    );
    for role in ["reference", "candidate", "reference_again"] {
        let samples = json[role]["samples_us"].as_array().unwrap();
        assert_eq!(
            samples.len() as u64,
            json[role]["samples"].as_u64().unwrap()
        );
    }
    for role in ["reference", "candidate", "reference_again"] {
        let stats = &json[role];
        for key in ["median_us", "q1_us", "q3_us"] {
            let v = stats[key].as_f64().unwrap_or(f64::NAN);
            assert!(v.is_finite() && v >= 0.0, "{role}.{key}: {json:#}");
        }
        let (q1, median, q3) = (
            stats["q1_us"].as_f64().unwrap(),
            stats["median_us"].as_f64().unwrap(),
            stats["q3_us"].as_f64().unwrap(),
        );
        assert!(q1 <= median && median <= q3, "{role}: {json:#}");
        assert!(
            stats["samples"].as_u64().unwrap_or(0) >= 10,
            "{role}: {json:#}"
        );
        assert!(
            stats["dispatches_per_pass"].as_u64().unwrap_or(0) >= 1,
            "{role}: {json:#}"
        );
    }
    let ratio = json["ratio"].as_f64().unwrap_or(f64::NAN);
    assert!(ratio.is_finite() && ratio > 0.0, "ratio: {json:#}");
}

/// Refused before any adapter is opened, so this runs everywhere.
#[test]
fn bench_never_dispatches_divergent_barriers() {
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
    let output = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(["bench", shader.to_str().unwrap(), "--seconds", "0.1"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("refusing to dispatch") && stderr.contains("non-uniform control flow"),
        "{stderr}"
    );
}

#[test]
fn bench_exit_codes_for_usage_and_input_errors() {
    // A usage error: --seconds must be positive.
    let output = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .current_dir(root())
        .args([
            "bench",
            "corpus/bench/f32_min_storage_contended.wgsl",
            "--seconds",
            "0",
        ])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    // An input error: a missing file.
    let output = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .current_dir(root())
        .args(["bench", "corpus/bench/no_such_shader.wgsl"])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1));
}

/// `--csv` prints every sample of the three series, and `--plot` draws
/// them into an SVG with a dot per sample.
#[test]
fn bench_prints_every_sample_as_csv_and_plots_them() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("samples.svg");
    let output = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .current_dir(root())
        .args([
            "bench",
            "corpus/bench/f32_min_storage_contended.wgsl",
            "--float-atomics",
            "ordered",
            "--size",
            "values=4096",
            "--seconds",
            "0.2",
            "--csv",
            "--plot",
        ])
        .arg(&plot)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() == Some(4) {
        assert!(
            !gpu_required(),
            "SHADERXFORM_REQUIRE_GPU is set but there is no adapter: {stderr}"
        );
        eprintln!("skipping bench: no adapter: {stderr}");
        return;
    }
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("role,sample,us_per_dispatch"));
    let mut per_role = std::collections::BTreeMap::<&str, usize>::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 3, "{line}");
        let us: f64 = fields[2].parse().unwrap_or(f64::NAN);
        assert!(us.is_finite() && us >= 0.0, "{line}");
        *per_role.entry(fields[0]).or_default() += 1;
    }
    for role in ["reference", "candidate", "reference-again"] {
        assert!(
            per_role.get(role).copied().unwrap_or(0) >= 10,
            "{role}: {stdout}"
        );
    }
    let svg = std::fs::read_to_string(&plot).expect("the plot is written");
    assert!(svg.starts_with("<svg "), "{svg}");
    assert_eq!(
        svg.matches("<circle ").count(),
        per_role.values().sum::<usize>(),
        "a dot per sample"
    );
}
