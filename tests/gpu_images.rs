//! `shaderxform validate` on compute shaders with textures, samplers,
//! uniform buffers, immediates and overrides (lavapipe where there is no
//! GPU): every shader of corpus/images agrees with itself without a
//! harness, handed to the driver as WGSL and as SPIR-V, with no passes and
//! with all of them; the wrong image candidates of corpus/gpu-negative are
//! caught; the harness's texture and sampler keys change what runs; the
//! filtering tolerance applies only where the entry point filters.
//!
//! Without an adapter the tests skip with a message, unless
//! SHADERXFORM_REQUIRE_GPU=1, when they fail.

#![cfg(all(feature = "gpu", feature = "cli"))]

mod common;

use common::gpu::adapter_or_skip;

use std::path::{Path, PathBuf};
use std::process::Command;

use shaderxform::gpu::{self, Error, ShaderFormat, ValidateOptions, Validation, Verdict};
use shaderxform::{Options, PassSelection};

fn options(format: ShaderFormat, passes: PassSelection) -> ValidateOptions {
    let mut v = ValidateOptions::new(Options {
        passes,
        ..Options::default()
    });
    v.shader_format = format;
    v
}

fn image_shaders() -> Vec<PathBuf> {
    common::corpus("images")
        .into_iter()
        .map(|(path, _)| path)
        .collect()
}

const FORMATS: [ShaderFormat; 2] = [ShaderFormat::Wgsl, ShaderFormat::Spirv];

#[test]
fn every_image_shader_agrees_without_a_harness_in_both_formats_with_and_without_passes() {
    let shaders = image_shaders();
    assert!(shaders.len() >= 5, "{shaders:?}");
    for shader in &shaders {
        assert!(
            gpu::Harness::beside(shader).is_none(),
            "{} must validate from reflection alone",
            shader.display()
        );
        for format in FORMATS {
            for passes in [PassSelection::None, PassSelection::All] {
                let what = format!("{} as {} ({passes:?})", shader.display(), format.name());
                let result = gpu::validate(shader, &options(format, passes));
                let Some(v) = adapter_or_skip(result, &what) else {
                    return;
                };
                assert_eq!(v.verdict, Verdict::Agree, "{what}:\n{}", v.describe());
                let textures: Vec<_> = v
                    .report
                    .bindings
                    .iter()
                    .filter(|b| b.space == "storage texture")
                    .collect();
                assert!(!textures.is_empty(), "{what} writes no storage texture");
                assert!(
                    textures.iter().all(|b| b.values_compared > 0),
                    "{what}:\n{}",
                    v.describe()
                );
                assert!(
                    v.report.bindings.iter().any(|b| b.space == "texture"),
                    "{what} reads no sampled texture"
                );
            }
        }
    }
}

/// The same shaders read as SPIR-V (naga's SPIR-V of each, the input of
/// the validation) agree too: the textures and samplers are reflected
/// from what the SPIR-V reader makes of them.
#[test]
fn image_shaders_read_from_spirv_agree_too() {
    let dir = tempfile::tempdir().unwrap();
    let compiler = shaderxform::Compiler::new(Options {
        passes: PassSelection::None,
        ..Options::default()
    })
    .unwrap();
    for (path, source) in common::corpus("images") {
        let compiled = compiler
            .compile(&source, &[shaderxform::OutputFormat::SpirvBinary])
            .unwrap_or_else(|f| panic!("{}: {f}", path.display()));
        let spv = dir.path().join(format!("{}.spv", common::stem(&path)));
        std::fs::write(&spv, &compiled.outputs[0].bytes).unwrap();
        for format in FORMATS {
            let what = format!("{} as {}", spv.display(), format.name());
            let result = gpu::validate(&spv, &options(format, PassSelection::All));
            let Some(v) = adapter_or_skip(result, &what) else {
                return;
            };
            assert_eq!(v.verdict, Verdict::Agree, "{what}:\n{}", v.describe());
            assert!(v.report.values_compared > 0, "{what}");
        }
    }
}

