//! Two buffers of one entry point on one binding, used in code that a
//! specialization constant chooses between: the constant is fixed at the
//! host's `--override` value or else its default, the other buffer's code
//! goes, and the report and the reflection say which variant was written.
//! Where the constant does not separate them, the binding conflict stays
//! refused at the declarations, with a note on what was tried.

mod common;

use std::collections::BTreeMap;

use naga::ShaderStage;
use shaderxform::front::{FrontOptions, GlslFront};
use shaderxform::{
    Compiled, Compiler, EmitOptions, InputFormat, Options, OutputFormat, PassSelection, Source,
};

/// `singles` and `pairs` share binding 1; `!PAIRS` (a specialization
/// constant expression) chooses which one is written.
const BOOL_CHOOSES: &str = "#version 450
layout(local_size_x = 64) in;
layout(constant_id = 3) const bool PAIRS = false;
layout(std430, binding = 0) readonly buffer Input { uint values[]; };
layout(std430, binding = 1) writeonly buffer Singles { uint singles[]; };
layout(std430, binding = 1) writeonly buffer Pairs { uvec2 pairs[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    if (!PAIRS) {
        singles[i] = v + 7u;
    } else {
        pairs[i] = uvec2(v, v * 3u);
    }
}
";

/// The same choice made by a `switch` on an integer constant.
const INT_CHOOSES: &str = "#version 450
layout(local_size_x = 64) in;
layout(constant_id = 5) const int MODE = 1;
layout(std430, binding = 0) readonly buffer Input { uint values[]; };
layout(std430, binding = 1) writeonly buffer Singles { uint singles[]; };
layout(std430, binding = 1) writeonly buffer Pairs { uvec2 pairs[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    switch (MODE) {
    case 2:
        pairs[i] = uvec2(v, v * 3u);
        break;
    default:
        singles[i] = v + 7u;
        break;
    }
}
";

/// Each buffer written by a function of its own, called where `PAIRS`
/// says.
const FUNCTIONS_CHOOSE: &str = "#version 450
layout(local_size_x = 64) in;
layout(constant_id = 3) const bool PAIRS = false;
layout(std430, binding = 0) readonly buffer Input { uint values[]; };
layout(std430, binding = 1) writeonly buffer Singles { uint singles[]; };
layout(std430, binding = 1) writeonly buffer Pairs { uvec2 pairs[]; };
void write_single(uint i, uint v) { singles[i] = v + 7u; }
void write_pair(uint i, uint v) { pairs[i] = uvec2(v, v * 3u); }
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    if (PAIRS) {
        write_pair(i, v);
    } else {
        write_single(i, v);
    }
}
";

/// Both buffers written on one path: no constant chooses between them.
const BOTH_USED: &str = "#version 450
layout(local_size_x = 64) in;
layout(constant_id = 3) const bool PAIRS = false;
layout(std430, binding = 0) readonly buffer Input { uint values[]; };
layout(std430, binding = 1) writeonly buffer Singles { uint singles[]; };
layout(std430, binding = 1) writeonly buffer Pairs { uvec2 pairs[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    if (PAIRS) {
        v *= 3u;
    }
    pairs[i] = uvec2(v, i);
    singles[i] = v + 7u;
}
";

/// `singles` written always, `pairs` only where `PAIRS` is true.
const ONE_ALWAYS: &str = "#version 450
layout(local_size_x = 64) in;
layout(constant_id = 3) const bool PAIRS = false;
layout(std430, binding = 0) readonly buffer Input { uint values[]; };
layout(std430, binding = 1) writeonly buffer Singles { uint singles[]; };
layout(std430, binding = 1) writeonly buffer Pairs { uvec2 pairs[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    if (PAIRS) {
        pairs[i] = uvec2(v, v * 3u);
    }
    singles[i] = v + 7u;
}
";

fn compiler(overrides: &[(&str, f64)]) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front: FrontOptions {
            glsl_front: GlslFront::Glslang,
            ..FrontOptions::default()
        },
        emit: EmitOptions {
            overrides: overrides
                .iter()
                .map(|(k, v)| (k.to_string(), *v))
                .collect::<BTreeMap<_, _>>(),
            ..EmitOptions::default()
        },
        ..Options::default()
    })
    .unwrap()
}

fn source(name: &str, text: &str) -> Source {
    Source::from_text(name, InputFormat::Glsl(ShaderStage::Compute), text)
}

