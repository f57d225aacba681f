//! The protocol of `shaderxform serve`: one JSON request per line in, one
//! JSON answer per line out, so that an asset pipeline in any language
//! compiles many shaders through one process. See `docs/serve.md`.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use base64::Engine as _;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::back::{self, EmitOptions, OutputFormat};
use crate::diagnostics::{render, ColorChoice, Diagnostic, DiagnosticJson};
use crate::pipeline::{Compiler, FailureKind, Options};
use crate::report::Report;
use crate::source::{InputFormat, Source};
use crate::{PassSelection, Target};

/// One request. Unknown fields are refused, so that a misspelt option is
/// an error rather than silently ignored.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    #[serde(default)]
    #[allow(dead_code)]
    id: Value,
    path: Option<String>,
    source: Option<String>,
    format: Option<String>,
    name: Option<String>,
    #[serde(default)]
    emit: Vec<String>,
    passes: Option<Vec<String>>,
    #[serde(default)]
    options: RequestOptions,
}

/// The command line's options, by the names of its flags.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RequestOptions {
    #[serde(default)]
    pass_options: BTreeMap<String, BTreeMap<String, String>>,
    #[serde(default)]
    features: Vec<String>,
    stage: Option<String>,
    entry_point: Option<String>,
    spirv_version: Option<String>,
    glsl_version: Option<String>,
    hlsl_shader_model: Option<String>,
    msl_version: Option<String>,
    wgsl_for: Option<String>,
    #[serde(default)]
    overrides: BTreeMap<String, f64>,
    #[serde(default)]
    deny_warnings: bool,
    /// `naga`, `glslang` or `auto`, as `--glsl-front`.
    glsl_front: Option<String>,
    /// `NAME` or `NAME=VALUE`, as `-D`.
    #[serde(default)]
    defines: Vec<String>,
    /// Folders searched for `#include`, as `-I`.
    #[serde(default)]
    include_dirs: Vec<String>,
    /// `CLASS=N`, as `--hlsl-register-shift`.
    #[serde(default)]
    hlsl_register_shifts: Vec<String>,
}

/// Answers requests from `input` until it ends. Every line gets exactly one
/// answer line, flushed before the next request is read; blank lines are
/// skipped. A line that is not UTF-8 gets a request error and the next
/// line is read. Only a failure to read or write ends it early.
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.split(b'\n') {
        let mut line = line?;
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        let answer = match std::str::from_utf8(&line) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer(text),
            Err(e) => request_error(
                Value::Null,
                format!(
                    "the request is not UTF-8 (invalid byte at offset {})",
                    e.valid_up_to()
                ),
            ),
        };
        serde_json::to_writer(&mut output, &answer)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

/// The answer to one request line.
pub fn answer(line: &str) -> Value {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return request_error(Value::Null, format!("the request is not JSON: {e}")),
    };
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    if !value.is_object() {
        return request_error(id, "a request is a JSON object".to_string());
    }
    let request: Request = match serde_json::from_value(value) {
        Ok(r) => r,
        Err(e) => return request_error(id, e.to_string()),
    };
    match compile(&request) {
        Ok(answer) | Err(answer) => with_id(id, answer),
    }
}

fn with_id(id: Value, answer: Map<String, Value>) -> Value {
    let mut object = Map::new();
    object.insert("id".into(), id);
    object.extend(answer);
    Value::Object(object)
}

fn request_error(id: Value, message: String) -> Value {
    with_id(id, error_object("request", message))
}

fn error_object(kind: &str, message: String) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("ok".into(), Value::Bool(false));
    object.insert("error".into(), json!({ "kind": kind, "message": message }));
    object
}

type Answer = Result<Map<String, Value>, Map<String, Value>>;

