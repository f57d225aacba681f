//! `shaderxform bench --fresh-buffers` on a real adapter (lavapipe where
//! there is no GPU): every timed pass holds one dispatch, and what the
//! kernel writes is restored before it. The kernels here count their
//! dispatches (an atomic counter, a counter per invocation in a buffer or
//! in a storage texture), so a dispatch that found the previous one's
//! results would write other values than the first dispatch: the report's
//! restore check, a restored dispatch of the reference against one
//! dispatch on buffers of its own, must find every byte the same.
//!
//! Without an adapter the tests skip with a message, unless
//! SHADERXFORM_REQUIRE_GPU=1, when they fail.

#![cfg(all(feature = "gpu", feature = "cli"))]

use std::path::Path;
use std::process::{Command, Output};

fn gpu_required() -> bool {
    std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_some_and(|v| v != "0")
}

/// `bench SHADER --reference SHADER --passes none --fresh-buffers` and
/// `extra`; `None` (after saying so) where there is no adapter.
fn bench_fresh(shader: &Path, extra: &[&str]) -> Option<Output> {
    let output = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("bench")
        .arg(shader)
        .arg("--reference")
        .arg(shader)
        .args(["--passes", "none", "--fresh-buffers", "--seconds", "0.1"])
        .args(extra)
        .output()
        .expect("the binary runs");
    if output.status.code() == Some(4) {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !gpu_required(),
            "SHADERXFORM_REQUIRE_GPU is set but there is no adapter: {stderr}"
        );
        eprintln!("skipping bench: no adapter: {stderr}");
        return None;
    }
    Some(output)
}

/// The JSON of a run that must succeed, its mode and restore check
/// asserted.
fn fresh_json(shader: &Path) -> Option<serde_json::Value> {
    let output = bench_fresh(shader, &["--json"])?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(json["mode"], "fresh-buffers", "{json:#}");
    for role in ["reference", "candidate", "reference_again"] {
        assert_eq!(json[role]["dispatches_per_pass"], 1, "{role}: {json:#}");
        assert!(
            json[role]["samples"].as_u64().unwrap_or(0) >= 10,
            "{role}: {json:#}"
        );
    }
    let check = &json["restore_check"];
    assert!(
        check["bytes_compared"].as_u64().unwrap_or(0) > 0,
        "{json:#}"
    );
    assert_eq!(check["bytes_differing"], 0, "{json:#}");
    assert_eq!(
        check["bindings_differing"],
        serde_json::json!([]),
        "{json:#}"
    );
    Some(json)
}

#[test]
fn fresh_buffers_restore_every_storage_buffer_before_each_dispatch() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("count.wgsl");
    std::fs::write(
        &shader,
        "@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> hits: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    atomicAdd(&counter, 1u);
    if gid.x < arrayLength(&hits) {
        hits[gid.x] = hits[gid.x] + 1u;
    }
}
",
    )
    .unwrap();
    let Some(json) = fresh_json(&shader) else {
        return;
    };
    // The counter and every word of `hits`.
    let words = json["restore_check"]["bytes_compared"].as_u64().unwrap() / 4;
    assert!(words > 1, "{json:#}");

    // The report for people says the mode and the check.
    let output = bench_fresh(&shader, &[]).unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("mode: fresh buffers"), "{stdout}");
    assert!(
        stdout.contains(
            "restore check: a restored dispatch of the reference wrote what one dispatch writes"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("samples of 1 dispatch)"), "{stdout}");
}

#[test]
fn fresh_buffers_restore_every_storage_texture_before_each_dispatch() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("count_texels.wgsl");
    std::fs::write(
        &shader,
        "@group(0) @binding(0) var counts: texture_storage_2d<r32uint, read_write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(counts);
    if gid.x < size.x && gid.y < size.y {
        let c = textureLoad(counts, gid.xy).x;
        textureStore(counts, gid.xy, vec4<u32>(c + 1u, 0u, 0u, 0u));
    }
}
",
    )
    .unwrap();
    fresh_json(&shader);
}

/// Without the flag, the mode is the steady state and there is no check.
#[test]
fn bench_without_fresh_buffers_reports_the_steady_state() {
    let output = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "bench",
            "corpus/bench/f32_min_storage_contended.wgsl",
            "--float-atomics",
            "ordered",
            "--size",
            "values=4096",
            "--seconds",
            "0.1",
            "--json",
        ])
        .output()
        .expect("the binary runs");
    if output.status.code() == Some(4) {
        assert!(
            !gpu_required(),
            "SHADERXFORM_REQUIRE_GPU is set but there is no adapter"
        );
        return;
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["mode"], "steady-state", "{json:#}");
    assert!(json.get("restore_check").is_none(), "{json:#}");
}
