//! The protocol of `shaderxform serve`: one JSON request per line in, one
//! JSON answer per line out, so that an asset pipeline in any language
//! compiles many shaders through one process. See `docs/serve.md`.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use base64::Engine as _;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::back::{self, EmitOptions, OutputFormat};
use crate::diagnostics::{render, ColorChoice, Diagnostic, DiagnosticJson};
use crate::pipeline::{Compiler, FailureKind, Options};
use crate::report::Report;
use crate::source::{InputFormat, Source};
use crate::{PassSelection, Target};

mod confine;

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
    #[serde(default)]
    allow: Vec<String>,
    #[serde(default)]
    deny: Vec<String>,
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
    /// `NAME=FORMAT`, as `--storage-format`.
    #[serde(default)]
    storage_formats: Vec<String>,
    /// `RULE=SEVERITY`, as `--diagnostic`.
    #[serde(default)]
    diagnostics: Vec<String>,
}

/// What a server may read, and how long a request may take.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Only files under this folder are read (shaders, include folders and
    /// what they `#include`), after symbolic links are resolved; any file
    /// when `None`.
    pub root: Option<PathBuf>,
    /// How long one request may take; `None`: as long as it takes.
    pub timeout: Option<Duration>,
    /// The largest shader file read, in bytes.
    pub max_input_size: u64,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            root: None,
            timeout: None,
            max_input_size: crate::source::DEFAULT_MAX_INPUT_SIZE,
        }
    }
}

impl ServeOptions {
    /// Sets the root, resolved to its canonical form (the form paths are
    /// compared in).
    pub fn with_root(mut self, root: &Path) -> std::io::Result<Self> {
        let canonical = root.canonicalize()?;
        if !canonical.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                format!("{} is not a folder", root.display()),
            ));
        }
        self.root = Some(canonical);
        Ok(self)
    }
}

/// Answers requests from `input` until it ends. Every line gets exactly one
/// answer line, flushed before the next request is read; blank lines are
/// skipped. A line that is not UTF-8 gets a request error and the next
/// line is read. Only a failure to read or write ends it early.
pub fn serve(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    serve_with(input, output, &ServeOptions::default())
}

