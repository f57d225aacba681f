//! Barriers in non-uniform control flow, in every command: a warning
//! with the rewrite where `hoist-barriers` fixes one, an error (exit 1,
//! nothing written) where no selected pass does, and `--deny-warnings`
//! for builds that must not rely on the rewrite.
//!
//! Every test runs the built binary in a fresh temporary directory and
//! checks which files the run left there.

mod common;

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{assert_exit, stderr};
use serde_json::Value;

/// `workgroupBarrier()` at line 8, column 9, inside `if (lid < 32u)`.
const DIVERGENT: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    tile[lid] = data[lid];
    if (lid < 32u) {
        workgroupBarrier();
        data[lid] = tile[63u - lid];
    }
}
";

/// The same through a call: `sync()` reaches the barrier (line 5, column
/// 5) and is called at line 11, column 9, in non-uniform control flow.
const DIVERGENT_CALL: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> tile: array<u32, 64>;

fn sync() {
    workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    tile[lid] = data[lid];
    if (lid < 32u) {
        sync();
        data[lid] = tile[63u - lid];
    }
}
";

/// GLSL: `barrier()` at line 10, column 9, under `if (lid < 32u)`.
const DIVERGENT_GLSL: &str = "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint data[]; };
shared uint tile[64];

void main() {
    uint lid = gl_LocalInvocationIndex;
    tile[lid] = data[lid];
    if (lid < 32u) {
        barrier();
        data[lid] = tile[63u - lid];
    }
}
";

/// `DIVERGENT_GLSL` as glslangValidator compiles it: the `OpControlBarrier`
/// is in the branch that `%lid < 32` selects.
const DIVERGENT_SPVASM: &str = r#"               OpCapability Shader
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gl_LocalInvocationIndex
               OpExecutionMode %main LocalSize 64 1 1
               OpSource GLSL 450
               OpName %main "main"
               OpName %lid "lid"
               OpName %gl_LocalInvocationIndex "gl_LocalInvocationIndex"
               OpName %tile "tile"
               OpName %Data "Data"
               OpMemberName %Data 0 "data"
               OpName %_ ""
               OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
               OpDecorate %_runtimearr_uint ArrayStride 4
               OpMemberDecorate %Data 0 Offset 0
               OpDecorate %Data BufferBlock
               OpDecorate %_ DescriptorSet 0
               OpDecorate %_ Binding 0
               OpDecorate %gl_WorkGroupSize BuiltIn WorkgroupSize
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
       %uint = OpTypeInt 32 0
%_ptr_Function_uint = OpTypePointer Function %uint
%_ptr_Input_uint = OpTypePointer Input %uint
%gl_LocalInvocationIndex = OpVariable %_ptr_Input_uint Input
    %uint_64 = OpConstant %uint 64
%_arr_uint_uint_64 = OpTypeArray %uint %uint_64
%_ptr_Workgroup__arr_uint_uint_64 = OpTypePointer Workgroup %_arr_uint_uint_64
       %tile = OpVariable %_ptr_Workgroup__arr_uint_uint_64 Workgroup
%_runtimearr_uint = OpTypeRuntimeArray %uint
       %Data = OpTypeStruct %_runtimearr_uint
%_ptr_Uniform_Data = OpTypePointer Uniform %Data
          %_ = OpVariable %_ptr_Uniform_Data Uniform
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
%_ptr_Uniform_uint = OpTypePointer Uniform %uint
%_ptr_Workgroup_uint = OpTypePointer Workgroup %uint
    %uint_32 = OpConstant %uint 32
       %bool = OpTypeBool
     %uint_2 = OpConstant %uint 2
   %uint_264 = OpConstant %uint 264
    %uint_63 = OpConstant %uint 63
     %v3uint = OpTypeVector %uint 3
     %uint_1 = OpConstant %uint 1