#[test]
fn wrong_image_candidates_are_caught_in_both_formats() {
    for name in [
        "swapped_texcoord",
        "wrong_address_mode",
        "wrong_sampler_filter",
    ] {
        let shader = common::root()
            .join("corpus/gpu-negative")
            .join(format!("{name}.wgsl"));
        for format in FORMATS {
            let what = format!("{name} as {}", format.name());
            let result = gpu::validate(&shader, &options(format, PassSelection::All));
            let Some(v) = adapter_or_skip(result, &what) else {
                return;
            };
            assert_eq!(
                v.verdict,
                Verdict::Mismatch,
                "{what} is wrong on purpose but passed:\n{}",
                v.describe()
            );
            assert_eq!(v.exit_code(), 3);
            let texture = v
                .report
                .bindings
                .iter()
                .find(|b| b.mismatches > 0)
                .expect("a binding differs");
            assert_eq!(texture.space, "storage texture", "{what}");
            assert!(
                texture.first_mismatches[0].location.contains('('),
                "texel coordinates: {:?}",
                texture.first_mismatches[0]
            );
        }
    }
}

/// A copy of a corpus shader with one change, as a candidate against the
/// original.
fn variant(dir: &Path, corpus: &str, from: &str, to: &str) -> PathBuf {
    let text = std::fs::read_to_string(common::root().join(corpus)).unwrap();
    assert!(text.contains(from), "{corpus} has no `{from}`");
    let path = dir.join(Path::new(corpus).file_name().unwrap());
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    path
}

fn against_original(candidate: &Path, corpus: &str) -> Option<Validation> {
    let mut v = options(ShaderFormat::Wgsl, PassSelection::None);
    v.reference = Some(common::root().join(corpus));
    adapter_or_skip(
        gpu::validate(candidate, &v),
        &candidate.display().to_string(),
    )
}

#[test]
fn filtering_gets_a_stated_tolerance_and_loads_compare_exactly() {
    let dir = tempfile::tempdir().unwrap();
    // A blur whose every texel is a tenth of a code brighter: inside the
    // filtering tolerance (2^-8 plus one code).
    let blur = "corpus/images/blur_workgroup_tile.wgsl";
    let brighter = variant(dir.path(), blur, "sum / 256.0", "sum / 256.0 + 0.0004");
    let Some(v) = against_original(&brighter, blur) else {
        return;
    };
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.describe());
    let blurred = v
        .report
        .bindings
        .iter()
        .find(|b| b.name == "blurred")
        .unwrap();
    let tolerance = blurred.tolerance.as_deref().unwrap();
    assert!(
        tolerance.contains("0.00390625") && tolerance.contains("the entry point filters"),
        "{tolerance}"
    );
    assert!(v.describe().contains("the entry point filters"));

    // Four codes off is beyond it.
    let far = variant(dir.path(), blur, "sum / 256.0", "sum / 256.0 + 0.016");
    let v = against_original(&far, blur).unwrap();
    assert_eq!(v.verdict, Verdict::Mismatch, "{}", v.describe());

    // With `tolerance_abs = 0` in a harness, even the tenth of a code
    // differs somewhere.
    std::fs::write(
        dir.path().join("blur_workgroup_tile.harness.toml"),
        "[binding.blurred]\ntolerance_abs = 0.0\n",
    )
    .unwrap();
    let v = against_original(&brighter, blur).unwrap();
    assert_eq!(v.verdict, Verdict::Mismatch, "{}", v.describe());
    std::fs::remove_file(dir.path().join("blur_workgroup_tile.harness.toml")).unwrap();

    // Without a sampler that filters, float texels compare exactly: one
    // ULP off in a loaded texel is a mismatch.
    let tone = "corpus/images/uniform_tone_map.wgsl";
    let off = variant(
        dir.path(),
        tone,
        "textureStore(luminance, gid.xy, vec4<f32>(previous * 0.5 + y));",
        "textureStore(luminance, gid.xy, vec4<f32>(bitcast<f32>(bitcast<u32>(previous * 0.5 + y) + 1u)));",
    );
    let v = against_original(&off, tone).unwrap();
    assert_eq!(v.verdict, Verdict::Mismatch, "{}", v.describe());
    let luminance = v
        .report
        .bindings
        .iter()
        .find(|b| b.name == "luminance")
        .unwrap();
    assert_eq!(luminance.tolerance.as_deref(), Some("exact"));
    assert_eq!(luminance.first_mismatches[0].ulps, Some(1));
}