/// [`serve`] under `options`: a root that paths must lie under, and a time
/// limit per request.
pub fn serve_with(
    mut input: impl BufRead,
    mut output: impl Write,
    options: &ServeOptions,
) -> std::io::Result<()> {
    let line_limit = max_request_line(options.max_input_size);
    let mut line = Vec::new();
    loop {
        let read = read_line_within(&mut input, &mut line, line_limit)?;
        if read == LineRead::End {
            return Ok(());
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        let answer = match std::str::from_utf8(&line) {
            _ if read == LineRead::TooLong => request_error(
                Value::Null,
                format!(
                    "the request is longer than {line_limit} bytes (eight times --max-input-size, at least 1 MiB); it was skipped"
                ),
            ),
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer_in_time(text, options),
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
}

/// The longest request line read: room for an inline source of
/// `--max-input-size` bytes however JSON escapes it, and never less than
/// 1 MiB.
fn max_request_line(max_input_size: u64) -> u64 {
    max_input_size.saturating_mul(8).max(1 << 20)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineRead {
    Line,
    /// Longer than the limit: the rest of it was read and dropped.
    TooLong,
    End,
}

/// Reads one line (without its `\n`) into `line`, keeping at most `limit`
/// bytes of it in memory.
fn read_line_within(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    limit: u64,
) -> std::io::Result<LineRead> {
    line.clear();
    let read = std::io::Read::take(&mut *input, limit).read_until(b'\n', line)?;
    if read == 0 {
        return Ok(LineRead::End);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        return Ok(LineRead::Line);
    }
    if (read as u64) < limit {
        // The last line, without a newline.
        return Ok(LineRead::Line);
    }
    // Skip to the end of the line, a buffer at a time.
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(LineRead::TooLong);
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                line.clear();
                return Ok(LineRead::TooLong);
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
}

/// The answer to one request line.
pub fn answer(line: &str) -> Value {
    answer_with(line, &ServeOptions::default())
}

/// The answer to one request line under `options`, without a time limit.
pub fn answer_with(line: &str, options: &ServeOptions) -> Value {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return request_error(Value::Null, format!("the request is not JSON: {e}")),
    };
    answer_value(value, options)
}

/// The answer to one request line, within the time limit. The request is
/// compiled on a thread of its own; when the limit passes first, the
/// answer is a `timeout` error and the thread is abandoned: it runs on in
/// the background until its compilation ends (a glslang process it started
/// included), and its result is dropped. Compilation runs in this process,
/// so it cannot be stopped midway without risking the server's state.
fn answer_in_time(line: &str, options: &ServeOptions) -> Value {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return request_error(Value::Null, format!("the request is not JSON: {e}")),
    };
    let Some(limit) = options.timeout else {
        return answer_value(value, options);
    };
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    let (sender, receiver) = mpsc::channel();
    let worker_options = options.clone();
    // The main thread's stack size: deep shaders need what they get on
    // the command line.
    let spawned = std::thread::Builder::new()
        .name("shaderxform-serve-request".into())
        .stack_size(8 << 20)
        .spawn(move || {
            let _ = sender.send(answer_value(value, &worker_options));
        });
    if let Err(e) = spawned {
        return with_id(
            id,
            error_object("internal", format!("cannot start a worker thread: {e}")),
        );
    }
    match receiver.recv_timeout(limit) {
        Ok(answer) => answer,
        Err(mpsc::RecvTimeoutError::Timeout) => with_id(
            id,
            error_object(
                "timeout",
                format!(
                    "the request took longer than its limit of {} s (--request-timeout); it was abandoned",
                    limit.as_secs_f64()
                ),
            ),
        ),
        // The worker panicked outside the compiler's own guard.
        Err(mpsc::RecvTimeoutError::Disconnected) => with_id(
            id,
            error_object("internal", "the request's worker thread failed".into()),
        ),
    }
}

fn answer_value(value: Value, options: &ServeOptions) -> Value {
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    if !value.is_object() {
        return request_error(id, "a request is a JSON object".to_string());
    }
    let request: Request = match serde_json::from_value(value) {
        Ok(r) => r,
        Err(e) => return request_error(id, e.to_string()),
    };
    match compile(&request, options) {
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

fn compile(request: &Request, serve: &ServeOptions) -> Answer {
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
    let source = read_source(request, stage, serve)?;
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
    let mut options = options(request).map_err(bad)?;
    if let Some(root) = &serve.root {
        // WGSL modules are found anywhere under the root, as `batch` finds
        // them under its input folder.
        options.front.module_dirs.push(root.clone());
        // What the shader's own options name is held to the root too.
        let own = crate::front::with_own_options(&source, &options.front)
            .ok()
            .flatten();
        let front = own.as_ref().unwrap_or(&options.front);
        confine::check_front_inputs(root, &source, front, serve.max_input_size)
            .map_err(|message| error_object("forbidden", message))?;
    }
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
            if let Some(root) = &serve.root {
                // What glslang read, as it says: the last word on includes.
                confine::check_dependencies(root, &compiled.transformed.dependencies)
                    .map_err(|message| error_object("forbidden", message))?;
            }
            report.add_compiled(&source, &compiled);
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

fn read_source(
    request: &Request,
    stage: Option<naga::ShaderStage>,
    serve: &ServeOptions,
) -> Result<Source, Map<String, Value>> {
    let bad = |message: String| error_object("request", message);
    match (&request.path, &request.source) {
        (Some(path), None) => {
            if request.format.is_some() || request.name.is_some() {
                return Err(bad(
                    "`format` and `name` go with `source`; a `path` has its own".into(),
                ));
            }
            if let Some(root) = &serve.root {
                confine::check_path(root, Path::new(path))
                    .map_err(|message| error_object("forbidden", message))?;
            }
            Source::read_limited(path.as_ref(), stage, serve.max_input_size)
                .map_err(|e| bad(e.to_string()))
        }
        _ => read_inline_source(request, stage).map_err(bad),
    }
}

fn read_inline_source(
    request: &Request,
    stage: Option<naga::ShaderStage>,
) -> Result<Source, String> {
    match (&request.path, &request.source) {
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
        (_, None) => Err("a request needs a `path` or a `source`".into()),
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
        allow: o.allow.clone(),
        deny: o.deny.clone(),
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
            module_dirs: Vec::new(),
            reserved_bindings: Vec::new(),
            hlsl_entry_point: o.entry_point.clone(),
            hlsl_register_shifts: o
                .hlsl_register_shifts
                .iter()
                .map(|s| crate::front::parse_register_shift(s))
                .collect::<Result<_, _>>()?,
            storage_formats: o
                .storage_formats
                .iter()
                .map(|s| crate::front::parse_storage_format(s))
                .collect::<Result<_, _>>()?,
            diagnostics: o
                .diagnostics
                .iter()
                .map(|s| crate::front::parse_diagnostic(s))
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
    fn a_line_over_the_limit_is_answered_and_the_next_one_read() {
        let mut input = std::io::Cursor::new(format!("{}\n{{}}\n", "x".repeat(100)).into_bytes());
        let mut line = Vec::new();
        assert_eq!(
            read_line_within(&mut input, &mut line, 10).unwrap(),
            LineRead::TooLong
        );
        assert_eq!(
            read_line_within(&mut input, &mut line, 10).unwrap(),
            LineRead::Line
        );
        assert_eq!(line, b"{}");
        assert_eq!(
            read_line_within(&mut input, &mut line, 10).unwrap(),
            LineRead::End
        );
    }

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
