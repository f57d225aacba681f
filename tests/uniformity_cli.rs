//! `shaderxform uniformity IN`: the verdict of every barrier, with its
//! causes, and Tint's beside it.

mod common;

use std::fs;
use std::process::{Command, Output};

use common::{assert_exit, stderr};
use tempfile::TempDir;

const DIVERGENT: &str = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;

fn sync() { workgroupBarrier(); }

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
    var v = lid;
    v = wid.x;
    if v == 0u {
        workgroupBarrier();
    }
    if lid == 0u {
        sync();
    }
}
";

fn uniformity(source: &str, args: &[&str], tint: Option<&str>) -> (TempDir, Output) {
    let dir = TempDir::new().unwrap();
    fs::write(dir.path().join("shader.wgsl"), source).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_shaderxform"));
    command
        .arg("uniformity")
        .arg("shader.wgsl")
        .args(args)
        .current_dir(dir.path());
    match tint {
        Some(folder) => command.env("SHADERXFORM_TINT", folder),
        None => command.env_remove("SHADERXFORM_TINT"),
    };
    let out = command.output().expect("shaderxform runs");
    (dir, out)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_barrier_and_call_gets_a_verdict_and_the_non_uniform_ones_their_causes() {
    let (dir, out) = uniformity(DIVERGENT, &["--no-tint"], None);
    assert_exit(&out, 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Tint: not asked (--no-tint)");
    assert!(
        lines.contains(&"shader.wgsl:3:13: workgroupBarrier() in `sync`: uniform"),
        "{text}"
    );
    // Overwritten with a uniform value before the test: uniform.
    assert!(
        lines.contains(&"shader.wgsl:10:9: workgroupBarrier() in `main`: uniform"),
        "{text}"
    );
    let call = lines
        .iter()
        .position(|l| {
            *l == "shader.wgsl:13:9: call of `sync` (reaches workgroupBarrier) in `main`: non-uniform"
        })
        .unwrap_or_else(|| panic!("{text}"));
    assert!(lines[call + 1].starts_with("    shader.wgsl:12:8: control flow depends on"));
    assert!(lines[call + 2].starts_with("    shader.wgsl:6:42: `lid` is the builtin"));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    // Nothing is written.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_shader_whose_barriers_are_all_uniform_exits_0() {
    let uniform = DIVERGENT.replace("if lid == 0u {", "if wid.y == 0u {");
    let (_dir, out) = uniformity(&uniform, &["--no-tint"], None);
    assert_exit(&out, 0);
    assert!(!stdout(&out).contains("non-uniform"), "{}", stdout(&out));
}

#[test]
fn says_so_when_tint_is_not_available() {
    let (_dir, out) = uniformity(DIVERGENT, &[], Some("/nonexistent/tint"));
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(
        text.starts_with("Tint: not available: SHADERXFORM_TINT=/nonexistent/tint"),
        "{text}"
    );
    assert!(!text.contains("| Tint:"), "{text}");
}

#[test]
fn tints_verdict_is_printed_beside_ours() {
    if common::tint_checker().is_none() {
        return;
    }
    let tint = common::root().join("tools/tint");
    let (_dir, out) = uniformity(DIVERGENT, &[], Some(tint.to_str().unwrap()));
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(
        text.contains(
            "shader.wgsl:13:9: call of `sync` (reaches workgroupBarrier) in `main`: non-uniform | Tint: non-uniform"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "shader.wgsl:10:9: workgroupBarrier() in `main`: uniform | Tint: no error here"
        ),
        "{text}"
    );
}

#[test]
fn an_invalid_shader_is_reported_with_its_place() {
    let (_dir, out) = uniformity("fn f() {\n  let x = ;\n}\n", &["--no-tint"], None);
    assert_exit(&out, 1);
    assert!(stderr(&out).contains("shader.wgsl:2:"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
}

const DIVERGENT_SAMPLE: &str = "@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

fn lookup(uv: vec2<f32>) -> vec4<f32> {
    return textureSample(tex, samp, uv);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var color = vec4<f32>(0.0);
    if uv.x > 0.5 {
        color = lookup(uv);
    }
    return color + vec4<f32>(dpdx(uv.y));
}
";

#[test]
fn derivatives_get_verdicts_and_the_non_uniform_ones_their_causes() {
    let (_dir, out) = uniformity(DIVERGENT_SAMPLE, &["--no-tint"], None);
    assert_exit(&out, 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.contains(&"shader.wgsl:5:12: textureSample() in `lookup`: uniform"),
        "{text}"
    );
    assert!(
        lines.contains(&"shader.wgsl:14:30: dpdx() in `main`: uniform"),
        "{text}"
    );
    let call = lines
        .iter()
        .position(|l| {
            *l == "shader.wgsl:12:17: call of `lookup` (reaches textureSample) in `main`: non-uniform"
        })
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        lines[call + 1].starts_with("    shader.wgsl:11:8: control flow depends on this value"),
        "{text}"
    );
    assert!(lines[call + 2].contains("`uv` is a shader input"), "{text}");
}

/// GLSL has no derivative uniformity rule: the verdict says so, and does
/// not fail the command. Read through glslang, the places are the GLSL
/// source's.
#[test]
fn glsl_derivatives_are_allowed_and_placed_on_the_source_lines() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let shader = common::root().join("corpus/uniformity/glsl/shadow_map_branch_sampling.frag");
    let out = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("uniformity")
        .arg(&shader)
        .arg("--no-tint")
        .output()
        .expect("shaderxform runs");
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(
        text.lines().any(|l| l.ends_with(
            ":33:9: textureSample() in `main`: non-uniform, allowed by the source language; the WGSL written turns derivative_uniformity off"
        )),
        "{text}"
    );
}
