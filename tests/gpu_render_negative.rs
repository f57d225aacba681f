//! The deliberately wrong render candidates of corpus/gpu-negative/render
//! are caught (exit 3) in the target or the storage texture they get
//! wrong, as WGSL and as SPIR-V, on a real adapter (lavapipe where there
//! is no GPU), and each agrees with itself. Without an adapter the tests
//! skip with a message, unless SHADERXFORM_REQUIRE_GPU=1, when they fail.

#![cfg(all(feature = "gpu", feature = "cli"))]

mod common;

use common::gpu::{had_adapter, output_text, validate_command};

use std::path::Path;

fn report(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The wrong candidates: a flipped winding (same coverage and colours,
/// only the facing differs, which the position capture records) and a
/// fragment stage that swaps red and blue; caught in both formats.
#[test]
fn wrong_render_candidates_are_caught() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("report.json");
    for (shader, reference, target) in [
        (
            "corpus/gpu-negative/render/flipped_winding.wgsl",
            "corpus/gpu-negative/render/reference/quad.reference.wgsl",
            "vertex position",
        ),
        (
            "corpus/gpu-negative/render/wrong_colour.wgsl",
            "corpus/gpu-negative/render/reference/colour.reference.wgsl",
            "fragment @location(0)",
        ),
        (
            "corpus/gpu-negative/render/swapped_uv.wgsl",
            "corpus/render/textured_quad.wgsl",
            "fragment @location(0)",
        ),
    ] {
        let out = validate_command(&[
            shader,
            "--reference",
            reference,
            "--shader-format",
            "all",
            "--report",
            json.to_str().unwrap(),
        ]);
        if !had_adapter(&out) {
            return;
        }
        assert_eq!(
            out.status.code(),
            Some(3),
            "{shader}: {}",
            output_text(&out)
        );
        let r = report(&json);
        assert_eq!(r["verdict"], "mismatch");
        let runs = r["runs"].as_array().unwrap();
        assert_eq!(runs.len(), 2);
        for run in runs {
            assert_eq!(run["verdict"], "mismatch", "{run}");
            let targets = run["report"]["targets"].as_array().unwrap();
            for t in targets {
                let differs = t["mismatches"].as_u64().unwrap() > 0;
                let name = t["name"].as_str().unwrap();
                assert_eq!(differs, name.starts_with(target), "{shader}: {t}");
            }
        }
        // Against itself, the same shader agrees: the mismatch is the
        // shader's, not the comparison's.
        let out = validate_command(&[shader, "--shader-format", "all"]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{shader}: {}",
            output_text(&out)
        );
    }
}

/// A fragment stage that writes a storage texture at the transposed
/// pixel: the colour target agrees, the storage texture read back after
/// the draw does not (before, a draw's storage textures could not run).
#[test]
fn a_storage_texture_a_draw_writes_wrongly_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("report.json");
    let out = validate_command(&[
        "corpus/gpu-negative/render/storage_swapped.wgsl",
        "--reference",
        "corpus/render/storage_written.wgsl",
        "--shader-format",
        "all",
        "--report",
        json.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(3), "{}", output_text(&out));
    let r = report(&json);
    for run in r["runs"].as_array().unwrap() {
        assert_eq!(run["verdict"], "mismatch", "{run}");
        for t in run["report"]["targets"].as_array().unwrap() {
            assert_eq!(t["mismatches"], 0, "{t}");
        }
        let marks = run["report"]["bindings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == "marks")
            .unwrap_or_else(|| panic!("no `marks` in {run}"));
        assert_eq!(marks["space"], "storage texture", "{marks}");
        assert!(marks["mismatches"].as_u64().unwrap() > 0, "{marks}");
    }
}
