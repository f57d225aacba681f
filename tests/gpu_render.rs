//! `shaderxform validate` on render stages, on every entry point of a
//! module, in each shader format and over whole folders, on a real adapter
//! (lavapipe where there is no GPU). The corpus's graphics shaders
//! (corpus/render) agree with themselves as WGSL and as SPIR-V, with and
//! without passes and with no harness, and so do the WebGPU samples'
//! shaders of corpus/public but those that say why they cannot run (the
//! deliberately wrong render candidates are in `gpu_render_negative.rs`).
//!
//! Without an adapter the tests skip with a message, unless
//! SHADERXFORM_REQUIRE_GPU=1, when they fail.

#![cfg(all(feature = "gpu", feature = "cli"))]

mod common;

use common::gpu::{had_adapter, output_text, validate_command};
use common::{gpu_required, root};

use std::path::Path;
use std::process::Command;

use shaderxform::gpu::suite::{self, Outcome, Unit};
use shaderxform::gpu::{Error, ShaderFormat, ValidateOptions};
use shaderxform::{Options, PassSelection};

fn report(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const RENDER_SHADERS: [&str; 10] = [
    "corpus/render/both_stages.wgsl",
    "corpus/render/depth_write.wgsl",
    "corpus/render/instanced.wgsl",
    "corpus/render/lit.frag",
    "corpus/render/lit.vert",
    "corpus/render/shadow_lookup.wgsl",
    "corpus/render/storage_written.wgsl",
    "corpus/render/textured_quad.wgsl",
    "corpus/render/tinted.wgsl",
    "corpus/render/vertex_colour.wgsl",
];

/// Every graphics shader of the corpus, as WGSL and as SPIR-V, with no
/// passes and with every pass, agrees with its own no-pass compilation:
/// one line a shader, each run named with its format, values compared in
/// every run.
#[test]
fn render_corpus_agrees_as_wgsl_and_spirv_with_and_without_passes() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("report.json");
    for passes in ["none", "all"] {
        let out = validate_command(&[
            "corpus/render",
            "--shader-format",
            "all",
            "--passes",
            passes,
            "--report",
            json.to_str().unwrap(),
        ]);
        if !had_adapter(&out) {
            return;
        }
        assert_eq!(
            out.status.code(),
            Some(0),
            "--passes {passes}: {}",
            output_text(&out)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        for shader in RENDER_SHADERS {
            let line = stdout
                .lines()
                .find(|l| l.contains(shader))
                .unwrap_or_else(|| panic!("no line for {shader}:\n{stdout}"));
            assert!(line.starts_with("agree"), "{line}");
            assert!(line.contains("wgsl") && line.contains("spirv"), "{line}");
        }
        assert!(
            stdout.contains("10 shaders: 10 agree, 0 mismatch, 0 hang, 0 cannot run, 0 errors"),
            "{stdout}"
        );
        let r = report(&json);
        assert_eq!(r["verdict"], "agree");
        for shader in r["shaders"].as_array().unwrap() {
            let runs = shader["runs"].as_array().unwrap();
            let formats: Vec<&str> = runs
                .iter()
                .map(|r| r["shader_format"].as_str().unwrap())
                .collect();
            assert!(
                formats.contains(&"wgsl") && formats.contains(&"spirv"),
                "{shader}"
            );
            for run in runs {
                assert_eq!(run["verdict"], "agree", "{run}");
                assert_eq!(run["stage"], "render");
                let compared = run["report"]["values_compared"].as_u64().unwrap();
                assert!(compared >= 4096, "{run}");
                assert_eq!(run["report"]["shader_format"], run["shader_format"]);
            }
        }
    }
}

/// Which stages each corpus shader draws: pairs by interface, generated
/// partners where a stage is alone.
#[test]
fn entry_points_pair_by_their_interface() {
    let opts = ValidateOptions::new(Options::default());
    let units = |p: &str| suite::units(&root().join(p), &opts);
    let render = |v: Option<&str>, f: Option<&str>| {
        Unit::Render(shaderxform::gpu::render::RenderPair {
            vertex: v.map(str::to_string),
            fragment: f.map(str::to_string),
            fragment_file: None,
        })
    };
    assert_eq!(
        units("corpus/render/vertex_colour.wgsl").unwrap(),
        vec![render(Some("vs_main"), Some("fs_main"))]
    );
    assert_eq!(
        units("corpus/render/tinted.wgsl").unwrap(),
        vec![render(None, Some("main"))]
    );
    assert_eq!(
        units("corpus/render/instanced.wgsl").unwrap(),
        vec![render(Some("main"), None)]
    );
    // A GLSL .vert is drawn with the .frag beside it, which it feeds; the
    // .frag alone gets a generated vertex stage.
    assert_eq!(
        units("corpus/render/lit.vert").unwrap(),
        vec![Unit::Render(shaderxform::gpu::render::RenderPair {
            vertex: Some("main".into()),
            fragment: Some("main".into()),
            fragment_file: Some(root().join("corpus/render/lit.frag")),
        })]
    );
    assert_eq!(
        units("corpus/render/lit.frag").unwrap(),
        vec![render(None, Some("main"))]
    );
}

/// A module with a compute entry point and both render stages: all are
/// validated when none is named, each listed with its verdict; the
/// --entry-point one alone otherwise.
#[test]
fn every_entry_point_is_validated_unless_one_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("mixed.wgsl");
    std::fs::write(
        &shader,
        "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
         @compute @workgroup_size(64) fn fill(@builtin(global_invocation_id) id: vec3<u32>) {
             if id.x < arrayLength(&out) { out[id.x] = id.x * 3u + 1u; }
         }
         struct V { @builtin(position) p: vec4<f32>, @location(0) c: vec2<f32> }
         @vertex fn vs(@location(0) p: vec2<f32>, @location(1) c: vec2<f32>) -> V { return V(vec4<f32>(p, 0.5, 1.0), c); }
         @fragment fn fs(v: V) -> @location(0) vec4<f32> { return vec4<f32>(v.c, 0.0, 1.0); }\n",
    )
    .unwrap();
    let json = dir.path().join("report.json");
    let out = validate_command(&[shader.to_str().unwrap(), "--report", json.to_str().unwrap()]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("compute `fill` (wgsl): agree"), "{stdout}");
    assert!(
        stdout.contains("vertex `vs` + fragment `fs` (wgsl): agree"),
        "{stdout}"
    );
    let r = report(&json);
    let units: Vec<&str> = r["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["unit"].as_str().unwrap())
        .collect();
    assert_eq!(units, ["compute fill", "vertex vs + fragment fs"]);

    // Named: that entry point alone, with a generated partner.
    let out = validate_command(&[
        shader.to_str().unwrap(),
        "--entry-point",
        "fs",
        "--report",
        json.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let r = report(&json);
    let runs = r["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0]["report"]["vertex"], "generated");
    assert_eq!(runs[0]["report"]["fragment"], "fs");

    // A named compute entry point keeps the one-run report.
    let out = validate_command(&[
        shader.to_str().unwrap(),
        "--entry-point",
        "fill",
        "--report",
        json.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let r = report(&json);
    assert_eq!(r["entry_point"], "fill");
    assert!(r["values_compared"].as_u64().unwrap() >= 1024);
}

/// A folder: one line a shader and a summary; a shader validate cannot
/// run is listed with its reason and does not fail the run; a mismatch
/// anywhere makes it exit 3.
#[test]
fn folders_list_every_shader_and_what_cannot_run() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        root().join("corpus/render/vertex_colour.wgsl"),
        dir.path().join("colour.wgsl"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("external.wgsl"),
        "@group(0) @binding(0) var e: texture_external;
         @fragment fn fs(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return textureLoad(e, vec2<u32>(p.xy)); }\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a shader").unwrap();
    let out = validate_command(&[dir.path().to_str().unwrap()]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].starts_with("agree") && lines[0].contains("colour.wgsl"));
    assert!(
        lines[1].starts_with("cannot-run") && lines[1].contains("texture_external"),
        "{stdout}"
    );
    assert_eq!(
        lines[2],
        "2 shaders: 1 agree, 0 mismatch, 0 hang, 1 cannot run, 0 errors"
    );

    // A wrong shader beside them: exit 3, the others still listed.
    let negative = dir.path().join("wrong");
    std::fs::create_dir(&negative).unwrap();
    std::fs::copy(
        root().join("corpus/gpu-negative/off_by_one_store.wgsl"),
        negative.join("off_by_one_store.wgsl"),
    )
    .unwrap();
    std::fs::write(
        negative.join("off_by_one_store.harness.toml"),
        std::fs::read_to_string(root().join("corpus/gpu-negative/off_by_one_store.harness.toml"))
            .unwrap()
            .replace(
                "reference/scale_f32.reference.wgsl",
                root()
                    .join("corpus/gpu-negative/reference/scale_f32.reference.wgsl")
                    .to_str()
                    .unwrap(),
            ),
    )
    .unwrap();
    let out = validate_command(&[dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", output_text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("3 shaders: 1 agree, 1 mismatch, 0 hang, 1 cannot run, 0 errors"),
        "{}",
        output_text(&out)
    );
}

/// The library: each render shader of the corpus in both formats, every
/// run agreeing and comparing the vertex stage's captures where there is
/// a vertex stage.
#[test]
fn library_runs_each_format_of_each_render_shader() {
    let opts = ValidateOptions::new(Options {
        passes: PassSelection::All,
        ..Options::default()
    });
    for shader in RENDER_SHADERS {
        let path = root().join(shader);
        let suite = match suite::validate_module(
            &path,
            &opts,
            &[ShaderFormat::Wgsl, ShaderFormat::Spirv],
        ) {
            Err(Error::NoAdapter(m)) => {
                assert!(!gpu_required(), "no adapter: {m}");
                return;
            }
            other => other.unwrap_or_else(|e| panic!("{shader}: {e}")),
        };
        assert_eq!(suite.runs.len(), 2, "{shader}");
        assert_eq!(suite.exit_code(), 0, "{shader}:\n{}", suite.describe());
        for run in &suite.runs {
            let Outcome::Render(r) = &run.outcome else {
                panic!("{shader}: not a render run");
            };
            // Textures and samplers made from the reflection alone.
            if shader.ends_with("shadow_lookup.wgsl") {
                assert_eq!(r.report.resources.len(), 2, "{:?}", r.report.resources);
                assert!(r.report.resources[0].contains("depth32float"));
                assert!(r.report.resources[1].contains("compare"));
            }
            // Targets at every location written, with gaps, and depth.
            if shader.ends_with("depth_write.wgsl") {
                let names: Vec<&str> = r.report.targets.iter().map(|t| t.name.as_str()).collect();
                assert_eq!(
                    names,
                    [
                        "fragment @location(0)",
                        "fragment @location(2)",
                        "fragment depth"
                    ]
                );
            }
            let has_vertex = r.report.vertex != "generated";
            assert_eq!(
                r.report
                    .targets
                    .iter()
                    .any(|t| t.name.starts_with("vertex position")),
                has_vertex,
                "{shader}"
            );
        }
    }
}

/// `batch --validate` validates what it compiled, in the formats it
/// emitted, and exits 3 when a shader disagrees with its reference.
#[test]
fn batch_validate_runs_what_it_compiled() {
    let out_dir = tempfile::tempdir().unwrap();
    let batch = |input: &str| {
        Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .args(["batch", input, "-o", out_dir.path().to_str().unwrap()])
            .args(["--emit", "spv,wgsl", "--validate"])
            .current_dir(root())
            .output()
            .expect("run shaderxform")
    };
    let out = batch("corpus/render");
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("10 shaders: 10 agree, 0 mismatch, 0 hang, 0 cannot run, 0 errors"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "vertex vs_main + fragment fs_main spirv; vertex vs_main + fragment fs_main wgsl"
        ),
        "{stdout}"
    );
    let out = batch("corpus/gpu-negative");
    assert_eq!(out.status.code(), Some(3), "{}", output_text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("mismatch   corpus/gpu-negative/off_by_one_store.wgsl"),
        "{}",
        output_text(&out)
    );
}

/// `--shader-format all` of one compute entry point: two runs, each
/// named with its format; a render stage validate cannot run alone exits
/// 1 with the reason.
#[test]
fn every_format_of_a_compute_shader_and_what_cannot_run_alone() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("report.json");
    let out = validate_command(&[
        "corpus/float-atomics/bounds_storage_any_sign.wgsl",
        "--shader-format",
        "all",
        "--report",
        json.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let r = report(&json);
    let runs = r["runs"].as_array().unwrap();
    let formats: Vec<&str> = runs
        .iter()
        .map(|r| r["shader_format"].as_str().unwrap())
        .collect();
    assert_eq!(formats, ["wgsl", "spirv"]);
    for run in runs {
        assert_eq!(run["verdict"], "agree");
        assert_eq!(run["report"]["shader_format"], run["shader_format"]);
        assert_eq!(run["report"]["bindings"][1]["encoding"], "ordered-f32");
    }

    let shader = dir.path().join("external.wgsl");
    std::fs::write(
        &shader,
        "@group(0) @binding(0) var e: texture_external;
         @fragment fn fs(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return textureLoad(e, vec2<u32>(p.xy)); }\n",
    )
    .unwrap();
    let out = validate_command(&[shader.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", output_text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("texture_external"),
        "{}",
        output_text(&out)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("fragment `fs` (wgsl): cannot-run"),
        "{}",
        output_text(&out)
    );
}

/// Immediates (push constants) in a draw: seeded, set on every pass, the
/// same for both shaders, in both stages; a candidate that reads them
/// wrongly is caught.
#[test]
fn draws_with_immediates_agree_and_a_wrong_reading_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("pushed.wgsl");
    let text = "struct Push { tint: vec4<f32>, scale: f32, }
var<immediate> push: Push;
struct Out { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32>, }
@vertex fn vs(@location(0) p: vec2<f32>) -> Out {
    var o: Out;
    o.position = vec4<f32>(p * push.scale, 0.0, 1.0);
    o.uv = p;
    return o;
}
@fragment fn fs(i: Out) -> @location(0) vec4<f32> { return push.tint * vec4<f32>(i.uv, 1.0, 1.0); }
";
    std::fs::write(&shader, text).unwrap();
    let json = dir.path().join("report.json");
    let out = validate_command(&[
        shader.to_str().unwrap(),
        "--shader-format",
        "all",
        "--report",
        json.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let r = report(&json);
    for run in r["runs"].as_array().unwrap() {
        assert_eq!(run["verdict"], "agree", "{run}");
        let bindings = run["report"]["bindings"].as_array().unwrap();
        assert!(bindings.iter().any(|b| b["space"] == "immediate"), "{run}");
    }
    // The candidate reads another member: the targets differ.
    let wrong = dir.path().join("wrong.wgsl");
    std::fs::write(&wrong, text.replace("push.tint * ", "push.tint.wzyx * ")).unwrap();
    let out = validate_command(&[
        wrong.to_str().unwrap(),
        "--reference",
        shader.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", output_text(&out));
}

/// A fragment stage that outlives --timeout is a hang: exit 3 at once,
/// named in the output and the report.
#[test]
fn a_render_hang_is_reported_and_the_process_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("slow.wgsl");
    // Finite (10^6 dependent steps a pixel, 2048 pixels), far more than
    // the 50 ms timeout on any adapter.
    std::fs::write(
        &shader,
        "@fragment fn fs(@location(0) seed: vec2<f32>) -> @location(0) vec4<u32> {
    var x = bitcast<u32>(seed.x) ^ bitcast<u32>(seed.y);
    for (var i = 0u; i < 1000000u; i++) {
        x = x * 1664525u + 1013904223u + i;
        x = x ^ (x >> 13u);
    }
    return vec4<u32>(x);
}\n",
    )
    .unwrap();
    let json = dir.path().join("report.json");
    let started = std::time::Instant::now();
    let out = validate_command(&[
        shader.to_str().unwrap(),
        "--timeout",
        "0.05",
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
    assert_eq!(r["verdict"], "hang");
    // The SPIR-V run is not started once the WGSL one hung.
    let runs = r["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{r}");
    assert_eq!(runs[0]["verdict"], "hang");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("hang: the reference did not finish"),
        "{}",
        output_text(&out)
    );
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

/// Every target is bound at its location and read: a change to the
/// output at location 2 (none at 1), or to the depth alone, is caught.
#[test]
fn a_change_in_any_one_target_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let original = std::fs::read_to_string(root().join("corpus/render/depth_write.wgsl")).unwrap();
    let json = dir.path().join("report.json");
    for (from, to, target) in [
        ("(id << 4u)", "(id << 5u)", "fragment @location(2)"),
        (
            "position.z * (1.0 - 0.5 * t)",
            "position.z * (1.0 - 0.25 * t)",
            "fragment depth",
        ),
    ] {
        assert!(original.contains(from));
        let shader = dir.path().join("changed.wgsl");
        std::fs::write(&shader, original.replace(from, to)).unwrap();
        let out = validate_command(&[
            shader.to_str().unwrap(),
            "--reference",
            "corpus/render/depth_write.wgsl",
            "--report",
            json.to_str().unwrap(),
        ]);
        if !had_adapter(&out) {
            return;
        }
        assert_eq!(out.status.code(), Some(3), "{}", output_text(&out));
        let r = report(&json);
        for t in r["runs"][0]["report"]["targets"].as_array().unwrap() {
            let differs = t["mismatches"].as_u64().unwrap() > 0;
            assert_eq!(differs, t["name"] == target, "{to}: {t}");
        }
    }
}

/// A pair whose written WGSL leaves a default interpolation out
/// (`@interpolate(perspective)` in the input, sampling unset in the IR):
/// the capture stages match the vertex stage as wgpu reads it.
#[test]
fn captures_match_the_interface_the_driver_reads() {
    let out = validate_command(&[
        "corpus/translate/flat_interpolated_ids.wgsl",
        "--shader-format",
        "all",
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("vertex `vs_main` + fragment `fs_main` (spirv): agree"),
        "{}",
        output_text(&out)
    );
}

/// A fragment stage that writes no colour, only a storage buffer, is
/// drawn into a depth target (a pass needs an attachment), and both the
/// depth and the buffer are compared; `--override` reaches the stages.
#[test]
fn a_fragment_stage_without_colour_outputs_and_with_overrides() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("counts.wgsl");
    std::fs::write(
        &shader,
        "override scale: f32;
@group(0) @binding(0) var<storage, read_write> hits: array<atomic<u32>, 64>;
@fragment fn fs(@builtin(position) p: vec4<f32>) {
    atomicAdd(&hits[u32(p.x * scale) % 64u], 1u);
}\n",
    )
    .unwrap();
    let json = dir.path().join("report.json");
    let out = validate_command(&[
        shader.to_str().unwrap(),
        "--override",
        "scale=0.5",
        "--shader-format",
        "all",
        "--report",
        json.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let r = report(&json);
    for run in r["runs"].as_array().unwrap() {
        assert_eq!(run["verdict"], "agree", "{run}");
        let report = &run["report"];
        assert_eq!(report["targets"][0]["name"], "depth (no colour output)");
        assert_eq!(report["bindings"][0]["values_compared"], 64);
    }
}

/// Shaders that `validate` cannot run in corpus/public, with what it says
/// of each: the rest must agree.
const PUBLIC_CANNOT_RUN: [(&str, &str); 6] = [
    (
        "cornell/common.wgsl",
        "no compute, vertex or fragment entry point",
    ),
    (
        "fragmentGBuffersDebugView.wgsl",
        "wgpu rejected the reference",
    ),
    (
        "fragmentForwardRendering.wgsl",
        "wgpu rejected the reference",
    ),
    ("texturedSquare.wgsl", "wgpu rejected the reference"),
    ("sampleExternalTexture.frag.wgsl", "texture_external"),
    ("sampleExternalTextureAsPanorama.wgsl", "texture_external"),
];

/// The WebGPU samples' and wgpu's examples' shaders (corpus/public:
/// compute, vertex and fragment stages with textures, samplers, depth and
/// instancing) agree with themselves as WGSL and as SPIR-V, with and
/// without passes, with no harness; each that cannot run says why.
/// vello's kernels, compute only, are tests/differential.rs's.
#[test]
fn public_shaders_agree_as_wgsl_and_spirv_or_say_why_they_cannot_run() {
    for (folder, least) in [
        ("corpus/public/webgpu-samples", 63),
        ("corpus/public/wgpu-examples", 23),
    ] {
        public_folder_agrees(folder, least);
    }
}

fn public_folder_agrees(folder: &str, least: usize) {
    for passes in ["none", "all"] {
        let out = validate_command(&[folder, "--shader-format", "all", "--passes", passes]);
        if !had_adapter(&out) {
            return;
        }
        assert_eq!(
            out.status.code(),
            Some(0),
            "--passes {passes}: {}",
            output_text(&out)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let mut agree = 0;
        for line in stdout.lines().filter(|l| l.contains("corpus/public/")) {
            if line.starts_with("agree") {
                assert!(line.contains("wgsl") && line.contains("spirv"), "{line}");
                agree += 1;
                continue;
            }
            let known = PUBLIC_CANNOT_RUN
                .iter()
                .find(|(file, _)| line.split(':').next().unwrap().ends_with(file));
            match known {
                Some((_, why)) => assert!(
                    line.starts_with("cannot-run") && line.contains(why),
                    "--passes {passes}: {line}"
                ),
                None => panic!("--passes {passes}: does not agree: {line}"),
            }
        }
        assert!(
            agree >= least,
            "--passes {passes}: {agree} agree:\n{stdout}"
        );
        assert!(
            stdout.contains("0 mismatch, 0 hang") && stdout.contains("0 errors"),
            "{stdout}"
        );
    }
}