/// WGSL and SPIR-V (spirv-val checks it as it is written), the WGSL
/// checked by Tint too.
fn compile(overrides: &[(&str, f64)], name: &str, text: &str) -> Compiled {
    let compiled = compiler(overrides)
        .compile(
            &source(name, text),
            &[OutputFormat::Wgsl, OutputFormat::SpirvBinary],
        )
        .unwrap_or_else(|f| panic!("{name} with {overrides:?}: {:?}", f.diagnostics));
    let wgsl = compiled.outputs[0].text().unwrap().to_string();
    common::assert_tint_accepts(&[(name.to_string(), wgsl)]);
    compiled
}

/// The types (the GLSL blocks) of the variables the WGSL declares at
/// `@binding(1)` (naga writes the declaration on the line after the
/// attributes).
fn bound_at_one(wgsl: &str) -> Vec<String> {
    let lines: Vec<&str> = wgsl.lines().collect();
    lines
        .windows(2)
        .filter(|pair| pair[0].starts_with("@group(0) @binding(1)"))
        .map(|pair| {
            let declaration = format!("{} {}", pair[0], pair[1]);
            let ty = declaration.rsplit(':').next().unwrap();
            ty.trim().trim_end_matches(';').to_string()
        })
        .collect()
}

/// What the reflection says of binding 1 (its name) and of the fixed
/// constants, and the report's `fix-spec-constant` change.
fn reflected(compiled: &Compiled) -> (Vec<String>, serde_json::Value, serde_json::Value) {
    let reflection: serde_json::Value =
        serde_json::from_str(&compiled.reflection().to_json()).unwrap();
    let names = reflection["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["binding"] == 1)
        .map(|b| b["name"].as_str().unwrap().to_string())
        .collect();
    let change = compiled
        .transformed
        .passes
        .iter()
        .flat_map(|p| &p.changes)
        .find(|c| c.kind == "fix-spec-constant")
        .map(|c| {
            serde_json::json!({
                "strategy": c.strategy,
                "message": c.message,
                "details": c.details,
            })
        })
        .unwrap_or(serde_json::Value::Null);
    (
        names,
        reflection["fixed_specialization_constants"].clone(),
        change,
    )
}

/// The block the WGSL binds at 1 holds `expected`, the only one; the
/// entry point writes it, and nothing writes the other.
fn assert_binds(compiled: &Compiled, expected: &str) {
    let wgsl = compiled.outputs[0].text().unwrap();
    assert_eq!(bound_at_one(wgsl), [block_of(expected)], "{wgsl}");
    assert!(wgsl.contains(&format!(".{expected}[")), "{wgsl}");
    let other = if expected == "singles" {
        "pairs"
    } else {
        "singles"
    };
    assert!(!wgsl.contains(&format!(".{other}[")), "{wgsl}");
}

/// The block that holds `member`.
fn block_of(member: &str) -> &'static str {
    match member {
        "singles" => "Singles",
        _ => "Pairs",
    }
}

#[test]
fn a_bool_constant_that_chooses_a_buffer_is_fixed_at_its_default() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let compiled = compile(&[], "choose.comp", BOOL_CHOOSES);
    assert_binds(&compiled, "singles");
    let (names, fixed, change) = reflected(&compiled);
    assert_eq!(names, ["singles"]);
    assert_eq!(
        fixed,
        serde_json::json!([{ "name": "PAIRS", "constant_id": 3, "value": "false" }])
    );
    assert_eq!(change["strategy"], "default", "{change}");
    assert_eq!(change["details"]["value"], "false", "{change}");
    assert_eq!(change["details"]["kept"], "singles", "{change}");
    assert_eq!(change["details"]["bindings"], "0:1", "{change}");
    let reason = change["details"]["reason"].as_str().unwrap();
    assert!(
        reason.contains("`singles`") && reason.contains("`pairs`") && reason.contains("binding 1"),
        "{reason}"
    );
    let message = change["message"].as_str().unwrap();
    assert!(
        message.contains("at its default value false")
            && message.contains("--override PAIRS=true gives the other variant"),
        "{message}"
    );
}

#[test]
fn an_override_of_the_bool_constant_gives_the_other_buffer() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    // By name and by constant_id alike.
    for key in ["PAIRS", "3"] {
        let compiled = compile(&[(key, 1.0)], "choose.comp", BOOL_CHOOSES);
        assert_binds(&compiled, "pairs");
        let (names, fixed, change) = reflected(&compiled);
        assert_eq!(names, ["pairs"], "{key}");
        assert_eq!(
            fixed,
            serde_json::json!([{ "name": "PAIRS", "constant_id": 3, "value": "true" }]),
            "{key}"
        );
        assert_eq!(change["strategy"], "override", "{change}");
        assert_eq!(change["details"]["kept"], "pairs", "{change}");
        let message = change["message"].as_str().unwrap();
        assert!(
            message.contains("at true, the value given with --override")
                && message.contains("--override PAIRS=false gives the other variant"),
            "{message}"
        );
    }
    // An override of false is the default variant.
    let compiled = compile(&[("PAIRS", 0.0)], "choose.comp", BOOL_CHOOSES);
    assert_binds(&compiled, "singles");
}