%gl_WorkGroupSize = OpConstantComposite %v3uint %uint_64 %uint_1 %uint_1
       %main = OpFunction %void None %3
          %5 = OpLabel
        %lid = OpVariable %_ptr_Function_uint Function
         %11 = OpLoad %uint %gl_LocalInvocationIndex
               OpStore %lid %11
         %16 = OpLoad %uint %lid
         %23 = OpLoad %uint %lid
         %25 = OpAccessChain %_ptr_Uniform_uint %_ %int_0 %23
         %26 = OpLoad %uint %25
         %28 = OpAccessChain %_ptr_Workgroup_uint %tile %16
               OpStore %28 %26
         %29 = OpLoad %uint %lid
         %32 = OpULessThan %bool %29 %uint_32
               OpSelectionMerge %34 None
               OpBranchConditional %32 %33 %34
         %33 = OpLabel
               OpControlBarrier %uint_2 %uint_2 %uint_264
         %37 = OpLoad %uint %lid
         %39 = OpLoad %uint %lid
         %40 = OpISub %uint %uint_63 %39
         %41 = OpAccessChain %_ptr_Workgroup_uint %tile %40
         %42 = OpLoad %uint %41
         %43 = OpAccessChain %_ptr_Uniform_uint %_ %int_0 %37
               OpStore %43 %42
               OpBranch %34
         %34 = OpLabel
               OpReturn
               OpFunctionEnd
"#;

const HANG_NOTE: &str = "a barrier waits for every invocation of the workgroup";
const NOT_SELECTED: &str = "no fix applied: the `hoist-barriers` pass is not selected";
const FIXED_BY_SPLIT: &str = "fixed by hoist-barriers: split the `if` around `workgroupBarrier`";

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .output()
        .expect("run shaderxform")
}

/// A temporary directory holding `name` with `text`.
fn with_shader(name: &str, text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(name), text).unwrap();
    dir
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn assert_has(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    for needle in needles {
        assert!(err.contains(needle), "stderr lacks {needle:?}\n{err}");
    }
}

fn assert_lacks(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    for needle in needles {
        assert!(!err.contains(needle), "stderr has {needle:?}\n{err}");
    }
}

/// The barrier is shown where it is, with the condition and the builtin
/// that make it divergent.
fn assert_explained_at(out: &Output, position: &str) {
    assert_has(
        out,
        &[
            &format!("┌─ {position}"),
            "not every invocation of the workgroup may reach this barrier",
            "control flow depends on this value, which may differ between invocations",
            "`lid` is the builtin LocalInvocationIndex, which differs between invocations",
            HANG_NOTE,
        ],
    );
}

#[test]
fn check_with_the_pass_warns_and_says_what_the_rewrite_did() {
    for passes in ["all", "hoist-barriers"] {
        let dir = with_shader("div.wgsl", DIVERGENT);
        let out = run(dir.path(), &["check", "div.wgsl", "--passes", passes]);
        assert_exit(&out, 0);
        assert_has(
            &out,
            &[
                "warning[hoist-barriers::divergent-barrier]: `workgroupBarrier` is reached in non-uniform control flow",
                FIXED_BY_SPLIT,
            ],
        );
        assert_explained_at(&out, "div.wgsl:8:9");
        assert_lacks(&out, &["error"]);
        assert_eq!(listing(dir.path()), ["div.wgsl"]);
    }
}

#[test]
fn check_without_the_pass_is_an_error() {
    for passes in ["none", "float-atomics", "float-atomics,lane-transpose"] {
        let dir = with_shader("div.wgsl", DIVERGENT);
        let out = run(dir.path(), &["check", "div.wgsl", "--passes", passes]);
        assert_exit(&out, 1);
        assert_has(
            &out,
            &[
                "error[uniformity::divergent-barrier]: `workgroupBarrier` is reached in non-uniform control flow",
                NOT_SELECTED,
            ],
        );
        assert_explained_at(&out, "div.wgsl:8:9");
        assert_lacks(&out, &["warning", "fixed by"]);
    }
}