#[test]
fn every_sample_of_a_multisampled_texture_has_its_own_value() {
    let dir = tempfile::tempdir().unwrap();
    let resolve = "corpus/images/multisampled_resolve.wgsl";
    for (from, to) in [
        (
            "sum += textureLoad(color, p, s);",
            "sum += textureLoad(color, p, 0);",
        ),
        (
            "near += textureLoad(depth, p, s);",
            "near += textureLoad(depth, p, 1);",
        ),
    ] {
        let candidate = variant(dir.path(), resolve, from, to);
        let Some(v) = against_original(&candidate, resolve) else {
            return;
        };
        assert_eq!(v.verdict, Verdict::Mismatch, "{to}:\n{}", v.describe());
    }
}

#[test]
fn harness_keys_shape_textures_samplers_and_overrides() {
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("reference.wgsl");
    std::fs::write(
        &reference,
        r#"
override gain: f32 = 1.0;
@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var wrap: sampler;
@group(0) @binding(2) var out: texture_storage_2d<rgba32float, write>;
@compute @workgroup_size(4, 4)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(out);
    if (any(gid.xy >= size)) { return; }
    let uv = (vec2<f32>(gid.xy) + 0.5) / vec2<f32>(size) - 0.25;
    let level = f32(gid.x % 2u);
    textureStore(out, gid.xy, gain * textureSampleLevel(image, wrap, uv, level));
}
"#,
    )
    .unwrap();
    // The candidate knows the harness: every texel is 0.5, the gain 2.
    let candidate = dir.path().join("candidate.wgsl");
    std::fs::write(
        &candidate,
        r#"
@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var wrap: sampler;
@group(0) @binding(2) var out: texture_storage_2d<rgba32float, write>;
@compute @workgroup_size(4, 4)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(out);
    if (any(gid.xy >= size)) { return; }
    let uv = (vec2<f32>(gid.xy) + 0.5) / vec2<f32>(size) - 0.25;
    let unused = textureSampleLevel(image, wrap, uv, 0.0);
    textureStore(out, gid.xy, vec4<f32>(1.0) + 0.0 * unused);
}
"#,
    )
    .unwrap();
    let harness = dir.path().join("candidate.harness.toml");
    let write_harness = |extra: &str| {
        std::fs::write(
            &harness,
            format!(
                r#"reference = "reference.wgsl"
[overrides]
gain = 2.0
[binding.image]
format = "rgba16float"
size = [16, 8]
mip_levels = 2
fill = 0.5
[binding.wrap]
address_mode = "repeat"
filter = "nearest"
[binding.out]
size = [12, 6]
{extra}"#
            ),
        )
        .unwrap();
    };
    write_harness("");
    let v = ValidateOptions::new(Options::default());
    let Some(result) = adapter_or_skip(gpu::validate(&candidate, &v), "harness keys") else {
        return;
    };
    assert_eq!(result.verdict, Verdict::Agree, "{}", result.describe());
    let text = result.describe();
    assert!(
        text.contains("rgba16float, 16x8, 2 mip levels"),
        "the texture's format, size and levels:\n{text}"
    );
    assert!(
        text.contains("mag nearest, min nearest, mipmap nearest, address repeat"),
        "the sampler's modes:\n{text}"
    );
    assert!(text.contains("12x6"), "the storage texture's size:\n{text}");
    assert_eq!(result.report.dispatch, [3, 2, 1]);
    assert_eq!(result.report.values_compared, 12 * 6 * 4);

    // Without the override's value, the gain is 1 and they differ.
    std::fs::write(
        &harness,
        std::fs::read_to_string(&harness)
            .unwrap()
            .replace("gain = 2.0", ""),
    )
    .unwrap();
    let result = gpu::validate(&candidate, &v).unwrap();
    assert_eq!(result.verdict, Verdict::Mismatch, "{}", result.describe());

    // Keys in the wrong place, or values validate cannot make, are input
    // errors that say why.
    for (extra, expected) in [
        ("format = \"rgba99\"", "is not one validate fills"),
        ("filter = \"linear\"", "does not apply to a texture"),
        ("mip_levels = 7", "has 1 to"),
        ("size = [100000, 100000]", "validate fills at most"),
    ] {
        write_harness("");
        let text = std::fs::read_to_string(&harness)
            .unwrap()
            .replace("[binding.image]\n", &format!("[binding.image]\n{extra}\n"));
        let text = if extra.starts_with("format") {
            text.replace("format = \"rgba16float\"\n", "")
        } else if extra.starts_with("mip_levels") {
            text.replace("mip_levels = 2\n", "")
        } else if extra.starts_with("size") {
            text.replace("size = [16, 8]\nmip_levels = 2\n", "mip_levels = 1\n")
        } else {
            text
        };
        std::fs::write(&harness, text).unwrap();
        match gpu::validate(&candidate, &v) {
            Err(Error::Input(m)) => assert!(m.contains(expected), "{extra}: {m}"),
            other => panic!("{extra}: {:?}", other.map(|v| v.describe())),
        }
    }
    write_harness("format = \"r32float\"");
    match gpu::validate(&candidate, &v) {
        Err(Error::Input(m)) => assert!(m.contains("the harness cannot change it"), "{m}"),
        other => panic!("{:?}", other.map(|v| v.describe())),
    }
    write_harness("[binding.wrap2]\nfilter = \"linear\"");
    match gpu::validate(&candidate, &v) {
        Err(Error::Input(m)) => assert!(m.contains("`wrap2`") && m.contains("`image`"), "{m}"),
        other => panic!("{:?}", other.map(|v| v.describe())),
    }

    // On the command line: exit 1 with the message.
    let out = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("validate")
        .arg(&candidate)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("wrap2"));

    // `--size` sizes runtime arrays, not textures.
    let out = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(["validate", "--size", "source=5"])
        .arg(common::root().join("corpus/images/blur_workgroup_tile.wgsl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("`source` is not a buffer"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_sampler_mode_from_the_harness_reaches_the_device() {
    // The candidate wraps its coordinate itself; the reference leaves it
    // to the sampler. They agree when the harness's sampler repeats, and
    // not when it clamps.
    let dir = tempfile::tempdir().unwrap();
    let shader = r#"
@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var out: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(out);
    if (any(gid.xy >= size)) { return; }
    let uv = (vec2<f32>(gid.xy) + 0.5) / vec2<f32>(size) * 1.5 - 0.25;
    textureStore(out, gid.xy, textureSampleLevel(image, s, uv, 0.0));
}
"#;
    let reference = dir.path().join("reference.wgsl");
    let candidate = dir.path().join("candidate.wgsl");
    std::fs::write(&reference, shader).unwrap();
    std::fs::write(
        &candidate,
        shader.replace("image, s, uv", "image, s, fract(uv)"),
    )
    .unwrap();
    let harness = dir.path().join("candidate.harness.toml");
    for (mode, verdict) in [
        ("repeat", Verdict::Agree),
        ("clamp-to-edge", Verdict::Mismatch),
    ] {
        std::fs::write(
            &harness,
            format!(
                "reference = \"reference.wgsl\"\n[binding.s]\nfilter = \"nearest\"\naddress_mode = \"{mode}\"\n"
            ),
        )
        .unwrap();
        let v = ValidateOptions::new(Options::default());
        let Some(result) = adapter_or_skip(gpu::validate(&candidate, &v), mode) else {
            return;
        };
        let text = result.describe();
        assert!(text.contains(&format!("address {mode}")), "{text}");
        assert_eq!(result.verdict, verdict, "{mode}:\n{text}");
    }
}