#[test]
fn a_function_that_only_the_other_variant_calls_goes_with_it() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let default = compile(&[], "functions.comp", FUNCTIONS_CHOOSE);
    assert_binds(&default, "singles");
    let wgsl = default.outputs[0].text().unwrap();
    assert!(!wgsl.contains("fn write_pair"), "{wgsl}");
    let pairs = compile(&[("PAIRS", 1.0)], "functions.comp", FUNCTIONS_CHOOSE);
    assert_binds(&pairs, "pairs");
    let wgsl = pairs.outputs[0].text().unwrap();
    assert!(!wgsl.contains("fn write_single"), "{wgsl}");
}

#[test]
fn an_int_constant_that_a_switch_chooses_on_is_fixed_at_its_default_or_override() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let default = compile(&[], "mode.comp", INT_CHOOSES);
    assert_binds(&default, "singles");
    let (_, fixed, change) = reflected(&default);
    assert_eq!(
        fixed,
        serde_json::json!([{ "name": "MODE", "constant_id": 5, "value": "1" }])
    );
    assert!(
        change["message"]
            .as_str()
            .unwrap()
            .contains("another --override MODE=VALUE may give another"),
        "{change}"
    );
    let two = compile(&[("MODE", 2.0)], "mode.comp", INT_CHOOSES);
    assert_binds(&two, "pairs");
    let (_, fixed, _) = reflected(&two);
    assert_eq!(
        fixed,
        serde_json::json!([{ "name": "MODE", "constant_id": 5, "value": "2" }])
    );
    // A value an `int` cannot hold is refused at the constant.
    let failure = compiler(&[("MODE", 2.5)])
        .transform(&source("mode.comp", INT_CHOOSES))
        .unwrap_err();
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("options::override"), "{d:?}");
    assert!(d.message.contains("MODE=2.5"), "{}", d.message);
}

#[test]
fn buffers_used_on_one_path_stay_refused_at_their_declarations() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("both.comp"), BOTH_USED).unwrap();
    let out = common::run_in(dir.path(), &["both.comp", "-o", "out.wgsl"]);
    common::assert_exit(&out, 1);
    let err = common::stderr(&out);
    for expected in [
        "error[input::binding-conflict]:",
        "`singles`",
        "`pairs`",
        "@group(0) @binding(1) in entry point `main`",
        // The declarations, on lines 5 and 6.
        "both.comp:5:1",
        "`singles` is here",
        "`pairs` is here",
        "with `PAIRS` at false (its default), `pairs` and `singles` (set 0 binding 1) are still used together",
    ] {
        assert!(err.contains(expected), "{expected}: {err}");
    }
    assert!(!dir.path().join("out.wgsl").exists());

    // One written always, the other where `PAIRS` is: read with the
    // default, refused with the override that keeps both.
    std::fs::write(dir.path().join("one.comp"), ONE_ALWAYS).unwrap();
    let read = common::run_in(dir.path(), &["one.comp", "-o", "one.wgsl"]);
    common::assert_exit(&read, 0);
    let wgsl = std::fs::read_to_string(dir.path().join("one.wgsl")).unwrap();
    assert_eq!(bound_at_one(&wgsl), ["Singles"], "{wgsl}");
    let refused = common::run_in(
        dir.path(),
        &["one.comp", "-o", "two.wgsl", "--override", "PAIRS=true"],
    );
    common::assert_exit(&refused, 1);
    let err = common::stderr(&refused);
    for expected in [
        "error[input::binding-conflict]:",
        "one.comp:5:1",
        "with `PAIRS` at true (given with --override PAIRS=true), `pairs` and `singles` (set 0 binding 1) are still used together",
    ] {
        assert!(err.contains(expected), "{expected}: {err}");
    }
    assert!(!dir.path().join("two.wgsl").exists());
}