#[test]
fn translation_without_the_pass_writes_nothing() {
    for passes in ["none", "float-atomics"] {
        let dir = with_shader("div.wgsl", DIVERGENT);
        let out = run(
            dir.path(),
            &[
                "div.wgsl", "-o", "out.wgsl", "-o", "out.spv", "--passes", passes,
            ],
        );
        assert_exit(&out, 1);
        assert_has(
            &out,
            &["error[uniformity::divergent-barrier]", NOT_SELECTED],
        );
        assert_explained_at(&out, "div.wgsl:8:9");
        assert_eq!(listing(dir.path()), ["div.wgsl"], "{passes}");
    }
}

#[test]
fn translation_with_the_pass_warns_and_writes_a_uniform_shader() {
    let dir = with_shader("div.wgsl", DIVERGENT);
    let out = run(
        dir.path(),
        &[
            "div.wgsl",
            "-o",
            "out.wgsl",
            "--passes",
            "hoist-barriers",
            "--report",
            "r.json",
        ],
    );
    assert_exit(&out, 0);
    assert_has(
        &out,
        &["warning[hoist-barriers::divergent-barrier]", FIXED_BY_SPLIT],
    );
    assert_explained_at(&out, "div.wgsl:8:9");
    assert_eq!(listing(dir.path()), ["div.wgsl", "out.wgsl", "r.json"]);

    let report: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    assert_eq!(report["success"], true, "{report}");
    let diagnostics = report["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{report}");
    assert_eq!(diagnostics[0]["severity"], "warning");
    assert_eq!(diagnostics[0]["code"], "hoist-barriers::divergent-barrier");
    assert_eq!(
        (
            diagnostics[0]["line"].as_u64(),
            diagnostics[0]["column"].as_u64()
        ),
        (Some(8), Some(9))
    );
    assert!(
        diagnostics[0]["notes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().starts_with(FIXED_BY_SPLIT)),
        "{report}"
    );

    // What was written passes the check that the input failed.
    let again = run(dir.path(), &["check", "out.wgsl", "--passes", "none"]);
    assert_exit(&again, 0);
    assert_eq!(stderr(&again), "out.wgsl: valid: checked by naga\n");
}

#[test]
fn a_call_that_reaches_a_barrier_is_diagnosed_at_both_ends() {
    let dir = with_shader("call.wgsl", DIVERGENT_CALL);
    let refused = run(
        dir.path(),
        &["call.wgsl", "-o", "out.wgsl", "--passes", "none"],
    );
    assert_exit(&refused, 1);
    assert_has(
        &refused,
        &[
            "`workgroupBarrier` is reached in non-uniform control flow through a call to `sync`",
            "┌─ call.wgsl:5:5",
            "`sync` is called here in non-uniform control flow",
            NOT_SELECTED,
        ],
    );
    assert_eq!(listing(dir.path()), ["call.wgsl"]);

    let fixed = run(dir.path(), &["call.wgsl", "-o", "out.wgsl"]);
    assert_exit(&fixed, 0);
    assert_has(
        &fixed,
        &[
            "warning[hoist-barriers::divergent-barrier]",
            "through a call to `sync`",
            "fixed by hoist-barriers: inlined `sync`",
        ],
    );
    assert_eq!(listing(dir.path()), ["call.wgsl", "out.wgsl"]);
}

#[test]
fn deny_warnings_fails_where_the_pass_had_to_fix_a_barrier() {
    let dir = with_shader("div.wgsl", DIVERGENT);
    let out = run(
        dir.path(),
        &[
            "div.wgsl",
            "-o",
            "out.wgsl",
            "--deny-warnings",
            "--report",
            "r.json",
        ],
    );
    assert_exit(&out, 1);
    assert_has(
        &out,
        &[
            "error[hoist-barriers::divergent-barrier]",
            FIXED_BY_SPLIT,
            "warnings are denied (`--deny-warnings`)",
        ],
    );
    assert_explained_at(&out, "div.wgsl:8:9");
    // Said once, as an error.
    assert_lacks(&out, &["warning["]);
    assert_eq!(stderr(&out).matches("is reached in non-uniform").count(), 1);
    assert_eq!(listing(dir.path()), ["div.wgsl", "r.json"]);
    let report: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    assert_eq!(report["success"], false);
    assert_eq!(report["outputs"].as_array().map(Vec::len), Some(0));

    let check = run(dir.path(), &["check", "div.wgsl", "--deny-warnings"]);
    assert_exit(&check, 1);

    // A shader without warnings is not affected.
    fs::write(
        dir.path().join("ok.wgsl"),
        DIVERGENT.replace("if (lid < 32u)", "if (true)"),
    )
    .unwrap();
    let ok = run(
        dir.path(),
        &["ok.wgsl", "-o", "ok-out.wgsl", "--deny-warnings"],
    );
    assert_exit(&ok, 0);
    assert_eq!(stderr(&ok), "");
}

#[test]
fn json_messages_carry_the_warning_with_its_spans() {
    let dir = with_shader("div.wgsl", DIVERGENT);
    let out = run(
        dir.path(),
        &["check", "div.wgsl", "--message-format", "json"],
    );
    assert_exit(&out, 0);
    let lines: Vec<Value> = stderr(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    let d = &lines[0];
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["code"], "hoist-barriers::divergent-barrier");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(8), Some(9))
    );
    let spans = d["spans"].as_array().unwrap();
    assert!(
        spans.iter().any(|s| s["primary"] == true && s["line"] == 8),
        "{d}"
    );
    // The condition and the builtin, the chain back to the cause.
    assert!(
        spans
            .iter()
            .any(|s| s["primary"] == false && s["line"] == 7),
        "{d}"
    );
    assert!(
        spans
            .iter()
            .any(|s| s["primary"] == false && s["line"] == 5),
        "{d}"
    );
}