fn compile(request: &Request) -> Answer {
    let bad = |message: String| error_object("request", message);
    let stage = request
        .options
        .stage
        .as_deref()
        .map(|s| match s {
            "compute" => Ok(naga::ShaderStage::Compute),
            "vertex" => Ok(naga::ShaderStage::Vertex),
            "fragment" => Ok(naga::ShaderStage::Fragment),
            other => Err(bad(format!(
                "unknown stage `{other}`; expected compute, vertex or fragment"
            ))),
        })
        .transpose()?;
    let source = read_source(request, stage).map_err(bad)?;
    if request.emit.is_empty() {
        return Err(bad("`emit` lists no output format".into()));
    }
    let mut formats = Vec::new();
    for name in &request.emit {
        let format = OutputFormat::from_name(name).ok_or_else(|| {
            bad(format!(
                "unknown output format `{name}`; expected wgsl, spv, spvasm, glsl, hlsl or metal"
            ))
        })?;
        if !formats.contains(&format) {
            formats.push(format);
        }
    }
    let options = options(request).map_err(bad)?;
    let compiler = Compiler::new(options).map_err(|failure| {
        let messages: Vec<String> = failure
            .diagnostics
            .iter()
            .map(|d| d.message.clone())
            .collect();
        bad(messages.join("; "))
    })?;

    let mut report = Report::new(&source);
    report.set_output_formats(&source, &formats);
    match compiler.compile(&source, &formats) {
        Ok(compiled) => {
            report.add_transformed(&source, &compiled.transformed);
            let mut outputs = Map::new();
            for output in &compiled.outputs {
                report.add_output(output.format.extension(), output.format, output.bytes.len());
                let text = match output.text() {
                    Some(text) => text.to_string(),
                    None => base64::engine::general_purpose::STANDARD.encode(&output.bytes),
                };
                outputs.insert(output.format.extension().into(), Value::String(text));
            }
            let diagnostics: Vec<&Diagnostic> = compiled.transformed.diagnostics().collect();
            let mut answer = Map::new();
            answer.insert("ok".into(), Value::Bool(true));
            answer.insert("outputs".into(), Value::Object(outputs));
            finish(&mut answer, &report, &source, &diagnostics);
            Ok(answer)
        }
        Err(failure) => {
            report.add_passes(&source, &failure.passes);
            report.add_diagnostics(&source, &failure.diagnostics);
            let kind = match failure.kind {
                FailureKind::Usage => "usage",
                FailureKind::Input => "input",
                FailureKind::Refused => "refused",
                FailureKind::Unsupported => "unsupported",
                FailureKind::Internal => "internal",
                FailureKind::DeniedWarnings => "denied-warnings",
            };
            let diagnostics: Vec<&Diagnostic> = failure
                .passes
                .iter()
                .flat_map(|p| p.diagnostics.iter().filter(|d| !d.is_error()))
                .chain(&failure.diagnostics)
                .collect();
            let mut answer = error_object(kind, failure.to_string());
            finish(&mut answer, &report, &source, &diagnostics);
            Err(answer)
        }
    }
}

/// Adds the report, the diagnostics as data and the diagnostics rendered
/// like rustc (`file:line:col` and the source line), for logs.
fn finish(
    answer: &mut Map<String, Value>,
    report: &Report,
    source: &Source,
    diagnostics: &[&Diagnostic],
) {
    let json: Vec<DiagnosticJson> = diagnostics
        .iter()
        .map(|d| DiagnosticJson::new(d, source))
        .collect();
    let rendered: String = diagnostics
        .iter()
        .map(|d| render(d, source, ColorChoice::Never))
        .collect();
    answer.insert(
        "report".into(),
        serde_json::to_value(report).expect("a report serializes"),
    );
    answer.insert(
        "diagnostics".into(),
        serde_json::to_value(json).expect("diagnostics serialize"),
    );
    answer.insert("rendered".into(), Value::String(rendered));
}

fn read_source(request: &Request, stage: Option<naga::ShaderStage>) -> Result<Source, String> {
    match (&request.path, &request.source) {
        (Some(path), None) => {
            if request.format.is_some() || request.name.is_some() {
                return Err("`format` and `name` go with `source`; a `path` has its own".into());
            }
            Source::read(path.as_ref(), stage).map_err(|e| e.to_string())
        }
        (None, Some(text)) => {
            let format_name = request.format.as_deref().ok_or(
                "a `source` needs its `format` (wgsl, spv, spvasm, comp, vert, frag, glsl, hlsl)",
            )?;
            let format = InputFormat::from_extension(format_name, stage).ok_or_else(|| {
                format!("unknown input format `{format_name}`; expected wgsl, spv, spvasm, comp, vert, frag, glsl or hlsl")
            })?;
            let name = request.name.clone().unwrap_or_else(|| "<source>".into());
            let bytes = if format.is_text() {
                text.clone().into_bytes()
            } else {
                base64::engine::general_purpose::STANDARD
                    .decode(text.trim())
                    .map_err(|e| format!("a `spv` source is base64: {e}"))?
            };
            Ok(Source::new(name, format, bytes))
        }
        (Some(_), Some(_)) => Err("give either `path` or `source`, not both".into()),
        (None, None) => Err("a request needs a `path` or a `source`".into()),
    }
}