/// The command line's report and reflection, with and without the
/// override, and its SPIR-V through spirv-val.
#[test]
fn the_command_line_reports_the_variant_it_wrote() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("choose.comp"), BOOL_CHOOSES).unwrap();
    for (args, kept, value) in [
        (&[][..], "singles", "false"),
        (&["--override", "PAIRS=true"][..], "pairs", "true"),
    ] {
        let mut all = vec![
            "choose.comp",
            "-o",
            "out.spv",
            "--reflect",
            "reflect.json",
            "--report",
            "report.json",
        ];
        all.extend_from_slice(args);
        let out = common::run_in(dir.path(), &all);
        common::assert_exit(&out, 0);
        let err = common::stderr(&out);
        assert!(
            err.contains("spirv-legalize: choose.comp: specialization constant `PAIRS` (constant_id 3) fixed"),
            "{err}"
        );
        if let Some(val) = common::tool("spirv-val") {
            let checked = std::process::Command::new(val)
                .args(["--target-env", "vulkan1.1"])
                .arg(dir.path().join("out.spv"))
                .output()
                .unwrap();
            assert!(checked.status.success(), "{checked:?}");
        }
        let reflection: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join("reflect.json")).unwrap(),
        )
        .unwrap();
        let at_one: Vec<&str> = reflection["bindings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["binding"] == 1)
            .map(|b| b["name"].as_str().unwrap())
            .collect();
        assert_eq!(at_one, [kept]);
        assert_eq!(
            reflection["fixed_specialization_constants"][0]["value"],
            value
        );
        let report = std::fs::read_to_string(dir.path().join("report.json")).unwrap();
        assert!(
            report.contains("\"kind\": \"fix-spec-constant\""),
            "{report}"
        );
        assert!(
            report.contains(&format!("\"kept\": \"{kept}\"")),
            "{report}"
        );
    }
}

/// The variant written runs as the reference says, on the adapter, as
/// WGSL and as SPIR-V.
#[cfg(feature = "gpu")]
#[test]
fn each_variant_agrees_with_its_reference_on_the_adapter() {
    use shaderxform::gpu::{self, Error, ShaderFormat, ValidateOptions, Verdict};
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let candidate = dir.path().join("choose.comp");
    std::fs::write(&candidate, BOOL_CHOOSES).unwrap();
    let singles = dir.path().join("singles.wgsl");
    std::fs::write(
        &singles,
        "@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> singles: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    singles[id.x] = values[id.x] + 7u;
}
",
    )
    .unwrap();
    let pairs = dir.path().join("pairs.wgsl");
    std::fs::write(
        &pairs,
        "@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> pairs: array<vec2<u32>>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let v = values[id.x];
    pairs[id.x] = vec2<u32>(v, 3u * v);
}
",
    )
    .unwrap();
    for (overrides, reference) in [(vec![], &singles), (vec![("PAIRS", 1.0)], &pairs)] {
        for format in [ShaderFormat::Wgsl, ShaderFormat::Spirv] {
            let mut options = ValidateOptions::new(Options {
                passes: PassSelection::None,
                emit: EmitOptions {
                    overrides: overrides
                        .iter()
                        .map(|(k, v): &(&str, f64)| (k.to_string(), *v))
                        .collect(),
                    ..EmitOptions::default()
                },
                ..Options::default()
            });
            options.shader_format = format;
            options.reference = Some(reference.clone());
            options.dispatch = Some([4, 1, 1]);
            match gpu::validate(&candidate, &options) {
                Ok(v) => assert_eq!(
                    v.verdict,
                    Verdict::Agree,
                    "{format:?} {overrides:?}: {}",
                    v.describe()
                ),
                Err(Error::NoAdapter(e)) if !common::gpu_required() => {
                    eprintln!("skipped: no adapter ({e})");
                    return;
                }
                Err(e) => panic!("{format:?} {overrides:?}: {e}"),
            }
        }
    }
}

/// `serve`'s `overrides` reach the front end as the command line's do.
#[test]
fn serve_overrides_choose_the_variant() {
    use std::io::{BufRead, BufReader, Write};
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("serve")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start shaderxform serve");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut answer = |overrides: serde_json::Value| -> serde_json::Value {
        let request = serde_json::json!({
            "source": BOOL_CHOOSES,
            "format": "comp",
            "emit": ["wgsl"],
            "passes": ["none"],
            "options": {"glsl-front": "glslang", "overrides": overrides},
        });
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap()
    };
    for (overrides, kept) in [
        (serde_json::json!({}), "singles"),
        (serde_json::json!({"PAIRS": 1}), "pairs"),
    ] {
        let answer = answer(overrides);
        assert_eq!(answer["ok"], true, "{answer}");
        let wgsl = answer["outputs"]["wgsl"].as_str().unwrap();
        assert_eq!(bound_at_one(wgsl), [block_of(kept)], "{wgsl}");
        assert!(
            answer["report"]
                .to_string()
                .contains(&format!("\"kept\":\"{kept}\"")),
            "{answer}"
        );
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
