//! `shaderxform serve`: JSON lines in, JSON lines out, one answer per
//! request, and a bad request does not end the server.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use base64::Engine as _;
use serde_json::{json, Value};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the server on `requests` (one per line) and returns its answers
/// and exit code. The input is closed after the last request, so the
/// server ends on its own.
fn serve(requests: &[String]) -> (Vec<Value>, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("serve")
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start shaderxform serve");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut answers = Vec::new();
    // One request at a time: each answer arrives before the next request
    // is sent, as a pipeline driving the server would see it.
    for request in requests {
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        if request.trim().is_empty() {
            continue;
        }
        let mut line = String::new();
        let n = stdout.read_line(&mut line).unwrap();
        assert!(n > 0, "the server ended before answering {request}");
        answers.push(serde_json::from_str(&line).expect("every answer is one JSON line"));
    }
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    assert_eq!(rest, "", "output after the last answer");
    let code = child.wait().unwrap().code();
    (answers, code)
}

#[test]
fn a_bad_request_gets_an_error_and_the_next_one_is_served() {
    let good = json!({
        "id": "second",
        "path": "corpus/translate/buffer_double_f32.wgsl",
        "emit": ["wgsl", "spv", "hlsl"],
    });
    let (answers, code) = serve(&[
        "{\"id\": 1, \"path\": ".to_string(),
        json!({"id": 2, "path": "corpus/translate/buffer_double_f32.wgsl", "emit": ["wgsl"], "colour": true}).to_string(),
        json!({"id": 3, "emit": ["wgsl"]}).to_string(),
        json!({"id": 4, "path": "corpus/translate/buffer_double_f32.wgsl", "emit": ["png"]}).to_string(),
        json!({"id": 5, "path": "corpus/translate/buffer_double_f32.wgsl", "emit": ["wgsl"], "passes": ["no-such-pass"]}).to_string(),
        "[1, 2]".to_string(),
        String::new(),
        good.to_string(),
    ]);
    assert_eq!(code, Some(0), "end of input ends the server with 0");
    assert_eq!(answers.len(), 7);
    for answer in &answers[..6] {
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(answer["error"]["kind"], "request", "{answer}");
        assert!(answer["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
    }
    // Not JSON at all: nothing to echo.
    assert_eq!(answers[0]["id"], Value::Null);
    assert_eq!(answers[1]["id"], 2);
    assert!(answers[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("colour"));
    assert!(answers[3]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("png"));
    assert!(answers[4]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("no-such-pass"));

    let answer = &answers[6];
    assert_eq!(answer["id"], "second");
    assert_eq!(answer["ok"], true, "{answer}");
    let outputs = answer["outputs"].as_object().unwrap();
    assert_eq!(outputs.len(), 3);
    assert!(outputs["wgsl"].as_str().unwrap().contains("@compute"));
    assert!(outputs["hlsl"].as_str().unwrap().contains("[numthreads("));
    let spirv = base64::engine::general_purpose::STANDARD
        .decode(outputs["spv"].as_str().unwrap())
        .expect("SPIR-V comes as base64");
    assert_eq!(spirv[..4], 0x0723_0203u32.to_le_bytes(), "the SPIR-V magic");
    assert_eq!(spirv.len() % 4, 0);
    assert_eq!(answer["report"]["success"], true);
    assert_eq!(
        answer["report"]["input"]["path"],
        "corpus/translate/buffer_double_f32.wgsl"
    );
    assert_eq!(answer["diagnostics"], json!([]));
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_and_the_next_one_is_served() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .arg("serve")
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start shaderxform serve");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut next_answer = || {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "the server ended");
        serde_json::from_str::<Value>(&line).expect("every answer is one JSON line")
    };
    // Latin-1 bytes inside a string, then a lone continuation byte.
    stdin
        .write_all(b"{\"id\": 1, \"name\": \"caf\xe9\"}\n")
        .unwrap();
    stdin.flush().unwrap();
    let first = next_answer();
    stdin.write_all(b"\x80\r\n").unwrap();
    stdin.flush().unwrap();
    let second = next_answer();
    for answer in [&first, &second] {
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(answer["error"]["kind"], "request", "{answer}");
        assert!(
            answer["error"]["message"]
                .as_str()
                .unwrap()
                .contains("UTF-8"),
            "{answer}"
        );
    }
    let good =
        json!({"id": "after", "path": "corpus/translate/buffer_double_f32.wgsl", "emit": ["wgsl"]});
    writeln!(stdin, "{good}").unwrap();
    stdin.flush().unwrap();
    let third = next_answer();
    assert_eq!(third["id"], "after");
    assert_eq!(third["ok"], true, "{third}");
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn a_shader_error_answers_with_diagnostics_at_their_position() {
    let (answers, code) = serve(&[
        json!({
            "id": 1,
            "source": "fn f() -> i32 {\n  let x = 1;\n  return x +;\n}\n",
            "format": "wgsl",
            "name": "inline.wgsl",
            "emit": ["spv"],
        })
        .to_string(),
        json!({
            "id": 2,
            "path": "corpus/float-atomics/bounds_storage_any_sign.wgsl",
            "emit": ["wgsl"],
            "passes": ["float-atomics"],
            "options": {"pass-options": {"float-atomics": {"strategy": "signed"}}},
        })
        .to_string(),
        json!({
            "id": 3,
            "path": "corpus/float-atomics/bounds_storage_any_sign.wgsl",
            "emit": ["wgsl"],
            "passes": ["float-atomics"],
        })
        .to_string(),
    ]);
    assert_eq!(code, Some(0));
    let syntax = &answers[0];
    assert_eq!(syntax["ok"], false);
    assert_eq!(syntax["error"]["kind"], "input");
    assert_eq!(syntax["diagnostics"][0]["file"], "inline.wgsl");
    assert_eq!(syntax["diagnostics"][0]["line"], 3);
    assert_eq!(syntax["diagnostics"][0]["column"], 13);
    assert!(syntax["rendered"]
        .as_str()
        .unwrap()
        .contains("inline.wgsl:3:13"));
    assert_eq!(syntax["report"]["success"], false);

    // The signed strategy needs a proven sign, which this shader lacks.
    let refused = &answers[1];
    assert_eq!(refused["ok"], false, "{refused}");
    assert_eq!(refused["error"]["kind"], "refused");
    let position = &refused["diagnostics"][0];
    assert_eq!(
        position["file"],
        "corpus/float-atomics/bounds_storage_any_sign.wgsl"
    );
    assert!(position["line"].as_u64().is_some(), "{refused}");

    let rewritten = &answers[2];
    assert_eq!(rewritten["ok"], true, "{rewritten}");
    let passes = rewritten["report"]["passes"].as_array().unwrap();
    assert_eq!(passes[0]["name"], "float-atomics");
    assert_eq!(passes[0]["status"], "changed");
    assert!(!rewritten["outputs"]["wgsl"]
        .as_str()
        .unwrap()
        .contains("atomic<f32>"));
}

#[test]
fn spirv_input_comes_as_base64() {
    let module = shaderxform::Compiler::new(shaderxform::Options::default())
        .unwrap()
        .compile(
            &shaderxform::Source::read(
                &root().join("corpus/translate/buffer_double_f32.wgsl"),
                None,
            )
            .unwrap(),
            &[shaderxform::OutputFormat::SpirvBinary],
        )
        .unwrap()
        .outputs
        .remove(0)
        .bytes;
    let encoded = base64::engine::general_purpose::STANDARD.encode(&module);
    let (answers, code) = serve(&[
        json!({"id": 1, "source": encoded, "format": "spv", "emit": ["wgsl"]}).to_string(),
        json!({"id": 2, "source": "not base64!", "format": "spv", "emit": ["wgsl"]}).to_string(),
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
    assert!(answers[0]["outputs"]["wgsl"]
        .as_str()
        .unwrap()
        .contains("@compute"));
    assert_eq!(answers[1]["error"]["kind"], "request");
}

#[test]
fn the_example_client_compiles_through_the_server() {
    let Some(python) = ["python3", "python"].into_iter().find(|p| {
        Command::new(p)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }) else {
        eprintln!("skipping: python3 is not installed");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.wgsl");
    std::fs::write(&bad, "fn f() -> i32 {\n  return x +;\n}\n").unwrap();
    let out = dir.path().join("out");
    let run = |shaders: &[&std::path::Path]| {
        Command::new(python)
            .arg(root().join("tools/serve_client.py"))
            .arg("--shaderxform")
            .arg(env!("CARGO_BIN_EXE_shaderxform"))
            .arg("--emit")
            .arg("spv,wgsl")
            .arg("--out-dir")
            .arg(&out)
            .args(shaders)
            .output()
            .expect("run the example client")
    };
    let good = root().join("corpus/translate/saxpy_uniform_params.wgsl");
    let ok = run(&[&good]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let spirv = std::fs::read(out.join("saxpy_uniform_params.spv")).unwrap();
    assert_eq!(spirv[..4], 0x0723_0203u32.to_le_bytes());
    assert!(
        std::fs::read_to_string(out.join("saxpy_uniform_params.wgsl"))
            .unwrap()
            .contains("@compute")
    );

    let failed = run(&[&bad, &good]);
    assert_eq!(failed.status.code(), Some(1));
    let err = String::from_utf8_lossy(&failed.stderr);
    assert!(err.contains("bad.wgsl:2:13"), "{err}");
}

#[test]
fn wgsl_for_names_the_reader_of_the_wgsl_answered() {
    let request = |reader: &str| {
        json!({
            "id": reader,
            "path": "corpus/emission/subgroup_vote_count.wgsl",
            "emit": ["wgsl"],
            "options": {"wgsl-for": reader},
        })
        .to_string()
    };
    let (answers, code) = serve(&[request("tint"), request("wgpu"), request("chrome")]);
    assert_eq!(code, Some(0));
    let wgsl = |i: usize| answers[i]["outputs"]["wgsl"].as_str().unwrap().to_string();
    assert!(wgsl(0).contains("enable subgroups;"), "{}", answers[0]);
    assert!(!wgsl(1).contains("enable subgroups;"), "{}", answers[1]);
    assert_eq!(answers[2]["ok"], false);
    assert_eq!(answers[2]["error"]["kind"], "request");
    assert!(answers[2]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("chrome"));
}

/// `hlsl-register-shifts` reaches glslang: the sampler of `register(s0)`
/// moves off the texture's binding 0; a wrong class is a request error.
#[test]
fn hlsl_register_shifts_reach_glslang() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = "Texture2D<float4> tex : register(t0);
SamplerState samp : register(s0);
RWStructuredBuffer<float4> outp : register(u1);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) { outp[id.x] = tex.SampleLevel(samp, float2(id.xy), 0); }
";
    let request = |shifts: &str| {
        json!({
            "id": 1,
            "source": source,
            "format": "hlsl",
            "emit": ["wgsl"],
            "options": {"hlsl-register-shifts": [shifts]},
        })
        .to_string()
    };
    let (answers, code) = serve(&[request("s=16"), request("x=16")]);
    assert_eq!(code, Some(0));
    assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
    let wgsl = answers[0]["outputs"]["wgsl"].as_str().unwrap();
    assert!(wgsl.contains("@binding(16) \nvar samp: sampler;"), "{wgsl}");
    assert!(
        wgsl.contains("@binding(0) \nvar tex: texture_2d<f32>;"),
        "{wgsl}"
    );
    assert_eq!(answers[1]["ok"], false, "{}", answers[1]);
    assert!(
        answers[1]
            .to_string()
            .contains("the register class is one of t, s, b, u"),
        "{}",
        answers[1]
    );
}

/// `storage-formats` gives a storage image declared without a format its
/// format; without it the image is an error at its declaration, and a
/// malformed one is a request error.
#[test]
fn storage_formats_reach_the_front_end() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = "#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0) uniform writeonly image2D canvas;
void main() { imageStore(canvas, ivec2(gl_GlobalInvocationID.xy), vec4(1.0)); }
";
    let request = |formats: &[&str]| {
        json!({
            "id": 1,
            "source": source,
            "format": "comp",
            "emit": ["wgsl"],
            "options": {"storage-formats": formats},
        })
        .to_string()
    };
    let (answers, code) = serve(&[
        request(&["canvas=rgba16float"]),
        request(&[]),
        request(&["canvas=rgba16"]),
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
    let wgsl = answers[0]["outputs"]["wgsl"].as_str().unwrap();
    assert!(
        wgsl.contains("var canvas: texture_storage_2d<rgba16float,write>;"),
        "{wgsl}"
    );
    assert_eq!(answers[1]["ok"], false, "{}", answers[1]);
    assert!(
        answers[1].to_string().contains("input::storage-format"),
        "{}",
        answers[1]
    );
    assert_eq!(answers[2]["ok"], false, "{}", answers[2]);
    assert!(
        answers[2]
            .to_string()
            .contains("`rgba16` is not a storage format"),
        "{}",
        answers[2]
    );
}