#[test]
fn immediates_are_seeded_and_set_on_the_dispatch() {
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("reference.wgsl");
    let shader = r#"
struct Push { scale: f32, offset: u32, bias: vec2<f32> }
var<immediate> push: Push;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x < arrayLength(&out)) {
        out[gid.x] = f32(gid.x % 97u + push.offset % 1024u) * fract(push.scale) + fract(push.bias.y);
    }
}
"#;
    std::fs::write(&reference, shader).unwrap();
    for format in FORMATS {
        let Some(v) = adapter_or_skip(
            gpu::validate(&reference, &options(format, PassSelection::All)),
            "immediates",
        ) else {
            return;
        };
        assert_eq!(v.verdict, Verdict::Agree, "{}", v.describe());
        assert!(v
            .describe()
            .contains("`push` (var<immediate>) (immediate, Push): input"));
    }
    // A candidate that reads the wrong member is caught.
    let candidate = dir.path().join("candidate.wgsl");
    std::fs::write(&candidate, shader.replace("push.bias.y", "push.bias.x")).unwrap();
    let mut v = options(ShaderFormat::Wgsl, PassSelection::None);
    v.reference = Some(reference.clone());
    let result = gpu::validate(&candidate, &v).unwrap();
    assert_eq!(result.verdict, Verdict::Mismatch, "{}", result.describe());
    // The harness sets them by the variable's name.
    std::fs::write(
        dir.path().join("candidate.harness.toml"),
        "[binding.push]\nfields.bias.values = [0.25, 0.25]\n",
    )
    .unwrap();
    let result = gpu::validate(&candidate, &v).unwrap();
    assert_eq!(result.verdict, Verdict::Agree, "{}", result.describe());
}