#[test]
fn glsl_input_is_checked_too() {
    let dir = with_shader("div.comp", DIVERGENT_GLSL);
    // naga's GLSL reader keeps spans into the text; through glslang the
    // module comes from SPIR-V, and the explanation is notes (below).
    let refused = run(
        dir.path(),
        &[
            "div.comp",
            "-o",
            "out.wgsl",
            "--passes",
            "none",
            "--glsl-front",
            "naga",
        ],
    );
    assert_exit(&refused, 1);
    assert_has(
        &refused,
        &[
            "error[uniformity::divergent-barrier]",
            "┌─ div.comp:10:9",
            "control flow depends on this value",
            NOT_SELECTED,
        ],
    );
    assert_eq!(listing(dir.path()), ["div.comp"]);

    let fixed = run(
        dir.path(),
        &["div.comp", "-o", "out.wgsl", "--glsl-front", "naga"],
    );
    assert_exit(&fixed, 0);
    assert_has(
        &fixed,
        &[
            "warning[hoist-barriers::divergent-barrier]",
            "┌─ div.comp:10:9",
            // GLSL's name for the barrier.
            "fixed by hoist-barriers: split the `if` around `barrier()`",
        ],
    );
    assert_eq!(listing(dir.path()), ["div.comp", "out.wgsl"]);

    if common::tool("glslangValidator").is_some() {
        fs::remove_file(dir.path().join("out.wgsl")).unwrap();
        let refused = run(
            dir.path(),
            &[
                "div.comp",
                "-o",
                "out.wgsl",
                "--passes",
                "none",
                "--glsl-front",
                "glslang",
            ],
        );
        assert_exit(&refused, 1);
        // The lines glslang records (`-g`) place the barrier and the
        // condition in the GLSL source.
        assert_has(
            &refused,
            &[
                "error[uniformity::divergent-barrier]",
                "┌─ div.comp:10:9",
                "10 │         barrier();",
                "control flow depends on this value",
                NOT_SELECTED,
            ],
        );
        assert_lacks(&refused, &["= in div.comp"]);
        assert_eq!(listing(dir.path()), ["div.comp"]);
    }
}

