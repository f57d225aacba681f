//! `validate` on shaders that misbehave on the GPU: one that hangs in the
//! middle of a folder costs only itself, a loop whose trip count is
//! enormous finishes under the loop bound, and a reference that races is
//! named `nondeterministic`, never a mismatch.

#![cfg(feature = "gpu")]

mod common;

use std::path::Path;

use common::gpu::{had_adapter, output_text, validate_command};

/// A shader that agrees with itself at once.
const QUICK: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    data[gid.x] = data[gid.x] * 3u + gid.x;
}
";

/// 2^42 dependent integer steps over the dispatch its harness gives:
/// hours on a CPU, far past any timeout below on every GPU, and nothing
/// that could wedge a device (no barrier, no unbounded loop).
const SLOW: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var x = data[gid.x % 64u];
    for (var i = 0u; i < 60000u; i++) {
        x = x * 1664525u + 1013904223u + i;
        x = x ^ (x >> 13u);
    }
    data[gid.x % 64u] = x;
}
";

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// The listing's lines, the folder's own prefix taken off.
fn lines(stdout: &[u8], dir: &Path) -> Vec<String> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| l.replace(&format!("{}/", dir.display()), ""))
        .collect()
}

#[test]
fn a_shader_that_hangs_in_a_folder_costs_only_itself() {
    let with = tempfile::tempdir().unwrap();
    let without = tempfile::tempdir().unwrap();
    for dir in [with.path(), without.path()] {
        for name in ["a.wgsl", "c.wgsl", "d.wgsl", "e.wgsl"] {
            write(dir, name, QUICK);
        }
    }
    write(with.path(), "b_slow.wgsl", SLOW);
    write(
        with.path(),
        "b_slow.harness.toml",
        "dispatch = [65535, 1, 1]\n[binding.data]\nsize = 64\n",
    );
    let report = with.path().join("report.json");
    let out = validate_command(&[
        with.path().to_str().unwrap(),
        "--timeout",
        "1",
        "--report",
        report.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(3), "{}", output_text(&out));
    let listing = lines(&out.stdout, with.path());
    assert!(
        listing
            .iter()
            .any(|l| l.starts_with("hang") && l.contains("b_slow.wgsl")),
        "{}",
        output_text(&out)
    );
    let alone = validate_command(&[without.path().to_str().unwrap(), "--timeout", "1"]);
    assert_eq!(alone.status.code(), Some(0), "{}", output_text(&alone));
    let alone = lines(&alone.stdout, without.path());
    // Every other shader's line, before the hang and after it, is the
    // line it has in a folder without the hanging shader.
    let others: Vec<&String> = listing
        .iter()
        .filter(|l| !l.contains("b_slow") && !l.contains("shaders:"))
        .collect();
    let expected: Vec<&String> = alone.iter().filter(|l| !l.contains("shaders:")).collect();
    assert_eq!(others, expected, "{}", output_text(&out));
    assert!(listing
        .iter()
        .any(|l| l == "5 shaders: 4 agree, 0 mismatch, 1 hang, 0 cannot run, 0 errors"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(json["summary"]["hang"], 1);
    assert_eq!(json["summary"]["agree"], 4);
    assert_eq!(json["shaders"].as_array().unwrap().len(), 5);
}

/// Three nested loops of at least 2^20 iterations each, as many as a value
/// read from the input says, an atomic in the innermost: 2^60 atomics an
/// invocation as written, which no device finishes.
const NESTED: &str = "@group(0) @binding(0) var<storage, read_write> counts: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> sizes: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let n = sizes[gid.x % 4u] | 0x100000u;
    for (var i = 0u; i < n; i++) {
        for (var j = 0u; j < n; j++) {
            for (var k = 0u; k < n; k++) {
                atomicAdd(&counts[gid.x % 16u], i ^ j ^ k);
            }
        }
    }
}
";

#[test]
fn loops_finish_under_the_loop_bound_and_the_report_says_so() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "nested.wgsl", NESTED);
    let shader = dir.path().join("nested.wgsl");
    let report = dir.path().join("report.json");
    let out = validate_command(&[
        shader.to_str().unwrap(),
        "--loop-bound",
        "8",
        "--dispatch",
        "4,1,1",
        "--timeout",
        "20",
        "--report",
        report.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("loops bounded at 8 iterations"),
        "{}",
        output_text(&out)
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(json["loop_bound"], 8);
    assert_eq!(json["verdict"], "agree");

    let refused = validate_command(&[shader.to_str().unwrap(), "--loop-bound", "0"]);
    assert_eq!(refused.status.code(), Some(2), "{}", output_text(&refused));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("`none`"));
}

/// The shape of wgpu's timestamp-queries kernel (corpus/public/
/// wgpu-examples) without its harness, its hashing made longer: every
/// workgroup reads `buffer[0]`, hashes it and writes it back, so the
/// result depends on the order the workgroups run in. The validation
/// names that store whatever the verdict.
const RACING: &str = "@group(0) @binding(0) var<storage, read_write> buffer: array<u32>;

fn pcg_hash(input: u32) -> u32 {
    let state = input * 747796405u + 2891336453u;
    let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) global_id: vec3<u32>) {
    var value = buffer[0];
    for (var i = 0u; i < 4096u; i += 1u) {
        value = pcg_hash(value);
    }
    buffer[0] = value;
}
";