/// A compute shader sampling a binding array of textures by a seeded
/// index (a `u32` from a storage buffer, any value) and a runtime-sized
/// array of samplers: where the adapter binds arrays of textures it agrees
/// with itself (each element seeded apart, indices wrapped into the
/// arrays alike in both), and a candidate reading the next element is
/// caught; where it has none, both bind each element at a binding of its
/// own, and the same holds.
#[test]
fn binding_arrays_of_textures_and_samplers_are_bound() {
    binding_arrays_validate("", |split| {
        // lavapipe 22.3 has no binding arrays: both shaders bind each
        // element at a binding of its own; the H200 binds the arrays.
        assert!(
            split.is_empty()
                || split[0].starts_with("`textures` (@group(0) @binding(0), 3 elements"),
            "{split:?}"
        );
    });
}

/// wgpu refuses a bind group holding a binding array and a uniform
/// buffer: both shaders bind the arrays element by element, on every
/// adapter.
#[test]
fn binding_arrays_beside_a_uniform_buffer_are_bound_element_by_element() {
    let uniform = "@group(0) @binding(4) var<uniform> scale: vec4<f32>;";
    binding_arrays_validate(uniform, |split| {
        assert_eq!(split.len(), 2, "{split:?}");
        assert_eq!(
            split[0],
            "`textures` (@group(0) @binding(0), 3 elements, elements 1 to 2 at @binding(500) to @binding(501))"
        );
        assert_eq!(
            split[1],
            "`samplers` (@group(0) @binding(1), 4 elements, elements 1 to 3 at @binding(516) to @binding(518))"
        );
    });
}

/// Validates a shader sampling binding arrays at indices read from a
/// buffer (with `extra` declared and, if it is `scale`, used), and a
/// candidate reading the next element against it; `split` checks which
/// arrays were bound element by element.
fn binding_arrays_validate(extra: &str, split: impl Fn(&[String])) {
    let scaled = if extra.is_empty() { "" } else { " * scale" };
    let shader = |next: &str| {
        format!(
            "enable wgpu_binding_array;
@group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 3>;
@group(0) @binding(1) var samplers: binding_array<sampler>;
@group(0) @binding(2) var<storage, read> picks: array<u32, 64>;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>, 64>;
{extra}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {{
    let uv = vec2<f32>(f32(i % 8u), f32(i / 8u)) / 8.0;
    out[i] = textureSampleLevel(textures[picks[i]{next}], samplers[picks[63u - i]], uv, 0.0){scaled};
}}
"
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("arrays.wgsl");
    let wrong = dir.path().join("next_element.wgsl");
    std::fs::write(&reference, shader("")).unwrap();
    std::fs::write(&wrong, shader(" + 1u")).unwrap();
    for format in FORMATS {
        let run = |input: &Path, against: Option<&Path>| {
            let mut v = options(format, PassSelection::None);
            v.reference = against.map(Path::to_path_buf);
            gpu::validate(input, &v)
        };
        let Some(v) = adapter_or_skip(run(&reference, None), "binding arrays") else {
            return;
        };
        assert_eq!(v.verdict, Verdict::Agree, "{format:?}: {}", v.describe());
        split(&v.report.split_binding_arrays);
        for array in &v.report.split_binding_arrays {
            assert!(
                v.describe().contains(&format!(
                    "note: binding array {array} bound element by element"
                )),
                "{}",
                v.describe()
            );
        }
        let v = run(&wrong, Some(&reference)).unwrap();
        assert_eq!(v.verdict, Verdict::Mismatch, "{format:?}: {}", v.describe());
    }
}