#[test]
fn spirv_input_is_checked_too() {
    let dir = with_shader("div.spvasm", DIVERGENT_SPVASM);
    let refused = run(
        dir.path(),
        &["div.spvasm", "-o", "out.wgsl", "--passes", "none"],
    );
    assert_exit(&refused, 1);
    // SPIR-V spans are offsets into the binary, which the assembly text's
    // instructions locate: the barrier is shown at its instruction.
    let barrier_line = DIVERGENT_SPVASM
        .lines()
        .position(|l| l.contains("OpControlBarrier"))
        .unwrap()
        + 1;
    assert_has(
        &refused,
        &[
            "error[uniformity::divergent-barrier]: `workgroupBarrier` is reached in non-uniform control flow",
            &format!("┌─ div.spvasm:{barrier_line}:"),
            "not every invocation of the workgroup may reach this barrier",
            "control flow depends on this value",
            NOT_SELECTED,
        ],
    );
    assert_eq!(listing(dir.path()), ["div.spvasm"]);

    let fixed = run(dir.path(), &["div.spvasm", "-o", "out.spv"]);
    assert_exit(&fixed, 0);
    assert_has(
        &fixed,
        &["warning[hoist-barriers::divergent-barrier]", FIXED_BY_SPLIT],
    );
    assert_eq!(listing(dir.path()), ["div.spvasm", "out.spv"]);
}

#[test]
fn batch_fails_a_divergent_shader_alone_without_the_pass() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    fs::create_dir(&input).unwrap();
    fs::write(input.join("div.wgsl"), DIVERGENT).unwrap();
    fs::write(
        input.join("ok.wgsl"),
        DIVERGENT.replace("if (lid < 32u)", "if (true)"),
    )
    .unwrap();

    let out = run(
        dir.path(),
        &[
            "batch", "in", "-o", "out", "--emit", "wgsl", "--passes", "none",
        ],
    );
    assert_exit(&out, 1);
    assert_has(
        &out,
        &[
            "error[uniformity::divergent-barrier]",
            "in/div.wgsl:8:9",
            NOT_SELECTED,
        ],
    );
    assert!(!dir.path().join("out/div.wgsl").exists());
    assert!(dir.path().join("out/ok.wgsl").is_file());

    let out = run(dir.path(), &["batch", "in", "-o", "out", "--emit", "wgsl"]);
    assert_exit(&out, 0);
    assert_has(
        &out,
        &[
            "warning[hoist-barriers::divergent-barrier]",
            "in/div.wgsl:8:9",
            FIXED_BY_SPLIT,
        ],
    );
    assert!(dir.path().join("out/div.wgsl").is_file());
    let manifest: Value = serde_json::from_str(
        &fs::read_to_string(dir.path().join("out/shaderxform-manifest.json")).unwrap(),
    )
    .unwrap();
    let div = &manifest["shaders"][0];
    assert_eq!(div["input"], "div.wgsl");
    assert_eq!(div["success"], true);
    assert_eq!(div["report"]["diagnostics"][0]["severity"], "warning");
}

/// One request to `shaderxform serve`, one answer.
fn serve(request: Value) -> Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start shaderxform serve");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{request}").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn serve_answers_with_the_warning_the_error_and_the_denial() {
    let request = |passes: Value, options: Value| {
        serde_json::json!({
            "id": 1, "source": DIVERGENT, "format": "wgsl", "name": "div.wgsl",
            "emit": ["wgsl"], "passes": passes, "options": options,
        })
    };
    let fixed = serve(request(serde_json::json!(["all"]), serde_json::json!({})));
    assert_eq!(fixed["ok"], true, "{fixed}");
    assert_eq!(fixed["diagnostics"][0]["severity"], "warning");
    assert_eq!(fixed["diagnostics"][0]["line"], 8);
    assert!(
        fixed["rendered"].as_str().unwrap().contains(FIXED_BY_SPLIT),
        "{fixed}"
    );

    let refused = serve(request(serde_json::json!(["none"]), serde_json::json!({})));
    assert_eq!(refused["ok"], false, "{refused}");
    assert_eq!(refused["error"]["kind"], "input");
    assert!(refused.get("outputs").is_none(), "{refused}");
    assert_eq!(
        refused["diagnostics"][0]["code"],
        "uniformity::divergent-barrier"
    );
    assert_eq!(refused["diagnostics"][0]["line"], 8);
    assert_eq!(refused["diagnostics"][0]["column"], 9);

    let denied = serve(request(
        serde_json::json!(["all"]),
        serde_json::json!({"deny-warnings": true}),
    ));
    assert_eq!(denied["ok"], false, "{denied}");
    assert_eq!(denied["error"]["kind"], "denied-warnings");
    assert!(denied.get("outputs").is_none(), "{denied}");
    assert_eq!(denied["diagnostics"][0]["severity"], "error");
}