#[test]
fn a_reference_that_races_is_nondeterministic_never_a_mismatch() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "racing.wgsl", RACING);
    let shader = dir.path().join("racing.wgsl");
    let report = dir.path().join("report.json");
    let mut verdicts = Vec::new();
    // Whether two workgroups overlap is up to the driver's threads: a
    // few tries, each of which may agree but never mismatch.
    for _ in 0..5 {
        let out = validate_command(&[
            shader.to_str().unwrap(),
            "--report",
            report.to_str().unwrap(),
        ]);
        if !had_adapter(&out) {
            return;
        }
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        assert_ne!(json["verdict"], "mismatch", "{}", output_text(&out));
        // Whatever the run, the store that races is named, at its line.
        let racing_store = format!("`buffer` ({}:15:5)", shader.display());
        assert_eq!(
            json["shared_writes"],
            serde_json::json!([racing_store]),
            "{}",
            output_text(&out)
        );
        assert!(
            String::from_utf8_lossy(&out.stdout).contains(&format!(
                "note: every invocation of a workgroup stores to one place of {racing_store}, without atomics"
            )),
            "{}",
            output_text(&out)
        );
        if json["verdict"] == "nondeterministic" {
            assert_eq!(out.status.code(), Some(1));
            assert!(!json["reference_runs_differ"].as_array().unwrap().is_empty());
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(stdout.contains("moved between reference runs"), "{stdout}");
            assert!(!stdout.contains("  mismatch:"), "{stdout}");
        } else {
            assert_eq!(json["verdict"], "agree", "{}", output_text(&out));
        }
        verdicts.push((
            json["verdict"].as_str().unwrap().to_string(),
            json["adapter"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
        ));
    }
    // A CPU driver runs workgroups on several threads at once.
    if verdicts
        .iter()
        .all(|(_, adapter)| adapter.contains("llvmpipe"))
    {
        assert!(
            verdicts.iter().any(|(v, _)| v == "nondeterministic"),
            "{verdicts:?}"
        );
    }
}