fn options(request: &Request) -> Result<Options, String> {
    let o = &request.options;
    // The same reading as `--passes`: `[]` and `["none"]` are none,
    // `["all"]` (or no `passes`) all.
    let passes = match &request.passes {
        None => PassSelection::All,
        Some(names) => PassSelection::parse(&names.join(",")),
    };
    let mut target = Target::default();
    for feature in &o.features {
        if !target.enable(feature) {
            return Err(format!(
                "unknown feature `{feature}`; expected one of {}",
                Target::FEATURES.join(", ")
            ));
        }
    }
    Ok(Options {
        passes,
        pass_options: o.pass_options.clone(),
        target,
        emit: EmitOptions {
            entry_point: o.entry_point.clone(),
            spirv_version: parse(&o.spirv_version, "SPIR-V version (1.0 to 1.6)", |v| {
                back::SpirvVersion::parse(v)
            })?,
            glsl_version: parse(&o.glsl_version, "GLSL version naga writes", |v| {
                back::parse_glsl_version(v)
            })?,
            hlsl_shader_model: parse(
                &o.hlsl_shader_model,
                "HLSL shader model (5.0 to 6.9)",
                back::parse_shader_model,
            )?,
            msl_version: parse(&o.msl_version, "Metal version like 2.4", |v| {
                back::parse_major_minor(v)
            })?,
            overrides: o.overrides.clone(),
            wgsl_for: parse(
                &o.wgsl_for,
                "WGSL reader (tint or wgpu)",
                back::WgslTarget::from_name,
            )?
            .unwrap_or_default(),
        },
        deny_warnings: o.deny_warnings,
        front: crate::front::FrontOptions {
            glsl_front: match &o.glsl_front {
                None => crate::front::GlslFront::default(),
                Some(name) => crate::front::GlslFront::parse(name).ok_or_else(|| {
                    format!("unknown GLSL front end `{name}`; expected naga, glslang or auto")
                })?,
            },
            defines: o
                .defines
                .iter()
                .map(|d| crate::front::parse_define(d))
                .collect(),
            include_dirs: o
                .include_dirs
                .iter()
                .map(std::path::PathBuf::from)
                .collect(),
            hlsl_entry_point: o.entry_point.clone(),
            hlsl_register_shifts: o
                .hlsl_register_shifts
                .iter()
                .map(|s| crate::front::parse_register_shift(s))
                .collect::<Result<_, _>>()?,
        },
    })
}

/// An optional option, read by `read`; `what` names it when it is wrong.
fn parse<T>(
    value: &Option<String>,
    what: &str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, String> {
    value
        .as_deref()
        .map(|v| read(v).ok_or_else(|| format!("`{v}` is not a {what}")))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_json_gets_a_request_error_without_id() {
        let answer = answer("{not json");
        assert_eq!(answer["id"], Value::Null);
        assert_eq!(answer["ok"], Value::Bool(false));
        assert_eq!(answer["error"]["kind"], "request");
    }

    #[test]
    fn an_unknown_field_is_refused_and_the_id_echoed() {
        let answer =
            answer(r#"{"id": 7, "source": "", "format": "wgsl", "emit": ["wgsl"], "pases": []}"#);
        assert_eq!(answer["id"], 7);
        assert_eq!(answer["error"]["kind"], "request");
        assert!(
            answer["error"]["message"]
                .as_str()
                .unwrap()
                .contains("pases"),
            "{answer}"
        );
    }

    #[test]
    fn a_shader_error_comes_with_its_position() {
        let answer = answer(
            r#"{"id": "a", "source": "fn f() -> i32 {\n  return x +;\n}\n", "format": "wgsl", "name": "bad.wgsl", "emit": ["wgsl"]}"#,
        );
        assert_eq!(answer["ok"], Value::Bool(false));
        assert_eq!(answer["error"]["kind"], "input");
        assert_eq!(answer["diagnostics"][0]["file"], "bad.wgsl");
        assert_eq!(answer["diagnostics"][0]["line"], 2);
        assert!(answer["rendered"].as_str().unwrap().contains("bad.wgsl:2:"));
    }
}