/// GLSL through glslang whose condition loads an unnamed block's array:
/// the barrier at line 9, column 9, and the buffer named as the shader
/// names it (`v`), not by the variable glslang leaves unnamed.
const DIVERGENT_ON_BUFFER_GLSL: &str = "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { float v[]; };
shared float s[64];
void main() {
    uint i = gl_LocalInvocationID.x;
    s[i] = v[i];
    if (v[i] > 0.0) {
        barrier();
    }
    v[i] = s[63 - i];
}
";

#[test]
fn glslang_input_is_placed_on_its_source_lines_and_names_block_members() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = with_shader("div.comp", DIVERGENT_ON_BUFFER_GLSL);
    let args = [
        "check",
        "div.comp",
        "--passes",
        "none",
        "--glsl-front",
        "glslang",
    ];
    let refused = run(dir.path(), &args);
    assert_exit(&refused, 1);
    assert_has(
        &refused,
        &[
            "error[uniformity::divergent-barrier]",
            "┌─ div.comp:9:9",
            "9 │         barrier();",
            "8 │     if (v[i] > 0.0) {",
            "`v` is read_write storage: other invocations may write it",
        ],
    );
    assert_lacks(&refused, &["``", "= in div.comp"]);

    let json = run(
        dir.path(),
        &[&args[..], &["--message-format", "json"]].concat(),
    );
    assert_exit(&json, 1);
    let d: Value = stderr(&json)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .find(|d: &Value| d["code"] == "uniformity::divergent-barrier")
        .expect("the diagnostic as JSON");
    assert_eq!(
        (&d["line"], &d["column"]),
        (&Value::from(9), &Value::from(9)),
        "{d}"
    );
}

/// A barrier of GLSL or HLSL input is named as the shader writes it, in
/// the warning and in the rewrite's report.
#[test]
fn barriers_are_named_as_the_source_writes_them() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("early.comp"),
        "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { float v[]; };
shared float tile[64];
void main() {
    uint i = gl_LocalInvocationID.x;
    if (gl_GlobalInvocationID.x >= 100) return;
    tile[i] = v[gl_GlobalInvocationID.x];
    barrier();
    v[gl_GlobalInvocationID.x] = tile[63 - i];
}
",
    )
    .unwrap();
    fs::write(
        dir.path().join("early.hlsl"),
        "RWStructuredBuffer<float> v : register(u0);
groupshared float tile[64];
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint i : SV_GroupIndex) {
    if (id.x >= 100) return;
    tile[i] = v[id.x];
    GroupMemoryBarrierWithGroupSync();
    v[id.x] = tile[63 - i];
}
",
    )
    .unwrap();
    for (file, written) in [
        ("early.comp", "`barrier()`"),
        ("early.hlsl", "`GroupMemoryBarrierWithGroupSync()`"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .current_dir(dir.path())
            .args([file, "-o", "out.wgsl"])
            .output()
            .unwrap();
        assert_exit(&out, 0);
        let err = stderr(&out);
        assert!(
            err.contains(&format!("{written} is reached in non-uniform control flow"))
                && err.contains("so that every invocation of the workgroup reaches it")
                && !err.contains("workgroupBarrier"),
            "{file}:\n{err}"
        );
    }
}