/// The WebGPU samples' particle simulation (corpus/public, BSD-3-Clause)
/// validates as SPIR-V that the Vulkan driver reads (naga's SPIR-V reader
/// refused it until `vendor/patches/0009`: `LogicalAnd` of `vec4<bool>`);
/// the probability map's two entry points share a binding slot, and each
/// entry point's SPIR-V holds its own.
#[test]
fn spirv_that_naga_cannot_read_validates_when_the_driver_reads_it() {
    let root = common::root();
    let particle = root.join("corpus/public/webgpu-samples/sample/particles/particle.wgsl");
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let out = validate_command(&[
        particle.to_str().unwrap(),
        "--entry-point",
        "simulate",
        "--shader-format",
        "spirv",
        "--spirv-reader",
        "driver",
        "--report",
        report.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    if json["adapter"]["backend"] == "Vulkan" {
        assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
        assert_eq!(json["spirv_read_by"], "driver");
        assert!(String::from_utf8_lossy(&out.stdout).contains("via spirv (read by the driver)"));
    }

    let map = root.join("corpus/public/webgpu-samples/sample/particles/probabilityMap.wgsl");
    let out = validate_command(&[map.to_str().unwrap(), "--shader-format", "spirv"]);
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    for entry in ["import_level", "export_level"] {
        assert!(
            stdout.contains(&format!("compute `{entry}` (spirv): agree")),
            "{stdout}"
        );
    }
}

/// A folder as an engine has it: a GLSL header that a compute shader
/// includes, and a WGSL module that a shader imports. `validate DIR` runs
/// the two shaders and neither the header nor the module, which are not
/// shaders of their own (as `batch` and `Build` plan the tree).
#[test]
fn a_folder_validates_its_shaders_not_their_headers_or_modules() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("include")).unwrap();
    std::fs::create_dir_all(dir.path().join("lib")).unwrap();
    write(dir.path(), "include/scale.glsl", "const uint SCALE = 3u;\n");
    write(
        dir.path(),
        "scale.comp",
        "#version 450\n#include \"include/scale.glsl\"\nlayout(local_size_x = 64) in;\nlayout(binding = 0) buffer B { uint v[]; };\nvoid main() { v[gl_GlobalInvocationID.x] *= SCALE; }\n",
    );
    write(
        dir.path(),
        "lib/view.wgsl",
        "#define_import_path game::view\nconst OFFSET: u32 = 7u;\n",
    );
    write(
        dir.path(),
        "offset.wgsl",
        "#import game::view::OFFSET\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] += OFFSET; }\n",
    );
    let out = validate_command(&[dir.path().to_str().unwrap()]);
    if !had_adapter(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let listing = lines(&out.stdout, dir.path());
    assert_eq!(
        listing,
        [
            "agree      offset.wgsl: compute main wgsl",
            "agree      scale.comp: compute main wgsl",
            "2 shaders: 2 agree, 0 mismatch, 0 hang, 0 cannot run, 0 errors",
        ],
        "{}",
        output_text(&out)
    );
}

/// A loop as long as a value read from a buffer, and an index read from
/// another: both are seeded in [0, 63], which the output and the report
/// say. A candidate that caps the count at 64 agrees with the reference
/// only if every count is that small; a harness range holds over it.
#[test]
fn counts_and_indices_read_from_the_input_are_seeded_small() {
    let shader = |count: &str| {
        format!(
            "struct Params {{ scale: f32, steps: u32 }}
@group(0) @binding(0) var<storage, read> counts: array<u32>;
@group(0) @binding(1) var<storage, read> picks: array<u32>;
@group(0) @binding(2) var<uniform> params: Params;
@group(0) @binding(3) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    var total = 0u;
    for (var k = 0u; k < counts[gid.x]; k++) {{ total += 1u; }}
    out[gid.x] = {count} + picks[picks[gid.x]] * params.steps;
}}
"
        )
    };
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "counted.wgsl", &shader("total"));
    write(dir.path(), "capped.wgsl", &shader("min(total, 64u)"));
    let reference = dir.path().join("counted.wgsl");
    let report = dir.path().join("report.json");
    let out = validate_command(&[
        dir.path().join("capped.wgsl").to_str().unwrap(),
        "--reference",
        reference.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    if !had_adapter(&out) {
        return;
    }
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("seeded in [0, 63], as they decide a loop's count or an index: counts"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let small = |name: &str| {
        json["bindings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == name)
            .unwrap_or_else(|| panic!("no {name}: {json}"))["seeded_small"]
            .clone()
    };
    assert_eq!(small("counts"), serde_json::json!(["counts"]));
    // The inner `picks[gid.x]` is an index; the outer one only a value.
    assert_eq!(small("picks"), serde_json::json!(["picks"]));
    // `params.steps` multiplies; it decides nothing.
    assert_eq!(small("params"), serde_json::Value::Null);
    assert_eq!(small("out"), serde_json::Value::Null);

    // A harness that gives the counts their range is followed: the cap
    // then shows.
    std::fs::write(
        dir.path().join("capped.harness.toml"),
        "[binding.counts]\nrange = [1000, 2000]\n",
    )
    .unwrap();
    let out = validate_command(&[
        dir.path().join("capped.wgsl").to_str().unwrap(),
        "--reference",
        reference.to_str().unwrap(),
    ]);
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(text.contains("mismatch"), "{text}");
    assert!(!text.contains("index: counts"), "{text}");
}
